"""Reading documents from the command line's inputs: .txt, .jsonl ({"id", "text"}) and stdin."""

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


@dataclass(frozen=True, slots=True)
class RawDocument:
    """A document's id and text, before analysis."""

    id: str
    text: str


def read_documents(sources: list[str]) -> Iterator[RawDocument]:
    """Yield the documents of every source: ``-`` is stdin, ``*.jsonl`` holds one per line."""
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
        text = read_text(path)
        if path.suffix == ".jsonl":
            yield from _jsonl(text, str(path))
        else:
            yield RawDocument(path.stem, text)


def _looks_like_jsonl(text: str) -> bool:
    first = text.lstrip()[:1]
    return first == "{" and '"text"' in text.split("\n", 1)[0]


def _jsonl(text: str, name: str) -> Iterator[RawDocument]:
    for where, record in json_lines(text, name):
        if not isinstance(record, dict) or not isinstance(record.get("text"), str):
            raise InputError(f'{where}: expected an object with a string "text" field')
        doc_id = record.get("id", where.rsplit(" ", 1)[-1])
        yield RawDocument(str(doc_id), record["text"])
