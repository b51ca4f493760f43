"""Harvests for dictionaries: gold short forms of extraction records paired with their long
forms, and the pairs and contexts collected from uses."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from termlens.acronyms.dictionary import AcronymDictionary, Entry
from termlens.acronyms.mining import CONTEXT_CHARS, Use, collect, mine, store
from termlens.benchmarks.sdu22_ae import gold_uses
from termlens.minilm import EnglishEncoder
from termlens.text import split_sentences


def spans(text: str, *parts: str) -> list[list[int]]:
    """[start, end] of each part, found left to right."""
    out, at = [], 0
    for part in parts:
        start = text.index(part, at)
        out.append([start, start + len(part)])
        at = start + len(part)
    return out


def test_gold_long_forms_pair_with_the_short_form_next_to_them() -> None:
    text = (
        "We use a support vector machine (SVM) and a CRF (conditional random field). "
        "NER = named entity recognition; (long short-term memory, LSTM). The SVM wins; POS too."
    )
    record = {
        "text": text,
        "acronyms": spans(text, "SVM", "CRF", "NER", "LSTM", "SVM", "POS"),
        "long-forms": spans(
            text,
            "support vector machine",
            "conditional random field",
            "named entity recognition",
            "long short-term memory",
        ),
    }
    uses = gold_uses(record)
    assert [(u.short, u.long) for u in uses] == [
        ("SVM", "support vector machine"),
        ("CRF", "conditional random field"),
        ("NER", "named entity recognition"),
        ("LSTM", "long short-term memory"),
        ("SVM", "support vector machine"),  # a later use keeps its meaning; POS has none
    ]
    assert all(text[u.start : u.end] == u.short for u in uses)


def test_a_long_form_far_from_any_short_form_pairs_with_none() -> None:
    text = "The support vector machine is old. Later we cite SVM results."
    record = {
        "text": text,
        "acronyms": spans(text, "SVM"),
        "long-forms": spans(text, "support vector machine"),
    }
    assert gold_uses(record) == []
    assert gold_uses({"text": "No marks here."}) == []


def test_collect_counts_a_pair_once_per_text_and_keeps_each_use_in_context() -> None:
    first = "x" * 300 + "CRF (Conditional Random Field) CRF"
    second = "A CRF (conditional random field)."
    found = collect(
        [
            (first, [Use(300, 303, "CRF", "conditional random field"),
                     Use(331, 334, "CRF", "conditional random field")]),
            (second, [Use(2, 5, "CRF", "conditional random field")]),
        ]
    )  # fmt: skip
    assert found.documents == 2
    assert found.pairs == {("CRF", "conditional random field"): 2}
    # the words around each use, without the long form: a text that only uses the short form
    # does not hold it
    assert [c.text for c in found.contexts] == [
        "x" * CONTEXT_CHARS + "CRF ( ) CRF",
        "x" * (CONTEXT_CHARS - 31) + "CRF ( ) CRF",
        "A CRF ( ).",
    ]


def test_mine_finds_what_the_text_defines() -> None:
    found = mine(["We train a convolutional neural network (CNN). The CNN is deep."], lang="en")
    assert found.pairs == {("CNN", "convolutional neural network"): 1}
    assert len(found.contexts) == 2


def test_mine_keeps_no_long_form_that_spells_its_short_form_again() -> None:
    text = "We build on audioCaffe (audiocaffe2015) and a convolutional neural network (CNN)."
    assert mine([text], lang="en").pairs == {("CNN", "convolutional neural network"): 1}


def test_mine_reads_markdown_as_plain_text() -> None:
    text = "We train a *support vector* machine (**SVM**). The `SVM` is fast."
    found = mine([text], lang="en")
    assert found.pairs == {("SVM", "support vector machine"): 1}
    assert all("*" not in context.text for context in found.contexts)


def test_mine_reads_an_html_title_as_a_definition() -> None:
    text = '<p>The <abbr title="World Health Organization">WHO</abbr> said the WHO&rsquo;s aim.</p>'
    found = mine([text], lang="en")
    assert found.pairs == {("WHO", "World Health Organization"): 1}
    assert [context.text for context in found.contexts] == [
        "\n\nThe WHO said the WHO’s aim.\n\n"
    ] * 2


def test_mine_reads_a_latex_declaration_as_a_definition() -> None:
    text = r"""\acro{WHO}{World Health \& Trade Organization}
