"""SDU@AAAI-22 task 1: multilingual acronym extraction with character offsets.

Input: a JSON list of ``{"ID", "text"[, "acronyms", "long-forms"]}``; output:
``[{"ID", "acronyms": [[start, end]], "long-forms": [[start, end]]}]`` (end exclusive); metric:
:mod:`termlens.benchmarks.extraction` over character spans.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

from termlens.acronyms.mining import Use
from termlens.acronyms.tagger import AcronymTagger, char_spans, rules_language
from termlens.acronyms.translated import TranslatedLongForms, revised, translate
from termlens.benchmarks.extraction import MacroScore, RecordSpans, check_order, score_in_order
from termlens.errors import InputError, choose_one
from termlens.io import atomic_write, read_json_list, whole_number
from termlens.normal_form import NormalForm
from termlens.text import LANGUAGE_NAMES, Document, language_code

SIGNATURE = "sdu22-ae|macro(acronyms,long-forms)|exact-char-spans"
LANGUAGES = tuple(LANGUAGE_NAMES)
HELD_OUT_EVERY = 10  # record i is held out when i % 10 == 0
# What stands between a gold long form and the short form it defines, by where the short form is
# (quotes may open either): "long form (SF", "SF (long form", "SF = long form", "(long form, SF"
SHORT_FORM_AFTER = re.compile(r"\s*[(\[]\s*[\"“']?\s*")
SHORT_FORM_BEFORE = re.compile(r"\s*(?:[(\[=:,–]|--?)\s*[\"“']?\s*")
SHORT_FORM_LISTED_AFTER = re.compile(r"\s*[,;]\s*")
BETWEEN = 6  # characters at most between a long form and its short form


def tagger_code(lang: str) -> str:
    """The tagger's code for an SDU@AAAI-22 language, given by name or code, or a clear error."""
    code = language_code(lang)
    if code not in LANGUAGE_NAMES.values():
        raise choose_one("language", lang, LANGUAGES)
    return code


def load(path: Path) -> list[dict[str, object]]:
    """Read SDU@AAAI-22 extraction JSON, checking every record's fields."""
    records = read_json_list(path, "records with ID and text")
    for number, record in enumerate(records):
        if not isinstance(record, dict) or not isinstance(record.get("text"), str):
            raise InputError(f'{path}: record {number}: expected an object with a string "text"')
        record.setdefault("ID", str(number))
        if not (isinstance(record["ID"], str) or whole_number(record["ID"])):
            raise InputError(f'{path}: record {number}: "ID" must be a string or a number')
        for field in ("acronyms", "long-forms"):
            spans = record.get(field, [])
            if not isinstance(spans, list):
                raise InputError(f"{path}: record {number}: {field} must be a list of spans")
            for span in spans:
                if not _offsets(span):
                    raise InputError(f"{path}: record {number}: bad {field} span {span!r}")
    return records


def _offsets(span: object) -> bool:
    """Whether ``span`` is [start, end] with whole numbers, 0 <= start <= end."""
    return (
        isinstance(span, list)
        and len(span) == 2
        and all(map(whole_number, span))
        and 0 <= span[0] <= span[1]
    )


def held_out(
    records: list[dict[str, object]],
) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    """Split a training file into (training part, held-out tenth), deterministically."""
    train = [r for i, r in enumerate(records) if i % HELD_OUT_EVERY]
    test = [r for i, r in enumerate(records) if not i % HELD_OUT_EVERY]
    return train, test


def gold_uses(record: dict[str, object]) -> list[Use]:
    """The record's gold short forms, each with the gold long form that defines it in the
    record: the gold marks spans, not which long form belongs to which short form, so a long form
    is paired with a short form written next to it ("long form (SF)", "SF (long form)", "SF =
    long form", "(long form, SF)"); a short form's first pairing holds for all its uses. Short
    forms no long form pairs with are left out."""
    text = str(record["text"])
    marked = _spans(record)
    shorts = sorted(marked.short)
    meaning: dict[str, str] = {}
    for start, end in sorted(marked.long):
        short = _short_form_next_to(text, start, end, shorts)
        if short is not None:
            meaning.setdefault(text[short[0] : short[1]], text[start:end])
    return [
        Use(start, end, text[start:end], meaning[text[start:end]])
        for start, end in shorts
        if text[start:end] in meaning
    ]


def _short_form_next_to(
    text: str, start: int, end: int, shorts: list[tuple[int, int]]
) -> tuple[int, int] | None:
    """The short form written next to the long form text[start:end], if one is: after it in a
    bracket, else before it, else after it in a list."""
    for pattern, after in (
        (SHORT_FORM_AFTER, True),
        (SHORT_FORM_BEFORE, False),
        (SHORT_FORM_LISTED_AFTER, True),
    ):
        for short in shorts:
            if _next_to(text[end : short[0]] if after else text[short[1] : start], pattern):
                return short
    return None


def _next_to(between: str, pattern: re.Pattern[str]) -> bool:
    return len(between) <= BETWEEN and pattern.fullmatch(between) is not None


def predict(
    records: Iterable[dict[str, object]],
    tagger: AcronymTagger,
    lang: str,
    chooser: TranslatedLongForms | None = None,
) -> list[dict[str, object]]:
    """Acronym and long-form character spans for each record; in Persian, short forms and long
    forms read by :func:`termlens.acronyms.translated.translate` with ``chooser`` (by default
    the bundled one)."""
    code = tagger_code(lang)
    out: list[dict[str, object]] = []
    for record in records:
        text = str(record["text"])
        form = NormalForm.of(text)  # read in NFC, offsets given back in the record's text
        doc = Document(form.text, lang=rules_language(code))
        tokens, labels = tagger.tag_document(doc, code)
        shorts, longs = char_spans(doc, tokens, labels)
        shorts, choices = translate(doc, shorts, code, chooser)
        longs = revised(longs, choices)
        out.append(
            {
                "ID": record["ID"],
                "acronyms": sorted([*form.original_span(s.start, s.end)] for s in shorts),
                "long-forms": sorted([*form.original_span(s.start, s.end)] for s in longs),
            }
        )
    return out


def write_predictions(predictions: list[dict[str, object]], path: Path) -> None:
    """Write the official output JSON."""
    with atomic_write(path) as out:
        json.dump(predictions, out, ensure_ascii=False)


def _spans(record: dict[str, object]) -> RecordSpans:
    def as_set(field: str) -> frozenset[tuple[int, int]]:
        values = record.get(field, [])
        assert isinstance(values, list)
        return frozenset((int(a), int(b)) for a, b in values)

    return RecordSpans(as_set("acronyms"), as_set("long-forms"))


def evaluate(
    predictions: list[dict[str, object]], records: list[dict[str, object]]
) -> MacroScore | None:
    """The official metric, or None when the records carry no gold spans. ``predictions`` are
    in the records' order, and each is scored against its own record (a repeated ID is not
    two records' spans mixed)."""
    if not records or any("acronyms" not in r for r in records):
        return None
    check_order(predictions, records, "ID")
    return score_in_order((_spans(p), _spans(r)) for p, r in zip(predictions, records, strict=True))
