"""The ``termlens`` command: thin wrappers over the library; errors become one line and exit 1."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from termlens import __version__
from termlens.acronyms import Occurrence, find_abbreviations_in_many
from termlens.acronyms.dictionary import AcronymDictionary
from termlens.acronyms.dictionary_files import DictionaryFormat
from termlens.acronyms.disambiguate import Disambiguator
from termlens.acronyms.expand import (
    THRESHOLD,
    default_dictionary,
    expand_language,
    expand_many,
)
from termlens.acronyms.rerank import default_context_check
from termlens.acronyms.rules import unbroken
from termlens.acronyms.tagger import default_tagger, reading
from termlens.benchmarks import barr2, barr2_resolution, bioc, sciai, sdu22_ae
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.extraction import MacroScore
from termlens.benchmarks.metrics import PRF
from termlens.cli_common import (
    InputsArgument,
    SkipUnreadableOption,
    counted,
    guarded,
    print_rows,
    progress,
    read_inputs,
    warn_if_empty,
)
from termlens.cli_concepts import bench_scico, concepts_app
from termlens.cli_dictionary import DictionaryOption, dict_app, open_dictionary
from termlens.cli_taxonomy import attach, bench_semeval16, taxonomy_app
from termlens.documents import RawDocument
from termlens.errors import OptionError, choose_one
from termlens.formats import (
    EXPAND_FORMATS,
    HTML_PAGE_END,
    HTML_PAGE_START,
    OUTPUT_FORMATS,
    brat_lines,
    expanded_text,
    expansion_html,
    expansion_jsonl,
    jsonl_lines,
    occurrence_kind,
)
from termlens.io import atomic_write
from termlens.markup import may_hold_markup
from termlens.normal_form import NormalForm
from termlens.text import Span, language_name

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
app.add_typer(dict_app, name="dict")
app.add_typer(taxonomy_app, name="taxonomy")
app.command("attach")(attach)
bench_app.command("semeval16")(bench_semeval16)
app.add_typer(concepts_app, name="concepts")
bench_app.command("scico")(bench_scico)


def _version(value: bool) -> None:
    if value:
        from termlens.acronyms import rules

        build = "pure Python" if (rules.__file__ or "").endswith(".py") else "compiled"
        typer.echo(f"termlens {__version__} (abbreviation rules: {build})")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Find, expand and place the terms of technical text."""


FindLangOption = Annotated[
    str,
    typer.Option(help="Language: en, es, da, fa, fr or vi; auto guesses it for each text."),
]


@app.command()
@guarded
def find(
    inputs: InputsArgument,
    lang: FindLangOption = "auto",
    format: Annotated[
        str,
        typer.Option(
            "--format", "-f", help="table (tab-separated when not a terminal), jsonl or brat."
        ),
    ] = "table",
    jobs: Annotated[int, typer.Option(help="Worker processes for many documents.")] = 1,
    rules_only: Annotated[
        bool, typer.Option("--rules-only", help="Rules only: faster, defined short forms only.")
    ] = False,
    skip_unreadable: SkipUnreadableOption = False,
) -> None:
    """Every short form: where the text defines it, its long form, and its other uses."""
    language, tagger_lang = reading(lang)
    if format not in OUTPUT_FORMATS:
        raise choose_one("format", format, OUTPUT_FORMATS)
    documents = read_inputs(inputs, skip_unreadable)
    texts = (d.text for d in documents)
    found = find_abbreviations_in_many(
        texts, lang=language, jobs=jobs, rules_only=rules_only, tagger_lang=tagger_lang
    )
    results = progress(zip(documents, found, strict=True), len(documents), "finding")
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


