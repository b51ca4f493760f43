"""Align a short form with a candidate long form and score how well its letters explain it.

The short form is cut into units (a letter, a digit run, a Greek letter); each unit must be found,
in order, in the long form. A unit that starts a word of the long form scores best, one that
continues the previous unit's match scores well, one taken from inside a word scores little, and
every word of the long form that explains no unit costs something (little for "of", "the",
"de", "la"). A dynamic programme finds the best alignment for every possible first word at once.
"""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import Final

GREEK_NAMES: Final[dict[str, str]] = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ζ": "zeta",
    "η": "eta", "θ": "theta", "ι": "iota", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu",
    "ξ": "xi", "ο": "omicron", "π": "pi", "ρ": "rho", "σ": "sigma", "ς": "sigma", "τ": "tau",
    "υ": "upsilon", "φ": "phi", "χ": "chi", "ψ": "psi", "ω": "omega",
}  # fmt: skip
NUMBER_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "1": ("one", "first", "mono", "uni", "single", "uno", "primer", "primera"),
    "2": ("two", "to", "second", "bi", "di", "double", "dual", "dos", "segundo", "segunda"),
    "3": ("three", "third", "tri", "tres", "tercer", "tercera"),
    "4": ("four", "for", "fourth", "tetra", "quad", "cuatro"),
    "5": ("five", "penta", "cinco"),
    "6": ("six", "hexa", "seis"),
}
# an X that stands for a word's start: eXtensible Markup Language, cross-lingual (XLM)
X_WORDS: Final = ("x", "ex", "cross")
FUNCTION_WORDS: Final = frozenset(
    "of the and in for to with on by from at a an as or its their into via using "
    "de del la las el los y en con por para a al o e un una su sus".split()
)

OPENING_STOPWORDS: Final = FUNCTION_WORDS | frozenset(
    "have has had is are was were be been encode encodes encoding addition currents domain "
    "that which these this those we our than".split()
)

_PIECE: Final = re.compile(r"[^\W_]+")
_NON_SPACE: Final = re.compile(r"\S+")
_CAPITAL_PIECE: Final = re.compile(r"[^\W\d_][^\W\d_A-Z]*")  # a letter and its lowercase tail

START: Final = 2.0  # unit matched at the start of a word
CONTINUE: Final = 1.5  # unit matched right after the previous unit, inside a word
INSIDE: Final = 0.5  # unit matched later inside the same word as the previous unit
INSIDE_NEW_WORD: Final = -1.0  # first unit of a word, matched inside it (rewriting -> W)
SKIP_DIGIT: Final = -1.0  # a digit run of the short form left unexplained (FA2E)
SKIP_LETTER: Final = -2.5  # a letter of the short form left unexplained
UNUSED_WORD: Final = -1.5  # a content word of the long form that explains no unit
UNUSED_FUNCTION_WORD: Final = -0.6
UNUSED_NUMBER: Final = -0.5
MIN_UNITS_TO_SKIP: Final = 3  # shorter short forms must be explained whole
RETRY_WITH_SKIP_BELOW: Final = 0.5  # quality under which an alignment that skips a unit is tried
WORD_PREFIX: Final = -0.5  # a part of the first word before the first unit (c-Jun -> J)


@dataclass(frozen=True, slots=True)
class Unit:
    """A piece of a short form that the long form must explain, and the strings that can."""

    alternatives: tuple[str, ...]
    skip_cost: float


@dataclass(frozen=True, slots=True)
class Alignment:
    """The best alignment of a short form with a long form starting at ``start``."""

    start: int  # offset of the long form's first character in the aligned text
    score: float  # total score
    quality: float  # score per unit of the short form
    unmatched: int  # units left unexplained


def fold(text: str) -> str:
    """Lowercase and strip accents, one character for one (índice -> indice), keeping offsets."""
    if text.isascii():
        return text.lower()
    return "".join(_fold_char(ch) for ch in text)


@lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    low = ch.lower()
    if len(low) != 1:
        return ch
    if ord(low) < 128 or low in GREEK_NAMES:
        return low
    base = unicodedata.normalize("NFD", low)[0]
    return base if base.isalnum() else low


@lru_cache(maxsize=4096)
def units(short_form: str) -> tuple[Unit, ...]:
    """Cut a short form into the units that a long form must explain."""
    out: list[Unit] = []
    i = 0
    text = fold(short_form)
    while i < len(text):
        ch = text[i]
        if ch.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            run = text[i:j]
            out.append(Unit((run, *NUMBER_WORDS.get(run, ())), SKIP_DIGIT))
            i = j
            continue
        if ch in GREEK_NAMES:
            out.append(Unit((ch, GREEK_NAMES[ch]), SKIP_LETTER))
        elif ch == "x":
            out.append(Unit(X_WORDS, SKIP_LETTER))
        elif ch.isalpha():
            out.append(Unit((ch,), SKIP_LETTER))
        i += 1
    return tuple(out)


class _Layout:
    """A long-form window cut into pieces (runs of letters and digits) with their costs."""

    __slots__ = ("_found", "_parts", "low", "piece_starts", "prefix_cost", "text")

    def __init__(self, text: str, low: str, pieces: list[re.Match[str]]) -> None:
        self.text = text
        self.low = low  # fold(text)
        self.piece_starts: list[int] = []
        costs: list[float] = []
        for match in pieces:  # of _PIECE in low
            self.piece_starts.append(match.start())
            word = match.group()
            if word in FUNCTION_WORDS:
                costs.append(UNUSED_FUNCTION_WORD)
            elif len(word) == 1 or word.isdigit():
                costs.append(UNUSED_NUMBER)
            else:
                costs.append(UNUSED_WORD)
        self.prefix_cost = [0.0, *accumulate(costs)]  # cost of the pieces before each one
        self._found: dict[str, list[tuple[int, int, int]]] = {}
        self._parts: dict[int, list[int]] = {}

    def parts(self, start: int) -> list[int]:
        """Where the parts of the token at ``start`` begin, up to the next space (pre-T: pre, T)."""
        found = self._parts.get(start)
        if found is None:
            match = _NON_SPACE.match(self.text, start)
            end = match.end() if match else start
            pieces = self.piece_starts
            found = pieces[bisect_left(pieces, start) : bisect_left(pieces, end)]
            self._parts[start] = found
        return found

    def matches(self, alt: str) -> list[tuple[int, int, int]]:
        """(offset, length, piece) of every place ``alt`` may explain a unit (long ones at word
        starts)."""
        found = self._found.get(alt)
        if found is None:
            found = []
            starts = self.piece_starts
            pos = self.low.find(alt)
            while pos != -1:
                piece = bisect_right(starts, pos) - 1
                if len(alt) == 1 or starts[piece] == pos:
                    found.append((pos, len(alt), piece))
                pos = self.low.find(alt, pos + 1)
            self._found[alt] = found
        return found


def align(short_form: str, text: str, starts: list[int]) -> Alignment | None:
    """Best alignment of ``short_form`` with ``text[start:]`` over the candidate ``starts``.

    ``text`` is the window of words that may hold the long form; it ends where the long form must
    end. ``starts`` are offsets of word starts in ``text`` where the long form may begin. Returns
    the best-scoring alignment, preferring the shortest long form on ties, or None when no
    start can explain the short form's first unit. Alignments that leave no unit unexplained are
    tried first; one unit may be left out only when they explain the short form poorly.
    """
    sf_units = units(short_form)
    if not sf_units or not text:
        return None
    low = fold(text)
    if all(alt not in low for alt in sf_units[0].alternatives):
        return None
    pieces = list(_PIECE.finditer(low))
    exact = _exact_initials(sf_units, text, low, starts, [m.start() for m in pieces])
    if exact is not None:
        return exact
    missing = _missing_letters(sf_units, low)
    if missing > 1:
        return None
    layout = _Layout(text, low, pieces)
    result = _align(sf_units, layout, starts, 0) if missing == 0 else None
    if len(sf_units) >= MIN_UNITS_TO_SKIP and (
        result is None or result.quality < RETRY_WITH_SKIP_BELOW
    ):
        retry = _align(sf_units, layout, starts, 1)
        if retry is not None and (result is None or retry.score > result.score + 1e-9):
            result = retry
    return result


