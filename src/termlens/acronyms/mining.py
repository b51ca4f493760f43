"""Mining a corpus for a dictionary: the pairs its texts define, and the contexts of their uses."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from termlens.acronyms.dictionary import AcronymDictionary, Context, Encoder, Entry
from termlens.acronyms.identify import Occurrence, find_abbreviations_in_many
from termlens.acronyms.lexical import spells_out
from termlens.acronyms.rules import unbroken
from termlens.normal_form import NormalForm, normalized
from termlens.text import LanguageOption, Span, split_sentences

CONTEXT_CHARS = 200  # characters kept on each side of a mention as its context


class Use(NamedTuple):
    """A use of a short form (character offsets into its text) and the long form in force."""

    start: int
    end: int
    short: str
    long: str


@dataclass
class Harvest:
    """What mining found: pair counts and the contexts of mentions."""

    pairs: Counter[tuple[str, str]] = field(default_factory=Counter)
    contexts: list[Context] = field(default_factory=list)
    documents: int = 0


def mine(texts: Iterable[str], *, lang: LanguageOption = "auto", jobs: int = 1) -> Harvest:
    """The short form / long form pairs each text defines (counted once per text), and the
    text around every occurrence of a defined short form, found as `find` finds them and read in
    the texts' normal form (a long form "*in vitro* fertilization" is mined as "in vitro
    fertilization", an HTML title as its characters)."""
    given = list(texts)
    forms = [NormalForm.of(text) for text in given]
    found = find_abbreviations_in_many(given, lang=lang, jobs=jobs)
    return collect(
        (form.text, _defined_uses(occurrences, form))
        for form, occurrences in zip(forms, found, strict=True)
    )


def _defined_uses(occurrences: Iterable[Occurrence], form: NormalForm) -> list[Use]:
    """The defined occurrences as uses in ``form``'s text, less those whose long form only
    spells the short form again ("audiocaffe2015" for audioCaffe: :func:`lexical.spells_out`)."""
    uses = []
    for o in occurrences:
        if o.definition is None:
            continue
        start, end = form.normal(o.short.start), form.normal(o.short.end)
        long = o.definition.long
        if o.definition.pattern == "markup":  # which the normal form leaves out
            written = normalized(long.text)
        else:
            written = form.text[form.normal(long.start) : form.normal(long.end)]
        if not spells_out(form.text[start:end], written):
            uses.append(Use(start, end, form.text[start:end], unbroken(written)))
    return uses


def collect(documents: Iterable[tuple[str, Iterable[Use]]], *, sentences: bool = False) -> Harvest:
    """The pairs of each text's uses of short forms (counted once per text), and the words
    around every use: :data:`CONTEXT_CHARS` on each side, or with ``sentences`` the use's
    sentence; without the long form, which a text that only uses the short form does not hold."""
    found = Harvest()
    for text, uses in documents:
        found.documents += 1
        bounds = list(split_sentences(text)) if sentences else []
        starts = [sentence.start for sentence in bounds]
        defined: Counter[tuple[str, str]] = Counter()  # once per text; not a set (hash order)
        for use in uses:
            defined[use.short, use.long] = 1
            start, end = _around(use, bounds, starts)
            found.contexts.append(Context(use.short, use.long, _without(text[start:end], use.long)))
        found.pairs.update(defined)
    return found


def _around(use: Use, sentences: Sequence[Span], starts: Sequence[int]) -> tuple[int, int]:
    """Where a use's context starts and ends: its sentence (found by bisecting the sentences'
    ``starts``, in text order), else the characters around it."""
    i = bisect_right(starts, use.start) - 1
    if i >= 0 and use.start < sentences[i].end:
        return sentences[i].start, max(sentences[i].end, use.end)
    return max(0, use.start - CONTEXT_CHARS), use.end + CONTEXT_CHARS


def _without(window: str, long: str) -> str:
    """The window with its long form taken out."""
    return re.sub(re.escape(long), " ", window, flags=re.IGNORECASE) if long.strip() else window


def store(
    harvest: Harvest,
    dictionary: AcronymDictionary,
    source: str,
    licence: str = "",
    language: str = "",
    domain: str = "",
    description: str = "",
    window_encoder: Encoder | None = None,
    window_if: Callable[[Context], bool] | None = None,
) -> None:
    """Add a harvest to a dictionary under one source name (described by default as mined), in
    one transaction; with a ``window_encoder``, also the vectors of the words around the short
    forms (in the contexts ``window_if`` accepts, by default all)."""
    entries = (Entry(s, lf, n, language, domain) for (s, lf), n in harvest.pairs.items())
    about = description or f"mined by termlens from {harvest.documents} texts"
    with dictionary.transaction():
        dictionary.add(entries, source, licence, about)
        dictionary.add_contexts(
            harvest.contexts, source, licence, window_encoder=window_encoder, window_if=window_if
        )