@app.command()
@guarded
def expand(
    inputs: InputsArgument,
    lang: Annotated[
        str, typer.Option(help="Language: en, es or fr; auto guesses it for each text.")
    ] = "auto",
    format: Annotated[str, typer.Option("--format", "-f", help="text, jsonl or html.")] = "text",
    dictionary: DictionaryOption = None,
    threshold: Annotated[
        float, typer.Option(help="Abstain below this confidence (0-1).", min=0.0, max=1.0)
    ] = THRESHOLD,
    jobs: Annotated[int, typer.Option(help="Worker processes for many documents.")] = 1,
    fast: Annotated[
        bool,
        typer.Option(
            help="Skip the second reading of unsure English meanings by sentence vectors: "
            "about twice as fast, less accurate."
        ),
    ] = False,
    complete: Annotated[
        bool,
        typer.Option(
            help="The --dictionary holds every meaning of its short forms (a closed list): "
            "confidences are shares among the senses it lists."
        ),
    ] = False,
    skip_unreadable: SkipUnreadableOption = False,
) -> None:
    """Every acronym with its meaning: defined in the text, else the best sense for its context."""
    lang = expand_language(lang)
    if format not in EXPAND_FORMATS:
        raise choose_one("format", format, EXPAND_FORMATS)
    if complete and dictionary is None:
        raise OptionError(
            "--complete needs --dictionary: the bundled one does not hold every meaning"
        )
    documents = read_inputs(inputs, skip_unreadable)
    open_dictionary(dictionary).close()  # a missing or bad dictionary: one clear error, now
    found = expand_many(
        (d.text for d in documents), lang=lang, dictionary=dictionary, threshold=threshold,
        jobs=jobs, reread=not fast, complete=complete,
    )  # fmt: skip
    out = sys.stdout
    if format == "html":
        out.write(HTML_PAGE_START)
    for raw, expansions in progress(
        zip(documents, found, strict=True), len(documents), "expanding"
    ):
        if format == "text":
            out.write(expanded_text(raw.text, expansions))
            if raw.text and not raw.text.endswith("\n"):
                out.write("\n")
        elif format == "html":
            out.write(expansion_html(raw.id, raw.text, expansions) + "\n")
        else:
            lines = expansion_jsonl(raw.id, expansions)
            if lines:
                out.write("\n".join(lines) + "\n")
    if format == "html":
        out.write(HTML_PAGE_END)


def _print_table(results: Iterable[tuple[RawDocument, list[Occurrence]]]) -> None:
    """The occurrences, a row each; a long form as the rules read it (:func:`_as_read`), on one
    line, a word a line break hyphenated written whole (jsonl and brat keep the text as it is)."""
    columns = ("doc", "start", "end", "short form", "long form", "kind")
    rows = (
        (
            raw.id,
            str(occurrence.short.start),
            str(occurrence.short.end),
            occurrence.short.text,
            unbroken(_as_read(raw.text, occurrence.long)) if occurrence.long is not None else "",
            occurrence_kind(occurrence),
        )
        for raw, occurrences in results
        for occurrence in occurrences
    )
    print_rows(columns, rows)


def _as_read(text: str, span: Span) -> str:
    """A span's text in the normal form, without the markup, citations and marks of quoted lines
    inside it ("support <i>vector</i> machine", "support⏎> vector machine")."""
    if span.text.isascii() and not may_hold_markup(span.text) and "\n" not in span.text:
        return span.text
    form = _normal_form(text)
    return form.text[form.normal(span.start) : form.normal(span.end)]


_normal_form = lru_cache(maxsize=4)(NormalForm.of)  # the document of the rows being written


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
CandidatesOption = Annotated[
    Path | None,
    typer.Option(
        "--dictionary", help="Candidate long forms (JSON); default: the bundled dictionary."
    ),
]
FoldsOption = Annotated[
    int, typer.Option(help="Cross-validate: learn from the other folds of --data (0: no).", min=0)
]


@bench_app.command("bioc")
@guarded
def bench_bioc(
    data: DataOption,
    predictions: PredictionsOption,
    gold: Annotated[
        Path | None, typer.Option(help="Gold BioC XML; default: the --data file's own relations.")
    ] = None,
) -> None:
    """Abbreviation pairs in a BioC XML corpus (MEDSTRACT, BIOADI, SH/BioText, Ab3P)."""
    documents = bioc.load(data)
    warn_if_empty(len(documents), "documents", data)
    pairs = bioc.predict(progress(documents, len(documents), "bioc"))
    bioc.write_predictions(pairs, predictions)
    gold_docs = bioc.load(gold) if gold is not None else documents
    gold_pairs = [p for d in gold_docs for p in d.pairs]
    typer.echo(f"wrote {counted(len(pairs), 'pair')} to {predictions}", err=True)
    if gold_pairs:
        _print_scores(
            f"pairs: {data.name}", bioc.SIGNATURE, [("pairs", bioc.score(pairs, gold_pairs))]
        )


