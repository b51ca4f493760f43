"""The parent → child links `termlens concepts cluster --text` writes for plain papers.

    python bench/concept_links.py --papers 22,26,27,28 [--out links.tsv] [--data DIR]

The papers are lines of ``scirex/train_docs.jsonl.gz`` (counted from 1), each given as plain
text (its words joined by spaces), all of them one topic, as ``--text`` reads a folder. Prints
the clusters and links, and the most children one cluster has, as ``--text`` makes them and as
a SciCo topic would be clustered and linked (every cluster under its likeliest parent: what the
text mode did before). ``--out`` writes the text mode's links, each cluster shown by its two
most frequent mentions, for reading.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from pathlib import Path

from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.hidden_definitions import scirex_papers
from termlens.concepts.cluster import predict
from termlens.concepts.mentions import topic_from_documents
from termlens.concepts.relate import default_model
from termlens.concepts.scico import Topic
from termlens.documents import RawDocument
from termlens.io import atomic_write


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", required=True, help="line numbers, e.g. 22,26,27,28 or 1-30")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--data", type=Path, default=data_dir())
    args = parser.parse_args()
    wanted = _numbers(args.papers)
    papers = scirex_papers(args.data / "scirex" / "train_docs.jsonl.gz")
    documents = [
        RawDocument(f"p{n}", text) for n, text in enumerate(papers, start=1) if n in wanted
    ]
    topic = topic_from_documents(documents, "scirex")
    model = default_model()
    print(f"{len(documents)} papers, {len(topic.mentions)} mentions")
    scico_way = predict(topic, model)
    text_mode = predict(topic, model, plain_text=True)
    for name, result in (("as a SciCo topic", scico_way), ("--text", text_mode)):
        children = Counter(parent for parent, _ in result.relations)
        most = children.most_common(1)[0][1] if children else 0
        print(
            f"{name:22s} {len(set(result.clusters))} clusters, {len(result.relations)} links, "
            f"at most {most} children under one cluster"
        )
    if args.out:
        names = _names(text_mode)
        with atomic_write(args.out) as out:
            out.write("parent\tchild\n")
            out.writelines(f"{names[a]}\t{names[b]}\n" for a, b in text_mode.relations)


def _numbers(spec: str) -> set[int]:
    out: set[int] = set()
    for part in spec.split(","):
        low, _, high = part.partition("-")
        out.update(range(int(low), int(high or low) + 1))
    return out


def _names(topic: Topic) -> dict[int, str]:
    said: defaultdict[int, Counter[str]] = defaultdict(Counter)
    for mention, cluster in zip(topic.mentions, topic.clusters, strict=True):
        said[cluster][mention.text] += 1
    return {c: " | ".join(t for t, _ in counts.most_common(2)) for c, counts in said.items()}


if __name__ == "__main__":
    main()
