"""SemEval-2016 Task 14 (semantic taxonomy enrichment): data, keys and the task's measures.

Items: ``lemma<TAB>pos<TAB>item-id<TAB>definition<TAB>source URL``. Keys (gold and system):
``item-id<TAB>lemma#pos#n<TAB>attach|merge``.

Measures, over the items a system answered: *Wu & Palmer* between the gold and the chosen
synset (NLTK's definition, as in the task's NLTK-based scorer), where a wrong operation costs
one more edge on the system's side (``2·depth(lcs) / (len_gold + len_system + 1)``); *lemma
match*, the share of answers with the right operation on a synset that shares a word with the
gold synset; *recall*, answered items over all gold items; *F1* of Wu & Palmer and recall.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from termlens.errors import InputError
from termlens.io import atomic_write, read_text
from termlens.taxonomy.wordnet import WordNet

SIGNATURE = "semeval2016-task14|wup(nltk)+1 edge for wrong operation|lemma-match|recall|f1"
OPERATIONS = ("attach", "merge")


@dataclass(frozen=True, slots=True)
class Item:
    """A new word sense to place: lemma, part of speech, definition."""

    id: str
    lemma: str
    pos: str
    definition: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Answer:
    """Where an item goes: a synset key and the operation."""

    item_id: str
    synset: str
    operation: str

    def row(self) -> str:
        return f"{self.item_id}\t{self.synset}\t{self.operation}"


@dataclass(frozen=True, slots=True)
class Score:
    """The task's measures (fractions, as the task reports them)."""

    wup: float
    lemma_match: float
    recall: float
    answered: int
    total: int

    @property
    def f1(self) -> float:
        total = self.wup + self.recall
        return 2 * self.wup * self.recall / total if total else 0.0


def _rows(path: Path) -> Iterable[tuple[int, list[str]]]:
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        if line.strip():
            yield number, line.rstrip("\r").split("\t")


def read_items(path: Path) -> list[Item]:
    """Read a task data file; an error names the line that is malformed. A part of speech
    other than noun or verb is read as it is: the placer declines that item alone."""
    items = []
    lines: dict[str, int] = {}  # item id → its line
    for number, fields in _rows(path):
        if len(fields) < 4:
            raise InputError(
                f"{path}: line {number}: expected lemma, pos, item-id, definition[, source URL]"
            )
        _once(lines, fields[2], number, path)
        items.append(Item(fields[2], fields[0], fields[1], fields[3], "\t".join(fields[4:])))
    return items


def _once(lines: dict[str, int], item_id: str, number: int, path: Path) -> None:
    """Record ``item_id`` at line ``number``, or say it is there already."""
    if item_id in lines:
        raise InputError(
            f"{path}: line {number}: item id {item_id!r} is already that of line {lines[item_id]}"
        )
    lines[item_id] = number


def read_answers(path: Path) -> dict[str, Answer]:
    """Read a key file (gold or system), by item id."""
    answers: dict[str, Answer] = {}
    lines: dict[str, int] = {}
    for number, fields in _rows(path):
        if len(fields) != 3 or fields[2] not in OPERATIONS:
            raise InputError(f"{path}: line {number}: expected item-id, lemma#pos#n, attach|merge")
        _once(lines, fields[0], number, path)
        answers[fields[0]] = Answer(fields[0], fields[1], fields[2])
    return answers


def write_answers(answers: Iterable[Answer], path: Path) -> None:
    with atomic_write(path) as out:
        for answer in answers:
            out.write(answer.row() + "\n")


def similarity(wordnet: WordNet, gold: Answer, system: Answer) -> float:
    """Wu & Palmer of the two synsets, one edge longer when the operations differ."""
    parts = wordnet.wup_parts(wordnet.from_key(gold.synset), wordnet.from_key(system.synset))
    if parts is None:
        return 0.0
    depth, length_gold, length_system = parts
    penalty = 0 if gold.operation == system.operation else 1
    return 2.0 * depth / (length_gold + length_system + penalty)


def lemma_match(wordnet: WordNet, gold: Answer, system: Answer) -> bool:
    """Right operation, and the chosen synset shares a word with the gold synset."""
    if gold.operation != system.operation:
        return False
    words = {w.lower() for w in wordnet.from_key(gold.synset).lemmas}
    return any(w.lower() in words for w in wordnet.from_key(system.synset).lemmas)


def score(gold: dict[str, Answer], system: dict[str, Answer], wordnet: WordNet) -> Score:
    """Score system answers against the gold key (answers to unknown items are errors)."""
    unknown = sorted(set(system) - set(gold))
    if unknown:
        raise InputError(f"answers for items the gold key lacks: {', '.join(unknown[:5])}")
    answered = [(gold[i], answer) for i, answer in system.items()]
    if not answered:
        return Score(0.0, 0.0, 0.0, 0, len(gold))
    wup = sum(similarity(wordnet, g, s) for g, s in answered) / len(answered)
    matches = sum(lemma_match(wordnet, g, s) for g, s in answered) / len(answered)
    return Score(wup, matches, len(answered) / len(gold), len(answered), len(gold))
