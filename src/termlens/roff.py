"""A manual page in its source, roff with the man(7) macros (ls.1, ip-link.8.gz), read as `man`
prints it.

The source writes its text between requests, lines that open with a dot (".SH DESCRIPTION",
".B ls", ".BR grep (1)"), and escapes inside lines ("\\fBbold\\fR", "\\-", "\\(em").
:func:`stretches` says what each stands for: the text a font request sets (the arguments of an
alternating one run together: ".BR grep (1)" prints "grep(1)"), a paragraph break for a heading
or a paragraph, the character an escape names, nothing for the rest; the ".TH" line reads as the
header `man` prints ("LS(1)   User Commands   LS(1)"), so the page's normal form reads as a
printed page does (:func:`markup.is_manual_page`). Macro definitions and ignored blocks (".de"
… "..", ".ig" … "..", as rst2man and pod2man open their pages) write nothing; a string a page
defines (".ds Aq \\(aq", pod2man's apostrophe) writes its value where the page uses it ("\\*(Aq"),
as nroff reads it. :func:`code` gives the spans that hold no prose: the synopsis, an option's
tag, the examples (".EX" … ".EE", pod2man's ".Vb" … ".Ve") and text set in a constant-width font
(".nf" then ".ft CW", "\\f(CW": rst2man's and pod2man's code). Pages in mdoc(7) (".Dd", ".Nm")
are not read so: their requests stay text.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Mapping
from typing import Final

Stretch = tuple[int, int, str]  # a span of the source and what it stands for

# a line that goes on in the next after a backslash at its end
_LINE: Final = r"(?:[^\n]*(?<!\\)\\\n)*[^\n]*"
# a macro's definition or an ignored block, to its closing ".." line
_BLOCK: Final = re.compile(
    r"^[.'][ \t]*(?:de|dei|am|ami|ig)1?(?:[ \t][^\n]*)?\n(?:[^\n]*\n)*?\.\.[ \t]*(?:\n|\Z)",
    re.M,
)
# a page: requests, comments, macro definitions and blank lines, then the title request
_PAGE: Final = re.compile(
    rf"\A(?>{_BLOCK.pattern.removeprefix('^')}|[.'\\]{_LINE}\n|[ \t]*\n)*?[.'][ \t]*TH[ \t]"
)
_REQUEST: Final = re.compile(rf"^[.'][ \t]*(?P<name>[^\s\\]*)[ \t]*(?P<arguments>{_LINE})\n?", re.M)
_COMMENT: Final = re.compile(r'^[.\'][ \t]*\\"[^\n]*\n?|\\"[^\n]*|\\#[^\n]*\n?', re.M)
# a string's definition (".ds name value"), also as a branch's body (".if n .ds …", ".el .ds
# …"; which branches nroff takes, _skipped_branches says)
_STRING: Final = re.compile(
    r"^[.'][ \t]*(?:(?:if|ie)[ \t]+\S+[ \t]+[.']?[ \t]*|el[ \t]*[.']?[ \t]*)?"
    rf"ds1?[ \t]+(?P<name>[^\s\\]+)[ \t]*(?P<value>{_LINE})",
    re.M,
)
# a branch: ".if c body", ".ie c body" or ".el body", its body to the end of its line (going on
# after a closing backslash) or a block ("\\{" … "\\}"); conditions nroff meets, or not
_BRANCH: Final = re.compile(
    r"^[.'][ \t]*(?:(?P<request>ie|if)[ \t]+(?P<condition>\S+)|el)[ \t]*"
    rf"(?P<body>\\\{{.*?\\\}}|{_LINE})",
    re.M | re.S,
)
_NROFF_TRUE: Final = frozenset(("n", "!t", "\\n(.g", "\\n[.g]"))
_NROFF_FALSE: Final = frozenset(("t", "!n"))
_ARGUMENT: Final = re.compile(r'"(?P<quoted>(?:[^"\n]|"")*)("?)|(?:\\.|[^\s\\"])+')
_ESCAPE: Final = re.compile(
    r"\\(?:[fF](?:\[[^\]\n]*\]|\(..|.)"  # a font: nothing
    r"|s(?:\[[^\]\n]*\]|[-+]?\(..|[-+]?\d{1,2})"  # a size: nothing
    r"|[nk](?:\[[^\]\n]*\]|\(..|.)"  # a number register, a mark: nothing
    r"|\((?P<two>..)|\[(?P<named>[^\]\n]*)\]"  # a character by name
    r"|\*(?:\((?P<string_two>..)|\[(?P<string_named>[^\]\n]*)\]|(?P<string_one>.))"  # a string
    r"|[hvwolLDXxbZNRSHC]'[^'\n]*'"  # a motion, a mark, a drawing: nothing
    r"|(?P<one>.|\n))"
)
_ONE: Final = {"-": "-", "e": "\\", "\\": "\\", " ": " ", "~": " ", "0": " ", "'": "'", "`": "`"}
_NAMED: Final = {
    "bu": "•", "em": "—", "en": "–", "hy": "-", "aq": "'", "dq": '"', "lq": "“", "rq": "”",
    "oq": "‘", "cq": "’", "co": "©", "rg": "®", "tm": "™", "mu": "×", "de": "°", "+-": "±",
    ">=": "≥", "<=": "≤", "!=": "≠", "ti": "~", "ha": "^", "ga": "`", "sl": "/", "rs": "\\",
    "ba": "|", "->": "→", "<-": "←", "R": "®", "Tm": "™",
}  # fmt: skip
_FONT: Final = frozenset("B I SM SB R".split())  # set their arguments, a space between
_ALTERNATING: Final = frozenset("BR RB BI IB IR RI".split())  # run their arguments together
_HEADING: Final = frozenset(("SH", "SS"))
_PARAGRAPH: Final = frozenset("PP LP P TP TQ HP IP sp".split())
_EXAMPLE: Final = re.compile(
    r"^[.'][ \t]*(?:EX|Vb)\b[^\n]*\n(?:(?![.'][ \t]*(?:EE|Ve)\b)[^\n]*\n?)*", re.M
)
# text in a constant-width font: a block set as written in it (".nf", then ".ft CW", to the
# next ".ft": rst2man's literal block; not a table so set, ascii(7)'s), or after "\f(CW" to
# the next font
_CONSTANT_WIDTH_FONT: Final = r"\\f(?:\(C[WRBI]|\[C[WRBI]?\]|C)"  # "\f(CW", "\f[C]", "\fC"
_CONSTANT_WIDTH: Final = re.compile(
    r"^[.'][ \t]*nf[ \t]*\n[.'][ \t]*ft[ \t]+\(?C[WRBI]?[ \t]*\n"
    r"(?P<lines>(?:(?![.'][ \t]*ft\b)[^\n]*\n?)*)"
    rf"|{_CONSTANT_WIDTH_FONT}(?P<words>(?:(?!\\f)[^\n])*)",
    re.M,
)
# the title line, after its title: it reads as the rest of the header
_TITLE: Final = re.compile(r"^[.'][ \t]*TH[ \t]+(?:\"[^\"\n]*\"?|\S+)(?P<rest>[^\n]*\n?)", re.M)
# a paragraph's tag: the line after ".TP", or the first argument of ".IP"
_TAG: Final = re.compile(
    r"^[.'][ \t]*(?:TP[^\n]*\n(?P<tag>[^\n]*)|IP[ \t]+(?P<argument>[^\n]*))", re.M
)
# a glossary's line: a word in a constant-width font, a colon and what it means (jstat(1):
# "\f[CB]CCSC\f[R]: Compressed class committed size"), prose
_GLOSSED: Final = re.compile(
    rf"(?:(?<=\n)|(?<=\A)){_CONSTANT_WIDTH_FONT}[^\s\\]+\\f(?:\[[^\]\n]*\]|\(..|.)?:"
)
_REQUEST_NAME: Final = re.compile(r"^[.'][ \t]*[^\s\\]*[ \t]*")
# a synopsis's heading, in English, Spanish, French and German pages
SYNOPSIS_HEADINGS: Final = "SYNOPSIS|SINOPSIS|SYNOPSE|ÜBERSICHT|RÉSUMÉ"
_SYNOPSIS: Final = re.compile(
    rf"^[.'][ \t]*SH[ \t]+\"?(?:{SYNOPSIS_HEADINGS})\"?[ \t]*\n"
    r"(?P<body>(?:(?![.'][ \t]*SH[ \t])[^\n]*\n?)*)",
    re.M,
)


def is_roff_page(text: str) -> bool:
    """Whether ``text`` is a manual page's source: requests and comments, then ".TH"."""
    return text[:1] in ".'\\\n \t" and _PAGE.match(text) is not None


