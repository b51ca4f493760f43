"""A CRF sequence tagger for short forms and long forms (BIO: B-short, I-short, B-long, I-long, O).

Features per token: the word, its shape, affixes, its neighbours, where it sits relative to
brackets, and what the rules of :mod:`termlens.acronyms.rules` say about it (inside a short form
or a long form they found). The model is trained by ``scripts/train_tagger.py`` on SciAI and the
SDU@AAAI-22 extraction data and ships with the package (``termlens/data``).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

import pycrfsuite

from termlens.acronyms.align import FUNCTION_WORDS, Alignment, align
from termlens.acronyms.identify import find_abbreviations
from termlens.errors import TermlensError, choose_one
from termlens.resources import resource_path
from termlens.text import (
    ARABIC_LETTERS,
    LANGUAGES,
    TAGGER_ONLY_LANGUAGES,
    Document,
    Language,
    LanguageOption,
    Span,
    Token,
    language_code,
    repeated_half,
    tokenize,
)

Label = Literal["O", "B-short", "I-short", "B-long", "I-long"]
MODEL_FOR_LANGUAGE = {"en": "en", "es": "es", "fr": "es", "da": "da", "fa": "fa", "vi": "vi"}
# the annotation conventions that each model learned apart from its other training data (see
# `token_features`): the English model marks SciAI's, so its unmarked features follow the
# SDU@AAAI-22 English files (marking both lost 0.95 F1 on the legal tenth)
CONVENTIONS = {"en": ("sciai",)}
# the languages whose long forms end with the last word their short form needs (see
# `long_forms_ending_where_needed`)
ENDING_WHERE_NEEDED = frozenset({"en"})
# the languages whose annotators mark a long form wherever it is spelled out in the sentence:
# the tagger reads such runs as a feature (see `spelled_out`) and adds those it missed (see
# `long_forms_spelled_out`). For English, 5-fold over the nine training tenths, the feature moved
# legal 87.93 -> 87.55 (one record of 201 "NGO" in document symbols flipped; the rest gained) and
# scientific 87.04 -> 87.25; for Spanish, Danish and Vietnamese it lost 0.02, 0.07 and 0.94
SPELLED_OUT_IN_THE_SENTENCE = frozenset({"en"})
EXTENSION_WORDS = 3  # words a long form in an "SF = long form" entry may take to explain SF
# French long forms start after their article or preposition, elided ("l'Organisation mondiale
# de la Santé (OMS)") or not ("de la Convention …"): of the 7,851 French SDU@AAAI-22
# disambiguation labels (long forms as the annotators marked them), 9 start with an elided one
# and none with the others
FRENCH_LEADING_WORDS = frozenset("le la les un une du des de au aux".split())
ELIDED_WORDS = frozenset({"l", "d", "qu"})
# prepositions and conjunctions inside French names ("Organisation internationale pour les
# migrations"), which no French long form ends on
FRENCH_LINKS = frozenset("pour et en sur à par avec dans contre entre".split())
APOSTROPHES = frozenset("'’")
# the Spanish words the Spanish model reads French function words as (an elided one too)
_AS_SPANISH = dict(
    pair.split(":")
    for pair in "le:el les:los des:de du:del au:al aux:a une:una et:y ou:o pour:para sur:sobre "
    "dans:en avec:con par:por à:a l:la d:de qu:que".split()
)
# Spanish function words that French does not write: in capitals in French text, a short form
# ("l'ES", "postes d'AL"), which the Spanish model reads as the function word and leaves out
_SPANISH_ONLY = frozenset("al el es lo los las del su sus ya con por".split())
_UNSEEN_LETTER = "Q"  # no word of the Spanish model's training texts is a run of it
FRENCH_FUNCTION_WORDS = FRENCH_LEADING_WORDS | FRENCH_LINKS | ELIDED_WORDS | APOSTROPHES
# where a long form before "( SF )" may start again: a coordination, past the articles and
# prepositions after it (see `long_forms_after_a_coordination`). Written for French, which the
# Spanish model reads and whose long forms it ran back over lists of names; measured: French
# silver long forms 74.1 -> 75.2 %, Spanish 5-fold 88.94 -> 88.97, the tenths unchanged. English
# lost 2 long forms in each of its files 5-fold, Danish none: they do without
LEADING_WORDS = FUNCTION_WORDS | FRENCH_FUNCTION_WORDS
COORDINATIONS = {
    "es": frozenset({"y", "e", "o", "u", ","}),
    "fr": frozenset({"et", "ou", ","}),
}
# the words no long form of a language ends on (see `long_forms_ending_on_a_word`); not the
# English "a", which ends names ("hepatitis A")
ENDING_FUNCTION_WORDS = {
    "fr": FRENCH_FUNCTION_WORDS,
    "en": frozenset("of the and for in on to an by with at from or per as into".split()),
}
FRENCH_LEADING = re.compile(  # the same words at the start of a text: "de la ", "l'"
    rf"(?:(?:{'|'.join(sorted(FRENCH_LEADING_WORDS))})\s+"
    rf"|(?:{'|'.join(sorted(ELIDED_WORDS))})[{''.join(sorted(APOSTROPHES))}])+(?=\w)",
    re.IGNORECASE,
)

_SHAPE_RUNS = re.compile(r"(.)\1{2,}")
_RULE_SPAN_LABELS: dict[str, tuple[Label, Label]] = {
    "R-short": ("B-short", "I-short"),
    "R-long": ("B-long", "I-long"),
}
# Long forms the annotators of a language mark are written in it, not in the English that the
# texts often add: none of the 209 Persian training long forms is in Latin script, and 61 of
# the 62 Vietnamese ones have a letter with a diacritic (the other is "KSTN - CNTT").
LONG_FORM_SCRIPT = {
    "fa": re.compile(r"[\u0600-\u06ff]"),
    "vi": re.compile(r"[\u00c0-\u024f\u1e00-\u1eff]"),
}
# invisible bidirectional-text controls: in the Persian gold, those glued to the end of a short
# form belong to it (75 of 75 training cases), those after a space never do (637 of 637)
DIRECTION_MARKS = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e")
# pieces of a token: runs of letters and digits, a script change (Latin "SVC", then Persian "ها"
# in "SVCها") starting a new run, or any other character alone
_SUBTOKEN = re.compile(rf"[{ARABIC_LETTERS}]+|[^\W_{ARABIC_LETTERS}]+|\S")
# a dash, possessive, quote or punctuation a space keeps apart from a short form is not part of
# it, as tokenised text writes "DQN ’s - greedy exploration", "MANAGER M ( t )", "the STOP ’ ’
# action" (a full stop set apart is _SHORT_FORM_STOP's)
_LOOSE_SHORT_FORM_END = re.compile(r"(?:\s+(?:[-‐‑–—,;:(\[\"'’”`]|['’]s))+$")
_LOOSE_SHORT_FORM_START = re.compile(r"(?:[-‐‑–—,;:)\]\"'’”`]\s+)+")  # "PCDF's - Deel"
# a full stop a space keeps apart ends a short form ("LAPGAN . c —— c"), and a plus sign set apart
# joins two ("CNN + RNN"; the SDU@AAAI-22 English scientific gold splits there 9 times, joins 2),
# as does a space after a possessive ("the FMS's VNAV mode"; the gold never spans one but once)
_SHORT_FORM_STOP = re.compile(r"\s[.!?](?:\s|$)")
# a unit of measure a space keeps apart before a short form is not part of it ("150 mM NaCl",
# "5 µg LPS"; the SDU@AAAI-22 gold never starts a short form so)
_UNIT_BEFORE = re.compile(r"(?:[pnuµμmck](?:M|g|L|l|m|mol)|[kMG]?Hz|kDa|mmHg)\s+(?=\S)")
_SHORT_FORM_JOINT = re.compile(r"\s\+\s|(?<=[^\W_]['’]s)\s+|[^\S\t\n]*[\t\n]\s*")
# a dotted initialism is one short form: one tagged from a letter inside it starts with it
# ("S.E.M.", not "E.M."; the SDU@AAAI-22 gold never starts a short form inside one)
_DOTTED_START = re.compile(r"[^\W\d_]\.")
_DOTTED_BEFORE = re.compile(r"(?<![\w.])(?:[^\W\d_]\.)+$")
# every short form of the SciAI and SDU@AAAI-22 gold holds a letter (none of 40,000 is "4,5")
_LETTER = re.compile(r"[^\W\d_]")
_OPENING_BRACKETS = frozenset("([{")
_CLOSING_BRACKETS = frozenset(")]}")
_MIXED_SCRIPTS = re.compile(
    rf"[{ARABIC_LETTERS}][^\W\d_{ARABIC_LETTERS}]|[^\W\d_{ARABIC_LETTERS}][{ARABIC_LETTERS}]"
)


@dataclass(frozen=True, slots=True)
class TaggedSpan:
    """A run of tokens a BIO tagger labels as one span of a kind: for this tagger "short" or
    "long" (token indices)."""

    kind: str
    first: int
    last: int  # inclusive


def shape(word: str) -> str:
    """Word shape with long runs cut to three: Protein -> Xxxx, IL-6 -> XX-d, mRNA -> xXXX."""
    out = []
    for ch in word:
        if ch.isupper():
            out.append("X")
        elif ch.islower():
            out.append("x")
        elif ch.isdigit():
            out.append("d")
        else:
            out.append(ch)
    return _SHAPE_RUNS.sub(r"\1\1\1", "".join(out))


def rule_labels(text: str, tokens: Sequence[Token], lang: Language) -> list[str]:
    """What the rules say of each token: R-short / R-long (in a definition), R-mention, or -."""
    labels = ["-"] * len(tokens)
    if not tokens:
        return labels
    starts = [t.start for t in tokens]
    for occurrence in find_abbreviations(Document(text, lang=lang)):
        spans = [(occurrence.short, "R-short" if occurrence.defines else "R-mention")]
        if occurrence.defines and occurrence.long is not None:
            spans.append((occurrence.long, "R-long"))
        for span, label in spans:
            for i in _token_range(starts, tokens, span.start, span.end):
                labels[i] = label
    return labels


def _token_range(starts: list[int], tokens: Sequence[Token], start: int, end: int) -> range:
    first = bisect_right(starts, start) - 1
    if first < 0 or tokens[first].end <= start:
        first += 1
    last = bisect_left(starts, end)
    return range(max(first, 0), last)


def subtokens(tokens: Sequence[Token]) -> list[Token]:
    """Tokens split at inner punctuation, as the tagger sees them: EU's -> EU ' s, IL-6 -> IL - 6
    (short forms often sit inside compounds: EU-niveau, SMV'er), and where Latin and Arabic
    script meet: SVCها -> SVC ها (29 of the Persian training short forms end there)."""
    out: list[Token] = []
    for token in tokens:
        if (token.text.isalnum() and not _MIXED_SCRIPTS.search(token.text)) or len(token.text) == 1:
            out.append(token)
            continue
        for match in _SUBTOKEN.finditer(token.text):
            start = token.start + match.start()
            out.append(Token(start, start + len(match.group()), match.group()))
    return out


def words_as_text(words: Sequence[str]) -> tuple[str, list[Token], list[range]]:
    """Pre-tokenised words as a text joined by spaces, its tagger tokens, and the range of
    tokens of each word (empty for an empty word)."""
    text = " ".join(words)
    pieces: list[Token] = []
    ranges: list[range] = []
    offset = 0
    for word in words:
        word_tokens = [Token(offset + t.start, offset + t.end, t.text) for t in tokenize(word)]
        first = len(pieces)
        pieces.extend(subtokens(word_tokens))
        ranges.append(range(first, len(pieces)))
        offset += len(word) + 1
    return text, pieces, ranges


def token_features(
    words: Sequence[str], rules: Sequence[str], lang: str, convention: str | None = None
) -> list[list[str]]:
    """CRF features for each token of a sentence read by the model of language ``lang`` (en,
    es, da, fa, vi).

    With a ``convention`` (the annotation guidelines of a corpus, e.g. "sciai"), every feature
    also comes as a copy marked with it, so that a model trained on several corpora learns what
    they share and where each differs (Daumé's feature augmentation)."""
    depth = 0
    inside: list[bool] = []
    for word in words:
        if word in ("(", "["):
            depth += 1
        inside.append(depth > 0)
        if word in (")", "]") and depth:
            depth -= 1
    out = []
    n = len(words)
    by_word = [_word_features(word) for word in words]
    spelling = spelled_out(words) if lang in SPELLED_OUT_IN_THE_SENTENCE else {}
    for i, (low, word_shape, own, marks) in enumerate(by_word):
        feats = [
            "bias",
            *own,
            f"rule={rules[i]}",
            f"lang={lang}",
            f"lang={lang}|shape={word_shape}",
            *marks,
        ]
        if i in spelling:
            feats.append(spelling[i])
        if inside[i]:
            feats.append("in-brackets")
            feats.append(f"lang={lang}|in-brackets")
        for offset in (-2, -1, 1, 2):
            j = i + offset
            if 0 <= j < n:
                feats.append(f"{offset}:w={by_word[j][0]}")
                feats.append(f"{offset}:shape={by_word[j][1]}")
                feats.append(f"{offset}:rule={rules[j]}")
            else:
                feats.append(f"{offset}:edge")
        if i + 1 < n:
            feats.append(f"w+1={low}|{by_word[i + 1][0]}")
        if convention is not None:
            feats += [f"{convention}|{feat}" for feat in feats]
        out.append(feats)
    return out


def spelled_out(words: Sequence[str]) -> dict[int, str]:
    """A feature for each word of a run whose initials spell the capitals of another word of the
    sentence (two to ten of them): "spells=first" or "spells=next", and whether the run stands
    "before" or "after" that word. "the key performance indicator , herein KPI" marks *key* with
    "spells=first|before". Function words may stand inside a run (see :func:`_initials_run`).
    Words are taken in order, and each marks the runs no word before it marked; a run is found
    once for all the words with the same capitals, so a long sentence costs little more than a
    short one."""
    out: dict[int, str] = {}
    blank: list[Label] = ["O"] * len(words)
    starts = _run_starts(words)
    unmarked: dict[str, list[tuple[int, int]]] = {}  # per capitals, the runs not yet marked
    for k, word in enumerate(words):
        capitals = "".join(c for c in word if c.isupper()).lower()
        if not 2 <= len(capitals) <= 10 or not word.isalnum():
            continue
        if capitals not in unmarked:
            unmarked[capitals] = [
                (first, end)
                for first in starts.get(capitals[0], [])
                if (end := _initials_run(words, blank, first, capitals, FUNCTION_WORDS))
            ]
        around = []  # the runs that hold this word stay for the words after it
        for first, end in unmarked[capitals]:
            if first in out:
                continue
            if first <= k < end:
                around.append((first, end))
                continue
            where = "before" if end <= k else "after"
            out[first] = f"spells=first|{where}"
            for i in range(first + 1, end):
                out[i] = f"spells=next|{where}"
        unmarked[capitals] = around
    return out


def _run_starts(words: Sequence[str]) -> dict[str, list[int]]:
    """Where a run of initials may start (see :func:`_initials_run`), by its first letter."""
    starts: defaultdict[str, list[int]] = defaultdict(list)
    for i, word in enumerate(words):
        if len(word) >= 3 and _plain_word(word):
            starts[word[0].lower()].append(i)
    return starts


@lru_cache(maxsize=65536)
def _word_features(word: str) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
    """What the tagger sees of a word on its own (cached: words repeat): its lowercase form, its
    shape, its form features and its marks (allcaps, title, digit)."""
    low = word.lower()
    word_shape = shape(word)
    upper = sum(ch.isupper() for ch in word)
    own = (
        f"w={low}",
        f"shape={word_shape}",
        f"p3={low[:3]}",
        f"s3={low[-3:]}",
        f"s2={low[-2:]}",
        f"len={min(len(word), 8)}",
        f"upper={min(upper, 4)}",
    )
    marks = []
    if upper and upper == sum(ch.isalpha() for ch in word):
        marks.append("allcaps")
    if word[:1].isupper():
        marks.append("title")
    if any(ch.isdigit() for ch in word):
        marks.append("digit")
    return low, word_shape, own, tuple(marks)


class AcronymTagger:
    """Tags tokens as parts of short forms and long forms with a CRF model."""

    def __init__(self, model: Path) -> None:
        if not model.is_file():
            raise TermlensError(f"tagger model {model} not found; reinstall termlens")
        self._tagger = pycrfsuite.Tagger()
        self._tagger.open(str(model))

    def tag_words(
        self, words: Sequence[str], lang: str = "en", convention: str | None = None
    ) -> list[Label]:
        """BIO labels for pre-tokenised words (SciAI style: words joined by single spaces).

        The words are cut into the tagger's tokens like any text; a word takes the label of its
        first piece. ``convention``: the corpus whose annotation guidelines to follow, when the
        model learned them apart (see :data:`CONVENTIONS`); "sciai" for SciAI.
        """
        if not words:
            return []
        text, pieces, ranges = words_as_text(words)
        rules = rule_labels(text, pieces, rules_language(lang))
        labels = self._tag([p.text for p in pieces], rules, lang, convention)
        return [labels[r.start] if r else "O" for r in ranges]

    def tag_document(
        self, doc: Document, lang: str | None = None, convention: str | None = None
    ) -> tuple[list[Token], list[Label]]:
        """The document's tagger tokens (see :func:`subtokens`) and a BIO label for each,
        tagged sentence by sentence, then made consistent over the whole document (see
        :func:`consistent_short_forms`); ``lang`` (en, es, da, fa, vi, fr) defaults to the
        document's."""
        tokens = subtokens(doc.tokens)
        rules = rule_labels(doc.text, tokens, doc.lang)
        lang = lang or doc.lang
        labels: list[Label] = []
        index = 0
        for sentence in doc.sentences:
            begin = index
            while index < len(tokens) and tokens[index].start < sentence.end:
                index += 1
            words = [t.text for t in tokens[begin:index]]
            labels.extend(self._tag(words, rules[begin:index], lang, convention))
        labels.extend(["O"] * (len(tokens) - len(labels)))
        return tokens, consistent_short_forms([t.text for t in tokens], labels)

    def _tag(
        self, words: list[str], rules: Sequence[str], lang: str, convention: str | None
    ) -> list[Label]:
        if not words:
            return []
        model = MODEL_FOR_LANGUAGE.get(lang, "en")
        if convention not in CONVENTIONS.get(model, ()):
            convention = None  # a model trained on one corpus has no marked features
        # the features name the language the model learned: French read with the Spanish model
        # as "fr" would lose every feature joined with "lang=es" (its weights for shapes and
        # brackets), and tag long forms running over whole lists of names
        if lang == "fr":
            labels: list[Label] = self._tag_french_as_spanish(words, rules, model, convention)
        else:
            labels = self._tagger.tag(token_features(words, rules, model, convention))
        labels = short_forms_said_once(words, labels)
        labels = consistent_short_forms(words, with_rule_definitions(words, rules, labels, lang))
        labels = long_forms_to_the_next_entry(words, labels)
        labels = long_forms_explaining_their_entry(words, labels)
        if lang in COORDINATIONS:
            labels = long_forms_after_a_coordination(words, labels, COORDINATIONS[lang])
        if lang in ENDING_WHERE_NEEDED:
            labels = long_forms_ending_where_needed(words, labels)
        if lang == "en":
            labels = long_forms_without_a_trailing_possessive(words, labels)
        if lang in SPELLED_OUT_IN_THE_SENTENCE:
            labels = long_forms_spelled_out(words, labels, ENDING_FUNCTION_WORDS[lang])
        if lang == "fr":
            labels = long_forms_after_articles(words, labels)
        if lang in ENDING_FUNCTION_WORDS:
            labels = long_forms_ending_on_a_word(words, labels, ENDING_FUNCTION_WORDS[lang])
        return labels

    def _tag_french_as_spanish(
        self, words: list[str], rules: Sequence[str], model: str, convention: str | None
    ) -> list[Label]:
        """Tag French with the Spanish model, its function words read as the Spanish ones and
        each elided one without its apostrophe ("l ' OMD" as "la OMD": the model never saw a
        short form after an apostrophe); the apostrophe takes the label of the span it stands
        in."""
        elisions = {i for i in range(len(words)) if _after_elision(words, i)}
        kept = [i for i in range(len(words)) if i not in elisions]
        view = [_as_spanish(words[i], i > 0 and _shouted(words[i - 1])) for i in kept]
        view_rules = [rules[i] for i in kept]
        tagged = self._tagger.tag(token_features(view, view_rules, model, convention))
        labels: list[Label] = ["O"] * len(words)
        for i, label in zip(kept, tagged, strict=True):
            labels[i] = label
        for i in elisions:
            if labels[i + 1].startswith("I-"):
                labels[i] = labels[i + 1]
        return labels


def _as_spanish(word: str, shouted: bool) -> str:
    """A French function word as the Spanish one, in its case ("Le" as "El", the "L" of "POUR L '
    EUROPE" as "LA"; "ET" stays, it may be a short form); a Spanish function word in capitals
    outside a heading as a word the model never saw, of its shape ("AL" as "QQ")."""
    if word.isupper() and word.lower() in _SPANISH_ONLY and not shouted:
        return _UNSEEN_LETTER * len(word)
    spanish = _AS_SPANISH.get(word.lower())
    if spanish is None or (len(word) > 1 and not word[1:].islower()):
        return word
    if shouted and word.isupper():
        return spanish.upper()
    return spanish.capitalize() if word[0].isupper() else spanish


def _shouted(word: str) -> bool:
    """Whether a word is written in capitals, two letters or more ("POUR L ' EUROPE")."""
    return len(word) > 1 and word.isupper()


def _after_elision(words: Sequence[str], i: int) -> bool:
    """Whether word ``i`` is the apostrophe of an elided French word ("l ' OMD")."""
    return (
        0 < i < len(words) - 1 and words[i] in APOSTROPHES and words[i - 1].lower() in ELIDED_WORDS
    )


def with_rule_definitions(
    words: Sequence[str], rules: Sequence[str], labels: list[Label], lang: str
) -> list[Label]:
    """Add the short and long forms of the definitions the rules find where the tagger left all
    their tokens O (a model trained on few long forms may miss even "đồ án tốt nghiệp (ĐATN)")."""
    script = LONG_FORM_SCRIPT.get(lang)
    out = list(labels)
    i = 0
    while i < len(words):
        end = i + 1
        if rules[i] in _RULE_SPAN_LABELS:
            while end < len(words) and rules[end] == rules[i]:
                end += 1
            begin, inside = _RULE_SPAN_LABELS[rules[i]]
            foreign = rules[i] == "R-long" and script and not script.search(" ".join(words[i:end]))
            if not foreign and all(label == "O" for label in labels[i:end]):
                out[i:end] = [begin] + [inside] * (end - i - 1)
        i = end
    return out


def long_forms_after_articles(words: Sequence[str], labels: list[Label]) -> list[Label]:
    """Start French long forms after their leading articles and prepositions, elided or not:
    "l ' Organisation …" and "de la Convention …" start at their noun. A long form keeps its
    last word whatever it is."""
    out = list(labels)
    for span in spans(labels):
        if span.kind != "long":
            continue
        first = span.first
        while first < span.last:
            if words[first].lower() in FRENCH_LEADING_WORDS:
                skip = 1
            elif words[first].lower() in ELIDED_WORDS and words[first + 1] in APOSTROPHES:
                skip = 2
            else:
                break
            if first + skip > span.last:
                break
            first += skip
        if first > span.first:
            out[span.first : first] = ["O"] * (first - span.first)
            out[first] = "B-long"
    return out


def long_forms_ending_on_a_word(
    words: Sequence[str], labels: list[Label], function_words: frozenset[str]
) -> list[Label]:
    """A long form does not end on an article or preposition. It runs on through them to the
    next word, or drops them where a short form, punctuation or the end comes next. French: the
    Spanish model stops before French words it does not know ("Organisation internationale du |
    Travail"), and 22 of the 7,851 French SDU@AAAI-22 disambiguation labels end on such a word.
    English: 21 of the 4,740 English legal training long forms and 8 of the 5,154 scientific
    ones do ("length of", "Regional Bureau for Europe and the")."""
    out = list(labels)
    for span in spans(labels):
        if span.kind != "long" or words[span.last].lower() not in function_words:
            continue
        after = span.last + 1
        while after < len(words) and out[after] == "O" and words[after].lower() in function_words:
            after += 1
        if after < len(words) and out[after] == "O" and words[after][:1].isalpha():
            out[span.last + 1 : after + 1] = ["I-long"] * (after - span.last)
            continue
        last = span.last
        while last > span.first and words[last].lower() in function_words:
            out[last] = "O"
            last -= 1
    return out


def short_forms_said_once(words: Sequence[str], labels: list[Label]) -> list[Label]:
    """A short form made of the same words twice is two uses of it: headings repeat a name
    before the text does ("subsubsection : IEMOCAP IEMOCAP contains …")."""
    out = list(labels)
    for span in spans(labels):
        half = repeated_half(words[span.first : span.last + 1])
        if span.kind == "short" and half:
            out[span.first + half] = "B-short"
    return out


def consistent_short_forms(words: Sequence[str], labels: list[Label]) -> list[Label]:
    """One reading per word within a sentence (and, for a document, within the document): a
    word tagged as a one-token short form is a short form wherever else it stands outside any
    span. The SDU@AAAI-22 gold agrees: of the occurrences of a record's short-form strings
    outside long forms, 94 % (English legal) to 99.7 % (Danish) are annotated."""
    single = {
        word
        for i, (word, label) in enumerate(zip(words, labels, strict=True))
        if label == "B-short" and (i + 1 == len(labels) or labels[i + 1] != "I-short")
    }
    if not single:
        return labels
    return [
        "B-short" if label == "O" and word in single else label
        for word, label in zip(words, labels, strict=True)
    ]


def long_forms_to_the_next_entry(words: Sequence[str], labels: list[Label]) -> list[Label]:
    """In a list of ``SF = long form`` entries, a long form the tagger starts after "=" runs
    through the plain words that follow it up to the next entry or a , ; . ("CCF = Country
    cooperation framework UNDAF = ..."): the tagger often drops the last word before the next
    entry. The gold of the English legal training file does so for 240 of the 833 long forms
    after "=" that only plain words separate from the next entry or a , ; . and runs to it for
    593."""
    out = list(labels)
    n = len(words)
    for span in spans(labels):
        if span.kind != "long" or span.first == 0 or words[span.first - 1] != "=":
            continue
        end = span.last + 1
        while end < n and out[end] == "O" and _plain_word(words[end]):
            end += 1
        next_entry = end + 1 < n and words[end + 1] == "=" and out[end] != "O"
        if end > span.last + 1 and (end == n or words[end] in (",", ";", ".") or next_entry):
            out[span.last + 1 : end] = ["I-long"] * (end - span.last - 1)
    return out


def long_forms_explaining_their_entry(words: Sequence[str], labels: list[Label]) -> list[Label]:
    """In an ``SF = long form`` entry, a long form that leaves letters of its short form
    unexplained runs on through the next plain words (at most :data:`EXTENSION_WORDS`) when they
    explain them: "UNDAF = United Nations Development Assistance Framework 8 to 11 September",
    where the tagger stopped at *Assistance*. In the English and Spanish training gold, 1,966 of
    the 2,219 long forms after "SF =" explain their short form, and only 4 stop short of words
    that would."""
    out = list(labels)
    found = spans(labels)
    short_ending = {span.last: span for span in found if span.kind == "short"}
    for span in found:
        short = _entry_short_form(words, span, short_ending)
        if span.kind != "long" or short is None:
            continue
        letters = "".join(words[short.first : short.last + 1])
        if _explains(letters, words[span.first : span.last + 1]):
            continue
        end = span.last + 1
        while end <= span.last + EXTENSION_WORDS and end < len(words):
            if out[end] != "O" or not _plain_word(words[end]):
                break
            if _explains(letters, words[span.first : end + 1]):
                out[span.last + 1 : end + 1] = ["I-long"] * (end - span.last)
                break
            end += 1
    return out


def _explains(short: str, words: Sequence[str]) -> bool:
    """Whether the words align with every unit of the short form."""
    return _complete_alignment(short, words) is not None


def _complete_alignment(short: str, words: Sequence[str]) -> Alignment | None:
    """The alignment of the short form with the words, if it explains every unit."""
    found = align(short, " ".join(words), [0])
    return found if found is not None and not found.unmatched else None


def long_forms_after_a_coordination(
    words: Sequence[str], labels: list[Label], coordinations: frozenset[str]
) -> list[Label]:
    """A long form just before "( SF )" starts after the last of the ``coordinations`` inside it
    ("et", "y", a comma …) and the articles and prepositions after that, when the words from there
    explain the short form: "la République démocratique du Congo et de la Cour pénale
    internationale ( CPI )" -> *Cour pénale internationale*."""
    out = list(labels)
    found = spans(labels)
    short_starting = {span.first: span for span in found if span.kind == "short"}
    for span in found:
        if span.kind != "long":
            continue
        short = _bracketed_short_form(words, span, short_starting)
        if short is None:
            continue
        end = span.last + 1
        letters = "".join(words[short.first : short.last + 1])
        for cut in range(span.last - 1, span.first, -1):
            if words[cut].lower() not in coordinations:
                continue
            start = cut + 1
            while start < end and words[start].lower() in LEADING_WORDS:
                start += 1
            if start < end and _explains(letters, words[start:end]):
                out[span.first : start] = ["O"] * (start - span.first)
                out[start] = "B-long"
                break
    return out


def long_forms_ending_where_needed(words: Sequence[str], labels: list[Label]) -> list[Label]:
    """A long form ends with the last word its short form needs, where its place says which
    short form it defines: just before "( SF )" ("National Research Foundation of Korea (NRF)"
    -> *National Research Foundation*) or in an ``SF = long form`` entry ("PREP = prepositional
    modifier" -> *prepositional*). Before a bracket, the English training gold does so more
    often than it runs to the bracket (SciAI: 11,513 agree against 11,478 of 11,691;
    SDU@AAAI-22 legal 3,760 against 3,641 of 3,951, scientific 4,302 against 4,187 of 4,456);
    the Spanish and Danish gold does not (7,810 against 8,006 of 8,257; 1,847 against 1,931 of
    1,955), hence :data:`ENDING_WHERE_NEEDED`. After "SF =", of the English legal and scientific
    gold long forms, 823 and 580 end with the last word needed, against 753 and 472 that run
    through the plain words to the entry's end (the next "," ";" "." or entry)."""
    out = list(labels)
    found = spans(labels)
    short_starting = {span.first: span for span in found if span.kind == "short"}
    short_ending = {span.last: span for span in found if span.kind == "short"}
    for span in found:
        if span.kind != "long":
            continue
        end = span.last + 1
        short = _bracketed_short_form(words, span, short_starting)
        short = short or _entry_short_form(words, span, short_ending)
        if short is None:
            continue
        needed = _words_needed(
            words[span.first : end], "".join(words[short.first : short.last + 1])
        )
        out[span.first + needed : end] = ["O"] * (end - span.first - needed)
    return out


def _bracketed_short_form(
    words: Sequence[str], long: TaggedSpan, short_starting: dict[int, TaggedSpan]
) -> TaggedSpan | None:
    """The short form in the bracket right after the long form ``long`` ("long form ( SF )"), if
    there is one (``short_starting``: the short forms by their first token)."""
    end = long.last + 1
    return short_starting.get(end + 1) if end < len(words) and words[end] == "(" else None


def _entry_short_form(
    words: Sequence[str], long: TaggedSpan, short_ending: dict[int, TaggedSpan]
) -> TaggedSpan | None:
    """The short form of the ``SF = long form`` entry whose long form is ``long``, if it is one
    (``short_ending``: the short forms by their last token)."""
    if long.first < 2 or words[long.first - 1] != "=":
        return None
    return short_ending.get(long.first - 2)


def _words_needed(words: Sequence[str], short: str) -> int:
    """How many of a long form's words its short form needs: the last words go while the
    alignment still explains every unit of the short form at least as well. A cut inside a word
    ("Re - engineering", "3 , 000") or after a function word ("force in Iraq") is not made."""
    full = _complete_alignment(short, words)
    if full is None:
        return len(words)
    quality, needed = full.quality, len(words)
    while needed > 1:
        shorter = _complete_alignment(short, words[: needed - 1])
        if shorter is None or shorter.quality < quality - 1e-9:
            break
        quality, needed = shorter.quality, needed - 1
    if needed < len(words):
        last, cut = words[needed - 1], words[needed]
        if not (last[-1].isalnum() and cut[0].isalnum()) or last.lower() in FUNCTION_WORDS:
            return len(words)
    return needed


def long_forms_without_a_trailing_possessive(
    words: Sequence[str], labels: list[Label]
) -> list[Label]:
    """A long form ends before a possessive "'s" or a comma the tagger ran it into: "the Energy
    Information Agency 's ( EIA )" -> *Energy Information Agency*. The SciAI training gold ends no
    long form on a comma, and 5 on "'s" against 9 that stop before it."""
    out = list(labels)
    for span in spans(labels):
        if span.kind != "long":
            continue
        last = span.last
        while last > span.first:
            if words[last] in (",", ";", "'s", "’s"):
                cut = 1
            elif words[last] == "s" and words[last - 1] in ("'", "’") and last - 1 > span.first:
                cut = 2
            else:
                break
            out[last - cut + 1 : last + 1] = ["O"] * cut
            last -= cut
    return out


def long_forms_spelled_out(
    words: Sequence[str], labels: list[Label], function_words: frozenset[str]
) -> list[Label]:
    """In a sentence where the tagger found short forms but no long form, a run of words whose
    initials spell a short form's capitals (three or more) is its long form, wherever it stands
    in the sentence: "By the Uniform Limit Theorem ULT", "CRNN is a convolutional recurrent
    neural network". Each word of the run has three letters or more and is not in capitals;
    function words and "-" may stand inside it ("Defense Advanced Research Projects Agency").
    The English gold marks such long forms, brackets or not: on SciAI dev this finds 33 of its
    long forms and 23 that are not."""
    found = spans(labels)
    if any(span.kind == "long" for span in found):
        return labels
    out = list(labels)
    starts = _run_starts(words)
    failed: dict[str, int] = {}  # per short form's letters, the starts before this one failed
    for span in found:
        capitals = "".join(c for w in words[span.first : span.last + 1] for c in w if c.isupper())
        if span.kind != "short" or len(capitals) < 3:
            continue
        letters = capitals.lower()
        candidates, at = starts.get(letters[0], []), failed.get(letters, 0)
        while at < len(candidates):  # a start that failed fails again: labels only fill
            first = candidates[at]
            end = _initials_run(words, out, first, letters, function_words)
            if end:
                out[first] = "B-long"
                out[first + 1 : end] = ["I-long"] * (end - first - 1)
                break
            at += 1
        failed[letters] = at
    return out


def _initials_run(
    words: Sequence[str], labels: list[Label], first: int, letters: str, skip: frozenset[str]
) -> int:
    """The end of the run of words from ``first`` whose initials spell ``letters`` (0: none)."""
    spelled, end = 0, first
    while end < len(words) and spelled < len(letters) and labels[end] == "O":
        word = words[end]
        if spelled and (word.lower() in skip or word == "-"):
            end += 1
            continue
        if len(word) < 3 or not _plain_word(word) or word[0].lower() != letters[spelled]:
            return 0
        spelled, end = spelled + 1, end + 1
    return end if spelled == len(letters) else 0


def _plain_word(word: str) -> bool:
    """A word of letters that is not itself an all-capital short form."""
    return word.isalpha() and not (word.isupper() and len(word) > 1)


def rules_language(lang: str) -> Language:
    """The language the rules read a tagger language in (Spanish rules also suit French)."""
    return "es" if lang in ("es", "fr") else "en"


def reading(lang: str) -> tuple[LanguageOption, str | None]:
    """How to read a text given as ``lang`` (auto, en, es, or one of
    :data:`TAGGER_ONLY_LANGUAGES`, by code or English name): the language of its rules, and the
    tagger's language when it is not that one (``--lang da``: English rules, the Danish model)."""
    lang = language_code(lang)
    if lang in TAGGER_ONLY_LANGUAGES:
        return rules_language(lang), lang
    if lang == "auto":
        return "auto", None
    if lang in LANGUAGES:
        return lang, None
    raise choose_one("language", lang, ["auto", *LANGUAGES, *TAGGER_ONLY_LANGUAGES])


def spans(labels: Sequence[str]) -> list[TaggedSpan]:
    """The spans of a BIO sequence, each with its kind (an I- after O starts a span)."""
    out: list[TaggedSpan] = []
    current: TaggedSpan | None = None
    for i, label in enumerate(labels):
        kind = label[2:] if label != "O" else None
        if kind is not None and (label.startswith("B-") or current is None or current.kind != kind):
            if current is not None:
                out.append(current)
            current = TaggedSpan(kind, i, i)
        elif kind is not None and current is not None:
            current = TaggedSpan(current.kind, current.first, i)
        else:
            if current is not None:
                out.append(current)
            current = None
    if current is not None:
        out.append(current)
    return out


def char_spans(
    doc: Document, tokens: Sequence[Token], labels: Sequence[str]
) -> tuple[list[Span], list[Span]]:
    """The tagged short forms and long forms of a document as character spans."""
    found: dict[str, list[Span]] = {"short": [], "long": []}
    for tagged in spans(labels):
        start, end = _without_loose_marks(
            doc.text, tokens[tagged.first].start, tokens[tagged.last].end
        )
        if tagged.kind == "long":
            start, end = _without_open_brackets(doc.text, start, end)
            if end > start:
                found["long"].append(doc.span(start, end))
            continue
        for piece_start, piece_end in _short_form_pieces(doc.text, start, end):
            if _LETTER.search(doc.text, piece_start, piece_end):
                found["short"].append(doc.span(piece_start, piece_end))
    return found["short"], found["long"]


def _short_form_pieces(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The short forms in a tagged short-form span of running text: up to a full stop set
    apart, split at a plus sign set apart, after a possessive or at a tab or a line break (an
    index's term and its entry: "XSLT_ERROR⇥_xsltCompilerCtxt"), each without loose ends or a
    unit of measure before it, and from the start of the dotted initialism it starts inside."""
    stop = _SHORT_FORM_STOP.search(text, start, end)
    end = end if stop is None or stop.start() == start else stop.start()
    while end > start and text[end - 1].isspace():  # "SF   ." stops before its spaces
        end -= 1
    bounds = [start]
    for joint in _SHORT_FORM_JOINT.finditer(text, start, end):
        bounds += [joint.start(), joint.end()]
    bounds.append(end)
    pieces = []
    for piece_start, piece_end in zip(bounds[::2], bounds[1::2], strict=True):
        lead = _LOOSE_SHORT_FORM_START.match(text, piece_start, piece_end)
        piece_start = lead.end() if lead else piece_start
        unit = _UNIT_BEFORE.match(text, piece_start, piece_end)
        piece_start = unit.end() if unit else piece_start
        if _DOTTED_START.match(text, piece_start, piece_end):
            glued = _DOTTED_BEFORE.search(text, max(0, piece_start - 24), piece_start)
            piece_start = glued.start() if glued else piece_start
        loose = _LOOSE_SHORT_FORM_END.search(text, piece_start, piece_end)
        if loose is not None and loose.start() > piece_start:
            piece_end = loose.start()
        while piece_end < len(text) and text[piece_end] in DIRECTION_MARKS:
            piece_end += 1  # the marks glued to a short form are part of its word
        if piece_end > piece_start:
            pieces.append((piece_start, piece_end))
    return pieces


def _without_loose_marks(text: str, start: int, end: int) -> tuple[int, int]:
    """A span without the direction marks and spaces the tagger took at its edges (Persian
    texts wrap Latin words in U+202A … U+202C)."""
    while start < end and (text[start] in DIRECTION_MARKS or text[start].isspace()):
        start += 1
    while end > start and (text[end - 1] in DIRECTION_MARKS or text[end - 1].isspace()):
        end -= 1
    return start, end


def _without_open_brackets(text: str, start: int, end: int) -> tuple[int, int]:
    """A long form without the bracket the tagger took after it, which opens the short form's
    ("Chambre de commerce internationale (CCI)"), nor one before it, and the space next to it."""
    while end > start and text[end - 1] in _OPENING_BRACKETS:
        end = len(text[start : end - 1].rstrip()) + start
    while start < end and text[start] in _CLOSING_BRACKETS:
        start = end - len(text[start + 1 : end].lstrip())
    return start, end


def model_file(name: str) -> str:
    """The file name of a bundled tagger model."""
    return f"acronym-tagger-{name}.crfsuite"


@lru_cache(maxsize=8)
def default_tagger(lang: str = "en") -> AcronymTagger:
    """The bundled tagger for a language (en, es, da, fa, vi; French uses the Spanish one, any
    other the English one), loaded once per process."""
    return AcronymTagger(resource_path(model_file(MODEL_FOR_LANGUAGE.get(lang, "en"))))
