"""Names of bodies, programmes and treaties in Spanish and French text, right before the bracket
of the short form that abbreviates them.

French capitalises only a name's first word ("le Fonds des Nations Unies pour l'enfance
(UNICEF)", "le Centre du commerce international (CCI)"), and a short form may abbreviate the
name in another language ("el Fondo de Población de las Naciones Unidas (FNUAP)"), so the letter
alignment of :mod:`termlens.acronyms.rules` alone finds a piece of such a name or nothing. A
name here is a run of capitalised words and the function words between them, or the words from
its head noun (*Fonds*, *Organización*, *Comité*…) to the bracket.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Final

from termlens.acronyms.align import fold
from termlens.text import ARTICLE, CONJUNCTIONS, Document, Span

NAME_WINDOW_CHARS: Final = 300  # how far before a bracket to look for a name
_NAME_WORD: Final = re.compile(r"[^\W\d_][\w\-‐'’]*")
_ELIDED: Final = re.compile(r"^[dl]['’]", re.IGNORECASE)  # d'Information, l'Afrique
# What may join the capitalised words of a name (Spanish, French, English)
_NAME_FUNCTION_WORDS: Final = frozenset(
    "de del la las los el y e para sobre en a al por con contra entre des du et pour le les "
    "of the for and on in to".split()
)
# Nouns that open the name of a body, a programme or a treaty in Spanish and French; French
# writes the name's other words in lower case ("Centre du commerce international (CCI)")
_NAME_HEADS: Final = frozenset(
    "organisation organización fonds fondo programme programa institut instituto bureau oficina "
    "mission misión conférence conferencia commission comisión groupe grupo office comité "
    "agence agencia union unión association asociación fédération federación centre centro "
    "chambre cámara conseil consejo force fuerza opération operación traité tratado convention "
    "convención convenio système sistema marché mercado partenariat alliance alianza communauté "
    "comunidad banque banco cour corte tribunal forum foro fondation fundación réseau red "
    "service servicio département departamento division división secrétariat secretaría "
    "assemblée asamblea parti partido front frente mouvement movimiento coalition coalición armée "
    "ejército ministère ministerio autorité autoridad observatoire observatorio protocole "
    "protocolo initiative iniciativa université universidad académie academia société sociedad "
    "commissariat comisionado organisme organismo".split()
)
# Words that open such a name before its noun: "Haut Commissariat", "Alto Comisionado"
_NAME_HEAD_ADJECTIVES: Final = frozenset(
    "haut haute alto alta nouveau nouvelle nuevo nueva".split()
)
MAX_NAME_WORDS: Final = 16
MAX_OUTER_WORDS: Final = 4  # words between a long form and the head before it, with the head


def without_elided_article(doc: Document, long: Span) -> Span:
    """A Spanish or French long form does not start with an elided article or preposition:
    "organisée par l'Organisation internationale du Travail (OIT)"."""
    elided = _ELIDED.match(long.text) if doc.lang == "es" else None
    if elided is None or elided.end() == len(long.text):
        return long
    return doc.span(long.start + elided.end(), long.end)


def words_before_name(doc: Document, end: int, short: Span, long: Span) -> Span | None:
    """In Spanish, the name a long form ends with (:func:`name_before`), when the long form's
    letters, read in any order, reach words before it: "como el Fondo de las Naciones Unidas
    para la Infancia (UNICEF)" is named from *Fondo*."""
    if doc.lang != "es" or fold(long.text[:1]) == fold(short.text[:1]):
        return None
    name = name_before(doc, end, short, initials=True)
    return None if name is None or name.start <= long.start else name


def _opens_sentence(text: str, at: int) -> bool:
    """Whether the word at ``at`` is the first of its sentence or line."""
    before = text[:at].rstrip(" \t")
    return not before or before[-1] in ".!?:\n"


def names_another_language(doc: Document, short: Span) -> bool:
    """Whether a short form the words before it do not spell may abbreviate their name in
    another language: in Spanish text, three or more capitals ("el Fondo de Población de las
    Naciones Unidas (FNUAP)"), not a document's symbol (A/67/777) or a group's (G-8)."""
    letters = short.text
    return doc.lang == "es" and len(letters) >= 3 and letters.isalpha() and letters.isupper()


