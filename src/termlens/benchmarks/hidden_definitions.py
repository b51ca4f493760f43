"""Running text as its own gold for `termlens expand`: hide a paper's definitions.

A paper that defines a short form says what it means there. Hide the definition and ask the
dictionary instead: the short form's other uses, none whose context window reaches a
definition, are what an undefined short form would be ranked on, and the answer is right when it
names the definition's sense. The definitions are termlens's own (rules and tagger), so this is
silver gold: a wrong definition counts against the dictionary.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from termlens.acronyms.expand import CONTEXT_CHARS
from termlens.acronyms.identify import Occurrence, find_abbreviations_in_many
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