def stretches(text: str) -> list[Stretch]:
    """The stretches of a manual page's source (:func:`is_roff_page`) that its printed form
    writes otherwise, in order, each with what it writes: requests, comments, macro
    definitions and escapes."""
    comments = [(m.start(), m.end(), "") for m in _COMMENT.finditer(text)]
    unread = _apart([*comments, *((m.start(), m.end(), "") for m in _BLOCK.finditer(text))])
    out = unread.copy()
    starts = [start for start, _, _ in unread]
    commented = [start for start, _, _ in comments]
    for request in _REQUEST.finditer(text):
        if _inside(request.start(), starts, unread):
            continue
        out += _request(request, _comment_start(request, commented))
    taken = _apart(out)
    starts = [start for start, _, _ in taken]
    strings = _defined_strings(text)
    escapes = [
        (escape.start(), escape.end(), _escaped(escape, strings))
        for escape in _ESCAPE.finditer(text)
        if not _inside(escape.start(), starts, taken)
    ]
    return _apart([*taken, *escapes])


def _defined_strings(text: str) -> dict[str, str]:
    """The strings a page defines, each with what it writes as nroff reads it: the first
    definition nroff meets, none in a branch it skips (".if t", ".ie n … .el", and of a branch
    on a condition it cannot tell, the other, plain one: eqn(1)'s "\\*(tx" is TeX, not
    troff's drawing of it), its escapes read."""
    skipped = _skipped_branches(text)
    strings: dict[str, str] = {}
    for match in _STRING.finditer(text):
        if match.group("name") in strings or any(s <= match.start("name") < e for s, e in skipped):
            continue
        value = re.sub(r"\\\n", "", match.group("value"))
        strings[match.group("name")] = _plain(value.removeprefix('"'), strings)
    return strings


