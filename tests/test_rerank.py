"""The second reading of English rankings by sentence vectors (acronyms.rerank)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from termlens.acronyms.dictionary import AcronymDictionary, Context, Entry
from termlens.acronyms.disambiguate import Candidate, Disambiguator
from termlens.acronyms.lexical import WINDOW, window
from termlens.acronyms.rerank import UNSURE, ContextCheck, Fit
from termlens.minilm import EnglishEncoder

POWER, PLANNING = "effective radiated power", "enterprise resource planning"


def test_the_window_keeps_the_words_around_the_first_use() -> None:
    words = [f"w{i}" for i in range(100)]
    words[50] = "(ERP)"
    kept = window(" ".join(words), "ERP").split()
    assert kept[0] == f"w{50 - WINDOW}" and kept[-1] == f"w{50 + WINDOW}"
    assert window("no short form here", "ERP") == "no short form here"


@pytest.fixture()
def erp() -> AcronymDictionary:
    """ERP with the business sense more popular as the radio one."""
    store = AcronymDictionary.create()
    store.add([Entry("ERP", PLANNING, 8, "en"), Entry("ERP", POWER, 5, "en")], "hand-made")
    return store


def test_the_sentence_vectors_turn_a_ranking_the_prior_decided(
    erp: AcronymDictionary, english_encoder: EnglishEncoder
) -> None:
    radio = "The station broadcasts with an ERP of 12 kilowatts from its antenna on the hill."
    plain = Disambiguator(erp, complete=True).rank("ERP", radio)
    checked = Disambiguator(erp, complete=True, check=ContextCheck(english_encoder))
    again = checked.rank("ERP", radio)
    assert plain[0][0].long == PLANNING and again[0][0].long == POWER
    assert sum(p for _, p in again) == pytest.approx(sum(p for _, p in plain))
    business = "The company replaced its accounting software with an ERP system from SAP."
    sure = Disambiguator(erp, complete=True).rank("ERP", business)
    assert sure[0][1] >= UNSURE  # sure enough: left as ranked
    assert checked.rank("ERP", business) == sure
    assert [r[0][0].long for r in checked.rank_many([("ERP", radio), ("ERP", business)])] == [
        POWER,
        PLANNING,
    ]


def test_other_languages_and_single_senses_are_left_as_ranked(
    erp: AcronymDictionary, english_encoder: EnglishEncoder
) -> None:
    check = ContextCheck(english_encoder, weight=1000.0, unsure=1.01)  # would turn any ranking
    spanish = "La emisora transmite con una ERP de 12 kilovatios desde su antena en la colina."
    plain = Disambiguator(erp, complete=True).rank("ERP", spanish)
    assert Disambiguator(erp, complete=True, check=check).rank("ERP", spanish) == plain
    alone = AcronymDictionary.create()
    alone.add([Entry("ERP", POWER, 5), Entry("ERP", "effective radiated powers", 1)], "hand-made")
    text = "The company replaced its accounting software with an ERP system from SAP."
    one = Disambiguator(alone, complete=True)
    assert Disambiguator(alone, complete=True, check=check).rank("ERP", text) == one.rank(
        "ERP", text
    )


def test_a_sense_with_stored_contexts_gains_less_from_the_vectors(
    erp: AcronymDictionary, english_encoder: EnglishEncoder
) -> None:
    senses = {s.long: s for s in erp.lookup("ERP")}
    planning = Candidate(PLANNING, 8, senses[PLANNING])
    power = Candidate(POWER, 5, senses[POWER])
    ranking = [(planning, 0.6), (power, 0.4)]
    check = ContextCheck(english_encoder, weight=10.0, profiled_weight=0.0)
    fits = Fit([0.1, 0.3], [None, None])
    # no contexts stored for either: 0.6·e^1 against 0.4·e^3, the fit decides
    assert [c.long for c, _ in check.reweighted(ranking, fits, ())] == [POWER, PLANNING]
    # the radio sense's contexts are stored: the ranker has read them, its fit adds nothing
    stored = {senses[POWER].key}
    again = check.reweighted(ranking, fits, stored)
    assert [c.long for c, _ in again] == [PLANNING, POWER]
    assert again[0][1] == pytest.approx(0.6 * math.e / (0.6 * math.e + 0.4))


def test_the_disambiguator_tells_which_senses_have_stored_contexts(
    erp: AcronymDictionary,
) -> None:
    seen = "The transmitter's ERP is 50 kW, limited by the licence."
    erp.add_contexts([Context("ERP", POWER, seen)], "hand-made")
    profiled = Disambiguator(erp, complete=True).profiled("ERP")
    keys = {s.long: s.key for s in erp.lookup("ERP")}
    assert set(profiled) == {keys[POWER]}


def test_the_fit_with_a_senses_stored_contexts_turns_a_ranking(
    erp: AcronymDictionary, english_encoder: EnglishEncoder
) -> None:
    senses = {s.long: s for s in erp.lookup("ERP")}
    ranking = [
        (Candidate(PLANNING, 8, senses[PLANNING]), 0.6),
        (Candidate(POWER, 5, senses[POWER]), 0.4),
    ]
    check = ContextCheck(english_encoder, weight=0.0, profiled_weight=0.0, seen_weight=4.0)
    # 0.6·e^0.4 against 0.4·e^2: the contexts stored with the radio sense fit far better
    again = check.reweighted(ranking, Fit([0.0, 0.0], [0.1, 0.5]), ())
    assert [c.long for c, _ in again] == [POWER, PLANNING]
    assert again[0][1] == pytest.approx(0.4 * math.e**2 / (0.4 * math.e**2 + 0.6 * math.e**0.4))
    # a sense without stored vectors fits as well as the best of the others: the planning
    # sense's contexts fit worse, which counts against it alone
    alone = check.reweighted(ranking, Fit([0.0, 0.0], [0.5, None]), ())
    assert [p for _, p in alone] == pytest.approx([0.6, 0.4])
    against = check.reweighted(ranking, Fit([0.0, 0.0], [0.1, None]), ())
    assert against[0][0].long == PLANNING  # 0.6·e^0.4 against 0.4·e^0.4: nothing between them
    third = Candidate("emergency response plan", 1, senses[POWER])
    three = [*ranking, (third, 0.0)]
    spread = check.reweighted(three, Fit([0.0, 0.0, 0.0], [0.1, None, 0.5]), ())
    # the radio sense gains as much as the best stored fit (0.5), the planning sense only 0.1
    assert [c.long for c, _ in spread][:2] == [POWER, PLANNING]


def test_the_disambiguator_pools_the_window_vectors_of_a_senses_spellings(
    erp: AcronymDictionary, english_encoder: EnglishEncoder
) -> None:
    erp.add([Entry("ERP", "Effective Radiated Power", 1, "en")], "other")
    texts = ["The transmitter's ERP is 50 kW.", "An ERP of 12 kW from the mast."]
    erp.add_contexts([Context("ERP", POWER, texts[0])], "x", window_encoder=english_encoder)
    erp.add_contexts(
        [Context("ERP", "Effective Radiated Power", texts[1])], "y", window_encoder=english_encoder
    )
    pooled = Disambiguator(erp, complete=True).window_vectors("ERP")
    power = next(s for s in erp.lookup("ERP") if s.long == POWER)
    assert set(pooled) == {power.key}
    total, n = pooled[power.key]
    vectors = english_encoder.encode(texts)
    # each sum is stored at a byte per dimension: within half a unit (its largest value / 127)
    assert n == 2 and np.allclose(total, vectors.sum(axis=0), atol=np.abs(vectors).max() / 127)
    assert (
        Disambiguator(erp, complete=True, exclude_sources=frozenset({"y"}))
        .window_vectors("ERP")[power.key]
        .n
        == 1
    )


def test_the_disambiguator_reads_the_stored_windows_in_its_second_reading(
    erp: AcronymDictionary, english_encoder: EnglishEncoder
) -> None:
    radio = "The station broadcasts with an ERP of 12 kilowatts from its antenna on the hill."
    seen = [
        Context("ERP", POWER, "The transmitter's ERP is 50 kW, limited by its licence."),
        Context("ERP", PLANNING, "The firm rolled out an ERP suite for payroll and invoices."),
    ]
    erp.add_contexts(seen, "hand-made", window_encoder=english_encoder)
    only_seen = ContextCheck(
        english_encoder, weight=0.0, profiled_weight=0.0, seen_weight=20.0, unsure=1.01
    )
    plain = Disambiguator(erp, complete=True).rank("ERP", radio)
    again = Disambiguator(erp, complete=True, check=only_seen).rank("ERP", radio)
    assert plain[0][0].long == PLANNING and again[0][0].long == POWER
