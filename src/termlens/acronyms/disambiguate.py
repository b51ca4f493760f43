"""What an undefined short form means here: dictionary senses ranked by their fit to the context.

Each candidate sense gets a few features — its popularity, how many of its words occur in the
context, whether its initials spell the short form, how well the words seen around it before
(its *profile*) predict the words around this occurrence (cosine and a smoothed language-model
ratio), whether its capitals follow the context's habit (Title Case in a title, lower case
in running text, a capital where it opens a sentence: among spellings of one sense, the one the
writer would use), whether it makes whole words with the letters glued to the short form ("NPs":
*noun phrase* + s), and whether the words around the short form complete it into another long
form of it ("the UNFPA Fund": *United Nations Population*, see :mod:`.completion`). A conditional
logit (softmax over the candidates, weights in ``disambiguator.json``, trained by
``scripts/train_disambiguator.py``) turns them into calibrated probabilities. Short forms with
thousands of senses are first cut to a shortlist by the cheap features. Where the dictionary
knows one sense only, the softmax has nothing to compare it with and would say 1; a logistic
model of that sense's utility and of whether WordNet alone gives it (``sole_sense.json``,
``scripts/train_sole_sense.py``) says how likely it is the meaning at all. Where it knows
several, the softmax only compares them with each other, and its probability says little about
whether any of them is the meaning: how well the best one fits (its utility and its profile
cosine) says more, and a logistic model of the three (``several_senses.json``,
``scripts/train_several_senses.py``) gives the likeliest sense of a document its probability.
"""

from __future__ import annotations

import json
import math
import re
import weakref
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple, TypeVar

from termlens.acronyms import completion
from termlens.acronyms.dictionary import AcronymDictionary, Sense, VectorSum, add_to_sums
from termlens.acronyms.formulas import lost_subscript
from termlens.acronyms.lexical import (
    STOPWORDS,
    content_forms,
    content_words,
    near_duplicates,
    stem,
    words,
)
from termlens.acronyms.rerank import ContextCheck
from termlens.acronyms.wordlist import WORD, is_piece_of, is_word
from termlens.acronyms.wordnet_senses import SOURCE as WORDNET_SOURCE
from termlens.embeddings import SentenceEncoder, Vectors, default_encoder
from termlens.errors import InputError
from termlens.probability import sigmoid
from termlens.recent import Recent
from termlens.resources import resource_path
from termlens.text import english_name, guess_language, singular, without_unread_scripts

FEATURES = (
    "prior", "share", "overlap", "initials", "has_profile", "cosine", "language_model",
    "variant_cosine", "variant_language_model", "semantic", "domain", "casing", "whole_words",
    "completed", "seen_semantic",
)  # fmt: skip
_COSINE = FEATURES.index("cosine")
WEIGHTS_FILE = "disambiguator.json"
SOLE_SENSE_FILE = "sole_sense.json"
SEVERAL_SENSES_FILE = "several_senses.json"
SEEN_PAIR_PRIOR = 0.28  # cosine of two contexts of one sense: ~0.25-0.30 in the SDU training files
SHORTLIST = 50  # senses kept for full scoring when a short form has more
SEMANTIC_SENSES = 10  # senses (by cheap evidence) compared with the context by the encoder
MAX_VARIANTS = 20  # written variants of one sense scored separately
SMOOTHING = 20.0  # Dirichlet smoothing of profiles towards the background
KNOWN_SHORT_FORMS = 4096  # short forms whose senses and profiles stay in memory


@dataclass(frozen=True, slots=True)
class Candidate:
    """One written long form of a sense."""

    long: str
    count: int
    sense: Sense


@dataclass(frozen=True, slots=True)
class Weights:
    """Feature weights of the conditional logit."""

    values: tuple[float, ...]

    @classmethod
    def load(cls, path: Path | None = None) -> Weights:
        source = path or resource_path(WEIGHTS_FILE)
        try:
            data = json.loads(source.read_text(encoding="utf-8"))
            values = tuple(float(data["weights"][name]) for name in FEATURES)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise InputError(f"{source}: not a disambiguator weights file ({exc})") from None
        return cls(values)

    def utilities(self, rows: Sequence[Sequence[float]]) -> list[float]:
        """The conditional logit's utility of each candidate, from its feature row."""
        return [sum(w * f for w, f in zip(self.values, row, strict=True)) for row in rows]

    def save(self, path: Path, about: dict[str, object]) -> None:
        data = {
            "features": list(FEATURES),
            "weights": dict(zip(FEATURES, self.values, strict=True)),
        }
        path.write_text(json.dumps({**data, **about}, indent=2) + "\n", encoding="utf-8")


@cache
def default_weights() -> Weights:
    """The bundled weights."""
    return Weights.load()


