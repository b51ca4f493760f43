"""Text in the form termlens's rules and models read, with offsets back to the text as given.

The same words can come as different code points: "é" as one character (NFC) or as "e" and a
combining accent (NFD, as macOS file names and some PDF extractors write it), "fi" as the
ligature "ﬁ" (PDF text). They can come wrapped in markup: "**support vector machine** (SVM)" in
Markdown notes and generated text, "<i>in vitro</i>" in HTML abstracts, "R&amp;D" and
"DRC&rsquo;s" in text taken from web pages, "\\emph{support vector machine} (\\textsc{SVM})" and
"R\\&D" in LaTeX sources. The rules, taggers and dictionaries know the composed letters and plain
words, so a text is read in NFC with the Latin ligatures spelled out, paired emphasis marks,
inline tags and LaTeX's type-setting commands left out, and HTML character references and
escaped characters read as the characters they stand for; every span found is mapped back to
the caller's offsets: ``original[span.start:span.end]`` still holds what was found.
"""

from __future__ import annotations

import html
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from termlens.text import Span

# U+FB00-FB06: ff fi fl ffi ffl, long s + t, st
_LIGATURES: Final = {
    ch: unicodedata.normalize("NFKC", ch) for ch in map(chr, range(0xFB00, 0xFB07))
}
_LIGATURE: Final = re.compile(f"[{''.join(_LIGATURES)}]")
_RUN: Final = re.compile(r"\S+|\s+")  # NFC composes nothing across white space
_MAY_HAVE_MARKUP: Final = re.compile(r"[*`<&\\[]")
_EMPHASIS_LENGTH: Final = 300  # the most characters a pair of marks may wrap (bounds the search)
# Markup read as no text: a pair of inline HTML tags, or Markdown emphasis ("**bold**",
# "*italic*", "`code`") whose opening mark comes before a word or an opening bracket or quote
# ("SL=**sentence length**", "(**a**)") and whose closing mark ends one, as CommonMark reads
# it; also emphasis that wraps a pair of tags whole ("**<i>in vitro</i>**"), as CommonMark
# reads it too. A lone, escaped or spaced asterisk stays ("A*", "2 * 3", "A * ( WHCA * )"),
# and so do one inside a word ("x**2 + y**2") and one before other punctuation ("(Túnez)**,
# Presidente", "Nota: *: DL", "SNCR */ Cost").
_TAG_NAMES: Final = (  # the later ones in lower case only, as pages write them now
    r"b|i|u|s|em|strong|sup|sub|span|code|mark|small|a|abbr|acronym|dfn|(?-i:cite|q|time|label"
    r"|button|ins|del|font|big|bdi|bdo|data|output|var|kbd|samp|tt)"
)
_CODE_TAGS: Final = frozenset(("code", "kbd", "samp", "tt"))  # inline code, keys, output
_ATTRIBUTES: Final = r"""(?:\s+[\w:-]+=(?:"[^"<>\n]*"|'[^'<>\n]*'|[^\s"'=<>`]+))*\s*"""
# A Markdown link's or image's destination, after its text: "[support vector
# machine](https://en.wikipedia.org/wiki/SVM)" is markup around its text, as <a href> is. It
# holds a slash, a dot, a hash or a colon: "[Ca(2+)](i)" writes a concentration, not a link.
_DESTINATION: Final = r"""\((?=[^()\s]*[/.#:])(?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"\n]*")?\)"""
# LaTeX's commands that set their argument's type ("\emph{support vector machine}",
# "$\mathrm{MSE}$") are markup as a pair of tags is; \texttt{…} holds code, as <code> does.
_LATEX_TYPE: Final = (
    r"emph|text(?:bf|it|sc|sl|up|rm|sf|md|normal)?|underline|mbox|math(?:rm|it|bf|sf)|operatorname"
)
_MARKUP: Final = re.compile(
    rf"(?P<tag><(?P<name>{_TAG_NAMES}){_ATTRIBUTES}>)"
    rf"(?P<tagged>[^\n]{{0,{_EMPHASIS_LENGTH}}}?)</(?P=name)\s*>"
    r"|(?<![\w*`\\])(?P<mark>\*\*|\*|`)"
    rf"(?P<marked>[*`]{{0,3}}[\w(\[{{\"'“‘«¿¡$\\][^\n]{{0,{_EMPHASIS_LENGTH}}}?)"
    r"(?<=\S)(?P=mark)(?![\w*`])"
    r"|(?<![\w*`\\])(?P<wrap>\*\*|\*|`)"
    rf"(?P<wrapped><(?P<inner>{_TAG_NAMES}){_ATTRIBUTES}>[^\n]{{0,{_EMPHASIS_LENGTH}}}?"
    r"</(?P=inner)\s*>)(?P=wrap)(?![\w*`])"
    rf"|(?P<command>\\(?P<command_name>texttt|{_LATEX_TYPE})\{{)"
    rf"(?P<argument>(?:[^{{}}\n]|\{{[^{{}}\n]*\}}){{0,{_EMPHASIS_LENGTH}}})\}}"
    rf"|(?<![\\$])\$(?P<math>\\(?:{_LATEX_TYPE})\{{[^{{}}$\n]{{1,{_EMPHASIS_LENGTH}}}\}})\$(?!\$)"
    rf"|(?<![\\\w\]])!?\[(?P<label>[^\[\]\n]{{1,{_EMPHASIS_LENGTH}}})\]{_DESTINATION}",
    re.IGNORECASE,
)
_INSIDE: Final = ("tagged", "marked", "wrapped", "argument", "math", "label")  # the inner group
_LINE: Final = re.compile(r"[^\n]*\n?")
_FENCE: Final = re.compile(r" {0,3}(`{3,}|~{3,})")
# An HTML character reference with its closing semicolon ("&amp;", "&#8211;", "&#x2013;"); one
# without it ("AT&T", "&copy 2020") is text.
_REFERENCE: Final = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
# A character LaTeX and Markdown escape with a backslash ("R\&D", "AWS\_KEY"), read as itself
_ESCAPE: Final = re.compile(r"\\[&%_#]")


