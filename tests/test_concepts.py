"""Clustering concept mentions and linking the clusters: hand-made topics and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from termlens import io
from termlens.cli import app
from termlens.concepts import cluster, relate
from termlens.concepts.cluster import (
    agglomerate,
    build_hierarchy,
    join_defined,
    pair_scores,
    predict,
    scores,
)
from termlens.concepts.outline import outline
from termlens.concepts.relate import (
    FEATURES,
    WEIGHTS,
    PairModel,
    apart_acronyms,
    default_model,
    kinds_by_modifiers,
    named_kinds,
    numbered_names,
    pair_features,
    spells,
)
from termlens.concepts.scico import Mention, Topic, find_cycle
from termlens.concepts.terms import default_term_tagger, term_spans
from termlens.documents import TEXT_FILES
from termlens.errors import InputError
from termlens.resources import resource_path

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def test_average_linkage_hand_worked() -> None:
    # 0-1 very similar, 2 close to 1 but not to 0: average(0.9 link, 0.1) = 0.5 decides
    same = np.array([[1, 0.9, 0.1, 0], [0.9, 1, 0.9, 0], [0.1, 0.9, 1, 0], [0, 0, 0, 1]])
    assert agglomerate(same, 0.45) == [0, 0, 0, 1]
    assert agglomerate(same, 0.55) == [0, 0, 1, 2]
    assert agglomerate(same, 0.95) == [0, 1, 2, 3]
    assert agglomerate(np.zeros((0, 0)), 0.5) == []


def _plain_average_linkage(same: np.ndarray, threshold: float) -> list[int]:
    """The textbook algorithm: merge the best pair of clusters (first in row order) while its
    average similarity reaches the threshold."""
    groups = [[i] for i in range(len(same))]
    while len(groups) > 1:
        pairs = [(a, b) for a in range(len(groups)) for b in range(len(groups)) if a != b]
        a, b = max(
            pairs,
            key=lambda p: (
                same[np.ix_(groups[p[0]], groups[p[1]])].mean(),
                -min(groups[p[0]]),
                -min(groups[p[1]]),
            ),
        )
        if same[np.ix_(groups[a], groups[b])].mean() < threshold:
            break
        groups[min(a, b)] += groups.pop(max(a, b))
    labels = [0] * len(same)
    for label, group in enumerate(sorted(groups, key=min)):
        for i in group:
            labels[i] = label
    return labels


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 9).flatmap(
        lambda n: st.lists(
            st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0]), min_size=n * n, max_size=n * n
        )
    ),
    st.sampled_from([0.3, 0.5, 0.7]),
)
def test_average_linkage_merges_as_the_textbook_algorithm(
    values: list[float], threshold: float
) -> None:
    n = int(len(values) ** 0.5)
    same = np.array(values).reshape(n, n)
    same = (same + same.T) / 2  # ties on purpose: few distinct values
    assert agglomerate(same, threshold) == _plain_average_linkage(same, threshold)


def test_large_topics_are_scored_in_blocks_of_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    topic = _topic(
        [
            ("We train a conditional random field on the data .", [(3, 5)]),
            ("The CRF improves sequence tagging .", [(1, 1), (3, 4)]),
            ("Image generation is hard .", [(0, 1)]),
            ("Our image generation model is fast .", [(1, 2)]),
        ]
    )
    model = default_model()
    whole = scores(model, pair_features(topic.mentions))
    monkeypatch.setattr(cluster, "PAIRS_PER_BLOCK", 10)  # two rows of five pairs at a time
    for dense, blocked in zip(whole, pair_scores(topic.mentions, model), strict=True):
        np.testing.assert_allclose(blocked, dense, atol=1e-6)


def test_hierarchy_is_greedy_acyclic_with_one_parent() -> None:
    parent = np.array([[0, 0.9, 0.8], [0.7, 0, 0.6], [0.2, 0.95, 0]])
    edges = build_hierarchy(parent, [0, 1, 2], 0.5)
    # 2 → 1 (0.95) first; 0 → 1 is then taken (1 has a parent); 0 → 2 (0.8); 1 → 0 would cycle
    assert edges == [(2, 1), (0, 2)]
    assert find_cycle(edges) == []
    assert build_hierarchy(parent, [0, 1, 2], 0.99) == []


def test_hierarchy_keeps_to_the_allowed_pairs() -> None:
    parent = np.array([[0, 0.9, 0.8], [0.7, 0, 0.6], [0.2, 0.95, 0]])
    assert build_hierarchy(parent, [0, 1, 2], 0.5, allowed={(0, 1), (1, 0)}) == [(0, 1)]
    assert build_hierarchy(parent, [0, 1, 2], 0.5, allowed=set()) == []


def test_different_acronyms_stay_apart_in_plain_text() -> None:
    texts = ["GAN", "WGAN", "GANs", "LS-GAN", "LS - GAN", "network", "mIoU", "mIoUs", "CNN"]
    acronyms, keys = apart_acronyms([Mention(0, i, i, t, t) for i, t in enumerate(texts)])
    assert acronyms.tolist() == [0, 1, 2, 3, 4, 6, 7, 8]
    assert keys.tolist() == [0, 1, 0, 2, 2, 3, 3, 4]  # plurals and spaced hyphens are the same
    topic = _topic(
        [
            ("We train a GAN and a WGAN on faces .", [(3, 3), (6, 6)]),
            ("The WGAN beats the GAN on CIFAR .", [(1, 1), (4, 4)]),
        ]
    )
    gan, wgan, wgan_again, gan_again = predict(topic, default_model(), plain_text=True).clusters
    assert gan == gan_again != wgan == wgan_again
    assert len(set(predict(topic, default_model()).clusters)) == 1  # SciCo topics: as measured


def test_a_kind_is_named_by_modifiers_before_the_parent_s_words() -> None:
    texts = [
        "segmentation",  # cluster 0
        "brain tumor segmentation",  # 1: a kind of segmentation
        "CycleGAN",  # 2
        "hyperparameters of CycleGAN",  # 3: no kind of CycleGAN (its head is hyperparameters)
        "lung segmentation",  # 4, with two mentions that are no segmentation: under half
        "lung",
        "lungs",
        "Conditional GANs",  # 5: a kind of GAN (plurals folded)
        "GAN",  # 6
        "segmentation",  # 7: the same words as cluster 0 are no kind of it
        "generative model",  # 8, named by its most frequent mention
        "generative models",
        "model",
        "language model",  # 9: a kind of model, but no cluster is named "model"
        "deep generative model",  # 10: a kind of generative model
        "mAP",  # 11: no kind of map below
        "response map",  # 12
        "H",  # 13: a symbol
        "latent codes H",  # 14
        "Image Segmentation",  # 15: a kind of segmentation, whatever its case
        "joint model",  # 16: no name (a tie)
        "model",
        "vision model",  # 17: no kind of cluster 16
    ]
    mentions = [Mention(0, i, i, text, text) for i, text in enumerate(texts)]
    clusters = [0, 1, 2, 3, 4, 4, 4, 5, 6, 7, 8, 8, 8, 9, 10, 11, 12, 13, 14, 15, 16, 16, 17]
    kinds = {(0, 1), (7, 1), (6, 5), (8, 10), (0, 15), (7, 15)}
    assert kinds_by_modifiers(mentions, clusters) == kinds


def test_one_name_with_different_numbers_never_shares_a_cluster() -> None:
    texts = ["Set5", "Set14", "Set5 dataset", "CIFAR - 10", "CIFAR - 100", "cifar-10", "network"]
    texts += ["Covid-19", "Coronavirus Disease 2019"]  # other words: not one name
    found, names, numbers = numbered_names([Mention(0, i, i, t, t) for i, t in enumerate(texts)])
    assert found.tolist() == [0, 1, 2, 3, 4, 5, 7, 8]
    assert names.tolist() == [0, 0, 1, 2, 2, 2, 3, 4]
    assert numbers.tolist() == [0, 1, 0, 2, 3, 2, 4, 5]
    topic = _topic(
        [
            ("We evaluate on Set5 and Set14 .", [(3, 3), (5, 5)]),
            ("Results on Set14 and Set5 are in Table 2 .", [(2, 2), (4, 4)]),
        ]
    )
    for plain_text in (False, True):
        set5, set14, set14_again, set5_again = predict(
            topic, default_model(), plain_text=plain_text
        ).clusters
        assert set5 == set5_again != set14 == set14_again


def _topic(sentences: list[tuple[str, list[tuple[int, int]]]]) -> Topic:
    tokens = [text.split() for text, _ in sentences]
    mentions = [
        Mention(p, a, b, " ".join(tokens[p][a : b + 1]), " ".join(tokens[p]))
        for p, (_, spans) in enumerate(sentences)
        for a, b in spans
    ]
    return Topic("hand-made", tokens, mentions, [0] * len(mentions), [])


def test_acronyms_and_repeats_cluster_together() -> None:
    topic = _topic(
        [
            ("We train a conditional random field on the data .", [(3, 5)]),
            ("The CRF improves sequence tagging .", [(1, 1), (3, 4)]),
            ("Image generation is hard .", [(0, 1)]),
            ("Our image generation model is fast .", [(1, 2)]),
        ]
    )
    features = pair_features(topic.mentions)
    assert features.shape == (5, 5, len(FEATURES))
    assert features[0, 1, FEATURES.index("acronym")] == 1.0
    result = predict(topic, default_model())
    crf, acronym, tagging, image, image_again = result.clusters
    assert crf == acronym and image == image_again
    assert len({crf, tagging, image}) == 3
    assert find_cycle(result.relations) == []


def test_an_acronym_said_many_times_pairs_with_its_long_forms_once_per_use() -> None:
    # each use of DNN pairs with each use of its long form, by initials and by the dictionary;
    # a use must not also inherit the partners of the uses before it (2,000 such mentions once
    # took 9 GB and two minutes)
    k = 40
    mentions = [Mention(0, 0, 2, "deep neural network", "")] * k + [Mention(0, 4, 4, "DNN", "")] * k
    texts = [m.text for m in mentions]
    bags = [set(t.split()) for t in texts]
    partners = relate._acronym_pairs(mentions, texts, bags)
    for i in range(k, 2 * k):
        assert sorted(partners[i]) == sorted([*range(k)] * 2)  # by initials, by dictionary
    assert sum(len(p) for p in partners.values()) == 4 * k * k


def test_a_hyphenated_spelling_is_the_same_text_and_spells_its_acronym() -> None:
    topic = _topic(
        [
            ("We study named entity recognition ( NER ) here .", [(2, 4), (6, 6)]),
            ("Named-entity recognition is hard .", [(0, 1)]),
        ]
    )
    features = pair_features(topic.mentions)
    assert features[0, 2, FEATURES.index("same_text")] == 1.0
    assert features[1, 2, FEATURES.index("acronym")] == 1.0
    assert len(set(predict(topic, default_model(), plain_text=True).clusters)) == 1


def test_cluster_text_folder(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    result = runner.invoke(
        app, ["concepts", "cluster", "--text", str(ROOT / "examples" / "concepts"), "-o", str(out)]
    )
    assert result.exit_code == 0, result.stderr
    (topic,) = [json.loads(line) for line in out.read_text().splitlines()]
    texts = {" ".join(topic["tokens"][p][a : b + 1]): c for p, a, b, c in topic["mentions"]}
    assert texts["conditional random field"] == texts["CRF"]
    assert {"GANs", "named entity recognition", "ImageNet"} <= set(texts)  # the term tagger's
    assert not any(text.startswith("study") for text in texts)  # a verb opens no term
    assert len(topic["doc_ids"]) == 3 and topic["flatten_mentions"]


def test_a_named_kind_never_shares_its_parent_s_cluster_in_plain_text() -> None:
    topic = _topic(
        [
            ("We train DQN on Atari games .", [(2, 2)]),
            ("Double DQN reduces the overestimation of DQN on Atari games .", [(0, 1), (6, 6)]),
            ("The hyperparameters of DQN are tuned .", [(1, 3), (3, 3)]),
        ]
    )
    assert named_kinds(topic.mentions) == [(1, 0), (1, 2), (1, 4)]  # not *hyperparameters of*
    dqn, double, dqn_again, _, dqn_too = predict(topic, default_model(), plain_text=True).clusters
    assert dqn == dqn_again == dqn_too != double
    assert predict(topic, default_model(), plain_text=True).relations == [(dqn, double)]


def test_plain_text_links_only_named_kinds(tmp_path: Path) -> None:
    """Plain documents' clusters need not form one hierarchy: a cluster takes a parent only
    where it names a kind of it (before, every cluster but one took its likeliest parent)."""
    (tmp_path / "a.txt").write_text(
        "Image segmentation divides an image into regions. We evaluate segmentation on three "
        "datasets.\n"
    )
    (tmp_path / "b.txt").write_text(
        "Brain tumor segmentation from MRI scans is hard. Our model improves brain tumor "
        "segmentation accuracy, and the hyperparameters of the CRF were tuned on a validation "
        "set.\n"
    )
    (tmp_path / "c.txt").write_bytes("Segmentación de imágenes.".encode("latin-1"))
    out = tmp_path / "out.jsonl"
    cluster_folder = ["concepts", "cluster", "--text", str(tmp_path), "-o", str(out)]
    result = runner.invoke(app, cluster_folder)
    assert result.exit_code == 1 and "--skip-unreadable" in result.stderr and not out.exists()
    result = runner.invoke(app, [*cluster_folder, "--skip-unreadable"])
    assert result.exit_code == 0, result.stderr
    assert "left out" in result.stderr and "in 2 documents" in result.stderr
    (topic,) = [json.loads(line) for line in out.read_text().splitlines()]
    cluster = {" ".join(topic["tokens"][p][a : b + 1]): c for p, a, b, c in topic["mentions"]}
    assert len(set(cluster.values())) == 3  # segmentation, brain tumor segmentation, CRF
    assert topic["relations"] == [[cluster["segmentation"], cluster["Brain tumor segmentation"]]]


def test_a_heading_glued_to_the_text_that_repeats_it_is_two_mentions() -> None:
    from termlens.concepts.mentions import topic_from_documents
    from termlens.documents import RawDocument

    text = "section : Data Augmentation Data augmentation is used to train the network ."
    mentions = topic_from_documents([RawDocument("paper", text)], "t").mentions
    texts = [m.text for m in mentions]
    assert "Data Augmentation Data augmentation" not in texts
    assert {"Data Augmentation", "Data augmentation"} <= set(texts)


def test_a_defined_short_form_is_one_concept_with_its_long_form_in_plain_text() -> None:
    """The text says so: "PMUs" (plural, its initials spell no *PMUs*) and "CTPA" (*CT* is no
    initial) were each a cluster apart from their long forms; and the tagger's term "SE )
    traditionally", across the bracket, hid the short form *SE*."""
    from termlens.concepts.mentions import topic_from_documents
    from termlens.documents import RawDocument

    text = (
        "Grids rely on phasor measurement units (PMUs) today. Each of the PMUs samples voltage. "
        "A CT pulmonary angiogram (CTPA) ruled it out. State estimation (SE) traditionally "
        "uses weighted least squares; with PMUs, a linear SE becomes possible."
    )
    topic = topic_from_documents([RawDocument("paper", text)], "t")
    texts = [m.text for m in topic.mentions]
    assert not any(")" in t or "(" in t for t in texts)
    assert {texts[a] + " = " + texts[b] for a, b in topic.defined} >= {
        "PMUs = phasor measurement units",
        "CTPA = CT pulmonary angiogram",
        "SE = State estimation",
    }
    result = predict(topic, default_model(), plain_text=True)
    cluster = {t: c for t, c in zip(texts, result.clusters, strict=True)}
    assert cluster["PMUs"] == cluster["phasor measurement units"]
    assert cluster["CTPA"] == cluster["CT pulmonary angiogram"]
    assert cluster["SE"] == cluster["State estimation"]


