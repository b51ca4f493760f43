"""How two concept mentions relate: same concept, first is parent of second, the reverse, or none.

Features of an ordered mention pair (computed for a whole topic at once): string similarity
(Levenshtein, token overlap, same head word), containment (the general term's words inside the
specific one's: "image generation" ⊂ "conditional image generation"), acronyms (initials, and
the acronym dictionary of ``termlens expand``), sentence-encoder cosines of the mentions and
of their sentences, and which of the two names a kind of the other as taxonomies taught it
(:mod:`~termlens.concepts.kinds`). Multinomial logistic models (``scripts/train_concepts.py``)
turn them into the four probabilities (:class:`PairModel`).
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import cdist

from termlens.acronyms.wordlist import WORD
from termlens.concepts.kinds import CLASSES, default_kinds, softmax
from termlens.concepts.scico import Mention
from termlens.embeddings import default_encoder
from termlens.errors import InputError
from termlens.resources import resource_path

WEIGHTS = "concepts.json"
FEATURES = (
    "bias",
    "levenshtein",
    "token_overlap",
    "same_head",
    "same_text",
    "first_inside_second",
    "second_inside_first",
    "extra_words",
    "acronym",
    "mention_cosine",
    "context_cosine",  # 0 within a paragraph
    "length_difference",
    "same_head_second_longer",
    "same_head_first_longer",
    "kind_direction",
)
STOP = frozenset("a an the of for and in on to with by from via using based".split())
_HYPHEN = re.compile(r"\s*-\s*")
_PLAIN_WORD = re.compile(r"[\w-]+")


@dataclass(frozen=True, slots=True)
class PairModel:
    """Two multinomial logistic models over the same features, one row of weights per class:
    ``weights`` for coreference, which leaves the taxonomies' kind direction out (its weights
    are 0), and ``hierarchy_weights``, which reads it; plus the thresholds on P(same) (for SciCo
    topics, and for the larger topics plain papers make) and on P(parent). Taught by taxonomies,
    the kind direction orders concepts well, but fed to the coreference model it split clusters
    (proxy CoNLL −1.4, CD²CR dev −1.0: docs/benchmarks-log.md)."""

    weights: np.ndarray  # (classes, features)
    hierarchy_weights: np.ndarray  # (classes, features)
    same_threshold: float
    parent_threshold: float
    plain_text_same_threshold: float | None = None  # None: as for SciCo topics

    @classmethod
    def load(cls, path: Path) -> PairModel:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("features") != list(FEATURES):
            raise InputError(f"{path}: features differ from this termlens; retrain the model")
        try:
            return cls(
                np.array(data["weights"]),
                np.array(data["hierarchy_weights"]),
                data["same_threshold"],
                data["parent_threshold"],
                data["plain_text_same_threshold"],
            )
        except KeyError as missing:
            raise InputError(f"{path}: no {missing} in it; retrain the model") from None

    def save(self, path: Path, trained_on: str) -> None:
        data = {
            "features": list(FEATURES),
            "classes": list(CLASSES),
            "weights": self.weights.round(6).tolist(),
            "hierarchy_weights": self.hierarchy_weights.round(6).tolist(),
            "same_threshold": self.same_threshold,
            "parent_threshold": self.parent_threshold,
            "plain_text_same_threshold": self.plain_text_same_threshold,
            "trained_on": trained_on,
        }
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        """(n, n, features) → (n, n, classes) probabilities of the coreference model."""
        return softmax(features @ self.weights.T)

    def hierarchy_probabilities(self, features: np.ndarray) -> np.ndarray:
        """(n, n, features) → (n, n, classes) probabilities of the hierarchy model."""
        return softmax(features @ self.hierarchy_weights.T)


def words(text: str, keep_inner_capitals: bool = False) -> list[str]:
    """Lower-case words, hyphenated compounds joined, simple plurals folded; with
    ``keep_inner_capitals``, a word with a capital after its first letter keeps its case
    (*mAP* is not *map*)."""
    tokens = [
        case_folded(t) if keep_inner_capitals else t.lower() for t in _HYPHEN.sub("-", text).split()
    ]
    return [
        t[:-1] if len(t) > 3 and t.endswith("s") and not t.endswith("ss") else t for t in tokens
    ]


def case_folded(word: str) -> str:
    """A word in lower case, unless it has a capital after its first letter (*mAP*, *SEI*)."""
    return word if any(c.isupper() for c in word[1:]) else word.lower()


def unhyphenated(text: str) -> str:
    """A mention's words with the hyphens of its compounds as spaces: *named-entity
    recognition* and *named entity recognition* are one text, whose initials spell NER."""
    return text.replace("-", " ")


def initials(tokens: Sequence[str]) -> str:
    return "".join(t[0] for t in tokens if t not in STOP and t[0].isalnum())


_LETTER_PREFIX = re.compile(r"[^\W\d_]-")  # Q-learning, k-means: the letter is no word's initial


def spelled_initials(text: str) -> set[str]:
    """The initials a mention's words can spell: of its words, and of the parts of its
    hyphenated compounds (*named-entity recognition*: NR and NER); not of the words, when one
    starts with a lone letter (*Q-learning algorithm* spells no QA)."""
    tokens = text.split()
    spelled = {initials(unhyphenated(text).split())}
    if not any(_LETTER_PREFIX.match(t) for t in tokens):
        spelled.add(initials(tokens))
    return spelled


def pair_features(mentions: Sequence[Mention]) -> np.ndarray:
    """Features of every ordered pair of a topic's mentions: (n, n, len(FEATURES))."""
    return PairFeatures(mentions).rows(0, len(mentions))


