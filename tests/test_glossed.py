"""Vietnamese long forms glossed by a bracket: which run before the bracket, and which not."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from termlens.acronyms.extract import extract
from termlens.acronyms.glossed import glossed_long_forms
from termlens.acronyms.tagger import default_tagger
from termlens.text import Document, Span


def _shorts(text: str) -> list[Span]:
    """Every run of two capitals or more, as the tagger would mark them."""
    return [Span(m.start(), m.end(), m.group()) for m in re.finditer(r"\b[A-ZĐ]{2,}s?\b", text)]


def _glossed(text: str) -> list[tuple[str, str]]:
    return [(s.text, long.text) for s, long in glossed_long_forms(text, _shorts(text), "vi")]


def test_the_words_before_a_bracketed_short_form() -> None:
    text = "có thể coi là một biến thể của mạng nơ-ron tích chập ( CNN ) , là một mạng"
    assert _glossed(text) == [("CNN", "mạng nơ-ron tích chập")]


def test_a_function_word_or_punctuation_ends_the_run() -> None:
    text = "MySQL là một hệ thống quản lý cơ sở dữ liệu quan hệ ( RDBMS ) dựa trên"
    assert _glossed(text) == [("RDBMS", "hệ thống quản lý cơ sở dữ liệu quan hệ")]
    assert _glossed("2 . 3 . Mạng bộ nhớ dài - ngắn ( LSTM ) là") == [
        ("LSTM", "Mạng bộ nhớ dài - ngắn")
    ]


def test_the_run_starts_at_its_last_capital_or_a_foreign_name_before_it() -> None:
    assert _glossed("2 . 1 Mô hình Gợi ý tin tức đa chiều ( NRMS )") == [
        ("NRMS", "Gợi ý tin tức đa chiều")
    ]
    text = "đó là Dropout Bayes biến phân ( Variational Bayesian Dropout , VBD ) [ 1 ]"
    assert _glossed(text) == [("VBD", "Dropout Bayes biến phân")]


def test_an_english_long_form_in_the_bracket_glosses_a_short_form_of_the_text() -> None:
    text = "Hình 7 Mạng tập trung phân cấp ( Hierarchical Attention Network ) . Mô hình HAN"
    assert _glossed(text) == [("HAN", "Mạng tập trung phân cấp")]
    assert _glossed("Mạng tập trung phân cấp ( Hierarchical Attention Network ) .") == []


def test_english_terms_short_runs_and_other_brackets_are_left_alone() -> None:
    assert _glossed("Ta sử dụng Gaussian Mixture Model ( GMM ) để") == []  # no Vietnamese
    assert _glossed("chủ đề tiềm ẩn của văn bản ( LDA ) dù") == []  # fewer words than letters
    assert _glossed("là tổng hợp ( hay tích tụ - Hierarchical Clustering - HC )") == []
    assert _glossed("tính theo công thức sau ( do đã nói từ trước )") == []  # no short form
    assert glossed_long_forms("mạng nơ-ron tích chập ( CNN )", [], "vi") == []
    text = "mạng nơ-ron tích chập ( CNN )"
    assert glossed_long_forms(text, _shorts(text), "es") == []  # Vietnamese only


def test_find_reports_the_glossed_pair() -> None:
    doc = Document("Ta áp dụng mạng đồ thị tích chập ( GCN ) để phân loại văn bản .", lang="en")
    found = extract(doc, default_tagger("vi"), "vi")
    pairs = [(o.short.text, o.long.text) for o in found if o.long is not None]
    assert ("GCN", "mạng đồ thị tích chập") in pairs


@given(st.text(alphabet="aăđ ()-,.ABCĐ", max_size=60))
def test_any_text_gives_spans_of_itself(text: str) -> None:
    for short, long in glossed_long_forms(text, _shorts(text), "vi"):
        assert text[short.start : short.end] == short.text
        assert text[long.start : long.end] == long.text and long.text.strip() == long.text
        assert long.end <= short.start or short.end <= long.start