@dataclass(frozen=True, slots=True)
class SoleSense:
    """How likely a short form's only known sense is its meaning: σ(bias + slope · score +
    wordnet_only · [WordNet is the sense's only source]), the score being the sense's utility
    under the conditional logit. It is as if the sense competed with one the dictionary does not
    know, whose utility is fixed. WordNet's senses have no contexts and count once, so their
    utility is low, yet in general text the only sense WordNet gives is nearly always right."""

    bias: float
    slope: float
    wordnet_only: float = 0.0

    @classmethod
    def load(cls, path: Path | None = None) -> SoleSense:
        source = path or resource_path(SOLE_SENSE_FILE)
        try:
            data = json.loads(source.read_text(encoding="utf-8"))
            return cls(float(data["bias"]), float(data["slope"]), float(data["wordnet_only"]))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise InputError(f"{source}: not a sole-sense model file ({exc})") from None

    def save(self, path: Path, about: dict[str, object]) -> None:
        data = {"bias": self.bias, "slope": self.slope, "wordnet_only": self.wordnet_only}
        path.write_text(json.dumps({**data, **about}, indent=2) + "\n", encoding="utf-8")

    def probability(self, score: float, wordnet_only: bool) -> float:
        """The probability that the only sense, with this utility and from WordNet alone or
        not, is the meaning."""
        z = self.bias + self.slope * score + self.wordnet_only * wordnet_only
        return sigmoid(z)


class Evidence(NamedTuple):
    """What the first reading of one use found for the best of several senses: its utility under
    the conditional logit, and its profile cosine (how well the words seen around the sense
    match the words around this use)."""

    utility: float
    cosine: float


_Meaning = TypeVar("_Meaning")


@dataclass(frozen=True, slots=True)
class SeveralSenses:
    """How likely the likeliest of several known senses is the meaning in a document:
    σ(bias + top · logit(p) + utility · u + cosine · c), where p is its probability pooled over
    the document's uses and u, c are their :class:`Evidence` averaged. When the dictionary does
    not know the meaning, the softmax still shares all the probability among the senses it
    knows; a best sense that fits the context badly says so."""

    bias: float
    top: float
    utility: float
    cosine: float

    @classmethod
    def load(cls, path: Path | None = None) -> SeveralSenses:
        source = path or resource_path(SEVERAL_SENSES_FILE)
        try:
            data = json.loads(source.read_text(encoding="utf-8"))
            return cls(*(float(data[name]) for name in ("bias", "top", "utility", "cosine")))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise InputError(f"{source}: not a several-senses model file ({exc})") from None

    def save(self, path: Path, about: dict[str, object]) -> None:
        data = {"bias": self.bias, "top": self.top, "utility": self.utility, "cosine": self.cosine}
        path.write_text(json.dumps({**data, **about}, indent=2) + "\n", encoding="utf-8")

    @staticmethod
    def inputs(top: float, evidence: Sequence[Evidence]) -> tuple[float, float, float]:
        """The model's inputs: the logit of the pooled probability ``top`` (kept off 0 and 1),
        and the uses' utility and cosine averaged."""
        p = min(max(top, 1e-4), 1.0 - 1e-4)
        utility = sum(e.utility for e in evidence) / len(evidence)
        cosine = sum(e.cosine for e in evidence) / len(evidence)
        return math.log(p / (1.0 - p)), utility, cosine

    def probability(self, top: float, evidence: Sequence[Evidence]) -> float:
        """The probability that the likeliest sense, with pooled probability ``top`` and the
        uses' evidence, is the meaning."""
        logit, utility, cosine = self.inputs(top, evidence)
        z = self.bias + self.top * logit + self.utility * utility
        return sigmoid(z + self.cosine * cosine)

    def recalibrated(
        self, ranked: list[tuple[_Meaning, float]], evidence: Sequence[Evidence]
    ) -> list[tuple[_Meaning, float]]:
        """Meanings ranked by pooled probability, the first given :meth:`probability`, the
        others scaled alike so that they stay below it and the total at most 1 (without
        evidence, or no probability to scale: as they were)."""
        if not ranked or not evidence or ranked[0][1] <= 0.0:
            return ranked
        (best, top), rest = ranked[0], ranked[1:]
        new = self.probability(top, evidence)
        scale = new / top if top >= 1.0 else min(new / top, (1.0 - new) / (1.0 - top))
        return [(best, round(new, 4)), *((m, round(p * scale, 4)) for m, p in rest)]


@cache
def default_several_senses() -> SeveralSenses:
    """The bundled several-senses model."""
    return SeveralSenses.load()


def only_from_wordnet(sense: Sense) -> bool:
    """Whether WordNet is the sense's only source (:mod:`termlens.acronyms.wordnet_senses`)."""
    return sense.sources == (WORDNET_SOURCE,)


@cache
def default_sole_sense() -> SoleSense:
    """The bundled sole-sense model."""
    return SoleSense.load()


