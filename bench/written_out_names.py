"""Short forms paired with a name their document writes out elsewhere, judged on real papers.

Two measures over SciREX papers (`termlens.acronyms.written_out`, run by `termlens find` and
`termlens expand`):

- **Brackets taken out.** Each paper's bracketed definitions, "support vector machine (SVM)",
  lose their bracket: the paper then writes the name once and uses the short form alone, as a
  paper that spells a name out in its abstract does. For each such short form still used, is it
  paired with its own name again ("written out": right or wrong), found by the tagger or rules
  some other way, or left undefined? The names are the product's own definitions, so this is
  silver gold.
- **As written.** In the papers as they are, the short forms paired with a written-out name:
  how many, and ``--show N`` prints N of them, drawn at random, to be read.
- **What `expand` says** (``--expand``) about each short form whose bracket was taken out, with
  the dictionary's names too, against the same run without written-out names: the meaning is
  right when it names the bracket's sense (:func:`termlens.acronyms.lexical.same_sense`). The
  bundled dictionary is read without the pairs it mined from these papers, as
  ``bench/expand_vs_definitions.py`` reads it.

- **What it costs** (``--speed``): `find`'s seconds on one process over the papers and over SciAI
  dev's sentences, with and without written-out names, alternated twice; and (``--stress``) the
  step alone on a 1.2 MB text of random capitalised words with 300 undefined short forms, with
  its bound on the words it tries (`written_out.MAX_STARTS`) and without.

Run by hand: ``python bench/written_out_names.py [--papers N] [--show N] [--expand] [--speed]``
(SciREX train, 175 papers; a minute on two processes, six more with ``--expand``).
"""

from __future__ import annotations

import argparse
import random
import re
import time
from collections import Counter
from typing import Any

from termlens.acronyms import expand, extract, written_out
from termlens.acronyms.disambiguate import Disambiguator
from termlens.acronyms.identify import Occurrence, find_abbreviations_in_many
from termlens.acronyms.lexical import same_sense, variant_key
from termlens.acronyms.rerank import default_context_check
from termlens.benchmarks import sciai
from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.hidden_definitions import scirex_papers
from termlens.text import Span

WARM_UP = "We train a CNN and an LSTM on the images; the SVM baseline and the NLP tools are older."
LEFT_OUT = frozenset({"mined-scirex"})  # the pairs the bundle mined from SciREX
_OPEN = re.compile(r"\s*\(\s*$")
_CLOSE = re.compile(r"\s*\)")


def bracketed(text: str, occurrence: Occurrence) -> tuple[int, int] | None:
    """Where "( SF )" stands right after the long form of a definition, as offsets."""
    long = occurrence.long
    if not occurrence.defines or long is None or long.end > occurrence.short.start:
        return None
    if _OPEN.match(text, long.end, occurrence.short.start) is None:
        return None
    close = _CLOSE.match(text, occurrence.short.end)
    return None if close is None else (long.end, close.end())


