"""Coreference and hierarchy metrics for SciCo-style output.

Coreference (as coval computes them, singletons removed from key and response first): MUC,
B³, CEAF-e (entity-level, φ4 similarity, optimal one-to-one alignment), LEA, and CoNLL F1 (the
mean of the MUC, B³ and CEAF-e F1). Counts are summed over topics before dividing (micro).

Hierarchy between clusters (SciCo): the gold and predicted relations are closed transitively.
A predicted link (P → C) is right if some mention of P and some mention of C are linked
(ancestor → descendant) in the gold; in the *50%* variant, if at least half of those mention
pairs are. Recall: a gold link (A → B) is found if some mention of A and some of B are linked
in the prediction. The *path ratio* compares distances: for every gold-linked mention pair,
min(d_gold, d_pred) / max(d_gold, d_pred), where d counts hierarchy edges between their
clusters and a pair the prediction does not link scores 0; averaged over gold pairs.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from typing import TypeVar

Cluster = frozenset[int]
Summable = TypeVar("Summable", "Counts", "HierarchyCounts")


def _sum(a: Summable, b: Summable) -> Summable:
    """Field-by-field sum of two count records (how counts add up over topics)."""
    return type(a)(*(getattr(a, f.name) + getattr(b, f.name) for f in fields(a)))


@dataclass(frozen=True, slots=True)
class Counts:
    """Recall and precision as numerator / denominator pairs (summed over topics)."""

    recall_num: float = 0.0
    recall_den: float = 0.0
    precision_num: float = 0.0
    precision_den: float = 0.0

    def __add__(self, other: Counts) -> Counts:
        return _sum(self, other)

    @property
    def recall(self) -> float:
        return 100.0 * self.recall_num / self.recall_den if self.recall_den else 0.0

    @property
    def precision(self) -> float:
        return 100.0 * self.precision_num / self.precision_den if self.precision_den else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def clusters_of(assignment: Sequence[int]) -> list[Cluster]:
    """Mention index sets per cluster id."""
    groups: dict[int, set[int]] = defaultdict(set)
    for mention, cluster in enumerate(assignment):
        groups[cluster].add(mention)
    return [frozenset(g) for _, g in sorted(groups.items())]


def non_singletons(clusters: Iterable[Cluster]) -> list[Cluster]:
    return [c for c in clusters if len(c) > 1]


def muc(key: list[Cluster], response: list[Cluster]) -> Counts:
    def side(a: list[Cluster], b: list[Cluster]) -> tuple[float, float]:
        where = {m: i for i, c in enumerate(b) for m in c}
        num = den = 0.0
        for cluster in a:
            parts = {where.get(m, ("alone", m)) for m in cluster}
            num += len(cluster) - len(parts)
            den += len(cluster) - 1
        return num, den

    r = side(key, response)
    p = side(response, key)
    return Counts(r[0], r[1], p[0], p[1])


def b_cubed(key: list[Cluster], response: list[Cluster]) -> Counts:
    def side(a: list[Cluster], b: list[Cluster]) -> tuple[float, float]:
        num = sum(len(x & y) ** 2 / len(x) for x in a for y in b if x & y)
        return num, float(sum(len(x) for x in a))

    r = side(key, response)
    p = side(response, key)
    return Counts(r[0], r[1], p[0], p[1])


def ceaf_e(key: list[Cluster], response: list[Cluster]) -> Counts:
    scores = [[2 * len(k & r) / (len(k) + len(r)) for r in response] for k in key]
    total = sum(scores[i][j] for i, j in best_assignment(scores))
    return Counts(total, len(key), total, len(response))


def lea(key: list[Cluster], response: list[Cluster]) -> Counts:
    def links(n: int) -> int:
        return n * (n - 1) // 2

    def side(a: list[Cluster], b: list[Cluster]) -> tuple[float, float]:
        num = 0.0
        for x in a:
            if len(x) == 1:  # a singleton's only link is to itself
                num += float(x in b)
                continue
            resolved = sum(links(len(x & y)) for y in b)
            num += len(x) * resolved / links(len(x))
        return num, float(sum(len(x) for x in a))

    r = side(key, response)
    p = side(response, key)
    return Counts(r[0], r[1], p[0], p[1])


COREF_METRICS = {"MUC": muc, "B3": b_cubed, "CEAF-e": ceaf_e, "LEA": lea}


def coreference(pairs: Iterable[tuple[Sequence[int], Sequence[int]]]) -> dict[str, Counts]:
    """All coreference metrics over (gold, predicted) cluster assignments, one pair per topic."""
    totals = {name: Counts() for name in COREF_METRICS}
    for gold, predicted in pairs:
        key = non_singletons(clusters_of(gold))
        response = non_singletons(clusters_of(predicted))
        for name, metric in COREF_METRICS.items():
            totals[name] = totals[name] + metric(key, response)
    return totals


def conll_f1(scores: dict[str, Counts]) -> float:
    return (scores["MUC"].f1 + scores["B3"].f1 + scores["CEAF-e"].f1) / 3


def best_assignment(scores: list[list[float]]) -> list[tuple[int, int]]:
    """Row → column pairs maximising the total score (Hungarian algorithm, rectangular ok)."""
    rows = len(scores)
    cols = len(scores[0]) if rows else 0
    if not rows or not cols:
        return []
    transpose = rows > cols
    matrix = [list(col) for col in zip(*scores, strict=True)] if transpose else scores
    n, m = len(matrix), len(matrix[0])
    top = max(max(row) for row in matrix)
    cost = [[top - v for v in row] for row in matrix]
    u, v = [0.0] * (n + 1), [0.0] * (m + 1)
    match, way = [0] * (m + 1), [0] * (m + 1)
    for i in range(1, n + 1):
        match[0], j0 = i, 0
        low = [float("inf")] * (m + 1)
        used = [False] * (m + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = match[j0], float("inf"), 0
            for j in range(1, m + 1):
                if not used[j]:
                    current = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if current < low[j]:
                        low[j], way[j] = current, j0
                    if low[j] < delta:
                        delta, j1 = low[j], j
            for j in range(m + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    low[j] -= delta
            j0 = j1
            if match[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            match[j0] = match[j1]
            j0 = j1
    pairs = [(match[j] - 1, j - 1) for j in range(1, m + 1) if match[j]]
    return [(j, i) for i, j in pairs] if transpose else pairs


@dataclass(frozen=True, slots=True)
class HierarchyCounts:
    """Hierarchy link counts and path-ratio sums, summed over topics."""

    predicted: int = 0
    predicted_right: int = 0
    predicted_right_50: int = 0
    gold: int = 0
    gold_found: int = 0
    path_sum: float = 0.0
    path_pairs: int = 0

    def __add__(self, other: HierarchyCounts) -> HierarchyCounts:
        return _sum(self, other)

    @property
    def links(self) -> Counts:
        """Cluster links: a gold link found, a predicted link right."""
        return Counts(self.gold_found, self.gold, self.predicted_right, self.predicted)

    @property
    def links_50(self) -> Counts:
        """The same, a predicted link right when half its mention pairs are linked in the gold."""
        return Counts(self.gold_found, self.gold, self.predicted_right_50, self.predicted)

    @property
    def path_ratio(self) -> float:
        return 100.0 * self.path_sum / self.path_pairs if self.path_pairs else 0.0


def distances(relations: Iterable[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """Shortest ancestor → descendant edge counts over parent → child relations."""
    children: dict[int, list[int]] = defaultdict(list)
    for parent, child in relations:
        children[parent].append(child)
    out: dict[tuple[int, int], int] = {}
    for start in list(children):
        queue = deque([(start, 0)])
        seen = {start}
        while queue:
            node, d = queue.popleft()
            for child in children.get(node, []):
                if child not in seen:
                    seen.add(child)
                    out[(start, child)] = d + 1
                    queue.append((child, d + 1))
    return out


def hierarchy(
    gold: Sequence[int],
    gold_relations: Iterable[tuple[int, int]],
    predicted: Sequence[int],
    predicted_relations: Iterable[tuple[int, int]],
) -> HierarchyCounts:
    """Hierarchy counts for one topic (cluster assignments per mention, parent → child)."""
    gold_far, pred_far = distances(gold_relations), distances(predicted_relations)
    mentions = range(len(gold))
    gold_pairs = {
        (a, b): gold_far[(gold[a], gold[b])] for a in mentions for b in mentions
        if (gold[a], gold[b]) in gold_far
    }  # fmt: skip
    pred_pairs = {
        (a, b): pred_far[(predicted[a], predicted[b])] for a in mentions for b in mentions
        if (predicted[a], predicted[b]) in pred_far
    }  # fmt: skip
    members_pred, members_gold = defaultdict(list), defaultdict(list)
    for m in mentions:
        members_pred[predicted[m]].append(m)
        members_gold[gold[m]].append(m)
    right = right_50 = 0
    for parent, child in pred_far:
        pairs = [(a, b) for a in members_pred[parent] for b in members_pred[child]]
        linked = sum(p in gold_pairs for p in pairs)
        right += linked > 0
        right_50 += linked >= 0.5 * len(pairs)
    found = sum(
        any((a, b) in pred_pairs for a in members_gold[parent] for b in members_gold[child])
        for parent, child in gold_far
    )
    path = sum(
        min(d, pred_pairs[p]) / max(d, pred_pairs[p])
        for p, d in gold_pairs.items()
        if p in pred_pairs
    )
    return HierarchyCounts(
        len(pred_far), right, right_50, len(gold_far), found, path, len(gold_pairs)
    )
