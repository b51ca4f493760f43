"""Bundle the units of measurement `expand` reads after a number as ``data/wordnet-units.tsv``.

Built from the bundled WordNet 3.0 alone (:func:`termlens.acronyms.units.unit_symbols`): each
symbol with a capital that a one-word unit's synset holds (GB: gigabyte, dB: decibel).

Run: ``python scripts/build_units.py`` (about five seconds).
"""

from __future__ import annotations

import argparse

from termlens.acronyms.units import UNITS_FILE, save, unit_symbols
from termlens.resources import record, resource_dir
from termlens.taxonomy.wordnet import LICENCE, bundled


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    symbols = unit_symbols(bundled())
    target = resource_dir() / UNITS_FILE
    save(symbols, target)
    record(
        target,
        id="wordnet-unit-symbols",
        version="1",
        source_data=["WordNet 3.0 units of measurement and their symbols (the bundled zip)"],
        licence=LICENCE,
        built_by="scripts/build_units.py",
    )
    print(f"wrote {target}: {len(symbols)} symbols")


if __name__ == "__main__":
    main()
