"""Throughput of abbreviation finding: termlens rules vs Schwartz–Hearst and scispaCy, same input.

Run by hand (see bench/run_abbreviation_throughput.sh); prints a Markdown table for BENCHMARKS.md.
The input is every abstract of the MEDSTRACT, BIOADI and SH/BioText BioC corpora (four copies, so
that process start-up does not dominate), each system reading the same document strings; the
systems run in turn, five rounds, and each one's best time counts.
"""

from __future__ import annotations

import argparse
import logging
import time
from collections.abc import Callable
from pathlib import Path

from termlens import Document, find_abbreviations
from termlens.acronyms import find_abbreviations_in_many
from termlens.benchmarks import bioc
from termlens.benchmarks.data_dir import data_dir
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


def interleaved_best_times(
    systems: list[tuple[str, Callable[[list[str]], int]]], texts: list[str], repeats: int
) -> list[tuple[str, float, int]]:
    """Best time of each system over ``repeats`` rounds, each round running every system once,
    so that a slow spell of the shared machine hits all of them alike."""
    runnable, best, found = [], {}, {}
    for name, run in systems:
        try:
            found[name] = run(texts[:10])  # imports the system; skipped when it is missing
        except ImportError as exc:
            print(f"skipping {name}: {exc}")
            continue
        runnable.append((name, run))
    for _ in range(repeats):
        for name, run in runnable:
            start = time.perf_counter()
            found[name] = run(texts)
            best[name] = min(best.get(name, float("inf")), time.perf_counter() - start)
    return [(name, best[name], found[name]) for name, _ in runnable]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=data_dir())
    parser.add_argument(
        "--repeats", type=int, default=5, help="rounds, each running every system once"
    )
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
    rows = interleaved_best_times(systems, texts, args.repeats)
    reference = next((s for n, s, _ in rows if n.startswith("abbreviations")), None)
    print(f"\n{len(texts)} documents, {sentences} sentences, best of {args.repeats} rounds\n")
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
