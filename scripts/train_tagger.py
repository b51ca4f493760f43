"""Train the bundled acronym tagger (a CRF) and record it in the resource manifest.

    python scripts/train_tagger.py --model en|es|da|fa|vi [--data DIR] [--out src/termlens/data]

One CRF per language: en from SciAI train (SDU@AAAI-21, its features also marked with the
SciAI convention) and nine tenths of the SDU@AAAI-22 English legal and scientific files; es, da,
fa and vi from nine tenths of their SDU@AAAI-22 file.
The remaining tenth (record i with i % 10 == 0) is held out for evaluation. Prints the scores,
writes the model and its manifest entry; MODEL_CARD.md is updated by hand from the table.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pycrfsuite

from termlens import __version__, resources
from termlens.acronyms.tagger import (
    AcronymTagger,
    model_file,
    rule_labels,
    rules_language,
    subtokens,
    token_features,
    words_as_text,
)
from termlens.benchmarks import sciai, sdu22_ae
from termlens.benchmarks.data_dir import data_dir
from termlens.text import Document

SDU_FILES = {
    "danish": "sdu22-ae/danish/train.json",
    "english-legal": "sdu22-ae/english/legal/train.json",
    "english-scientific": "sdu22-ae/english/scientific/train.json",
    "persian": "sdu22-ae/persian/train.json",
    "spanish": "sdu22-ae/spanish/train.json",
    "vietnamese": "sdu22-ae/vietnamese/train.json",
}
Sequence = tuple[list[list[str]], list[str]]


def sciai_sequences(path: Path) -> Iterator[Sequence]:
    """Features and labels of SciAI records, on the tagger's tokens (a word's label goes to its
    first piece; the other pieces continue it)."""
    for record in sciai.load(path):
        text, pieces, ranges = words_as_text(record["tokens"])
        labels = ["O"] * len(pieces)
        for word_range, label in zip(ranges, record["labels"], strict=True):
            for n, i in enumerate(word_range):
                labels[i] = label if n == 0 or label == "O" else "I-" + label[2:]
        words = [p.text for p in pieces]
        yield token_features(words, rule_labels(text, pieces, "en"), "en", "sciai"), labels


def sdu_sequences(records: list[dict[str, object]], lang: str) -> Iterator[Sequence]:
    """Features and BIO labels of SDU@AAAI-22 records, on the tagger's tokens."""
    for record in records:
        doc = Document(str(record["text"]), lang=rules_language(lang))
        tokens = subtokens(doc.tokens)
        labels = ["O"] * len(tokens)
        for field, kind in (("acronyms", "short"), ("long-forms", "long")):
            spans = record.get(field, [])
            assert isinstance(spans, list)
            for start, end in spans:
                inside = [i for i, t in enumerate(tokens) if t.start < end and t.end > start]
                for n, i in enumerate(inside):
                    labels[i] = f"{'B' if n == 0 else 'I'}-{kind}"
        words = [t.text for t in tokens]
        yield token_features(words, rule_labels(doc.text, tokens, doc.lang), lang), labels


def train(sequences: list[Sequence], model: Path, c1: float, c2: float, iterations: int) -> None:
    trainer = pycrfsuite.Trainer(verbose=False)
    for features, labels in sequences:
        trainer.append(features, labels)
    trainer.set_params(
        {
            "c1": c1,
            "c2": c2,
            "max_iterations": iterations,
            "feature.possible_transitions": True,
            "feature.minfreq": 2,
        }
    )
    trainer.train(str(model))


# L-BFGS iterations per model (English: chosen on SciAI dev, see docs/benchmarks-log.md)
ITERATIONS = {"en": 40, "es": 80, "da": 80, "fa": 80, "vi": 80}
MODELS = {
    "en": ["english-legal", "english-scientific"],
    "es": ["spanish"],
    "da": ["danish"],
    "fa": ["persian"],
    "vi": ["vietnamese"],
}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    root = Path(__file__).resolve().parent.parent
    parser.add_argument(
        "--data",
        type=Path,
        default=data_dir(),
    )
    parser.add_argument("--out", type=Path, default=root / "src" / "termlens" / "data")
    parser.add_argument("--model", choices=sorted(MODELS), required=True)
    parser.add_argument(
        "--iterations", type=int, help="L-BFGS iterations (default: 40 for en, 80 for the others)"
    )
    parser.add_argument("--c1", type=float, default=0.05)
    parser.add_argument("--c2", type=float, default=0.01)
    args = parser.parse_args()
    iterations = args.iterations or ITERATIONS[args.model]

    started = time.time()
    sequences = (
        list(sciai_sequences(args.data / "sciai" / "train.json.gz")) if args.model == "en" else []
    )
    held: dict[str, list[dict[str, object]]] = {}
    for name in MODELS[args.model]:
        part, held[name] = sdu22_ae.held_out(sdu22_ae.load(args.data / SDU_FILES[name]))
        sequences.extend(sdu_sequences(part, args.model))
    print(f"{len(sequences)} sequences, features in {time.time() - started:.0f}s", flush=True)

    model = Path(tempfile.mkdtemp(prefix="termlens-tagger-")) / "model.crfsuite"
    train(sequences, model, args.c1, args.c2, iterations)
    tagger = AcronymTagger(model)
    print("| set | P | R | F1 |\n|---|---|---|---|")
    if args.model == "en":
        dev = sciai.load(args.data / "sciai" / "dev.json")
        result = sciai.evaluate(sciai.predict(dev, tagger), dev)
        assert result is not None
        print(f"| SciAI dev | {result.precision:.2f} | {result.recall:.2f} | {result.f1:.2f} |")
    for name, records in held.items():
        found = sdu22_ae.evaluate(sdu22_ae.predict(records, tagger, name.split("-")[0]), records)
        assert found is not None
        print(
            f"| SDU@AAAI-22 {name}, held-out tenth | {found.precision:.2f} "
            f"| {found.recall:.2f} | {found.f1:.2f} |"
        )

    file = model_file(args.model)
    target = args.out / file
    os.replace(model, target)
    sources = ["SciAI train (SDU@AAAI-21)"] if args.model == "en" else []
    sources += [f"SDU@AAAI-22 AE {name} train, 9/10" for name in MODELS[args.model]]
    resources.record(
        target,
        id=f"acronym-tagger-{args.model}",
        version=f"{__version__}+c1-{args.c1}-c2-{args.c2}-it{iterations}",
        source_data=sources,
        licence="CC BY-NC-SA 4.0 (derived from the SDU@AAAI-21/22 data)",
        built_by=f"scripts/train_tagger.py --model {args.model}",
    )
    print(f"wrote {target} ({target.stat().st_size / 1e6:.1f} MB) in {time.time() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