def test_a_term_starts_after_its_article_in_any_language() -> None:
    """The term tagger took "la Agencia Española de Protección de Datos" whole, the longer
    span won over the long form, and *AEPD* was a cluster apart from it."""
    from termlens.concepts.mentions import topic_from_documents
    from termlens.documents import RawDocument

    text = "Notificará a la Agencia Española de Protección de Datos (AEPD) cualquier brecha."
    topic = topic_from_documents([RawDocument("contrato", text)], "t")
    texts = [m.text for m in topic.mentions]
    assert "Agencia Española de Protección de Datos" in texts
    assert [texts[a] + " = " + texts[b] for a, b in topic.defined] == [
        "AEPD = Agencia Española de Protección de Datos"
    ]


def test_a_term_one_document_defines_is_one_concept_wherever_the_topic_names_it() -> None:
    """The tagger found neither *SEI* nor "equivalent circuit models" in the second document,
    and "state of health" there was a cluster apart from *SoH* and its long form."""
    from termlens.concepts.mentions import topic_from_documents
    from termlens.documents import RawDocument

    documents = [
        RawDocument(
            "a",
            "Cells age through solid electrolyte interphase (SEI) growth. We estimate the state "
            "of health (SoH) with an equivalent circuit model (ECM).",
        ),
        RawDocument(
            "b",
            "The SEI grows at high temperature, and the state of health falls. Equivalent "
            "circuit models are the standard estimators.",
        ),
    ]
    topic = topic_from_documents(documents, "t")
    said = [(topic.fields["doc_ids"][m.paragraph], m.text) for m in topic.mentions]
    assert {("b", "SEI"), ("b", "state of health"), ("b", "Equivalent circuit models")} <= set(said)
    result = predict(topic, default_model(), plain_text=True)
    cluster = dict(zip(said, result.clusters, strict=True))
    assert cluster["b", "SEI"] == cluster["a", "solid electrolyte interphase"]
    assert cluster["b", "state of health"] == cluster["a", "SoH"]
    assert cluster["b", "Equivalent circuit models"] == cluster["a", "ECM"]


