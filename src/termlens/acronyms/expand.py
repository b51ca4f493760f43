"""Expanding every short form of a text: the text's own definition first, else the dictionary.

A definition in the document holds for all its later uses (one sense per discourse). A short
form the document never defines gets one meaning for the whole document too: the candidate with
the highest probability averaged over its occurrences, each judged on the text around it. Below
``threshold`` the expansion abstains (no meaning, alternatives still listed).
"""

from __future__ import annotations

import multiprocessing
import os
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from termlens.acronyms.dictionary import AcronymDictionary
from termlens.acronyms.disambiguate import Disambiguator, pooled
from termlens.acronyms.identify import Occurrence, find_abbreviations_in_many
from termlens.acronyms.tagger import reading
from termlens.errors import OptionError
from termlens.resources import resource_path
from termlens.text import Span, guess_language

DICTIONARY_FILE = "acronyms.sqlite"
CONTEXT_CHARS = 300  # characters on each side of an occurrence used as its context
ALTERNATIVES = 3
PREFIX = 5  # letters of each word that tell senses apart when the probabilities are summed
_TOKENISED_JOINS = re.compile(r"(?<=\w) ([-/]) (?=\w)")
ExpansionSource = Literal["defined", "dictionary", "abstained", "unknown"]
# the languages expand reads: the text model's, and French (its rules are the Spanish ones, its
# tagger the Spanish model, its senses those the dictionary records in French)
ExpandLanguage = Literal["auto", "en", "es", "fr"]
EXPAND_LANGUAGES: tuple[ExpandLanguage, ...] = ("auto", "en", "es", "fr")
# what numpy's BLAS (OpenBLAS, or MKL through OpenMP) reads at start to size its thread pool
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


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


@cache
def default_disambiguator() -> Disambiguator:
    """A ranker over the bundled dictionary, built once per process (it loads the encoder)."""
    return Disambiguator(default_dictionary())


def expand(
    text: str,
    *,
    lang: str = "auto",
    disambiguator: Disambiguator | None = None,
    threshold: float = 0.3,
) -> list[Expansion]:
    """Every short form occurrence of ``text`` with its meaning, in text order. ``lang`` is how
    to read the text, as `find --lang` takes it (auto, en, es, da, fa, fr, vi; see
    :func:`termlens.acronyms.tagger.reading`); the disambiguator decides the senses' language."""
    rules, tagger = reading(lang)
    (occurrences,) = find_abbreviations_in_many(
        [text], lang=rules, rules_only=False, tagger_lang=tagger
    )
    return expand_occurrences(text, occurrences, disambiguator, threshold)


def expand_many(
    texts: Iterable[str],
    *,
    lang: ExpandLanguage = "auto",
    dictionary: Path | None = None,
    threshold: float = 0.3,
    jobs: int = 1,
) -> Iterator[list[Expansion]]:
    """:func:`expand` for many texts, in order, on ``jobs`` processes (each loads the encoder
    and opens the dictionary once); ``dictionary`` defaults to the bundled one. Each text's
    language (``lang="auto"``: detected per text) keeps out senses recorded only in others."""
    if jobs < 1:
        raise OptionError(f"jobs must be at least 1, not {jobs}; use 1 for one process")
    setup = (str(dictionary) if dictionary else "", lang, threshold)
    if jobs == 1:
        _start_worker(*setup)
        yield from map(_expand_in_worker, texts)
        return
    context = multiprocessing.get_context("spawn")  # workers that load their own models
    with blas_threads_shared_by(jobs):
        pool = context.Pool(jobs, initializer=_start_worker, initargs=setup)
    with pool:
        yield from pool.imap(_expand_in_worker, texts, chunksize=4)


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

    def __init__(self, dictionary: str, lang: ExpandLanguage, threshold: float) -> None:
        self.store = (
            AcronymDictionary.open(Path(dictionary)) if dictionary else default_dictionary()
        )
        self.lang, self.threshold = lang, threshold
        self.rankers: dict[str, Disambiguator] = {}

    def __call__(self, text: str) -> list[Expansion]:
        # "auto" reads the text as `find` does (a Danish text with the Danish tagger), guessed
        # once here for both the short forms and the senses
        read_as = guess_language(text) if self.lang == "auto" else self.lang
        language = _senses_language(read_as)
        if language not in self.rankers:
            self.rankers[language] = Disambiguator(self.store, language=language)
        return expand(text, lang=read_as, disambiguator=self.rankers[language],
                      threshold=self.threshold)  # fmt: skip


def _senses_language(read_as: str) -> str:
    """The language whose senses expand a text read as ``read_as``: French, Spanish, or else
    English (the dictionary records no Danish, Persian or Vietnamese senses)."""
    return read_as if read_as in ("fr", "es") else "en"


_WORKER: list[_Worker] = []


def _start_worker(dictionary: str, lang: ExpandLanguage, threshold: float) -> None:
    _WORKER[:] = [_Worker(dictionary, lang, threshold)]


def _expand_in_worker(text: str) -> list[Expansion]:
    return _WORKER[0](text)


def expand_occurrences(
    text: str,
    occurrences: list[Occurrence],
    disambiguator: Disambiguator | None = None,
    threshold: float = 0.3,
) -> list[Expansion]:
    """Meanings for occurrences already found in ``text``."""
    ranker = disambiguator or default_disambiguator()
    undefined: dict[str, list[Occurrence]] = defaultdict(list)
    for occurrence in occurrences:
        if occurrence.long is None:
            undefined[occurrence.short.text].append(occurrence)
    chosen = {short: _discourse_meaning(text, group, ranker) for short, group in undefined.items()}
    out = []
    for occurrence in occurrences:
        if occurrence.long is not None:
            out.append(
                Expansion(
                    occurrence.short,
                    occurrence.long.text,
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


def _readable(long: str) -> str:
    """A long form without the spaces tokenised sources put around hyphens and slashes
    ("long short - term memory" → "long short-term memory")."""
    return _TOKENISED_JOINS.sub(r"\1", " ".join(long.split()))


def _loose_key(key: str) -> str:
    """A sense key with each word cut to five letters, so that near-duplicate senses
    ("named entity recognition", "name entity recognizer") share their probability."""
    return " ".join(word[:PREFIX] for word in key.split())


def _discourse_meaning(
    text: str, group: list[Occurrence], ranker: Disambiguator
) -> list[tuple[str, float]]:
    """Senses ranked by their probability averaged over a short form's occurrences; spellings
    of one sense, and near-duplicate senses, pool their probability, and each is shown in the
    spelling with the most of it."""
    contexts = [
        (o.short.text, text[max(0, o.short.start - CONTEXT_CHARS) : o.short.end + CONTEXT_CHARS])
        for o in group
    ]
    ranked = pooled(ranker.rank_many(contexts), key=lambda c: _loose_key(c.sense.key))
    return [(_readable(c.long), round(total / len(group), 4)) for c, total in ranked]
