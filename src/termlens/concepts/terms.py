"""Technical-term mentions in plain text: a CRF over the text's tokens (BIO: B-term, I-term, O).

Trained by ``scripts/train_term_tagger.py`` on SciREX's human entity annotations (methods, tasks,
datasets, metrics in 438 machine-learning papers; the open 175 here, Apache-2.0). Features per
token: the word, its shape and affixes, what WordNet says it mostly is (noun, verb, adjective,
adverb, or unknown), and the same for its neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pycrfsuite

from termlens.acronyms.tagger import shape, spans
from termlens.errors import TermlensError
from termlens.resources import resource_path
from termlens.taxonomy.gloss import STOPWORDS, pos_share
from termlens.taxonomy.wordnet import WordNet, bundled

MODEL_FILE = "term-tagger-en.crfsuite"


class WordClasses:
    """What WordNet mostly makes of a word (cached: words repeat)."""

    def __init__(self, wordnet: WordNet) -> None:
        self._wordnet = wordnet
        self._cache: dict[str, str] = {}

    def __call__(self, word: str) -> str:
        low = word.lower()
        if low not in self._cache:
            if low in STOPWORDS:
                self._cache[low] = "stop"
            elif not low.isalpha():
                self._cache[low] = "other"
            else:
                shares = {p: pos_share(self._wordnet, low, p) for p in ("n", "v", "a", "r")}
                best = max(shares, key=shares.__getitem__)
                self._cache[low] = best if shares[best] > 0 else "unknown"
        return self._cache[low]


def term_features(words: Sequence[str], classes: WordClasses) -> list[list[str]]:
    """CRF features of each token of a sentence."""
    lows = [w.lower() for w in words]
    shapes = [shape(w) for w in words]
    kinds = [classes(w) for w in words]
    out = []
    for i, (word, low) in enumerate(zip(words, lows, strict=True)):
        features = [
            f"w={low}",
            f"s={shapes[i]}",
            f"k={kinds[i]}",
            f"p3={low[:3]}",
            f"x3={low[-3:]}",
            f"x2={low[-2:]}",
        ]
        if word[:1].isupper():
            features.append("title" if i else "title@0")
        for offset in (-2, -1, 1, 2):
            j = i + offset
            if 0 <= j < len(words):
                features += [
                    f"{offset}w={lows[j]}",
                    f"{offset}k={kinds[j]}",
                    f"{offset}s={shapes[j]}",
                ]
            else:
                features.append(f"{offset}edge")
        if i > 0:
            features.append(f"-1k|k={kinds[i - 1]}|{kinds[i]}")
        if i + 1 < len(words):
            features.append(f"k|+1k={kinds[i]}|{kinds[i + 1]}")
        out.append(features)
    return out


class TermTagger:
    """Finds the token spans of technical terms, sentence by sentence."""

    def __init__(self, model: Path, wordnet: WordNet) -> None:
        if not model.is_file():
            raise TermlensError(f"term tagger model {model} not found; reinstall termlens")
        self._tagger = pycrfsuite.Tagger()
        self._tagger.open(str(model))
        self._classes = WordClasses(wordnet)

    def labels(self, words: Sequence[str]) -> list[str]:
        """B-term / I-term / O for each token of one sentence."""
        if not words:
            return []
        return list(self._tagger.tag(term_features(words, self._classes)))

    def spans(self, words: Sequence[str]) -> list[tuple[int, int]]:
        """(first, last) token indices, inclusive, of each term in one sentence."""
        return term_spans(self.labels(words))


def term_spans(labels: Sequence[str]) -> list[tuple[int, int]]:
    """Inclusive token ranges of BIO spans (an I- without a B- opens a span)."""
    return [(span.first, span.last) for span in spans(labels)]


@cache
def default_term_tagger() -> TermTagger:
    """The bundled English term tagger."""
    return TermTagger(resource_path(MODEL_FILE), bundled())