def test_a_short_form_the_topic_defines_twice_over_joins_neither_meaning() -> None:
    from termlens.concepts.mentions import topic_from_documents
    from termlens.documents import RawDocument

    documents = [
        RawDocument("a", "Power grids need state estimation (SE) at every bus."),
        RawDocument("b", "Each bar shows the standard error (SE) of the mean."),
    ]
    topic = topic_from_documents(documents, "t")
    texts = [m.text for m in topic.mentions]
    joined = {frozenset((texts[a], texts[b])) for a, b in topic.defined}
    assert joined == {
        frozenset(("SE", "state estimation")),
        frozenset(("SE", "standard error")),
    }
    result = predict(topic, default_model(), plain_text=True)
    cluster = dict(zip(texts, result.clusters, strict=True))
    assert cluster["state estimation"] != cluster["standard error"]


def test_a_short_form_joins_the_term_its_long_form_ends_and_no_term_it_spells_otherwise() -> None:
    from termlens.concepts.mentions import topic_from_documents
    from termlens.documents import RawDocument

    documents = [
        RawDocument(
            "a",
            "We focus on single image super-resolution (SR), which recovers a high-resolution "
            "image. SR methods are learned. Deep SR networks are large. Our SR model is fast.",
        ),
        RawDocument("b", "Scene recognition is hard. Deep models help scene recognition."),
    ]
    topic = topic_from_documents(documents, "t")
    texts = [m.text for m in topic.mentions]
    result = predict(topic, default_model(), plain_text=True)
    cluster = dict(zip(texts, result.clusters, strict=True))
    assert cluster["SR"] == cluster["super-resolution"]
    assert cluster["SR"] != cluster["Scene recognition"]  # spells SR, names another thing


