"""Could sentence vectors over all of WordNet find the homes the placer's candidates miss?

Measures, for the SemEval-2016 Task 14 trial and training items, how often the gold synset is
among the placer's candidates (`Placer.candidates`), and at which rank it comes when every noun
or verb synset of WordNet 3.0 is ranked by the all-MiniLM-L6-v2 cosine between the definition's
first sentence and the synset's text (`Placer.sense_text`: "names (hypernyms): gloss"). Nothing
in the product uses this retrieval yet; the numbers say what it could add (docs/benchmarks-log.md).

Run by hand: ``python bench/placement_retrieval.py [--cache out/wordnet-minilm.npy]`` (about ten
minutes the first time, to encode the 95,882 synsets; the vectors are kept in the cache file).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.semeval16 import read_answers, read_items
from termlens.minilm import default_english_encoder
from termlens.taxonomy.enrich import default_placer
from termlens.taxonomy.gloss import first_sentence
from termlens.taxonomy.wordnet import Synset

DEPTHS = (1, 5, 10, 50, 100)


def vectors(synsets: list[Synset], cache: Path) -> np.ndarray:
    """The synsets' text vectors, read from ``cache`` when it holds as many."""
    if cache.exists():
        found: np.ndarray = np.load(cache)
        if len(found) == len(synsets):
            return found
    placer, encoder = default_placer(), default_english_encoder()
    out = encoder.encode([placer.sense_text(s) for s in synsets])
    cache.parent.mkdir(parents=True, exist_ok=True)
    np.save(cache, out)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, default=Path("out/wordnet-minilm.npy"))
    args = parser.parse_args()
    placer, encoder = default_placer(), default_english_encoder()
    wordnet = placer.wordnet
    synsets = [s for s in wordnet if s.pos in ("n", "v")]
    table = vectors(synsets, args.cache)
    pos = np.array([s.pos for s in synsets])
    row = {s.id: i for i, s in enumerate(synsets)}
    root = data_dir() / "semeval2016-task14"
    for split in ("trial", "training"):
        items = read_items(root / "data" / split / f"{split}.data.tsv")
        gold = read_answers(root / "keys" / "gold" / split / f"{split}.key.tsv")
        reached = {k: 0 for k in DEPTHS}
        reached_missed = {k: 0 for k in DEPTHS}
        missed = 0
        for item in items:
            home = wordnet.from_key(gold[item.id].synset)
            found = {c.synset.id for c in placer.candidates(item.lemma, item.pos, item.definition)}
            query = encoder.encode([first_sentence(item.definition) or item.definition])[0]
            cosines = table @ query
            cosines[pos != ("n" if item.pos.startswith("n") else "v")] = -np.inf
            rank = int((cosines > cosines[row[home.id]]).sum()) + 1
            missed += home.id not in found
            for k in DEPTHS:
                reached[k] += rank <= k
                reached_missed[k] += home.id not in found and rank <= k
        covered = len(items) - missed
        print(f"{split}: {len(items)} items, gold synset among the candidates for {covered}")
        print("  gold within the first k by retrieval, k = " + ", ".join(map(str, DEPTHS)))
        print("    all items:               " + ", ".join(str(reached[k]) for k in DEPTHS))
        print("    gold not a candidate:    " + ", ".join(str(reached_missed[k]) for k in DEPTHS))


if __name__ == "__main__":
    main()
