"""What `termlens expand` says in computing documentation with V.E.R.A. imported beside the bundle.

The bundle's senses come from scientific, biomedical, legal and general sources; computing
manuals use acronyms it does not know (GPIO, ACPI, IRQ) or knows in other senses (MTU = *model
time unit*). V.E.R.A., the computing acronyms of Debian's ``vera`` package (GNU FDL, so not in
the bundle), is imported into a copy of the bundle (``dict import vera.info.gz --from-bundled``)
and `expand` reads the same pages with each dictionary, one process each at the same time.

The pages, spread evenly over each folder's HTML files sorted by name: ``--pages`` of each of the
Linux kernel manual's admin guide, networking and file systems (Debian ``linux-doc-6.1``) and of
PostgreSQL 15's manual (``postgresql-doc-15``). Printed: the answers of each kind (unknown,
abstained, from the dictionary, defined in the text) with each dictionary, how the answers for the
same uses moved, and the changed meanings, most uses first, to be read and judged; ``--sample N``
prints N of them drawn at random by their uses (``--seed``), each with a stretch of its page.

Run by hand: ``python bench/expand_computing_docs.py [--pages 80] [--sample 60]`` (after
``apt-get install vera linux-doc-6.1 postgresql-doc-15``; about 15 minutes on two processes).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

VERA = Path("/usr/share/info/vera.info.gz")
KERNEL = Path("/usr/share/doc/linux-doc-6.1/html")
POSTGRES = Path("/usr/share/doc/postgresql-doc-15/html")
KERNEL_PARTS = ("admin-guide", "networking", "filesystems")
_TAG = re.compile(r"<[^>]*>")

Answer = dict[str, object]
Use = tuple[str, int]


def spread(files: list[Path], n: int) -> list[Path]:
    """``n`` of the files, evenly spaced in name order."""
    files = sorted(files)
    step = max(1, len(files) / n)
    return [files[int(i * step)] for i in range(min(n, len(files)))]


def pages(n: int) -> dict[str, Path]:
    """The pages, each under a name that says where it is (the kernel's names repeat)."""
    chosen = [p for part in KERNEL_PARTS for p in spread(list((KERNEL / part).rglob("*.html")), n)]
    named = {"_".join(p.relative_to(KERNEL).parts): p for p in chosen}
    return named | {f"postgresql_{p.name}": p for p in spread(list(POSTGRES.glob("*.html")), n)}


def answers(path: Path) -> dict[Use, Answer]:
    out = {}
    for line in path.read_text().splitlines():
        answer = json.loads(line)
        out[(answer["doc_id"], answer["short_form"]["start"])] = answer
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=80, help="pages of each folder")
    parser.add_argument("--sample", type=int, default=0, help="changed meanings to print")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--top", type=int, default=40, help="most-used changed meanings to list")
    args = parser.parse_args()
    for needed in (VERA, KERNEL, POSTGRES):
        if not needed.exists():
            sys.exit(f"{needed}: missing; apt-get install vera linux-doc-6.1 postgresql-doc-15")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "pages")
        folder.mkdir()
        for name, page in pages(args.pages).items():
            (folder / name).write_bytes(page.read_bytes())
        with_vera = Path(tmp, "vera.sqlite")
        termlens = [sys.executable, "-m", "termlens"]
        subprocess.run(
            [*termlens, "dict", "import", str(VERA), "--into", str(with_vera), "--from-bundled"],
            check=True,
        )
        outputs = {"bundle": Path(tmp, "bundle.jsonl"), "bundle+vera": Path(tmp, "vera.jsonl")}
        runs = [
            subprocess.Popen(
                [*termlens, "expand", str(folder), "-f", "jsonl", *extra],
                stdout=outputs[name].open("w"),
            )
            for name, extra in (("bundle", []), ("bundle+vera", ["-d", str(with_vera)]))
        ]
        if any(run.wait() for run in runs):
            sys.exit("expand failed")
        before, after = (answers(outputs[name]) for name in outputs)
        report(folder, before, after, args)


def report(
    folder: Path, before: dict[Use, Answer], after: dict[Use, Answer], args: argparse.Namespace
) -> None:
    print(f"{len(list(folder.iterdir()))} pages; uses: {len(before)} and {len(after)}")
    for name, found in (("bundle", before), ("bundle+vera", after)):
        print(name, dict(Counter(str(a["source"]) for a in found.values()).most_common()))
    shared = [use for use in before if use in after]
    moves = Counter((str(before[u]["source"]), str(after[u]["source"])) for u in shared)
    print("moves", {f"{a} -> {b}": n for (a, b), n in moves.most_common() if a != b})
    changed: dict[tuple[str, object, object], list[Use]] = {}
    for use in shared:
        old, new = before[use]["long_form"], after[use]["long_form"]
        if old != new:
            short = before[use]["short_form"]["text"]  # type: ignore[index]
            changed.setdefault((short, old, new), []).append(use)
    print(f"changed meanings: {len(changed)} of {sum(map(len, changed.values()))} uses")
    ranked = sorted(changed, key=lambda k: -len(changed[k]))
    for key in ranked[: args.top]:
        print(len(changed[key]), *key, sep="\t")
    if args.sample:
        rng = random.Random(args.seed)
        picked: set[int] = set()
        while len(picked) < min(args.sample, len(ranked)):
            picked.update(rng.choices(range(len(ranked)), [len(changed[k]) for k in ranked]))
        print("\nsample (uses, short form, before, after, the page around the first use):")
        for i in sorted(picked):
            doc, start = changed[ranked[i]][0]
            text = (folder / f"{doc}.html").read_text()
            around = _TAG.sub("", text[max(0, start - 150) : start + 100]).replace("\n", " ")
            print(len(changed[ranked[i]]), *ranked[i], around, sep="\t")


if __name__ == "__main__":
    main()