@bench_app.command("barr2-pairs")
@guarded
def bench_barr2_pairs(
    data: DataOption,
    predictions: PredictionsOption,
    gold: Annotated[Path | None, typer.Option(help="Gold relations TSV (9 or 10 columns).")] = None,
) -> None:
    """BARR2 sub-track 1: short-form / long-form pairs in Spanish clinical cases."""
    texts = barr2.load_texts(data)
    warn_if_empty(len(texts), "case texts", data)
    relations = barr2.predict(progress(texts.items(), len(texts), "barr2"))
    barr2.write_predictions(relations, predictions)
    typer.echo(f"wrote {counted(len(relations), 'pair')} to {predictions}", err=True)
    if gold is not None:
        score = barr2.score(relations, barr2.read_relations(gold))
        _print_scores(f"BARR2 sub-track 1: {data.name}", barr2.SIGNATURE, [("pairs", score)])


@bench_app.command("barr2-resolution")
@guarded
def bench_barr2_resolution(
    data: DataOption,
    predictions: PredictionsOption,
    gold: Annotated[Path | None, typer.Option(help="Gold abbreviations TSV.")] = None,
    folds: FoldsOption = 0,
) -> None:
    """BARR2 sub-track 2: every abbreviation of Spanish clinical cases with its definition."""
    texts = barr2.load_texts(data)
    warn_if_empty(len(texts), "case texts", data)
    gold_rows = barr2_resolution.read_resolutions(gold) if gold is not None else None
    if folds:
        if gold_rows is None:
            raise OptionError("--folds learns from the other folds' gold; give --gold too")
        found = list(barr2_resolution.cross_validate(texts, gold_rows, folds))
    else:
        bundled = default_dictionary()
        resolver = barr2_resolution.Resolver(bundled)
        ranker = Disambiguator(bundled, language="es")
        cases = progress(texts.items(), len(texts), "barr2")
        found = barr2_resolution.predict(cases, resolver, ranker)
    barr2_resolution.write_predictions(found, predictions)
    typer.echo(f"wrote {counted(len(found), 'abbreviation')} to {predictions}", err=True)
    if gold_rows is not None:
        strict, flexible = barr2_resolution.score(found, gold_rows)
        title = f"BARR2 sub-track 2: {data.name}" + (f" ({folds}-fold cv)" if folds else "")
        _print_scores(
            title, barr2_resolution.SIGNATURE, [("strict", strict), ("flexible", flexible)]
        )
        if not folds:
            _note_in_sample("the BARR2 training set's abbreviations", "--folds 5")


@bench_app.command("sciai")
@guarded
def bench_sciai(data: DataOption, predictions: PredictionsOption) -> None:
    """SciAI (SDU@AAAI-21 task 1): a BIO label per token; macro P/R/F1 when labels are given."""
    records = sciai.load(data)
    warn_if_empty(len(records), "records", data)
    output = sciai.predict(progress(records, len(records), "sciai"), default_tagger("en"))
    sciai.write_predictions(output, predictions)
    typer.echo(f"wrote {counted(len(output), 'record')} to {predictions}", err=True)
    result = sciai.evaluate(output, records)
    if result is not None:
        _print_macro(f"SciAI: {data.name}", sciai.SIGNATURE, result)


