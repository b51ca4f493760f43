"""Units of measurement after a number: "8 GB of memory" is gigabytes, not gradient boosting."""

from __future__ import annotations

from pathlib import Path

import pytest

from termlens.acronyms.dictionary import AcronymDictionary, Entry
from termlens.acronyms.disambiguate import Disambiguator
from termlens.acronyms.expand import UNIT_CONFIDENCE, expand
from termlens.acronyms.units import (
    UNITS_FILE,
    bundled_units,
    load,
    save,
    unit_after_number,
    unit_symbols,
)
from termlens.errors import InputError
from termlens.resources import resource_path
from termlens.taxonomy.wordnet import bundled
from termlens.text import Span


def _at(text: str, short: str) -> Span:
    start = text.index(short)
    return Span(start, start + len(short), short)


def test_the_bundled_table_is_what_wordnet_gives() -> None:
    symbols = unit_symbols(bundled())
    assert load(resource_path(UNITS_FILE)) == symbols
    assert symbols["GB"] == "gigabyte" and symbols["dB"] == "decibel"
    assert symbols["GHz"] == "gigahertz" and symbols["mA"] == "milliampere"
    # several words (metric ton, astronomical unit), one letter, two units (gigabit, gilbert),
    # a chemical element's symbol (lead), a name written as its own symbol (MIPS), a rate
    # that is no unit (erythrocyte sedimentation rate): none is read
    for left_out in ("MT", "AU", "V", "Gb", "Pb", "Pa", "MIPS", "ESR"):
        assert left_out not in symbols


def test_a_unit_is_read_only_right_after_a_number() -> None:
    for text, short in [
        ("a GPU with 8 GB of memory", "GB"),
        ("clocked at 2.4 GHz.", "GHz"),
        ("a 1,000 kW plant", "kW"),
        ("trained on 16GB", "GB"),
        ("PSNR of 32.52 dB, higher", "dB"),
    ]:
        assert unit_after_number(text, _at(text, short)) == bundled_units()[short]
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
    assert found[1].confidence == UNIT_CONFIDENCE and found[1].alternatives == ()
    # a text defines what a symbol means whatever stands before it
    defined = expand("the gradient boosting (GB) of 3 GB", disambiguator=ranker, threshold=0)
    assert [e.long for e in defined] == ["gradient boosting", "gradient boosting"]


def test_units_are_read_in_english_only() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("MB", "mieloma benigno", 3, "es")], "hand")
    found = expand("El archivo ocupa 5 MB.", lang="es", disambiguator=Disambiguator(d))
    assert [e.long for e in found if e.short.text == "MB"] != ["megabyte"]


def test_a_bad_unit_table_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "units.tsv"
    save({"GB": "gigabyte"}, path)
    assert load(path) == {"GB": "gigabyte"}
    path.write_text("GB\tgigabyte\nMB\n", encoding="utf-8")
    with pytest.raises(InputError, match="line 2: expected symbol<TAB>unit"):
        load(path)
