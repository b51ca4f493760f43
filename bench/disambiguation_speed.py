"""Disambiguation speed: acronyms per second with the bundled dictionary, on 1 and 2 processes.

Input: the SciAD dev-open contexts (candidates from the bundled dictionary, so many acronyms
have dozens of senses), ranked as ``termlens expand`` ranks them (English contexts re-read by
all-MiniLM-L6-v2, :mod:`termlens.acronyms.rerank`) and without that second reading. The
peer, measured in the same run, is the AcroBERT design — one encoder pass per (context,
candidate) pair — using the same small multilingual encoder termlens uses (BERT-base, as
AcroBERT uses, would be several times slower still).

Workers load the encoder and the dictionary before the clock starts (a service would too).
Run by hand: ``python bench/disambiguation_speed.py [--limit 3102]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one thread per process: the runs use
os.environ.setdefault("OMP_NUM_THREADS", "1")  # 1 or 2 processes on the 2 cores

from termlens.acronyms.disambiguate import Disambiguator
from termlens.acronyms.expand import default_dictionary
from termlens.acronyms.rerank import default_context_check
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir
from termlens.embeddings import default_encoder

DATA = data_dir()


_RANKERS: dict[str, Disambiguator] = {}


def warm() -> None:
    """Load the encoders, the dictionary and the domain profiles (once per process)."""
    if not _RANKERS:
        _RANKERS["checked"] = Disambiguator(default_dictionary(), check=default_context_check())
        _RANKERS["plain"] = Disambiguator(default_dictionary())
        for ranker in _RANKERS.values():
            ad.predict([ad.Example(0, "CNN", "a CNN on images", None)], ranker)


def ours(examples: list[ad.Example]) -> int:
    """As ``termlens expand`` ranks: English contexts re-read by sentence vectors."""
    warm()
    return sum(1 for p in ad.predict(examples, _RANKERS["checked"]) if p)


def plain(examples: list[ad.Example]) -> int:
    """Without the second reading (:mod:`termlens.acronyms.rerank`)."""
    warm()
    return sum(1 for p in ad.predict(examples, _RANKERS["plain"]) if p)


def peer(examples: list[ad.Example]) -> int:
    """One encoder pass per (context, candidate) pair, the best pair wins."""
    dictionary, encoder = default_dictionary(), default_encoder()
    done = 0
    for example in examples:
        senses = dictionary.lookup(example.short)
        if not senses:
            continue
        pairs = [f"{example.context} [SEP] {s.long}" for s in senses]
        candidates = encoder.encode([s.long for s in senses])
        scores = (encoder.encode(pairs) * candidates).sum(axis=1)
        done += int(scores.argmax() >= 0)
    return done


def timed(name: str, work: list[ad.Example], jobs: int, run: object) -> float:
    chunks = [work[i::jobs] for i in range(jobs)]
    if jobs == 1:
        start = time.perf_counter()
        run(work)  # type: ignore[operator]
        rate = len(work) / (time.perf_counter() - start)
    else:
        context = multiprocessing.get_context("spawn")  # fresh workers, one BLAS thread each
        with context.Pool(jobs, initializer=warm) as pool:
            pool.map(time.sleep, [0.5] * jobs)  # wait until every worker is warm
            start = time.perf_counter()
            pool.map(run, chunks)  # type: ignore[arg-type]
            rate = len(work) / (time.perf_counter() - start)
    print(f"{name:<40} {jobs} process(es): {rate:8.1f} acronyms/s")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=3102)
    args = parser.parse_args()
    examples = ad.load_sciad(DATA / "sciad/dev-open.json")[: args.limit]
    warm()  # load the model and the dictionary before timing
    one = timed("termlens (bundled dictionary)", examples, 1, ours)
    two = timed("termlens (bundled dictionary)", examples, 2, ours)
    timed("termlens without the second reading", examples, 1, plain)
    timed("termlens without the second reading", examples, 2, plain)
    base = timed("peer: encoder pass per candidate", examples[: args.limit // 4], 1, peer)
    print(f"ratio termlens/peer, one process: {one / base:.1f}x; two processes: {two / base:.1f}x")


if __name__ == "__main__":
    main()