class PairFeatures:
    """What the pair features need of a topic, computed once; the features themselves come by
    rows (:meth:`rows`), so a large topic never holds all n × n × features at once.

    Vectorised over the pairs (word bags as a mention × word matrix), so a thousand mentions
    take seconds, not minutes."""

    def __init__(self, mentions: Sequence[Mention]) -> None:
        self.size = n = len(mentions)
        tokens = [words(m.text) for m in mentions]
        self._texts = [" ".join(t) for t in tokens]
        bags = [set(t) - STOP or set(t) for t in tokens]
        vocabulary: dict[str, int] = {}
        rows = [[vocabulary.setdefault(w, len(vocabulary)) for w in bag] for bag in bags]
        self._bags = np.zeros((n, len(vocabulary)))
        for i, row in enumerate(rows):
            self._bags[i, row] = 1.0
        self._bag_sizes = self._bags.sum(axis=1)
        self._heads = codes([t[-1] if t else "" for t in tokens])
        self._text_codes = codes([unhyphenated(t) for t in self._texts])
        self._acronyms = _acronym_pairs(mentions, self._texts, bags)
        self._lengths = np.log1p(np.array([len(t) for t in tokens], dtype=float))
        if n:
            encoder = default_encoder()
            self._vectors = _unit(encoder.encode_cached([m.text for m in mentions]))
            self._contexts = _unit(encoder.encode_cached([m.context for m in mentions]))
        self._paragraphs = np.array([m.paragraph for m in mentions])

    def rows(self, start: int, stop: int) -> np.ndarray:
        """Features of the pairs (i, j) for start <= i < stop and every j: (rows, n, features)."""
        n, block = self.size, slice(start, stop)
        out = np.zeros((stop - start, n, len(FEATURES)))
        out[..., 0] = 1.0
        if n == 0 or stop <= start:
            return out
        shared = self._bags[block] @ self._bags.T
        first, second = self._bag_sizes[block, None], self._bag_sizes[None, :]
        union = first + second - shared
        out[..., 1] = cdist(
            self._texts[block], self._texts, scorer=Levenshtein.normalized_similarity
        )
        out[..., 2] = np.where(union > 0, shared / np.maximum(union, 1), 0.0)
        out[..., 3] = self._heads[block, None] == self._heads[None, :]
        out[..., 4] = self._text_codes[block, None] == self._text_codes[None, :]
        out[..., 5] = (shared == first) & (second > first)
        out[..., 6] = (shared == second) & (first > second)
        out[..., 7] = np.log1p(second - shared) - np.log1p(first - shared)
        for i in range(start, stop):
            out[i - start, self._acronyms.get(i, []), 8] = 1.0
        out[..., 11] = self._lengths[None, :] - self._lengths[block, None]
        # "segmentation" → "brain tumour segmentation"
        out[..., 12] = out[..., 3] * (second > first)
        out[..., 13] = out[..., 3] * (first > second)
        out[..., 9] = self._vectors[block] @ self._vectors.T
        # sentences say something only across paragraphs: two mentions of one sentence share it
        across = self._paragraphs[block, None] != self._paragraphs[None, :]
        out[..., 10] = np.where(across, self._contexts[block] @ self._contexts.T, 0.0)
        out[..., 14] = default_kinds().direction(self._vectors[block], self._vectors)
        return out


