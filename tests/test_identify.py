from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from termlens import Document, OptionError, find_abbreviations
from termlens.acronyms import find_abbreviations_in_many
from termlens.acronyms.identify import short_form_singular

TEXT = (
    "The support vector machine (SVM) is fast. An SVM, or two SVMs, beat the SVM-based "
    "baseline. Later the simple vector model (SVM) was used; that SVM is simpler."
)


def test_later_occurrences_point_at_the_definition_in_force() -> None:
    found = [
        (o.short.start, o.short.text, o.long.text if o.long else None, o.defines)
        for o in find_abbreviations(TEXT)
    ]
    svm = [f for f in found if f[1] == "SVM"]
    assert svm[0] == (28, "SVM", "support vector machine", True)
    assert [f[2] for f in svm] == [
        "support vector machine",  # definition
        "support vector machine",  # "An SVM"
        "support vector machine",  # "SVM-based"
        "simple vector model",  # redefinition
        "simple vector model",  # "that SVM"
    ]
    assert [f[3] for f in svm] == [True, False, False, True, False]
    assert ("SVMs", "support vector machine") in [(f[1], f[2]) for f in found]


def test_uses_before_the_first_definition_take_it() -> None:
    found = find_abbreviations("SVM first. Then support vector machine (SVM), and SVMs.")
    assert [(o.short.start, o.short.text, o.defines) for o in found] == [
        (0, "SVM", False),
        (40, "SVM", True),
        (50, "SVMs", False),
    ]
    assert {o.long.text for o in found if o.long} == {"support vector machine"}


def test_a_use_is_reported_once_under_its_own_spelling() -> None:
    text = (
        "Fully convolutional networks (FCNs) segment. Many FCNs exist. "
        "We use a fully convolutional network (FCN) too."
    )
    uses = [(o.short.text, o.short.start) for o in find_abbreviations(text)]
    assert len(uses) == len(set(uses)) == 3
    many = next(o for o in find_abbreviations(text) if o.short.start == text.index("Many") + 5)
    assert many.definition is not None and many.definition.short.text == "FCNs"


def test_a_defined_plural_takes_the_uses_of_its_singular() -> None:
    text = (
        "We compare conditional random fields (CRFs) and gated recurrent units (GRU's). "
        "Our CRF tagger feeds a GRU; a CRF's states. CRFS and SCRF stay apart."
    )
    found = [
        (o.short.text, o.long.text if o.long else None, o.defines) for o in find_abbreviations(text)
    ]
    assert found == [
        ("CRFs", "conditional random fields", True),
        ("GRU's", "gated recurrent units", True),
        ("CRF", "conditional random fields", False),
        ("GRU", "gated recurrent units", False),
        ("CRF", "conditional random fields", False),
    ]


def test_a_singular_defined_on_its_own_keeps_its_own_definition() -> None:
    text = "Support vector machines (SVMs) differ from a simple vector model (SVM). The SVM won."
    found = [(o.short.text, o.long.text if o.long else None) for o in find_abbreviations(text)]
    assert found[-1] == ("SVM", "simple vector model")


def test_no_singular_for_words_that_only_end_in_s() -> None:
    assert [
        short_form_singular(s)
        for s in ("CRFs", "NSAIDs", "3Ds", "IBC\u2019s", "SARS", "Ms", "NaCls", "12s")
    ] == ["CRF", "NSAID", "3D", "IBC", None, None, None, None]


def test_a_use_of_a_longer_short_form_is_not_one_of_the_shorter_inside_it() -> None:
    text = "A Gaussian Mixture Model (GMM) or a Deep Gaussian Mixture Model (Deep GMM). A Deep GMM."
    found = [(o.short.text, o.long.text if o.long else None) for o in find_abbreviations(text)]
    assert found == [
        ("GMM", "Gaussian Mixture Model"),
        ("Deep GMM", "Deep Gaussian Mixture Model"),
        ("Deep GMM", "Deep Gaussian Mixture Model"),
    ]


def test_a_short_form_that_is_a_function_word_in_lower_case_is_used_nowhere_else() -> None:
    text = (
        "Install it from PyPI. The information technology (it) team uses it; its budget grows. "
        "The Hypertext Markup Language (html) writes html pages. The IT department."
    )
    found = [(o.short.text, o.long.text if o.long else None) for o in find_abbreviations(text)]
    assert found == [
        ("it", "information technology"),
        ("html", "Hypertext Markup Language"),
        ("html", "Hypertext Markup Language"),  # no function word: its uses are the short form's
    ]  # not "it" and "its" as words, nor IT in capitals
    # nor where the tagger, reading the document's definition, marks "it" a short form
    (found,) = find_abbreviations_in_many([text], lang="en", rules_only=False)
    assert [o.short.start for o in found if o.short.text in ("it", "its")] == [text.index("it)")]
    # a word of the text's own language only, and no word that names things too ("so")
    genes = "Sine oculis (so) and eyes absent (eya) act; so binds eya."
    assert len(find_abbreviations(genes, lang="en")) == 4
    spanish = "El español (es) es la lengua; es fácil."
    assert [o.short.start for o in find_abbreviations(spanish, lang="es")] == [12]