def name_opened_by(doc: Document, end: int, short: Span) -> Span | None:
    """In Spanish or French, the name right before a short form's bracket (from its head noun,
    :func:`headed_name_before`) whose first words' initials are the short form's letters, in
    order: "el Sistema Armonizado de Designación y Codificación de Mercancías (SA)", "le
    Système harmonisé de désignation et de codification des marchandises (SH)"."""
    letters = short.text
    if doc.lang != "es" or len(letters) < 2 or not (letters.isalpha() and letters.isupper()):
        return None
    name = headed_name_before(doc, end, short, initials=False)
    if name is None:
        return None
    return name if "".join(_initials(name.text)[: len(letters)]) == fold(letters) else None


def _words_right_before(text: str, end: int) -> list[re.Match[str]]:
    """The words of the window before ``end``, none if a mark stands between the last and it."""
    words = list(_NAME_WORD.finditer(text, max(0, end - NAME_WINDOW_CHARS), end))
    return [] if not words or text[words[-1].end() : end].strip() else words


def name_before(doc: Document, end: int, short: Span, initials: bool) -> Span | None:
    """The name a short form of another language abbreviates, right before its bracket: a run of
    capitalised words and the function words between them, "la Agencia de Cooperación
    Internacional de Corea (KOICA, por sus siglas en inglés)". A lowercase word, a mark or
    another short form ends the run, and so does a conjunction before an article ("el
    Ministerio y la Agencia …"). With ``initials``, two of its capitalised words' initials are
    letters of the short form, and a sentence's first word whose initial is none is left out
    ("Trabaja con el Fondo de Población de las Naciones Unidas (FNUAP)")."""
    text = doc.text
    words = _words_right_before(text, end)
    if not words:
        return None
    capitals: list[re.Match[str]] = []  # from the last
    initial: list[str] = []  # their initials, past an elided article
    for i in range(len(words) - 1, -1, -1):
        word = _ELIDED.sub("", words[i].group())  # d'Information, l'Afrique
        if i < len(words) - 1 and text[words[i].end() : words[i + 1].start()].strip():
            break
        lower = word.lower()
        if _capitalised_name_word(word):
            capitals.append(words[i])
            initial.append(fold(word[:1]))
        elif lower not in _NAME_FUNCTION_WORDS or (
            lower in CONJUNCTIONS
            and (i == len(words) - 1 or ARTICLE.match(text, words[i + 1].start()))
        ):
            break
    letters = set(fold(short.text))
    if initials:
        if initial and initial[-1] not in letters and _opens_sentence(text, capitals[-1].start()):
            capitals.pop()
            initial.pop()
        if len(set(initial) & letters) < 2:
            return None  # a place before an agency: "Federación de Rusia (UNEP)"
    if len(capitals) < 2:
        return None
    return doc.span(capitals[-1].start(), words[-1].end())


def headed_name_before(doc: Document, end: int, short: Span, initials: bool) -> Span | None:
    """The name right before a short form's bracket that opens with the nearest noun of
    :data:`_NAME_HEADS`, and an adjective of :data:`_NAME_HEAD_ADJECTIVES` just before it ("Haut
    Commissariat des Nations Unies pour les réfugiés (HCR)"). Of marks, only a slash or hyphen
    glued to its words ("VIH/sida") or a comma before a function word ("pour l'éducation, la
    science") may stand in it. With ``initials``, two initials of its words are letters of the
    short form."""
    text = doc.text
    words = _words_right_before(text, end)
    if not words:
        return None
    for i in range(len(words) - 1, max(-1, len(words) - 1 - MAX_NAME_WORDS), -1):
        if i < len(words) - 1 and not _joins_name(text, words[i].end(), words[i + 1]):
            return None
        word = _ELIDED.sub("", words[i].group())
        if _is_head(word):
            first = i
            if i > 0 and fold(words[i - 1].group()) in _NAME_HEAD_ADJECTIVES:
                first = i - 1
            start = words[first].end() - len(_ELIDED.sub("", words[first].group()))
            if initials and not _spelled_by_initials(text[start:end], short.text):
                return None
            return doc.span(start, words[-1].end())
    return None


def _is_head(word: str) -> bool:
    """Whether a word (its elided article left out) is a capitalised head noun: *Fonds*,
    *Haut-Commissariat*."""
    return word[:1].isupper() and word.rsplit("-", 1)[-1].lower() in _NAME_HEADS


def _joins_name(text: str, end: int, following: re.Match[str]) -> bool:
    """Whether what stands between two words may stand inside a name."""
    gap = text[end : following.start()]
    if not gap.strip() or gap in ("/", "-"):
        return True
    return gap.strip() == "," and following.group().lower() in _NAME_FUNCTION_WORDS


