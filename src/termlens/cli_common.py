"""Helpers shared by the command modules: one-line errors, progress bars, empty-input warnings,
tables."""

from __future__ import annotations

import functools
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import chain
from pathlib import Path
from typing import Annotated, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from termlens.documents import RawDocument, read_documents
from termlens.errors import InputError, TermlensError, UnreadableFileError
from termlens.formats import tsv_line
from termlens.io import check_writable, inputs_kept

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
err_console = Console(stderr=True)
PROGRESS_MIN_ITEMS = 200


def counted(n: int, noun: str) -> str:
    """``n`` and the noun, plural (with an s) unless ``n`` is one: "1 pair", "2 pairs"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


OUTPUT_PARAMETERS = ("predictions", "output", "out", "into")  # the commands' files to write


def guarded(command: Callable[P, R]) -> Callable[P, R]:
    """Turn termlens errors into one line on stderr and exit code 1; check the command's output
    path (:data:`OUTPUT_PARAMETERS`) before it starts."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            for name in OUTPUT_PARAMETERS:  # a bad output path: an error now, not after the work
                path = kwargs.get(name)
                if isinstance(path, Path) and str(path) != "-":
                    check_writable(path)
            with inputs_kept():  # no output may replace an input
                return command(*args, **kwargs)
        except TermlensError as exc:
            typer.echo(f"termlens: error: {exc}", err=True)
            raise typer.Exit(1) from None
        except BrokenPipeError:
            sys.stderr.close()
            raise typer.Exit(0) from None

    return wrapper


def progress(items: Iterable[T], total: int, label: str) -> Iterator[T]:
    """Iterate with a progress bar on stderr when the work is large and stderr is a terminal."""
    if total < PROGRESS_MIN_ITEMS or not err_console.is_terminal:
        yield from items
        return
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err_console, transient=True) as progress:
        task = progress.add_task(label, total=total)
        for item in items:
            yield item
            progress.advance(task)


@contextmanager
def working(message: str, size: int) -> Iterator[None]:
    """A spinner with the message on stderr while one large piece of work runs (``size`` at
    least :data:`PROGRESS_MIN_ITEMS` and stderr a terminal), where a bar cannot count."""
    if size < PROGRESS_MIN_ITEMS or not err_console.is_terminal:
        yield
        return
    with err_console.status(message):
        yield


InputsArgument = Annotated[
    list[str],
    typer.Argument(
        help="Text files (.txt, .md, .html, .tex, …), .jsonl, .ipynb, .docx, .pptx, .xlsx, .odt "
        "or .epub files, folders of them, or - for stdin."
    ),
]
SkipUnreadableOption = Annotated[
    bool,
    typer.Option(
        "--skip-unreadable",
        help="Leave out, with a warning, files that are no UTF-8 text (binary, another "
        "encoding) instead of stopping at the first.",
    ),
]


def read_inputs(inputs: list[str], skip_unreadable: bool = False) -> list[RawDocument]:
    """The documents of the inputs (:func:`~termlens.documents.read_documents`), with a warning
    on stderr where ids a .jsonl gave name more than one document: their results share the id.
    A file that is no UTF-8 text is an error naming ``--skip-unreadable`` where there are other
    files to read, or with ``skip_unreadable`` a warning, the file left out (an error when
    that leaves nothing)."""
    left_out: list[UnreadableFileError] = []

    def leave_out(exc: UnreadableFileError) -> None:
        typer.echo(f"termlens: warning: left out {exc}", err=True)
        left_out.append(exc)

    try:
        documents = list(read_documents(inputs, leave_out if skip_unreadable else None))
    except UnreadableFileError as exc:
        if len(inputs) == 1 and not Path(inputs[0]).is_dir():
            raise
        raise UnreadableFileError(f"{exc}; or give --skip-unreadable to leave it out") from None
    if left_out and not documents:
        raise InputError("no input left: every file was unreadable (see the warnings above)")
    shared = [(doc_id, n) for doc_id, n in Counter(d.id for d in documents).items() if n > 1]
    if shared:
        first, n = shared[0]
        more = f" and {len(shared) - 1} more ids" if len(shared) > 1 else ""
        typer.echo(
            f"termlens: warning: the id {first!r} names {n} documents{more}; their results share "
            'it: give each record its own "id"',
            err=True,
        )
    return documents


def warn_if_empty(count: int, what: str, source: Path) -> None:
    """Warn on stderr when an input file held nothing to work on (likely the wrong file)."""
    if count == 0:
        typer.echo(f"termlens: warning: {source}: no {what} in it; is it the right file?", err=True)


def print_rows(columns: Sequence[str], rows: Iterable[Sequence[str]]) -> None:
    """A table on a terminal; tab-separated values, a header line first, when the output goes
    to a file or a pipe (drawn cells would wrap long text over several lines there, and a large
    drawn table takes longer to write than most commands take to run)."""
    if not sys.stdout.isatty():
        sys.stdout.writelines(map(tsv_line, chain([columns], rows)))  # as the rows come
        return
    table = Table(*columns)
    for row in rows:
        table.add_row(*row)
    Console().print(table)
