"""termlens: find, expand and place the terms of technical text.

>>> from termlens import find_abbreviations
>>> found = find_abbreviations("We used a support vector machine (SVM).")
>>> [(o.short.text, o.long.text if o.long else None) for o in found]
[('SVM', 'support vector machine')]
"""

from termlens.acronyms import Definition, Occurrence, find_abbreviations, find_definitions
from termlens.errors import InputError, OptionError, TermlensError
from termlens.text import Document, Span, Token

__version__ = "0.1.0"

__all__ = [
    "Definition",
    "Document",
    "InputError",
    "Occurrence",
    "OptionError",
    "Span",
    "TermlensError",
    "Token",
    "__version__",
    "find_abbreviations",
    "find_definitions",
]
