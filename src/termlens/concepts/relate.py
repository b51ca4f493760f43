"""How two concept mentions relate: same concept, first is parent of second, the reverse, or none.

Features of an ordered mention pair (computed for a whole topic at once): string similarity
(Levenshtein, token overlap, same head word), containment (the general term's words inside the
specific one's: "image generation" ⊂ "conditional image generation"), acronyms (initials, and
the acronym dictionary of ``termlens expand``), and sentence-encoder cosines of the mentions and
of their sentences. A multinomial logistic model (``scripts/train_concepts.py``) turns them into
the four probabilities.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import cdist

from termlens.concepts.scico import Mention
from termlens.embeddings import default_encoder
from termlens.errors import InputError
from termlens.resources import resource_path

WEIGHTS = "concepts.json"
CLASSES = ("none", "same", "parent", "child")  # parent: the first mention is the parent
NONE, SAME, PARENT, CHILD = range(4)
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
)
STOP = frozenset("a an the of for and in on to with by from via using based".split())
_HYPHEN = re.compile(r"\s*-\s*")


@dataclass(frozen=True, slots=True)
class PairModel:
    """Weights of the multinomial logistic model, one row per class, plus clustering thresholds."""

    weights: np.ndarray  # (classes, features)
    same_threshold: float
    parent_threshold: float

    @classmethod
    def load(cls, path: Path) -> PairModel:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("features") != list(FEATURES):
            raise InputError(f"{path}: features differ from this termlens; retrain the model")
        return cls(np.array(data["weights"]), data["same_threshold"], data["parent_threshold"])

    def save(self, path: Path, trained_on: str) -> None:
        data = {
            "features": list(FEATURES),
            "classes": list(CLASSES),
            "weights": self.weights.round(6).tolist(),
            "same_threshold": self.same_threshold,
            "parent_threshold": self.parent_threshold,
            "trained_on": trained_on,
        }
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        """(n, n, features) → (n, n, classes) probabilities."""
        scores = features @ self.weights.T
        scores -= scores.max(axis=-1, keepdims=True)
        exp = np.exp(scores)
        return np.asarray(exp / exp.sum(axis=-1, keepdims=True))


def words(text: str) -> list[str]:
    """Lower-case words, hyphenated compounds joined, simple plurals folded."""
    tokens = _HYPHEN.sub("-", text.lower()).split()
    return [
        t[:-1] if len(t) > 3 and t.endswith("s") and not t.endswith("ss") else t for t in tokens
    ]


def initials(tokens: Sequence[str]) -> str:
    return "".join(t[0] for t in tokens if t not in STOP and t[0].isalnum())


def pair_features(mentions: Sequence[Mention]) -> np.ndarray:
    """Features of every ordered pair of a topic's mentions: (n, n, len(FEATURES)).

    Vectorised over the pairs (word bags as a mention × word matrix), so a thousand mentions
    take seconds, not minutes."""
    n = len(mentions)
    tokens = [words(m.text) for m in mentions]
    texts = [" ".join(t) for t in tokens]
    bags = [set(t) - STOP or set(t) for t in tokens]
    out = np.zeros((n, n, len(FEATURES)))
    out[..., 0] = 1.0
    if n == 0:
        return out
    vocabulary: dict[str, int] = {}
    rows = [[vocabulary.setdefault(w, len(vocabulary)) for w in bag] for bag in bags]
    matrix = np.zeros((n, len(vocabulary)))
    for i, row in enumerate(rows):
        matrix[i, row] = 1.0
    shared = matrix @ matrix.T
    size = matrix.sum(axis=1)
    first, second = size[:, None], size[None, :]  # row mention i, column mention j
    union = first + second - shared
    out[..., 1] = cdist(texts, texts, scorer=Levenshtein.normalized_similarity)
    out[..., 2] = np.where(union > 0, shared / np.maximum(union, 1), 0.0)
    out[..., 3] = _equal([t[-1] if t else "" for t in tokens])
    out[..., 4] = _equal(texts)
    out[..., 5] = (shared == first) & (second > first)
    out[..., 6] = (shared == second) & (first > second)
    out[..., 7] = np.log1p(second - shared) - np.log1p(first - shared)
    out[..., 8] = _acronym_pairs(mentions, tokens, texts, bags)
    length = np.log1p(np.array([len(t) for t in tokens], dtype=float))
    out[..., 11] = length[None, :] - length[:, None]
    out[..., 12] = out[..., 3] * (second > first)  # "segmentation" → "brain tumour segmentation"
    out[..., 13] = out[..., 3] * (first > second)
    encoder = default_encoder()
    vectors = _unit(encoder.encode_cached([m.text for m in mentions]))
    contexts = _unit(encoder.encode_cached([m.context for m in mentions]))
    out[..., 9] = vectors @ vectors.T
    # sentences say something only across paragraphs: two mentions of one sentence share it
    paragraphs = np.array([m.paragraph for m in mentions])
    out[..., 10] = np.where(paragraphs[:, None] != paragraphs[None, :], contexts @ contexts.T, 0.0)
    return out


def _equal(values: list[str]) -> np.ndarray:
    ids: dict[str, int] = {}
    codes = np.array([ids.setdefault(v, len(ids)) for v in values])
    return np.asarray(codes[:, None] == codes[None, :], dtype=float)


def _acronym_pairs(
    mentions: Sequence[Mention], tokens: list[list[str]], texts: list[str], bags: list[set[str]]
) -> np.ndarray:
    """1 where one mention spells the other's initials or the dictionary expands it so."""
    n = len(mentions)
    out = np.zeros((n, n))
    by_text: dict[str, list[int]] = {}
    by_initials: dict[str, list[int]] = {}
    for j, t in enumerate(texts):
        by_text.setdefault(t, []).append(j)
        if len(bags[j]) > 1:
            by_initials.setdefault(initials(tokens[j]), []).append(j)
    for i, mention in enumerate(mentions):
        compact = re.sub(r"[^a-z0-9]", "", mention.text.lower())
        partners = by_initials.get(compact, []) if len(compact) >= 2 else []
        partners += [
            j for long in _long_forms(mention.text.replace(" ", "")) for j in by_text.get(long, [])
        ]
        for j in partners:
            out[i, j] = out[j, i] = 1.0
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
    return frozenset(" ".join(words(v)) for s in senses for v, _ in s.variants)


@lru_cache(maxsize=1)
def default_model() -> PairModel:
    """The bundled pair model."""
    return PairModel.load(resource_path(WEIGHTS))
