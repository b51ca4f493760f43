"""The official acronym-extraction metric of SDU@AAAI-21 (SciAI) and SDU@AAAI-22.

Short-form and long-form spans are compared per record as sets; precision and recall are
computed for each kind over the whole set, then averaged over the two kinds (macro), and F1 is
taken from the averaged precision and recall.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from termlens.acronyms.tagger import spans
from termlens.benchmarks.metrics import PRF
from termlens.errors import InputError

Spans = frozenset[tuple[int, int]]
K = TypeVar("K", bound=Hashable)  # what identifies a record


@dataclass(frozen=True, slots=True)
class RecordSpans:
    """The short-form and long-form spans of one record."""

    short: Spans
    long: Spans


@dataclass(frozen=True, slots=True)
class MacroScore:
    """Per-kind counts and the macro precision / recall / F1 (0-100)."""

    short: PRF
    long: PRF

    @property
    def precision(self) -> float:
        return (self.short.precision + self.long.precision) / 2

    @property
    def recall(self) -> float:
        return (self.short.recall + self.long.recall) / 2

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def check_order(
    predictions: Iterable[Mapping[str, object]], records: Iterable[Mapping[str, object]], key: str
) -> None:
    """Raise InputError when a prediction names another record than the one at its place
    (predictions gathered fold by fold, or sorted, and scored against the records as loaded)."""
    for n, (p, r) in enumerate(zip(predictions, records, strict=True)):
        if key in p and key in r and str(p[key]) != str(r[key]):
            raise InputError(
                f"prediction {n} is for {key} {p[key]!r} but record {n} is {r[key]!r}: "
                "give the predictions in the records' order"
            )


def score_in_order(pairs: Iterable[tuple[RecordSpans, RecordSpans]]) -> MacroScore:
    """Score (predicted, gold) spans record by record, each against its own gold however the
    records are named (a repeated id is not two records' spans mixed)."""
    aligned = list(enumerate(pairs))
    return score({i: p for i, (p, _) in aligned}, {i: g for i, (_, g) in aligned})


def score(predicted: Mapping[K, RecordSpans], gold: Mapping[K, RecordSpans]) -> MacroScore:
    """Score predictions against gold, record by record (a record missing from either is empty)."""
    short, long = PRF(0, 0, 0), PRF(0, 0, 0)
    empty = RecordSpans(frozenset(), frozenset())
    for key in set(predicted) | set(gold):
        pred, ref = predicted.get(key, empty), gold.get(key, empty)
        short += _compare(pred.short, ref.short)
        long += _compare(pred.long, ref.long)
    return MacroScore(short, long)


def _compare(pred: Spans, ref: Spans) -> PRF:
    return PRF(len(pred & ref), len(pred - ref), len(ref - pred))


def bio_spans(labels: Iterable[str]) -> RecordSpans:
    """Token spans (first, last inclusive) of short and long forms in a BIO sequence."""
    found: dict[str, set[tuple[int, int]]] = {"short": set(), "long": set()}
    for span in spans(list(labels)):
        found[span.kind].add((span.first, span.last))
    return RecordSpans(frozenset(found["short"]), frozenset(found["long"]))
