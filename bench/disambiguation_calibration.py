"""Calibration of the disambiguator's confidence: expected calibration error (ECE, 10 bins) of
the top candidate's probability.

Sets: GLADIS UAD (`eval/uad-open.json`, never trained on) and the SDU@AAAI-22 acronyms never
seen in training (the `bench/sdu22_ad_unseen.py` protocol; the feature weights were fitted
on folds of these files, so these are nearly, not strictly, out of sample), each with its own
dictionary; then GLADIS biomedical dev (never trained on) with the bundled dictionary's
candidates, as `termlens expand` sees it: the sense with the most probability, right when it is
the gold sense, wrong also when the dictionary does not know the gold; and the parts of it whose
short forms have one sense in the dictionary (which the softmax gives probability 1: the
sole-sense model's) and several (the several-senses model's).

Run by hand: ``python bench/disambiguation_calibration.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from termlens.acronyms.disambiguate import Disambiguator, one_sense, pooled
from termlens.acronyms.expand import default_dictionary
from termlens.acronyms.lexical import sense_key
from termlens.acronyms.rerank import default_context_check
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.metrics import calibration_bins, expected_calibration_error

DATA = data_dir()
BINS = 10


def answers(examples: Sequence[ad.Example], ranker: Disambiguator) -> list[tuple[float, bool]]:
    """(confidence, right) of the top candidate of every example that has candidates."""
    ranked = ranker.rank_many([(e.short, e.context) for e in examples])
    return [(r[0][1], r[0][0].long == e.gold) for e, r in zip(examples, ranked, strict=True) if r]


def sense_answers(
    examples: Sequence[ad.Example], ranker: Disambiguator
) -> list[tuple[float, bool, bool]]:
    """(probability, right, one sense known) of the likeliest sense of every example that has
    candidates."""
    explained = ranker.rank_many_explained([(e.short, e.context) for e in examples])
    out = []
    for example, (ranking, evidence) in zip(examples, explained, strict=True):
        if ranking:
            senses = pooled([ranking], key=lambda c: c.sense.key)
            if ranker.several_senses and evidence:  # as expand gives it
                senses = ranker.several_senses.recalibrated(senses, [evidence])
            best, probability = senses[0]
            alone = one_sense([c for c, _ in ranking])
            out.append((probability, best.sense.key == sense_key(example.gold), alone))
    return out


def report(name: str, pairs: list[tuple[float, bool]]) -> None:
    cells = []
    for i, members in sorted(calibration_bins(pairs, BINS).items()):
        confidence = sum(p for p, _ in members) / len(members)
        accuracy = sum(r for _, r in members) / len(members)
        cells.append(f"{i / BINS:.1f}: {confidence:.2f}→{accuracy:.2f} ({len(members)})")
    ece = expected_calibration_error(pairs, BINS)
    mean = sum(p for p, _ in pairs) / len(pairs)
    right = sum(r for _, r in pairs) / len(pairs)
    print(f"{name:28s} n {len(pairs):<5} confidence {mean:.3f} accuracy {right:.3f} ECE {ece:.4f}")
    print("   bin: mean confidence→accuracy (n)  " + "  ".join(cells))


def main() -> None:
    bundled = default_dictionary()
    uad = ad.load_gladis(DATA / "gladis/eval/uad-open.json")
    own = ad.dictionary_for(DATA / "gladis/dict/uad_dict.json", "gladis")
    check = default_context_check()
    report(
        "GLADIS UAD", answers(uad, Disambiguator(own, (own, bundled), complete=True, check=check))
    )
    for folder in ad.SDU22_FOLDERS:
        held, ranker = ad.sdu22_unseen(DATA / "sdu22-ad", folder, bundled)
        report(f"SDU@AAAI-22 unseen, {folder}", answers(held, ranker))
    bio = ad.load_gladis(DATA / "gladis/biomedical/dev.json")
    bio_answers = sense_answers(bio, Disambiguator(bundled, check=check))
    report("GLADIS bio dev, bundled", [(p, right) for p, right, _ in bio_answers])
    report("  … one sense known", [(p, right) for p, right, alone in bio_answers if alone])
    report("  … several senses known", [(p, right) for p, right, alone in bio_answers if not alone])


if __name__ == "__main__":
    main()
