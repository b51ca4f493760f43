"""Expanding every short form of a text: the text's own definition first, else the dictionary.

A definition in the document holds for all its uses, earlier ones too (one sense per
discourse). A short form the document never defines gets one meaning for the whole document
too: the candidate with the highest probability averaged over its occurrences, each judged on
the text around it. Below ``threshold`` the expansion abstains (no meaning, alternatives still
listed).
"""

from __future__ import annotations

import multiprocessing
import os
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cache
from itertools import islice, pairwise
from pathlib import Path
from typing import Literal, NamedTuple

from termlens.acronyms.dictionary import AcronymDictionary
from termlens.acronyms.disambiguate import Candidate, Disambiguator, Evidence, pooled
from termlens.acronyms.extract import extract, shouted
from termlens.acronyms.identify import (
    Occurrence,
    code_in_normal_form,
    in_prose,
    outside_ranges,
    ranges,
    short_form_singular,
)
from termlens.acronyms.lexical import STOPWORDS, imaging_adjective, sense_groups
from termlens.acronyms.rerank import REREAD_USES, default_context_check
from termlens.acronyms.rules import (
    Definition,
    explains,
    has_capitals,
    is_roman_numeral,
    looks_like_short_form,
    unbroken,
)
from termlens.acronyms.spans import RangeSet
from termlens.acronyms.symbols import (
    country_in_brackets,
    place_in_address,
    unit_after_number,
)
from termlens.acronyms.tagger import reading
from termlens.acronyms.wordlist import seen
from termlens.acronyms.written_out import written_out
from termlens.errors import OptionError, check_text, checked_texts, choose_one
from termlens.io import available_memory
from termlens.markup import acronym_uses, code_spans, declared
from termlens.normal_form import NormalForm, normalized
from termlens.resources import resource_path
from termlens.text import (
    Document,
    Span,
    guess_language,
    holds_address,
    language_code,
    language_segments,
    singular,
    without_accents,
)

DICTIONARY_FILE = "acronyms.sqlite"
WORKER_BYTES = 500_000_000  # a worker's memory with the encoders and a long document (measured)
CONTEXT_CHARS = 300  # characters on each side of an occurrence used as its context
ALTERNATIVES = 3
# an article, or a piece of a word cut before a capital ("e United Nations …": "The" cut)
_LEADING_ARTICLE = re.compile(
    r"(?i:the|an?|el|la|los|las|le|les)\s+|(?:al|del)\s+|(?i:l['’])|[a-z]{1,2} (?=[A-Z])"
)
_LOST_APOSTROPHE = re.compile(r"(?<=[^\W\d_])\?(?=s\b)")  # "Amazon?s": an encoding lost it
_CUT_FULL_STOP = re.compile(r"\s\S*[^\W\d_]{5}\.$")  # after a word of five letters or more
_TOKENISED_JOINS = re.compile(r"(?<=\w) ([-/]) (?=\w)")
_TOKENISED_BEFORE = re.compile(r"(?<=[\w)\]]) (?=[,;:)\]]|['’]s\b)")  # "red , green", "Amazon 's"
_TOKENISED_AFTER = re.compile(r"(?<=[(\[]) (?=\w)")  # "( with
_DOTTED_INITIALISM = re.compile(r"(?<![\w.])(?:[A-Z]\.){2,}(?![\w.])")  # U.S., U.S.A.
# a word of two capitals or more (and digits), after up to three small letters, not part of a
# compound or code, tokenised or not: VIH, PIB, H2O, mRNA, eGFR, but not the K of K-SVD, the GAN
# of "LS - GAN", the IIS of "IIS - 1618477"
_CAPITALS = re.compile(
    r"(?<![\w./-])(?<!\w [-/] )(?=[a-z]{0,3}(?:\d*[A-Z]){2})[a-z]{0,3}[A-Z\d]+s?"
    r"(?![\w/-]|\.\w| [-/] \w)"
)
ExpansionSource = Literal["defined", "dictionary", "abstained", "unknown"]
# the languages expand reads: the text model's, and French (its rules are the Spanish ones, its
# tagger the Spanish model, its senses those the dictionary records in French)
ExpandLanguage = Literal["auto", "en", "es", "fr"]
EXPAND_LANGUAGES: tuple[ExpandLanguage, ...] = ("auto", "en", "es", "fr")
# what numpy's BLAS (OpenBLAS, or MKL through OpenMP) reads at start to size its thread pool
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
BATCH = 64  # documents whose undefined short forms are ranked together
# uses of one short form in one document that are ranked, spread over the document: one sense per
# discourse, so a paper's fifty uses need not all be encoded (bench/expand_vs_definitions.py: 6
# of 935 answers change, with half as many uses ranked; docs/benchmarks-log.md)
RANKED_USES = 8
THRESHOLD = 0.3  # the confidence under which expand abstains, by default
# where a symbol stands (:mod:`symbols`): a unit after a number, a place in an address, a country
# alone in brackets after a name
Position = Literal["number", "address", "brackets"]
# (right + 1) / (read + 2) in bench/symbols_by_position.py: 125 of 125 units, 365 of 365 places
# in addresses and 14 of 14 countries in brackets read by their position right
POSITION_CONFIDENCE: dict[Position, float] = {"number": 0.992, "address": 0.997, "brackets": 0.938}
# the alignment quality (the rules' score per unit) a bracket's long form needs to define a
# country's symbol: the definitions of these symbols in the open texts score 1.8 or 2.0, but
# "University of Southern California (USA)" 0.8 (and "United States of America (U.S.)", 0.95,
# names the country)
COUNTRY_QUALITY = 1.0
_OPENING = {")": "(", "]": "[", "}": "{"}
_PIECE_EDGES = " /-–—,;:."  # what a piece of a long form cut at a stray bracket sheds
# where a tagged short form joins two: a space ("SiC MOSFETs"), a slash ("CPU/GPU", which the
# SDU@AAAI-22 English gold marks whole), or a hyphen before a word in small letters ("DC-link",
# "GPU-based"; not "NF-kB", "TNF-a")
_JOINED = re.compile(r"\s+|/|[-‐‑](?=[a-z]{3,}\b)")
_LAST_WORD = re.compile(r"(?<![\w\-])[A-Za-z][a-z]{2,}$")  # the head of an English long form


