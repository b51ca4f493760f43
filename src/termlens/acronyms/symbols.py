"""Symbols that WordNet names, read by where they stand: a unit after a number ("8 GB of memory"
is *gigabyte*, whatever else *GB* may stand for), a place in an address ("Sigma, St. Louis,
MO, USA": *Missouri*, *United States of America*, not *medical oncologists* and *United States
Army*) and a country alone in brackets after a name ("Lonza (USA)", "University of Bath (UK)").

All come from WordNet 3.0. A **unit** is a one-word unit of measurement (or of frequency, which
WordNet files under *rate*) whose synset also holds a short symbol with a capital (*gigabyte*:
GB, *decibel*: dB, *milliampere*: mA). Units named by several words (*metric ton*: MT,
*astronomical unit*: AU) are left out: their symbols are acronyms of names, as likely to count
things ("3 MT systems"). A symbol that two units share (*Gb*: gigabit, gilbert) is left out too,
and so is one that is also a chemical element's (*Pb*, *Pa*): a number before an element is its
mass number (210Pb). A **place** is a location synset holding a symbol of two or three capitals,
dotted or not (*MD*: Maryland, *GB*: Great Britain); a **country** is a place under *country*
(*USA* and *U.S.A.*: United States of America, *UK*, *PRC*: China); a symbol of two places is
left out. Built from WordNet alone by ``scripts/build_symbols.py``, bundled as
``wordnet-symbols.tsv`` (kind, symbol, name).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Literal

from termlens.acronyms.disambiguate import initials_spell
from termlens.acronyms.rules import YEAR
from termlens.errors import InputError
from termlens.io import atomic_write, read_text
from termlens.resources import resource_path
from termlens.taxonomy.wordnet import Synset, WordNet, spaced
from termlens.text import Span

SYMBOLS_FILE = "wordnet-symbols.tsv"
Kind = Literal["unit", "place", "country"]
KINDS: tuple[Kind, ...] = ("unit", "place", "country")
UNIT_ROOTS = frozenset({"13583724-n", "15286249-n"})  # unit_of_measurement; rate (hertz)
COUNTRY = "08544813-n"  # country, state, land: the territory of a nation
_UNIT = re.compile(r"(?:[a-z][A-Z]|[A-Z][A-Za-z])[A-Za-z]{0,4}")  # GB, dB; not Deutschmark, V
_PLACE = re.compile(r"[A-Z]{2,3}|(?:[A-Z]\.){2,3}")  # MD, USA, U.S.A.
# a number right before: 8 GB, 2.4 GHz, 1,000 kW, 16GB; not a code's (C/1 TB, COVID-19 TB)
_NUMBER_BEFORE = re.compile(r"(?<![\w.,/])(?<!\w-)(\d+(?:[.,]\d+)*) ?$")
_YEAR = re.compile(YEAR)  # "in 2019 TB killed": a year before an acronym
_SPELLED_ON = re.compile(r"\.?\w")  # "42 Pa.C.S.A." goes on as an abbreviation
# an address: a name in capitals and small letters (St. Louis, Mountain View), a ZIP code or a
# place's symbol, then a comma ...
_ADDRESS_BEFORE = re.compile(
    r"(?:(?<!\w)[A-Z][a-z][\w'’.-]*(?: [A-Z][\w'’.-]*){0,3}"
    r"|(?<!\d)(?P<zip>\d{5})|(?<!\S)(?P<place>[A-Z][A-Z.]{1,5})) ?, ?$"
)
# ... and after the place a ZIP code, a country, or the address's end
_ADDRESS_AFTER = re.compile(
    r" ?(?:,? ?\d{5}(?!\d)|, ?(?:USA|U\.S\.A\.|U\.S\.|United States)\b|[);]|$)"
)
# a reference's address ends in a year or a date ("Boston, MA, 2016", "Glasgow, UK, May 2015",
# "NY, USA (2016)"); a country's also in a publisher or a full stop ("NY, USA: ACM", "Columbus,
# USA."), which after a state's symbol may be a label's gloss or a degree ("MA: Music Analysis",
# "Weiner, MD.")
_DATE_AFTER = re.compile(
    r" ?(?:, ?(?:\d|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b)"
    rf"|,? ?\( ?{YEAR}\b)"
)
_COUNTRY_END = re.compile(r" ?(?::|\.(?!\w))")
_ZIP_BEFORE = re.compile(r"(?<![\d.,])\d{5} $")  # "Charlotte, NC 28223 USA"
# a country alone in brackets after a name: "Lonza (USA)", "University of Bath ( UK )"
_NAME_BRACKET_BEFORE = re.compile(r"(?<!\w)[A-Z][\w.'’-]*,? ?\( ?$")
_BRACKET_AFTER = re.compile(r" ?\)")


def symbol_names(wordnet: WordNet) -> dict[Kind, dict[str, str]]:
    """Per kind, symbol → name, as this module reads them (see its docstring)."""
    units: defaultdict[str, set[str]] = defaultdict(set)
    places: defaultdict[str, set[str]] = defaultdict(set)
    countries: defaultdict[str, set[str]] = defaultdict(set)
    elements: set[str] = set()
    for synset in wordnet:
        if synset.pos != "n":
            continue
        if any(lemma.startswith("atomic_number_") for lemma in synset.lemmas):
            elements.update(synset.lemmas)
        if synset.lexname == "noun.location":
            _add(countries if COUNTRY in wordnet.ancestors(synset) else places, synset, _PLACE)
        elif synset.lemmas[0].isalpha() and UNIT_ROOTS & wordnet.ancestors(synset):
            _add(units, synset, _UNIT)
    in_both = set(places) & set(countries)  # a symbol of two places is left out
    return {
        "unit": _unambiguous(units, elements),
        "place": _unambiguous(places, in_both),
        "country": _unambiguous(countries, in_both),
    }


def _add(names: defaultdict[str, set[str]], synset: Synset, symbol: re.Pattern[str]) -> None:
    """Each symbol of the synset with its name: the first synonym, or a longer one that starts
    with it and whose initials spell the symbol (*USA*: United States of America; *US*: United
    States; *MD*: Maryland; *MS*: Mississippi, not its nickname *Magnolia State*)."""
    synonyms = [spaced(lemma) for lemma in synset.lemmas]
    for lemma in synset.lemmas[1:]:
        if not symbol.fullmatch(lemma) or lemma.lower() == synonyms[0].lower():
            continue
        spelled = (s for s in synonyms if s.startswith(synonyms[0]) and initials_spell(s, lemma))
        names[lemma].add(next(spelled, synonyms[0]))


def _unambiguous(names: Mapping[str, set[str]], left_out: set[str]) -> dict[str, str]:
    return {s: next(iter(n)) for s, n in sorted(names.items()) if len(n) == 1 and s not in left_out}


def save(symbols: Mapping[Kind, Mapping[str, str]], path: Path) -> None:
    """Write ``kind<TAB>symbol<TAB>name`` lines, sorted."""
    with atomic_write(path) as out:
        out.writelines(
            f"{kind}\t{symbol}\t{name}\n"
            for kind in KINDS
            for symbol, name in sorted(symbols.get(kind, {}).items())
        )


def load(path: Path) -> dict[Kind, dict[str, str]]:
    """Read what :func:`save` wrote."""
    symbols: dict[Kind, dict[str, str]] = {kind: {} for kind in KINDS}
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        fields = line.split("\t")
        table = next((symbols[k] for k in KINDS if k == fields[0]), None)
        if table is None or len(fields) != 3 or not all(fields):
            kinds = "|".join(KINDS)
            raise InputError(f"{path}: line {number}: expected {kinds}<TAB>symbol<TAB>name")
        table[fields[1]] = fields[2]
    return symbols


@cache
def bundled_symbols() -> dict[Kind, dict[str, str]]:
    """The bundled symbols (read once per process)."""
    return load(resource_path(SYMBOLS_FILE))


def unit_after_number(text: str, short: Span) -> str | None:
    """The unit that ``short`` names when a number stands right before it (at most one space
    between), else None. A symbol in capitals only after a year-like number is left alone: it
    is as likely an acronym (*TB*, tuberculosis)."""
    name = bundled_symbols()["unit"].get(short.text)
    if name is None or _SPELLED_ON.match(text, short.end):
        return None
    number = _NUMBER_BEFORE.search(text[max(0, short.start - 32) : short.start])
    if number is None or (short.text.isupper() and _YEAR.fullmatch(number.group(1))):
        return None
    return name


def place_in_address(text: str, short: Span) -> str | None:
    """The place that ``short`` names where it stands in an address, else None: after a name
    in capitals and small letters, a ZIP code or another place's symbol, and a comma; and before
    a ZIP code, a country or the address's end, unless a ZIP code came before ("Walkersville,
    MD, USA", "Baltimore, MD 21218", "MD 21218, USA", "(Sigma, USA)"). A reference's address
    may end in a year or a date after a name ("Boston, MA, 2016"); a country's may end so, or in
    a publisher or a full stop, after a name or a place's symbol too ("New York, NY, USA, 2015",
    "NY, USA: ACM", "Columbus, USA."; a state's symbol after another is as likely a list of
    labels: "PA, MD, 2015"); a country may follow a ZIP code without a comma ("Charlotte, NC
    28223 USA")."""
    name = _place_name(short.text)
    if name is None:
        return None
    country = short.text in bundled_symbols()["country"]
    ahead = text[max(0, short.start - 40) : short.start]
    if country and _ZIP_BEFORE.search(ahead):
        return name
    before = _ADDRESS_BEFORE.search(ahead)
    if before is None or (before["place"] is not None and _place_name(before["place"]) is None):
        return None
    after = text[short.end : short.end + 24]
    if before["zip"] or _ADDRESS_AFTER.match(after):
        return name
    if country:
        return name if _DATE_AFTER.match(after) or _COUNTRY_END.match(after) else None
    return name if before["place"] is None and _DATE_AFTER.match(after) else None


def country_in_brackets(text: str, short: Span) -> str | None:
    """The country that ``short`` names alone in brackets after a name ("Lonza (USA)",
    "University of Bath ( UK )"), else None."""
    name = bundled_symbols()["country"].get(short.text)
    if name is None or not _BRACKET_AFTER.match(text, short.end):
        return None
    if _NAME_BRACKET_BEFORE.search(text[max(0, short.start - 40) : short.start]) is None:
        return None
    return name


def _place_name(symbol: str) -> str | None:
    """The name of the place or country the table gives the symbol, else None."""
    symbols = bundled_symbols()
    return symbols["country"].get(symbol) or symbols["place"].get(symbol)
