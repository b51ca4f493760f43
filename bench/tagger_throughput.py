"""Throughput of the learned path (rules + CRF tagger) beside the rules-only path.

    python bench/tagger_throughput.py [--data DIR]

Input: the 1,717 SciAI dev sentences (one record each) and the Spanish SDU@AAAI-22 held-out
tenth; each path runs three times on one process and the best time counts. Prints a Markdown table
for BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from termlens import Document, find_abbreviations
from termlens.acronyms.extract import extract
from termlens.acronyms.tagger import default_tagger
from termlens.benchmarks import sciai, sdu22_ae
from termlens.benchmarks.data_dir import data_dir


def best_time(run: Callable[[], object], repeats: int = 3) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=data_dir())
    args = parser.parse_args()
    records = sciai.load(args.data / "sciai" / "dev.json")
    texts = [" ".join(r["tokens"]) for r in records]
    _, spanish = sdu22_ae.held_out(sdu22_ae.load(args.data / "sdu22-ae" / "spanish" / "train.json"))
    tagger = default_tagger()
    rows = [
        (
            "rules only (`find --rules-only`), SciAI dev",
            len(texts),
            best_time(lambda: [find_abbreviations(Document(t, lang="en")) for t in texts]),
        ),
        (
            "rules + tagger (`find`), SciAI dev",
            len(texts),
            best_time(lambda: [extract(Document(t, lang="en"), tagger) for t in texts]),
        ),
        (
            "tagger on given tokens (`bench sciai`), SciAI dev",
            len(records),
            best_time(lambda: sciai.predict(records, tagger)),
        ),
        (
            "rules + tagger (`bench sdu22-ae`), Spanish held-out tenth",
            len(spanish),
            best_time(lambda: sdu22_ae.predict(spanish, tagger, "spanish")),
        ),
    ]
    print("| path | sentences | seconds | sentences/s |\n|---|---|---|---|")
    for name, count, seconds in rows:
        print(f"| {name} | {count} | {seconds:.2f} | {count / seconds:,.0f} |")


if __name__ == "__main__":
    main()
