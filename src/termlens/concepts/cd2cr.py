"""CD²CR (Ravenscroft et al., 2021): news ↔ science cross-document coreference, as SciCo topics.

A split is a CoNLL file (``topic, subtopic, doc_id, sentence, token, word, ..., chain``) and
an entities JSON beside it (``{split}_entities.json[.gz]``: every mention, singletons included,
with ``doc_id``, ``sentence_id``, ``tokens_ids`` and ``cluster_id``). Each CD²CR topic (a news
article and the paper it reports on) becomes one SciCo topic with a paragraph per sentence;
there is no hierarchy.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from termlens.concepts.scico import Mention, Topic
from termlens.errors import InputError
from termlens.io import digits, read_json_list, read_text


def is_cd2cr(path: Path) -> bool:
    return path.name.endswith((".conll", ".conll.gz"))


def entities_path(conll: Path) -> Path:
    """The entities JSON beside a CoNLL file (``dev.conll.gz`` → ``dev_entities.json.gz``)."""
    split = conll.name.split(".")[0]
    for name in (f"{split}_entities.json.gz", f"{split}_entities.json"):
        if (conll.parent / name).is_file():
            return conll.parent / name
    raise InputError(f"{conll}: no {split}_entities.json(.gz) beside it; CD²CR needs both files")


@dataclass(frozen=True, slots=True)
class _Entity:
    """One mention of the entities JSON, its fields checked."""

    topic: str
    doc_id: str
    sentence_id: int
    token_ids: list[int]
    cluster_id: int
    tokens: str


def _entity(record: Any, where: str) -> _Entity:
    """The mention ``record``, or an error naming the field that is missing or of a wrong type."""
    if not isinstance(record, dict):
        raise InputError(f"{where}: expected an object with doc_id, sentence_id, tokens_ids, ...")

    def integer(value: Any, field: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int | str) or not digits(str(value)):
            raise InputError(f"{where}: {field}: expected a whole number, got {value!r}")
        return int(value)

    for field in ("topic", "doc_id", "sentence_id", "tokens_ids", "cluster_id"):
        if field not in record:
            raise InputError(f"{where}: no {field!r}")
    ids = record["tokens_ids"]
    if not isinstance(ids, list):
        raise InputError(f"{where}: tokens_ids: expected a list of token numbers, got {ids!r}")
    return _Entity(
        str(record["topic"]),
        str(record["doc_id"]),
        integer(record["sentence_id"], "sentence_id"),
        [integer(i, "tokens_ids") for i in ids],
        integer(record["cluster_id"], "cluster_id"),
        str(record.get("tokens", "")),
    )


def read_cd2cr(conll: Path, warnings: list[str] | None = None) -> list[Topic]:
    """The topics of a CD²CR split, with gold clusters. Mentions that run past their CoNLL
    sentence are left out and said in ``warnings`` (an error without that list)."""
    sentences: dict[str, dict[tuple[str, int], list[str]]] = {}  # topic → (doc, sentence) → words
    first_token: dict[tuple[str, int], int] = {}  # token numbers run through the document
    for number, line in enumerate(read_text(conll).splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) < 6 or not digits(fields[3]) or not digits(fields[4]):
            raise InputError(
                f"{conll}: line {number}: expected topic, subtopic, doc, sentence, token, word"
            )
        key = (fields[2], int(fields[3]))
        first_token.setdefault(key, int(fields[4]))
        sentences.setdefault(fields[0], {}).setdefault(key, []).append(fields[5])
    path = entities_path(conll)
    entities = read_json_list(path, "mentions")
    by_topic: dict[str, list[_Entity]] = {}
    for number, entity in enumerate(entities):
        checked = _entity(entity, f"{path}: mention {number}")
        by_topic.setdefault(checked.topic, []).append(checked)
    topics = []
    for topic_id, paragraphs in sentences.items():
        keys = list(paragraphs)
        index = {key: i for i, key in enumerate(keys)}
        tokens = [paragraphs[key] for key in keys]
        mentions, raw_clusters = [], []
        for entity in by_topic.get(topic_id, []):
            key = (entity.doc_id, entity.sentence_id)
            ids = [i - first_token.get(key, 0) for i in sorted(entity.token_ids)]
            if key not in index or not ids or ids[0] < 0 or ids[-1] >= len(paragraphs[key]):
                problem = (
                    f"{path}: topic {topic_id}: mention {entity.tokens!r} "
                    f"in {key[0]} sentence {key[1]} falls outside the CoNLL sentence"
                )
                if warnings is None:
                    raise InputError(problem)
                warnings.append(problem + "; left out")
                continue
            words = paragraphs[key]
            mentions.append(
                Mention(
                    index[key],
                    ids[0],
                    ids[-1],
                    " ".join(words[ids[0] : ids[-1] + 1]),
                    " ".join(words),
                )
            )
            raw_clusters.append(entity.cluster_id)
        ids_in_order = {c: i for i, c in enumerate(dict.fromkeys(raw_clusters))}
        extra: dict[str, object] = {
            "doc_ids": [doc for doc, _ in keys],
            "sentences": [[[0, len(words)]] for words in tokens],
            "source": "cd2cr",
        }
        topics.append(
            Topic(topic_id, tokens, mentions, [ids_in_order[c] for c in raw_clusters], [], extra)
        )
    return topics
