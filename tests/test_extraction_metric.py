"""The SDU@AAAI-21/22 extraction metric on hand-worked cases."""

from __future__ import annotations

import pytest

from termlens.benchmarks import sciai, sdu22_ae
from termlens.benchmarks.extraction import RecordSpans, bio_spans, score
from termlens.errors import InputError


def test_bio_spans() -> None:
    labels = ["B-long", "I-long", "O", "B-short", "B-short", "I-short", "I-long", "O", "I-short"]
    spans = bio_spans(labels)
    assert spans.long == {(0, 1), (6, 6)}
    assert spans.short == {(3, 3), (4, 5), (8, 8)}


def test_macro_score_hand_worked() -> None:
    gold = {
        "a": RecordSpans(frozenset({(0, 0), (5, 5)}), frozenset({(1, 3)})),
        "b": RecordSpans(frozenset(), frozenset()),
    }
    predicted = {
        "a": RecordSpans(frozenset({(0, 0)}), frozenset({(1, 3), (7, 8)})),
        "c": RecordSpans(frozenset({(2, 2)}), frozenset()),
    }
    result = score(predicted, gold)
    # short: tp 1, fp 1 (record c), fn 1 -> P 50, R 50; long: tp 1, fp 1, fn 0 -> P 50, R 100
    assert (result.short.tp, result.short.fp, result.short.fn) == (1, 1, 1)
    assert (result.long.tp, result.long.fp, result.long.fn) == (1, 1, 0)
    assert result.precision == pytest.approx(50.0)
    assert result.recall == pytest.approx(75.0)
    assert result.f1 == pytest.approx(2 * 50 * 75 / 125)


def test_empty_predictions_score_zero() -> None:
    gold = {"a": RecordSpans(frozenset({(0, 0)}), frozenset({(1, 2)}))}
    assert score({}, gold).f1 == 0.0


def test_records_that_repeat_an_id_are_scored_each_against_its_own_gold() -> None:
    records: list[dict[str, object]] = [
        {"ID": "1", "text": "SVM works.", "acronyms": [[0, 3]], "long-forms": []},
        {"ID": "1", "text": "It works.", "acronyms": [], "long-forms": []},
    ]
    predictions: list[dict[str, object]] = [
        {"ID": "1", "acronyms": [[0, 3]], "long-forms": []},
        {"ID": "1", "acronyms": [], "long-forms": []},
    ]
    result = sdu22_ae.evaluate(predictions, records)
    assert result is not None and (result.short.tp, result.short.fn) == (1, 0)
    sentences = [{"id": "s", "tokens": ["SVM", "works"], "labels": ["B-short", "O"]}]
    sentences.append({"id": "s", "tokens": ["It", "works"], "labels": ["O", "O"]})
    guessed = [{"id": "s", "predictions": ["B-short", "O"]}, {"id": "s", "predictions": ["O", "O"]}]
    scored = sciai.evaluate(guessed, sentences)
    assert scored is not None and (scored.short.tp, scored.short.fn) == (1, 0)


def test_predictions_out_of_the_records_order_are_an_error_not_a_low_score() -> None:
    records: list[dict[str, object]] = [
        {"ID": "a", "text": "SVM works.", "acronyms": [[0, 3]], "long-forms": []},
        {"ID": "b", "text": "It works.", "acronyms": [], "long-forms": []},
    ]
    predictions: list[dict[str, object]] = [
        {"ID": "b", "acronyms": [], "long-forms": []},
        {"ID": "a", "acronyms": [[0, 3]], "long-forms": []},
    ]
    with pytest.raises(InputError, match="prediction 0 is for ID 'b' but record 0 is 'a'"):
        sdu22_ae.evaluate(predictions, records)
    sentences = [{"id": 1, "tokens": ["SVM"], "labels": ["B-short"]}]
    sentences.append({"id": 2, "tokens": ["It"], "labels": ["O"]})
    guessed = [{"id": "2", "predictions": ["O"]}, {"id": "1", "predictions": ["B-short"]}]
    with pytest.raises(InputError, match="record 0 is 1"):
        sciai.evaluate(guessed, sentences)
    guessed.reverse()  # the same ids, written as strings, in order
    scored = sciai.evaluate(guessed, sentences)
    assert scored is not None and scored.short.tp == 1