class Disambiguator:
    """Ranks the long forms a dictionary gives a short form by their fit to a context.

    Candidates are written long forms; each is scored with the evidence of its sense (all its
    variants together) and its own. ``knowledge`` are the dictionaries whose context profiles are
    used (default: ``dictionary``); entries and contexts from ``exclude_sources`` are ignored.
    With a ``language``, senses recorded only in other languages are left out, unless none is
    left and English ones are there (:func:`_in_language`). A short form's
    only sense is as likely as ``sole_sense`` (default: the bundled model) says, and the likeliest
    of several as likely as ``several_senses`` says (:meth:`rank_many_explained` gives its
    evidence), unless the dictionary is ``complete``: known to hold every meaning, as a
    benchmark's candidate list does. With a ``check``, the rankings of English contexts get a
    second reading by sentence vectors (:mod:`termlens.acronyms.rerank`).
    """

    def __init__(
        self,
        dictionary: AcronymDictionary,
        knowledge: Sequence[AcronymDictionary] | None = None,
        weights: Weights | None = None,
        exclude_sources: frozenset[str] = frozenset(),
        language: str | None = None,
        encoder: SentenceEncoder | None = None,
        sole_sense: SoleSense | None = None,
        several_senses: SeveralSenses | None = None,
        complete: bool = False,
        check: ContextCheck | None = None,
    ) -> None:
        self.dictionary = dictionary
        self.check = check
        self.sole_sense = None if complete else sole_sense or default_sole_sense()
        self.several_senses = None if complete else several_senses or default_several_senses()
        self.language = language
        self.encoder = encoder or default_encoder()
        self.knowledge = tuple(knowledge) if knowledge is not None else (dictionary,)
        self.weights = weights or default_weights()
        self.exclude_sources = exclude_sources
        self._total_df = sum(store.total_document_frequency for store in self.knowledge) or 1
        self._df: dict[str, int] = {}
        self._idf: dict[str, float] = {}  # of the terms in _df
        self._known: Recent[str, _ShortForm] = Recent(KNOWN_SHORT_FORMS)
        self._spellings_of: Recent[str, tuple[str, ...]] = Recent(KNOWN_SHORT_FORMS)
        self._domains = self._weighted_domains()

    def _weighted_domains(self) -> dict[str, _Profile]:
        """The domains' context profiles of all knowledge stores, weighted; computed once for
        the same stores (a second ranker, e.g. for another language, reuses them) and again
        after any of them is written to. Kept by the first store."""
        first, others = self.knowledge[0], self.knowledge[1:]
        key = ("weighted domain profiles", len(others))
        cached = first.derived.get(key)
        if isinstance(cached, _WeightedDomains) and cached.made_with(others):
            self._remember(cached.document_frequencies)
            return cached.profiles
        domains: dict[str, Counter[str]] = {}
        for store in self.knowledge:
            for domain, profile in store.domain_profiles().items():
                domains.setdefault(domain, Counter()).update(profile)
        self._frequencies(term for profile in domains.values() for term in profile)
        weighted = {domain: self._profile(c) for domain, c in domains.items()}
        first.derived[key] = _WeightedDomains(
            tuple(weakref.ref(store) for store in others),
            tuple(store.generation for store in others),
            dict(self._df),
            weighted,
        )
        return weighted

    def features(
        self, short: str, context: str, vector: Vectors | None = None
    ) -> tuple[list[Candidate], list[list[float]]]:
        """The shortlisted candidates of a short form and their feature vectors in this context
        (``vector``: the context's embedding, when already computed)."""
        draft = self._draft(short, context)
        if draft is None:
            return [], []
        if vector is None:
            vector = self.encoder.encode([without_unread_scripts(context)])[0]
        return draft.candidates, self._finish(draft, vector)

    def _draft(self, short: str, context: str) -> _Draft | None:
        """The candidates and the features that need no sentence vector (None: no senses); the
        context's words in scripts no model reads count only for its casing."""
        known = self._short_form(short)
        if not known.senses:
            return None
        own = set(words(short))
        casing = _context_casing(context, short)
        context = without_unread_scripts(context)
        said = content_words(context)  # read once for the stems and the forms
        terms = Counter(t for t in map(stem, said) if t not in own)
        forms = frozenset(map(singular, said)) - own
        senses = known.senses
        if len(senses) > SEMANTIC_SENSES:
            senses = _shortlist(senses, short, forms, known.variant_profiles)[:SHORTLIST]
        weighted = self._weighted(terms)
        glued = glued_letters(context, short)
        occurrences = completion.around(context, short)
        heads = self._lengthened_heads(short, occurrences)
        fit = {d: _profile_features(weighted, p)[2] for d, p in self._domains.items()}
        candidates, rows, after = [], [], []
        for sense in senses:
            sense_row = [
                math.log(sense.count + 1.0),
                *_profile_features(weighted, known.sense_profiles.get(sense.key)),
            ]
            domain = max((fit[d] for d in sense.domains if d in fit), default=0.0)
            for long, count in sense.variants[:MAX_VARIANTS]:
                own_profile = _profile_features(weighted, known.variant_profiles.get(long))
                candidates.append(Candidate(long, count, sense))
                rows.append(
                    [
                        sense_row[0],
                        math.log((count + 1.0) / (sense.count + 1.0)),
                        _overlap(long, forms),
                        float(initials_spell(long, short)),
                        *sense_row[1:],
                        *own_profile[1:],
                    ]
                )
                after.append(
                    [
                        domain,
                        _casing_feature(long, sense, known, casing),
                        _whole_words(long, glued, long in known.cut),
                        float(
                            completion.completed(long, known.extensions, occurrences)
                            or tuple(words(long)) in heads
                        ),
                    ]
                )
        nearest = senses[:SEMANTIC_SENSES]  # only the likeliest senses are embedded
        return _Draft(candidates, rows, after, nearest, known.sense_vectors)

    def _finish(self, draft: _Draft, vector: Vectors) -> list[list[float]]:
        """The draft's feature rows completed by the features that read the sentence vector."""
        longs = [s.long for s in draft.nearest]
        scores = (self.encoder.encode_cached(longs) @ vector).tolist()
        similarities = dict(zip((s.key for s in draft.nearest), scores, strict=True))
        seen: dict[str, float] = {}
        rows = []
        for row, after, candidate in zip(draft.rows, draft.after, draft.candidates, strict=True):
            key = candidate.sense.key
            if key not in seen:
                seen[key] = _seen_fit(draft.sense_vectors.get(key), vector)
            rows.append([*row, similarities.get(key, 0.0), *after, seen[key]])
        return rows

    def _lengthened_heads(
        self, short: str, occurrences: completion.Around
    ) -> set[completion.Words]:
        """The long forms (their words) of ``short`` that the words after an occurrence complete
        into a spelling of the longer short form they make of it (:mod:`completion`: "ACE
        inhibitors", *ACEI*)."""
        heads: set[completion.Words] = set()
        for longer, following in completion.lengthened(short, occurrences):
            heads |= completion.completed_heads(self._spellings(longer), following)
        return heads

    def _spellings(self, short: str) -> tuple[str, ...]:
        """Every spelling of a short form's senses in this ranker's language (the most recent
        short forms' are kept)."""
        return self._spellings_of.get_or_make(
            short, lambda s: tuple(long for sense in self._senses(s) for long, _ in sense.variants)
        )

    def _senses(self, short: str) -> list[Sense]:
        """A short form's senses from the sources this ranker reads, in its language, but those
        that are no meaning of it whatever the dictionary says: a compound whose formula lost its
        subscript (*carbon dioxide* for CO, :func:`~termlens.acronyms.formulas.lost_subscript`;
        the bundle has none, a benchmark's candidates or a user's dictionary may)."""
        senses = [
            sense
            for sense in self.dictionary.lookup(short, self.exclude_sources)
            if not lost_subscript(short, sense.long)
        ]
        return _in_language(senses, self.language) if self.language else senses

    def _short_form(self, short: str) -> _ShortForm:
        """Senses and profiles of a short form (the most recent ones are kept)."""
        return self._known.get_or_make(short, self._read_short_form)

    def _read_short_form(self, short: str) -> _ShortForm:
        """Senses and profiles of a short form, read from the dictionaries (under the spelling
        its senses are stored with: *Nlp* reads the contexts of NLP, whose senses it found)."""
        excluded = self.exclude_sources
        senses = self._senses(short)
        short = senses[0].short if senses else short
        spellings = [long for sense in senses for long, _ in sense.variants]
        cut = _cut_spellings(spellings)
        senses = _joined_to_their_whole(senses, cut)
        counts: dict[str, Counter[str]] = {}
        for store in self.knowledge:
            for long, profile in store.profiles(short, self.exclude_sources).items():
                counts.setdefault(long, Counter()).update(profile)
        self._frequencies(term for profile in counts.values() for term in profile)
        pooled: dict[str, Counter[str]] = {}
        for sense in senses:
            for long, _ in sense.variants:
                if long in counts:
                    pooled.setdefault(sense.key, Counter()).update(counts[long])
        return _ShortForm(
            senses,
            {long: self._profile(c) for long, c in counts.items()},
            {key: self._profile(c) for key, c in pooled.items()},
            frozenset(cut),
            completion.extensions(spellings),
            self._per_sense(senses, lambda store: store.context_vectors(short, excluded)),
            self._per_sense(senses, lambda store: store.window_vectors(short, excluded)),
            _wordnet_names(senses),
        )

    def _per_sense(
        self,
        senses: Sequence[Sense],
        read: Callable[[AcronymDictionary], dict[str, VectorSum]],
    ) -> dict[str, VectorSum]:
        """Per sense, the vector sums that ``read`` gives a store for any of its spellings,
        summed over every knowledge store that kept them."""
        sums: dict[str, VectorSum] = {}
        for store in self.knowledge:
            for long, found in read(store).items():
                add_to_sums(sums, long, found)
        seen: dict[str, VectorSum] = {}
        for sense in senses:
            for long, _ in sense.variants:
                if long in sums:
                    add_to_sums(seen, sense.key, sums[long])
        return seen

    def _frequencies(self, terms: Iterable[str]) -> None:
        """Fetch the document frequencies of terms not seen yet."""
        wanted = {t for t in terms if t not in self._df}
        if not wanted:
            return
        found: Counter[str] = Counter()
        for store in self.knowledge:
            found.update(store.document_frequencies(wanted))
        self._remember({term: found[term] for term in wanted})

    def _remember(self, frequencies: Mapping[str, int]) -> None:
        """Keep the document frequencies of terms, and their idf."""
        self._df.update(frequencies)
        top = self._total_df + 1.0
        self._idf.update((t, math.log(top / (df + 1.0))) for t, df in frequencies.items())

    def _background(self, term: str) -> float:
        return (self._df[term] + 0.5) / self._total_df

    def _tf_idf(self, counts: Counter[str]) -> tuple[dict[str, float], float]:
        """Idf-weighted counts and their Euclidean norm."""
        idf = self._idf
        weights = {t: c * idf[t] for t, c in counts.items()}
        return weights, math.sqrt(sum(w * w for w in weights.values()))

    def _profile(self, counts: Counter[str]) -> _Profile:
        return _Profile(counts, sum(counts.values()), *self._tf_idf(counts))

    def _weighted(self, terms: Counter[str]) -> _Context:
        self._frequencies(terms)
        weights, norm = self._tf_idf(terms)
        backgrounds = ((t, c, self._background(t)) for t, c in terms.items())
        per_term = [(t, c, SMOOTHING * b, b) for t, c, b in backgrounds]
        return _Context(terms, weights, norm, per_term, sum(terms.values()))

    def rank(
        self, short: str, context: str, vector: Vectors | None = None
    ) -> list[tuple[Candidate, float]]:
        """The candidates of a short form with their probabilities here, most likely first."""
        ranking, _ = self._ranked(*self.features(short, context, vector))
        return self._checked([(short, without_unread_scripts(context), ranking)])[0]

    def _ranked(
        self, candidates: list[Candidate], rows: list[list[float]]
    ) -> tuple[list[tuple[Candidate, float]], Evidence | None]:
        """The candidates by probability, and, when they hold several senses, the
        :class:`Evidence` of the best one."""
        if not candidates:
            return [], None
        scores = self.weights.utilities(rows)
        probabilities = softmax(scores)
        several = not one_sense(candidates)
        if self.sole_sense and not several:  # nothing to compare
            known = self.sole_sense.probability(max(scores), only_from_wordnet(candidates[0].sense))
            probabilities = [p * known for p in probabilities]
        ranking = sorted(zip(candidates, probabilities, strict=True), key=lambda pair: -pair[1])
        if not several:
            return ranking, None
        best = max(range(len(scores)), key=scores.__getitem__)
        return ranking, Evidence(scores[best], rows[best][_COSINE])

    def rank_many(
        self, occurrences: Sequence[tuple[str, str]], reread: Sequence[bool] | None = None
    ) -> list[list[tuple[Candidate, float]]]:
        """:meth:`rank` for many (short form, context) pairs, contexts embedded in batches;
        with ``reread``, only the pairs it marks get the :class:`ContextCheck`."""
        return [ranking for ranking, _ in self.rank_many_explained(occurrences, reread)]

    def rank_many_explained(
        self, occurrences: Sequence[tuple[str, str]], reread: Sequence[bool] | None = None
    ) -> list[tuple[list[tuple[Candidate, float]], Evidence | None]]:
        """:meth:`rank_many`, each ranking of several senses with the first reading's
        :class:`Evidence` for the :class:`SeveralSenses` model."""
        readable = [without_unread_scripts(context) for _, context in occurrences]
        vectors = self.encoder.encode(readable)
        drafts = [self._draft(short, context) for short, context in occurrences]
        # the long forms to compare with, embedded in one batched pass (cached for _finish)
        self.encoder.encode_cached([s.long for d in drafts if d for s in d.nearest])
        read = [
            self._ranked(d.candidates, self._finish(d, vector)) if d else ([], None)
            for d, vector in zip(drafts, vectors, strict=True)
        ]
        items = [(s, c, r) for (s, _), c, (r, _) in zip(occurrences, readable, read, strict=True)]
        evidence = [e for _, e in read]
        return list(zip(self._checked(items, reread), evidence, strict=True))

    def _checked(
        self,
        items: list[tuple[str, str, list[tuple[Candidate, float]]]],
        reread: Sequence[bool] | None = None,
    ) -> list[list[tuple[Candidate, float]]]:
        """The rankings, those of English contexts with several senses that the
        :class:`ContextCheck` finds unsure (and marked in ``reread``, if given) re-read by it, if
        the disambiguator has one."""
        out = [ranking for _, _, ranking in items]
        if self.check is None:
            return out
        chosen = [
            i
            for i, (_, context, ranking) in enumerate(items)
            if (reread is None or reread[i])
            and self.check.wanted(ranking)
            and self.rereadable(context, ranking)
        ]
        profiled = [self.profiled(items[i][0]) for i in chosen]
        seen = [self.window_vectors(items[i][0]) for i in chosen]
        again = self.check.rerank_many([items[i] for i in chosen], profiled, seen)
        for i, ranking in zip(chosen, again, strict=True):
            out[i] = ranking
        return out

    def profiled(self, short: str) -> Collection[str]:
        """The keys of the short form's senses whose contexts are stored (their profiles)."""
        return self._short_form(short).sense_profiles.keys()

    def window_vectors(self, short: str) -> Mapping[str, VectorSum]:
        """Per sense key, the sum of the English sentence vectors of the words around the short
        form in the sense's stored contexts (:meth:`AcronymDictionary.window_vectors`)."""
        return self._short_form(short).window_vectors

    def rereadable(self, context: str, ranking: Sequence[tuple[Candidate, float]]) -> bool:
        """Whether a ranking may get the second reading, however sure it is: its candidates
        hold more than one sense, and its context is English (the disambiguator's language,
        else a guess)."""
        return (
            bool(ranking)
            and not one_sense([c for c, _ in ranking])
            and (self.language or guess_language(context)) == "en"
        )


