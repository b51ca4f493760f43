"""Stored long-form vectors (acronyms.long_form_vectors) and the file layout they use
(tensor_file)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from termlens.acronyms.dictionary import AcronymDictionary, Entry, decode_vector, encode_vector
from termlens.acronyms.disambiguate import Disambiguator
from termlens.acronyms.long_form_vectors import FILE, StoredVectors, default_long_form_vectors
from termlens.acronyms.rerank import ContextCheck
from termlens.errors import InputError
from termlens.minilm import EnglishEncoder
from termlens.resources import manifest, resource_path, sha256
from termlens.tensor_file import read_tensors, tensors_bytes


def test_arrays_come_back_as_written_and_give_the_same_bytes_twice(tmp_path: Path) -> None:
    arrays = {
        "units": np.array([[1, -127], [0, 5]], dtype=np.int8),
        "scales": np.array([0.5, 2.0], dtype=np.float32),
        "texts": np.frombuffer(b"ab\ncd", dtype=np.uint8),
    }
    data = tensors_bytes(arrays, {"format": "test"})
    assert data == tensors_bytes(dict(reversed(arrays.items())), {"format": "test"})
    assert (8 + int.from_bytes(data[:8], "little")) % 8 == 0  # the data starts aligned
    path = tmp_path / "x.safetensors"
    path.write_bytes(data)
    back = read_tensors(path)
    assert set(back) == set(arrays)
    for name, array in arrays.items():
        assert back[name].dtype == array.dtype and np.array_equal(back[name], array)


def test_a_broken_file_is_an_input_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "broken.safetensors"
    path.write_bytes((40).to_bytes(8, "little") + b'{"a": {"dtype": "I8", "shape": [9], "d')
    with pytest.raises(InputError, match=r"broken\.safetensors"):
        read_tensors(path)
    past_the_end = b'{"a":{"dtype":"I8","shape":[9],"data_offsets":[0,9]}}'
    path.write_bytes(len(past_the_end).to_bytes(8, "little") + past_the_end + b"\0" * 4)
    with pytest.raises(InputError, match="past the end"):
        read_tensors(path)
    with pytest.raises(ValueError, match="int64"):
        tensors_bytes({"a": np.zeros(2, dtype=np.int64)})


def test_rows_are_quantized_as_the_dictionary_stores_vectors() -> None:
    rows = np.random.default_rng(1).normal(size=(5, 384)).astype(np.float32)
    rows[3] = 0.0
    stored = StoredVectors.of([f"t{i}" for i in range(5)], rows)
    for i, row in enumerate(rows):
        decoded = stored.units[i].astype(np.float32) * stored.scales[i]
        assert np.array_equal(decoded, decode_vector(encode_vector(row)))


class Counting:
    """An encoder that remembers what it was asked to encode."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(list(texts))
        return np.array([[len(t), 1.0, 0.0] for t in texts], dtype=np.float32)


@given(st.lists(st.sampled_from(["svm", "cnn", "new one", "", "another"]), max_size=8))
def test_stored_texts_are_read_and_only_the_others_encoded(texts: list[str]) -> None:
    vectors = np.array([[0.0, 1.0, 0.0], [0.6, 0.0, 0.8], [1.0, 0.0, 0.0]], dtype=np.float32)
    stored = StoredVectors.of(["svm", "cnn", ""], vectors)
    encode = Counting()
    out = stored.vectors(texts, encode)
    assert out.shape == (len(texts), 3)
    missing = [t for t in texts if t not in ("svm", "cnn", "")]
    assert encode.calls == ([missing] if missing else [])
    for text, row in zip(texts, out, strict=True):
        if text in stored.row:
            assert row == pytest.approx(vectors[stored.row[text]], abs=0.01)
        else:
            assert row == pytest.approx([len(text), 1.0, 0.0])


def test_saved_vectors_load_back_and_bad_files_say_so(tmp_path: Path) -> None:
    rows = np.random.default_rng(2).normal(size=(3, 384)).astype(np.float32)
    stored = StoredVectors.of(["a b", "ç d", "e"], rows)
    path = tmp_path / "vectors.safetensors"
    stored.save(path)
    back = StoredVectors.load(path)
    assert back.texts == ["a b", "ç d", "e"]
    assert np.array_equal(back.units, stored.units) and np.array_equal(back.scales, stored.scales)
    StoredVectors.of([], np.zeros((0, 384), dtype=np.float32)).save(path)
    assert len(StoredVectors.load(path)) == 0
    path.write_bytes(tensors_bytes({"scales": np.ones(1, dtype=np.float32)}))
    with pytest.raises(InputError, match="not a file of stored vectors"):
        StoredVectors.load(path)
    with pytest.raises(ValueError, match="line break"):
        StoredVectors.of(["a\nb"], rows[:1])


def test_the_bundled_vectors_are_the_encoders_at_a_byte_per_dimension(
    english_encoder: EnglishEncoder,
) -> None:
    path = resource_path(FILE)
    assert manifest()[FILE]["sha256"] == sha256(path)
    stored = default_long_form_vectors()
    assert stored is not None and len(stored) > 40_000
    texts = ["support vector machine", "institutional review board", "effective radiated power"]
    assert all(t in stored.row for t in texts)
    exact = english_encoder.encode(texts)
    read = stored.vectors(texts, english_encoder.encode)
    cosines = (exact * read).sum(axis=1) / np.linalg.norm(read, axis=1)
    assert cosines == pytest.approx([1.0] * 3, abs=1e-3)


def test_the_second_reading_fits_the_same_with_stored_vectors(
    english_encoder: EnglishEncoder,
) -> None:
    store = AcronymDictionary.create()
    senses = ["effective radiated power", "enterprise resource planning"]
    store.add([Entry("ERP", senses[1], 8, "en"), Entry("ERP", senses[0], 5, "en")], "hand-made")
    radio = "The station broadcasts with an ERP of 12 kilowatts from its antenna on the hill."
    ranking = Disambiguator(store, complete=True).rank("ERP", radio)
    stored = StoredVectors.of(senses, english_encoder.encode(senses))
    plain = ContextCheck(english_encoder).fits([("ERP", radio, ranking)])[0]
    read = ContextCheck(english_encoder, stored=stored).fits([("ERP", radio, ranking)])[0]
    assert read.long_forms == pytest.approx(plain.long_forms, abs=2e-3)


def test_a_resource_directory_without_the_vectors_gives_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TERMLENS_RESOURCES", str(tmp_path))
    default_long_form_vectors.cache_clear()
    try:
        assert default_long_form_vectors() is None  # the second reading encodes every long form
    finally:
        default_long_form_vectors.cache_clear()  # the next call reads the bundled file again
