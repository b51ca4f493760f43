"""Train the sole-sense model: how likely a short form's only known sense is its meaning.

With one sense in the dictionary, the conditional logit gives it probability 1 whatever the
context says, yet the dictionary often does not know the meaning at all (*MMC* is *mitomycin C*
to it, and *mixed Monte-Carlo return* in a reinforcement-learning paper). The model is a
logistic curve over the sense's utility under the bundled weights and a flag for senses WordNet
alone gives (no contexts, counted once, so their utility is low, but in general text they are
nearly always right), fitted on the uses of short forms with one sense in the bundled
dictionary once the data's own entries are left out:
- GLADIS general dev and GLADIS biomedical train (gold labels);
- SciREX papers, each short form a paper defines judged against its definition on its other
  uses (`termlens.benchmarks.hidden_definitions`; silver labels), the SciREX pairs the
  dictionary mined left out. Each paper's short form counts once, however many uses it has.
Each of the three sets carries the same total weight. GLADIS biomedical dev stays out for
evaluation (``bench/disambiguation_calibration.py``); the SciREX papers are also scored here
by 2-fold cross-validation over papers.

Run: ``python scripts/train_sole_sense.py`` (about five minutes). It reads the bundled
disambiguator weights and finds SciREX's short forms with the bundled English tagger, so run it
again after ``scripts/train_disambiguator.py`` and ``scripts/train_tagger.py --model en``.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar

import numpy as np

from termlens import __version__
from termlens.acronyms.disambiguate import (
    SOLE_SENSE_FILE,
    Disambiguator,
    SeveralSenses,
    SoleSense,
    one_sense,
    only_from_wordnet,
)
from termlens.acronyms.expand import default_dictionary
from termlens.acronyms.lexical import same_sense
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.hidden_definitions import hidden_in_english_texts, scirex_papers
from termlens.benchmarks.metrics import expected_calibration_error
from termlens.resources import record, resource_dir

GLADIS = {  # file → its source in the bundled dictionary
    "gladis/general/dev.json": "gladis-general-dev",
    "gladis/biomedical/train.json": "gladis-biomedical-train",
}
SCIREX = "scirex/train_docs.jsonl.gz"
L2 = 1e-2


@dataclass(frozen=True, slots=True)
class Use:
    """One use of a short form with one known sense: its utility, and whether it is right."""

    group: str  # the GLADIS example, or the SciREX paper and short form
    score: float
    wordnet_only: bool  # WordNet is the sense's only source
    right: bool


def one_sense_uses(
    ranker: Disambiguator, occurrences: Sequence[tuple[str, str, str]], right: dict[str, str]
) -> list[Use]:
    """The (group, short form, context) occurrences whose short form has one sense, with its
    utility; right when it is ``right[group]`` (a long form)."""
    vectors = ranker.encoder.encode([context for _, _, context in occurrences])
    uses = []
    for (group, short, context), vector in zip(occurrences, vectors, strict=True):
        found, rows = ranker.features(short, context, vector)
        if not found or not one_sense(found):
            continue
        scores = np.array(ranker.weights.utilities(rows))
        best = found[int(scores.argmax())]
        right_here = same_sense(short, best.long, right[group])
        uses.append(Use(group, float(scores.max()), only_from_wordnet(best.sense), right_here))
    return uses


def gladis_uses(path: Path, own_source: str) -> list[Use]:
    examples = ad.load_gladis(path)
    ranker = Disambiguator(  # complete: only the utilities are wanted here
        default_dictionary(), exclude_sources=frozenset({own_source}), complete=True
    )
    occurrences = [(f"{i}", e.short, e.context) for i, e in enumerate(examples)]
    gold = {f"{i}": e.gold or "" for i, e in enumerate(examples)}
    return [u for u in one_sense_uses(ranker, occurrences, gold) if gold[u.group]]


def scirex_uses(path: Path) -> list[Use]:
    texts = list(scirex_papers(path))
    ranker = Disambiguator(
        default_dictionary(),
        exclude_sources=frozenset({"mined-scirex"}),
        language="en",
        complete=True,
    )
    occurrences, defined = [], {}
    for paper, hidden in hidden_in_english_texts(texts):
        group = f"{paper}\t{hidden.short}"
        defined[group] = hidden.defined_as
        occurrences += [(group, hidden.short, context) for context in hidden.contexts]
    return one_sense_uses(ranker, occurrences, defined)


def fit(sets: Sequence[Sequence[Use]], l2: float = L2, steps: int = 3000) -> SoleSense:
    """Logistic regression of rightness on the utility and the WordNet-only flag; every set
    weighs the same, and within a set every group."""
    rows, labels, weights = [], [], []
    for uses in sets:
        per_group = Counter(u.group for u in uses)
        groups = len(per_group)
        for u in uses:
            rows.append((u.score, float(u.wordnet_only)))
            labels.append(float(u.right))
            weights.append(1.0 / (groups * per_group[u.group]))
    bias, slopes = fit_logistic(rows, labels, weights, l2, steps)
    return SoleSense(bias, *slopes)


def fit_logistic(
    rows: Sequence[Sequence[float]],
    labels: Sequence[float],
    weights: Sequence[float],
    l2: float = L2,
    steps: int = 3000,
) -> tuple[float, list[float]]:
    """Weighted logistic regression by gradient descent on standardised features, the slopes
    (not the bias) under an L2 penalty: the bias and the slopes on the raw features."""
    x, y, w = np.array(rows), np.array(labels), np.array(weights)
    w /= w.mean()
    mean, spread = x.mean(axis=0), x.std(axis=0) + 1e-9
    z = np.column_stack([np.ones(len(x)), (x - mean) / spread])
    theta = np.zeros(z.shape[1])
    for _ in range(steps):
        error = w * (1.0 / (1.0 + np.exp(-(z @ theta))) - y)
        theta -= 0.5 * (z.T @ error / len(y) + l2 * np.array([0.0, *theta[1:]]))
    slopes = theta[1:] / spread
    return float(theta[0] - slopes @ mean), [float(v) for v in slopes]


def by_group(model: SoleSense | None, uses: Sequence[Use]) -> list[tuple[float, bool]]:
    """(probability averaged over the group's uses, as `expand` pools them; right) per group;
    without a model, the softmax's 1."""
    pooled: dict[str, list[float]] = {}
    right: dict[str, bool] = {}
    for u in uses:
        probability = model.probability(u.score, u.wordnet_only) if model else 1.0
        pooled.setdefault(u.group, []).append(probability)
        right[u.group] = u.right
    return [(sum(p) / len(p), right[g]) for g, p in pooled.items()]


def summary(pairs: Sequence[tuple[float, bool]]) -> str:
    """Mean confidence, accuracy, expected calibration error (10 bins), log loss, and what a
    0.3 threshold keeps."""
    ece = expected_calibration_error(pairs)
    loss = -sum(np.log(max(p if r else 1.0 - p, 1e-6)) for p, r in pairs) / len(pairs)
    kept = [r for p, r in pairs if p >= 0.3]
    return (
        f"n {len(pairs)} confidence {sum(p for p, _ in pairs) / len(pairs):.3f} "
        f"right {sum(r for _, r in pairs) / len(pairs):.3f} ECE {ece:.3f} "
        f"log loss {loss:.3f}; at 0.3 kept {len(kept)} ({sum(kept)} right)"
    )


class _Grouped(Protocol):
    @property
    def group(self) -> str:  # the GLADIS example, or the SciREX paper and short form
        ...


Item = TypeVar("Item", bound=_Grouped)
Model = TypeVar("Model")


def two_fold_over_papers(
    fixed: Sequence[Sequence[Item]],
    scirex: Sequence[Item],
    fit: Callable[[list[Sequence[Item]]], Model],
    score: Callable[[Model, Sequence[Item]], list[tuple[float, bool]]],
) -> list[tuple[float, bool]]:
    """Each half of the SciREX items (split by paper: odd and even) scored by a model fitted on
    the ``fixed`` sets and the other half."""
    halves = [[x for x in scirex if int(x.group.split("\t")[0]) % 2 == h] for h in (0, 1)]
    held_out = []
    for h in (0, 1):
        held_out += score(fit([*fixed, halves[1 - h]]), halves[h])
    return held_out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=data_dir())
    parser.add_argument("--out", type=Path, default=resource_dir() / SOLE_SENSE_FILE)
    args = parser.parse_args()
    gladis = [gladis_uses(args.data / name, source) for name, source in GLADIS.items()]
    scirex = scirex_uses(args.data / SCIREX)
    for name, uses in [*zip(GLADIS, gladis, strict=True), (SCIREX, scirex)]:
        print(f"{name}: {len(uses)} uses with one sense, {len({u.group for u in uses})} groups")
    held_out = two_fold_over_papers(gladis, scirex, fit, by_group)
    print(f"SciREX, softmax alone:               {summary(by_group(None, scirex))}")
    print(f"SciREX, 2-fold over papers:          {summary(held_out)}")
    model = fit([*gladis, scirex])
    terms = f"bias {model.bias:.4f}, slope {model.slope:.4f}"
    print(f"model: {terms}, WordNet only {model.wordnet_only:.4f}")
    bundle(model, args.out, "acronym-sole-sense", "logistic-utility", "scripts/train_sole_sense.py")


def bundle(model: SoleSense | SeveralSenses, out: Path, name: str, kind: str, script: str) -> None:
    """Write a confidence model fitted on these sets and record it in the manifest as ``name``."""
    model.save(out, {"trained_on": [*GLADIS, f"{SCIREX} (definitions hidden)"], "built_by": script})
    record(
        out,
        id=name,
        version=f"{__version__}+{kind}",
        source_data=["GLADIS general dev", "GLADIS biomedical train", "SciREX train papers"],
        licence="GLADIS CC0; SciREX Apache-2.0; utilities from the bundled dictionary and weights",
        built_by=script,
    )
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
