"""Clusters of mentions and a cycle-free hierarchy between them, from pair probabilities.

Clustering: average-linkage agglomeration on P(same), merging while the best pair of clusters
averages at least the model's ``same_threshold``. Hierarchy: for each ordered pair of clusters,
the mean over their mention pairs of P(first is parent of second) (both orders of the pair
model averaged); edges are added best first while they score at least ``parent_threshold``, each
cluster keeps one parent, and an edge that would close a cycle is skipped.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from termlens.concepts.relate import CHILD, PARENT, SAME, PairModel, pair_features
from termlens.concepts.scico import Topic


def agglomerate(same: np.ndarray, threshold: float) -> list[int]:
    """Average-linkage clusters of a symmetric similarity matrix; ids in order of first mention."""
    n = len(same)
    members: dict[int, list[int]] = {i: [i] for i in range(n)}
    totals = same.astype(float)  # sums of similarities between clusters i and j
    sizes = np.ones(n)
    alive = np.ones(n, dtype=bool)
    average = totals.copy()
    np.fill_diagonal(average, -np.inf)
    while len(members) > 1:
        keep, gone = np.unravel_index(int(np.argmax(average)), average.shape)
        if average[keep, gone] < threshold:
            break
        totals[keep, :] += totals[gone, :]
        totals[:, keep] = totals[keep, :]
        sizes[keep] += sizes[gone]
        members[int(keep)] += members.pop(int(gone))
        alive[gone] = False
        average[keep, :] = np.where(alive, totals[keep, :] / (sizes[keep] * sizes), -np.inf)
        average[:, keep] = average[keep, :]
        average[gone, :] = average[:, gone] = -np.inf
        average[keep, keep] = -np.inf
    labels = [0] * n
    for label, group in enumerate(sorted(members.values(), key=min)):
        for mention in group:
            labels[mention] = label
    return labels


def build_hierarchy(
    parent: np.ndarray, labels: Sequence[int], threshold: float
) -> list[tuple[int, int]]:
    """Parent → child cluster edges from mention-level P(parent), greedy, one parent, no cycle."""
    clusters = sorted(set(labels))
    row = {label: i for i, label in enumerate(clusters)}
    membership = np.zeros((len(clusters), len(labels)))
    for mention, label in enumerate(labels):
        membership[row[label], mention] = 1.0
    sizes = membership.sum(axis=1)
    means = membership @ parent @ membership.T / np.outer(sizes, sizes)
    scored = [
        (float(means[i, j]), a, b)
        for i, a in enumerate(clusters)
        for j, b in enumerate(clusters)
        if a != b and means[i, j] >= threshold
    ]
    edges: list[tuple[int, int]] = []
    parent_of: dict[int, int] = {}
    for _, a, b in sorted(scored, reverse=True):
        if b in parent_of or _reaches(parent_of, a, b):
            continue
        parent_of[b] = a
        edges.append((a, b))
    return edges


def _reaches(parent_of: dict[int, int], node: int, ancestor: int) -> bool:
    """Whether ``ancestor`` is ``node`` or above it: then an edge node → ancestor would cycle."""
    while True:
        if node == ancestor:
            return True
        if node not in parent_of:
            return False
        node = parent_of[node]


def scores(probabilities: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """From pair probabilities (both orders): symmetric P(same) and P(row is column's parent)."""
    p = probabilities
    same = (p[..., SAME] + p[..., SAME].T) / 2
    parent = (p[..., PARENT] + p[..., CHILD].T) / 2
    return same, parent


def predict(topic: Topic, model: PairModel, features: np.ndarray | None = None) -> Topic:
    """The topic with predicted clusters and relations (its gold ones are ignored)."""
    if not topic.mentions:
        return topic.with_prediction([], [])
    if features is None:
        features = pair_features(topic.mentions)
    same, parent = scores(model.probabilities(features))
    labels = agglomerate(same, model.same_threshold)
    return topic.with_prediction(labels, build_hierarchy(parent, labels, model.parent_threshold))