def test_a_web_or_mail_address_defines_nothing() -> None:
    text = (
        "Contact (i.tsapakis@ucl.ac.uk, I. Tsapakis). The Gene Ontology "
        "(www.geneontology.org/ GO) and a support vector machine (SVM)."
    )
    found = [(o.short.text, o.long.text) for o in find_abbreviations(text) if o.long]
    assert found == [("SVM", "support vector machine")]


def test_an_html_title_defines_its_short_form() -> None:
    text = (
        '<p>The <abbr title="World Health Organization">WHO</abbr> met, and the WHO agreed.'
        " <ACRONYM class=x title='Graphics Interchange Format'> GIF </ACRONYM> files.</p>"
    )
    found = find_abbreviations(text)
    assert [(o.short.text, o.long and o.long.text, o.defines) for o in found] == [
        ("WHO", "World Health Organization", True),
        ("WHO", "World Health Organization", False),
        ("GIF", "Graphics Interchange Format", True),
    ]
    for occurrence in found:  # the long form at the title's offsets
        long = occurrence.long
        assert long is not None and text[long.start : long.end] == long.text
        assert text[occurrence.short.start : occurrence.short.end] == occurrence.short.text
    # a title that is an address, or an <abbr> with none, defines nothing
    assert find_abbreviations('<abbr title="https://who.int">WHO</abbr> <abbr>NASA</abbr>') == []


def test_accepts_a_string_with_a_language() -> None:
    found = find_abbreviations("Se inició nutrición parenteral (NPT). La NPT siguió.", lang="es")
    assert [(o.short.text, o.defines) for o in found] == [("NPT", True), ("NPT", False)]


_pieces = st.sampled_from(
    [
        "support vector machine",
        "(SVM)",
        "SVM",
        "support vector machines (SVMs)",  # a defined plural, whose singular uses it takes
        "SVM's",
        "(",
        ")",
        "[",
        "]",
        " ",
        ",",
        "also known as",
        "nutrición parenteral (NPT)",
        "κB",
        "\n",
        "\n\n",
        "IL-6",
        "(IL-6)",
        "or",
        "—",
        "2003",
        "(i)",
        "“",
        "”",
        '"',
        "'",
        "C.B.E.",
        ".",
        "which stands for",
        "hereinafter",  # drafting cues, their quotes and articles
        "en adelante",
        "ci-après dénommée",
        "the",
        "«",
        "»",
        "**",  # Markdown and HTML markup, left out of the normal form when paired
        "*",
        "`",
        "<i>",
        "</i>",
        '<abbr title="support vector machine">',  # HTML's own definitions
        "</abbr>",
        "Abbreviations:",  # a list of abbreviations
        ";",
        "\n- ",  # a glossary's lines
        ": ",
        "\\newacronym{x}{",  # LaTeX: a declaration, type-setting, code, mathematics
        "}{",
        "}",
        "\\emph{",
        "\\cite{",
        "$",
        "\\mathrm{",
        "\\item[",
        "]",
        "](https://x.org/SVM)",  # a Markdown link, an address
        "[",
        "<img src='SVM.png'>",
        "for short",
        "namely",
        "ﬁ",
        "e\u0301",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_pieces, st.text(max_size=8)), max_size=40).map("".join))
def test_every_offset_slices_the_input(text: str) -> None:
    for occurrence in find_abbreviations(Document(text)):
        assert text[occurrence.short.start : occurrence.short.end] == occurrence.short.text
        long = occurrence.long
        if long is not None:
            assert text[long.start : long.end] == long.text


_name_pieces = st.sampled_from(
    [  # Spanish and French names before a bracket (acronyms/names.py)
        "Mission",
        "de l'",
        "d'",
        "l'Organisation",
        "Organisation",
        "des Nations Unies",
        "Naciones Unidas",
        "Sistema Armonizado",
        "Haut-Commissariat",
        "pour l'enfance",
        " y las ",
        " (MONUC)",
        " (SA)",
        " (UNICEF, por sus siglas en inglés)",
        "VIH/sida",
        ", la ",
        "ES",
        "’",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_name_pieces, _pieces, st.text(max_size=6)), max_size=40).map("".join))
def test_every_offset_slices_spanish_and_french_input(text: str) -> None:
    # the rules read French as Spanish
    for occurrence in find_abbreviations(Document(text, lang="es")):
        assert text[occurrence.short.start : occurrence.short.end] == occurrence.short.text
        long = occurrence.long
        if long is not None:
            assert text[long.start : long.end] == long.text
            assert long.text == long.text.strip()


def test_deep_nesting_and_long_lines_finish() -> None:
    text = "(" * 20000 + "support vector machine (SVM)" + ")" * 20000 + " x" * 100000
    found = find_abbreviations(text)
    assert [(o.short.text, o.long.text if o.long else "") for o in found] == [
        ("SVM", "support vector machine")
    ]


def test_many_documents_on_two_processes_match_one() -> None:
    texts = [TEXT, "", "Se inició nutrición parenteral (NPT).", TEXT[::-1]] * 20
    one = list(find_abbreviations_in_many(texts, jobs=1))
    two = list(find_abbreviations_in_many(texts, jobs=2))
    assert one == two
    assert [o.short.text for o in one[2]] == ["NPT"]


def test_jobs_must_be_positive() -> None:
    with pytest.raises(OptionError, match="jobs must be at least 1, not 0"):
        find_abbreviations_in_many(["x"], jobs=0)  # at the call, not when read
