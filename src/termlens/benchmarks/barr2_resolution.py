"""BARR2 (IberEval 2018) sub-track 2: every abbreviation in a Spanish clinical case, resolved.

Output rows: ``doc_id<TAB>start<TAB>end<TAB>abbreviation<TAB>definition``. Which tokens are
abbreviations is learned from annotated cases (how often each written form was annotated where
it occurred); a definition the case itself gives wins for the whole case; otherwise the
disambiguator ranks the definitions seen for the abbreviation at each use, and the one with the
highest probability summed over the case's uses holds for all of them (one sense per case).

Scores (micro P/R/F1; the official evaluator was not available, so this follows the task's
description): *strict* needs the same case, offsets and definition (case, surrounding and
zero-width spaces ignored); *flexible* also accepts the gold lemmatized definition and ignores
accents and punctuation.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from termlens.acronyms import align, find_abbreviations
from termlens.acronyms.dictionary import AcronymDictionary, Context, Entry
from termlens.acronyms.disambiguate import Candidate, Disambiguator, pooled
from termlens.benchmarks.disambiguation import check_folds
from termlens.benchmarks.metrics import PRF, compare_sets
from termlens.errors import InputError
from termlens.io import atomic_write, digits, read_text
from termlens.text import Document, Span, without_accents

LICENCE = "BARR2 (IberEval 2018), third-party copy; see the data's SOURCE.md"
SIGNATURE = "barr2-subtrack2|micro|strict(doc,offsets,definition)+flexible(lemma,accents)"
SOURCE = "barr2-training-abbreviations"
OTHER_FOLDS = "barr2-other-folds"  # what cross-validation teaches a copy of the bundle
BUNDLED_SOURCES = frozenset({SOURCE, "mined-barr2"})  # the bundle's sources read from BARR2
MIN_RATE = 0.5  # a written form is an abbreviation where annotators marked it this often
CONTEXT_CHARS = 150
_QUANTITY_BEFORE = re.compile(r"[\dº°/]\s?$")
_QUANTITY_AFTER = re.compile(r"\s?:?\s?\d")


@dataclass(frozen=True, slots=True)
class Resolution:
    """An abbreviation occurrence and its definition (end offset exclusive)."""

    doc_id: str
    start: int
    end: int
    abbreviation: str
    definition: str
    lemma: str = ""

    def row(self) -> str:
        return f"{self.doc_id}\t{self.start}\t{self.end}\t{self.abbreviation}\t{self.definition}"


def clean(definition: str) -> str:
    """A definition without surrounding or zero-width spaces, lower case."""
    return " ".join(definition.replace("\u200b", " ").split()).lower()


def read_resolutions(path: Path) -> list[Resolution]:
    """Read an abbreviations TSV (5 or 6 columns; lines starting with # are comments)."""
    out = []
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) < 5 or not digits(fields[1]) or not digits(fields[2]):
            raise InputError(
                f"{path}: line {number}: expected doc_id, start, end, abbreviation, definition"
            )
        lemma = fields[5] if len(fields) > 5 else ""
        out.append(
            Resolution(fields[0], int(fields[1]), int(fields[2]), fields[3], fields[4], lemma)
        )
    return out


def write_predictions(resolutions: Iterable[Resolution], path: Path) -> None:
    with atomic_write(path) as out:
        out.write("# Document_ID\tStartOffset\tEndOffset\tAbbreviation\tDefinition\n")
        for resolution in resolutions:
            out.write(resolution.row() + "\n")


def _loose(text: str) -> str:
    return "".join(c for c in without_accents(clean(text)) if c.isalnum())


def score(predicted: Sequence[Resolution], gold: Sequence[Resolution]) -> tuple[PRF, PRF]:
    """(strict, flexible) micro P/R/F1."""
    strict = compare_sets(
        ((p.doc_id, p.start, p.end, clean(p.definition)) for p in predicted),
        ((g.doc_id, g.start, g.end, clean(g.definition)) for g in gold),
    )
    accepted: dict[tuple[str, int, int], set[str]] = defaultdict(set)
    for g in gold:
        accepted[g.doc_id, g.start, g.end].update({_loose(g.definition), _loose(g.lemma)} - {""})
    tp = sum(
        1
        for p in {(p.doc_id, p.start, p.end, _loose(p.definition)): p for p in predicted}.values()
        if _loose(p.definition) in accepted.get((p.doc_id, p.start, p.end), set())
    )
    n_pred = len({(p.doc_id, p.start, p.end, _loose(p.definition)) for p in predicted})
    n_gold = len(accepted)
    return strict, PRF(tp, n_pred - tp, n_gold - tp)


