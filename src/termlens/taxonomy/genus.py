"""How WordNet places its own senses: for the first genus term of each gloss, the hypernyms of
the synset it defines.

WordNet's glosses follow the pattern a new definition does ("a person who ...", "cause to be
..."), and its hypernym links say where each landed: of the 95,000 noun and verb synsets with a
gloss term, those whose gloss opens with *person* sit under one of person's senses or under one
of its hyponyms, and the counts say which. ``placement`` reads them as a prior: the synsets that
WordNet's lexicographers chose for a genus term. Built from WordNet alone (no task data) by
``scripts/train_placement.py``, bundled as ``wordnet-genus.tsv``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from termlens.errors import InputError
from termlens.io import atomic_write, read_text
from termlens.taxonomy.gloss import terms
from termlens.taxonomy.wordnet import Synset, WordNet, spaced

GENUS_FILE = "wordnet-genus.tsv"


@dataclass(frozen=True, slots=True)
class GenusPrior:
    """How often the synsets whose gloss opens with a term are hyponyms of a given synset."""

    counts: Mapping[tuple[str, str], int]  # (term, hypernym synset id) -> synsets
    totals: Mapping[str, int]  # term -> (synset, hypernym) links counted for it

    @classmethod
    def from_counts(cls, counts: Mapping[tuple[str, str], int]) -> GenusPrior:
        totals: Counter[str] = Counter()
        for (term, _), n in counts.items():
            totals[term] += n
        return cls(dict(counts), dict(totals))

    @classmethod
    def build(cls, wordnet: WordNet, synsets: Iterable[Synset] | None = None) -> GenusPrior:
        """Count, over WordNet's noun and verb synsets (or those given), each gloss's first term
        against the synset's hypernyms (about 20 s for all of WordNet)."""
        counts: Counter[tuple[str, str]] = Counter()
        for synset in wordnet if synsets is None else synsets:
            if synset.pos not in ("n", "v"):
                continue
            lemma = spaced(synset.lemmas[0])
            found = terms(wordnet, lemma, synset.pos, synset.definition, limit=1)
            for hypernym in wordnet.hypernyms(synset) if found else ():
                counts[found[0].lemma, hypernym.id] += 1
        return cls.from_counts(counts)

    def count(self, term: str, synset_id: str) -> int:
        """The synsets with ``term`` as gloss genus that are hyponyms of ``synset_id``."""
        return self.counts.get((term, synset_id), 0)

    def share(self, term: str, synset_id: str) -> float:
        """:meth:`count` as a share of all the links counted for ``term`` (plus one)."""
        return self.count(term, synset_id) / (self.totals.get(term, 0) + 1)

    def save(self, path: Path) -> None:
        """Write ``term<TAB>synset id<TAB>count`` lines, sorted."""
        with atomic_write(path) as out:
            out.writelines(f"{t}\t{s}\t{n}\n" for (t, s), n in sorted(self.counts.items()))

    @classmethod
    def load(cls, path: Path) -> GenusPrior:
        counts: dict[tuple[str, str], int] = {}
        for number, line in enumerate(read_text(path).splitlines(), start=1):
            try:
                term, synset_id, n = line.split("\t")
                counts[term, synset_id] = int(n)
            except ValueError:
                raise InputError(
                    f"{path}: line {number}: expected term<TAB>synset id<TAB>count"
                ) from None
        return cls.from_counts(counts)