# A short form HTML marks with its long form: <abbr title="World Health Organization">WHO</abbr>
_TITLED: Final = re.compile(
    r"<(?P<name>abbr|acronym)\b[^<>]*?\stitle\s*=\s*"
    r"(?:\"\s*(?P<double>[^\"<>\n]{1,200}?)\s*\"|'\s*(?P<single>[^'<>\n]{1,200}?)\s*')"
    r"[^<>]*>\s*(?P<short>[^<>\n]{1,30}?)\s*</(?P=name)\s*>",
    re.IGNORECASE,
)


_TITLE_WORD: Final = re.compile("title", re.IGNORECASE)  # a cheap test before the search
# A run of HTML block tags (paragraphs, list items, a glossary's terms, table rows and cells,
# line breaks, headings, a page's parts), with the white space between them, and of the tags
# that stand for no text (an image, a form's input, the head's metadata, a comment, the
# document type declaration)
# (a page's parts in lower case only: "<OBJECT><VERB>" is a linguist's notation)
_BLOCK_NAMES: Final = (
    "p|div|li|ul|ol|dl|dt|dd|tr|td|th|table|thead|tbody|tfoot|br|hr|h[1-6]|section|article"
    "|header|footer|blockquote|caption|figcaption|(?-i:html|head|body|title|nav|main|aside"
    "|figure|form|fieldset|legend|select|option|optgroup|textarea|details|summary|menu|address"
    "|noscript|template|dialog|iframe|video|audio|picture|canvas)"
)
_BLOCK_TAG: Final = rf"</?(?:{_BLOCK_NAMES})\b[^<>]*/?>"
_NO_TEXT_TAG: Final = (
    r"<!--.*?-->|<![A-Za-z][^<>]*>"
    r"|<(?:img|input|wbr|meta|link|base|source|track|embed|area|col|param)\b[^<>]*/?>"
)
_BLOCK_RUN: Final = re.compile(
    rf"(?:(?:{_BLOCK_TAG}|{_NO_TEXT_TAG})\s*)*(?:{_BLOCK_TAG}|{_NO_TEXT_TAG})",
    re.IGNORECASE | re.DOTALL,
)
_BLOCK_NAME: Final = re.compile(rf"(?:{_BLOCK_NAMES})$", re.IGNORECASE)
_TAG_NAME: Final = re.compile(r"<(/?)([A-Za-z0-9]+)")
# the tags of a row's cells and a glossary's entries: a run of them that opens the next cell
# ("</td><td>") or a term's description ("</dt><dd>") stands for a tab
_CELLS: Final = frozenset(("td", "th", "dt", "dd"))
_NEXT_CELL: Final = frozenset((("", "td"), ("", "th"), ("", "dd")))


