"""The numpy all-MiniLM-L6-v2: its word pieces and vectors against the reference
(sentence-transformers on torch, figures computed once and written here)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from termlens.errors import InputError
from termlens.minilm import MAX_TOKENS, EnglishEncoder, _gelu, read_safetensors

ERP = "The ERP of the station is 12 kilowatts at the antenna."
# sentence-transformers 6.2 / torch 2.13: the first six dimensions, and the two texts' cosine
REFERENCE = {
    "effective radiated power": [0.08989, 0.06131, -0.0156, 0.0694, -0.03154, -0.02789],
    ERP: [0.0395, 0.07739, -0.01165, 0.03463, 0.00355, 0.0095],
}


def test_word_pieces_are_the_reference_tokenizers(english_encoder: EnglishEncoder) -> None:
    ids = english_encoder.tokenizer.encode("Hello, World! Fréchet naïve café")
    # [CLS] hello , world ! fr ##eche ##t naive cafe [SEP]
    assert ids == [101, 7592, 1010, 2088, 999, 10424, 27635, 2102, 15743, 7668, 102]
    assert english_encoder.tokenizer.encode("x" * 101) == [101, 100, 102]  # too long: [UNK]


@given(st.text(max_size=400))
def test_any_text_gives_a_bounded_sequence(english_encoder: EnglishEncoder, text: str) -> None:
    ids = english_encoder.tokenizer.encode(text)
    assert ids[0] == 101 and ids[-1] == 102 and len(ids) <= MAX_TOKENS


def test_vectors_match_the_reference(english_encoder: EnglishEncoder) -> None:
    vectors = english_encoder.encode(list(REFERENCE))
    for vector, expected in zip(vectors, REFERENCE.values(), strict=True):
        assert vector[:6] == pytest.approx(expected, abs=2e-5)
    assert float(vectors[0] @ vectors[1]) == pytest.approx(0.36589, abs=1e-4)
    assert np.linalg.norm(vectors, axis=1) == pytest.approx([1.0, 1.0], abs=1e-5)


def test_batches_and_the_cache_change_nothing(english_encoder: EnglishEncoder) -> None:
    texts = ["", "a dog", ERP, "a much longer text about a dog that runs in the park " * 20]
    alone = np.vstack([english_encoder.encode([t]) for t in texts])
    assert english_encoder.encode(texts) == pytest.approx(alone, abs=1e-5)
    assert english_encoder.encode_cached(texts) == pytest.approx(alone, abs=1e-5)
    assert english_encoder.encode([]).shape == (0, 384)


def test_a_truncated_weights_file_is_an_input_error(tmp_path: Path) -> None:
    broken = tmp_path / "model.safetensors"
    broken.write_bytes((200).to_bytes(8, "little") + b"{")
    with pytest.raises(InputError, match=r"model\.safetensors"):
        read_safetensors(broken)


@given(st.lists(st.floats(-60, 60, width=32), min_size=1, max_size=50))
def test_gelu_is_x_times_the_normal_distribution_function(values: list[float]) -> None:
    x = np.array(values, dtype=np.float32)
    exact = [v * 0.5 * (1 + math.erf(v / math.sqrt(2))) for v in x.astype(np.float64)]
    assert _gelu(x) == pytest.approx(exact, abs=1e-6, rel=1e-6)


def test_gelu_keeps_a_nan_where_it_was() -> None:
    out = _gelu(np.array([np.nan, 0.0, 1.0], dtype=np.float32))
    assert np.isnan(out[0]) and out[1:] == pytest.approx([0.0, 0.8413447], abs=1e-6)