def teach(
    dictionary: AcronymDictionary,
    texts: dict[str, str],
    gold: Iterable[Resolution],
    licence: str = "",
    tags: Callable[[str], tuple[str, str]] | None = None,
    source: str = SOURCE,
) -> None:
    """Store what annotated cases teach, as ``source``: the definitions seen for each
    abbreviation (counted, with their contexts) and how often each written form was annotated
    where it occurs. A definition's language and domain are ``tags(definition)``, by default
    Spanish, clinical."""
    annotated: Counter[str] = Counter()
    entries: Counter[tuple[str, str]] = Counter()
    contexts = []
    cases = set()
    for g in gold:
        text = texts.get(g.doc_id)
        if text is None or text[g.start : g.end] != g.abbreviation or not clean(g.definition):
            continue  # rows whose offsets do not match the text teach nothing
        cases.add(g.doc_id)
        annotated[g.abbreviation] += 1
        entries[g.abbreviation, clean(g.definition)] += 1
        window = text[max(0, g.start - CONTEXT_CHARS) : g.end + CONTEXT_CHARS]
        contexts.append(Context(g.abbreviation, clean(g.definition), window))
    seen: Counter[str] = Counter()
    pattern = _forms_pattern(annotated)
    for doc_id in cases:
        seen.update(m.group() for m in pattern.finditer(texts[doc_id]))
    tagged = {d: tags(d) if tags else ("es", "clinical") for _, d in entries}
    entries_in = (Entry(s, d, n, *tagged[d]) for (s, d), n in entries.items())
    dictionary.add(entries_in, source, licence, "BARR2 training abbreviations")
    dictionary.add_contexts(contexts, source, licence)
    dictionary.add_usage({s: (n, max(n, seen[s])) for s, n in annotated.items()}, source, licence)


class Resolver:
    """Finds and resolves the abbreviations of clinical cases with what :func:`teach` stored as
    ``source``."""

    def __init__(self, dictionary: AcronymDictionary, source: str = SOURCE) -> None:
        self.dictionary = dictionary
        self.source = source
        self.rates = dictionary.usage(source)
        self._other_sources = frozenset(dictionary.source_names()) - {source}
        if not self.rates:
            raise InputError(f"{dictionary.name}: has no BARR2 abbreviation usage to learn from")
        # only the forms annotators usually mark: a rejected "cm." must leave its "cm" to match
        self._marked = {
            form for form, (annotated, seen) in self.rates.items() if annotated >= MIN_RATE * seen
        }
        self._pattern = _forms_pattern(self._marked)

    def resolve(self, doc_id: str, text: str, ranker: Disambiguator) -> list[Resolution]:
        """Every abbreviation of one case with its definition."""
        occurrences = find_abbreviations(Document(text, lang="es"))
        defined = {o.short.text: clean(o.long.text) for o in occurrences if o.long is not None}
        wanted = [
            Span(o.short.start, o.short.end, o.short.text)
            for o in occurrences
            if o.long is not None and o.short.text not in self.rates
        ]
        also = set(defined).intersection(self.rates) - self._marked
        pattern = _forms_pattern(self._marked | also) if also else self._pattern
        wanted += [
            Span(m.start(), m.end(), m.group())
            for m in pattern.finditer(text)
            if len(m.group()) > 1
            or m.group() in defined
            or _beside_quantity(text, m.start(), m.end())
        ]
        wanted.sort(key=lambda span: span.start)
        undefined = [t for t in wanted if t.text not in defined]
        contexts = [
            (t.text, text[max(0, t.start - CONTEXT_CHARS) : t.end + CONTEXT_CHARS])
            for t in undefined
        ]
        # one sense per case: the written definition with the most probability over the uses
        # (pooling a sense's spellings instead scored 80.18 strict F1 against 80.20)
        uses: defaultdict[str, list[list[tuple[Candidate, float]]]] = defaultdict(list)
        for token, ranking in zip(undefined, ranker.rank_many(contexts), strict=True):
            uses[token.text].append(ranking)
        meanings = {
            short: self._as_annotated(ranked[0][0])
            for short, rankings in uses.items()
            if (ranked := pooled(rankings, key=lambda candidate: candidate.long))
        }
        meanings.update(defined)  # a definition in the case wins, unless it translates
        meanings.update(self._originals(defined))
        return [
            Resolution(doc_id, token.start, token.end, token.text, meanings[token.text])
            for token in wanted
            if token.text in meanings
        ]

    def _as_annotated(self, chosen: Candidate) -> str:
        """The chosen spelling, or the annotators' spelling of its sense where they wrote that
        one at least twice as often: the bundle's other sources favour *prostate-specific
        antigen*, the annotators wrote *prostate specific antigen* 10 times to 1."""
        for sense in self.dictionary.lookup(chosen.sense.short, self._other_sources):
            if sense.key == chosen.sense.key:
                top, most = max(sense.variants, key=lambda variant: variant[1])
                return top if 2 * dict(sense.variants).get(chosen.long, 0) < most else chosen.long
        return chosen.long

    def _originals(self, defined: dict[str, str]) -> dict[str, str]:
        """For each short form whose definition in the case does not spell it (a translation:
        "tomografía de coherencia óptica (OCT)"), the most frequent annotated definition that
        does ("optical coherence tomography"), if any: the annotators write the original."""
        out = {}
        for short, long in defined.items():
            if spelled_in_order(short, long):
                continue
            for sense in self.dictionary.lookup(short, self._other_sources):
                if spelled_in_order(short, sense.long):
                    out[short] = sense.long
                    break
        return out


