"""``termlens concepts cluster`` and ``termlens bench scico``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from termlens import __version__
from termlens.benchmarks import scico as scico_bench
from termlens.cli_common import (
    SkipUnreadableOption,
    counted,
    guarded,
    progress,
    read_inputs,
    warn_if_empty,
    working,
)
from termlens.concepts.cd2cr import is_cd2cr, read_cd2cr
from termlens.concepts.cluster import check_fits_in_memory, predict
from termlens.concepts.mentions import topic_from_documents
from termlens.concepts.outline import outline
from termlens.concepts.relate import default_model
from termlens.concepts.scico import Topic, as_jsonl, parse_topics, read_topics, write_topics
from termlens.documents import TEXT_FILES, documents_in
from termlens.errors import InputError, choose_one
from termlens.io import atomic_write, read_stdin

CLUSTER_FORMATS = ("scico", "outline")

concepts_app = typer.Typer(
    help="Concept mentions across documents: clusters and a hierarchy (SciCo).",
    no_args_is_help=True,
)


def _cluster_all(topics: list[Topic], plain_text: bool = False) -> list[Topic]:
    for topic in topics:  # a topic too large stops the run before any work
        check_fits_in_memory(topic)
    model = default_model()
    if len(topics) == 1:  # one topic (as --text makes) can still be a minute of work
        (topic,) = topics
        with working(f"clustering {len(topic.mentions)} mentions", len(topic.mentions)):
            return [predict(topic, model, plain_text=plain_text)]
    return [
        predict(topic, model, plain_text=plain_text)
        for topic in progress(topics, len(topics), "topics")
    ]


@concepts_app.command("cluster")
@guarded
def concepts_cluster(
    output: Annotated[
        Path, typer.Option("--output", "-o", help="The file to write ('-': standard output).")
    ],
    source: Annotated[
        Path | None,
        typer.Argument(help="SciCo jsonl topics, or - for stdin (gold clusters are ignored)."),
    ] = None,
    text: Annotated[
        Path | None,
        typer.Option(
            help="A folder of text documents (.txt, .md, .tex, .html, .xml, .rst, .org), "
            "clustered as one topic instead."
        ),
    ] = None,
    output_format: Annotated[
        str,
        typer.Option(
            "--format", help="scico (jsonl) or outline (clusters under their parents, to read)."
        ),
    ] = "scico",
    skip_unreadable: SkipUnreadableOption = False,
) -> None:
    """Group concept mentions into clusters and link the clusters parent → child."""
    if output_format not in CLUSTER_FORMATS:
        raise choose_one("format", output_format, CLUSTER_FORMATS)
    if (source is None) == (text is None):
        raise InputError("give either a SciCo jsonl file or --text FOLDER, not both or neither")
    if text is not None:
        if not text.is_dir():
            raise InputError(f"{text}: not a folder; give a folder of {TEXT_FILES} documents")
        read = read_inputs([str(p) for p in documents_in(text)], skip_unreadable)
        topics = [topic_from_documents(read, text.name)]
        count = len(topics[0].mentions)
        documents = counted(len(read), "document")
        typer.echo(f"{counted(count, 'mention')} in {documents}; clustering them", err=True)
    else:
        assert source is not None
        warnings: list[str] = []
        if str(source) == "-":
            topics = parse_topics(read_stdin(), "<stdin>", warnings)
        else:
            topics = read_topics(source, warnings)
        warn_if_empty(len(topics), "topics", source)
        for warning in warnings:
            typer.echo(f"termlens: warning: {warning}", err=True)
    clustered = _cluster_all(topics, plain_text=text is not None)
    if output_format == "outline":
        _write(output, "\n".join(outline(topic) for topic in clustered))
    else:
        _write(output, as_jsonl(clustered))
    mentions = sum(len(t.mentions) for t in clustered)
    clusters = sum(len(set(t.clusters)) for t in clustered)
    links = sum(len(t.relations) for t in clustered)
    typer.echo(
        f"wrote {counted(len(clustered), 'topic')}, {counted(mentions, 'mention')} in "
        f"{counted(clusters, 'cluster')}, {counted(links, 'parent → child link')} to "
        + ("standard output" if str(output) == "-" else str(output)),
        err=True,
    )


def _write(output: Path, text: str) -> None:
    """Text to standard output ('-') or to a file, written whole or not at all."""
    if str(output) == "-":
        typer.echo(text, nl=False)
        return
    with atomic_write(output) as out:
        out.write(text)


@guarded
def bench_scico(
    data: Annotated[
        Path,
        typer.Option(
            "--data", help="SciCo jsonl topics with gold, or a CD²CR split (e.g. dev.conll.gz)."
        ),
    ],
    predictions: Annotated[Path, typer.Option("--predictions", help="Where to write output.")],
) -> None:
    """SciCo: cluster every topic's mentions, infer the hierarchy, score against the gold."""
    warnings: list[str] = []
    gold = read_cd2cr(data, warnings) if is_cd2cr(data) else read_topics(data)
    warn_if_empty(len(gold), "topics", data)
    for warning in warnings:
        typer.echo(f"termlens: warning: {warning}", err=True)
    predicted = _cluster_all(gold)
    write_topics(predicted, predictions)
    typer.echo(f"wrote {counted(len(predicted), 'topic')} to {predictions}", err=True)
    if not any(len(set(t.clusters)) > 1 or t.relations for t in gold):
        return
    result = scico_bench.score(gold, predicted)
    table = Table("", "P", "R", "F1", title=f"SciCo: {data.name}")
    for name, counts in result.coreference.items():
        table.add_row(name, f"{counts.precision:.2f}", f"{counts.recall:.2f}", f"{counts.f1:.2f}")
    table.add_row("CoNLL", "", "", f"{result.conll:.2f}")
    h = result.hierarchy
    if result.gold_relations:
        for name, counts in (("hierarchy", h.links), ("hierarchy 50%", h.links_50)):
            row = (f"{counts.precision:.2f}", f"{counts.recall:.2f}", f"{counts.f1:.2f}")
            table.add_row(name, *row)
        table.add_row("path ratio", "", "", f"{h.path_ratio:.2f}")
    else:  # CD²CR, or SciCo topics without relations: nothing to score the hierarchy against
        for name in ("hierarchy", "hierarchy 50%", "path ratio"):
            table.add_row(name, "—", "—", "—")
    console = Console()
    console.print(table)
    if not result.gold_relations:
        console.print("hierarchy: no gold relations in the data, not scored")
    console.print(f"signature: {scico_bench.SIGNATURE}|termlens-{__version__}", soft_wrap=True)
