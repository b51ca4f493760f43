"""``termlens dict ...``: look up, add to, import, export, mine and describe dictionaries."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from termlens.acronyms import dictionary as acronym_dictionary
from termlens.acronyms.dictionary import AcronymDictionary, Context, Entry
from termlens.acronyms.dictionary_files import (
    check_export_format,
    check_format,
    export,
    read_entries,
    stated_licence,
)
from termlens.acronyms.expand import DICTIONARY_FILE
from termlens.acronyms.mining import mine, store
from termlens.acronyms.rerank import default_context_check
from termlens.cli_common import (
    InputsArgument,
    SkipUnreadableOption,
    counted,
    guarded,
    print_rows,
    read_inputs,
)
from termlens.errors import InputError, OptionError, choose_one
from termlens.io import note_input
from termlens.resources import resource_path
from termlens.text import LANGUAGES, LanguageOption, guess_language, language_code

dict_app = typer.Typer(
    help="Acronym dictionaries: short form → long forms with counts and provenance.",
    no_args_is_help=True,
)

DictionaryOption = Annotated[
    Path | None,
    typer.Option("--dictionary", "-d", help="A dictionary file; default: the bundled one."),
]
DictionaryFilesArgument = Annotated[
    list[Path],
    typer.Argument(
        help="SDU diction.json, GLADIS JSON, TSV, CSV, Excel, ADAM or V.E.R.A. (vera.info.gz)."
    ),
]
InputFormatOption = Annotated[
    str | None,
    typer.Option(
        "--format", "-f", help="sdu, gladis, tsv, csv, xlsx, adam or vera; default: guessed."
    ),
]
TargetOption = Annotated[
    Path, typer.Option("--into", help="The dictionary file to write (created if missing).")
]
FromBundledOption = Annotated[
    bool,
    typer.Option(
        "--from-bundled",
        help="Create --into as a copy of the bundled dictionary (what expand knows by default) "
        "and add to that.",
    ),
]


def open_dictionary(path: Path | None) -> AcronymDictionary:
    """The dictionary at ``path``, or the bundled one."""
    return AcronymDictionary.open(path or resource_path(DICTIONARY_FILE))


def _check_new(path: Path, from_bundled: bool) -> None:
    """Refuse --from-bundled with an --into that exists."""
    if from_bundled and path.exists():
        raise OptionError(
            f"--from-bundled creates --into, and {path} exists; add to it without --from-bundled, "
            "or give a new file"
        )


@contextmanager
def _writable(path: Path, from_bundled: bool = False) -> Iterator[AcronymDictionary]:
    """An existing dictionary opened for writing, or a new one, empty or a copy of the bundled
    one, that appears only if the command succeeds (a failed first import leaves no file)."""
    _check_new(path, from_bundled)
    if path.exists():
        with AcronymDictionary.open(path, writable=True) as dictionary:
            yield dictionary
        return
    base = resource_path(DICTIONARY_FILE) if from_bundled else None
    with acronym_dictionary.build(path, base) as dictionary:
        yield dictionary


@dict_app.command("lookup")
@guarded
def lookup(
    short_forms: Annotated[list[str], typer.Argument(help="Short forms to look up.")],
    dictionary: DictionaryOption = None,
    limit: Annotated[int, typer.Option(min=1, help="Senses shown per short form.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="JSON lines instead of a table.")] = False,
) -> None:
    """The senses of short forms, most frequent first (how many it knows in all: on stderr
    where --limit cuts the list, and as all_senses in JSON)."""
    if empty := [i for i, short in enumerate(short_forms, 1) if not short.strip()]:
        raise InputError(
            f"short form {empty[0]} of {len(short_forms)} is empty; give the letters to look up, "
            "e.g. termlens dict lookup NASA"
        )
    rows, cut = [], []
    with open_dictionary(dictionary) as d:
        for short in short_forms:
            senses = d.lookup(short)
            if len(senses) > limit:
                cut.append(f"{senses[0].short}: {limit} of {len(senses)} senses shown")
            if as_json:
                records = [
                    {"long_form": s.long, "count": s.count, "variants": [v for v, _ in s.variants],
                     "languages": list(s.languages), "domains": list(s.domains),
                     "sources": list(s.sources)}
                    for s in senses[:limit]
                ]  # fmt: skip
                record = {
                    "short_form": senses[0].short if senses else short,
                    "senses": records,
                    "all_senses": len(senses),
                }
                typer.echo(json.dumps(record, ensure_ascii=False))
                continue
            if not senses:
                rows.append((short, "(unknown: not in the dictionary)", "", "", ""))
            rows += [
                (s.short, s.long, str(s.count), str(len(s.variants)), ", ".join(s.sources))
                for s in senses[:limit]
            ]
    if not as_json:
        print_rows(("short form", "long form", "count", "variants", "sources"), rows)
    if cut:  # on stderr, so that the table or JSON lines stay whole
        typer.echo(f"{'; '.join(cut)}: --limit N shows more", err=True)


@dict_app.command("add")
@guarded
def add(
    short: Annotated[str, typer.Argument(help="The short form.")],
    long: Annotated[str, typer.Argument(help="The long form.")],
    into: TargetOption,
    count: Annotated[int, typer.Option(help="How often it was seen.")] = 1,
    source: Annotated[str, typer.Option(help="Provenance of the entry.")] = "user",
    language: Annotated[str, typer.Option(help="Language code, e.g. en.")] = "",
    domain: Annotated[str, typer.Option(help="Domain tag, e.g. biomedical.")] = "",
    from_bundled: FromBundledOption = False,
) -> None:
    """Add one long form of a short form."""
    if not short.strip() or not long.strip() or count < 1:
        raise InputError("give a non-empty short form and long form, and a count of at least 1")
    if long.strip().casefold() == short.strip().casefold():
        raise InputError(
            f"the long form {long.strip()!r} is the short form itself; give what it stands for"
        )
    with _writable(into, from_bundled) as d:
        d.add([Entry(short.strip(), long.strip(), count, language, domain)], source)
    typer.echo(f"added {short} → {long} to {into}", err=True)


@dict_app.command("import")
@guarded
def import_(
    files: DictionaryFilesArgument,
    into: TargetOption,
    format: InputFormatOption = None,
    source: Annotated[str | None, typer.Option(help="Provenance; default: the file name.")] = None,
    licence: Annotated[
        str, typer.Option(help="Licence of the source; default: the one the file states, if any.")
    ] = "",
    language: Annotated[str, typer.Option(help="Language code of the entries.")] = "",
    domain: Annotated[str, typer.Option(help="Domain tag of the entries.")] = "",
    from_bundled: FromBundledOption = False,
) -> None:
    """Import dictionary files; each file in one transaction (a bad file imports nothing)."""
    chosen = check_format(format) if format is not None else None
    with _writable(into, from_bundled) as d:
        for path in files:
            stated = licence or stated_licence(path, chosen)
            n = d.add(read_entries(path, chosen, language, domain), source or path.name, stated)
            typer.echo(f"imported {counted(n, 'long form')} from {path}", err=True)


@dict_app.command("export")
@guarded
def export_(
    out: Annotated[Path, typer.Argument(help="The file to write.")],
    dictionary: DictionaryOption = None,
    format: Annotated[
        str, typer.Option("--format", "-f", help="sdu, gladis, tsv or csv.")
    ] = "gladis",
) -> None:
    """Write a dictionary as SDU diction.json, GLADIS JSON, TSV or CSV."""
    with open_dictionary(dictionary) as d:
        n = export(d, out, check_export_format(format))
    typer.echo(f"wrote {counted(n, 'short form')} to {out}", err=True)


@dict_app.command("mine")
@guarded
def mine_(
    inputs: InputsArgument,
    into: TargetOption,
    source: Annotated[str, typer.Option(help="Provenance of the mined pairs.")] = "mined",
    lang: Annotated[str, typer.Option(help="Language: auto, en or es.")] = "auto",
    jobs: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    windows: Annotated[
        bool,
        typer.Option(
            help="Also keep the sentence vectors of the words around each use in English text "
            "(all of it with --lang en; with auto, the uses whose text reads as English): the "
            "second reading of English meanings compares contexts with them. Slower."
        ),
    ] = True,
    from_bundled: FromBundledOption = False,
    skip_unreadable: SkipUnreadableOption = False,
) -> None:
    """Add the pairs a corpus defines (counted per document) and the contexts of their uses."""
    _check_new(into, from_bundled)  # before the mining, which takes a while
    lang = language_code(lang)
    if lang not in ("auto", *LANGUAGES):
        raise choose_one("language", lang, ["auto", *LANGUAGES])
    language: LanguageOption = lang  # type: ignore[assignment]
    texts = [d.text for d in read_inputs(inputs, skip_unreadable)]
    harvest = mine(texts, lang=language, jobs=jobs)
    check = default_context_check() if windows and lang in ("en", "auto") else None
    with _writable(into, from_bundled) as d:
        store(
            harvest,
            d,
            source,
            language="" if lang == "auto" else lang,
            window_encoder=check.encoder if check else None,
            window_if=_reads_as_english if lang == "auto" else None,
        )
    typer.echo(
        f"mined {counted(len(harvest.pairs), 'pair')} and "
        f"{counted(len(harvest.contexts), 'context')} from "
        f"{counted(harvest.documents, 'document')} into {into}",
        err=True,
    )


def _reads_as_english(context: Context) -> bool:
    return guess_language(context.text) == "en"


@dict_app.command("stats")
@guarded
def stats(dictionary: DictionaryOption = None) -> None:
    """Counts of short forms, senses, long forms and contexts, and entries per source."""
    with open_dictionary(dictionary) as d:
        typer.echo(json.dumps({"dictionary": d.name, **d.stats()}, indent=2, ensure_ascii=False))


@dict_app.command("build")
@guarded
def build(
    files: DictionaryFilesArgument,
    out: Annotated[Path, typer.Option("--out", help="The dictionary file to (re)build.")],
    format: InputFormatOption = None,
) -> None:
    """Build a dictionary from files: a new file, renamed over --out once complete."""
    chosen = check_format(format) if format is not None else None
    for path in files:
        note_input(path)  # so that an --out among them is refused before the work
    with acronym_dictionary.build(out) as d:
        for path in files:
            d.add(read_entries(path, chosen), path.name, stated_licence(path, chosen))
    typer.echo(f"built {out} from {counted(len(files), 'file')}", err=True)
