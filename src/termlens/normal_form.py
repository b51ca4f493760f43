"""Text in the form termlens's rules and models read, with offsets back to the text as given.

The same words can come as different code points: "é" as one character (NFC) or as "e" and a
combining accent (NFD, as macOS file names and some PDF extractors write it), "fi" as the
ligature "ﬁ" (PDF text). They can come wrapped in markup: "**support vector machine** (SVM)" in
Markdown notes and generated text, "<i>in vitro</i>" in HTML abstracts, "R&amp;D" and
"DRC&rsquo;s" in text taken from web pages, "\\emph{support vector machine} (\\textsc{SVM})" and
"R\\&D" in LaTeX sources. The rules, taggers and dictionaries know the composed letters and plain
words, so a text is read in NFC with the Latin ligatures and full-width letters ("ＣＮＮ") spelled
out, paired emphasis marks, inline tags, LaTeX's type-setting commands, citations, soft hyphens
and zero-width spaces left out, and HTML character references and escaped characters read as the
characters they stand for; every span found is mapped back to the caller's offsets:
``original[span.start:span.end]`` still holds what was found.
"""

from __future__ import annotations

import html
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from termlens.markup import (
    MARKED_CHARACTERS,
    acronym_uses,
    block_runs,
    declarations,
    described_items,
    holds_any,
    line_markers,
    marks,
    may_hold_line_markers,
    ties,
    within,
)
from termlens.roff import is_roff_page
from termlens.roff import stretches as roff_stretches
from termlens.text import SUPERSCRIPT_DIGITS, SUPERSCRIPT_RUN, Span

# What the normal form spells out: the Latin ligatures U+FB00-FB06 (ff fi fl ffi ffl, long s + t,
# st) and the full-width forms of ASCII U+FF01-FF5E ("ＣＮＮ", "（", as Chinese and Japanese text
# and their input methods write them), one character each; and the ideographic space
_SPELLED_OUT: Final = {
    ch: unicodedata.normalize("NFKC", ch)
    for ch in map(chr, [*range(0xFB00, 0xFB07), *range(0xFF01, 0xFF5F), 0x3000])
}
_TO_SPELL_OUT: Final = re.compile(f"[{re.escape(''.join(_SPELLED_OUT))}]")
_RUN: Final = re.compile(r"\S+|\s+")  # NFC composes nothing across white space
# Characters that print nothing, read as nothing: the soft hyphen of hyphenated web text and PDFs
# ("sup\u00adport"), the zero-width space that pages put where a line may break ("VIH/\u200bSIDA"),
# the word joiner and a byte order mark inside the text. (The zero-width joiner and non-joiner
# are spelling in Persian and Indic scripts: kept.)
_INVISIBLE: Final = "\u00ad\u200b\u2060\ufeff"
_INVISIBLE_RUN: Final = re.compile(f"[{_INVISIBLE}]+")
# A citation, left out as markup is: numbers in square brackets glued to what they cite, as
# Wikipedia writes them ("support vector machine[1] (SVM)", "(DMCC)[35]", "[3][4]"), Markdown's
# footnote references ("machine[^1]", "SVM[^svm]"), LaTeX's
# citation commands ("\\citep{cortes95}") and the references of Wikipedia's source
# ("<ref>Cortes 1995</ref>", "<ref name=c95 />") and a JATS article's references to its
# bibliography and footnotes ('machine<xref ref-type="bibr" rid="B1">1</xref> (SVM)')
# (each branch opens with its literal, the glued one's lookbehind after its bracket, so that
# the search skips to the brackets, backslashes and tags: seven times as fast)
_NOTE_AFTER_BRACKET: Final = r"(?:\d{1,4}(?:[,–-]\d{1,4})*|\^[\w-]{1,40})\]"
_CITATION: Final = re.compile(
    rf"\[(?<=[\w.,;:!?)\"'”’]\[){_NOTE_AFTER_BRACKET}(?:\[{_NOTE_AFTER_BRACKET})*"
    r"|\\cite[a-zA-Z]*\*?\{[^{}\n]*\}|<ref\b[^<>\n]{0,200}?/>|<ref\b[^<>\n]{0,200}>[^<]{0,2000}</ref\s*>"
    r"|<xref\b[^<>]{0,300}?\bref-type\s*=\s*[\"'](?:bibr|fn)[\"'][^<>]{0,300}>[^<]{0,200}</xref\s*>"
)
# A footnote's or a citation's number in superscript, as journals print them and HTML writes
# them ("machine¹⁻³ (SVM)", "the SVM<sup>1</sup>", "machine<sup class=reference><a
# href=#n1>[1]</a></sup>"), left out where it follows punctuation or a word that is no unit or
# number (:func:`_footnotes`)
_FOOTNOTE: Final = re.compile(
    rf"{SUPERSCRIPT_RUN}"
    r"|<sup\b[^<>]{0,200}>\s*(?:<(?:a|xref)\b[^<>]{0,300}>\s*)?"
    r"\[?\d{1,4}(?:\s*[,–-]\s*\d{1,4})*\]?\s*(?:</(?:a|xref)>\s*)?</sup\s*>",
    re.IGNORECASE,
)
_WORD_BEFORE: Final = re.compile(r"[^\s()\[\]{}<>]{1,40}$")  # "IBC's", "Q&A", "COLING'94"
_PUNCTUATION_BEFORE_NOTE: Final = frozenset(".,;:!?)\"'”’")
# Beside MARKED_CHARACTERS, what only a text beyond ASCII can hold that the normal form changes
_BEYOND_ASCII_MAY_CHANGE: Final = _INVISIBLE + SUPERSCRIPT_DIGITS
# An HTML character reference with its closing semicolon ("&amp;", "&#8211;", "&#x2013;"); one
# without it ("AT&T", "&copy 2020") is text.
_REFERENCE: Final = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
# A character LaTeX and Markdown escape with a backslash ("R\&D", "AWS\_KEY"), read as itself,
# and LaTeX's tilde ("\textasciitilde{}", "\~{}"; a bare "~" is a tie, :func:`markup.ties`)
_ESCAPE: Final = re.compile(r"\\[&%_#]|\\(?:textasciitilde|~)\{\}")


