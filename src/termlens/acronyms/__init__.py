"""Acronyms and abbreviations: find the ones a text defines, and their other uses.

The two finders are given here as thin checks around the compiled ones, so that what is not
text gets one message whether termlens runs compiled or not (mypyc's own check names no
function)."""

from termlens.acronyms import identify, rules
from termlens.acronyms.identify import Occurrence, find_abbreviations_in_many
from termlens.acronyms.rules import Definition
from termlens.errors import check_text
from termlens.text import Document

__all__ = [
    "Definition",
    "Occurrence",
    "find_abbreviations",
    "find_abbreviations_in_many",
    "find_definitions",
]


def find_abbreviations(doc: Document | str, *, lang: str = "auto") -> list[Occurrence]:
    if not isinstance(doc, Document):
        check_text(doc, "find_abbreviations")
    return identify.find_abbreviations(doc, lang=lang)


def find_definitions(doc: Document | str) -> list[Definition]:
    if not isinstance(doc, Document):
        check_text(doc, "find_definitions")
    return rules.find_definitions(doc)


find_abbreviations.__doc__ = identify.find_abbreviations.__doc__
find_definitions.__doc__ = rules.find_definitions.__doc__