ACRONYM_LIKE = re.compile(r"(?=(?:.*[A-Z]){2})[A-Za-z0-9-]+")  # CRF, BiLSTM-CRF, ImageNet


def apart_acronyms(mentions: Sequence[Mention]) -> tuple[np.ndarray, np.ndarray]:
    """The mentions that are acronyms (one word, two capitals or more; *LS - GAN* as tokenised
    text writes *LS-GAN*), and a key for each (hyphens and a plural *s* dropped) that differs
    between different acronyms: *GAN* and *WGAN*, *CNN* and *SRCNN* name different things,
    however alike they are written."""
    compact = [(i, _HYPHEN.sub("-", m.text)) for i, m in enumerate(mentions)]
    found = [(i, text) for i, text in compact if ACRONYM_LIKE.fullmatch(text)]
    keys = [acronym_key(text) for _, text in found]
    return np.array([i for i, _ in found], dtype=int), codes(keys)


def acronym_key(text: str) -> str:
    """An acronym's letters, hyphens and a plural *s* dropped (*LS - GANs*: LSGAN)."""
    return re.sub(r"(?<=[A-Z])s$", "", _HYPHEN.sub("", text))


def spells(acronym: str, text: str) -> bool:
    """Whether a text of several words has initials that spell an acronym (*conditional random
    fields*, *CRFs*; *named-entity recognition*, *NER*)."""
    tokens = words(text)
    return len(tokens) > 1 and acronym_key(acronym).lower() in spelled_initials(" ".join(tokens))


