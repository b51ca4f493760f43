"""Train the kind model (``data/concept-kinds.json``): which of two terms names a kind of the other.

Term pairs come from taxonomies, no context needed: the synonyms of a node are *same*, a node and
its parent or grandparent are *parent* (and, reversed, *child*), a node and up to three of its
siblings or one random node are *none*. Sources: WordNet 3.0's nouns (4,000 synsets at depth 4 or
more, drawn with a fixed seed, from the bundled WordNet) and the TExEval gold taxonomies in
``$TERMLENS_DATA/hierarchies/texeval`` (science, EuroVoc science and environment, food, and the
edges of the OntoLearn AI taxonomy that its judges accepted). The ACM Computing Classification
System, when present, is held out and only scored (a computer-science taxonomy the model never
saw). A multinomial logistic model on ``[u ⊙ v, u − v, u · v]`` of the two terms' sentence
vectors is fitted by full-batch Adam.

Run: ``python scripts/train_kinds.py`` (about five minutes).
"""

from __future__ import annotations

import argparse
import gzip
import random
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from termlens.adam import adam
from termlens.benchmarks.data_dir import data_dir
from termlens.concepts.kinds import (
    CHILD,
    CLASSES,
    NONE,
    PARENT,
    SAME,
    WEIGHTS,
    KindModel,
    pair_inputs,
)
from termlens.embeddings import default_encoder
from termlens.resources import record, resource_dir
from termlens.taxonomy.wordnet import LICENCE as WORDNET_LICENCE
from termlens.taxonomy.wordnet import bundled

WORDNET_SYNSETS = 4000
SIBLINGS = 3
L2 = 1e-4
STEPS = 800
TEXEVAL = (
    "texeval2_gold_en/science.taxo",
    "texeval2_gold_en/science_eurovoc.taxo",
    "texeval2_gold_en/environment_eurovoc.taxo",
    "texeval2_gold_en/food.taxo",
    "texeval1_trial/ontolearn_AI.taxo",
)
ACM = "acm-ccs-2012/ACMComputingClassificationSystemSKOSTaxonomy.xml.gz"
SKOS = "{http://www.w3.org/2004/02/skos/core#}"
RDF = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"

Pair = tuple[str, str, int]


@dataclass
class Taxonomy:
    """Nodes with their names (synonyms) and their parents."""

    names: dict[str, list[str]] = field(default_factory=dict)
    parents: defaultdict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def above(self, node: str) -> set[str]:
        """The node's parents and grandparents."""
        parents = self.parents.get(node, set())
        return parents.union(*(self.parents.get(p, set()) for p in parents))

    def pairs(self, rng: random.Random) -> list[Pair]:
        children: defaultdict[str, set[str]] = defaultdict(set)
        for child, parents in self.parents.items():
            for parent in parents:
                children[parent].add(child)
        nodes = sorted(self.names)
        out: list[Pair] = []
        for node in nodes:
            names = self.names[node]
            out += [(a, b, SAME) for a in names for b in names if a.lower() != b.lower()]
            for parent in sorted(self.above(node)):
                general, specific = rng.choice(self.names[parent]), rng.choice(names)
                out += [(general, specific, PARENT), (specific, general, CHILD)]
            siblings = sorted(set().union(*(children[p] for p in self.parents.get(node, ()))))
            siblings = [s for s in siblings if s != node]
            for other in rng.sample(siblings, min(SIBLINGS, len(siblings))):
                out.append((rng.choice(names), rng.choice(self.names[other]), NONE))
            other = rng.choice(nodes)
            if other != node and other not in self.above(node) and node not in self.above(other):
                out.append((rng.choice(names), rng.choice(self.names[other]), NONE))
        return out


def wordnet_nouns(rng: random.Random) -> Taxonomy:
    wordnet = bundled()
    nouns = sorted(s.id for s in wordnet if s.pos == "n" and wordnet.min_depth(s) >= 4)
    taxonomy = Taxonomy()

    def name(synset_id: str) -> None:
        lemmas = wordnet.synset(synset_id).lemmas
        taxonomy.names[synset_id] = [lemma.replace("_", " ") for lemma in lemmas]

    for synset_id in rng.sample(nouns, WORDNET_SYNSETS):
        name(synset_id)
        for parent in wordnet.hypernyms(wordnet.synset(synset_id)):
            name(parent.id)
            taxonomy.parents[synset_id].add(parent.id)
            for grandparent in wordnet.hypernyms(parent):
                name(grandparent.id)
                taxonomy.parents[parent.id].add(grandparent.id)
    return taxonomy


def texeval(path: Path) -> Taxonomy:
    """A ``.taxo`` file (id, term, hypernym); OntoLearn's nodes are comma-joined synonyms and its
    edges that the judges marked wrong (``.taxo.eval``) are left out."""
    synonyms = path.name.startswith("ontolearn")
    judged = path.with_name(path.name + ".eval")
    wrong = set()
    if judged.is_file():
        rows = (line.rstrip("\n").split("\t") for line in judged.read_text().splitlines())
        wrong = {row[0] for row in rows if len(row) > 1 and row[1].strip() == "x"}
    taxonomy = Taxonomy()
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if len(fields) < 3 or fields[0] in wrong or fields[1] == fields[2]:
            continue
        for node in fields[1:3]:
            taxonomy.names[node] = [n.strip() for n in node.split(",")] if synonyms else [node]
        taxonomy.parents[fields[1]].add(fields[2])
    return taxonomy


