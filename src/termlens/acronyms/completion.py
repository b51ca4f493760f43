"""Long forms that the words around a short form complete into a longer spelling of it.

A writer may put a short form in place of part of a name and leave the rest around it: "the
UNFPA Fund" (*United Nations Population* + Fund), "the OSCE in Europe", "el Consejo ECOSOC"
(Consejo + *Económico y Social*). The SDU@AAAI-22 sentences were made this way, by putting the
acronym in place of a substring of the source text. Where the words before and after an
occurrence, with a long form between them, spell another long form of the same short form,
that long form is the part the short form stands for.

The words after a short form may also lengthen it into another short form: "ACE inhibitors"
(ACE + I: *ACEI*, "angiotensin-converting enzyme inhibitor"), "HR variability" (*HRV*). A long
form of the short form that those words complete into a spelling of the longer one is the part
the short form stands for there (:func:`lengthened`, :func:`completed_heads`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from termlens.acronyms.lexical import STOPWORDS, words
from termlens.text import singular

Words = tuple[str, ...]
# per long form (its words): the (words before, words after, spelling) that complete it
Extensions = Mapping[Words, Sequence[tuple[Words, Words, str]]]
Around = list[tuple[Words, Words]]  # per occurrence: the words before it and after it
MAX_WORDS = 12  # the words of a spelling searched for the parts it contains (the first ones)
LENGTHENING_WORDS = 2  # the most words after a short form read as letters of a longer one


def extensions(spellings: Iterable[str]) -> Extensions:
    """For each run of words inside a spelling (not the whole of it), the words the spelling has
    before and after that run, and the spelling."""
    found: defaultdict[Words, set[tuple[Words, Words, str]]] = defaultdict(set)
    for spelling in set(spellings):
        whole = tuple(words(spelling))[:MAX_WORDS]
        for start in range(len(whole)):
            for end in range(start + 1, len(whole) + 1):
                if end - start < len(whole):
                    found[whole[start:end]].add((whole[:start], whole[end:], spelling))
    return {part: sorted(ends) for part, ends in found.items()}


def around(context: str, short: str) -> Around:
    """The words before and after each occurrence of ``short`` in ``context`` that stands alone
    (no letter glued to it)."""
    out = []
    for match in re.finditer(re.escape(short), context) if short else ():
        start, end = match.start(), match.end()
        glued = (start and context[start - 1].isalpha()) or (
            end < len(context) and context[end].isalpha()
        )
        if not glued:
            out.append((tuple(words(context[:start])), tuple(words(context[end:]))))
    return out


def completions(long: str, known: Extensions, occurrences: Around) -> set[str]:
    """The spellings ``known`` was made from that the words around some occurrence complete
    ``long`` into."""
    return {
        spelling
        for pre, post, spelling in known.get(tuple(words(long)), ())
        if any(
            before[len(before) - len(pre) :] == pre and after[: len(post)] == post
            for before, after in occurrences
        )
    }


def completed(long: str, known: Extensions, occurrences: Around) -> bool:
    """Whether the words around some occurrence complete ``long`` into another spelling."""
    return bool(completions(long, known, occurrences))


def lengthened(short: str, occurrences: Around) -> set[tuple[str, Words]]:
    """The longer short forms the words after some occurrence would make of ``short`` with their
    initials (also as a plural), each with those words: "ACE inhibitors" gives (*ACEI*,
    (inhibitors,)) and (*ACEIs*, (inhibitors,)). A function word ends the words read (no long
    form ends in one: "ACE was", "ACE in")."""
    found = set()
    for _, after in occurrences:
        for k in range(1, min(LENGTHENING_WORDS, len(after)) + 1):
            following = after[:k]
            if following[-1] in STOPWORDS:
                break
            longer = short + "".join(word[0] for word in following).upper()
            found |= {(longer, following), (longer + "s", following)}
    return found


def completed_heads(spellings: Iterable[str], following: Words) -> set[Words]:
    """The words (of a long form) that ``following`` completes into one of ``spellings``: the
    spellings' words before their last ones, where those last ones are ``following`` (either in
    the singular)."""
    wanted = tuple(map(singular, following))
    heads = set()
    for spelling in spellings:
        whole = tuple(words(spelling))
        if len(whole) > len(following) and tuple(map(singular, whole[-len(following) :])) == wanted:
            heads.add(whole[: -len(following)])
    return heads
