"""Modules compiled at install (setup.py, mypyc) must be built from their current source."""

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import termlens

PACKAGE = Path(termlens.__file__).parent
COMPILED = sorted({p for suffix in EXTENSION_SUFFIXES for p in PACKAGE.rglob(f"*{suffix}")})


def test_the_rules_run_compiled_when_a_compiler_was_there() -> None:
    if not COMPILED:
        pytest.skip("termlens runs uncompiled (no C compiler, or TERMLENS_PURE_PYTHON=1)")
    assert any(p.name.startswith("rules.") for p in COMPILED)


@pytest.mark.parametrize("compiled", COMPILED, ids=lambda p: p.name.split(".")[0])
def test_a_compiled_module_is_not_older_than_its_source(compiled: Path) -> None:
    source = compiled.with_name(compiled.name.split(".")[0] + ".py")
    assert compiled.stat().st_mtime >= source.stat().st_mtime, (
        f"{compiled.name} is older than {source.name}: the edit is not in use; "
        "run `make test` (or `pip install -e .`) to compile it again"
    )
