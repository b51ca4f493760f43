"""Bundle the symbols `expand` reads by their position as ``data/wordnet-symbols.tsv``.

Built from the bundled WordNet 3.0 alone (:func:`termlens.acronyms.symbols.symbol_names`): the
symbols of one-word units, read after a number (GB: gigabyte, dB: decibel), of places, read in
an address (MD: Maryland), and of countries, read in an address or alone in brackets after a name
(USA: United States of America).

Run: ``python scripts/build_symbols.py`` (about five seconds).
"""

from __future__ import annotations

import argparse

from termlens.acronyms.symbols import SYMBOLS_FILE, save, symbol_names
from termlens.resources import record, resource_dir
from termlens.taxonomy.wordnet import LICENCE, bundled


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    symbols = symbol_names(bundled())
    target = resource_dir() / SYMBOLS_FILE
    save(symbols, target)
    record(
        target,
        id="wordnet-symbols",
        version="2",
        source_data=["WordNet 3.0 units of measurement, places and countries, with their symbols"],
        licence=LICENCE,
        built_by="scripts/build_symbols.py",
    )
    counts = ", ".join(f"{len(names)} {kind}" for kind, names in symbols.items())
    print(f"wrote {target}: {counts}")


if __name__ == "__main__":
    main()