@dataclass(frozen=True, slots=True)
class Expansion:
    """A short form occurrence and what it means here."""

    short: Span
    long: str | None
    source: ExpansionSource
    confidence: float
    alternatives: tuple[tuple[str, float], ...] = ()
    definition: Span | None = None  # the long form in the text, when the text defines it
    defines: bool = False  # this occurrence is the one inside the definition


@cache
def default_dictionary() -> AcronymDictionary:
    """The bundled dictionary (opened read-only once per process)."""
    return AcronymDictionary.open(resource_path(DICTIONARY_FILE))


def expand(
    text: str,
    *,
    lang: str = "auto",
    disambiguator: Disambiguator | None = None,
    threshold: float = THRESHOLD,
) -> list[Expansion]:
    """Every short form occurrence of ``text`` with its meaning, in text order. ``lang`` is how
    to read the text, as `find --lang` takes it (auto, en, es, da, fa, fr, vi; see
    :func:`termlens.acronyms.tagger.reading`); the disambiguator decides the senses' language.
    Without one, as ``termlens expand`` and :func:`expand_many` read it: the bundled dictionary,
    each stretch of the text ranked among the senses of its language."""
    check_text(text, "expand")
    lang = _checked_options(lang, threshold)
    if disambiguator is None:
        return _default_worker().expanded([text], threshold, lang)[0]
    form = NormalForm.of(text)
    occurrences = _occurrences(
        form.text,
        lang,
        disambiguator.dictionary,
        disambiguator.exclude_sources,
        code_in_normal_form(form),
    )
    return in_original(expand_occurrences(form.text, occurrences, disambiguator, threshold), form)


def _checked_options(lang: str, threshold: float) -> str:
    """``lang`` as its code (an English name too: *Spanish* is *es*), an error when `find`
    cannot read it; an error for a threshold outside 0–1, which the command line cannot take."""
    if not 0.0 <= threshold <= 1.0:
        raise OptionError(f"threshold {threshold}: give a confidence between 0 and 1")
    code = language_code(lang)
    reading(code)  # an unknown language: one clear error, now
    return code


def expand_language(lang: str) -> ExpandLanguage:
    """A language :func:`expand_many` reads (auto, en, es, fr), by its code or English name; an
    OptionError for any other."""
    code = language_code(lang)
    if code not in EXPAND_LANGUAGES:
        raise choose_one("language", code, list(EXPAND_LANGUAGES))
    return code


@cache
def _default_worker() -> _Worker:
    """:func:`expand_many`'s worker over the bundled dictionary, for :func:`expand` and
    :func:`expand_occurrences` without a disambiguator (one per process: it keeps its rankers,
    whatever the threshold and the language option)."""
    return _Worker(_Setup("", "auto", THRESHOLD, reread=True, complete=False))


def in_original(expansions: list[Expansion], form: NormalForm) -> list[Expansion]:
    """Expansions of ``form``'s text (NFC, ligatures spelled out, markup left out: see
    :mod:`termlens.normal_form`), their spans moved to the original text's offsets, none in
    inline code (which the normal form reads as text) nor in a page's navigation, and the
    meanings the markup declares (:func:`with_declarations`)."""
    if form.unchanged:
        return expansions
    moved = [
        replace(e, short=form.span(e.short), definition=e.definition and form.span(e.definition))
        for e in expansions
    ]
    return with_declarations(in_prose(form.given, moved), form.given)


def with_declarations(expansions: list[Expansion], text: str) -> list[Expansion]:
    """The expansions of ``text`` with the meanings the markup declares (``<abbr
    title="World Health Organization">WHO</abbr>``, ``\\newacronym{gan}{GAN}{generative
    adversarial network}``: :func:`markup.declared`): the declared short form is defined
    there, and its other uses take that meaning (LaTeX's "\\ac{gan}" too:
    :func:`markup.acronym_uses`), unless the text defines them otherwise."""
    marked = declared(text)
    if not marked:
        return expansions
    used = {(start, end): short for start, end, short, _ in acronym_uses(text)}
    long_forms = {
        short: Span(*long, text[slice(*long)])
        for short, long in marked
        if not holds_address(text[slice(*long)])
    }
    meanings: dict[str, Span] = {}
    for (start, end), long in long_forms.items():
        meanings.setdefault(text[start:end], long)
    out = [
        Expansion(
            Span(*short, text[slice(*short)]), normalized(t.text), "defined", 1.0, (), t, True
        )
        for short, t in long_forms.items()
    ]
    for expansion in expansions:
        at = (expansion.short.start, expansion.short.end)
        meaning = meanings.get(used.get(at, expansion.short.text))
        if at in long_forms:
            continue
        if meaning is not None and expansion.source != "defined":
            expansion = Expansion(
                expansion.short, normalized(meaning.text), "defined", 1.0, (), meaning
            )
        out.append(expansion)
    return sorted(out, key=_at)