@bench_app.command("sdu22-ae")
@guarded
def bench_sdu22_ae(
    data: DataOption,
    predictions: PredictionsOption,
    lang: Annotated[
        str,
        typer.Option(help="english, danish, french, persian, spanish, vietnamese (or en, da, …)."),
    ],
) -> None:
    """SDU@AAAI-22 acronym extraction: character spans; macro P/R/F1 when gold is given."""
    tagger = default_tagger(sdu22_ae.tagger_code(lang))  # a clear error before any work
    lang = language_name(lang)
    records = sdu22_ae.load(data)
    warn_if_empty(len(records), "records", data)
    output = sdu22_ae.predict(progress(records, len(records), "sdu22-ae"), tagger, lang)
    sdu22_ae.write_predictions(output, predictions)
    typer.echo(f"wrote {counted(len(output), 'record')} to {predictions}", err=True)
    result = sdu22_ae.evaluate(output, records)
    if result is not None:
        _print_macro(f"SDU@AAAI-22 extraction ({lang}): {data.name}", sdu22_ae.SIGNATURE, result)


@bench_app.command("sciad")
@guarded
def bench_sciad(
    data: DataOption,
    predictions: PredictionsOption,
    dictionary: CandidatesOption = None,
    folds: FoldsOption = 0,
) -> None:
    """SciAD (SDU@AAAI-21 task 2): the long form of each acronym; macro P/R/F1 and accuracy."""
    examples = ad.load_sciad(data)
    warn_if_empty(len(examples), "examples", data)
    bundled = default_dictionary()
    chosen = _disambiguate(
        examples, dictionary, "sdu", bundled, folds, frozenset({ad.SCIAD_SOURCE})
    )
    chosen = [ad.in_sciad_tokens(long) for long in chosen]  # the bundle writes "actor-critic"
    _write_json(
        predictions, [{"id": e.id, "prediction": p} for e, p in zip(examples, chosen, strict=True)]
    )
    protocol = f"{folds}-fold-cv" if folds else ""
    scored = _report_disambiguation(f"SciAD: {data.name}", "sciad", examples, chosen, protocol)
    if scored and not folds:
        _note_in_sample("SciAD dev-open's labels and contexts", "--folds 5")


@bench_app.command("sdu22-ad")
@guarded
def bench_sdu22_ad(
    data: DataOption,
    predictions: PredictionsOption,
    dictionary: Annotated[Path, typer.Option("--dictionary", help="The SDU diction.json.")],
    lang: Annotated[str, typer.Option(help="english, french or spanish (or en, fr, es).")],
    held_out: Annotated[
        bool, typer.Option("--held-out", help="Learn from 9/10 of --data, score the other tenth.")
    ] = False,
) -> None:
    """SDU@AAAI-22 acronym disambiguation: the label of each acronym; macro P/R/F1."""
    lang = language_name(lang)
    if lang not in ad.SDU22_LANGUAGES:
        raise choose_one("language", lang, ad.SDU22_LANGUAGES)
    examples = ad.load_sdu22(data)
    warn_if_empty(len(examples), "examples", data)
    bundled = default_dictionary()
    training, examples = ad.held_out(examples) if held_out else ([], examples)
    ranker = ad.sdu22_ranker(dictionary, lang, training, bundled, leave_out_own=held_out)
    chosen = ad.predict(progress(examples, len(examples), "sdu22-ad"), ranker)
    _warn_unanswered(chosen, dictionary)
    _write_json(
        predictions, [{"ID": e.id, "label": p} for e, p in zip(examples, chosen, strict=True)]
    )
    title = f"SDU@AAAI-22 disambiguation ({lang}): {data.name}" + (
        " held-out tenth" if held_out else ""
    )
    protocol = "held-out-tenth" if held_out else ""
    scored = _report_disambiguation(title, "sdu22-ad", examples, chosen, protocol)
    if scored and not held_out:
        _note_in_sample("the SDU@AAAI-22 training files' labels", "--held-out")


@bench_app.command("gladis")
@guarded
def bench_gladis(
    data: DataOption,
    predictions: PredictionsOption,
    dictionary: CandidatesOption = None,
) -> None:
    """GLADIS: the long form of each acronym (JSON lines input); averaged F1 and accuracy."""
    examples = ad.load_gladis(data)
    warn_if_empty(len(examples), "examples", data)
    chosen = _disambiguate(examples, dictionary, "gladis", default_dictionary(), 0, frozenset())
    _write_json(
        predictions,
        [{"index": e.id, "prediction": p} for e, p in zip(examples, chosen, strict=True)],
    )
    if _report_disambiguation(f"GLADIS: {data.name}", "gladis", examples, chosen, ""):
        _note_in_sample("GLADIS general dev's and biomedical train's labels")