@dataclass(frozen=True, slots=True)
class _Edit:
    """A piece of the normal text that differs from the original piece it stands for."""

    start: int  # in the normal text
    end: int  # equal to start where markup was left out
    original_start: int
    original_end: int


class NormalForm:
    """A text in NFC with its ligatures and full-width forms spelled out and its markup left out
    (:attr:`text`), and the way back to the offsets of the text it was made from
    (:meth:`original`, :meth:`span`)."""

    __slots__ = ("_edits", "_given", "_original_ends", "_starts", "text")

    def __init__(self, given: str, text: str, edits: list[_Edit]) -> None:
        self._given = given
        self.text = text
        self._edits = edits
        self._starts = [edit.start for edit in edits]
        self._original_ends = [edit.original_end for edit in edits]

    @classmethod
    def of(cls, text: str) -> NormalForm:
        """The normal form of ``text`` (``text`` itself when it is in it already)."""
        stretches = _replaced(text) if _may_change(text) else []
        if not stretches and (text.isascii() or _is_normal(text)):
            return cls(text, text, [])
        form = cls._made(text, stretches)
        if unicodedata.is_normalized("NFC", form.text):
            return form
        # a reference read next to others or to markup composed with what came before it
        return cls._made(text, [stretch for stretch in stretches if not stretch[2]])

    @classmethod
    def _made(cls, text: str, stretches: list[tuple[int, int, str]]) -> NormalForm:
        """``text`` with each stretch replaced and the text between in NFC, ligatures and
        full-width forms spelled out."""
        parts: list[str] = []
        edits: list[_Edit] = []
        at = 0  # length of the normal text so far
        kept = 0  # where the text after the last stretch starts
        for stretch_start, stretch_end, replacement in [*stretches, (len(text), len(text), "")]:
            between = text[kept:stretch_start]
            if _is_normal(between):
                parts.append(between)
                at += len(between)
            else:
                for run in _RUN.finditer(between):
                    for start, piece in _pieces(run.group(), kept + run.start()):
                        normal = _normal(piece)
                        if normal != piece:
                            edits.append(_Edit(at, at + len(normal), start, start + len(piece)))
                        parts.append(normal)
                        at += len(normal)
            if stretch_start < stretch_end:
                edits.append(_Edit(at, at + len(replacement), stretch_start, stretch_end))
                parts.append(replacement)
                at += len(replacement)
            kept = stretch_end
        return cls(text, "".join(parts), edits)

    @property
    def given(self) -> str:
        """The text this normal form was made from."""
        return self._given

    @property
    def unchanged(self) -> bool:
        """Whether the text was in its normal form already."""
        return self.text is self._given

    def original(self, offset: int, *, end: bool = False) -> int:
        """The offset in the original text of ``offset`` in :attr:`text`. Inside a piece that
        changed ("ﬁ" → "fi", "e" and an accent → "é"), a start maps to the piece's start and an
        ``end`` to its end, so a span never splits a character of the original; where markup was
        left out, a start maps after it and an ``end`` before it ("**SVM**": "SVM")."""
        if end:
            i = bisect_left(self._starts, offset)
            if i < len(self._edits) and self._edits[i].start == self._edits[i].end == offset:
                return self._edits[i].original_start
            i -= 1
        else:
            i = bisect_right(self._starts, offset) - 1
        if i < 0:
            return offset
        edit = self._edits[i]
        if offset >= edit.end:
            return offset - edit.end + edit.original_end
        return edit.original_end if end else edit.original_start

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The original offsets of the span ``start:end`` of :attr:`text` (an empty span where
        markup was left out: after the markup)."""
        original_start = self.original(start)
        return original_start, max(original_start, self.original(end, end=True))

    def normal(self, offset: int) -> int:
        """The offset in :attr:`text` of ``offset`` in the original text; an offset inside a
        changed piece gives where the piece starts in :attr:`text` (an address inside an HTML
        comment left out is nowhere, not on the text after the comment)."""
        i = bisect_right(self._original_ends, offset)
        if i < len(self._edits) and self._edits[i].original_start < offset:
            return self._edits[i].start
        if i == 0:
            return offset
        edit = self._edits[i - 1]
        return offset - edit.original_end + edit.end

    def span(self, span: Span) -> Span:
        """A span of :attr:`text` as the span of the original text it was read from."""
        if self.unchanged:
            return span
        start, end = self.original_span(span.start, span.end)
        return Span(start, end, self._given[start:end])


def normalized(text: str) -> str:
    """``text`` in the normal form, where no offsets need to go back (a definition to place)."""
    return NormalForm.of(text).text


def _is_normal(text: str) -> bool:
    """Whether ``text`` is in NFC with no ligature or full-width form to spell out."""
    return unicodedata.is_normalized("NFC", text) and not _TO_SPELL_OUT.search(text)


def _normal(piece: str) -> str:
    """The piece with its ligatures and full-width forms spelled out, in NFC ("ﬁ" and an acute
    accent: "fí")."""
    return unicodedata.normalize("NFC", _TO_SPELL_OUT.sub(lambda m: _SPELLED_OUT[m.group()], piece))


def _composes(before: str, after: str) -> bool:
    """Whether NFC reads the end of ``before`` and the start of ``after`` as one character
    (or reorders them)."""
    return bool(before and after) and _normal(before + after) != _normal(before) + _normal(after)


def _pieces(run: str, offset: int) -> Iterator[tuple[int, str]]:
    """A run of text cut into pieces that NFC reads apart, with each piece's offset: a piece
    ends before a character that combines with nothing before it (not a combining accent, not
    the vowel jamo of a Hangul syllable)."""
    if _is_normal(run):
        yield offset, run
        return
    start = 0
    for i in range(1, len(run)):
        ch, piece = run[i], run[start:i]
        if unicodedata.combining(ch) == 0 and not _composes(piece, ch):
            yield offset + start, piece
            start = i
    yield offset + start, run[start:]


def _replaced(text: str) -> list[tuple[int, int, str]]:
    """The stretches of ``text`` the normal form replaces, in order, each with what replaces it:
    markup with nothing (:func:`_left_out`), HTML's block tags with the line break or tab they
    stand for (:func:`markup.block_runs`) and so a LaTeX description's items
    (:func:`markup.described_items`), a LaTeX command that prints a declared short form with
    it ("\\ac{gan}": :func:`markup.acronym_uses`), an HTML character reference or a character
    escaped with a backslash outside markup with the characters it stands for, unless they would
    compose with a neighbour, and a LaTeX source's ties with spaces (:func:`markup.ties`); in a
    manual page's source, its requests and escapes (:func:`roff.stretches`) instead."""
    if is_roff_page(text):
        return roff_stretches(text)  # a manual page's source: its requests and escapes
    uses = [(start, end, printed) for start, end, _, printed in acronym_uses(text)]
    blocks = sorted([*block_runs(text), *described_items(text), *uses])
    runs = [(start, end) for start, end, _ in blocks]
    starts = [start for start, _ in runs]
    left_out = [m for m in _left_out(text) if not within(m, runs, starts)]
    markup = sorted([*left_out, *runs])  # no reference inside either is read
    stretches = [*((start, end, "") for start, end in left_out), *blocks]
    markup_ends = [end for _, end in markup]
    read_to = 0
    read = [
        (match.start(), match.end(), _read(match.group()))
        for match in [*_ESCAPE.finditer(text), *_REFERENCE.finditer(text)]
    ]
    for start, end, characters in sorted([*read, *((s, e, " ") for s, e in ties(text))]):
        i = bisect_right(markup_ends, start)
        if start < read_to or (i < len(markup) and markup[i][0] < end):
            continue  # inside a tag ("<span title='R&amp;D'>") or read already ("\\&amp;")
        read_to = end
        if (
            characters not in ("", text[start:end])
            and "\ufffd" not in characters
            and not _composes(text[start - 1 : start], characters)
            and not _composes(characters, text[end : end + 1])
        ):
            stretches.append((start, end, characters))
    return sorted(stretches)


