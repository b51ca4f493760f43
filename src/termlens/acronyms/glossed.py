"""Long forms glossed by a bracket: Vietnamese "mạng nơ-ron tích chập ( CNN )".

A Vietnamese text names a term in Vietnamese and glosses it in a bracket with its short form,
its English long form, or both: "( CNN )", "( convolutional neural network , CNN )",
"( Hierarchical Attention Network )". The SDU@AAAI-22 annotators mark the Vietnamese words as
the long form, never the English ones, and no letters align the two, so the tagger finds few.
The long form is the run of words right before such a bracket: it stops at punctuation, a
number, a short form or a function word of the language, starts at its last capitalised word
when it has one (at the name before it, when that word is a foreign name: "Dropout Bayes biến
phân"), and at least half its words carry the language's own letters, so that an English term
before a bracket is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from termlens.acronyms.tagger import LONG_FORM_SCRIPT
from termlens.text import Span

# a word (hyphens inside: "nơ-ron"), a number, or any other character alone
_TOKEN = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*|\d+|\S")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_SEPARATORS = frozenset(",-–—:")
MAX_WORDS = 14  # the longest gold long form has 12 syllables
MAX_BRACKET = 14  # tokens a gloss may hold
# of these long forms, cross-validated (36 of 45; docs/benchmarks-log.md): their probability
PRECISION = 0.8


@dataclass(frozen=True, slots=True)
class GlossLanguage:
    """What the run before a gloss may hold in a language: its own letters, and its function
    words, where a term cannot start."""

    letters: re.Pattern[str]
    function_words: frozenset[str]


GLOSSING = {
    "vi": GlossLanguage(
        LONG_FORM_SCRIPT["vi"],
        # is, a, of, with, and, or, about, through, for, in, by, has, that, this, (passive), so,
        # then, which, or, at, at, from, when, like, to, and "dụng" of sử dụng / áp dụng (use)
        frozenset(
            "là một của với và hoặc về qua cho trong bằng có đó này được nên thì mà hay tại ở "
            "từ khi như để dụng".split()
        ),
    ),
}


def glossed_long_forms(text: str, shorts: Sequence[Span], lang: str) -> list[tuple[Span, Span]]:
    """(short form, long form) for each bracket that glosses the run of words before it, in a
    language of GLOSSING (none elsewhere). ``shorts``: the text's short forms."""
    language = GLOSSING.get(lang)
    if language is None or not shorts:
        return []
    tokens = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(text)]
    by_start = {s.start: s for s in shorts}
    by_letters: dict[str, Span] = {}
    for short in shorts:
        by_letters.setdefault(_letters(short.text), short)
    found = []
    for k, (_, _, token) in enumerate(tokens):
        if token != "(":
            continue
        glossed = _gloss(tokens, k, by_start, by_letters, language)
        if glossed is None:
            continue
        letters = sum(c.isalpha() for c in _letters(glossed.text))
        run = _run_before(tokens, k, language, letters)
        if run:
            start, end = tokens[run[0]][0], tokens[run[-1]][1]
            found.append((glossed, Span(start, end, text[start:end])))
    return found


def _letters(short: str) -> str:
    return short.upper().removesuffix("S") if len(short) > 2 else short.upper()


def _gloss(
    tokens: Sequence[tuple[int, int, str]],
    k: int,
    by_start: dict[int, Span],
    by_letters: dict[str, Span],
    language: GlossLanguage,
) -> Span | None:
    """The short form a bracket opening at token ``k`` glosses with: "( SF )", "( SF - English
    long form )", "( English long form , SF )", or "( English Long Form )" whose initials spell a
    short form of the text; None when it is no such gloss."""
    inside = []
    for start, _, token in tokens[k + 1 : k + 1 + MAX_BRACKET]:
        if token in ("(", ")"):
            break
        inside.append((start, token))
    closes = k + 1 + len(inside) < len(tokens) and tokens[k + 1 + len(inside)][2] == ")"
    if not closes or not inside or any(language.letters.search(t) for _, t in inside):
        return None  # a gloss is in English: "( hay tích tụ - … )" names the term again
    first, last = inside[0], inside[-1]
    if first[0] in by_start and (len(inside) == 1 or inside[1][1] in _SEPARATORS):
        return by_start[first[0]]
    if len(inside) >= 3 and last[0] in by_start and inside[-2][1] in _SEPARATORS:
        return by_start[last[0]]
    words = [token for _, token in inside if token not in _SEPARATORS]
    if len(words) >= 2 and all(w.isascii() and w.isalpha() and w[0].isupper() for w in words):
        return by_letters.get("".join(w[0] for w in words).upper())
    return None


def _run_before(
    tokens: Sequence[tuple[int, int, str]], k: int, language: GlossLanguage, letters: int
) -> list[int]:
    """The indices of the long form's tokens before the bracket at token ``k`` (empty: none):
    at least a word per letter of the short form (``letters``), as a translated term takes
    more words than the English it translates and a short form of the language's own takes a
    letter per word ("Mạng xã hội ( MXH )")."""
    run: list[int] = []
    i = k - 1
    while i >= 0:
        token = tokens[i][2]
        if _WORD.fullmatch(token):
            if token.lower() in language.function_words or _is_short_form(token):
                break
            run.append(i)
        elif token == "-" and run and i > 0 and _WORD.fullmatch(tokens[i - 1][2]):
            run.append(i)  # "vec - tơ", "dài - ngắn"
        else:
            break
        i -= 1
    run.reverse()
    capitals = [n for n, j in enumerate(run) if tokens[j][2][:1].isupper()]
    if capitals:
        n = capitals[-1]
        if not language.letters.search(tokens[run[n]][2]):  # a foreign name: take its first word
            while n > 0 and tokens[run[n - 1]][2][:1].isupper():
                n -= 1
        run = run[n:]
    while run and tokens[run[0]][2] == "-":
        run = run[1:]
    words = [tokens[j][2] for j in run if tokens[j][2] != "-"]
    if not letters <= len(words) <= MAX_WORDS:
        return []
    own = sum(bool(language.letters.search(w)) for w in words)
    return run if 2 * own >= len(words) else []


def _is_short_form(token: str) -> bool:
    """Two capitals or more, nothing but letters: "NLP", "ĐATN"."""
    return sum(c.isupper() for c in token) >= 2 and token.isalpha()
