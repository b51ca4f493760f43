"""A second reading of an English acronym's likeliest meanings: how well each long form fits the
words around the acronym, by the cosine of their all-MiniLM-L6-v2 sentence vectors.

The ranker's features compare the context with the words seen around each long form; a long
form nobody has seen in use (an acronym never met in training, a sense only a dictionary lists)
has little to go on but its prior. A sentence encoder trained on a billion English pairs reads
"the ERP of 12 kilowatts at the antenna" as nearer *effective radiated power* than *enterprise
resource planning*. Each candidate's log-probability gains ``weight`` × that cosine; the
probabilities of the re-read candidates keep their total.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from termlens.errors import InputError
from termlens.minilm import EnglishEncoder, default_english_encoder

if TYPE_CHECKING:
    from termlens.acronyms.disambiguate import Candidate

Ranking = list[tuple["Candidate", float]]
WEIGHT = 5.0  # chosen on the never-seen protocol of the SDU@AAAI-22 training files (BENCHMARKS)
WINDOW = 16  # words kept on each side of the short form
TOP = 8  # candidates re-read, the likeliest first
# uses of one short form in one document that are re-read: one sense per discourse, so the first
# few carry the decision, and a paper's hundred uses need not all be encoded
REREAD_USES = 3
UNSURE = 0.6  # only rankings whose first candidate has less are re-read (the rest cost nothing)


class ContextCheck:
    """Re-scores rankings by the sentence-vector fit of each long form to its context."""

    def __init__(self, encoder: EnglishEncoder, weight: float = WEIGHT, unsure: float = UNSURE):
        self.encoder = encoder
        self.weight = weight
        self.unsure = unsure

    def wanted(self, ranking: Ranking) -> bool:
        """Whether a ranking is unsure enough to be re-read."""
        return bool(ranking) and ranking[0][1] < self.unsure

    def rerank_many(self, items: Sequence[tuple[str, str, Ranking]]) -> list[Ranking]:
        """Each (short form, context, ranking) re-ranked, contexts embedded in one batch."""
        if not items:
            return []
        windows = self.encoder.encode([window(context, short) for short, context, _ in items])
        # the encoder is uncased: one vector serves every casing of a long form
        longs = list(dict.fromkeys(c.long.lower() for _, _, r in items for c, _ in r[:TOP]))
        vectors = dict(zip(longs, self.encoder.encode_cached(longs), strict=True))
        out = []
        for (_, _, ranking), context in zip(items, windows, strict=True):
            top, rest = ranking[:TOP], ranking[TOP:]
            mass = sum(p for _, p in top)
            scores = [
                math.log(max(p, 1e-12)) + self.weight * float(vectors[c.long.lower()] @ context)
                for c, p in top
            ]
            best = max(scores)
            exps = [math.exp(s - best) for s in scores]
            total = sum(exps)
            again = [(c, mass * e / total) for (c, _), e in zip(top, exps, strict=True)]
            out.append(sorted(again, key=lambda pair: -pair[1]) + rest)
        return out


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