# An HTML element that holds code: a script, a style sheet, a preformatted block, a drawing
_CODE_ELEMENT: Final = re.compile(
    r"<(?P<name>script|style|pre|svg)\b[^<>]*>.*?</(?P=name)\s*>", re.IGNORECASE | re.DOTALL
)
_MAY_HOLD_CODE: Final = re.compile(r"[`<\\]")
_DESCRIBED_ITEM: Final = re.compile(r"\\item\[(?P<term>[^\[\]\n]{1,40})\][^\S\n]*")
# A web or e-mail address, which names nothing a short form in it stands for
# ("https://example.org/TPU/docs", "<https://example.com/GPU>", "j.doe@NASA.gov"); an address
# ends before the punctuation after it ("(see www.who.int/CNN).")
_ADDRESS: Final = re.compile(
    r"(?:\b[a-z][a-z0-9+.-]*://|\bwww\.)[^\s<>\"'`]*[^\s<>\"'`.,;:!?)\]}]"
    r"|[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b",  # not a metric's "AP@0.5", "P@10"
    re.IGNORECASE,
)

# LaTeX's acronym declarations, which give a short form its long form: the glossaries
# package's "\newacronym{gan}{GAN}{generative adversarial network}" (and \newabbreviation), the
# acronym and acro packages' "\acro{GAN}[GAN]{generative adversarial network}" (and \acrodef,
# \newacro) and acro's "\DeclareAcronym{gan}{short = GAN, long = generative adversarial network}"
_NO_BRACES: Final = r"[^{}\n]"
# (a long form may hold a command's argument: "{\emph{support} vector machine}")
_SHORT_LONG: Final = (
    rf"\{{\s*(?P<short>{_NO_BRACES}{{1,30}}?)\s*\}}(?:\[[^\]\n]*\])?"
    rf"\{{\s*(?P<long>(?:{_NO_BRACES}|\{{{_NO_BRACES}*\}}){{1,200}}?)\s*\}}"
)
_LATEX_DECLARATION: Final = re.compile(
    r"\\(?:(?:newacronym|newabbreviation)(?:\[[^\]\n]*\])?\{[^{}\n]*\}|acro|acrodef|newacro)"
    rf"{_SHORT_LONG}"
    rf"|\\DeclareAcronym\{{{_NO_BRACES}*\}}\{{(?P<keys>(?:[^{{}}]|\{{[^{{}}]*\}}){{1,500}})\}}"
)
_KEY_VALUE: Final = re.compile(
    r"(?:^|,)\s*(?P<key>short|long)\s*=\s*(?:\{\s*(?P<braced>[^{}]*?)\s*\}|(?P<plain>[^,={}]*?))\s*(?=,|$)"
)
# What LaTeX reads as names, not prose: the keys of citations, labels, references and
# acronyms (\ac{gan}), packages, files, addresses and environments, with their options
_LATEX_KEY: Final = re.compile(
    r"\\(?:cite[a-zA-Z]*|[cC]ref|ref|eqref|autoref|pageref|label|usepackage|RequirePackage"
    r"|documentclass|begin|end|includegraphics|input|include|bibliography|bibliographystyle"
    r"|url|href|[aA]c[slfp]?p?|[aA]c(?:su|lu)|[iI]ac|ac(?:short|long|full)|[gG]ls(?:pl)?|GLS"
    rf"|acr(?:short|long|full)(?:pl)?)\*?(?:\[[^\]\n]*\])*\{{{_NO_BRACES}*\}}"
)
# LaTeX's code and mathematics: verbatim text and listings, the equation environments, and
# mathematics between dollars or \( \), \[ \] that reads as such: it holds a command or a
# sub- or superscript ("$\mathcal{L}_{CE}$", "\(x^2\)"; not "$30,000 for the GPU (US$)", nor
# the "\[2\]" or "\[MOVE_POSITION\]" of text taken from a PDF), save one command that sets a
# word's type, which reads as that word ("$\mathrm{MSE}$"). No blank line inside.
_LATEX_ENVIRONMENT: Final = re.compile(
    r"\\begin\{(?P<environment>verbatim|lstlisting|minted|alltt|equation|align|alignat|gather"
    r"|multline|eqnarray|flalign|displaymath|math)(?P<star>\*?)\}.*?\\end\{(?P=environment)(?P=star)\}",
    re.DOTALL,
)
_WITHIN_PARAGRAPH: Final = r"(?:(?!\n[ \t]*\n).)"
_MATH: Final = re.compile(
    rf"\$\${_WITHIN_PARAGRAPH}{{1,1000}}?\$\$|\\\[{_WITHIN_PARAGRAPH}{{1,1000}}?\\\]"
    r"|(?<![\\$])\$(?=[^\s$])[^$\n]{1,300}?(?<=[^\s\\])\$(?![\d$])|\\\([^\n]{1,300}?\\\)",
    re.DOTALL,
)
_MATHEMATICS: Final = re.compile(r"\\[A-Za-z]{2,}|[_^](?:\{|\w(?!\w))")
_TYPED_WORD: Final = re.compile(rf"\\(?:{_LATEX_TYPE})\{{[^{{}}$\n]*\}}")


