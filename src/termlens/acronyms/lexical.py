"""Words for comparing long forms and contexts: a light stemmer, stop words, variant keys.

Long forms are merged as GLADIS merges them: two long forms of a short form are one sense when
they are identical after lower-casing, removing punctuation and stemming every word; accents are
dropped too (*Fréchet* and *Frechet*, *centímetro* and *centimetro* are one word spelled two
ways). Looser still, :func:`near_duplicates` tells which senses are near-duplicates.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

from rapidfuzz.distance import OSA, Levenshtein

from termlens.disjoint_sets import DisjointSets
from termlens.text import singular, without_accents

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
LOST_LETTERS = re.compile(r"\w\?+\w")  # "Na?ve Bayes": "?" for letters an encoding lost

# English, Spanish and French function words, and words too common in the benchmarks' texts to
# tell senses apart.
STOPWORDS = frozenset(
    """a an the of and or to in on at by for from with without as is are was were be been being
    this that these those it its we our they their he she his her which who whom what when where
    how not no nor but if then than so such can could may might will would shall should do does
    did has have had into over under between about also both each other more most only very via
    using use used based et al i e g fig table section paper approach method methods proposed
    el la los las lo un una unos unas de del y o u en que por con para se es son fue al como su
    sus más mas pero sin sobre entre este esta estos estas ese esa le les des du et ou dans par
    pour avec sur au aux ce cette ces est sont qui ne pas il elle nous vous ils elles leur
    leurs""".split()
)

# metric prefixes of units in -gram, which are no imaging's record (*microgram*)
_UNIT_PREFIXES = ("kilo", "hecto", "deca", "deci", "centi", "milli", "micro", "nano", "pico")
# Longest first; a suffix is removed only when at least three letters stay.
_SUFFIXES = (
    "ational", "ization", "ations", "ation", "iveness", "fulness", "ousness", "ements", "ement",
    "ments", "ment", "ities", "ity", "ness", "ings", "ing", "ies", "ied", "ive", "ers", "er",
    "ed", "es", "s", "al", "e", "y",
)  # fmt: skip


@lru_cache(maxsize=1 << 18)
def stem(word: str) -> str:
    """A crude, fast stem of a lower-case word (enough to merge plural and derived variants):
    one suffix off its singular, so that a plural and its singular share their stem (*intervals*
    and *interval*: *interv*; before, *interval* and *interv*; *analysis*, *analyses* and the
    French *analyse*: *analys*)."""
    if len(word) <= 3 or not word.isalpha():
        return word
    word = singular(word)
    if word.endswith("sis"):  # the Greek -sis as the French -se: *analysis* as *analyse*
        word = word[:-2] + "e"
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def words(text: str) -> list[str]:
    """The lower-case words of a text, punctuation removed."""
    return _WORD.findall(text.lower())


def variant_key(long_form: str) -> str:
    """The key under which variants of a long form merge: stemmed words (:func:`sense_stem`), no
    punctuation, no accents."""
    return " ".join(sense_stem(word) for word in words(without_accents(long_form)))


def sense_stem(word: str) -> str:
    """A lower-case word's stem as variant keys read it: :func:`stem`, and an imaging's three
    words for one sense as one, the adjective in *-graphic* or *-scopic* and the record in
    *-gram* as the technique in *-graphy*, *-scopy* (*computed tomographic* / *tomography*,
    *electrocardiogram* / *electrocardiographic*, *endoscopic* / *endoscopy*; *geographical* as
    *geographic*), though not a unit (*microgram*) nor *graphic(s)* alone."""
    if imaging_adjective(word):
        return stem(word.removesuffix("al")[:-2])
    record = singular(word)
    if record.endswith("ogram") and len(record) > 8 and not record.startswith(_UNIT_PREFIXES):
        return stem(record[:-1] + "ph")
    return stem(word)


def imaging_adjective(word: str) -> bool:
    """Whether a lower-case word is an imaging's adjective, in *-graphic(al)* or *-scopic(al)*
    (*electrocardiographic*, *endoscopic*), not *graphic* or *scopic* alone."""
    adjective = word.removesuffix("al")
    return adjective.endswith(("graphic", "scopic")) and adjective not in ("graphic", "scopic")


def sense_key(long: str) -> str:
    """The key of a long form's sense: its variant key (its lower case when it has no letters
    or digits)."""
    return variant_key(long) or long.lower()


def spells_out(short: str, long: str) -> bool:
    """Whether a long form only spells the short form again ("u s a" for USA; "path-1" for PATH
    and "Plus500" for PLUS, numbered or marked): no meaning. Digits count when the short form
    has some: *NTCIR 2002* spells out NTCIR2."""
    if any(ch.isdigit() for ch in short):
        return "".join(words(long)) == "".join(words(short))
    return _letters(long) == _letters(short)


def _letters(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalpha())


def content_terms(text: str) -> list[str]:
    """Stemmed content words of a text: no stop words, no numbers, no one-letter words."""
    return [stem(word) for word in content_words(text)]


def content_forms(text: str) -> list[str]:
    """The content words of a text as written, plurals made singular (*networks* meets
    *network*; *presented* does not meet *present*, as their stems would)."""
    return [singular(word) for word in content_words(text)]


def content_words(text: str) -> list[str]:
    """The words of a text but stop words, numbers and one-letter words, as written."""
    return [
        word
        for word in words(text)
        if len(word) > 1 and word not in STOPWORDS and not word.isdigit()
    ]


_PAIRS = (("(", ")"), ("[", "]"), ("{", "}"), ("“", "”"))


def unpaired_edges_off(text: str) -> str:
    """``text`` without the brackets or double quotes around the whole of it ('"IDEC"'), or
    without a bracket or double quote at either end that has no pair in it (one of them, the
    first found)."""
    if len(text) > 2 and text[0] == text[-1] == '"' and text.count('"') == 2:
        return text[1:-1]
    for opening, closing in _PAIRS:
        if text.startswith(opening) and text.endswith(closing) and text.count(opening) == 1:
            return text[1:-1]
        if text.count(opening) != text.count(closing):
            if text.endswith(closing):
                return text[:-1]
            if text.startswith(opening):
                return text[1:]
    if text.count('"') % 2:
        return text.strip('"')
    return text


WINDOW = 16  # words kept on each side of a short form by :func:`window`


def window(context: str, short: str) -> str:
    """The ``WINDOW`` words on each side of the short form's first use in the context (the
    middle of the context when the short form is not found): what a sentence encoder reads of
    a context (:mod:`termlens.acronyms.rerank`)."""
    words = context.split()
    at = next((i for i, w in enumerate(words) if short in w), len(words) // 2)
    return " ".join(words[max(0, at - WINDOW) : at + WINDOW + 1])


EXTRA_LETTERS = 2  # a stem of five letters or more, and one with up to this many more after it
_BRITISH = re.compile(r"[ao]e|our$")  # leukaemia, oedema, tumour


def near_duplicates(a: str, b: str) -> bool:
    """Whether two long forms are near-duplicate senses: word by word, the same after folding
    British spellings and stemming, one letter apart in words of eight letters or more
    (*gentamicin*, *gentamycin*), or a stem of five letters or more and the same with a letter
    or two more (*multi*, *multiple*). *Meningitis* and *meningioma*, *hospital* and *hospice*,
    *recurrent* and *recursive* stay apart, as the five-letter prefixes used before did not.
    Where they have not as many words, a hyphen inside a word joins it, and the words must then
    be the same after folding and stemming (*Co-operation*, *Cooperation*; *auto-encoders*,
    *autoencoder*; not *beta-glucan*, *betaglycan*)."""
    wa, wb = _folded_words(a), _folded_words(b)
    if len(wa) == len(wb):
        return all(map(_alike, wa, wb))
    if "-" not in a and "-" not in b:
        return False
    wa, wb = _folded_words(_unhyphenated(a)), _folded_words(_unhyphenated(b))
    return len(wa) == len(wb) and all(map(_same_stem, wa, wb))


_HYPHEN_IN_WORD = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")


def _unhyphenated(long: str) -> str:
    """A long form with the hyphens inside its words dropped (*auto-encoder*: *autoencoder*)."""
    return _HYPHEN_IN_WORD.sub("", long)


@lru_cache(maxsize=1 << 16)
def _folded_words(long: str) -> tuple[str, ...]:
    return tuple(_american(word) for word in words(without_accents(long)))


def _same_stem(x: str, y: str) -> bool:
    """Whether two words are the same after stemming and folding British spellings (*-our*,
    *-ise*)."""
    if x == y or x.replace("s", "z") == y.replace("s", "z"):  # organisation, organization
        return True
    return _american(stem(x)) == _american(stem(y))


def _alike(x: str, y: str) -> bool:
    if x == y:
        return True
    sx, sy = _american(stem(x)), _american(stem(y))  # neighbours: neighbour, neighbor
    if sx == sy or (min(len(x), len(y)) >= 8 and Levenshtein.distance(x, y, score_cutoff=1) <= 1):
        return True
    shorter, longer = sorted((sx, sy), key=len)
    return (
        len(shorter) >= 5
        and len(longer) - len(shorter) <= EXTRA_LETTERS
        and longer.startswith(shorter)
    )


def near_duplicate_groups(longs: Sequence[str]) -> list[int]:
    """A group number for each long form: near-duplicates (:func:`near_duplicates`) share one,
    and so do the near-duplicates of those. Groups are numbered in order of first appearance."""
    return _groups(longs, near_duplicates)


def sense_groups(short: str, longs: Sequence[str]) -> list[int]:
    """A group number for each long form of ``short``, shared by those that name one sense
    (:func:`same_sense`) and by theirs; numbered in order of first appearance."""
    return _groups(longs, lambda a, b: same_sense(short, a, b))


def _groups(longs: Sequence[str], same: Callable[[str, str], bool]) -> list[int]:
    sets = DisjointSets(len(longs))
    for j in range(1, len(longs)):
        for i in range(j):
            if sets.find(i) != sets.find(j) and same(longs[i], longs[j]):
                sets.join(i, j)
    numbers: dict[int, int] = {}
    return [numbers.setdefault(sets.find(i), len(numbers)) for i in range(len(longs))]


def _american(word: str) -> str:
    return _BRITISH.sub(lambda m: "e" if m.group() in ("ae", "oe") else "or", word)


# words that join a name's content words, as sense keys write them: English, Spanish, French
_JOINING_WORDS = frozenset(
    {"a", "an", "and", "at", "for", "in", "of", "on", "the", "to"}
    | {"al", "de", "del", "el", "en", "la", "las", "los", "para", "sobre", "y"}
    | {"au", "aux", "des", "du", "et", "le", "les", "pour", "sur"}  # not "d", "l": letters too
)


def same_sense(short: str, a: str, b: str) -> bool:
    """Whether two long forms of ``short`` name one sense: near-duplicates
    (:func:`near_duplicates`), the same letters once spaces and hyphens go (*auto - encoder*,
    *autoencoder*), the same words in another order once function words go (*alternating
    direction multiplier method*, *Alternating Direction Method of Multipliers*), the same first
    word (or an acronym first) and words alike one by one (:func:`_one_word`: *Generative
    Adversarial Nets*, *generative adversarial network*; *Wasserstein GAN*, *Wasserstein
    Generative Adversarial Network*; *UN High Commissioner for Refugees*, *United Nations High
    Commissioner for Refugees*; not *fully connected network*, *fully convolutional network*),
    one the other with words added at the end once it has a word per letter of the short form
    (*Street View House Numbers training dataset*, *long shortterm memory network*), or one the
    other with one word added inside once its initials spell the short form (*area under curve*,
    *area under the ROC curve*)."""
    fa, fb = _sense_form(a), _sense_form(b)
    if fa.joined == fb.joined or fa.bag == fb.bag:
        return True
    if fa.words[:1] == fb.words[:1] and _alike_one_by_one(fa.units, fb.units):
        return True
    opened = _ACRONYM_LETTER in "".join(fa.units[:1] + fb.units[:1])
    if opened and _alike_one_by_one(fa.units, fb.units, loose=False):
        return True
    letters = [c.lower() for c in short.removesuffix("s") if c.isupper() or c.isdigit()]
    shorter, longer = sorted((fa.words, fb.words), key=len)
    if len(shorter) >= len(letters) and _joined_prefix(shorter, longer):
        return True
    fewer, more = sorted((fa.content, fb.content), key=len)
    if _one_inside(fewer, more) and [w[0] for w in fewer] == letters:
        return True
    return near_duplicates(a, b)


class _SenseForm(NamedTuple):
    """What :func:`same_sense` compares of a long form, computed once per spelling."""

    words: tuple[str, ...]  # of its sense key
    joined: str  # those words without spaces
    content: tuple[str, ...]  # those words but the joining ones
    bag: tuple[str, ...]  # the content words sorted
    units: tuple[str, ...]  # its words in lower case, an acronym inside as one unit per letter


@lru_cache(maxsize=1 << 16)
def _sense_form(long: str) -> _SenseForm:
    words = tuple(sense_key(long).split())
    content = tuple(w for w in words if w not in _JOINING_WORDS)
    return _SenseForm(words, "".join(words), content, tuple(sorted(content)), _units(long))


def _joined_prefix(shorter: Sequence[str], longer: Sequence[str]) -> bool:
    """Whether the first words of ``longer`` write ``shorter``'s letters, however the two split
    them into words (*long short term*, *long shortterm memory*)."""
    joined, written = "".join(shorter), ""
    for word in longer:
        written += word
        if len(written) >= len(joined):
            return written == joined
    return False


def _one_inside(fewer: tuple[str, ...], more: tuple[str, ...]) -> bool:
    """Whether ``more`` is ``fewer`` with one word added neither first nor last."""
    return len(more) == len(fewer) + 1 and any(
        more[:i] + more[i + 1 :] == fewer for i in range(1, len(more) - 1)
    )


def _units(long: str) -> tuple[str, ...]:
    """A long form's words in lower case without accents, an acronym inside (two capitals or
    more) as one unit per letter, marked ("Visual QA": *visual*, *\\*q*, *\\*a*)."""
    units: list[str] = []
    for word in re.findall(r"\w+", without_accents(long)):
        if len(word) > 1 and word.isupper():
            units += [_ACRONYM_LETTER + letter.lower() for letter in word]
        else:
            units.append(word.lower())
    return tuple(units)


_ACRONYM_LETTER = "*"
_FUNCTION_UNITS = _JOINING_WORDS | {"d", "l"}  # as units write them: French elisions too
_ALIKE_START = 4  # letters two words must start with alike when neither is the other cut short


def _alike_one_by_one(a: tuple[str, ...], b: tuple[str, ...], loose: bool = True) -> bool:
    """Whether two long forms' units (:func:`_units`) are alike one by one (:func:`_one_word`)."""
    return len(a) == len(b) and all(_one_word(x, y, loose) for x, y in zip(a, b, strict=True))