def _disambiguate(
    examples: list[ad.Example],
    candidates: Path | None,
    format: DictionaryFormat,
    bundled: AcronymDictionary,
    folds: int,
    own_sources: frozenset[str],
) -> list[str]:
    """Predictions with candidates from a file (or the bundled dictionary) and the bundled
    dictionary's contexts, English contexts re-read (:mod:`termlens.acronyms.rerank`); with
    ``folds``, cross-validated without the data's own entries."""
    check = default_context_check()
    windows = check.encoder if check else None
    if folds:

        def make(training: list[ad.Example]) -> Disambiguator:
            fold = ad.dictionary_for(candidates, format, training, windows)
            if candidates is None:  # candidates: the bundled dictionary without this data
                return Disambiguator(
                    bundled, (fold, bundled), exclude_sources=own_sources, check=check
                )
            return Disambiguator(
                fold, (fold, bundled), exclude_sources=own_sources, complete=True, check=check
            )

        chosen = ad.cross_validate(
            examples, folds, make, lambda items, n: progress(items, n, "folds")
        )
    else:
        if candidates is None:
            ranker = Disambiguator(bundled, check=check)
        else:
            own = ad.dictionary_for(candidates, format)
            ranker = Disambiguator(own, (own, bundled), complete=True, check=check)
        chosen = ad.predict(progress(examples, len(examples), "disambiguating"), ranker)
    _warn_unanswered(chosen, candidates)
    return chosen


def _warn_unanswered(chosen: list[str], candidates: Path | None) -> None:
    """Say how many acronyms got no prediction because the candidates do not know them."""
    unanswered = chosen.count("")
    if unanswered:
        typer.echo(
            f"termlens: warning: {unanswered} of {len(chosen)} acronyms have no candidate long "
            f"form in {candidates or 'the bundled dictionary'}; their predictions are empty",
            err=True,
        )


def _write_json(path: Path, records: list[dict[str, object]]) -> None:
    with atomic_write(path) as out:
        json.dump(records, out, ensure_ascii=False, indent=1)
    typer.echo(f"wrote {counted(len(records), 'prediction')} to {path}", err=True)


def _report_disambiguation(
    title: str, name: str, examples: list[ad.Example], chosen: list[str], protocol: str
) -> bool:
    """Print the scores and the signature; False (nothing printed) without gold."""
    gold = [e.gold for e in examples]
    if not examples or any(g is None for g in gold):
        return False
    result = ad.score([g for g in gold if g is not None], chosen)
    table = Table("", "P", "R", "F1", "averaged F1", "accuracy", "N", title=title)
    table.add_row("macro", f"{result.precision:.2f}", f"{result.recall:.2f}", f"{result.f1:.2f}",
                  f"{result.averaged_f1:.2f}", f"{result.accuracy:.2f}", str(result.n))  # fmt: skip
    console = Console()
    console.print(table)
    how = protocol or "as-given"
    console.print(f"signature: {name}|{ad.SIGNATURE}|{how}|termlens-{__version__}", soft_wrap=True)
    return True


def _note_in_sample(what: str, option: str = "") -> None:
    """Say, under scores, which open files the bundle learned from, and the option that keeps
    a file's own entries out of its scoring (none where no option does)."""
    unless = f" without {option}" if option else ""
    typer.echo(
        f"note: the bundled dictionary holds {what}: scores on those files are in-sample{unless}",
        err=True,
    )


def _print_macro(title: str, signature: str, result: MacroScore) -> None:
    _print_scores(title, signature, [("short forms", result.short), ("long forms", result.long)])
    typer.echo(f"macro  P {result.precision:.2f}  R {result.recall:.2f}  F1 {result.f1:.2f}")


def main() -> None:
    """Entry point of the ``termlens`` command."""
    app()