def _missing_letters(sf_units: tuple[Unit, ...], low: str) -> int:
    """0 if the single-letter units occur in order in the window, 1 if they do once one of them
    is left out, else 2: a cheap bound before the dynamic programme."""
    letters = [u.alternatives[0] for u in sf_units if len(u.alternatives) == 1]
    if in_order(letters, low):
        return 0
    if any(in_order(letters[:k] + letters[k + 1 :], low) for k in range(len(letters))):
        return 1
    return 2


def in_order(letters: Sequence[str], low: str) -> bool:
    """Whether the ``letters`` (strings, one or more characters each) occur in ``low`` in order,
    none overlapping the one before."""
    pos = 0
    for letter in letters:
        pos = low.find(letter, pos) + 1
        if pos == 0:
            return False
    return True


def _exact_initials(
    sf_units: tuple[Unit, ...], text: str, low: str, starts: list[int], pieces: list[int]
) -> Alignment | None:
    """The common case, without the dynamic programme: the last words' initials spell the short
    form ("heart rate (HR)"). No alignment can score more, and none with a nearer start as much.
    ``pieces`` are where the window's runs of letters and digits start.
    """
    letters = "".join(u.alternatives[0] for u in sf_units)
    if len(letters) != len(sf_units) or any(len(u.alternatives) > 1 for u in sf_units):
        return None
    n_units = len(sf_units)
    if len(pieces) < n_units:
        return None
    first = pieces[-n_units]
    if first not in starts or "".join(low[p] for p in pieces[-n_units:]) != letters:
        return None
    if _bad_opening(text, low, first):
        return None
    score = START * n_units
    return Alignment(first, score, START, 0)


def _bad_opening(text: str, low: str, start: int) -> bool:
    """A long form does not open with a lowercase function word ("by the brain (BB)"), nor with
    one in a long form written all in capitals ("OFFICE OF THE PRESIDENTIAL ADVISER ON THE PEACE
    PROCESS (OPAPP)", not "OF THE ..."), nor with a lone lowercase letter ("cytochrome c oxidase
    (COX)", not "c oxidase")."""
    match = _PIECE.match(low, start)
    word = match.group() if match else ""
    if word in OPENING_STOPWORDS and text[start:].isupper():
        return True
    if not text[start : start + len(word)].islower():
        return False
    lone_letter = len(word) == 1 and text[start + 1 : start + 2].isspace()
    return word in OPENING_STOPWORDS or lone_letter


def _align(
    sf_units: tuple[Unit, ...], layout: _Layout, starts: list[int], max_skips: int
) -> Alignment | None:
    text, low = layout.text, layout.low
    programme = _Programme(sf_units, layout)
    result: Alignment | None = None
    first = sf_units[0]
    first_at = {pos for pos, _, _ in programme.options[0]}
    for start in sorted(starts, reverse=True):
        parts = layout.parts(start)
        if first_at.isdisjoint(parts) or _bad_opening(text, low, start):
            continue
        # the first unit may start a later part of the first word: "pre-T cell receptor (TCR)"
        first_piece = bisect_left(layout.piece_starts, start)  # the piece of parts[0]
        for part, pos in enumerate(parts):
            for alt in first.alternatives:
                if low.startswith(alt, pos):
                    score, skipped = programme.best(0, pos, len(alt), first_piece + part, max_skips)
                    score += START + part * WORD_PREFIX
                    if score > -math.inf and (result is None or score > result.score + 1e-9):
                        result = Alignment(start, score, score / len(sf_units), skipped)
                    break
    return result


