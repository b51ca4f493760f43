"""The content words of definitions and WordNet senses, and how rare each is among WordNet's.

A definition and a candidate sense that share *protein* say more than two that share *form*:
:class:`GlossRarity` weights a shared word by its inverse document frequency over the
signatures (lemmas and gloss) of all WordNet synsets, as weighted Lesk overlap does. The counts
are built from WordNet alone by ``scripts/train_placement.py`` and bundled as
``wordnet-gloss-df.tsv`` (computing them takes seconds, too long for every start).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from termlens.errors import InputError
from termlens.io import atomic_write, read_text
from termlens.taxonomy.gloss import STOPWORDS, words
from termlens.taxonomy.wordnet import Synset, WordNet

RARITY_FILE = "wordnet-gloss-df.tsv"
_SYNSETS = "#synsets"


class GlossWords:
    """Content words as WordNet base forms: of a text, of a synset's lemmas, of a synset's
    lemmas and gloss (its signature); cached per word and per synset."""

    def __init__(self, wordnet: WordNet) -> None:
        self.wordnet = wordnet
        self._signatures: dict[str, frozenset[str]] = {}
        self._lemma_sets: dict[str, frozenset[str]] = {}
        self._bases: dict[str, str] = {}

    def content(self, text: str) -> frozenset[str]:
        bases, base = self._bases, self.base
        return frozenset([bases.get(w) or base(w) for w in words(text) if w not in STOPWORDS])

    def lemma_words(self, synset: Synset) -> frozenset[str]:
        if synset.id not in self._lemma_sets:
            self._lemma_sets[synset.id] = self.content(" ".join(synset.lemmas).replace("_", " "))
        return self._lemma_sets[synset.id]

    def signature(self, synset: Synset) -> frozenset[str]:
        if synset.id not in self._signatures:
            text = " ".join([*synset.lemmas, synset.definition]).replace("_", " ")
            self._signatures[synset.id] = self.content(text)
        return self._signatures[synset.id]

    def base(self, word: str) -> str:
        """A word's WordNet base form (noun, else verb, else adjective reading)."""
        found = self._bases.get(word)
        if found is None:
            bases = (self.wordnet.lemmatise(word, pos) for pos in ("n", "v", "a"))
            found = self._bases[word] = next((b[0] for b in bases if b), word)
        return found


@dataclass(frozen=True, slots=True)
class GlossRarity:
    """For each content word, the number of WordNet synsets whose signature holds it."""

    frequencies: Mapping[str, int]
    synsets: int

    @classmethod
    def build(cls, gloss_words: GlossWords, synsets: Iterable[Synset] | None = None) -> GlossRarity:
        """Count over every synset of the WordNet that ``gloss_words`` reads (a few seconds), or
        over the synsets given."""
        counts: Counter[str] = Counter()
        seen = 0
        for synset in gloss_words.wordnet if synsets is None else synsets:
            counts.update(gloss_words.signature(synset))
            seen += 1
        return cls(dict(counts), seen)

    def weight(self, shared: Iterable[str]) -> float:
        """The summed inverse document frequency of the words (an unseen word counts as one
        synset's)."""
        total = math.log(max(self.synsets, 1))
        return sum(total - math.log(self.frequencies.get(w, 0) or 1) for w in shared)

    def save(self, path: Path) -> None:
        """Write a ``#synsets<TAB>N`` line, then ``word<TAB>synsets`` lines, sorted."""
        with atomic_write(path) as out:
            out.write(f"{_SYNSETS}\t{self.synsets}\n")
            out.writelines(f"{w}\t{n}\n" for w, n in sorted(self.frequencies.items()))

    @classmethod
    def load(cls, path: Path) -> GlossRarity:
        counts: dict[str, int] = {}
        for number, line in enumerate(read_text(path).splitlines(), start=1):
            try:
                word, n = line.split("\t")
                counts[word] = int(n)
            except ValueError:
                raise InputError(f"{path}: line {number}: expected word<TAB>synsets") from None
        synsets = counts.pop(_SYNSETS, 0)
        if not synsets:
            raise InputError(f"{path}: no {_SYNSETS} line; rebuild it with train_placement.py")
        return cls(counts, synsets)
