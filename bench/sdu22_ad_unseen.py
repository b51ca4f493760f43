"""SDU@AAAI-22 disambiguation on short forms never seen in training (the official dev and test
sets' situation: their acronyms are in `diction.json` but not in the training file).

Each training file's short forms are split by a hash (`disambiguation.sdu22_unseen`);
the ranker learns counts and contexts from the other short forms' examples and uses the bundled
dictionary without that language's SDU@AAAI-22 training entries. Prints the official macro
P/R/F1 and accuracy, and the accuracy counted by sense (a variant spelling of the gold counts).

Run by hand: ``python bench/sdu22_ad_unseen.py``.
"""

from __future__ import annotations

from termlens.acronyms.expand import default_dictionary
from termlens.acronyms.lexical import variant_key
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir

DATA = data_dir() / "sdu22-ad"


def main() -> None:
    bundled = default_dictionary()
    print("set                  n     macro P  macro R  macro F1  accuracy  by sense")
    for folder in ad.SDU22_FOLDERS:
        held, ranker = ad.sdu22_unseen(DATA, folder, bundled)
        chosen = ad.predict(held, ranker)
        scores = ad.score([e.gold or "" for e in held], chosen)
        senses = sum(
            variant_key(e.gold or "") == variant_key(p) for e, p in zip(held, chosen, strict=True)
        )
        print(
            f"{folder:20s} {scores.n:<5} {scores.precision:7.2f}  {scores.recall:7.2f}  "
            f"{scores.f1:8.2f}  {scores.accuracy:8.2f}  {100 * senses / len(held):8.2f}"
        )


if __name__ == "__main__":
    main()
