"""The held-out SDU@AAAI-22 tenths written as other tools write the same words, scored by the CLI.

    python bench/unicode_forms.py [--data DIR] [--out out] [--termlens "python -m termlens"]

Each tenth (record i with i % 10 == 0, as in bench/sdu22_held_out.py) is written three ways, its
gold offsets moved with the characters: as given (NFC), decomposed (NFD: an accent as its own
combining character, as macOS file names and some PDF extractors write it), and with the Latin
ligatures of PDF text ("ﬁ" for "fi", "ﬂ" for "fl", "ﬀ" for "ff"). Each goes through
`termlens bench sdu22-ae`; the table gives the official macro F1 of each. ``--termlens`` runs
another build (e.g. ``"env PYTHONPATH=/tmp/old/src python -m termlens"``) to compare.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path

from termlens.benchmarks import sdu22_ae
from termlens.benchmarks.data_dir import data_dir

FILES = {
    "english/scientific": "english",
    "english/legal": "english",
    "spanish": "spanish",
    "danish": "danish",
}
LIGATURES = {"ff": "\ufb00", "fi": "\ufb01", "fl": "\ufb02"}


def decomposed(text: str) -> tuple[str, list[int]]:
    """``text`` in NFD, and where each of its offsets went."""
    out: list[str] = []
    moved = [0]
    for ch in text:
        out.append(unicodedata.normalize("NFD", ch))
        moved.append(moved[-1] + len(out[-1]))
    return "".join(out), moved


def ligatured(text: str) -> tuple[str, list[int]]:
    """``text`` with ff, fi and fl as ligatures, and where each of its offsets went (the offset
    between the two letters of a ligature goes to the ligature's end)."""
    out: list[str] = []
    moved: list[int] = []
    i = 0
    while i < len(text):
        moved.append(len(out))
        ligature = LIGATURES.get(text[i : i + 2])
        if ligature:
            out.append(ligature)
            moved.append(len(out))
            i += 2
        else:
            out.append(text[i])
            i += 1
    moved.append(len(out))
    return "".join(out), moved


def rewritten(
    records: list[dict[str, object]], rewrite: Callable[[str], tuple[str, list[int]]]
) -> list[dict[str, object]]:
    """The records with their text rewritten and their gold spans moved along."""
    out = []
    for record in records:
        text, moved = rewrite(str(record["text"]))
        copy = dict(record, text=text)
        for field in ("acronyms", "long-forms"):
            spans = record[field]
            assert isinstance(spans, list)
            copy[field] = [[moved[start], moved[end]] for start, end in spans]
        out.append(copy)
    return out


def macro_f1(command: list[str]) -> str:
    """The macro F1 that `termlens bench sdu22-ae` prints."""
    printed = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    found = re.search(r"^macro .* F1 ([\d.]+)", printed, re.MULTILINE)
    if found is None:
        raise SystemExit(f"no macro F1 in the output of {shlex.join(command)}")
    return found.group(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=data_dir())
    parser.add_argument("--out", type=Path, default=Path("out"))
    parser.add_argument("--termlens", default=f"{sys.executable} -m termlens")
    args = parser.parse_args()
    args.out.mkdir(exist_ok=True)
    forms = {"as given": None, "NFD": decomposed, "PDF ligatures": ligatured}
    print("| tenth | " + " | ".join(forms) + " |")
    print("|---" * (len(forms) + 1) + "|")
    for name, lang in FILES.items():
        _, tenth = sdu22_ae.held_out(sdu22_ae.load(args.data / "sdu22-ae" / name / "train.json"))
        scores = []
        for form, rewrite in forms.items():
            records = tenth if rewrite is None else rewritten(tenth, rewrite)
            stem = args.out / f"{name.replace('/', '-')}-{form.split()[0].lower()}-tenth"
            data = stem.with_suffix(".json")
            data.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
            command = [*shlex.split(args.termlens), "bench", "sdu22-ae", "--data", str(data)]
            command += ["--lang", lang, "--predictions", f"{stem}-predictions.json"]
            scores.append(macro_f1(command))
        print(f"| {name} | " + " | ".join(scores) + " |")


if __name__ == "__main__":
    main()
