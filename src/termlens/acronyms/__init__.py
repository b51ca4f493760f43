"""Acronyms and abbreviations: find the ones a text defines, and their other uses."""

from termlens.acronyms.identify import Occurrence, find_abbreviations, find_abbreviations_in_many
from termlens.acronyms.rules import Definition, find_definitions

__all__ = [
    "Definition",
    "Occurrence",
    "find_abbreviations",
    "find_abbreviations_in_many",
    "find_definitions",
]
