"""Short forms paired with a name their document writes out elsewhere (`written_out`)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from termlens.acronyms.dictionary import AcronymDictionary, Entry
from termlens.acronyms.disambiguate import Disambiguator
from termlens.acronyms.expand import expand
from termlens.acronyms.extract import extract
from termlens.acronyms.written_out import spells
from termlens.formats import brat_lines, expanded_text, occurrence_kind
from termlens.text import Document


def meanings(text: str) -> dict[str, tuple[str | None, str]]:
    """Each short form `find` reports: its long form and its kind."""
    return {
        o.short.text: (o.long.text if o.long else None, occurrence_kind(o))
        for o in extract(Document(text, lang="en"))
    }


@pytest.mark.parametrize(
    ("stem", "words", "spelled"),
    [
        ("NTM", ["Neural", "Turing", "Machine"], True),
        ("DoD", ["Department", "of", "Defense"], True),  # a small letter from a function word
        ("OCC", ["Office", "of", "the", "Comptroller", "of", "the", "Currency"], True),
        ("HITS", ["history", "in", "the", "state"], False),  # capitals: no function word's
        ("GAT", ["Graph", "Attention", "Networks"], False),  # initials only
        ("VT", ["V", "and", "T"], False),  # one-letter words
        ("KK", ["Kim", "and", "Kwon"], False),  # two names joined
        ("KRR", ["Knowledge", "Representation", "and", "Reasoning"], True),
        ("TM", ["Turing", "Machine", "of"], False),  # no function word at an edge
        ("ACL", [], False),  # a dictionary's long form without a letter ("-")
    ],
)
def test_initials_spell_a_short_form(stem: str, words: list[str], spelled: bool) -> None:
    assert spells(stem, words) is spelled


def test_a_capitalised_name_written_out_defines_a_short_form_used_alone() -> None:
    text = "We build on the Neural Turing Machine. Later the NTM reads its memory; NTMs scale."
    found = extract(Document(text, lang="en"))
    ntm = [o for o in found if o.short.text.startswith("NTM")]
    assert [(o.short.text, o.long and o.long.text) for o in ntm] == [
        ("NTM", "Neural Turing Machine"),
        ("NTMs", "Neural Turing Machine"),
    ]
    long = ntm[0].long
    assert long is not None and text[long.start : long.end] == "Neural Turing Machine"
    # no use stands inside the definition: each is a mention, and brat draws no relation
    assert {occurrence_kind(o) for o in ntm} == {"mention"}
    assert not any(line.startswith("R") for line in brat_lines(found))


def test_no_name_where_the_text_is_doubtful() -> None:
    assert meanings("The history in the state matters. HITS ranks pages.")["HITS"] == (
        None,
        "undefined",
    )  # small letters only spell it
    assert meanings("Thanks to Ricky Loynd for help. RL agents learn.")["RL"][0] is None  # a person
    # a known first name and a surname the word list does not know; a signature's address
    assert meanings("Packaged by Peter Samuelson. PS: see below.")["PS"][0] is None
    signed = "Patch by Chris Adams <chris@example.org>. The CA code works."
    assert meanings(signed)["CA"][0] is None
    assert meanings(signed.replace("<chris@example.org>", "today"))["CA"][0] == "Chris Adams"
    assert meanings("The American Heart Association agrees. HA rises.")["HA"][0] is None  # a piece
    assert (
        meanings("PERFORMANCE COMPARISON\nThe PC wins.")["PC"][0] is None
    )  # a heading in capitals
    two = "Both Mean Squared Error and Maximum Spanning Edge matter. The MSE is low."
    assert meanings(two)["MSE"][0] is None  # two names: ambiguous
    assert meanings("We beat State-of-the-Art Methods. The AM wins.")["AM"][0] is None  # compound
    assert meanings("The Alzheimer's Disease Association agrees: AD is common.")["AD"][0] is None
    # a word that opens a clause opens no name (a licence's "If the Document …" is no ID)
    assert meanings("Each user ID is unique. If the Document says so, copy it.")["ID"][0] is None
    assert meanings("The user ID rises. An Information Display helps.")["ID"][0] == (
        "Information Display"
    )


def test_a_section_heading_names_no_short_form_but_a_title_may() -> None:
    paper = "Statins and stroke\n\nThe hazard ratio was 0.82 (95% CI 0.70-0.96).\n\n"
    assert meanings(paper + "Conflict of Interest\n\nNone declared.")["CI"][0] is None
    assert meanings(paper + "## 5. Conflict of Interest:\nNone.")["CI"][0] is None
    # the first line is the title; a name inside a line is no heading
    assert meanings("Conflict of Interest\n\nEach CI was declared.")["CI"][0] == (
        "Conflict of Interest"
    )
    assert meanings(paper + "We state a Conflict of Interest below.")["CI"][0] == (
        "Conflict of Interest"
    )
    latex = "\\section{Results}\nThe ratio was 0.82 (95\\% CI 0.70--0.96).\n"
    assert meanings(latex + "\\subsection*{Conflict of Interest}\nNone.")["CI"][0] is None
    assert meanings(latex + "\\paragraph{Conflict of Interest} None.")["CI"][0] is None
    aside = "We declare a \\emph{Conflict of Interest} here."
    assert meanings(latex + aside)["CI"][0] == "Conflict of Interest"
    # any piece of an underlined heading names a section, and an underlined title may name it
    for mark in "=-*":
        heading = f"3.8.1 Commands Requiring a newline\n{mark * 33}\n\nText.\n"
        assert meanings(paper + heading + "Type CR to end.")["CR"][0] is None
    # a header's field names its value, not a short form
    metadata = "Metadata-Version: 2.1\nRequires-Python: >=3.9\n\nIts RP is low."
    assert meanings(metadata)["RP"][0] is None
    assert meanings(metadata.replace(":", " is"))["RP"][0] == "Requires-Python"
    title = "Conflict of Interest in trials\n==============================\n\nEach CI counts."
    assert meanings(title)["CI"][0] == "Conflict of Interest"


def test_no_name_lies_in_inline_code() -> None:
    text = "The Shared `Buffer()` constructor makes one. Its SB holds bytes."
    assert meanings(text)["SB"] == (None, "undefined")
    assert meanings(text.replace("`", ""))["SB"] == ("Shared Buffer", "mention")


def test_names_in_spanish_and_after_an_elided_article() -> None:
    text = "Según el Instituto Nacional de Estadística, el paro bajó. El INE publicó datos del INE."
    found = extract(Document(text, lang="es"))
    assert [o.long and o.long.text for o in found] == ["Instituto Nacional de Estadística"] * 2
    french = "L'Organisation Mondiale de la Santé publie. Selon l'OMS, le risque baisse."
    found = extract(Document(french, lang="es"), lang="fr")
    assert [o.long and o.long.text for o in found] == ["Organisation Mondiale de la Santé"]


def test_a_name_in_a_definition_is_not_read_again() -> None:
    text = "We run a Principal Component Analysis (PCA). Each PC explains variance."
    assert meanings(text)["PC"][0] is None


def test_a_definition_the_text_gives_wins_over_a_name_written_out() -> None:
    text = "The Neural Turing Machine is old. A neural topic model (NTM) is new. The NTM fits."
    assert meanings(text)["NTM"][0] == "neural topic model"


def test_expand_reads_a_title_s_name_and_a_name_the_dictionary_knows() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("AI", "artificial intelligence", 50), Entry("AI", "adequate intake", 5)], "hand")
    d.add(
        [
            Entry("ORR", "objective response rate", 50),
            Entry("ORR", "oxygen reduction reaction", 20),
        ],
        "hand",
    )
    ranker = Disambiguator(d)
    title = "Adequate Intake of potassium in adults\n\nThe AI for potassium is 4.7 g per day."
    found = expand(title, lang="en", disambiguator=ranker)
    assert [(e.long, e.source, e.defines) for e in found] == [("Adequate Intake", "defined", False)]
    assert expanded_text(title, found).endswith(
        "The AI (Adequate Intake) for potassium is 4.7 g per day."
    )
    known = "Catalysts speed up the oxygen reduction reaction. Our ORR rates are high."
    found = expand(known, lang="en", disambiguator=ranker)
    assert [(e.long, e.source) for e in found] == [("oxygen reduction reaction", "defined")]
    # a known name beats a capitalised one only spelled by its initials
    both = "The Open Road Race uses catalysts for the oxygen reduction reaction. ORR is slow."
    found = expand(both, lang="en", disambiguator=ranker)
    assert [e.long for e in found] == ["oxygen reduction reaction"]
    # a name in small letters written out apart from its short form is said in the number of
    # each use; a capitalised one is a name as written
    reactions = "Catalysts speed up oxygen reduction reactions. One ORR is slow; ORRs vary."
    found = expand(reactions, lang="en", disambiguator=ranker)
    assert [e.long for e in found] == ["oxygen reduction reaction", "oxygen reduction reactions"]
    pairs = (
        "We test on Quora Question Pairs. The QQP set is large; the NTMs and Neural Turing Machine."
    )
    assert [e.long for e in expand(pairs, lang="en", disambiguator=ranker)] == [
        "Quora Question Pairs",
        "Neural Turing Machine",
    ]
    # a two-letter short form has too many names in small letters to take one the text writes
    small = "We sell adequate intake charts. The AI for potassium is 4.7 g per day."
    assert {e.source for e in expand(small, lang="en", disambiguator=ranker)} == {"dictionary"}


def test_a_long_form_without_a_letter_names_nothing() -> None:
    # the SDU@AAAI-22 English scientific diction.json gives ACL "-" and NI "' :"
    d = AcronymDictionary.create()
    d.add(
        [Entry("ACL", "-", 1), Entry("ACL", "Association for Computational Linguistics", 3)], "sdu"
    )
    d.add([Entry("NI", "' :", 2)], "sdu")
    text = "The ACL paper was accepted - our ACL submission is long. The NI rose."
    found = expand(text, lang="en", disambiguator=Disambiguator(d), threshold=0)
    assert [(e.short.text, e.source, e.long) for e in found] == [
        ("ACL", "dictionary", "Association for Computational Linguistics"),
        ("ACL", "dictionary", "Association for Computational Linguistics"),
        ("NI", "unknown", None),  # no meaning to show, not "' :"
    ]
    assert all(long != "-" for e in found for long, _ in e.alternatives)


_PIECES = [
    "Neural",
    "Turing",
    "Machine",
    "of",
    "the",
    "NTM",
    "NTMs",
    "nm",
    "-",
    ".",
    "\n",
    "(",
    "'s",
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PIECES) | st.text(max_size=4), max_size=30))
def test_names_written_out_fit_the_text_and_never_hold_a_short_form(pieces: list[str]) -> None:
    text = " ".join(pieces)
    for o in extract(Document(text, lang="en")):
        assert text[o.short.start : o.short.end] == o.short.text
        long = o.long
        if long is not None and o.definition is not None and o.definition.pattern == "written out":
            assert text[long.start : long.end] == long.text
            assert not (long.start < o.short.end and o.short.start < long.end)
            assert not o.defines
