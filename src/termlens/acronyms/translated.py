"""Long forms translated from an English short form: Persian "واسط گرافيكي ( GUI )".

No letters can align such a long form with its Latin short form, and the tagger finds few of
them. A small model per language (Persian so far: the same model did not help Vietnamese, whose
glossed terms a rule reads instead, :mod:`termlens.acronyms.glossed`; see docs/benchmarks-log.md),
trained on the SDU@AAAI-22 data by ``scripts/train_translated_long_forms.py``, chooses among
the runs of words of that language next to a Latin short form (before it, past a bracket, or
after "=" or ":"): by how many words the short form's capitals ask for, what stands between
them, and how often the training long forms start with, hold, or stop before each word. The
likeliest run is the long form when its probability reaches the trained threshold; the
tagger's long forms that overlap it give way."""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from termlens.acronyms.glossed import GLOSSING, PRECISION, glossed_long_forms
from termlens.acronyms.spans import RangeSet
from termlens.acronyms.tagger import DIRECTION_MARKS
from termlens.errors import InputError
from termlens.probability import sigmoid
from termlens.resources import resource_path
from termlens.text import ARABIC_LETTERS, Document, Span

MAX_GAP_TOKENS = 3
_MARKS = "".join(sorted(DIRECTION_MARKS))
_TOKEN = re.compile(rf"[^\s{_MARKS}]+")
_PERSIAN = re.compile(f"[{ARABIC_LETTERS}]")
_LATIN = re.compile(r"[A-Za-z]")
_LETTER_OR_DIGIT = re.compile(r"[^\W_]")
_GLUED_NUMBER = re.compile(r"\d+(?=[A-Za-z])")
GAPS = ("", "(", "()", ")(", "=", ":", "(«", "«", "-", "–")  # what may stand between the two
SIDES = ("before", "after")
LENGTHS = 8  # run lengths told apart; longer runs share the last


def _persian_word(token: str) -> bool:
    return bool(_PERSIAN.search(token)) and not _LATIN.search(token)


@dataclass(frozen=True, slots=True)
class Language:
    """How a language's long forms are read: its words, and how many a run may hold."""

    is_word: Callable[[str], bool]
    max_words: int
    model_file: str


LANGUAGES = {
    "fa": Language(_persian_word, 7, "translated-long-forms-fa.json"),
}
FEATURES = (
    [f"words={k}" for k in range(1, LENGTHS)]
    + [f"words>={LENGTHS}", "words/capitals"]
    + [f"words-capitals={d}" for d in range(-3, 4)]
    + [f"{side}:{gap}" for side in SIDES for gap in (*GAPS, "other")]
    + ["first", "outer", "no_outer", "inside_min", "inside_mean", "outer_inside", "edge_inside"]
)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A run of words next to a short form, and the words that place it."""

    start: int
    end: int
    words: tuple[str, ...]  # in text order
    side: str  # before | after the short form
    gap: str  # what stands between them: one of GAPS, or "other"
    outer: str | None  # the word beyond the run's far end, None at a clause edge
    edge: str  # the run's word next to the short form


@dataclass(frozen=True, slots=True)
class WordRates:
    """How often each word was seen, and seen starting, inside and just before a long form."""

    seen: Counter[str]
    first: Counter[str]
    inside: Counter[str]
    before: Counter[str]

    @classmethod
    def count(cls, records: Iterable[tuple[str, Sequence[tuple[int, int]]]]) -> WordRates:
        """From (text, long-form spans) pairs."""
        rates = cls(Counter(), Counter(), Counter(), Counter())
        for text, long_forms in records:
            tokens = _tokens(text)
            rates.seen.update(word for _, _, word in tokens)
            for start, end in long_forms:
                inside = [word for a, b, word in tokens if a >= start and b <= end]
                if not inside:
                    continue
                rates.first[inside[0]] += 1
                rates.inside.update(inside)
                before = [word for _, b, word in tokens if b <= start]
                if before:
                    rates.before[before[-1]] += 1
        return rates

    def counts(self, word: str) -> list[int]:
        """The word's four counts, as the model file stores them."""
        return [self.seen[word], self.first[word], self.inside[word], self.before[word]]

    def rate(self, table: Counter[str], word: str | None) -> float:
        """Log share of a word's uses counted in ``table`` (0 for no word)."""
        if word is None:
            return 0.0
        return math.log((table[word] + 0.1) / (self.seen[word] + 1.0))


