"""Rebuild the bundled artifacts from the open data and say which differ from the bundle.

    python scripts/check_bundle.py [--only STEP ...] [--keep DIR]

Each step runs a build script of ``scripts/`` with ``TERMLENS_RESOURCES`` pointing at a scratch
copy of ``src/termlens/data``, in dependency order (a step reads what the steps before it
rebuilt: the taggers read the word list through the rules, the sole-sense and several-senses
models read the English tagger), then compares each artifact it wrote with the bundled one by
sha256 (JSON weights: their numbers to a relative 1e-9, as fitted floats may differ in their last
bits on another machine, whose BLAS sums in another order). The bundle itself is never written.
Exit status 1 when an artifact differs or a step fails.

A full run takes about an hour on two cores (the dictionary and the disambiguator most of it);
``--only taggers sole-sense several-senses`` checks what a change to the rules or the tagger
moves. The ``wordnet`` step needs ``apt-get install wordnet-base`` and is skipped without it.
``--keep DIR`` keeps the rebuilt files there (to bundle one, copy it and its MANIFEST.json
entry). A file that differs is shown with what it was bundled on (Python, numpy and its BLAS,
the processor) when that is not this machine: fitted weights can move with those alone.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from termlens.resources import ResourceEntry, manifest, resource_dir, sha256

SCRIPTS = Path(__file__).resolve().parent
OUT = "{out}"  # in a step's arguments: the scratch directory
# fitted weights in JSON may differ in their last bits between machines (BLAS summation order)
RELATIVE_TOLERANCE = 1e-9


@dataclass(frozen=True)
class Step:
    """Build commands (script and arguments) and the bundled files they write."""

    commands: tuple[tuple[str, ...], ...]
    artifacts: tuple[str, ...]
    needs: Path | None = None  # a file the step cannot run without


TAGGERS = ("en", "es", "da", "fa", "vi")
STEPS: dict[str, Step] = {  # in dependency order
    "wordlist": Step((("build_wordlist.py",),), ("words.txt.gz",)),
    "wordnet": Step(
        (("build_wordnet.py",),), ("wordnet-3.0.zip",), Path("/usr/share/wordnet/data.noun")
    ),
    "symbols": Step((("build_symbols.py",),), ("wordnet-symbols.tsv",)),
    "dictionary": Step((("build_dictionary.py", "--jobs", "2"),), ("acronyms.sqlite",)),
    "long-form-vectors": Step(
        (("build_long_form_vectors.py",),), ("long-form-vectors-en.safetensors",)
    ),
    "placement": Step(
        (("train_placement.py",),),
        ("placement.json", "wordnet-genus.tsv", "wordnet-gloss-df.tsv"),
    ),
    "kinds": Step((("train_kinds.py",),), ("concept-kinds.json",)),
    "term-tagger": Step((("train_term_tagger.py", "--out", OUT),), ("term-tagger-en.crfsuite",)),
    "taggers": Step(
        tuple(("train_tagger.py", "--model", model, "--out", OUT) for model in TAGGERS),
        tuple(f"acronym-tagger-{model}.crfsuite" for model in TAGGERS),
    ),
    "translated": Step((("train_translated_long_forms.py",),), ("translated-long-forms-fa.json",)),
    "disambiguator": Step((("train_disambiguator.py",),), ("disambiguator.json",)),
    "sole-sense": Step((("train_sole_sense.py",),), ("sole_sense.json",)),
    "several-senses": Step((("train_several_senses.py",),), ("several_senses.json",)),
    "concepts": Step((("train_concepts.py",),), ("concepts.json",)),
}


def run(name: str, step: Step, scratch: Path, log: Path) -> bool:
    """Run a step's commands into ``scratch``; False (and the log's end printed) on failure."""
    environment = {**os.environ, "TERMLENS_RESOURCES": str(scratch)}
    with log.open("w") as out:
        for command in step.commands:
            arguments = [argument.replace(OUT, str(scratch)) for argument in command]
            print(f"{name}: python scripts/{' '.join(arguments)}", flush=True)
            done = subprocess.run(
                [sys.executable, str(SCRIPTS / arguments[0]), *arguments[1:]],
                env=environment,
                stdout=out,
                stderr=subprocess.STDOUT,
                check=False,
            )
            if done.returncode:
                print("".join(log.read_text().splitlines(keepends=True)[-15:]), file=sys.stderr)
                print(f"{name}: failed (exit {done.returncode}); log in {log}", file=sys.stderr)
                return False
    return True


def verdict(rebuilt: Path, bundled: Path, bundled_sha256: str) -> str:
    """ "identical", "equal to 1e-9" (JSON numbers within :data:`RELATIVE_TOLERANCE`) or
    "DIFFERS"."""
    if sha256(rebuilt) == bundled_sha256:
        return "identical"
    if rebuilt.suffix == ".json" and _close(
        json.loads(rebuilt.read_text(encoding="utf-8")),
        json.loads(bundled.read_text(encoding="utf-8")),
    ):
        return f"equal to {RELATIVE_TOLERANCE:g}"
    return "DIFFERS"


def built_elsewhere(bundled: ResourceEntry, rebuilt: ResourceEntry) -> str:
    """Where the bundled artifact was built, when that is not where it was rebuilt (its floats
    may then differ without any change to the code or the data)."""
    where = bundled.get("built_on", "somewhere unrecorded")
    return "" if where == rebuilt.get("built_on") else f" (bundled on {where})"


def _close(a: Any, b: Any) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) or isinstance(b, float):
        return (
            isinstance(a, int | float)
            and isinstance(b, int | float)
            and math.isclose(a, b, rel_tol=RELATIVE_TOLERANCE, abs_tol=1e-12)
        )
    return bool(a == b)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", nargs="+", choices=list(STEPS), help="These steps only.")
    parser.add_argument("--keep", type=Path, help="Keep the rebuilt files in this directory.")
    args = parser.parse_args()
    bundle = resource_dir()
    scratch = Path(tempfile.mkdtemp(prefix="termlens-bundle-"))
    shutil.copytree(bundle, scratch, dirs_exist_ok=True)
    entries = manifest()
    rows: list[tuple[str, str]] = []
    failed = False
    for name, step in STEPS.items():
        if args.only and name not in args.only:
            continue
        if step.needs is not None and not step.needs.exists():
            rows += [(artifact, f"skipped: no {step.needs}") for artifact in step.artifacts]
            continue
        if not run(name, step, scratch, scratch / f"{name}.log"):
            failed = True
            rows += [(artifact, "step failed") for artifact in step.artifacts]
            continue
        for artifact in step.artifacts:
            found = verdict(scratch / artifact, bundle / artifact, entries[artifact]["sha256"])
            if found == "DIFFERS":
                failed = True
                found += built_elsewhere(entries[artifact], manifest(scratch)[artifact])
            rows.append((artifact, found))
    width = max((len(artifact) for artifact, _ in rows), default=0)
    for artifact, result in rows:
        print(f"{artifact:<{width}}  {result}")
    if args.keep:
        shutil.copytree(scratch, args.keep, dirs_exist_ok=True)
        print(f"rebuilt files and logs kept in {args.keep}")
    shutil.rmtree(scratch)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
