"""Running text as its own gold for `termlens expand`: hide a paper's definitions.

A paper that defines a short form says what it means there. Hide the definition and ask the
dictionary instead: the short form's other uses, none whose context window reaches a
definition, are what an undefined short form would be ranked on, and the answer is right when it
names the definition's sense. The definitions are termlens's own (rules and tagger), so this is
silver gold: a wrong definition counts against the dictionary.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from termlens.acronyms.dictionary import sense_key
from termlens.acronyms.expand import CONTEXT_CHARS
from termlens.acronyms.identify import Occurrence, find_abbreviations_in_many
from termlens.acronyms.lexical import near_duplicates
from termlens.benchmarks.scirex_coref import scirex_records
from termlens.text import Span


@dataclass(frozen=True, slots=True)
class HiddenDefinition:
    """A short form a text defines: its first definition, and the contexts of its other uses."""

    short: str
    defined_as: str
    contexts: tuple[str, ...]


def scirex_papers(path: Path) -> Iterator[str]:
    """The texts of SciREX papers (JSON lines with ``words``), words joined by spaces."""
    return (" ".join(paper["words"]) for paper in scirex_records(path))


def hidden_definitions(text: str, occurrences: list[Occurrence]) -> list[HiddenDefinition]:
    """The short forms ``text`` defines that it also uses out of sight of every definition."""
    definitions: dict[str, list[Span]] = defaultdict(list)
    for occurrence in occurrences:
        if occurrence.defines and occurrence.long is not None:
            definitions[occurrence.short.text].append(occurrence.long)
    contexts: dict[str, list[str]] = defaultdict(list)
    for o in occurrences:
        if o.short.text not in definitions or o.defines:
            continue
        start, end = max(0, o.short.start - CONTEXT_CHARS), o.short.end + CONTEXT_CHARS
        if all(end <= long.start or long.end <= start for long in definitions[o.short.text]):
            contexts[o.short.text].append(text[start:end])
    return [
        HiddenDefinition(short, longs[0].text, tuple(contexts[short]))
        for short, longs in definitions.items()
        if contexts[short]
    ]


def hidden_in_english_texts(texts: Sequence[str]) -> Iterator[tuple[int, HiddenDefinition]]:
    """(index of the text, hidden definition) for English texts, their short forms found by the
    rules and the tagger."""
    found = find_abbreviations_in_many(texts, lang="en", rules_only=False)
    for i, (text, occurrences) in enumerate(zip(texts, found, strict=True)):
        for hidden in hidden_definitions(text, occurrences):
            yield i, hidden


FUNCTION_WORDS = frozenset({"a", "an", "and", "for", "in", "of", "on", "the", "to"})


def same_sense(short: str, a: str, b: str) -> bool:
    """Whether two long forms of ``short`` name one sense: near-duplicates (as `expand` pools
    senses), the same letters once spaces and hyphens go (*auto - encoder*,
    *autoencoder*), the same words in another order once function words go (*alternating
    direction multiplier method*, *Alternating Direction Method of Multipliers*), the same first
    word and initials once an acronym inside is spelled out (*Wasserstein GAN*, *Wasserstein
    Generative Adversarial Network*), one the other with words added at the end once it has a
    word per letter of the short form (*Street View House Numbers training dataset*, *long
    shortterm memory network*), or one the other with one word added inside once its initials
    spell the short form (*area under curve*, *area under the ROC curve*)."""
    ka, kb = sense_key(a).split(), sense_key(b).split()
    if near_duplicates(a, b) or "".join(ka) == "".join(kb):
        return True
    ca, cb = _content(ka), _content(kb)
    if sorted(ca) == sorted(cb):
        return True
    if ka[:1] == kb[:1] and _initials(a) == _initials(b):
        return True
    letters = [c.lower() for c in short.removesuffix("s") if c.isupper() or c.isdigit()]
    shorter, longer = sorted((ka, kb), key=len)
    if _joined_prefix(shorter, longer) and len(shorter) >= len(letters):
        return True
    fewer, more = sorted((ca, cb), key=len)
    return _one_inside(fewer, more) and [w[0] for w in fewer] == letters


def _content(key: list[str]) -> list[str]:
    return [w for w in key if w not in FUNCTION_WORDS]


def _joined_prefix(shorter: list[str], longer: list[str]) -> bool:
    """Whether the first words of ``longer`` write ``shorter``'s letters, however the two split
    them into words (*long short term*, *long shortterm memory*)."""
    joined, written = "".join(shorter), ""
    for word in longer:
        written += word
        if len(written) >= len(joined):
            return written == joined
    return False


def _one_inside(fewer: list[str], more: list[str]) -> bool:
    """Whether ``more`` is ``fewer`` with one word added neither first nor last."""
    return len(more) == len(fewer) + 1 and any(
        more[:i] + more[i + 1 :] == fewer for i in range(1, len(more) - 1)
    )


def _initials(long: str) -> str:
    """The first letter of each word, an acronym inside (two capitals or more) letter by letter."""
    words = re.findall(r"\w+", long)
    return "".join(w if len(w) > 1 and w.isupper() else w[0] for w in words).lower()
