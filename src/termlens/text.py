"""The one text model of termlens: a document, its tokens and sentences, all as character offsets.

Offsets index the original string, end exclusive, so ``doc.text[span.start:span.end] == span.text``
holds for every span termlens emits.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple, cast

from termlens.errors import check_text, choose_one

Language = Literal["en", "es"]
LanguageOption = Literal["auto", "en", "es"]
LANGUAGES: tuple[Language, ...] = ("en", "es")
# languages that only the acronym tagger reads, with the rules of English (or of Spanish, for
# French): `termlens find --lang da`; see termlens.acronyms.tagger.reading
TAGGER_ONLY_LANGUAGES = ("da", "fa", "fr", "vi")
# English names of the languages, as the SDU@AAAI-22 data names them: every `--lang` option
# takes a language by its code or by this name
LANGUAGE_NAMES = {
    "english": "en", "danish": "da", "french": "fr", "persian": "fa", "spanish": "es",
    "vietnamese": "vi",
}  # fmt: skip


def language_code(value: str) -> str:
    """A language given by its code or its English name, in any case, as its code (*French* →
    *fr*); any other value comes back in lower case, for the caller to reject."""
    lowered = value.strip().lower()
    return LANGUAGE_NAMES.get(lowered, lowered)


def language_name(value: str) -> str:
    """A language given by its code or its English name, in any case, as its English name (*fr*
    → *french*); any other value comes back in lower case, for the caller to reject."""
    code = language_code(value)
    return next((name for name, c in LANGUAGE_NAMES.items() if c == code), code)


# A token is a run of word characters, possibly joined by inner connectors (IL-6, NF-κB, 5,6,
# don't), or a single other non-space character. Chinese, Japanese and Korean, which write no
# space between words, or none before a particle, are tokens of their own apart from the other
# word characters beside them: "使用SVM进行" holds SVM, "CNN을" CNN.
CONNECTORS = "-‐‑–'’.,:+"  # characters that join word characters into one word
_CJK_LETTERS = (
    "\u1100-\u11ff\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31a0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002fa1f"
)
_OTHER_WORD = rf"[^\W{_CJK_LETTERS}]+"
WORD = rf"[{_CJK_LETTERS}]+|{_OTHER_WORD}(?:[{CONNECTORS}]{_OTHER_WORD})*"
_TOKEN = re.compile(WORD + r"|[^\w\s]")
# Digits in superscript, and a run of them as a footnote or citation writes it ("¹⁻³", "¹,²")
SUPERSCRIPT_DIGITS = "¹²³⁴⁵⁶⁷⁸⁹⁰"
SUPERSCRIPT_RUN = rf"[{SUPERSCRIPT_DIGITS}]++(?:[,⁻–-][{SUPERSCRIPT_DIGITS}]++)*+"
# A sentence ends after . ! ? (and closing quotes/brackets, and citations as Wikipedia writes
# them: "Vapnik.[1] The SVM", "Vapnik.¹") before whitespace and a capital, digit or opening mark,
# or at a line break.
_SENTENCE_END = re.compile(
    rf"[.!?][\"'”’)\]]*(?:\[\d{{1,4}}(?:\s*[,–-]\s*\d{{1,4}})*\]|[{SUPERSCRIPT_DIGITS}])*+[\"'”’)\]]*"
    r"(?=\s+[\"'“‘(\[¿¡]?[A-ZÁÉÍÓÚÑ0-9])|\n+"
)
# A line that goes on in prose: it opens with a word or an opening bracket or quote after any
# marks of a quotation or comment ("> ", "// "), not a list's bullet or number ("- ", "2. ")
_WRAPPED_LINE = 40
_PROSE_LINE = re.compile(
    r"[^\S\n]*+(?:(?:>|//++|#++)[^\S\n]*+)*+(?![-*•–—]\s|\d+[.)]\s)[\w(\[\"'“‘¿¡]"
)
_LATIN_WORD = re.compile(r"[a-záéíóúñü]+")
_NO_BREAK_BEFORE = frozenset(
    "al e.g i.e fig figs eq eqs ref refs vs no nos dr mr mrs ms st et approx ca cf sp spp "
    "resp vol pp ed eds inc ltd co dept univ sr sra dra etc".split()
)

_STOPWORDS: dict[Language, frozenset[str]] = {
    "en": frozenset(
        "the of and to in is was for that with as by on are were this from be an at which or "
        "we these have has it not been their our its".split()
    ),
    "es": frozenset(
        "el la los las de del y en que por con para una un se es no al lo como su sus más fue "
        "presenta paciente años".split()
    ),
}

# function words of the tagger-only languages written in Latin script, with those they share
# with English or Spanish ("de", "la", "for"), so that their own words decide between them
_OTHER_STOPWORDS: dict[str, frozenset[str]] = {
    "da": frozenset(
        "og i en den de for at det til er som på med af ikke der var et har fra vi kan skal "
        "eller om også efter blev hvor ved være denne disse samt mellem".split()
    ),
    "fr": frozenset(
        "la de en que un une se le les des du et est qui dans pour par sur au aux avec pas ce "
        "cette sont ont été il elle nous ou plus ne leur".split()
    ),
    "vi": frozenset(
        "là của và các những được trong có cho một này với để không khi theo từ đến như về gì "
        "hình".split()
    ),
}
# an article and the space after it, in English, Spanish or French
ARTICLE = re.compile(r"(?:the|a|an|el|la|los|las|un|una|le|les)\s+", re.IGNORECASE)
CONJUNCTIONS = frozenset({"y", "e", "o", "u", "and", "or", "et", "ou"})
LETTER_RUN = re.compile(r"[^\W\d_]+")  # a run of letters, no digits
BLANK_LINE = re.compile(r"\n[^\S\n]*\n")  # between paragraphs
SEGMENT_CHARS = 100  # a paragraph this long may read as another language than its text's
SEGMENT_SHARE = 0.3  # ... when that language holds this share of such paragraphs' characters
_ADDRESS = re.compile(r"://|\bwww\.|\w@\w[\w-]*\.\w")  # a URL or an e-mail address
_FRENCH_ELISION = re.compile(r"\b(?:l|d|qu|n|j)['’](?=[^\W\d_])")  # l'OMS, d'un, qu'il
# the Arabic script's letters (Persian's among them), as a character-class range
ARABIC_LETTERS = "\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff"
_ARABIC_SCRIPT = re.compile(f"[{ARABIC_LETTERS}]")
# Letters of the scripts no model of termlens reads around a short form: Hebrew, Arabic,
# the Indic scripts and Thai, Hangul, kana and the Chinese characters
_UNREAD_SCRIPTS = re.compile(
    f"[\u0590-\u05ff{ARABIC_LETTERS}\u08a0-\u08ff\u0900-\u0e7f{_CJK_LETTERS}]+"
)
# letters that Vietnamese writes and French, Spanish and Danish do not
_VIETNAMESE = re.compile("[ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]")


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of a document's text: ``text == document.text[start:end]``."""

    start: int
    end: int
    text: str

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.end or self.end - self.start != len(self.text):
            raise ValueError(f"span offsets {self.start}:{self.end} do not fit {self.text!r}")

    def __reduce__(self) -> tuple[type[Span], tuple[int, int, str]]:
        """Pickle as a constructor call: 5x faster than field-by-field, for worker processes."""
        return Span, (self.start, self.end, self.text)