def one_sense(candidates: Sequence[Candidate]) -> bool:
    """Whether the candidates are spellings of one sense (near-duplicates included, see
    :func:`lexical.near_duplicates` of the first): then the softmax has nothing to compare."""
    first = candidates[0].sense.long if candidates else ""
    return all(near_duplicates(first, c.sense.long) for c in candidates[1:])


class _Profile(NamedTuple):
    """The words seen around a long form (or a sense), raw and idf-weighted."""

    counts: Counter[str]
    total: int
    weights: dict[str, float]
    norm: float


@dataclass(frozen=True, slots=True)
class _WeightedDomains:
    """Weighted domain profiles, and the other knowledge stores (in the state) they came from."""

    others: tuple[weakref.ref[AcronymDictionary], ...]
    generations: tuple[int, ...]
    document_frequencies: dict[str, int]
    profiles: dict[str, _Profile]

    def made_with(self, others: Sequence[AcronymDictionary]) -> bool:
        return len(others) == len(self.others) and all(
            ref() is store and store.generation == generation
            for ref, store, generation in zip(self.others, others, self.generations, strict=True)
        )


class _Context(NamedTuple):
    """The words around an occurrence: counts, idf weights and their norm, and per word its
    count, smoothing mass and background probability (for the language-model ratio)."""

    counts: Counter[str]
    weights: dict[str, float]
    norm: float
    per_term: list[tuple[str, int, float, float]]
    total: int