@dataclass(frozen=True, slots=True)
class _Edit:
    """A piece of the normal text that differs from the original piece it stands for."""

    start: int  # in the normal text
    end: int  # equal to start where markup was left out
    original_start: int
    original_end: int


class NormalForm:
    """A text in NFC with its ligatures spelled out and its markup left out (:attr:`text`), and
    the way back to the offsets of the text it was made from (:meth:`original`, :meth:`span`)."""

    __slots__ = ("_edits", "_given", "_original_ends", "_starts", "text")

    def __init__(self, given: str, text: str, edits: list[_Edit]) -> None:
        self._given = given
        self.text = text
        self._edits = edits
        self._starts = [edit.start for edit in edits]
        self._original_ends = [edit.original_end for edit in edits]

    @classmethod
    def of(cls, text: str) -> NormalForm:
        """The normal form of ``text`` (``text`` itself when it is in it already)."""
        stretches = _replaced(text) if _MAY_HAVE_MARKUP.search(text) else []
        if not stretches and (text.isascii() or _is_normal(text)):
            return cls(text, text, [])
        form = cls._made(text, stretches)
        if unicodedata.is_normalized("NFC", form.text):
            return form
        # a reference read next to others or to markup composed with what came before it
        return cls._made(text, [stretch for stretch in stretches if not stretch[2]])

    @classmethod
    def _made(cls, text: str, stretches: list[tuple[int, int, str]]) -> NormalForm:
        """``text`` with each stretch replaced and the text between in NFC, ligatures spelled."""
        parts: list[str] = []
        edits: list[_Edit] = []
        at = 0  # length of the normal text so far
        kept = 0  # where the text after the last stretch starts
        for stretch_start, stretch_end, replacement in [*stretches, (len(text), len(text), "")]:
            between = text[kept:stretch_start]
            if _is_normal(between):
                parts.append(between)
                at += len(between)
            else:
                for run in _RUN.finditer(between):
                    for start, piece in _pieces(run.group(), kept + run.start()):
                        normal = _normal(piece)
                        if normal != piece:
                            edits.append(_Edit(at, at + len(normal), start, start + len(piece)))
                        parts.append(normal)
                        at += len(normal)
            if stretch_start < stretch_end:
                edits.append(_Edit(at, at + len(replacement), stretch_start, stretch_end))
                parts.append(replacement)
                at += len(replacement)
            kept = stretch_end
        return cls(text, "".join(parts), edits)

    @property
    def given(self) -> str:
        """The text this normal form was made from."""
        return self._given

    @property
    def unchanged(self) -> bool:
        """Whether the text was in its normal form already."""
        return self.text is self._given

    def original(self, offset: int, *, end: bool = False) -> int:
        """The offset in the original text of ``offset`` in :attr:`text`. Inside a piece that
        changed ("ﬁ" → "fi", "e" and an accent → "é"), a start maps to the piece's start and an
        ``end`` to its end, so a span never splits a character of the original; where markup was
        left out, a start maps after it and an ``end`` before it ("**SVM**": "SVM")."""
        if end:
            i = bisect_left(self._starts, offset)
            if i < len(self._edits) and self._edits[i].start == self._edits[i].end == offset:
                return self._edits[i].original_start
            i -= 1
        else:
            i = bisect_right(self._starts, offset) - 1
        if i < 0:
            return offset
        edit = self._edits[i]
        if offset >= edit.end:
            return offset - edit.end + edit.original_end
        return edit.original_end if end else edit.original_start

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The original offsets of the span ``start:end`` of :attr:`text` (an empty span where
        markup was left out: after the markup)."""
        original_start = self.original(start)
        return original_start, max(original_start, self.original(end, end=True))

    def normal(self, offset: int) -> int:
        """The offset in :attr:`text` of ``offset`` in the original text, which lies outside
        every changed piece (or at its edge)."""
        i = bisect_right(self._original_ends, offset) - 1
        if i < 0:
            return offset
        edit = self._edits[i]
        return offset - edit.original_end + edit.end

    def span(self, span: Span) -> Span:
        """A span of :attr:`text` as the span of the original text it was read from."""
        if self.unchanged:
            return span
        start, end = self.original_span(span.start, span.end)
        return Span(start, end, self._given[start:end])


def declared(text: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The short forms the markup gives their long forms, in order, each with its long form's
    offsets: HTML's titles ("<abbr title="World Health Organization">WHO</abbr>") and LaTeX's
    acronym declarations ("\\newacronym{who}{WHO}{World Health Organization}")."""
    found = [(short, long) for _, short, long in _latex_declarations(text)]
    if _TITLE_WORD.search(text) is not None:
        found += [
            (match.span("short"), match.span("double" if match.group("double") else "single"))
            for match in _TITLED.finditer(text)
        ]
    return sorted(found)


