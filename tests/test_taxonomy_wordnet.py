"""The bundled WordNet 3.0: task keys, morphology, structure, and NLTK-exact Wu & Palmer."""

from __future__ import annotations

import random
import shutil
import zipfile
from pathlib import Path

import pytest

from termlens.errors import InputError
from termlens.resources import resource_path
from termlens.taxonomy.wordnet import BUNDLE, LEXNAMES, ROOT, WordNet, bundled


@pytest.fixture(scope="module")
def wordnet() -> WordNet:
    return bundled()


def test_sizes_match_wordnet_3_0(wordnet: WordNet) -> None:
    by_pos: dict[str, int] = {}
    for synset in wordnet:
        by_pos[synset.pos] = by_pos.get(synset.pos, 0) + 1
    assert len(wordnet) == 117_659
    assert by_pos["n"] == 82_115 and by_pos["v"] == 13_767


def test_task_keys_name_the_nth_sense(wordnet: WordNet) -> None:
    dog = wordnet.from_key("dog#n#1")
    assert dog.lemmas == ("dog", "domestic_dog", "Canis_familiaris")
    assert wordnet.key(dog) == "dog#n#1"
    assert wordnet.key(dog, prefer="domestic dog") == "domestic_dog#n#1"
    assert wordnet.from_key("period#n#1") == wordnet.from_key("time_period#n#1")
    assert wordnet.from_key("diagnostic test#n#1").lemmas[0] == "diagnostic_test"
    assert wordnet.from_key("exhibition_hall#n#01").lemmas[0] == "exhibition_hall"


@pytest.mark.parametrize(
    "key", ["dog", "dog#x#1", "dog#n#one", "dog#n#²", "dog#n#0", "dog#n#99", "zzqx#n#1"]
)
def test_bad_keys_say_what_is_wrong(wordnet: WordNet, key: str) -> None:
    with pytest.raises(InputError, match=r"dog#n#1|senses"):
        wordnet.from_key(key)


def test_morphology_uses_rules_and_exceptions(wordnet: WordNet) -> None:
    assert wordnet.lemmatise("proteins", "n") == ["protein"]
    assert wordnet.lemmatise("geese", "n") == ["goose"]
    assert wordnet.lemmatise("ran", "v") == ["run"]
    assert wordnet.lemmatise("Sexual Intercourse", "n") == ["sexual_intercourse"]
    assert wordnet.lemmatise("zzqx", "n") == []


def test_hypernyms_and_hyponyms_mirror_each_other(wordnet: WordNet) -> None:
    dog = wordnet.from_key("dog#n#1")
    assert [wordnet.key(h) for h in wordnet.hypernyms(dog)] == ["canine#n#2", "domestic_animal#n#1"]
    for child in wordnet.hyponyms(dog):
        assert dog in wordnet.hypernyms(child)
    assert wordnet.min_depth(wordnet.from_key("entity#n#1")) == 0
    assert wordnet.max_depth(dog) == 13 and wordnet.min_depth(dog) == 8


def test_every_pointer_reaches_a_synset(wordnet: WordNet) -> None:
    for synset in wordnet:
        assert synset.lexname in LEXNAMES
        for pointer in wordnet.pointers(synset):
            assert pointer.target in wordnet.synsets, (synset.id, pointer)


def test_wup_hand_worked(wordnet: WordNet) -> None:
    dog, cat = wordnet.from_key("dog#n#1"), wordnet.from_key("cat#n#1")
    # subsumer carnivore#n#1: longest path to entity 11 edges, so depth 12; two edges down to each
    assert wordnet.wup_parts(dog, cat) == (12, 14, 14)
    assert wordnet.wup(dog, cat) == pytest.approx(24 / 28)
    # NLTK's quirk, kept: the subsumer is the common hypernym deepest by its *shortest* path,
    # so a synset with a deep second parent is not its own subsumer (canine#n#2, min depth 12)
    assert wordnet.wup(dog, dog) == pytest.approx(26 / 28)
    assert wordnet.wup(cat, cat) == 1.0
    # verbs in separate hierarchies meet only at the simulated root (depth 1)
    run, think = wordnet.from_key("run#v#1"), wordnet.from_key("think#v#1")
    depth, _, _ = wordnet.wup_parts(run, think) or (0, 0, 0)
    assert depth == 1 and ROOT not in wordnet.synsets


@pytest.mark.filterwarnings("ignore:The multilingual functions:UserWarning")  # NLTK's own
def test_wup_equals_nltk_on_random_pairs(wordnet: WordNet, tmp_path: Path) -> None:
    nltk = pytest.importorskip("nltk")
    corpus = tmp_path / "corpora" / "wordnet"
    corpus.mkdir(parents=True)
    with zipfile.ZipFile(resource_path(BUNDLE)) as archive:
        archive.extractall(corpus)
    (corpus / "lexnames").write_text(
        "".join(f"{i:02d}\t{name}\t{_lexname_pos(name)}\n" for i, name in enumerate(LEXNAMES))
    )
    (corpus / "index.sense").write_text("")  # NLTK opens it; Wu & Palmer never reads it
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    nltk.data.path.insert(0, str(tmp_path))  # NLTK reads only from its data path
    try:
        _compare_with(WordNetCorpusReader(nltk.data.find("corpora/wordnet"), None), wordnet)
    finally:
        nltk.data.path.remove(str(tmp_path))
    shutil.rmtree(corpus)


def _compare_with(reference: object, wordnet: WordNet) -> None:
    nouns_and_verbs = [s for s in wordnet if s.pos in "nv"]
    rng = random.Random(7)
    pairs = [(rng.choice(nouns_and_verbs), rng.choice(nouns_and_verbs)) for _ in range(300)]
    for synset in rng.sample(nouns_and_verbs, 300):
        pairs.append((synset, synset))  # close pairs: a synset and its neighbours
        for other in wordnet.hypernyms(synset)[:1] + wordnet.hyponyms(synset)[:1]:
            pairs += [(synset, other), (other, synset)]
    for a, b in pairs:
        of = reference.synset_from_pos_and_offset  # type: ignore[attr-defined]
        theirs = of(a.pos, int(a.id[:8])).wup_similarity(of(b.pos, int(b.id[:8])))
        assert wordnet.wup(a, b) == pytest.approx(theirs or 0.0, abs=1e-12), (a.id, b.id)


def _lexname_pos(name: str) -> int:
    return {"adj": 3, "adv": 4, "noun": 1, "verb": 2}[name.split(".")[0]]


def test_a_damaged_directory_names_the_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"data\.noun is missing"):
        WordNet.load(tmp_path)
    with pytest.raises(InputError, match="no WordNet here"):
        WordNet.load(tmp_path / "nowhere.zip")
