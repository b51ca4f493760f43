"""BioC and BARR2 readers, writers and scorers: hand-worked cases and the real corpora."""

from __future__ import annotations

from pathlib import Path

import pytest

from termlens.benchmarks import barr2, bioc
from termlens.benchmarks.metrics import PRF, compare_sets
from termlens.errors import InputError


def test_prf_hand_worked() -> None:
    prf = compare_sets(["a", "b", "c", "c"], ["b", "c", "d", "e"])
    assert (prf.tp, prf.fp, prf.fn) == (2, 1, 2)
    assert prf.precision == pytest.approx(200 / 3)
    assert prf.recall == pytest.approx(50.0)
    assert prf.f1 == pytest.approx(2 * (200 / 3) * 50 / (200 / 3 + 50))
    assert PRF(0, 0, 0).f1 == 0.0


def test_bioc_reader_lays_passages_at_their_offsets(fixtures: Path) -> None:
    d1, d2 = bioc.load(fixtures / "tiny_bioc.xml")
    assert d1.text[35:38] == "The" and d1.text[24:27] == "SVM"
    assert [(p.short, p.long) for p in d1.pairs][1] == ("SVM", "support   vector machine")
    assert len(d2.pairs) == 1


def test_bioc_scoring_is_unique_case_and_space_insensitive(fixtures: Path) -> None:
    docs = bioc.load(fixtures / "tiny_bioc.xml")
    gold = [p for d in docs for p in d.pairs]
    predicted = bioc.predict(docs)
    assert sorted((p.doc_id, p.short, p.long) for p in predicted) == [
        ("d1", "HR", "heart rate"),
        ("d1", "SVM", "Support vector machine"),
    ]
    prf = bioc.score(predicted, gold)
    assert (prf.tp, prf.fp, prf.fn) == (2, 0, 1)
    assert prf.f1 == pytest.approx(80.0)


def test_bioc_predictions_file(tmp_path: Path, fixtures: Path) -> None:
    out = tmp_path / "pred.tsv"
    bioc.write_predictions(bioc.predict(bioc.load(fixtures / "tiny_bioc.xml")), out)
    assert out.read_text().splitlines() == ["d1\tSVM\tSupport vector machine", "d1\tHR\theart rate"]


def test_bioc_bad_xml_is_one_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text("<collection><document>")
    with pytest.raises(InputError, match=r"bad.xml: not valid BioC XML"):
        bioc.load(bad)


@pytest.mark.parametrize(
    ("offset", "message"),
    [
        ("x0", r"passage 1: <offset> 'x0' is not a whole number"),
        ("999999999", "passage 1: <offset> 999999999 lies far past"),
    ],
)
def test_a_bad_passage_offset_is_named(tmp_path: Path, offset: str, message: str) -> None:
    bad = tmp_path / "bad.xml"
    passage = "<passage><offset>{}</offset><text>A b.</text></passage>"
    bad.write_text(
        f"<collection><document><id>d1</id>{passage.format(0)}{passage.format(offset)}"
        "</document></collection>"
    )
    with pytest.raises(InputError, match=r"bad.xml: document 'd1': " + message):
        bioc.load(bad)


def test_barr2_hand_worked(fixtures: Path) -> None:
    texts = barr2.load_texts(fixtures / "barr2_set")
    predicted = barr2.predict(texts.items())
    assert [(r.sf, r.sf_start, r.sf_end, r.lf, r.lf_start, r.lf_end) for r in predicted] == [
        ("NPT", 32, 35, "nutrición parenteral", 10, 30),
        ("IMC", 88, 91, "índice de masa corporal", 63, 86),
        ("TA", 127, 129, "tensión arterial", 109, 125),
    ]
    gold = barr2.read_relations(fixtures / "barr2_gold.tsv")
    assert gold[0] == barr2.Relation("case1", 32, 35, "NPT", 10, 30, "nutrición parenteral")
    prf = barr2.score(predicted, gold)
    assert (prf.tp, prf.fp, prf.fn) == (2, 1, 1)


def test_barr2_one_wrong_offset_is_a_miss() -> None:
    gold = [barr2.Relation("d", 10, 13, "NPT", 0, 9, "nutrición")]
    shifted = [barr2.Relation("d", 10, 13, "NPT", 1, 9, "utrición")]
    assert barr2.score(shifted, gold).tp == 0


def test_barr2_reads_ten_column_relations(tmp_path: Path) -> None:
    path = tmp_path / "rel.tsv"
    path.write_text(
        "d1\tSHORT_FORM\t476\t479\tNPT\tSHORT-LONG\tLONG_FORM\t454\t474\tnutrición parenteral\n"
    )
    assert barr2.read_relations(path) == [
        barr2.Relation("d1", 476, 479, "NPT", 454, 474, "nutrición parenteral")
    ]


def test_barr2_bad_line_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "rel.tsv"
    path.write_text("# header\nd1\tSHORT_FORM\tx\n")
    with pytest.raises(InputError, match=r"rel.tsv, line 2: not a BARR2 relation \(3 columns"):
        barr2.read_relations(path)


def test_barr2_set_without_texts_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"no case texts \(no '\*.raw_text' folder, no \*.txt"):
        barr2.load_texts(tmp_path)


def test_barr2_cases_may_lie_in_the_directory_itself(tmp_path: Path) -> None:
    (tmp_path / "S1.txt").write_text("Nutrición parenteral total (NPT).", encoding="utf-8")
    (tmp_path / "notes.tsv").write_text("not a case\n", encoding="utf-8")
    assert barr2.load_texts(tmp_path) == {"S1": "Nutrición parenteral total (NPT)."}


# Floors under the numbers in BENCHMARKS.md: a drop below them is a regression.
@pytest.mark.parametrize(
    ("corpus", "floor"),
    [
        ("MEDSTRACT/medstract_bioc_gold.xml", 93.0),
        ("BioADI-BioC/bioadi_bioc_gold.xml", 85.5),
        ("SH-BioC/SH_bioc_gold.xml", 85.5),
    ],
)
def test_bioc_corpora_f1(data: Path, corpus: str, floor: float) -> None:
    docs = bioc.load(data / "bioabbrev" / corpus)
    prf = bioc.score(bioc.predict(docs), [p for d in docs for p in d.pairs])
    assert prf.f1 >= floor


def test_barr2_training_set_f1(data: Path) -> None:
    root = data / "barr2" / "training_set"
    predicted = barr2.predict(barr2.load_texts(root).items())
    gold = barr2.read_relations(root / "clinical_cases.relations.training_set.tsv")
    assert barr2.score(predicted, gold).f1 >= 89.0
