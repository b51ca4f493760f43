"""Train the disambiguator's feature weights (a conditional logit) on open data; write JSON.

Features for every example come from a dictionary built *without* the example's fold (5-fold
cross-fitting) and the bundled dictionary without the example's own data set, so the weights
learn how much out-of-sample profile evidence is worth. The SDU@AAAI-22 files are used twice:
folded by example, and folded by short form, so that the weights also learn to rank the senses
of short forms they have no contexts for (the official dev and test acronyms are not in the
training files). Data: SciAD dev-open, the four SDU@AAAI-22 disambiguation training files
(without their held-out tenth) and the GLADIS biomedical training set, each with its own
dictionary; SciAD, GLADIS general dev and GLADIS biomedical train again with the bundled
dictionary's candidates (the situation of ``termlens expand``); and GLADIS biomedical train a
third time with its senses added to the bundled dictionary as flat entries (count 1, no
contexts), folded by short form: how GLADIS's UMLS dictionary sits in the bundle for the test
acronyms, whose senses compete with the popular general senses of other sources.
Run: ``python scripts/train_disambiguator.py`` (about fifteen minutes on a quiet machine). With
``--groups FILE.npz`` the extracted features are kept in that file and read back on the next run
(seconds), as long as the feature names and the bundled dictionary are the same (training sets
missing from it are extracted and added); delete the file after changing how a feature is
computed.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from functools import cache, partial
from pathlib import Path

import numpy as np

from termlens import __version__
from termlens.acronyms.dictionary import AcronymDictionary
from termlens.acronyms.disambiguate import FEATURES, WEIGHTS_FILE, Disambiguator, Weights
from termlens.acronyms.expand import DICTIONARY_FILE, default_dictionary
from termlens.adam import adam
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir
from termlens.embeddings import default_encoder
from termlens.resources import manifest, record, resource_dir, resource_path

FOLDS = 5
UNFITTED = Weights((0.0,) * len(FEATURES))
# L2 penalty of the fit. Weaker penalties help the GLADIS sets the weights never see but cost
# the SDU@AAAI-22 legal tenth its regression floor (docs/benchmarks-log.md, ninth session)
L2 = 1e-3
Groups = dict[str, list[tuple[np.ndarray, int]]]  # training set → (candidate rows, gold index)
SDU = ad.SDU22_FOLDERS


def feature_groups(
    examples: Sequence[ad.Example],
    candidates: Path | None,
    format: str | None,
    own_source: str,
    bundled_candidates: AcronymDictionary | None = None,
    unseen: bool = False,
    vectors: np.ndarray | None = None,
) -> list[tuple[np.ndarray, int]]:
    """(feature matrix, index of the gold candidate) per example whose gold is a candidate.
    With ``bundled_candidates`` (the bundled dictionary, or a copy with more entries), the
    candidates are its senses (every domain, as ``termlens expand`` sees them) instead of the
    data set's own dictionary, and its contexts are used besides the training folds'. With
    ``unseen``, the folds split the short forms instead of the examples, so every example's
    short form is one the other folds never show (as in the SDU@AAAI-22 dev and test sets).
    ``vectors``: the contexts' embeddings, when already computed."""
    groups = []
    if vectors is None:
        vectors = contexts_embedded(examples)
    folds = [
        ad.short_form_fold(e.short, FOLDS) if unseen else i % FOLDS for i, e in enumerate(examples)
    ]
    for fold in range(FOLDS):
        training = [e for e, f in zip(examples, folds, strict=True) if f != fold]
        held = [i for i, f in enumerate(folds) if f == fold]
        dictionary = ad.dictionary_for(candidates, format, training)  # type: ignore[arg-type]
        if bundled_candidates is None:
            ranked, store = dictionary, default_dictionary()
        else:
            ranked = store = bundled_candidates
        disambiguator = Disambiguator(
            ranked,
            (dictionary, store),
            weights=UNFITTED,  # features only: they do not depend on the bundled weights
            exclude_sources=frozenset({own_source}),
        )
        for i in held:
            example = examples[i]
            found, rows = disambiguator.features(example.short, example.context, vectors[i])
            gold = [j for j, c in enumerate(found) if c.long == example.gold]
            if len(found) > 1 and gold:
                groups.append((np.array(rows, dtype=float), gold[0]))
    return groups


