"""The README's Python examples run and print what the README says they print."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)


@pytest.mark.parametrize("block", BLOCKS, ids=[f"example-{i}" for i in range(len(BLOCKS))])
def test_readme_python_example(block: str) -> None:
    code = "\n".join(line for line in block.splitlines() if not line.startswith("# "))
    expected = [line[2:] for line in block.splitlines() if line.startswith("# ")]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(README), "exec"), {})
    assert printed.getvalue().splitlines() == expected


def test_the_readme_has_python_examples() -> None:
    assert len(BLOCKS) >= 2
