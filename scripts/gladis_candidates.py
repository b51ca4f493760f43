"""Write a GLADIS-format candidate dictionary from the gold long forms of a labelled GLADIS file.

GLADIS evaluates with a dictionary per test set; the biomedical dev set has none in the
repository (``bio_umls_dict.json`` covers the test set's acronyms). This builds one from the
file's own gold long forms, every count 1, so that no popularity leaks from the labels:
``python scripts/gladis_candidates.py biomedical/dev.json out/bio_dev_dict.json``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from termlens.benchmarks import disambiguation as ad
from termlens.io import atomic_write


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("data", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    senses: dict[str, dict[str, int]] = {}
    for example in ad.load_gladis(args.data):
        if example.gold:
            senses.setdefault(example.short, {})[example.gold] = 1
    with atomic_write(args.out) as out:
        json.dump({s: [[lf, n] for lf, n in sorted(d.items())] for s, d in senses.items()}, out)
    print(f"wrote {len(senses)} short forms to {args.out}")


if __name__ == "__main__":
    main()