def spelled_in_order(short: str, long: str) -> bool:
    """Whether the letters of ``short`` are, in order, each content word of ``long`` in turn:
    its first letter, then any more of its letters (ANCA: *an*tineutrophil *c*ytoplasmic
    *a*ntibodies)."""
    letters = [c for c in align.fold(short) if c.isalpha()]
    words = [w for w in re.findall(r"[^\W\d_]+", align.fold(long)) if w not in align.FUNCTION_WORDS]

    def spells(i: int, j: int) -> bool:
        if j == len(words):
            return i == len(letters)
        if i == len(letters) or letters[i] != words[j][0]:
            return False
        at, word = i + 1, words[j][1:]
        for taken in range(len(letters) - at + 1):  # the word's further letters, in order
            if spells(at + taken, j + 1):
                return True
            if at + taken == len(letters) or (k := word.find(letters[at + taken])) < 0:
                return False
            word = word[k + 1 :]
        return False

    return spells(0, 0)


def _beside_quantity(text: str, start: int, end: int) -> bool:
    """A one-letter form is a unit after a number, degree sign or slash (5 g, 39 ºC, mg/l) or a
    symbol before a number (K 4,5 mEq/l; P: 4,4): the training gold marks 465 of 484 uses of the
    first kind, 19 of 29 of the second, and 33 of 404 elsewhere (vitamina C, hepatitis C)."""
    return (
        _QUANTITY_BEFORE.search(text, max(0, start - 2), start) is not None
        or _QUANTITY_AFTER.match(text, end, end + 4) is not None
    )


def _forms_pattern(forms: Iterable[str]) -> re.Pattern[str]:
    """Any of the written forms, longest first, not inside a longer word; a number may come
    right before ("17cm"), and so may the "º" Spanish writes for a degree sign ("39ºC")."""
    ordered = sorted(forms, key=len, reverse=True)
    if not ordered:
        return re.compile(r"(?!x)x")  # matches nothing
    alternatives = "|".join(re.escape(form) for form in ordered)
    return re.compile(rf"(?<![^\W\d_º])(?:{alternatives})(?![^\W_])")


def predict(
    texts: Iterable[tuple[str, str]], resolver: Resolver, ranker: Disambiguator
) -> list[Resolution]:
    return [r for doc_id, text in texts for r in resolver.resolve(doc_id, text, ranker)]


def cross_validate(
    texts: dict[str, str], gold: Sequence[Resolution], folds: int, bundled: Path | None = None
) -> Iterator[Resolution]:
    """Predictions for every case from what the other folds' cases teach (case ``i`` in sorted
    order is in fold ``i % folds``). With a ``bundled`` dictionary file, each fold learns into
    a temporary copy of it whose BARR2 sources are ignored, as a run on unseen cases ranks the
    bundle's other senses too; without, into an empty dictionary."""
    ids = sorted(texts)
    check_folds(folds, len(ids), "cases")
    for fold in range(folds):
        held = {doc_id for i, doc_id in enumerate(ids) if i % folds == fold}
        taught = [g for g in gold if g.doc_id not in held]
        with _taught(texts, taught, bundled) as (store, source, ignored):
            try:
                resolver = Resolver(store, source)
            except InputError:
                raise InputError(
                    f"--folds {folds}: the cases outside fold {fold} hold no annotation that "
                    "matches their text; give more annotated cases, or fewer folds"
                ) from None
            ranker = Disambiguator(store, language="es", exclude_sources=ignored)
            yield from predict(((d, texts[d]) for d in ids if d in held), resolver, ranker)


@contextmanager
def _taught(
    texts: dict[str, str], gold: Sequence[Resolution], bundled: Path | None
) -> Iterator[tuple[AcronymDictionary, str, frozenset[str]]]:
    """A dictionary that ``gold`` taught, the source it taught as and the sources to ignore:
    an empty one, or a temporary copy of ``bundled`` whose own BARR2 sources are ignored."""
    if bundled is None:
        dictionary = AcronymDictionary.create()
        teach(dictionary, texts, gold)
        yield dictionary, SOURCE, frozenset()
        return
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / bundled.name
        shutil.copyfile(bundled, copy)
        with AcronymDictionary.open(copy, writable=True) as store:
            teach(store, texts, gold, source=OTHER_FOLDS)
        with AcronymDictionary.open(copy) as store:
            yield store, OTHER_FOLDS, BUNDLED_SOURCES