def without_brackets(text: str, occurrences: list[Occurrence]) -> tuple[str, dict[str, str]]:
    """The text with every bracketed definition's bracket taken out, and each short form whose
    bracket went with the name it was given."""
    cuts, names = [], {}
    for occurrence in occurrences:
        cut = bracketed(text, occurrence)
        if cut is not None and occurrence.long is not None:
            cuts.append(cut)
            names.setdefault(occurrence.short.text, occurrence.long.text)
    kept, last = [], 0
    for start, end in sorted(cuts):
        kept.append(text[last:start])
        last = end
    return "".join([*kept, text[last:]]), names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, default=0, help="the first N papers (0: all)")
    parser.add_argument("--show", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--expand", action="store_true", help="also judge `expand`'s meanings")
    parser.add_argument("--speed", action="store_true", help="only time `find` with and without")
    parser.add_argument("--stress", action="store_true", help="only time the step on Title Case")
    args = parser.parse_args()
    papers = list(scirex_papers(data_dir() / "scirex" / "train_docs.jsonl.gz"))
    papers = papers[: args.papers] if args.papers else papers
    if args.speed:
        timed(papers)
        return
    if args.stress:
        stressed()
        return
    found = list(find_abbreviations_in_many(papers, lang="en", rules_only=False, jobs=args.jobs))
    cut = [without_brackets(text, found[i]) for i, text in enumerate(papers)]
    refound = find_abbreviations_in_many(
        [text for text, _ in cut], lang="en", rules_only=False, jobs=args.jobs
    )
    outcome: Counter[str] = Counter()
    wrong = []
    for (_, names), occurrences in zip(cut, refound, strict=True):
        pattern = {}
        for o in occurrences:
            if o.short.text in names:
                pattern[o.short.text] = o.definition
        for short, definition in pattern.items():
            if definition is None:
                outcome["undefined"] += 1
            elif definition.pattern != "written out":
                outcome["found otherwise"] += 1
            elif variant_key(definition.long.text) == variant_key(names[short]):
                outcome["written out: its name"] += 1
            else:
                outcome["written out: another name"] += 1
                wrong.append((short, names[short], definition.long.text))
    total = sum(outcome.values())
    print(f"brackets taken out: {total} short forms still used in {len(papers)} papers")
    for key in ("written out: its name", "written out: another name", "found otherwise"):
        print(f"  {key:28s} {outcome[key]:5d}  {100 * outcome[key] / max(total, 1):5.1f} %")
    print(f"  {'undefined':28s} {outcome['undefined']:5d}")
    for short, name, other in wrong[: args.show]:
        print(f"    {short}: {name!r} given {other!r}")
    paired = [
        (i, o.short.text, o.long.text)
        for i, occurrences in enumerate(found)
        for o in occurrences
        if o.definition is not None and o.definition.pattern == "written out" and o.long
    ]
    pairs = sorted(set(paired))
    undefined = {(i, o.short.text) for i, occ in enumerate(found) for o in occ if o.long is None}
    print(
        f"as written: {len({(i, s) for i, s, _ in pairs})} short forms paired with a name "
        f"written out, {len(undefined)} left undefined"
    )
    for i, short, long in random.Random(0).sample(pairs, min(args.show, len(pairs))):
        print(f"    paper {i}: {short}: {long!r}")
    if args.expand:
        ranker = Disambiguator(
            expand.default_dictionary(),
            exclude_sources=LEFT_OUT,
            language="en",
            check=default_context_check(),
        )
        texts = [text for text, _ in cut]
        meanings(WARM_UP, ranker)  # the encoders loaded before the clock starts
        spent = [0.0]
        names = expand.written_out

        def timed_names(*args: Any) -> list[Occurrence]:
            start = time.perf_counter()
            found = names(*args)
            spent[0] += time.perf_counter() - start
            return found

        expand.written_out = timed_names
        start = time.perf_counter()
        with_names = [meanings(text, ranker) for text in [*texts, *papers]]
        print(
            f"expand, one process: {time.perf_counter() - start:.1f} s, of which {spent[0]:.1f} s "
            "in its step that seeks names written out with the dictionary"
        )
        expand.written_out = extract.written_out = lambda text, occurrences, *_: occurrences
        without = [meanings(text, ranker) for text in [*texts, *papers]]
        print("expand, brackets taken out: right / wrong / no meaning")
        print(f"  with names written out     {judged_meanings(cut, with_names)}")
        print(f"  without                    {judged_meanings(cut, without)}")
        changed = [
            (i, short, before.get(short), after[short])
            for i, (after, before) in enumerate(zip(with_names, without, strict=True))
            if i >= len(texts)
            for short in after
            if another_meaning(short, before.get(short), after[short])
        ]
        print(f"expand, as written: {len(changed)} short forms change meaning")
        for i, short, before_, after_ in random.Random(0).sample(
            changed, min(args.show, len(changed))
        ):
            print(f"    paper {i - len(texts)}: {short}: {before_!r} -> {after_!r}")


def timed(papers: list[str]) -> None:
    """`find`'s seconds on one process over the papers and over SciAI dev's 1,717 sentences (the
    learned path's row in BENCHMARKS.md), with and without written-out names, alternated."""
    sentences = [" ".join(r["tokens"]) for r in sciai.load(data_dir() / "sciai" / "dev.json")]
    names = extract.written_out
    for _ in range(2):
        for label, step in (("with", names), ("without", lambda text, occurrences: occurrences)):
            extract.written_out = step
            for corpus, texts in (("SciREX papers", papers), ("SciAI dev sentences", sentences)):
                start = time.perf_counter()
                for _ in find_abbreviations_in_many(texts, lang="en", rules_only=False):
                    pass
                seconds = time.perf_counter() - start
                print(
                    f"find {label:8s} names written out, {corpus:20s} {seconds:6.2f} s, "
                    f"{len(texts) / seconds:8,.0f} texts/s"
                )
    extract.written_out = names


def stressed() -> None:
    """The step alone on text in Title Case throughout, with and without its bound."""
    rng = random.Random(0)
    words = "Alpha Beta Gamma Delta Model Network Machine Learning of the and".split()
    text = " ".join(rng.choice(words) for _ in range(200_000))
    occurrences = []
    for _ in range(300):
        short = "".join(rng.choice("ABGDMNL") for _ in range(rng.randint(2, 5)))
        occurrences.append(Occurrence(Span(len(text) + 1, len(text) + 1 + len(short), short), None))
        text += " " + short
    bound = written_out.MAX_STARTS
    for label, starts in (("bounded", bound), ("unbounded", 10**9)):
        written_out.MAX_STARTS = starts
        start = time.perf_counter()
        found = written_out.written_out(text, occurrences)
        seconds = time.perf_counter() - start
        named = sum(o.definition is not None for o in found)
        print(f"{label:9s} {len(text):,} characters: {seconds:5.1f} s, {named} named")
    written_out.MAX_STARTS = bound


def another_meaning(short: str, before: str | None, after: str | None) -> bool:
    """Whether two meanings of a short form differ by more than their spelling."""
    if before is None or after is None:
        return before != after
    return not same_sense(short, before, after)


def meanings(text: str, ranker: Disambiguator) -> dict[str, str | None]:
    """The meaning `expand` gives each short form of a text (its first use that has one)."""
    out: dict[str, str | None] = {}
    for e in expand.expand(text, lang="en", disambiguator=ranker):
        if out.get(e.short.text) is None:
            out[e.short.text] = e.long
    return out


def judged_meanings(
    cut: list[tuple[str, dict[str, str]]], found: list[dict[str, str | None]]
) -> str:
    """How many of the short forms whose bracket went `expand` gives the bracket's sense, another
    meaning, or none (``found``: each text's meanings, the cut texts first)."""
    outcome: Counter[str] = Counter()
    for (_, names), meaning_of in zip(cut, found, strict=False):
        for short, meaning in meaning_of.items():
            if short not in names:
                continue
            if meaning is None:
                outcome["none"] += 1
            else:
                outcome["right" if same_sense(short, names[short], meaning) else "wrong"] += 1
    return f"{outcome['right']} / {outcome['wrong']} / {outcome['none']}"


if __name__ == "__main__":
    main()
