"""Concept clustering speed: 1,000 mentions in one topic, termlens beside the Levenshtein baseline.

Input: the open SciCo-format proxy's paragraphs and mentions, all topics joined into one topic
and repeated until it holds 1,000 mentions (so every mention has many look-alikes; each copy's
sentences are made distinct, so the encoder embeds all of them). The
sentence encoder and the dictionary are loaded before the clock starts. Prints the time and the
process's peak memory; run once per size (``--mentions 10000`` for a large topic).

Run by hand: ``python bench/concepts_speed.py [--mentions 1000]``.
"""

from __future__ import annotations

import argparse
import resource
import time

from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import cdist

from termlens.benchmarks.data_dir import data_dir
from termlens.concepts.cluster import agglomerate, predict
from termlens.concepts.relate import default_model, pair_features
from termlens.concepts.scico import Mention, Topic, read_topics

DATA = data_dir()


def big_topic(size: int) -> Topic:
    topics = read_topics(DATA / "scico-proxy" / "all.jsonl")
    tokens: list[list[str]] = []
    mentions: list[Mention] = []
    copy = 0
    while len(mentions) < size:
        copy += 1
        for topic in topics:
            offset = len(tokens)
            tokens += topic.tokens
            for m in topic.mentions:
                if len(mentions) < size:
                    context = f"{m.context} ({copy})"  # distinct sentences: no encoder cache hits
                    mentions.append(Mention(m.paragraph + offset, m.start, m.end, m.text, context))
    return Topic("bench", tokens, mentions, [0] * len(mentions), [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mentions", type=int, default=1000)
    args = parser.parse_args()
    topic = big_topic(args.mentions)
    model = default_model()
    pair_features(topic.mentions[:5])  # load the encoder and the dictionary
    start = time.perf_counter()
    result = predict(topic, model)
    ours = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6  # kB → GB
    texts = [m.text.lower() for m in topic.mentions]
    start = time.perf_counter()
    agglomerate(cdist(texts, texts, scorer=Levenshtein.normalized_similarity), 0.6)
    baseline = time.perf_counter() - start
    print(
        f"{len(topic.mentions)} mentions: termlens {ours:.2f} s, peak memory {peak:.2f} GB → "
        f"{len(set(result.clusters))} clusters, {len(result.relations)} links; Levenshtein "
        f"baseline {baseline:.2f} s ({ours / baseline:.1f}x)"
    )


if __name__ == "__main__":
    main()