def candidates(text: str, short: Span, lang: str) -> list[Candidate]:
    """The runs of one to ``max_words`` words of ``lang`` (a key of LANGUAGES) on each side of
    a short form, past up to ``MAX_GAP_TOKENS`` tokens without letters or digits ("(", "=")."""
    return _Tokens(text).candidates(short, LANGUAGES[lang])


class _Tokens:
    """A text's tokens (runs without spaces or direction marks), found once for all its short
    forms."""

    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.ends = [end for _, end, _ in self.tokens]

    def candidates(self, short: Span, language: Language) -> list[Candidate]:
        tokens = self.tokens
        first = bisect_right(self.ends, short.start)  # the first token ending after its start
        last = first
        while last < len(tokens) and tokens[last][0] < short.end:
            last += 1
        if last == first:
            return []
        return [
            *_runs(tokens, "before", range(first - 1, -1, -1), language),
            *_runs(tokens, "after", range(last, len(tokens)), language),
        ]


def _runs(
    tokens: list[tuple[int, int, str]], side: str, order: range, language: Language
) -> list[Candidate]:
    """The runs of words met walking ``order`` away from a short form on one side."""
    gap: list[str] = []
    words: list[int] = []
    for i in order:
        word = tokens[i][2]
        if language.is_word(word):
            words.append(i)
            if len(words) > language.max_words:
                break
        elif not words and len(gap) < MAX_GAP_TOKENS and not _LETTER_OR_DIGIT.search(word):
            gap.append(word)
        else:
            break
    kind = "".join(gap if side == "after" else gap[::-1])
    kind = kind if kind in GAPS else "other"
    out = []
    for k in range(1, min(len(words), language.max_words) + 1):
        run = sorted(words[:k])
        outer = tokens[words[k]][2] if k < len(words) else None
        out.append(
            Candidate(
                tokens[run[0]][0],
                tokens[run[-1]][1],
                tuple(tokens[j][2] for j in run),
                side,
                kind,
                outer,
                tokens[words[0]][2],
            )
        )
    return out


def features(short: str, candidate: Candidate, rates: WordRates) -> list[float]:
    """The candidate's features, in the order of FEATURES."""
    capitals = sum(ch.isupper() for ch in short) or len(short)
    k = len(candidate.words)
    difference = max(-3, min(3, k - capitals))
    length = min(k, LENGTHS)
    where = f"{candidate.side}:{candidate.gap}"
    inside = [rates.rate(rates.inside, w) for w in candidate.words]
    return [
        *(float(length == n) for n in range(1, LENGTHS + 1)),
        min(k / capitals, 4.0),
        *(float(difference == d) for d in range(-3, 4)),
        *(float(where == f"{s}:{g}") for s in SIDES for g in (*GAPS, "other")),
        rates.rate(rates.first, candidate.words[0]),
        rates.rate(rates.before, candidate.outer),
        float(candidate.outer is None),
        min(inside),
        sum(inside) / len(inside),
        rates.rate(rates.inside, candidate.outer),
        float(candidate.side == "before") * rates.rate(rates.inside, candidate.edge),
    ]


@dataclass(frozen=True, slots=True)
class Choice:
    """The long form chosen for a short form, with its probability."""

    short: Span
    long: Span
    probability: float


