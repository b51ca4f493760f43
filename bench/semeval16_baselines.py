"""Score the SemEval-2016 Task 14 baseline keys (first word first sense, random synset).

Run by hand: ``python bench/semeval16_baselines.py`` (the numbers beside termlens's in
BENCHMARKS.md).
"""

from __future__ import annotations

from termlens.benchmarks import semeval16
from termlens.benchmarks.data_dir import data_dir
from termlens.taxonomy.wordnet import bundled

KEYS = data_dir() / "semeval2016-task14" / "keys"


def main() -> None:
    wordnet = bundled()
    for split in ("trial", "training"):
        gold = semeval16.read_answers(KEYS / "gold" / split / f"{split}.key.tsv")
        for path in sorted((KEYS / "baseline" / split).iterdir()):
            score = semeval16.score(gold, semeval16.read_answers(path), wordnet)
            print(
                f"{split:9s} {path.name:42s} wup {score.wup:.3f}  lemma {score.lemma_match:.3f}  "
                f"recall {score.recall:.3f}  f1 {score.f1:.3f}"
            )


if __name__ == "__main__":
    main()