def _occurrences(
    text: str,
    lang: str,
    dictionary: AcronymDictionary,
    exclude_sources: frozenset[str] = frozenset(),
    code: Sequence[tuple[int, int]] = (),
) -> list[Occurrence]:
    """The short forms of ``text`` read in ``lang`` (rules and tagger; ``code``: spans of it
    that held code in the text it was made from, where nothing is defined), and the dotted
    initialisms and words in capitals the dictionary knows but from ``exclude_sources``
    (:func:`with_dotted_initialisms`, :func:`with_known_capitals`), none in a Markdown code
    block; those the text does not define defined by a name it writes out, one the dictionary
    knows (again not from ``exclude_sources``) or one in capitals
    (:func:`written_out.written_out`)."""
    rules, tagger = reading(lang)
    document = Document(text, lang=rules)
    occurrences = extract(document, lang=tagger, names_written_out=False, code=code)
    known = lambda short: dictionary.knows(short, exclude_sources)  # noqa: E731
    found = with_known_capitals(text, with_dotted_initialisms(text, occurrences, known), known)
    found = defined_as_the_dictionary_says(text, found, dictionary, exclude_sources)
    senses = lambda short: _senses(dictionary, short, exclude_sources)  # noqa: E731
    spans = code_spans(text)
    found = written_out(text, found, senses, ranges([*spans, *code]))
    return outside_ranges(ranges(spans), found)


def defined_as_the_dictionary_says(
    text: str,
    occurrences: list[Occurrence],
    dictionary: AcronymDictionary,
    exclude_sources: frozenset[str] = frozenset(),
) -> list[Occurrence]:
    """The occurrences, where an undefined short form stands alone in brackets right after one
    of the long forms the dictionary knows for it (but from ``exclude_sources``, as the ranker
    reads it), defined by that long form, as the rules define one whose letters they can align
    ("le Programme commun des Nations Unies sur le VIH/sida (ONUSIDA)"); its other uses take
    the definition, as in :func:`identify.occurrences_of`."""
    made: dict[str, Definition] = {}
    for occurrence in occurrences:
        short = occurrence.short
        if occurrence.long is not None or short.text in made:
            continue
        if text[short.start - 1 : short.start] != "(" or text[short.end : short.end + 1] != ")":
            continue
        end = short.start - 1
        while end > 0 and text[end - 1].isspace():
            end -= 1
        for long in _spellings(dictionary, short.text, exclude_sources):
            start = end - len(long)
            if start >= 0 and text[start:end].lower() == long.lower() and not _glued(text, start):
                span = Span(start, end, text[start:end])
                made[short.text] = Definition(short, span, "long (short)", 1.0)
                break
    if not made:
        return occurrences
    return [
        Occurrence(o.short, made[o.short.text]) if o.long is None and o.short.text in made else o
        for o in occurrences
    ]


def _spellings(
    dictionary: AcronymDictionary, short: str, exclude_sources: frozenset[str]
) -> list[str]:
    """The written long forms of :func:`_senses`, the longest first."""
    spellings = {long for _, long in _senses(dictionary, short, exclude_sources)}
    return sorted(spellings, key=len, reverse=True)


def _senses(
    dictionary: AcronymDictionary, short: str, exclude_sources: frozenset[str]
) -> Iterator[tuple[str, str]]:
    """The (sense, spelling) pairs the dictionary knows for ``short``, or for it in the other
    number (:func:`_other_number`)."""
    other = _other_number(short)
    for known in (short,) if other is None else (short, other):
        for sense in dictionary.lookup(known, exclude_sources):
            yield from ((sense.key, long) for long, _ in sense.variants)


def _glued(text: str, start: int) -> bool:
    """Whether ``start`` falls inside a word (a long form must start at one's start)."""
    return start > 0 and text[start - 1].isalnum()


def with_dotted_initialisms(
    text: str, occurrences: list[Occurrence], known: Callable[[str], bool]
) -> list[Occurrence]:
    """The occurrences, and every ``known`` dotted initialism no occurrence overlaps (*U.S.*,
    *U.K.*, *U.S.A.*, but not a name's *J.K.*): the tagger rarely marks them, having seen few
    (the SDU@AAAI-22 gold marks 16 of the 17 in its English files, some with and some without
    the last dot, so ``find`` and its benchmarks leave them to the tagger), yet a reader wants
    them expanded."""
    taken = _spanned(occurrences)
    extra = [
        Occurrence(Span(m.start(), m.end(), m.group()), None)
        for m in _DOTTED_INITIALISM.finditer(text)
        if not taken.overlaps(m.start(), m.end()) and known(m.group())
    ]
    return sorted([*occurrences, *extra], key=lambda o: o.short.start) if extra else occurrences


def with_known_capitals(
    text: str, occurrences: list[Occurrence], known: Callable[[str], bool]
) -> list[Occurrence]:
    """The occurrences, and every ``known`` word of two capitals or more (after up to three small
    letters: *mRNA*, *eGFR*, *pCO2*) that no occurrence overlaps, unless it is a Roman numeral, a
    function word or part of a shouted heading. The taggers follow their training gold, which
    leaves many uses unmarked, and read other kinds of text less well: in the BARR2 clinical
    cases the Spanish tagger misses *VIH*, *FA*, *RMN*, *iPTH*, which their gold marks 187 times
    out of the 201 this adds (``bench/expand_occurrences.py``).
    An undefined short form that is not ``known`` gives way to the known short forms it joins
    (:data:`_JOINED`): "a REST API", which the English gold would mark whole, "SiC MOSFETs",
    "the DC-link voltage", "the CPU/GPU split"; a piece must have two capitals, as those do, so
    "the Ad Hoc Committee", which the English legal gold marks whole 17 times in 42, keeps its
    *Ad* (which the bundle knows as *advertising clicks*)."""

    def wanted(span: Span) -> bool:
        return _known_word(text, span, known)

    pieces = {
        id(o): [p for p in _pieces(o.short) if has_capitals(p.text) and wanted(p)]
        for o in occurrences
        if o.long is None and _JOINED.search(o.short.text) and not known(o.short.text)
    }
    unknown = set(pieces)
    taken = _spanned(o for o in occurrences if id(o) not in unknown)
    extra = [Occurrence(piece, None) for found in pieces.values() for piece in found]
    for occurrence in extra:
        taken.add(occurrence.short.start, occurrence.short.end)
    for m in _CAPITALS.finditer(text):
        span = Span(m.start(), m.end(), m.group())
        if not taken.overlaps(span.start, span.end) and wanted(span):
            extra.append(Occurrence(span, None))
    if not extra:
        return occurrences
    found = _spanned(extra)
    kept = [
        o
        for o in occurrences
        if id(o) not in unknown or not found.overlaps(o.short.start, o.short.end)
    ]
    return sorted([*kept, *extra], key=lambda o: o.short.start)


