"""The termlens command: outputs, bench commands and one-line errors for bad input."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from termlens.cli import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def run(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("rules_only", [True, False])
def test_find_jsonl_offsets_slice_the_file(rules_only: bool) -> None:
    path = ROOT / "examples" / "demo.txt"
    code, out, _ = run(
        "find", str(path), "--format", "jsonl", *(["--rules-only"] if rules_only else [])
    )
    assert code == 0
    text = path.read_text(encoding="utf-8")
    records = [json.loads(line) for line in out.splitlines()]
    assert {"CNNs", "SVM", "E2E", "3D", "FA2E", "IL-6", "NF-κB", "LWP", "RAG"} <= {
        r["short_form"]["text"] for r in records if r["kind"] == "definition"
    }
    for record in records:
        for key in ("short_form", "long_form"):
            span = record[key]
            if span is not None:
                assert text[span["start"] : span["end"]] == span["text"]
    if rules_only:
        assert "undefined" not in {r["kind"] for r in records}


def test_find_table_and_brat() -> None:
    code, out, _ = run("find", str(ROOT / "examples" / "demo_es.txt"))
    # not a terminal: the table comes as tab-separated values, a header line first
    lines = out.splitlines()
    assert code == 0 and lines[0] == "doc\tstart\tend\tshort form\tlong form\tkind"
    assert "demo_es\t86\t89\tNPT\tnutrición parenteral\tdefinition" in lines
    code, out, _ = run("find", "-", "--rules-only", stdin="the support\tvector\nmachine (SVM)")
    assert out.splitlines()[1:] == ["stdin\t28\t31\tSVM\tsupport vector machine\tdefinition"]
    code, out, err = run("find", "-", "-", stdin="a support vector machine (SVM)")
    assert code == 1 and out == "" and "- (standard input) given more than once" in err
    # a word a line break hyphenated is written whole
    code, out, _ = run("find", "-", "--rules-only", stdin="a convolu-\ntional network (CN)")
    assert out.splitlines()[1:] == ["stdin\t27\t29\tCN\tconvolutional network\tdefinition"]
    code, out, _ = run(
        "find",
        "-",
        "--rules-only",
        "--format",
        "brat",
        stdin="Un estudio de nutrición parenteral (NPT).",
    )
    assert code == 0
    assert out.splitlines() == [
        "T1\tShortForm 36 39\tNPT",
        "T2\tLongForm 14 34\tnutrición parenteral",
        "R1\tDefines Arg1:T2 Arg2:T1",
    ]
    # the table writes a long form as the rules read it: no markup, no marks of quoted lines
    quoted = "> a support <i>vector</i>\n> machine (SVM) here"
    code, out, _ = run("find", "-", "--rules-only", stdin=quoted)
    assert out.splitlines()[1].split("\t")[4] == "support vector machine"
    code, out, _ = run("find", "-", "--rules-only", "-f", "jsonl", stdin=quoted)
    assert json.loads(out)["long_form"]["text"] == "support <i>vector</i>\n> machine"  # as given
    # a span across lines comes in pieces, as brat writes it, its text joined by spaces
    code, out, _ = run(
        "find", "-", "--rules-only", "-f", "brat", stdin="a support\nvector machine (SVM)"
    )
    assert out.splitlines()[1] == "T2\tLongForm 2 9;10 24\tsupport vector machine"


def test_find_reads_jsonl_documents(tmp_path: Path) -> None:
    path = tmp_path / "docs.jsonl"
    rows = [{"id": "a", "text": "A heart rate (HR) test."}, {"id": "b", "text": "No pairs."}]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    code, out, _ = run("find", str(path), "-f", "jsonl", "--rules-only")
    assert code == 0
    assert [json.loads(line)["doc_id"] for line in out.splitlines()] == ["a"]


def test_find_reads_a_folder_of_documents(tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_text("A heart rate (HR) test.")
    (tmp_path / "a.jsonl").write_text(json.dumps({"id": "j", "text": "Body mass index (BMI)."}))
    (tmp_path / "c.md").write_text("# Notes\n\nThe heart rate (HR) rose.")
    (tmp_path / "c2.rst").write_text("A :abbr:`LIFO (last-in, first-out)` queue.")
    (tmp_path / "c3.xml").write_text(  # a JATS article
        '<?xml version="1.0"?>\n<article><p>A <italic>red blood cell</italic> (RBC).</p></article>'
    )
    (tmp_path / "c4.Rmd").write_text(  # R Markdown: its code chunk is code
        "The mean squared error (MSE).\n\n```{r}\nRMSE <- sqrt(MSE)\n```\n"
    )
    (tmp_path / "d.pdf").write_bytes(b"%PDF-1.4 not text")  # not a text file: left alone
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "e.txt").write_text("Blood pressure (BP).")  # subfolders are not read
    code, out, _ = run("find", str(tmp_path), "-f", "jsonl", "--rules-only")
    assert code == 0
    found = [(r["doc_id"], r["short_form"]["text"]) for r in map(json.loads, out.splitlines())]
    assert found == [
        ("j", "BMI"), ("b", "HR"), ("c", "HR"), ("c2", "LIFO"), ("c3", "RBC"), ("c4", "MSE")
    ]  # fmt: skip
    empty = tmp_path / "sub" / "empty"
    empty.mkdir()
    code, out, err = run("find", str(empty))
    assert code == 1 and out == "" and f"{empty}: no .txt/" in err and "in this folder" in err


def test_ids_a_jsonl_gives_twice_are_kept_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    records = [
        {"id": "a", "text": "A heart rate (HR)."},
        {"id": "a", "text": "Blood pressure (BP)."},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    code, out, err = run("find", str(path), "-f", "jsonl", "--rules-only")
    assert code == 0 and [json.loads(line)["doc_id"] for line in out.splitlines()] == ["a", "a"]
    assert "warning: the id 'a' names 2 documents" in err


def test_every_document_of_a_run_has_its_own_id(tmp_path: Path) -> None:
    """Ids termlens makes up (a file's name, a record's line) that are taken already become the
    path (and line) they came from; a .jsonl's own ids are kept as they are."""
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    for folder in ("one", "two"):
        (tmp_path / folder / "main.tex").write_text("A heart rate (HR) test.")
    lines = tmp_path / "lines.jsonl"
    lines.write_text(json.dumps({"text": "Body mass index (BMI)."}))
    given = tmp_path / "given.jsonl"
    given.write_text(json.dumps({"id": "1", "text": "Blood pressure (BP)."}))
    one, two = tmp_path / "one" / "main.tex", tmp_path / "two" / "main.tex"
    sources = [str(one), str(two), str(two), str(lines), str(lines), str(given)]
    code, out, _ = run("find", *sources, "-f", "jsonl", "--rules-only")
    assert code == 0
    ids = [r["doc_id"] for r in map(json.loads, out.splitlines())]
    assert ids == ["main", str(two), f"{two}#2", "1", f"{lines}:1", "1"]
    odd = tmp_path / "odd.jsonl"
    records = [{"id": 7, "text": "Blood pressure (BP)."}, {"id": None, "text": "Heart rate (HR)."}]
    odd.write_text("\n".join(json.dumps(r) for r in records))
    code, out, _ = run("find", str(odd), "-f", "jsonl", "--rules-only")
    assert [r["doc_id"] for r in map(json.loads, out.splitlines())] == ["7", "2"]  # null: none
    versions = [tmp_path / "GPL-1.2", tmp_path / "GPL-1.3", tmp_path / "notes.TXT"]
    for path in versions:
        path.write_text("A heart rate (HR) test.")
    code, out, _ = run("find", *map(str, versions), "-f", "jsonl", "--rules-only")
    ids = [r["doc_id"] for r in map(json.loads, out.splitlines())]
    assert ids == ["GPL-1.2", "GPL-1.3", "notes"]  # a version is no suffix to leave out
    odd.write_text(json.dumps({"id": {"a": 1}, "text": "Heart rate (HR)."}))
    code, out, err = run("find", str(odd), "--rules-only")
    assert code == 1 and not out and "line 1: \"id\" {'a': 1} is neither text nor a whole" in err


