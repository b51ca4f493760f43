"""Units of measurement written after a number: "8 GB of memory" means *gigabyte*, whatever else
*GB* may stand for.

The symbols come from WordNet 3.0: a one-word unit of measurement (or of frequency, which
WordNet files under *rate*) whose synset also holds a short symbol with a capital (*gigabyte*:
GB, *decibel*: dB, *milliampere*: mA). Units named by several words (*metric ton*: MT,
*astronomical unit*: AU) are left out: their symbols are acronyms of names, as likely to count
things ("3 MT systems"). A symbol that two units share (*Gb*: gigabit, gilbert) is left out too,
and so is one that is also a chemical element's (*Pb*, *Pa*): a number before an element is its
mass number (210Pb).
Built from WordNet alone by ``scripts/build_units.py``, bundled as ``wordnet-units.tsv``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from termlens.errors import InputError
from termlens.io import atomic_write, read_text
from termlens.resources import resource_path
from termlens.taxonomy.wordnet import WordNet
from termlens.text import Span

UNITS_FILE = "wordnet-units.tsv"
UNIT_ROOTS = frozenset({"13583724-n", "15286249-n"})  # unit_of_measurement; rate (hertz)
_SYMBOL = re.compile(r"(?:[a-z][A-Z]|[A-Z][A-Za-z])[A-Za-z]{0,4}")  # GB, dB; not Deutschmark, V
# a number right before: 8 GB, 2.4 GHz, 1,000 kW, 16GB; not a code's (C/1 TB, COVID-19 TB)
_NUMBER_BEFORE = re.compile(r"(?<![\w.,/])(?<!\w-)(\d+(?:[.,]\d+)*) ?$")
_YEAR = re.compile(r"(?:1[89]|20)\d\d")  # "in 2019 TB killed": a year before an acronym
_SPELLED_ON = re.compile(r"\.?\w")  # "42 Pa.C.S.A." goes on as an abbreviation


def unit_symbols(wordnet: WordNet) -> dict[str, str]:
    """Symbol → unit name, for the units this module reads (see its docstring)."""
    names: defaultdict[str, set[str]] = defaultdict(set)
    elements: set[str] = set()
    for synset in wordnet:
        name = synset.lemmas[0]
        if any(lemma.startswith("atomic_number_") for lemma in synset.lemmas):
            elements.update(synset.lemmas)
        if synset.pos != "n" or not name.isalpha() or not UNIT_ROOTS & wordnet.ancestors(synset):
            continue
        for symbol in synset.lemmas[1:]:
            if _SYMBOL.fullmatch(symbol) and symbol.lower() != name.lower():
                names[symbol].add(name)
    return {
        symbol: next(iter(n))
        for symbol, n in sorted(names.items())
        if len(n) == 1 and symbol not in elements
    }


def save(symbols: Mapping[str, str], path: Path) -> None:
    """Write ``symbol<TAB>unit`` lines, sorted."""
    with atomic_write(path) as out:
        out.writelines(f"{symbol}\t{name}\n" for symbol, name in sorted(symbols.items()))


def load(path: Path) -> dict[str, str]:
    """Read what :func:`save` wrote."""
    symbols: dict[str, str] = {}
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        symbol, tab, name = line.partition("\t")
        if not (tab and symbol and name):
            raise InputError(f"{path}: line {number}: expected symbol<TAB>unit")
        symbols[symbol] = name
    return symbols


@cache
def bundled_units() -> dict[str, str]:
    """The bundled symbols (read once per process)."""
    return load(resource_path(UNITS_FILE))


def unit_after_number(text: str, short: Span) -> str | None:
    """The unit that ``short`` names when a number stands right before it (at most one space
    between), else None. A symbol in capitals only after a year-like number is left alone: it
    is as likely an acronym (*TB*, tuberculosis)."""
    name = bundled_units().get(short.text)
    if name is None or _SPELLED_ON.match(text, short.end):
        return None
    number = _NUMBER_BEFORE.search(text[max(0, short.start - 32) : short.start])
    if number is None or (short.text.isupper() and _YEAR.fullmatch(number.group(1))):
        return None
    return name
