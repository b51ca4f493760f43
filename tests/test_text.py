from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from termlens.errors import OptionError
from termlens.text import (
    LANGUAGES,
    TAGGER_ONLY_LANGUAGES,
    Document,
    Span,
    detect_language,
    english_name,
    guess_language,
    holds_address,
    language_code,
    language_name,
    singular,
    split_sentences,
    tokenize,
    without_unread_scripts,
)


def test_tokens_keep_connected_words_whole() -> None:
    tokens = [t.text for t in tokenize("IL-6 and NF-κB (5,6-dimethyl) mg/kg.")]
    assert tokens == ["IL-6", "and", "NF-κB", "(", "5,6-dimethyl", ")", "mg", "/", "kg", "."]


def test_chinese_japanese_and_korean_are_tokens_apart_from_the_letters_beside_them() -> None:
    # they write no space between words, or none before a particle
    tokens = [t.text for t in tokenize("我们使用SVM进行分类。CNN을 LSTMモデル")]
    assert tokens == ["我们使用", "SVM", "进行分类", "。", "CNN", "을", "LSTM", "モデル"]
    assert [t.text for t in tokenize("مدل CNNها")] == ["مدل", "CNNها"]  # Persian as before
    assert without_unread_scripts("我们使用SVM。") == " SVM。"
    assert without_unread_scripts("the SVM, again") == "the SVM, again"


def test_sentences_do_not_break_after_abbreviations() -> None:
    text = "See Fig. 2 for details. Smith et al. reported it. A second one! Next"
    assert [s.text for s in split_sentences(text)] == [
        "See Fig. 2 for details.",
        "Smith et al. reported it.",
        "A second one!",
        "Next",
    ]


def test_sentences_break_after_the_citations_that_end_them() -> None:
    """As text pasted from Wikipedia cites: the tagger paired "Support vector machines" with
    the next sentence's SVM, and `expand` took that for a definition and wrote no meaning."""
    text = "SVMs were introduced by Vapnik.[1] The SVM[2] is a classifier.[3][4] It is.¹ Next"
    assert [s.text for s in split_sentences(text)] == [
        "SVMs were introduced by Vapnik.[1]",
        "The SVM[2] is a classifier.[3][4]",
        "It is.¹",
        "Next",
    ]
    # a long run of superscripts that ends no sentence is read once, not every way it splits
    # (the pattern was exponential in the run's length: 26 took 3 s)
    run = "word." + "¹" * 100 + "x and more"
    assert [s.text for s in split_sentences(run)] == [run]


def test_sentences_break_at_line_breaks() -> None:
    assert [s.text for s in split_sentences("Title line\n\nBody text.")] == [
        "Title line",
        "Body text.",
    ]
    # a short line, a heading, ends its sentence; so does a list's item and a blank line
    listed = "Abbreviations used in this report\n- ICU, intensive care unit\n- BP, blood pressure"
    assert [s.text for s in split_sentences(listed)] == listed.split("\n")
    assert [s.text for s in split_sentences("A title\nWe train a model.")] == [
        "A title",
        "We train a model.",
    ]


