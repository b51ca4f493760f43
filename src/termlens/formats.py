"""Output views of short-form occurrences: JSON lines, brat standoff and a table."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Literal, TypedDict

from termlens.acronyms import Occurrence
from termlens.text import Span

OutputFormat = Literal["table", "jsonl", "brat"]
OUTPUT_FORMATS: tuple[OutputFormat, ...] = ("table", "jsonl", "brat")


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


def brat_lines(occurrences: Iterable[Occurrence]) -> list[str]:
    """brat standoff: ShortForm and LongForm entities and a Defines relation per definition."""
    lines: list[str] = []
    ids: dict[tuple[str, int, int], str] = {}

    def entity(kind: str, span: Span) -> str:
        key = (kind, span.start, span.end)
        if key not in ids:
            ids[key] = f"T{len(ids) + 1}"
            text = span.text.replace("\n", " ")
            lines.append(f"{ids[key]}\t{kind} {span.start} {span.end}\t{text}")
        return ids[key]

    relations = 0
    for occurrence in occurrences:
        short = entity("ShortForm", occurrence.short)
        if occurrence.defines and occurrence.long is not None:
            long = entity("LongForm", occurrence.long)
            relations += 1
            lines.append(f"R{relations}\tDefines Arg1:{long} Arg2:{short}")
    return lines


def occurrence_kind(occurrence: Occurrence) -> Literal["definition", "mention", "undefined"]:
    """Whether an occurrence defines its short form, uses a defined one, or stands alone."""
    if occurrence.definition is None:
        return "undefined"
    return "definition" if occurrence.defines else "mention"
