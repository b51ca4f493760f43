"""SciCo: score predicted topics (clusters and hierarchy) against gold topics."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from termlens.benchmarks.coref import Counts, HierarchyCounts, conll_f1, coreference, hierarchy
from termlens.concepts.scico import Topic
from termlens.errors import InputError

SIGNATURE = "scico|coref:muc,b3,ceafe,lea,conll (non-singleton, micro)|hierarchy:closure,50%,path"


@dataclass(frozen=True, slots=True)
class SciCoScore:
    coreference: dict[str, Counts]
    hierarchy: HierarchyCounts
    # whether some gold topic annotates relations: without any (CD²CR), the hierarchy is unscored
    gold_relations: bool

    @property
    def conll(self) -> float:
        return conll_f1(self.coreference)


def score(
    gold: Sequence[Topic], predicted: Sequence[Topic], all_hierarchies: bool = False
) -> SciCoScore:
    """All metrics; hierarchy only over topics whose gold annotates relations, unless
    ``all_hierarchies`` (then links predicted in a topic without gold relations are wrong)."""
    by_id = {t.id: t for t in predicted}
    missing = [t.id for t in gold if t.id not in by_id]
    if missing:
        raise InputError(f"no prediction for topic(s) {', '.join(missing[:5])}")
    pairs = []
    links = HierarchyCounts()
    for topic in gold:
        guess = by_id[topic.id]
        if len(guess.clusters) != len(topic.clusters):
            raise InputError(f"topic {topic.id}: predicted mentions differ from the gold ones")
        pairs.append((topic.clusters, guess.clusters))
        if topic.relations or all_hierarchies:
            links = links + hierarchy(
                topic.clusters, topic.relations, guess.clusters, guess.relations
            )
    return SciCoScore(coreference(pairs), links, any(topic.relations for topic in gold))
