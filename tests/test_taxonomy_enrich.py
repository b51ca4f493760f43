"""Reading definitions and placing new senses: genus terms, candidates, bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from termlens.errors import InputError, OptionError
from termlens.taxonomy.enrich import RANK_FEATURES, Placer, Weights, default_placer
from termlens.taxonomy.gloss import lemma_terms, strip_self_reference, synonym_terms, terms
from termlens.taxonomy.spelling import Spellings
from termlens.taxonomy.wordnet import WordNet


@pytest.fixture(scope="module")
def placer() -> Placer:
    return default_placer()


@pytest.fixture(scope="module")
def wordnet(placer: Placer) -> WordNet:
    return placer.wordnet


def test_classifier_nouns_point_past_themselves(wordnet: WordNet) -> None:
    found = terms(
        wordnet,
        "palliative care",
        "n",
        "A specialized area of healthcare that focuses on relieving suffering.",
    )
    assert [t.lemma for t in found[:2]] == ["area", "healthcare"]
    assert found[1].after_classifier and not found[0].after_classifier


def test_compounds_and_modifiers(wordnet: WordNet) -> None:
    found = terms(wordnet, "action", "n", "sexual intercourse.")
    assert [t.lemma for t in found] == ["sexual_intercourse"]
    found = terms(wordnet, "x", "n", "A DNA molecule that carries genes.")
    assert found[0].lemma == "dna" and found[0].modifier and not found[1].modifier


def test_openings_that_restate_the_lemma_are_dropped() -> None:
    assert strip_self_reference("Gene Expression", "Gene expression is the process by which") == (
        "the process by which"
    )
    assert (
        strip_self_reference(
            "Polymerase Chain Reaction", "Polymerase chain reaction (PCR) is a technique"
        )
        == "a technique"
    )
    # "a manager whose presence is rare": the words before "is" are not the lemma's
    text = "A manager whose presence is rare"
    assert strip_self_reference("seagull manager", text) == text


def test_verb_definitions_skip_to(wordnet: WordNet) -> None:
    assert terms(wordnet, "doomscroll", "v", "To read bad news for hours.")[0].lemma == "read"


def test_the_lemma_and_its_head(wordnet: WordNet) -> None:
    (head,) = lemma_terms(wordnet, "Mitochondrial DNA", "n", "The small chromosome of mitochondria")
    assert head.lemma == "dna" and head.lemma_head and not head.in_lemma
    own, head = lemma_terms(wordnet, "Gene Expression", "n", "The expression of a gene")
    assert own.lemma == "gene_expression" and own.lemma_self
    assert head.lemma == "expression" and head.in_lemma  # the definition uses it too
    assert lemma_terms(wordnet, "selfie", "n", "A photograph of oneself") == []


def test_a_closed_compound_ends_in_its_head(wordnet: WordNet) -> None:
    (head,) = lemma_terms(wordnet, "stratovolcano", "n", "A conical volcano built up of layers")
    assert head.lemma == "volcano" and head.lemma_head and head.in_lemma
    (head,) = lemma_terms(wordnet, "microloan", "n", "A small loan to a poor person")
    assert head.lemma == "loan"
    assert [t.lemma for t in lemma_terms(wordnet, "volcano", "n", "A mountain")] == ["volcano"]
    assert lemma_terms(wordnet, "pwn", "v", "To beat someone") == []  # nouns only


def test_short_clauses_after_semicolons_are_synonyms(wordnet: WordNet) -> None:
    fool = synonym_terms(wordnet, "n", "An obnoxiously ignorant person; a fool.")
    assert [(t.lemma, t.synonym) for t in fool] == [("fool", True)]
    verbs = "To wait (upon), as attendants or servants; to serve; to attend."
    assert [t.lemma for t in synonym_terms(wordnet, "v", verbs)] == ["serve", "attend"]
    long_clause = "A person; one who spends much time in a bar or similar drinking establishment"
    assert synonym_terms(wordnet, "n", long_clause) == []  # a second definition, not a synonym
    assert synonym_terms(wordnet, "n", "No semicolon here") == []


def test_usage_labels_and_person_openings(wordnet: WordNet) -> None:
    assert (
        terms(wordnet, "wildcat", "n", "(American football) An offensive formation.")[0].lemma
        == "offensive"
    )
    assert (
        terms(wordnet, "wing nut", "n", "One who advocates extreme measures.")[0].lemma == "person"
    )
    found = terms(wordnet, "rebbetzin", "n", "Yiddish term used for the wife of a rabbi.")
    assert [t.lemma for t in found if t.after_classifier] == ["wife"]


def test_wordnet_lemmas_spelled_like_a_new_word(placer: Placer) -> None:
    spellings = placer.spellings
    assert isinstance(spellings, Spellings)
    assert ("payer", 0.8) in spellings.near("payor", "n")
    assert spellings.near("Chattermarks", "n")[0] == (
        "chatter_mark",
        pytest.approx(22 / 23),
    )  # 2 × 11 / (12 + 11)
    assert spellings.near("ayatullah", "n") == [("ayatollah", pytest.approx(0.889, abs=1e-3))]
    assert "payer" not in [lemma for lemma, _ in spellings.near("payer", "n")]  # not itself
    assert spellings.near("cat", "n") == []  # too short to tell a spelling from another word
    assert all(0.8 <= s <= 1.0 for _, s in spellings.near("programer", "n"))


def test_candidates_know_spelling_variants_and_what_lies_above_other_terms(
    placer: Placer,
) -> None:
    found = {c.synset.id: c for c in placer.candidates("payor", "noun", "The maker of a payment.")}
    payer = placer.wordnet.from_key("payer#n#1")
    assert found[payer.id].features[RANK_FEATURES.index("spelled_like")] > 0
    assert "spelled like the new lemma, 'payer'" in placer.explain(found[payer.id])
    maker = placer.wordnet.from_key("maker#n#1")
    assert found[maker.id].features[RANK_FEATURES.index("spelled_like")] == 0
    # animal#n#1 lies above dog#n#1, a sense of the definition's other term; not the reverse
    found = {c.synset.id: c for c in placer.candidates("x", "noun", "An animal, a kind of dog.")}
    above = RANK_FEATURES.index("above_other_term")
    assert found[placer.wordnet.from_key("animal#n#1").id].features[above] == 1.0
    assert found[placer.wordnet.from_key("dog#n#1").id].features[above] == 0.0


def test_a_candidates_neighbours_reach_two_levels_down(placer: Placer) -> None:
    """*hound* is a hyponym of *hunting dog*, itself one of *dog*: a definition naming it
    fits *dog* better than one naming a cat."""
    dog = placer.wordnet.from_key("dog#n#1").id
    neighbours = RANK_FEATURES.index("overlap_neighbours")
    fit = {
        other: next(
            c.features[neighbours]
            for c in placer.candidates("x", "noun", f"A pet dog, such as a {other}.")
            if c.synset.id == dog
        )
        for other in ("hound", "cat")
    }
    assert fit["hound"] > fit["cat"]


def test_the_sense_whose_gloss_reads_like_the_definition_fits(placer: Placer) -> None:
    """The sentence vectors read *bank* as a reserve, not a lender, and *glass* as a drinking
    glass, not the material; a definition of two content words picks no sense by them."""
    fit = RANK_FEATURES.index("sense_fit")

    def fits(definition: str, term: str) -> dict[str, float]:
        return {
            placer.wordnet.key(c.synset, prefer=term): c.features[fit]
            for c in placer.candidates("x", "noun", definition)
            if c.relation == "sense" and c.term.lemma == term
        }

    bank = fits("A bank that keeps a reserve of seeds for future use.", "bank")
    assert bank["bank#n#5"] == 0.0 > bank["bank#n#2"]
    glass = fits("A small glass from which a single shot of spirits is drunk.", "glass")
    assert glass["glass#n#2"] > glass["glass#n#1"]
    assert set(fits("A seed bank.", "bank").values()) == {0.0}


def test_places_a_shot_glass_under_the_drinking_glass(placer: Placer) -> None:
    top = placer.place(
        "shot glass", "noun", "A small glass from which a single shot of spirits is drunk."
    )
    assert top[0].key == "glass#n#2"


def test_the_explanation_says_when_the_vectors_chose_the_sense(placer: Placer) -> None:
    reserve = placer.place(
        "seed bank", "noun", "A bank that keeps a reserve of seeds for future use."
    )
    assert reserve[0].key == "bank#n#5"
    assert reserve[0].explanation.endswith(
        "of the senses of 'bank', its gloss reads most like the definition"
    )
    # a definition too short to compare says nothing of it, though later senses are offered
    short = placer.place("x", "noun", "A bank.")
    assert any(p.key == "bank#n#2" for p in short)
    assert all("reads most like" not in p.explanation for p in short)


def test_places_a_hound_under_hound(placer: Placer) -> None:
    top = placer.place("beaglet", "noun", "A small hound used for hunting rabbits.", top=3)
    assert top[0].key == "hound#n#1" and top[0].operation == "attach"
    assert "hound" in top[0].explanation
    # the genus prior says why: WordNet's own senses glossed "hound ..." sit under hound#n#1
    assert top[0].explanation.endswith("2 WordNet senses glossed 'hound' … sit directly under it")
    assert [p.score for p in top] == sorted((p.score for p in top), reverse=True)
    # one such sense is said in the singular
    definition = "Any of the sciences that deal with the earth, such as geology or seismology."
    geology = [
        p for p in placer.place("geoscience", "noun", definition, top=10) if p.key == "geology#n#1"
    ]
    assert geology[0].explanation.endswith(
        "1 WordNet sense glossed 'geology' … sits directly under it"
    )


def test_a_hyponym_that_fits_best_is_a_sibling(placer: Placer) -> None:
    # weights that prefer hyponyms of the first term's first sense above all else
    rank = [0.0] * len(RANK_FEATURES)
    rank[RANK_FEATURES.index("term_first")] = 5.0
    rank[RANK_FEATURES.index("sense_first")] = 5.0
    rank[RANK_FEATURES.index("hyponym")] = 10.0
    weights = Weights(tuple(rank), placer.weights.operation)
    fond = Placer(
        placer.wordnet, weights, placer.genus, placer.rarity, placer.encoder, placer.words
    )
    definition = "A computer network that connects other networks."
    candidates = fond.candidates("hypernet", "noun", definition)
    best = max(candidates, key=lambda c: sum(w * x for w, x in zip(rank, c.features, strict=True)))
    assert best.relation == "hyponym" and best.via.id == "03085333-n"  # computer_network#n#1
    top = fond.place("hypernet", "noun", definition, top=len(candidates))
    assert top[0].key == "computer_network#n#1"
    assert top[0].explanation.endswith(
        f"its hyponym {fond.wordnet.key(best.synset)} fits the definition best, "
        "a sibling of the new sense"
    )
    assert {p.synset.id for p in top} == {c.synset.id for c in candidates} - {best.synset.id}
    assert abs(sum(p.score for p in top) - 1) < 1e-9  # no probability lost
    plain = placer.place("hypernet", "noun", definition, top=1)[0]
    assert plain.key == "computer_network#n#1" and "sibling" not in plain.explanation


def test_a_one_word_definition_merges(placer: Placer) -> None:
    top = placer.place("steam", "noun", "anger", top=1)[0]
    assert top.key == "anger#n#1" and top.operation == "merge"


def test_a_lemma_already_in_wordnet_is_placed(placer: Placer) -> None:
    assert placer.place("dog", "noun", "A domesticated canine.", top=1)


def test_threshold_abstains(placer: Placer) -> None:
    assert placer.place("beaglet", "noun", "A small hound used for hunting.", threshold=1.0) == []


@pytest.mark.parametrize(
    ("pos", "definition", "message"),
    [
        ("adjective", "A small hound.", "takes noun or verb"),
        ("noun", "", "no words"),
        ("noun", "  42 ... !", "no words"),
        ("noun", "ein Eiweiß aus vielen Aminosäuren", "does not look English"),
    ],
)
def test_bad_input_is_named(placer: Placer, pos: str, definition: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        placer.place("x", pos, definition)


def test_an_empty_lemma_is_named(placer: Placer) -> None:
    with pytest.raises(InputError, match="lemma is empty"):
        placer.place("  ", "noun", "A small hound.")


@pytest.mark.parametrize(
    ("top", "threshold", "message"),
    [(0, 0.0, "top 0"), (-1, 0.0, "top -1"), (1, 3.0, "threshold 3.0"), (1, -0.5, "threshold")],
)
def test_options_outside_their_range_are_named(
    placer: Placer, top: int, threshold: float, message: str
) -> None:
    with pytest.raises(OptionError, match=message):  # not [] (top 0) nor the top minus one
        placer.place("beaglet", "noun", "A small hound.", top=top, threshold=threshold)


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=20), st.text(max_size=60), st.sampled_from(["noun", "verb"]))
def test_any_text_gets_placements_or_a_clear_error(
    placer: Placer, lemma: str, text: str, pos: str
) -> None:
    try:
        placements = placer.place(lemma, pos, text, top=3)
    except InputError:
        return
    assert all(0.0 <= p.score <= 1.0 for p in placements)
    assert all(p.operation in ("attach", "merge") for p in placements)


def test_a_definition_from_pdf_text_is_read_as_plain_letters(placer: Placer) -> None:
    plain = "A financial institution that accepts deposits and channels the money into lending."
    pdf = plain.replace("fi", "ﬁ")  # "ﬁnancial": the genus term hides behind a ligature
    expected = [(p.key, p.operation, p.score) for p in placer.place("thriftbank", "noun", plain)]
    got = [(p.key, p.operation, p.score) for p in placer.place("thriftbank", "noun", pdf)]
    assert got == expected
    assert [sense for sense, _ in placer.known_senses("ﬁnance", "noun", pdf)[:1]] == [
        sense for sense, _ in placer.known_senses("finance", "noun", plain)[:1]
    ]
