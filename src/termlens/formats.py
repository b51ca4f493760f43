"""Output views of short-form occurrences and their expansions: JSON lines, brat standoff,
tab-separated values, expanded text and HTML."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from typing import Literal, TypedDict

from termlens.acronyms import Occurrence
from termlens.acronyms.disambiguate import SENTENCE_OPENS
from termlens.acronyms.expand import Expansion
from termlens.acronyms.spans import RangeSet
from termlens.markup import closing_markup, is_html_page
from termlens.text import Span

OutputFormat = Literal["table", "jsonl", "brat"]
OUTPUT_FORMATS: tuple[OutputFormat, ...] = ("table", "jsonl", "brat")
_TSV_BREAKS = re.compile(r"[\t\r\n]")


class SpanRecord(TypedDict):
    start: int
    end: int
    text: str


class OccurrenceRecord(TypedDict):
    doc_id: str
    short_form: SpanRecord
    long_form: SpanRecord | None
    kind: Literal["definition", "mention", "undefined"]


def span_record(span: Span) -> SpanRecord:
    """A span as a JSON object."""
    return {"start": span.start, "end": span.end, "text": span.text}


def occurrence_record(doc_id: str, occurrence: Occurrence) -> OccurrenceRecord:
    """One occurrence as a JSON object; a mention's long form points at its definition."""
    long = occurrence.long
    return {
        "doc_id": doc_id,
        "short_form": span_record(occurrence.short),
        "long_form": span_record(long) if long is not None else None,
        "kind": occurrence_kind(occurrence),
    }


def jsonl_lines(doc_id: str, occurrences: Iterable[Occurrence]) -> list[str]:
    """One JSON line per occurrence."""
    return [json.dumps(occurrence_record(doc_id, o), ensure_ascii=False) for o in occurrences]


def tsv_line(fields: Iterable[str]) -> str:
    """One line of tab-separated values; a tab or line break inside a field is a space."""
    return "\t".join(_TSV_BREAKS.sub(" ", field) for field in fields) + "\n"


def brat_lines(occurrences: Iterable[Occurrence]) -> list[str]:
    """brat standoff: ShortForm and LongForm entities and a Defines relation per definition."""
    lines: list[str] = []
    ids: dict[tuple[str, int, int], str] = {}

    def entity(kind: str, span: Span) -> str:
        key = (kind, span.start, span.end)
        if key not in ids:
            ids[key] = f"T{len(ids) + 1}"
            fragments = _line_fragments(span)
            offsets = ";".join(f"{start} {end}" for start, end, _ in fragments)
            text = " ".join(piece for _, _, piece in fragments)
            lines.append(f"{ids[key]}\t{kind} {offsets}\t{text}")
        return ids[key]

    relations = 0
    for occurrence in occurrences:
        short = entity("ShortForm", occurrence.short)
        if occurrence.defines and occurrence.long is not None:
            long = entity("LongForm", occurrence.long)
            relations += 1
            lines.append(f"R{relations}\tDefines Arg1:{long} Arg2:{short}")
    return lines


def _line_fragments(span: Span) -> list[tuple[int, int, str]]:
    """The pieces of a span between its line breaks ("\\n" or "\\r\\n"), as brat writes a span
    across lines ("11 18;19 33" for "support⏎vector machine"), with their text."""
    pieces = []
    start = span.start
    for line in span.text.split("\n"):
        piece = line.rstrip("\r")
        if piece.strip():
            pieces.append((start, start + len(piece), piece))
        start += len(line) + 1
    return pieces


def occurrence_kind(occurrence: Occurrence) -> Literal["definition", "mention", "undefined"]:
    """Whether an occurrence defines its short form, uses a defined one, or stands alone."""
    if occurrence.definition is None:
        return "undefined"
    return "definition" if occurrence.defines else "mention"


# -- expansions ------------------------------------------------------------------------------

ExpandFormat = Literal["text", "jsonl", "html"]
EXPAND_FORMATS: tuple[ExpandFormat, ...] = ("text", "jsonl", "html")


class ExpansionRecord(TypedDict):
    doc_id: str
    short_form: SpanRecord
    long_form: str | None
    source: str
    confidence: float
    alternatives: list[tuple[str, float]]
    definition: SpanRecord | None


