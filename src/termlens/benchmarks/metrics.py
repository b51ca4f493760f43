"""Counts and precision / recall / F1 shared by the scorers."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PRF:
    """True positives, false positives and false negatives, and the scores they give (0-100)."""

    tp: int
    fp: int
    fn: int

    @property
    def precision(self) -> float:
        return 100.0 * self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return 100.0 * self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def __add__(self, other: PRF) -> PRF:
        return PRF(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)


def compare_sets(predicted: Iterable[Hashable], gold: Iterable[Hashable]) -> PRF:
    """Score a set of predicted items against a set of gold items (duplicates count once)."""
    pred, ref = set(predicted), set(gold)
    return PRF(len(pred & ref), len(pred - ref), len(ref - pred))


def calibration_bins(
    answers: Sequence[tuple[float, bool]], bins: int = 10
) -> dict[int, list[tuple[float, bool]]]:
    """(confidence, right) answers by equal-width confidence bin (a confidence of 1 in the
    last); only bins that hold answers."""
    binned: dict[int, list[tuple[float, bool]]] = {}
    for confidence, right in answers:
        binned.setdefault(min(bins - 1, int(confidence * bins)), []).append((confidence, right))
    return binned


def expected_calibration_error(answers: Sequence[tuple[float, bool]], bins: int = 10) -> float:
    """ECE of (confidence, right) answers: over equal-width confidence bins, the gap between
    mean confidence and accuracy, weighted by the bin's share of the answers (0 for none)."""
    return sum(
        abs(sum(c for c, _ in b) - sum(r for _, r in b)) / len(answers)
        for b in calibration_bins(answers, bins).values()
    )
