"""WordNet 3.0 plus new senses, written as WN-LMF 1.1 XML (loadable by the ``wn`` package).

An *addition* is a placed sense: ATTACH makes a new synset whose hypernym is the target;
MERGE adds the lemma as a new word of the target synset. Additions are read from JSON lines
(``termlens attach --format jsonl`` writes them):
``{"lemma": ..., "pos": "noun"|"verb", "definition": ..., "synset": "lemma#n#1",
"operation": "attach"|"merge"}``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import IO, NamedTuple
from xml.sax.saxutils import escape, quoteattr

from termlens.errors import InputError
from termlens.io import atomic_write, json_lines, read_text
from termlens.taxonomy.wordnet import (
    POS,
    Synset,
    WordNet,
    index_pos,
    normalise,
    part_of_speech,
    spaced,
)

LEXICON = "termlens-wn30"
DTD = "http://globalwordnet.github.io/schemas/WN-LMF-1.1.dtd"
LICENCE = "https://wordnet.princeton.edu/license-and-commercial-use"
SYNSET_RELATIONS = {
    "@": "hypernym", "@i": "instance_hypernym", "~": "hyponym", "~i": "instance_hyponym",
    "#m": "holo_member", "#s": "holo_substance", "#p": "holo_part", "%m": "mero_member",
    "%s": "mero_substance", "%p": "mero_part", "=": "attribute", "*": "entails", ">": "causes",
    "^": "also", "&": "similar", "$": "similar", ";c": "domain_topic", "-c": "has_domain_topic",
    ";r": "domain_region", "-r": "has_domain_region", ";u": "exemplifies",
    "-u": "is_exemplified_by",
}  # fmt: skip
SENSE_RELATIONS = {
    "!": "antonym", "+": "derivation", "\\": "pertainym", "^": "also", "<": "participle",
    ";c": "domain_topic", "-c": "has_domain_topic", ";r": "domain_region",
    "-r": "has_domain_region", ";u": "exemplifies", "-u": "is_exemplified_by",
}  # fmt: skip
OPERATIONS = ("attach", "merge")


@dataclass(frozen=True, slots=True)
class Addition:
    """A new sense placed in WordNet."""

    lemma: str
    pos: str  # n or v
    definition: str
    target: Synset
    operation: str


def read_additions(path: Path, wordnet: WordNet) -> list[Addition]:
    """Read additions (JSON lines); an error names the line and the field that is wrong."""
    additions = []
    seen: dict[tuple[str, str, str], str] = {}  # an addition → where it was first read
    for where, record in json_lines(read_text(path), str(path)):
        if not isinstance(record, dict):
            raise InputError(f"{where}: expected an object with lemma, pos, synset, operation")
        missing = [f for f in ("lemma", "pos", "synset", "operation") if not record.get(f)]
        if missing:
            raise InputError(f"{where}: missing {', '.join(missing)}")
        for field in ("lemma", "pos", "synset", "operation", "definition"):
            if field in record and not isinstance(record[field], str):
                raise InputError(f"{where}: {field}: expected a string, got {record[field]!r}")
        try:
            pos = part_of_speech(record["pos"])  # "n", "Noun" too, as attach reads it
        except InputError:
            raise InputError(f"{where}: pos {record['pos']!r}; use noun or verb") from None
        if record["operation"] not in OPERATIONS:
            raise InputError(f"{where}: operation {record['operation']!r}; use attach or merge")
        try:
            target = wordnet.from_key(str(record["synset"]))
        except InputError as exc:
            raise InputError(f"{where}: {exc}") from None
        if target.pos != POS[pos]:
            raise InputError(f"{where}: synset {record['synset']} is not a {pos}")
        if record["operation"] == "merge" and normalise(str(record["lemma"])) in {
            normalise(w) for w in target.lemmas
        }:
            raise InputError(
                f"{where}: {record['lemma']!r} is already a word of {record['synset']}"
            )
        first = seen.setdefault(
            (normalise(str(record["lemma"])), target.id, record["operation"]), where
        )
        if first != where:  # the same sense twice: a second new synset, or a word twice in one
            raise InputError(
                f"{where}: the same addition as {first.rsplit(': ', 1)[-1]} ({record['lemma']!r} "
                f"{record['operation']} {record['synset']}); keep one"
            )
        additions.append(
            Addition(
                str(record["lemma"]),
                POS[pos],
                str(record.get("definition", "")),
                target,
                record["operation"],
            )
        )
    return additions


def export(wordnet: WordNet, additions: list[Addition], path: Path) -> None:
    """Write WordNet and the additions as one WN-LMF lexicon (atomically)."""
    new_synsets = {
        i: f"{LEXICON}-new{i + 1}-{a.pos}"
        for i, a in enumerate(additions)
        if a.operation == "attach"
    }
    new_children: dict[str, list[str]] = defaultdict(list)
    entries: dict[tuple[str, str], list[_Sense]] = defaultdict(list)
    forms: dict[tuple[str, str], str] = {}
    for synset in wordnet:
        for number, word in enumerate(synset.lemmas, start=1):
            key = (normalise(word), index_pos(synset.pos))
            forms.setdefault(key, spaced(word))
            entries[key].append(
                _Sense(_sense_id(synset.id, number), _synset_id(synset.id), synset, number)
            )
    for key, senses in entries.items():
        order = {_synset_id(i): rank for rank, i in enumerate(wordnet.senses.get(key, ()))}
        senses.sort(key=lambda sense: order.get(sense.synset, len(order)))
    for i, addition in enumerate(additions):
        key = (normalise(addition.lemma), addition.pos)
        forms.setdefault(key, addition.lemma.strip())
        home = new_synsets.get(i, _synset_id(addition.target.id))
        entries[key].append(_Sense(f"{LEXICON}-added{i + 1}", home, None, 0))
        if i in new_synsets:
            new_children[addition.target.id].append(new_synsets[i])
    with atomic_write(path) as out:
        out.write(
            f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE LexicalResource SYSTEM "{DTD}">\n'
        )
        out.write('<LexicalResource xmlns:dc="https://globalwordnet.github.io/schemas/dc/">\n')
        out.write(
            f'<Lexicon id="{LEXICON}" label="WordNet 3.0 enriched by termlens" language="en" '
            f'email="termlens@example.org" license="{LICENCE}" version="3.0+termlens">\n'
        )
        for number, (key, senses) in enumerate(sorted(entries.items()), start=1):
            form, pos = forms[key], key[1]
            out.write(f'<LexicalEntry id="{LEXICON}-e{number}-{_slug(form)}">')
            out.write(f'<Lemma writtenForm={quoteattr(form)} partOfSpeech="{pos}"/>')
            for sense in senses:
                out.write(f'<Sense id="{sense.id}" synset="{sense.synset}">')
                if sense.origin is not None:
                    out.write("".join(_sense_relations(wordnet, sense.origin, sense.word)))
                out.write("</Sense>")
            out.write("</LexicalEntry>\n")
        for synset in wordnet:
            _write_synset(out, wordnet, synset, new_children.get(synset.id, []))
        for i, synset_id in new_synsets.items():
            addition = additions[i]
            out.write(f'<Synset id="{synset_id}" ili="" partOfSpeech="{addition.pos}">')
            out.write(f"<Definition>{escape(addition.definition)}</Definition>")
            out.write(
                f'<SynsetRelation relType="hypernym" target="{_synset_id(addition.target.id)}"/>'
            )
            out.write("</Synset>\n")
        out.write("</Lexicon>\n</LexicalResource>\n")


def _write_synset(out: IO[str], wordnet: WordNet, synset: Synset, children: list[str]) -> None:
    definition, *examples = synset.gloss.split('; "')
    out.write(f'<Synset id="{_synset_id(synset.id)}" ili="" partOfSpeech="{synset.pos}">')
    out.write(f"<Definition>{escape(definition.strip())}</Definition>")
    for pointer in wordnet.pointers(synset):
        relation = SYNSET_RELATIONS.get(pointer.symbol)
        if relation and not pointer.source_word:
            out.write(
                f'<SynsetRelation relType="{relation}" target="{_synset_id(pointer.target)}"/>'
            )
    for child in children:
        out.write(f'<SynsetRelation relType="hyponym" target="{child}"/>')
    for example in examples:
        out.write(f"<Example>{escape(example.strip().strip(chr(34)))}</Example>")
    out.write("</Synset>\n")


class _Sense(NamedTuple):
    """A sense to write: its id, its synset's id, and the WordNet word it comes from."""

    id: str
    synset: str
    origin: Synset | None  # None for an added sense
    word: int  # 1-based number of the word in ``origin``


def _sense_relations(wordnet: WordNet, synset: Synset, word: int) -> list[str]:
    out = []
    for pointer in wordnet.pointers(synset):
        relation = SENSE_RELATIONS.get(pointer.symbol)
        if relation and pointer.source_word == word:
            target = _sense_id(pointer.target, pointer.target_word)
            out.append(f'<SenseRelation relType="{relation}" target="{target}"/>')
    return out


def _synset_id(synset_id: str) -> str:
    return f"{LEXICON}-{synset_id}"


def _sense_id(synset_id: str, number: int) -> str:
    return f"{LEXICON}-s{synset_id}-{number}"


def _slug(form: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", form)[:40]
