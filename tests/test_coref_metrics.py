"""Coreference and hierarchy metrics on hand-worked cases."""

from __future__ import annotations

import pytest

from termlens.benchmarks.coref import (
    b_cubed,
    best_assignment,
    ceaf_e,
    clusters_of,
    conll_f1,
    coreference,
    hierarchy,
    lea,
    muc,
)

# key {1,2,3} {4,5}; response {1,2} {3,4,5} (mention 0 is a singleton in both)
GOLD = [9, 0, 0, 0, 1, 1]
PREDICTED = [7, 0, 0, 1, 1, 1]
KEY = [frozenset({1, 2, 3}), frozenset({4, 5})]
RESPONSE = [frozenset({1, 2}), frozenset({3, 4, 5})]


def test_muc() -> None:
    # recall: {1,2,3} is cut in two (3-2) + {4,5} whole (2-1), over (3-1)+(2-1)
    score = muc(KEY, RESPONSE)
    assert score.recall == pytest.approx(100 * 2 / 3) and score.precision == pytest.approx(
        100 * 2 / 3
    )


def test_b_cubed() -> None:
    # recall: (2²/3 + 1²/3) + 2²/2 = 11/3 over 5 mentions; precision the same by symmetry
    score = b_cubed(KEY, RESPONSE)
    assert score.recall == pytest.approx(100 * 11 / 15) and score.precision == pytest.approx(
        100 * 11 / 15
    )


def test_ceaf_e() -> None:
    # φ4({1,2,3},{1,2}) = 4/5 and φ4({4,5},{3,4,5}) = 4/5 are the best alignment: 1.6 over 2 and 2
    score = ceaf_e(KEY, RESPONSE)
    assert score.recall == pytest.approx(80.0) and score.precision == pytest.approx(80.0)


def test_lea() -> None:
    # recall: {1,2,3} keeps 1 of 3 links (weight 3), {4,5} keeps its link (weight 2): 3/5
    score = lea(KEY, RESPONSE)
    assert score.recall == pytest.approx(60.0) and score.precision == pytest.approx(60.0)


def test_singletons_are_removed_and_conll_averages() -> None:
    scores = coreference([(GOLD, PREDICTED)])
    assert scores["MUC"].f1 == pytest.approx(100 * 2 / 3)
    assert conll_f1(scores) == pytest.approx((200 / 3 + 1100 / 15 + 80) / 3)
    perfect = coreference([(GOLD, GOLD)])
    assert all(s.f1 == pytest.approx(100.0) for s in perfect.values())


def test_counts_add_over_topics() -> None:
    one = coreference([(GOLD, PREDICTED)])
    two = coreference([(GOLD, PREDICTED), (GOLD, GOLD)])
    assert two["MUC"].recall_den == 2 * one["MUC"].recall_den
    assert one["MUC"].f1 < two["MUC"].f1 < 100.0


def test_hungarian_beats_greedy() -> None:
    # greedy would take 0.9 first (row 0 → col 0) and end with 0.9 + 0.1; best is 0.8 + 0.8
    assert sorted(best_assignment([[0.9, 0.8], [0.8, 0.1]])) == [(0, 1), (1, 0)]
    assert best_assignment([[0.2], [0.7], [0.1]]) == [(1, 0)]
    assert best_assignment([]) == []


def test_clusters_of() -> None:
    assert clusters_of([2, 2, 5]) == [frozenset({0, 1}), frozenset({2})]


def test_hierarchy_hand_worked() -> None:
    # gold: clusters 0 → 1 → 2 over mentions [0,0,1,2]; prediction merges 1 and 2 under 0
    counts = hierarchy([0, 0, 1, 2], [(0, 1), (1, 2)], [0, 0, 1, 1], [(0, 1)])
    assert (counts.predicted, counts.predicted_right, counts.predicted_right_50) == (1, 1, 1)
    assert (counts.gold, counts.gold_found) == (3, 2)  # 1 → 2 is lost inside one cluster
    assert counts.links.precision == 100.0 and counts.links.recall == pytest.approx(200 / 3)
    assert counts.links.f1 == pytest.approx(80.0) == counts.links_50.f1
    # five gold mention pairs: three at equal distance, two at 1 instead of 2, one lost (2, 3)
    assert counts.path_ratio == pytest.approx(100 * (1 + 1 + 0.5 + 0.5 + 0) / 5)


def test_hierarchy_fifty_percent_variant() -> None:
    # predicted 0 → 1 where only one of the two mention pairs is gold-linked: right, and 50% right
    counts = hierarchy([0, 1, 2], [(0, 1)], [0, 1, 1], [(0, 1)])
    assert counts.predicted_right == 1 and counts.predicted_right_50 == 1
    counts = hierarchy([0, 1, 2, 3], [(0, 1)], [0, 1, 1, 1], [(0, 1)])
    assert counts.predicted_right == 1 and counts.predicted_right_50 == 0
