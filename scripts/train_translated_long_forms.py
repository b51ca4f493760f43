"""Train the Persian translated long-form chooser (``data/translated-long-forms-fa.json``).

    python scripts/train_translated_long_forms.py [--data DIR] [--folds 5]

Learns from nine tenths of the SDU@AAAI-22 Persian file (record i with i % 10 == 0
is the held-out tenth, as for the tagger). A logistic model scores each run of words next to a
gold short form as its long form or not; the word rates its features read are cross-fitted (a
record's own long forms never inform its features). The threshold is chosen by cross-validation
over the nine tenths: a tagger is trained on each fold's other records, its spans revised with
the chooser, and the official metric computed. Prints that table and the held-out tenth's score
with the bundled tagger, then writes the model and its manifest entry. About a minute.
"""

from __future__ import annotations

import argparse
import math
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np
from train_tagger import ITERATIONS, SDU_FILES, sdu_sequences, train

from termlens import __version__, resources
from termlens.acronyms.tagger import AcronymTagger, default_tagger
from termlens.acronyms.translated import (
    LANGUAGES,
    TranslatedLongForms,
    WordRates,
    candidates,
    features,
)
from termlens.adam import adam
from termlens.benchmarks import sdu22_ae
from termlens.benchmarks.data_dir import data_dir
from termlens.text import Document

Record = dict[str, object]
L2 = 0.01
STEPS = 3000
INNER_FOLDS = 5
THRESHOLDS = (0.02, 0.03, 0.05, 0.08, 0.1, 0.12, 0.15, 0.18, 0.2, 0.25, 0.3)
LANG, NAME = "fa", "persian"


def spans(record: Record, field: str) -> list[tuple[int, int]]:
    values = record[field]
    assert isinstance(values, list)
    return [(int(a), int(b)) for a, b in values]


def rates(records: Sequence[Record]) -> WordRates:
    return WordRates.count((str(r["text"]), spans(r, "long-forms")) for r in records)


def examples(
    records: Sequence[Record], word_rates: WordRates, lang: str
) -> tuple[list[list[float]], list[float]]:
    """Features and labels of every run next to every gold Latin short form."""
    rows, labels = [], []
    for record in records:
        doc = Document(str(record["text"]))
        gold = set(spans(record, "long-forms"))
        for start, end in spans(record, "acronyms"):
            short = doc.span(start, end)
            for candidate in candidates(doc.text, short, lang):
                rows.append(features(short.text, candidate, word_rates))
                labels.append(float((candidate.start, candidate.end) in gold))
    return rows, labels


def fit(records: Sequence[Record], threshold: float, lang: str) -> TranslatedLongForms:
    """Logistic regression (Adam, L2 on standardised features) on cross-fitted features."""
    rows: list[list[float]] = []
    labels: list[float] = []
    for k in range(INNER_FOLDS):
        others = [r for i, r in enumerate(records) if i % INNER_FOLDS != k]
        part = [r for i, r in enumerate(records) if i % INNER_FOLDS == k]
        x, y = examples(part, rates(others), lang)
        rows += x
        labels += y
    x, y = np.array(rows), np.array(labels)
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    z = np.c_[(x - mean) / scale, np.ones(len(x))]
    w = np.zeros(z.shape[1])

    def gradients(step: int) -> list[np.ndarray]:
        p = 1 / (1 + np.exp(-(z @ w)))
        return [z.T @ (p - y) / len(y) + L2 * np.r_[w[:-1], 0.0]]

    adam([w], gradients, STEPS, rate=0.05)
    raw = w[:-1] / scale  # the standardisation folded in: features stay raw when used
    bias = w[-1] - float(raw @ mean)
    weights = (*(float(w) for w in raw), float(bias))
    return TranslatedLongForms(lang, weights, threshold, rates(records))


def f1(predictions: list[Record], records: list[Record]) -> float:
    score = sdu22_ae.evaluate(predictions, records)
    assert score is not None
    return score.f1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=data_dir())
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args()
    part, tenth = sdu22_ae.held_out(sdu22_ae.load(args.data / SDU_FILES[NAME]))
    runs: list[tuple[AcronymTagger, list[Record], TranslatedLongForms]] = []
    for fold in range(args.folds):
        held = [r for i, r in enumerate(part) if i % args.folds == fold]
        rest = [r for i, r in enumerate(part) if i % args.folds != fold]
        model = Path(tempfile.mkdtemp(prefix=f"termlens-{LANG}-")) / "model.crfsuite"
        train(list(sdu_sequences(rest, LANG)), model, 0.05, 0.01, ITERATIONS[LANG])
        runs.append((AcronymTagger(model), held, fit(rest, 0.0, LANG)))

    def cross_validated(threshold: float) -> float:
        """Each fold tagged by a tagger and chooser that never saw it, scored in fold order."""
        found: list[Record] = []
        gold: list[Record] = []
        for tagger, held, chooser in runs:
            revise = replace(chooser, threshold=threshold)
            found += sdu22_ae.predict(held, tagger, NAME, revise)
            gold += held
        return f1(found, gold)

    print("| threshold | cross-validated macro F1 |\n|---|---|")
    print(f"| tagger alone | {cross_validated(math.inf):.2f} |")  # a threshold never reached
    scores = {threshold: cross_validated(threshold) for threshold in THRESHOLDS}
    for threshold, score in scores.items():
        print(f"| {threshold} | {score:.2f} |")
    threshold = max(scores, key=lambda t: scores[t])
    chooser = fit(part, threshold, LANG)
    shipped = default_tagger(LANG)
    never = replace(chooser, threshold=math.inf)  # the tagger's spans as they are
    for label, revise in (("tagger alone", never), ("with the chooser", chooser)):
        found = sdu22_ae.predict(tenth, shipped, NAME, revise)
        print(f"held-out tenth, {label}: F1 {f1(found, tenth):.2f}")
    target = resources.resource_dir() / LANGUAGES[LANG].model_file
    chooser.save(target, trained_on=f"SDU@AAAI-22 AE {NAME} train, 9/10")
    resources.record(
        target,
        id=f"translated-long-forms-{LANG}",
        version=f"{__version__}+threshold-{threshold}",
        source_data=[f"SDU@AAAI-22 AE {NAME} train, 9/10"],
        licence="CC BY-NC-SA 4.0 (derived from the SDU@AAAI-22 data)",
        built_by="scripts/train_translated_long_forms.py",
    )
    print(f"wrote {target} (threshold {threshold})")


if __name__ == "__main__":
    main()
