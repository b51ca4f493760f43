"""Acronyms WordNet 3.0 lists beside their long forms, as dictionary entries."""

from __future__ import annotations

import pytest

from termlens.acronyms.wordnet_senses import entries, is_short_form
from termlens.taxonomy.wordnet import bundled


@pytest.fixture(scope="module")
def senses() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for entry in entries(bundled()):
        found.setdefault(entry.short, []).append(entry.long)
    return found


def test_short_forms_are_one_token_with_two_capitals() -> None:
    assert all(map(is_short_form, ["USA", "U.S.A.", "AT&T", "HS2", "PhD"]))
    assert not any(map(is_short_form, ["Dog", "mRNA", "U S A", "A", "US Army"]))


def test_each_synset_gives_its_best_spelled_out_synonym_once(senses: dict[str, list[str]]) -> None:
    # the country's synset also holds "United States" and "America": the full spelling wins
    assert sorted(senses["USA"]) == ["United States Army", "United States of America"]
    assert senses["DNA"] == ["deoxyribonucleic acid"]
    assert "artificial intelligence" in senses["AI"]
    assert "NATO" in senses and "CPU" in senses


def test_only_synonyms_that_spell_the_short_form_out(senses: dict[str, list[str]]) -> None:
    # "America" is one word and "the States" does not spell USA: neither is a long form
    longs = [long for values in senses.values() for long in values]
    assert all(len(long.split()) > 1 for long in longs)
    assert "Yankee" not in " ".join(senses.get("US", []))
    assert 500 < len(longs) < 2000


def test_the_bundled_dictionary_knows_what_general_english_abbreviates() -> None:
    """scripts/build_dictionary.py adds these entries: before, the bundle's only USA was
    *upstream stimulatory activity*, mined from a biomedical corpus."""
    from termlens.acronyms.expand import default_dictionary
    from termlens.acronyms.wordnet_senses import SOURCE

    usa = {s.long: s.sources for s in default_dictionary().lookup("USA")}
    assert SOURCE in usa["United States of America"]
    assert "upstream stimulatory activity" in usa
