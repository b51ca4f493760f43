"""Which senses of one short form the bundled dictionary pools as near-duplicates.

Compares :func:`termlens.acronyms.lexical.near_duplicates` with the rule it replaced (each word's
first five letters, British spellings folded) over every pair of senses of one short form in the
bundled dictionary (short forms with more than 300 senses skipped), and prints how many pairs
each pools, then a random sample of the pairs they disagree on, to be read by hand.

Run by hand: ``python bench/near_duplicate_pairs.py [--sample 25]`` (about a minute).
"""

from __future__ import annotations

import argparse
import itertools
import random
import re
import sqlite3
from collections import defaultdict

from termlens.acronyms.expand import DICTIONARY_FILE
from termlens.acronyms.lexical import near_duplicates, sense_key
from termlens.resources import resource_path

MAX_SENSES = 300
_BRITISH = re.compile(r"[ao]e|our$")


def five_letter_key(long: str) -> str:
    """The rule replaced: each word of the sense key cut to five letters, British folded."""
    american = (
        _BRITISH.sub(lambda m: "e" if m.group() in ("ae", "oe") else "or", w)
        for w in sense_key(long).split()
    )
    return " ".join(w[:5] for w in american)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sample", type=int, default=25)
    args = parser.parse_args()
    connection = sqlite3.connect(f"file:{resource_path(DICTIONARY_FILE)}?mode=ro", uri=True)
    rows = connection.execute(
        "SELECT f.short, f.long, f.key, SUM(l.count) FROM forms f JOIN long_forms l"
        " ON l.form = f.id GROUP BY f.id"
    )
    senses: defaultdict[str, dict[str, tuple[str, int]]] = defaultdict(dict)
    for short, long, key, count in rows:  # each sense by its most counted spelling
        if key not in senses[short] or senses[short][key][1] < count:
            senses[short][key] = (long, count)
    kinds: defaultdict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for short, by_key in senses.items():
        if len(by_key) > MAX_SENSES:
            continue
        longs = [long for long, _ in by_key.values()]
        for a, b in itertools.combinations(longs, 2):
            old, new = five_letter_key(a) == five_letter_key(b), near_duplicates(a, b)
            if old or new:
                kind = "kept" if old and new else "split" if old else "new"
                kinds[kind].append((short, a, b))
    print(", ".join(f"{kind} {len(kinds[kind])}" for kind in ("kept", "split", "new")))
    rng = random.Random(7)
    for kind in ("split", "new"):
        for short, a, b in rng.sample(kinds[kind], min(args.sample, len(kinds[kind]))):
            print(f"{kind}\t{short}\t{a}\t{b}")


if __name__ == "__main__":
    main()
