"""Word (``.docx``), PowerPoint (``.pptx``), Excel (``.xlsx``), OpenDocument (``.odt``) and EPUB
(``.epub``) files read as text.

Each is a ZIP package of XML. A Word or OpenDocument text is read as the plain text its body makes:
a paragraph or heading a line of its own with a blank line after it, a table's row a line with
its cells apart by a tab (so that a glossary table reads as "API<TAB>Application Programming
Interface", as a plain one does), a tab and a line break as themselves; what the body does not
show is left out (deleted tracked changes, field codes, footnotes, comments). A presentation is
its slides' text in the order it shows them, each paragraph of a text box a line and a table as
a Word table is read, a blank line after each (speaker notes are left out). A workbook is its
sheets' rows, each a line of its cells' text apart by tabs (the empty cells of a gap kept, so
that columns stay columns), a blank line after each sheet. An EPUB book is its
chapters' XHTML in reading order (its package's spine), which the normal form reads as HTML.
Offsets count in that text.
"""

from __future__ import annotations

import posixpath
import re
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable, Iterator
from io import BytesIO
from pathlib import Path
from typing import Final, TypeVar
from urllib.parse import unquote

from termlens.errors import InputError, UnreadableFileError
from termlens.io import decode, note_input

PACKAGE_SUFFIXES: Final = (".docx", ".pptx", ".xlsx", ".odt", ".epub")
MAX_PART_BYTES: Final = 256 << 20  # a part larger than this unpacked is refused (a ZIP bomb)
_W: Final = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_TEXT: Final = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_TABLE: Final = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE: Final = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_CONTAINER: Final = "{urn:oasis:names:tc:opendocument:xmlns:container}"
_OPF: Final = "{http://www.idpf.org/2007/opf}"
_A: Final = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_P: Final = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
_R: Final = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_RELS: Final = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_S: Final = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_COLUMN: Final = re.compile(r"[A-Z]+")

Row = tuple[int, list[str]]  # a spreadsheet row's number and its cells' text
T = TypeVar("T")


def package_text(path: Path) -> str:
    """The text of a .docx, .pptx, .xlsx, .odt or .epub file, or an UnreadableFileError naming
    the file and what is wrong with it (an InputError where there is no such file)."""
    read: dict[str, Callable[[zipfile.ZipFile, Path], str]] = {
        ".docx": _docx,
        ".pptx": _pptx,
        ".xlsx": _xlsx,
        ".odt": _odt,
        ".epub": _epub,
    }
    return _opened(path, read[path.suffix.lower()])


def sheet_rows(path: Path) -> list[Row]:
    """The rows of a workbook's first sheet (:func:`package_text` reads them all)."""

    def first(package: zipfile.ZipFile, path: Path) -> list[Row]:
        return next(_sheets(package, path), [])

    return _opened(path, first)


