"""Persian long forms of Latin short forms: the candidate runs, the model file, the bundle."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from termlens.acronyms.extract import extract
from termlens.acronyms.translated import (
    FEATURES,
    LANGUAGES,
    Choice,
    TranslatedLongForms,
    WordRates,
    candidates,
    default_chooser,
    features,
    revised,
    without_glued_numbers,
)
from termlens.errors import InputError
from termlens.resources import manifest, resource_path, sha256
from termlens.text import Document, Span

# "a distribution dispatching centre ( DDC ) is also one of these nodes"
SENTENCE = "كه مركز ديسپاچينگ توزيع ( DDC ) نيز يكي"


def _short(text: str, short: str) -> Span:
    start = text.index(short)
    return Span(start, start + len(short), short)


def test_runs_before_a_bracketed_short_form_and_after_it() -> None:
    found = candidates(SENTENCE, _short(SENTENCE, "DDC"), "fa")
    before = [SENTENCE[c.start : c.end] for c in found if c.side == "before"]
    assert before == ["توزيع", "ديسپاچينگ توزيع", "مركز ديسپاچينگ توزيع", "كه مركز ديسپاچينگ توزيع"]
    assert {(c.side, c.gap) for c in found} == {("before", "("), ("after", "other")}
    after = [c for c in found if c.side == "after"]
    assert [len(c.words) for c in after] == [1, 2]
    last = found[len(before) - 1]
    assert last.outer is None and found[0].outer == "ديسپاچينگ" and found[0].edge == "توزيع"


def test_a_run_after_equals_and_none_across_latin_words() -> None:
    text = "GT = توربین گازی PLC = کنترلر منطقی"
    found = candidates(text, _short(text, "GT"), "fa")
    assert [text[c.start : c.end] for c in found if c.side == "after"] == ["توربین", "توربین گازی"]
    assert all(c.gap == "=" for c in found)


@given(st.text(alphabet="ab (=)\u202aكمز", max_size=40))
def test_candidates_are_runs_of_persian_words_inside_the_text(noise: str) -> None:
    text = noise + " ABC " + noise
    for c in candidates(text, _short(text, "ABC"), "fa"):
        assert 0 <= c.start < c.end <= len(text)
        assert text[c.start : c.end].replace("\u202a", " ").split() == list(c.words)


def test_features_follow_the_declared_order() -> None:
    rates = WordRates.count([(SENTENCE, [(SENTENCE.index("مركز"), SENTENCE.index(" ("))])])
    found = candidates(SENTENCE, _short(SENTENCE, "DDC"), "fa")
    row = features("DDC", found[2], rates)
    assert len(row) == len(FEATURES)
    assert row[FEATURES.index("words=3")] == 1.0 and row[FEATURES.index("words-capitals=0")] == 1.0
    assert row[FEATURES.index("words/capitals")] == 1.0
    assert row[FEATURES.index("before:(")] == 1.0
    # "مركز" starts the one long form and is seen once: log((1 + 0.1) / (1 + 1))
    assert row[FEATURES.index("first")] == pytest.approx(math.log(1.1 / 2))


def test_a_model_round_trips_and_a_bad_file_is_a_clear_error(tmp_path: Path) -> None:
    rates = WordRates(Counter({"مركز": 3}), Counter({"مركز": 1}), Counter({"مركز": 2}), Counter())
    model = TranslatedLongForms("fa", tuple(float(w) for w in range(len(FEATURES) + 1)), 0.2, rates)
    path = tmp_path / "model.json"
    model.save(path, trained_on="test")
    again = TranslatedLongForms.load(path)
    assert again.threshold == 0.2 and list(again.weights) == list(model.weights)
    assert again.rates.counts("مركز") == [3, 1, 2, 0]
    data = json.loads(path.read_text(encoding="utf-8"))
    data["features"] = data["features"][:-1]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputError, match="features differ"):
        TranslatedLongForms.load(path)
    data["features"], data["language"] = list(FEATURES), "xx"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputError, match="language 'xx'"):
        TranslatedLongForms.load(path)
    path.write_text("{", encoding="utf-8")
    with pytest.raises(InputError, match="not a translated long-form model"):
        TranslatedLongForms.load(path)


def test_chosen_long_forms_replace_the_taggers_that_overlap_them() -> None:
    chosen = Span(2, 5, "b c")
    tagged = [Span(0, 3, "a b"), Span(10, 11, "x")]
    assert revised(tagged, [Choice(Span(8, 9, "S"), chosen, 0.9)]) == [chosen, tagged[1]]


def test_the_bundled_chooser_is_recorded_and_finds_a_long_form() -> None:
    file = LANGUAGES["fa"].model_file
    assert manifest()[file]["sha256"] == sha256(resource_path(file))
    found = {
        o.short.text: o.long.text if o.long else None
        for o in extract(Document(SENTENCE), lang="fa")
    }
    assert found == {"DDC": "مركز ديسپاچينگ توزيع"}
    assert default_chooser("fa").threshold > 0


def test_digits_glued_before_a_persian_short_form_are_not_part_of_it() -> None:
    text = "ترانس 400kv و 2KA و 4G"
    doc = Document(text)
    shorts = [_short(text, "400kv"), _short(text, "2KA"), _short(text, "4G")]
    assert [s.text for s in without_glued_numbers(doc, shorts)] == ["kv", "KA", "G"]
    assert without_glued_numbers(doc, [_short(text, "ترانس")]) == [_short(text, "ترانس")]
