"""Text in the form termlens's rules and models read, with offsets back to the text as given.

The same words can come as different code points: "é" as one character (NFC) or as "e" and a
combining accent (NFD, as macOS file names and some PDF extractors write it), "fi" as the
ligature "ﬁ" (PDF text). The rules, taggers and dictionaries know the composed letters, so a text
is read in NFC with the Latin ligatures spelled out, and every span found is mapped back to the
caller's offsets: ``original[span.start:span.end]`` still holds what was found.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from termlens.text import Span

# U+FB00-FB06: ff fi fl ffi ffl, long s + t, st
_LIGATURES: Final = {
    ch: unicodedata.normalize("NFKC", ch) for ch in map(chr, range(0xFB00, 0xFB07))
}
_LIGATURE: Final = re.compile(f"[{''.join(_LIGATURES)}]")
_RUN: Final = re.compile(r"\S+|\s+")  # NFC composes nothing across white space


@dataclass(frozen=True, slots=True)
class _Edit:
    """A piece of the normal text that differs from the original piece it stands for."""

    start: int  # in the normal text
    end: int
    original_start: int
    original_end: int


class NormalForm:
    """A text in NFC with its ligatures spelled out (:attr:`text`), and the way back to the
    offsets of the text it was made from (:meth:`original`, :meth:`span`)."""

    __slots__ = ("_edits", "_given", "_starts", "text")

    def __init__(self, given: str, text: str, edits: list[_Edit]) -> None:
        self._given = given
        self.text = text
        self._edits = edits
        self._starts = [edit.start for edit in edits]

    @classmethod
    def of(cls, text: str) -> NormalForm:
        """The normal form of ``text`` (``text`` itself when it is in it already)."""
        if text.isascii() or (
            unicodedata.is_normalized("NFC", text) and not _LIGATURE.search(text)
        ):
            return cls(text, text, [])
        parts: list[str] = []
        edits: list[_Edit] = []
        at = 0  # length of the normal text so far
        for run in _RUN.finditer(text):
            for start, piece in _pieces(run.group(), run.start()):
                normal = _normal(piece)
                if normal != piece:
                    edits.append(_Edit(at, at + len(normal), start, start + len(piece)))
                parts.append(normal)
                at += len(normal)
        return cls(text, "".join(parts), edits)

    @property
    def unchanged(self) -> bool:
        """Whether the text was in its normal form already."""
        return self.text is self._given

    def original(self, offset: int, *, end: bool = False) -> int:
        """The offset in the original text of ``offset`` in :attr:`text`. Inside a piece that
        changed ("ﬁ" → "fi", "e" and an accent → "é"), a start maps to the piece's start and an
        ``end`` to its end, so a span never splits a character of the original."""
        i = bisect_right(self._starts, offset) - 1
        if i < 0:
            return offset
        edit = self._edits[i]
        if offset >= edit.end:
            return offset - edit.end + edit.original_end
        return edit.original_end if end and offset > edit.start else edit.original_start

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The original offsets of the span ``start:end`` of :attr:`text`."""
        return self.original(start), self.original(end, end=True)

    def span(self, span: Span) -> Span:
        """A span of :attr:`text` as the span of the original text it was read from."""
        if self.unchanged:
            return span
        start, end = self.original_span(span.start, span.end)
        return Span(start, end, self._given[start:end])


def normalized(text: str) -> str:
    """``text`` in the normal form, where no offsets need to go back (a definition to place)."""
    return NormalForm.of(text).text


def _normal(piece: str) -> str:
    """The piece with its ligatures spelled out, in NFC ("ﬁ" and an acute accent: "fí")."""
    return unicodedata.normalize("NFC", _LIGATURE.sub(lambda m: _LIGATURES[m.group()], piece))


def _pieces(run: str, offset: int) -> Iterator[tuple[int, str]]:
    """A run of text cut into pieces that NFC reads apart, with each piece's offset: a piece
    ends before a character that combines with nothing before it (not a combining accent, not
    the vowel jamo of a Hangul syllable)."""
    if unicodedata.is_normalized("NFC", run) and not _LIGATURE.search(run):
        yield offset, run
        return
    start = 0
    for i in range(1, len(run)):
        ch, piece = run[i], run[start:i]
        if unicodedata.combining(ch) == 0 and _normal(piece + ch) == _normal(piece) + _normal(ch):
            yield offset + start, piece
            start = i
    yield offset + start, run[start:]