_Bounds = tuple[int, int]


def _latex_declarations(text: str) -> Iterator[tuple[_Bounds, _Bounds, _Bounds]]:
    """Each LaTeX acronym declaration's span, with its short form's and long form's."""
    if "\\" not in text:
        return
    for match in _LATEX_DECLARATION.finditer(text):
        if match.group("keys") is None:
            yield match.span(), match.span("short"), match.span("long")
            continue
        values: dict[str, _Bounds] = {}
        for pair in _KEY_VALUE.finditer(match.group("keys")):
            value = "braced" if pair.group("braced") is not None else "plain"
            start, end = pair.span(value)
            values[pair.group("key")] = (match.start("keys") + start, match.start("keys") + end)
        short, long = values.get("short", (0, 0)), values.get("long", (0, 0))
        if short[0] < short[1] and long[0] < long[1]:
            yield match.span(), short, long


def normalized(text: str) -> str:
    """``text`` in the normal form, where no offsets need to go back (a definition to place)."""
    return NormalForm.of(text).text


def _is_normal(text: str) -> bool:
    """Whether ``text`` is in NFC with no ligature to spell out."""
    return unicodedata.is_normalized("NFC", text) and not _LIGATURE.search(text)


def _normal(piece: str) -> str:
    """The piece with its ligatures spelled out, in NFC ("ﬁ" and an acute accent: "fí")."""
    return unicodedata.normalize("NFC", _LIGATURE.sub(lambda m: _LIGATURES[m.group()], piece))


def _composes(before: str, after: str) -> bool:
    """Whether NFC reads the end of ``before`` and the start of ``after`` as one character
    (or reorders them)."""
    return bool(before and after) and _normal(before + after) != _normal(before) + _normal(after)


def _pieces(run: str, offset: int) -> Iterator[tuple[int, str]]:
    """A run of text cut into pieces that NFC reads apart, with each piece's offset: a piece
    ends before a character that combines with nothing before it (not a combining accent, not
    the vowel jamo of a Hangul syllable)."""
    if _is_normal(run):
        yield offset, run
        return
    start = 0
    for i in range(1, len(run)):
        ch, piece = run[i], run[start:i]
        if unicodedata.combining(ch) == 0 and not _composes(piece, ch):
            yield offset + start, piece
            start = i
    yield offset + start, run[start:]


