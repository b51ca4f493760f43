"""Placing a new word sense into WordNet: which synset, and ATTACH (hyponym) or MERGE (synonym).

Candidates come from the definition's genus terms (``gloss.terms``) and from WordNet lemmas
spelled like the new one (:mod:`spelling`): every sense of the first terms, the hyponyms of
those senses whose words the definition also uses (the more specific home: "a person whose
blood pressure rises" → *hypertensive*), and their direct hypernyms. A log-linear ranker over
the features below, trained on the task's open items (``scripts/train_placement.py``), scores
them — among them how often WordNet itself files the senses whose glosses open with the same
term under the candidate (:mod:`genus`), the words the definition shares with it, weighted by
their rarity in WordNet (:mod:`rarity`), and whether it lies above a sense of another of the
definition's terms — and a logistic model decides the operation.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import islice
from pathlib import Path

import numpy as np

from termlens.embeddings import SentenceEncoder, default_encoder
from termlens.errors import InputError, OptionError, check_text
from termlens.normal_form import normalized
from termlens.resources import resource_path
from termlens.taxonomy.genus import GENUS_FILE, GenusPrior
from termlens.taxonomy.gloss import (
    CLASSIFIERS,
    STOPWORDS,
    Term,
    first_sentence,
    lemma_terms,
    synonym_terms,
    terms,
    words,
)
from termlens.taxonomy.rarity import RARITY_FILE, GlossRarity, GlossWords
from termlens.taxonomy.spelling import Spellings
from termlens.taxonomy.wordnet import (
    POS,
    Synset,
    WordNet,
    bundled,
    normalise,
    part_of_speech,
    spaced,
)
from termlens.text import without_accents

WEIGHTS = "placement.json"
# the definition's first terms that lead to candidates (6 before: docs/benchmarks-log.md)
GENUS_TERMS = 4
SENSES_PER_TERM = 10
HYPONYM_DEPTH = 2
NEIGHBOUR_DEPTH = 2  # a candidate's neighbours: its hypernyms' glosses, the names of the ...
NEIGHBOURS = 200  # ... first hyponyms down to this depth, breadth first
MIN_FIT_WORDS = 3  # content words a definition needs before its sentence vector picks senses
SENSES_ABOVE = 2  # the senses of each term whose hypernyms another term's candidate may be
RANK_FEATURES = (
    "term_first",
    "term_second",
    "term_index",
    "after_classifier",
    "classifier",
    "in_lemma",
    "lemma_head",
    "lemma_self",
    "spelling_term",
    "modifier",
    "subordinate",
    "after_of",
    "pos_share",
    "later_sentence",
    "synonym",
    "sense_first",
    "sense_inverse_rank",
    "polysemy",
    "sense_fit",
    "overlap",
    "overlap_neighbours",
    "overlap_idf",
    "hyponym",
    "hyponym_depth",
    "hyponym_words",
    "hypernym",
    "depth",
    "genus_prior",
    "genus_share",
    "above_other_term",
    "spelled_like",
)
OPERATION_FEATURES = (
    "bias",
    "content_words",
    "short",
    "known_lemma",
    "overlap",
    "probability",
    "coverage",
    "direct_first",
)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A synset the new sense may go to, how it was reached, and its features."""

    synset: Synset
    term: Term
    relation: str  # sense | hyponym | hypernym
    via: Synset  # the sense of the term the relation starts from
    features: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class _Definition:
    """What each candidate of one definition is compared with."""

    context: frozenset[str]  # content words of the new lemma and the definition
    above: dict[str, set[str]]  # a term's lemma → its first senses and every synset above them
    spelled: dict[str, float]  # synset id → how its lemma's spelling resembles the new one's


@dataclass(frozen=True, slots=True)
class Placement:
    """A ranked answer: synset, operation, score (0-1) and why."""

    synset: Synset
    key: str
    operation: str
    score: float
    explanation: str