def test_a_short_form_joins_the_found_term_that_ends_with_its_long_form() -> None:
    from termlens.concepts.mentions import topic_from_documents
    from termlens.documents import RawDocument

    text = "In this paper , we focus on single image super - resolution ( SR ) . SR is hard ."
    topic = topic_from_documents([RawDocument("a", text)], "t")
    texts = [m.text for m in topic.mentions]
    assert "super - resolution" not in texts  # the tagger's term holds the defined long form
    joined = {frozenset((texts[a], texts[b])) for a, b in topic.defined}
    assert frozenset(("SR", "single image super - resolution")) in joined


def test_two_papers_that_define_a_short_form_alike_name_one_concept() -> None:
    """The first paper's long form lies in the tagger's term (*deep variational autoencoders*),
    which names a kind of the second paper's *variational autoencoder*: kept apart as kinds,
    the two VAEs split, though both papers define it alike."""
    from termlens.concepts.mentions import topic_from_documents
    from termlens.documents import RawDocument

    documents = [
        RawDocument(
            "a",
            "In this paper we introduce a novel model based on deep variational autoencoders "
            "(VAE). The VAE learns a latent code. Our VAE is fair.",
        ),
        RawDocument(
            "b",
            "We add a variational autoencoder (VAE) branch to the network. The VAE branch "
            "reconstructs the image. A variational autoencoder regularises the encoder.",
        ),
        RawDocument("c", "Power grids need state estimation (SE) at every bus."),
        RawDocument("d", "Each bar shows the standard error (SE) of the mean."),
    ]
    topic = topic_from_documents(documents, "t")
    result = predict(topic, default_model(), plain_text=True)
    cluster = {
        (topic.fields["doc_ids"][m.paragraph], m.text): c
        for m, c in zip(topic.mentions, result.clusters, strict=True)
    }
    assert cluster["a", "VAE"] == cluster["b", "VAE"] == cluster["b", "variational autoencoder"]
    assert cluster["a", "deep variational autoencoders"] == cluster["a", "VAE"]
    assert cluster["c", "SE"] != cluster["d", "SE"]  # defined two ways