class Token(NamedTuple):
    """A token: its offsets and text. A named tuple, not a dataclass: documents hold many."""

    start: int
    end: int
    text: str


class Document:
    """A text with its tokens, sentences and language. Built once; read by every component."""

    __slots__ = ("_sentences", "_tokens", "id", "lang", "text")

    def __init__(self, text: str, *, id: str = "", lang: str = "auto") -> None:
        """``lang``: auto (guessed from the text), en or es, by code or English name."""
        check_text(text, "Document")
        code = language_code(lang)  # "Spanish" too, as expand reads it
        if code != "auto" and code not in LANGUAGES:
            raise choose_one("language", lang, ["auto", *LANGUAGES])
        self.id = id
        self.text = text
        self._tokens: tuple[Token, ...] | None = None
        self._sentences: tuple[Span, ...] | None = None
        self.lang: Language = detect_language(text) if code == "auto" else cast(Language, code)

    def __repr__(self) -> str:
        return f"Document(id={self.id!r}, lang={self.lang!r}, chars={len(self.text)})"

    @property
    def tokens(self) -> tuple[Token, ...]:
        """The tokens, computed on first use."""
        if self._tokens is None:
            self._tokens = tuple(tokenize(self.text))
        return self._tokens

    @property
    def sentences(self) -> tuple[Span, ...]:
        """The sentences, computed on first use."""
        if self._sentences is None:
            self._sentences = tuple(split_sentences(self.text))
        return self._sentences

    def span(self, start: int, end: int) -> Span:
        """The span of this document's text between two offsets."""
        return Span(start, end, self.text[start:end])


