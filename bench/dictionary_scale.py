"""Scale of the SQLite acronym dictionary at GLADIS size (1.5 M short forms, 6.4 M long forms).

Builds a synthetic dictionary with termlens, then times lookups of random short forms and
reports build time, file size, peak memory and lookup latency percentiles. The peer is the
obvious alternative, a Python dict of lists held in memory, measured in the same run (in a child
process, so its memory does not mix with ours).

Run by hand: ``python bench/dictionary_scale.py [--short-forms 1500000 --long-forms 6400000]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import resource
import string
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from termlens.acronyms import dictionary as acronym_dictionary
from termlens.acronyms.dictionary import AcronymDictionary, Entry

WORDS = [
    "".join(random.Random(i).choices(string.ascii_lowercase, k=random.Random(-i).randint(3, 11)))
    for i in range(20_000)
]


def short_forms(n: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    out: set[str] = set()
    alphabet = string.ascii_uppercase + string.digits
    while len(out) < n:
        out.add(
            rng.choice(string.ascii_uppercase) + "".join(rng.choices(alphabet, k=rng.randint(1, 6)))
        )
    return sorted(out)


def entries(shorts: list[str], n_long: int, seed: int = 2) -> Iterator[Entry]:
    """Exactly n_long distinct long forms: at least one per short form, a few with 2,000,
    the rest spread with an exponential tail."""
    rng = random.Random(seed)
    spare = n_long - len(shorts) - 2000 * (len(shorts) // 100_000 + 1)
    extra = spare / len(shorts)
    left = n_long
    for i, short in enumerate(shorts):
        wanted = 2000 if i % 100_000 == 0 else 1 + round(rng.expovariate(1 / extra))
        k = max(1, min(wanted, left - (len(shorts) - i - 1)))  # keep one for each later short
        if i == len(shorts) - 1:
            k = left
        left -= k
        for j, long in enumerate(_distinct_longs(rng, len(short), k)):
            yield Entry(short, long, rng.randint(1, 500) if j < 50 else 1)


def _distinct_longs(rng: random.Random, n_words: int, k: int) -> list[str]:
    longs: dict[str, None] = {}
    while len(longs) < k:
        longs[" ".join(rng.choices(WORDS, k=max(2, n_words)))] = None
    return list(longs)


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def percentiles(times: list[float]) -> tuple[float, float, float]:
    times = sorted(times)
    pick = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000  # noqa: E731
    return pick(0.5), pick(0.99), pick(1.0)


def termlens_build(n_short: int, n_long: int, path: str, out: dict[str, float]) -> None:
    start = time.perf_counter()
    with acronym_dictionary.build(Path(path)) as d:
        d.add(entries(short_forms(n_short), n_long), "synthetic")
    out["build_s"] = time.perf_counter() - start
    out["build_peak_mb"] = peak_mb()


def termlens_lookups(path: str, queries: list[str], out: dict[str, float]) -> None:
    with AcronymDictionary.open(Path(path)) as d:
        for q in queries[:1000]:  # warm the page cache a little, as a running service would
            d.lookup(q)
        times = []
        for q in queries:
            t = time.perf_counter()
            d.lookup(q)
            times.append(time.perf_counter() - t)
        stats = d.stats()
    out["p50_ms"], out["p99_ms"], out["max_ms"] = percentiles(times)
    out["lookup_peak_mb"] = peak_mb()
    out["short_forms"] = float(stats["short_forms"])  # type: ignore[arg-type]
    out["long_forms"] = float(stats["long_forms"])  # type: ignore[arg-type]


def in_child(target: object, *args: object) -> dict[str, float]:
    """Run a measurement in a fresh process, so that peak memory is its own."""
    with multiprocessing.Manager() as manager:
        shared = manager.dict()
        child = multiprocessing.Process(target=target, args=(*args, shared))  # type: ignore[arg-type]
        child.start()
        child.join()
        return dict(shared)


def dict_run(n_short: int, n_long: int, queries: list[str], out: dict[str, float]) -> None:
    start = time.perf_counter()
    table: dict[str, list[tuple[str, int]]] = {}
    for e in entries(short_forms(n_short), n_long):
        table.setdefault(e.short, []).append((e.long, e.count))
    out["build_s"] = time.perf_counter() - start
    times = []
    for q in queries:
        t = time.perf_counter()
        sorted(table.get(q, []), key=lambda x: -x[1])
        times.append(time.perf_counter() - t)
    out["p50_ms"], out["p99_ms"], out["max_ms"] = percentiles(times)
    out["peak_mb"] = peak_mb()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--short-forms", type=int, default=1_500_000)
    parser.add_argument("--long-forms", type=int, default=6_400_000)
    parser.add_argument("--queries", type=int, default=20_000)
    parser.add_argument("--skip-peer", action="store_true")
    args = parser.parse_args()
    rng = random.Random(3)
    shorts = short_forms(args.short_forms)
    queries = [rng.choice(shorts) for _ in range(args.queries)] + ["NOTANACRONYM"] * 100
    with tempfile.TemporaryDirectory(dir=".") as tmp:
        path = str(Path(tmp) / "synthetic.sqlite")
        ours = in_child(termlens_build, args.short_forms, args.long_forms, path)
        ours |= in_child(termlens_lookups, path, queries)
        ours["size_mb"] = Path(path).stat().st_size / 1e6
    print("termlens (SQLite):", {k: round(v, 3) for k, v in ours.items()})
    if args.skip_peer:
        return
    peer = in_child(dict_run, args.short_forms, args.long_forms, queries)
    print("peer (Python dict in memory):", {k: round(v, 3) for k, v in peer.items()})
    print(f"memory ratio termlens lookups / peer: {ours['lookup_peak_mb'] / peer['peak_mb']:.2f}")


if __name__ == "__main__":
    main()