The WHO~\cite{who2020} said so; \texttt{WHO} is code."""
    found = mine([text], lang="en")
    assert found.pairs == {("WHO", "World Health & Trade Organization"): 1}
    assert [context.text for context in found.contexts] == [
        "WHO\nThe WHO  said so; WHO is code."
    ] * 2  # the declared WHO and its use: none in code; the tie read as a space, no citation


def test_a_stored_harvest_keeps_the_vectors_of_its_windows(
    english_encoder: EnglishEncoder,
) -> None:
    found = mine(["We train a convolutional neural network (CNN). The CNN is deep."], lang="en")
    plain, windows = AcronymDictionary.create(), AcronymDictionary.create()
    store(found, plain, "mined")
    store(found, windows, "mined", window_encoder=english_encoder)
    assert plain.window_vectors("CNN") == {}
    assert windows.window_vectors("CNN")["convolutional neural network"].n == 2


class Failing:
    """An encoder that fails, as an interrupted or broken one would."""

    def encode(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        raise RuntimeError("the encoder failed")


def test_a_harvest_is_stored_whole_or_not_at_all(tmp_path: Path) -> None:
    path = tmp_path / "d.sqlite"
    with AcronymDictionary.create(path) as d:
        d.add([Entry("CNN", "Cable News Network", 2)], "news")
    found = mine(["We train a convolutional neural network (CNN). The CNN is deep."], lang="en")
    with AcronymDictionary.open(path, writable=True) as d, pytest.raises(RuntimeError):
        store(found, d, "mined", window_encoder=Failing())
    with AcronymDictionary.open(path) as d:  # the pairs were not kept without their contexts
        assert [s.long for s in d.lookup("CNN")] == ["Cable News Network"]
        assert d.context_count == 0 and "mined" not in d.source_names()
    with AcronymDictionary.open(path, writable=True) as d:
        store(found, d, "mined")
        assert {s.long for s in d.lookup("CNN")} == {
            "Cable News Network",
            "convolutional neural network",
        }
        assert d.context_count == 2


@given(st.text(max_size=60), st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60))))
def test_gold_uses_are_marked_short_forms(text: str, marks: list[tuple[int, int]]) -> None:
    ordered = [[min(a, b), max(a, b)] for a, b in marks]
    record = {"text": text, "acronyms": ordered, "long-forms": list(reversed(ordered))}
    for use in gold_uses(record):
        assert [use.start, use.end] in ordered
        assert text[use.start : use.end] == use.short


def test_collect_can_keep_each_use_to_its_sentence() -> None:
    text = "We cite the CRF paper. A CRF (conditional random field) tags words. It is fast."
    uses = [Use(m, m + 3, "CRF", "conditional random field") for m in (12, 25)]
    found = collect([(text, uses)], sentences=True)
    assert [c.text for c in found.contexts] == [
        "We cite the CRF paper.",
        "A CRF ( ) tags words.",
    ]


@given(st.lists(st.integers(min_value=0, max_value=3), min_size=1, max_size=30), st.data())
def test_each_use_keeps_the_sentence_that_holds_it(lengths: list[int], data: st.DataObject) -> None:
    text = " ".join(" ".join(["word"] * n + ["ABC."]) for n in lengths)
    marks = [m.start() for m in re.finditer("ABC", text)]
    chosen = data.draw(st.lists(st.sampled_from(marks), min_size=1, max_size=5))
    found = collect([(text, [Use(m, m + 3, "ABC", "a b c") for m in chosen])], sentences=True)
    sentences = list(split_sentences(text))
    expected = [next(s.text for s in sentences if s.start <= m < s.end) for m in chosen]
    assert [c.text for c in found.contexts] == expected


BUILD = """
import sys
from termlens.acronyms.dictionary import AcronymDictionary
from termlens.acronyms.mining import mine, store

texts = [
    f"We train a {w} network ({w[0].upper()}N) on corpus {i} with words alpha{i} beta{i} gamma{i}."
    " The {w[0].upper()}N wins."
    for i, w in enumerate("deep wide sparse dense shallow graph spiking kernel".split())
]
with AcronymDictionary.create(sys.argv[1]) as d:
    store(mine(texts), d, "mined")
"""


def test_a_dictionary_build_does_not_depend_on_string_hashes(tmp_path: Path) -> None:
    """Ids are assigned in text order, so two builds under different hash seeds write the same
    bytes (a set's iteration order would follow the seed)."""
    built = []
    for seed in ("1", "2"):
        path = tmp_path / f"{seed}.sqlite"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-c", BUILD, str(path)], env=env, check=True)
        built.append(path.read_bytes())
    assert built[0] == built[1]