def expansion_record(doc_id: str, expansion: Expansion) -> ExpansionRecord:
    """One expansion as a JSON object."""
    definition = expansion.definition
    return {
        "doc_id": doc_id,
        "short_form": span_record(expansion.short),
        "long_form": expansion.long,
        "source": "defined-in-text" if expansion.source == "defined" else expansion.source,
        "confidence": round(expansion.confidence, 4),
        "alternatives": [(long, round(p, 4)) for long, p in expansion.alternatives],
        "definition": span_record(definition) if definition is not None else None,
    }


def expansion_jsonl(doc_id: str, expansions: Iterable[Expansion]) -> list[str]:
    """One JSON line per short form occurrence."""
    return [json.dumps(expansion_record(doc_id, e), ensure_ascii=False) for e in expansions]


def expanded_text(text: str, expansions: Iterable[Expansion]) -> str:
    """The text with each short form followed by its meaning in parentheses (not where the text
    itself defines it, nor where the meaning is unknown), after the markup that closes on it
    ("**SVM** (support vector machine)") and a possessive ("the FMS's (flight management
    system) mode"), after a compound it opens, named ("the DC-link (DC: direct current)
    voltage", "CPU/GPU (CPU: central processing unit; GPU: graphics processing unit)"), in
    square brackets inside round ones ("Regulation (EU [European Union])"). A definition that
    opens its sentence or a glossary's item is repeated without the capital that gave it
    ("Adequate intake (AI) values … The AI (adequate intake) for potassium", "- AI = Adequate
    intake"). Nothing goes inside a long form the
    text defines ("the Joint United Nations Programme on HIV/AIDS (UNAIDS)")."""
    closing = closing_markup(text)
    expansions = list(expansions)
    long_forms = RangeSet()
    for defined in (e.definition for e in expansions if e.defines and e.definition is not None):
        long_forms.add(defined.start, defined.end)
    pieces: list[str] = []
    last = 0
    for expansion in expansions:
        if expansion.long is None or expansion.defines:
            continue
        if long_forms.overlaps(expansion.short.start, expansion.short.end):
            continue
        end = closing.get(expansion.short.end, expansion.short.end)
        possessive = _POSSESSIVE.match(text, end)  # "the FMS's (flight management system) mode"
        end = possessive.end() if possessive else end
        meaning = _without_sentence_capital(text, expansion)
        compound = _COMPOUND_REST.match(text, end)  # "the DC-link (DC: direct current) voltage"
        if compound is not None:
            end, meaning = compound.end(), f"{expansion.short.text}: {meaning}"
        if pieces and end == last:  # the next short form of the same compound: "CPU/GPU"
            bracket = pieces[-1]
            pieces[-1] = f"{bracket[:-1]}; {expansion.short.text}: {meaning}{bracket[-1]}"
            continue
        bracketed = (
            f" [{meaning}]" if _inside_brackets(text, expansion.short.start) else f" ({meaning})"
        )
        pieces += [text[last:end], bracketed]
        last = end
    return "".join([*pieces, text[last:]])


_POSSESSIVE = re.compile(r"['’]s\b")
_COMPOUND_REST = re.compile(r"(?:[-‐/][^\W_]+)+")  # the rest of a compound: "-link", "/sida"
BRACKET_SCAN = 200  # characters before a short form searched for a bracket it stands in


def _inside_brackets(text: str, at: int) -> bool:
    """Whether ``at`` lies inside round brackets opened on its line (and not closed)."""
    line_start = max(text.rfind("\n", 0, at) + 1, at - BRACKET_SCAN)
    depth = 0
    for ch in text[line_start:at]:
        depth += (ch == "(") - (ch == ")")
        depth = max(depth, 0)
    return depth > 0


_SENTENCE_CAPITAL = re.compile(r"[A-Z][a-z]+ [a-z]")  # "Adequate intake", not "Support Vector"
# where a glossary's item opens: a line, after its bullet and the short form and a separator
# ("- Convolutional neural network", "SVM = Support vector machine"), or a table's cell
_ITEM_OPENS = re.compile(
    r"(?:^|\n)[\W\d_]*(?:[^\W_][\w./&+-]*[^\S\n]*(?:[=:\t]|--?|–|—)[^\S\n]*)?$|\|[^\S\n]*$"
)


