"""Short forms a document uses without defining them, paired with a name it writes elsewhere.

A title says "Adequate Intake of Potassium" and the body "the AI for potassium"; an abstract says
"Neural Turing Machine" and the body "the NTM". Neither is a definition the rules read (no
bracket, no cue word) nor one the tagger pairs (too far apart), yet a reader knows what the short
form stands for, and so should ``find`` and ``expand``. A name counts as written out for a short
form when, strongest first:

- its words' initials spell the short form (:func:`spells`), and it is a long form the dictionary
  knows for it (``expand`` asks the dictionary; for short forms of three letters or more);
- its words' initials spell the short form and they are capitalised, as names are: words the
  word list knows (not a person's name), no piece of a longer capitalised name or compound.

A name in small letters that only spells the short form is not enough: running text holds many
("history in the state" for HITS). Where two different names are found at the strongest level,
the text is ambiguous and the short form stays undefined. A name inside a definition the text
gives (*principal component* in "principal component analysis (PCA)") is not read again for
another short form.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import NamedTuple

from termlens.acronyms.align import FUNCTION_WORDS, fold
from termlens.acronyms.identify import Occurrence, short_form_singular
from termlens.acronyms.rules import KNOWN_WORD, Definition
from termlens.acronyms.spans import RangeSet
from termlens.acronyms.wordlist import seen
from termlens.text import CONJUNCTIONS, Span, singular

MAX_LETTERS = 10
# a name in small letters the dictionary knows counts for a short form of this many letters: two
# letters have too many ("maximum likelihood" in a paper whose ML is machine learning)
MIN_KNOWN_LETTERS = 3
# words that open a sentence and belong to no name after them ("We" in "Image Cascade Network
# We propose", text that lost its line breaks)
SENTENCE_OPENERS = frozenset(
    "the a an this these those that it its we our they their there here in on at by for from "
    "with as however thus then each both all".split()
)
# words that open a clause, never a name ("If the Document …" is no ID, "When Done" no WD)
CLAUSE_OPENERS = frozenset(
    "if when whenever while although though because since unless until whether where".split()
)
EXTRA_WORDS = 2  # function words a name may hold beyond one word per letter
# capitalised words tried as a name's first, per short form, the first in the text: a SciREX
# paper has at most 67; text in Title Case throughout (a long bibliography) has thousands, and
# its opening pages name what it names
MAX_STARTS = 1000
_WORD = re.compile(r"[^\W\d_]+(?:['’]s\b)?")  # a possessive's *'s* kept, an elision's *l'* apart
# what ends a stretch of words a name may lie in: punctuation, brackets, digits, a line break
# unless a word in small letters goes on after it
_BREAK = re.compile(r"[^\w\s'’\-‐‑]|\d|_|\n(?![ \t]*[a-zà-ÿ])")
_BETWEEN_WORDS = r"(?:\s*[-‐‑]\s*|\s+)"
_HYPHENS = frozenset("-‐‑")
_TWO_WORDS = re.compile(rf"({_WORD.pattern})[ \t\-‐‑]*({_WORD.pattern})")  # a word and the next
_CAPITAL = re.compile(r"(?<![^\W\d_'’])[A-ZÀ-ÖØ-ÞĀ-ſ]")  # where a capitalised Latin word may start
_HEADING_MARKS = " \t#*>0123456789."  # what may stand before a heading on its line: "## 3.2"
# a LaTeX section's command before its title: \subsection*{, \section[Short]{
_LATEX_SECTION = re.compile(
    r"\\(?:part|chapter|(?:sub)*section|(?:sub)?paragraph)\*?(?:\[[^\]]*\])?\{$"
)
# a header field's name, capitalised words joined by hyphens ("Content-Type", "Requires-Python")
_FIELD = re.compile(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)+")
# an e-mail address in angle brackets right after a name, as a person's signature writes it
_ADDRESS_AFTER = re.compile(r"[ \t]*<[^<>\s@]+@[^<>\s]+>")
# a line of one mark that underlines a heading (Markdown's, reStructuredText's, an Info file's)
_UNDERLINE = re.compile(r"[ \t]*([=*~^#+.-])\1{2,}[ \t]*(?:\n|$)")
KNOWN, CAPITALISED = 2, 1  # how strongly a name is written out, strongest first
# Known senses of a short form: (sense, spelling) pairs
Senses = Callable[[str], Iterable[tuple[str, str]]]


class _Word(NamedTuple):
    """A word of a stretch of text (a named tuple: texts hold many)."""

    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class _Name:
    start: int
    end: int
    level: int
    key: str  # two names with one key are one name


def written_out(
    text: str,
    occurrences: list[Occurrence],
    known: Senses | None = None,
    code: RangeSet | None = None,
) -> list[Occurrence]:
    """The occurrences, each undefined short form defined by the name ``text`` writes out for
    it elsewhere, if any (see the module's docstring). ``known(short)`` gives the (sense,
    spelling) pairs a dictionary knows for a short form; no name lies in ``code`` even in part
    (inline code whose marks the normal form left out: "the JavaScript `Symbol()` constructor"
    names no JS). The definition's short form is the
    first use after the name, or the first use at all, its score 1 for a name the dictionary
    knows and 0.5 for a capitalised one; every use takes it, and none stands inside it
    (:attr:`Occurrence.defines`)."""
    undefined: dict[str, list[Occurrence]] = defaultdict(list)
    taken = RangeSet()
    for occurrence in occurrences:
        taken.add(occurrence.short.start, occurrence.short.end)
        if occurrence.definition is None:
            undefined[occurrence.short.text].append(occurrence)
        elif occurrence.long is not None:
            taken.add(occurrence.long.start, occurrence.long.end)
    if not undefined:
        return occurrences
    stems = {short: stem for short in undefined if (stem := _stem(short)) is not None}
    if not stems:
        return occurrences
    words = _Words(text)
    made: dict[str, Definition] = {}
    for short, stem in stems.items():
        uses = undefined[short]
        names = words.names(stem, known and known(short))
        name = _unambiguous(
            n
            for n in names
            if not taken.overlaps(n.start, n.end) and not (code and code.overlaps(n.start, n.end))
        )
        if name is not None:
            after = [u for u in uses if u.short.start >= name.end]
            long = Span(name.start, name.end, text[name.start : name.end])
            definition = Definition((after or uses)[0].short, long, "written out", name.level / 2)
            made[short] = definition
    if not made:
        return occurrences
    return [
        o
        if o.definition is not None or o.short.text not in made
        else Occurrence(o.short, made[o.short.text])
        for o in occurrences
    ]


def _stem(short: str) -> str | None:
    """The letters a name must spell for ``short`` (a plural's *s* left out), or None for a form
    no name is sought for (one letter, digits, mostly small letters: *mRNA*)."""
    stem = short_form_singular(short) or short
    if not stem.isalpha() or not 2 <= len(stem) <= MAX_LETTERS:
        return None
    return stem if 2 * sum(c.isupper() for c in stem) > len(stem) else None


class _Words:
    """A text's capitalised words by their folded initial, and the words of each stretch of text
    between breaks (hyphenated words as their parts), split where a name is sought."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.breaks = [m.start() for m in _BREAK.finditer(text)]
        self.capitals: dict[str, list[int]] = defaultdict(list)  # by their folded initial
        for match in _CAPITAL.finditer(text):
            if match.group().isupper():
                self.capitals[fold(match.group())].append(match.start())
        self._pairs: dict[str, dict[str | None, list[int]]] = {}
        self._stretches: dict[int, list[_Word]] = {}

    def starting(self, first: str, second: str) -> list[int]:
        """Where a capitalised word with the folded initial ``first`` starts and the next word's
        initial is ``second``, or the next word is a function word (which may give no letter)."""
        if first not in self._pairs:
            pairs: dict[str | None, list[int]] = defaultdict(list)
            for at in self.capitals.get(first, ()):
                pair = _TWO_WORDS.match(self.text, at)
                if pair is not None and _capitalised(pair.group(1)):
                    after = pair.group(2)
                    pairs[None if after in FUNCTION_WORDS else fold(after[0])].append(at)
            self._pairs[first] = pairs
        pairs = self._pairs[first]
        return sorted([*pairs.get(second, ()), *pairs.get(None, ())])

    @cached_property
    def folded(self) -> str:
        """The text in small letters without accents, one character for one."""
        return fold(self.text)

    @cached_property
    def vocabulary(self) -> frozenset[str]:
        """The text's folded words."""
        return frozenset(_WORD.findall(self.folded))

    def stretch(self, at: int) -> tuple[list[_Word], int]:
        """The words of the stretch that holds offset ``at``, and which of them starts there."""
        k = bisect_left(self.breaks, at)
        if k not in self._stretches:
            start = self.breaks[k - 1] + 1 if k else 0
            end = self.breaks[k] if k < len(self.breaks) else len(self.text)
            self._stretches[k] = [
                _Word(m.start(), m.end(), m.group()) for m in _WORD.finditer(self.text, start, end)
            ]
        words = self._stretches[k]
        return words, bisect_left(words, (at,))

    def names(self, stem: str, senses: Iterable[tuple[str, str]] | None) -> Iterator[_Name]:
        """Every name written out for the short form ``stem``, at the level it is found."""
        for sense, spelling in senses if senses and len(stem) >= MIN_KNOWN_LETTERS else ():
            written = [fold(w) for w in _WORD.findall(spelling)]
            if not self.vocabulary.issuperset(written[:-1]) or not spells(stem, written):
                continue
            pattern = _spelling_pattern(spelling)
            at = self.folded.find(written[0])
            while at != -1:
                if match := pattern.match(self.text, at):
                    yield _Name(at, match.end(), KNOWN, sense)
                at = self.folded.find(written[0], at + 1)
        for at in self.starting(fold(stem[0]), fold(stem[1]))[:MAX_STARTS]:
            words, i = self.stretch(at)
            if i == len(words) or words[i].start != at:
                continue
            for end in range(i + 2, min(i + len(stem) + EXTRA_WORDS, len(words)) + 1):
                phrase = words[i:end]
                if (
                    spells(stem, [w.text for w in phrase])
                    and self.capitalised_name(words, i, end)
                    and not self.heading(at, phrase[-1].end)
                ):
                    key = _key(w.text for w in phrase)
                    yield _Name(at, phrase[-1].end, CAPITALISED, key)

    def heading(self, start: int, end: int) -> bool:
        """Whether ``text[start:end]`` is a section heading, which names a section, not the CI or
        DA the text goes on to use: a line of its own but for a section's number or Markdown
        marks before it and a colon after it, not the text's first line (the title, which may
        name them): "Conflict of Interest", "## Data Availability"; or a LaTeX section's title at
        the start of its line, "\\section{Conflict of Interest}", "\\paragraph{Funding} None.";
        or any piece of an underlined heading, "3.8 Commands Requiring a newline⏎-----"; or a
        header's field that opens its line, "Requires-Python: >=3.9"."""
        line_start = self.text.rfind("\n", 0, start) + 1
        line_end = self.text.find("\n", end)
        if line_end != -1 and _UNDERLINE.match(self.text, line_end + 1):
            return bool(self.text[:line_start].strip())
        if (
            start == line_start
            and self.text.startswith(":", end)
            and _FIELD.fullmatch(self.text, start, end)
        ):
            return True  # a header's field: "Requires-Python: >=3.9", "License-File: LICENSE"
        before = self.text[line_start:start]
        after = self.text[end : len(self.text) if line_end == -1 else line_end]
        command = _LATEX_SECTION.search(before)
        if command is not None and after[:1] == "}":  # whatever follows the brace
            return not before[: command.start()].strip()
        if before.strip(_HEADING_MARKS) or after.strip(" \t\r:."):
            return False
        return bool(self.text[:line_start].strip())

    def capitalised_name(self, words: Sequence[_Word], i: int, end: int) -> bool:
        """Whether a stretch's words ``i`` to ``end`` are a capitalised name on their own: every
        content word capitalised, the first no word that opens a clause (*If*, *When*) nor inside
        a hyphenated compound, none in capitals (a heading, or short forms in a row), more than
        half of them words the word list knows and no e-mail address after them (not a person's
        name: the list knows first names), and no capitalised word right before or after (a
        piece of *American Heart Association*), but the stretch's first word such as *We* or
        *Our* before, or such a word after (text that lost its line breaks: "Image Cascade
        Network We propose")."""
        phrase = words[i:end]
        if phrase[0].text.lower() in CLAUSE_OPENERS:
            return False
        if self.text[max(0, phrase[0].start - 3) : phrase[0].start].rstrip()[-1:] in _HYPHENS:
            return False  # a piece of a compound: "Art Methods" of State-of-the-Art Methods
        if not all(_capitalised(w.text) or w.text in FUNCTION_WORDS for w in phrase):
            return False
        if any(w.text.isupper() and len(w.text) > 1 for w in phrase):
            return False
        content = [w.text for w in phrase if w.text not in FUNCTION_WORDS]
        if 2 * sum(seen(w) >= KNOWN_WORD for w in content) <= len(content):
            return False  # a person's name: "Ricky Loynd" for RL, "Peter Samuelson" for PS
        if _ADDRESS_AFTER.match(self.text, phrase[-1].end):
            return False  # a person's name before an e-mail address: "Adam Conrad <adconrad@…>"
        opener = i == 1 and words[0].text.lower() in SENTENCE_OPENERS
        if i > 0 and _capitalised(words[i - 1].text) and not opener:
            return False
        if end == len(words):
            return True
        after = words[end].text
        return not _capitalised(after) or after.lower() in SENTENCE_OPENERS


@lru_cache(maxsize=1 << 12)
def _spelling_pattern(spelling: str) -> re.Pattern[str]:
    """A long form's words as a whole in any case, spaced or hyphenated either way, its last
    word singular or plural."""
    parts = [re.escape(w) for w in _WORD.findall(spelling)]
    return re.compile(rf"(?<!\w)(?i:{_BETWEEN_WORDS.join(parts)})(?:s|es)?(?!\w)")


def _unambiguous(names: Iterable[_Name]) -> _Name | None:
    """The first in the text of the names at the strongest level, if they are all one name.
    ``names`` come strongest level first, so two names at a level end the search."""
    best: _Name | None = None
    keys: set[str] = set()
    for name in names:
        if best is None or name.level > best.level:
            best, keys = name, {name.key}
            continue
        if name.level < best.level:
            break
        keys.add(name.key)
        if len(keys) > 1:
            return None
        if name.start < best.start:
            best = name
    return best


def _key(words: Iterable[str]) -> str:
    """Folded words, the last one singular: how two writings of one name compare."""
    folded = [fold(w) for w in words]
    folded[-1] = singular(folded[-1])
    return " ".join(folded)


def spells(stem: str, words: Sequence[str]) -> bool:
    """Whether the words' initials spell the short form ``stem``: each content word's first
    letter in turn, and a function word's where the short form writes it small (*state Of
    health* for SoH); other function words give nothing, and may join two content words only
    (*and* and *or* three: *Kim and Kwon* is no name)."""
    letters = fold(stem)
    lowered = [fold(w) for w in words]
    content = [w not in FUNCTION_WORDS for w in lowered]
    if not content or not (content[0] and content[-1]):
        return False
    if any(c and len(w) < 2 for c, w in zip(content, lowered, strict=True)):
        return False
    if sum(content) < 3 and any(w in CONJUNCTIONS for w in lowered):
        return False
    at = 0
    for word, is_content in zip(lowered, content, strict=True):
        if at < len(letters) and word[0] == letters[at] and (is_content or stem[at].islower()):
            at += 1
        elif is_content:
            return False
    return at == len(letters)


def _capitalised(word: str) -> bool:
    """A capitalised content word (not one letter: the *L* of *L'Organisation*)."""
    return len(word) > 1 and word[0].isupper() and word.lower() not in FUNCTION_WORDS
