"""Train the concept pair model (``data/concepts.json``) on the SciCo-format proxy.

Cross-validation over topics (topic *i* in fold *i* % K): in each fold the pair model is fitted
on the other topics and the two thresholds (clustering, hierarchy) are chosen on them by grid
search; the held-out topics are then clustered. The Levenshtein baseline (average-linkage on
normalised edit similarity, threshold chosen the same way, no hierarchy) is run beside it.
Finally the model is refitted on every topic and bundled, with a third threshold: where plain
papers' clusters stop merging (``concepts cluster --text``), chosen on SciREX's within-paper
coreference (:mod:`termlens.benchmarks.scirex_coref`; topics of some 340 mentions, where the
proxy's hold about 10), with a two-fold check over papers.

Run: ``python scripts/train_concepts.py [--folds 5]`` (a few minutes).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

import numpy as np
from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import cdist

from termlens.adam import adam
from termlens.benchmarks import scico as scico_bench
from termlens.benchmarks.coref import distances
from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.scirex_coref import load_topics
from termlens.concepts.cd2cr import read_cd2cr
from termlens.concepts.cluster import (
    agglomerate,
    keep_acronyms_apart,
    keep_kinds_apart,
    keep_numbers_apart,
    pair_scores,
    predict,
)
from termlens.concepts.kinds import CHILD, CLASSES, NONE, PARENT, SAME
from termlens.concepts.relate import (
    FEATURES,
    WEIGHTS,
    PairModel,
    pair_features,
)
from termlens.concepts.scico import Topic, read_topics
from termlens.resources import record, resource_dir

L2 = 1e-3
SAME_GRID = np.arange(0.02, 0.81, 0.02)
PARENT_GRID = np.arange(0.0, 0.5, 0.01)
LEVENSHTEIN_GRID = np.arange(0.3, 0.96, 0.05)
PLAIN_TEXT_GRID = np.arange(0.2, 0.51, 0.02)
# CoNLL on SciREX is flat near its best (0.30 / 0.32 / 0.34: 76.40 / 76.38 / 76.35); of the
# thresholds this close to the best, the highest: finer clusters keep a named kind apart from
# its parent (*Double DQN*, *DQN*), which the text mode's links need and CoNLL does not see
PLAIN_TEXT_TIE = 0.1


def labels(topic: Topic) -> np.ndarray:
    far = distances(topic.relations)
    c = topic.clusters
    n = len(c)
    out = np.full((n, n), NONE)
    for i in range(n):
        for j in range(n):
            if c[i] == c[j]:
                out[i, j] = SAME
            elif (c[i], c[j]) in far:
                out[i, j] = PARENT
            elif (c[j], c[i]) in far:
                out[i, j] = CHILD
    return out


def fit(
    features: list[np.ndarray], targets: list[np.ndarray], without: tuple[str, ...] = ()
) -> np.ndarray:
    """Multinomial logistic regression over off-diagonal pairs, classes weighted equally; the
    features named in ``without`` are left out (their weights are 0).

    (Weighting every topic equally instead of every pair, or adding CD²CR train, scored lower
    on both the proxy and CD²CR dev; see docs/benchmarks-log.md.)"""
    used = [i for i, name in enumerate(FEATURES) if name not in without]
    xs, ys = [], []
    for x, y in zip(features, targets, strict=True):
        mask = ~np.eye(len(y), dtype=bool)
        xs.append(x[mask][:, used])
        ys.append(y[mask])
    x, y = np.concatenate(xs), np.concatenate(ys)
    counts = np.bincount(y, minlength=len(CLASSES)).astype(float)
    sample = (len(y) / (len(CLASSES) * np.maximum(counts, 1)))[y]
    onehot = np.eye(len(CLASSES))[y]
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    mean[0], scale[0] = 0.0, 1.0  # the bias column stays 1
    z = (x - mean) / scale
    w = np.zeros((len(CLASSES), x.shape[1]))

    def gradients(step: int) -> list[np.ndarray]:
        s = z @ w.T
        s -= s.max(axis=1, keepdims=True)
        p = np.exp(s)
        p /= p.sum(axis=1, keepdims=True)
        return [((p - onehot) * sample[:, None]).T @ z / len(y) + L2 * w]

    adam([w], gradients, steps=1500, rate=0.05)
    raw = w / scale  # back to raw features: z = (x - mean) / scale
    raw[:, 0] = w[:, 0] - (w[:, 1:] * (mean[1:] / scale[1:])).sum(axis=1)
    out = np.zeros((len(CLASSES), len(FEATURES)))
    out[:, used] = raw
    return out


def fit_both(features: list[np.ndarray], targets: list[np.ndarray]) -> tuple[np.ndarray, ...]:
    """The coreference weights (without the kind direction) and the hierarchy weights."""
    return fit(features, targets, without=("kind_direction",)), fit(features, targets)


def tune(
    topics: list[Topic], features: list[np.ndarray], weights: tuple[np.ndarray, ...]
) -> PairModel:
    """Thresholds maximising CoNLL F1, then the path ratio (ties: hierarchy F1), on the given
    topics. The path ratio counts every gold-linked mention pair, so it rewards the links F1
    is too coarse to see (one cluster link can stand for many mention pairs)."""

    def scored(same: float, parent: float) -> scico_bench.SciCoScore:
        return scico_bench.score(
            topics,
            [
                predict(x, PairModel(*weights, same, parent), f)
                for x, f in zip(topics, features, strict=True)
            ],
        )

    best_same = max(SAME_GRID, key=lambda t: scored(t, 1.1).conll)

    def hierarchy(threshold: float) -> tuple[float, float]:
        scores = scored(best_same, threshold).hierarchy
        return scores.path_ratio, scores.links.f1

    best_parent = max(PARENT_GRID, key=hierarchy)
    return PairModel(*weights, float(best_same), float(best_parent))


def tune_plain_text(model: PairModel, papers: list[Topic]) -> PairModel:
    """The model with the P(same) threshold for plain text: the highest within PLAIN_TEXT_TIE of
    the best CoNLL F1 on the papers, clustered as ``concepts cluster --text`` clusters; prints a
    two-fold check (the threshold chosen on the even papers scored on the odd ones, and the
    other way round)."""
    matrices = []
    for paper in papers:
        same, _ = pair_scores(paper.mentions, model)
        keep_numbers_apart(same, paper.mentions)  # as `predict` clusters plain text
        keep_acronyms_apart(same, paper.mentions)
        keep_kinds_apart(same, paper.mentions)
        matrices.append(same)

    def conll(chosen: list[int], threshold: float) -> float:
        gold = [papers[i] for i in chosen]
        clustered = [
            papers[i].with_prediction(agglomerate(matrices[i], threshold), []) for i in chosen
        ]
        return scico_bench.score(gold, clustered).conll

    halves = [list(range(0, len(papers), 2)), list(range(1, len(papers), 2))]
    for fit_on, check_on in (halves, halves[::-1]):
        best, _ = _highest_near_best(partial(conll, fit_on))
        print(
            f"  plain text, two-fold: same ≥ {best:.2f} chosen on {len(fit_on)} papers, CoNLL "
            f"{conll(check_on, best):5.2f} on the other {len(check_on)} (SciCo threshold "
            f"{model.same_threshold:.2f}: {conll(check_on, model.same_threshold):5.2f})"
        )
    everyone = list(range(len(papers)))
    best, in_sample = _highest_near_best(partial(conll, everyone))
    print(f"  plain text: same ≥ {best:.2f} (CoNLL {in_sample:5.2f} in-sample)")
    return replace(model, plain_text_same_threshold=round(float(best), 2))


def _highest_near_best(conll: Callable[[float], float]) -> tuple[float, float]:
    """The highest threshold of PLAIN_TEXT_GRID whose CoNLL F1 is within PLAIN_TEXT_TIE of the
    best one's, and its CoNLL F1."""
    scores = {float(t): conll(float(t)) for t in PLAIN_TEXT_GRID}
    top = max(scores.values())
    return max((t, score) for t, score in scores.items() if score >= top - PLAIN_TEXT_TIE)


