"""BARR2 sub-track 2 cross-validated the way a run on unseen cases ranks: with the bundle.

`termlens bench barr2-resolution --folds 5` learns each fold from the other folds' annotations
alone. A run on the test set (no `--folds`) ranks with the bundled dictionary instead, whose other
sources also offer senses and spellings of the same abbreviations (*prostate-specific antigen*
beside the annotators' *prostate specific antigen*). Here each fold learns into a temporary copy
of the bundle whose BARR2 sources are ignored, and is ranked as the test run ranks.

Run by hand: ``python bench/barr2_bundled_folds.py [--folds 5] [--predictions OUT.tsv]``
(about half a minute).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from termlens.acronyms.expand import DICTIONARY_FILE
from termlens.benchmarks import barr2, barr2_resolution
from termlens.benchmarks.data_dir import data_dir
from termlens.resources import resource_path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--predictions", type=Path)
    args = parser.parse_args()
    folder = data_dir() / "barr2" / "training_set"
    texts = barr2.load_texts(folder)
    gold = barr2_resolution.read_resolutions(
        folder / "clinical_cases.abbreviations.training_set.tsv"
    )
    bundle = resource_path(DICTIONARY_FILE)
    found = list(barr2_resolution.cross_validate(texts, gold, args.folds, bundle))
    if args.predictions:
        barr2_resolution.write_predictions(found, args.predictions)
    strict, flexible = barr2_resolution.score(found, gold)
    for name, prf in (("strict", strict), ("flexible", flexible)):
        print(f"{name:9s} P {prf.precision:.2f}  R {prf.recall:.2f}  F1 {prf.f1:.2f}")


if __name__ == "__main__":
    main()