class _Draft(NamedTuple):
    """An occurrence's candidates and the features that need no sentence vector: those before
    ``semantic`` (``rows``) and those after it (``after``), with the senses to embed."""

    candidates: list[Candidate]
    rows: list[list[float]]
    after: list[list[float]]
    nearest: list[Sense]
    sense_vectors: dict[str, VectorSum]


class _ShortForm(NamedTuple):
    senses: list[Sense]
    variant_profiles: dict[str, _Profile]
    sense_profiles: dict[str, _Profile]
    cut: frozenset[str]  # spellings cut inside a word (see _cut_spellings)
    extensions: completion.Extensions  # what completes a spelling into another one
    sense_vectors: dict[str, VectorSum]  # the sentence vectors of the contexts seen with a sense
    window_vectors: dict[str, VectorSum]  # the English ones of the words around the short form
    wordnet_names: frozenset[str]  # keys of the senses WordNet writes as names (_wordnet_names)


def pooled(
    rankings: Iterable[Sequence[tuple[Candidate, float]]], key: Callable[[Candidate], Hashable]
) -> list[tuple[Candidate, float]]:
    """One ranking for several uses of a short form (one sense per discourse): the probabilities
    of the candidates that share a key, summed over the uses, best first. Each key is shown by
    its candidate with the most probability in that sum (the spelling the uses favour)."""
    totals: defaultdict[Hashable, float] = defaultdict(float)
    spellings: defaultdict[Hashable, defaultdict[Candidate, float]] = defaultdict(
        lambda: defaultdict(float)
    )
    for ranking in rankings:
        for candidate, probability in ranking:
            group = key(candidate)
            totals[group] += probability
            spellings[group][candidate] += probability
    return sorted(
        ((max(spellings[k], key=spellings[k].__getitem__), total) for k, total in totals.items()),
        key=lambda pair: -pair[1],
    )


