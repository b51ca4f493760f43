"""The genus prior: where WordNet files the senses whose glosses open with a term."""

from __future__ import annotations

from pathlib import Path

import pytest

from termlens.errors import InputError
from termlens.resources import resource_path
from termlens.taxonomy.genus import GENUS_FILE, GenusPrior
from termlens.taxonomy.wordnet import WordNet, bundled


@pytest.fixture(scope="module")
def wordnet() -> WordNet:
    return bundled()


def test_counts_gloss_genus_against_hypernyms(wordnet: WordNet) -> None:
    person = wordnet.from_key("person#n#1")
    # self, adult, adventurer, anomaly: "a person considered as ...", "a fully developed person
    # ...", "a person who enjoys ...", "a person who is unusual": all filed under person#n#1
    chosen = [wordnet.from_key(k) for k in ("self#n#2", "adult#n#1", "adventurer#n#1")]
    chosen.append(wordnet.from_key("anomaly#n#2"))
    prior = GenusPrior.build(wordnet, chosen)
    assert prior.count("person", person.id) == 4
    assert prior.share("person", person.id) == pytest.approx(4 / 5)
    assert prior.count("person", wordnet.from_key("person#n#2").id) == 0
    assert prior.count("human", person.id) == 0


def test_bundled_prior_files_person_glosses_under_person(wordnet: WordNet) -> None:
    prior = GenusPrior.load(resource_path(GENUS_FILE))
    person = [s.id for s in wordnet.lookup("person", "n")]
    counts = [prior.count("person", i) for i in person]
    assert counts[0] > 300 and counts[0] == max(counts)  # sense 1, a human being


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    prior = GenusPrior.from_counts({("person", "00007846-n"): 3, ("cause", "00770437-v"): 2})
    path = tmp_path / "genus.tsv"
    prior.save(path)
    assert GenusPrior.load(path) == prior


def test_bad_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "genus.tsv"
    path.write_text("person\t00007846-n\t3\nperson\t00007846-n\n", encoding="utf-8")
    with pytest.raises(InputError, match="line 2: expected term<TAB>synset id<TAB>count"):
        GenusPrior.load(path)