def contexts_embedded(examples: Sequence[ad.Example]) -> np.ndarray:
    return default_encoder().encode([e.context for e in examples])


def fit(groups: list[tuple[np.ndarray, int]], l2: float, steps: int) -> np.ndarray:
    """Maximum-likelihood conditional logit weights by full-batch gradient descent (Adam)."""
    x = np.vstack([rows for rows, _ in groups])
    starts = np.cumsum([0] + [len(rows) for rows, _ in groups[:-1]])
    sizes = np.array([len(rows) for rows, _ in groups])
    group_of = np.repeat(np.arange(len(groups)), sizes)
    gold_rows = starts + np.array([gold for _, gold in groups])
    w = np.zeros(x.shape[1])

    def gradients(step: int) -> list[np.ndarray]:
        s = x @ w
        s -= np.maximum.reduceat(s, starts)[group_of]
        e = np.exp(s)
        p = e / np.add.reduceat(e, starts)[group_of]
        if step % 100 == 0:
            print(f"step {step}: loss {-np.log(p[gold_rows] + 1e-12).mean():.4f}")
        return [(p @ x - x[gold_rows].sum(axis=0)) / len(groups) + l2 * w]

    adam([w], gradients, steps, rate=0.05)
    return w


def accuracy(groups: list[tuple[np.ndarray, int]], w: np.ndarray) -> float:
    return float(np.mean([int(np.argmax(x @ w) == gold) for x, gold in groups]))


def cache_stamp() -> str:
    """What cached features depend on besides the code: the feature names, the bundled
    dictionary."""
    return json.dumps([list(FEATURES), manifest()[DICTIONARY_FILE]["sha256"]])


def save_groups(path: Path, groups: Groups) -> None:
    """Feature groups as plain arrays (no pickle): per part, the stacked rows, group sizes and
    gold indices."""
    arrays: dict[str, np.ndarray] = {"stamp": np.array(cache_stamp())}
    arrays["names"] = np.array(json.dumps(list(groups)))
    for i, part in enumerate(groups.values()):
        arrays[f"rows{i}"] = np.vstack([rows for rows, _ in part])
        arrays[f"sizes{i}"] = np.array([len(rows) for rows, _ in part])
        arrays[f"golds{i}"] = np.array([gold for _, gold in part])
    with path.open("wb") as out:
        np.savez_compressed(out, **arrays)


def load_groups(path: Path) -> Groups | None:
    """The cached groups, or None when the file is missing or was made for other features or
    another dictionary."""
    if not path.is_file():
        return None
    with np.load(path, allow_pickle=False) as data:
        if "stamp" not in data.files or str(data["stamp"]) != cache_stamp():
            print(f"{path}: made for other features or another dictionary; extracting again")
            return None
        groups: Groups = {}
        for i, name in enumerate(json.loads(str(data["names"]))):
            rows = np.split(data[f"rows{i}"], np.cumsum(data[f"sizes{i}"])[:-1])
            groups[name] = list(zip(rows, (int(g) for g in data[f"golds{i}"]), strict=True))
    return groups


def flat_groups(examples: Sequence[ad.Example]) -> list[tuple[np.ndarray, int]]:
    """Groups of the examples ranked among the bundled senses and their own added flat, folded
    by short form (see the module docstring)."""
    with ad.flat_senses(resource_path(DICTIONARY_FILE), examples, "biomedical") as store:
        return feature_groups(examples, None, None, ad.GLADIS_BIOMEDICAL_SOURCE, store, unseen=True)


