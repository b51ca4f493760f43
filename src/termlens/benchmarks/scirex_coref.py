"""SciREX papers: their JSON lines read with clear errors, and their within-paper coreference as
SciCo topics, a larger test of the clustering.

SciREX (``scirex/train_docs.jsonl.gz``) groups each paper's entity mentions into clusters, the
salient entities by name (``coref``) and the others by number (``coref_non_salient``). Each
paper becomes one topic: its mentions as given (a span in two clusters keeps its first), their
sentences as context, SciREX's clusters as the gold.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from termlens.concepts.scico import Mention, Topic
from termlens.errors import InputError

COREFERENCE_FIELDS = ("doc_id", "words", "sentences", "coref", "coref_non_salient")


def scirex_records(path: Path, required: tuple[str, ...] = ("words",)) -> Iterator[dict[str, Any]]:
    """The papers of a SciREX jsonl(.gz) file, each checked for the ``required`` fields; a bad
    line is an InputError naming the file and line."""
    try:
        with (
            gzip.open(path, "rt", encoding="utf-8")
            if path.suffix == ".gz"
            else path.open(encoding="utf-8") as lines
        ):
            for number, line in enumerate(lines, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except ValueError as exc:
                    raise InputError(f"{path}:{number}: not a SciREX paper ({exc})") from None
                missing = [f for f in required if not isinstance(record, dict) or f not in record]
                if missing:
                    raise InputError(f"{path}:{number}: not a SciREX paper (no {missing[0]})")
                yield record
    except OSError as exc:
        raise InputError(f"{path}: cannot read SciREX papers ({exc})") from None


def load_topics(path: Path) -> list[Topic]:
    """One topic per paper of a SciREX jsonl(.gz) file."""
    return [paper_topic(paper) for paper in scirex_records(path, COREFERENCE_FIELDS)]


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
