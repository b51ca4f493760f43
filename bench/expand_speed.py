"""`termlens expand` on whole papers: seconds, and the uses of undefined short forms it ranks.

One sense per discourse: `expand` gives all uses of a short form in a document one meaning, from
the rankings of at most `expand.RANKED_USES` of them spread over the document. The peer, run
the same way in the same run, ranks every use (as `expand` did before the forty-seventh
session). Inputs: the first N SciREX training papers, read as a corpus (one document each) and
as one long document (the papers joined, as a book or a thesis is). Each timing runs in a
fresh process whose encoders, dictionary and rankers are loaded on another text first, so
neither variant finds the other's vectors in a cache.

Run by hand: ``python bench/expand_speed.py [--papers 20]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections import Counter

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one process on one core, as measured
os.environ.setdefault("OMP_NUM_THREADS", "1")

from termlens.acronyms import expand as ex
from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.hidden_definitions import scirex_papers

WARM_UP = "We train a CNN and an LSTM on the images; the SVM baseline and the NLP tools are older."
EVERY_USE = sys.maxsize


# document, short form, source, meaning
Answer = tuple[int, str, str, str | None]


def run(texts: list[str], ranked_uses: int) -> tuple[float, list[Answer]]:
    """Seconds to expand the texts (the models loaded beforehand), and what each use got."""
    ex.RANKED_USES = ranked_uses
    list(ex.expand_many([WARM_UP], lang="en"))
    start = time.perf_counter()
    done = list(ex.expand_many(texts, lang="en"))
    seconds = time.perf_counter() - start
    return seconds, [(i, e.short.text, e.source, e.long) for i, d in enumerate(done) for e in d]


def ranked(answers: list[Answer], cap: int) -> int:
    """How many uses of undefined short forms are ranked, at most ``cap`` per form and text."""
    forms = Counter((i, short) for i, short, source, _ in answers if source != "defined")
    return sum(min(n, cap) for n in forms.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--papers", type=int, default=20)
    args = parser.parse_args()
    papers = list(scirex_papers(data_dir() / "scirex/train_docs.jsonl.gz"))[: args.papers]
    shipped = ex.RANKED_USES
    context = multiprocessing.get_context("spawn")
    print(f"{args.papers} SciREX papers, {sum(map(len, papers)):,} characters, one process")
    for name, texts in (("a corpus", papers), ("one document", ["\n\n".join(papers)])):
        times = {}
        answers = {}
        for label, cap in (("every use", EVERY_USE), (f"{shipped} uses", shipped)):
            with context.Pool(1) as pool:
                times[label], answers[label] = pool.apply(run, (texts, cap))
            uses = ranked(answers[label], cap)
            print(f"{name:13s} {label:10s} {uses:6d} uses ranked {times[label]:7.1f} s")
        every, few = answers.values()
        meaning = sum(a[3] != b[3] for a, b in zip(every, few, strict=True))
        print(
            f"{name:13s} speed-up {times['every use'] / times[f'{shipped} uses']:.2f}x; of "
            f"{len(every)} expansions {meaning} have another meaning"
        )


if __name__ == "__main__":
    main()
