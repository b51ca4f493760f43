"""Which short forms `termlens expand` reads, against gold that marks every abbreviation's use.

Two sets mark every use of every abbreviation:

- BARR2 sub-track 2 (`barr2/training_set`), 298 Spanish clinical cases. Gold rows whose offsets
  do not point at their abbreviation (about 6 %, see the data's SOURCE.md) count as missed.
- SciAI dev (`sciai/dev.json`), 1,717 English sentences whose tokens, joined by spaces, are the
  text read; its gold marks short forms as `B-short`/`I-short` (``--sciai``).

Each text is read as `expand` does (rules and the tagger, then the dotted initialisms and the
words in capitals the bundled dictionary knows), and the exact short-form spans right, wrong and
missed are counted with and without the words in capitals (`expand.with_known_capitals`), with
the words that step adds, each with whether the gold marks it there.

Run by hand: ``python bench/expand_occurrences.py [--sciai]`` (seconds).
"""

from __future__ import annotations

import argparse
import csv
from collections import Counter, defaultdict
from itertools import accumulate

from termlens.acronyms.expand import (
    default_dictionary,
    with_dotted_initialisms,
    with_known_capitals,
)
from termlens.acronyms.identify import find_abbreviations_in_many
from termlens.acronyms.tagger import reading
from termlens.benchmarks import sciai
from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.extraction import bio_spans

Gold = list[set[tuple[int, int]]]  # per text, the (start, end) of each gold use


def barr2() -> tuple[list[str], Gold]:
    """The BARR2 training cases' texts and the gold spans of their abbreviations."""
    root = data_dir() / "barr2" / "training_set"
    gold: defaultdict[str, set[tuple[int, int]]] = defaultdict(set)
    with open(root / "clinical_cases.abbreviations.training_set.tsv", encoding="utf-8") as rows:
        for row in csv.reader(rows, delimiter="\t"):
            if not row[0].startswith("#"):
                gold[row[0]].add((int(row[1]), int(row[2])))
    cases = sorted(gold)
    texts = [(root / "training_set.raw_text" / f"{c}.txt").read_text("utf-8") for c in cases]
    return texts, [gold[c] for c in cases]


def sciai_dev() -> tuple[list[str], Gold]:
    """SciAI dev's sentences, their tokens joined by spaces, and the gold short forms' spans."""
    texts, gold = [], []
    for record in sciai.load(data_dir() / "sciai" / "dev.json"):
        tokens = record["tokens"]
        starts = [0, *accumulate(len(t) + 1 for t in tokens)]
        texts.append(" ".join(tokens))
        shorts = bio_spans(record.get("labels") or ["O"] * len(tokens)).short
        gold.append({(starts[first], starts[last] + len(tokens[last])) for first, last in shorts})
    return texts, gold


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sciai", action="store_true", help="SciAI dev (English), not BARR2")
    args = parser.parse_args()
    lang = "en" if args.sciai else "es"
    texts, gold = sciai_dev() if args.sciai else barr2()
    rules, tagger = reading(lang)
    found = list(
        find_abbreviations_in_many(texts, lang=rules, rules_only=False, tagger_lang=tagger)
    )
    dictionary = default_dictionary()

    def known(short: str) -> bool:
        return short in dictionary

    tallies = {"without": Counter[str](), "with": Counter[str]()}
    added: Counter[tuple[str, bool]] = Counter()
    for text, marked, occurrences in zip(texts, gold, found, strict=True):
        before = with_dotted_initialisms(text, occurrences, known)
        after = with_known_capitals(text, before, known)
        for name, read in (("without", before), ("with", after)):
            spans = {(o.short.start, o.short.end) for o in read}
            tallies[name]["right"] += len(spans & marked)
            tallies[name]["wrong"] += len(spans - marked)
            tallies[name]["missed"] += len(marked - spans)
        new = {(o.short.start, o.short.end) for o in after} - {
            (o.short.start, o.short.end) for o in before
        }
        added.update((text[s:e], (s, e) in marked) for s, e in new)
    name = "SciAI dev, 1,717 sentences" if args.sciai else f"BARR2 training set, {len(texts)} cases"
    print(f"{name}, {sum(map(len, gold))} gold uses")
    for name, tally in tallies.items():
        right, wrong, missed = tally["right"], tally["wrong"], tally["missed"]
        precision, recall = right / max(right + wrong, 1), right / max(right + missed, 1)
        print(
            f"{name} the words in capitals: right {right}, wrong {wrong}, missed {missed} "
            f"(P {100 * precision:.1f}, R {100 * recall:.1f})"
        )
    in_gold = sum(n for (_, g), n in added.items() if g)
    print(f"added: {sum(added.values())}, {in_gold} of them gold uses")
    print("  " + ", ".join(f"{w} {'+' if g else '-'}{n}" for (w, g), n in added.most_common(40)))


if __name__ == "__main__":
    main()
