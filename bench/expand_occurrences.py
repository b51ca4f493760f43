"""Which short forms `termlens expand` reads, against gold that marks every abbreviation's use.

BARR2 sub-track 2 (`barr2/training_set`) marks every use of every abbreviation in 298 Spanish
clinical cases, so it says how many of them `expand` reads and how many of the words it reads
are none. This reads each case as `expand` does (rules and the Spanish tagger, then the dotted
initialisms and the words in capitals the bundled dictionary knows) and counts the exact spans
right, wrong and missed, with and without the words in capitals (`expand.with_known_capitals`),
and lists the words that step adds, each with whether the gold marks it there. Gold rows whose
offsets do not point at their abbreviation (about 6 %, see the data's SOURCE.md) count as missed.

Run by hand: ``python bench/expand_occurrences.py`` (seconds).
"""

from __future__ import annotations

import csv
from collections import Counter, defaultdict

from termlens.acronyms.expand import (
    default_dictionary,
    with_dotted_initialisms,
    with_known_capitals,
)
from termlens.acronyms.identify import find_abbreviations_in_many
from termlens.acronyms.tagger import reading
from termlens.benchmarks.data_dir import data_dir


def main() -> None:
    root = data_dir() / "barr2" / "training_set"
    gold: defaultdict[str, set[tuple[int, int]]] = defaultdict(set)
    with open(root / "clinical_cases.abbreviations.training_set.tsv", encoding="utf-8") as rows:
        for row in csv.reader(rows, delimiter="\t"):
            if not row[0].startswith("#"):
                gold[row[0]].add((int(row[1]), int(row[2])))
    cases = sorted(gold)
    texts = [(root / "training_set.raw_text" / f"{c}.txt").read_text("utf-8") for c in cases]
    rules, tagger = reading("es")
    found = list(
        find_abbreviations_in_many(texts, lang=rules, rules_only=False, tagger_lang=tagger)
    )
    dictionary = default_dictionary()

    def known(short: str) -> bool:
        return short in dictionary

    tallies = {"without": Counter[str](), "with": Counter[str]()}
    added: Counter[tuple[str, bool]] = Counter()
    for case, text, occurrences in zip(cases, texts, found, strict=True):
        before = with_dotted_initialisms(text, occurrences, known)
        after = with_known_capitals(text, before, known)
        for name, read in (("without", before), ("with", after)):
            spans = {(o.short.start, o.short.end) for o in read}
            tallies[name]["right"] += len(spans & gold[case])
            tallies[name]["wrong"] += len(spans - gold[case])
            tallies[name]["missed"] += len(gold[case] - spans)
        new = {(o.short.start, o.short.end) for o in after} - {
            (o.short.start, o.short.end) for o in before
        }
        added.update((text[s:e], (s, e) in gold[case]) for s, e in new)
    print(f"BARR2 training set, {len(cases)} cases, {sum(map(len, gold.values()))} gold uses")
    for name, tally in tallies.items():
        right, wrong, missed = tally["right"], tally["wrong"], tally["missed"]
        precision, recall = right / max(right + wrong, 1), right / max(right + missed, 1)
        print(
            f"{name} the words in capitals: right {right}, wrong {wrong}, missed {missed} "
            f"(P {100 * precision:.1f}, R {100 * recall:.1f})"
        )
    marked = sum(n for (_, in_gold), n in added.items() if in_gold)
    print(f"added: {sum(added.values())}, {marked} of them gold uses")
    print("  " + ", ".join(f"{w} {'+' if g else '-'}{n}" for (w, g), n in added.most_common(40)))


if __name__ == "__main__":
    main()
