"""How much the second reading by sentence vectors should weigh, and which rankings it re-reads
(`acronyms.rerank`: WEIGHT for a long form whose sense has no stored contexts, PROFILED_WEIGHT
for one whose sense has, SEEN_WEIGHT for the fit with the mean of a sense's stored contexts,
UNSURE the first probability under which a ranking is re-read).

Seven English sets, each ranked once without the second reading, the cosines of each ranking's
first long forms and of its senses' stored windows with its context computed once, and every
setting applied to them with `ContextCheck.reweighted`, as the disambiguator would:
- the SDU@AAAI-22 English scientific and legal training files, acronyms never seen in training
  (`bench/sdu22_ad_unseen.py`'s protocol) and the held-out tenth (`bench sdu22-ad --held-out`);
- SciAD dev-open, 5-fold, its own dictionary (`bench sciad --folds 5`);
- GLADIS UAD with `uad_dict.json` (`bench gladis`), and GLADIS biomedical dev with its senses
  flat in the bundle (`bench/gladis_biomedical_flat.py`).
Prints macro F1 (GLADIS: averaged F1) per set and setting, the shipped setting marked.

Run by hand: ``python bench/context_check_weight.py`` (four to ten minutes, as busy as the
machine is).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from itertools import islice

from termlens.acronyms.disambiguate import Disambiguator
from termlens.acronyms.expand import DICTIONARY_FILE, default_dictionary
from termlens.acronyms.rerank import (
    PROFILED_WEIGHT,
    SEEN_WEIGHT,
    UNSURE,
    WEIGHT,
    ContextCheck,
    Fit,
    Ranking,
)
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir
from termlens.minilm import default_english_encoder
from termlens.resources import resource_path

WEIGHTS = (6.0, 8.0, 10.0)
PROFILED_WEIGHTS = (3.0, 4.0, 5.0)
SEEN_WEIGHTS = (0.0, 2.0, 4.0, 6.0, 8.0)
BOUNDS = (0.7, 0.8, 0.9)  # re-read below this first probability
Read = tuple[list[str], list[Ranking], list[Fit | None], list[frozenset[str]]]


def read(examples: Sequence[ad.Example], ranker: Disambiguator, check: ContextCheck) -> Read:
    """Gold labels, rankings without the second reading, the fits of the rankings it may
    re-read (None for the others) and the senses with stored contexts."""
    ranker.check = None
    golds, rankings, fits, stored = [], [], [], []
    items = iter(examples)
    while batch := list(islice(items, ad.BATCH)):
        ranked = ranker.rank_many([(e.short, e.context) for e in batch])
        rereadable = [
            i
            for i, (e, r) in enumerate(zip(batch, ranked, strict=True))
            if ranker.rereadable(e.context, r)
        ]
        found = check.fits(
            [(batch[i].short, batch[i].context, ranked[i]) for i in rereadable],
            [ranker.window_vectors(batch[i].short) for i in rereadable],
        )
        by_index = dict(zip(rereadable, found, strict=True))
        golds += [e.gold or "" for e in batch]
        rankings += ranked
        fits += [by_index.get(i) for i in range(len(batch))]
        stored += [frozenset(ranker.profiled(e.short)) for e in batch]
    return golds, rankings, fits, stored


def folded(
    examples: Sequence[ad.Example], folds: int, make: Callable[[list[ad.Example]], Disambiguator]
) -> Iterator[tuple[list[ad.Example], Disambiguator]]:
    """Each fold's examples (:func:`ad.fold_splits`) and a ranker built without them."""
    for training, held in ad.fold_splits(examples, folds):
        yield [examples[i] for i in held], make(training)


def sets(
    stack: ExitStack,
) -> Iterator[tuple[str, bool, list[tuple[list[ad.Example], Disambiguator]]]]:
    """(name, scored by GLADIS averaged F1, [(examples, ranker)]) for each set."""
    root, bundled, encoder = data_dir(), default_dictionary(), default_english_encoder()
    for folder in ("english/scientific", "english/legal"):
        yield f"{folder} never seen", False, [ad.sdu22_unseen(root / "sdu22-ad", folder, bundled)]
        diction = root / "sdu22-ad" / folder / "diction.json"
        training, tenth = ad.held_out(ad.load_sdu22(root / "sdu22-ad" / folder / "train.json"))
        yield (
            f"{folder} tenth",
            False,
            [(tenth, ad.sdu22_ranker(diction, "english", training, bundled))],
        )
    sciad = root / "sciad"

    def make(training: list[ad.Example]) -> Disambiguator:
        fold = ad.dictionary_for(sciad / "diction.json", "sdu", training, encoder)
        return Disambiguator(
            fold, (fold, bundled), exclude_sources=frozenset({ad.SCIAD_SOURCE}), complete=True
        )

    yield "SciAD 5-fold", False, list(folded(ad.load_sciad(sciad / "dev-open.json"), 5, make))
    uad = ad.dictionary_for(root / "gladis" / "dict" / "uad_dict.json", "gladis")
    yield "GLADIS UAD", True, [
        (ad.load_gladis(root / "gladis" / "eval" / "uad-open.json"),
         Disambiguator(uad, (uad, bundled), complete=True))
    ]  # fmt: skip
    biomedical = ad.load_gladis(root / "gladis" / "biomedical" / "dev.json")
    store = stack.enter_context(
        ad.flat_senses(resource_path(DICTIONARY_FILE), biomedical, "biomedical")
    )
    yield "GLADIS biomedical flat", True, [(biomedical, Disambiguator(store))]


def scored(reads: Sequence[Read], check: ContextCheck, averaged: bool) -> float:
    """The set's macro F1 (or averaged F1) with the check's setting."""
    golds, chosen = [], []
    for gold, rankings, fits, stored in reads:
        golds += gold
        for ranking, fit, keys in zip(rankings, fits, stored, strict=True):
            if fit is not None and check.wanted(ranking):
                ranking = check.reweighted(ranking, fit, keys)
            chosen.append(ranking[0][0].long if ranking else "")
    scores = ad.score(golds, chosen)
    return scores.averaged_f1 if averaged else scores.f1


def main() -> None:
    encoder = default_english_encoder()
    settings = [
        (w, p, s, u)
        for u in BOUNDS
        for w in WEIGHTS
        for p in PROFILED_WEIGHTS
        for s in SEEN_WEIGHTS
        if p <= w
    ]
    columns: list[tuple[str, list[float]]] = []
    with ExitStack() as stack:
        for name, averaged, parts in sets(stack):
            check = ContextCheck(encoder)
            reads = [read(examples, ranker, check) for examples, ranker in parts]
            alone = scored(reads, ContextCheck(encoder, 0.0, 0.0, 0.0, 0.0), averaged)
            values = [alone] + [
                scored(reads, ContextCheck(encoder, w, u, p, s), averaged)
                for w, p, s, u in settings
            ]
            columns.append((name, values))
            print(f"read {name}", flush=True)
    names = [name for name, _ in columns]
    print("setting (weight / profiled / seen / re-read under) | " + " | ".join(names))
    labels = ["ranker alone"] + [f"{w:g} / {p:g} / {s:g} / {u:g}" for w, p, s, u in settings]
    shipped = f"{WEIGHT:g} / {PROFILED_WEIGHT:g} / {SEEN_WEIGHT:g} / {UNSURE:g}"
    for row, label in enumerate(labels):
        mark = " (shipped)" if label == shipped else ""
        cells = " | ".join(f"{values[row]:.2f}" for _, values in columns)
        print(f"{label}{mark} | {cells}")


if __name__ == "__main__":
    main()
