"""termlens: find, expand and place the terms of technical text.

>>> from termlens import find_abbreviations
>>> found = find_abbreviations("We used a support vector machine (SVM).")
>>> [(o.short.text, o.long.text if o.long else None) for o in found]
[('SVM', 'support vector machine')]

The other entry points load their models on first use (importing termlens does not):
:func:`expand` (what every acronym of a text means), :func:`place` (where a new word sense
belongs in WordNet 3.0) and :func:`cluster_texts` (concepts across documents, in clusters under
their parents; :func:`outline` writes them to read).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from termlens.acronyms import Definition, Occurrence, find_abbreviations, find_definitions
from termlens.errors import InputError, OptionError, TermlensError
from termlens.text import Document, Span, Token

__version__ = "0.1.0"

_LAZY = {  # name → the module that defines it, imported on first use
    "Expansion": "termlens.acronyms.expand",
    "expand": "termlens.acronyms.expand",
    "Placement": "termlens.taxonomy.enrich",
    "place": "termlens.taxonomy.enrich",
    "Topic": "termlens.concepts.scico",
    "cluster_texts": "termlens.concepts.cluster",
    "outline": "termlens.concepts.outline",
}

__all__ = [
    "Definition",
    "Document",
    "Expansion",
    "InputError",
    "Occurrence",
    "OptionError",
    "Placement",
    "Span",
    "TermlensError",
    "Token",
    "Topic",
    "__version__",
    "cluster_texts",
    "expand",
    "find_abbreviations",
    "find_definitions",
    "outline",
    "place",
]


def __getattr__(name: str) -> Any:
    """The entry points whose modules load models, imported when first asked for. Typed here
    as Any: mypyc's build reads this module without numpy, so it may not import them even for
    the type checker; import them from their modules for their types."""
    if name not in _LAZY:
        raise AttributeError(f"module 'termlens' has no attribute {name!r}")
    value = getattr(import_module(_LAZY[name]), name)
    globals()[name] = value
    return value
