"""The ``termlens`` command: thin wrappers over the library; errors become one line and exit 1."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Annotated, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from termlens import __version__
from termlens.acronyms import Occurrence, find_abbreviations_in_many
from termlens.acronyms.tagger import default_tagger
from termlens.benchmarks import barr2, bioc, sciai, sdu22_ae
from termlens.benchmarks.extraction import MacroScore
from termlens.benchmarks.metrics import PRF
from termlens.documents import RawDocument, read_documents
from termlens.errors import TermlensError, choose_one
from termlens.formats import OUTPUT_FORMATS, brat_lines, jsonl_lines, occurrence_kind
from termlens.text import LANGUAGES, LanguageOption

app = typer.Typer(
    name="termlens",
    help="Find, expand and place the terms of technical text.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
bench_app = typer.Typer(
    help="Run a benchmark: read its official input, predict, write its official output, score.",
    no_args_is_help=True,
)
app.add_typer(bench_app, name="bench")

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
_err = Console(stderr=True)
PROGRESS_MIN_ITEMS = 200


def _guarded(command: Callable[P, R]) -> Callable[P, R]:
    """Turn termlens errors into one line on stderr and exit code 1."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except TermlensError as exc:
            typer.echo(f"termlens: error: {exc}", err=True)
            raise typer.Exit(1) from None
        except BrokenPipeError:
            sys.stderr.close()
            raise typer.Exit(0) from None

    return wrapper


def _progress(items: Iterable[T], total: int, label: str) -> Iterator[T]:
    """Iterate with a progress bar on stderr when the work is large and stderr is a terminal."""
    if total < PROGRESS_MIN_ITEMS or not _err.is_terminal:
        yield from items
        return
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=_err, transient=True) as progress:
        task = progress.add_task(label, total=total)
        for item in items:
            yield item
            progress.advance(task)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"termlens {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Find, expand and place the terms of technical text."""


@app.command()
@_guarded
def find(
    inputs: Annotated[list[str], typer.Argument(help="Text or .jsonl files, or - for stdin.")],
    lang: Annotated[str, typer.Option(help="Language: auto, en or es.")] = "auto",
    format: Annotated[str, typer.Option("--format", "-f", help="table, jsonl or brat.")] = "table",
    jobs: Annotated[int, typer.Option(help="Worker processes for many documents.")] = 1,
    rules_only: Annotated[
        bool, typer.Option("--rules-only", help="Rules only: faster, defined short forms only.")
    ] = False,
) -> None:
    """Every short form: where the text defines it, its long form, and its later uses."""
    if lang not in ("auto", *LANGUAGES):
        raise choose_one("language", lang, ["auto", *LANGUAGES])
    if format not in OUTPUT_FORMATS:
        raise choose_one("format", format, OUTPUT_FORMATS)
    documents = list(read_documents(inputs))
    language: LanguageOption = lang  # type: ignore[assignment]
    texts = (d.text for d in documents)
    found = find_abbreviations_in_many(texts, lang=language, jobs=jobs, rules_only=rules_only)
    results = _progress(zip(documents, found, strict=True), len(documents), "finding")
    if format == "table":
        _print_table(results)
        return
    out = sys.stdout
    for raw, occurrences in results:
        if format == "jsonl":
            lines = jsonl_lines(raw.id, occurrences)
        else:
            lines = brat_lines(occurrences)
            if len(documents) > 1:  # several documents: a "# id" line opens each one's block
                lines = [f"# {raw.id}", *lines]
        if lines:
            out.write("\n".join(lines) + "\n")


def _print_table(results: Iterable[tuple[RawDocument, list[Occurrence]]]) -> None:
    table = Table("doc", "start", "end", "short form", "long form", "kind")
    for raw, occurrences in results:
        for occurrence in occurrences:
            long = occurrence.long
            table.add_row(
                raw.id,
                str(occurrence.short.start),
                str(occurrence.short.end),
                occurrence.short.text,
                long.text if long is not None else "",
                occurrence_kind(occurrence),
            )
    Console().print(table)