@dataclass(frozen=True, slots=True)
class Weights:
    """Ranker and operation weights, in the order of RANK_FEATURES / OPERATION_FEATURES."""

    rank: tuple[float, ...]
    operation: tuple[float, ...]

    @classmethod
    def load(cls, path: Path) -> Weights:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("rank_features") != list(RANK_FEATURES) or data.get(
            "operation_features"
        ) != list(OPERATION_FEATURES):
            raise InputError(f"{path}: features differ from this termlens; retrain the placement")
        return cls(tuple(data["rank"]), tuple(data["operation"]))

    def save(self, path: Path, trained_on: str) -> None:
        data = {  # rounded: the fit's last digits vary with summation order
            "rank_features": list(RANK_FEATURES),
            "rank": [round(w, 9) for w in self.rank],
            "operation_features": list(OPERATION_FEATURES),
            "operation": [round(w, 9) for w in self.operation],
            "trained_on": trained_on,
        }
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


class Placer:
    """Finds where a new word sense belongs in WordNet."""

    def __init__(
        self,
        wordnet: WordNet,
        weights: Weights,
        genus: GenusPrior,
        rarity: GlossRarity,
        encoder: SentenceEncoder,
        gloss_words: GlossWords | None = None,
    ) -> None:
        self.wordnet = wordnet
        self.weights = weights
        self.genus = genus
        self.rarity = rarity
        self.encoder = encoder
        self.words = gloss_words or GlossWords(wordnet)
        self._neighbours: dict[str, frozenset[str]] = {}

    @cached_property
    def spellings(self) -> Spellings:
        """WordNet's lemmas indexed for :meth:`Spellings.near` (built on first use, in about
        a fifth of a second)."""
        return Spellings(self.wordnet)

    def candidates(self, lemma: str, pos: str, definition: str) -> list[Candidate]:
        """Every candidate synset reached from the definition, with its features."""
        wn_pos = _check(lemma, pos, definition)
        _check_english(self.wordnet, definition)
        found = terms(self.wordnet, lemma, wn_pos, definition)[:GENUS_TERMS]
        own = lemma_terms(self.wordnet, lemma, wn_pos, definition)
        own += synonym_terms(self.wordnet, wn_pos, definition)
        near = [
            (other, similarity, self.wordnet.lookup(other, wn_pos)[:SENSES_PER_TERM])
            for other, similarity in self.spellings.near(lemma, wn_pos)
        ]
        spelled: dict[str, float] = {}
        for _, similarity, senses in near:
            for sense in senses:
                spelled[sense.id] = max(similarity, spelled.get(sense.id, 0.0))
        above = {
            term.lemma: set().union(
                *(
                    self.wordnet.ancestors(s)
                    for s in self.wordnet.lookup(term.lemma, wn_pos)[:SENSES_ABOVE]
                )
            )
            for term in found
        }
        facts = _Definition(self.words.content(" ".join([lemma, definition])), above, spelled)
        led = [(t, self.wordnet.lookup(t.lemma, wn_pos)[:SENSES_PER_TERM]) for t in [*found, *own]]
        spelled_senses = [(_spelled_like(other), senses) for other, _, senses in near]
        fits = self._sense_fits(definition, [senses for _, senses in led + spelled_senses])
        led_fits, spelled_fits = fits[: len(led)], fits[len(led) :]
        out: dict[str, Candidate] = {}  # one path per synset: the first, a direct sense first

        def add(synset: Synset, term: Term, relation: str, via: Synset, depth: int) -> None:
            old = out.get(synset.id)
            if old is None or (relation == "sense" and old.relation != "sense"):
                out[synset.id] = self._candidate(synset, term, relation, via, depth, base, facts)

        for (term, senses), term_fits in zip(led, led_fits, strict=True):
            for rank, (sense, fit) in enumerate(zip(senses, term_fits, strict=True), start=1):
                base = self._term_features(term, rank, len(senses), fit)
                add(sense, term, "sense", sense, 0)
                for child, depth in self._specific(sense, facts.context):
                    add(child, term, "hyponym", sense, depth)
                for parent in self.wordnet.hypernyms(sense):
                    add(parent, term, "hypernym", sense, 1)
        # their senses only (a spelling variant is a synonym), where no other term led first
        for (term, senses), term_fits in zip(spelled_senses, spelled_fits, strict=True):
            for rank, (sense, fit) in enumerate(zip(senses, term_fits, strict=True), start=1):
                if sense.id not in out:
                    base = self._term_features(term, rank, len(senses), fit)
                    add(sense, term, "sense", sense, 0)
        return list(out.values())

    def place(
        self, lemma: str, pos: str, definition: str, top: int = 5, threshold: float = 0.0
    ) -> list[Placement]:
        """The best ``top`` placements (fewer when their scores fall under ``threshold``), the
        lemma and definition read in their normal form (:mod:`termlens.normal_form`)."""
        for value in (lemma, pos, definition):
            check_text(value, "place")
        if top < 1:
            raise OptionError(f"top {top}: give how many placements to return, 1 or more")
        if not 0.0 <= threshold <= 1.0:
            raise OptionError(f"threshold {threshold}: give a score between 0 and 1")
        pos = part_of_speech(pos)
        lemma, definition = normalized(lemma), normalized(definition)
        candidates = self.candidates(lemma, pos, definition)
        if not candidates:
            return []
        scores = np.array([c.features for c in candidates]) @ np.array(self.weights.rank)
        probabilities = np.exp(scores - scores.max())
        probabilities /= probabilities.sum()
        # candidates() gives each synset once, so a candidate's probability is its synset's
        sibling = _sibling_home(candidates, probabilities)
        order = sorted(range(len(candidates)), key=lambda i: -probabilities[i])
        order = [i for i in order if candidates[i] is not sibling][:top]
        content, known = self.definition_facts(lemma, pos, definition)
        fitted = self._fit_sentence(definition) is not None
        return [
            Placement(
                candidate.synset,
                self.wordnet.key(candidate.synset, prefer=candidate.term.lemma),
                self.operation(candidate, probability, content, known),
                probability,
                self.explain(candidate, sibling if i == order[0] else None, fitted),
            )
            for i, candidate, probability in (
                (i, candidates[i], float(probabilities[i])) for i in order
            )
            if probability >= threshold
        ]

    def known_senses(self, lemma: str, pos: str, definition: str) -> list[tuple[Synset, float]]:
        """WordNet's own senses of the lemma, each with the rarity of the words its name and gloss
        share with the definition, the nearest first (WordNet's sense order on a tie); empty for
        a new word. WordNet writes its words without accents: *Ångström unit* finds *angstrom
        unit*."""
        lemma, definition = normalized(lemma), normalized(definition)
        context = self.words.content(definition)
        wn_pos = _check(lemma, pos, definition)
        senses = self.wordnet.lookup(lemma, wn_pos) or self.wordnet.lookup(
            without_accents(lemma), wn_pos
        )
        shared = [(s, self.rarity.weight(self.words.signature(s) & context)) for s in senses]
        return sorted(shared, key=lambda pair: -pair[1])

    def definition_facts(self, lemma: str, pos: str, definition: str) -> tuple[int, bool]:
        """What the operation model reads besides the candidate: the definition's content
        words, and whether WordNet already has the lemma."""
        return len(self.words.content(definition)), bool(self.wordnet.lookup(lemma, POS[pos]))

    def operation(self, candidate: Candidate, probability: float, content: int, known: bool) -> str:
        """MERGE when the model finds the definition a synonym's, else ATTACH."""
        x = operation_features(candidate, probability, content, known)
        return "merge" if float(np.dot(x, self.weights.operation)) > 0 else "attach"

    def explain(
        self, candidate: Candidate, sibling: Candidate | None = None, fitted: bool = False
    ) -> str:
        """Which term led to the candidate and how; ``fitted``: the term's senses were compared
        with the definition by sentence vectors (:meth:`_sense_fits`)."""
        term = candidate.term
        if term.lemma_head:
            where = f"the head of the new lemma, {term.text!r}"
        elif term.spelled_like:
            where = f"a WordNet word spelled like the new lemma, {term.text!r}"
        elif term.synonym:
            where = f"the synonym the definition lists, {term.text!r}"
        else:
            where = f"term {term.index + 1} of the definition, {term.text!r}"
        via = self.wordnet.key(candidate.via, prefer=term.lemma)
        if candidate.relation == "sense":
            why = f"{where} in its sense {via}"
        else:
            why = f"{candidate.relation} of {via}, from {where}"
        word = spaced(term.lemma)
        features = dict(zip(RANK_FEATURES, candidate.features, strict=True))
        if fitted and not features["sense_first"] and features["sense_fit"] == 0.0:
            why += f"; of the senses of {word!r}, its gloss reads most like the definition"
        filed = self.genus.count(term.lemma, candidate.synset.id)
        if filed:
            senses, sit = ("sense", "sits") if filed == 1 else ("senses", "sit")
            why += f"; {filed} WordNet {senses} glossed {word!r} … {sit} directly under it"
        if sibling:
            key = self.wordnet.key(sibling.synset)
            why += f"; its hyponym {key} fits the definition best, a sibling of the new sense"
        return why

    def _sense_fits(self, definition: str, sense_lists: list[list[Synset]]) -> list[list[float]]:
        """How much less each sense's gloss reads like the definition than its term's
        best-fitting sense does: cosine of sentence vectors minus the best (0 for the best).
        All 0 for a term of one sense, and where the definition has no :meth:`_fit_sentence`."""
        sentence = self._fit_sentence(definition)
        if sentence is None:
            return [[0.0] * len(senses) for senses in sense_lists]
        texts = [[self.sense_text(s) for s in senses] for senses in sense_lists]
        glosses = list(dict.fromkeys(text for each in texts if len(each) > 1 for text in each))
        vectors = self.encoder.encode_cached([sentence, *glosses])
        cosine = dict(zip(glosses, vectors[1:] @ vectors[0], strict=True))
        fits = []
        for each in texts:
            values = [float(cosine[text]) for text in each] if len(each) > 1 else [0.0] * len(each)
            best = max(values, default=0.0)
            fits.append([v - best for v in values])
        return fits

    def _fit_sentence(self, definition: str) -> str | None:
        """What senses are compared with: the definition's first sentence, where its genus is
        (the later ones tell more: "The repressor protein works by binding …"); None when it
        has under ``MIN_FIT_WORDS`` content words ("money.", "to steal."), where WordNet's sense
        order knows better."""
        sentence = first_sentence(definition) or definition
        return sentence if len(self.words.content(sentence)) >= MIN_FIT_WORDS else None

    def sense_text(self, synset: Synset) -> str:
        """What a sense's sentence vector is made from: its first names, what it is a kind of
        (the first name of each hypernym), and its gloss: "glass (container): a container for
        holding liquids while drinking"."""
        names = ", ".join(spaced(name) for name in synset.lemmas[:3])
        above = "; ".join(spaced(h.lemmas[0]) for h in self.wordnet.hypernyms(synset))
        return (
            f"{names} ({above}): {synset.definition}" if above else f"{names}: {synset.definition}"
        )

    def _term_features(self, term: Term, rank: int, senses: int, fit: float) -> list[float]:
        return [
            float(term.index == 0),
            float(term.index == 1),
            math.log1p(term.index),
            float(term.after_classifier),
            float(term.lemma in CLASSIFIERS),
            float(term.in_lemma),
            float(term.lemma_head),
            float(term.lemma_self),
            float(term.spelled_like),
            float(term.modifier),
            float(term.subordinate),
            float(term.after_of),
            term.pos_share,
            float(term.sentence > 0),
            float(term.synonym),
            float(rank == 1),
            1.0 / rank,
            math.log(senses),
            fit,
        ]

    def _candidate(
        self,
        synset: Synset,
        term: Term,
        relation: str,
        via: Synset,
        depth: int,
        base: list[float],
        facts: _Definition,
    ) -> Candidate:
        context = facts.context
        own = self.words.signature(synset)
        neighbours = self._neighbour_words(synset)
        lemma_words = self.words.lemma_words(synset)
        features = [
            *base,
            math.log1p(len(own & context)),
            math.log1p(len(neighbours & context)),
            self.rarity.weight(own & context) / 10,
            float(relation == "hyponym"),
            float(depth if relation == "hyponym" else 0),
            math.log1p(len(lemma_words & context)) if relation == "hyponym" else 0.0,
            float(relation == "hypernym"),
            min(self.wordnet.min_depth(synset), 20) / 10,
            math.log1p(self.genus.count(term.lemma, synset.id)),
            self.genus.share(term.lemma, synset.id),
            float(any(synset.id in ids for t, ids in facts.above.items() if t != term.lemma)),
            facts.spelled.get(synset.id, 0.0),
        ]
        return Candidate(synset, term, relation, via, tuple(features))

    def _neighbour_words(self, synset: Synset) -> frozenset[str]:
        """The words of a synset's neighbours: its hypernyms' signatures and the names of its
        first ``NEIGHBOURS`` hyponyms down to ``NEIGHBOUR_DEPTH`` levels, breadth first (cached
        per synset: a candidate often comes back for another item)."""
        if synset.id not in self._neighbours:
            below = islice(self.wordnet.descendants(synset, NEIGHBOUR_DEPTH), NEIGHBOURS)
            self._neighbours[synset.id] = frozenset().union(
                *(self.words.signature(s) for s in self.wordnet.hypernyms(synset)),
                *(self.words.lemma_words(s) for s, _ in below),
            )
        return self._neighbours[synset.id]

    def _specific(self, sense: Synset, context: frozenset[str]) -> Iterator[tuple[Synset, int]]:
        """Hyponyms of a sense that share a word (of their name or gloss) with the definition."""
        for child, depth in self.wordnet.descendants(sense, HYPONYM_DEPTH):
            if (
                self.words.lemma_words(child) & context
                or len(self.words.signature(child) & context) >= 2
            ):
                yield child, depth