def test_a_folder_s_compressed_and_info_files_are_read_by_what_they_hold(
    tmp_path: Path,
) -> None:
    """A folder's gzip-compressed text files and GNU Info files (split ones too) are documents,
    named without ``.gz`` and a text file's suffix; a compressed .jsonl holds records."""
    texts = {
        "notes.txt.gz": "A heart rate (HR) test.",
        "sed.info.gz": "Basic regular expressions (BRE).",
        "find.info-2": "A network filesystem (NFS).",
        "image.png.gz": "Blood pressure (BP).",
    }
    for name, text in texts.items():
        data = text.encode()
        (tmp_path / name).write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    (tmp_path / "lines.jsonl.gz").write_bytes(
        gzip.compress(json.dumps({"id": "r1", "text": "Body mass index (BMI)."}).encode())
    )
    code, out, _ = run("find", str(tmp_path), "-f", "jsonl", "--rules-only")
    rows = [(r["doc_id"], r["short_form"]["text"]) for r in map(json.loads, out.splitlines())]
    assert code == 0
    assert rows == [("find.info-2", "NFS"), ("r1", "BMI"), ("notes", "HR"), ("sed", "BRE")]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x00\x01\x02binary", "looks like a binary file"),
        ("caf\xe9".encode("latin-1"), "not valid UTF-8 (byte 0xe9 at offset 3)"),
    ],
)
def test_unreadable_input_is_one_line_and_exit_1(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    code, out, err = run("find", str(path))
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and str(path) in err and message in err


def test_a_folder_with_an_unreadable_file_stops_unless_told_to_leave_it_out(
    tmp_path: Path,
) -> None:
    (tmp_path / "a.txt").write_text("The Pulse Index (PI) is high.")
    (tmp_path / "b.txt").write_bytes("café (CAF)".encode("latin-1"))
    (tmp_path / "c.md").write_text("The body mass index (BMI) rose.")
    code, out, err = run("find", str(tmp_path), "--rules-only")
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "b.txt: not valid UTF-8" in err and "give --skip-unreadable to leave it out" in err
    code, out, err = run("find", str(tmp_path), "--rules-only", "--skip-unreadable")
    assert code == 0 and [line.split("\t")[:4] for line in out.splitlines()[1:]] == [
        ["a", "17", "19", "PI"],
        ["c", "21", "24", "BMI"],
    ]
    assert err.startswith("termlens: warning: left out ") and "b.txt: not valid UTF-8" in err
    # a missing file is a mistake in the command, not a file to leave out
    code, _, err = run("find", str(tmp_path), "nope.txt", "--skip-unreadable")
    assert code == 1 and "nope.txt: no such file" in err
    code, out, err = run("find", str(tmp_path / "b.txt"), "--skip-unreadable")
    assert code == 1 and out == "" and "no input left: every file was unreadable" in err


def test_errors_for_missing_file_bad_jsonl_and_bad_options(tmp_path: Path) -> None:
    code, _, err = run("find", str(tmp_path / "nope.txt"))
    assert code == 1 and "no such file" in err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": 1, "text": "ok"}\n{"id": 2}\n')
    code, _, err = run("find", str(bad))
    assert code == 1 and 'bad.jsonl: line 2: expected an object with a string "text" field' in err
    code, _, err = run("find", "-", "--format", "xml", stdin="x")
    assert code == 1 and "unknown format 'xml'; choose one of: table, jsonl, brat" in err
    code, _, err = run("find", "-", "--lang", "xx", stdin="x")
    assert code == 1 and "unknown language 'xx'; choose one of: auto, en, es, da, fa, fr, vi" in err


def test_find_reads_the_tagger_languages() -> None:
    danish = "Lån fra Den Europæiske Investeringsbank (EIB), mindst 4,4 mia. EUR."
    code, out, _ = run("find", "-", "-f", "jsonl", "--lang", "da", stdin=danish)
    found = [json.loads(line)["short_form"]["text"] for line in out.splitlines()]
    assert code == 0 and {"EIB", "mia."} <= set(found)  # the Danish model knows "mia."
    code, auto, _ = run("find", "-", "-f", "jsonl", stdin=danish)  # --lang auto guesses Danish
    assert code == 0 and auto == out
    code, named, _ = run("find", "-", "-f", "jsonl", "--lang", "Danish", stdin=danish)
    assert code == 0 and named == out  # a language's English name serves as well as its code
    persian = "اين سيستم با يك واسط گرافيكي ( GUI ) كار مي كند ."
    code, out, _ = run("find", "-", "-f", "jsonl", "--lang", "fa", stdin=persian)
    (pair,) = [json.loads(line) for line in out.splitlines()]
    # a translated long form explains no letter; the brackets right after it pair them
    assert pair["kind"] == "definition" and pair["long_form"]["text"] == "واسط گرافيكي"
    code, auto, _ = run("find", "-", "-f", "jsonl", stdin=persian)
    assert code == 0 and auto == out


def test_find_starts_a_french_long_form_after_its_elided_article() -> None:
    french = "L'Organisation mondiale de la Santé (OMS) publie un rapport."
    for lang in ("fr", "auto"):
        code, out, _ = run("find", "-", "-f", "jsonl", "--lang", lang, stdin=french)
        (pair,) = [json.loads(line) for line in out.splitlines()]
        assert code == 0 and pair["long_form"]["text"] == "Organisation mondiale de la Santé"


def test_empty_input_gives_empty_output() -> None:
    code, out, _ = run("find", "-", "-f", "jsonl", stdin="")
    assert code == 0 and out == ""


def test_bench_bioc_writes_predictions_and_scores(tmp_path: Path, fixtures: Path) -> None:
    out = tmp_path / "pred.tsv"
    code, stdout, _ = run(
        "bench", "bioc", "--data", str(fixtures / "tiny_bioc.xml"), "--predictions", str(out)
    )
    assert code == 0
    assert out.read_text().count("\n") == 2
    assert "80.00" in stdout  # F1 of the hand-worked case


def test_bench_barr2_pairs(tmp_path: Path, fixtures: Path) -> None:
    out = tmp_path / "pred.tsv"
    code, stdout, _ = run(
        "bench",
        "barr2-pairs",
        "--data",
        str(fixtures / "barr2_set"),
        "--gold",
        str(fixtures / "barr2_gold.tsv"),
        "--predictions",
        str(out),
    )
    assert code == 0
    assert out.read_text().splitlines()[0] == "case1\t32\t35\tNPT\t10\t30\tnutrición parenteral"
    assert "66.67" in stdout


def test_bench_leaves_no_partial_output_on_error(tmp_path: Path) -> None:
    out = tmp_path / "pred.tsv"
    code, _, err = run("bench", "barr2-pairs", "--data", str(tmp_path), "--predictions", str(out))
    assert code == 1 and "raw_text" in err
    assert list(tmp_path.iterdir()) == []


def test_python_dash_m_and_version() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "termlens", "--version"], capture_output=True, text=True, check=True
    )
    assert result.stdout.startswith("termlens ")
    from termlens.acronyms import rules

    compiled = not (rules.__file__ or "").endswith(".py")
    assert ("(abbreviation rules: compiled)" in result.stdout) == compiled


