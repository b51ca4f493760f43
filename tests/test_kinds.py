"""Which of two terms names a kind of the other: the bilinear scores and the bundled model."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from termlens.concepts.kinds import INPUTS, WEIGHTS, KindModel, default_kinds, pair_inputs
from termlens.concepts.relate import FEATURES, default_model
from termlens.embeddings import DIMENSIONS, default_encoder
from termlens.errors import InputError
from termlens.resources import resource_path


def _unit(rows: np.ndarray) -> np.ndarray:
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_block_scores_equal_the_model_on_each_pair() -> None:
    """The factored scores of a block equal the plain model on the pair's inputs."""
    rng = np.random.default_rng(3)
    model = KindModel(rng.normal(size=(4, INPUTS)), rng.normal(size=4))
    first, second = _unit(rng.normal(size=(3, DIMENSIONS))), _unit(rng.normal(size=(5, DIMENSIONS)))
    block = model.scores(first, second)
    for i in range(3):
        for j in range(5):
            plain = pair_inputs(first[i : i + 1], second[j : j + 1]) @ model.weights.T
            assert block[i, j] == pytest.approx(plain[0] + model.intercepts)


def test_the_general_term_is_the_parent() -> None:
    """The issue's example, and one WordNet knows."""
    vectors = default_encoder().encode(["sequence tagging", "CRF tagger", "animal", "dog"])
    direction = default_kinds().direction(vectors, vectors)
    assert direction[0, 1] > 0.1 and direction[1, 0] < -0.1
    assert direction[2, 3] > 0.1 and direction[3, 2] < -0.1


def test_a_kind_model_of_the_wrong_shape_is_refused(tmp_path: Path) -> None:
    data = json.loads(resource_path(WEIGHTS).read_text(encoding="utf-8"))
    data["weights"] = [row[:10] for row in data["weights"]]
    bad = tmp_path / WEIGHTS
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputError, match=r"not a kind model.*retrain"):
        KindModel.load(bad)


def test_only_the_hierarchy_reads_the_kind_direction() -> None:
    """Coreference ignores it (it split clusters); the hierarchy leans on it."""
    model, column = default_model(), FEATURES.index("kind_direction")
    assert not model.weights[:, column].any()
    assert model.hierarchy_weights[:, column].any()
