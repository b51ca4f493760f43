"""Calibration of the disambiguator's confidence: expected calibration error (ECE, 10 bins) of
the top candidate's probability on GLADIS UAD (`eval/uad-open.json`, never trained on).

Run by hand: ``python bench/disambiguation_calibration.py``.
"""

from __future__ import annotations

from termlens.acronyms.disambiguate import Disambiguator
from termlens.acronyms.expand import default_dictionary
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir

DATA = data_dir()


def main() -> None:
    examples = ad.load_gladis(DATA / "gladis/eval/uad-open.json")
    own = ad.dictionary_for(DATA / "gladis/dict/uad_dict.json", "gladis")
    ranker = Disambiguator(own, (own, default_dictionary()))
    ranked = ranker.rank_many([(e.short, e.context) for e in examples])
    pairs = [(r[0][1], r[0][0].long == e.gold) for e, r in zip(examples, ranked, strict=True) if r]
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(10)]
    for probability, right in pairs:
        bins[min(9, int(probability * 10))].append((probability, right))
    print("bin  n     mean confidence  accuracy")
    ece = 0.0
    for i, members in enumerate(bins):
        if not members:
            continue
        confidence = sum(p for p, _ in members) / len(members)
        accuracy = sum(r for _, r in members) / len(members)
        ece += len(members) / len(pairs) * abs(confidence - accuracy)
        print(f"{i / 10:.1f}  {len(members):<5} {confidence:.3f}            {accuracy:.3f}")
    print(f"ECE {ece:.4f} over {len(pairs)} acronyms")


if __name__ == "__main__":
    main()
