"""Modules compiled at install (setup.py, mypyc) must be built from their current source."""

import ast
import re
import sys
import tomllib
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


def _static_imports(path: Path) -> set[str]:
    """The modules a source file imports by name, wherever the import statement stands."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def test_what_mypyc_checks_needs_only_the_standard_library() -> None:
    """pip builds the compiled modules in an isolated environment holding setuptools and mypy
    only; mypyc type-checks every module they import, so none may import a dependency such
    as numpy by name (a fresh install then fails), unless mypy is told it may miss it."""
    root = PACKAGE.parent.parent
    setup = (root / "setup.py").read_text(encoding="utf-8")
    pyproject = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    ignored = {  # modules mypy is told it may miss
        module
        for override in pyproject["tool"]["mypy"]["overrides"]
        if override.get("ignore_missing_imports")
        for module in override["module"]
    }
    to_read = [root / p for p in re.findall(r'"(src/termlens/[\w/]+\.py)"', setup)]
    assert to_read, "setup.py lists no compiled module"
    seen: set[Path] = set()
    outside: dict[str, Path] = {}
    while to_read:
        path = to_read.pop()
        if path in seen:
            continue
        seen.add(path)
        for module in _static_imports(path):
            top = module.split(".")[0]
            if top == "termlens":
                target = PACKAGE.parent / module.replace(".", "/")
                to_read += [
                    p for p in (target.with_suffix(".py"), target / "__init__.py") if p.is_file()
                ]
            elif top not in sys.stdlib_module_names and top not in ignored:
                outside[module] = path
    assert not outside, f"imported by name where mypyc checks: {outside}"
