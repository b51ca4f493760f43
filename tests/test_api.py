"""The package's public API: every name in ``termlens.__all__``, the heavy ones loaded on use."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

import termlens
from termlens import OptionError, io
from termlens.acronyms.expand import expand as expand_in_module
from termlens.acronyms.expand import expand_many
from termlens.acronyms.identify import find_abbreviations_in_many
from termlens.concepts.relate import default_model
from termlens.taxonomy.enrich import default_placer

HEAVY = ("termlens.acronyms.expand", "termlens.taxonomy.enrich", "termlens.concepts.cluster")


def test_importing_termlens_loads_no_model() -> None:
    code = f"import sys, termlens; print([m for m in {HEAVY!r} if m in sys.modules])"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "[]"


def test_every_public_name_is_there_and_unknown_ones_are_not() -> None:
    assert all(getattr(termlens, name) is not None for name in termlens.__all__)
    assert termlens.expand is expand_in_module
    with pytest.raises(AttributeError, match="no attribute 'expnad'"):
        _ = termlens.expnad  # type: ignore[attr-defined]


def test_expand_and_place_from_the_top_level() -> None:
    [cnn] = termlens.expand("Our CNN beats the baseline on the images.")
    assert (cnn.short.text, cnn.long) == ("CNN", "convolutional neural network")
    placements = termlens.place("blahg", "noun", "A dull, uninteresting blog.", top=2)
    assert placements == default_placer().place("blahg", "noun", "A dull, uninteresting blog.", 2)
    assert [p.key for p in placements][:1] == ["blog#n#1"]
    assert termlens.place("blahg", "n", "A dull, uninteresting blog.", top=2) == placements
    with pytest.raises(TypeError, match="expand reads a str, not bytes"):
        termlens.expand(b"Our CNN")
    with pytest.raises(TypeError, match="place reads a str, not bytes"):
        termlens.place("blahg", "noun", b"A dull blog.")
    with pytest.raises(TypeError, match="place reads a str, not NoneType"):
        termlens.place(None, "noun", "A dull blog.")


def test_english_short_forms_in_chinese_japanese_and_korean_text_are_expanded() -> None:
    # glued to the characters around them, which no model reads
    for text, short in (
        ("我们使用SVM进行分类。", "SVM"),
        ("CNN을 사용했다.", "CNN"),
        ("LSTMモデルを使う。", "LSTM"),
    ):
        [found] = termlens.expand(text)
        assert found.short.text == short and text[found.short.start : found.short.end] == short
        assert found.source == "dictionary" and found.confidence > 0.5


def test_cluster_texts_links_a_kind_under_its_parent() -> None:
    topic = termlens.cluster_texts(
        [
            "We study neural machine translation (NMT) and statistical machine translation.",
            "Machine translation systems need parallel data; our NMT model uses attention.",
        ],
        default_model(),
    )
    names = [m.text for m in topic.mentions]
    cluster = {name: topic.clusters[i] for i, name in enumerate(names)}
    assert cluster["NMT"] == cluster["neural machine translation"]
    parent = cluster["Machine translation"]
    assert {(parent, cluster["neural machine translation"])} <= set(topic.relations)
    assert {(parent, cluster["statistical machine translation"])} <= set(topic.relations)
    assert "- Machine translation" in termlens.outline(topic)
    with pytest.raises(TypeError, match="a list of str, one per document"):
        termlens.cluster_texts("one text, not a list of them")


def test_cluster_texts_reads_any_iterable_of_texts_once() -> None:
    texts = ["We train a CNN and a recurrent neural network."]
    listed = termlens.cluster_texts(texts)
    generated = termlens.cluster_texts(text for text in texts)
    assert [m.text for m in generated.mentions] == [m.text for m in listed.mentions] != []


def test_cluster_texts_names_documents_by_their_keys() -> None:
    topic = termlens.cluster_texts({"cnn.txt": "We train a CNN.", "rnn.txt": "An RNN and a CNN."})
    assert topic.fields["doc_ids"] == ["cnn.txt", "rnn.txt"]
    assert "(2 mentions in cnn.txt, rnn.txt)" in termlens.outline(topic)
    with pytest.raises(TypeError, match="document name 1: name each text by a non-empty str"):
        termlens.cluster_texts({1: "We train a CNN."})  # type: ignore[dict-item]


@pytest.mark.parametrize("read", [expand_many, find_abbreviations_in_many])
def test_many_texts_are_each_checked_and_one_str_is_refused(
    read: Callable[[Iterable[str]], Iterator[list[Any]]],
) -> None:
    name = read.__name__
    with pytest.raises(
        TypeError, match=f"{name} reads a list of str, one per document, not one str"
    ):
        read("the CNN")  # at the call, not read letter by letter into seven empty answers
    with pytest.raises(TypeError, match=f"{name}: text 2 is int, not str"):
        list(read(["the CNN", 5]))  # type: ignore[list-item]
    with pytest.raises(TypeError, match=f"{name} reads a list of str.* not a dict; give its"):
        read({"a.txt": "the CNN"})  # type: ignore[arg-type]  # its keys read as the texts
    assert len(list(read(text for text in ["a CNN", "an SVM"]))) == 2


def test_find_abbreviations_reads_every_language_find_does_by_code_or_name() -> None:
    french = "Une machine à vecteurs de support (SVM)."
    for lang in ("fr", "French", "es"):
        found = termlens.find_abbreviations(french, lang=lang)
        assert [o.long.text for o in found if o.long] == ["machine à vecteurs de support"]
    assert termlens.Document("x", lang="Spanish").lang == "es"
    with pytest.raises(OptionError, match="unknown language 'xx'"):
        termlens.find_abbreviations(french, lang="xx")
    with pytest.raises(TypeError, match="Document reads a str, not int"):
        termlens.Document(5)  # type: ignore[arg-type]


def test_more_workers_than_the_free_memory_holds_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemAvailable:    1000000 kB\n")  # 1 GB: two workers' models
    monkeypatch.setattr(io, "MEMINFO", meminfo)
    with pytest.raises(
        OptionError, match=r"jobs 3: each worker .* 1\.0 GB is free; give at most 2"
    ):
        expand_many(["the CNN"], jobs=3)  # at the call: 100 workers were killed for memory
