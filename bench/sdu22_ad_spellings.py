"""SDU@AAAI-22 disambiguation: can the gold spelling of the right sense be told from the data?

    python bench/sdu22_ad_spellings.py [--data DIR]

For every training example whose sense has two spellings or more in the file's `diction.json`
(by `lexical.variant_key`: case, plural, punctuation), the share of examples each simple choice
among those spellings gets right: one at random (expected), the longest with ties broken by
lower or by title case, and the longest where it is unique. Also how often the gold spelling,
and another spelling of its sense, stands word for word in the example's sentence.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from termlens.acronyms.lexical import variant_key
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir


def case_style(text: str) -> str:
    """lower, title (every word over three letters capitalised) or mixed."""
    if text == text.lower():
        return "lower"
    return "title" if all(w[:1].isupper() for w in text.split() if len(w) > 3) else "mixed"


def longest(spellings: list[str], style: str) -> str:
    """The longest spelling, ties broken by ``style`` and then alphabetically."""
    most = max(map(len, spellings))
    return min((s for s in spellings if len(s) == most), key=lambda s: (case_style(s) != style, s))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=data_dir())
    args = parser.parse_args()
    columns = ["set", "examples", "random", "longest, lower", "longest, title"]
    columns += ["unique longest", "gold in sentence", "other spelling in sentence"]
    print("| " + " | ".join(columns) + " |")
    print("|---" * len(columns) + "|")
    for folder in ad.SDU22_FOLDERS:
        root = args.data / "sdu22-ad" / folder
        examples = json.loads((root / "train.json").read_text(encoding="utf-8"))
        dictionary = json.loads((root / "diction.json").read_text(encoding="utf-8"))
        n = 0
        random = lower = title = unique = unique_right = gold_in = other_in = 0.0
        for example in examples:
            gold, sentence = example["label"], example["sentence"]
            spellings = list(
                dict.fromkeys(
                    s
                    for s in dictionary.get(example["acronym"], [])
                    if variant_key(s) == variant_key(gold)
                )
            )
            if len(spellings) < 2:
                continue
            n += 1
            random += 1 / len(spellings)
            lower += longest(spellings, "lower") == gold
            title += longest(spellings, "title") == gold
            most = max(map(len, spellings))
            if sum(len(s) == most for s in spellings) == 1:
                unique += 1
                unique_right += longest(spellings, "lower") == gold
            gold_in += gold in sentence
            other_in += any(s in sentence for s in spellings if s != gold)
        print(
            f"| {folder} | {n:,} | {100 * random / n:.1f} | {100 * lower / n:.1f} | "
            f"{100 * title / n:.1f} | {100 * unique_right / unique:.1f} ({unique:,.0f}) | "
            f"{gold_in:.0f} | {other_in:.0f} |"
        )


if __name__ == "__main__":
    main()