def _pieces(short: Span) -> list[Span]:
    """The parts of a short form where it joins two (:data:`_JOINED`)."""
    bounds = [0, *(i for m in _JOINED.finditer(short.text) for i in m.span()), len(short.text)]
    return [
        Span(short.start + start, short.start + end, short.text[start:end])
        for start, end in zip(bounds[::2], bounds[1::2], strict=True)
    ]


def _known_word(text: str, span: Span, known: Callable[[str], bool]) -> bool:
    """Whether a word of ``text`` with a capital is a ``known`` short form (or its plural), and
    no Roman numeral, function word or part of a shouted heading."""
    word = span.text
    return (
        any(c.isupper() for c in word)
        and looks_like_short_form(word)
        and not is_roman_numeral(word)  # "Anexo II", "Phase IV"
        and word.lower() not in STOPWORDS
        and not shouted(text, span)
        and _known_reading(word, known) is not None
    )


def _spanned(occurrences: Iterable[Occurrence]) -> RangeSet:
    """The characters the occurrences' short forms cover."""
    spans = RangeSet()
    for occurrence in occurrences:
        spans.add(occurrence.short.start, occurrence.short.end)
    return spans


def expand_many(
    texts: Iterable[str],
    *,
    lang: str = "auto",
    dictionary: Path | None = None,
    threshold: float = THRESHOLD,
    jobs: int = 1,
    reread: bool = True,
    complete: bool = False,
) -> Iterator[list[Expansion]]:
    """:func:`expand` for many texts, in order, on ``jobs`` processes (each loads the encoders
    and opens the dictionary once); ``dictionary`` defaults to the bundled one. Each text's
    language (``lang``: auto, en, es or fr, or their English names; "auto" detects it per text)
    keeps out senses recorded only in others.
    Texts go :data:`BATCH` at a time, their undefined short forms ranked together. English
    rankings get a second reading by sentence vectors (:mod:`termlens.acronyms.rerank`) unless
    ``reread`` is False: about twice as fast, less accurate (BENCHMARKS.md). A ``complete``
    dictionary is known to hold every meaning of its short forms (a closed list): a meaning's
    confidence is then its share among the senses listed, with no room left for one the
    dictionary lacks (the :class:`Disambiguator`'s ``complete``). A bad option is an error at
    the call, before any text is read."""
    if jobs < 1:
        raise OptionError(f"jobs must be at least 1, not {jobs}; use 1 for one process")
    free = available_memory() if jobs > 1 else None
    if free is not None and jobs * WORKER_BYTES > free:
        raise OptionError(
            f"jobs {jobs}: each worker process loads the models (about "
            f"{WORKER_BYTES / 1e9:.1f} GB), and {free / 1e9:.1f} GB is free; give at most "
            f"{max(1, free // WORKER_BYTES)}"
        )
    code = expand_language(_checked_options(lang, threshold))
    if complete and dictionary is None:
        raise OptionError(
            "complete needs a dictionary of your own: the bundled one does not hold every meaning"
        )
    setup = _Setup(str(dictionary) if dictionary else "", code, threshold, reread, complete)
    return _expanded_in_batches(setup, checked_texts(texts, "expand_many"), jobs)


class _Setup(NamedTuple):
    """What each worker process of :func:`expand_many` is started with (the dictionary file,
    "" for the bundled one, and the options)."""

    dictionary: str
    lang: ExpandLanguage
    threshold: float
    reread: bool
    complete: bool


def _expanded_in_batches(
    setup: _Setup, texts: Iterable[str], jobs: int
) -> Iterator[list[Expansion]]:
    """The texts expanded :data:`BATCH` at a time by workers started with ``setup``, in order,
    on ``jobs`` processes."""
    batches = _batches(texts)
    if jobs == 1:
        _start_worker(setup)
        for batch in batches:
            yield from _expand_in_worker(batch)
        return
    context = multiprocessing.get_context("spawn")  # workers that load their own models
    with blas_threads_shared_by(jobs):
        pool = context.Pool(jobs, initializer=_start_worker, initargs=(setup,))
    with pool:
        for done in pool.imap(_expand_in_worker, batches):
            yield from done


def _batches(texts: Iterable[str]) -> Iterator[list[str]]:
    """The texts in lists of :data:`BATCH`, read as they are needed."""
    items = iter(texts)
    while batch := list(islice(items, BATCH)):
        yield batch


