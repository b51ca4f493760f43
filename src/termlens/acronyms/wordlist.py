"""Whole words of English, Spanish and French: a bundled list (``words.txt.gz``).

A short form glued to letters ("NPs", "CNNs") tells which written long form fits the text: the
long form and the glued letters must make whole words ("noun phrase" + "s", not "noun
phrases" + "s"). The list holds the lower-case words seen at least twice, written in lower case
or with one initial capital, in the open texts of ``scripts/build_wordlist.py``, each with
how often it was seen (``word<TAB>count`` lines): which of two readings of a text is likelier.
"""

from __future__ import annotations

import gzip
from functools import cache

from termlens.errors import InputError
from termlens.resources import resource_path
from termlens.text import LETTER_RUN, without_accents

WORDS_FILE = "words.txt.gz"
WORD = LETTER_RUN  # the list is built and read with this split
RARE_PIECE = 10  # a word seen this rarely may be a piece of a word seen ...
PIECE_RATIO = 100  # ... this many times as often (see is_piece_of)


@cache
def word_counts() -> dict[str, int]:
    """The bundled whole words, lower case, and how often each was seen."""
    path = resource_path(WORDS_FILE)
    try:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            pairs = [line.rstrip("\n").split("\t") for line in handle]
        return {word: int(count) for word, count in pairs}
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise InputError(f"{path}: not a gzipped list of word<TAB>count lines ({exc})") from None


def is_word(word: str) -> bool:
    """Whether ``word`` is a whole word (one letter always is)."""
    return len(word) == 1 or word.lower() in word_counts()


def seen(word: str) -> int:
    """How often the word list's texts wrote ``word`` (0 for a word not in the list)."""
    return word_counts().get(word.lower(), 0)


def seen_with_any_accents(word: str) -> int:
    """How often the list's texts wrote ``word`` with any accents or none: *securite* counts
    *sécurité* as well, for text that lost or never had its accents (headings in capitals)."""
    return _counts_without_accents().get(without_accents(word.lower()), 0)


@cache
def _counts_without_accents() -> dict[str, int]:
    counts: dict[str, int] = {}
    for word, count in word_counts().items():
        key = without_accents(word)
        counts[key] = counts.get(key, 0) + count
    return counts


def is_piece_of(piece: str, whole: str) -> bool:
    """Whether ``piece``, a beginning or end of the word ``whole``, is a piece of it rather than
    a word of its own: it is no word, or one the list's texts wrote rarely against the whole
    (they hold such pieces too: *internaciona* 5 times, *internacional* 3,056; not *mode* 324,
    *model* 6,991; nor one letter, which is always a word: *angiotensin I* is no piece of
    *angiotensin II*)."""
    return not is_word(piece) or (
        len(piece) > 1 and seen(piece) <= RARE_PIECE and seen(whole) >= PIECE_RATIO * seen(piece)
    )
