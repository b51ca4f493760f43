"""Long forms that source data mangled, repaired: cut short, or with letters lost to encoding.

Cut short: the SDU@AAAI-22 sentences were made by putting the acronym in place of a substring
of the source text, and the label lost the letters that were left around it: "MLd estimation"
is labelled *maximum likelihoo*, "adJJs" *jective*, "NPes" *Noun Phras*. Where most uses of a
label glue the same letters to the short form, and the label's edge word is no whole word but
becomes one with the fewest of those letters, the completed spelling is the meaning (*maximum
likelihood*, *adjective*, *Noun Phrase*). Plurals stay as they are: *network* + "s" is
already a word.

Cut inside the last word, with no sentence to show the lost letters (the dictionary files list
labels alone): ECOSOC's *Economic and Social Counci* beside *Economic and Social Council*, IR's
*Information Retrieva* beside *Information Retrieval*. When another spelling of the same short
form has the same words with the last one completed into a whole word, and the cut word is no
word or one written rarely against the whole (*Internaciona* beside *Internacional*), the
completed spelling is the meaning.

Cut at a word: "the UNFPA Fund" is labelled *United Nations Population*, the words left around
the acronym being the rest of the name. When the words around most of a label's uses complete it
into another spelling of the same short form, that spelling is the meaning
(:mod:`termlens.acronyms.completion`).

Lost to encoding: "Na?ve Bayes", "Amazon?s Mechanical Turk", where a character its encoding
lost became one "?" or more. When the same short form has a spelling that fits in the
question marks' place (one or two characters each), that spelling is the meaning.

Decoded with the wrong code page: *Organizaciуn Mundial de la Salud*, *Uniَn Mundial para la
Conservaciَn*, where the byte of a Windows-1252 "ó" was read as Windows-1251 Cyrillic or
Windows-1256 Arabic. A Cyrillic or Arabic character inside a Latin word is read back as the
Latin letter its byte stands for, when that makes the word a whole word (not a Cyrillic "а"
put for a Latin "a", which would read as "à").

Loose edges: a label cut from running text can keep the punctuation around it, *Nations Unies
pour les réfugiés de Palestine dans le Proche-Orient (*, *Food and Agriculture Organisation of
the United Nations,*, *-Consejo Nacional de la Mujer*, *(Diario Oficial*, *'éducation à
l'environnement*. A separator, an opening bracket or a dash standing alone at the end, a dash or
an elided word's apostrophe at the start, and a bracket or quote without its pair at either end
are taken off (:func:`without_loose_edges`).

Spaced wrongly: PDF text extraction breaks words (*United Nations Conference on Trade and
Developmen t*, *Named Ent i ty*, *l and use, land-use change and forestry*) or loses the space
between them (*ExpectationMaximization*, *Comité international de la CroixRouge*). When another
spelling of the same short form has the same letters, and the words in which the two differ
are whole words in it but not all in the long form (one letter is no whole word here), or run
together in camel case in the long form while the other is written at least as often (not
*ImageNet*), that spelling is the meaning (:func:`respaced_labels`). Compounds written both ways
(*beam line*, *beamline*) are whole words either way and stay as they are.

Glued: text extraction also writes a name twice without a space (*Named Entity
RecognitionNamed Entity Recognition*, *Benign Prostatic HyperplasiaBenign prostatic
hyperplasia*) or runs a function word into the next name (*National Highway Traffic andSafety
Administration*, *World Federation forMental Health*). A long form of several words that is
one spelling twice becomes the first, and an English function word glued to a capitalised word
is set apart (:func:`unglued`); no other spelling is needed to tell.

Cut at their front: a dictionary file lists a label alone that lost the words before it, *of
West African States* and *West African States* beside *Economic Community of West African
States* (ECOWAS), *and alternative communication* beside *Augmentative and Alternative
Communication* (AAC), *de giro* beside *derechos especiales de giro* (DEG). When another
spelling of the same short form ends with the label's words and its initials spell the short
form from its first word, and the label starts with a lower-case preposition or conjunction or
cannot spell the short form itself after words that read as part of a name (capitalised, or
function words: not *mandate of the United Nations Mission* …, nor *productos con bifenilos
policlorados*), that spelling is the meaning (:func:`front_cut_labels`), unless such spellings
are several senses (*structure* for SS). A label cut so with no such spelling, whose initials
do not hold the short form's letters in order (*of the Currency* for OCC, *in the
transformational* for INFL), names nothing of it (:func:`cut_at_front`); an article before a
capitalised word is no cut (*la Organización de las Naciones Unidas para la Educación, la
Ciencia y la Cultura*).

Cut at their front by the pairing: the GLADIS pre-training sample put the short form in place of
the words it paired, and where two words start with the same letter it paired from the second,
leaving the first before the short form: "proton PPIs" with *pump inhibitors*, "experimental
autoimmune EAE" with *encephalomyelitis*, "Organization of the OPEC" with *of the Petroleum
Exporting Countries*. When the fewest words right before the short form (at most three) make
the label's initials the short form's letters, they are put back
(:func:`completed_by_words_before`; one sentence at a time: "African AA" and "Asian AA" with
*American*).

A formula that lost its subscript (*carbon dioxide* for CO) is no meaning either: see
:mod:`termlens.acronyms.formulas`.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable

from termlens.acronyms import completion
from termlens.acronyms.align import FUNCTION_WORDS, fold, in_order
from termlens.acronyms.disambiguate import glued_letters
from termlens.acronyms.identify import short_form_singular
from termlens.acronyms.lexical import LOST_LETTERS, sense_key, unpaired_edges_off, words
from termlens.acronyms.wordlist import WORD, is_piece_of, is_word


def completed_labels(examples: Iterable[tuple[str, str, str]]) -> dict[tuple[str, str], str]:
    """(short form, label) → the completed label, for the labels the examples show cut short;
    ``examples`` are (short form, sentence, label)."""
    uses: Counter[tuple[str, str]] = Counter()
    before: defaultdict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    after: defaultdict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for short, sentence, label in examples:
        for glued_before, glued_after in glued_letters(sentence, short):
            uses[short, label] += 1
            before[short, label][glued_before] += 1
            after[short, label][glued_after] += 1
    completed = {}
    for pair, n in uses.items():
        words = pair[1].split()
        if not words:
            continue
        start, end = _usual(before[pair], n), _usual(after[pair], n)
        first = _completed(words[0], (start[-k:] + words[0] for k in range(1, len(start) + 1)))
        words[0] = first or words[0]
        last = _completed(words[-1], (words[-1] + end[:k] for k in range(1, len(end) + 1)))
        words[-1] = last or words[-1]
        if first or last:
            completed[pair] = " ".join(words)
    return completed


def _usual(glued: Counter[str], uses: int) -> str:
    """The letters glued at one side in at least half of the uses ('' if none are)."""
    letters, n = glued.most_common(1)[0]
    return letters if 2 * n >= uses else ""


def _completed(word: str, completions: Iterable[str]) -> str | None:
    """The first of the ``completions`` of ``word`` (the fewest glued letters first) that is a
    whole word; None when ``word`` is one already or none is."""
    if not word.isalpha() or is_word(word):
        return None
    return next((whole for whole in completions if is_word(whole)), None)


def completed_by_words_around(
    examples: Iterable[tuple[str, str, str]], forms: Counter[tuple[str, str]]
) -> dict[tuple[str, str], str]:
    """(short form, label) → the long form of the same short form that the words around most
    of the label's uses complete it into ("the UNFPA Fund": *United Nations Population* →
    *United Nations Population Fund*), the most frequent in ``forms`` when several spellings
    do (then the one that holds the label as written, then by name, so that the build does not
    depend on set order); ``examples`` are (short form, sentence, label), ``forms`` counts each
    (short form, long form)."""
    spellings: defaultdict[str, list[str]] = defaultdict(list)
    for short, long in forms:
        spellings[short].append(long)
    known: dict[str, completion.Extensions] = {}  # only for the examples' short forms
    uses: Counter[tuple[str, str]] = Counter()
    found: defaultdict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for short, sentence, label in examples:
        occurrences = completion.around(sentence, short)
        if occurrences:
            if short not in known:
                known[short] = completion.extensions(spellings.get(short, ()))
            uses[short, label] += 1
            found[short, label].update(completion.completions(label, known[short], occurrences))
    completed = {}
    for pair, n in uses.items():
        short, label = pair
        best = max(  # the most uses, then the most counted, the label's own case, and by name
            found[pair].items(),
            key=lambda kv: (kv[1], forms[short, kv[0]], label in kv[0], kv[0]),
            default=None,
        )
        if best and 2 * best[1] >= n:
            completed[pair] = best[0]
    return completed


def cut_inside_last_word(forms: Counter[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """(short form, long form) → the spelling of the same short form that completes the long
    form's last word, when that word is no whole word (the most frequent, when several do);
    ``forms`` counts each (short form, long form)."""
    return _respelled(forms, _completes_last_word)


def respaced_labels(forms: Counter[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """(short form, long form) → the spelling of the same short form with the same letters spaced
    into whole words where the long form's spacing breaks them (the most frequent, when several
    are); ``forms`` counts each (short form, long form), spellings that differ only in their runs
    of spaces together."""
    counts: Counter[tuple[str, str]] = Counter()
    twins: defaultdict[tuple[str, str], set[str]] = defaultdict(set)
    for (short, long), n in forms.items():
        counts[short, _one_space(long)] += n
        twins[short, "".join(long.lower().split())].add(long)
    repaired = {}
    for (short, _), spellings in twins.items():
        written = {long: counts[short, _one_space(long)] for long in spellings}
        for long in sorted(spellings) if len(spellings) > 1 else ():
            fits = [o for o in spellings if _spaced_better(o, long, written[o] >= written[long])]
            if fits:
                repaired[short, long] = max(fits, key=lambda other: (forms[short, other], other))
    return repaired


def _one_space(long: str) -> str:
    return " ".join(long.split())


def _spaced_better(other: str, long: str, as_often: bool) -> bool:
    """Whether ``other`` spaces the letters of ``long`` into whole words where ``long`` breaks
    them: the words in which ``other`` differs are whole words, and those of ``long`` are not
    all such (where ``other`` joins them: *Developmen t*) or, where ``other`` splits them and
    is written ``as_often``, run words together in camel case (*CroixRouge*; not *ImageNet*,
    written more often than *Image Net*; a lower-case compound that the word list lacks,
    *polymethylmethacrylate*, is a spelling of its own)."""
    mine, theirs = Counter(_worded(long)), Counter(_worded(other))
    lost, found = mine - theirs, theirs - mine
    if not all(map(_whole, found)):
        return False
    if found.total() > lost.total():
        return as_often and any(_CAMEL.search(w) for w in long.split() if w.lower() in lost)
    return not all(map(_whole, lost))


_CAMEL = re.compile(r"[^\W\d_A-Z][A-Z]")  # a lower-case letter, then a capital


def _worded(long: str) -> list[str]:
    """The long form's space-separated tokens that hold a letter or digit, in lower case (a dash
    or quote standing alone is punctuation, not a broken word)."""
    return [token for token in long.lower().split() if any(c.isalnum() for c in token)]


def _whole(token: str) -> bool:
    """Whether the letters of a token are whole words of more than one letter."""
    return all(len(w) > 1 and is_word(w) for w in WORD.findall(token))


def unglued_labels(forms: Iterable[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """(short form, long form) → the long form :func:`unglued`, where that changes it."""
    return {(short, long): u for short, long in forms if (u := unglued(long)) != long}


_GLUED_FUNCTION_WORD = re.compile(r"(?<=\s)(and|for|of|on|in|the|to|with)(?=[A-Z][a-z])")


def unglued(long: str) -> str:
    """A long form without the glue of text extraction: a name of several words written twice
    without a space, once (*Named Entity RecognitionNamed Entity Recognition*), and an English
    function word run into the capitalised word after it set apart (*Traffic andSafety*)."""
    one = _one_space(long)
    half, rest = one[: len(one) // 2], one[len(one) // 2 :]
    if len(one) % 2 == 0 and " " in half and half.lower() == rest.lower():
        return half
    return _GLUED_FUNCTION_WORD.sub(r"\1 ", long)


def unmangled_labels(forms: Counter[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """(short form, long form) → the spelling of the same short form that fits where the long
    form's question marks stand for lost characters (the most frequent, when several do);
    ``forms`` counts each (short form, long form)."""
    return _respelled(forms, _fills_lost_letters)


_ARTICLES = frozenset("the a an la las el los le les un una".split())
_CUTTING_WORDS = FUNCTION_WORDS - _ARTICLES  # prepositions and conjunctions


def front_cut_labels(forms: Iterable[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """(short form, long form) → the spelling of the same short form whose words the long form
    ends with, where the long form lost the words before it (see the module's docstring; the
    most frequent such spelling, then by name, when several are)."""
    counts = Counter(forms)
    spellings: defaultdict[str, list[str]] = defaultdict(list)
    for short, long in counts:
        spellings[short].append(long)
    repaired = {}
    for short, longs in spellings.items():
        worded = {long: long.lower().split() for long in longs}
        for long in longs if len(longs) > 1 else ():
            tail = worded[long]
            if not tail:
                continue
            cut_word = long.split()[0] in _CUTTING_WORDS
            if not cut_word and _spells(short, long):
                continue
            fits = [
                other
                for other in longs
                if len(worded[other]) > len(tail)
                and worded[other][-len(tail) :] == tail
                and _spells(short, other)
                and (cut_word or _name_words(other.split()[: -len(tail)]))
            ]
            if len({sense_key(other) for other in fits}) == 1:
                repaired[short, long] = max(fits, key=lambda other: (counts[short, other], other))
    return repaired


MAX_WORDS_BEFORE = 3  # the most words before a short form that a label may have lost
_WORD_BEFORE = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


def completed_by_words_before(short: str, long: str, sentence: str) -> str | None:
    """``long`` with the words it lost, where they stand right before ``short`` in ``sentence``
    ("proton PPIs" paired with *pump inhibitors*): the fewest words before it (at most three)
    whose initials, with the label's, are the short form's letters, where the label's alone are
    not (function words aside, each part of a hyphenated word counted, a plural's *s* or *'s*
    not a letter); else None."""
    letters = _letters(short_form_singular(short) or short)
    if not letters or _content_initials(long) == letters:
        return None
    use = re.search(rf"(?<![\w-]){re.escape(short)}(?!\w)", sentence)
    before = sentence[: use.start()].split() if use else []
    for k in range(1, min(MAX_WORDS_BEFORE, len(before)) + 1):
        if not _WORD_BEFORE.fullmatch(before[-k]):
            return None
        completed = " ".join([*before[-k:], long])
        if _content_initials(completed) == letters:
            return completed
    return None


def _content_initials(long: str) -> str:
    return fold("".join(word[0] for word in words(long) if word not in FUNCTION_WORDS))


def cut_at_front(short: str, long: str) -> bool:
    """Whether ``long`` lost the words before it and cannot name ``short``: it starts with a
    lower-case preposition or conjunction, or an article before a lower-case word, and its
    initials do not hold the short form's letters in order (*of the Currency* for OCC)."""
    first, *rest = long.split() or [""]
    cut = first in _CUTTING_WORDS or (first in _ARTICLES and not (rest and rest[0][:1].isupper()))
    return cut and not in_order(_letters(short), _initials(long))