@contextmanager
def blas_threads_shared_by(processes: int) -> Iterator[None]:
    """Processes started in this block share the cores: each sizes its BLAS thread pool to
    cores / ``processes`` (unless the environment already says), instead of each taking every
    core. Oversubscribed, two workers on two cores spent three times the CPU time of one."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    share = str(max(1, (cores or 1) // processes))
    added = [name for name in BLAS_THREADS if name not in os.environ]
    os.environ.update(dict.fromkeys(added, share))
    try:
        yield
    finally:
        for name in added:
            os.environ.pop(name, None)


class _Worker:
    """One process's dictionary and rankers (one per language met, when ``lang`` is auto)."""

    def __init__(self, setup: _Setup) -> None:
        self.store = (
            AcronymDictionary.open(Path(setup.dictionary))
            if setup.dictionary
            else default_dictionary()
        )
        self.lang, self.threshold, self.reread = setup.lang, setup.threshold, setup.reread
        self.complete = setup.complete
        self.rankers: dict[str, Disambiguator] = {}

    def ranker(self, language: str) -> Disambiguator:
        """The ranker among the senses of ``language`` (made at its first use), English
        rankings re-read unless the setup says not to."""
        if language not in self.rankers:
            english = language == "en" and self.reread
            check = default_context_check() if english else None
            self.rankers[language] = Disambiguator(
                self.store, language=language, complete=self.complete, check=check
            )
        return self.rankers[language]

    def __call__(self, texts: list[str]) -> list[list[Expansion]]:
        """:meth:`expanded` at the setup's threshold."""
        return self.expanded(texts, self.threshold)

    def expanded(
        self, texts: list[str], threshold: float, lang: str | None = None
    ) -> list[list[Expansion]]:
        """The texts expanded, those of one senses' language ranked in one batch; with "auto",
        each stretch of a text in one language (:func:`language_segments`) as a text of its own;
        meanings under ``threshold`` abstained on. ``lang`` (any language `find` reads) overrides
        the setup's."""
        lang = self.lang if lang is None else lang
        found: dict[str, list[tuple[int, int, str, list[Occurrence]]]] = defaultdict(list)
        forms = [NormalForm.of(text) for text in texts]
        for i, form in enumerate(forms):
            text, code = form.text, code_in_normal_form(form)
            # "auto" reads the text as `find` does (a Danish text with the Danish tagger),
            # guessed once here for both the short forms and the senses
            segments = language_segments(text) if lang == "auto" else [(0, lang)]
            ends = [*(start for start, _ in segments[1:]), len(text)]
            for (start, read_as), end in zip(segments, ends, strict=True):
                inside = [
                    (max(s, start) - start, min(e, end) - start)
                    for s, e in code
                    if s < end and e > start
                ]
                occurrences = _occurrences(text[start:end], read_as, self.store, code=inside)
                found[_senses_language(read_as)].append((i, start, text[start:end], occurrences))
        out: list[list[Expansion]] = [[] for _ in texts]
        for language, documents in found.items():
            expanded = expand_found(
                [(text, occurrences) for _, _, text, occurrences in documents],
                self.ranker(language),
                threshold,
            )
            for (i, start, _, _), expansions in zip(documents, expanded, strict=True):
                out[i] += [_shifted(e, start) for e in expansions]
        return [in_original(sorted(e, key=_at), form) for e, form in zip(out, forms, strict=True)]


def _shifted(expansion: Expansion, by: int) -> Expansion:
    """An expansion of a stretch of text starting at ``by``, its spans moved to the text's."""
    if not by:
        return expansion

    def moved(span: Span) -> Span:
        return Span(span.start + by, span.end + by, span.text)

    definition = expansion.definition and moved(expansion.definition)
    return replace(expansion, short=moved(expansion.short), definition=definition)


def _at(expansion: Expansion) -> int:
    return expansion.short.start


def _senses_language(read_as: str) -> str:
    """The language whose senses expand a text read as ``read_as``: French, Spanish, or else
    English (the dictionary records no Danish, Persian or Vietnamese senses)."""
    return read_as if read_as in ("fr", "es") else "en"


_WORKER: list[_Worker] = []


def _start_worker(setup: _Setup) -> None:
    _WORKER[:] = [_Worker(setup)]


def _expand_in_worker(texts: list[str]) -> list[list[Expansion]]:
    return _WORKER[0](texts)


def expand_occurrences(
    text: str,
    occurrences: list[Occurrence],
    disambiguator: Disambiguator | None = None,
    threshold: float = THRESHOLD,
) -> list[Expansion]:
    """Meanings for occurrences already found in ``text``; without a disambiguator, those of
    the bundled dictionary in the text's language, as :func:`expand` gives them."""
    if disambiguator is None:
        language = _senses_language(guess_language(text))
        disambiguator = _default_worker().ranker(language)
    return expand_found([(text, occurrences)], disambiguator, threshold)[0]


def expand_found(
    documents: Sequence[tuple[str, list[Occurrence]]], ranker: Disambiguator, threshold: float
) -> list[list[Expansion]]:
    """:func:`expand_occurrences` for several texts and their occurrences, the undefined short
    forms of all of them ranked in one batch (one encoder pass for many small documents)."""
    english = [(ranker.language or guess_language(text)) == "en" for text, _ in documents]
    named = [
        _named_by_position(text, occurrences) if is_english else {}
        for (text, occurrences), is_english in zip(documents, english, strict=True)
    ]
    groups = [
        _ranked_undefined([o for o in occurrences if o.short.start not in found])
        for (_, occurrences), found in zip(documents, named, strict=True)
    ]
    contexts: list[tuple[str, str]] = []
    asked: dict[str, str] = {}  # the short form the dictionary is asked about, per short form
    for (text, _), ranked in zip(documents, groups, strict=True):
        for short, group in ranked.items():
            if short not in asked:
                asked[short] = dictionary_reading(short, ranker.dictionary, ranker.exclude_sources)
            contexts += [
                (
                    asked[short],
                    text[max(0, o.short.start - CONTEXT_CHARS) : o.short.end + CONTEXT_CHARS],
                )
                for o in group
            ]
    reread = [
        i < REREAD_USES for ranked in groups for group in ranked.values() for i in range(len(group))
    ]
    explained = iter(ranker.rank_many_explained(contexts, reread))
    out = []
    for (_, occurrences), ranked, is_english, found in zip(
        documents, groups, english, named, strict=True
    ):
        chosen = {
            short: document_meaning(ranker, [next(explained) for _ in group])
            for short, group in ranked.items()
        }
        if is_english:  # "RNAs", asked as RNA: *ribonucleic acids*
            chosen = {
                short: [(english_number(long, asked[short], short), p) for long, p in meaning]
                for short, meaning in chosen.items()
            }
        out.append(_expansions(occurrences, chosen, threshold, is_english, found))
    return out


