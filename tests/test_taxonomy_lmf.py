"""WN-LMF export of WordNet plus new senses, read back with the PyPI ``wn`` package."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from termlens.errors import InputError
from termlens.taxonomy.lmf import export, read_additions
from termlens.taxonomy.wordnet import WordNet, bundled

ADDITIONS = [
    {"lemma": "blahg", "pos": "noun", "definition": "A dull, uninteresting blog.",
     "synset": "blog#n#1", "operation": "attach"},
    {"lemma": "laughing academy", "pos": "noun", "definition": "A mental hospital.",
     "synset": "mental_hospital#n#1", "operation": "merge"},
    {"lemma": "doomscroll", "pos": "verb", "definition": "To read bad news for hours.",
     "synset": "read#v#1", "operation": "attach"},
]  # fmt: skip


@pytest.fixture(scope="module")
def wordnet() -> WordNet:
    return bundled()


def _write(path: Path, records: list[object]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_wn_loads_the_export_and_finds_the_new_senses(
    wordnet: WordNet, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wn = pytest.importorskip("wn")
    out = tmp_path / "enriched.xml"
    export(wordnet, read_additions(_write(tmp_path / "add.jsonl", ADDITIONS), wordnet), out)
    monkeypatch.setattr(wn.config, "data_directory", tmp_path / "wn-data")
    wn.add(out, progress_handler=None)
    lexicon = wn.Wordnet("termlens-wn30")
    (blahg,) = lexicon.synsets("blahg")
    assert blahg.definition() == "A dull, uninteresting blog."
    assert [h.lemmas() for h in blahg.hypernyms()] == [["blog", "web log"]]
    (academy,) = lexicon.synsets("laughing academy")
    assert "mental hospital" in academy.lemmas() and "asylum" in academy.lemmas()
    (doomscroll,) = lexicon.synsets("doomscroll", pos="v")
    assert "read" in doomscroll.hypernyms()[0].lemmas()
    dog = lexicon.synsets("dog", pos="n")[0]
    assert {"canine", "domestic animal"} <= {lemma for h in dog.hypernyms() for lemma in h.lemmas()}
    assert len(lexicon.synsets()) == len(wordnet) + 2
    good = lexicon.senses("good", pos="a")[0]
    assert "bad" in [s.word().lemma() for s in good.get_related("antonym")]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "line 1: not JSON"),
        ('["blahg"]', "line 1: expected an object"),
        ('{"lemma": "x", "pos": "noun", "synset": "blog#n#1"}', "missing operation"),
        ('{"lemma": "x", "pos": "adj", "synset": "blog#n#1", "operation": "attach"}', "pos 'adj'"),
        (
            '{"lemma": "x", "pos": "noun", "synset": "blog#n#1", "operation": "join"}',
            "operation 'join'",
        ),
        ('{"lemma": "x", "pos": "noun", "synset": "blog#n#9", "operation": "attach"}', "senses"),
        (
            '{"lemma": "x", "pos": "verb", "synset": "blog#n#1", "operation": "attach"}',
            "not a verb",
        ),
        (
            '{"lemma": "dog", "pos": "noun", "synset": "dog#n#1", "operation": "merge"}',
            "already a word",
        ),
        (
            '{"lemma": "x", "pos": ["noun"], "synset": "blog#n#1", "operation": "attach"}',
            r"pos: expected a string, got \['noun'\]",
        ),
        (
            '{"lemma": 7, "pos": "noun", "synset": "blog#n#1", "operation": "attach"}',
            "lemma: expected a string, got 7",
        ),
    ],
)
def test_bad_additions_are_named(wordnet: WordNet, tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "add.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=message):
        read_additions(path, wordnet)


def test_the_same_addition_twice_is_named_and_another_sense_of_the_lemma_is_not(
    wordnet: WordNet, tmp_path: Path
) -> None:
    """Attach "blahg" under blog#n#1 twice would give two new synsets; under another synset
    it is another sense."""
    line = '{"lemma": "%s", "pos": "noun", "synset": "%s", "operation": "attach"}'
    path = tmp_path / "add.jsonl"
    path.write_text(
        "\n".join(
            [
                line % ("blahg", "blog#n#1"),
                line % ("blahg", "diary#n#1"),
                line % ("Blahg", "blog#n#1"),
            ]
        ),
        encoding="utf-8",
    )
    with pytest.raises(InputError, match=r"line 3: the same addition as line 1 \('Blahg' attach"):
        read_additions(path, wordnet)
    path.write_text("\n".join([line % ("blahg", "blog#n#1"), line % ("blahg", "diary#n#1")]))
    assert [a.target.lemmas[0] for a in read_additions(path, wordnet)] == ["web_log", "diary"]


def test_an_additions_part_of_speech_reads_as_attach_reads_it(
    wordnet: WordNet, tmp_path: Path
) -> None:
    path = tmp_path / "add.jsonl"
    line = '{"lemma": "blahg%d", "pos": "%s", "synset": "blog#n#1", "operation": "attach"}'
    path.write_text("\n".join(line % (i, p) for i, p in enumerate(["noun", "n", "Noun"])))
    assert [a.pos for a in read_additions(path, wordnet)] == ["n", "n", "n"]
    path.write_text(line % (0, "v"))
    with pytest.raises(InputError, match="synset blog#n#1 is not a verb"):
        read_additions(path, wordnet)
