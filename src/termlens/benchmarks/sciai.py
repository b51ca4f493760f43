"""SciAI (SDU@AAAI-21 task 1): acronym identification over pre-tokenised sentences.

Input: a JSON list of ``{"id", "tokens"[, "labels"]}``; output: ``[{"id", "predictions"}]`` with
one BIO label per token; metric: :mod:`termlens.benchmarks.extraction` over token spans.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import TypedDict, get_args

from termlens.acronyms.tagger import AcronymTagger, Label
from termlens.benchmarks.extraction import MacroScore, bio_spans, check_order, score_in_order
from termlens.errors import InputError
from termlens.io import atomic_write, read_json_list, whole_number

SIGNATURE = "sciai|macro(short,long)|exact-token-spans"
LABELS = frozenset(get_args(Label))


class Record(TypedDict, total=False):
    id: str
    tokens: list[str]
    labels: list[str]


class Prediction(TypedDict):
    id: str
    predictions: list[str]


def load(path: Path) -> list[Record]:
    """Read SciAI JSON (``.json`` or ``.json.gz``), checking every record's fields."""
    records = read_json_list(path, "SciAI records")
    for number, record in enumerate(records):
        tokens = record.get("tokens") if isinstance(record, dict) else None
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            raise InputError(f'{path}: record {number}: "tokens" must be a list of strings')
        labels = record.get("labels")
        if labels is not None:
            if not isinstance(labels, list) or not set(map(str, labels)) <= LABELS:
                allowed = ", ".join(sorted(LABELS))
                raise InputError(f'{path}: record {number}: "labels" must be a list of {allowed}')
            if len(labels) != len(tokens):
                raise InputError(
                    f"{path}: record {number}: {len(labels)} labels for {len(tokens)} tokens"
                )
        record.setdefault("id", str(number))
        if not (isinstance(record["id"], str) or whole_number(record["id"])):
            raise InputError(f'{path}: record {number}: "id" must be a string or a number')
    return records


def predict(records: Iterable[Record], tagger: AcronymTagger) -> list[Prediction]:
    """One BIO label per token of each record."""
    return [
        {
            "id": record["id"],
            "predictions": list(tagger.tag_words(record["tokens"], convention="sciai")),
        }
        for record in records
    ]


def write_predictions(predictions: list[Prediction], path: Path) -> None:
    """Write the official output JSON."""
    with atomic_write(path) as out:
        json.dump(predictions, out, ensure_ascii=False)


def evaluate(predictions: list[Prediction], records: list[Record]) -> MacroScore | None:
    """The official metric, or None when the records carry no labels."""
    if not records or any("labels" not in r for r in records):
        return None
    check_order(predictions, records, "id")
    return score_in_order(
        (bio_spans(p["predictions"]), bio_spans(r["labels"]))
        for p, r in zip(predictions, records, strict=True)
    )
