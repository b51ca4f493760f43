"""Word rarity in WordNet's glosses: the weight of the words a definition shares with a sense."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from termlens.errors import InputError
from termlens.resources import resource_path
from termlens.taxonomy.rarity import RARITY_FILE, GlossRarity, GlossWords
from termlens.taxonomy.wordnet import WordNet, bundled


@pytest.fixture(scope="module")
def wordnet() -> WordNet:
    return bundled()


def test_counts_the_synsets_whose_signature_holds_a_word(wordnet: WordNet) -> None:
    gloss_words = GlossWords(wordnet)
    chosen = [wordnet.from_key(k) for k in ("antibody#n#1", "protein#n#1", "person#n#1")]
    rarity = GlossRarity.build(gloss_words, chosen)
    # antibody: "any of a large variety of proteins ..."; protein: its own lemma
    assert rarity.synsets == 3
    assert rarity.frequencies["protein"] == 2
    assert rarity.frequencies["person"] == 1
    assert rarity.weight(["protein"]) == pytest.approx(math.log(3 / 2))
    assert rarity.weight(["protein", "person"]) == pytest.approx(math.log(3 / 2) + math.log(3))
    assert rarity.weight(["never-seen"]) == pytest.approx(math.log(3))  # as rare as can be


def test_bundled_rarities_weigh_a_rare_word_over_a_common_one() -> None:
    rarity = GlossRarity.load(resource_path(RARITY_FILE))
    assert rarity.synsets > 100_000
    assert rarity.weight(["antibody"]) > 1.5 * rarity.weight(["form"])  # 7.6 against 3.9


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    rarity = GlossRarity({"protein": 40, "form": 900}, 1000)
    path = tmp_path / "df.tsv"
    rarity.save(path)
    assert GlossRarity.load(path) == rarity


def test_bad_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "df.tsv"
    path.write_text("#synsets\t10\nprotein\t4\nform\n", encoding="utf-8")
    with pytest.raises(InputError, match="line 3: expected word<TAB>synsets"):
        GlossRarity.load(path)
    path.write_text("protein\t4\n", encoding="utf-8")
    with pytest.raises(InputError, match="no #synsets line"):
        GlossRarity.load(path)
