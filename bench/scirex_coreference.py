"""Clustering SciREX's own coreference: each paper's annotated mentions as one topic.

    python bench/scirex_coreference.py [--data DIR]

The 175 papers of ``scirex/train_docs.jsonl.gz`` (:mod:`termlens.benchmarks.scirex_coref`),
their mentions given, their clusters scored against SciREX's with the SciCo measures: once the
way a SciCo topic is clustered, once the way ``concepts cluster --text`` clusters plain papers.
Within a paper, with some 340 mentions each, this is a much larger test of the clustering than
the proxy's 317 mentions, though not across papers. The third row adds what ``--text`` also
knows: a short form and the long form the paper defines it by are one concept
(:func:`~termlens.concepts.mentions.defined_pairs`), which SciREX's clusters often split.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from termlens.benchmarks import scico as scico_bench
from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.scirex_coref import load_topics
from termlens.concepts.cluster import predict
from termlens.concepts.mentions import defined_pairs
from termlens.concepts.relate import default_model


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=data_dir())
    args = parser.parse_args()
    gold = load_topics(args.data / "scirex" / "train_docs.jsonl.gz")
    print(f"{len(gold)} papers, {sum(len(t.mentions) for t in gold)} mentions")
    model = default_model()
    defined = [replace(t, defined=defined_pairs(t)) for t in gold]
    runs = (
        ("as a SciCo topic", gold, False),
        ("as plain text (--text)", gold, True),
        ("… and its definitions", defined, True),
    )
    for name, topics, plain_text in runs:
        predicted = [predict(t, model, plain_text=plain_text) for t in topics]
        s = scico_bench.score(gold, predicted)
        c = s.coreference
        print(
            f"{name:24s} CoNLL {s.conll:5.2f} | MUC {c['MUC'].f1:5.2f} B3 {c['B3'].f1:5.2f} "
            f"CEAF-e {c['CEAF-e'].f1:5.2f} LEA {c['LEA'].f1:5.2f}"
        )


if __name__ == "__main__":
    main()