def _skipped_branches(text: str) -> list[tuple[int, int]]:
    """The spans of the branches of ".if", ".ie" and ".el" requests that nroff does not take."""
    skipped, last_taken = [], True
    for branch in _BRANCH.finditer(text):
        condition = branch.group("condition")
        if condition is None:  # ".el": taken when its ".ie" was not
            taken = not last_taken
        else:
            taken = condition in _NROFF_TRUE or (
                condition not in _NROFF_FALSE and branch.group("request") == "if"
            )  # an ".ie" on a condition it cannot tell: the ".el" after it, the plain one
            last_taken = taken
        if not taken:
            skipped.append(branch.span("body"))
    return skipped


def _apart(found: list[Stretch]) -> list[Stretch]:
    """The stretches in order, none inside one before it (a comment on a line read whole)."""
    out: list[Stretch] = []
    for stretch in sorted(found):
        if not out or stretch[0] >= out[-1][1]:
            out.append(stretch)
    return out


def code(text: str) -> list[tuple[int, int]]:
    """The spans of a manual page's source that hold no prose: its title line after the title
    (which reads as the rest of a header), its synopsis, the tags that give an option and its
    arguments ("--http-proxy [http://]host[:port]"), its examples (".EX" … ".EE", ".Vb" …
    ".Ve") and what it sets in a constant-width font (a block set as written, "\\f(CW"; not a
    glossary's word before its colon); not the other blocks set as written (".nf" … ".fi") nor
    tables, which hold glossaries as often as code (lsof(8): "AIO  asynchronous I/O")."""
    spans = [m.span("rest") for m in _TITLE.finditer(text)]
    spans += [m.span("body") for m in _SYNOPSIS.finditer(text)]
    for match in _TAG.finditer(text):
        which = "tag" if match.group("tag") is not None else "argument"
        if _plain(_REQUEST_NAME.sub("", match.group(which)), {}).lstrip(' "').startswith("-"):
            spans.append(match.span(which))
    spans += [m.span() for m in _EXAMPLE.finditer(text)]
    spans += [
        m.span(m.lastgroup or 0)
        for m in _CONSTANT_WIDTH.finditer(text)
        if not _GLOSSED.match(text, m.start())
    ]
    return sorted(spans)