def acm_ccs(path: Path) -> Taxonomy:
    """The ACM CCS 2012 SKOS file: preferred and alternative labels, broader links."""
    root = ElementTree.fromstring(gzip.decompress(path.read_bytes()))
    taxonomy = Taxonomy()
    for concept in root.iter(SKOS + "Concept"):
        node = concept.get(RDF + "about", "")
        labels = [
            e.text.strip()
            for e in concept
            if e.tag in (SKOS + "prefLabel", SKOS + "altLabel") and e.text
        ]
        taxonomy.names[node] = list({label.lower(): label for label in labels}.values())
        for broader in concept.findall(SKOS + "broader"):
            taxonomy.parents[node].add(broader.get(RDF + "resource", ""))
    return taxonomy


def inputs(pairs: list[Pair]) -> tuple[np.ndarray, np.ndarray]:
    texts = sorted({a for a, _, _ in pairs} | {b for _, b, _ in pairs})
    vectors = default_encoder().encode(texts)
    row = {text: i for i, text in enumerate(texts)}
    first = vectors[[row[a] for a, _, _ in pairs]]
    second = vectors[[row[b] for _, b, _ in pairs]]
    return pair_inputs(first, second), np.array([c for _, _, c in pairs])


def fit(x: np.ndarray, y: np.ndarray) -> KindModel:
    """Multinomial logistic regression, full-batch Adam, L2 on the weights."""
    onehot = np.eye(4)[y]
    w, b = np.zeros((4, x.shape[1])), np.zeros(4)

    def gradients(step: int) -> list[np.ndarray]:
        s = x @ w.T + b
        s -= s.max(axis=1, keepdims=True)
        p = np.exp(s)
        p /= p.sum(axis=1, keepdims=True)
        error = (p - onehot) / len(y)
        return [error.T @ x + L2 * w, error.sum(0)]

    adam([w, b], gradients, STEPS, rate=0.01)
    return KindModel(w, b)


def auc(positive: np.ndarray, score: np.ndarray) -> float:
    """Area under the ROC curve (ties count half)."""
    order = np.argsort(score, kind="mergesort")
    ranks = np.empty(len(score))
    sorted_scores = score[order]
    _, first, counts = np.unique(sorted_scores, return_index=True, return_counts=True)
    average = first + (counts + 1) / 2.0  # 1-based average rank of each tie group
    ranks[order] = np.repeat(average, counts)
    n_pos, n_neg = positive.sum(), (~positive).sum()
    return float((ranks[positive].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def report(name: str, model: KindModel, x: np.ndarray, y: np.ndarray) -> None:
    s = x @ model.weights.T + model.intercepts
    direction = s[:, PARENT] - s[:, CHILD]
    kinds = (y == PARENT) | (y == CHILD)
    other = y != SAME
    print(
        f"  {name}: {len(y)} pairs; same vs rest AUC {auc(y == SAME, s[:, SAME] - s.max(1)):.3f}, "
        f"parent vs rest (same left out) AUC {auc(y[other] == PARENT, direction[other]):.3f}, "
        f"direction right {np.mean((direction[kinds] > 0) == (y[kinds] == PARENT)):.3f}"
    )


def count(pairs: Iterable[Pair]) -> str:
    counts = np.bincount([c for _, _, c in pairs], minlength=4)
    return ", ".join(f"{n} {k}" for n, k in zip(counts, CLASSES, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=data_dir())
    args = parser.parse_args()
    rng = random.Random(0)
    root = args.data / "hierarchies"
    sources = {"WordNet 3.0 nouns": wordnet_nouns(rng)}
    sources |= {f"TExEval {name}": texeval(root / "texeval" / name) for name in TEXEVAL}
    pairs: list[Pair] = []
    for name, taxonomy in sources.items():
        found = taxonomy.pairs(rng)
        print(f"{name}: {count(found)}")
        pairs += found
    x, y = inputs(pairs)
    model = fit(x, y)
    print("fitted on all of them:")
    report("in-sample", model, x, y)
    if (root / ACM).is_file():
        report("ACM CCS 2012, held out", model, *inputs(acm_ccs(root / ACM).pairs(rng)))
    target = resource_dir() / WEIGHTS
    model.save(target, {"trained_on": sorted(sources)})
    record(
        target,
        id="concept-kinds",
        version="1",
        source_data=[
            "WordNet 3.0 noun hypernymy (the bundled wordnet-3.0.zip)",
            "TExEval-2 English gold taxonomies and the TExEval-1 OntoLearn AI taxonomy "
            "(github.com/uhh-lt/taxi, Apache-2.0 repository; the gold files state no licence)",
        ],
        licence=f"{WORDNET_LICENCE}; TExEval gold: see its source",
        built_by="scripts/train_kinds.py",
    )


if __name__ == "__main__":
    main()