def _opened(path: Path, read: Callable[[zipfile.ZipFile, Path], T]) -> T:
    """What ``read`` makes of a package, or a one-line error naming it."""
    if not path.is_file():
        raise InputError(f"{path}: no such file; check the path")
    note_input(path)
    try:
        with zipfile.ZipFile(path) as package:
            return read(package, path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise UnreadableFileError(f"{path}: not a valid {path.suffix} file ({exc})") from None


def _bytes(package: zipfile.ZipFile, name: str, path: Path) -> bytes:
    """A part of a package, unpacked."""
    try:
        info = package.getinfo(name)
    except KeyError:
        raise UnreadableFileError(f"{path}: no {name} in it; is it a {path.suffix} file?") from None
    if info.file_size > MAX_PART_BYTES:
        raise UnreadableFileError(f"{path}: {name} unpacks to {info.file_size:,} bytes; too large")
    return package.read(info)


def _part(package: zipfile.ZipFile, name: str, path: Path) -> ET.Element:
    """A package's XML part, parsed."""
    try:
        return ET.parse(BytesIO(_bytes(package, name, path))).getroot()
    except ET.ParseError as exc:
        raise UnreadableFileError(f"{path}: {name}: not well-formed XML ({exc})") from None


def _blocks(lines: Iterator[str]) -> str:
    """Paragraphs as lines, a blank line after each."""
    return "".join(f"{line}\n\n" for line in lines)


def _relationships(package: zipfile.ZipFile, folder: str, part: str, path: Path) -> dict[str, str]:
    """The parts an Office part in ``folder`` refers to, by relationship id, as names in the
    package (a target is absolute, or relative to ``folder``)."""
    rels = _part(package, f"{folder}/_rels/{part}.rels", path)
    return {
        rel.get("Id", ""): target.lstrip("/")
        if (target := rel.get("Target", "")).startswith("/")
        else posixpath.normpath(f"{folder}/{target}")
        for rel in rels.iter(f"{_RELS}Relationship")
    }


# Word: word/document.xml's body


def _docx(package: zipfile.ZipFile, path: Path) -> str:
    body = _part(package, "word/document.xml", path).find(f"{_W}body")
    return _blocks(_office_blocks(body, _W, _word_text)) if body is not None else ""


def _office_blocks(
    element: ET.Element, ns: str, text: Callable[[ET.Element], str]
) -> Iterator[str]:
    """The lines of a Word body or a slide (the same tags, each in its namespace ``ns``): each
    paragraph's ``text``, each table row's cells apart by a tab; what holds paragraphs in turn
    (a content control, a shape) is read through."""
    for child in element:
        if child.tag == f"{ns}p":
            yield text(child)
        elif child.tag == f"{ns}tbl":
            for row in child.findall(f"{ns}tr"):
                cells = row.findall(f"{ns}tc")
                yield "\t".join(" ".join(_office_blocks(cell, ns, text)).strip() for cell in cells)
        else:
            yield from _office_blocks(child, ns, text)


_WORD_CHARACTERS: Final = {
    f"{_W}tab": "\t", f"{_W}br": "\n", f"{_W}cr": "\n", f"{_W}noBreakHyphen": "-",
    f"{_W}softHyphen": "\u00ad",
}  # fmt: skip


def _word_text(paragraph: ET.Element) -> str:
    """A Word paragraph's text: its runs' text, tabs and breaks (not deleted text, field codes
    or the text of a footnote reference)."""
    return "".join(
        (node.text or "") if node.tag == f"{_W}t" else _WORD_CHARACTERS.get(node.tag, "")
        for node in paragraph.iter()
    )


# PowerPoint: the slides ppt/presentation.xml lists, in its order


def _pptx(package: zipfile.ZipFile, path: Path) -> str:
    presentation = _part(package, "ppt/presentation.xml", path)
    targets = _relationships(package, "ppt", "presentation.xml", path)
    slides = [
        targets[slide.get(f"{_R}id", "")]
        for slide in presentation.iter(f"{_P}sldId")
        if slide.get(f"{_R}id") in targets
    ]
    return "".join(
        _blocks(_office_blocks(_part(package, n, path), _A, _slide_text)) for n in slides
    )


def _slide_text(paragraph: ET.Element) -> str:
    """A slide paragraph's text: its runs' and fields' text and its line breaks."""
    return "".join(
        (node.text or "") if node.tag == f"{_A}t" else "\n" if node.tag == f"{_A}br" else ""
        for node in paragraph.iter()
    )


# Excel: the sheets xl/workbook.xml lists, in its order


def _xlsx(package: zipfile.ZipFile, path: Path) -> str:
    return "".join(
        "".join("\t".join(cells).rstrip("\t") + "\n" for _, cells in rows) + "\n"
        for rows in _sheets(package, path)
    )


def _sheets(package: zipfile.ZipFile, path: Path) -> Iterator[list[Row]]:
    """Each sheet's rows, in the workbook's order, each sheet read when it is asked for."""
    workbook = _part(package, "xl/workbook.xml", path)
    targets = _relationships(package, "xl", "workbook.xml", path)
    shared = (
        [_shared_text(item) for item in _part(package, "xl/sharedStrings.xml", path)]
        if "xl/sharedStrings.xml" in package.namelist()
        else []
    )
    for sheet in workbook.iter(f"{_S}sheet"):
        if sheet.get(f"{_R}id") in targets:
            yield _rows(_part(package, targets[sheet.get(f"{_R}id", "")], path), shared, path)


def _shared_text(item: ET.Element) -> str:
    """A shared string's text: its own, or its runs' (not its phonetic guide)."""
    runs = [item, *item.findall(f"{_S}r")]
    return "".join(t.text or "" for run in runs for t in run.findall(f"{_S}t"))


def _rows(sheet: ET.Element, shared: list[str], path: Path) -> list[Row]:
    """A sheet's rows, each cell in its column (the empty cells of a gap filled in)."""
    rows = []
    for number, row in enumerate(sheet.iter(f"{_S}row"), start=1):
        cells: list[str] = []
        for cell in row.findall(f"{_S}c"):
            column = _column(cell.get("r", ""), len(cells))
            cells += [""] * (column - len(cells))
            cells.append(_cell_text(cell, shared, path))
        written = row.get("r", "")
        rows.append((int(written) if written.isdigit() else number, cells))
    return rows


def _column(reference: str, next_free: int) -> int:
    """The column a cell reference names ("C5": 2), or the next free one where it names none."""
    letters = _COLUMN.match(reference)
    if letters is None:
        return next_free
    index = 0
    for letter in letters.group():
        index = index * 26 + ord(letter) - ord("A") + 1
    return max(index - 1, next_free)


def _cell_text(cell: ET.Element, shared: list[str], path: Path) -> str:
    """A cell's text: its shared or inline string, else its value as written (a number, a
    formula's last result)."""
    kind = cell.get("t", "n")
    if kind == "inlineStr":
        return "".join(t.text or "" for t in cell.iter(f"{_S}t"))
    value = cell.findtext(f"{_S}v") or ""
    if kind != "s":
        return value
    if not value.isdigit() or int(value) >= len(shared):
        raise UnreadableFileError(f"{path}: cell {cell.get('r', '?')}: no shared string {value!r}")
    return shared[int(value)]


# OpenDocument: content.xml's office:text


def _odt(package: zipfile.ZipFile, path: Path) -> str:
    body = _part(package, "content.xml", path).find(f"{_OFFICE}body/{_OFFICE}text")
    return _blocks(_odf_blocks(body)) if body is not None else ""


def _odf_blocks(element: ET.Element) -> Iterator[str]:
    """The lines of an OpenDocument text (or of a list, a section, a table cell in it)."""
    for child in element:
        if child.tag in (f"{_TEXT}p", f"{_TEXT}h"):
            yield _odf_text(child)
        elif child.tag == f"{_TABLE}table":
            for row in child.iter(f"{_TABLE}table-row"):
                cells = row.findall(f"{_TABLE}table-cell")
                yield "\t".join(" ".join(_odf_blocks(cell)).strip() for cell in cells)
        elif child.tag not in (f"{_TEXT}tracked-changes", f"{_TEXT}sequence-decls"):
            yield from _odf_blocks(child)


def _odf_text(element: ET.Element) -> str:
    """An OpenDocument paragraph's text: its spans and links, runs of spaces, tabs and line
    breaks (not its notes or annotations)."""
    out = [element.text or ""]
    for child in element:
        if child.tag == f"{_TEXT}s":
            count = child.get(f"{_TEXT}c", "1")
            out.append(" " * (int(count) if count.isdigit() else 1))
        elif child.tag == f"{_TEXT}tab":
            out.append("\t")
        elif child.tag == f"{_TEXT}line-break":
            out.append("\n")
        elif child.tag not in (f"{_TEXT}note", f"{_OFFICE}annotation"):
            out.append(_odf_text(child))
        out.append(child.tail or "")
    return "".join(out)


# EPUB: the spine's XHTML documents


def _epub(package: zipfile.ZipFile, path: Path) -> str:
    container = _part(package, "META-INF/container.xml", path)
    rootfile = container.find(f"{_CONTAINER}rootfiles/{_CONTAINER}rootfile")
    opf_name = rootfile.get("full-path", "") if rootfile is not None else ""
    if not opf_name:
        raise UnreadableFileError(f"{path}: META-INF/container.xml names no rootfile; is it EPUB?")
    opf = _part(package, opf_name, path)
    folder = posixpath.dirname(opf_name)
    hrefs = {item.get("id"): item.get("href", "") for item in opf.iter(f"{_OPF}item")}
    chapters = [
        posixpath.normpath(posixpath.join(folder, unquote(hrefs[ref.get("idref")])))
        for ref in opf.iter(f"{_OPF}itemref")
        if ref.get("idref") in hrefs
    ]
    return "\n".join(decode(_bytes(package, name, path), f"{path}: {name}") for name in chapters)
