from __future__ import annotations

import pytest

from termlens.acronyms.align import align, align_unordered, fold, units


def test_units_split_letters_digits_and_greek() -> None:
    assert [u.alternatives[0] for u in units("NF-κB")] == ["n", "f", "κ", "b"]
    assert (
        units("IL-12")[-1].alternatives[:2] == ("12",) or units("IL-12")[-1].alternatives[0] == "12"
    )
    assert "kappa" in units("κ")[0].alternatives
    assert "to" in units("2")[0].alternatives


def test_fold_keeps_length_and_strips_accents() -> None:
    assert fold("Índice Ósea ñ") == "indice osea n"
    assert len(fold("İstanbul")) == len("İstanbul")


def test_word_starts_beat_inner_letters() -> None:
    text = "the support vector machine"
    result = align("SVM", text, [0, 4, 12, 19])
    assert result is not None
    assert text[result.start :] == "support vector machine"


def test_prefers_the_long_form_that_explains_more_words() -> None:
    text = "in the heart rate"
    result = align("HR", text, [0, 3, 7, 13])
    assert result is not None and text[result.start :] == "heart rate"


@pytest.mark.parametrize(
    ("short", "text", "long"),
    [
        ("IL-6", "interleukin-6", "interleukin-6"),
        ("3D", "three-dimensional", "three-dimensional"),
        ("E2E", "end-to-end", "end-to-end"),
        ("NF-κB", "nuclear factor kappa B", "nuclear factor kappa B"),
        ("LWP", "local rewriting pattern", "local rewriting pattern"),
    ],
)
def test_digits_greek_and_inner_letters(short: str, text: str, long: str) -> None:
    result = align(short, text, [0])
    assert result is not None and result.unmatched == 0
    assert text[result.start :] == long


@pytest.mark.parametrize(
    ("short", "text"),
    [
        ("XML", "the Extensible Markup Language"),
        ("XSLT", "eXtensible Stylesheet Language Transformations"),
        ("XLM", "a cross-lingual language model"),
        ("XSS", "against cross-site scripting"),
    ],
)
def test_an_x_stands_for_ex_or_cross(short: str, text: str) -> None:
    starts = [0, *(i + 1 for i, ch in enumerate(text) if ch == " ")]
    result = align(short, text, starts)
    assert result is not None and result.unmatched == 0 and result.quality >= 1.5
    assert text[result.start :].split()[0].lower().startswith(("ex", "cross"))


def test_no_alignment_without_the_first_letter() -> None:
    assert align("XYZ", "support vector machine", [0, 8, 15]) is None


def test_unordered_initials() -> None:
    text = "la reacción en cadena de la polimerasa"
    result = align_unordered("PCR", text, [0, 3, 12, 15, 22, 25, 28])
    assert result is not None and text[result.start :] == "reacción en cadena de la polimerasa"
    assert align_unordered("PCX", text, [3]) is None