@dataclass(frozen=True, slots=True)
class TranslatedLongForms:
    """A language's trained chooser: logistic weights over FEATURES, a threshold and the word
    rates."""

    lang: str  # a key of LANGUAGES
    weights: tuple[float, ...]  # one per feature, then the bias
    threshold: float
    rates: WordRates

    def probability(self, row: Sequence[float]) -> float:
        """The logistic model's probability that a run with these features is the long form
        (plain Python: the module is imported where the rules are compiled, without numpy)."""
        *weights, bias = self.weights
        score = bias + math.fsum(w * x for w, x in zip(weights, row, strict=True))
        return sigmoid(score)

    def choose(self, doc: Document, shorts: Iterable[Span]) -> list[Choice]:
        """For each Latin short form, the likeliest run of words next to it, where its
        probability reaches the threshold."""
        chosen = []
        tokens, language = _Tokens(doc.text), LANGUAGES[self.lang]
        for short in shorts:
            if not _LATIN.search(short.text):
                continue
            found = tokens.candidates(short, language)
            if not found:
                continue
            scored = [(self.probability(features(short.text, c, self.rates)), c) for c in found]
            probability, best = max(scored, key=lambda pair: pair[0])  # the first of equals
            if probability >= self.threshold:
                chosen.append(Choice(short, doc.span(best.start, best.end), probability))
        return chosen

    def save(self, path: Path, trained_on: str) -> None:
        data = {
            "language": self.lang,
            "features": list(FEATURES),
            "weights": [round(float(w), 9) for w in self.weights],
            "threshold": self.threshold,
            "words": {w: self.rates.counts(w) for w in sorted(self.rates.seen)},
            "trained_on": trained_on,
        }
        path.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> TranslatedLongForms:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data["features"] != list(FEATURES):
                raise InputError(f"{path}: features differ from this termlens; retrain it")
            tables: tuple[Counter[str], ...] = (Counter(), Counter(), Counter(), Counter())
            for word, counts in data["words"].items():
                for table, n in zip(tables, counts, strict=True):
                    if n:
                        table[word] = int(n)
            if data["language"] not in LANGUAGES:
                raise InputError(
                    f"{path}: language {data['language']!r} is not one of {sorted(LANGUAGES)}"
                )
            weights = tuple(float(w) for w in data["weights"])
            return cls(data["language"], weights, float(data["threshold"]), WordRates(*tables))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise InputError(f"{path}: not a translated long-form model ({exc})") from None


def translate(
    doc: Document, shorts: list[Span], lang: str, chooser: TranslatedLongForms | None = None
) -> tuple[list[Span], list[Choice]]:
    """A tagged text's short forms and their chosen long forms, in a language of LANGUAGES:
    the short forms without glued numbers, and the choices of ``chooser`` (the language's
    bundled one unless given); in a language of GLOSSING, the long forms its brackets gloss
    (:mod:`termlens.acronyms.glossed`). Elsewhere the short forms as they are and no choice."""
    if lang in GLOSSING:
        found = glossed_long_forms(doc.text, shorts, lang)
        return shorts, [Choice(short, long, PRECISION) for short, long in found]
    if lang not in LANGUAGES:
        return shorts, []
    shorts = without_glued_numbers(doc, shorts)
    return shorts, (chooser or default_chooser(lang)).choose(doc, shorts)


def without_glued_numbers(doc: Document, shorts: list[Span]) -> list[Span]:
    """Persian short forms without the digits glued before their letters: in "400kv" and "2KA"
    a number or a footnote mark ran into the short form across the change of writing direction
    (the SDU@AAAI-22 Persian gold cuts them 15 times in 18)."""
    out = []
    for short in shorts:
        glued = _GLUED_NUMBER.match(short.text)
        out.append(doc.span(short.start + glued.end(), short.end) if glued else short)
    return out


def revised(longs: list[Span], choices: Sequence[Choice]) -> list[Span]:
    """The chosen long forms, and the tagger's that do not overlap one."""
    chosen = [c.long for c in choices]
    taken = RangeSet()
    for span in chosen:
        taken.add(span.start, span.end)
    kept = [s for s in longs if not taken.overlaps(s.start, s.end)]
    return sorted({(s.start, s.end): s for s in [*chosen, *kept]}.values(), key=_order)


def _order(span: Span) -> tuple[int, int]:
    return span.start, span.end


def _tokens(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(text)]


@cache
def default_chooser(lang: str) -> TranslatedLongForms:
    """The bundled chooser of a language of LANGUAGES, loaded once per process."""
    return TranslatedLongForms.load(resource_path(LANGUAGES[lang].model_file))
