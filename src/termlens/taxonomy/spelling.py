"""WordNet lemmas spelled like a new word: *payor* → payer, *ayatullah* → ayatollah,
*Chattermarks* → chatter mark.

New words are often another spelling of a word WordNet has, and then the new sense is usually
a synonym of one of its senses. :class:`Spellings` finds them by normalised Indel similarity
(rapidfuzz's ``ratio``) over the lemmas of one part of speech that share the new word's first
two or last three letters, with spaces, hyphens and apostrophes ignored.
"""

from __future__ import annotations

from collections import defaultdict

from rapidfuzz import fuzz, process

from termlens.taxonomy.wordnet import WordNet, normalise

MIN_SIMILARITY = 80.0  # rapidfuzz ratio, 0-100
MAX_LEMMAS = 3
PREFIX, SUFFIX = 2, 3


def squash(lemma: str) -> str:
    """A lemma without case, spaces, underscores, hyphens or apostrophes."""
    return "".join(ch for ch in normalise(lemma) if ch not in "_-'’")


class Spellings:
    """An index of WordNet's noun and verb lemmas by the letters they start and end with."""

    def __init__(self, wordnet: WordNet) -> None:
        self._lemmas: dict[tuple[str, str], list[str]] = defaultdict(list)
        self._buckets: dict[tuple[str, str, str], set[str]] = defaultdict(set)
        for lemma, pos in wordnet.senses:
            if pos not in ("n", "v"):
                continue
            key = squash(lemma)
            self._lemmas[(key, pos)].append(lemma)
            self._buckets[(pos, "^", key[:PREFIX])].add(key)
            self._buckets[(pos, "$", key[-SUFFIX:])].add(key)

    def near(self, lemma: str, pos: str) -> list[tuple[str, float]]:
        """The WordNet lemmas of ``pos`` with the :data:`MAX_LEMMAS` spellings closest to
        ``lemma``'s (its own excluded), each with its similarity (0-1), most similar first."""
        key = squash(lemma)
        if len(key) < 4:
            return []
        choices = self._buckets.get((pos, "^", key[:PREFIX]), set()) | self._buckets.get(
            (pos, "$", key[-SUFFIX:]), set()
        )
        choices.discard(key)
        found = process.extract(
            key, sorted(choices), scorer=fuzz.ratio, score_cutoff=MIN_SIMILARITY, limit=MAX_LEMMAS
        )
        return [
            (lemma, score / 100)
            for match, score, _ in found
            for lemma in self._lemmas[(match, pos)]
        ]
