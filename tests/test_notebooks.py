"""Jupyter notebooks read as the Markdown their cells make."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from termlens.errors import InputError
from termlens.notebooks import notebook_text


def notebook(*cells: dict[str, object], language: str = "python") -> str:
    metadata = {"language_info": {"name": language}}
    return json.dumps({"cells": list(cells), "metadata": metadata, "nbformat": 4})


def markdown(source: str | list[str]) -> dict[str, object]:
    return {"cell_type": "markdown", "metadata": {}, "source": source}


def code(source: str | list[str]) -> dict[str, object]:
    output = {"output_type": "stream", "name": "stdout", "text": ["SVM accuracy 0.93\n"]}
    return {"cell_type": "code", "metadata": {}, "outputs": [output], "source": source}


def test_markdown_cells_as_written_code_cells_fenced_outputs_and_raw_cells_left_out() -> None:
    text = notebook(
        markdown(["# Results\n", "\n", "A support vector machine (SVM) wins.\n"]),
        code("svm = SVM(C=1.0)\nsvm.fit(X, y)\n"),
        {"cell_type": "raw", "metadata": {}, "source": "\\section{Raw}"},
        code(""),
        markdown("The SVM is fast."),
    )
    assert notebook_text(text, "nb.ipynb") == (
        "# Results\n\nA support vector machine (SVM) wins.\n\n"
        "```python\nsvm = SVM(C=1.0)\nsvm.fit(X, y)\n```\n\n"
        "The SVM is fast.\n"
    )


def test_a_fence_is_longer_than_the_backticks_in_the_code() -> None:
    text = notebook(code('doc = """\n```\nexample\n```\n"""'), language="")
    assert notebook_text(text, "nb.ipynb") == '````\ndoc = """\n```\nexample\n```\n"""\n````\n'


@given(st.lists(st.text(alphabet=st.characters(blacklist_categories=["Cs"])), max_size=5))
def test_every_markdown_cell_is_in_the_text_as_written(sources: list[str]) -> None:
    text = notebook_text(notebook(*map(markdown, sources)), "nb.ipynb")
    for source in sources:
        assert source.rstrip("\n") in text


def test_find_reports_what_the_prose_defines_and_nothing_the_code_names(
    tmp_path: Path, find_kinds: Callable[[Path], list[tuple[str, str, str]]]
) -> None:
    folder = tmp_path / "notebooks"
    folder.mkdir()
    (folder / "results.ipynb").write_text(
        notebook(
            markdown("We train a convolutional neural network (CNN)."),
            code("model = CNN()\nrmse = RMSE(model)"),
            markdown("The CNN beats the baseline."),
        )
    )
    assert find_kinds(folder) == [
        ("results", "CNN", "definition"),
        ("results", "CNN", "mention"),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"cells": [', r"nb\.ipynb: line 1: invalid JSON"),
        ('{"nbformat": 3, "worksheets": []}', r'nb\.ipynb: not a Jupyter notebook: no "cells" list; '
         r"save it again in Jupyter \(nbformat 4\)"),
        ('{"cells": [{"cell_type": "markdown", "source": 7}]}',
         r'nb\.ipynb: cell 1: expected "cell_type" and a "source" of text or lines'),
    ],
)  # fmt: skip
def test_what_is_no_notebook_is_named_in_one_line(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        notebook_text(text, "nb.ipynb")
