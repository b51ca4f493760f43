"""Train the several-senses model: how likely the likeliest of a short form's known senses is its
meaning in a document.

Where the dictionary knows several senses, the softmax shares all the probability among them,
whether or not the meaning is one of them; on SciREX papers, with the senses the dictionary mined
from them left out, a fifth of the defined short forms with several senses have the right one
missing. The model is a logistic curve over the logit of the probability `expand` gives the
likeliest sense (pooled over the document's uses, as `expand.discourse_meaning` pools them) and
two things the first reading found for its best candidate, averaged over the uses: its utility
under the bundled weights and its profile cosine (:class:`Evidence`). Fitted, as the sole-sense
model is, on the short forms with several senses in the bundled dictionary once the data's own
entries are left out:
- GLADIS general dev and GLADIS biomedical train (gold labels; each example a document of one
  use);
- SciREX papers, each short form a paper defines judged against its definition on its other uses
  (`termlens.benchmarks.hidden_definitions`; silver labels), ranked and re-read as `expand` ranks
  them, the SciREX pairs the dictionary mined left out.
Each of the three sets carries the same total weight. GLADIS biomedical dev stays out for
evaluation (``bench/disambiguation_calibration.py``); the SciREX papers are also scored here by
2-fold cross-validation over papers.

Run: ``python scripts/train_several_senses.py`` (about ten minutes). It reads the bundled
dictionary, disambiguator weights and English tagger, so run it again after
``scripts/train_disambiguator.py`` and ``scripts/train_tagger.py --model en``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from train_sole_sense import (
    GLADIS,
    L2,
    SCIREX,
    bundle,
    fit_logistic,
    summary,
    two_fold_over_papers,
)

from termlens.acronyms.disambiguate import (
    SEVERAL_SENSES_FILE,
    Disambiguator,
    Evidence,
    SeveralSenses,
)
from termlens.acronyms.expand import (
    default_dictionary,
    dictionary_reading,
    discourse_meaning,
    ranked_uses,
)
from termlens.acronyms.lexical import same_sense
from termlens.acronyms.rerank import REREAD_USES, default_context_check
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.hidden_definitions import hidden_in_english_texts, scirex_papers
from termlens.resources import resource_dir


@dataclass(frozen=True, slots=True)
class Judged:
    """A short form with several senses in one document: the likeliest one's pooled
    probability, the uses' evidence, and whether it is right."""

    group: str  # the GLADIS example, or the SciREX paper and short form
    top: float
    evidence: tuple[Evidence, ...]
    right: bool


def judged(
    ranker: Disambiguator, documents: Sequence[tuple[str, str, list[str]]], gold: dict[str, str]
) -> list[Judged]:
    """The (group, short form, contexts of its uses) documents whose short form has several
    senses, ranked as `expand` ranks them (the first uses re-read); right when the likeliest
    sense is ``gold[group]`` (a long form)."""
    occurrences, reread = [], []
    for _, short, contexts in documents:
        asked = dictionary_reading(short, ranker.dictionary, ranker.exclude_sources)
        occurrences += [(asked, context) for context in contexts]
        reread += [i < REREAD_USES for i in range(len(contexts))]
    explained = iter(ranker.rank_many_explained(occurrences, reread))
    out = []
    for group, short, contexts in documents:
        uses = [next(explained) for _ in contexts]
        evidence = tuple(e for _, e in uses if e is not None)
        meaning = discourse_meaning([ranking for ranking, _ in uses])
        if evidence and meaning:
            (best, top) = meaning[0]
            out.append(Judged(group, top, evidence, same_sense(short, best, gold[group])))
    return out


def gladis_judged(path: Path, own_source: str) -> list[Judged]:
    examples = [e for e in ad.load_gladis(path) if e.gold]
    ranker = Disambiguator(  # complete: the probabilities before this model
        default_dictionary(),
        exclude_sources=frozenset({own_source}),
        complete=True,
        check=default_context_check(),
    )
    documents = [(f"{i}", e.short, [e.context]) for i, e in enumerate(examples)]
    return judged(ranker, documents, {f"{i}": e.gold or "" for i, e in enumerate(examples)})


def scirex_judged(path: Path) -> list[Judged]:
    ranker = Disambiguator(
        default_dictionary(),
        exclude_sources=frozenset({"mined-scirex"}),
        language="en",
        complete=True,
        check=default_context_check(),
    )
    documents, defined = [], {}
    for paper, hidden in hidden_in_english_texts(list(scirex_papers(path))):
        group = f"{paper}\t{hidden.short}"
        defined[group] = hidden.defined_as
        uses = [hidden.contexts[i] for i in ranked_uses(len(hidden.contexts))]  # as expand
        documents.append((group, hidden.short, uses))
    return judged(ranker, documents, defined)


def features(j: Judged) -> list[float]:
    return list(SeveralSenses.inputs(j.top, j.evidence))


def fit(sets: Sequence[Sequence[Judged]], l2: float = L2) -> SeveralSenses:
    """Logistic regression of rightness on the three features; every set weighs the same."""
    rows, labels, weights = [], [], []
    for documents in sets:
        for j in documents:
            rows.append(features(j))
            labels.append(float(j.right))
            weights.append(1.0 / len(documents))
    bias, slopes = fit_logistic(rows, labels, weights, l2)
    return SeveralSenses(bias, *slopes)


def scored(model: SeveralSenses | None, documents: Sequence[Judged]) -> list[tuple[float, bool]]:
    """(probability, right) per document; without a model, the pooled softmax's."""
    return [(model.probability(j.top, j.evidence) if model else j.top, j.right) for j in documents]


def shown(pairs: Sequence[tuple[float, bool]]) -> str:
    """How many answers each threshold shows, and how many of them are right."""
    return ", ".join(
        f"at {t}: {sum(p >= t for p, _ in pairs)} ({sum(r for p, r in pairs if p >= t)} right)"
        for t in (0.5, 0.7, 0.9)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=data_dir())
    parser.add_argument("--out", type=Path, default=resource_dir() / SEVERAL_SENSES_FILE)
    args = parser.parse_args()
    gladis = [gladis_judged(args.data / name, source) for name, source in GLADIS.items()]
    scirex = scirex_judged(args.data / SCIREX)
    for name, documents in [*zip(GLADIS, gladis, strict=True), (SCIREX, scirex)]:
        right = sum(j.right for j in documents)
        print(f"{name}: {len(documents)} documents with several senses, {right} right")
    held_out = two_fold_over_papers(gladis, scirex, fit, scored)
    alone = scored(None, scirex)
    print(f"SciREX, pooled softmax alone: {summary(alone)}\n  {shown(alone)}")
    print(f"SciREX, 2-fold over papers:   {summary(held_out)}\n  {shown(held_out)}")
    model = fit([*gladis, scirex])
    print(
        f"model: bias {model.bias:.4f}, top {model.top:.4f}, utility {model.utility:.4f}, "
        f"cosine {model.cosine:.4f}"
    )
    script = "scripts/train_several_senses.py"
    bundle(model, args.out, "acronym-several-senses", "logistic-top-utility-cosine", script)


if __name__ == "__main__":
    main()
