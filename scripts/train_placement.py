"""Train the WordNet placement weights (``data/placement.json``) on SemEval-2016 Task 14.

The ranker is a log-linear model over each item's candidates, fitted to soft targets (the Wu &
Palmer similarity of each candidate to the gold synset, sharpened), so a near miss counts for
more than a far one. The operation model is a logistic regression on the top candidate. Both
are evaluated first by cross-validation over the 527 trial + training items (folds by item),
then refitted on all of them.

Run: ``python scripts/train_placement.py [--folds 5] [--assignments 6]`` (about a minute;
five more with six assignments of items to folds).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from termlens.adam import adam
from termlens.benchmarks import semeval16
from termlens.benchmarks.data_dir import data_dir
from termlens.embeddings import default_encoder
from termlens.resources import record, resource_dir
from termlens.taxonomy.enrich import (
    OPERATION_FEATURES,
    RANK_FEATURES,
    WEIGHTS,
    Candidate,
    Placer,
    Weights,
    operation_features,
)
from termlens.taxonomy.genus import GENUS_FILE, GenusPrior
from termlens.taxonomy.rarity import RARITY_FILE, GlossRarity, GlossWords
from termlens.taxonomy.wordnet import LICENCE, Synset, WordNet, bundled

SPLITS = ("trial", "training")
SHARPNESS = 30.0
L2 = 1e-3
STEPS = 600


@dataclass
class Example:
    split: str
    item: semeval16.Item
    gold: semeval16.Answer
    target: Synset  # the gold synset
    candidates: list[Candidate]
    similarities: np.ndarray  # Wu & Palmer of each candidate to the gold synset

    @property
    def reachable(self) -> bool:
        """Whether the gold synset is among the candidates."""
        return any(c.synset == self.target for c in self.candidates)


Answers = dict[tuple[str, str], semeval16.Answer]  # keyed by (split, item id): the splits reuse ids


def load(data: Path, placer: Placer) -> list[Example]:
    root = data / "semeval2016-task14"
    examples = []
    for split in SPLITS:
        gold = semeval16.read_answers(root / f"keys/gold/{split}/{split}.key.tsv")
        for item in semeval16.read_items(root / f"data/{split}/{split}.data.tsv"):
            answer = gold[item.id]
            target = placer.wordnet.from_key(answer.synset)
            candidates = placer.candidates(item.lemma, item.pos, item.definition)
            similarities = np.array(
                [placer.wordnet.wup(c.synset, target) for c in candidates], dtype=float
            )
            examples.append(Example(split, item, answer, target, candidates, similarities))
    return examples


def fit_ranker(examples: list[Example]) -> np.ndarray:
    """Softmax regression per item on sharpened Wu & Palmer targets (Adam, full batch)."""
    usable = [e for e in examples if e.candidates]
    x = np.concatenate([np.array([c.features for c in e.candidates]) for e in usable])
    starts = np.cumsum([0] + [len(e.candidates) for e in usable[:-1]])
    targets = []
    for e in usable:
        q = np.exp(SHARPNESS * (e.similarities - e.similarities.max()))
        targets.append(q / q.sum())
    q = np.concatenate(targets)
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    z = (x - mean) / scale
    w = np.zeros(z.shape[1])

    def gradients(step: int) -> list[np.ndarray]:
        scores = z @ w
        scores -= np.repeat(np.maximum.reduceat(scores, starts), np.diff([*starts, len(z)]))
        e = np.exp(scores)
        p = e / np.repeat(np.add.reduceat(e, starts), np.diff([*starts, len(z)]))
        return [z.T @ (p - q) / len(usable) + L2 * w]

    adam([w], gradients, STEPS, rate=0.05)
    # fold the standardisation into the weights (features stay raw at prediction time)
    return w / scale


def top_choices(placer: Placer, examples: list[Example]) -> list[tuple[Candidate | None, float]]:
    out = []
    for e in examples:
        placements = placer.place(e.item.lemma, e.item.pos, e.item.definition, top=1)
        chosen = placements[0] if placements else None
        candidate = next((c for c in e.candidates if chosen and c.synset == chosen.synset), None)
        out.append((candidate, chosen.score if chosen else 0.0))
    return out


def fit_operation(placer: Placer, examples: list[Example]) -> np.ndarray:
    """Logistic regression: is the gold operation MERGE, given the top candidate."""
    rows, labels = [], []
    for e, (candidate, probability) in zip(examples, top_choices(placer, examples), strict=True):
        if candidate is None:
            continue
        content, known = placer.definition_facts(e.item.lemma, e.item.pos, e.item.definition)
        rows.append(operation_features(candidate, probability, content, known))
        labels.append(float(e.gold.operation == "merge"))
    x, y = np.array(rows), np.array(labels)
    w = np.zeros(x.shape[1])
    for _ in range(3000):
        p = 1 / (1 + np.exp(-(x @ w)))
        w -= 0.1 * (x.T @ (p - y) / len(y) + L2 * w)
    return w


def reweighted(placer: Placer, weights: Weights) -> Placer:
    """The same placer (WordNet, genus prior, rarities, word caches) with other weights."""
    return Placer(
        placer.wordnet, weights, placer.genus, placer.rarity, placer.encoder, placer.words
    )


def train(base: Placer, examples: list[Example]) -> Weights:
    ranker = fit_ranker(examples)
    placer = reweighted(base, Weights(tuple(ranker), (0.0,) * len(OPERATION_FEATURES)))
    operation = fit_operation(placer, examples)
    return Weights(tuple(float(v) for v in ranker), tuple(float(v) for v in operation))


def predict(base: Placer, weights: Weights, examples: list[Example]) -> Answers:
    """The top placement of each item."""
    placer = reweighted(base, weights)
    answers = {}
    for e in examples:
        placements = placer.place(e.item.lemma, e.item.pos, e.item.definition, top=1)
        if placements:
            answers[(e.split, e.item.id)] = semeval16.Answer(
                e.item.id, placements[0].key, placements[0].operation
            )
    return answers


def cross_validate(base: Placer, examples: list[Example], order: np.ndarray, folds: int) -> Answers:
    """Each item answered by weights trained without its fold; item ``order[k]`` goes to fold
    ``k % folds``."""
    fold_of = np.empty(len(examples), dtype=int)
    fold_of[order] = np.arange(len(examples)) % folds
    answers: Answers = {}
    for fold in range(folds):
        train_set = [e for e, f in zip(examples, fold_of, strict=True) if f != fold]
        test_set = [e for e, f in zip(examples, fold_of, strict=True) if f == fold]
        answers.update(predict(base, train(base, train_set), test_set))
    return answers


def of_split(
    examples: list[Example], answers: Answers, split: str
) -> tuple[dict[str, semeval16.Answer], dict[str, semeval16.Answer]]:
    """The gold and the system answers of one split, keyed by item id."""
    gold = {e.item.id: e.gold for e in examples if e.split == split}
    return gold, {i: a for (s, i), a in answers.items() if s == split}


def scores(
    wordnet: WordNet, examples: list[Example], answers: Answers
) -> dict[str, semeval16.Score]:
    """The task's measures of each split."""
    return {s: semeval16.score(*of_split(examples, answers, s), wordnet) for s in SPLITS}


