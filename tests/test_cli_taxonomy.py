"""``termlens attach``, ``bench semeval16`` and ``taxonomy export`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from termlens.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_attach_jsonl_is_what_export_reads(tmp_path: Path) -> None:
    code, out, _ = run(
        "attach", "beaglet", "--definition", "A small hound used for hunting.", "--top", "2",
        "--format", "jsonl",
    )  # fmt: skip
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == 2 and records[0]["synset"] == "hound#n#1"
    assert {
        "lemma",
        "pos",
        "definition",
        "synset",
        "operation",
        "score",
        "gloss",
        "explanation",
    } <= set(records[0])


def test_attach_table_and_errors() -> None:
    code, out, _ = run("attach", "beaglet", "--definition", "A small hound used for hunting.")
    assert code == 0 and "hound#n#1" in out and "attach" in out
    code, _, err = run("attach", "x", "--pos", "adverb", "--definition", "quickly")
    assert (
        code == 1
        and err.strip()
        == "termlens: error: part of speech 'adverb': WordNet placement takes noun or verb"
    )
    code, _, err = run("attach", "x", "--definition", "a b", "--format", "xml")
    assert code == 1 and "unknown format 'xml'" in err


def test_attach_table_shows_whole_synset_keys_in_a_narrow_terminal() -> None:
    selfie = "a photograph that one has taken of oneself, typically with a smartphone"
    result = CliRunner(env={"COLUMNS": "80"}).invoke(
        app, ["attach", "selfie", "--definition", selfie, "--top", "3"]
    )
    assert result.exit_code == 0 and "representation#n#2" in result.stdout


def test_attach_says_when_wordnet_already_has_the_lemma() -> None:
    definition = "A domesticated carnivorous mammal that barks."
    code, out, err = run("attach", "dog", "--definition", definition, "--top", "1")
    assert code == 0 and "mammal#n#1" in out
    assert err.startswith("note: WordNet already has 'dog' as a noun (7 senses)")
    assert "the nearest to this definition is dog#n#1, 'a member of the genus Canis" in err
    _, _, err = run("attach", "dog", "--definition", "A worthless, contemptible person.")
    assert "(7 senses), none sharing a word with this definition" in err
    _, _, err = run(
        "attach", "hypertensive", "--definition", "A person whose blood pressure rises."
    )
    assert err.startswith("note: WordNet already has 'hypertensive' as a noun (1 sense);")
    _, _, err = run("attach", "beaglet", "--definition", "A small hound used for hunting.")
    assert err == ""
    _, _, err = run("attach", "café", "--definition", "A small restaurant selling drinks.")
    assert err.startswith("note: WordNet already has 'café' (as 'cafe') as a noun (1 sense);")
    assert "the nearest to this definition is cafe#n#1" in err


def test_bench_semeval16_writes_the_key_and_scores(tmp_path: Path) -> None:
    data = tmp_path / "data.tsv"
    data.write_text(
        "beaglet\tnoun\tt.1\tA small hound used for hunting.\thttps://example.org\n"
        "fume\tnoun\tt.2\tanger\thttps://example.org\n",
        encoding="utf-8",
    )
    gold = tmp_path / "gold.tsv"
    gold.write_text("t.1\thound#n#1\tattach\nt.2\tanger#n#1\tmerge\n", encoding="utf-8")
    out = tmp_path / "out.tsv"
    code, stdout, _ = run(
        "bench", "semeval16", "--data", str(data), "--gold", str(gold), "--predictions", str(out)
    )
    assert code == 0
    assert out.read_text().splitlines() == ["t.1\thound#n#1\tattach", "t.2\tanger#n#1\tmerge"]
    assert "1.000" in stdout and "2/2" in stdout


def test_bench_semeval16_bad_data_leaves_no_output(tmp_path: Path) -> None:
    data = tmp_path / "data.tsv"
    data.write_text("beaglet\tnoun\tt.1\n", encoding="utf-8")
    out = tmp_path / "out.tsv"
    code, _, err = run("bench", "semeval16", "--data", str(data), "--predictions", str(out))
    assert code == 1 and "line 1: expected lemma, pos, item-id, definition" in err
    assert not out.exists()


def test_bench_semeval16_refuses_to_write_over_its_data(tmp_path: Path) -> None:
    """The key written to the data file's path would replace the data: an error, not a loss."""
    data = tmp_path / "data.tsv"
    written = "beaglet\tnoun\tt.1\tA small hound used for hunting.\thttps://example.org\n"
    data.write_text(written, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    same = tmp_path / "sub" / ".." / "data.tsv"
    code, _, err = run("bench", "semeval16", "--data", str(data), "--predictions", str(same))
    assert code == 1 and "is also an input of this command" in err
    assert data.read_text(encoding="utf-8") == written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data.tsv", "sub"]  # no temporary file


def test_export_with_bad_additions_writes_nothing(tmp_path: Path) -> None:
    additions = tmp_path / "add.jsonl"
    additions.write_text(
        '{"lemma": "x", "pos": "noun", "synset": "nosuchword#n#1", "operation": "attach"}\n'
    )
    out = tmp_path / "out.xml"
    code, _, err = run("taxonomy", "export", str(out), "--additions", str(additions))
    assert code == 1 and "line 1" in err and not out.exists()
    code, _, err = run("taxonomy", "export", str(out), "--format", "owl")
    assert code == 1 and "unknown format 'owl'" in err and not out.exists()


def test_bench_semeval16_skips_an_item_it_cannot_place(tmp_path: Path) -> None:
    data = tmp_path / "data.tsv"
    data.write_text(
        "beaglet\tnoun\tt.1\tA small hound used for hunting.\turl\n"
        "Eiweiß\tnoun\tt.2\tein Eiweiß aus vielen Aminosäuren\turl\n"
        "beagly\tadjective\tt.3\tLike a beagle.\turl\n",
        encoding="utf-8",
    )
    out = tmp_path / "out.tsv"
    code, _, err = run("bench", "semeval16", "--data", str(data), "--predictions", str(out))
    assert code == 0 and "t.2: the definition does not look English" in err
    assert "t.3: part of speech 'adjective': WordNet placement takes noun or verb" in err
    assert out.read_text().splitlines() == ["t.1\thound#n#1\tattach"]


def test_attach_reads_the_part_of_speech_in_any_case_or_as_wordnet_writes_it() -> None:
    """ "V" and "Verb" are the verb; the JSON lines name it as the task does, for export."""
    for said in ("V", "Verb", " verb"):
        code, out, err = run(
            "attach", "zoomify", "--pos", said, "--definition", "To run quickly.", "--top", "1",
            "--format", "jsonl",
        )  # fmt: skip
        assert code == 0, err
        record = json.loads(out)
        assert record["pos"] == "verb" and record["synset"].split("#")[1] == "v"
    code, _, err = run("attach", "x", "--pos", "nn", "--definition", "A small hound.")
    assert code == 1 and "part of speech 'nn'" in err