def test_one_word_terms_written_alike_are_not_one_concept_in_plain_text() -> None:
    from termlens.concepts.cluster import keep_words_apart

    texts = ["encoder", "decoder", "encoders", "normalization", "normalisation", "CNN", "RNN"]
    mentions = [Mention(0, i, i, text, text) for i, text in enumerate(texts)]
    same = np.ones((len(texts), len(texts)))
    keep_words_apart(same, mentions)
    apart = {(texts[i], texts[j]) for i, j in zip(*np.nonzero(np.isneginf(same)), strict=True)}
    assert {("encoder", "decoder"), ("decoder", "encoders")} <= apart
    assert not {("encoder", "encoders"), ("normalization", "normalisation")} & apart
    assert not any("CNN" in pair for pair in apart)  # acronyms are kept apart by their own rule


def test_join_defined_joins_what_the_pairs_join_through_each_other() -> None:
    same = np.zeros((4, 4))
    mentions = [Mention(0, i, i, text, text) for i, text in enumerate(("a", "b", "c", "d"))]
    join_defined(same, [(0, 1), (1, 2)], mentions)
    assert (same[np.ix_([0, 1, 2], [0, 1, 2])] == 1).all()
    assert not same[3].any() and not same[:, 3].any()


def test_defined_pairs_of_a_tokenised_topic() -> None:
    from termlens.concepts.mentions import defined_pairs

    topic = _topic(
        [
            (
                "We use conditional random fields ( CRFs ) . The CRFs help .",
                [(2, 4), (6, 6), (10, 10)],
            ),
            ("A CRF is a model .", [(1, 1)]),  # another paragraph: not defined there
        ]
    )
    assert sorted(defined_pairs(topic)) == [(1, 0), (2, 0)]