def softmax(scores: Sequence[float]) -> list[float]:
    """Probabilities from scores."""
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def _in_language(senses: list[Sense], language: str) -> list[Sense]:
    """The senses recorded in ``language`` (or in none), in English also those written in English
    wherever they were seen (:func:`termlens.text.english_name`: French and Spanish texts name
    many bodies in English, and the dictionary may know a name from them alone); the English
    ones when there are none such: French and Spanish technical text uses English short forms as
    they are ("Le CNN apprend des filtres")."""
    own = [
        s
        for s in senses
        if not s.languages or language in s.languages or (language == "en" and english_name(s.long))
    ]
    if own or language == "en":
        return own
    return [s for s in senses if "en" in s.languages]


def _overlap(long: str, forms: frozenset[str]) -> float:
    """The share of a long form's content words found in the context (``forms``: its
    :func:`content_forms`). Word forms, not stems: *presented* in the context is no evidence
    for *before present*."""
    long_forms = _content_set(long)
    return len(long_forms & forms) / len(long_forms) if long_forms else 0.0


@lru_cache(maxsize=1 << 16)
def _content_set(long: str) -> frozenset[str]:
    """A long form's content words (remembered: the same long forms come back for every use)."""
    return frozenset(content_forms(long))


def _shortlist(
    senses: list[Sense], short: str, forms: frozenset[str], profiles: Mapping[str, object]
) -> list[Sense]:
    """Senses ranked by cheap evidence: popularity, words in context, initials, a profile."""

    def cheap(sense: Sense) -> float:
        seen = any(long in profiles for long, _ in sense.variants)
        return (
            math.log(sense.count + 1.0)
            + 3.0 * _overlap(sense.long, forms)
            + float(initials_spell(sense.long, short))
            + 2.0 * seen
        )

    return sorted(senses, key=cheap, reverse=True)


def _capitalised_words(text: str) -> list[bool]:
    """For each word of four letters or more (not a function word, not all capitals), whether it
    starts with a capital."""
    return [_capitalised(w) for w in WORD.findall(text) if _counted(w)]


def _counted(word: str) -> bool:
    return len(word) > 3 and not word.isupper() and word.lower() not in STOPWORDS


def _capitalised(word: str) -> bool:
    return word[0].isupper()


