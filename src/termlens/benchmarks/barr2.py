"""BARR2 (IberEval 2018) sub-track 1: short form / long form pairs in Spanish clinical cases.

A predicted pair counts only if every field matches the gold: document, short-form offsets and
text, long-form offsets and text (micro precision / recall / F1).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from termlens.acronyms import find_definitions
from termlens.benchmarks.metrics import PRF, compare_sets
from termlens.errors import InputError
from termlens.io import atomic_write, read_text
from termlens.text import Document

SIGNATURE = "barr2-subtrack1|micro|exact(doc,sf offsets+text,lf offsets+text)"


@dataclass(frozen=True, slots=True)
class Relation:
    """A short form and its long form in one clinical case (end offsets exclusive)."""

    doc_id: str
    sf_start: int
    sf_end: int
    sf: str
    lf_start: int
    lf_end: int
    lf: str

    def row(self) -> str:
        """The prediction line for this relation."""
        return (
            f"{self.doc_id}\t{self.sf_start}\t{self.sf_end}\t{self.sf}\t"
            f"{self.lf_start}\t{self.lf_end}\t{self.lf}"
        )


def load_texts(set_dir: Path) -> dict[str, str]:
    """Read every clinical case of a BARR2 set directory (texts in ``*.raw_text/*.txt``, or
    ``*.txt`` in the directory itself)."""
    if not set_dir.is_dir():
        raise InputError(f"{set_dir}: not a directory; give a BARR2 set directory")
    folders = sorted(p for p in set_dir.glob("*raw_text") if p.is_dir())
    if not folders and any(set_dir.glob("*.txt")):
        folders = [set_dir]
    if not folders:
        raise InputError(
            f"{set_dir}: no case texts (no '*.raw_text' folder, no *.txt files); give a "
            "directory laid out like barr2/training_set, or one of .txt case files"
        )
    return {
        path.stem: read_text(path) for folder in folders for path in sorted(folder.glob("*.txt"))
    }


def predict(texts: Iterable[tuple[str, str]]) -> list[Relation]:
    """The pairs termlens finds in each (case id, text), with offsets."""
    out = []
    for doc_id, text in texts:
        for definition in find_definitions(Document(text, id=doc_id, lang="es")):
            s, lf = definition.short, definition.long
            out.append(Relation(doc_id, s.start, s.end, s.text, lf.start, lf.end, lf.text))
    return out


def write_predictions(relations: Iterable[Relation], path: Path) -> None:
    """Write ``doc_id sf_start sf_end sf lf_start lf_end lf`` tab-separated lines."""
    with atomic_write(path) as out:
        for relation in relations:
            out.write(relation.row() + "\n")


def read_relations(path: Path) -> list[Relation]:
    """Read gold relations: the official 9-column file or the 10-column one with SF end offsets."""
    return list(_relations(path, read_text(path)))


def _relations(path: Path, text: str) -> Iterator[Relation]:
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        try:
            if len(cols) == 9:
                doc, kind_a, a_start, a_text, _, _, b_start, b_end, b_text = cols
                a_end = str(int(a_start) + len(a_text))
            elif len(cols) == 10:
                doc, kind_a, a_start, a_end, a_text, _, _, b_start, b_end, b_text = cols
            else:
                raise ValueError(f"{len(cols)} columns, expected 9 or 10")
            a = (int(a_start), int(a_end), a_text)
            b = (int(b_start), int(b_end), b_text)
        except ValueError as exc:
            raise InputError(f"{path}, line {number}: not a BARR2 relation ({exc})") from None
        short, long = (a, b) if kind_a == "SHORT_FORM" else (b, a)
        yield Relation(doc, *short, *long)


def score(predicted: Iterable[Relation], gold: Iterable[Relation]) -> PRF:
    """Micro precision / recall / F1 over exact relations."""
    return compare_sets(predicted, gold)