def test_an_acronym_s_long_form_also_names_its_cluster() -> None:
    texts = ["SE", "SE", "state estimation", "linear state estimation"]
    mentions = [Mention(0, i, i, text, text) for i, text in enumerate(texts)]
    assert kinds_by_modifiers(mentions, [0, 0, 0, 1]) == {(0, 1)}


def test_an_acronym_counts_as_the_long_form_its_cluster_says() -> None:
    texts = ["machine translation", "NMT", "NMT", "neural machine translation", "MT", "MT"]
    mentions = [Mention(0, i, i, text, text) for i, text in enumerate(texts)]
    assert kinds_by_modifiers(mentions, [0, 1, 1, 1, 2, 2]) == {(0, 1)}
    assert kinds_by_modifiers(mentions[:3], [0, 1, 1]) == set()  # no long form: no kind


def test_a_tagged_term_does_not_start_or_end_on_a_function_word() -> None:
    from termlens.concepts.mentions import topic_from_documents
    from termlens.documents import RawDocument

    text = (  # SciREX; the term tagger marks "reviewing … neighbourhoods of a"
        "Currently there are no dedicated platforms for reviewing and rating aspects of "
        "neighbourhoods of a city . However we can find many discussions ."
    )
    texts = [m.text for m in topic_from_documents([RawDocument("paper", text)], "t").mentions]
    assert texts == ["reviewing and rating aspects of neighbourhoods"]


def test_term_spans_read_bio_labels() -> None:
    labels = ["O", "B-term", "I-term", "B-term", "O", "I-term", "I-term"]
    assert term_spans(labels) == [(1, 2), (3, 3), (5, 6)]  # a stray I- opens a span
    assert term_spans([]) == [] and term_spans(["O", "O"]) == []


def test_term_tagger_finds_methods_tasks_datasets_and_metrics() -> None:
    tagger = default_term_tagger()
    words = (
        "We train a convolutional neural network for semantic segmentation on Cityscapes .".split()
    )
    found = [" ".join(words[a : b + 1]) for a, b in tagger.spans(words)]
    assert "convolutional neural network" in found and "semantic segmentation" in found
    assert not any(w in f.split() for f in found for w in ("We", "train", "for", "on"))
    assert tagger.spans([]) == []