class _Casing(NamedTuple):
    """The context's casing habit: the share of its words written with a capital (None: it
    cannot tell), and whether the short form opens a sentence, where a writer capitalises
    the first word of a long form whatever the habit."""

    habit: float | None
    opens_sentence: bool


# Before a word that opens a sentence: no letter at all ("3.2 SRL"), or a sentence's end
SENTENCE_OPENS = re.compile(r"(?:^[\W\d_]*|[.!?:][\"')\]]*\s+)$")


def _context_casing(context: str, short: str) -> _Casing:
    """The casing of the context around a short form (see :class:`_Casing`). The share
    leaves out the short form and the first word counted, often the sentence's start; it is
    None when there are no words to count, or when the text has no capital at all (it was
    lower-cased, as GLADIS contexts are, and says nothing of its writer's habit)."""
    text = context.replace(short, " ")
    if text.islower():
        return _Casing(None, False)
    where = context.find(short) if short else -1
    opens = where >= 0 and SENTENCE_OPENS.search(context[:where]) is not None
    return _Casing(_share(_capitalised_words(text)[1:]), opens)


class _LongFormCasing(NamedTuple):
    """Whether a long form's first word starts with a capital (None: it has no words), and
    whether each of its words counted (see :func:`_capitalised_words`) does, but for the first
    word when it is counted."""

    first: bool | None
    first_counted: bool
    others: tuple[bool, ...]


@lru_cache(maxsize=1 << 16)
def _long_form_casing(long: str) -> _LongFormCasing:
    found = WORD.findall(long)
    if not found:
        return _LongFormCasing(None, False, ())
    others = tuple(_capitalised(w) for w in found[1:] if _counted(w))
    return _LongFormCasing(_capitalised(found[0]), _counted(found[0]), others)


def _share(flags: list[bool]) -> float | None:
    return sum(flags) / len(flags) if flags else None


def _seen_fit(seen: VectorSum | None, context: Vectors) -> float:
    """How much closer a context is to the contexts seen with a sense (its mean cosine with
    them) than they are to each other (their mean cosine in pairs, with one pair at
    :data:`SEEN_PAIR_PRIOR` added, so that one context seen is not a perfectly tight sense);
    0 without any. Popular senses' contexts spread wide: comparing with the spread, rather than
    with the normalised mean vector, keeps them from winning by number alone."""
    if seen is None:
        return 0.0
    pairs = seen.n * (seen.n - 1) / 2
    pair_total = (float(seen.total @ seen.total) - seen.n) / 2  # the vectors have unit length
    spread = (pair_total + SEEN_PAIR_PRIOR) / (pairs + 1)
    return float(context @ seen.total) / seen.n - spread


def _casing_feature(long: str, sense: Sense, known: _ShortForm, casing: _Casing) -> float:
    """1 for a name by WordNet's own writing (:func:`_wordnet_names`), whose capitals are no
    habit of the writer's and agree with any context's casing; else how well the long form's
    capitals match the context's (:func:`_casing_agreement`)."""
    if not long.islower() and sense.key in known.wordnet_names:
        return 1.0
    return _casing_agreement(long, casing)


def _wordnet_names(senses: Sequence[Sense]) -> frozenset[str]:
    """The keys of a short form's senses whose capitalised spellings are names by WordNet's own
    writing, as WordNet capitalises names only (*United States of America*, but *gross domestic
    product*): those WordNet alone gives, and, where WordNet gives the short form several names,
    each of them, whatever other sources also give it; so WordNet's names of one short form
    agree alike (*USA*: *United States of America*, which a legal file also gives, and *United
    States Army*)."""
    given = {s.key for s in senses if WORDNET_SOURCE in s.sources and not s.long.islower()}
    alone = {s.key for s in senses if only_from_wordnet(s)}
    return frozenset(alone | given if len(given) > 1 else alone)


def _casing_agreement(long: str, casing: _Casing) -> float:
    """How well a long form's capitals match the context's casing, as the mean agreement of its
    words (1 agrees, 0 disagrees; 0.5 when nothing can tell). A word agrees with the habit by
    the share of the context's words that share its case: Title Case in a title, lower case in
    running text. Where the short form opens a sentence, the first word agrees when it is
    capitalised and disagrees when not."""
    words_casing = _long_form_casing(long)
    if words_casing.first is None:
        return 0.5
    agreements = []
    counted = list(words_casing.others)
    if casing.opens_sentence:
        agreements.append(float(words_casing.first))
    elif words_casing.first_counted:
        counted.insert(0, words_casing.first)
    if casing.habit is not None:
        agreements += [casing.habit if c else 1.0 - casing.habit for c in counted]
    return sum(agreements) / len(agreements) if agreements else 0.5


def glued_letters(context: str, short: str) -> list[tuple[str, str]]:
    """The letters glued before and after each occurrence of the short form in the context."""
    glued = []
    for match in re.finditer(re.escape(short), context) if short else ():
        before, after = match.start(), match.end()
        while before > 0 and context[before - 1].isalpha():
            before -= 1
        while after < len(context) and context[after].isalpha():
            after += 1
        glued.append((context[before : match.start()], context[match.end() : after]))
    return glued


