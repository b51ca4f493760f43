"""SciREX's within-paper coreference as SciCo topics: a larger test of the clustering.

SciREX (``scirex/train_docs.jsonl.gz``) groups each paper's entity mentions into clusters, the
salient entities by name (``coref``) and the others by number (``coref_non_salient``). Each
paper becomes one topic: its mentions as given (a span in two clusters keeps its first), their
sentences as context, SciREX's clusters as the gold.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from termlens.concepts.scico import Mention, Topic


def load_topics(path: Path) -> list[Topic]:
    """One topic per paper of a SciREX jsonl(.gz) file."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as lines:
        return [paper_topic(json.loads(line)) for line in lines if line.strip()]


def paper_topic(paper: dict[str, Any]) -> Topic:
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