def _may_change(text: str) -> bool:
    """A cheap test: False when ``text`` holds nothing :func:`_replaced` replaces."""
    return (
        holds_any(text, MARKED_CHARACTERS)
        or (not text.isascii() and holds_any(text, _BEYOND_ASCII_MAY_CHANGE))
        or may_hold_line_markers(text)
        or "#+" in text  # an Org document's emphasis (:func:`markup.is_org_document`)
        or is_roff_page(text)
    )


def _read(written: str) -> str:
    """What an escaped character or an HTML character reference stands for, in NFC."""
    if written[0] == "\\":
        return "~" if written.endswith("{}") else written[1]
    return _normal(html.unescape(written))


def _left_out(text: str) -> list[tuple[int, int]]:
    """The stretches of markup, citations (:data:`_CITATION`) and invisible characters
    (:data:`_INVISIBLE`) the normal form leaves out, adjacent or overlapping ones joined
    ("**<i>"), save those between two characters NFC would compose (an accent alone in a tag).
    Of an acronym declaration (LaTeX's, reStructuredText's), all but its short form is markup,
    as a titled short form's tags are."""
    declared = declarations(text)
    runs = [span for span, _, _ in declared]
    starts = [start for start, _ in runs]
    stretches = [
        *((start, short_start) for (start, _), (short_start, _), _ in declared),
        *((short_end, end) for (_, end), (_, short_end), _ in declared),
        *((s, e) for s, e, _ in marks(text) if not within((s, e), runs, starts)),
        *(() if text.isascii() else (m.span() for m in _INVISIBLE_RUN.finditer(text))),
        *(m.span() for m in _CITATION.finditer(text)),
        *_footnotes(text),
        *line_markers(text),
    ]
    joined: list[tuple[int, int]] = []
    for start, end in sorted(stretches):
        if joined and joined[-1][1] >= start:
            start, end = joined[-1][0], max(end, joined.pop()[1])
        joined.append((start, end))
    return [(s, e) for s, e in joined if not _composes(text[s - 1 : s], text[e : e + 1])]


