"""``termlens attach``, ``termlens taxonomy export`` and ``termlens bench semeval16``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Column, Table

from termlens import __version__
from termlens.benchmarks import semeval16
from termlens.cli_common import counted, guarded, progress, warn_if_empty
from termlens.errors import InputError, choose_one
from termlens.taxonomy.enrich import Placement, default_placer
from termlens.taxonomy.lmf import export, read_additions
from termlens.taxonomy.wordnet import (
    Synset,
    WordNet,
    bundled,
    normalise,
    part_of_speech,
    spaced,
)
from termlens.text import without_accents

taxonomy_app = typer.Typer(
    help="The WordNet 3.0 taxonomy, enriched with placed senses.", no_args_is_help=True
)
ATTACH_FORMATS = ("table", "jsonl")
EXPORT_FORMATS = ("wn-lmf",)
ThresholdOption = Annotated[
    float,
    typer.Option(min=0.0, max=1.0, help="Abstain when the best placement scores under this (0-1)."),
]


@guarded
def attach(
    lemma: Annotated[str, typer.Argument(help="The new word (or multi-word term).")],
    definition: Annotated[str, typer.Option("--definition", help="Its definition.")],
    pos: Annotated[str, typer.Option("--pos", help="noun or verb (n, v).")] = "noun",
    top: Annotated[int, typer.Option("--top", min=1, help="How many placements to show.")] = 5,
    threshold: ThresholdOption = 0.0,
    output_format: Annotated[str, typer.Option("--format", help="table or jsonl.")] = "table",
) -> None:
    """Where a new word sense belongs in WordNet 3.0: ATTACH under a synset or MERGE into it."""
    if output_format not in ATTACH_FORMATS:
        raise choose_one("format", output_format, ATTACH_FORMATS)
    pos = part_of_speech(pos)
    placer = default_placer()
    placements = placer.place(lemma, pos, definition, top=top, threshold=threshold)
    known = placer.known_senses(lemma, pos, definition)
    if known:
        typer.echo(_known_note(lemma, pos, known, placer.wordnet), err=True)
    if not placements:
        typer.echo(f"no placement for {lemma!r} (abstained)", err=True)
        return
    if output_format == "jsonl":
        for placement in placements:
            typer.echo(json.dumps(_record(lemma, pos, definition, placement), ensure_ascii=False))
        return
    whole = [Column(name, no_wrap=True) for name in ("synset", "operation", "score")]
    table = Table(*whole, "gloss", "why", title=f"{lemma} ({pos})")  # keys are never cut
    for p in placements:
        table.add_row(p.key, p.operation, f"{p.score:.2f}", p.synset.definition, p.explanation)
    Console().print(table)


def _known_note(lemma: str, pos: str, known: list[tuple[Synset, float]], wordnet: WordNet) -> str:
    """One line saying that WordNet already has the lemma, and which sense is nearest."""
    senses = counted(len(known), "sense")
    nearest, shared = known[0]
    written = without_accents(lemma)  # as WordNet writes it, when the lemma has accents
    found = written if normalise(lemma) not in map(normalise, nearest.lemmas) else lemma
    spelled = f" (as {spaced(normalise(found))!r})" if found != lemma else ""
    said = f"note: WordNet already has {lemma!r}{spelled} as a {pos} ({senses})"
    if not shared:
        return f"{said}, none sharing a word with this definition; placing it as a new sense"
    key = wordnet.key(nearest, prefer=found)
    gloss = nearest.definition.split(";")[0]
    gloss = gloss if len(gloss) <= 60 else gloss[:59].rstrip() + "…"
    return (
        f"{said}; the nearest to this definition is {key}, {gloss!r}: "
        "if it means that, the sense is not new"
    )


def _record(lemma: str, pos: str, definition: str, placement: Placement) -> dict[str, object]:
    return {
        "lemma": lemma,
        "pos": pos,
        "definition": definition,
        "synset": placement.key,
        "operation": placement.operation,
        "score": round(placement.score, 4),
        "gloss": placement.synset.definition,
        "explanation": placement.explanation,
    }


@taxonomy_app.command("export")
@guarded
def taxonomy_export(
    output: Annotated[Path, typer.Argument(help="The XML file to write.")],
    additions: Annotated[
        Path | None,
        typer.Option(help="New senses, JSON lines as `termlens attach --format jsonl` writes."),
    ] = None,
    output_format: Annotated[str, typer.Option("--format", help="wn-lmf.")] = "wn-lmf",
) -> None:
    """Write WordNet 3.0 plus the new senses (WN-LMF 1.1 XML, loadable by the `wn` package)."""
    if output_format not in EXPORT_FORMATS:
        raise choose_one("format", output_format, EXPORT_FORMATS)
    wordnet = bundled()
    added = read_additions(additions, wordnet) if additions is not None else []
    export(wordnet, added, output)
    wrote = f"{counted(len(wordnet), 'synset')} and {counted(len(added), 'new sense')}"
    typer.echo(f"wrote {wrote} to {output}", err=True)


@guarded
def bench_semeval16(
    data: Annotated[Path, typer.Option("--data", help="The task's data TSV.")],
    predictions: Annotated[Path, typer.Option("--predictions", help="Where to write the key.")],
    gold: Annotated[Path | None, typer.Option(help="The gold key TSV.")] = None,
    threshold: ThresholdOption = 0.0,
) -> None:
    """SemEval-2016 Task 14: place each item in WordNet 3.0; score with the task's measures."""
    items = semeval16.read_items(data)
    warn_if_empty(len(items), "items", data)
    placer = default_placer()
    answers = []
    for item in progress(items, len(items), "semeval16"):
        try:
            placements = placer.place(item.lemma, item.pos, item.definition, 1, threshold)
        except InputError as exc:  # one unplaceable item is not answered; the run goes on
            typer.echo(f"termlens: warning: {item.id}: {exc}; not answered", err=True)
            continue
        if placements:
            answers.append(semeval16.Answer(item.id, placements[0].key, placements[0].operation))
    semeval16.write_answers(answers, predictions)
    wrote = f"{counted(len(answers), 'answer')} for {counted(len(items), 'item')}"
    typer.echo(f"wrote {wrote} to {predictions}", err=True)
    if gold is None:
        return
    score = semeval16.score(
        semeval16.read_answers(gold), {a.item_id: a for a in answers}, placer.wordnet
    )
    table = Table(
        "Wu&P", "lemma match", "recall", "F1", "answered", title=f"SemEval-2016 T14: {data.name}"
    )
    table.add_row(
        f"{score.wup:.3f}",
        f"{score.lemma_match:.3f}",
        f"{score.recall:.3f}",
        f"{score.f1:.3f}",
        f"{score.answered}/{score.total}",
    )
    console = Console()
    console.print(table)
    console.print(f"signature: {semeval16.SIGNATURE}|termlens-{__version__}", soft_wrap=True)