# plurals the endings below would get wrong: Latin and Greek ones of science, and nouns in -us
# (not those whose Spanish or French singular ends in -e or -a: *indices*, *bacteria*)
_IRREGULAR_PLURALS = {
    "criteria": "criterion", "phenomena": "phenomenon", "nuclei": "nucleus", "stimuli": "stimulus",
    "loci": "locus", "spectra": "spectrum", "corpora": "corpus", "bonuses": "bonus",
    "statuses": "status", "sinuses": "sinus", "campuses": "campus", "censuses": "census",
    "buses": "bus", "fetuses": "fetus", "foetuses": "foetus", "apparatuses": "apparatus",
    "plexuses": "plexus", "nexuses": "nexus", "surpluses": "surplus", "syllabuses": "syllabus",
    "prospectuses": "prospectus", "consensuses": "consensus",
}  # fmt: skip


def singular(word: str) -> str:
    """The singular of a lower-case word that looks like an English plural, else the word
    (*viruses* → *virus*, *analyses* → *analysis*, *loci* → *locus*)."""
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    if word.endswith("viruses"):
        return word[:-2]
    if word.endswith(("yses", "theses")):
        return word[:-2] + "is"
    if word.endswith("ies") and len(word) > 5:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 4:
        return word[:-1]
    return word


def without_unread_scripts(text: str) -> str:
    """The text with each run of letters of a script no model of termlens reads (Chinese,
    Japanese, Korean, Arabic, Hebrew, the Indic scripts, Thai) as a space: the words around an
    English short form in a Chinese text ("我们使用SVM进行分类") say nothing to the models of
    English, and glued to it they would read as a word it is part of."""
    return text if text.isascii() else _UNREAD_SCRIPTS.sub(" ", text)


