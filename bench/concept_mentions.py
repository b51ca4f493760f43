"""How well `termlens concepts cluster --text` finds concept mentions, against SciREX's entities.

    python bench/concept_mentions.py [--data DIR]

The papers SciREX annotates (methods, tasks, datasets, metrics) that the term tagger never saw
(paper i of ``scirex/train_docs.jsonl.gz`` with i % 5 == 0) go through the text mode's mention
finder as plain text (the words joined by spaces). Prints exact-span precision, recall and F1,
and the share of predicted mentions that overlap a gold one.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from pathlib import Path

from termlens.benchmarks.data_dir import data_dir
from termlens.concepts.mentions import topic_from_documents
from termlens.documents import RawDocument
from termlens.text import Document

HELD_OUT = 5  # as scripts/train_term_tagger.py


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=data_dir())
    args = parser.parse_args()
    with gzip.open(args.data / "scirex" / "train_docs.jsonl.gz", "rt", encoding="utf-8") as lines:
        papers = [json.loads(line) for i, line in enumerate(lines) if i % HELD_OUT == 0]
    right = predicted = gold_count = overlapping = 0
    started = time.time()
    for paper in papers:
        words = paper["words"]
        starts = [0]
        for word in words[:-1]:
            starts.append(starts[-1] + len(word) + 1)
        text = " ".join(words)
        gold = {(starts[a], starts[b - 1] + len(words[b - 1])) for a, b, _ in paper["ner"]}
        topic = topic_from_documents([RawDocument(paper["doc_id"], text)], "scirex")
        tokens = Document(text).tokens
        found = {(tokens[m.start].start, tokens[m.end].end) for m in topic.mentions}
        right += len(found & gold)
        predicted += len(found)
        gold_count += len(gold)
        overlapping += sum(any(a < y and x < b for x, y in gold) for a, b in found)
    p, r = right / max(predicted, 1), right / max(gold_count, 1)
    print(
        f"{len(papers)} held-out SciREX papers, {gold_count} gold mentions, {predicted} found "
        f"({time.time() - started:.1f} s): exact P {100 * p:.1f} R {100 * r:.1f} "
        f"F1 {200 * p * r / max(p + r, 1e-9):.1f}; overlapping a gold mention "
        f"{100 * overlapping / max(predicted, 1):.1f} %"
    )


if __name__ == "__main__":
    main()