def _capitalised_name_word(word: str) -> bool:
    """A capitalised word that is no function word and no short form ("Nations", not "ONU")."""
    return word[:1].isupper() and word.lower() not in _NAME_FUNCTION_WORDS and not word.isupper()


def _spelled_by_initials(name: str, short: str) -> bool:
    """Whether two of the initials of a name's words, function words aside, are letters of a
    short form."""
    return len(set(_initials(name)) & set(fold(short))) >= 2


def _initials(name: str) -> list[str]:
    """The initials of a name's words, function words aside, past an elided article."""
    return [
        fold(word[:1])
        for match in _NAME_WORD.finditer(name)
        if (word := _ELIDED.sub("", match.group())).lower() not in _NAME_FUNCTION_WORDS
    ]


def from_name_head(doc: Document, end: int, short: Span, long: Span) -> Span:
    """In Spanish or French, a long form that starts inside a name, on a lower-case word
    ("Centre du commerce international (CCI)") or right after a capitalised one ("Fonds des
    Nations Unies pour l'enfance (UNICEF)"), runs from the name's head instead, when only
    function words and capitalised words stand between them, and so does one whose words'
    initials hold fewer of the short form's letters than the name's ("Asociación de Naciones
    del Asia Sudoriental (ASEAN)"); one that does not open with the short form's first letter
    runs from the head just before it that brings that letter (:func:`_from_outer_head`)."""
    if doc.lang != "es":
        return long
    inside = _starts_inside_name(doc.text, long)
    if not inside and (outer := _from_outer_head(doc, end, short, long)) != long:
        return outer
    name = _name_around(doc, end, short, long)
    if name is None:
        return long
    if inside:
        return name
    letters = set(fold(short.text))
    covered = len(set(_initials(name.text)) & letters)
    return name if covered > len(set(_initials(long.text)) & letters) else long


def _name_around(doc: Document, end: int, short: Span, long: Span) -> Span | None:
    """The name from the nearest head noun before the bracket, when it starts before the long
    form and only function words and capitalised words stand between them, with no list."""
    text, start = doc.text, long.start
    name = headed_name_before(doc, end, short, initials=False)
    if name is None or name.start >= start or name.end != long.end:
        return None
    if "," in text[name.start : start]:
        return None  # a list: "el Foro Mundial de las Comunidades Pesqueras, el Colectivo …"
    between = list(_NAME_WORD.finditer(text, name.start, start))
    if not all(
        (word := _ELIDED.sub("", m.group())).lower() in _NAME_FUNCTION_WORDS or word[:1].isupper()
        for m in between
    ) or any(
        m.group().lower() in CONJUNCTIONS and ARTICLE.match(text, n.start())
        for m, n in pairwise(between)
    ):
        return None  # not across a list: "la OSCE y las organizaciones no … (ONG)"
    return name


def _from_outer_head(doc: Document, end: int, short: Span, long: Span) -> Span:
    """A long form whose first word does not bring the short form's first letter runs from the
    head noun just before it (:func:`headed_name_before`) when that head, or the one word
    between them, does: "Mission de l'Organisation des Nations Unies en République démocratique
    du Congo (MONUC)", "Mission d'observation des Nations Unies en El Salvador (ONUSAL)"."""
    first = fold(short.text[:1])
    if fold(_ELIDED.sub("", long.text)[:1]) == first:
        return long
    name = headed_name_before(doc, long.start, short, initials=False)
    if name is None:
        return long
    between = name.text
    words = [w for m in _NAME_WORD.finditer(between) if (w := _ELIDED.sub("", m.group()))]
    content = [w for w in words if w.lower() not in _NAME_FUNCTION_WORDS]
    if len(words) > MAX_OUTER_WORDS or len(content) > 2 or "," in between:
        return long
    return doc.span(name.start, long.end) if first in _initials(between) else long


def _starts_inside_name(text: str, long: Span) -> bool:
    """Whether a long form starts on a lower-case word or right after a capitalised one."""
    if _ELIDED.sub("", long.text)[:1].islower():
        return True
    before = text[max(0, long.start - 64) : long.start]  # room for the longest word
    words = before.split()
    return (
        before[-1:].isspace()
        and bool(words)
        and _NAME_WORD.fullmatch(words[-1]) is not None
        and _capitalised_name_word(words[-1])
    )
