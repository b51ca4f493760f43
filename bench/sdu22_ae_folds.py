"""5-fold cross-validation of an SDU@AAAI-22 extraction tagger over the nine training tenths.

A held-out tenth can flatter: Vietnamese's holds one gold long form. Here a tagger is trained on
four fifths of the nine tenths (record i % 10 != 0) and scored on the fifth, five times, with
the official metric over the pooled predictions. Persian is cross-validated, with its long-form
chooser trained per fold, by ``scripts/train_translated_long_forms.py``.

Run by hand: ``python bench/sdu22_ae_folds.py --lang vietnamese [--c1 0.05 --c2 0.01
--iterations 80]`` (about 15 s for Vietnamese).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from train_tagger import SDU_FILES, sdu_sequences, train

from termlens.acronyms.tagger import AcronymTagger
from termlens.benchmarks import sdu22_ae
from termlens.benchmarks.data_dir import data_dir

FOLDS = 5
LANGUAGES = {"danish": "da", "spanish": "es", "vietnamese": "vi"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=sorted(LANGUAGES), required=True)
    parser.add_argument("--data", type=Path, default=data_dir())
    parser.add_argument("--c1", type=float, default=0.05)
    parser.add_argument("--c2", type=float, default=0.01)
    parser.add_argument("--iterations", type=int, default=80)
    args = parser.parse_args()
    part, _ = sdu22_ae.held_out(sdu22_ae.load(args.data / SDU_FILES[args.lang]))
    found: list[dict[str, object]] = []
    each = []
    for fold in range(FOLDS):
        rest = [r for i, r in enumerate(part) if i % FOLDS != fold]
        held = [r for i, r in enumerate(part) if i % FOLDS == fold]
        model = Path(tempfile.mkdtemp(prefix="termlens-folds-")) / "model.crfsuite"
        train(list(sdu_sequences(rest, LANGUAGES[args.lang])), model, args.c1, args.c2,
              args.iterations)  # fmt: skip
        predicted = sdu22_ae.predict(held, AcronymTagger(model), args.lang)
        fold_score = sdu22_ae.evaluate(predicted, held)
        assert fold_score is not None
        each.append(f"{fold_score.f1:.2f}")
        found += predicted
    score = sdu22_ae.evaluate(found, part)
    assert score is not None
    print(f"{args.lang}, {FOLDS}-fold over the nine training tenths (c1 {args.c1}, c2 {args.c2}, "
          f"{args.iterations} iterations): macro P {score.precision:.2f} R {score.recall:.2f} "
          f"F1 {score.f1:.2f}; each fold {' / '.join(each)}")  # fmt: skip
    for name, prf in (("short forms", score.short), ("long forms", score.long)):
        print(f"  {name}: {prf.tp} right, {prf.fp} wrong, {prf.fn} missed")


if __name__ == "__main__":
    main()