def other_assignments(base: Placer, examples: list[Example], folds: int, assignments: int) -> None:
    """The same cross-validation with random assignments of items to folds (seeded), and the
    mean over them and the usual one."""
    rng = np.random.default_rng(0)
    orders = [np.arange(len(examples))] + [
        rng.permutation(len(examples)) for _ in range(assignments - 1)
    ]
    rows = []
    for number, order in enumerate(orders):
        found = scores(base.wordnet, examples, cross_validate(base, examples, order, folds))
        rows.append([v for s in SPLITS for v in (found[s].wup, found[s].lemma_match, found[s].f1)])
        print(f"assignment {number}: " + _row(rows[-1]))
    print(f"mean of {assignments}: " + _row(list(np.mean(rows, axis=0))))


def _row(values: list[float]) -> str:
    return "  ".join(
        f"{split} wup {w:.3f} lemma {m:.3f} f1 {f:.3f}"
        for split, (w, m, f) in zip(SPLITS, (values[:3], values[3:]), strict=True)
    )


def report(wordnet: WordNet, examples: list[Example], answers: Answers) -> None:
    for split in SPLITS:
        gold, system = of_split(examples, answers, split)
        score = semeval16.score(gold, system, wordnet)
        merges = [i for i, a in system.items() if a.operation == "merge"]
        right = sum(gold[i].operation == "merge" for i in merges)
        gold_merges = sum(a.operation == "merge" for a in gold.values())
        print(f"  {split:9s} merges predicted {len(merges)}, right {right}, gold {gold_merges}")
        ours = [e for e in examples if e.split == split]
        reachable = [e for e in ours if e.reachable]
        chosen = [e for e in ours if _chose_gold(wordnet, e, system)]
        print(
            f"  {split:9s} gold synset among the candidates {len(reachable)} of {len(gold)}, "
            f"chosen {len(chosen)}, with the gold operation "
            f"{sum(system[e.item.id].operation == e.gold.operation for e in chosen)}"
        )
        print(
            f"  {split:9s} wup {score.wup:.3f}  lemma {score.lemma_match:.3f}  "
            f"recall {score.recall:.3f}  f1 {score.f1:.3f}"
        )


