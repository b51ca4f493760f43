"""GLADIS general dev with the bundled dictionary's candidates, its own entries left out.

The situation of `termlens expand` on general English (Wikipedia sentences): no candidate list
is given, and the bundle holds the dev set's labels, which would answer for themselves, so
their source (``gladis-general-dev``) is left out of both the candidates and the contexts. The
rest of the bundle is mostly scientific and biomedical; this measures how much of general
English it still covers (*USA*, *NATO*, *FBI*). Prints the GLADIS measures, how many acronyms
got an answer, and how many answers name the gold sense in another spelling
(:func:`termlens.acronyms.lexical.near_duplicates`).

Run by hand: ``python bench/gladis_general_bundled.py`` (about two minutes).
"""

from __future__ import annotations

from termlens.acronyms.disambiguate import Disambiguator
from termlens.acronyms.expand import default_dictionary
from termlens.acronyms.lexical import near_duplicates
from termlens.acronyms.rerank import default_context_check
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir


def main() -> None:
    examples = ad.load_gladis(data_dir() / "gladis" / "general" / "dev.json")
    ranker = Disambiguator(
        default_dictionary(),
        exclude_sources=frozenset({ad.GLADIS_GENERAL_SOURCE}),
        check=default_context_check(),
    )
    chosen = ad.predict(examples, ranker)
    scores = ad.score([e.gold or "" for e in examples], chosen)
    answered = [(e, c) for e, c in zip(examples, chosen, strict=True) if c and e.gold]
    by_sense = sum(near_duplicates(c, e.gold or "") for e, c in answered)
    print(f"{len(examples)} examples of {len({e.short for e in examples})} short forms")
    print(f"accuracy {scores.accuracy:.2f}  averaged F1 {scores.averaged_f1:.2f}  "
          f"macro P {scores.precision:.2f}  R {scores.recall:.2f}  F1 {scores.f1:.2f}")  # fmt: skip
    share = 100 * by_sense / len(examples)
    print(f"answered {len(answered)}, right by sense {by_sense} ({share:.2f} %)")


if __name__ == "__main__":
    main()
