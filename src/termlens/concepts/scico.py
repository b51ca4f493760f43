"""SciCo topics: paragraphs of tokens, concept mentions, clusters and a hierarchy between them.

One topic per JSON line, as in SciCo (Cattan et al., 2021): ``tokens`` (paragraphs),
``doc_ids``, ``metadata``, ``sentences``, ``mentions`` ``[paragraph, start, end inclusive,
cluster]``, ``relations`` ``[parent cluster, child cluster]``, ``flatten_tokens`` and
``flatten_mentions`` (the same mentions over the concatenated paragraphs), ``id``. Unknown
fields are kept, so a topic written back has everything it was read with.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from termlens.errors import InputError
from termlens.io import atomic_write, json_lines, read_text, whole_number


@dataclass(frozen=True, slots=True)
class Mention:
    """A concept mention: tokens ``start..end`` (inclusive) of a paragraph."""

    paragraph: int
    start: int
    end: int
    text: str
    context: str  # the sentence around the mention
    # as the document writes it, where it is known (plain documents, not SciCo's tokens):
    # "earnings before interest, taxes" for the tokens "earnings before interest , taxes"
    written: str = ""


@dataclass
class Topic:
    """A SciCo topic; ``clusters[i]`` is mention i's cluster, ``relations`` parent → child."""

    id: str
    tokens: list[list[str]]
    mentions: list[Mention]
    clusters: list[int]
    relations: list[tuple[int, int]]
    fields: dict[str, Any] = field(default_factory=dict)  # everything else, written back as is
    # mention pairs the text itself makes one concept: a long form and the short form it defines,
    # and in plain documents two mentions of one name (:mod:`termlens.concepts.mentions`)
    defined: list[tuple[int, int]] = field(default_factory=list)

    def with_prediction(self, clusters: list[int], relations: list[tuple[int, int]]) -> Topic:
        return Topic(
            self.id, self.tokens, self.mentions, clusters, relations, self.fields, self.defined
        )

    def to_json(self) -> dict[str, Any]:
        """The topic in SciCo's format (flattened views recomputed from the paragraphs)."""
        offsets = [0]
        for paragraph in self.tokens:
            offsets.append(offsets[-1] + len(paragraph))
        return {
            **self.fields,
            "id": self.id,
            "tokens": self.tokens,
            "flatten_tokens": [t for paragraph in self.tokens for t in paragraph],
            "mentions": [
                [m.paragraph, m.start, m.end, c]
                for m, c in zip(self.mentions, self.clusters, strict=True)
            ],
            "flatten_mentions": [
                [offsets[m.paragraph] + m.start, offsets[m.paragraph] + m.end, c]
                for m, c in zip(self.mentions, self.clusters, strict=True)
            ],
            "relations": [list(r) for r in self.relations],
        }


def read_topics(path: Path, warnings: list[str] | None = None) -> list[Topic]:
    """Read a SciCo jsonl file; an error names the line, topic and mention that is wrong.

    With a ``warnings`` list, gold relations that form a cycle are dropped (and said there)
    instead of failing, and a repeated topic id is said there: clustering ignores the gold
    anyway. Topics with fewer than two mentions are said there too."""
    return parse_topics(read_text(path), str(path), warnings)


def parse_topics(text: str, name: str, warnings: list[str] | None = None) -> list[Topic]:
    """The topics of SciCo jsonl ``text`` read from ``name``, as :func:`read_topics` reads a
    file (standard input, say)."""
    topics: list[Topic] = []
    first: dict[str, str] = {}  # topic id → where it was read
    for where, record in json_lines(text, name):
        topic = _topic(record, where, warnings)
        if topic.id in first:
            problem = f"{where}: topic id {topic.id!r} is already that of {first[topic.id]}"
            if warnings is None:
                raise InputError(problem)
            warnings.append(f"{problem}; clustered, but `bench scico` cannot score such a file")
        first.setdefault(topic.id, where.rsplit(": ", 1)[-1])
        topics.append(topic)
    return topics