def _named_by_position(text: str, occurrences: list[Occurrence]) -> dict[int, tuple[str, Position]]:
    """The occurrences whose position names them, by start: an undefined short form after a
    number, as a unit (a definition wins: "2 TB patients" after "tuberculosis (TB)"); a short
    form in an address, as a place, whatever the text defines (the rules read "Carlsbad, CA" as
    a definition of CA); and a country's symbol alone in brackets after a name, as the country,
    unless the text defines it (:func:`_defines_country`)."""
    named: dict[int, tuple[str, Position]] = {}
    for o in occurrences:
        if o.long is None and (unit := unit_after_number(text, o.short)) is not None:
            named[o.short.start] = (unit, "number")
        elif (place := place_in_address(text, o.short)) is not None:
            named[o.short.start] = (place, "address")
        elif (country := country_in_brackets(text, o.short)) is not None and not (
            o.definition and _defines_country(o.definition, country)
        ):
            named[o.short.start] = (country, "brackets")
    return named


def _defines_country(definition: Definition, country: str) -> bool:
    """Whether a definition of a country's symbol is one: it names the country ("United Kingdom
    of Great Britain and Northern Ireland (UK)"), or the rules would take the long form for the
    symbol's ("Uncertainty Sampling (US)", "Color Doppler Ultrasound (US)") and, where it is the
    bracket's, they align it well (:data:`COUNTRY_QUALITY`); unlike a reading of a university's
    country ("University of Oxford (UK)": no K; "University of Southern California (USA)": the A
    inside a word, quality 0.8)."""
    long, short = definition.long.text, definition.short.text
    if long.startswith(country):
        return True
    weak = definition.pattern == "long (short)" and definition.score < COUNTRY_QUALITY
    return not weak and explains(short.replace(".", ""), long)


def document_meaning(
    ranker: Disambiguator,
    uses: Sequence[tuple[Sequence[tuple[Candidate, float]], Evidence | None]],
) -> list[tuple[str, float]]:
    """A short form's senses in one document (:func:`discourse_meaning`), but those without a
    letter (the SDU@AAAI-22 English `diction.json` gives *ACL* "-" and *NI* "' :"), which mean
    nothing to a reader; the likeliest of several with the probability the ranker's
    :class:`SeveralSenses` model gives it."""
    meaning = [
        (long, p)
        for long, p in discourse_meaning([ranking for ranking, _ in uses])
        if any(c.isalpha() for c in long)
    ]
    if ranker.several_senses is None:
        return meaning
    return ranker.several_senses.recalibrated(meaning, [e for _, e in uses if e is not None])


def dictionary_reading(
    short: str, dictionary: AcronymDictionary, exclude_sources: frozenset[str] = frozenset()
) -> str:
    """The short form the dictionary is asked about: a plural it does not know (but from
    ``exclude_sources``), as the singular it knows (*RNAs*: *RNA*), else the short form itself."""
    known = lambda s: dictionary.knows(s, exclude_sources)  # noqa: E731
    return _known_reading(short, known) or short


def _known_reading(short: str, known: Callable[[str], bool]) -> str | None:
    """The short form as ``known`` knows it: as written, or in the other number it knows
    (:func:`_other_number`: *RNAs* as *RNA*, *OTU* as *OTUs*); None when it knows neither."""
    if known(short):
        return short
    other = _other_number(short)
    return other if other is not None and known(other) else None


def _other_number(short: str) -> str | None:
    """A plural short form's singular (*RNAs*: *RNA*), an initialism's plural (*OTU*: *OTUs*),
    else None."""
    singular = short_form_singular(short)
    if singular is not None:
        return singular
    return short + "s" if short[-1:].isupper() or short[-1:].isdigit() else None


def ranked_uses(uses: int) -> list[int]:
    """Which of a short form's uses in a document are ranked (by their order in the text): all
    of them up to :data:`RANKED_USES`, else that many spread evenly from the first to the last."""
    if uses <= RANKED_USES:
        return list(range(uses))
    return sorted({round(i * (uses - 1) / (RANKED_USES - 1)) for i in range(RANKED_USES)})


def _ranked_undefined(occurrences: list[Occurrence]) -> dict[str, list[Occurrence]]:
    """The occurrences the text does not define that are ranked (:func:`ranked_uses`), by
    short form."""
    undefined: dict[str, list[Occurrence]] = defaultdict(list)
    for occurrence in occurrences:
        if occurrence.long is None:
            undefined[occurrence.short.text].append(occurrence)
    return {short: [uses[i] for i in ranked_uses(len(uses))] for short, uses in undefined.items()}


