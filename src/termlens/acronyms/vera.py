"""V.E.R.A., the Virtual Entity of Relevant Acronyms: some 12,000 computing acronyms, read as
dictionary entries from the Info file Debian's ``vera`` package installs
(``/usr/share/info/vera.info.gz``; GNU FDL 1.1 or later).

Under the letter nodes (``0``, ``A`` … ``Z``) each acronym stands on a line of its own, its
expansion indented below it, written as the list's "Format" node says:

- ``Abstract Syntax Notation One (OSI), "ASN.1"``: the tags in parentheses name topics, and the
  quoted text is how the acronym is commonly written (the line above writes it in letters and
  digits only, ``ASN1``): the entry's short form;
- ``Run Length Limited [encoding]``: square brackets hold an explanation, not part of the
  expansion when it ends it (``Annotated [c++] Reference Manual`` keeps the word, ``Add In
  (graphics) Board`` drops a tag);
- ``Application Entity / Environment / Engineering``: alternatives after a slash stand for the
  words at the start or the end of the expansion that they replace, whichever the acronym's
  letters fit (``Advanced / Accelerated Graphics Port``), and a slash between two whole
  expansions joins them (``Advanced Communication Function / Network Control Program``, ACFNCP);
- ``???`` marks an expansion as missing or uncertain: such entries are left out;
- capitals mark the acronym's letters inside words (``eXtended``, ``NETwork``, ``ReQuest``): a
  word written so that is a common word otherwise is written as one (``Extended``, ``Network``,
  ``Request``); names that the word list does not know stay as written (``DECnet``, ``IPsec``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from termlens.acronyms.align import align
from termlens.acronyms.dictionary import Entry
from termlens.acronyms.wordlist import seen
from termlens.errors import InputError

VERA_HEAD: Final = "This is vera.info"
VERA_LICENCE: Final = "GFDL 1.1 or later (V.E.R.A., Oliver Heidelbach)"
UNEVEN_SLASH: Final = 0.25  # what it costs that an alternative replaces more or fewer words
COMMON_WORD: Final = 10  # how often the word list must have seen a word to re-case it
_LETTER_NODE = re.compile(r"File: vera\.info,\s+Node: [0-9A-Z],")
_ACRONYM = re.compile(r"[0-9A-Za-z]+")
_UNCERTAIN = "???"
_STYLES = re.compile(r'(?:,\s*"[^"]+(?:"[a-z]?)?\s*)+$')  # a closing quote missing, a letter after
_QUOTED = re.compile(r'"([^"]+)')
_UNQUOTED_STYLE = re.compile(r"(?<=\))\s*,\s*([^,()\"]+)$")  # (TeX, IP), IPv6
_INNER_TAG = re.compile(r"\s*\([^()]*\)")
_BRACKET = re.compile(r"[][()]")
_SLASH = re.compile(r"\s+/\s+")
_MIXED_CASE_WORD = re.compile(r"\b[A-Za-z]*(?:[a-z][A-Z]|[A-Z]{2}[a-z])[A-Za-z]*\b")
_CLOSING = {")": "(", "]": "["}


def is_vera(text: str) -> bool:
    """Whether a text is V.E.R.A.'s Info file."""
    return text.startswith(VERA_HEAD)


def vera_entries(path: Path, text: str, language: str, domain: str) -> Iterator[Entry]:
    """The acronyms of V.E.R.A.'s Info file and their expansions, each counted once, in English
    unless ``language`` says otherwise."""
    nodes = [node for node in text.split("\x1f\n") if _LETTER_NODE.match(node)]
    if not nodes:
        raise InputError(
            f"{path}: no letter node (File: vera.info,  Node: A) of V.E.R.A.; give the Info file "
            "Debian's vera package installs, /usr/share/info/vera.info.gz"
        )
    for node in nodes:
        for acronym, expansion in _records(node.splitlines()):
            short, longs = expansions(acronym, expansion)
            for long in longs:
                yield Entry(short, long, 1, language or "en", domain)


