"""WordNet lemmas spelled like a new word: *payor* → payer, *ayatullah* → ayatollah,
*Chattermarks* → chatter mark.

New words are often another spelling of a word WordNet has, and then the new sense is usually
a synonym of one of its senses. :class:`Spellings` finds them by normalised Indel similarity
(rapidfuzz's ``ratio``) over the lemmas of one part of speech that share the new word's first
two or last three letters, with spaces, hyphens and apostrophes ignored.
"""

from __future__ import annotations

from bisect import bisect_left

from rapidfuzz import fuzz, process

from termlens.taxonomy.wordnet import WordNet, normalise

MIN_SIMILARITY = 80.0  # rapidfuzz ratio, 0-100
MAX_LEMMAS = 3
PREFIX, SUFFIX = 2, 3


def squash(lemma: str) -> str:
    """A lemma without case, spaces, underscores, hyphens or apostrophes."""
    return _letters(normalise(lemma))


def _letters(lemma: str) -> str:
    """A normalised lemma without underscores, hyphens or apostrophes."""
    return lemma.replace("_", "").replace("-", "").replace("'", "").replace("’", "")


class Spellings:
    """WordNet's noun and verb lemmas, sorted by their letters forwards and backwards, so the
    ones that start or end like a word are two binary searches away."""

    def __init__(self, wordnet: WordNet) -> None:
        # letters → the lemmas spelled with them, joined by newlines (strings, not lists: a
        # hundred thousand small lists would keep the garbage collector busy)
        self._lemmas: dict[str, dict[str, str]] = {"n": {}, "v": {}}
        for pos, lemmas in self._lemmas.items():
            names = [lemma for lemma, p in wordnet.senses if p == pos]
            # WordNet's lemmas are normalised already; one pass over them all is fastest
            for lemma, key in zip(names, _letters("\n".join(names)).split("\n"), strict=True):
                lemmas[key] = f"{lemmas[key]}\n{lemma}" if key in lemmas else lemma
        self._forwards = {pos: sorted(keys) for pos, keys in self._lemmas.items()}
        self._backwards = {pos: sorted(k[::-1] for k in keys) for pos, keys in self._lemmas.items()}

    def near(self, lemma: str, pos: str) -> list[tuple[str, float]]:
        """The WordNet lemmas of ``pos`` with the :data:`MAX_LEMMAS` spellings closest to
        ``lemma``'s (its own excluded), each with its similarity (0-1), most similar first."""
        key = squash(lemma)
        if len(key) < 4 or pos not in self._lemmas:
            return []
        choices = set(_starting(self._forwards[pos], key[:PREFIX]))
        choices.update(k[::-1] for k in _starting(self._backwards[pos], key[::-1][:SUFFIX]))
        choices.discard(key)
        found = process.extract(
            key, sorted(choices), scorer=fuzz.ratio, score_cutoff=MIN_SIMILARITY, limit=MAX_LEMMAS
        )
        lemmas = self._lemmas[pos]
        return [
            (lemma, score / 100) for match, score, _ in found for lemma in lemmas[match].split("\n")
        ]


def _starting(keys: list[str], prefix: str) -> list[str]:
    """The keys of a sorted list that start with ``prefix``."""
    return keys[bisect_left(keys, prefix) : bisect_left(keys, prefix + "\U0010ffff")]
