"""BARR2 sub-track 2: scoring hand-worked cases, and resolving abbreviations of made-up cases."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from termlens.acronyms.dictionary import AcronymDictionary, Entry
from termlens.acronyms.disambiguate import Disambiguator
from termlens.benchmarks import barr2_resolution as r
from termlens.errors import InputError

R = r.Resolution


def test_strict_and_flexible_scores_hand_worked() -> None:
    gold = [
        R("d", 0, 2, "mg", "miligramo ", "miligramo"),
        R("d", 10, 13, "TAC", "tomografia axial computarizada", "tomografía axial computarizada"),
        R("d", 20, 23, "min", "minutos", "minuto"),
    ]
    predicted = [
        R("d", 0, 2, "mg", "Miligramo"),  # strict: case and spaces do not matter
        R("d", 10, 13, "TAC", "tomografía axial computarizada"),  # flexible only: accents
        R("d", 20, 23, "min", "minuto"),  # flexible only: the gold lemma
        R("d", 30, 31, "l", "litro"),  # wrong everywhere
    ]
    strict, flexible = r.score(predicted, gold)
    assert (strict.tp, strict.fp, strict.fn) == (1, 3, 2)
    assert (flexible.tp, flexible.fp, flexible.fn) == (3, 1, 0)


def test_reads_abbreviation_rows_and_rejects_bad_ones(tmp_path: Path) -> None:
    good = tmp_path / "a.tsv"
    good.write_text("# header\nS1\t5\t7\tmg\tmiligramo\tmiligramo\n")
    assert r.read_resolutions(good) == [R("S1", 5, 7, "mg", "miligramo", "miligramo")]
    bad = tmp_path / "b.tsv"
    bad.write_text("S1\tfive\t7\tmg\tmiligramo\n")
    with pytest.raises(InputError, match=r"b\.tsv: line 1"):
        r.read_resolutions(bad)


def test_learns_which_forms_are_abbreviations_and_what_they_mean() -> None:
    texts = {
        "a": "Se administraron 5 mg de morfina. La TAC fue normal.",
        "b": "Recibió 10 mg de paracetamol y una TAC craneal.",
        "c": "Tomó 2 mg de haloperidol. Luego se hizo una TAC.",
    }
    gold = []
    for doc_id, text in texts.items():
        gold.append(R(doc_id, text.index("mg"), text.index("mg") + 2, "mg", "miligramo"))
        t = text.index("TAC")
        gold.append(R(doc_id, t, t + 3, "TAC", "tomografía axial computarizada"))
    dictionary = AcronymDictionary.create()
    r.teach(dictionary, texts, gold)
    resolver = r.Resolver(dictionary)
    text = "Con 3 mg de diazepam. La tomografía computarizada (TC) y la TAC fueron normales."
    found = resolver.resolve("new", text, Disambiguator(dictionary, language="es"))
    assert [(f.abbreviation, f.definition) for f in found] == [
        ("mg", "miligramo"),
        ("TC", "tomografía computarizada"),
        ("TAC", "tomografía axial computarizada"),
    ]
    for f in found:
        assert text[f.start : f.end] == f.abbreviation


def test_a_dictionary_without_usage_is_a_clear_error() -> None:
    with pytest.raises(InputError, match="no BARR2 abbreviation usage"):
        r.Resolver(AcronymDictionary.create())


def test_an_undefined_abbreviation_means_one_thing_throughout_a_case() -> None:
    heart = "insuficiencia cardiaca"
    confidence = "intervalo de confianza"
    texts = {
        "a": "Paciente con IC y disnea, edema en piernas, tratado con furosemida.",
        "b": "Antecedentes de IC con disnea y edema maleolar.",
        "c": "El riesgo relativo fue 2,1 (IC del 95 %).",
    }
    gold = [
        R(d, t.index("IC"), t.index("IC") + 2, "IC", heart if d != "c" else confidence)
        for d, t in texts.items()
    ]
    dictionary = AcronymDictionary.create()
    r.teach(dictionary, texts, gold)
    ranker = Disambiguator(dictionary, language="es")
    filler = " Se revisó la historia clínica y se programó una nueva visita." * 6
    case = "Mujer con IC, disnea y edema, tratada con furosemida." + filler
    case += " El riesgo relativo fue 1,8 (IC del 95 %)."
    uses = [case.index("IC"), case.rindex("IC")]
    window = r.CONTEXT_CHARS
    alone = [ranker.rank("IC", case[max(0, u - window) : u + 2 + window])[0][0].long for u in uses]
    assert alone == [heart, confidence]  # each use on its own leans its own way
    found = r.Resolver(dictionary).resolve("new", case, ranker)
    assert len({f.definition for f in found}) == 1
    assert [f.start for f in found] == uses


def test_a_form_annotators_rarely_mark_leaves_its_shorter_form_to_match() -> None:
    # "cm." is written four times and annotated once with its full stop ("cm." rate 1/4);
    # the other three times the annotators marked "cm" alone, as everywhere else
    texts = {
        "a": "Masa de 4 cm. Quiste de 2 cm en el polo.",
        "b": "Herida de 8 cm. Colgajo de 5 cm de ancho.",
        "c": "Lesión de 3 cm. Tumor de 7 cm.",
    }
    gold = []
    for doc_id, text in texts.items():
        start = 0
        while (at := text.find("cm", start)) >= 0:
            end = at + 3 if doc_id == "c" and at == text.rindex("cm") else at + 2
            gold.append(R(doc_id, at, end, text[at:end], "centímetro"))
            start = at + 2
    dictionary = AcronymDictionary.create()
    r.teach(dictionary, texts, gold)
    case = "Adenopatía de 6 cm. Se resecó."
    found = r.Resolver(dictionary).resolve("new", case, Disambiguator(dictionary, language="es"))
    assert [(case[f.start : f.end], f.definition) for f in found] == [("cm", "centímetro")]


def test_teach_records_each_definition_in_the_language_it_is_given() -> None:
    texts = {"a": "Se hizo una PCR del ADN.", "b": "La PCR fue de 3 mg/dl."}
    gold = [
        R("a", 12, 15, "PCR", "polymerase chain reaction"),
        R("b", 3, 6, "PCR", "proteína c reactiva"),
    ]
    dictionary = AcronymDictionary.create()
    english = ("es,en", "clinical,biomedical")
    r.teach(dictionary, texts, gold, tags=lambda d: ("es", "clinical") if "í" in d else english)
    assert {s.long: s.languages for s in dictionary.lookup("PCR")} == {
        "polymerase chain reaction": ("en", "es"),
        "proteína c reactiva": ("es",),
    }
    ranker = Disambiguator(dictionary, language="en")
    assert [c.long for c, _ in ranker.rank("PCR", "a PCR assay")] == ["polymerase chain reaction"]
    assert dictionary.lookup("PCR")[0].domains == ("biomedical", "clinical")


def test_the_ordinal_sign_written_for_degrees_does_not_hide_the_unit() -> None:
    texts = {
        "a": "Fiebre de 39 ºC y taquicardia.",
        "b": "Temperatura de 38,5 ºC al ingreso.",
        "c": "Afebril, 36 ºC.",
    }
    gold = [R(d, t.index("ºC") + 1, t.index("ºC") + 2, "C", "centígrado") for d, t in texts.items()]
    dictionary = AcronymDictionary.create()
    r.teach(dictionary, texts, gold)
    case = "Ingresa con 40ºC de fiebre."
    found = r.Resolver(dictionary).resolve("new", case, Disambiguator(dictionary, language="es"))
    assert [(f.start, f.abbreviation, f.definition) for f in found] == [
        (case.index("C"), "C", "centígrado")
    ]


def test_a_one_letter_form_counts_only_beside_a_quantity() -> None:
    texts = {
        "a": "Fiebre de 39 ºC. Glucosa 5 g/l. K 4,5 mEq/l.",
        "b": "Temperatura de 38 ºC; creatinina 1 mg/l; K: 3,9.",
        "c": "Afebril, 36 ºC y 2 g de paracetamol.",
    }
    meanings = {"C": "centígrado", "g": "gramo", "l": "litro", "K": "potasio"}
    gold = [
        R(doc_id, m.start(), m.end(), m.group(), meanings[m.group()])
        for doc_id, text in texts.items()
        for m in re.finditer(r"(?<=[\dº/ ])[Cgl]\b|\bK(?=:? \d)", text)
    ]
    dictionary = AcronymDictionary.create()
    r.teach(dictionary, texts, gold)
    case = "Déficit de vitamina C y de K. Fiebre de 40 ºC; K 2,2 mEq/l."
    found = r.Resolver(dictionary).resolve("new", case, Disambiguator(dictionary, language="es"))
    assert [(f.start, f.abbreviation) for f in found] == [
        (case.rindex("C"), "C"),  # after a number, not in "vitamina C"
        (case.rindex("K"), "K"),  # before a number
        (case.rindex("l"), "l"),  # after a slash
    ]


@pytest.mark.parametrize(
    ("short", "long", "spelled"),
    [
        ("OCT", "optical coherence tomography", True),
        ("OCT", "tomografía de coherencia óptica", False),
        ("ANCA", "antineutrophil cytoplasmic antibodies", True),  # two letters from one word
        ("ANCA", "anticuerpos anticitoplasma de neutrófilos", False),
        ("IMC", "índice de masa corporal", True),  # function words and accents left out
        ("mg", "miligramo", True),
        ("PCR", "reacción en cadena de la polimerasa", False),  # the letters out of order
        ("TCX", "tomografía computarizada", False),  # a letter left over
        ("TC", "tomografía axial computarizada", False),  # a word left over
    ],
)
def test_a_definition_spells_its_short_form_in_order(short: str, long: str, spelled: bool) -> None:
    assert r.spelled_in_order(short, long) is spelled


def test_a_translated_definition_gives_way_to_the_original_annotators_write() -> None:
    english, spanish = "optical coherence tomography", "tomografía de coherencia óptica"
    texts = {
        "a": f"Se realizó una {spanish} (OCT) macular. La OCT fue normal.",
        "b": "La OCT mostró edema macular quístico.",
    }
    gold = [R(d, m.start(), m.end(), "OCT", english) for d, t in texts.items()
            for m in re.finditer("OCT", t)]  # fmt: skip
    dictionary = AcronymDictionary.create()
    r.teach(dictionary, texts, gold)
    # another source writes the same sense its own way, far more often
    dictionary.add([Entry("OCT", english.title(), 90, "es", "clinical")], "other")
    ranker = Disambiguator(dictionary, language="es")
    case = f"Se solicitó una {spanish} (OCT). En la OCT se vio un agujero macular."
    found = r.Resolver(dictionary).resolve("new", case, ranker)
    assert [f.definition for f in found] == [english, english]
    spelled = "La tomografía computarizada (TC) fue normal. Otra TC a los tres meses."
    assert {f.definition for f in r.Resolver(dictionary).resolve("new", spelled, ranker)} == {
        "tomografía computarizada"
    }


@pytest.mark.parametrize(
    ("annotated", "hyphenated", "written"), [(4, 1, "plain"), (3, 2, "hyphen")]
)
def test_a_sense_is_written_as_the_annotators_mostly_wrote_it(
    annotated: int, hyphenated: int, written: str
) -> None:
    plain, hyphen = "prostate specific antigen", "prostate-specific antigen"
    case = "Varón de 70 años con PSA de 12 ng/ml y nódulo prostático."
    texts = {f"c{i}": case for i in range(annotated + hyphenated)}
    at = case.index("PSA")
    gold = [
        R(doc_id, at, at + 3, "PSA", plain if i < annotated else hyphen)
        for i, doc_id in enumerate(texts)
    ]
    dictionary = AcronymDictionary.create()
    dictionary.add([Entry("PSA", hyphen, 500, "es", "clinical")], "other")
    r.teach(dictionary, texts, gold)
    ranker = Disambiguator(dictionary, language="es")
    assert ranker.rank("PSA", case)[0][0].long == hyphen  # the other source's counts lead
    found = r.Resolver(dictionary).resolve("new", case, ranker)
    assert [f.definition for f in found] == [plain if written == "plain" else hyphen]


def test_cross_validation_with_a_bundle_ignores_its_barr2_sources(tmp_path: Path) -> None:
    texts = {f"c{i}": f"Caso {i}: paciente con IC y disnea de esfuerzo." for i in range(4)}
    gold = [R(d, t.index("IC"), t.index("IC") + 2, "IC", "insuficiencia cardiaca")
            for d, t in texts.items()]  # fmt: skip
    bundle = tmp_path / "bundle.sqlite"
    with AcronymDictionary.create(bundle) as store:  # the bundle's copy of the annotations
        wrong = [replace(g, definition="intervalo de confianza") for g in gold]
        r.teach(store, texts, wrong * 20)
        store.add([Entry("IC", "índice cardiaco", 1, "es", "clinical")], "other")
    found = list(r.cross_validate(texts, gold, 2, bundle))
    assert sorted((f.doc_id, f.definition) for f in found) == [
        (d, "insuficiencia cardiaca") for d in sorted(texts)
    ]
    assert AcronymDictionary.open(bundle).usage(r.OTHER_FOLDS) == {}  # the bundle is untouched


def test_a_fold_with_nothing_to_learn_from_is_named() -> None:
    texts = {"a": "Paciente con HTA.", "b": "Sin antecedentes."}
    gold = [R("a", 13, 16, "HTA", "hipertensión arterial")]
    with pytest.raises(InputError, match=r"--folds 2: the cases outside fold 0 hold no annotation"):
        list(r.cross_validate(texts, gold, 2))


@pytest.mark.parametrize(
    ("folds", "message"), [(1, "at least 2 folds"), (3, "more folds than the 2 cases")]
)
def test_folds_a_run_cannot_make_are_named(folds: int, message: str) -> None:
    texts = {"a": "Paciente con HTA.", "b": "La HTA cedió."}
    gold = [R("a", 13, 16, "HTA", "hipertensión arterial"), R("b", 3, 6, "HTA", "hipertensión")]
    with pytest.raises(InputError, match=message):  # 3 folds of 2 cases: one would hold none
        list(r.cross_validate(texts, gold, folds))
