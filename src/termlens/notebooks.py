"""Jupyter notebooks (``.ipynb``, nbformat 4) read as the Markdown their cells make.

A notebook is JSON: read as text, its code cells would be prose (``model = CNN()`` a use of CNN)
and its outputs and metadata words. It is read as ``jupyter nbconvert --to markdown`` writes it
without outputs: each Markdown cell as it is, each code cell's source in a fenced code block (so
that it is code, as a Markdown file's is: :mod:`termlens.markup`), cells apart by a blank line;
raw cells and outputs are left out. Offsets count in that text.
"""

from __future__ import annotations

import re
from typing import Final

from termlens.errors import InputError
from termlens.io import parse_json

NOTEBOOK_SUFFIX: Final = ".ipynb"
_BACKTICKS = re.compile(r"`{3,}")


def notebook_text(text: str, name: str) -> str:
    """The Markdown a notebook's cells make, or an InputError naming the notebook (and the cell)
    where it is no nbformat 4 notebook."""
    notebook = parse_json(text, name)
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        version = notebook.get("nbformat") if isinstance(notebook, dict) else None
        hint = "; save it again in Jupyter (nbformat 4)" if version in (1, 2, 3) else ""
        raise InputError(f'{name}: not a Jupyter notebook: no "cells" list{hint}')
    language = _language(notebook)
    parts = []
    for number, cell in enumerate(cells, start=1):
        source = cell.get("source") if isinstance(cell, dict) else None
        if isinstance(source, list) and all(isinstance(line, str) for line in source):
            source = "".join(source)
        if not isinstance(source, str) or not isinstance(cell.get("cell_type"), str):
            raise InputError(
                f'{name}: cell {number}: expected "cell_type" and a "source" of text or lines'
            )
        if cell["cell_type"] == "markdown":
            parts.append(source.rstrip("\n"))
        elif cell["cell_type"] == "code" and source.strip():
            parts.append(_fenced(source.rstrip("\n"), language))
    return "\n\n".join(parts) + "\n" if parts else ""


def _language(notebook: dict[str, object]) -> str:
    """The language a notebook's code is in, as its metadata names it ("" where it does not)."""
    metadata = notebook.get("metadata")
    info = metadata.get("language_info") if isinstance(metadata, dict) else None
    name = info.get("name") if isinstance(info, dict) else None
    return name if isinstance(name, str) and name.isidentifier() else ""


def _fenced(code: str, language: str) -> str:
    """A fenced code block of ``code``, its fence longer than any run of backticks in it."""
    fence = "`" * max([3, *(len(run) + 1 for run in _BACKTICKS.findall(code))])
    return f"{fence}{language}\n{code}\n{fence}"
