"""Concept mentions in plain documents, as one SciCo topic (one paragraph per document).

The mentions are the short and long forms of the abbreviations each document defines, and the
technical terms the term tagger finds (:mod:`termlens.concepts.terms`: methods, tasks, datasets,
metrics, as SciREX marks them) that do not cross a bracket and are more than an amount; where
two overlap, the longer stays. The term tagger reads English: in a paragraph that reads as another
language (:func:`termlens.text.language_segments`, in a document of 100 characters or more),
only the abbreviations are mentions, read by the rules of the document's language.
A defined short form or long form, and an acronym the tagger found once, are mentions wherever a
document of the topic says them again. Each use of a defined short form and its long form are
one concept, and so are the mentions of one name of several words or one acronym
(:attr:`Topic.defined`).
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence

from termlens.acronyms import find_abbreviations
from termlens.acronyms.identify import code_ranges
from termlens.acronyms.tagger import rules_language
from termlens.concepts.relate import case_folded
from termlens.concepts.scico import Mention, Topic
from termlens.concepts.terms import default_term_tagger
from termlens.documents import RawDocument
from termlens.normal_form import NormalForm
from termlens.text import (
    SEGMENT_CHARS,
    Document,
    LanguageOption,
    guess_language,
    language_segments,
    repeated_half,
    singular,
)

TERM_WORDS = 12  # the most words before a defined long form that a mention holding it may have
# words a tagged term does not start or end with
EDGE_WORDS = frozenset("a an the of for and or in on to with by from at as via".split())
# articles of other languages the English term tagger takes into a term, unless in capitals
# (*EL*, *DES* are short forms): "la Agencia Española de Protección de Datos (AEPD)"
ARTICLES = frozenset("el la lo los las un una unos unas del al le les une des du".split())
_OPENING, _CLOSING = frozenset("([{"), frozenset(")]}")
_QUANTITY = re.compile(
    r"[$€£¥]|[-+]?\d[\d.,]*%?|%|percent|hundred|thousand|million|billion|trillion", re.IGNORECASE
)


def topic_from_documents(documents: Sequence[RawDocument], topic_id: str) -> Topic:
    """A SciCo topic whose mentions termlens finds in the documents (no gold clusters)."""
    tagger = default_term_tagger()
    paragraphs: list[list[str]] = []
    written: list[Callable[[int, int], str]] = []  # each paragraph's tokens as written
    sentences: list[list[list[int]]] = []
    spans: list[tuple[int, int, int]] = []  # paragraph, first token, last token
    defined: list[tuple[tuple[int, int, int], tuple[int, int, int]]] = []  # short, long
    found_in: list[set[tuple[int, int]]] = []  # each paragraph's spans, first and last token
    code_in: list[set[int]] = []  # each paragraph's tokens in code (:func:`markup.code_spans`)
    names: set[tuple[int, int, int]] = set()  # spans sought again: defined forms, acronyms
    for number, raw in enumerate(documents):
        form = NormalForm.of(raw.text)
        lang: LanguageOption = "auto"
        if len(form.text) >= SEGMENT_CHARS:
            segments = language_segments(form.text)
            lang = rules_language(
                guess_language(form.text) if len(segments) > 1 else segments[0][1]
            )
        else:  # a guess too unsure to drop its terms ("Image de-raining via GANs" reads as Spanish)
            segments = [(0, "en")]
        document = Document(form.text, lang=lang)  # SciCo tokens, no offsets to map back
        english = _english_sentences(segments)
        tokens = document.tokens
        paragraphs.append([t.text for t in tokens])
        written.append(_as_written(document))
        starts = {t.start: i for i, t in enumerate(tokens)}
        ends = {t.end: i for i, t in enumerate(tokens)}
        sentences.append(_sentence_bounds(document))
        found: set[tuple[int, int]] = set()
        for short, long in _defined(document, starts, ends):
            found.update(span for span in (short, long) if span)
            names.update((number, *span) for span in (short, long) if span)
            if short and long:
                defined.append(((number, *short), (number, *long)))
        for low, high in sentences[-1]:
            if not english(tokens[low].start):
                continue
            sentence = [t.text for t in tokens[low:high]]
            for a, b in tagger.spans(sentence):
                trimmed = _trimmed(sentence, a, b)
                if trimmed is None:
                    continue
                first, last = trimmed
                term = sentence[first : last + 1]
                if _balanced(term) and not _quantity(term):
                    found.add((low + first, low + last))
        found = {half for span in found for half in _said_once(paragraphs[-1], span)}
        names.update((number, a, a) for a, b in found if a == b and _distinctive([tokens[a].text]))
        found_in.append(found)
        code_in.append(_in_code(raw.text, form, document))
    for number, found in enumerate(found_in):
        found |= _named_again(paragraphs[number], sentences[number], names, paragraphs)
        code = code_in[number]
        spans += [
            (number, a, b)
            for a, b in _without_overlaps(found)
            if not code.intersection(range(a, b + 1))
        ]
    mentions = [
        Mention(
            p,
            a,
            b,
            " ".join(words[a : b + 1]),
            _context(words, sentences[p], a, b),
            written[p](a, b),
        )
        for p, a, b in spans
        for words in [paragraphs[p]]
    ]
    fields = {
        "doc_ids": [raw.id for raw in documents],
        "sentences": sentences,
        "metadata": {raw.id: {"source": "termlens concepts cluster --text"} for raw in documents},
    }
    index = {span: i for i, span in enumerate(spans)}
    pairs = [
        (index[s], at)
        for s, lf in defined
        if s in index and (at := _mention_of(lf, index)) is not None
    ]
    pairs += _named_alike(paragraphs, spans, pairs)
    return Topic(topic_id, paragraphs, mentions, [0] * len(mentions), [], fields, pairs)


def _in_code(original: str, form: NormalForm, document: Document) -> set[int]:
    """The tokens of a document (``original`` in its normal ``form``) that lie in code: a
    Markdown code block or span, a LaTeX citation key or equation, and the like
    (:func:`markup.code_spans`, read in the original, whose backticks the normal form leaves
    out); none of them is a mention."""
    code = code_ranges(original)
    if code is None:
        return set()
    return {
        i
        for i, t in enumerate(document.tokens)
        if code.overlaps(*form.original_span(t.start, t.end))
    }


def _as_written(document: Document) -> Callable[[int, int], str]:
    """The text of tokens ``a..b`` (inclusive) of a document, as written."""
    text, tokens = document.text, document.tokens
    return lambda a, b: text[tokens[a].start : tokens[b].end]


def _mention_of(
    long: tuple[int, int, int], index: Mapping[tuple[int, int, int], int]
) -> int | None:
    """The mention that is a defined long form (paragraph, first and last token), or else the
    one that ends with it, in whose words it lies: *single image super-resolution* for the
    *super-resolution* of "single image super-resolution (SR)"."""
    p, a, b = long
    starts = range(a, max(a - TERM_WORDS, -1), -1)
    return next((index[p, first, b] for first in starts if (p, first, b) in index), None)


def defined_pairs(topic: Topic) -> list[tuple[int, int]]:
    """The mention pairs of a topic that are a short form and the long form its paragraph
    defines it by, the paragraph's words read as one text (what :attr:`Topic.defined` holds
    for plain documents)."""
    at = {(m.paragraph, m.start, m.end): i for i, m in enumerate(topic.mentions)}
    pairs = []
    for number, words in enumerate(topic.tokens):
        starts, ends, offset = {}, {}, 0
        for i, word in enumerate(words):
            starts[offset], ends[offset + len(word)] = i, i
            offset += len(word) + 1
        for short, long in _defined(Document(" ".join(words)), starts, ends):
            if short and long and (number, *short) in at and (number, *long) in at:
                pairs.append((at[number, *short], at[number, *long]))
    return pairs


def _defined(
    document: Document, starts: Mapping[int, int], ends: Mapping[int, int]
) -> Iterator[tuple[tuple[int, int] | None, tuple[int, int] | None]]:
    """Each short-form use the document defines and its long form, as first and last token
    (``starts`` and ``ends`` map character offsets to tokens); None for a form that does not
    fall on token edges."""
    for occurrence in find_abbreviations(document):
        short, long = (
            (starts[span.start], ends[span.end])
            if span is not None and span.start in starts and span.end in ends
            else None
            for span in (occurrence.short, occurrence.long)
        )
        yield short, long


def _named_again(
    words: list[str],
    bounds: list[list[int]],
    names: set[tuple[int, int, int]],
    paragraphs: list[list[str]],
) -> set[tuple[int, int]]:
    """The spans of a paragraph's sentences that say one of the ``names`` (paragraph, first and
    last token) again, in another case unless it has inner capitals, the last word maybe
    plural (:func:`_name`): a term a document defines, or an acronym the tagger found once, is
    a mention wherever the topic uses it, which the tagger often misses (*SEI* in the next
    document; "equivalent circuit models" where another defines "equivalent circuit model
    (ECM)")."""
    said = {_name(paragraphs[p][a : b + 1]) for p, a, b in names}
    longest = max((len(name) for name in said), default=0)
    return {
        (a, b)
        for low, high in bounds
        for a in range(low, high)
        for b in range(a, min(a + longest, high))
        if _name(words[a : b + 1]) in said
    }


def _named_alike(
    paragraphs: list[list[str]],
    spans: Sequence[tuple[int, int, int]],
    defined: Sequence[tuple[int, int]],
) -> list[tuple[int, int]]:
    """Pairs of mentions with one distinctive name (:func:`_name`, :func:`_distinctive`): in one
    topic a term means one thing, and a short form too, unless the topic defines it twice over
    (*SE*: *state estimation* here, *standard error* there)."""
    names = [
        _name(words) if _distinctive(words := paragraphs[p][a : b + 1]) else None
        for p, a, b in spans
    ]
    meanings: dict[tuple[str, ...], set[tuple[str, ...] | None]] = {}
    for short, long in defined:
        if (name := names[short]) is not None:
            meanings.setdefault(name, set()).add(names[long])
    alike: dict[tuple[str, ...], list[int]] = {}
    for i, name in enumerate(names):
        if name is not None and len(meanings.get(name, ())) <= 1:
            alike.setdefault(name, []).append(i)
    return [(a, b) for group in alike.values() for a, b in itertools.pairwise(group)]


def _distinctive(words: list[str]) -> bool:
    """Whether a term names a concept wherever it appears: several words, or a word of two
    capitals or more (*SEI*, *GoogLeNet*); not a common word (*training*, *loss*)."""
    if len(words) == 1:
        return sum(c.isupper() for c in words[0]) >= 2
    return sum(any(c.isalpha() for c in w) for w in words) >= 2


def _name(words: list[str]) -> tuple[str, ...]:
    """What a term's uses share: its words in lower case (as written when a word has a capital
    past its first letter: *SEI*, *GoogLeNet*), the last one singular."""
    kept = [case_folded(w) for w in words]
    if kept and kept[-1].islower():
        kept[-1] = singular(kept[-1])
    return tuple(kept)


def _english_sentences(segments: list[tuple[int, str]]) -> Callable[[int], bool]:
    """Whether the sentence starting at a character offset stands in an English stretch of a
    text (``segments``: where each stretch starts, and its language)."""
    starts = [start for start, _ in segments]
    english = [lang == "en" for _, lang in segments]
    return lambda offset: english[max(0, bisect_right(starts, offset) - 1)]


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
    """A tagged term without the function words and articles at its edges ("reviewing and
    rating aspects of neighbourhoods of a [city]" ends at *neighbourhoods*); None when nothing
    else is left. The SciREX gold starts or ends so in 308 of 59,855 mentions, mostly the symbol
    *a*."""
    while start <= end and _edge_word(words[start]):
        start += 1
    while end >= start and _edge_word(words[end]):
        end -= 1
    return (start, end) if start <= end else None


def _edge_word(word: str) -> bool:
    low = word.lower()
    return low in EDGE_WORDS or (low in ARTICLES and not word.isupper())


def _quantity(words: list[str]) -> bool:
    """Whether a tagged term is only a number, an amount or a share ("$ 1.1 billion", "20 %"):
    no concept."""
    return all(_QUANTITY.fullmatch(word) for word in words)


def _balanced(words: list[str]) -> bool:
    """Whether every bracket among a term's words closes inside it: the tagger's "SE )
    traditionally", from "State estimation (SE) traditionally uses", is no term."""
    depth = 0
    for word in words:
        depth += word in _OPENING
        depth -= word in _CLOSING
        if depth < 0:
            return False
    return depth == 0


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
