"""A second reading of an English acronym's likeliest meanings: how well each long form fits the
words around the acronym, by the cosine of their all-MiniLM-L6-v2 sentence vectors.

The ranker's features compare the context with the words seen around each long form; a long
form nobody has seen in use (an acronym never met in training, a sense only a dictionary lists)
has little to go on but its prior. A sentence encoder trained on a billion English pairs reads
"the ERP of 12 kilowatts at the antenna" as nearer *effective radiated power* than *enterprise
resource planning*. Each candidate's log-probability gains a weight × that cosine, more for
a long form whose sense has no stored contexts (the ranker has read the contexts of the others
already); the probabilities of the re-read candidates keep their total.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Collection, Sequence
from functools import cache
from typing import TYPE_CHECKING

from termlens.errors import InputError
from termlens.minilm import EnglishEncoder, default_english_encoder

if TYPE_CHECKING:
    from termlens.acronyms.disambiguate import Candidate

Ranking = list[tuple["Candidate", float]]
# chosen on seven benchmark sets, the SDU@AAAI-22 training files and the GLADIS and SciAD sets
# (BENCHMARKS.md, fortieth session)
WEIGHT = 8.0  # for a long form whose sense has no stored contexts
PROFILED_WEIGHT = 5.0  # for one whose sense has: the ranker's own features have read them
WINDOW = 16  # words kept on each side of the short form
TOP = 16  # candidates re-read, the likeliest first
# uses of one short form in one document that are re-read: one sense per discourse, so the first
# few carry the decision, and a paper's hundred uses need not all be encoded
REREAD_USES = 3
UNSURE = 0.8  # only rankings whose first candidate has less are re-read (the rest cost nothing)


class ContextCheck:
    """Re-scores rankings by the sentence-vector fit of each long form to its context."""

    def __init__(
        self,
        encoder: EnglishEncoder,
        weight: float = WEIGHT,
        unsure: float = UNSURE,
        profiled_weight: float = PROFILED_WEIGHT,
    ):
        self.encoder = encoder
        self.weight = weight
        self.unsure = unsure
        self.profiled_weight = profiled_weight

    def wanted(self, ranking: Ranking) -> bool:
        """Whether a ranking is unsure enough to be re-read."""
        return bool(ranking) and ranking[0][1] < self.unsure

    def rerank_many(
        self,
        items: Sequence[tuple[str, str, Ranking]],
        profiled: Sequence[Collection[str]] | None = None,
    ) -> list[Ranking]:
        """Each (short form, context, ranking) re-ranked, contexts embedded in one batch;
        ``profiled`` holds, per item, the keys of the senses with stored contexts (none if
        not given)."""
        keys = profiled or [()] * len(items)
        return [
            self.reweighted(ranking, fits, stored)
            for (_, _, ranking), fits, stored in zip(items, self.fits(items), keys, strict=True)
        ]

    def fits(self, items: Sequence[tuple[str, str, Ranking]]) -> list[list[float]]:
        """For each (short form, context, ranking), the cosine of each of the ``TOP`` first
        long forms with the words around the short form."""
        if not items:
            return []
        windows = self.encoder.encode([window(context, short) for short, context, _ in items])
        # the encoder is uncased: one vector serves every casing of a long form
        longs = list(dict.fromkeys(c.long.lower() for _, _, r in items for c, _ in r[:TOP]))
        vectors = dict(zip(longs, self.encoder.encode_cached(longs), strict=True))
        return [
            [float(vectors[c.long.lower()] @ context) for c, _ in ranking[:TOP]]
            for (_, _, ranking), context in zip(items, windows, strict=True)
        ]

    def reweighted(
        self, ranking: Ranking, fits: Sequence[float], stored: Collection[str]
    ) -> Ranking:
        """The ranking with each of its first candidates' log-probability raised by a weight ×
        its fit; ``stored``: the keys of the senses with stored contexts."""
        top, rest = ranking[: len(fits)], ranking[len(fits) :]
        mass = sum(p for _, p in top)
        scores = [
            math.log(max(p, 1e-12))
            + (self.profiled_weight if c.sense.key in stored else self.weight) * fit
            for (c, p), fit in zip(top, fits, strict=True)
        ]
        best = max(scores)
        exps = [math.exp(s - best) for s in scores]
        total = sum(exps)
        again = [(c, mass * e / total) for (c, _), e in zip(top, exps, strict=True)]
        return sorted(again, key=lambda pair: -pair[1]) + rest


def window(context: str, short: str) -> str:
    """The ``WINDOW`` words on each side of the short form's first use in the context (the
    middle of the context when the short form is not found)."""
    words = context.split()
    at = next((i for i, w in enumerate(words) if short in w), len(words) // 2)
    return " ".join(words[max(0, at - WINDOW) : at + WINDOW + 1])


@cache
def default_context_check() -> ContextCheck | None:
    """The check with the installed encoder, or None (said once on stderr) without it."""
    try:
        return ContextCheck(default_english_encoder())
    except InputError as missing:
        print(
            f"termlens: warning: {missing}; English meanings are ranked without it", file=sys.stderr
        )
        return None
