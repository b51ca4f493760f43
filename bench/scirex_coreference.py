"""Clustering SciREX's own coreference: each paper's annotated mentions as one topic.

    python bench/scirex_coreference.py [--data DIR]

SciREX (``scirex/train_docs.jsonl.gz``, 175 papers) groups each paper's entity mentions into
clusters, the salient entities by name (``coref``) and the others by number
(``coref_non_salient``). The mentions go in as given (a span in two clusters keeps its first),
and the predicted clusters are scored against SciREX's with the SciCo measures, once the way
a SciCo topic is clustered and once the way ``concepts cluster --text`` clusters plain papers
(different acronyms kept apart). Within a paper, with some 340 mentions each, this is a much
larger test of the clustering than the proxy's 317 mentions, though not across papers.
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path
from typing import Any

from termlens.benchmarks import scico as scico_bench
from termlens.benchmarks.data_dir import data_dir
from termlens.concepts.cluster import predict
from termlens.concepts.relate import default_model
from termlens.concepts.scico import Mention, Topic


def topic(paper: dict[str, Any]) -> Topic:
    """A paper's annotated mentions, their sentences as context, and SciREX's clusters."""
    words: list[str] = paper["words"]
    sentence_of = {k: (a, b) for a, b in paper["sentences"] for k in range(a, b)}
    clusters = [*paper["coref"].values(), *paper["coref_non_salient"].values()]
    first: dict[tuple[int, int], int] = {}
    for number, spans in enumerate(clusters):
        for start, end in spans:
            if end > start:
                first.setdefault((start, end), number)
    mentions, labels = [], []
    for (start, end), number in sorted(first.items()):
        low, high = sentence_of.get(start, (start, end))
        context = " ".join(words[low : max(high, end)])
        mentions.append(Mention(0, start, end - 1, " ".join(words[start:end]), context))
        labels.append(number)
    return Topic(str(paper["doc_id"]), [words], mentions, labels, [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=data_dir())
    args = parser.parse_args()
    with gzip.open(args.data / "scirex" / "train_docs.jsonl.gz", "rt", encoding="utf-8") as lines:
        gold = [topic(json.loads(line)) for line in lines]
    print(f"{len(gold)} papers, {sum(len(t.mentions) for t in gold)} mentions")
    model = default_model()
    for name, plain_text in (("as a SciCo topic", False), ("as plain text (--text)", True)):
        predicted = [predict(t, model, plain_text=plain_text) for t in gold]
        s = scico_bench.score(gold, predicted)
        c = s.coreference
        print(
            f"{name:24s} CoNLL {s.conll:5.2f} | MUC {c['MUC'].f1:5.2f} B3 {c['B3'].f1:5.2f} "
            f"CEAF-e {c['CEAF-e'].f1:5.2f} LEA {c['LEA'].f1:5.2f}"
        )


if __name__ == "__main__":
    main()