def levenshtein(topic: Topic, threshold: float) -> Topic:
    texts = [m.text.lower() for m in topic.mentions]
    similarity = cdist(texts, texts, scorer=Levenshtein.normalized_similarity)
    return topic.with_prediction(agglomerate(similarity, threshold), [])


def report(name: str, gold: list[Topic], predicted: list[Topic], everywhere: bool = False) -> None:
    s = scico_bench.score(gold, predicted, all_hierarchies=everywhere)
    c = s.coreference
    h, h50 = s.hierarchy.links, s.hierarchy.links_50
    hierarchy = (
        f"hierarchy P {h.precision:5.2f} R {h.recall:5.2f} F1 {h.f1:5.2f} 50% {h50.f1:5.2f} "
        f"path {s.hierarchy.path_ratio:5.2f}"
        if s.gold_relations
        else "hierarchy: no gold relations, not scored"
    )
    print(
        f"{name:22s} CoNLL {s.conll:5.2f} | MUC {c['MUC'].f1:5.2f} B3 {c['B3'].f1:5.2f} "
        f"CEAF-e {c['CEAF-e'].f1:5.2f} LEA {c['LEA'].f1:5.2f} | {hierarchy}"
    )


def cross_validate(
    topics: list[Topic],
    features: list[np.ndarray],
    targets: list[np.ndarray],
    fold_of: np.ndarray,
    folds: int,
) -> tuple[dict[str, Topic], dict[str, Topic]]:
    """Each topic predicted by termlens and by the Levenshtein baseline, both fitted and tuned
    on the topics of the other folds (topic *i* is in fold ``fold_of[i] % folds``)."""
    ours: dict[str, Topic] = {}
    baseline: dict[str, Topic] = {}
    for fold in range(folds):
        train = [i for i in range(len(topics)) if fold_of[i] % folds != fold]
        test = [i for i in range(len(topics)) if fold_of[i] % folds == fold]
        weights = fit_both([features[i] for i in train], [targets[i] for i in train])
        model = tune([topics[i] for i in train], [features[i] for i in train], weights)
        lev = max(
            LEVENSHTEIN_GRID,
            key=lambda t: (
                scico_bench.score(
                    [topics[i] for i in train], [levenshtein(topics[i], t) for i in train]
                ).conll
            ),
        )
        for i in test:
            ours[topics[i].id] = predict(topics[i], model, features[i])
            baseline[topics[i].id] = levenshtein(topics[i], float(lev))
    return ours, baseline


