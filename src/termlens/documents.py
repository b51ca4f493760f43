"""Reading documents from the command line's inputs: text files, .jsonl ({"id", "text"}),
folders of them, and stdin."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from termlens.errors import InputError
from termlens.io import decode, json_lines, read_text

# the suffixes of the text files a folder of documents is read from: plain text, Markdown, LaTeX
# and HTML, which the normal form reads (:mod:`termlens.normal_form`)
TEXT_SUFFIXES = (".txt", ".md", ".markdown", ".tex", ".html", ".htm")
TEXT_FILES = "/".join(TEXT_SUFFIXES)


@dataclass(frozen=True, slots=True)
class RawDocument:
    """A document's id and text, before analysis."""

    id: str
    text: str


def read_documents(sources: list[str]) -> Iterator[RawDocument]:
    """Yield the documents of every source: ``-`` is stdin, ``*.jsonl`` holds one per line, a
    folder holds text and .jsonl files (see :func:`documents_in`)."""
    if not sources:
        raise InputError("no input; give one or more files, or - for standard input")
    for source in sources:
        if source == "-":
            text = decode(sys.stdin.buffer.read(), "<stdin>")
            yield from (
                _jsonl(text, "<stdin>") if _looks_like_jsonl(text) else [RawDocument("stdin", text)]
            )
            continue
        path = Path(source)
        if path.is_dir():
            yield from read_documents(
                [str(p) for p in documents_in(path, (*TEXT_SUFFIXES, ".jsonl"))]
            )
            continue
        text = read_text(path)
        if path.suffix == ".jsonl":
            yield from _jsonl(text, str(path))
        else:
            yield RawDocument(path.stem, text)


def documents_in(folder: Path, suffixes: tuple[str, ...] = TEXT_SUFFIXES) -> list[Path]:
    """The files of a folder (not of its subfolders) whose suffix is one of ``suffixes``, in name
    order; an InputError when there is none."""
    files = sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in suffixes)
    if not files:
        raise InputError(f"{folder}: no {'/'.join(suffixes)} documents in this folder")
    return files


def _looks_like_jsonl(text: str) -> bool:
    first = text.lstrip()[:1]
    return first == "{" and '"text"' in text.split("\n", 1)[0]


def _jsonl(text: str, name: str) -> Iterator[RawDocument]:
    for where, record in json_lines(text, name):
        if not isinstance(record, dict) or not isinstance(record.get("text"), str):
            raise InputError(f'{where}: expected an object with a string "text" field')
        doc_id = record.get("id", where.rsplit(" ", 1)[-1])
        yield RawDocument(str(doc_id), record["text"])