def test_a_sentence_runs_on_across_the_line_breaks_of_wrapped_text() -> None:
    # as e-mails, plain-text documents and PDF extractors wrap it, quoted or not
    wrapped = "We measured the blood pressure of the patients in the\nintensive care unit (ICU)."
    assert [s.text for s in split_sentences(wrapped)] == [wrapped]
    quoted = (
        "> the report of the United Nations Entity for Gender\n"
        "> Equality and the Empowerment of Women (UN-Women) on the rules.\n> Next one."
    )
    assert [s.text for s in split_sentences(quoted)] == [quoted[:-12], quoted[-11:]]
    ended = "We measured the blood pressure of the patients in the unit.\nThen we left."
    assert len(list(split_sentences(ended))) == 2


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("The patient was treated with the drug for a week.", "en"),
        ("El paciente fue tratado con el fármaco durante una semana.", "es"),
        ("", "en"),
    ],
)
def test_detect_language(text: str, lang: str) -> None:
    assert detect_language(text) == lang
    assert Document(text).lang == lang


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("The patient was treated with the drug for a week.", "en"),
        ("El paciente fue tratado con el fármaco durante una semana.", "es"),
        ("Patienten blev behandlet med lægemidlet i en uge, og det virkede.", "da"),
        ("Le patient a été traité avec le médicament pendant une semaine.", "fr"),
        ("Selon l'OMS, la maladie progresse.", "fr"),  # the elisions say it
        ("اين سيستم با يك واسط گرافيكي ( GUI ) كار مي كند .", "fa"),
        ("Bệnh nhân được điều trị bằng thuốc trong một tuần.", "vi"),
        ("VAE là gì ?", "vi"),  # few letters, but a Vietnamese function word
        ("", "en"),
    ],
)
def test_guess_language_knows_the_tagger_languages(text: str, lang: str) -> None:
    assert guess_language(text) == lang


def test_languages_go_by_code_or_english_name() -> None:
    assert [language_code(v) for v in ("French", " fr ", "vietnamese", "auto", "Klingon")] == [
        "fr", "fr", "vi", "auto", "klingon",
    ]  # fmt: skip
    assert [language_name(v) for v in ("FR", "spanish", "en", "xx")] == [
        "french", "spanish", "english", "xx",
    ]  # fmt: skip


def test_unknown_language_is_a_clear_error() -> None:
    with pytest.raises(OptionError, match="unknown language 'fr'; choose one of: auto, en, es"):
        Document("texte", lang="fr")  # type: ignore[arg-type]


def test_span_rejects_offsets_that_do_not_fit() -> None:
    with pytest.raises(ValueError, match="do not fit"):
        Span(0, 3, "ab")


@given(st.text())
def test_any_text_gets_a_language_termlens_reads(text: str) -> None:
    assert guess_language(text) in (*LANGUAGES, *TAGGER_ONLY_LANGUAGES)


@given(st.text())
def test_tokens_and_sentences_slice_the_text(text: str) -> None:
    doc = Document(text)
    for token in doc.tokens:
        assert text[token.start : token.end] == token.text
        assert token.text.strip() == token.text != ""
    for sentence in doc.sentences:
        assert text[sentence.start : sentence.end] == sentence.text


def test_an_english_name_has_an_english_function_word_and_no_french_or_spanish_one() -> None:
    assert english_name("National Aeronautics and Space Administration")
    assert english_name("Center for Disease Control")
    assert not english_name("National Aeronautics and Space Administration des États-Unis")
    assert not english_name("Code civil")  # no function word says which
    assert not english_name("Programa de las Naciones Unidas para el Desarrollo")
    assert not english_name("Organisation des Nations Unies")


def test_a_web_or_mail_address_is_told_from_a_name_with_an_at_sign() -> None:
    assert holds_address("www.geneontology.org/") and holds_address("i.tsapakis@ucl.ac.uk")
    assert holds_address("vehicle ( https://www.openrov.com/ )")
    assert not holds_address("Precision@N") and not holds_address("hits@10")
    assert not holds_address("support vector machine")


@pytest.mark.parametrize(
    ("plural", "expected"),
    [
        ("networks", "network"), ("processes", "process"), ("studies", "study"),
        ("viruses", "virus"), ("papillomaviruses", "papillomavirus"), ("bonuses", "bonus"),
        ("analyses", "analysis"), ("hypotheses", "hypothesis"), ("loci", "locus"),
        ("criteria", "criterion"), ("causes", "cause"), ("abuses", "abuse"),
        ("status", "status"), ("analysis", "analysis"),
    ],
)  # fmt: skip
def test_singular(plural: str, expected: str) -> None:
    assert singular(plural) == expected