def _print_scores(title: str, signature: str, rows: Iterable[tuple[str, PRF]]) -> None:
    table = Table("", "P", "R", "F1", "TP", "FP", "FN", title=title)
    for name, prf in rows:
        table.add_row(
            name,
            f"{prf.precision:.2f}",
            f"{prf.recall:.2f}",
            f"{prf.f1:.2f}",
            str(prf.tp),
            str(prf.fp),
            str(prf.fn),
        )
    console = Console()
    console.print(table)
    console.print(f"signature: {signature}|termlens-{__version__}", soft_wrap=True)


DataOption = Annotated[Path, typer.Option("--data", help="The benchmark input.")]
PredictionsOption = Annotated[Path, typer.Option("--predictions", help="Where to write output.")]


@bench_app.command("bioc")
@_guarded
def bench_bioc(
    data: DataOption,
    predictions: PredictionsOption,
    gold: Annotated[
        Path | None, typer.Option(help="Gold BioC XML; default: the --data file's own relations.")
    ] = None,
) -> None:
    """Abbreviation pairs in a BioC XML corpus (MEDSTRACT, BIOADI, SH/BioText, Ab3P)."""
    documents = bioc.load(data)
    pairs = bioc.predict(_progress(documents, len(documents), "bioc"))
    bioc.write_predictions(pairs, predictions)
    gold_docs = bioc.load(gold) if gold is not None else documents
    gold_pairs = [p for d in gold_docs for p in d.pairs]
    typer.echo(f"wrote {len(pairs)} pairs to {predictions}", err=True)
    if gold_pairs:
        _print_scores(
            f"pairs: {data.name}", bioc.SIGNATURE, [("pairs", bioc.score(pairs, gold_pairs))]
        )


@bench_app.command("barr2-pairs")
@_guarded
def bench_barr2_pairs(
    data: DataOption,
    predictions: PredictionsOption,
    gold: Annotated[Path | None, typer.Option(help="Gold relations TSV (9 or 10 columns).")] = None,
) -> None:
    """BARR2 sub-track 1: short-form / long-form pairs in Spanish clinical cases."""
    texts = barr2.load_texts(data)
    relations = barr2.predict(_progress(texts.items(), len(texts), "barr2"))
    barr2.write_predictions(relations, predictions)
    typer.echo(f"wrote {len(relations)} pairs to {predictions}", err=True)
    if gold is not None:
        score = barr2.score(relations, barr2.read_relations(gold))
        _print_scores(f"BARR2 sub-track 1: {data.name}", barr2.SIGNATURE, [("pairs", score)])


@bench_app.command("sciai")
@_guarded
def bench_sciai(data: DataOption, predictions: PredictionsOption) -> None:
    """SciAI (SDU@AAAI-21 task 1): a BIO label per token; macro P/R/F1 when labels are given."""
    records = sciai.load(data)
    output = sciai.predict(_progress(records, len(records), "sciai"), default_tagger("en"))
    sciai.write_predictions(output, predictions)
    typer.echo(f"wrote {len(output)} records to {predictions}", err=True)
    result = sciai.evaluate(output, records)
    if result is not None:
        _print_macro(f"SciAI: {data.name}", sciai.SIGNATURE, result)


@bench_app.command("sdu22-ae")
@_guarded
def bench_sdu22_ae(
    data: DataOption,
    predictions: PredictionsOption,
    lang: Annotated[
        str, typer.Option(help="english, danish, french, persian, spanish, vietnamese")
    ],
) -> None:
    """SDU@AAAI-22 acronym extraction: character spans; macro P/R/F1 when gold is given."""
    tagger = default_tagger(sdu22_ae.language_code(lang))  # a clear error before any work
    records = sdu22_ae.load(data)
    output = sdu22_ae.predict(_progress(records, len(records), "sdu22-ae"), tagger, lang)
    sdu22_ae.write_predictions(output, predictions)
    typer.echo(f"wrote {len(output)} records to {predictions}", err=True)
    result = sdu22_ae.evaluate(output, records)
    if result is not None:
        _print_macro(f"SDU@AAAI-22 extraction ({lang}): {data.name}", sdu22_ae.SIGNATURE, result)


def _print_macro(title: str, signature: str, result: MacroScore) -> None:
    _print_scores(title, signature, [("short forms", result.short), ("long forms", result.long)])
    typer.echo(f"macro  P {result.precision:.2f}  R {result.recall:.2f}  F1 {result.f1:.2f}")


def main() -> None:
    """Entry point of the ``termlens`` command."""
    app()