_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def numbered_names(mentions: Sequence[Mention]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The mentions that hold numbers, a key for the words around their numbers (as a set, case
    ignored) and a key for their numbers: *Set5* and *Set14*, *CIFAR - 10* and *CIFAR - 100*,
    *hits@3* and *HITS@10* are one name with different numbers, and name different things
    (SciCo's proxy gold never puts two such mentions in one cluster)."""
    found = [(i, _NUMBER.findall(m.text)) for i, m in enumerate(mentions)]
    found = [(i, numbers) for i, numbers in found if numbers]
    names = [
        " ".join(sorted({w.lower() for w in WORD.findall(mentions[i].text)})) for i, _ in found
    ]
    numbers = [" ".join(sorted(set(n))) for _, n in found]
    return np.array([i for i, _ in found], dtype=int), codes(names), codes(numbers)


def kinds_by_modifiers(
    mentions: Sequence[Mention], clusters: Sequence[int]
) -> set[tuple[int, int]]:
    """(parent, child) cluster pairs where at least half of the child's mentions are the parent's
    name with modifiers before it: *brain tumor segmentation* is a kind of *segmentation*. A
    cluster's name is its most frequent mention (:func:`_names`; with an acronym, its long form
    too); a cluster without one (a tie: often one that merged different things, *joint model*
    and a bare *model*) or named by a single letter names no parent, unless the tie is an
    acronym and its long form (*GAN* ×2, *generative adversarial network* ×2: both name it).
    Only plain noun phrases count (no function word, no symbol), whose last word is their head:
    *hyperparameters of CycleGAN* is no kind of *CycleGAN*; an acronym counts as the long form
    its cluster also says (*NMT* ×2, *neural machine translation* ×1 under *machine
    translation*). Case is ignored except inside a word: *mAP* names no kind of *response map*."""
    phrases = [tuple(words(m.text, keep_inner_capitals=True)) for m in mentions]
    plain = _plain_phrases(phrases)
    said: defaultdict[int, Counter[tuple[str, ...]]] = defaultdict(Counter)
    for phrase, cluster in zip(phrases, clusters, strict=True):
        said[cluster][phrase] += 1
    named: defaultdict[tuple[str, ...], set[int]] = defaultdict(set)
    for cluster, counts in said.items():
        for phrase in _names(counts):
            if len("".join(phrase)) > 1:  # not a symbol
                named[phrase].add(cluster)
    plain_said = set(plain) - {()}
    modified: Counter[tuple[int, int]] = Counter()  # (parent, child) → the child's mentions
    for phrase, written, cluster in zip(plain, phrases, clusters, strict=True):
        phrase = _spelled_out(written, said[cluster], plain_said) or phrase
        if not phrase:
            continue
        parents = set().union(*(named.get(phrase[k:], set()) for k in range(1, len(phrase))))
        modified.update((parent, cluster) for parent in parents - {cluster})
    sizes = Counter(clusters)
    return {pair for pair, n in modified.items() if 2 * n >= sizes[pair[1]]}


def _names(said: Counter[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """What names a cluster, from how often each phrase is said in it: the most frequent one,
    or an acronym and its long form tied for it, and then also the long form of an acronym that
    names it (*SE* ×2, *state estimation* ×1); nothing for any other tie."""
    most = max(said.values())
    tied = [phrase for phrase, n in said.items() if n == most]
    if len(tied) > 1 and not _acronym_and_long_form(*tied):
        return []
    return tied + [
        phrase
        for phrase in said
        if phrase not in tied and any(_acronym_and_long_form(name, phrase) for name in tied)
    ]


def _spelled_out(
    acronym: tuple[str, ...],
    said: Counter[tuple[str, ...]],
    plain: set[tuple[str, ...]],
) -> tuple[str, ...]:
    """The ``plain`` long form that an acronym's cluster also says it as (*NMT*: *neural
    machine translation*), or ()."""
    if len(acronym) != 1:
        return ()
    longs = [p for p in said if p in plain and _acronym_and_long_form(acronym, p)]
    return max(longs, key=said.__getitem__, default=())


def _acronym_and_long_form(*phrases: tuple[str, ...]) -> bool:
    """Whether two phrases are an acronym and the words it stands for (*GAN*, *generative
    adversarial network*): one name written two ways, not two things."""
    if len(phrases) != 2:
        return False
    short, long = sorted(phrases, key=len)
    return len(short) == 1 and spells(short[0], " ".join(long))


def named_kinds(mentions: Sequence[Mention]) -> list[tuple[int, int]]:
    """(kind, named) mention pairs where the first is the second's name with modifiers before
    it, both plain noun phrases (as :func:`kinds_by_modifiers` reads them): *Double DQN* and
    *DQN*, *source task model* and *task model*."""
    plain = _plain_phrases([tuple(words(m.text, keep_inner_capitals=True)) for m in mentions])
    by_phrase: defaultdict[tuple[str, ...], list[int]] = defaultdict(list)
    for j, phrase in enumerate(plain):
        if len("".join(phrase)) > 1:  # not a symbol
            by_phrase[phrase].append(j)
    return [
        (i, j)
        for i, phrase in enumerate(plain)
        for k in range(1, len(phrase))
        for j in by_phrase.get(phrase[k:], [])
    ]


def _plain_phrases(phrases: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Each phrase if it is a plain noun phrase (no function word, no symbol), else ()."""
    return [
        p if all(_PLAIN_WORD.fullmatch(w) and w not in STOP for w in p) else () for p in phrases
    ]


def codes(values: list[str]) -> np.ndarray:
    """One integer per distinct value (equal values, equal codes)."""
    ids: dict[str, int] = {}
    return np.array([ids.setdefault(v, len(ids)) for v in values], dtype=int)


def _acronym_pairs(
    mentions: Sequence[Mention], texts: list[str], bags: list[set[str]]
) -> dict[int, list[int]]:
    """For each mention, the mentions whose initials it spells or that the dictionary expands it
    to, and the other way round."""
    out: defaultdict[int, list[int]] = defaultdict(list)
    by_text: dict[str, list[int]] = {}
    by_initials: dict[str, list[int]] = {}
    for j, t in enumerate(texts):
        by_text.setdefault(unhyphenated(t), []).append(j)
        if len(bags[j]) > 1:
            for spelled in spelled_initials(t):
                by_initials.setdefault(spelled, []).append(j)
    for i, mention in enumerate(mentions):
        compact = re.sub(r"[^a-z0-9]", "", mention.text.lower())
        partners = [*by_initials.get(compact, [])] if len(compact) >= 2 else []  # a copy
        partners += [
            j for long in _long_forms(mention.text.replace(" ", "")) for j in by_text.get(long, [])
        ]
        for j in partners:
            out[i].append(j)
            out[j].append(i)
    return out


def _unit(matrix: np.ndarray) -> np.ndarray:
    return np.asarray(matrix / np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-9))


@lru_cache(maxsize=50_000)
def _long_forms(text: str) -> frozenset[str]:
    """Long forms the acronym dictionary knows for a mention that looks like an acronym."""
    if not (2 <= len(text) <= 10 and sum(c.isupper() for c in text) >= 2):
        return frozenset()
    from termlens.acronyms.expand import default_dictionary

    senses = default_dictionary().lookup(text)
    return frozenset(unhyphenated(" ".join(words(v))) for s in senses for v, _ in s.variants)


@lru_cache(maxsize=1)
def default_model() -> PairModel:
    """The bundled pair model."""
    return PairModel.load(resource_path(WEIGHTS))