def _sibling_home(candidates: list[Candidate], probabilities: np.ndarray) -> Candidate | None:
    """When the likeliest candidate is a hyponym found below a term's sense, that sense takes
    its probability, and the hyponym is returned to leave the ranking (else None).

    A hyponym that fits the definition best is mostly a sibling of the new sense, not its home
    ("Mendelian inheritance" beside *X-linked recessive inheritance*, "gateway" beside *router*):
    in cross-validation over the SemEval-2016 items none of the ranker's 18 hyponym choices was
    the gold synset, and the sense they were found below was it for 8 of them."""
    best = int(np.argmax(probabilities))
    hyponym = candidates[best]
    if hyponym.relation != "hyponym":
        return None
    home = next(i for i, c in enumerate(candidates) if c.synset.id == hyponym.via.id)
    probabilities[home] += probabilities[best]
    probabilities[best] = 0.0
    return hyponym


def _spelled_like(lemma: str) -> Term:
    """A WordNet lemma spelled like the new one, as a term of its own."""
    return Term(lemma, spaced(lemma), 0, 0, False, False, False, False, False, 1.0,
                spelled_like=True)  # fmt: skip


def operation_features(
    candidate: Candidate, probability: float, content: int, known: bool
) -> list[float]:
    """Evidence that the definition restates a synset rather than narrowing it."""
    return [
        1.0,
        math.log1p(content),
        float(content <= 3),
        float(known),
        candidate.features[RANK_FEATURES.index("overlap")],
        probability,
        min(1.0, len(candidate.term.text.split()) / max(content, 1)),
        float(candidate.relation == "sense" and candidate.term.index == 0),
    ]


