"""The words around a short form that complete a long form into a longer spelling of it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from termlens.acronyms.completion import (
    around,
    completed,
    completed_heads,
    extensions,
    lengthened,
)

UNFPA = ["United Nations Population Fund", "United Nations Population", "UN Population Fund"]
ECOSOC = ["Consejo Económico y Social", "Económico y Social"]


@pytest.mark.parametrize(
    ("spellings", "context", "short", "part"),
    [
        (UNFPA, "the Executive Director of the UNFPA Fund and the Secretary", "UNFPA", 1),
        (ECOSOC, "las preocupaciones del Consejo ECOSOC, que en su período", "ECOSOC", 1),
    ],
)
def test_the_words_left_around_a_short_form_choose_the_part_it_stands_for(
    spellings: list[str], context: str, short: str, part: int
) -> None:
    known = extensions(spellings)
    occurrences = around(context, short)
    assert [completed(s, known, occurrences) for s in spellings] == [
        i == part for i in range(len(spellings))
    ]


def test_nothing_is_completed_where_the_words_around_do_not_continue_a_spelling() -> None:
    known = extensions(UNFPA)
    assert not any(
        completed(s, known, around("funds for the UNFPA in 2010", "UNFPA")) for s in UNFPA
    )
    assert not completed("United Nations Population", known, [])  # no occurrence
    assert not completed("United Nations Population", {}, around("the UNFPA Fund", "UNFPA"))


def test_an_occurrence_with_letters_glued_to_it_is_not_read() -> None:
    assert around("UNFPAs and the UNFPA Fund", "UNFPA") == [(("unfpas", "and", "the"), ("fund",))]
    assert around("no such form here", "UNFPA") == []
    assert around("any text", "") == []


def test_a_spelling_is_not_its_own_part() -> None:
    known = extensions(["United Nations Population Fund"])
    assert ("united", "nations", "population", "fund") not in known
    assert known[("population",)] == [
        (("united", "nations"), ("fund",), "United Nations Population Fund")
    ]


def test_the_words_after_a_short_form_lengthen_it_into_another_one() -> None:
    occurrences = around("He was discharged on ACE inhibitors and a DOAC.", "ACE")
    assert lengthened("ACE", occurrences) == {
        ("ACEI", ("inhibitors",)),
        ("ACEIs", ("inhibitors",)),
    }  # "and" ends the words read: no long form ends in a function word
    assert lengthened("HR", around("HR variability index", "HR")) >= {
        ("HRV", ("variability",)),
        ("HRVI", ("variability", "index")),
    }
    assert lengthened("ACE", around("an ACE", "ACE")) == set()


def test_a_longer_short_form_spelling_names_the_long_form_its_words_complete() -> None:
    acei = ["angiotensin-converting enzyme inhibitor", "ACE inhibitors", "ACE"]
    assert completed_heads(acei, ("inhibitors",)) == {
        ("angiotensin", "converting", "enzyme"),
        ("ace",),
    }  # singular or plural alike; a spelling that is only those words names nothing
    assert completed_heads(acei, ("levels",)) == set()
    assert completed_heads(["heart rate variability"], ("rate", "variability")) == {("heart",)}


@given(st.lists(st.text(max_size=40), max_size=6), st.text(max_size=80), st.text(max_size=6))
def test_any_input_is_read_without_error(spellings: list[str], context: str, short: str) -> None:
    known = extensions(spellings)
    occurrences = around(context, short)
    for spelling in spellings:
        assert completed(spelling, known, occurrences) in (True, False)