def other_assignments(
    topics: list[Topic],
    features: list[np.ndarray],
    targets: list[np.ndarray],
    folds: int,
    assignments: int,
) -> None:
    """The same cross-validation with random assignments of topics to folds (seeded), and the
    mean over them and the usual one: with 30 topics the assignment moves the scores a lot."""
    rng = np.random.default_rng(0)
    orders = [np.arange(len(topics))] + [
        rng.permutation(len(topics)) for _ in range(assignments - 1)
    ]
    rows = []
    for number, order in enumerate(orders):
        ours, baseline = cross_validate(topics, features, targets, order, folds)
        s = scico_bench.score(topics, [ours[t.id] for t in topics])
        lev = scico_bench.score(topics, [baseline[t.id] for t in topics]).conll
        rows.append((s.conll, s.hierarchy.links.f1, s.hierarchy.path_ratio, lev))
        print(f"assignment {number}: CoNLL {rows[-1][0]:5.2f} hierarchy F1 {rows[-1][1]:5.2f} "
              f"path {rows[-1][2]:5.2f} (Levenshtein CoNLL {lev:5.2f})")  # fmt: skip
    mean = np.mean(rows, axis=0)
    print(f"mean of {assignments}: CoNLL {mean[0]:5.2f} hierarchy F1 {mean[1]:5.2f} "
          f"path {mean[2]:5.2f} (Levenshtein CoNLL {mean[3]:5.2f})")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument(
        "--assignments",
        type=int,
        default=1,
        help="also cross-validate with this many assignments of topics to folds (the usual one "
        "and random ones) and print their mean",
    )
    parser.add_argument("--data", type=Path, default=data_dir())
    args = parser.parse_args()
    topics = read_topics(args.data / "scico-proxy" / "all.jsonl")
    features = [pair_features(t.mentions) for t in topics]
    targets = [labels(t) for t in topics]
    cd2cr_train = read_cd2cr(args.data / "cd2cr" / "train.conll.gz", [])
    cd2cr_dev = read_cd2cr(args.data / "cd2cr" / "dev.conll.gz", [])
    scirex = load_topics(args.data / "scirex" / "train_docs.jsonl.gz")
    ours, baseline = cross_validate(topics, features, targets, np.arange(len(topics)), args.folds)
    print(f"{args.folds}-fold cross-validation over {len(topics)} topics:")
    report("Levenshtein baseline", topics, [baseline[t.id] for t in topics])
    report("termlens", topics, [ours[t.id] for t in topics])
    report("(links in all topics)", topics, [ours[t.id] for t in topics], everywhere=True)
    if args.assignments > 1:
        other_assignments(topics, features, targets, args.folds, args.assignments)
    model = tune(topics, features, fit_both(features, targets))
    print(f"SciREX within-paper coreference ({len(scirex)} papers), for plain text:")
    model = tune_plain_text(model, scirex)
    target = resource_dir() / WEIGHTS
    model.save(target, trained_on="scico-proxy open topics (30); plain-text threshold: SciREX")
    print(f"bundled: same ≥ {model.same_threshold:.2f}, parent ≥ {model.parent_threshold:.2f}")
    report(
        "in-sample", topics, [predict(t, model, f) for t, f in zip(topics, features, strict=True)]
    )
    lev_cd2cr = max(
        LEVENSHTEIN_GRID,
        key=lambda t: (
            scico_bench.score(cd2cr_train, [levenshtein(x, t) for x in cd2cr_train]).conll
        ),
    )
    print("CD²CR dev (the bundled model; the baseline's threshold chosen on CD²CR train):")
    report("Levenshtein baseline", cd2cr_dev, [levenshtein(t, float(lev_cd2cr)) for t in cd2cr_dev])
    report("termlens", cd2cr_dev, [predict(t, model) for t in cd2cr_dev])
    record(
        target,
        id="concept-pairs",
        version="1",
        source_data=[
            "scico-proxy (SciREX, Apache-2.0; Papers-with-Code hierarchy)",
            "SciREX train_docs within-paper coreference (Apache-2.0)",
        ],
        licence="Apache-2.0 (derived from SciREX annotations)",
        built_by="scripts/train_concepts.py",
    )


if __name__ == "__main__":
    main()
