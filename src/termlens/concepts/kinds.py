"""Which of two terms names a kind of the other, read from their sentence vectors.

A multinomial logistic model over the classes of a concept pair (:data:`CLASSES`: none, same,
first is parent, first is child; the pair model's classes too) on ``[u ⊙ v, u − v, u · v]`` of
the two terms' unit vectors, fitted on hypernymy that needs no context: WordNet 3.0's nouns and
the TExEval taxonomies (``scripts/train_kinds.py``; weights in ``concept-kinds.json``).
*sequence tagging* is general and *CRF tagger* specific whatever the paper; the pair model reads
the difference P(parent) − P(child) as one feature. Because every class score is bilinear in the
two vectors, a block of pairs costs three matrix products, not an n × n × 1,025 array.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from termlens.embeddings import DIMENSIONS
from termlens.errors import InputError
from termlens.resources import resource_path

WEIGHTS = "concept-kinds.json"
CLASSES = ("none", "same", "parent", "child")  # parent: the first term is the parent
NONE, SAME, PARENT, CHILD = range(4)
INPUTS = 2 * DIMENSIONS + 1  # u ⊙ v, u − v, u · v


def pair_inputs(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The model's inputs for aligned rows of unit vectors: (pairs, INPUTS)."""
    product = first * second
    return np.hstack([product, first - second, product.sum(axis=1, keepdims=True)])


@dataclass(frozen=True, slots=True)
class KindModel:
    """Weights (classes × INPUTS) and one intercept per class."""

    weights: np.ndarray
    intercepts: np.ndarray

    @classmethod
    def load(cls, path: Path) -> KindModel:
        data = json.loads(path.read_text(encoding="utf-8"))
        weights = np.array(data.get("weights", []), dtype=float)
        intercepts = np.array(data.get("intercepts", []), dtype=float)
        if weights.shape != (4, INPUTS) or intercepts.shape != (4,):
            raise InputError(f"{path}: not a kind model for {DIMENSIONS}-d vectors; retrain it")
        return cls(weights, intercepts)

    def save(self, path: Path, about: dict[str, object]) -> None:
        data = {
            "inputs": "u*v (512), u-v (512), u.v (1) of unit sentence vectors",
            "classes": list(CLASSES),
            "weights": self.weights.round(6).tolist(),
            "intercepts": self.intercepts.round(6).tolist(),
            **about,
        }
        path.write_text(json.dumps(data) + "\n", encoding="utf-8")

    def scores(self, first: np.ndarray, second: np.ndarray) -> np.ndarray:
        """Class scores of every pair (row of ``first``, row of ``second``): (m, n, 4)."""
        d = DIMENSIONS
        cosine = first @ second.T
        out = np.empty((len(first), len(second), 4))
        for c, (w, b) in enumerate(zip(self.weights, self.intercepts, strict=True)):
            difference = w[d : 2 * d]
            out[..., c] = (first * w[:d]) @ second.T + w[2 * d] * cosine + b
            out[..., c] += (first @ difference)[:, None] - (second @ difference)[None, :]
        return out

    def direction(self, first: np.ndarray, second: np.ndarray) -> np.ndarray:
        """P(first names the parent kind) − P(first names the child kind), per pair: (m, n)."""
        p = softmax(self.scores(first, second))
        return np.asarray(p[..., PARENT] - p[..., CHILD])


def softmax(scores: np.ndarray) -> np.ndarray:
    """Class probabilities from class scores on the last axis (``scores`` is overwritten)."""
    scores -= scores.max(axis=-1, keepdims=True)
    exp = np.exp(scores)
    return np.asarray(exp / exp.sum(axis=-1, keepdims=True))


@lru_cache(maxsize=1)
def default_kinds() -> KindModel:
    """The bundled kind model."""
    return KindModel.load(resource_path(WEIGHTS))