def extractors(data: Path) -> dict[str, Callable[[], list[tuple[np.ndarray, int]]]]:
    """How to extract the cross-fitted feature groups of each training set (ten minutes in
    all)."""
    sciad = cache(partial(ad.load_sciad, data / "sciad/dev-open.json"))
    biomedical = cache(partial(ad.load_gladis, data / "gladis/biomedical/train.json"))
    out: dict[str, Callable[[], list[tuple[np.ndarray, int]]]] = {
        "sciad": lambda: feature_groups(
            sciad(), data / "sciad/diction.json", "sdu", ad.SCIAD_SOURCE
        )
    }
    for name in SDU:
        out[name] = partial(_sdu_groups, data, name, unseen=False)
        out[f"{name}, unseen short forms"] = partial(_sdu_groups, data, name, unseen=True)
    out["gladis-biomedical"] = lambda: feature_groups(
        biomedical(), None, None, ad.GLADIS_BIOMEDICAL_SOURCE
    )
    bundled = default_dictionary()
    out["sciad, bundled candidates"] = lambda: feature_groups(
        sciad(), None, None, ad.SCIAD_SOURCE, bundled
    )
    out["gladis-general, bundled candidates"] = lambda: feature_groups(
        ad.load_gladis(data / "gladis/general/dev.json"), None, None, ad.GLADIS_GENERAL_SOURCE,
        bundled,
    )  # fmt: skip
    out["gladis-biomedical, bundled candidates"] = lambda: feature_groups(
        biomedical(), None, None, ad.GLADIS_BIOMEDICAL_SOURCE, bundled
    )
    out["gladis-biomedical, flat senses in the bundle"] = lambda: flat_groups(biomedical())
    return out


def _sdu_groups(data: Path, name: str, unseen: bool) -> list[tuple[np.ndarray, int]]:
    training, vectors = _sdu_training(data, name)
    diction = data / f"sdu22-ad/{name}/diction.json"
    return feature_groups(
        training, diction, "sdu", ad.sdu22_source(name), unseen=unseen, vectors=vectors
    )


@cache
def _sdu_training(data: Path, name: str) -> tuple[list[ad.Example], np.ndarray]:
    """An SDU@AAAI-22 file without its held-out tenth, and its contexts embedded (once for
    both foldings)."""
    training, _ = ad.held_out(ad.load_sdu22(data / f"sdu22-ad/{name}/train.json"))
    return training, contexts_embedded(training)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=data_dir())
    parser.add_argument("--out", type=Path, default=resource_dir() / WEIGHTS_FILE)
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--l2", type=float, default=L2)
    parser.add_argument("--groups", type=Path, help="Keep the extracted features in this .npz.")
    args = parser.parse_args()
    groups = (load_groups(args.groups) if args.groups else None) or {}
    missing = {n: make for n, make in extractors(args.data).items() if n not in groups}
    for name, make in missing.items():
        print(f"extracting {name}", flush=True)
        groups[name] = make()
    if args.groups and missing:
        save_groups(args.groups, groups)
    everything = [g for part in groups.values() for g in part]
    print(f"{len(everything)} training groups")
    w = fit(everything, l2=args.l2, steps=args.steps)
    for name, part in groups.items():
        print(f"{name}: cross-fitted accuracy {accuracy(part, w):.4f} ({len(part)} ambiguous)")
    Weights(tuple(float(x) for x in w)).save(
        args.out,
        {
            "trained_on": [
                "sciad/dev-open.json",
                *[f"sdu22-ad/{n}/train.json (9/10)" for n in SDU],
                "gladis/biomedical/train.json",
                "gladis/biomedical/train.json (its senses flat in the bundled dictionary)",
                "gladis/general/dev.json (bundled dictionary's candidates)",
            ],
            "built_by": "scripts/train_disambiguator.py",
        },
    )
    record(
        args.out,
        id="acronym-disambiguator",
        version=f"{__version__}+conditional-logit-{len(w)}-features",
        source_data=[
            "SciAD dev-open",
            *[f"SDU@AAAI-22 AD {n} train, 9/10" for n in SDU],
            "GLADIS biomedical train",
            "GLADIS general dev",
            "the bundled acronym dictionary's contexts",
        ],
        licence="CC BY-NC-SA 4.0 (derived from the SDU@AAAI-21/22 data); GLADIS CC0",
        built_by="scripts/train_disambiguator.py",
    )
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
