"""Concept mentions in plain documents, as one SciCo topic (one paragraph per document).

The mentions are the short and long forms of the abbreviations each document defines, and the
technical terms the term tagger finds (:mod:`termlens.concepts.terms`: methods, tasks, datasets,
metrics, as SciREX marks them); where two overlap, the longer stays.
"""

from __future__ import annotations

from collections.abc import Sequence

from termlens.acronyms import find_abbreviations
from termlens.concepts.scico import Mention, Topic
from termlens.concepts.terms import default_term_tagger
from termlens.documents import RawDocument
from termlens.normal_form import normalized
from termlens.text import Document, repeated_half

# words a tagged term does not start or end with
EDGE_WORDS = frozenset("a an the of for and or in on to with by from at as via".split())


def topic_from_documents(documents: Sequence[RawDocument], topic_id: str) -> Topic:
    """A SciCo topic whose mentions termlens finds in the documents (no gold clusters)."""
    tagger = default_term_tagger()
    paragraphs: list[list[str]] = []
    sentences: list[list[list[int]]] = []
    spans: list[tuple[int, int, int]] = []  # paragraph, first token, last token
    for number, raw in enumerate(documents):
        document = Document(normalized(raw.text))  # SciCo tokens, no offsets to map back
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
        for low, high in sentences[-1]:
            sentence = [t.text for t in tokens[low:high]]
            for a, b in tagger.spans(sentence):
                trimmed = _trimmed(sentence, a, b)
                if trimmed is not None:
                    found.add((low + trimmed[0], low + trimmed[1]))
        found = {half for span in found for half in _said_once(paragraphs[-1], span)}
        spans += [(number, a, b) for a, b in _without_overlaps(found)]
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


def _trimmed(words: list[str], start: int, end: int) -> tuple[int, int] | None:
    """A tagged term without the function words at its edges ("reviewing and rating aspects of
    neighbourhoods of a [city]" ends at *neighbourhoods*); None when nothing else is left. The
    SciREX gold starts or ends so in 308 of 59,855 mentions, mostly the symbol *a*."""
    while start <= end and words[start].lower() in EDGE_WORDS:
        start += 1
    while end >= start and words[end].lower() in EDGE_WORDS:
        end -= 1
    return (start, end) if start <= end else None


def _said_once(words: list[str], span: tuple[int, int]) -> list[tuple[int, int]]:
    """A span of the same words twice as its two halves (see :func:`text.repeated_half`)."""
    a, b = span
    half = repeated_half(words[a : b + 1])
    return [(a, a + half - 1), (a + half, b)] if half else [span]


def _without_overlaps(spans: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Longest first; a span overlapping a kept one is dropped."""
    kept: list[tuple[int, int]] = []
    for a, b in sorted(spans, key=lambda s: (s[0] - s[1], s[0])):
        if all(b < x or a > y for x, y in kept):
            kept.append((a, b))
    return sorted(kept)
