"""The English sentence vectors of the bundled dictionary's English long forms, computed when
the bundle is built (``scripts/build_long_form_vectors.py``).

The second reading (:mod:`termlens.acronyms.rerank`) compares each unsure ranking's context
with its first long forms; encoding those long forms was a fifth of its time, and the same few
thousand recur. Stored here at a byte per dimension (cosines within about 0.001 of the
encoder's), looked up by their lower-case text (the encoder is uncased); any other text is
encoded as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from termlens.acronyms.dictionary import quantized
from termlens.embeddings import Vectors
from termlens.errors import InputError
from termlens.io import write_bytes_atomically
from termlens.resources import resource_dir
from termlens.tensor_file import read_tensors, tensors_bytes

FILE = "long-form-vectors-en.safetensors"


class StoredVectors:
    """Sentence vectors of known texts, each a float32 scale and a byte per dimension."""

    def __init__(self, texts: Sequence[str], scales: Vectors, units: npt.NDArray[np.int8]) -> None:
        if not len(texts) == len(scales) == len(units):
            raise ValueError("one scale and one row of units per text")
        if any("\n" in text for text in texts):
            raise ValueError("a stored text holds a line break")
        self.texts = list(texts)
        self.row = {text: i for i, text in enumerate(self.texts)}
        self.scales, self.units = scales, units

    @classmethod
    def of(cls, texts: Sequence[str], vectors: Vectors) -> StoredVectors:
        """The texts with their float vectors, quantized."""
        return cls(texts, *quantized(np.asarray(vectors, np.float32)))

    @classmethod
    def load(cls, path: Path) -> StoredVectors:
        """A file written by :meth:`save`, or an :class:`InputError` naming it."""
        tensors = read_tensors(path)
        try:
            texts = tensors["texts"].tobytes().decode("utf-8").split("\n")
            scales = tensors["scales"].astype(np.float32, copy=False)
            units = tensors["units"].astype(np.int8, copy=False)
            if scales.ndim != 1 or units.ndim != 2:
                raise ValueError(f"scales of shape {scales.shape}, units of {units.shape}")
            stored = cls(texts if texts != [""] else [], scales, units)
        except (KeyError, UnicodeDecodeError, ValueError) as exc:
            raise InputError(f"{path}: not a file of stored vectors ({exc})") from None
        return stored

    def save(self, path: Path) -> None:
        """Write the vectors (texts as UTF-8 lines, scales, units), renamed into place."""
        texts = np.frombuffer("\n".join(self.texts).encode("utf-8"), dtype=np.uint8)
        arrays: dict[str, npt.NDArray[np.generic]] = {
            "texts": texts,
            "scales": self.scales,
            "units": self.units,
        }
        write_bytes_atomically(path, tensors_bytes(arrays, {"format": "int8 rows"}))

    def __len__(self) -> int:
        return len(self.texts)

    def vectors(self, texts: Sequence[str], encode: Callable[[Sequence[str]], Vectors]) -> Vectors:
        """One row per text: stored ones decoded, the others from ``encode`` (in one call)."""
        rows = np.array([self.row.get(text, -1) for text in texts], dtype=np.intp)
        stored = rows >= 0
        known = rows[stored]
        out = np.empty((len(texts), self.units.shape[1]), dtype=np.float32)
        out[stored] = self.units[known].astype(np.float32) * self.scales[known, None]
        if not stored.all():
            out[~stored] = encode(
                [text for text, kept in zip(texts, stored, strict=True) if not kept]
            )
        return out


@cache
def default_long_form_vectors() -> StoredVectors | None:
    """The bundled vectors, or None where the bundle lacks them (an older resource directory)."""
    path = resource_dir() / FILE
    return StoredVectors.load(path) if path.is_file() else None