def _records(lines: list[str]) -> Iterator[tuple[str, str]]:
    """Each acronym of a node with its expansion, the expansion's indented lines joined; an
    indented line with no acronym above it holds both (``C&C Command & Control``: three entries
    are written so)."""
    acronym = ""
    expansion: list[str] = []
    for line in [*lines, ""]:
        if line.startswith(" ") and line.strip():
            expansion.append(line.strip())
            continue
        if expansion:
            if acronym:
                yield acronym, " ".join(expansion)
            elif len(words := expansion[0].split(maxsplit=1)) == 2:
                yield words[0], " ".join([words[1], *expansion[1:]])
        acronym = line if _ACRONYM.fullmatch(line) else ""
        expansion = []


def expansions(acronym: str, expansion: str) -> tuple[str, list[str]]:
    """The short form an entry gives (its common spelling where it has one) and its long forms,
    none where the expansion is uncertain."""
    text = " ".join(expansion.split())
    short = acronym
    if styles := _STYLES.search(text):
        short, text = _QUOTED.findall(styles.group())[0], text[: styles.start()]
    elif unquoted := _UNQUOTED_STYLE.search(text):  # a spelling, or a stray word: not kept
        if _letters(unquoted.group(1)) == _letters(acronym):
            short = unquoted.group(1).strip()
        text = text[: unquoted.start()]
    text = _without_closing_groups(text)
    if _UNCERTAIN in text or not text:
        return short, []
    text = _BRACKET.sub("", _INNER_TAG.sub("", text))  # "Add In (graphics) Board", "[c++]"
    return short, [_recased(long) for long in _alternatives(acronym, text)]


def _letters(text: str) -> str:
    """The letters and digits of a spelling, in capitals (``PvE`` and ``PVE`` are one)."""
    return "".join(char for char in text.upper() if char.isalnum())


def _without_closing_groups(text: str) -> str:
    """``text`` without the tags in parentheses and the explanations in brackets that end it."""
    text = text.rstrip()
    while text and text[-1] in _CLOSING:
        depth, at = 0, len(text) - 1
        for at in range(len(text) - 1, -1, -1):
            if text[at] in _CLOSING:
                depth += 1
            elif text[at] in _CLOSING.values():
                depth -= 1
                if depth == 0:
                    break
        if depth != 0:
            break
        text = text[:at].rstrip()
    return text


def _alternatives(acronym: str, text: str) -> list[str]:
    """The long forms that an expansion with alternatives after slashes stands for. The first
    part's last words and the last part's first words are what the alternatives replace, as many
    as the acronym's letters fit best (``Redundant Array of Independent / Inexpensive Disks``:
    one each); where the whole fits better, the slash joins two expansions (``Input / Output
    Controller``), as it does before a number (``Operating System / 360``)."""
    parts = _SLASH.split(text)
    whole = "/".join(parts)
    if len(parts) == 1 or any(not part[:1].isalpha() for part in parts[1:]):
        return [whole]
    first, *middle, last = [part.split() for part in parts]
    best: tuple[float, list[str]] = (_fit(acronym, " ".join(parts)), [whole])
    for a in range(1, len(first) + 1):
        for b in range(1, len(last) + 1):
            longs = [
                " ".join(first[: len(first) - a] + words + last[b:])
                for words in (first[len(first) - a :], *middle, last[:b])
            ]
            fits = [_fit(acronym, long) for long in longs]
            score = (fits[0] + fits[-1]) / 2 - UNEVEN_SLASH * abs(a - b)
            if fits[0] > 0 and fits[-1] > 0 and score > best[0]:
                best = (score, [long for long, fit in zip(longs, fits, strict=True) if fit > 0])
    return list(dict.fromkeys(best[1]))


def _fit(acronym: str, long: str) -> float:
    """How well the acronym's letters explain the whole of a long form (0 when they do not)."""
    alignment = align(acronym, long, [0])
    if alignment is None or alignment.unmatched or alignment.start != 0:
        return 0.0
    return max(alignment.quality, 1e-6)


def _recased(long: str) -> str:
    """A long form with the words whose capitals mark the acronym's letters (``eXtended``,
    ``NETwork``) written as the common words they are."""

    def word(match: re.Match[str]) -> str:
        written = match.group()
        return written.capitalize() if seen(written) >= COMMON_WORD else written

    return _MIXED_CASE_WORD.sub(word, long)
