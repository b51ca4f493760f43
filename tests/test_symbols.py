"""Symbols read by their position: "8 GB of memory" is gigabytes, not gradient boosting,
"(Sigma, St. Louis, MO, USA)" is Missouri and the United States of America, and "Lonza (USA)"
the United States of America."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from termlens.acronyms.dictionary import AcronymDictionary, Entry
from termlens.acronyms.disambiguate import Disambiguator
from termlens.acronyms.expand import POSITION_CONFIDENCE, expand
from termlens.acronyms.symbols import (
    SYMBOLS_FILE,
    Kind,
    bundled_symbols,
    country_in_brackets,
    load,
    place_in_address,
    save,
    symbol_names,
    unit_after_number,
)
from termlens.errors import InputError
from termlens.resources import resource_path
from termlens.taxonomy.wordnet import bundled
from termlens.text import Span


def _at(text: str, short: str) -> Span:
    start = text.rindex(short)
    return Span(start, start + len(short), short)


def test_the_bundled_table_is_what_wordnet_gives() -> None:
    symbols = symbol_names(bundled())
    assert load(resource_path(SYMBOLS_FILE)) == symbols
    units, places, countries = symbols["unit"], symbols["place"], symbols["country"]
    assert units["GB"] == "gigabyte" and units["dB"] == "decibel"
    assert units["GHz"] == "gigahertz" and units["mA"] == "milliampere"
    # several words (metric ton, astronomical unit), one letter, two units (gigabit, gilbert),
    # a chemical element's symbol (lead), a name written as its own symbol (MIPS), a rate
    # that is no unit (erythrocyte sedimentation rate): none is read
    for left_out in ("MT", "AU", "V", "Gb", "Pb", "Pa", "MIPS", "ESR"):
        assert left_out not in units
    # the synonym that the letters spell, when it starts with the first; else the first
    assert countries["USA"] == countries["U.S.A."] == "United States of America"
    assert countries["US"] == "United States" and countries["PRC"] == "China"
    assert places["MD"] == "Maryland" and places["MS"] == "Mississippi"  # not Magnolia State
    assert places["DC"] == "District of Columbia" and places["GB"] == "Great Britain"  # an island
    assert not set(places) & set(countries)


def test_a_unit_is_read_only_right_after_a_number() -> None:
    for text, short in [
        ("a GPU with 8 GB of memory", "GB"),
        ("clocked at 2.4 GHz.", "GHz"),
        ("a 1,000 kW plant", "kW"),
        ("trained on 16GB", "GB"),
        ("PSNR of 32.52 dB, higher", "dB"),
    ]:
        assert unit_after_number(text, _at(text, short)) == bundled_symbols()["unit"][short]
    for text, short in [
        ("the GB of the model", "GB"),  # no number
        ("in 2019 TB killed many", "TB"),  # a year before capitals: an acronym
        ("COVID-19 TB patients", "TB"),  # a code's number
        ("unit C/1 TB is to the east", "TB"),
        ("see 42 Pa.C.S.A. 9545", "Pa"),  # not a unit symbol here, nor in the table
        ("the 3 MT systems", "MT"),  # not in the table: a count of things
        ("v2 GB", "GB"),  # a version's number
    ]:
        assert unit_after_number(text, _at(text, short)) is None, text
    # a year-like number before a symbol with small letters is still a quantity
    assert unit_after_number("at 1900 MHz", _at("at 1900 MHz", "MHz")) == "megahertz"


def test_a_place_is_read_only_inside_an_address() -> None:
    for text, short, place in [
        ("from Sigma (St. Louis, MO, USA).", "MO", "Missouri"),
        ("from Sigma (St. Louis, MO, USA).", "USA", "United States of America"),
        ("Johns Hopkins University, Baltimore, MD 21218, USA", "MD", "Maryland"),
        ("Baltimore , MD 21218 , USA Dept . of EE", "USA", "United States of America"),
        ("(Promega, Madison, WI), and 1 U", "WI", "Wisconsin"),
        ("(Sigma, USA) was used", "USA", "United States of America"),
        ("ACM , New York , NY , USA , 2015 .", "NY", "New York"),
        # a reference's address: a year or a date after a state; a country's may also end in a
        # publisher or a full stop, after a state's symbol too, or follow a ZIP code
        ("Boston , MA , 2016 , pp .", "MA", "Massachusetts"),
        ("Baltimore, MD, October.", "MD", "Maryland"),
        ("ACM , New York , NY , USA , 2015 .", "USA", "United States of America"),
        ("New York, NY, USA: ACM, 2007.", "USA", "United States of America"),
        ("Glasgow , UK , May 2015 , pp", "UK", "United Kingdom"),
        ("pages 317-325, Columbus, USA.", "USA", "United States of America"),
        ("Charlotte , NC 28223 USA .", "USA", "United States of America"),
        ("ACM DEV '16, ACM, New York, NY, USA (2016).", "USA", "United States of America"),
    ]:
        assert place_in_address(text, _at(text, short)) == place, text
    for text, short in [
        ("We moved to the USA in 2010.", "USA"),  # running text, no address
        ("Nanjing 210094 , PR China .", "PR"),  # six digits are no ZIP code; China follows
        ("(SUBS, SUSU, VT), (ARTG, PR.OC)", "VT"),  # capitals only: a list of labels
        ("see Table 1, ID), then", "ID"),  # no name before the comma
        ("the MD said, MD students", "MD"),
        ("(Smith, MA and PhD)", "MA"),  # goes on as running text
        ("Recognition , MA : Music Analysis", "MA"),  # a label's gloss
        ("Michael W. Weiner , MD .", "MD"),  # a degree
        ("PTN - Proj , CO : PTN - Comb", "CO"),
        ("labels PA , MD , 2015 and", "MD"),  # a state after a state: a list of labels
        ("However, US images show", "US"),
        ("a total of 12345 MD runs", "MD"),  # a ZIP code without a comma: before a country
        ("GT : truth , PR : Proj , CO ( 3 )", "CO"),  # a bracket after holds a year, not a count
    ]:
        assert place_in_address(text, _at(text, short)) is None, text


def test_a_country_is_read_alone_in_brackets_after_a_name() -> None:
    for text, short, country in [
        ("HUVEC were purchased from Lonza (USA).", "USA", "United States of America"),
        ("from the University of Bath ( UK ) in 2012", "UK", "United Kingdom"),
        ("School of Law, Delaware, (USA); Doctor", "USA", "United States of America"),
        ("top sites in CN ( US ) offer", "US", "United States"),
    ]:
        assert country_in_brackets(text, _at(text, short)) == country, text
    for text, short in [
        ("were purchased from (USA).", "USA"),  # no name before
        ("from Lonza (USA and Canada)", "USA"),  # not alone
        ("from Lonza (USA", "USA"),
        ("Sigma (MO) and", "MO"),  # a state, not a country
        ("Lonza USA cells", "USA"),
    ]:
        assert country_in_brackets(text, _at(text, short)) is None, text


@given(st.text(alphabet="0123456789 .,/-–()GBMHzdAkWTUSOC19"), st.data())
def test_a_position_needs_a_symbol_of_the_table_and_its_frame(
    text: str, data: st.DataObject
) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    short = Span(start, end, text[start:end])
    unit = unit_after_number(text, short)  # any span of any text: an answer, never an error
    if unit is not None:
        assert unit == bundled_symbols()["unit"][short.text]
        assert any(ch.isdigit() for ch in text[max(0, start - 2) : start])
    symbols = bundled_symbols()
    place = place_in_address(text, short)
    if place is not None:
        assert place == {**symbols["place"], **symbols["country"]}[short.text]
        before = text[max(0, start - 3) : start]
        assert "," in before or (short.text in symbols["country"] and before[-2].isdigit())
    country = country_in_brackets(text, short)
    if country is not None:
        assert country == symbols["country"][short.text]
        assert "(" in text[max(0, start - 2) : start] and ")" in text[end : end + 2]


def test_expand_gives_the_unit_after_a_number_and_ranks_the_other_uses() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("GB", "gradient boosting", 9), Entry("KB", "knowledge base", 9)], "hand")
    ranker = Disambiguator(d)
    text = "We fit GB on a machine with 64 GB of RAM. The KB holds 512 KB of facts."
    found = [
        e
        for e in expand(text, lang="en", disambiguator=ranker, threshold=0)
        if e.short.text in ("GB", "KB")  # the tagger also reads RAM
    ]
    assert [(e.short.text, e.long, e.source) for e in found] == [
        ("GB", "gradient boosting", "dictionary"),
        ("GB", "gigabyte", "dictionary"),
        ("KB", "knowledge base", "dictionary"),
        ("KB", "kilobyte", "dictionary"),
    ]
    assert found[1].confidence == POSITION_CONFIDENCE["number"] and found[1].alternatives == ()
    # a text's definition of the short form wins over a number before it: "2 TB patients"
    defined = expand("the gradient boosting (GB) of 3 GB", disambiguator=ranker, threshold=0)
    assert [e.long for e in defined] == ["gradient boosting", "gradient boosting"]


def test_expand_gives_the_place_in_an_address_whatever_the_text_defines() -> None:
    d = AcronymDictionary.create()
    d.add(
        [Entry("USA", "United States Army", 9), Entry("MD", "Medicine", 9)],
        "hand",
    )
    ranker = Disambiguator(d)
    text = (
        "Cells were from Lonza (Walkersville, MD, USA). The USA trained its MD staff. "
        "Serum came from Invitrogen (Carlsbad, CA, USA)."
    )
    found = expand(text, lang="en", disambiguator=ranker, threshold=0)
    assert [(e.short.text, e.long) for e in found] == [
        ("MD", "Maryland"),
        ("USA", "United States of America"),
        ("USA", "United States Army"),  # running text: ranked as before
        ("MD", "Medicine"),
        ("CA", "California"),  # the rules read "Carlsbad, CA" as a definition
        ("USA", "United States of America"),
    ]
    assert found[0].confidence == POSITION_CONFIDENCE["address"]


def test_expand_gives_a_country_in_brackets_unless_the_text_defines_it() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("USA", "United States Army", 9), Entry("US", "ultrasound", 9)], "hand")
    ranker = Disambiguator(d)
    text = "Cells came from Lonza (USA). We used Uncertainty Sampling (US); the US baseline won."
    found = expand(text, lang="en", disambiguator=ranker, threshold=0)
    assert [(e.short.text, e.long, e.source) for e in found] == [
        ("USA", "United States of America", "dictionary"),
        ("US", "Uncertainty Sampling", "defined"),
        ("US", "Uncertainty Sampling", "defined"),
    ]
    assert found[0].confidence == POSITION_CONFIDENCE["brackets"]
    named = expand("The United States of America (U.S.) proposes", disambiguator=ranker)
    assert [(e.long, e.source) for e in named] == [("United States of America", "defined")]
    # a definition the rules would take for the symbol's wins, whatever its initials
    scanned = expand("Color Doppler Ultrasound (US) showed it.", disambiguator=ranker)
    assert [(e.long, e.source) for e in scanned] == [("Ultrasound", "defined")]
    # the bundled reading takes "University of Oxford (UK)" for a definition: its initials do
    # not spell UK, and the country wins
    signed = expand("Stephen Pulman University of Oxford (UK) email: sgp@clg.ox.ac.uk", lang="en")
    assert [(e.short.text, e.long, e.source) for e in signed] == [
        ("UK", "United Kingdom", "dictionary")
    ]
    # they also align "University of Southern California (USA)", but weakly: the A is inside
    # a word
    thanked = expand("We thank the University of Southern California (USA).", disambiguator=ranker)
    assert [(e.long, e.source) for e in thanked] == [("United States of America", "dictionary")]
    assert [
        (e.long, e.source) for e in expand("Union of South Africa (USA)", disambiguator=ranker)
    ] == [("Union of South Africa", "defined")]


def test_symbols_are_read_in_english_only() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("MB", "mieloma benigno", 3, "es")], "hand")
    found = expand("El archivo ocupa 5 MB.", lang="es", disambiguator=Disambiguator(d))
    assert [e.long for e in found if e.short.text == "MB"] != ["megabyte"]


def test_a_bad_symbol_table_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "symbols.tsv"
    table: dict[Kind, dict[str, str]] = {
        "unit": {"GB": "gigabyte"},
        "place": {"MD": "Maryland"},
        "country": {"UK": "United Kingdom"},
    }
    save(table, path)
    assert load(path) == table
    for bad in ("unit\tGB\tgigabyte\nunit\tMB\n", "planet\tEA\tEarth\n", "unit\t\tgram\n"):
        path.write_text(bad, encoding="utf-8")
        with pytest.raises(InputError, match="expected unit\\|place\\|country<TAB>symbol<TAB>name"):
            load(path)
