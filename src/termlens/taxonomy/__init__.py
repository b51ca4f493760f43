"""Placing new concepts into WordNet 3.0 and exporting the enriched taxonomy."""
