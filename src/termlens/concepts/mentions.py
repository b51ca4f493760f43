"""Concept mentions in plain documents, as one SciCo topic (one paragraph per document).

The mentions are the short and long forms of the abbreviations each document defines, and the
noun phrases that look like technical terms: two to five words, no stop word, ending in a word
WordNet knows as a noun ("conditional image generation", "sequence tagging") — or a single
word WordNet does not know at all ("backpropagation"), found at least twice in the topic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from termlens.acronyms import find_abbreviations
from termlens.concepts.scico import Mention, Topic
from termlens.documents import RawDocument
from termlens.taxonomy.gloss import STOPWORDS, pos_share
from termlens.taxonomy.wordnet import WordNet, bundled
from termlens.text import Document

MAX_WORDS = 5
PRONOUNS = frozenset("i we you he she they us our ours your his her their my me them".split())


def topic_from_documents(documents: Sequence[RawDocument], topic_id: str) -> Topic:
    """A SciCo topic whose mentions termlens finds in the documents (no gold clusters)."""
    wordnet = bundled()
    paragraphs: list[list[str]] = []
    sentences: list[list[list[int]]] = []
    spans: list[tuple[int, int, int]] = []  # paragraph, first token, last token
    for number, raw in enumerate(documents):
        document = Document(raw.text)
        tokens = document.tokens
        paragraphs.append([t.text for t in tokens])
        starts = {t.start: i for i, t in enumerate(tokens)}
        ends = {t.end: i for i, t in enumerate(tokens)}
        sentences.append(_sentence_bounds(document))
        found = set()
        for occurrence in find_abbreviations(document):
            for span in (occurrence.short, occurrence.long):
                if span is not None and span.start in starts and span.end in ends:
                    found.add((starts[span.start], ends[span.end]))
        found |= _terms(wordnet, [t.text for t in tokens])
        spans += [(number, a, b) for a, b in _without_overlaps(found)]
    singles = Counter(paragraphs[p][a].lower() for p, a, b in spans if a == b)
    spans = [
        (p, a, b)
        for p, a, b in spans
        if a < b or singles[paragraphs[p][a].lower()] > 1 or paragraphs[p][a].isupper()
    ]
    mentions = [
        Mention(p, a, b, " ".join(words[a : b + 1]), _context(words, sentences[p], a, b))
        for p, a, b in spans
        for words in [paragraphs[p]]
    ]
    fields = {
        "doc_ids": [raw.id for raw in documents],
        "sentences": sentences,
        "metadata": {raw.id: {"source": "termlens concepts cluster --text"} for raw in documents},
    }
    return Topic(topic_id, paragraphs, mentions, [0] * len(mentions), [], fields)


def _sentence_bounds(document: Document) -> list[list[int]]:
    bounds = []
    tokens = document.tokens
    index = 0
    for sentence in document.sentences:
        first = index
        while index < len(tokens) and tokens[index].start < sentence.end:
            index += 1
        if index > first:
            bounds.append([first, index])
    return bounds


def _context(words: list[str], bounds: list[list[int]], start: int, end: int) -> str:
    for low, high in bounds:
        if low <= start < high:
            return " ".join(words[low : max(high, end + 1)])
    return " ".join(words[max(0, start - 20) : end + 21])


def _terms(wordnet: WordNet, words: list[str]) -> set[tuple[int, int]]:
    """Token ranges of phrases that look like technical terms."""
    out = set()
    i = 0
    while i < len(words):
        while i < len(words) and _content(words[i]) and _mostly(wordnet, words[i], "v"):
            i += 1  # "study categorical image generation": start after the verb
        j = i
        while j < len(words) and j - i < MAX_WORDS and _content(words[j]):
            j += 1
        end = j - 1  # the longest run ending in a word that is mostly a noun
        while end > i and not (_mostly(wordnet, words[end], "n") or _unknown(wordnet, words[end])):
            end -= 1
        if end > i:
            out.add((i, end))
        elif j > i and _unknown(wordnet, words[i]):
            out.add((i, i))
        i = max(j, i + 1)
    return out


def _mostly(wordnet: WordNet, word: str, pos: str) -> bool:
    return pos_share(wordnet, word, pos) > 0.5


def _content(word: str) -> bool:
    return (
        word.lower() not in STOPWORDS
        and word.lower() not in PRONOUNS
        and any(c.isalpha() for c in word)
        and (word.isalnum() or "-" in word)
    )


def _unknown(wordnet: WordNet, word: str) -> bool:
    return (
        len(word) > 3
        and word.isalpha()
        and not any(wordnet.lemmatise(word, pos) for pos in ("n", "v", "a", "r"))
    )


def _without_overlaps(spans: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Longest first; a span overlapping a kept one is dropped."""
    kept: list[tuple[int, int]] = []
    for a, b in sorted(spans, key=lambda s: (s[0] - s[1], s[0])):
        if all(b < x or a > y for x, y in kept):
            kept.append((a, b))
    return sorted(kept)
