"""5-fold cross-validation of an SDU@AAAI-22 extraction tagger over the nine training tenths.

A held-out tenth can flatter: Vietnamese's holds one gold long form. Here a tagger is trained on
four fifths of the nine tenths (record i % 10 != 0) and scored on the fifth, five times, with
the official metric over the pooled predictions. ``--lang english`` folds the legal and the
scientific files together, with all of SciAI train in every fold's training, as
``scripts/train_tagger.py --model en`` trains (about 7 minutes). Persian is cross-validated,
with its long-form chooser trained per fold, by ``scripts/train_translated_long_forms.py``.

Run by hand: ``python bench/sdu22_ae_folds.py --lang vietnamese [--c1 0.05 --c2 0.01
--iterations 80]`` (about 15 s for Vietnamese; English trains 40 iterations, as bundled).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from train_tagger import (
    ITERATIONS,
    MODELS,
    SDU_FILES,
    Sequence,
    sciai_sequences,
    sdu_sequences,
    train,
)

from termlens.acronyms.tagger import AcronymTagger
from termlens.benchmarks import sdu22_ae
from termlens.benchmarks.data_dir import data_dir

FOLDS = 5
LANGUAGES = {"danish": "da", "english": "en", "spanish": "es", "vietnamese": "vi"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=sorted(LANGUAGES), required=True)
    parser.add_argument("--data", type=Path, default=data_dir())
    parser.add_argument("--c1", type=float, default=0.05)
    parser.add_argument("--c2", type=float, default=0.01)
    parser.add_argument("--iterations", type=int)
    args = parser.parse_args()
    model_name = LANGUAGES[args.lang]
    iterations = args.iterations or ITERATIONS[model_name]
    always: list[Sequence] = []
    if model_name == "en":
        always = list(sciai_sequences(args.data / "sciai" / "train.json.gz"))
    parts = {
        name: sdu22_ae.held_out(sdu22_ae.load(args.data / SDU_FILES[name]))[0]
        for name in MODELS[model_name]
    }
    found: dict[str, list[dict[str, object]]] = {name: [] for name in parts}
    gold: dict[str, list[dict[str, object]]] = {name: [] for name in parts}
    each: dict[str, list[str]] = {name: [] for name in parts}
    for fold in range(FOLDS):
        sequences = list(always)
        for part in parts.values():
            rest = [r for i, r in enumerate(part) if i % FOLDS != fold]
            sequences += sdu_sequences(rest, model_name)
        model = Path(tempfile.mkdtemp(prefix="termlens-folds-")) / "model.crfsuite"
        train(sequences, model, args.c1, args.c2, iterations)
        tagger = AcronymTagger(model)
        for name, part in parts.items():
            held = [r for i, r in enumerate(part) if i % FOLDS == fold]
            predicted = sdu22_ae.predict(held, tagger, name.split("-")[0])
            fold_score = sdu22_ae.evaluate(predicted, held)
            assert fold_score is not None
            each[name].append(f"{fold_score.f1:.2f}")
            found[name] += predicted
            gold[name] += held
    for name in parts:
        score = sdu22_ae.evaluate(found[name], gold[name])  # in fold order, as found
        assert score is not None
        print(f"{name}, {FOLDS}-fold over the nine training tenths (c1 {args.c1}, c2 {args.c2}, "
              f"{iterations} iterations): macro P {score.precision:.2f} R {score.recall:.2f} "
              f"F1 {score.f1:.2f}; each fold {' / '.join(each[name])}")  # fmt: skip
        for kind, prf in (("short forms", score.short), ("long forms", score.long)):
            print(f"  {kind}: {prf.tp} right, {prf.fp} wrong, {prf.fn} missed")


if __name__ == "__main__":
    main()