def _spells(short: str, long: str) -> bool:
    """Whether the long form's initials hold the short form's letters in order, the first
    from its first word."""
    letters, initials = _letters(short), _initials(long)
    return bool(letters) and initials[:1] == letters[:1] and in_order(letters, initials)


def _name_words(words: list[str]) -> bool:
    """Whether every word is capitalised or a function word, as before a name's last words."""
    return all(w[:1].isupper() or w in FUNCTION_WORDS for w in words)


def _letters(short: str) -> str:
    return "".join(c for c in fold(short) if c.isalpha())


def _initials(long: str) -> str:
    return fold("".join(word[0] for word in words(long)))


_SEPARATORS = ",;:([{"  # never the last character of a name
_DASHES = "-–—"


def without_loose_edges(long: str) -> str:
    """The long form without the punctuation left at its edges (see the module's docstring); an
    empty string when nothing else is left."""
    previous = None
    while long != previous:
        previous, long = long, long.strip()
        last, before_last = long[-1:], long[-2:-1]
        if last and (last in _SEPARATORS or (last in _DASHES and before_last.isspace())):
            long = long[:-1]
        elif long[:1] and long[0] in _DASHES + "'" and not long[1:2].isdigit():
            long = long[1:]
        else:
            long = unpaired_edges_off(long)
    return long


