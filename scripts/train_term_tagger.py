"""Train the technical-term tagger (``data/term-tagger-en.crfsuite``) on SciREX's entity mentions.

SciREX marks every mention of a method, task, dataset or metric in its papers. Paper *i* of
``scirex/train_docs.jsonl.gz`` is held out when i % 5 == 0 (never trained on); the script prints
exact-span precision, recall and F1 on those papers, then writes the model trained on the rest.

Run: ``python scripts/train_term_tagger.py`` (about a minute).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pycrfsuite

from termlens import __version__, resources
from termlens.benchmarks.data_dir import data_dir
from termlens.concepts.terms import (
    MODEL_FILE,
    TermTagger,
    WordClasses,
    term_features,
    term_spans,
)
from termlens.taxonomy.wordnet import bundled

HELD_OUT = 5  # paper i is held out when i % HELD_OUT == 0

Paper = dict[str, Any]


def papers(path: Path) -> list[Paper]:
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def sentences(paper: Paper) -> Iterator[tuple[list[str], list[str]]]:
    """Each sentence's words and gold BIO labels."""
    words = paper["words"]
    labels = ["O"] * len(words)
    for start, end, _ in paper["ner"]:
        labels[start] = "B-term"
        labels[start + 1 : end] = ["I-term"] * (end - start - 1)
    for start, end in paper["sentences"]:
        yield words[start:end], labels[start:end]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=data_dir())
    parser.add_argument("--out", type=Path, default=resources.resource_dir())
    parser.add_argument("--iterations", type=int, default=80)
    parser.add_argument("--c1", type=float, default=0.2)
    parser.add_argument("--c2", type=float, default=0.01)
    args = parser.parse_args()
    started = time.time()
    wordnet = bundled()
    classes = WordClasses(wordnet)
    everything = papers(args.data / "scirex" / "train_docs.jsonl.gz")
    train = [p for i, p in enumerate(everything) if i % HELD_OUT]
    held = [p for i, p in enumerate(everything) if i % HELD_OUT == 0]
    trainer = pycrfsuite.Trainer(verbose=False)
    for paper in train:
        for words, labels in sentences(paper):
            trainer.append(term_features(words, classes), labels)
    trainer.set_params(
        {
            "c1": args.c1,
            "c2": args.c2,
            "max_iterations": args.iterations,
            "feature.possible_transitions": True,
            "feature.minfreq": 2,
        }
    )
    print(f"{len(train)} papers, features in {time.time() - started:.0f}s", flush=True)
    model = Path(tempfile.mkdtemp(prefix="termlens-terms-")) / "model.crfsuite"
    trainer.train(str(model))
    tagger = TermTagger(model, wordnet)
    right = predicted = gold = 0
    for paper in held:
        for words, labels in sentences(paper):
            found, wanted = set(tagger.spans(words)), set(term_spans(labels))
            right += len(found & wanted)
            predicted += len(found)
            gold += len(wanted)
    p, r = right / max(predicted, 1), right / max(gold, 1)
    f1 = 2 * p * r / max(p + r, 1e-9)
    print(
        f"held-out papers ({len(held)}), exact spans: "
        f"P {100 * p:.2f} R {100 * r:.2f} F1 {100 * f1:.2f}"
    )
    target = args.out / MODEL_FILE
    os.replace(model, target)
    resources.record(
        target,
        id="term-tagger-en",
        version=f"{__version__}+c1-{args.c1}-c2-{args.c2}-it{args.iterations}",
        source_data=[f"SciREX train_docs, the papers i with i % {HELD_OUT} != 0"],
        licence="Apache-2.0 (derived from the SciREX annotations)",
        built_by="scripts/train_term_tagger.py",
    )
    print(f"wrote {target} ({target.stat().st_size / 1e6:.1f} MB) in {time.time() - started:.0f}s")


if __name__ == "__main__":
    main()