def _footnotes(text: str) -> Iterator[tuple[int, int]]:
    """The footnote numbers in superscript (:data:`_FOOTNOTE`) after punctuation or a word,
    not a power: after a word of three letters or more ("IBC's¹"), two capitals ("the DO¹",
    "Q&A¹"), letters and then digits ("TREC-8¹") or a word's closing stop or quote ("a.m.²");
    not after a number ("10⁵"), a unit ("km²", "m<sup>2</sup>", "m/s²"), a letter standing for
    a number ("R²", "x²") or a word of two small letters."""
    if text.isascii() and "<" not in text:  # no superscript, no tag: a cheap test
        return
    for match in _FOOTNOTE.finditer(text):
        before = text[max(0, match.start() - 1) : match.start()]
        if not before or before.isspace():
            continue
        word = _WORD_BEFORE.search(text, max(0, match.start() - 40), match.start())
        if word is None:
            if before in _PUNCTUATION_BEFORE_NOTE:
                yield match.span()
            continue
        letters = [c for c in word.group() if c.isalpha()]
        if (
            before in _PUNCTUATION_BEFORE_NOTE  # "10 a.m.²", "the “SVM”¹": no power
            or len(letters) >= 3
            or sum(c.isupper() for c in letters) >= 2
            or (letters and before.isdigit())
        ):
            yield match.span()