def _one_word(a: str, b: str, loose: bool = True) -> bool:
    """Whether two units may write one word: two function words (*of*, *for*; *d'*, *des*); an
    acronym's letter and a word it starts; one word the other cut short (three letters or more, a
    plural's *s* aside: *net* and *networks*, *map* and *mapping*); and if ``loose``, two words
    of five letters or more one typo apart (*feild*, *field*), or two words of ``_ALIKE_START``
    letters or more that start with the same ``_ALIKE_START`` (*estimator* and *estimation*;
    not after an acronym that opens a long form: *WAS protein* is not *White Anglo-Saxon
    Protestant*)."""
    if a == b or (a in _FUNCTION_UNITS and b in _FUNCTION_UNITS):
        return True
    if loose and min(len(a), len(b)) >= 5 and OSA.distance(a, b, score_cutoff=1) <= 1:
        return True
    if a.startswith(_ACRONYM_LETTER) or b.startswith(_ACRONYM_LETTER):
        return a.lstrip(_ACRONYM_LETTER)[:1] == b.lstrip(_ACRONYM_LETTER)[:1]
    a, b = a.removesuffix("s") or a, b.removesuffix("s") or b
    shorter, longer = sorted((a, b), key=len)
    if len(shorter) >= 3 and longer.startswith(shorter):
        return True
    return loose and len(shorter) >= _ALIKE_START and a[:_ALIKE_START] == b[:_ALIKE_START]
