"""Acronyms WordNet 3.0 lists beside their long forms, as dictionary entries.

A synset that holds a short form and words that spell it out ("USA", "United States of
America"; "DNA", "deoxyribonucleic acid") says what the short form means in general English,
which the benchmark sources, mostly scientific and biomedical, often do not. Each synset gives
one entry per written short form: its synonym that the short form explains best, counted once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from termlens.acronyms.align import align
from termlens.acronyms.dictionary import Entry
from termlens.acronyms.rules import explains
from termlens.taxonomy.wordnet import WordNet, spaced

SOURCE = "wordnet-3.0"
ABOUT = "WordNet 3.0 synsets holding a short form and its long form"
_SHORT = re.compile(r"[A-Z][A-Za-z0-9.&/-]*[A-Z0-9.]")


def is_short_form(lemma: str) -> bool:
    """A single token with at least two capitals, as WordNet writes acronyms (USA, U.S.A., mRNA
    is left out: it starts lower case)."""
    return _SHORT.fullmatch(lemma) is not None and sum(ch.isupper() for ch in lemma) >= 2


def entries(wordnet: WordNet) -> Iterator[Entry]:
    """One entry per synset and short form, for every synset where a synonym of two words or
    more spells the short form out."""
    for synset in wordnet:
        lemmas = [spaced(lemma) for lemma in synset.lemmas]
        for short in dict.fromkeys(lemma for lemma in lemmas if is_short_form(lemma)):
            letters = short.replace(".", "")
            longs = [w for w in lemmas if len(w.split()) > 1 and explains(letters, w)]
            if longs:
                yield Entry(short, max(longs, key=lambda w: _fit(letters, w)), 1, "en", "general")


def _fit(short: str, long: str) -> float:
    """How well ``short`` spells out ``long`` from its first word; on a tie ``max`` keeps the
    synonym WordNet lists first (*deoxyribonucleic acid* before *desoxyribonucleic acid*)."""
    found = align(short, long, [0])
    return found.quality if found is not None and found.start == 0 else 0.0
