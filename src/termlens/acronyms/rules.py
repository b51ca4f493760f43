"""Rules that find the abbreviations a text defines: ``long (SF)``, ``SF (long)`` and cue words.

Every candidate pair is checked by :func:`termlens.acronyms.align.align`, which must explain the
short form's letters, digits and Greek letters from the long form's words.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Literal

from termlens.acronyms.align import Alignment, align, align_unordered, units
from termlens.text import Document, Language, Span, Token

Pattern = Literal["long (short)", "short (long)", "cue"]

MIN_QUALITY = 0.5  # score per short-form unit an alignment needs
MIN_QUALITY_LOWERCASE = 1.25  # stricter for all-lowercase short forms ("pit", "ml")
MIN_QUALITY_CUE = 1.5  # stricter for definitions introduced by a cue word
MAX_SHORT_FORM_CHARS = 12
SCAN_TOKENS = 80  # how far to look for a closing bracket

_OPEN_CLOSE = {"(": ")", "[": "]"}
_WINDOW_STOPS = frozenset('.;:()[]{}!?="“”')
_SEGMENT_STOPS = frozenset(",;")
_LEADING_CUES = (
    "also known as", "also called", "hereafter referred to as", "hereinafter referred to as",
    "hereafter", "hereinafter", "referred to as", "known as", "called", "termed",
    "abbreviated as", "abbreviated", "or", "i.e.", "ie", "en adelante", "conocido como",
    "conocida como", "denominado", "denominada", "llamado", "llamada", "o",
)  # fmt: skip
_LEADING_CUE = re.compile(
    r"(?:" + "|".join(re.escape(c) for c in _LEADING_CUES) + r")[\s,]+", re.IGNORECASE
)
_SF = r"[^\W_][\w\-‐/.&+'’]*[\w+’']|[^\W\d_]{2}"
_CUE_WORDS = (
    r"(?:also\s+)?(?:known\s+as|called|termed|referred\s+to\s+as|abbreviated(?:\s+as)?"
    r"|hereafter(?:\s+(?:referred\s+to\s+as|called))?|hereinafter(?:\s+(?:referred\s+to\s+as"
    r"|called))?|or|o|(?:también\s+)?(?:llamad[oa]|conocid[oa]\s+como|denominad[oa])"
    r"|en\s+adelante)"
)
# "long form, also known as SF," / "long form — SF —" / "long form, SF,"
_CUE_SHORT_AFTER = re.compile(
    rf"(?:,?\s+{_CUE_WORDS}\s+|\s+[—–-]\s*|,\s+)({_SF})(?=\s*[,;.:)—–]|\s+-\s|\s*$)", re.IGNORECASE
)
# "SF, also known as long form"
_CUE_SHORT_BEFORE = re.compile(
    rf"(?<![\w\-])({_SF})(?:,?\s+(?:also\s+)?(?:known\s+as|called|termed|which\s+stands\s+for"
    r"|stands\s+for|(?:que\s+)?significa)\s+|\s+[—–]\s+)"
)
_YEAR = re.compile(r"^(?:1[89]|20)\d\d[a-z]?$")
_ROMAN = re.compile(r"^(?=[ivxlc]+$)(?:x{0,3})(?:ix|iv|v?i{0,3})$")
# Units alone in brackets after a quantity word: "the dose (mg)", "the size (bp)"
_UNITS = frozenset("mg ml mm cm nm μm µm ms min hr kDa bp kb Hz mV pH mL dL".split())


@dataclass(frozen=True, slots=True)
class Definition:
    """A short form and the long form the text gives it."""

    short: Span
    long: Span
    pattern: Pattern
    score: float


def looks_like_short_form(text: str) -> bool:
    """Whether ``text`` may be a short form: short, mostly one word, with a letter, not a number."""
    compact = text.replace(" ", "")
    if not 2 <= len(compact) <= MAX_SHORT_FORM_CHARS or len(text.split()) > 2:
        return False
    if not text[0].isalnum() or not any(ch.isalpha() for ch in text):
        return False
    if any(ch in "=<>±%×@#" for ch in text):
        return False
    low = text.lower()
    roman = _ROMAN.match(text) is not None or (len(text) == 1 and _ROMAN.match(low) is not None)
    if _YEAR.match(low) or roman or text in _UNITS or "et al" in low:
        return False
    return not (text.islower() and len(text.split()) > 1)


def find_definitions(doc: Document) -> list[Definition]:
    """Every (short form, long form) pair that ``doc`` defines, in text order."""
    found: dict[int, Definition] = {}
    tokens = doc.tokens
    for index, token in enumerate(tokens):
        if token.text in _OPEN_CLOSE:
            definition = _parenthesis(doc, tokens, index)
            if definition is not None:
                _keep(found, definition)
    for definition in _cue_definitions(doc):
        _keep(found, definition)
    return sorted(found.values(), key=lambda d: d.short.start)


def _keep(found: dict[int, Definition], definition: Definition) -> None:
    old = found.get(definition.short.start)
    if old is None or definition.score > old.score:
        found[definition.short.start] = definition


def _closing(tokens: tuple[Token, ...], index: int) -> int | None:
    """Index of the bracket that closes ``tokens[index]``, or None if it is unbalanced."""
    opening = tokens[index].text
    closing = _OPEN_CLOSE[opening]
    depth = 0
    for j in range(index, min(len(tokens), index + SCAN_TOKENS)):
        text = tokens[j].text
        if text == opening:
            depth += 1
        elif text == closing:
            depth -= 1
            if depth == 0:
                return j
    return None


def _first_segment(tokens: tuple[Token, ...], first: int, last: int) -> tuple[int, int]:
    """Token range [first, end) of the bracket content up to its first top-level , or ;."""
    depth = 0
    for j in range(first, last):
        text = tokens[j].text
        if text in _OPEN_CLOSE:
            depth += 1
        elif text in (")", "]"):
            depth -= 1
        elif depth == 0 and text in _SEGMENT_STOPS:
            return first, j
    return first, last


def _parenthesis(doc: Document, tokens: tuple[Token, ...], index: int) -> Definition | None:
    close = _closing(tokens, index)
    if close is None or close == index + 1:
        return None
    first, end = _first_segment(tokens, index + 1, close)
    if first == end:
        return None
    seg_start, seg_end = tokens[first].start, tokens[end - 1].end
    cue = _LEADING_CUE.match(doc.text, seg_start, seg_end)
    if cue and cue.end() < seg_end:
        seg_start = cue.end()
    for short in _short_form_candidates(doc, seg_start, seg_end):
        definition = _long_form_before(doc, tokens, index, short, "long (short)")
        if definition is not None:
            return definition
    if end < close and tokens[end].text == ",":
        definition = _long_form_then_short(doc, tokens, end, close)
        if definition is not None:
            return definition
    if index > 0 and _window_break(doc, tokens[index - 1].end, tokens[index].start):
        return None
    if index > 0 and not cue:
        previous = tokens[index - 1]
        if looks_like_short_form(previous.text) and not previous.text.islower():
            short = doc.span(previous.start, previous.end)
            inside = _long_form_inside(doc, short, seg_start, tokens[close - 1].end)
            if inside is None and close != end:
                inside = _long_form_inside(doc, short, seg_start, seg_end)
            return inside
    return None


def _short_form_candidates(doc: Document, start: int, end: int) -> list[Span]:
    """The bracket segment as a short form, or its first part when it lists two ("SAPK/JNKs")."""
    segment = doc.text[start:end]
    out = [doc.span(start, end)] if looks_like_short_form(segment) else []
    head = re.match(r"([^\s:;]+)\s+[\d<>=≤≥±]", segment)  # "(LDH 4.806 U/l)"
    if head and looks_like_short_form(head.group(1)):
        out.append(doc.span(start, start + head.end(1)))
    slash = segment.find("/")
    if slash > 1 and looks_like_short_form(segment[:slash]):
        out.append(doc.span(start, start + slash))
    return out


def _long_form_then_short(
    doc: Document, tokens: tuple[Token, ...], comma: int, close: int
) -> Definition | None:
    """Check ``(long form, SF)``: the bracket holds a long form, a comma and its short form."""
    if close - comma < 2:
        return None
    short = doc.span(tokens[comma + 1].start, tokens[close - 1].end)
    if not looks_like_short_form(short.text) or short.text.islower():
        return None
    return _long_form_before(doc, tokens, comma, short, "long (short)")


def _window_break(doc: Document, start: int, end: int) -> bool:
    return re.search(r"\n[^\S\n]*\n", doc.text[start:end]) is not None


def _long_form_before(
    doc: Document, tokens: tuple[Token, ...], before: int, short: Span, pattern: Pattern
) -> Definition | None:
    """Find the long form of ``short`` in the words that end just before token ``before``."""
    sf_units = units(_singular(short.text))
    if not sf_units:
        return None
    max_words = min(len(sf_units) + 5, 2 * len(sf_units))
    first = before
    words = 0
    while first > 0 and words < max_words:
        token = tokens[first - 1]
        if token.text in _WINDOW_STOPS or token.text == ",":
            break
        if _window_break(doc, token.end, tokens[first].start):
            break
        first -= 1
        if token.text[0].isalnum():
            words += 1
    if first == before:
        return None
    base = tokens[first].start
    window = doc.text[base : tokens[before - 1].end]
    starts = [t.start - base for t in tokens[first:before] if t.text[0].isalnum()]
    result = _best_alignment(short.text, window, starts, doc.lang)
    if result is None or not _acceptable(short.text, result, pattern):
        return None
    long = doc.span(base + result.start, base + len(window))
    if re.search(rf"(?<!\w){re.escape(short.text)}(?!\w)", long.text):
        return None
    return Definition(short, long, pattern, result.quality)


def _long_form_inside(doc: Document, short: Span, start: int, end: int) -> Definition | None:
    """Check ``SF (long form)``: the bracket content from ``start`` to ``end`` is the long form."""
    window = doc.text[start:end]
    if len(window.split()) < 2 and len(window) < len(short.text) + 3:
        return None
    result = _best_alignment(short.text, window, [0], doc.lang)
    if result is None or result.unmatched or not _acceptable(short.text, result, "short (long)"):
        return None
    return Definition(short, doc.span(start, end), "short (long)", result.quality)


def _best_alignment(short: str, window: str, starts: list[int], lang: Language) -> Alignment | None:
    """Align the short form, or its singular for plurals like CNNs, whichever explains more.

    Spanish text often keeps English short forms (PCR, PET): there an alignment of the initials
    in any order wins when it explains a longer long form.
    """
    best = align(short, window, starts)
    singular = _singular(short)
    if singular != short:
        plural = align(singular, window, starts)
        if plural is not None and (best is None or plural.quality > best.quality):
            best = plural
    for repeated in _expand_repeats(singular):
        expanded = align(repeated, window, starts)
        if expanded is not None and (best is None or expanded.quality > best.quality):
            best = expanded
    if lang == "es" or best is None or best.unmatched:
        unordered = align_unordered(singular, window, starts)
        if unordered is not None and (
            best is None or best.unmatched or unordered.start < best.start
        ):
            best = unordered
    return best


def _expand_repeats(short: str) -> list[str]:
    """Read a digit after letters as a repeat of letter or run (W3C -> WWWC, FA2E -> FAFAE)."""
    match = re.search(r"([^\W\d_]+)([2-4])(?!\d)", short)
    if match is None:
        return []
    run, times = match.group(1), int(match.group(2))
    head, tail = short[: match.start()], short[match.end() :]
    return [head + run[:-1] + run[-1] * times + tail, head + run * times + tail]


def _singular(short: str) -> str:
    if len(short) > 2 and short.endswith("s") and short[-2].isupper():
        return short[:-1]
    return short


def _acceptable(short: str, result: Alignment, pattern: Pattern) -> bool:
    n_units = len(units(_singular(short)))
    if result.unmatched > (1 if n_units >= 3 else 0):
        return False
    threshold = MIN_QUALITY
    if pattern == "cue":
        threshold = MIN_QUALITY_CUE
    elif short.islower():
        threshold = MIN_QUALITY_LOWERCASE
    return result.quality >= threshold - 1e-9


def _cue_definitions(doc: Document) -> list[Definition]:
    """Definitions introduced by words, commas or dashes rather than brackets."""
    found: list[Definition] = []
    text = doc.text
    tokens = doc.tokens
    token_starts = [t.start for t in tokens]
    for match in _CUE_SHORT_AFTER.finditer(text):
        short_text = match.group(1)
        if not looks_like_short_form(short_text) or short_text.islower():
            continue
        before = bisect_right(token_starts, match.start() - 1)
        if before == 0 or tokens[before - 1].end > match.start():
            continue
        short = doc.span(match.start(1), match.end(1))
        definition = _long_form_before(doc, tokens, before, short, "cue")
        if definition is not None:
            found.append(definition)
    for match in _CUE_SHORT_BEFORE.finditer(text):
        short_text = match.group(1)
        if not looks_like_short_form(short_text) or short_text.islower():
            continue
        stop = re.search(r"[,;.:()—–]|$", text[match.end() :])
        end = match.end() + (stop.start() if stop else 0)
        long_text = text[match.end() : end].rstrip()
        if not long_text:
            continue
        result = _best_alignment(short_text, long_text, [0], doc.lang)
        if result is None or not _acceptable(short_text, result, "cue"):
            continue
        # the long form may stop short of the next punctuation: keep the words it explains
        found.append(
            Definition(
                doc.span(match.start(1), match.end(1)),
                doc.span(match.end(), match.end() + len(long_text)),
                "cue",
                result.quality,
            )
        )
    return found
