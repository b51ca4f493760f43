"""A second reading of an English acronym's likeliest meanings: how well each long form fits the
words around the acronym, by the cosine of their all-MiniLM-L6-v2 sentence vectors.

The ranker's features compare the context with the words seen around each long form; a long
form nobody has seen in use (an acronym never met in training, a sense only a dictionary lists)
has little to go on but its prior. A sentence encoder trained on a billion English pairs reads
"the ERP of 12 kilowatts at the antenna" as nearer *effective radiated power* than *enterprise
resource planning*. Each candidate's log-probability gains a weight × that cosine, more for
a long form whose sense has no stored contexts (the ranker has read the contexts of the others
already). A sense whose stored contexts kept their vectors also gains a weight × the cosine of
the words around the acronym with their mean; a sense without gains as much as the best of the
others, so stored contexts can only count against the senses they fit worse. The probabilities
of the re-read candidates keep their total.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Collection, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from termlens.acronyms.lexical import window
from termlens.acronyms.long_form_vectors import StoredVectors, default_long_form_vectors
from termlens.errors import InputError
from termlens.minilm import EnglishEncoder, default_english_encoder

if TYPE_CHECKING:
    from termlens.acronyms.dictionary import VectorSum
    from termlens.acronyms.disambiguate import Candidate

Ranking = list[tuple["Candidate", float]]
# chosen on seven benchmark sets, the SDU@AAAI-22 training files and the GLADIS and SciAD sets
# (docs/benchmarks-log.md, fortieth session; SEEN_WEIGHT the forty-first)
WEIGHT = 8.0  # for a long form whose sense has no stored contexts
PROFILED_WEIGHT = 5.0  # for one whose sense has: the ranker's own features have read them
SEEN_WEIGHT = 4.0  # for the fit with the mean vector of a sense's stored contexts' windows
TOP = 16  # candidates re-read, the likeliest first
# uses of one short form in one document that are re-read: one sense per discourse, so the first
# few carry the decision, and a paper's hundred uses need not all be encoded
REREAD_USES = 3
UNSURE = 0.8  # only rankings whose first candidate has less are re-read (the rest cost nothing)


class Fit(NamedTuple):
    """How the words around a short form fit each of a ranking's first candidates: the cosine
    with the long form, and with the mean vector of the sense's stored contexts (None where
    none were kept)."""

    long_forms: list[float]
    seen: list[float | None]


class ContextCheck:
    """Re-scores rankings by the sentence-vector fit of each long form to its context (the long
    forms' vectors read from ``stored`` where it has them)."""

    def __init__(
        self,
        encoder: EnglishEncoder,
        weight: float = WEIGHT,
        unsure: float = UNSURE,
        profiled_weight: float = PROFILED_WEIGHT,
        seen_weight: float = SEEN_WEIGHT,
        stored: StoredVectors | None = None,
    ):
        self.encoder = encoder
        self.stored = stored
        self.weight = weight
        self.unsure = unsure
        self.profiled_weight = profiled_weight
        self.seen_weight = seen_weight

    def wanted(self, ranking: Ranking) -> bool:
        """Whether a ranking is unsure enough to be re-read."""
        return bool(ranking) and ranking[0][1] < self.unsure

    def rerank_many(
        self,
        items: Sequence[tuple[str, str, Ranking]],
        profiled: Sequence[Collection[str]] | None = None,
        seen: Sequence[Mapping[str, VectorSum]] | None = None,
    ) -> list[Ranking]:
        """Each (short form, context, ranking) re-ranked, contexts embedded in one batch.
        Per item, ``profiled`` holds the keys of the senses with stored contexts, and ``seen``
        the vector sums of those contexts' windows per sense key (none if not given)."""
        keys = profiled or [()] * len(items)
        fits = self.fits(items, seen)
        return [
            self.reweighted(ranking, fit, stored)
            for (_, _, ranking), fit, stored in zip(items, fits, keys, strict=True)
        ]

    def fits(
        self,
        items: Sequence[tuple[str, str, Ranking]],
        seen: Sequence[Mapping[str, VectorSum]] | None = None,
    ) -> list[Fit]:
        """For each (short form, context, ranking), how the words around the short form fit
        each of the ``TOP`` first candidates; ``seen`` as for :meth:`rerank_many`."""
        if not items:
            return []
        windows = self.encoder.encode([window(context, short) for short, context, _ in items])
        # the encoder is uncased: one vector serves every casing of a long form
        longs = list(dict.fromkeys(c.long.lower() for _, _, r in items for c, _ in r[:TOP]))
        encode = self.encoder.encode_cached
        found = self.stored.vectors(longs, encode) if self.stored else encode(longs)
        vectors = dict(zip(longs, found, strict=True))
        sums = seen or [{}] * len(items)
        return [
            Fit(
                [float(vectors[c.long.lower()] @ context) for c, _ in ranking[:TOP]],
                [_cosine(stored.get(c.sense.key), context) for c, _ in ranking[:TOP]],
            )
            for (_, _, ranking), context, stored in zip(items, windows, sums, strict=True)
        ]

    def reweighted(self, ranking: Ranking, fit: Fit, stored: Collection[str]) -> Ranking:
        """The ranking with each of its first candidates' log-probability raised by weights ×
        its fits; ``stored``: the keys of the senses with stored contexts."""
        top, rest = ranking[: len(fit.long_forms)], ranking[len(fit.long_forms) :]
        mass = sum(p for _, p in top)
        known = [f for f in fit.seen if f is not None]
        # no stored windows say nothing against a sense: it fits as well as the best one
        neutral = max(known) if known else 0.0
        scores = [
            math.log(max(p, 1e-12))
            + (self.profiled_weight if c.sense.key in stored else self.weight) * long_form
            + self.seen_weight * (neutral if seen is None else seen)
            for (c, p), long_form, seen in zip(top, fit.long_forms, fit.seen, strict=True)
        ]
        best = max(scores)
        exps = [math.exp(s - best) for s in scores]
        total = sum(exps)
        again = [(c, mass * e / total) for (c, _), e in zip(top, exps, strict=True)]
        return sorted(again, key=lambda pair: -pair[1]) + rest


def _cosine(total: VectorSum | None, vector: np.ndarray) -> float | None:
    """The cosine of a vector with the direction of a vector sum (None without one)."""
    if total is None:
        return None
    norm = float(np.linalg.norm(total.total))
    return float(total.total @ vector) / norm if norm > 0 else None


@cache
def default_context_check() -> ContextCheck | None:
    """The check with the installed encoder, or None (said once on stderr) without it."""
    try:
        return ContextCheck(default_english_encoder(), stored=default_long_form_vectors())
    except InputError as missing:
        print(
            f"termlens: warning: {missing}; English meanings are ranked without it", file=sys.stderr
        )
        return None
