"""`termlens expand` on running text, judged by the papers' own definitions.

A paper that defines a short form says what it means there. Hide that definition and ask the
dictionary instead: each defined short form's other uses (none whose context window reaches the
definition) are ranked as `expand` ranks an undefined short form — the bundled dictionary with
the SciREX pairs it mined left out, one meaning per document from the probabilities pooled over
the uses it ranks (`expand.ranked_uses`, `expand.document_meaning`) — and the answer is right
when it names the definition's sense (`termlens.acronyms.lexical.same_sense`). The definitions
are the product's own (rules and tagger), so this is silver gold: a wrong definition counts
against the dictionary. The sole-sense and several-senses models were fitted on these papers
among other data (their scripts report a 2-fold check over the papers), so their share here is
in-sample.

Reports how often the dictionary offers senses and the defined one among them, how often its
answer is right, the expected calibration error (10 bins) of the answer's probability, and
what `expand`'s default threshold shows and how much of it is right; then the same for the
short forms with one sense offered and with several. ``--out FILE`` writes one JSON line per
(paper, short form).

Run by hand: ``python bench/expand_vs_definitions.py`` (SciREX train, 175 papers, about a minute).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, dataclass
from pathlib import Path

from termlens.acronyms.disambiguate import Disambiguator
from termlens.acronyms.expand import (
    default_dictionary,
    dictionary_reading,
    document_meaning,
    ranked_uses,
)
from termlens.acronyms.lexical import near_duplicate_groups, near_duplicates, same_sense
from termlens.acronyms.rerank import REREAD_USES, default_context_check
from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.hidden_definitions import hidden_in_english_texts, scirex_papers
from termlens.benchmarks.metrics import expected_calibration_error

LEFT_OUT = frozenset({"mined-scirex"})  # the dictionary's pairs mined from these very papers
THRESHOLD = 0.3  # expand's default: below it, it abstains


@dataclass(frozen=True, slots=True)
class Judged:
    """One defined short form of one paper, expanded as if it were not defined."""

    paper: int
    short: str
    defined_as: str
    answer: str | None
    confidence: float
    senses: int  # senses the dictionary offered
    known: bool  # the defined sense was among them
    uses: int

    @property
    def right(self) -> bool:
        return self.answer is not None and same_sense(self.short, self.answer, self.defined_as)


def judge(texts: list[str], ranker: Disambiguator) -> list[Judged]:
    out = []
    for paper, hidden in hidden_in_english_texts(texts):
        # the uses expand ranks and re-reads
        contexts = [hidden.contexts[i] for i in ranked_uses(len(hidden.contexts))]
        reread = [i < REREAD_USES for i in range(len(contexts))]
        # as expand asks (RNAs: RNA)
        asked = dictionary_reading(hidden.short, ranker.dictionary, ranker.exclude_sources)
        explained = ranker.rank_many_explained([(asked, c) for c in contexts], reread)
        rankings = [ranking for ranking, _ in explained]
        meaning = document_meaning(ranker, explained)
        senses = list({c.sense.long for ranking in rankings for c, _ in ranking})
        answer, confidence = meaning[0] if meaning else (None, 0.0)
        known = any(near_duplicates(hidden.defined_as, long) for long in senses)
        out.append(
            Judged(
                paper,
                hidden.short,
                hidden.defined_as,
                answer,
                confidence,
                len(set(near_duplicate_groups(senses))),
                known,
                len(hidden.contexts),
            )
        )
    return out


def report(name: str, judged: list[Judged]) -> None:
    if not judged:
        print(f"{name:26s} n 0")
        return
    answered = [j for j in judged if j.answer is not None]
    ece = expected_calibration_error([(j.confidence, j.right) for j in answered])
    right = sum(j.right for j in judged)
    known = sum(j.known for j in judged)
    sure = [j for j in answered if j.confidence >= 0.9]
    shown = [j for j in answered if j.confidence >= THRESHOLD]
    print(
        f"{name:26s} n {len(judged):<5} with senses {len(answered) / len(judged):.3f} "
        f"defined sense among them {known / len(judged):.3f} right {right / len(judged):.3f} "
        f"confidence {sum(j.confidence for j in answered) / max(1, len(answered)):.3f} "
        f"ECE {ece:.3f} right at >=0.9 {sum(j.right for j in sure) / max(1, len(sure)):.3f} "
        f"({len(sure)}); shown at {THRESHOLD} {len(shown)}, "
        f"right {sum(j.right for j in shown) / max(1, len(shown)):.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=data_dir() / "scirex/train_docs.jsonl.gz")
    parser.add_argument("--out", type=Path, help="write one JSON line per judged short form")
    args = parser.parse_args()
    ranker = Disambiguator(
        default_dictionary(),
        exclude_sources=LEFT_OUT,
        language="en",
        check=default_context_check(),
    )
    judged = judge(list(scirex_papers(args.data)), ranker)
    report("all defined short forms", judged)
    report("  one sense offered", [j for j in judged if j.senses == 1])
    report("  several senses offered", [j for j in judged if j.senses > 1])
    report("  sense known", [j for j in judged if j.known])
    if args.out:
        with args.out.open("w", encoding="utf-8") as out:
            for j in judged:
                out.write(json.dumps({**asdict(j), "right": j.right}) + "\n")


if __name__ == "__main__":
    main()
