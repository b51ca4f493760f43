"""BioC XML abbreviation corpora (MEDSTRACT, BIOADI, Schwartz–Hearst/BioText, Ab3P).

Scored as in the BioC abbreviation papers: precision, recall and F1 over unique
(document, short form, long form) pairs, compared case-insensitively with whitespace normalised.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from termlens.acronyms import find_definitions
from termlens.benchmarks.metrics import PRF, compare_sets
from termlens.errors import InputError
from termlens.io import atomic_write, digits, read_text
from termlens.text import Document

SIGNATURE = "bioc-pairs|unique(doc,sf,lf)|case-insensitive|ws-normalised"
MAX_GAP = 100_000  # characters a passage may start past the text before it (a bad offset, else)


@dataclass(frozen=True, slots=True)
class Pair:
    """An abbreviation pair of a document, as text."""

    doc_id: str
    short: str
    long: str

    def key(self) -> tuple[str, str, str]:
        """The form under which pairs are compared."""
        return self.doc_id, normalise(self.short), normalise(self.long)


@dataclass(frozen=True, slots=True)
class BiocDocument:
    """A BioC document: its passages laid out at their offsets, and its gold pairs."""

    id: str
    text: str
    pairs: tuple[Pair, ...]


def normalise(text: str) -> str:
    """Lowercase and collapse whitespace."""
    return " ".join(text.lower().split())


def load(path: Path) -> list[BiocDocument]:
    """Read a BioC XML collection; gold pairs are read from its relations where present."""
    try:
        root = ET.fromstring(read_text(path).encode("utf-8"))
    except ET.ParseError as exc:
        raise InputError(f"{path}: not valid BioC XML ({exc}); give a BioC collection") from None
    if root.tag != "collection":
        raise InputError(f"{path}: root element is <{root.tag}>, expected BioC <collection>")
    documents = []
    for doc in root.iter("document"):
        doc_id = doc.findtext("id", default="")
        text = ""
        pairs = []
        for number, passage in enumerate(doc.iter("passage")):
            offset = _offset(passage, len(text), f"{path}: document {doc_id!r}: passage {number}")
            text = text.ljust(offset) + (passage.findtext("text") or "")
            pairs.extend(_relations(doc_id, passage))
        documents.append(BiocDocument(doc_id, text, tuple(pairs)))
    return documents


def _offset(passage: ET.Element, laid_out: int, where: str) -> int:
    """The passage's <offset>: a whole number, at most MAX_GAP past the text laid out so far."""
    written = (passage.findtext("offset") or "0").strip()
    if not digits(written):
        raise InputError(f"{where}: <offset> {written!r} is not a whole number")
    if int(written) > laid_out + MAX_GAP:
        raise InputError(f"{where}: <offset> {written} lies far past the text before it")
    return int(written)


def _relations(doc_id: str, passage: ET.Element) -> list[Pair]:
    texts = {a.get("id"): a.findtext("text", default="") for a in passage.iter("annotation")}
    pairs = []
    for relation in passage.iter("relation"):
        roles = {n.get("role"): texts.get(n.get("refid"), "") for n in relation.iter("node")}
        if roles.get("ShortForm") and roles.get("LongForm"):
            pairs.append(Pair(doc_id, roles["ShortForm"], roles["LongForm"]))
    return pairs


def predict(documents: Iterable[BiocDocument]) -> list[Pair]:
    """The pairs termlens finds in each document, unique per document."""
    out: list[Pair] = []
    for document in documents:
        seen = set()
        for definition in find_definitions(Document(document.text, id=document.id, lang="en")):
            pair = Pair(document.id, definition.short.text, definition.long.text)
            if pair.key() not in seen:
                seen.add(pair.key())
                out.append(pair)
    return out


def write_predictions(pairs: Iterable[Pair], path: Path) -> None:
    """Write ``doc_id<TAB>short_form<TAB>long_form`` lines."""
    with atomic_write(path) as out:
        for pair in pairs:
            out.write(f"{pair.doc_id}\t{_flat(pair.short)}\t{_flat(pair.long)}\n")


def _flat(text: str) -> str:
    return " ".join(text.split())


def score(predicted: Iterable[Pair], gold: Iterable[Pair]) -> PRF:
    """Pair precision / recall / F1 over unique normalised pairs."""
    return compare_sets((p.key() for p in predicted), (g.key() for g in gold))