def without_accents(text: str) -> str:
    """The text with the marks that accented letters carry dropped (*Fréchet* → *Frechet*)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def tokenize(text: str, start: int = 0, end: int | None = None) -> Iterator[Token]:
    """Yield the tokens of ``text`` (or of ``text[start:end]``) with their character offsets."""
    for match in _TOKEN.finditer(text, start, len(text) if end is None else end):
        yield Token(match.start(), match.end(), match.group())


def repeated_half(words: Sequence[str]) -> int:
    """The length of each half when ``words`` are the same words twice, case aside, else 0: a
    heading glued to the sentence that repeats it ("Data Augmentation Data augmentation …")."""
    half, odd = divmod(len(words), 2)
    if odd:
        return 0
    same = all(a.lower() == b.lower() for a, b in zip(words[:half], words[half:], strict=True))
    return half if same else 0


def split_sentences(text: str) -> Iterator[Span]:
    """Yield the sentences of ``text`` (rule-based; keeps "Fig. 2", "et al." and "e.g." whole)."""
    start = 0
    for match in _SENTENCE_END.finditer(text):
        if match.group()[0] == ".":
            before = text[max(start, match.start() - 8) : match.start()].split()
            word = before[-1].lower() if before else ""
            if word in _NO_BREAK_BEFORE or (len(word) == 1 and word.isalpha()):
                continue
        if match.group() == "\n" and _runs_on(text, match.start()):
            continue
        end = match.end() if match.group()[0] != "\n" else match.start()
        yield from _trimmed(text, start, end)
        start = match.end()
    yield from _trimmed(text, start, len(text))


def _runs_on(text: str, newline: int) -> bool:
    """Whether the sentence runs on across the line break at ``newline``: text wrapped at a
    width, as e-mails, plain-text documents and PDF extractors write it. The line is long
    (:data:`_WRAPPED_LINE` characters or more) and ends in a word, a number, a comma or a hyphen,
    and the next goes on in prose (no list item, no blank line)."""
    line_start = text.rfind("\n", 0, newline) + 1
    line = text[line_start:newline].rstrip()
    if len(line) < _WRAPPED_LINE or not (line[-1].isalnum() or line[-1] in ",-‐"):
        return False
    return _PROSE_LINE.match(text, newline + 1) is not None


def _trimmed(text: str, start: int, end: int) -> Iterator[Span]:
    chunk = text[start:end]
    stripped = chunk.strip()
    if stripped:
        left = start + len(chunk) - len(chunk.lstrip())
        yield Span(left, left + len(stripped), stripped)


def detect_language(text: str) -> Language:
    """Guess English or Spanish from function words and Spanish letters; English by default."""
    head = text[:5000]
    words = _LATIN_WORD.findall(head.lower())
    scores = {lang: sum(map(stop.__contains__, words)) for lang, stop in _STOPWORDS.items()}
    scores["es"] += sum(head.count(ch) for ch in "ñáéíóú¿¡") // 2
    return "es" if scores["es"] > scores["en"] else "en"


def holds_address(text: str) -> bool:
    """Whether a text holds a web or e-mail address, which names nothing a short form stands for
    ("www.geneontology.org/" for GO, "i.tsapakis@ucl.ac.uk" for an author's *I. Tsapakis*)."""
    return _ADDRESS.search(text) is not None


def english_name(phrase: str) -> bool:
    """Whether a short phrase, a name, is written in English: it has one of the English function
    words no Spanish or French one shares and none of theirs ("National Aeronautics and Space
    Administration"; not "Code civil", nor "… Administration des États-Unis")."""
    words = set(_LATIN_WORD.findall(phrase.lower()))
    other = _STOPWORDS["es"] | _OTHER_STOPWORDS["fr"]
    return bool(words & (_STOPWORDS["en"] - other)) and not words & other


def guess_language(text: str) -> str:
    """Guess which language termlens should read a text in: en, es, or one of
    :data:`TAGGER_ONLY_LANGUAGES`. Persian (a fifth of the letters or more in Arabic script) and
    Vietnamese by their letters, or Danish, French and Vietnamese by function words; otherwise
    :func:`detect_language`."""
    head = text[:5000]
    letters = sum(ch.isalpha() for ch in head)
    if letters and 5 * len(_ARABIC_SCRIPT.findall(head)) > letters:
        return "fa"
    low = head.lower()
    if letters and 50 * len(_VIETNAMESE.findall(low)) > letters:
        return "vi"
    base = detect_language(text)
    words = LETTER_RUN.findall(low)
    own = sum(map(_STOPWORDS[base].__contains__, words))
    scores = {lang: sum(map(stop.__contains__, words)) for lang, stop in _OTHER_STOPWORDS.items()}
    scores["fr"] += len(_FRENCH_ELISION.findall(low))
    best = max(scores, key=scores.__getitem__)
    return best if scores[best] > own else base


def language_segments(text: str) -> list[tuple[int, str]]:
    """Where each stretch of ``text`` in one language starts, and that language
    (:func:`termlens.text.guess_language`): the whole text as one, unless its paragraphs of
    :data:`SEGMENT_CHARS` or more read as two languages or more, each in
    :data:`SEGMENT_SHARE` of their characters or more (a bilingual abstract, English and then
    Spanish; not one paragraph guessed wrong among many: the guess is right for about 98 % of
    100-character stretches of the SDU@AAAI-22 English and Spanish texts). Then each paragraph
    takes its own guess, a shorter one (a heading) the guess of the paragraph after it (or
    before, at the end)."""
    breaks = list(BLANK_LINE.finditer(text))
    if not breaks:
        return [(0, guess_language(text))]
    starts = [0, *(m.end() for m in breaks)]
    ends = [*(m.start() for m in breaks), len(text)]
    guesses = [
        guess_language(text[a:b]) if b - a >= SEGMENT_CHARS else None
        for a, b in zip(starts, ends, strict=True)
    ]
    share: Counter[str] = Counter()
    for guess, a, b in zip(guesses, starts, ends, strict=True):
        if guess is not None:
            share[guess] += b - a
    if sum(n >= SEGMENT_SHARE * share.total() for n in share.values()) < 2:
        return [(0, guess_language(text))]
    filled, last = [], next(g for g in reversed(guesses) if g is not None)
    for guess in reversed(guesses):  # a heading goes with the paragraph it heads
        last = guess or last
        filled.append(last)
    filled.reverse()
    return [
        (start, lang)
        for i, (start, lang) in enumerate(zip(starts, filled, strict=True))
        if i == 0 or lang != filled[i - 1]
    ]
