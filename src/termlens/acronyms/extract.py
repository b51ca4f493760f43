"""Rules and the learned tagger together: definitions the rules miss, and undefined short forms.

The rules find definitions with brackets and cue words. The tagger marks short forms and long
forms anywhere; a tagged long form is paired with a nearby tagged short form when the letter
alignment accepts the pair, and a tagged short form with no definition is reported on its own.
"""

from __future__ import annotations

from termlens.acronyms.align import align, align_unordered
from termlens.acronyms.identify import Occurrence, occurrences_of
from termlens.acronyms.rules import MIN_QUALITY, Definition, find_definitions
from termlens.acronyms.tagger import AcronymTagger, char_spans, default_tagger
from termlens.text import Document, Span

PAIR_DISTANCE = 120  # characters between a tagged long form and its short form


def extract(doc: Document, tagger: AcronymTagger | None = None) -> list[Occurrence]:
    """Every short-form occurrence: defined ones with their long form, undefined ones alone."""
    model = tagger or default_tagger(doc.lang)
    definitions = find_definitions(doc)
    tokens, labels = model.tag_document(doc)
    shorts, longs = char_spans(doc, tokens, labels)
    taken = [(d.short.start, d.short.end) for d in definitions]
    taken += [(d.long.start, d.long.end) for d in definitions]
    for long in longs:
        if _overlaps(long, taken):
            continue
        definition = _pair(doc, long, shorts, taken)
        if definition is not None:
            definitions.append(definition)
            taken += [(definition.short.start, definition.short.end), (long.start, long.end)]
    occurrences = occurrences_of(doc, definitions)
    known = [(o.short.start, o.short.end) for o in occurrences] + taken
    occurrences += [Occurrence(s, None) for s in shorts if not _overlaps(s, known)]
    occurrences.sort(key=lambda o: (o.short.start, o.short.end))
    return occurrences


def _overlaps(span: Span, taken: list[tuple[int, int]]) -> bool:
    return any(span.start < b and a < span.end for a, b in taken)


def _pair(
    doc: Document, long: Span, shorts: list[Span], taken: list[tuple[int, int]]
) -> Definition | None:
    """The nearest tagged short form that the long form explains, as a definition."""
    best: tuple[int, Definition] | None = None
    for short in shorts:
        if _overlaps(short, taken):
            continue
        distance = short.start - long.end if short.start >= long.end else long.start - short.end
        if distance < 0 or distance > PAIR_DISTANCE:
            continue
        result = align(short.text, long.text, [0]) or align_unordered(short.text, long.text, [0])
        if result is None or result.unmatched or result.start != 0 or result.quality < MIN_QUALITY:
            continue
        if best is None or distance < best[0]:
            best = (distance, Definition(short, long, "tagger", result.quality))
    return best[1] if best else None