def _without_sentence_capital(text: str, expansion: Expansion) -> str:
    """A defined meaning with its first letter in lower case when only the sentence or the
    glossary item it opens capitalised it: a capital first word followed by a lower-case word."""
    long, span = expansion.long or "", expansion.definition
    if span is None or not _SENTENCE_CAPITAL.match(long):
        return long
    before = text[max(0, span.start - 200) : span.start]
    if not (SENTENCE_OPENS.search(text[: span.start]) or _ITEM_OPENS.search(before)):
        return long
    return long[0].lower() + long[1:]


# the control characters an HTML document may not hold, as text or as a character reference
_HTML_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")


def expansion_html(doc_id: str, text: str, expansions: Iterable[Expansion]) -> str:
    """An HTML fragment: the text, each short form an <abbr> whose title is its meaning; an HTML
    page (:func:`~termlens.markup.is_html_page`) as its body, its markup kept."""
    if is_html_page(text):
        return _annotated_page(doc_id, text, expansions)
    pieces, last = [f'<article id="{html.escape(doc_id)}"><p>'], 0
    for expansion in expansions:
        span = expansion.short
        pieces += [_escaped(text[last : span.start]), _abbr(expansion, _escaped(span.text))]
        last = span.end
    pieces += [_escaped(text[last:]), "</p></article>"]
    return "".join(pieces).replace("\n", "<br>\n")


def _escaped(text: str) -> str:
    """``text`` as HTML: its markup characters escaped, and left out the control characters HTML
    may not hold (an Info file's node separators, a NUL byte), which no reader would see."""
    return html.escape(_HTML_CONTROLS.sub("", text))


def _abbr(expansion: Expansion, inner: str) -> str:
    """``inner`` (HTML) in an <abbr> whose title is the expansion's meaning."""
    meaning = expansion.long or f"({expansion.source})"
    title = f"{meaning} — {expansion.source}, confidence {expansion.confidence:.2f}"
    return f'<abbr title="{html.escape(title)}" data-source="{expansion.source}">{inner}</abbr>'


_BODY = re.compile(r"<body\b[^<>]*>", re.IGNORECASE)
_BODY_END = re.compile(r"</body\s*>", re.IGNORECASE)
_HEAD_END = re.compile(r"</head\s*>", re.IGNORECASE)
_HTML_END = re.compile(r"</html\s*>", re.IGNORECASE)
_TITLED_BEFORE = re.compile(r"<(?:abbr|acronym)\b[^<>]*\btitle\s*=[^<>]*>\s*\Z", re.IGNORECASE)


def _annotated_page(doc_id: str, page: str, expansions: Iterable[Expansion]) -> str:
    """The body of an HTML page (what its head and </html> enclose when it writes no <body>),
    its markup as given and each short form in it an <abbr> (not one the page's own titled
    <abbr> holds, nor one whose span holds a tag: "H<sub>2</sub>O" might close what it did not
    open)."""
    opening = _BODY.search(page) or _HEAD_END.search(page)  # a page may leave out <body>
    start = opening.end() if opening else 0
    closing = _BODY_END.search(page, start) or _HTML_END.search(page, start)
    end = closing.start() if closing else len(page)
    pieces, last = [f'<article id="{html.escape(doc_id)}">'], start
    for expansion in expansions:
        span = expansion.short
        if span.start < last or span.end > end or "<" in span.text:
            continue
        if _TITLED_BEFORE.search(page, max(last, span.start - 300), span.start):
            continue  # the page's own <abbr title="…"> holds it
        pieces += [page[last : span.start], _abbr(expansion, span.text)]
        last = span.end
    pieces += [page[last:end], "</article>"]
    return "".join(pieces)


# a page around the articles, so that a saved file shows its accents and dashes in any browser
# (without a declared charset, browsers read a local file in their locale's legacy code page)
HTML_PAGE_START = """<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<title>termlens expand</title>
<style>
abbr { text-decoration: underline dotted; cursor: help; }
abbr[data-source="abstained"], abbr[data-source="unknown"] { text-decoration-style: dashed; }
</style>
</head>
<body>
"""
HTML_PAGE_END = "</body>\n</html>\n"
