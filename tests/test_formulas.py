from __future__ import annotations

from termlens.acronyms.dictionary import AcronymDictionary, Entry
from termlens.acronyms.disambiguate import Disambiguator
from termlens.acronyms.formulas import lost_subscript


def test_a_formula_that_lost_its_subscript_is_no_meaning_of_it() -> None:
    assert lost_subscript("CO", "carbon dioxide")  # CO₂
    assert lost_subscript("NO", "Nitrogen dioxide")  # NO₂
    assert lost_subscript("SF", "sulphur hexafluoride")  # SF₆
    assert not lost_subscript("CO", "carbon monoxide")
    assert not lost_subscript("CO2", "carbon dioxide")
    assert not lost_subscript("CTO", "chromium trioxide")  # an initialism, not a formula
    assert not lost_subscript("TD", "titanium dioxide")
    assert not lost_subscript("MTA", "mineral trioxide aggregate")


def test_a_ranker_never_offers_a_formula_that_lost_its_subscript() -> None:
    # GLADIS's UAD dictionary files carbon dioxide under CO, counted twice as often as the right one
    d = AcronymDictionary.create()
    d.add(
        [
            Entry("CO", "carbon dioxide", 1536, "en", "general"),
            Entry("CO", "carbon monoxide", 705, "en", "general"),
            Entry("CO", "Commanding Officer", 464, "en", "general"),
        ],
        "uad",
    )
    ranker = Disambiguator(d, complete=True)
    ranked = ranker.rank("CO", "Exposure to CO in the garage caused headaches.")
    assert [c.long for c, _ in ranked] == ["carbon monoxide", "Commanding Officer"]