def _replaced(text: str) -> list[tuple[int, int, str]]:
    """The stretches of ``text`` the normal form replaces, in order, each with what replaces it:
    markup with nothing (:func:`_left_out`), HTML's block tags with the line break or tab they
    stand for (:func:`_blocks`) and so a LaTeX description's items (:func:`_described_items`), an
    HTML character reference or a character escaped with a
    backslash outside markup with the characters it stands for, unless they would compose with
    a neighbour."""
    blocks = sorted([*(_blocks(text) if "<" in text else []), *_described_items(text)])
    runs = [(start, end) for start, end, _ in blocks]
    starts = [start for start, _ in runs]
    left_out = [m for m in _left_out(text) if not _inside(m, runs, starts)]
    markup = sorted([*left_out, *runs])  # no reference inside either is read
    stretches = [*((start, end, "") for start, end in left_out), *blocks]
    markup_ends = [end for _, end in markup]
    read_to = 0
    for match in sorted([*_ESCAPE.finditer(text), *_REFERENCE.finditer(text)], key=_start):
        start, end = match.span()
        i = bisect_right(markup_ends, start)
        if start < read_to or (i < len(markup) and markup[i][0] < end):
            continue  # inside a tag ("<span title='R&amp;D'>") or read already ("\\&amp;")
        read_to = end
        characters = match.group()[1] if match.group()[0] == "\\" else html.unescape(match.group())
        characters = _normal(characters)
        if (
            characters not in ("", match.group())
            and "\ufffd" not in characters
            and not _composes(text[start - 1 : start], characters)
            and not _composes(characters, text[end : end + 1])
        ):
            stretches.append((start, end, characters))
    return sorted(stretches)


def _start(match: re.Match[str]) -> int:
    return match.start()


def _blocks(text: str) -> list[tuple[int, int, str]]:
    """HTML's block tags, each run of them (and the white space between) with what it stands
    for: a line break, or a tab between the cells of a table's row or a glossary's term and its
    description ("<td>CLI</td><td>Command-Line Interface</td>" reads as "CLI\tCommand-Line
    Interface", and so does "<dt>CLI</dt><dd>Command-Line Interface</dd>"); nothing for a run
    of tags that stand for no text ("<img src='JPL_logo.png'>", "<!-- JPL -->")."""
    runs = []
    for match in _BLOCK_RUN.finditer(text):
        tags = [(closing, name.lower()) for closing, name in _TAG_NAME.findall(match.group())]
        blocks = [tag for tag in tags if _BLOCK_NAME.match(tag[1])]
        beside = bool(blocks) and all(n in _CELLS for _, n in blocks) and blocks[-1] in _NEXT_CELL
        runs.append((match.start(), match.end(), "\t" if beside else "\n" if blocks else ""))
    return runs


def _described_items(text: str) -> list[tuple[int, int, str]]:
    """The marks of a LaTeX description's items, with what they stand for: "\\item[API]
    Application Programming Interface" reads as "API\tApplication Programming Interface", a
    glossary's term and its description, as HTML's <dt> and <dd> do."""
    if "\\item[" not in text:
        return []
    marks = []
    for match in _DESCRIBED_ITEM.finditer(text):
        marks += [(match.start(), match.start("term"), ""), (match.end("term"), match.end(), "\t")]
    return marks


def _inside(span: tuple[int, int], runs: list[tuple[int, int]], starts: list[int]) -> bool:
    """Whether ``span`` lies inside one of ``runs`` (in order, apart; ``starts`` their starts):
    the emphasis in "<div title='**x**'>" is part of the tag."""
    i = bisect_right(starts, span[0]) - 1
    return i >= 0 and span[1] <= runs[i][1]


def _left_out(text: str) -> list[tuple[int, int]]:
    """The stretches of markup the normal form leaves out, adjacent marks joined ("**<i>"),
    save those between two characters NFC would compose (an accent alone in a tag). Of a LaTeX
    acronym declaration, all but its short form is markup, as a titled short form's tags are."""
    declarations = list(_latex_declarations(text))
    runs = [span for span, _, _ in declarations]
    starts = [start for start, _ in runs]
    marks = [
        *((start, short_start) for (start, _), (short_start, _), _ in declarations),
        *((short_end, end) for (_, end), (_, short_end), _ in declarations),
        *((s, e) for s, e, _ in _markup(text) if not _inside((s, e), runs, starts)),
    ]
    joined: list[tuple[int, int]] = []
    for start, end in sorted(marks):
        if joined and joined[-1][1] == start:
            start = joined.pop()[0]
        joined.append((start, end))
    return [(s, e) for s, e in joined if not _composes(text[s - 1 : s], text[e : e + 1])]


