"""The dict, expand and disambiguation bench commands: outputs, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from termlens.acronyms.dictionary import AcronymDictionary
from termlens.acronyms.expand import expand, expand_many
from termlens.cli import app
from termlens.errors import OptionError
from termlens.minilm import EnglishEncoder
from termlens.text import language_segments

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_dict_import_lookup_export_stats(tmp_path: Path) -> None:
    source = tmp_path / "d.json"
    source.write_text(
        json.dumps(
            {"CDA": [["Communications Decency Act", 133], ["Christian Democratic Appeal", 425]]}
        )
    )
    db = tmp_path / "d.sqlite"
    assert run("dict", "import", str(source), "--into", str(db))[0] == 0
    assert (
        run("dict", "add", "CDA", "Christian Democratic Appeal", "--into", str(db), "--count", "5")[
            0
        ]
        == 0
    )
    code, out, _ = run("dict", "lookup", "CDA", "ZZZ", "--dictionary", str(db), "--json")
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 0
    assert [(s["long_form"], s["count"]) for s in first["senses"]] == [
        ("Christian Democratic Appeal", 430),
        ("Communications Decency Act", 133),
    ]
    assert second == {"short_form": "ZZZ", "senses": [], "all_senses": 0}
    _, out, _ = run("dict", "lookup", "cda", "--dictionary", str(db), "--json")
    assert json.loads(out) == first  # in upper case, as the dictionary writes it
    code, out, err = run("dict", "lookup", "CDA", "ZZZ", "--dictionary", str(db), "--limit", "1")
    assert code == 0 and out.splitlines() == [  # not a terminal: tab-separated values
        "short form\tlong form\tcount\tvariants\tsources",
        "CDA\tChristian Democratic Appeal\t430\t1\td.json, user",
        "ZZZ\t(unknown: not in the dictionary)\t\t\t",
    ]
    assert err == "CDA: 1 of 2 senses shown: --limit N shows more\n"  # the cut said, apart
    _, out, err = run("dict", "lookup", "CDA", "--dictionary", str(db), "--limit", "1", "--json")
    assert len(json.loads(out)["senses"]) == 1 and json.loads(out)["all_senses"] == 2
    assert "1 of 2 senses shown" in err
    code, out, err = run("dict", "lookup", "CDA", " ", "--dictionary", str(db))
    assert code != 0 and not out and "short form 2 of 2 is empty" in err
    for limit in ("0", "-1"):  # not a silent slice: -1 dropped the last sense
        code, out, err = run("dict", "lookup", "CDA", "--dictionary", str(db), "--limit", limit)
        assert code != 0 and not out and "--limit" in err
    out_file = tmp_path / "out.json"
    assert (
        run("dict", "export", str(out_file), "--dictionary", str(db), "--format", "gladis")[0] == 0
    )
    assert json.loads(out_file.read_text()) == {
        "CDA": [["Christian Democratic Appeal", 430], ["Communications Decency Act", 133]]
    }
    code, _, err = run("dict", "export", str(out_file), "--dictionary", str(db), "--format", "adam")
    assert code != 0 and "dictionary export format" in err and "'adam'" in err  # read-only format
    code, out, _ = run("dict", "stats", "--dictionary", str(db))
    stats = json.loads(out)
    assert code == 0 and stats["long_forms"] == 2
    assert {name: v["rows"] for name, v in stats["sources"].items()} == {"d.json": 2, "user": 1}


def test_dict_import_of_a_bad_file_is_one_line_and_imports_nothing(tmp_path: Path) -> None:
    db = tmp_path / "d.sqlite"
    run("dict", "add", "AI", "artificial intelligence", "--into", str(db))
    bad = tmp_path / "bad.tsv"
    bad.write_text("short\tlong\tcount\nAA\tanti-aircraft\t3\nBB\tbad\tthree\n")
    code, _, err = run("dict", "import", str(bad), "--into", str(db))
    assert code == 1
    assert err.strip().count("\n") == 0 and "bad.tsv: line 3: field count" in err
    _, out, _ = run("dict", "lookup", "AA", "--dictionary", str(db), "--json")
    assert json.loads(out)["senses"] == []


def test_dict_mine_collects_defined_pairs(tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite"
    demo = str(ROOT / "examples" / "demo.txt")
    code, _, err = run("dict", "mine", demo, "--into", str(db), "--no-windows")
    assert code == 0, err
    _, out, _ = run("dict", "lookup", "SVM", "--dictionary", str(db), "--json")
    assert [s["long_form"] for s in json.loads(out)["senses"]] == ["support vector machine"]
    _, out, _ = run("dict", "stats", "--dictionary", str(db))
    assert json.loads(out)["long_forms_with_window_vectors"] == 0
    one = tmp_path / "one.txt"
    one.write_text("A support vector machine (SVM) works.")
    _, _, err = run("dict", "mine", str(one), "--into", str(tmp_path / "one.db"), "--no-windows")
    assert "mined 1 pair and 1 context from 1 document into" in err  # not "1 pairs"


def test_dict_mine_leaves_out_unreadable_files_only_when_told(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "good.txt").write_text("A support vector machine (SVM) works.")
    (corpus / "old.txt").write_bytes("Un índice (IMC) alto.".encode("latin-1"))
    db = tmp_path / "m.sqlite"
    code, _, err = run("dict", "mine", str(corpus), "--into", str(db), "--no-windows")
    assert code == 1 and "old.txt: not valid UTF-8" in err and "--skip-unreadable" in err
    assert not db.exists()  # no dictionary half made
    code, _, err = run(
        "dict", "mine", str(corpus), "--into", str(db), "--no-windows", "--skip-unreadable"
    )
    assert code == 0 and "left out" in err and "old.txt" in err
    assert "mined 1 pair and 1 context from 1 document into" in err


def test_dict_mine_keeps_the_windows_vectors_of_english_uses(
    tmp_path: Path,
    english_encoder: EnglishEncoder,  # skips without the encoder's package
) -> None:
    demo = str(ROOT / "examples" / "demo.txt")
    spanish = tmp_path / "caso.txt"
    spanish.write_text(
        "La nutrición parenteral (NPT) se suspendió. La NPT duró seis días en la unidad."
    )
    for lang in ("en", "auto"):
        db = tmp_path / f"{lang}.sqlite"
        code, _, err = run("dict", "mine", demo, str(spanish), "--into", str(db), "--lang", lang)
        assert code == 0, err
        with AcronymDictionary.open(db) as d:
            assert d.window_vectors("SVM")["support vector machine"].n >= 1
            # auto reads the Spanish uses as Spanish: no English vectors for them
            assert bool(d.window_vectors("NPT")) == (lang == "en")


def test_expand_formats(tmp_path: Path) -> None:
    text = (
        "Support vector machines (SVMs) beat the baseline. The SVMs were trained with CNN features."
    )
    path = tmp_path / "doc.txt"
    path.write_text(text)
    code, out, err = run("expand", str(path))
    assert code == 0, err
    assert (
        "The SVMs (support vector machines) were trained" in out
    )  # the capital was the sentence's
    code, out, _ = run("expand", str(path), "--format", "jsonl")
    records = [json.loads(line) for line in out.splitlines()]
    assert {r["source"] for r in records} >= {"defined-in-text"}
    for record in records:
        span = record["short_form"]
        assert text[span["start"] : span["end"]] == span["text"]
    code, out, _ = run("expand", str(path), "--format", "html")
    # a whole page that declares its encoding, so a saved file shows its dashes and accents
    assert code == 0 and out.startswith("<!DOCTYPE html>") and out.endswith("</html>\n")
    head, body = out.split("<body>")
    assert '<meta charset="utf-8">' in head and body.lstrip().startswith('<article id="doc"><p>')


def test_expand_reads_each_language_of_a_bilingual_abstract() -> None:
    text = (
        "Objective: To assess blood pressure control in patients with chronic kidney disease. "
        "Patients with CKD were enrolled; the GFR was estimated.\n\n"
        "Objetivo: evaluar el control de la presión arterial en pacientes con enfermedad renal "
        "crónica. Se incluyeron pacientes con HTA; se estimó el FG."
    )
    code, out, err = run("expand", "-", "--format", "jsonl", stdin=text)
    assert code == 0, err
    records = [json.loads(line) for line in out.splitlines()]
    meanings = {r["short_form"]["text"]: r["long_form"] for r in records}
    assert meanings["GFR"] == "glomerular filtration rate"  # English senses for the English part
    assert meanings["FG"] == "filtrado glomerular"  # Spanish ones for the Spanish part
    for record in records:
        span = record["short_form"]
        assert text[span["start"] : span["end"]] == span["text"]
    assert [r["short_form"]["start"] for r in records] == sorted(
        r["short_form"]["start"] for r in records
    )


def test_language_segments() -> None:
    english = "The patients were enrolled in the study and their blood pressure was measured. "
    spanish = "Los pacientes fueron incluidos en el estudio y se midió su presión arterial. "
    heading = "Resumen\n\n"
    assert language_segments(english * 3) == [(0, "en")]
    bilingual = english * 2 + "\n\n" + heading + spanish * 2
    start = bilingual.index("Resumen")
    assert language_segments(bilingual) == [(0, "en"), (start, "es")]
    # one paragraph read otherwise among many is not a language of the text
    many = "\n\n".join([english * 2] * 6 + [spanish * 2])
    assert language_segments(many) == [(0, "en")]


def test_expand_fast_skips_only_the_second_reading() -> None:
    # the bundled dictionary's business sense is the more popular; the context is about radio
    text = "The station broadcasts with an ERP of 12 kilowatts from its antenna on the hill."
    code, slow, err = run("expand", "-", "--format", "jsonl", stdin=text)
    assert code == 0, err
    code, fast, err = run("expand", "-", "--format", "jsonl", "--fast", stdin=text)
    assert code == 0, err
    (record,) = [json.loads(line) for line in slow.splitlines()]
    (quick,) = [json.loads(line) for line in fast.splitlines()]
    assert record["short_form"] == quick["short_form"] and record["source"] == "dictionary"
    assert record["long_form"] == "effective radiated power"
    assert quick["long_form"] == "enterprise resource planning"


def test_expand_with_a_complete_dictionary_shares_the_confidence_among_its_senses(
    tmp_path: Path,
) -> None:
    """A closed list of meanings: the senses' shares add up to one, and a short form's only
    sense is certain; without --complete the dictionary may lack the meaning, and neither is."""
    db = tmp_path / "d.sqlite"
    for short, long in [
        ("CDA", "Christian Democratic Appeal"),
        ("CDA", "Communications Decency Act"),
        ("KPI", "key performance indicator"),
    ]:
        assert run("dict", "add", short, long, "--into", str(db))[0] == 0
    text = "The CDA won the election, and the KPI of the campaign rose."
    readings = {}
    for flags in ((), ("--complete",)):
        args = ("expand", "-", "-d", str(db), "--format", "jsonl", "--threshold", "0", *flags)
        code, out, err = run(*args, stdin=text)
        assert code == 0, err
        records = {r["short_form"]["text"]: r for r in map(json.loads, out.splitlines())}
        readings[flags] = records
    cda, kpi = readings[("--complete",)]["CDA"], readings[("--complete",)]["KPI"]
    total = cda["confidence"] + sum(p for _, p in cda["alternatives"])
    assert total == pytest.approx(1.0, abs=1e-3) and kpi["confidence"] == 1.0
    open_cda, open_kpi = readings[()]["CDA"], readings[()]["KPI"]
    assert open_cda["long_form"] == cda["long_form"]
    assert open_cda["confidence"] != pytest.approx(cda["confidence"], abs=1e-3)
    assert open_kpi["confidence"] < 1.0
    code, out, err = run("expand", "-", "--complete", stdin=text)
    assert code == 1 and not out and "--complete needs --dictionary" in err
    with pytest.raises(OptionError, match="complete needs a dictionary of your own"):
        expand_many([text], complete=True)  # the library says so too, at the call
    with pytest.raises(OptionError, match="jobs must be at least 1, not 0"):
        expand_many([text], jobs=0)
    with pytest.raises(OptionError, match=r"threshold 1\.5: give a confidence between 0 and 1"):
        expand_many([text], threshold=1.5)
    with pytest.raises(OptionError, match="unknown language 'da'; choose one of: auto, en, es, fr"):
        expand_many([text], lang="da")


def test_expand_reads_a_languages_english_name_as_its_code() -> None:
    """lang="Spanish" is "es" for the senses too (it read Spanish short forms, English senses)."""
    text = "El PIB de España creció."
    assert expand(text, lang="Spanish") == expand(text, lang="es")
    assert [e.long for e in expand(text, lang="Spanish")] == ["producto interno bruto"]
    with pytest.raises(OptionError, match="threshold -1: give a confidence between 0 and 1"):
        expand(text, threshold=-1)


def test_expand_without_a_ranker_reads_as_the_command_line_does() -> None:
    text = "Según el INE, el FMI prevé una inflación del 3 % y la OMS lo confirma."
    found = expand(text)
    assert found == next(expand_many([text]))
    meanings = [e.long for e in found] + [long for e in found for long, _ in e.alternatives]
    assert "Fondo Monetario Internacional" in meanings
    assert not any("monétaire" in long or "mondiale" in long for long in meanings)  # French


def test_expand_bad_options_are_one_line(tmp_path: Path) -> None:
    code, _, err = run("expand", "-", "--format", "pdf", stdin="x")
    assert code == 1 and "unknown format 'pdf'" in err
    code, _, err = run("expand", "-", "--dictionary", str(tmp_path / "none.sqlite"), stdin="x")
    assert code == 1 and "no such dictionary" in err


def test_bench_sciad_sdu22_and_gladis_on_tiny_files(tmp_path: Path) -> None:
    diction = tmp_path / "diction.json"
    diction.write_text(json.dumps({"CNN": ["convolutional neural network", "cable news network"]}))
    sciad = tmp_path / "sciad.json"
    sciad.write_text(json.dumps([
        {"id": "1", "acronym": 1, "tokens": ["the", "CNN", "layers", "learn", "image", "features"], "expansion": "convolutional neural network"},
        {"id": "2", "acronym": 2, "tokens": ["a", "the", "CNN", "news", "anchor", "said"], "expansion": "cable news network"},
    ]))  # fmt: skip
    out = tmp_path / "out.json"
    code, stdout, err = run(
        "bench",
        "sciad",
        "--data",
        str(sciad),
        "--dictionary",
        str(diction),
        "--predictions",
        str(out),
    )
    assert code == 0, err
    assert [p["id"] for p in json.loads(out.read_text())] == ["1", "2"]
    assert "signature: sciad|" in stdout
    # scored without --folds, the bundle's own SciAD labels help: said under the scores
    assert "holds SciAD dev-open's labels and contexts: scores on those files are in-sample" in err
    assert "without --folds 5" in err
    code, _, err = run(
        "bench", "sciad", "--data", str(sciad), "--dictionary", str(diction),
        "--folds", "2", "--predictions", str(out),
    )  # fmt: skip
    assert code == 0 and "in-sample" not in err, err
    sdu = tmp_path / "sdu.json"
    sdu.write_text(
        json.dumps(
            [
                {
                    "ID": "7",
                    "sentence": "CNN layers learn features",
                    "acronym": "CNN",
                    "label": "convolutional neural network",
                }
            ]
        )
    )
    code, _, err = run(
        "bench",
        "sdu22-ad",
        "--data",
        str(sdu),
        "--dictionary",
        str(diction),
        "--lang",
        "english",
        "--predictions",
        str(out),
    )
    assert code == 0, err
    assert json.loads(out.read_text()) == [{"ID": "7", "label": "convolutional neural network"}]
    assert "SDU@AAAI-22 training files' labels: scores on those files are in-sample" in err
    gladis_dict = tmp_path / "g.json"
    gladis_dict.write_text(
        json.dumps({"AA": [["anti-aircraft", 10], ["Alcoholics Anonymous", 20]]})
    )
    gladis = tmp_path / "g.jsonl"
    gladis.write_text(
        json.dumps(
            {
                "index": 3,
                "short_term": "AA",
                "long_term": "anti-aircraft",
                "tokens": ["two", "__ABB__", "guns", "on", "the", "ship"],
            }
        )
        + "\n"
    )
    code, stdout, err = run(
        "bench",
        "gladis",
        "--data",
        str(gladis),
        "--dictionary",
        str(gladis_dict),
        "--predictions",
        str(out),
    )
    assert code == 0, err
    assert [p["index"] for p in json.loads(out.read_text())] == [3]
    assert "GLADIS general dev's and biomedical train's labels" in err
    assert "no candidate long form" not in err  # AA is in the dictionary
    code, _, err = run(
        "bench",
        "sdu22-ad",
        "--data",
        str(sdu),
        "--dictionary",
        str(diction),
        "--lang",
        "klingon",
        "--predictions",
        str(out),
    )
    assert code == 1 and "unknown language 'klingon'" in err
    sdu.write_text(
        json.dumps([{"ID": "8", "sentence": "the RNN and the CNN", "acronym": "RNN"}] * 2)
    )
    code, _, err = run(
        "bench", "sdu22-ad", "--data", str(sdu), "--dictionary", str(diction),
        "--lang", "english", "--predictions", str(out),
    )  # fmt: skip
    assert code == 0 and json.loads(out.read_text())[0]["label"] == ""
    assert f"2 of 2 acronyms have no candidate long form in {diction}" in err
    assert "in-sample" not in err  # no gold, no scores: nothing to say of them


def test_bench_barr2_resolution_needs_gold_for_folds(tmp_path: Path, fixtures: Path) -> None:
    code, _, err = run(
        "bench",
        "barr2-resolution",
        "--data",
        str(fixtures / "barr2_set"),
        "--predictions",
        str(tmp_path / "o.tsv"),
        "--folds",
        "2",
    )
    assert code == 1 and "give --gold too" in err
    assert not (tmp_path / "o.tsv").exists()


def test_dict_build_replaces_the_whole_file(tmp_path: Path) -> None:
    first, second = tmp_path / "a.tsv", tmp_path / "b.tsv"
    first.write_text("short\tlong\nAA\tanti-aircraft\n")
    second.write_text("short\tlong\nBB\tbed and breakfast\n")
    db = tmp_path / "d.sqlite"
    assert run("dict", "build", str(first), "--out", str(db))[0] == 0
    assert run("dict", "build", str(second), "--out", str(db))[0] == 0
    _, out, _ = run("dict", "lookup", "AA", "BB", "--dictionary", str(db), "--json")
    assert [len(json.loads(line)["senses"]) for line in out.splitlines()] == [0, 1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.tsv", "b.tsv", "d.sqlite"]


def test_expand_on_two_processes_gives_the_same_output(tmp_path: Path) -> None:
    corpus = tmp_path / "c.jsonl"
    texts = ["The CNN beat the SVM.", "Patients with COPD had a CT scan.", "No acronyms here."]
    corpus.write_text(
        "".join(json.dumps({"id": str(i), "text": t}) + "\n" for i, t in enumerate(texts))
    )
    one = run("expand", str(corpus), "-f", "jsonl")
    two = run("expand", str(corpus), "-f", "jsonl", "--jobs", "2")
    assert one[0] == two[0] == 0
    assert one[1] == two[1] and "tomography" in one[1]
    assert run("expand", str(corpus), "--jobs", "0")[0] == 1


def test_expand_detects_each_documents_language() -> None:
    code, out, _ = run("expand", str(ROOT / "examples" / "demo_expand_es.txt"), "-f", "jsonl")
    meanings = {
        json.loads(line)["short_form"]["text"]: json.loads(line)["long_form"]
        for line in out.splitlines()
    }
    assert code == 0
    assert meanings["UCI"] == "unidad de cuidados intensivos"
    assert meanings["PCR"] == "proteína C reactiva"  # not the English "polymerase chain reaction"


def test_expand_demo_reads_french_names_from_their_head_noun() -> None:
    code, out, _ = run("expand", str(ROOT / "examples" / "demo_expand_fr.txt"), "-f", "jsonl")
    meanings = {
        (json.loads(line)["short_form"]["text"], json.loads(line)["source"]): json.loads(line)[
            "long_form"
        ]
        for line in out.splitlines()
    }
    assert code == 0
    assert meanings["UNICEF", "defined-in-text"] == "Fonds des Nations Unies pour l'enfance"
    assert meanings["HCR", "defined-in-text"] == (
        "Haut-Commissariat des Nations Unies pour les réfugiés"
    )
    assert meanings["OMS", "dictionary"] == "Organisation mondiale de la santé"


def test_expand_reads_french_with_its_senses() -> None:
    text = (
        "L'Organisation mondiale de la Santé publie un rapport. Selon l'OMS, la maladie progresse."
    )
    for lang in ("fr", "auto"):  # auto guesses French (it took the Spanish senses before)
        code, out, _ = run("expand", "-", "-f", "jsonl", "--lang", lang, stdin=text)
        (oms,) = [json.loads(line) for line in out.splitlines()]
        assert code == 0 and oms["long_form"].lower() == "organisation mondiale de la santé"
    code, _, err = run("expand", "-", "--lang", "de", stdin=text)
    assert code == 1 and "unknown language 'de'; choose one of: auto, en, es, fr" in err


def test_a_failed_first_import_leaves_no_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"AA": [["anti-aircraft", 1]], "BB": "oops"}')
    code, _, err = run("dict", "import", str(bad), "--into", str(tmp_path / "new.sqlite"))
    assert code == 1 and "short form 'BB'" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]


def test_dict_add_refuses_a_folder_and_a_long_form_that_is_the_short_form(tmp_path: Path) -> None:
    code, _, err = run("dict", "add", "CNN", "cnn", "--into", str(tmp_path / "d.sqlite"))
    assert code == 1 and "is the short form itself" in err
    assert not (tmp_path / "d.sqlite").exists()  # nothing written
    code, _, err = run(
        "dict", "add", "CNN", "convolutional neural network", "--into", str(tmp_path)
    )
    assert code == 1 and "is a directory; give the name of a file to write" in err
    code, _, err = run("dict", "lookup", "CNN", "-d", str(tmp_path))
    assert code == 1 and "is a directory" in err


def test_dict_build_and_export_refuse_to_write_over_their_input(tmp_path: Path) -> None:
    tsv = tmp_path / "mine.tsv"
    written = "short\tlong\tcount\tlanguage\tdomain\nCNN\tconvolutional neural network\t2\ten\t\n"
    tsv.write_text(written, encoding="utf-8")
    code, _, err = run("dict", "build", str(tsv), "--out", str(tsv))
    assert code == 1 and "is also an input of this command" in err
    assert tsv.read_text(encoding="utf-8") == written
    db = tmp_path / "mine.sqlite"
    assert run("dict", "build", str(tsv), "--out", str(db))[0] == 0
    code, _, err = run("dict", "export", str(db), "-d", str(db), "--format", "tsv")
    assert code == 1 and "is also an input of this command" in err
    assert run("dict", "lookup", "CNN", "-d", str(db))[0] == 0  # still a dictionary


def test_from_bundled_starts_a_new_dictionary_from_the_bundled_one(tmp_path: Path) -> None:
    notes = tmp_path / "nutrition.txt"
    notes.write_text(
        "The Adequate Intake (AI) for potassium is set for adults; the AI of sodium is lower.\n"
        "When no RDA can be set, an Adequate Intake (AI) of the nutrient is given, in mg per day."
    )
    db = tmp_path / "mine.sqlite"
    code, _, err = run("dict", "mine", str(notes), "--into", str(db), "--from-bundled")
    assert code == 0, err
    _, out, _ = run("dict", "lookup", "AI", "-d", str(db), "--json", "--limit", "300")
    senses = [s["long_form"] for s in json.loads(out)["senses"]]
    assert "artificial intelligence" in senses and "Adequate Intake" in senses
    text = tmp_path / "ai.txt"
    text.write_text("The AI for potassium is 4.7 g per day.")  # the example
    assert "AI (Adequate Intake)" in run("expand", str(text), "-d", str(db))[1]
    code, _, err = run("dict", "add", "AI", "adequate intake", "--into", str(db), "--from-bundled")
    assert code == 1 and f"--from-bundled creates --into, and {db} exists" in err
    bad = tmp_path / "bad.tsv"
    bad.write_text("short\tlong\tcount\tlanguage\tdomain\nAI\tadequate intake\tmany\ten\t\n")
    new = tmp_path / "new.sqlite"
    code, _, err = run("dict", "import", str(bad), "--into", str(new), "--from-bundled")
    assert code == 1 and sorted(p.name for p in tmp_path.iterdir()) == [
        "ai.txt", "bad.tsv", "mine.sqlite", "nutrition.txt"
    ]  # fmt: skip
