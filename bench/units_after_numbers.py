"""What `termlens expand` says a unit symbol after a number means ("8 GB of memory").

Reads the open English texts that write units: SciAI train and dev (sentences), the SDU@AAAI-22
English extraction training files, the GLADIS pre-training sample and the SciREX papers. Every
text holding a symbol of the bundled unit table (`termlens.acronyms.units`) right after a digit
is expanded as `expand` does, and each such use `expand` reports is counted by its answer: the
unit, another sense, or none (abstained or unknown). ``--show`` prints each use in context, to
judge by eye whether the unit is right there.

Run by hand: ``python bench/units_after_numbers.py [--show]`` (about two minutes).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from collections import Counter
from collections.abc import Iterator

from termlens.acronyms.expand import expand_many
from termlens.acronyms.units import bundled_units
from termlens.benchmarks import sciai, sdu22_ae
from termlens.benchmarks.data_dir import data_dir


def texts() -> Iterator[str]:
    """The open English texts read (SDU@AAAI-22 held-out tenths left out)."""
    data = data_dir()
    for name in ("train.json.gz", "dev.json"):
        yield from (" ".join(r["tokens"]) for r in sciai.load(data / "sciai" / name))
    for name in ("legal", "scientific"):
        file = data / "sdu22-ae/english" / name / "train.json"
        training, _ = sdu22_ae.held_out(sdu22_ae.load(file))
        yield from (str(r["text"]) for r in training)
    yield from (data / "gladis/pre_train_sample.txt").read_text(encoding="utf-8").splitlines()
    with gzip.open(data / "scirex/train_docs.jsonl.gz", "rt", encoding="utf-8") as handle:
        yield from (" ".join(json.loads(line)["words"]) for line in handle)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print each use in context")
    args = parser.parse_args()
    units = bundled_units()
    symbols = "|".join(sorted(map(re.escape, units), key=len, reverse=True))
    after_digit = re.compile(rf"\d ?({symbols})\b")
    read = [t for t in texts() if after_digit.search(t)]
    answers: Counter[str] = Counter()
    for text, expansions in zip(read, expand_many(read, lang="en"), strict=True):
        for e in expansions:
            match = after_digit.match(text, max(0, e.short.start - 2))
            if match is None or match.end(1) != e.short.end or e.short.text not in units:
                continue
            kind = "unit" if e.long == units[e.short.text] else "other" if e.long else "none"
            answers[kind] += 1
            if args.show:
                where = text[max(0, e.short.start - 50) : e.short.end + 30].replace("\n", " ")
                print(f"{e.short.text}\t{e.long}\t{e.source}\t{e.confidence}\t{where}")
    print(f"{len(read)} texts; uses after a digit that expand reports: {sum(answers.values())}")
    print(", ".join(f"{kind} {answers[kind]}" for kind in ("unit", "other", "none")))


if __name__ == "__main__":
    main()