def _expansions(
    occurrences: list[Occurrence],
    chosen: dict[str, list[tuple[str, float]]],
    threshold: float,
    english: bool,
    named: dict[int, tuple[str, Position]],
) -> list[Expansion]:
    """Each occurrence with its definition (in :func:`english_number` in English), the name its
    position gives it (``named``, by start: :func:`_named_by_position`), or the meaning
    chosen for its short form."""
    out = []
    for occurrence in occurrences:
        if occurrence.short.start in named:
            name, position = named[occurrence.short.start]
            confidence = POSITION_CONFIDENCE[position]
            out.append(Expansion(occurrence.short, name, "dictionary", confidence))
            continue
        if occurrence.definition is not None:
            long = unbroken(occurrence.definition.long.text)
            defined, used = occurrence.definition.short.text, occurrence.short.text
            if occurrence.definition.pattern == "written out":
                defined = _in_number_of(long, used)
            out.append(
                Expansion(
                    occurrence.short,
                    english_number(long, defined, used) if english else long,
                    "defined",
                    1.0,
                    (),
                    occurrence.long,
                    occurrence.defines,
                )
            )
            continue
        ranked = chosen[occurrence.short.text]
        if not ranked:
            out.append(Expansion(occurrence.short, None, "unknown", 0.0))
            continue
        (best, confidence), rest = ranked[0], tuple(ranked[1 : 1 + ALTERNATIVES])
        if confidence < threshold:
            out.append(
                Expansion(
                    occurrence.short, None, "abstained", confidence, tuple(ranked[:ALTERNATIVES])
                )
            )
        else:
            out.append(Expansion(occurrence.short, best, "dictionary", confidence, rest))
    return out


def english_number(long: str, defined: str, used: str) -> str:
    """An English long form in the number of the short form's use: *phasor measurement units*,
    defined for PMUs, is *phasor measurement unit* said of one PMU, and *support vector machine*,
    defined for SVM, *support vector machines* said of SVMs. Else the long form as it is."""
    last = _LAST_WORD.search(long)
    if last is None or defined == used:
        word = None
    elif used == defined + "s":
        word = _english_plural(last.group())
    elif defined == used + "s":
        word = _english_singular(last.group())
    else:
        word = None
    return long if last is None or word is None else long[: last.start()] + word


def _english_singular(word: str) -> str:
    """The singular of an English plural, as the word list knows it: *bonuses* → *bonus* where
    the rule that gives *causes* → *cause* gives a word no text wrote (*bonuse*)."""
    one = singular(word)
    if one == word or not word.endswith("es") or seen(one):
        return one
    return word[:-2] if seen(word[:-2]) else one


def _in_number_of(name: str, short: str) -> str:
    """The short form in the number of an English name in small letters written out apart from
    it: *ORRs* for *oxygen reduction reactions*, *ORR* for *oxygen reduction reaction* (what
    :func:`english_number` takes as the form the name was given for); the use itself for a
    capitalised name, whose number is its own (*Quora Question Pairs*, *Neural Turing
    Machine*)."""
    if not name.islower():
        return short
    base = short_form_singular(short) or short
    last = _LAST_WORD.search(name)
    plural = last is not None and singular(last.group()) != last.group()
    return base + "s" if plural else base


