"""Short-form occurrences of a document: where each is defined, and every other use of it."""

from __future__ import annotations

import functools
import multiprocessing
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, TypeVar

from termlens.acronyms.rules import Definition, find_definitions
from termlens.acronyms.spans import RangeSet
from termlens.errors import OptionError, checked_texts
from termlens.markup import code_spans, declared, may_hold_markup, navigation
from termlens.normal_form import NormalForm
from termlens.text import (
    LANGUAGES,
    Document,
    LanguageOption,
    Span,
    guess_language,
    holds_address,
    language_code,
)

CHUNK_SIZE: Final = 64  # documents sent to a worker process at a time
# Each language's closed-class words (articles, pronouns, prepositions, auxiliaries and the
# plainest conjunctions; French text is read with the Spanish rules): written in lower case, a
# defined short form that is one ("Italian [it]", "español (es)") is used nowhere else, where it
# is the word ("install it", "its"). Not words that name things in lower case too: "so" (the
# sine oculis gene), nor "en" (engrailed) in English text.
_FUNCTION_WORDS: Final = {
    "en": frozenset(
        """a an the i me my mine we us our ours you your yours he him his she her hers it its they
        them their theirs this that these those who whom whose which what at by for from in into
        of on onto to with within without about above across after against along among around
        before behind below beneath beside besides between beyond during except inside near off
        out outside over past since through throughout toward towards under until upon via and
        or but nor if than whether is am are was were be been being do does did done have has
        had having can could may might must shall should will would not""".split()
    ),
    "es": frozenset(
        """el la lo los las un una unos unas yo tú él ella ello nosotros vosotros ellos ellas me
        te se nos os le les mi mis tu tus su sus nuestro nuestra este esta esto estos estas ese
        esa eso esos esas que quien cual cuyo a al ante bajo con contra de del desde durante en
        entre hacia hasta mediante para por según sin sobre tras y e o u ni pero sino si es son
        era eran fue fueron ser sido estar está están ha han he has hay haber no""".split()
    ),
}


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One occurrence of a short form, with the definition the document gives it (if any)."""

    short: Span
    definition: Definition | None

    def __reduce__(self) -> tuple[type[Occurrence], tuple[Span, Definition | None]]:
        """Pickle as a constructor call (fast, for worker processes)."""
        return Occurrence, (self.short, self.definition)

    @property
    def defines(self) -> bool:
        """True where this occurrence is the one inside the definition (none is, where the
        document writes the long form out elsewhere: :mod:`termlens.acronyms.written_out`)."""
        definition = self.definition
        return (
            definition is not None
            and definition.short == self.short
            and definition.pattern != "written out"
        )

    @property
    def long(self) -> Span | None:
        """The long form the document gives this short form."""
        return self.definition.long if self.definition is not None else None


def find_abbreviations(doc: Document | str, *, lang: str = "auto") -> list[Occurrence]:
    """Every short-form occurrence in ``doc`` that the document defines, in text order. A str is
    read in ``lang`` as `find --lang` reads it (auto, en, es, or da, fa, fr, vi in the rules
    that suit them; codes or English names).

    >>> [o.long.text for o in find_abbreviations("A support vector machine (SVM) works.")]
    ['support vector machine']
    """
    if isinstance(doc, Document):
        document = doc
    else:
        code = language_code(lang)
        if code != "auto" and code not in LANGUAGES:  # French: the Spanish rules
            from termlens.acronyms.tagger import reading  # the tagger imports this module

            code = reading(code)[0]
        document = Document(doc, lang=code)
    return in_normal_form(
        document,
        lambda d, given, code: occurrences_of(
            d, outside(code, with_declared(given, find_definitions(d)))
        ),
    )


Finder = Callable[[Document, list[Definition], RangeSet | None], list[Occurrence]]


def in_normal_form(
    document: Document, find: Finder, code_known: Sequence[tuple[int, int]] = ()
) -> list[Occurrence]:
    """``find`` run on the document in its normal form (NFC, ligatures spelled out, markup left
    out: see :mod:`termlens.normal_form`), with every span it returns mapped back to
    ``document``; none whose short form lies in code or in the page's navigation, which
    defines for the rest all the same (:func:`markup.navigation`). ``find`` is given the
    definitions the markup declares (HTML's titles, LaTeX's acronym declarations:
    :func:`markup.declared`), their long forms empty there, which the normal form leaves out,
    and where the markup holds them here; and the spans of the normal form that hold code (None
    for none), where it defines nothing (:func:`outside`): those of :func:`markup.code_spans`,
    and ``code_known``, spans of ``document`` its caller knows hold code (a text in its normal
    form already, whose inline code's marks are gone)."""
    if not code_known and document.text.isascii() and not may_hold_markup(document.text):
        return find(document, [], None)  # plain ASCII prose, the common case
    spans = [*code_spans(document.text), *code_known]
    code = ranges(spans)
    form = NormalForm.of(document.text)
    if form.unchanged:
        found = find(document, [], code)
    else:
        normal = Document(form.text, id=document.id, lang=document.lang)
        long_forms: dict[int, Span] = {}
        given = []
        for (short_start, short_end), (long_start, long_end) in declared(document.text):
            start, end = form.normal(short_start), form.normal(short_end)
            if not 0 <= start < end <= len(form.text):
                continue  # markup the normal form leaves out: \newacronym inside <abbr>
            if holds_address(document.text[long_start:long_end]):
                continue
            short = normal.span(start, end)
            given.append(Definition(short, normal.span(short.start, short.start), "markup", 1.0))
            long_forms[short.start] = document.span(long_start, long_end)

        def back(d: Definition) -> Definition:
            long = long_forms[d.short.start] if d.pattern == "markup" else form.span(d.long)
            return Definition(form.span(d.short), long, d.pattern, d.score)

        normal_code = ranges(_in_normal(form, spans))
        found = [
            Occurrence(form.span(o.short), o.definition and back(o.definition))
            for o in find(normal, given, normal_code)
        ]
    return outside_ranges(ranges([*spans, *navigation(document.text)]), found)


def code_in_normal_form(form: NormalForm) -> list[tuple[int, int]]:
    """The spans of ``form``'s text that hold code in the text it was made from
    (:func:`markup.code_spans`; inline code's marks are gone from the normal form)."""
    if form.unchanged:
        return []
    return _in_normal(form, code_spans(form.given))


def _in_normal(form: NormalForm, spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` of the text ``form`` was made from, as spans of its normal form."""
    return [(form.normal(start), form.normal(end)) for start, end in spans]


def outside(code: RangeSet | None, definitions: list[Definition]) -> list[Definition]:
    """The definitions but those whose long form ends in ``code`` or opens with a piece of it:
    a call's "Timezone(timezone.utc)" in "`Timezone(timezone.utc)`" defines nothing, nor does a
    value's "`'explicit'` (EC)", "inverse of `fft`" or "Experimental (`NAPI_EXPERIMENTAL` is
    defined)" (a short form in code may have its long form in prose, "`GCP` (Google Cloud
    Platform)", and an address glued to a long form's first word, as text taken from a PDF
    holds one, leaves it one: "https://gdpr-info.eu/European Union (EU)")."""
    if code is None:
        return definitions
    return [d for d in definitions if not (_ends_in(code, d.long) or _opens_with(code, d.long))]


def _ends_in(code: RangeSet, span: Span) -> bool:
    """Whether ``span``'s last character lies in ``code`` (an empty span's never does: a long
    form the markup declares, which the normal form leaves out)."""
    return span.end > span.start and code.overlaps(span.end - 1, span.end)


def _opens_with(code: RangeSet, span: Span) -> bool:
    """Whether a piece of ``code`` starts where ``span`` does (not one that starts before it)."""
    return (
        span.end > span.start
        and code.overlaps(span.start, span.start + 1)
        and not code.overlaps(span.start - 1, span.start)
    )


def with_declared(declared: list[Definition], found: list[Definition]) -> list[Definition]:
    """The definitions the markup declares, and those found whose short form none of them
    holds."""
    if not declared:
        return found
    shorts = RangeSet()
    for definition in declared:
        shorts.add(definition.short.start, definition.short.end)
    return [*declared, *(d for d in found if not shorts.overlaps(d.short.start, d.short.end))]


class _Found(Protocol):
    @property
    def short(self) -> Span: ...


FoundT = TypeVar("FoundT", bound=_Found)


def in_prose(text: str, found: list[FoundT]) -> list[FoundT]:
    """What was found (occurrences, expansions) whose short form lies in the text's prose: in
    none of its code blocks and inline code (:func:`markup.code_spans`), nor in its navigation
    (:func:`markup.navigation`)."""
    return outside_ranges(ranges([*code_spans(text), *navigation(text)]), found)


def outside_ranges(code: RangeSet | None, found: list[FoundT]) -> list[FoundT]:
    """What was found whose short form lies in none of ``code``'s ranges (None: no code)."""
    if code is None:
        return found
    return [o for o in found if not code.overlaps(o.short.start, o.short.end)]


def code_ranges(text: str) -> RangeSet | None:
    """The spans of ``text`` that hold code (:func:`markup.code_spans`) as a set of ranges, or
    None when it holds none."""
    return ranges(code_spans(text))


def ranges(spans: Sequence[tuple[int, int]]) -> RangeSet | None:
    """``spans`` as a set of ranges, or None for none."""
    if not spans:
        return None
    found = RangeSet()
    for start, end in spans:
        found.add(start, end)
    return found


def occurrences_of(document: Document, definitions: list[Definition]) -> list[Occurrence]:
    """The definitions as occurrences, plus every other use of each defined short form: a use
    takes the definition in force there, or the first one when it comes before them all (a
    title's "MS COCO" that the body defines; one sense per discourse). A long form that holds a
    web or e-mail address defines nothing (:func:`termlens.text.holds_address`). A short form
    written in lower case that is a function word of the document's language
    (:func:`function_word`) is used nowhere else: after "Italian [it]", "install it" and "its"
    are words."""
    definitions = sorted(
        (d for d in definitions if not holds_address(d.long.text)), key=lambda d: d.short.start
    )
    occurrences = [Occurrence(d.short, d) for d in definitions]
    covered = RangeSet()
    by_short: dict[str, list[Definition]] = {}
    for definition in definitions:
        covered.add(definition.long.start, definition.long.end)
        covered.add(definition.short.start, definition.short.end)
        by_short.setdefault(definition.short.text, []).append(definition)
    text = document.text
    # the longest spelling first: a use of "Deep GMM" is not one of GMM too, and "FCNs" is the
    # plural of FCN (and CRF the singular of CRFs) only where it has no definition of its own
    for short_text in sorted(by_short, key=len, reverse=True):
        defined = by_short[short_text]
        starts = [d.short.start for d in defined]
        spellings = [short_text]
        singular = short_form_singular(short_text)
        if singular is not None and singular not in by_short:
            spellings.append(singular)
        for start, end in (m for spelling in spellings for m in _mentions(text, spelling)):
            if covered.overlaps(start, end) or function_word(text[start:end], document.lang):
                continue
            owner = defined[max(0, bisect_left(starts, start) - 1)]
            occurrences.append(Occurrence(document.span(start, end), owner))
            covered.add(start, end)
    occurrences.sort(key=lambda o: (o.short.start, o.short.end))
    return occurrences


def function_word(written: str, lang: str) -> bool:
    """Whether ``written`` is one of the closed-class words of ``lang`` (:data:`_FUNCTION_WORDS`;
    none in a language without a list), as written, in lower case."""
    words = _FUNCTION_WORDS.get(lang)
    return words is not None and written in words


def _mentions(text: str, short: str) -> Iterator[tuple[int, int]]:
    """Offsets of whole-word uses of ``short`` (or its plural) in ``text``."""
    plural = not short.endswith("s")
    at = text.find(short)
    while at != -1:
        end = at + len(short)
        if plural and text.startswith("s", end):
            end += 1
            if end < len(text) and _word_char(text[end]):
                end -= 1
        if (at == 0 or not _word_char(text[at - 1])) and (
            end == len(text) or not _word_char(text[end])
        ):
            yield at, end
        at = text.find(short, at + 1)


def short_form_singular(short: str) -> str | None:
    """The singular of a short form written as a plural (*CRFs*, *NSAIDs*, *GRU's*: an
    initialism of two characters or more, a capital or digit last, then *s* or *'s*), else None."""
    for ending in ("s", "'s", "\u2019s"):
        stem = short[: -len(ending)]
        if short.endswith(ending) and len(stem) >= 2 and (stem[-1].isupper() or stem[-1].isdigit()):
            return stem if any(c.isupper() for c in stem) else None
    return None


def _word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def find_abbreviations_in_many(
    texts: Iterable[str],
    *,
    lang: LanguageOption = "auto",
    jobs: int = 1,
    rules_only: bool = True,
    tagger_lang: str | None = None,
) -> Iterator[list[Occurrence]]:
    """Short forms of each text, in order, on ``jobs`` processes: :func:`find_abbreviations`
    (the rules, in ``lang``), or with ``rules_only=False`` the rules and the tagger
    (:func:`termlens.acronyms.extract.extract`; ``tagger_lang`` picks its model when it is not
    the text's language: da, fa, fr, vi). With ``lang="auto"`` each text is read in the language
    :func:`termlens.text.guess_language` finds, the tagger's languages included. A bad option
    is an error at the call, before any text is read."""
    if jobs < 1:
        raise OptionError(f"jobs must be at least 1, not {jobs}; use 1 for one process")
    work = functools.partial(
        _find_in_text, lang=lang, rules_only=rules_only, tagger_lang=tagger_lang
    )
    return _found_in_many(work, checked_texts(texts, "find_abbreviations_in_many"), jobs)


def _found_in_many(
    work: Callable[[str], list[Occurrence]], texts: Iterable[str], jobs: int
) -> Iterator[list[Occurrence]]:
    """``work`` done on each text, in order, on ``jobs`` processes."""
    if jobs == 1:
        yield from map(work, texts)
        return
    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap(work, texts, chunksize=CHUNK_SIZE)


def _find_in_text(
    text: str, lang: LanguageOption, rules_only: bool, tagger_lang: str | None
) -> list[Occurrence]:
    if lang == "auto" and tagger_lang is None:
        from termlens.acronyms.tagger import reading  # the tagger imports this module

        lang, tagger_lang = reading(guess_language(text))
    document = Document(text, lang=lang)
    if rules_only:
        return find_abbreviations(document)
    from termlens.acronyms.extract import extract  # the tagger imports this module

    return extract(document, lang=tagger_lang)