def code_blocks(text: str) -> list[tuple[int, int]]:
    """The spans of a Markdown text's fenced code blocks, as CommonMark reads them: from a line
    of three or more backticks or tildes (up to three spaces before them) to the line that closes
    it with as many or more of the same, or to the end of the text. They hold code, not prose:
    ``curl -X POST $API_URL`` defines and uses no short form."""
    if "```" not in text and "~~~" not in text:
        return []
    blocks: list[tuple[int, int]] = []
    start, fence = 0, ""
    for line in _LINE.finditer(text):
        marks = _FENCE.match(line.group())
        if marks is None:
            continue
        rest = line.group()[marks.end() :]
        if fence:
            if marks.group(1).startswith(fence) and not rest.strip():
                blocks.append((start, line.end()))
                fence = ""
        elif not (marks.group(1)[0] == "`" and "`" in rest):  # no backtick in a backtick info
            start, fence = line.start(), marks.group(1)
    if fence:
        blocks.append((start, len(text)))
    return blocks


def code_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that hold code, not prose: its fenced code blocks
    (:func:`code_blocks`), an HTML page's scripts, styles and preformatted blocks, its inline
    code, a pair of backticks or of ``<code>`` tags or LaTeX's ``\\texttt{…}`` as the normal
    form reads them ("`AWS_ACCESS_KEY_ID`", "<code>KEY_ID</code>"), what LaTeX reads as names or
    mathematics (:func:`latex_code`), and web and e-mail addresses."""
    inline = [
        match.span()
        for match in (_MARKUP.finditer(text) if _MAY_HOLD_CODE.search(text) else ())
        if _holds_code(match)
    ]
    blocks = [match.span() for match in _CODE_ELEMENT.finditer(text)] if "<" in text else []
    addresses = [m.span() for m in _ADDRESS.finditer(text)] if _may_hold_address(text) else []
    return sorted([*code_blocks(text), *blocks, *inline, *latex_code(text), *addresses])


def _may_hold_address(text: str) -> bool:
    """A cheap test before the search for addresses."""
    return "://" in text or "www." in text or "@" in text


def latex_code(text: str) -> list[tuple[int, int]]:
    """The spans of a LaTeX text that hold no prose: the keys of citations, references, labels
    and acronyms ("\\cite{lecun1998}", "\\ac{gan}"), verbatim text, listings and mathematics
    (the equation environments; "$…$", "\\(…\\)", "\\[…\\]" or "$$…$$" that holds a command or a
    sub- or superscript, as "$\\mathcal{L}_{CE}$" does; "$\\mathrm{MSE}$" reads as the word it
    sets, and "$5 and $10" is no mathematics)."""
    if "\\" not in text and "$" not in text:
        return []
    spans = [
        m.span() for pattern in (_LATEX_KEY, _LATEX_ENVIRONMENT) for m in pattern.finditer(text)
    ]
    for match in _MATH.finditer(text):
        if _MATHEMATICS.search(match.group()) and not _TYPED_WORD.fullmatch(match.group()[1:-1]):
            spans.append(match.span())
    return sorted(spans)


def closing_markup(text: str) -> dict[int, int]:
    """Where the closing marks of emphasis or tags start, each with the end of the closing marks
    that follow one another from there ("<b><i>SVM</i></b>": the offset after "SVM" gives the
    end of "</i></b>")."""
    ends: dict[int, int] = {}
    run_start = run_end = -1
    for start, end, closes in _markup(text):
        if closes:
            run_start = run_start if start == run_end else start
            ends[run_start] = run_end = end
    return ends


def _markup(text: str, offset: int = 0) -> Iterator[tuple[int, int, bool]]:
    """The spans of ``text`` (shifted by ``offset``) that are markup, in order, each with whether
    it closes: each pair's opening and closing marks, and the markup nested between them (not
    inside code)."""
    for match in _MARKUP.finditer(text):
        inside = next(g for g in _INSIDE if match.group(g) is not None)
        yield offset + match.start(), offset + match.start(inside), False
        if not _holds_code(match) and match.group("wrap") != "`":
            yield from _markup(match.group(inside), offset + match.start(inside))
        yield offset + match.end(inside), offset + match.end(), True


def _holds_code(match: re.Match[str]) -> bool:
    """Whether a match of :data:`_MARKUP` is inline code: a pair of backticks, of ``<code>``
    tags, or LaTeX's ``\\texttt{…}``."""
    return (
        match.group("mark") == "`"
        or (match.group("name") or "").lower() in _CODE_TAGS
        or (match.group("command_name") or "").lower() == "texttt"
    )
