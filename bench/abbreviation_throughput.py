"""Throughput of abbreviation finding: termlens rules vs Schwartz–Hearst and scispaCy, same input.

Run by hand (see bench/run_abbreviation_throughput.sh); prints a Markdown table for BENCHMARKS.md.
The input is every abstract of the MEDSTRACT, BIOADI and SH/BioText BioC corpora (four copies, so
that process start-up does not dominate), each system reading the same document strings; each
system runs three times and the best time counts.
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

from termlens import Document, find_abbreviations
from termlens.acronyms import find_abbreviations_in_many
from termlens.benchmarks import bioc
from termlens.text import split_sentences

CORPORA = (
    "MEDSTRACT/medstract_bioc_corpus.xml",
    "BioADI-BioC/bioadi_bioc_corpus.xml",
    "SH-BioC/SH_bioc_corpus.xml",
)


def load_texts(data: Path) -> list[str]:
    return [d.text for corpus in CORPORA for d in bioc.load(data / "bioabbrev" / corpus)]


def termlens_rules(texts: list[str]) -> int:
    return sum(len(find_abbreviations(Document(t, lang="en"))) for t in texts)


def termlens_rules_two_processes(texts: list[str]) -> int:
    return sum(len(found) for found in find_abbreviations_in_many(texts, lang="en", jobs=2))


def schwartz_hearst(texts: list[str]) -> int:
    from abbreviations.schwartz_hearst import extract_abbreviation_definition_pairs

    logging.disable(logging.CRITICAL)
    return sum(len(extract_abbreviation_definition_pairs(doc_text=t)) for t in texts)


def scispacy_detector(texts: list[str]) -> int:
    import spacy
    from scispacy.abbreviation import AbbreviationDetector  # noqa: F401  (registers the pipe)

    nlp = spacy.blank("en")
    nlp.add_pipe("abbreviation_detector")
    return sum(len(doc._.abbreviations) for doc in nlp.pipe(texts))


def best_time(run: Callable[[list[str]], int], texts: list[str], repeats: int) -> tuple[float, int]:
    times, found = [], 0
    for _ in range(repeats):
        start = time.perf_counter()
        found = run(texts)
        times.append(time.perf_counter() - start)
    return min(times), found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    default = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
    parser.add_argument("--data", type=Path, default=Path(os.environ.get("TERMLENS_DATA", default)))
    parser.add_argument("--repeats", type=int, default=3, help="runs per system; best counts")
    parser.add_argument("--copies", type=int, default=4, help="copies of the corpus to process")
    args = parser.parse_args()
    texts = load_texts(args.data) * args.copies
    sentences = sum(1 for t in texts for _ in split_sentences(t))
    systems: list[tuple[str, Callable[[list[str]], int]]] = [
        ("termlens rules (find_abbreviations)", termlens_rules),
        ("termlens rules, 2 processes (find --jobs 2)", termlens_rules_two_processes),
        ("abbreviations 0.2.5 (Schwartz–Hearst)", schwartz_hearst),
        ("scispaCy AbbreviationDetector on spacy.blank('en')", scispacy_detector),
    ]
    rows = []
    for name, run in systems:
        try:
            seconds, found = best_time(run, texts, args.repeats)
        except ImportError as exc:
            print(f"skipping {name}: {exc}")
            continue
        rows.append((name, seconds, found))
    reference = next((s for n, s, _ in rows if n.startswith("abbreviations")), None)
    print(f"\n{len(texts)} documents, {sentences} sentences, best of {args.repeats} runs\n")
    print("| system | seconds | documents/s | sentences/s | speed vs abbreviations | items |")
    print("|---|---|---|---|---|---|")
    for name, seconds, found in rows:
        ratio = f"{reference / seconds:.2f}×" if reference else "n/a"
        print(
            f"| {name} | {seconds:.2f} | {len(texts) / seconds:,.0f} | "
            f"{sentences / seconds:,.0f} | {ratio} | {found} |"
        )


if __name__ == "__main__":
    main()
