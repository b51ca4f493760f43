"""Build the bundled list of whole words (``words.txt.gz``) from the open texts in TERMLENS_DATA.

Texts: SciAI train, the SDU@AAAI-22 extraction (English legal and scientific, Spanish) and
disambiguation (English scientific and legal, French, Spanish) training files without their
held-out tenths, the BARR2 training cases, the GLADIS pre-training sample and SciREX. A word is
a run of letters written in lower case or with one initial capital (so that glued forms such as
"iNPut" or "NPe" do not count), not broken at a line end ("infor- mation") and not a text's
first word in lower case (a text may begin inside a word), seen at least ``--min-count`` times;
each is written with its count.

Run: ``python scripts/build_wordlist.py`` (about a minute).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from termlens import __version__
from termlens.acronyms.wordlist import WORD, WORDS_FILE
from termlens.benchmarks import barr2, sciai, sdu22_ae
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir
from termlens.resources import record, resource_dir

_BROKEN = re.compile(r"[^\W\d_]+ ?-\s+[^\W\d_]+")  # a word broken at a line end: "infor- mation"
EXTRACTION = ("english/legal", "english/scientific", "spanish")


def texts(data: Path) -> Iterator[str]:
    """Every open text the list is built from (held-out tenths left out)."""
    for record_ in sciai.load(data / "sciai/train.json.gz"):
        yield " ".join(record_["tokens"])
    for name in EXTRACTION:
        training, _ = sdu22_ae.held_out(sdu22_ae.load(data / "sdu22-ae" / name / "train.json"))
        yield from (str(r["text"]) for r in training)
    for name in ad.SDU22_FOLDERS:
        examples, _ = ad.held_out(ad.load_sdu22(data / "sdu22-ad" / name / "train.json"))
        yield from (e.context for e in examples)
    yield from barr2.load_texts(data / "barr2/training_set").values()
    yield from (data / "gladis/pre_train_sample.txt").read_text(encoding="utf-8").splitlines()
    with gzip.open(data / "scirex/train_docs.jsonl.gz", "rt", encoding="utf-8") as handle:
        yield from (" ".join(json.loads(line)["words"]) for line in handle)


def count(data: Path) -> Counter[str]:
    """Lower-case words and how often they occur written plainly."""
    counts: Counter[str] = Counter()
    for text in texts(data):
        words = WORD.findall(_BROKEN.sub(" ", text))
        if words and words[0].islower():
            words = words[1:]  # perhaps the end of a word cut off with the text before
        counts.update(w.lower() for w in words if len(w) > 1 and w[1:].islower())
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=data_dir())
    parser.add_argument("--out", type=Path, default=resource_dir() / WORDS_FILE)
    parser.add_argument("--min-count", type=int, default=2)
    args = parser.parse_args()
    kept = sorted((w, n) for w, n in count(args.data).items() if n >= args.min_count)
    temporary = args.out.with_name(f".{args.out.name}.tmp")
    lines = "".join(f"{w}\t{n}\n" for w, n in kept)
    temporary.write_bytes(gzip.compress(lines.encode(), mtime=0))
    os.replace(temporary, args.out)
    record(
        args.out,
        id="whole-words",
        version=f"{__version__}+{len(kept)}-counted-words-min{args.min_count}",
        source_data=[
            "SciAI train",
            *[f"SDU@AAAI-22 AE {n} train, 9/10" for n in EXTRACTION],
            *[f"SDU@AAAI-22 AD {n} train, 9/10" for n in ad.SDU22_FOLDERS],
            "BARR2 training set",
            "GLADIS pre-training sample",
            "SciREX train",
        ],
        licence="CC BY-NC-SA 4.0 (derived from the SDU@AAAI-21/22 data); others per source",
        built_by="scripts/build_wordlist.py",
    )
    print(f"wrote {len(kept)} words to {args.out}")


if __name__ == "__main__":
    main()