def _english_plural(word: str) -> str | None:
    """The plural of a singular English noun (None: the word looks plural already)."""
    if word.endswith("is"):
        return word[:-2] + "es"  # analysis
    if word.endswith(("ss", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("s"):
        return None
    if word.endswith("y") and word[-2:-1] not in tuple("aeiou"):
        return word[:-1] + "ies"
    return word + "s"


def _readable(long: str) -> str:
    """A long form without the spaces tokenised sources put around hyphens and slashes, and
    before commas or closing brackets ("long short - term memory" → "long short-term memory",
    "red , green , blue" → "red, green, blue")."""
    joined = _TOKENISED_JOINS.sub(r"\1", " ".join(long.split()))
    return _TOKENISED_AFTER.sub("", _TOKENISED_BEFORE.sub("", joined))


def discourse_meaning(
    rankings: Sequence[Sequence[tuple[Candidate, float]]],
) -> list[tuple[str, float]]:
    """Senses ranked by their probability averaged over a short form's occurrences (one
    ranking each); spellings of one sense, and long forms that name one sense
    (:func:`lexical.same_sense`: *Centers for Disease Control* and *Centers for Disease Control
    and Prevention*), pool their probability, and each is shown in the spelling with the most of
    it (with its accents and the capitals of its names, see :func:`_accented` and
    :func:`_with_name_capitals`, and as its source should have cut it, :func:`_shown`)."""
    senses = {c.sense.key: c.sense for ranking in rankings for c, _ in ranking}
    short = next(iter(senses.values())).short if senses else ""
    longs = [without_stray_brackets(sense.long) for sense in senses.values()]
    group = dict(zip(senses, sense_groups(short, longs), strict=True))
    ranked = pooled(rankings, key=lambda c: group[c.sense.key])
    spellings = [c.long for ranking in rankings for c, _ in ranking]
    return [(_shown(c, short, spellings), round(total / len(rankings), 4)) for c, total in ranked]


def _shown(candidate: Candidate, short: str, spellings: Sequence[str]) -> str:
    """A candidate's spelling as a meaning: its accents and name capitals, a noun
    (:func:`_as_noun`), whole where a line break cut it (:func:`_completed_at_break` among the
    short form's ``spellings``), with the apostrophe a text encoding lost (*Amazon?s Mechanical
    Turk*), without a leading article or a final full stop that its source cut with it."""
    variants = candidate.sense.variants
    written = _with_name_capitals(_as_noun(_accented(candidate), variants), variants)
    whole = _readable(without_stray_brackets(_completed_at_break(written, spellings)))
    return _without_full_stop(_without_article(_LOST_APOSTROPHE.sub("'", whole), short))


def _completed_at_break(long: str, spellings: Sequence[str]) -> str:
    """A long form cut at a line break's hyphen (*predeter-*, *personal pro-*), as the longest
    other spelling of the short form that goes on from it with letters (*predeterminer*,
    *personal pronouns*)."""
    if not long.endswith("-") or len(long) < 4:
        return long
    start = long[:-1].casefold()
    whole = [
        s for s in spellings if s.casefold().startswith(start) and s[len(start) :][:1].isalpha()
    ]
    return max(whole, key=len) if whole else long


def _without_article(long: str, short: str) -> str:
    """A meaning without the article, or the piece of a cut word, that sources cut out of text
    with it (*Le Fonds des Nations Unies pour l'enfance*, *The United Nations Environment
    Programme*, *e Economic Commission for Europe*, Spanish *al ácido acetil salicílico*),
    unless the short form takes its first letter from the article (*A Disintegrin And
    Metalloprotease*, *Los Angeles Police Department*)."""
    article = _LEADING_ARTICLE.match(long)
    if article is None or article.end() == len(long):
        return long
    rest, first = long[article.end() :], short[:1].casefold()
    if long[:1].casefold() == first and without_accents(rest[:1]).casefold() != first:
        return long
    return rest


def _without_full_stop(long: str) -> str:
    """A meaning without the full stop its source cut with it after a word (*Organe
    subsidiaire de conseil scientifique et technologique.*); an abbreviation keeps its own
    (*Northeast Audit Co.*, *Corp.*, *U.S.*)."""
    return long[:-1] if _CUT_FULL_STOP.search(long) else long


def without_stray_brackets(long: str) -> str:
    """A long form cut where it has a bracket it never closes or opens, to its piece of the most
    words: sources that cut long forms out of text by offsets leave such pieces (*bifenilos
    policlorados (*, *GATT)/World Trade Organization*, *Unified Medical Language System)7*)."""
    cuts, opened = [], []
    for i, ch in enumerate(long):
        if ch in "([{":
            opened.append(i)
        elif ch in ")]}":
            if opened and long[opened[-1]] == _OPENING[ch]:
                opened.pop()
            else:
                cuts.append(i)
    cuts = sorted(cuts + opened)
    if not cuts:
        return long
    pieces = [long[a + 1 : b].strip(_PIECE_EDGES) for a, b in pairwise([-1, *cuts, len(long)])]
    best = max(pieces, key=lambda piece: len(piece.split()))
    return without_stray_brackets(best) if best else long  # pairs across a cut ("(a})") part


def _accented(candidate: Candidate) -> str:
    """The candidate's spelling, or the spelling of its sense that has the same letters with
    accents: text loses its accents (the BARR2 annotators write *proteina c reactiva* 17 times
    beside 7 *proteína c reactiva*), it rarely gains wrong ones. Not for a sense English sources
    give: English writes *pentachlorophenol* where French writes *pentachlorophénol*."""
    long = candidate.long
    if without_accents(long) != long or "en" in candidate.sense.languages:
        return long
    return next(
        (v for v, _ in candidate.sense.variants if v != long and without_accents(v) == long), long
    )


def _as_noun(long: str, variants: Iterable[tuple[str, int]]) -> str:
    """The long form, or where it ends in an imaging's adjective (*electrocardiographic*,
    *endoscopic*), the most counted spelling of its sense with the same words before and a noun
    last (*electrocardiogram*): an acronym stands for a noun, "an ECG (electrocardiogram)
    showed", and reads well as one before another ("ECG (electrocardiogram) findings")."""
    written = long.casefold().split()
    if not written or not imaging_adjective(written[-1]):
        return long
    nouns = [
        (count, variant)
        for variant, count in variants
        if (other := variant.casefold().split())
        and other[:-1] == written[:-1]
        and not imaging_adjective(other[-1])
    ]
    return max(nouns, key=lambda pair: pair[0])[1] if nouns else long


def _with_name_capitals(long: str, variants: Iterable[tuple[str, int]]) -> str:
    """The long form with the capitals that another spelling of it writes on a word in capitals
    or a letter standing alone, where it writes none: *proteína c reactiva* → *proteína C
    reactiva*, *decoder rnn* → *decoder RNN*. Such capitals belong to a name. A spelling that
    capitalises every word (*Ministerio De Salud Y Consumo*) or shouts (*LOW SPECIFIC
    ACTIVITY*) shows its writer's style instead, and capitals inside a word may show the short
    form's letters (*structural SIMilarity*): those are left as they are."""
    words, folded = long.split(), _folded(long)
    for variant, _ in variants:
        other = variant.split()
        if len(other) == len(words) and _folded(variant) == folded:
            long_words = [o for o in other if len(o) > 1]
            titled = all(o[0].isupper() for o in long_words)
            if sum(o.isupper() for o in long_words) * 2 > len(long_words):
                continue  # shouted
            words = [
                o
                if w.islower() and o.isupper() and (len(o) > 1 or _letter_named(i, other, titled))
                else w
                for i, (w, o) in enumerate(zip(words, other, strict=True))
            ]
    return " ".join(words)


def _folded(text: str) -> str:
    """The text without accents, case or runs of spaces."""
    return " ".join(without_accents(text).lower().split())


def _letter_named(i: int, words: Sequence[str], titled: bool) -> bool:
    """Whether the capital letter standing alone as the ``i``-th of a spelling's ``words``
    belongs to a name (*vitamina A*, *linfoma linfocítico B de células pequeñas*, *O - D
    demand*): not where the spelling capitalises every word, nor a function word between
    words (*maximum A posteriori probability* shows the short form's letters)."""
    if titled:
        return False
    between_words = all(any(c.isalpha() for c in w) for w in words[max(i - 1, 0) : i + 2])
    return i == len(words) - 1 or words[i].lower() not in STOPWORDS or not between_words