def _check(lemma: str, pos: str, definition: str) -> str:
    pos = part_of_speech(pos)
    if not normalise(lemma):
        raise InputError("the lemma is empty; give the new word")
    if not words(definition):
        raise InputError("the definition has no words; give the new sense's definition")
    return POS[pos]


def _check_english(wordnet: WordNet, definition: str) -> None:
    """WordNet is English: refuse definitions most of whose words it does not know."""
    tokens = words(definition)
    known = sum(
        w in STOPWORDS or any(wordnet.lemmatise(w, p) for p in ("n", "v", "a", "r")) for w in tokens
    )
    if len(tokens) >= 3 and known < 0.6 * len(tokens):
        raise InputError(
            f"the definition does not look English ({known} of {len(tokens)} words are in "
            "WordNet); give an English definition"
        )


@lru_cache(maxsize=1)
def default_placer() -> Placer:
    """The placer with the bundled WordNet, genus prior, word rarities and trained weights."""
    return Placer(
        bundled(),
        Weights.load(resource_path(WEIGHTS)),
        GenusPrior.load(resource_path(GENUS_FILE)),
        GlossRarity.load(resource_path(RARITY_FILE)),
        default_encoder(),
    )


def place(
    lemma: str, pos: str, definition: str, top: int = 5, threshold: float = 0.0
) -> list[Placement]:
    """Where a new sense of ``lemma`` (``pos`` noun or verb) with this definition belongs in
    WordNet 3.0: the best ``top`` placements of the bundled placer (:meth:`Placer.place`, loaded
    once per process), as ``termlens attach`` gives them."""
    return default_placer().place(lemma, pos, definition, top, threshold)