def _topic(record: Any, where: str, warnings: list[str] | None) -> Topic:
    if not isinstance(record, dict) or not isinstance(record.get("tokens"), list):
        raise InputError(f"{where}: expected a SciCo topic with tokens and mentions")
    topic_id = str(record.get("id", where))
    where = f"{where} (topic {topic_id})"
    tokens: list[list[str]] = record["tokens"]
    for index, paragraph_tokens in enumerate(tokens):
        if not isinstance(paragraph_tokens, list) or not all(
            isinstance(t, str) for t in paragraph_tokens
        ):
            raise InputError(f"{where}: tokens {index}: expected a paragraph's list of strings")
    mentions, clusters = [], []
    seen: set[tuple[int, int, int]] = set()
    for index, raw in enumerate(_listed(record, "mentions", where)):
        if not isinstance(raw, list) or len(raw) < 3:
            raise InputError(f"{where}: mention {index}: expected [paragraph, start, end, cluster]")
        what = f"mention {index}: expected [paragraph, start, end, cluster] as integers"
        paragraph, start, end, *cluster = _integers(raw[:4], f"{where}: {what}")
        if not 0 <= paragraph < len(tokens) or not 0 <= start <= end < len(tokens[paragraph]):
            raise InputError(
                f"{where}: mention {index} {raw[:3]} falls outside its paragraph "
                f"({len(tokens[paragraph]) if 0 <= paragraph < len(tokens) else 'no such'} tokens)"
            )
        if (paragraph, start, end) in seen:
            raise InputError(f"{where}: mention {index} {raw[:3]} is listed twice")
        seen.add((paragraph, start, end))
        mentions.append(_mention(tokens, record.get("sentences"), paragraph, start, end))
        clusters.append(cluster[0] if cluster else -1)
    relations = []
    for index, raw in enumerate(_listed(record, "relations", where)):
        pair = _integers(raw, f"{where}: relation {index}: expected [parent, child] cluster ids")
        if len(pair) != 2:
            raise InputError(f"{where}: relation {index}: expected [parent, child] cluster ids")
        relations.append((pair[0], pair[1]))
    cycle = find_cycle(relations)
    if cycle:
        problem = f"{where}: the relations form a cycle {' → '.join(map(str, cycle))}"
        if warnings is None:
            raise InputError(problem)
        warnings.append(f"{problem}; its relations are ignored")
        relations = []
    if warnings is not None and len(mentions) < 2:
        warnings.append(f"{where}: {len(mentions)} mention(s); nothing to cluster")
    rest = {
        k: v
        for k, v in record.items()
        if k not in ("id", "tokens", "mentions", "relations", "flatten_tokens", "flatten_mentions")
    }
    return Topic(topic_id, tokens, mentions, clusters, relations, rest)


def _listed(record: dict[str, Any], field: str, where: str) -> list[Any]:
    """The record's list ``field`` ([] when missing or null)."""
    value = record.get(field) or []
    if not isinstance(value, list):
        raise InputError(f"{where}: {field}: expected a list, got {type(value).__name__}")
    return value


def _integers(values: Any, problem: str) -> list[int]:
    """``values`` as integers (JSON numbers without a fraction), else an error: ``problem``."""
    if not isinstance(values, list) or not all(map(_integral, values)):
        raise InputError(f"{problem}, got {json.dumps(values)[:80]}")
    return [int(v) for v in values]


def _integral(value: Any) -> bool:
    if isinstance(value, float):
        return value.is_integer()
    return whole_number(value)


def _mention(
    tokens: list[list[str]], sentences: Any, paragraph: int, start: int, end: int
) -> Mention:
    words = tokens[paragraph]
    low, high = 0, len(words)
    if isinstance(sentences, list) and paragraph < len(sentences):
        for bounds in sentences[paragraph] if isinstance(sentences[paragraph], list) else []:
            if (
                isinstance(bounds, list)
                and len(bounds) == 2
                and all(isinstance(b, int) for b in bounds)
                and bounds[0] <= start < bounds[1]
            ):
                low, high = bounds[0], max(bounds[1], end + 1)
                break
    return Mention(
        paragraph, start, end, " ".join(words[start : end + 1]), " ".join(words[low:high])
    )


def find_cycle(relations: Iterable[tuple[int, int]]) -> list[int]:
    """A cycle in parent → child relations (as a path that returns to its start), or []."""
    children: dict[int, list[int]] = {}
    for parent, child in relations:
        children.setdefault(parent, []).append(child)
    state: dict[int, int] = {}  # 1 on the current path, 2 done

    def visit(node: int, path: list[int]) -> list[int]:
        state[node] = 1
        for child in children.get(node, []):
            if state.get(child) == 1:
                return [*path[path.index(child) :], child] if child in path else [node, child]
            if child not in state:
                found = visit(child, [*path, child])
                if found:
                    return found
        state[node] = 2
        return []

    for start in list(children):
        if start not in state:
            found = visit(start, [start])
            if found:
                return found
    return []


def write_topics(topics: Iterable[Topic], path: Path) -> None:
    with atomic_write(path) as out:
        out.write(as_jsonl(topics))


def as_jsonl(topics: Iterable[Topic]) -> str:
    """The topics as SciCo jsonl, one per line."""
    return "".join(json.dumps(topic.to_json(), ensure_ascii=False) + "\n" for topic in topics)