def _chose_gold(wordnet: WordNet, example: Example, system: dict[str, semeval16.Answer]) -> bool:
    """Whether the system chose the gold synset (under any of its lemmas' keys)."""
    answer = system.get(example.item.id)
    return answer is not None and wordnet.from_key(answer.synset) == example.target


def bundle(save: Callable[[Path], None], file: str, id: str, source: str) -> None:
    """Write a table built from WordNet alone into the package and record it (it depends on the
    gloss reader, so it is rebuilt with the weights)."""
    target = resource_dir() / file
    save(target)
    record(
        target,
        id=id,
        version="1",
        source_data=[f"WordNet 3.0 {source} (the bundled wordnet-3.0.zip)"],
        licence=LICENCE,
        built_by="scripts/train_placement.py",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument(
        "--assignments",
        type=int,
        default=1,
        help="also cross-validate with this many assignments of items to folds (the usual one "
        "and random ones) and print their mean",
    )
    parser.add_argument("--data", type=Path, default=data_dir())
    args = parser.parse_args()
    wordnet = bundled()
    genus = GenusPrior.build(wordnet)
    bundle(genus.save, GENUS_FILE, "wordnet-genus-prior", "glosses and hypernym links")
    gloss_words = GlossWords(wordnet)
    rarity = GlossRarity.build(gloss_words)
    bundle(rarity.save, RARITY_FILE, "wordnet-gloss-rarity", "lemmas and glosses")
    unweighted = Weights((0.0,) * len(RANK_FEATURES), (0.0,) * len(OPERATION_FEATURES))
    base = Placer(wordnet, unweighted, genus, rarity, default_encoder(), gloss_words)
    examples = load(args.data, base)
    covered = np.mean([e.reachable for e in examples])
    print(f"{len(examples)} items; gold synset among the candidates for {covered:.1%}")
    answers = cross_validate(base, examples, np.arange(len(examples)), args.folds)
    print(f"{args.folds}-fold cross-validation over items:")
    report(wordnet, examples, answers)
    if args.assignments > 1:
        other_assignments(base, examples, args.folds, args.assignments)
    weights = train(base, examples)
    target = resource_dir() / WEIGHTS
    weights.save(target, trained_on="SemEval-2016 Task 14 trial + training (527 items)")
    print("in-sample, all items:")
    report(wordnet, examples, predict(base, weights, examples))
    record(
        target,
        id="wordnet-placement",
        version="1",
        source_data=["SemEval-2016 Task 14 trial + training data and gold keys"],
        licence="weights derived from SemEval-2016 Task 14 data (no licence stated)",
        built_by="scripts/train_placement.py",
    )


if __name__ == "__main__":
    main()
