"""Mining a corpus for a dictionary: the pairs its texts define, and the contexts of their uses."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from termlens.acronyms.dictionary import AcronymDictionary, Context, Entry
from termlens.acronyms.identify import find_abbreviations_in_many
from termlens.acronyms.rules import unbroken
from termlens.text import LanguageOption

CONTEXT_CHARS = 200  # characters kept on each side of a mention as its context


@dataclass
class Harvest:
    """What mining found: pair counts and the contexts of mentions."""

    pairs: Counter[tuple[str, str]] = field(default_factory=Counter)
    contexts: list[Context] = field(default_factory=list)
    documents: int = 0


def mine(texts: Iterable[str], *, lang: LanguageOption = "auto", jobs: int = 1) -> Harvest:
    """The short form / long form pairs each text defines (counted once per text), and the
    text around every occurrence of a defined short form."""
    harvest = Harvest()
    documents = list(texts)
    for text, occurrences in zip(
        documents, find_abbreviations_in_many(documents, lang=lang, jobs=jobs), strict=True
    ):
        harvest.documents += 1
        defined: set[tuple[str, str]] = set()
        for occurrence in occurrences:
            long = occurrence.long
            if long is None:
                continue
            pair = (occurrence.short.text, unbroken(long.text))
            defined.add(pair)
            start = max(0, occurrence.short.start - CONTEXT_CHARS)
            end = occurrence.short.end + CONTEXT_CHARS
            harvest.contexts.append(Context(pair[0], pair[1], text[start:end]))
        harvest.pairs.update(defined)
    return harvest


def store(
    harvest: Harvest,
    dictionary: AcronymDictionary,
    source: str,
    licence: str = "",
    language: str = "",
    domain: str = "",
) -> None:
    """Add a harvest to a dictionary under one source name."""
    entries = (Entry(s, lf, n, language, domain) for (s, lf), n in harvest.pairs.items())
    dictionary.add(entries, source, licence, f"mined by termlens from {harvest.documents} texts")
    dictionary.add_contexts(harvest.contexts, source, licence)
