"""How much the second reading by sentence vectors should weigh (`acronyms.rerank.WEIGHT`).

And below which first-candidate probability a ranking is re-read (`rerank.UNSURE`: the
largest saving that costs nothing here). Chosen on the SDU@AAAI-22 English training files
with the never-seen protocol of
`bench/sdu22_ad_unseen.py` (the official test sets' situation: acronyms never met in training),
not on the GLADIS evaluation sets. Prints macro F1 and accuracy per weight; 0 is the ranker
alone.

Run by hand: ``python bench/context_check_weight.py`` (a few minutes).
"""

from __future__ import annotations

from termlens.acronyms.expand import default_dictionary
from termlens.acronyms.rerank import WEIGHT, ContextCheck
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir
from termlens.minilm import default_english_encoder

WEIGHTS = (0.0, 2.0, 5.0, 10.0, 20.0)
UNSURE = (1.01, 0.9, 0.8, 0.7, 0.6, 0.5)  # re-read below this first probability (1.01: all)


def main() -> None:
    bundled, encoder = default_dictionary(), default_english_encoder()
    print("set                   " + "  ".join(f"weight {w:<4g} F1 / acc" for w in WEIGHTS))
    for folder in ("english/scientific", "english/legal"):
        held, ranker = ad.sdu22_unseen(data_dir() / "sdu22-ad", folder, bundled)
        cells = []
        for weight in WEIGHTS:
            ranker.check = ContextCheck(encoder, weight, unsure=1.01)
            scores = ad.score([e.gold or "" for e in held], ad.predict(held, ranker))
            cells.append(f"{scores.f1:17.2f} / {scores.accuracy:5.2f}")
        print(f"{folder:20s}" + "  ".join(cells))
        gates = []
        for unsure in UNSURE:
            ranker.check = ContextCheck(encoder, WEIGHT, unsure)
            scores = ad.score([e.gold or "" for e in held], ad.predict(held, ranker))
            gates.append(f"below {unsure:g}: {scores.f1:.2f} / {scores.accuracy:.2f}")
        print(f"  weight {WEIGHT:g}, re-read " + "  ".join(gates))


if __name__ == "__main__":
    main()
