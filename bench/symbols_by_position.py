"""What `termlens expand` says a symbol means where its position names it: a unit after a number
("8 GB of memory"), a place in an address ("Sigma, St. Louis, MO, USA") or a country alone in
brackets after a name ("Lonza (USA)").

Reads the open English texts: SciAI train and dev (sentences), the SDU@AAAI-22 English
extraction training files, the GLADIS pre-training sample and the SciREX papers. Each text that
holds a symbol of the bundled table (`termlens.acronyms.symbols`) after a digit, a comma or a
bracket is expanded as `expand` does; each use `expand` reports that stands as a unit after a
number, as a place in an address or as a country in brackets (`symbols.unit_after_number`,
`symbols.place_in_address`, `symbols.country_in_brackets`) is counted by
its answer: the table's name, another meaning the text defines, another sense, or none
(abstained or unknown). ``--show`` prints each use in context, to judge by eye whether the name
is right there.

Run by hand: ``python bench/symbols_by_position.py [--show]`` (about three minutes).
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from collections.abc import Iterator

from termlens.acronyms.expand import expand_many
from termlens.acronyms.symbols import (
    bundled_symbols,
    country_in_brackets,
    place_in_address,
    unit_after_number,
)
from termlens.benchmarks import sciai, sdu22_ae
from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.hidden_definitions import scirex_papers

ANSWERS = ("the name", "defined", "another sense", "none")
FRAMES = ("units after a number", "places in an address", "countries alone in brackets")


def texts() -> Iterator[str]:
    """The open English texts read (SDU@AAAI-22 held-out tenths left out)."""
    data = data_dir()
    for name in ("train.json.gz", "dev.json"):
        yield from (" ".join(r["tokens"]) for r in sciai.load(data / "sciai" / name))
    for name in ("legal", "scientific"):
        file = data / "sdu22-ae/english" / name / "train.json"
        training, _ = sdu22_ae.held_out(sdu22_ae.load(file))
        yield from (str(r["text"]) for r in training)
    yield from (data / "gladis/pre_train_sample.txt").read_text(encoding="utf-8").splitlines()
    yield from scirex_papers(data / "scirex/train_docs.jsonl.gz")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print each use in context")
    args = parser.parse_args()
    table = bundled_symbols()
    known = {symbol for names in table.values() for symbol in names}
    symbols = "|".join(sorted(map(re.escape, known), key=len)[::-1])
    candidate = re.compile(rf"[\d,(] ?({symbols})(?!\w)")
    read = [t for t in texts() if candidate.search(t)]
    answers: dict[str, Counter[str]] = {frame: Counter() for frame in FRAMES}
    for text, expansions in zip(read, expand_many(read, lang="en"), strict=True):
        for e in expansions:
            readings = (
                unit_after_number(text, e.short),
                place_in_address(text, e.short),
                country_in_brackets(text, e.short),
            )
            read_as = [(f, n) for f, n in zip(FRAMES, readings, strict=True) if n]
            frame, name = read_as[0] if read_as else ("", None)
            if name is None:
                continue
            answer = (
                "the name"
                if e.long == name
                else "defined"
                if e.source == "defined"
                else "another sense"
                if e.long
                else "none"
            )
            answers[frame][answer] += 1
            if args.show:
                where = text[max(0, e.short.start - 50) : e.short.end + 30].replace("\n", " ")
                print(f"{frame}\t{e.short.text}\t{e.long}\t{e.source}\t{e.confidence}\t{where}")
    print(f"{len(read)} texts read")
    for frame, counted in answers.items():
        shares = ", ".join(f"{answer} {counted[answer]}" for answer in ANSWERS)
        print(f"{frame}, {sum(counted.values())} uses: {shares}")


if __name__ == "__main__":
    main()
