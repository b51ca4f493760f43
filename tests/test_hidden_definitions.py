"""Hiding a text's definitions to judge the dictionary on its other uses."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from termlens.acronyms.identify import find_abbreviations
from termlens.acronyms.lexical import same_sense
from termlens.benchmarks.hidden_definitions import hidden_definitions, scirex_papers
from termlens.errors import InputError

FILLER = " The agents explore the grid world for many episodes." * 8


_long_forms = st.lists(
    st.sampled_from(
        "net nets network networks neural neutral convolutional connected of for de la des d' "
        "GAN QA estimation estimator Health Highway - service system".split()
    ),
    min_size=1,
    max_size=5,
).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(_long_forms, _long_forms, st.sampled_from(["GAN", "NHS", "CNN", "FCN", "QA"]))
def test_same_sense_is_symmetric_and_reflexive(a: str, b: str, short: str) -> None:
    """`expand` groups senses by it (union-find): it must not depend on the order."""
    assert same_sense(short, a, b) == same_sense(short, b, a)
    assert same_sense(short, a, a)


def test_uses_out_of_sight_of_the_definition_are_kept() -> None:
    text = (
        "We build on the successor representation (SR) of states. The SR is near."
        + FILLER
        + " Later the SR counts visits."
        + FILLER
        + " Our SR works, and the HMM (hidden Markov model) is defined but never used again."
    )
    (hidden,) = hidden_definitions(text, find_abbreviations(text, lang="en"))
    assert hidden.short == "SR" and hidden.defined_as == "successor representation"
    assert len(hidden.contexts) == 2  # "The SR is near." sees the definition
    assert all("successor representation" not in c for c in hidden.contexts)
    assert "Later the SR counts visits." in hidden.contexts[0]


def test_same_sense_forgives_spelling_not_meaning() -> None:
    assert same_sense("VAE", "Variational Auto - Encoder", "variational autoencoder")
    assert same_sense("WGAN", "Wasserstein GAN", "Wasserstein Generative Adversarial Network")
    assert same_sense("VQA", "Visual QA", "visual question answering")
    assert same_sense(
        "SNLI", "Stanford Natural Language Inference Corpus", "Stanford Natural Language Inference"
    )
    assert same_sense("CNNs", "convolutional neural networks", "convolutional neural network")
    assert not same_sense("MMC", "mixed Monte - Carlo return", "mitomycin C")
    assert not same_sense("TAR", "true accept rates", "temporal AR")
    assert not same_sense("SVM", "support vector", "support vector machine")  # too few words
    # the same first word and initials are not enough: each word must be alike
    assert same_sense("GANs", "Generative Adversarial Nets", "generative adversarial networks")
    assert same_sense("MLE", "maximum likelihood estimation", "Maximum likelihood estimator")
    assert not same_sense("NHS", "National Health Service", "National Highway System")
    assert not same_sense("FCN", "fully convolutional network", "fully connected network")
    assert same_sense(
        "FEV1", "forced expiratory volume at 1 second", "forced expiratory volume in 1 second"
    )
    # Spanish and French function words join names as English ones do
    assert same_sense(
        "OEA", "Organización de Estados Americanos", "Organización de los Estados Americanos"
    )
    assert same_sense(
        "OCDE",
        "Organización de Cooperación y Desarrollo Económicos",
        "Organización para la Cooperación y el Desarrollo Económicos",
    )
    assert same_sense(
        "HCR", "Haut Commissariat aux réfugiés", "Haut-Commissariat pour les réfugiés"
    )
    assert same_sense("ODE", "O - D demand estimation", "O - D estimation")  # "d" is a letter
    assert not same_sense("OEA", "Organización de Estados Americanos", "Oficina de Estudios Árabes")
    assert same_sense(
        "ADMM",
        "alternating direction multiplier method",
        "Alternating Direction Method of Multipliers",
    )  # the same words in another order
    assert same_sense("LSTM", "long short-term memory", "long shortterm memory network")
    assert same_sense("AUC", "area under curve", "area under the ROC curve")  # a word inside
    assert not same_sense("PTB", "Penn Treebank", "Penn English Treebank")  # PT does not spell it
    assert not same_sense("RNN", "recurrent neural network", "recursive neural network")
    # an acronym that opens one long form spells the other's first words
    assert same_sense(
        "UNHCR",
        "UN High Commissioner for Refugees",
        "United Nations High Commissioner for Refugees",
    )
    assert same_sense("MAPK", "MAP kinase", "mitogen-activated protein kinases")
    assert not same_sense("WASP", "WAS protein", "White Anglo-Saxon Protestant")  # only alike


def test_scirex_papers_are_read_and_bad_lines_named(tmp_path: Path) -> None:
    path = tmp_path / "docs.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.write(json.dumps({"words": ["a", "paper", "."]}) + "\n" + '{"text": "no words"}\n')
    papers = scirex_papers(path)
    assert next(papers) == "a paper ."
    with pytest.raises(InputError, match=r"docs\.jsonl\.gz:2: not a SciREX paper"):
        next(papers)
