"""Dictionary files in and out: SDU ``diction.json``, GLADIS ``[[long form, count]]`` JSON, TSV,
and (in only) an Excel workbook, the ADAM abbreviation table and V.E.R.A.'s Info file.

- ``sdu``: ``{"SF": ["long form", ...]}`` (no counts: each long form counts once);
- ``gladis``: ``{"SF": [["long form", count], ...]}``;
- ``tsv``: a header line, then ``short<TAB>long[<TAB>count[<TAB>language[<TAB>domain]]]``; the
  header names the columns after the first two (``count``, ``language``, ``domain``; others are
  not read), so the table ``dict lookup`` prints imports too;
- ``csv``: the same columns, comma-separated as spreadsheets write them (RFC 4180: a field that
  holds a comma or a quote is quoted, "Department of Health, Education, and Welfare"), or
  separated by semicolons where the header is (as Excel writes CSV in much of Europe);
- ``xlsx``: an Excel workbook's first sheet, its first row naming the columns as a TSV's header
  does (``Short form | Long form | Count``), a row's number named where it is wrong;
- ``adam``: ADAM's table of MEDLINE abbreviations (Zhou et al. 2006), the header
  ``PREFERRED_AB<TAB>VARIANT_AB<TAB>EXPANSION``, then ``AI<TAB>AI:15|ai:2<TAB>adequate intake``:
  each written variant of the short form with how often MEDLINE uses it for that expansion;
- ``vera``: V.E.R.A.'s Info file of computing acronyms (Debian's ``vera`` package,
  ``/usr/share/info/vera.info.gz``), read by :mod:`termlens.acronyms.vera`.

Reading checks every record and names the file, line and field of the first bad one; used with
:meth:`AcronymDictionary.add`, which imports in one transaction, a bad file imports nothing.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Literal

from termlens.acronyms.dictionary import MAX_COUNT, AcronymDictionary, Entry
from termlens.acronyms.vera import VERA_HEAD, VERA_LICENCE, is_vera, vera_entries
from termlens.errors import InputError, choose_one
from termlens.io import atomic_write, digits, parse_json, read_text, whole_number
from termlens.packages import sheet_rows

ExportFormat = Literal["sdu", "gladis", "tsv", "csv"]
DictionaryFormat = Literal[ExportFormat, "xlsx", "adam", "vera"]
EXPORT_FORMATS: tuple[ExportFormat, ...] = ("sdu", "gladis", "tsv", "csv")
FORMATS: tuple[DictionaryFormat, ...] = (*EXPORT_FORMATS, "xlsx", "adam", "vera")
COLUMNS = ("short", "long", "count", "language", "domain")
TSV_HEADER = "\t".join(COLUMNS)
ADAM_HEADER = "PREFERRED_AB\tVARIANT_AB\tEXPANSION"


def check_format(value: str) -> DictionaryFormat:
    """A format name to read, or a clear error listing the valid ones."""
    if value not in FORMATS:
        raise choose_one("dictionary format", value, FORMATS)
    return value


def check_export_format(value: str) -> ExportFormat:
    """A format name to write, or a clear error listing the valid ones."""
    if value not in EXPORT_FORMATS:
        raise choose_one("dictionary export format", value, EXPORT_FORMATS)
    return value


def guess_format(path: Path, text: str) -> DictionaryFormat:
    """``vera`` for V.E.R.A.'s Info file, ``adam`` or ``tsv`` (by the header) for .tsv/.txt
    files, ``csv`` for .csv files; for JSON, ``gladis`` when long forms come with counts."""
    if is_vera(text):
        return "vera"
    if path.suffix.lower() in (".tsv", ".txt"):
        return "adam" if text.startswith(ADAM_HEADER) else "tsv"
    if path.suffix.lower() == ".csv":
        return "csv"
    for char in text.lstrip()[:1]:
        if char != "{":
            raise InputError(
                f"{path}: line 1: expected a JSON object of short forms, or a .tsv or .csv file"
            )
    head = text[:4096]
    after_colon = head.split(":", 1)[1].lstrip() if ":" in head else ""
    return (
        "gladis"
        if after_colon.startswith("[") and after_colon[1:].lstrip().startswith("[")
        else "sdu"
    )


def read_entries(
    path: Path, format: DictionaryFormat | None = None, language: str = "", domain: str = ""
) -> Iterator[Entry]:
    """The entries of a dictionary file, checked one by one."""
    if format == "xlsx" or (format is None and path.suffix.lower() == ".xlsx"):
        sheet = sheet_rows(path)
        header = sheet[0][1] if sheet else None
        yield from _table_entries(path, header, sheet[1:], language, domain, "\t")
        return
    text = read_text(path)
    chosen = format or guess_format(path, text)
    if chosen == "tsv":
        lines = text.splitlines()
        header = lines[0].split("\t") if lines else None
        yield from _table_entries(path, header, _tab_fields(lines), language, domain, "\t")
    elif chosen == "csv":
        first = text.partition("\n")[0]
        delimiter = ";" if ";" in first and "," not in first else ","  # as Excel in Europe
        records = _csv_rows(path, text, delimiter)
        header = next(records, (1, None))[1]
        rows = ((n, fields) for n, fields in records if any(map(str.strip, fields)))
        yield from _table_entries(path, header, rows, language, domain, delimiter)
    elif chosen == "adam":
        yield from _adam_entries(path, text, language, domain)
    elif chosen == "vera":
        yield from vera_entries(path, text, language, domain)
    else:
        yield from _json_entries(path, text, chosen, language, domain)


def stated_licence(path: Path, format: DictionaryFormat | None = None) -> str:
    """The licence a dictionary file states of itself (V.E.R.A.'s Info file does), or ""."""
    if format not in (None, "vera"):
        return ""
    try:
        with gzip.open(path) if path.suffix == ".gz" else path.open("rb") as handle:
            head = handle.read(len(VERA_HEAD))
    except (OSError, EOFError):
        return ""  # reading the entries names the problem
    return VERA_LICENCE if is_vera(head.decode("utf-8", "replace")) else ""


def _tab_rows(
    path: Path, text: str, header_ok: Callable[[str], bool], expected: str
) -> Iterator[tuple[int, list[str]]]:
    """The line number and tab-separated fields of each non-blank line after a checked header."""
    lines = text.splitlines()
    if not lines or not header_ok(lines[0]):
        found = f", not {lines[0][:60]!r}" if lines else ""
        raise InputError(f"{path}: line 1: expected {expected}{found}; add it as the first line")
    yield from _tab_fields(lines)


def _tab_fields(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    """The line number and tab-separated fields of each non-blank line after the first."""
    for number, line in enumerate(lines[1:], start=2):
        if line.strip():
            yield number, line.split("\t")


def _csv_rows(path: Path, text: str, delimiter: str) -> Iterator[tuple[int, list[str]]]:
    """The first line and the fields of each CSV record, or a clear error where the quoting
    breaks."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    line = 1
    try:
        for fields in reader:
            yield line, fields
            line = reader.line_num + 1
    except csv.Error as exc:
        raise InputError(f"{path}: line {line}: not CSV ({exc})") from None


def _table_entries(
    path: Path,
    header: list[str] | None,
    rows: Iterable[tuple[int, list[str]]],
    language: str,
    domain: str,
    separator: str,
) -> Iterator[Entry]:
    """The entries of a table of short forms (TSV or CSV) whose ``header`` names its columns:
    "short" and "long" first ("short form", "long form" too), then any of count, language and
    domain; other columns (the variants and sources of `dict lookup`'s table) are not read."""
    names = [name.strip().lower() for name in header or []]
    if len(names) < 2 or not names[0].startswith("short") or not names[1].startswith("long"):
        expected = separator.join(COLUMNS)
        found = f", not {separator.join(header)[:60]!r}" if header else ""
        raise InputError(
            f"{path}: line 1: expected the header {expected!r}{found}; add it as the first line"
        )
    column = {name: names.index(name) for name in COLUMNS[2:] if name in names}

    def field(fields: list[str], name: str) -> str:
        at = column.get(name)
        return fields[at].strip() if at is not None and at < len(fields) else ""

    for number, fields in rows:
        if len(fields) < 2 or not fields[0].strip() or not fields[1].strip():
            raise InputError(f"{path}: line {number}: expected a short form and a long form")
        written = field(fields, "count")
        count = _count(written) if written else 1
        if count is None:
            raise InputError(f"{path}: line {number}: field count: {written!r} is not a count")
        lang, dom = field(fields, "language") or language, field(fields, "domain") or domain
        yield Entry(fields[0].strip(), fields[1].strip(), count, lang, dom)


def _adam_entries(path: Path, text: str, language: str, domain: str) -> Iterator[Entry]:
    def header_ok(header: str) -> bool:
        return header.startswith(ADAM_HEADER)

    for number, fields in _tab_rows(path, text, header_ok, f"the ADAM header {ADAM_HEADER!r}"):
        if len(fields) != 3 or not fields[2].strip():
            raise InputError(f"{path}: line {number}: expected three fields, the last an expansion")
        for variant in fields[1].split("|"):
            short, _, written = variant.rpartition(":")
            if not short.strip() or (count := _count(written)) is None:
                raise InputError(
                    f"{path}: line {number}: field VARIANT_AB: {variant!r} is not short form:count"
                )
            yield Entry(short.strip(), fields[2].strip(), count, language, domain)


def _json_entries(
    path: Path, text: str, format: DictionaryFormat, language: str, domain: str
) -> Iterator[Entry]:
    data = parse_json(text, str(path))
    if not isinstance(data, dict):
        raise InputError(f"{path}: line 1: expected a JSON object of short forms")
    for short, longs in data.items():
        where = f"{path}: line {_line_of(text, short)}: short form {short!r}"
        if not short.strip() or not isinstance(longs, list):
            raise InputError(f"{where}: expected a non-empty key and a list of long forms")
        for item in longs:
            if format == "sdu":
                if not isinstance(item, str) or not item.strip():
                    raise InputError(f"{where}: long form {item!r} is not text (sdu format)")
                yield Entry(short, item.strip(), 1, language, domain)
                continue
            ok = isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
            if not ok or not item[0].strip() or _count(item[1]) is None:
                raise InputError(
                    f"{where}: item {item!r} is not [long form, count] (gladis format)"
                )
            yield Entry(short, item[0].strip(), item[1], language, domain)


def _count(value: object) -> int | None:
    """A count as a file writes it (ASCII digits, or a JSON integer), None when it is none or
    more than a dictionary stores (:data:`~termlens.acronyms.dictionary.MAX_COUNT`)."""
    if isinstance(value, str):
        written = value.strip()
        value = int(written) if digits(written) else None
    return value if whole_number(value) and 0 <= value <= MAX_COUNT else None


def _line_of(text: str, key: str) -> int:
    """The line of a key in JSON text (for error messages)."""
    position = text.find(json.dumps(key, ensure_ascii=False) + ":")
    if position < 0:
        position = text.find(json.dumps(key) + ":")
    return text.count("\n", 0, max(position, 0)) + 1


def export(dictionary: AcronymDictionary, path: Path, format: ExportFormat) -> int:
    """Write the whole dictionary in a format (atomically); returns the number of short forms."""
    n = 0
    with atomic_write(path) as out:
        if format == "tsv":
            out.write(TSV_HEADER + "\tsource\n")
            for short, _, long, source, count, lang, dom in dictionary.rows():
                out.write(f"{short}\t{long}\t{count}\t{lang}\t{dom}\t{source}\n")
            return sum(1 for _ in dictionary.short_forms())
        if format == "csv":
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow([*COLUMNS, "source"])
            for short, _, long, source, count, lang, dom in dictionary.rows():
                writer.writerow([short, long, count, lang, dom, source])
            return sum(1 for _ in dictionary.short_forms())
        out.write("{")
        for short in dictionary.short_forms():
            senses = dictionary.lookup(short)
            value: list[object]
            if format == "sdu":
                value = [v for s in senses for v, _ in s.variants]
            else:
                value = [[s.long, s.count] for s in senses]
            out.write(("," if n else "") + "\n" + json.dumps(short, ensure_ascii=False) + ": ")
            out.write(json.dumps(value, ensure_ascii=False))
            n += 1
        out.write("\n}\n")
    return n