def _whole_words(long: str, glued: Sequence[tuple[str, str]], cut: bool = False) -> float:
    """Whether the long form, put in place of the short form, makes whole words with the letters
    glued to it (the share of its glued ends that do, at the occurrence where it fits best).
    Where the short form stands alone, a spelling ``cut`` inside a word cannot fit (0); any
    other fits there. 0.5 says nothing: any spelling fits, the short form does not occur, or
    the long form has no letters."""
    if not glued:
        return 0.5
    if any(not (before or after) for before, after in glued):
        return 0.0 if cut else 0.5
    if not WORD.search(long):
        return 0.5
    best = 0.0
    for before, after in glued:
        found = WORD.findall(before + long + after)
        ends = ([found[0]] if before else []) + ([found[-1]] if after else [])
        best = max(best, sum(map(is_word, ends)) / len(ends))
    return best


def _cut_spellings(spellings: Sequence[str]) -> dict[str, str]:
    """The spellings that another spelling of the same short form continues inside a word,
    where the cut word is no word of its own (:func:`_is_piece`), each with that other spelling
    (lower case): *Natural Language Processin* beside *Natural Language Processing*,
    *nformation retrieval* beside *information retrieval* (not *language mode* beside *language
    model*: "mode" is a word). Such a spelling is a piece of a word glued to the short form in
    its source text ("NLPg")."""
    unique = sorted({s.lower() for s in spellings})
    cut = _cut_ends(unique, first=False) | {
        piece[::-1]: whole[::-1]
        for piece, whole in _cut_ends(sorted(s[::-1] for s in unique), first=True).items()
    }
    return {s: cut[s.lower()] for s in spellings if s.lower() in cut}


def _cut_ends(ordered: Sequence[str], first: bool) -> dict[str, str]:
    """The strings of a sorted list that a later one continues with a letter, where their
    last word (the ``first`` when the strings are reversed) is a piece of the later one's word
    (:func:`_is_piece`), each with the first such later one. Every string that starts with a
    given one follows it directly in sorted order."""
    cut = {}
    for i, text in enumerate(ordered):
        found = WORD.findall(text)
        if not found or not text[-1].isalpha():
            continue
        for later in ordered[i + 1 :]:
            if not later.startswith(text):
                break
            whole = WORD.match(later, len(text) - len(found[-1]))
            if later[len(text)].isalpha() and whole and _is_piece(found[-1], whole.group(), first):
                cut[text] = later
                break
    return cut


def _is_piece(edge: str, whole: str, reversed_: bool) -> bool:
    """:func:`~termlens.acronyms.wordlist.is_piece_of` for words that may be written backwards."""
    return is_piece_of(edge[::-1], whole[::-1]) if reversed_ else is_piece_of(edge, whole)


def _joined_to_their_whole(senses: list[Sense], cut: Mapping[str, str]) -> list[Sense]:
    """The senses, each whose spellings are all ``cut`` pieces of another sense's spellings
    joined to that sense (unless that one joins another itself): a label cut inside a word
    names the same thing as the whole one (*Fondo Monetario Internaciona*, *Fondo Monetario
    Internacional*), so they share its counts, profiles and contexts, and only the spelling
    features tell them apart."""
    owner = {long.lower(): i for i, sense in enumerate(senses) for long, _ in sense.variants}
    target = {}
    for i, sense in enumerate(senses):
        wholes = {owner.get(cut.get(long, ""), i) for long, _ in sense.variants}
        if len(wholes) == 1 and (whole := wholes.pop()) != i:
            target[i] = whole
    into: dict[int, list[Sense]] = defaultdict(list)
    for i, whole in target.items():
        if whole not in target:
            into[whole].append(senses[i])
    joined = {id(piece) for pieces in into.values() for piece in pieces}
    return [
        _joined(sense, into[i]) if i in into else sense
        for i, sense in enumerate(senses)
        if id(sense) not in joined
    ]


def _joined(sense: Sense, pieces: Sequence[Sense]) -> Sense:
    every = [sense, *pieces]
    return replace(
        sense,
        count=sum(s.count for s in every),
        variants=tuple(v for s in every for v in s.variants),
        languages=tuple(sorted({x for s in every for x in s.languages})),
        domains=tuple(sorted({x for s in every for x in s.domains})),
        sources=tuple(sorted({x for s in every for x in s.sources})),
    )


@lru_cache(maxsize=1 << 16)
def initials_spell(long: str, short: str) -> bool:
    """Whether the first letters of the long form's words spell the short form's letters."""
    letters = "".join(c for c in short.lower() if c.isalpha())
    if not letters:
        return False
    all_words = words(long)
    content = [w for w in all_words if w not in STOPWORDS]
    return letters in ("".join(w[0] for w in all_words), "".join(w[0] for w in content))


def _profile_features(context: _Context, profile: _Profile | None) -> list[float]:
    """has_profile, cosine (tf-idf) and the language-model ratio of the context under a profile."""
    if profile is None or not context.counts:
        return [float(profile is not None), 0.0, 0.0]
    weights = profile.weights
    dot = sum(w * weights[t] for t, w in context.weights.items() if t in weights)
    norms = context.norm * profile.norm
    seen, denominator = profile.counts, profile.total + SMOOTHING
    ratio = 0.0
    for term, count, smoothing, background in context.per_term:
        ratio += count * math.log((seen.get(term, 0) + smoothing) / denominator / background)
    return [1.0, dot / norms if norms else 0.0, ratio / context.total]
