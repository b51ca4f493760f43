"""Reading documents from the command line's inputs: .txt, .jsonl ({"id", "text"}) and stdin."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from termlens.errors import InputError
from termlens.io import decode, read_text


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
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{name}, line {number}: invalid JSON ({exc.msg})") from None
        if not isinstance(record, dict) or not isinstance(record.get("text"), str):
            raise InputError(
                f'{name}, line {number}: expected an object with a string "text" field'
            )
        doc_id = record.get("id", f"{number}")
        yield RawDocument(str(doc_id), record["text"])
