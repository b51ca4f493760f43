"""Chemical formulas that lost their subscripts.

Text mined without its markup writes CO₂ as "CO", so dictionaries mined from it file *carbon
dioxide* under CO (GLADIS's Wikipedia dictionary: 1,536 uses, against 705 for *carbon
monoxide*) and *nitrogen dioxide* under NO. When a short form without digits is the symbols of
a compound's element and anion (C + O) and the long form counts the anions (*di*, *tri* …
*hexa* + *oxide*, *chloride*, *fluoride* …), the pair is no meaning of that short form
(:func:`lost_subscript`).
"""

from __future__ import annotations

import re

# the elements and anions of simple binary compounds, by the words that name them
_ELEMENTS = {
    "aluminium": "Al", "aluminum": "Al", "arsenic": "As", "boron": "B", "calcium": "Ca",
    "carbon": "C", "chlorine": "Cl", "chromium": "Cr", "cobalt": "Co", "copper": "Cu",
    "hydrogen": "H", "iron": "Fe", "lead": "Pb", "magnesium": "Mg", "manganese": "Mn",
    "molybdenum": "Mo", "nickel": "Ni", "nitrogen": "N", "osmium": "Os", "phosphorus": "P",
    "potassium": "K", "selenium": "Se", "silicon": "Si", "sodium": "Na", "sulfur": "S",
    "sulphur": "S", "tin": "Sn", "titanium": "Ti", "tungsten": "W", "uranium": "U",
    "vanadium": "V", "xenon": "Xe", "zinc": "Zn",
}  # fmt: skip
_ANIONS = {
    "oxide": "O", "chloride": "Cl", "fluoride": "F", "bromide": "Br", "iodide": "I",
    "sulfide": "S", "sulphide": "S", "nitride": "N", "hydride": "H", "carbide": "C",
}  # fmt: skip
_COUNTED_COMPOUND = re.compile(
    rf"^({'|'.join(_ELEMENTS)}) (?:di|tri|tetra|penta|hexa)({'|'.join(_ANIONS)})s?$"
)


def lost_subscript(short: str, long: str) -> bool:
    """Whether ``long`` names a compound whose formula is ``short`` with its subscript lost:
    *carbon dioxide* for CO (CO₂), *sulfur hexafluoride* for SF (SF₆); not *carbon monoxide* for
    CO, nor *chromium trioxide* for CTO (an initialism)."""
    found = _COUNTED_COMPOUND.match(long.lower().strip())
    return found is not None and short == _ELEMENTS[found[1]] + _ANIONS[found[2]]
