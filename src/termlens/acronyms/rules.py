"""Rules that find the abbreviations a text defines: ``long (SF)``, ``SF (long)`` (either may be
quoted, and the short form named with an article: ``long (the "SF")``) and cue words.

Every candidate pair is checked by :func:`termlens.acronyms.align.align`, which must explain the
short form's letters, digits and Greek letters from the long form's words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final, Literal

from termlens.acronyms.align import (
    FUNCTION_WORDS,
    GREEK_NAMES,
    MIN_UNITS_TO_SKIP,
    X_WORDS,
    Alignment,
    align,
    align_unordered,
    fold,
    units,
)
from termlens.acronyms.align import (
    START as PERFECT,
)
from termlens.acronyms.names import (
    from_name_head,
    headed_name_before,
    name_before,
    name_opened_by,
    names_another_language,
    without_elided_article,
    words_before_name,
)
from termlens.acronyms.wordlist import seen
from termlens.text import (
    ARTICLE,
    BLANK_LINE,
    CONJUNCTIONS,
    CONNECTORS,
    LETTER_RUN,
    SUPERSCRIPT_DIGITS,
    SUPERSCRIPT_RUN,
    WORD,
    Document,
    Language,
    Span,
    singular,
)

# markup: declared by HTML's <abbr title="long">SF</abbr> or LaTeX's \newacronym{sf}{SF}{long};
# list: "Abbreviations: SF, long; SF, long." or a glossary's lines, "- SF: long"
# written out: a name the document writes apart from its short form (acronyms/written_out.py)
Pattern = Literal["long (short)", "short (long)", "cue", "tagger", "markup", "list", "written out"]

MIN_QUALITY: Final = 0.5  # score per short-form unit an alignment needs
MIN_QUALITY_LOWERCASE: Final = 1.0  # stricter for all-lowercase short forms ("pit", "ml")
MIN_QUALITY_ACROSS_COMMAS: Final = 1.0  # for a long form that runs across commas,
MIN_UNITS_ACROSS_COMMAS: Final = 4  # which only long short forms have
MIN_QUALITY_CUE: Final = 1.5  # stricter for definitions introduced by a cue word
MIN_QUALITY_AFTER_ARTICLE: Final = 1.5  # and for a long form after an article: SF (the …)
MAX_SHORT_FORM_CHARS: Final = 12
COMMON_WORD: Final = 20  # times the word list's texts wrote a word for it to count as common
KNOWN_WORD: Final = 5  # times the word list's texts wrote a word for it to count as one
_JOINED: Final = re.compile(r"[-_]")  # what joins the words of a name ("kill-region", "if_index")
MAX_LOWERCASE_CHARS: Final = 5  # longer all-lowercase bracket words are words ("residues")
SCAN_CHARS: Final = 400  # how far to look for a closing bracket
WINDOW_CHARS: Final = 300  # how far before a short form to look for its long form

_OPEN_CLOSE: Final = {"(": ")", "[": "]"}
_BRACKET: Final = re.compile(r"[()\[\]]")
_SEPARATOR: Final = re.compile(r"[,;](?=\s|$)|[()\[\]]")
_CONNECTORS: Final = frozenset(CONNECTORS)
# What may end the words that may hold a long form (checked by _stops_window)
_STOP_CHARS: Final = ';()[]{}!?="“”.,:|\n\t'  # each may end the words before a short form
_STOP_CHAR: Final = re.compile(f"[{re.escape(_STOP_CHARS)}]")
_WORD_WITH_BRACKETS: Final = re.compile(r"[^\W_][^\s()\[\]]*[(\[][^\s()\[\]]+[)\]][^\s()\[\]]*")
# What says a bracket's short form abbreviates a name in another language than the text's:
# "(KOICA, por sus siglas en inglés)", "(SAICM por sus siglas en inglés)", "(FDA, en inglés)",
# "(JICA, sigle en anglais)"
_TRANSLATED_CUE: Final = re.compile(
    r"[,\s]+(?:(?:por|selon)\s+)?(?:(?:sus|son|le)\s+)?"
    r"(?:(?:siglas?|sigle|acr[óo]nimo|acronyme)\s+)?(?:en|del|de\s+l['’]|d['’])\s*"
    r"(?:ingl[ée]s|anglais|franc[ée]s|français|alem[áa]n|allemand|portugu[ée]s|portugais"
    r"|italiano|italien|espagnol)\s*$",
    re.IGNORECASE,
)
# A capitalised word that may qualify a name in a bracket ("U.S.", "Türkiye")
_QUALIFIER: Final = re.compile(r"(?:(?:[^\W\d_]\.){2,}|[^\W\d_a-z][^\W\d_]+)[^\S\n]+")
_NEXT_WORD: Final = re.compile(r"[-‐]?\s*(\w+)")
_INNER_BREAKS: Final = frozenset("-‐‑–/'’")
_WORD: Final = re.compile(WORD)
# Letters an encoding lost in a word, each written "?": "Na??ve", "Computaci?on"
_LOST_LETTERS: Final = re.compile(r"(?<=[^\W\d_])\?{1,2}(?=[a-z])")
_WORD_SPLIT: Final = re.compile(r"[\s/,“”«»\"]+")
_BRACKETS: Final = re.compile(r"[()\[\]]")
_PART_SPLIT: Final = re.compile(r"[\s/,\-()_|*“”«»\"]+")
# what a version adds to a name: "2", "v1.3", "0.9", "2-prior-knowledge" (not a year:
# "audiocaffe2015 (audioCaffe)", a citation's key, is left to the alignment as before)
_VERSIONED: Final = re.compile(r"v?\d{1,2}(?:\.\d{1,2})*(?:-[\w-]+)?")
# One token that is itself a symbol (Hsp82, H-Ras, L1CAM), so not a long form: it holds no
# run of three lowercase or five capital letters (unlike RalGDS-like, Interleukin-6, PIN-FORMED)
_NUMBERED: Final = re.compile(r"[-_ ]?\d+$")  # the number that ends a name: Set14, Layer-3
_SYMBOL: Final = re.compile(r"(?:(?![^\W\d_A-Z]{3}|[A-Z]{5})\S)+")
_LONG_FORM_END: Final = re.compile(r"[,;.:?!()—–]")
# a paragraph number a lost line break glued to a long form's end ("CI = Compression Ignition
# 5.4."), not a year ("Human Rights Act 1998.")
_PARAGRAPH_NUMBER: Final = re.compile(r"(?<=\s)\d{1,3}$")
# a formula's symbol: a Greek letter glued after a lower-case Latin one ("θM AP = argmaxθ p"),
# unlike a name's ("NEMO = NF-κB essential modulator", "TGFβ")
_FORMULA_SYMBOL: Final = re.compile(r"[a-z][\u0370-\u03ff]")
# keys pressed together as Emacs and readline write them: "C-f", "M-x", "C-x C-f", "C-]" (not a
# bond's "C-S" in "carbon-sulphur (C-S)")
_KEY_CHORD: Final = re.compile(r"[CMs]-[a-z\W](?: [CMs]-[a-z\W])*")
# what opens a Python class's or function's line before its name
_DEFINING_KEYWORD: Final = re.compile(r"(?:^|\n)[^\S\n]*(?:class|def)[^\S\n]+$")
# a long form that holds a variable, a method's call or a namespace's name is code
# ("$mm->init_INST", "$(DISTNAME)-$(VERSION)", "Unicode::UCD")
_VARIABLE: Final = re.compile(r"\$[\w({]|->|::")
# a name in code, which an index of functions lists beside another ("xsl  XSLT_TRACE",
# "xmlGetNsProp  xsltGetCNsProp"); not a name with one inner capital (iPhone, mRNA)
_CODE_NAME: Final = re.compile(r"\w*_\w*|[a-z]+(?:[A-Z]+[a-z\d]*){2,}")
# a glossary's long form ends before a dash set apart when the words before it explain every
# letter ("FFDC: First Failure Data Capture - Logs, traces"; not "LSTM: Long Short - Term Memory")
_SPACED_DASH: Final = re.compile(r"\s+-\s+")
# five digits in a row number an item (a bug report's "PR101962"), which no words spell
_ITEM_NUMBER: Final = re.compile(r"\d{5}")
# a long form that opens with an assignment to a name is code ("DEFAULTSECT = 'DEFAULT'")
_ASSIGNMENT: Final = re.compile(r"[\w.]+[^\S\n]*=[^\S\n]")
# a type in braces, as JSDoc and Node.js's documentation write a parameter's or a value's
# ("* `key`: {KeyObject}", "* Type: {Buffer|TypedArray|DataView}"): what follows is no long form
_TYPE_NOTE: Final = re.compile(r"\{[\w.$\[\]\\]+(?:[^\S\n]*\|[^\S\n]*[\w.$\[\]\\]+)*\}")
# a source or text file's name, which a change log writes before the function it changed
# ("* decrypt-data.c (decrypt_data): …", "options.h (opt)"), or a library's ("the Python static
# library (libpython.a)"): no long form
_FILE_NAME: Final = re.compile(
    r"[\w./*-]+\.(?:c|h|cc|cpp|cxx|hh|hpp|py|pl|pm|js|ts|java|rs|go|sh|rb|el|m4|ac|am|in|mk"
    r"|cmake|txt|md|rst|json|xml|ya?ml|toml|cfg|ini|so|dll|exe|jar|html?|css|csv|tsv|sql|pdf)"
    r"|[\w./*-]{2,}\.[ao]"
)
# the two halves of a word a line break hyphenated: "recur- rent", "con-\nvolutional"
_HYPHEN_BREAK: Final = re.compile(r"([^\W\d_]+)[-‐\u00ad][^\S\n]*\n?[^\S\n]*(?<=\s)([^\W\d_]+)")
_BREAK_HINTS: Final = ("- ", "-\n", "-\r", "-\t", "‐", "\u00ad")
# what follows a hyphen that stands for a word's end ("pre- and post-", "low- to high-")
_AFTER_SUSPENDED_HYPHEN: Final = frozenset("and or nor to versus vs y o e u et ou og eller".split())
_NOT_IN_A_LONG_FORM: Final = re.compile(r"[;:{}\[\]=!?\"“”\n]")  # what ends the rules' windows
_LEADING_CUES: Final = (
    "also known as", "also called", "hereafter referred to as", "hereinafter referred to as",
    "hereafter", "hereinafter", "referred to as", "known as", "called", "termed",
    "abbreviated as", "abbreviated", "or", "for", "i.e.", "ie", "en adelante", "en lo sucesivo",
    "ci-après dénommée", "ci-après dénommé", "ci-après", "conocido como",
    "conocida como", "denominado", "denominada", "llamado", "llamada", "o", "which stands for",
    "stands for", "short for", "formerly known as", "formerly called", "formerly",
    "previously known as", "antes conocida como", "antes conocido como", "anteriormente",
    "del inglés",
)  # fmt: skip
# Cues that call what follows the short form's expansion: "FAN (the abbreviation of Focusing
# Attention Network)", "RW (acronym for Rare Word)", "(sigla de …)"
_EXPANSION_NAME: Final = (
    r"(?:(?:the|an|la|el)\s+)?(?:abbreviation|acronym|sigla|abreviatura|acrónimo)\s+(?:of|for|de)"
)
# Cues after which a bracket gives the short form's long form, not another name of it: "RSS
# (which stands for Really Simple Syndication)", "OIC (formerly Organization of the Islamic
# Conference)", "DM (i.e. Default Model)", "RSS (del inglés "Really Simple Syndication")"
_EXPANDING_CUES: Final = frozenset(
    (
        "for", "which stands for", "stands for", "short for", "i.e.", "ie", "formerly known as",
        "formerly called", "formerly", "previously known as", "antes conocida como",
        "antes conocido como", "anteriormente", "del inglés",
    )
)  # fmt: skip
# Quotes around a short form or a long form: (“DCF”), “purchasing power parity” (PPP)
_QUOTES: Final = {"“": "”", '"': '"', "‘": "’", "'": "'", "«": "»"}
_CLOSING_QUOTES: Final = frozenset(_QUOTES.values())
# A dotted short form before a bracket, whose last full stop no word takes: C.B.E. (Commander …)
_DOTTED_BEFORE: Final = re.compile(r"(?<![\w.])(?:[^\W\d_]\.){2,}[^\S\n]*$")
_LEADING_CUE: Final = re.compile(
    rf"(?:(?P<expansion>{_EXPANSION_NAME})|"
    + "|".join(re.escape(c) for c in _LEADING_CUES)
    + r")[\s,]+(?!example\b|instance\b)",  # "(for example, …)" names nothing
    re.IGNORECASE,
)
# An expanding cue with its comma, which would otherwise end the bracket's first segment
_COMMA_CUE: Final = re.compile(r"(?P<expansion>i\.e\.|ie\.?)\s*,\s*", re.IGNORECASE)
# Drafting cues, which name what follows them
_DRAFTING_WORDS: Final = r"(?:hereinafter|hereafter|en\s+adelante|en\s+lo\s+sucesivo|ci-après)"
# ... in a bracket, after a comma or a colon too: "(hereinafter, the “GDPR”)", "(en adelante, el
# «ANS»)", "(hereafter: SLA)"
_DRAFTING_CUE: Final = re.compile(_DRAFTING_WORDS + r"\s*[,:]\s*", re.IGNORECASE)
_CUE_WORDS: Final = (
    r"(?:also\s+)?(?:known\s+as|called|termed|referred\s+to\s+as|abbreviated(?:\s+as)?"
    r"|hereafter(?:\s+(?:referred\s+to\s+as|called))?|hereinafter(?:\s+(?:referred\s+to\s+as"
    r"|called))?|or|o|(?:también\s+)?(?:llamad[oa]|conocid[oa]\s+como|denominad[oa])"
    r"|en\s+adelante|en\s+lo\s+sucesivo|ci-après(?:\s+dénommée?s?)?)"
)
# ``long form, hereinafter the “SF”,``: a drafting cue, perhaps an article, a short form in quotes
_QUOTED_AFTER_CUE: Final = re.compile(
    r"\b"
    + _DRAFTING_WORDS
    + r"(?:\s+(?:referred\s+to\s+as|called|denominad[oa]|dénommée?))?[\s,:]+"
    r"(?:(?:the|el|la|los|las|le|les)\s+)?(?P<open>[\"“«‘])\s*(?P<short>[^\"“”«»‘’\n]{1,30}?)\s*"
    r"(?P<close>[\"”»’])",
    re.IGNORECASE,
)
# A clear short form outside brackets: starts with a capital or digit and holds another
# (a full stop after it ends the sentence: "…, hereafter RMSE.")
_CUE_CANDIDATE: Final = re.compile(r"[A-Z0-9][a-z0-9\-]*[A-Z0-9](?:[\w\-‐/.&+'’]*[\w\-‐/&+'’])?")
# A citation after a short form in its bracket: "(GCNs [12])", "(CNN [ reference ])"
_CITATION_AFTER: Final = re.compile(
    r"\s+\[\s*(?:\d+(?:\s*[-–,]\s*\d+)*|reference|ref\.?|citation)\s*\]$", re.IGNORECASE
)
# a year after an event's short form, no part of it: "(NIPS 2017)", "(WWW '10)", "(ISC ’ 01)",
# "(WSIS - 2003)"; unless the long form ends with it too: "Sistema de Cuentas Nacionales 2008
# (SCN 2008)"
_EVENT_YEAR: Final = r"(?:(?:19|20)\d\d|['’]\s?\d\d)"
_YEAR_AFTER: Final = re.compile(rf"(?:\s+[-–])?\s+{_EVENT_YEAR}$")
_YEAR_BEFORE: Final = re.compile(rf"\b{_EVENT_YEAR}\s*[(\[]\s*$")
_EITHER: Final = re.compile(r" (?:or|o) ")  # "(AUROC or AUC)": two names in one bracket
# A cue that ends a bracket's short form: "knowledge graph (KG for short)"
_TRAILING_CUE: Final = re.compile(r"\s+(?:for\s+short|in\s+short|para\s+abreviar)$", re.IGNORECASE)
_POSSESSIVE: Final = re.compile(r"\w ?['’] ?s\s*$")  # the words before a bracket end "…'s"
# Citations that end the words before a bracket: "support vector machine[1] (SVM)" as pasted
# from Wikipedia, "machine [12, 13] (SVM)", "machine¹ (SVM)", "machine~\cite{cortes} (SVM)"
_CITATION_BEFORE: Final = re.compile(  # possessive: a run of superscripts is read one way only
    r"(?:\s?\[\d{1,4}(?:\s*[,–-]\s*\d{1,4})*\]"
    rf"|{SUPERSCRIPT_RUN}"
    r"|[\s~]?\\cite[a-z]*\{[^{}]*\})++\s*$"
)
_CITATION_ENDS: Final = "]}" + SUPERSCRIPT_DIGITS  # the last character of each kind
# Where ``long form, also known as SF`` may be: a comma, a dash or a cue word before a capital
_BEFORE_CAPITALS: Final = r"(?=[A-Z0-9][a-z0-9\-]*[A-Z0-9])"
# Each with groups of strings: a text must hold one string of every group for the pattern to
# match there (a cheap test that spares scanning most texts for dashes; the cheapest group first).
_Site = tuple[re.Pattern[str], tuple[tuple[str, ...], ...]]
_CUE_SITES: Final[tuple[_Site, ...]] = (
    (re.compile(r",[^\S\n]*" + _BEFORE_CAPITALS), ((",",),)),
    # "long form — SF —", also an em dash unspaced ("networks—GNNs—") and a plain-text "--"
    (re.compile(r"(?: [—–-]| --|(?<=\w)—) ?" + _BEFORE_CAPITALS), (("—", " –", " -"),)),
    (
        re.compile(
            r" (?=[achtolds])(?:as|called|termed|or|o|hereafter|hereinafter|abbreviated|adelante"
            r"|sucesivo|ci-après|dénommée?|llamad[oa]|denominad[oa]|como) " + _BEFORE_CAPITALS
        ),
        ((" ",),),
    ),
)
# The heading of a list of abbreviations ("Abbreviations:", "Abbreviations used:", "List of
# abbreviations", "Abreviaturas:"), and each item after it: a short form, then a comma, an equals
# sign or a colon ("ALT, alanine aminotransferase;")
_LIST_HEADINGS: Final[tuple[_Site, ...]] = (
    (
        re.compile(
            r"\b(?:(?:list\s+of\s+)?abbreviations(?:\s+used)?|abreviaturas(?:\s+utilizadas)?"
            r"|abréviations(?:\s+utilisées)?)\s*[:.—–-]?[^\S\n]*\n?",
            re.IGNORECASE,
        ),
        (("bbreviations", "BBREVIATIONS", "breviaturas", "BREVIATURAS", "bréviations"),),
    ),
)
_LIST_ITEM: Final = re.compile(
    r"(?:^|(?<=[;\n:])|(?<=\.\s)|(?<=[:—–-]\s))[^\S\n]*"
    r"(?P<short>[^\s,;:=()]+(?: [^\s,;:=()]+)?)[^\S\n]*(?:,|=|:|\t)[^\S\n]*",
    re.MULTILINE,
)
MAX_LIST_CHARS: Final = 5000  # how far a list of abbreviations may run after its heading
# A line of a glossary with no heading: an item of a list ("- API: Application Programming
# Interface", "\item RL -- reinforcement learning", "1. SF = long form") or one of two or more
# such lines in a row ("JSON: JavaScript Object Notation\nXML: Extensible Markup Language"); the
# long form ends at a tab, as a table's cell does (a spreadsheet's "AE<TAB>adverse event<TAB>12")
_BULLET_MARKS: Final = ("-", "*", "+", "•", "·", "▪", "◦", "‣", "\\item")
_GLOSSARY_LINE: Final = re.compile(
    r"^[^\S\n]*(?P<bullet>(?:[-*+•·▪◦‣]|\d{1,2}[.)]|\\item)[^\S\n]+)?"
    r"(?P<short>[^\s:=,;()]{2,12})[^\S\n]*(?::|=|\t|[^\S\n](?:-{1,3}|[–—])[^\S\n])[^\S\n]*"
    r"(?P<long>[^\n\t]{3,120}?)[^\S\n]*(?:\t[^\n]*)?$",
    re.MULTILINE,
)
# A Markdown table's row that gives a short form and then its long form, each in a cell
# ("| CNN | Convolutional neural network |"), read as a list's item is
_TABLE_ROW: Final = re.compile(
    r"^[^\S\n]*\|[^\S\n]*(?P<short>[^\s|:=,;()]{2,12})[^\S\n]*\|[^\S\n]*"
    r"(?P<long>[^\n|]{3,120}?)[^\S\n]*(?:\|[^\n]*)?$",
    re.MULTILINE,
)
# An item of a definition list whose term is a short form alone on its line, and whose
# definition's first line follows: indented under it, as reStructuredText and a Sphinx glossary
# write one ("API\n   Application Programming Interface"), or after a colon or a tilde, as
# Pandoc and Markdown Extra do ("API\n: Application Programming Interface", a blank line
# between them allowed)
_DEFINITION_LIST_ITEM: Final = re.compile(
    r"^(?P<indent>[^\S\n]*)(?P<short>[^\s:=,;()]{2,12})[^\S\n]*\n"
    r"(?:(?P=indent)[^\S\n]+|[^\S\n]*(?:\n[^\S\n]*)?[:~][^\S\n]+)"
    r"(?P<long>[^\n]{3,120}?)[^\S\n]*$",
    re.MULTILINE,
)
_DEFINITION_STARTS: Final = ("\n ", "\n\t", "\n:", "\n~")  # one of which each item holds
_QUOTED_CUE_SITES: Final[tuple[_Site, ...]] = (  # an opening quote, cheaper to look for first
    (_QUOTED_AFTER_CUE, (tuple('"“«‘'), ("inafter", "reafter", "adelante", "sucesivo", "après"))),
)
# Where ``SF, also known as long form`` may be: the naming words after the short form
_NAMING_SITES: Final[tuple[_Site, ...]] = (
    (
        re.compile(
            r" (?=[kctrs])(?:known\s+as|called|termed|referred\s+to\s+as|stands\s+for|significa)\s+"
        ),
        (("known", "called", "termed", "referred", "stands", "significa"),),
    ),
    (re.compile(r" [—–] (?=[^\W\d_])"), ((" — ", " – "),)),
    (re.compile(r"[^\S\n]*=[^\S\n]*(?=[^\W\d_])"), (("=",),)),  # "(RH = relative humidity)"
    # "a KB, namely a knowledge base", "an LM, i.e. a language model", "la HTA, es decir, …",
    # "la BCE, c'est-à-dire la Banque centrale européenne"
    (
        re.compile(
            r",\s+(?:namely|i\.\s?e\.|that\s+is|es\s+decir|o\s+sea|esto\s+es|c['’]est-à-dire"
            r"|à\s+savoir),?\s+",
            re.IGNORECASE,
        ),
        ((",",),),  # a scan from each comma costs less than looking for the nine words first
    ),
)
_CANDIDATE_BEFORE: Final = re.compile(
    r"(?<![\w\-])([A-Z0-9][a-z0-9\-]*[A-Z0-9][\w\-‐/.&+'’]*)"
    r"(?:,?\s+(?:also|which|que|herein|hereafter|hereinafter))?,?\s*$"
)
# The whole cue phrase before a short form ("long form, also known as SF")
_CUE_BEFORE_SHORT: Final = re.compile(rf"(?:,?\s+{_CUE_WORDS}\s+)$", re.IGNORECASE)
# What must follow a short form introduced by a cue
_END_AFTER_SHORT: Final = re.compile(r"\s*[,;.:)—–]|\s+--?\s|\s*$")
_NOT_SHORT_FORM_CHAR: Final = re.compile(r"[=<>±%×@#®™©\t\n]")  # formulas, brand names
_LETTER: Final = re.compile(r"[^\W\d_]")
_LATIN: Final = frozenset("i.e. e.g. i.e e.g cf. viz. etc. vs.".split())
# a bracket that points to another place: "the stream cipher Salsa20 (see Salsa20)", "(véase X)"
_POINTERS: Final = frozenset("see cf cf. véase ver".split())
_PLAIN_WORD: Final = re.compile(r"[^\W\d_][^\W\d_A-Z]{2,}")  # a word, a capital first at most
_ETC: Final = re.compile(r"\betc\b\.?\s+\w")  # "(IDE, MFM, etc. drives)": kinds of a thing
# a manual page's name and section, in small letters ("vdso(7)", "ssl(3ssl)"; not "LC(50)",
# "PGE(2)", "lgj(2J)")
_MANUAL_PAGE: Final = re.compile(r"[a-z][a-z0-9_.:+-]*\([1-9][a-z]*\)")
_TABLE_RULE: Final = re.compile(r"[\u2500-\u257f]")  # box drawing: a table's rules
# a keyword in capitals (spells_its_own_word): this many letters at least, and this share of
# its long form's first word
_OWN_WORD_LETTERS: Final = 5
_OWN_WORD_SHARE: Final = 0.6
# a finite verb between words, the one after it in small letters, which make a clause of a long
# form: "contributions must be attributed in a copyright notice identifying the author
# (“Contributor”)"; not a name ("men who have sex with men (MSM)", "Sexual Harassment is Out")
# nor a condition ("must be zero (MBZ)")
_FINITE_VERB: Final = re.compile(r"\S\s+(?:is|are|was|were|has|had|must)\s+[a-z]")
# a bracket that goes on as a clause: "… does not support suspend (IDE does)", "(NFS is)"
_CLAUSE_WORDS: Final = FUNCTION_WORDS | frozenset(
    "is are was were be has have had does do did can will may must should would could "
    "es son fue ha han puede pueden".split()
)
_DOTTED: Final = re.compile(r"^(?:[^\W\d_]\.){2,}$")
_GREEK_WORDS: Final = tuple(GREEK_NAMES.values())
_INHERITANCE: Final = re.compile(
    r"\b(?:[XY]-linked|autosomal(?: dominant| recessive)?)(?: (?:dominant|recessive))?\s+$"
)
_TRAILING_NUMBER: Final = re.compile(r"(\d{1,3})$")
_HEAD_OF_QUANTITY: Final = re.compile(r"([^\s:;]+)\s+[\d<>=≤≥±]")  # a short form and a value
_TEXT_PARTS: Final = frozenset(  # what a reference names in English, Spanish and French,
    "section chapter figure table appendix equation part page annex"
    " sección capítulo figura tabla apéndice ecuación parte página anexo"
    " chapitre tableau annexe équation partie"
    # and the series of numbered standards a reference names ("(RFC 5424)", "(ISO 8601)")
    " rfc bcp std fyi pep iso iec fips ecma".split()
)
_REPEAT_DIGIT: Final = re.compile(r"([^\W\d_]+)([2-4])(?=[^\W\d_])")  # W3C, FA2E
_NUMBER_NAMES: Final[dict[int, tuple[str, ...]]] = {
    1: ("first", "one", "I"), 2: ("second", "two", "II"), 3: ("third", "three", "III"),
    4: ("fourth", "four", "IV"), 5: ("fifth", "five", "V"), 6: ("sixth", "six", "VI"),
    7: ("seventh", "seven", "VII"), 8: ("eighth", "eight", "VIII"), 9: ("ninth", "nine", "IX"),
    10: ("tenth", "ten", "X"),
}  # fmt: skip
YEAR: Final = r"(?:1[89]|20)\d\d"  # a year from 1800 to 2099, as a pattern to build on
_YEAR: Final = re.compile(rf"^{YEAR}[a-z]?$")  # "2019a": a citation's year
_ROMAN: Final = re.compile(r"^(?=[ivxlc]+$)(?:x{0,3})(?:ix|iv|v?i{0,3})$")
# Units alone in brackets after a quantity word: "the dose (mg)", "the size (bp)"
_UNITS: Final = frozenset("mg ml mm cm nm μm µm ms min hr kDa bp kb Hz mV pH mL dL".split())


@dataclass(frozen=True, slots=True)
class Definition:
    """A short form and the long form the text gives it."""

    short: Span
    long: Span
    pattern: Pattern
    score: float

    def __reduce__(self) -> tuple[type[Definition], tuple[Span, Span, Pattern, float]]:
        """Pickle as a constructor call (fast, for worker processes)."""
        return Definition, (self.short, self.long, self.pattern, self.score)


def is_roman_numeral(text: str) -> bool:
    """Whether ``text`` is a Roman numeral up to 39, in either case (*II*, *iv*, *XIV*)."""
    return _ROMAN.match(text.lower()) is not None


def looks_like_short_form(text: str) -> bool:
    """Whether ``text`` may be a short form: short, mostly one word, with a letter, not a number."""
    if not 2 <= len(text) - text.count(" ") <= MAX_SHORT_FORM_CHARS or text.count(" ") > 1:
        return False
    if not text[0].isalnum() or _NOT_SHORT_FORM_CHAR.search(text) or not _LETTER.search(text):
        return False
    low = text.lower()
    roman = _ROMAN.match(text) is not None or (len(text) == 1 and _ROMAN.match(low) is not None)
    if _YEAR.match(low) or roman or text in _UNITS or "et al" in low:
        return False
    if (text.endswith(".") and not _DOTTED.match(text)) or low in _LATIN:  # ref., i.e. (not d.p.c.)
        return False
    if "()" in text or _MANUAL_PAGE.fullmatch(text):  # a call: "(for open())", "[mlock()ed]";
        return False  # a manual page: "vdso(7)"
    if " " in text and (
        text.split(" ", 1)[0] in _POINTERS or text.rsplit(" ", 1)[1] in _CLAUSE_WORDS
    ):
        return False
    if text.islower() and (" " in text or (text.isalpha() and len(text) > MAX_LOWERCASE_CHARS)):
        return False
    if text in FUNCTION_WORDS:  # "twofold (to 4096)": 13 of 60,695 gold short forms are one
        return False
    return not (" " in text and text[0].isdigit())  # a quantity: "19 kDa"


def explains(short: str, long: str, lang: Language = "en") -> bool:
    """Whether the rules would take all of ``long`` for the definition of ``short``, as in
    "long (short)": a checked pair, for sources that paired them by less careful means."""
    if not looks_like_short_form(short) or _NOT_IN_A_LONG_FORM.search(long) or not long.strip():
        return False
    if _is_variant(long, short):
        return False
    result = _best_alignment(short, long, [0], lang)
    if result is None or not _acceptable(short, result, "short (long)"):
        return False
    return "," not in long or result.quality >= MIN_QUALITY_ACROSS_COMMAS


def find_definitions(doc: Document | str) -> list[Definition]:
    """Every (short form, long form) pair that ``doc`` defines, in text order. A str is read as
    a :class:`~termlens.text.Document` of it (its language guessed), offsets into it as given
    and its markup read as text (:func:`~termlens.acronyms.identify.find_abbreviations` leaves
    markup out)."""
    if not isinstance(doc, Document):
        doc = Document(doc)
    found: dict[int, Definition] = {}
    text = doc.text
    for opening in _openings(text):
        definition = _bracket(doc, opening)
        if definition is not None:
            _keep(found, definition)
    for definition in _cue_definitions(doc):
        _keep(found, definition)
    for definition in _listed_definitions(doc):
        _keep(found, definition)
    for definition in _glossary_lines(doc):
        _keep(found, definition)
    return sorted(
        (
            Definition(d.short, without_elided_article(doc, d.long), d.pattern, d.score)
            for d in found.values()
        ),
        key=lambda d: d.short.start,
    )


def _openings(text: str) -> list[int]:
    """Offsets of the opening brackets of ``text``, in order (str.find: 10x a regex scan)."""
    found = []
    for char in "([":
        at = text.find(char)
        while at != -1:
            found.append(at)
            at = text.find(char, at + 1)
    return sorted(found)


def _keep(found: dict[int, Definition], definition: Definition) -> None:
    """Keep the best definition of each short form; none of an item's number that words without
    digits would spell ("eliminates false positives in practice (PR101962)"), nor one whose long
    form is a clause ("Qt 4.X has its own implementation of mutexes (QMutex)"), crosses a table's
    rule ("│ Changing file ownership │"), closes a bracket it does not open ("length
    (SO_RCVBUF)⏎SNDBUF send buffer length (SO_SNDBUF)") or holds a constant's name
    (:func:`holds_a_constant`: "UDP-Lite (IPPROTO_UDPLITE)")."""
    long = definition.long.text
    if _ITEM_NUMBER.search(definition.short.text) and not any(ch.isdigit() for ch in long):
        return
    if _FINITE_VERB.search(long) or _TABLE_RULE.search(long) or _unopened_bracket(long):
        return
    if holds_a_constant(long):
        return
    old = found.get(definition.short.start)
    if old is None or definition.score > old.score:
        found[definition.short.start] = definition


def holds_a_constant(long: str) -> bool:
    """Whether a long form holds a constant's name, pieces in capitals joined by underscores
    (*IPPROTO_UDPLITE*, *CAP_SETUID*, CMake's *CPACK_NUGET_<compName>_PACKAGE_AUTHORS*): a name
    code gives, which spells no short form out (not *no_color_video*, terminfo's *ncv*)."""
    return "_" in long and any(
        sum(len(piece) > 1 and piece.isalnum() and piece.isupper() for piece in word.split("_"))
        >= 2
        for word in long.split()
        if "_" in word
    )


def spells_its_own_word(short: str, long: str) -> bool:
    """Whether a short form in capitals is its long form's first word written so, or most of it,
    and the words' initials do not spell it: a keyword in a call or an assignment ("exported by
    the install(EXPORT)", "downloaded using the file(DOWNLOAD)", "LABEL=label"; not *KERN*,
    *kernel*, a truncation of four letters, *CONFIG*, *configuration*, most of the word left
    out, nor *REACH*, *Reaching Everyone for Active Citizenry @ Home*). Elsewhere such a word
    may name a category the text defines, as the SDU@AAAI-22 gold reads "treating all elements
    equally (EQUAL)"."""
    letters = short.lower()
    if not (letters.isalpha() and short.isupper() and len(letters) >= 3):
        return False
    words = LETTER_RUN.findall(long.lower())
    if not words:
        return False
    first = words[0]
    if len(words) == 1 and letters in (first, first + "s", first + "es", first.removesuffix("s")):
        return True
    stem = letters.removesuffix("e")
    return (
        len(letters) >= _OWN_WORD_LETTERS
        and first.startswith(stem)
        and len(stem) >= _OWN_WORD_SHARE * len(first)
        and not (len(words) > 1 and _initials_spell(letters, words))
    )


def _initials_spell(letters: str, words: list[str]) -> bool:
    """Whether the words' first letters, some left out, spell ``letters`` in order."""
    i = 0
    for word in words:
        if i < len(letters) and word[0] == letters[i]:
            i += 1
    return i == len(letters)


def _unopened_bracket(long: str) -> bool:
    depth = 0
    for ch in long:
        depth += (ch == "(") - (ch == ")")
        if depth < 0:
            return True
    return False


def _closing(text: str, opening: int) -> int | None:
    """Offset of the bracket that closes the one at ``opening``, or None if it is unbalanced."""
    open_char = text[opening]
    close_char = _OPEN_CLOSE[open_char]
    close = text.find(close_char, opening + 1, opening + SCAN_CHARS)
    if close != -1 and text.find(open_char, opening + 1, close) == -1:
        return close  # the common case: nothing nested
    depth = 0
    for match in _BRACKET.finditer(text, opening, opening + SCAN_CHARS):
        char = match.group()
        if char == open_char:
            depth += 1
        elif char == close_char:
            depth -= 1
            if depth == 0:
                return match.start()
    return None


def _first_separator(text: str, start: int, end: int) -> int | None:
    """Offset of the first top-level ", " or "; " between ``start`` and ``end``, or of a comma
    or semicolon at ``end`` (a citation cut off: "successor representation [SR; ]")."""
    depth = 0
    for match in _SEPARATOR.finditer(text, start, end):
        char = match.group()[0]
        if char in _OPEN_CLOSE:
            depth += 1
        elif char in ")]":
            depth -= 1
        elif depth == 0:
            return match.start()
    return None


def _stripped(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _bracket(doc: Document, opening: int) -> Definition | None:
    """The definition a bracket makes, if any: ``long (SF)``, ``(long, SF)`` or ``SF (long)``."""
    text = doc.text
    previous = _previous_word(text, opening)
    glued = opening > 0 and (text[opening - 1].isalnum() or text[opening - 1] == "_")
    if glued and _is_symbol_word(text, previous):
        return None  # part of a name: tRNAs(Ser), C(4a), AspRS-tRNA(Asp)
    close = _closing(text, opening)
    if close is None or (glued and _opens_a_call(text, previous, close)):
        return None
    if text[opening - 1 : opening] == "$":
        return None  # a variable's value: "$(DISTNAME)", "${HOME}"
    inner_start, inner_end = _stripped(text, opening + 1, close)
    if inner_start == inner_end:
        return None
    cited = _before_citation(text, inner_end)  # "(SVM[1])", "(support vector machine¹)"
    if inner_start < cited:
        inner_end = cited
    drafting = _DRAFTING_CUE.match(text, inner_start, inner_end)
    inner_start = _after_cue(drafting, inner_start, inner_end)
    cue = _COMMA_CUE.match(text, inner_start, inner_end)  # "DM (i.e., Default Model)"
    inner_start = _after_cue(cue, inner_start, inner_end)
    separator = _first_separator(text, inner_start, inner_end)
    seg_start, seg_end = _stripped(text, inner_start, inner_end if separator is None else separator)
    if cue is None:
        cue = _LEADING_CUE.match(text, seg_start, seg_end)
        seg_start = _after_cue(cue, seg_start, seg_end)
    trailing = _TRAILING_CUE.search(text, seg_start, seg_end)
    if trailing is not None and trailing.start() > seg_start:
        seg_end = trailing.start()
    translated = _TRANSLATED_CUE.search(text, seg_start, inner_end)  # (FDA, por sus siglas …)
    if translated is not None and translated.start() > seg_start:
        seg_end = min(seg_end, translated.start())
    article = ARTICLE.match(text, seg_start, seg_end)
    if article and _names_short_form(text[article.end() : seg_end]):
        seg_start = article.end()  # (the "Fed"), (hereinafter the GDPR)
    quoted = _is_quoted(text[seg_start:seg_end])
    short_start, short_end = (
        _stripped(text, seg_start + 1, seg_end - 1) if quoted else (seg_start, seg_end)
    )
    if _is_reference(text[short_start:short_end]) or _ETC.search(text, inner_start, inner_end):
        return None  # "(Section 8)", "(PEP 3154)"; examples: "(IDE, MFM, etc. drives)"
    candidates = _short_form_candidates(doc, short_start, short_end)
    after_comma = (
        _item_at(text, separator + 1, inner_end)
        if separator is not None and text[separator] == ","
        else None
    )
    if after_comma is not None and _lists_examples(text[short_start:short_end], after_comma):
        candidates = []
    before = _quote_before(text, _before_citation(text, opening))
    if text[opening] == "(" and not text[close + 1 : close + 2].isalnum():  # not (HSA)SEMA6A-1
        before = _before_separator(text, before)
    listed = after_comma is not None and _short_form_follows(after_comma)
    before = _before_possessive(text, before)
    if translated is not None and candidates and has_capitals(candidates[0].text):
        name = name_before(doc, before, candidates[0], initials=False)
        if name is not None:  # its letters are another name's ("(habla en francés)": no short form)
            return _named(candidates[0], name)
    for short in candidates:
        definition = _long_form_before(doc, before, short, "long (short)", exact=listed)
        if definition is not None and called(text, definition.long) and short.text.islower():
            return None  # "fchdir(fd)", "heappush(heap, item)"; not "cognition(COG)"
        if (
            definition is not None
            and glued
            and spells_its_own_word(short.text, definition.long.text)
        ):
            return None  # a call's keyword: "exported by the install(EXPORT)"
        if definition is not None:
            definition = _whole_across_a_comma(doc, before, short, definition) or definition
            return _from_name_head(doc, before, definition)
    for short in candidates[:1]:
        if names_another_language(doc, short) and (
            (name := name_before(doc, before, short, initials=True)) is not None
            or (name := headed_name_before(doc, before, short, initials=True)) is not None
        ):
            return _named(short, from_name_head(doc, before, short, name))
        if (name := name_opened_by(doc, before, short)) is not None:
            return _named(short, name)
        if len(units(short.text)) >= MIN_UNITS_ACROSS_COMMAS:
            definition = _long_form_before(doc, before, short, "long (short)", through_commas=True)
            if definition is not None:
                return definition
    if separator is not None and text[separator] == ",":
        definition = _long_form_then_short(doc, separator, inner_end) or _short_then_long_form(
            doc, short_start, short_end, separator
        )
        if definition is not None:
            return definition
    naming_cue = drafting is not None or (
        cue is not None
        and cue.group("expansion") is None
        and " ".join(cue.group().lower().split()) not in _EXPANDING_CUES
    )
    previous = _dotted_before(text, opening) or previous
    if previous is None or naming_cue or _window_break(text[previous[1] : opening]):
        return None
    word = text[previous[0] : previous[1]]
    if looks_like_short_form(word) and not word.islower():
        short = doc.span(*previous)
        if quoted or separator is not None:  # the first item, when it explains the short form
            first = _long_form_inside_after_article(doc, short, short_start, short_end)
            if first is not None or quoted:  # "SIS (safety instrumented system, IEC 61511)"
                return first
        return _long_form_inside_after_article(doc, short, seg_start, inner_end)
    return None


def _item_at(text: str, start: int, end: int) -> str:
    """The bracket's item that starts at ``start``: up to its next separator, or ``end``."""
    following = _first_separator(text, start, end)
    return text[start : end if following is None else following].strip()


def _lists_examples(first: str, item: str) -> bool:
    """Whether a bracket lists examples in small letters, not a short form and more: its first
    item and the next after a comma are in small letters, the first a common word or common
    words joined by a slash and the next no long form of it ("data types (date/time, integer,
    floating point, numeric)", "a filesystem node (file, device special file or named pipe)";
    not "(ppb, parts per billion)")."""
    return (
        first.islower()
        and item.islower()
        and all(part.isalpha() and seen(part) >= COMMON_WORD for part in first.split("/"))
        and not explains(first, item)
    )


def _named(short: Span, name: Span) -> Definition:
    """A short form defined by the name right before its bracket (:mod:`names`)."""
    return Definition(short, name, "long (short)", MIN_QUALITY_CUE)


def _from_name_head(doc: Document, end: int, definition: Definition) -> Definition:
    """The definition, its long form taken from the name it ends with when its letters reach
    words before the name, or from the name's head when it starts inside it (:mod:`names`)."""
    name = words_before_name(doc, end, definition.short, definition.long)
    if name is not None:
        definition = _named(definition.short, name)
    long = from_name_head(doc, end, definition.short, definition.long)
    if long == definition.long:
        return definition
    return Definition(definition.short, long, definition.pattern, definition.score)


def has_capitals(short: str) -> bool:
    """Whether a short form holds two capitals or more, as an acronym does."""
    return sum(c.isupper() for c in short) >= 2


def _whole_across_a_comma(
    doc: Document, end: int, short: Span, found: Definition
) -> Definition | None:
    """``African, Caribbean and Pacific (ACP)``: a long form found right after a comma runs
    across it when the words there explain every letter of the short form better, or open with
    its first letter where the other does not ("Caribbean and Pacific" explains ACP's A by
    *and*). A longer short form crosses commas anyway where no long form is found without, and
    here only where the one found fits it poorly ("first in, first out (FIFO)", not "first out";
    "LDCs, landlocked developing countries (LLDCs)" keeps its last three words)."""
    start = found.long.start
    long_short_form = len(units(short.text)) >= MIN_UNITS_ACROSS_COMMAS
    if long_short_form and found.score >= MIN_QUALITY_ACROSS_COMMAS:
        return None
    if not doc.text[max(0, start - 3) : start].rstrip().endswith(","):
        return None
    across = _long_form_before(doc, end, short, "long (short)", through_commas=True, exact=True)
    if across is None or _BRACKETS.search(across.long.text, 0, start - across.long.start):
        return None  # not across another definition: "aceptación (A), aprobación (AA)"
    first = fold(short.text[:1])
    opens = fold(across.long.text[:1]) == first and fold(found.long.text[:1]) != first
    return across if opens or across.score > found.score else None


def _names_short_form(rest: str) -> bool:
    """Whether the words after an article in a bracket are a short form named: quoted, or
    with two capitals (*the "Fed"*, *the GDPR*; not *the Bill*, *la Convención*, nor a long
    form, *A Disintegrin And Metalloprotease*)."""
    quoted = _is_quoted(rest)
    inner = rest[1:-1].strip() if quoted else rest
    return looks_like_short_form(inner) and (quoted or has_capitals(inner))


def _is_quoted(segment: str) -> bool:
    """Whether a bracket's segment is something in paired quotes: (“DCF”), (the "Fed")."""
    return len(segment) > 2 and _QUOTES.get(segment[0]) == segment[-1]


def _short_form_follows(item: str) -> bool:
    """Whether the bracket's item after a comma is a short form too: "(TPR, FPR)" lists short
    forms, and the words before it name them all, not the first ("The rates"). After a
    semicolon it is another name of the first ("ribosomal S6-kinase (RSK4; RPS6KA6)")."""
    return looks_like_short_form(item) and not item.islower()


def _dotted_before(text: str, opening: int) -> tuple[int, int] | None:
    """A dotted abbreviation right before a bracket, its last full stop included: "C.B.E.
    (Commander of the Order of the British Empire)"."""
    match = _DOTTED_BEFORE.search(text, max(0, opening - MAX_SHORT_FORM_CHARS - 4), opening)
    return None if match is None else (match.start(), match.start() + len(match.group().rstrip()))


def _before_separator(text: str, end: int) -> int:
    """``end`` moved back over a comma or a dash (and spaces) that part the words before a round
    bracket or a drafting cue from it: "Latin American Giant Observatory, (LAGO)", "Triad
    Significance Profile – (TSP)", "the Service Level Agreement, hereinafter "SLA""."""
    _, at = _stripped(text, 0, end)
    if at > 0 and (
        text[at - 1] in ",–—" or (text[at - 1] == "-" and text[at - 2 : at - 1].isspace())
    ):
        return _stripped(text, 0, at - 1)[1]
    return end


def _before_possessive(text: str, end: int) -> int:
    """``end`` moved back over a possessive *'s* that ends the words before a bracket: "the
    World Health Organization's (WHO) guidelines" (tokenised: "University 's ( NYU )")."""
    match = _POSSESSIVE.search(text, max(0, end - 8), end)
    return match.start() + 1 if match else end


def _before_citation(text: str, end: int) -> int:
    """``end`` moved back over the citations that end the words before a bracket
    (:data:`_CITATION_BEFORE`): one ends on a bracket, a brace or a superscript digit, a test
    that spares most brackets the search."""
    start = max(0, end - 80)
    first, last = _stripped(text, start, end)
    if first == last or text[last - 1] not in _CITATION_ENDS:
        return end
    match = _CITATION_BEFORE.search(text, start, end)
    return match.start() if match else end


def _quote_before(text: str, opening: int) -> int:
    """Where the words before a bracket end: at the closing quotes right before it, if any
    ("the “purchasing power parity” (PPP)": the long form lies inside the quotes; tokenised
    text may double them, "Fréchet Inception Distance ’ ’ (FID)")."""
    end = opening
    while end > 0 and text[end - 1] in " \t":
        end -= 1
    if end == 0 or text[end - 1] not in _CLOSING_QUOTES:
        return opening
    while end > 0 and (text[end - 1] in _CLOSING_QUOTES or text[end - 1] in " \t"):
        end -= 1
    return end


def _opens_a_call(text: str, previous: tuple[int, int] | None, close: int) -> bool:
    """Whether a bracket glued to the word before it (``previous``, up to the bracket) holds a
    call's arguments or a class's bases, as code and its documentation write them
    ("pidfd_open(pid, flags=0)", "class Path(PurePath)", "CLASS->_add(OBJ1, OBJ2)") or an index
    ("array[expr]"): the bracket is square or holds an "=" or "_", the word is a member's (after
    "->", "_", "." or ":"), or the keyword ``class`` or ``def`` opens the word's line
    (not "phy_creation(PCR)"; a long form of one word glued to a short form in small letters is
    a call too: "fchdir(fd)")."""
    if previous is None:
        return False
    start, opening = previous
    inside = text[opening + 1 : close]
    return (
        text[opening] == "["
        or text[max(0, start - 2) : start].endswith(("->", "_", ".", ":"))
        or "_" in inside
        or "=" in inside
        or _DEFINING_KEYWORD.search(text, max(0, start - 40), start) is not None
    )


def _is_symbol_word(text: str, previous: tuple[int, int] | None) -> bool:
    """Whether the word at ``previous`` is a symbol (tRNAs, C) rather than a word."""
    if previous is None:
        return False
    word = text[previous[0] : previous[1]]
    return _SYMBOL.fullmatch(word) is not None or any(ch.isupper() for ch in word[1:])


def _previous_word(text: str, end: int) -> tuple[int, int] | None:
    """Offsets of the word before ``end`` (IL-6, NF-κB: inner connectors kept), or None."""
    stop = end
    while stop > 0 and text[stop - 1].isspace():
        stop -= 1
    start = stop
    while start > 0:
        ch = text[start - 1]
        inner = ch in _CONNECTORS and start < stop and text[start - 2 : start - 1].isalnum()
        if not (ch.isalnum() or ch == "_" or inner):
            break
        start -= 1
    while start < stop and not text[start].isalnum():  # a connector or _ may not open the word
        start += 1
    return (start, stop) if start < stop else None


def _short_form_candidates(doc: Document, start: int, end: int) -> list[Span]:
    """The bracket segment as a short form, or its first part when it names two ("SAPK/JNKs",
    "AUROC or AUC", "EGO or lambda sensors"); a citation or a year after it is no part of it
    ("(GCNs [12])", "(NIPS 2017)")."""
    text = doc.text
    last = text[end - 1]  # a test of one character before each search
    cited = _CITATION_AFTER.search(text, start, end) if last == "]" else None
    if last.isdigit() and not _YEAR_BEFORE.search(text, max(0, start - 10), start):
        cited = _YEAR_AFTER.search(text, start, end)
    if cited:
        end = cited.start()
    segment = text[start:end]
    if _KEY_CHORD.fullmatch(segment):
        return []  # a key: "forward-char (C-f)", "(M-x)", "(C-x C-f)"
    out = (
        [doc.span(start, end)] if looks_like_short_form(segment) and not _two_words(segment) else []
    )
    head = _HEAD_OF_QUANTITY.match(segment)  # "(LDH 4.806 U/l)"
    if head and looks_like_short_form(head.group(1)):  # a reference never gets here (_bracket)
        out.append(doc.span(start, start + head.end(1)))
    slash = segment.find("/")
    first = segment[:slash].rstrip()  # "CSMA / ECA" as tokenised text spaces it
    if slash > 1 and len(first) > 1 and looks_like_short_form(first):
        out.append(doc.span(start, start + len(first)))
    either = _EITHER.search(segment)
    if either is not None:
        out += _either_parts(doc, (start, start + either.start()), (start + either.end(), end))
    return out


def _two_words(segment: str) -> bool:
    """Whether a bracket's segment is two common words, each capitalised at most, which no short
    form is ("to show all meta-files (System Files)"; not "paired domain (Prd domain)"). A list
    may still name them, "(Benin, Burkina Faso, …)", which is why :func:`looks_like_short_form`
    lets them be."""
    words = segment.split(" ")
    return len(words) == 2 and all(
        _PLAIN_WORD.fullmatch(word) and seen(word) >= COMMON_WORD for word in words
    )


def _is_reference(segment: str) -> bool:
    """Whether a bracket's segment is a part of a text or a standard and its number."""
    head = _HEAD_OF_QUANTITY.match(segment)
    return head is not None and _points_to_a_part(head.group(1))


def _points_to_a_part(head: str) -> bool:
    """Whether the word before a number names a part of a text or a series of standards, which
    a reference gives, not a short form and its value: "(Section 12.7)", "(Table 3)", "(Figura
    2)", "(RFC 5424)" (not "(Arg 48)")."""
    return head.lower() in _TEXT_PARTS


def _either_parts(doc: Document, first: tuple[int, int], second: tuple[int, int]) -> list[Span]:
    """The part of a bracket that names two things that may be its short form: the first, not
    in lower case ("AUROC or AUC", not "gen or p gen"), without an article that opens it ("the
    GDPR or …"); or the second, a clear short form, when the first is a name with an article
    ("the Board or EDPB")."""
    text = doc.text
    start, end = first
    article = ARTICLE.match(text, start, end)
    if article is not None and not _names_short_form(text[article.end() : end]):
        start, end = second
        return [doc.span(start, end)] if _cue_short_form(text[start:end]) else []
    if article is not None:
        start = article.end()
        if _is_quoted(text[start:end]):  # (the “Fed” or …)
            start, end = _stripped(text, start + 1, end - 1)
    part = text[start:end]
    return [doc.span(start, end)] if looks_like_short_form(part) and not part.islower() else []


def _long_form_then_short(doc: Document, comma: int, end: int) -> Definition | None:
    """Check ``(long form, SF)``: the bracket holds a long form, a comma and its short form,
    perhaps after a cue word ("(Orthogonal Embedding CNNs, or OE-CNNs)")."""
    start, end = _stripped(doc.text, comma + 1, end)
    cue = _LEADING_CUE.match(doc.text, start, end)
    if cue and cue.group()[0].islower():
        start = _after_cue(cue, start, end)
    if _is_quoted(doc.text[start:end]):  # (the supervisory authority, "SA")
        start, end = _stripped(doc.text, start + 1, end - 1)
    if start == end:
        return None
    short = doc.span(start, end)
    if not looks_like_short_form(short.text) or short.text.islower():
        return None
    return _long_form_before(doc, _quote_before(doc.text, comma), short, "long (short)")


def _short_then_long_form(doc: Document, start: int, end: int, comma: int) -> Definition | None:
    """Check ``(SF, long form)``: a clear short form opens the bracket, its long form follows the
    comma ("un réseau de neurones convolutif (CNN, convolutional neural network)"); not a list
    of names that holds the short form again ("(8-diN3AP4A, monoepsilon-8-diN3AP4A, …)")."""
    short = doc.text[start:end]
    if not _cue_short_form(short):
        return None
    definition = _long_form_after(doc, doc.span(start, end), comma + 1)
    return None if definition is None or short in definition.long.text else definition


def _after_cue(cue: re.Match[str] | None, start: int, end: int) -> int:
    """Where a bracket's segment starts once a cue word that opens it is skipped ("(hereinafter
    GDPR)", "(or OE-CNNs)"); ``start`` when there is none, or nothing after it."""
    return cue.end() if cue and cue.end() < end else start


def _window_break(between: str) -> bool:
    """A blank line between two words ends any long form."""
    return "\n" in between and BLANK_LINE.search(between) is not None


def _long_form_before(
    doc: Document,
    end: int,
    short: Span,
    pattern: Pattern,
    *,
    through_commas: bool = False,
    exact: bool = False,
) -> Definition | None:
    """Find the long form of ``short`` in the words that end just before offset ``end``; with
    ``exact``, one that explains every letter of it.

    With ``through_commas`` the words may run across commas ("secreted protein, acidic and rich
    in cysteine (SPARC)"); such a long form must contain one and explain the short form well.
    """
    sf_units = units(_singular(short.text))
    if not sf_units:
        return None
    max_words = min(len(sf_units) + 5, 2 * len(sf_units))
    text = doc.text
    begin = max(0, end - min(WINDOW_CHARS, 25 * max_words))
    cut_word = begin > 0 and text[begin - 1].isalnum()  # the region starts inside a word
    crossed_comma = False
    # back from the end, which is where the window's last stop is (the stops found by one search:
    # testing each character took about a tenth of the rules' time)
    for at in reversed([stop.start() for stop in _STOP_CHAR.finditer(text, begin, end)]):
        if _stops_window(text, at, through_commas):  # the last stop opens the window
            begin, cut_word = at + 1, False
            break
        if through_commas and not crossed_comma:
            crossed_comma = _stops_window(text, at)
    if through_commas and not crossed_comma:
        return None  # the same words as without commas: already tried
    found = list(_WORD.finditer(text, begin, end))[cut_word:]
    if text.find("(", begin, end) != -1 or text.find("[", begin, end) != -1:  # none starts in one
        found = [m for m in found if not _in_brackets(text, begin, m.start())]
    words = [m.start() for m in _last_words(found, max_words)]
    if not words:
        return None
    initials = fold("".join(text[w] for w in words))
    if all(alt[0] not in initials for alt in sf_units[0].alternatives) and not any(
        ch in _INNER_BREAKS for ch in text[words[0] : end]
    ):
        return None  # no word, nor part of a word, can start the long form
    base = words[0]
    window = text[base:end].rstrip()
    if through_commas:
        window = window.rstrip(", ")  # a comma that ends the words runs across nothing
        if "," not in window:
            return None  # the same words as without commas: already tried
    starts = [w - base for w in words]
    result = _best_alignment(short.text, window, starts, doc.lang)
    if (
        result is None
        or (exact and result.unmatched)
        or not _acceptable(short.text, result, pattern)
    ):
        return None
    long = doc.span(base + result.start, base + len(window))
    long = _with_inheritance(doc, _with_leading_number(doc, short.text, long))
    if _is_variant(long.text, short.text):
        return None
    if through_commas and ("," not in long.text or result.quality < MIN_QUALITY_ACROSS_COMMAS):
        return None
    return Definition(short, long, pattern, result.quality)


def _last_words(found: list[re.Match[str]], content: int) -> list[re.Match[str]]:
    """The last words found, as many as hold ``content`` words that are not function words:
    Schwartz and Hearst's window, where *of* and *the* take no room ("Office of the Comptroller
    of the Currency (OCC)", seven words for three letters)."""
    for at in range(len(found) - 1, -1, -1):
        if found[at].group().lower() not in FUNCTION_WORDS:
            content -= 1
            if content < 0:
                return found[at + 1 :]
    return found


def _is_variant(long: str, short: str) -> bool:
    """A variant or a synonym of the short form, not its definition: H-Ras (Ras), Hsp82 (Hsp90),
    Ubc1 (Ubc1(Delta450)); or the short form is the long form numbered, a name: the test set
    (Set14), the last layer (Layer3); or either is a file's name (options.h (opt), escaped_copy
    (escape.c))."""
    return (
        _contains_word(long, short)
        or _FILE_NAME.fullmatch(long) is not None
        or _FILE_NAME.fullmatch(short) is not None
        or _SYMBOL.fullmatch(long) is not None
        or _NUMBERED.sub("", short).lower() == long.lower()
        or _same_letters(long, short)
    )


def _same_letters(long: str, short: str) -> bool:
    """Whether a word of the long form spells the short form's letters with another number: a
    sibling in a list, "(IPv4Address, IPv6Address)", "tags:0 (or tags:1)"; not a number written
    longer, "ACE 2007 (ACE07)", "NTCIR 2002 (NTCIR2)"."""
    letters, digits = _letters(short), _digits(short)
    return any(
        _letters(word) == letters and _other_number(_digits(word), digits)
        for word in _WORD_SPLIT.split(long)
    )


def _letters(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalpha())


def _digits(text: str) -> str:
    return "".join(c for c in text if c.isdigit())


def _other_number(one: str, other: str) -> bool:
    """Whether two numbers differ, neither starting nor ending the other."""
    if not one or not other:
        return False
    short, long = sorted((one, other), key=len)
    return not (long.startswith(short) or long.endswith(short))


def _contains_word(long: str, short: str) -> bool:
    """Whether the long form holds the short form as a word (alpha-helix for helix, id_dsa for
    DSA, vim's help link |gui-font| for Font) or is one word that extends it as a variant
    (PKNbeta, GCAP3, SEG6_ACTION_PARAM, a version in any case: http2, tlsv1.3; not Groucho for
    Gro), or holds a short form of several words verbatim (New York Stock Exchange for New York),
    or a plural short form's singular ("IOMMUs (including software IOMMU)"). Commas and quotes
    part words as spaces do: "Collins, 1999" holds Collins."""
    if " " not in long and long.startswith(short) and long != short:
        rest = long[len(short) :]
        if rest[0].isupper() or rest[0] in "_0123456789" or rest.lower().startswith(_GREEK_WORDS):
            return True  # and an identifier's next piece: SEG6_ACTION_PARAM for SEG6_ACTION
    if " " not in long and _VERSIONED.fullmatch(long[len(short) :]):
        return long[: len(short)].lower() == short.lower()  # "--http2 (HTTP)", "sslv3 (SSL)"
    folded, low = short.lower(), long.lower()
    if " " in folded:  # a name of several words: New York Stock Exchange (New York)
        return re.search(rf"(?<!\w){re.escape(folded)}(?!\w)", low) is not None
    words = {w.rstrip(".…") for w in (*_WORD_SPLIT.split(low), *_PART_SPLIT.split(low))}
    return folded in words or _singular(short).lower() in words  # IOMMUs (… software IOMMU)


def _stops_window(text: str, at: int, through_commas: bool = False) -> bool:
    """Whether the character at ``at`` ends the words before a short form."""
    ch = text[at]
    if ch == "," and through_commas:
        return False
    if ch in ".,:":  # unless inside a word: 3.5, 5,6-dimethyl, 1:1
        return not (text[at - 1 : at].isalnum() and text[at + 1 : at + 2].isalnum())
    if ch == "\n":
        return BLANK_LINE.match(text, at) is not None
    if ch == "\t":  # a table's column: after a first cell of one word, or after another tab
        row = text[text.rfind("\n", 0, at) + 1 : at].strip(" \t")  # "SNDBUF⇥send buffer …"
        return " " not in row or "\t" in row  # not "the support⇥vector machine (SVM)"
    if ch == "|":  # a table's cell separator; not inside a word: "gri|SCF"
        return text[at - 1 : at].isspace() or text[at + 1 : at + 2].isspace()
    if ch == "?":  # unless a letter lost to the encoding: "Na??ve Bayes", "Ci?ncia Hoje"
        return _LOST_LETTERS.match(text, _question_marks_start(text, at)) is None
    if ch in "()[]":  # brackets inside a word do not: poly(A), Ca(2+)-ATPase, p21(Cdc42/Rac)
        return not (_inside_word_brackets(text, at) or _nested_short_form(text, at))
    return True


def _question_marks_start(text: str, at: int) -> int:
    """Where the run of question marks through ``at`` starts."""
    while at > 0 and text[at - 1] == "?":
        at -= 1
    return at


def _in_brackets(text: str, begin: int, at: int) -> bool:
    """Whether offset ``at`` lies inside a bracket opened after ``begin``."""
    between = text[begin:at]
    return between.count("(") > between.count(")") or between.count("[") > between.count("]")


def _nested_short_form(text: str, at: int) -> bool:
    """Whether the bracket at ``at`` encloses a short form defined inside a longer long form:
    "Oxytocin (OT) receptors (OTRs)", "guanosine triphosphate (GTP)-binding proteins" -- but
    not a definition before a conjunction: "resistencias vasculares (RVS) y pulmonares (RVP)"."""
    limit = 2 + MAX_SHORT_FORM_CHARS
    if text[at] in "([":
        opening, close = at, text.find(_OPEN_CLOSE[text[at]], at + 1, at + limit)
    else:
        opening, close = text.rfind("(" if text[at] == ")" else "[", max(0, at - limit), at), at
    if opening < 0 or close < 0:
        return False
    inner = text[opening + 1 : close]
    if not inner or any(ch in "()[]" for ch in inner) or not looks_like_short_form(inner):
        return False
    following = _NEXT_WORD.match(text, close + 1)
    return following is not None and following.group(1).lower() not in FUNCTION_WORDS


def _inside_word_brackets(text: str, at: int) -> bool:
    """Whether the bracket at ``at`` belongs to a word such as poly(A) or Ca(2+)-ATPase."""
    start = at
    while start > 0 and not text[start - 1].isspace() and at - start < 40:
        start -= 1
    end = at + 1
    while end < len(text) and not text[end].isspace() and end - at < 40:
        end += 1
    return _WORD_WITH_BRACKETS.fullmatch(text, start, end) is not None


def _with_leading_number(doc: Document, short: str, long: Span) -> Span:
    """Take in the number a short form ends with when it stands before the long form:
    "70-kDa peroxisomal membrane protein (PMP70)", "type 2 NO synthase (NOS2)",
    "first nucleotide binding domain (NBD1)"."""
    number = _TRAILING_NUMBER.search(short)
    if number is None or _PART_SPLIT.split(long.text).count(number.group(1)) > 0:
        return long
    value = int(number.group(1))
    names = [number.group(1), *_NUMBER_NAMES.get(value, ())]
    spelled = "|".join(re.escape(name) for name in names)
    begin = max(0, long.start - 30)
    before = re.search(
        rf"(?:\b(?:type|class|group)\s+)?\b(?:{spelled})(?:[- ]?kDa?\b)?\s+$",
        doc.text[begin : long.start],
        re.IGNORECASE,
    )
    return long if before is None else doc.span(begin + before.start(), long.end)


def _with_inheritance(doc: Document, long: Span) -> Span:
    """Disease names keep their mode of inheritance: "X-linked spastic paraplegia (SPG1)"."""
    begin = max(0, long.start - 40)
    before = _INHERITANCE.search(doc.text, begin, long.start)
    return long if before is None else doc.span(before.start(), long.end)


def _long_form_inside(doc: Document, short: Span, start: int, end: int) -> Definition | None:
    """Check ``SF (long form)``: the bracket content from ``start`` to ``end`` is the long form."""
    window = doc.text[start:end]
    if len(window.split()) < 2 and len(window) < len(short.text) + 3:
        return None
    letters, opening = fold(short.text), fold(window[:5])
    if opening[0] not in letters and not ("x" in letters and opening.startswith(X_WORDS)):
        return None  # the long form opens with one of its letters (an X: "Extensible")
    if _is_variant(window, short.text) or _restated(short.text, window):
        return None
    result = _best_alignment(short.text, window, [0], doc.lang)
    if result is None or result.unmatched or not _acceptable(short.text, result, "short (long)"):
        return None
    return Definition(short, doc.span(start, end), "short (long)", result.quality)


def _restated(short: str, window: str) -> bool:
    """Whether a word that is no acronym (fewer than two capitals) opens the bracket after it
    again, in either number: an explanation, not a long form ("System Error (errors external to
    PostgreSQL itself)")."""
    first = window.split(maxsplit=1)[:1]
    word = short.lower()
    return (
        bool(first)
        and not has_capitals(short)
        and word.isalpha()
        and singular(first[0].lower()) == singular(word)
    )


def _long_form_inside_after_article(
    doc: Document, short: Span, start: int, end: int
) -> Definition | None:
    """Check ``SF (the long form)``, whose article is no part of the long form ("NSA (The
    National Security Agency)"), unless the short form needs its letter ("ADAM (A Disintegrin
    And Metalloprotease)"); then ``SF (long form)``. After an article the words must spell the
    short form well: "EMF (an Ecore model for each one)" describes it, and "India (la India,
    2007)" names it again."""
    article = ARTICLE.match(doc.text, start, end)
    if article is not None and not fold(doc.text[article.end() : end]).startswith(fold(short.text)):
        definition = _spelled_well_inside(doc, short, article.end(), end)
        if definition is not None:
            return definition
    return _long_form_inside(doc, short, start, end) or _long_form_after_qualifier(
        doc, short, start, end
    )


def _long_form_after_qualifier(
    doc: Document, short: Span, start: int, end: int
) -> Definition | None:
    """Check ``SF (Qualifier long form)``: a name whose first word the short form leaves out,
    "FDA (U.S. Food and Drug Administration)", "DİSK (Türkiye Devrimci İşçi Sendikaları
    Konfederasyonu)". The words after it must open with the short form's first letter and
    spell it well."""
    qualifier = _QUALIFIER.match(doc.text, start, end)
    if qualifier is None or fold(doc.text[qualifier.end()])[:1] != fold(short.text)[:1]:
        return None
    previous = _previous_word(doc.text, short.start)
    said = doc.text[previous[0] : previous[1]] if previous else ""
    if said.casefold() == qualifier.group().strip().casefold():
        return None  # "Open RE (Open Relation Extraction)": the short form is "Open RE"
    return _spelled_well_inside(doc, short, qualifier.end(), end)


def _spelled_well_inside(doc: Document, short: Span, start: int, end: int) -> Definition | None:
    """:func:`_long_form_inside` from ``start``, past words left out of the long form (an
    article, a qualifier), when what remains spells the short form well."""
    definition = _long_form_inside(doc, short, start, end)
    if definition is None or definition.score < MIN_QUALITY_AFTER_ARTICLE:
        return None
    return definition


def _best_alignment(short: str, window: str, starts: list[int], lang: Language) -> Alignment | None:
    """Align the short form, or its singular for plurals like CNNs, whichever explains more.

    Spanish text often keeps English short forms (PCR, PET): there an alignment of the initials
    in any order wins when it explains a longer long form. Words a line break hyphenated are
    read whole ("a recur- rent neural network (RNN)" starts at *recur*).
    """
    joined = _joined_line_breaks(window)
    if joined is None:
        return _best_plain_alignment(short, window, starts, lang)
    text, where, continuations = joined
    at = {original: i for i, original in enumerate(where)}
    kept = [at[s] for s in starts if s not in continuations and s in at]
    result = _best_plain_alignment(short, text, kept, lang)
    if result is None:
        return None
    return Alignment(where[result.start], result.score, result.quality, result.unmatched)


def unbroken(text: str) -> str:
    """``text`` on one line, with the words a line break hyphenated written whole
    ("con-\\nvolutional  network" → "convolutional network", "short- term" → "short-term")."""
    joined = _joined_line_breaks(text, compounds=True)
    return " ".join((joined[0] if joined else text).split())


def _joined_line_breaks(
    window: str, compounds: bool = False
) -> tuple[str, list[int], set[int]] | None:
    """The window with each word a line break hyphenated written whole, the window offset of
    each of its characters, and where the second halves began; None when no word was broken.

    "recur- rent" becomes *recurrent*, which the word list's texts write more often than either
    half; "short- term" is a compound broken at its hyphen (*shortterm* is rarer than *term*),
    written *short-term* with ``compounds``, else left as it is; "pre- and post-" stays.
    """
    if "-" not in window and "‐" not in window and "\u00ad" not in window:
        return None  # the common case, found at C speed (one character: a tenth of a word's cost)
    if not any(hint in window for hint in _BREAK_HINTS):
        return None
    pieces: list[str] = []
    where: list[int] = []
    resumes: set[int] = set()
    done = 0
    for match in _HYPHEN_BREAK.finditer(window):
        first, second = match.group(1), match.group(2)
        if not (second.islower() and (first.islower() or first.istitle())):
            continue
        if second in _AFTER_SUSPENDED_HYPHEN:
            continue
        whole = seen(first + second)
        if whole and whole >= min(seen(first), seen(second)):
            cut = match.end(1)
        elif compounds:
            cut = match.end(1) + 1  # keep the hyphen
        else:
            continue
        pieces.append(window[done:cut])
        where.extend(range(done, cut))
        done = match.start(2)
        resumes.add(done)
    if not resumes:
        return None
    pieces.append(window[done:])
    where.extend(range(done, len(window)))
    return "".join(pieces), where, resumes


def _best_plain_alignment(
    short: str, window: str, starts: list[int], lang: Language
) -> Alignment | None:
    singular = _singular(short)
    best = align(singular, window, starts)
    if best is not None and best.quality >= PERFECT:
        return best  # every letter starts a word: nothing explains it better
    if singular != short:
        plural = align(short, window, starts)
        if plural is not None and (best is None or plural.quality > best.quality):
            best = plural
    for repeated in _expand_repeats(singular):
        expanded = align(repeated, window, starts)
        if expanded is not None and (best is None or expanded.quality > best.quality):
            best = expanded
    if lang == "es" or best is None or best.unmatched:
        unordered = align_unordered(singular, window, starts)
        if unordered is not None and (
            best is None
            or best.unmatched
            or (
                unordered.start < best.start and not _joined_by_conjunction(window, unordered, best)
            )
        ):
            best = unordered
    return best


def _joined_by_conjunction(window: str, unordered: Alignment, ordered: Alignment) -> bool:
    """Whether the words an unordered reading adds before an ordered one end with a conjunction:
    "TC torácica y ecocardiograma transtorácico (ETT)" is *ecocardiograma transtorácico*, its
    second T inside a word, not *torácica y ecocardiograma …* in any order."""
    added = window[unordered.start : ordered.start].split()
    return bool(added) and fold(added[-1]) in CONJUNCTIONS


def _expand_repeats(short: str) -> list[str]:
    """Read a digit after letters as a repeat of letter or run (W3C -> WWWC, FA2E -> FAFAE)."""
    match = _REPEAT_DIGIT.search(short)  # not at the end: E2, CD4
    if match is None:
        return []
    run, times = match.group(1), int(match.group(2))
    head, tail = short[: match.start()], short[match.end() :]
    return [head + run[:-1] + run[-1] * times + tail, head + run * times + tail]


def _singular(short: str) -> str:
    if len(short) > 2 and short.endswith("s") and short[-2].isupper():
        return short[:-1]
    return short


def _acceptable(short: str, result: Alignment, pattern: Pattern) -> bool:
    n_units = len(units(_singular(short)))
    if result.unmatched > (1 if n_units >= MIN_UNITS_TO_SKIP else 0):
        return False
    threshold = MIN_QUALITY
    if pattern == "cue":
        threshold = MIN_QUALITY_CUE
    elif short.islower():
        threshold = MIN_QUALITY_LOWERCASE
    return result.quality >= threshold - 1e-9


def _cue_definitions(doc: Document) -> list[Definition]:
    """Definitions introduced by words, commas or dashes rather than brackets."""
    after = (_short_after_cue(doc, site) for site in _sites(doc.text, _CUE_SITES))
    before = (_short_before_cue(doc, site) for site in _sites(doc.text, _NAMING_SITES))
    quoted = (_quoted_after_cue(doc, site) for site in _sites(doc.text, _QUOTED_CUE_SITES))
    return [d for d in (*after, *before, *quoted) if d is not None]


def _sites(text: str, patterns: tuple[_Site, ...]) -> Iterator[re.Match[str]]:
    """The matches of each pattern, skipping the patterns whose marks the text lacks."""
    for pattern, marks in patterns:
        if all(any(mark in text for mark in group) for group in marks):
            yield from pattern.finditer(text)


def _short_after_cue(doc: Document, site: re.Match[str]) -> Definition | None:
    """``long form, also known as SF,`` / ``long form — SF —`` / ``long form, SF,``."""
    text = doc.text
    match = _CUE_CANDIDATE.match(text, site.end())
    if match is None or not _END_AFTER_SHORT.match(text, match.end()):
        return None
    if not _cue_short_form(match.group()):
        return None
    cue_start = site.start()
    word_end = cue_start
    while word_end > 0 and text[word_end - 1] in " ,\t\n":
        word_end -= 1
    previous = _previous_word(text, word_end)
    if previous is None or _cue_short_form(text[previous[0] : previous[1]]):
        return None  # a list of short forms ("IL-6, TNF, IL-1"), not a definition
    if text[previous[0] : previous[1]].lower() in FUNCTION_WORDS:
        return None  # no long form ends on "or": options, "for -O or -OO"
    if site.group().strip()[:1].isalpha():  # a cue word: include ", also" before it
        before = _CUE_BEFORE_SHORT.search(text, max(0, site.end() - 40), site.end())
        if before is None:
            return None
        cue_start = before.start()
    short = doc.span(match.start(), match.end())
    return _long_form_before(doc, cue_start, short, "cue")


def _quoted_after_cue(doc: Document, site: re.Match[str]) -> Definition | None:
    """``long form, hereinafter the “SF”,`` / ``long form, ci-après dénommée « SF »``: as
    plain a definition as a bracket, so the alignment needs no more than a bracket's."""
    short = site["short"]
    if _QUOTES[site["open"]] != site["close"] or not looks_like_short_form(short):
        return None
    span = doc.span(site.start("short"), site.end("short"))
    found = _long_form_before(doc, _before_separator(doc.text, site.start()), span, "long (short)")
    return None if found is None else Definition(found.short, found.long, "cue", found.score)


def _listed_definitions(doc: Document) -> list[Definition]:
    """The items of a list of abbreviations, as papers print them after their abstract or under
    a table: "Abbreviations: ALT, alanine aminotransferase; BMI, body mass index." (or "SF =
    long", "SF: long"), each long form checked against its short form as a bracket's is."""
    text = doc.text
    found = []
    for heading in _sites(text, _LIST_HEADINGS):
        end = BLANK_LINE.search(text, heading.end())
        stop = min(end.start() if end else len(text), heading.end() + MAX_LIST_CHARS)
        for item in _LIST_ITEM.finditer(text, heading.end(), stop):
            short = doc.span(item.start("short"), item.end("short"))
            if looks_like_short_form(short.text):
                # an item that opens its line ends with it: "ALT\talanine aminotransferase\n"
                opens_line = text[item.start() - 1 : item.start()] == "\n"
                line_end = text.find("\n", item.end(), stop) if opens_line else -1
                definition = _long_form_after(
                    doc, short, item.end(), "list", stop if line_end == -1 else line_end
                )
                if definition is not None:
                    found.append(definition)
    return found


def _glossary_lines(doc: Document) -> list[Definition]:
    """The lines of a glossary with no heading (:data:`_GLOSSARY_LINE`), the rows of a
    Markdown table of abbreviations (:data:`_TABLE_ROW`) and the items of a definition list
    (:data:`_DEFINITION_LIST_ITEM`), each long form checked against its short form as a list's
    is."""
    text = doc.text
    if "\n" not in text and not text.lstrip().startswith(_BULLET_MARKS):
        return []
    found = []
    for row in _TABLE_ROW.finditer(text) if "|" in text else ():
        if looks_like_short_form(row.group("short")):
            short = doc.span(row.start("short"), row.end("short"))
            definition = _long_form_after(doc, short, row.start("long"), "list", row.end("long"))
            if definition is not None:
                found.append(definition)
    listed = any(mark in text for mark in _DEFINITION_STARTS)  # a cheap test first
    for item in _DEFINITION_LIST_ITEM.finditer(text) if listed else ():
        if _defined_term(item.group("short")):
            short = doc.span(item.start("short"), item.end("short"))
            definition = _long_form_after(doc, short, item.start("long"), "list", item.end())
            if definition is not None and not _spelled_by_first_words(
                short.text, definition.long.text
            ):
                found.append(definition)
    lines = [m for m in _GLOSSARY_LINE.finditer(text) if _listed_short_form(m.group("short"))]
    for i, line in enumerate(lines):
        after = i > 0 and _next_line(text, lines[i - 1].end(), line.start())
        before = i + 1 < len(lines) and _next_line(text, line.end(), lines[i + 1].start())
        if line.group("bullet") is None and not (after or before):
            continue
        short = doc.span(line.start("short"), line.end("short"))
        definition = _long_form_after(doc, short, line.start("long"), "list", line.end("long"))
        if definition is not None and not _spelled_by_first_words(short.text, definition.long.text):
            found.append(definition)
    return found


def _next_line(text: str, end: int, start: int) -> bool:
    """Whether the line that starts at ``start`` follows the one that ends at ``end``, a blank
    line between them allowed (an HTML glossary's rows, each a paragraph of its own)."""
    return start - end <= 3 and text[end:start].isspace() and text.count("\n", end, start) <= 2


def _listed_short_form(term: str) -> bool:
    """Whether a glossary's term may be a short form: not a word in small letters that the word
    list knows well, nor words of them joined, a parameter's or a command's name ("user\n
    username to lookup", "- path: the file", "kill-region\n    Kill the text …")."""
    parts = _JOINED.split(term)
    return looks_like_short_form(term) and not (
        term.islower()
        and (
            seen(term) >= COMMON_WORD
            or (len(parts) > 1 and all(seen(part) >= KNOWN_WORD for part in parts))
        )
    )


def _defined_term(term: str) -> bool:
    """Whether a definition list's term may be a short form (:func:`_listed_short_form`): not a
    heading's word either, one the word list knows well in capitals or capitalised, or a
    capitalised word of five letters or more ("OPTIONS\n   Operation modifiers",
    "Coprocesses\n   A coprocess is …")."""
    return (
        _listed_short_form(term)
        and seen(term) < COMMON_WORD
        and not (len(term) > 4 and term[0].isupper() and term[1:].islower())
    )


def _spelled_by_first_words(short: str, long: str) -> bool:
    """Whether the first words of ``long`` spell ``short`` ("TIMEOUT: time out in seconds"): a
    setting's name and what it does, not an abbreviation and its long form."""
    letters = "".join(ch for ch in short.lower() if ch.isalpha())
    spelled = ""
    for word in long.lower().split():
        spelled += "".join(ch for ch in word if ch.isalpha())
        if len(spelled) >= len(letters):
            return spelled == letters
    return False


def _short_before_cue(doc: Document, site: re.Match[str]) -> Definition | None:
    """``SF, also known as long form`` / ``SF — long form —``."""
    text = doc.text
    match = _CANDIDATE_BEFORE.search(text, max(0, site.start() - 30), site.start())
    if match is None or not _cue_short_form(match.group(1)):
        return None
    short = doc.span(match.start(1), match.end(1))
    return _long_form_after(doc, short, site.end())


def _long_form_after(
    doc: Document, short: Span, start: int, pattern: Pattern = "cue", end: int | None = None
) -> Definition | None:
    """Check ``SF, also known as long form``: the long form runs to the next punctuation (or to
    ``end``)."""
    text = doc.text
    end = len(text) if end is None else end
    stop = _LONG_FORM_END.search(text, start, min(end, start + WINDOW_CHARS))
    long_start, long_end = _stripped(text, start, stop.start() if stop else end)
    if stop and stop.group() == "." and not any(ch.isdigit() for ch in short.text):
        number = _PARAGRAPH_NUMBER.search(text, long_start, long_end)
        if number:  # "GS = General Service 37.", "CI = Compression Ignition 5.4."
            long_end = _stripped(text, long_start, number.start())[1]
    article = ARTICLE.match(text, long_start, long_end)
    if article:
        long_start = article.end()
    if _is_quoted(text[long_start:long_end]):  # UTF stands for “Unicode Transformation Format”
        long_start, long_end = _stripped(text, long_start + 1, long_end - 1)
    if long_start == long_end:
        return None
    long = doc.span(long_start, long_end)
    if (
        _is_variant(long.text, short.text)
        or _CODE_NAME.fullmatch(long.text)
        or long.text.startswith("<")  # a placeholder: "Seconded: <seconder>"
        or _FORMULA_SYMBOL.search(long.text)
        or _TYPE_NOTE.match(long.text)
        or _ASSIGNMENT.match(long.text)
        or _VARIABLE.search(long.text)
        or called(text, long)
    ):
        return None
    result = _best_alignment(short.text, long.text, [0], doc.lang)
    if result is None or not _acceptable(short.text, result, pattern):
        return None
    if pattern == "list" and (dash := _SPACED_DASH.search(long.text)) is not None:
        head = _best_alignment(short.text, long.text[: dash.start()], [0], doc.lang)
        if head is not None and not head.unmatched and _acceptable(short.text, head, pattern):
            long, result = doc.span(long.start, long.start + dash.start()), head
    return Definition(short, long, pattern, result.quality)


def called(text: str, long: Span) -> bool:
    """Whether a long form is one word glued to the bracket after it, as a function's or a
    class's name is to its arguments ("PI = ProcessingInstruction(target, text=None)"), and
    as text that lost its spaces writes a name before its short form ("person(PER)")."""
    return text[long.end : long.end + 1] == "(" and not any(ch.isspace() for ch in long.text)


def _cue_short_form(text: str) -> bool:
    """Outside brackets only clear short forms count: two capitals, or a capital and a digit."""
    capitals = sum(ch.isupper() for ch in text)
    has_digit = any(ch.isdigit() for ch in text)
    return (capitals >= 2 or (capitals == 1 and has_digit)) and looks_like_short_form(text)