def test_bench_sciai(tmp_path: Path, fixtures: Path) -> None:
    out = tmp_path / "pred.json"
    code, stdout, _ = run(
        "bench", "sciai", "--data", str(fixtures / "tiny_sciai.json"), "--predictions", str(out)
    )
    assert code == 0
    predictions = json.loads(out.read_text())
    assert [p["id"] for p in predictions] == ["TS-1", "TS-2"]
    assert [len(p["predictions"]) for p in predictions] == [10, 5]
    assert predictions[0]["predictions"][7] == "B-short"
    assert "macro" in stdout


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("folder", "is a directory; give the name of a file to write"),  # was a traceback
        ("missing/pred.json", "missing does not exist; create it first"),
    ],
)
def test_a_bad_output_path_is_refused_before_the_work(
    tmp_path: Path, fixtures: Path, where: str, message: str
) -> None:
    (tmp_path / "folder").mkdir()
    data = str(fixtures / "tiny_sciai.json")
    code, stdout, stderr = run(
        "bench", "sciai", "--data", data, "--predictions", str(tmp_path / where)
    )
    assert code == 1 and message in stderr
    assert stdout == ""  # refused before the predictions were made and scored
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]


def test_an_empty_data_file_is_warned_about(tmp_path: Path, fixtures: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text("[]")
    out = tmp_path / "pred.json"
    code, _, stderr = run("bench", "sciai", "--data", str(empty), "--predictions", str(out))
    assert code == 0 and json.loads(out.read_text()) == []
    assert "empty.json: no records in it; is it the right file?" in stderr
    _, _, quiet = run(
        "bench", "sciai", "--data", str(fixtures / "tiny_sciai.json"), "--predictions", str(out)
    )
    assert "warning" not in quiet


def test_bench_sdu22_ae(tmp_path: Path, fixtures: Path) -> None:
    out = tmp_path / "pred.json"
    code, stdout, _ = run(
        "bench",
        "sdu22-ae",
        "--data",
        str(fixtures / "tiny_sdu.json"),
        "--lang",
        "spanish",
        "--predictions",
        str(out),
    )
    assert code == 0
    first = json.loads(out.read_text())[0]
    assert [36, 39] in first["acronyms"] and [46, 50] in first["acronyms"]
    assert [end for _, end in first["long-forms"]] == [34]
    assert "macro" in stdout
    by_code = tmp_path / "by-code.json"
    code, again, _ = run(
        "bench", "sdu22-ae", "--data", str(fixtures / "tiny_sdu.json"), "--lang", "es",
        "--predictions", str(by_code),
    )  # fmt: skip
    assert code == 0 and by_code.read_text() == out.read_text()  # a code serves as the name
    assert "(spanish)" in again


def test_bench_sdu22_ae_bad_language_and_input(tmp_path: Path, fixtures: Path) -> None:
    out = tmp_path / "pred.json"
    code, _, err = run(
        "bench",
        "sdu22-ae",
        "--data",
        str(fixtures / "tiny_sdu.json"),
        "--lang",
        "klingon",
        "--predictions",
        str(out),
    )
    assert code == 1 and "unknown language 'klingon'; choose one of: english" in err
    bad = tmp_path / "bad.json"
    bad.write_text('[{"tokens": ["a", "b"], "labels": ["O"]}]')
    code, _, err = run("bench", "sciai", "--data", str(bad), "--predictions", str(out))
    assert code == 1 and "record 0: 1 labels for 2 tokens" in err
    assert not out.exists()


@pytest.mark.parametrize(
    ("command", "record", "message"),
    [
        (
            "sciai",
            {"tokens": ["a"], "labels": ["B-acronym"]},
            'record 0: "labels" must be a list of',
        ),
        ("sciai", {"tokens": ["a"], "labels": 3}, 'record 0: "labels" must be a list of'),
        ("sciai", {"id": {"n": 1}, "tokens": ["a"]}, 'record 0: "id" must be a string or a number'),
        ("sdu22-ae", {"text": "a b", "acronyms": [["0", "1"]]}, "record 0: bad acronyms span"),
        ("sdu22-ae", {"text": "a b", "long-forms": 7}, "record 0: long-forms must be a list"),
        ("sdu22-ae", {"ID": [1], "text": "a b"}, 'record 0: "ID" must be a string or a number'),
    ],
)
def test_bench_extraction_input_of_a_wrong_type_is_named(
    tmp_path: Path, command: str, record: dict[str, object], message: str
) -> None:
    bad, out = tmp_path / "bad.json", tmp_path / "pred.json"
    bad.write_text(json.dumps([record]))
    language = ["--lang", "english"] if command == "sdu22-ae" else []
    code, _, err = run("bench", command, "--data", str(bad), *language, "--predictions", str(out))
    assert code == 1 and message in err and "Traceback" not in err
    assert not out.exists()


def _command_paths(command: object, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The argument paths of every command under ``command`` (``("dict", "lookup")``, ...); a
    group holds its commands by name (typer's own click, not PyPI's)."""
    commands: dict[str, object] = getattr(command, "commands", {})
    return [
        found for name, sub in commands.items() for found in _command_paths(sub, (*path, name))
    ] or [path]


@pytest.mark.parametrize("path", _command_paths(typer.main.get_command(app)), ids=" ".join)
def test_help_shows_no_docstring_markup(path: tuple[str, ...]) -> None:
    """Help is read in a terminal: Sphinx roles and reST literals are noise there."""
    code, out, _ = run(*path, "--help")
    assert code == 0
    assert not re.search(r"``|:(?:func|class|mod|meth|data):", out), out
