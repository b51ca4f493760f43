"""The mypyc-compiled rules (setup.py) must be built from the current source."""

import importlib
from pathlib import Path

import pytest

COMPILED = ["align", "identify", "rules", "spans"]


@pytest.mark.parametrize("name", COMPILED)
def test_compiled_module_is_not_older_than_its_source(name: str) -> None:
    module = importlib.import_module(f"termlens.acronyms.{name}")
    loaded = Path(module.__file__ or "")
    if loaded.suffix == ".py":
        pytest.skip(f"{name} runs uncompiled (no C compiler, or TERMLENS_PURE_PYTHON=1)")
    source = loaded.parent / f"{name}.py"
    assert loaded.stat().st_mtime >= source.stat().st_mtime, (
        f"{loaded.name} is older than {source.name}: the edit is not in use; "
        "run `make test` (or `pip install -e .`) to compile it again"
    )
