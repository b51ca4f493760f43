"""Reading documents from the command line's inputs: text files, .jsonl ({"id", "text"}),
Jupyter notebooks, Word, PowerPoint, Excel, OpenDocument and EPUB files, folders of them, and
stdin."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from termlens.errors import InputError, UnreadableFileError
from termlens.io import json_lines, read_stdin, read_text, whole_number
from termlens.notebooks import NOTEBOOK_SUFFIX, notebook_text
from termlens.packages import PACKAGE_SUFFIXES, package_text

# the suffixes of the text files a folder of documents is read from: plain text, Markdown (R
# Markdown and Quarto's too, whose code chunks are fenced blocks), LaTeX, HTML, XML (a JATS
# article), reStructuredText, Org, GNU Info and a manual page's source in its section (ls.1,
# ssl.7ssl: MANUAL_PAGES), which the normal form reads (:mod:`termlens.normal_form`), each
# gzip-compressed too (notes.txt.gz, sed.info.gz, ls.1.gz)
MANUAL_PAGES = ".1-9"  # the sections of the manual, as the suffixes list them
TEXT_SUFFIXES = (
    ".txt", ".md", ".markdown", ".rmd", ".qmd", ".tex", ".html", ".htm", ".xml", ".rst", ".org",
    ".info", MANUAL_PAGES,
)  # fmt: skip
DOCUMENT_SUFFIXES = (*TEXT_SUFFIXES, NOTEBOOK_SUFFIX, *PACKAGE_SUFFIXES)  # a folder's documents
TEXT_FILES = "/".join(DOCUMENT_SUFFIXES)
_SPLIT_INFO = re.compile(r"\.info-\d+")  # a piece of an Info file makeinfo split: find.info-2
_SECTION = re.compile(r"\.[1-9][a-z]{0,8}")  # a manual page's: ls.1, ssl.7ssl, Carp.3perl


@dataclass(frozen=True, slots=True)
class RawDocument:
    """A document's id and text, before analysis."""

    id: str
    text: str


Skip = Callable[[UnreadableFileError], None]  # told of each file left out, and why


def read_documents(sources: list[str], skip: Skip | None = None) -> Iterator[RawDocument]:
    """Yield the documents of every source: ``-`` is stdin, ``*.jsonl`` holds one per line, an
    ``.ipynb`` notebook is the Markdown its cells make (:mod:`termlens.notebooks`), a .docx,
    .pptx, .xlsx, .odt or .epub file the text its package holds (:mod:`termlens.packages`), a
    folder holds such files (see :func:`documents_in`). A file's id is its name without its
    suffix (:func:`_name`), a .jsonl record's its ``id`` (else its line
    number); where an id termlens made up is already taken in this run, the path (and line) it
    came from is the id instead, and a number after ``#`` where even that is taken (the same
    file given twice). A file that is no UTF-8 text stops the reading with its
    UnreadableFileError, or with ``skip`` is left out, ``skip`` told why."""
    if not sources:
        raise InputError("no input; give one or more files, or - for standard input")
    if sources.count("-") > 1:  # the second would read nothing: standard input is read once
        raise InputError("- (standard input) given more than once; give it once")
    taken: set[str] = set()
    for document, fuller in _documents(sources, skip):
        if document.id in taken and fuller is not None:
            doc_id, copy = fuller, 1
            while doc_id in taken:
                copy += 1
                doc_id = f"{fuller}#{copy}"
            document = RawDocument(doc_id, document.text)
        taken.add(document.id)
        yield document


def _documents(sources: list[str], skip: Skip | None) -> Iterator[tuple[RawDocument, str | None]]:
    """The documents of :func:`read_documents`, each with the id that names its origin in full
    where its own id was made up (None: the source gave it)."""
    for source in sources:
        if source == "-":
            text = read_stdin()
            if _looks_like_jsonl(text):
                yield from _jsonl(text, "<stdin>", "stdin")
            else:
                yield RawDocument("stdin", text), "stdin"
            continue
        path = Path(source)
        if path.is_dir():
            files = [str(p) for p in documents_in(path, (*DOCUMENT_SUFFIXES, ".jsonl"))]
            yield from _documents(files, skip)
            continue
        suffix = _suffix(path)
        try:  # a package compressed as well (report.docx.gz) is read as text, which names it
            packed = path.suffix.lower() in PACKAGE_SUFFIXES
            text = package_text(path) if packed else read_text(path)
        except UnreadableFileError as exc:
            if skip is None:
                raise
            skip(exc)
            continue
        if suffix == ".jsonl":
            yield from _jsonl(text, str(path), str(path))
        elif suffix == NOTEBOOK_SUFFIX:
            yield RawDocument(_name(path), notebook_text(text, str(path))), str(path)
        else:
            yield RawDocument(_name(path), text), str(path)


def _name(path: Path) -> str:
    """A file's id: its name without ``.gz`` and a document's suffix
    (:data:`DOCUMENT_SUFFIXES`); a name with another suffix is kept whole, a version's
    number too (*Apache-2.0*, *GPL-1.3*, *find.info-2*)."""
    unpacked = _unpacked(path)
    return unpacked.stem if unpacked.suffix.lower() in DOCUMENT_SUFFIXES else unpacked.name


def _suffix(path: Path) -> str:
    """The suffix that says what a file holds: the one before ``.gz``, and ``.info`` for a piece
    of a split Info file."""
    suffix = _unpacked(path).suffix.lower()
    return ".info" if _SPLIT_INFO.fullmatch(suffix) else suffix


def _unpacked(path: Path) -> Path:
    """The path without a gzip-compressed file's ``.gz``, which :func:`read_text` reads through."""
    return path.with_suffix("") if path.suffix.lower() == ".gz" else path


def documents_in(folder: Path, suffixes: tuple[str, ...] = DOCUMENT_SUFFIXES) -> list[Path]:
    """The files of a folder (not of its subfolders) whose suffix is one of ``suffixes``,
    gzip-compressed or not (:func:`_suffix`), in name order; an InputError when there is none."""
    files = sorted(p for p in folder.iterdir() if p.is_file() and _is_one_of(p, suffixes))
    if not files:
        raise InputError(f"{folder}: no {'/'.join(suffixes)} documents in this folder")
    return files


def _is_one_of(path: Path, suffixes: tuple[str, ...]) -> bool:
    """Whether the file's suffix (:func:`_suffix`) is one of ``suffixes``, a manual page's
    section being one of :data:`MANUAL_PAGES`."""
    suffix = _suffix(path)
    return suffix in suffixes or (
        MANUAL_PAGES in suffixes and _SECTION.fullmatch(suffix) is not None
    )


def _looks_like_jsonl(text: str) -> bool:
    first = text.lstrip()[:1]
    return first == "{" and '"text"' in text.split("\n", 1)[0]


def _jsonl(text: str, name: str, origin: str) -> Iterator[tuple[RawDocument, str | None]]:
    for where, record in json_lines(text, name):
        if not isinstance(record, dict) or not isinstance(record.get("text"), str):
            raise InputError(f'{where}: expected an object with a string "text" field')
        line = where.rsplit(" ", 1)[-1]
        given = record.get("id")
        if given is None:  # no id, or null
            yield RawDocument(line, record["text"]), f"{origin}:{line}"
        elif isinstance(given, str) or whole_number(given):
            yield RawDocument(str(given), record["text"]), None
        else:
            raise InputError(f'{where}: "id" {given!r} is neither text nor a whole number')