# code pages whose letters stand, in a Latin word, for the Windows-1252 letter of the same byte
_MISREAD = (("cp1251", re.compile(r"[\u0400-\u04ff]")), ("cp1256", re.compile(r"[\u0600-\u06ff]")))
_LATIN_WORD = re.compile(r"\S*[A-Za-z]\S*")


def misdecoded_labels(forms: Iterable[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """(short form, long form) → the long form with its Latin words' Cyrillic or Arabic
    characters read back as Windows-1252 letters, where that makes each such word a whole
    word."""
    repaired = {}
    for short, long in forms:
        fixed = _LATIN_WORD.sub(lambda word: _read_back(word.group()), long)
        if fixed != long:
            repaired[short, long] = fixed
    return repaired


def _read_back(word: str) -> str:
    for code_page, letters in _MISREAD:
        if letters.search(word):
            read = [_as_latin(c, code_page) if letters.match(c) else c for c in word]
            latin = "".join(c for c in read if c is not None)
            whole = None not in read and all(map(is_word, WORD.findall(latin)))
            return latin if whole else word
    return word


def _as_latin(character: str, code_page: str) -> str | None:
    """The Windows-1252 letter of the character's byte in ``code_page`` (None when none)."""
    try:
        latin = character.encode(code_page).decode("cp1252")
    except UnicodeError:
        return None
    return latin if latin.isalpha() else None


Fit = Callable[[str], bool]


def _respelled(
    forms: Counter[tuple[str, str]], repair: Callable[[str], Fit | None]
) -> dict[tuple[str, str], str]:
    """(short form, long form) → the most frequent other spelling of the same short form that
    fits the long form; ``repair(long)`` says which spellings fit, or None when it needs none."""
    spellings: defaultdict[str, list[str]] = defaultdict(list)
    for short, long in forms:
        spellings[short].append(long)
    repaired = {}
    for short, long in forms:
        fit = repair(long)
        fits = [other for other in spellings[short] if fit(other)] if fit else []
        if fits:
            repaired[short, long] = max(fits, key=lambda other: (forms[short, other], other))
    return repaired


def _completes_last_word(long: str) -> Fit | None:
    """The spellings with the same words and the last one completed into a whole word of
    which it is a piece (:func:`~termlens.acronyms.wordlist.is_piece_of`: *Internaciona* of
    *Internacional*, not *mode* of *model*)."""
    *head, last = long.split() or [""]
    if not head or not last.isalpha():
        return None

    def fit(other: str) -> bool:
        *other_head, other_last = other.split() or [""]
        return (
            other_head == head
            and len(other_last) > len(last)
            and other_last.startswith(last)
            and is_word(other_last)
            and is_piece_of(last, other_last)
        )

    return fit


_LOST = re.compile(r"\?+")


def _fills_lost_letters(long: str) -> Fit | None:
    """The spellings without question marks that fill the long form's ones (one or two
    characters each), when it has some inside a word."""
    if not LOST_LETTERS.search(long):
        return None
    pieces = map(re.escape, _LOST.split(" ".join(long.split())))
    pattern = re.compile("[^\\s?]{1,2}".join(pieces), re.IGNORECASE)
    return lambda other: "?" not in other and bool(pattern.fullmatch(" ".join(other.split())))
