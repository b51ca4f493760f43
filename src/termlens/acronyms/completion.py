"""Long forms that the words around a short form complete into a longer spelling of it.

A writer may put a short form in place of part of a name and leave the rest around it: "the
UNFPA Fund" (*United Nations Population* + Fund), "the OSCE in Europe", "el Consejo ECOSOC"
(Consejo + *Económico y Social*). The SDU@AAAI-22 sentences were made this way, by putting the
acronym in place of a substring of the source text. Where the words before and after an
occurrence, with a long form between them, spell another long form of the same short form,
that long form is the part the short form stands for.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from termlens.acronyms.lexical import words

Words = tuple[str, ...]
# per long form (its words): the (words before, words after, spelling) that complete it
Extensions = Mapping[Words, Sequence[tuple[Words, Words, str]]]
Around = list[tuple[Words, Words]]  # per occurrence: the words before it and after it
MAX_WORDS = 12  # the words of a spelling searched for the parts it contains (the first ones)


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