def test_cluster_errors_leave_no_output(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    for args in (
        ["concepts", "cluster", "-o", str(out)],
        ["concepts", "cluster", "--text", str(tmp_path), "-o", str(out)],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 1 and result.stderr.startswith("termlens: error:")
        assert not out.exists()


def test_a_topic_too_large_for_the_free_memory_is_refused_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:       24000000 kB\nMemAvailable:          1 kB\n")
    monkeypatch.setattr(io, "MEMINFO", meminfo)
    assert io.available_memory() == 1024
    out = tmp_path / "out.jsonl"
    folder = ROOT / "examples" / "concepts"
    result = runner.invoke(app, ["concepts", "cluster", "--text", str(folder), "-o", str(out)])
    assert result.exit_code == 1 and not out.exists()
    message = result.stderr.strip().splitlines()[-1]
    assert message == (
        "termlens: error: topic 'concepts': 17 mentions need about 0.01 MB to cluster and "
        "0.00 MB is free; cluster fewer documents at once (about 5 mentions fit)"
    )
    meminfo.write_text("MemAvailable:   24000000 kB\n")  # enough: clustered as before
    result = runner.invoke(app, ["concepts", "cluster", "--text", str(folder), "-o", str(out)])
    assert result.exit_code == 0 and out.exists()
    monkeypatch.setattr(io, "MEMINFO", tmp_path / "missing")  # not Linux: no check
    assert io.available_memory() is None


def test_bench_scico_scores_a_hand_made_topic(tmp_path: Path) -> None:
    topic = {
        "id": "t", "source": "hand-made",
        "tokens": [["conditional", "random", "field", "."], ["the", "CRF", "."], ["image", "generation", "."]],
        "sentences": [[[0, 4]], [[0, 3]], [[0, 3]]],
        "mentions": [[0, 0, 2, 0], [1, 1, 1, 0], [2, 0, 1, 1]],
        "relations": [],
    }  # fmt: skip
    data = tmp_path / "gold.jsonl"
    data.write_text(json.dumps(topic) + "\n")
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["bench", "scico", "--data", str(data), "--predictions", str(out)])
    assert result.exit_code == 0, result.stderr
    assert "CoNLL" in result.stdout and "100.00" in result.stdout
    assert "no gold relations in the data, not scored" in result.stdout  # not a score of 0
    assert (
        json.loads(out.read_text())["mentions"][0][3]
        == json.loads(out.read_text())["mentions"][1][3]
    )


def test_bundled_model_on_the_open_proxy(data: Path) -> None:
    """In-sample regression floors (docs/benchmarks-log.md: CoNLL 75.31, Levenshtein baseline 64.05;
    hierarchy F1 49.33 on 27 gold links: 69.36 before the fifty-seventh session's refit, when
    the *acronym* feature lost one of its four pairs in the proxy, 63.13 between the forty-ninth
    session's refit and the fifty-sixth's, 41.45 before the kind direction)."""
    from termlens.benchmarks import scico
    from termlens.concepts.scico import read_topics

    gold = read_topics(data / "scico-proxy" / "all.jsonl")
    result = scico.score(gold, [predict(t, default_model()) for t in gold])
    assert result.conll >= 73.5
    assert result.hierarchy.links.f1 >= 45.0


@pytest.mark.parametrize("field", ["plain_text_same_threshold", "hierarchy_weights"])
def test_a_model_file_from_before_is_refused(tmp_path: Path, field: str) -> None:
    data = json.loads(resource_path(WEIGHTS).read_text(encoding="utf-8"))
    assert PairModel.load(resource_path(WEIGHTS)).plain_text_same_threshold is not None
    del data[field]
    old = tmp_path / "concepts.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputError, match=rf"{field}.*retrain"):
        PairModel.load(old)


def test_plain_documents_are_read_in_their_normal_form() -> None:
    from termlens.concepts.mentions import topic_from_documents
    from termlens.documents import RawDocument

    text = "We train a conditional random ﬁeld ( CRF ) tagger . The CRF tags words ."
    mentions = topic_from_documents([RawDocument("paper", text)], "t").mentions
    assert "conditional random field" in [m.text for m in mentions]


def test_a_paragraph_in_another_language_gives_its_abbreviations_only() -> None:
    from termlens.concepts.mentions import topic_from_documents
    from termlens.documents import RawDocument

    # the English term tagger read the whole Spanish clause as one term, bracket and verb too
    text = (
        "El aprendizaje profundo (AP) mejora la traducción automática neuronal. El AP es útil "
        "para los textos largos."
    )
    english = "Neural machine translation (NMT) improves machine translation."
    short = "Image de-raining via GANs"  # guessed Spanish, but too short to trust the guess
    documents = [RawDocument("es", text), RawDocument("en", english), RawDocument("s", short)]
    said = [(m.paragraph, m.text) for m in topic_from_documents(documents, "t").mentions]
    assert said[:3] == [(0, "aprendizaje profundo"), (0, "AP"), (0, "AP")]
    assert (1, "machine translation") in said and (1, "NMT") in said and (2, "GANs") in said
    # a bilingual paper: its English paragraph's terms, its Spanish one's abbreviations
    spanish = "El aprendizaje profundo (AP) mejora la traducción automática neuronal en los "
    spanish += "textos largos de la biomedicina y de la física."
    english = "Neural machine translation (NMT) improves machine translation of long texts, "
    english += "and convolutional neural networks classify images well."
    both = topic_from_documents([RawDocument("b", f"{spanish}\n\n{english}")], "t")
    assert [m.text for m in both.mentions] == [
        *["aprendizaje profundo", "AP", "Neural machine translation", "NMT"],
        *["machine translation", "convolutional neural networks"],
    ]


def test_plain_documents_outline_their_mentions_as_written_and_no_amounts() -> None:
    from termlens.concepts.mentions import topic_from_documents
    from termlens.documents import RawDocument

    text = (
        "Earnings before interest, taxes, depreciation and amortization (EBITDA) rose to "
        "$1.1 billion. EBITDA margins were 27%."
    )
    topic = topic_from_documents([RawDocument("report", text)], "t")
    written = {m.text: m.written for m in topic.mentions}
    long = "Earnings before interest, taxes, depreciation and amortization"
    assert written[long.replace(",", " ,")] == long  # SciCo's tokens, and the text
    assert all(any(c.isalpha() for c in m.text) for m in topic.mentions)  # not "$ 1.1 billion"
    clustered = topic.with_prediction([0] * len(topic.mentions), [])
    assert outline(clustered).splitlines()[1].startswith(f"- {long} (3 mentions in report)")


def test_outline_names_clusters_and_puts_children_under_parents() -> None:
    topic = _topic(
        [
            ("We train a conditional random field ( CRF ) .", [(3, 5), (7, 7)]),
            ("The CRF tags words ; a semi - Markov CRF too .", [(1, 1), (6, 9)]),
            ("Parsing is slow .", [(0, 0)]),
        ]
    )
    topic = topic.with_prediction([0, 0, 0, 1, 2], [(0, 1)])
    topic.fields["doc_ids"] = ["a", "b", "b"]
    assert outline(topic).splitlines() == [
        "hand-made: 5 mentions, 3 clusters, 1 parent → child link",
        "- conditional random field (3 mentions in a, b): also CRF ×2",
        "  - semi - Markov CRF (1 mention in b)",
        "- Parsing (1 mention in b)",
    ]


def test_outline_spells_out_an_acronym_only_by_its_own_words() -> None:
    topic = _topic(
        [
            ("An LSTM and the LSTM model .", [(1, 1), (4, 5)]),
            ("The LSTM ( long short - term memory ) wins .", [(1, 1), (3, 7)]),
        ]
    )
    named = topic.with_prediction([0, 0, 0, 0], [])
    assert outline(named).splitlines()[1].startswith("- long short - term memory (4 mentions")
    without = Topic(topic.id, topic.tokens, topic.mentions[:3], [0, 0, 0], [])
    line = "- LSTM (3 mentions in paragraph 0, paragraph 1): also LSTM model"
    assert outline(without).splitlines()[1] == line
    # or by the words a document defines it with, though they do not spell it
    sentence = "The VAE ( variational autoencoder ) , a VAE , the VAEs ."
    vae = _topic([(sentence, [(1, 1), (3, 4), (8, 8), (11, 11)])]).with_prediction([0] * 4, [])
    assert outline(vae).splitlines()[1].startswith("- VAE (4 mentions")
    vae.defined = [(0, 1), (0, 2), (0, 3)]  # the mentions of one name are pairs too
    assert outline(vae).splitlines()[1].startswith("- variational autoencoder (4 mentions")
    assert spells("LSTMs", "Long Short-Term Memory") and not spells("LSTM", "LSTM model")
    assert spells("NER", "named-entity recognition") and not spells("QA", "Q-learning algorithm")
    paragraphs = Topic("many", [["CRF"]] * 7, [Mention(p, 0, 0, "CRF", "CRF") for p in range(7)],
                       [0] * 7, [], {"doc_ids": list("abcdefg")})  # fmt: skip
    assert outline(paragraphs).splitlines()[1] == "- CRF (7 mentions in a, b, c, d, e and 2 more)"


def test_cluster_writes_an_outline_to_standard_output(tmp_path: Path) -> None:
    folder = ROOT / "examples" / "concepts"
    result = runner.invoke(
        app, ["concepts", "cluster", "--text", str(folder), "-o", "-", "--format", "outline"]
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("concepts: 17 mentions")
    assert "- conditional random field (2 mentions in tagging): also CRF" in result.stdout
    # under a cluster that writes an acronym as often as its long form (GAN, GANs; generative
    # adversarial network, networks): both name it
    assert "\n  - Conditional GANs (1 mention in gan)\n" in result.stdout
    assert "to standard output" in result.stderr
    out = tmp_path / "topics.txt"
    result = runner.invoke(
        app, ["concepts", "cluster", "--text", str(folder), "-o", str(out), "--format", "tree"]
    )
    assert result.exit_code == 1 and "unknown format 'tree'" in result.stderr
    assert not out.exists()


def test_cluster_reads_markdown_and_latex_documents_and_finds_nothing_in_code(
    tmp_path: Path,
) -> None:
    (tmp_path / "paper.tex").write_text(
        "We train a \\emph{generative adversarial network} (GAN)~\\cite{GAN2014}.\n"
        "\\begin{equation}\n  \\mathrm{GAN} = \\min_G \\max_D V\n\\end{equation}\n",
        encoding="utf-8",
    )
    (tmp_path / "notes.md").write_text(
        "The GAN is stable. It improves *image synthesis*; see `train.py --gan`.\n\n"
        "```\nGAN = build()\n```\n",
        encoding="utf-8",
    )
    (tmp_path / "image.png").write_bytes(b"\x89PNG\r\n")  # not a text document: not read
    result = runner.invoke(
        app, ["concepts", "cluster", "--text", str(tmp_path), "-o", "-", "--format", "outline"]
    )
    assert result.exit_code == 0, result.stderr
    assert "2 documents;" in result.stderr
    # the citation key, the equation, the code span and the code block hold no mention
    assert "- generative adversarial network (3 mentions in notes, paper): also GAN ×2" in (
        result.stdout
    )
    assert "train.py" not in result.stdout
    empty = tmp_path / "empty"
    empty.mkdir()
    result = runner.invoke(app, ["concepts", "cluster", "--text", str(empty), "-o", "-"])
    assert result.exit_code == 1
    assert f"no {TEXT_FILES} documents in this folder" in result.stderr