def _request(request: re.Match[str], comment: int) -> list[Stretch]:
    """What a request line writes: its arguments' text for a font request, a heading's words
    between paragraph breaks, the header for ".TH", a paragraph break or nothing for the rest."""
    name, start, end = request.group("name"), request.start(), request.end()
    arguments = list(_ARGUMENT.finditer(request.string, request.start("arguments"), comment))
    if name == "TH" and len(arguments) >= 2:  # the title stays where it is written
        title = arguments[0]
        return [
            (start, title.start(), ""),
            *_unquoted(title),
            (title.end(), end, _header(arguments)),
        ]
    if name == "IP" and arguments:  # a tagged paragraph: its tag is text, its indent is not
        first = arguments[0]
        return [
            (start, first.start(), "\n"),
            *_unquoted(first),
            (first.end(), max(first.end(), comment), ""),
        ]
    if name in _PARAGRAPH:
        return [(start, end, "\n")]
    if not arguments or not (name in _FONT or name in _ALTERNATING or name in _HEADING):
        return [(start, end, "")]
    out: list[Stretch] = [(start, arguments[0].start(), "\n" if name in _HEADING else "")]
    for argument, following in zip(arguments, [*arguments[1:], None], strict=True):
        out += _unquoted(argument)
        if following is not None and name in _ALTERNATING:
            out.append((argument.end(), following.start(), ""))
    if name in _HEADING and request.group().endswith("\n"):
        out.append((end - 1, end, "\n\n"))
    return out


def _header(arguments: list[re.Match[str]]) -> str:
    """What follows the title in the header `man` prints for a ".TH title section date source
    manual" line: "(1)   User Commands   LS(1)"."""
    words = [_plain(_text_of(a), {}) for a in arguments]
    manual = words[4] if len(words) > 4 else ""
    return f"({words[1]})   {manual}   {words[0]}({words[1]})\n"


def _unquoted(argument: re.Match[str]) -> list[Stretch]:
    """The quotes around an argument, and the doubled quotes inside it, as what they write."""
    if argument.group("quoted") is None:
        return []
    start, end = argument.span()
    out: list[Stretch] = [(start, start + 1, "")]
    inner = argument.start("quoted")
    out += [
        (inner + m.start(), inner + m.end(), '"') for m in re.finditer('""', argument["quoted"])
    ]
    if argument.group(2):
        out.append((end - 1, end, ""))
    return out


def _text_of(argument: re.Match[str]) -> str:
    quoted = argument.group("quoted")
    return argument.group() if quoted is None else quoted.replace('""', '"')


def _plain(written: str, strings: Mapping[str, str]) -> str:
    """A piece of roff with its escapes read."""
    return _ESCAPE.sub(lambda escape: _escaped(escape, strings), written)


def _escaped(escape: re.Match[str], strings: Mapping[str, str]) -> str:
    """What an escape writes: a character for a named or escaped one, a defined string's value
    for a string, else nothing."""
    for group in ("string_two", "string_named", "string_one"):
        name = escape.group(group)
        if name is not None:
            return strings.get(name, _NAMED.get(name, ""))
    for group in ("two", "named"):
        name = escape.group(group)
        if name is not None:
            return _NAMED.get(name, "")
    return _ONE.get(escape.group("one") or "", "")


def _comment_start(request: re.Match[str], commented: list[int]) -> int:
    """Where a request line's arguments end: at a comment on the line, or at its end."""
    end = request.end() - request.group().endswith("\n")
    i = bisect_right(commented, request.start())
    return commented[i] if i < len(commented) and commented[i] < end else end


def _inside(at: int, starts: list[int], spans: list[Stretch]) -> bool:
    i = bisect_right(starts, at) - 1
    return i >= 0 and spans[i][0] <= at < spans[i][1]
