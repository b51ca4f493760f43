"""Whole words of English, Spanish and French: a bundled list (``words.txt.gz``).

A short form glued to letters ("NPs", "CNNs") tells which written long form fits the text: the
long form and the glued letters must make whole words ("noun phrase" + "s", not "noun
phrases" + "s"). The list holds the lower-case words seen at least twice, written in lower case
or with one initial capital, in the open texts of ``scripts/build_wordlist.py``.
"""

from __future__ import annotations

import gzip
import re
from functools import cache

from termlens.errors import InputError
from termlens.resources import resource_path

WORDS_FILE = "words.txt.gz"
WORD = re.compile(r"[^\W\d_]+")  # a run of letters: the list is built and read with this split


@cache
def known_words() -> frozenset[str]:
    """The bundled whole words, lower case."""
    path = resource_path(WORDS_FILE)
    try:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            return frozenset(line.rstrip("\n") for line in handle)
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: not a gzipped word list ({exc})") from None


def is_word(word: str) -> bool:
    """Whether ``word`` is a whole word (one letter always is)."""
    return len(word) == 1 or word.lower() in known_words()