class _Programme:
    """The dynamic programme of one alignment: best scores of the units after each placement."""

    __slots__ = ("layout", "memo", "options", "size", "units")

    def __init__(self, sf_units: tuple[Unit, ...], layout: _Layout) -> None:
        self.units = sf_units
        self.layout = layout
        self.options = [_options(unit, layout) for unit in sf_units]
        self.size = len(layout.low) + 1
        self.memo: dict[int, tuple[float, int]] = {}

    def best(self, i: int, pos: int, length: int, piece: int, skips: int) -> tuple[float, int]:
        """Best (score, skipped) for units after ``i``, unit ``i`` sitting at pos..pos+length in
        piece ``piece``."""
        size = self.size
        key = ((i * size + pos) * size + length) * 2 + skips  # skips left: 0 or 1
        known = self.memo.get(key)
        if known is not None:
            return known
        prefix = self.layout.prefix_cost
        if i == len(self.units) - 1:
            top = (prefix[-1] - prefix[piece + 1], 0)
        else:
            prev_end = pos + length
            top = (-math.inf, 0)
            if skips:
                skipped_score, skipped_count = self.best(i + 1, pos, length, piece, skips - 1)
                top = (skipped_score + self.units[i + 1].skip_cost, skipped_count + 1)
            piece_starts = self.layout.piece_starts
            for nxt, nxt_len, nxt_piece in self.options[i + 1]:
                if nxt < prev_end:
                    continue
                if piece_starts[nxt_piece] == nxt:
                    gain = START
                elif nxt == prev_end:
                    gain = CONTINUE
                elif nxt_piece == piece:
                    gain = INSIDE
                else:
                    gain = INSIDE_NEW_WORD
                gap = prefix[nxt_piece] - prefix[piece + 1] if nxt_piece > piece + 1 else 0.0
                rest, rest_skipped = self.best(i + 1, nxt, nxt_len, nxt_piece, skips)
                score = gain + gap + rest
                if score > top[0]:
                    top = (score, rest_skipped)
        self.memo[key] = top
        return top


def _options(unit: Unit, layout: _Layout) -> list[tuple[int, int, int]]:
    """Where in the window each alternative of a unit can match, in text order."""
    if len(unit.alternatives) == 1:
        return layout.matches(unit.alternatives[0])
    return sorted(m for alt in unit.alternatives for m in layout.matches(alt))


def align_unordered(short_form: str, text: str, starts: list[int]) -> Alignment | None:
    """Match the short form's letters with the initials of the long form's words, in any order.

    For short forms borrowed from another language or order: "reacción en cadena de la polimerasa
    (PCR)", "Doctor of Philosophy (PhD)". A capital with its lowercase tail ("Ph") must begin one
    word. Every content word must give one piece; function words may. Returns the shortest such
    long form ending at the end of ``text``, or None.
    """
    pieces = [fold(p) for p in _CAPITAL_PIECE.findall(short_form)]
    if len(pieces) < 2 or any(ch.isdigit() for ch in short_form):
        return None
    low = fold(text)
    for start in sorted(starts, reverse=True):
        words = low[start:].replace("-", " ").split()
        if not words or words[0] in FUNCTION_WORDS:
            continue
        content = [w for w in words if w not in FUNCTION_WORDS]
        if len(content) > len(pieces):
            return None
        function = [w for w in words if w in FUNCTION_WORDS]
        if _cover(pieces, content, function):
            return Alignment(start, START * len(pieces), START, 0)
    return None


def _cover(pieces: list[str], content: list[str], function: list[str]) -> bool:
    """Whether each piece begins a distinct word, using every content word."""
    if not pieces:
        return not content
    piece, rest = pieces[0], pieces[1:]
    for i, word in enumerate(content):
        if word.startswith(piece) and _cover(rest, content[:i] + content[i + 1 :], function):
            return True
    for i, word in enumerate(function):
        if word.startswith(piece) and _cover(rest, content, function[:i] + function[i + 1 :]):
            return True
    return False
