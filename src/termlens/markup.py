"""What counts as markup and as code in Markdown, HTML and LaTeX, found by position: the marks
the normal form leaves out (:mod:`termlens.normal_form`), the definitions markup declares, and
the spans that hold code, not prose.

Markdown emphasis, inline HTML tags, a Markdown link's text, a wiki link's, a reStructuredText
hyperlink reference's and LaTeX's type-setting commands are pairs of marks around text; HTML's
block tags stand for line breaks; an HTML title and LaTeX's acronym declarations give a short
form its long form; fenced code, literal blocks, Python sessions, inline code, scripts,
addresses, LaTeX's keys and mathematics are code, and so are a GNU Info file's headers, menus
and quoted code. Every function takes the text as given and returns offsets into it.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from itertools import pairwise
from typing import Final

from termlens import roff

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
# holds a slash, a dot, a hash or a colon, "[Ca(2+)](i)" writes a concentration, not a link; or
# its text is inline code, "[`npm-config`](npm-config)" (a page's name, relative to this one), or
# it is its text again, "[LICENSE](LICENSE)" (a file's name).
_DESTINATION: Final = (
    r"""\((?:(?<=`\]\()|(?=[^()\s]*[/.#:]))(?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"\n]*")?\)"""
)
# A wiki link, as Wikipedia's source writes it: "[[convolutional neural network]]s (CNNs)",
# "[[Long short-term memory|long short-term memory]] (LSTM)": markup around the text it shows.
# So is an Org link's description: "[[https://…][support vector machine]] (SVM)".
# Inline code between single backticks that opens with punctuation ("`'explicit'`", "`(x)`",
# "`$HOME`", "`#[bench]`", "`--flag`", "`.method()`"), which emphasis may not open with.
# Inline code between two or more backticks ("``(*PRUNE)``", reStructuredText's inline literal,
# CommonMark's code span that holds a backtick), no blank just inside them (LaTeX's quotes,
# "``first'' and ``second''", are none).
# A reStructuredText hyperlink reference is too: "`Transmission Control Protocol`_ (TCP)",
# "`support vector machine <https://…>`_", "`anonymous`__" (a pair of backticks alone is code)
# LaTeX's commands that set their argument's type ("\emph{support vector machine}",
# "$\mathrm{MSE}$") are markup as a pair of tags is; \texttt{…} holds code, as <code> does.
_LATEX_TYPE: Final = (
    r"emph|text(?:bf|it|sc|sl|up|rm|sf|md|normal)?|underline|mbox|math(?:rm|it|bf|sf)|operatorname"
)
# (every match opens with one of the characters of the lookahead, which lets the search skip
# the others at C speed: ten times faster on prose)
_MARKUP: Final = re.compile(
    r"(?=[<*_`\\$!\[])(?:"
    rf"(?P<tag><(?P<name>{_TAG_NAMES}){_ATTRIBUTES}>)"
    rf"(?P<tagged>[^\n]{{0,{_EMPHASIS_LENGTH}}}?)</(?P=name)\s*>"
    r"|(?<![\w`\\])`(?P<reference>[^\s`<>]"
    rf"[^`<>\n]{{0,{_EMPHASIS_LENGTH}}}?)(?<=\S)(?:\s+<[^\s`<>]+>)?`__?(?![\w`])"
    rf"|(?<![`\\])(?P<ticks>``+)(?P<literal>[^`\s](?:[^\n]{{0,{_EMPHASIS_LENGTH}}}?[^`\s])?)"
    r"(?P=ticks)(?!`)"
    rf"|(?<![\w*`\\])`(?P<quoted_code>[^\w\s`][^`\n]{{0,{_EMPHASIS_LENGTH}}}?)(?<=\S)`(?![\w*`])"
    r"|(?<![\w*`\\])(?P<mark>\*\*|\*|`|__|_(?!_))"
    rf"(?P<marked>[*_`]{{0,3}}[^\W_(\[{{\"'“‘«¿¡$\\][^\n]{{0,{_EMPHASIS_LENGTH}}}?)"
    r"(?<=\S)(?P=mark)(?![\w*`])"
    r"|(?<![\w*`\\])(?P<wrap>\*\*|\*|`)"
    rf"(?P<wrapped><(?P<inner>{_TAG_NAMES}){_ATTRIBUTES}>[^\n]{{0,{_EMPHASIS_LENGTH}}}?"
    r"</(?P=inner)\s*>)(?P=wrap)(?![\w*`])"
    rf"|(?P<command>\\(?P<command_name>texttt|{_LATEX_TYPE})\{{)"
    rf"(?P<argument>(?:[^{{}}\n]|\{{[^{{}}\n]*\}}){{0,{_EMPHASIS_LENGTH}}})\}}"
    rf"|(?<![\\$])\$(?P<math>\\(?:{_LATEX_TYPE})\{{[^{{}}$\n]{{1,{_EMPHASIS_LENGTH}}}\}})\$(?!\$)"
    rf"|(?<![\\\w\]])!?\[(?P<label>[^\[\]\n]{{1,{_EMPHASIS_LENGTH}}})\]"
    rf"(?:{_DESTINATION}|\((?P=label)\))"
    rf"|(?<!\[)\[\[(?:[^\[\]|\n]{{1,{_EMPHASIS_LENGTH}}}\|)?(?P<wiki>[^\[\]|\n]{{1,{_EMPHASIS_LENGTH}}})\]\]"
    rf"|(?<!\[)\[\[[^\[\]\n]{{1,{_EMPHASIS_LENGTH}}}\]\[(?P<org_link>[^\[\]\n]{{1,{_EMPHASIS_LENGTH}}})\]\])",
    re.IGNORECASE,
)
_INSIDE: Final = (
    "tagged",
    "reference",
    "literal",
    "marked",
    "wrapped",
    "argument",
    "math",
    "label",
    "wiki",
    "org_link",
    "link_text",
    "quoted_code",
    "simple",
)
# An Org document (Emacs Org mode's notes and papers): a line that opens with one of its
# keywords ("#+TITLE:", "#+begin_src"). There "/support vector machine/", "+struck+",
# "=verbatim=" and "~code~" are pairs of marks around text, as Org reads them: the opening mark
# at a line's start or after a blank, an opening bracket, a dash or a quote, the closing mark
# before a blank, punctuation or the line's end, and no blank inside either mark ("and/or",
# "km/h", "a = b", "~5 kDa" stay). Its "*bold*" and "_underline_" are Markdown's already.
_ORG_KEYWORD: Final = re.compile(r"^[ \t]*#\+[A-Za-z_]+(?::|[ \t]|$)", re.MULTILINE)
_ORG_EMPHASIS: Final = re.compile(
    r"(?:^|(?<=[\s('\"{-]))(?P<mark>[/+=~])"
    rf"(?P<marked>[^\s/+=~](?:[^\n]{{0,{_EMPHASIS_LENGTH}}}?\S)?)"
    r"(?P=mark)(?=[\s.,:;!?'\")}\[-]|$)",
    re.MULTILINE,
)
_ORG_CODE_MARKS: Final = frozenset("=~")  # verbatim and code
# An Org document's source and example blocks, which hold code
_ORG_BLOCK: Final = re.compile(
    r"^[ \t]*#\+begin_(?P<kind>src|example)\b.*?^[ \t]*#\+end_(?P=kind)\b[^\n]*",
    re.IGNORECASE | re.MULTILINE | re.DOTALL,
)
# A GNU Info file, as makeinfo writes one: a node opens with the separator character and a
# header line ("\x1f\nFile: coreutils.info,  Node: Top,  Next: Introduction,  Up: (dir)")
_INFO_NODE: Final = re.compile(r"\x1f\n(?:File: [^\n]*Node: |Tag Table:)")
# What an Info file holds that is no prose: the node separators and headers, the tag table and
# local variables at the end; a menu's or an index's entry ("* Mode Structure::   Structure of
# file mode bits", "* ACL:   File permissions.   (line 12)") with the lines it runs on to; the
# directory entry at the start and the index's marker ("\x00\x08[index\x00\x08]"); a
# cross-reference to a node by its name ("*note Country Codes::"), which names it as a heading
# does; and what Texinfo quotes as code, commands, options and file names ("‘LC_ALL’", "`ls'",
# and in an ASCII file "'find'", but not an apostrophe: "don't")
_INFO_CODE: Final = re.compile(
    r"\x1f(?:\n(?:File: [^\n]*|Tag Table:[^\x1f]*|End Tag Table|Local Variables:[^\x1f]*))?"
    r"|^\* [^\n]*(?:\n[ \t]{8,}[^\n]*)*"
    r"|^INFO-DIR-SECTION[^\n]*|^START-INFO-DIR-ENTRY(?s:.*?)^END-INFO-DIR-ENTRY"
    r"|\x00\x08\[[^\x00]*\x00\x08\]"
    r"|\*[Nn]ote\s+[^:*]{1,120}?::"
    r"|‘[^‘’\n]*(?:\n[^‘’\n]*)?’|`[^`'\n]+'|(?<![\w'])'(?=\S)[^'\n]{1,80}'(?!\w)",
    re.MULTILINE,
)
# A manual page as `man` prints it: its first line names the page and its section at both ends
# ("LS(1)        User Commands        LS(1)")
_MANUAL_PAGE: Final = re.compile(
    r"\A\s*(\S+)\((\d\w*)\)[ \t]{2,}[^\n]*?[ \t]{2,}\1\(\2\)[ \t]*$", re.M
)
# A printed manual page's synopsis: the lines under its heading up to the next heading (a line
# that opens with no indent), code as the source's synopsis is (:func:`roff.code`)
_PRINTED_SYNOPSIS: Final = re.compile(
    rf"^(?:{roff.SYNOPSIS_HEADINGS})[ \t]*\n"
    r"(?P<body>(?:[ \t]+[^\n]*\n?|[ \t]*\n)*)",
    re.M,
)
# An Info cross-reference with a label: its mark and the node it leads to are code, its label
# prose ("*note Extended Regular Expression (ERE): ERE syntax.")
_INFO_LABELLED_NOTE: Final = re.compile(
    r"(\*[Nn]ote\s+)[^:*]{1,120}?(:\s+(?:\([^()\s]*\))?[^.,:*]{1,120}[.,])"
)
# A reStructuredText target, ".. _wdb: https://…" or ".. _`Web Debugger`: https://…"
_REST_TARGET: Final = re.compile(r"^[ \t]*\.\.[ \t]+_(?P<target>`[^`\n]+`|[^:`\n]+):", re.MULTILINE)
# A simple reference: a name of letters, digits and single inner marks, and an underscore ("wdb_")
_SIMPLE_REFERENCE: Final = re.compile(r"(?<![\w`\\])(?P<simple>[^\W_](?:[.+-]?[^\W_])*)_(?![\w`])")
# A Markdown reference link, as CommonMark reads one: "[text][label]", "[text][]" or "[text]"
# where the document defines the label on a line of its own ("[label]: https://…"), markup
# around its text as an inline link is; without such a definition, "[12][13]" stays as written
_REFERENCE_LINK: Final = re.compile(
    rf"(?<![\\\w\]])!?\[(?P<link_text>[^\[\]\n]{{1,{_EMPHASIS_LENGTH}}})\]"
    rf"(?:\[(?P<ref>[^\[\]\n]{{0,{_EMPHASIS_LENGTH}}})\]|(?![(\[:]))"
)
_LINK_DEFINITION: Final = re.compile(
    r"^ {0,3}\[(?P<label>[^\[\]\n]+)\]:[ \t]*\S+(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\)))?"
    r"[ \t]*$",
    re.MULTILINE,
)
_LINE: Final = re.compile(r"[^\n]*\n?")
# (indented four or more past where the line before's text starts, a fence opens only after a
# blank line: after a paragraph's line it runs on the paragraph, as CommonMark reads it; under a
# list item's text, indented as deep, it opens one)
_FENCE: Final = re.compile(r"(?P<indent>[ \t]*)(`{3,}|~{3,})")
_LIST_ITEM: Final = re.compile(r" *(?:[-*+]|\d{1,9}[.)]) +(?=\S)")
# What opens a reStructuredText literal block: a line that ends with "::" ("Example::", "::"
# alone), or a directive that holds code (".. code-block:: python"; not ".. note::", whose
# lines are prose); the lines indented under it hold code
# A doctest block, as reStructuredText reads one: lines from one that opens with Python's prompt
# (">>> ") to a blank line, the session and what it prints; it holds Python when a line opens
# with no ">" (printed, or a "..." continuation) or a prompt's line reads as a statement (a call
# or an index glued to a name, an assignment, an import): an e-mail quoted three deep
# (">>> the support vector machine (SVM) …") stays prose.
_DOCTEST: Final = re.compile(r"^[ \t]*>>>(?:[ \t]|$)", re.MULTILINE)
_PYTHON: Final = re.compile(r"\w[(\[]|\s=\s|^(?:import|from|def|class|for|with|print)\b")
_LITERAL_OPENING: Final = re.compile(
    r"^(?P<indent>[ \t]*)(?:\.\.[ \t]+(?:code-block|code|sourcecode|highlight|math|doctest"
    r"|testcode|testoutput|literalinclude|parsed-literal|toctree)::[^\n]*|(?!\.\.[ \t])[^\n]*::)"
    r"[ \t]*\r?\n",
    re.MULTILINE,
)
# A reStructuredText directive's line, its name and what follows it on the line: a file, a
# function, a document's or a variable's name (".. include:: LINKS.txt", ".. genex::
# $<LOWER_CASE:string>", ".. py:function:: fromfile(file)"), code; not the title or the text of
# a directive that writes prose there (".. note:: The SVM (support vector machine) …")
_DIRECTIVE: Final = re.compile(
    r"^[ \t]*\.\.[ \t]+(?!(?:note|warning|tip|important|hint|caution|danger|error|attention"
    r"|admonition|seealso|topic|sidebar|rubric|title|deprecated|versionadded|versionchanged"
    r"|centered|epigraph|highlights|pull-quote|table|csv-table|list-table|contents|glossary)::)"
    r"[\w:-]+::[^\n]*",
    re.MULTILINE,
)


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
# (a page's parts in lower case only: "<OBJECT><VERB>" is a linguist's notation; a comment ends
# at its first "-->", an atomic group, not at a later one the search would backtrack to when
# the text after it is no tag: two comments a page apart were one run, the page between lost)
_BLOCK_NAMES: Final = (
    "p|div|li|ul|ol|dl|dt|dd|tr|td|th|table|thead|tbody|tfoot|br|hr|h[1-6]|section|article"
    "|header|footer|blockquote|caption|figcaption|(?-i:html|head|body|title|nav|main|aside"
    "|figure|form|fieldset|legend|select|option|optgroup|textarea|details|summary|menu|address"
    "|noscript|template|dialog|iframe|video|audio|picture|canvas|center|frameset|frame|noframes)"
)
_BLOCK_TAG: Final = rf"</?(?:{_BLOCK_NAMES})\b[^<>]*/?>"
_NO_TEXT_TAG: Final = (
    r"(?><!--.*?-->)|<![A-Za-z][^<>]*>"
    r"|<(?:img|input|wbr|meta|link|base|source|track|embed|area|col|param)\b[^<>]*/?>"
    r"|<a\b[^<>]*>\s*[¶§#]\s*</a\s*>"  # a heading's permalink: "Fault<a href='#l1tf'>¶</a></h1>"
)
_BLOCK_RUN: Final = re.compile(
    rf"(?:(?:{_BLOCK_TAG}|{_NO_TEXT_TAG})\s*)*(?:{_BLOCK_TAG}|{_NO_TEXT_TAG})",
    re.IGNORECASE | re.DOTALL,
)
_BLOCK_NAME: Final = re.compile(rf"(?:{_BLOCK_NAMES})$", re.IGNORECASE)
# An HTML page (a document type or an <html> element first, after any XML declaration and
# comments), where every tag is markup, as a browser reads it, whatever its name and case and
# wherever its pair closes ("<FONT SIZE=2>", "<CENTER>", "<span>" on one line and "</span>" on
# the next), and a run of tags that stand for no line break reads as the space it holds, if any
_HTML_PAGE: Final = re.compile(
    r"\A\ufeff?\s*(?:<\?xml[^<>]*>\s*)?(?:(?><!--.*?-->)\s*)*<(?:!doctype\s+html\b|html[\s>])",
    re.IGNORECASE | re.DOTALL,
)
# An XML document (a JATS article, a TEI text): an XML declaration or a document type first
_XML_DOCUMENT: Final = re.compile(
    r"\A\ufeff?\s*(?:<\?xml\s[^<>]*\?>|(?:(?><!--.*?-->)\s*)*<!doctype\s+[A-Za-z])",
    re.IGNORECASE | re.DOTALL,
)
_ANY_TAG: Final = r"</?[A-Za-z][A-Za-z0-9:-]*(?:\s[^<>]*)?/?>|<\?[^<>]*\?>"  # or an XML declaration
_ONE_PAGE_TAG: Final = re.compile(rf"{_ANY_TAG}|{_NO_TEXT_TAG}", re.IGNORECASE | re.DOTALL)
_PAGE_RUN: Final = re.compile(
    rf"(?:(?:{_ANY_TAG}|{_NO_TEXT_TAG})\s*)*(?:{_ANY_TAG}|{_NO_TEXT_TAG})",
    re.IGNORECASE | re.DOTALL,
)
_TAG_NAME: Final = re.compile(r"<(/?)([A-Za-z0-9]+)")
# the tags of a row's cells and a glossary's entries: a run of them that opens the next cell
# ("</td><td>") or a term's description ("</dt><dd>") stands for a tab
_CELLS: Final = frozenset(("td", "th", "dt", "dd"))
# The block tags that end or open a paragraph, not a line (a long form runs over a line break,
# never from a heading into the paragraph under it: "<h2>Multimedia handlers</h2><p>Media types
# (MIME types)"): a heading wherever it is, the others where no list item, table cell or
# glossary entry is beside them (a cell's or an item's text is often a paragraph of its own:
# "<td><p>PR</p></td><td><p>Protected read</p></td>" is a glossary's row)
_HEADING_TAGS: Final = frozenset("h1 h2 h3 h4 h5 h6 title caption figcaption".split())
_PARAGRAPH_TAGS: Final = frozenset(
    "p div ul ol dl table blockquote pre section article header footer hr nav main aside figure "
    "form details summary address".split()
)
_ITEM_TAGS: Final = frozenset("li dt dd tr td th".split())
_NEXT_CELL: Final = frozenset((("", "td"), ("", "th"), ("", "dd")))
# An entry of a list, a glossary or a table ends where another opens: a paragraph break, as no
# long form runs from one into the next (a book index's "psql</a></dt><dt>Python, <a>PL/Python")
_ENTRY_ENDS: Final = frozenset(("li", "dt", "dd", "tr"))
_ENTRY_OPENS: Final = frozenset(("li", "dt", "tr"))


# The opening tag of an HTML page's navigation: a <nav> element (in lower case, as a page's
# parts are), one an ARIA role marks so ("<div class='related' role='navigation'>", a Sphinx
# manual's bar of links to the next and previous pages), or the header and footer of links that
# DocBook's style sheets give each page ('<div class="navheader">', PostgreSQL's manual)
_NAVIGATION: Final = re.compile(
    r"<(?P<name>nav)\b[^<>]*>"
    r"|<(?P<role>[a-z][a-z0-9]*)\s[^<>]*?\brole\s*=\s*[\"']?navigation\b[^<>]*>"
    r"|<(?P<docbook>div)\s[^<>]*?\bclass\s*=\s*[\"']nav(?:header|footer)[\"'][^<>]*>"
)
# An HTML element that holds code: a script, a style sheet, a preformatted block, a drawing,
# and inline code wherever it lies, inside a link or emphasis too, over a line break too
# ('<a href="…"><code class="command">DROP SUBSCRIPTION</code></a>', "<code>VALIDATE\n
# CONSTRAINT</code>": a pair of marks (:data:`_MARKUP`) neither nests nor spans lines)
# ('<code>ATTACH <em><code>name</code></em> FOR VALUES</code>': inline code holds code in turn)
_CODE_ELEMENT: Final = re.compile(
    r"<(?P<name>script|style|pre|svg)\b[^<>]*>.*?</(?P=name)\s*>"
    rf"|<(?P<inline>{'|'.join(sorted(_CODE_TAGS))})\b[^<>]*>[^<]*+"
    r"(?:(?:<(?P=inline)\b[^<>]*>.*?</(?P=inline)\s*>|<(?!/(?P=inline)\b))[^<]*+)*+"
    r"</(?P=inline)\s*>",
    re.IGNORECASE | re.DOTALL,
)
# One of which each kind of code holds: backticks, a fence of tildes, a tag, a LaTeX command,
# mathematics, an e-mail address (a web address holds "://" or "www.")
_CODE_CHARACTERS: Final = "`~<\\$@"
# One of which any markup, escape or character reference holds (what the normal form reads)
MARKED_CHARACTERS: Final = "*_`<&\\["
# The mark that opens a line of an e-mail's quotation (nested: "> > "), a comment ("//", "#"
# and a blank) or a Markdown block quote, after any indentation
_LINE_MARKER: Final = re.compile(
    r"^[ \t]*+(?:>[ \t]*+(?:>[ \t]*+)*+|//++[ \t]*+|#++[ \t]++)",
    re.MULTILINE,
)
_LINE_MARKER_STARTS: Final = (">", "//", "#")  # what such a line opens with, after blanks
_DESCRIBED_ITEM: Final = re.compile(r"\\item\[(?P<term>[^\[\]\n]{1,40})\][^\S\n]*")
# LaTeX's tie, a space no line break may take ("error~(MSE)", "Table~\ref{…}"), not the tilde
# accent ("Espa\~{n}a"); a text is a LaTeX source when it holds a command
_TIE: Final = re.compile(r"(?<!\\)~")
_LATEX_COMMAND: Final = re.compile(r"\\[A-Za-z]{2,}")
# A web or e-mail address, which names nothing a short form in it stands for
# ("https://example.org/TPU/docs", "<https://example.com/GPU>", "j.doe@NASA.gov"); an address
# ends before the punctuation after it ("(see www.who.int/CNN).") and before a closing square
# bracket, which ends an Org or wikitext link's address ("[[https://w.org/LSTM][long …]]")
_WEB_ADDRESS: Final = re.compile(
    r"(?:\b[a-z][a-z0-9+.-]*://|\bwww\.)[^\s<>\"'`\]]*[^\s<>\"'`.,;:!?)\]}]", re.IGNORECASE
)
_EMAIL_ADDRESS: Final = re.compile(  # not a metric's "AP@0.5", "P@10"; from a name's start only
    r"(?<![\w.+-])[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b", re.IGNORECASE
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
    r"\\(?:(?:newacronym|newabbreviation)(?:\[[^\]\n]*\])?\{(?P<key>[^{}\n]*)\}|acro|acrodef|newacro)"
    rf"{_SHORT_LONG}"
    rf"|\\DeclareAcronym\{{(?P<declared>{_NO_BRACES}*)\}}"
    rf"\{{(?P<keys>(?:[^{{}}]|\{{[^{{}}]*\}}){{1,500}})\}}"
)
# A command that prints a declared acronym's short form, by its key: the acronym and acro
# packages' "\ac{gan}", "\acs{gan}", "\acf{gan}" (long form and short form), "\iac{gan}"
# (with its article), the glossaries package's "\gls{gan}", "\acrshort{gan}"; a "p" or "pl"
# last prints the plural ("\acp{gan}": GANs). The commands that print the long form alone
# (\acl, \acrlong) stay keys.
_ACRONYM_USE: Final = re.compile(
    r"\\(?P<command>[aA]c[sf]?|[aA]csu|[iI]ac|ac(?:short|full)|[gG]ls|GLS|acr(?:short|full))"
    r"(?P<plural>pl?)?\*?(?:\[[^\]\n]*\])*\{\s*(?P<key>[^{}\n]*?)\s*\}"
)
_USE_OPENINGS: Final = ("\\ac", "\\Ac", "\\iac", "\\Iac", "\\gls", "\\Gls", "\\GLS")  # of every use
# reStructuredText's abbr role: ":abbr:`LIFO (last-in, first-out)`" (Sphinx shows the long form
# as a tooltip), interpreted text, not the inline code its backticks are in Markdown
_REST_ABBREVIATION: Final = re.compile(
    r":abbr:`(?P<short>[^`()\s](?:[^`()\n]{0,28}[^`()\s])?)\s*\((?P<long>[^`()\n]{1,200})\)`"
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
# A LaTeX source (a document, or a part of one that sections, cites or opens an environment),
# where a percent sign not escaped opens a comment to the end of its line: text LaTeX never prints
_LATEX_SOURCE: Final = re.compile(
    r"\\(?:documentclass|usepackage|begin\{|(?:sub)*section\*?\{|chapter\*?\{|cite[a-zA-Z]*\{)"
)
_COMMENT: Final = re.compile(r"(?<!\\)%[^\n]*")
_MATHEMATICS: Final = re.compile(r"\\[A-Za-z]{2,}|[_^](?:\{|\w(?!\w))")
_TYPED_WORD: Final = re.compile(rf"\\(?:{_LATEX_TYPE})\{{[^{{}}$\n]*\}}")


def declared(text: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The short forms the markup gives their long forms, in order, each with its long form's
    offsets: HTML's titles ("<abbr title="World Health Organization">WHO</abbr>"; not a
    placeholder, title="…"), and the declarations of LaTeX and reStructuredText
    (:func:`declarations`)."""
    found = [(short, long) for _, short, long in declarations(text)]
    if "<" in text and _TITLE_WORD.search(text) is not None:
        titled = [
            (match.span("short"), match.span("double" if match.group("double") else "single"))
            for match in _TITLED.finditer(text)
        ]
        found += [(short, long) for short, long in titled if _names_something(text, long)]
    return sorted(found)


_Bounds = tuple[int, int]


def declarations(text: str) -> list[tuple[_Bounds, _Bounds, _Bounds]]:
    """Each acronym declaration's span, with its short form's and long form's, in order: LaTeX's
    ("\\newacronym{gan}{GAN}{generative adversarial network}") and reStructuredText's abbr
    role, as Sphinx documentation writes it (":abbr:`LIFO (last-in, first-out)`"). A long form
    without a letter or a digit is a template's placeholder ("long = …"), no definition."""
    latex = [(span, short, long) for _, span, short, long in _latex_acronyms(text)]
    found = [*latex, *_rest_abbreviations(text)]
    return sorted(d for d in found if _names_something(text, d[2]))


def _names_something(text: str, long: _Bounds) -> bool:
    return any(c.isalnum() for c in text[slice(*long)])


def _rest_abbreviations(text: str) -> Iterator[tuple[_Bounds, _Bounds, _Bounds]]:
    if ":abbr:`" not in text:
        return
    for match in _REST_ABBREVIATION.finditer(text):
        yield match.span(), match.span("short"), match.span("long")


def _latex_acronyms(text: str) -> Iterator[tuple[str, _Bounds, _Bounds, _Bounds]]:
    """Each LaTeX acronym declaration's key, with its span, its short form's and its long
    form's (the acronym and acro packages' \\acro{GAN}{…}: the key is the short form)."""
    if "\\" not in text:
        return
    for match in _LATEX_DECLARATION.finditer(text):
        if match.group("keys") is None:
            key = match.group("key") if match.group("key") is not None else match.group("short")
            yield key.strip(), match.span(), match.span("short"), match.span("long")
            continue
        values: dict[str, _Bounds] = {}
        for pair in _KEY_VALUE.finditer(match.group("keys")):
            value = "braced" if pair.group("braced") is not None else "plain"
            start, end = pair.span(value)
            values[pair.group("key")] = (match.start("keys") + start, match.start("keys") + end)
        short, long = values.get("short", (0, 0)), values.get("long", (0, 0))
        if short[0] < short[1] and long[0] < long[1]:
            yield match.group("declared").strip(), match.span(), short, long


def acronym_uses(text: str) -> list[tuple[int, int, str, str]]:
    """The commands of a LaTeX source that print a short form it declares (:data:`_ACRONYM_USE`),
    in order, each with that short form and what it prints: "\\ac{gan}" after
    "\\newacronym{gan}{GAN}{…}" prints *GAN*, "\\acp{gan}" *GANs*, "\\GLS{gan}" the short form
    in capitals. A key no declaration gives ("\\gls{sample}" of a glossary entry) is none."""
    if "\\" not in text or not any(opening in text for opening in _USE_OPENINGS):
        return []  # no use: the declarations are not looked for
    declarations = list(_latex_acronyms(text))
    shorts = {key: text[slice(*short)] for key, _, short, _ in declarations}
    if not shorts:
        return []
    uses = []
    for match in _ACRONYM_USE.finditer(text):
        short = shorts.get(match.group("key"))
        if short is None or any(s <= match.start() < e for _, (s, e), _, _ in declarations):
            continue  # not a key, or inside a declaration: "\newacronym{a}{A}{\ac{b} …}"
        printed = short.upper() if match.group("command") == "GLS" else short
        plural = "s" if match.group("plural") else ""
        uses.append((match.start(), match.end(), short, printed + plural))
    return uses


def block_runs(text: str) -> list[tuple[int, int, str]]:
    """HTML's block tags, each run of them (and the white space between) with what it stands
    for: a paragraph break where a heading ends or opens, where an entry of a list, glossary or
    table ends and the next opens, or a paragraph, list or table where no item or cell is beside
    it (:data:`_PARAGRAPH_TAGS`); else a line break, or a tab between the cells of a table's
    row or a glossary's term and its description ("<td>CLI</td><td>
    Command-Line Interface</td>" reads as "CLI\tCommand-Line Interface", and so does
    "<dt>CLI</dt><dd>Command-Line Interface</dd>"); nothing for a run of tags that stand for no
    text ("<img src='JPL_logo.png'>", "<!-- JPL -->"). In an HTML page or an XML document
    (:func:`is_tagged_document`) every tag, each run of them read so."""
    if "<" not in text:
        return []
    page = is_tagged_document(text)
    runs = []
    for match in (_PAGE_RUN if page else _BLOCK_RUN).finditer(text):
        tags = [(closing, name.lower()) for closing, name in _TAG_NAME.findall(match.group())]
        blocks = [tag for tag in tags if _BLOCK_NAME.match(tag[1])]
        beside = bool(blocks) and all(n in _CELLS for _, n in blocks) and blocks[-1] in _NEXT_CELL
        between = _ONE_PAGE_TAG.sub("", match.group()) if page and not blocks else ""
        names = {name for _, name in blocks}
        paragraph = (
            bool(names & _HEADING_TAGS)
            or bool(names & _PARAGRAPH_TAGS and not names & _ITEM_TAGS)
            or _next_entry(blocks)
        )
        stands_for = "\t" if beside else "\n\n" if paragraph else "\n" if blocks else between
        runs.append((match.start(), match.end(), stands_for))
    return runs


def _next_entry(blocks: list[tuple[str, str]]) -> bool:
    """Whether a run of block tags ends an entry of a list, glossary or table and opens the
    next (:data:`_ENTRY_ENDS`): "</li><li>", "</dd><dt>", "</td></tr><tr><td>"."""
    ended = False
    for closing, name in blocks:
        if closing and name in _ENTRY_ENDS:
            ended = True
        elif ended and not closing and name in _ENTRY_OPENS:
            return True
    return False


def navigation(text: str) -> list[tuple[int, int]]:
    """The spans of an HTML page's navigation (:data:`_NAVIGATION`: links to other pages under
    their titles, a sidebar that every page of a manual repeats), which is read, for what its
    titles define, but is no part of what the page says."""
    if "nav" not in text:
        return []
    spans: list[tuple[int, int]] = []
    for match in _NAVIGATION.finditer(text):
        if spans and match.start() < spans[-1][1]:
            continue  # inside the last one
        name = match.group("name") or match.group("role") or match.group("docbook")
        spans.append((match.start(), _element_end(text, name, match.end())))
    return spans


def _element_end(text: str, name: str, start: int) -> int:
    """Where the element ``name`` whose opening tag ends at ``start`` closes, the elements of
    that name nested in it closed first (the text's end if it never does)."""
    depth = 1
    for tag in re.compile(rf"<(/?){name}\b[^<>]*>").finditer(text, start):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return tag.end()
    return len(text)


def is_html_page(text: str) -> bool:
    """Whether ``text`` is an HTML page: it opens with a document type or an <html> element."""
    return text.lstrip("\ufeff \t\r\n")[:1] == "<" and _HTML_PAGE.match(text) is not None


def is_tagged_document(text: str) -> bool:
    """Whether ``text`` is an HTML page or an XML document, where every tag is markup."""
    return is_html_page(text) or _XML_DOCUMENT.match(text) is not None


def described_items(text: str) -> list[tuple[int, int, str]]:
    """The marks of a LaTeX description's items, with what they stand for: "\\item[API]
    Application Programming Interface" reads as "API\tApplication Programming Interface", a
    glossary's term and its description, as HTML's <dt> and <dd> do."""
    if "\\item[" not in text:
        return []
    marks = []
    for match in _DESCRIBED_ITEM.finditer(text):
        marks += [(match.start(), match.start("term"), ""), (match.end("term"), match.end(), "\t")]
    return marks


def ties(text: str) -> list[tuple[int, int]]:
    """The ties of a LaTeX source, which read as spaces ("mean squared error~(MSE)"); none in
    other text, where a tilde is a tilde ("~5 kDa", "Weighted Set Cover~(WSC)" in text taken
    from a PDF)."""
    if "~" not in text or "\\" not in text or _LATEX_COMMAND.search(text) is None:
        return []
    return [match.span() for match in _TIE.finditer(text)]


def within(span: tuple[int, int], runs: list[tuple[int, int]], starts: list[int]) -> bool:
    """Whether ``span`` lies inside one of ``runs`` (in order, apart; ``starts`` their starts):
    the emphasis in "<div title='**x**'>" is part of the tag."""
    i = bisect_right(starts, span[0]) - 1
    return i >= 0 and span[1] <= runs[i][1]


def code_blocks(text: str) -> list[tuple[int, int]]:
    """The spans of a Markdown text's fenced code blocks, as CommonMark reads them: from a line
    of three or more backticks or tildes (indented under a list item or not) to the line that
    closes it with as many or more of the same, or to the end of the text; of a
    reStructuredText document's literal blocks (:func:`literal_blocks`) and directives' lines
    (:data:`_DIRECTIVE`); and of Python sessions (:func:`doctest_blocks`). They hold code, not
    prose: ``curl -X POST $API_URL`` defines and uses no short form."""
    blocks: list[tuple[int, int]] = []
    directives = [m.span() for m in _DIRECTIVE.finditer(text)] if ".. " in text else []
    found = [*_fenced_blocks(text), *literal_blocks(text), *doctest_blocks(text), *directives]
    for start, end in sorted(found):
        if not blocks or end > blocks[-1][1]:  # a session in a literal block is in it already
            blocks.append((start, end))
    return blocks


def doctest_blocks(text: str) -> list[tuple[int, int]]:
    """The spans of the Python sessions in a text (:data:`_DOCTEST`), a docstring's examples:
    ">>> fdist = FreqDist()" names no long form *FreqDist* for *fdist*."""
    if ">>>" not in text:
        return []
    blocks, end = [], 0
    for opening in _DOCTEST.finditer(text):
        if opening.start() < end:
            continue  # a prompt inside the block before
        lines = []
        for line in _LINE.finditer(text, opening.start()):
            if not line.group().strip():
                break
            lines.append(line.group().strip())
            end = line.end()
        if any(not line.startswith(">") for line in lines) or any(
            _PYTHON.search(line[3:].lstrip()) for line in lines if line.startswith(">>>")
        ):
            blocks.append((opening.start(), end))
    return blocks


def literal_blocks(text: str) -> list[tuple[int, int]]:
    """The spans of a reStructuredText document's literal blocks: the lines indented under a
    line that ends with "::" or under a directive that holds code (:data:`_LITERAL_OPENING`),
    up to the next line indented no deeper than it."""
    if "::" not in text:
        return []
    blocks = []
    for opening in _LITERAL_OPENING.finditer(text):
        depth = len(opening.group("indent").expandtabs())
        end = -1
        for line in _LINE.finditer(text, opening.end()):
            body = line.group()
            if not body:
                break
            if body.strip():
                if len(body.expandtabs()) - len(body.expandtabs().lstrip()) <= depth:
                    break
                end = line.end()
        if end != -1:
            blocks.append((opening.end(), end))
    return blocks


def _fenced_blocks(text: str) -> list[tuple[int, int]]:
    if "```" not in text and "~~~" not in text:
        return []
    blocks: list[tuple[int, int]] = []
    start, fence, content = 0, "", -1  # where the line before's text starts (-1: blank)
    for line in _LINE.finditer(text):
        marks = _FENCE.match(line.group())
        before, content = content, _content_start(line.group())
        if marks is None:
            continue
        rest = line.group()[marks.end() :]
        if fence:
            if marks.group(2).startswith(fence) and not rest.strip():
                blocks.append((start, line.end()))
                fence = ""
        elif before != -1 and len(marks.group("indent").expandtabs()) > before + 3:
            continue  # runs on a paragraph
        elif not (marks.group(2)[0] == "`" and "`" in rest):  # no backtick in a backtick info
            start, fence = line.start(), marks.group(2)
    if fence:
        blocks.append((start, len(text)))
    return blocks


def _content_start(line: str) -> int:
    """The column where a line's text starts, after its indentation and a list item's marker
    ("   * Fix": 5), or -1 for a blank line."""
    if not line.strip():
        return -1
    spaced = line.expandtabs()
    item = _LIST_ITEM.match(spaced)
    return item.end() if item else len(spaced) - len(spaced.lstrip())


def code_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that hold code, not prose: its fenced code blocks
    (:func:`code_blocks`), an HTML page's scripts, styles and preformatted blocks, its inline
    code, a pair of backticks or of ``<code>`` tags or LaTeX's ``\\texttt{…}`` as the normal
    form reads them ("`AWS_ACCESS_KEY_ID`", "<code>KEY_ID</code>"), what LaTeX reads as names or
    mathematics (:func:`latex_code`), what an Info file holds besides prose
    (:data:`_INFO_CODE`), a manual page's synopsis, printed (:data:`_PRINTED_SYNOPSIS`) or in
    its source (:func:`roff.code`, with its options' tags and examples), and web and e-mail
    addresses."""
    if not (
        holds_any(text, _CODE_CHARACTERS)
        or _may_hold_web_address(text)
        or "#+" in text
        or "::" in text
        or ">>>" in text
        or "]:" in text
        or "\x1f" in text
        or roff.is_roff_page(text)
        or is_manual_page(text)
    ):
        return []  # prose, the common case
    declared = [span for span, _, _ in declarations(text)]  # ":abbr:`LIFO (…)`" is no code
    starts = [start for start, _ in declared]
    org = is_org_document(text)
    inline = [
        match.span()
        for match in (_pairs_and_code_in_links(text) if holds_any(text, "`<\\") or org else ())
        if _holds_code(match) and not within(match.span(), declared, starts)
    ]
    blocks = [match.span() for match in _CODE_ELEMENT.finditer(text)] if "<" in text else []
    org_code = _org_code(text) if org else []
    info_code = _info_code(text) if is_info_document(text) else []
    page_code = roff.code(text) if roff.is_roff_page(text) else _printed_synopsis(text)
    return sorted(
        {
            *code_blocks(text),
            *blocks,
            *inline,
            *latex_code(text),
            *_addresses(text),
            *org_code,
            *info_code,
            *page_code,
            *link_definitions(text),
        }  # inline code once: "<code>" is a pair of marks and an element
    )


def _printed_synopsis(text: str) -> list[tuple[int, int]]:
    """The synopsis of a manual page as `man` prints it (:data:`_PRINTED_SYNOPSIS`), if it is
    one."""
    if not is_manual_page(text):
        return []
    return [match.span("body") for match in _PRINTED_SYNOPSIS.finditer(text)]


def _org_code(text: str) -> list[tuple[int, int]]:
    """The spans of an Org document that hold no prose: its source and example blocks, and the
    keyword that opens a line ("#+TITLE:", not the title after it)."""
    keywords = [(m.start(), m.end()) for m in _ORG_KEYWORD.finditer(text)]
    return [*(m.span() for m in _ORG_BLOCK.finditer(text)), *keywords]


def is_info_document(text: str) -> bool:
    """Whether ``text`` is a GNU Info file: a node opens after a separator character."""
    return "\x1f" in text and _INFO_NODE.search(text) is not None


def is_manual_page(text: str) -> bool:
    """Whether ``text`` is a manual page as `man` prints it (:data:`_MANUAL_PAGE`)."""
    return manual_page_header(text) is not None


def manual_page_header(text: str) -> tuple[int, int] | None:
    """The span of a printed manual page's header line, which names the page ("LS(1)   User
    Commands   LS(1)"), or None for another text."""
    match = _MANUAL_PAGE.match(text)
    return None if match is None else match.span()


def writes_metavariables(text: str) -> bool:
    """Whether ``text`` is documentation that writes a placeholder as a word in capitals (FILE,
    PATTERN, KEY): a GNU Info file or a manual page."""
    return is_info_document(text) or is_manual_page(text)


def _info_code(text: str) -> list[tuple[int, int]]:
    """The spans of an Info file that hold no prose (:data:`_INFO_CODE`,
    :data:`_INFO_LABELLED_NOTE`)."""
    notes = _INFO_LABELLED_NOTE.finditer(text)
    return sorted(
        [
            *(match.span() for match in _INFO_CODE.finditer(text)),
            *(span for match in notes for span in (match.span(1), match.span(2))),
        ]
    )


def may_hold_markup(text: str) -> bool:
    """A cheap test: False when ``text`` holds none of the characters that markup, code, a
    character reference or an address needs, so that it reads as it is given."""
    return (
        holds_any(text, MARKED_CHARACTERS + _CODE_CHARACTERS)
        or _may_hold_web_address(text)
        or may_hold_line_markers(text)
        or "#+" in text
        or "\x1f" in text
        or roff.is_roff_page(text)
    )


def line_markers(text: str) -> list[tuple[int, int]]:
    """The spans of the marks that open each of two or more lines in a row, with the blanks
    around them: an e-mail's quotation marks ("> > "), a comment's ("// ", "# "), a Markdown
    block quote's; words that run on across such a line break ("a support\\n> vector machine
    (SVM)") are one phrase."""
    if not may_hold_line_markers(text):
        return []
    found = list(_LINE_MARKER.finditer(text))
    kept = set()
    for i, (this, after) in enumerate(pairwise(found)):
        line_end = text.find("\n", this.end())
        same = this.group().lstrip()[:1] == after.group().lstrip()[:1]
        if same and line_end != -1 and after.start() == line_end + 1:
            kept |= {i, i + 1}
    return [found[i].span() for i in sorted(kept)]


def may_hold_line_markers(text: str) -> bool:
    """A cheap test: False when no line of ``text`` opens with a mark :func:`line_markers` reads
    (line by line: a regular expression scanning for the line starts took seven times as long)."""
    if not holds_any(text, _LINE_MARKER_STARTS):
        return False
    start, size = 0, len(text)
    while True:
        while start < size and text[start] in " \t":
            start += 1
        if text.startswith(_LINE_MARKER_STARTS, start):
            return True
        start = text.find("\n", start) + 1
        if start == 0:
            return False


def _may_hold_web_address(text: str) -> bool:
    return "://" in text or "www." in text


def holds_any(text: str, pieces: Iterable[str]) -> bool:
    """Whether ``text`` holds one of ``pieces`` (characters, or short strings): a cheap test
    before a search (``in`` with one character costs a small part of a search for a regular
    expression's character class)."""
    for piece in pieces:  # noqa: SIM110 (any() over a generator took twice as long)
        if piece in text:
            return True
    return False


def _addresses(text: str) -> list[tuple[int, int]]:
    """The spans of the web and e-mail addresses in ``text``, in order (one may hold another)."""
    web = _WEB_ADDRESS.finditer(text) if _may_hold_web_address(text) else ()
    return sorted([*(match.span() for match in web), *_email_addresses(text)])


def _email_addresses(text: str) -> Iterator[tuple[int, int]]:
    """The spans of the e-mail addresses in ``text``, each looked for from the start of the
    name before its "@", not from every character of the text (the same matches)."""
    end = 0  # of the last address: the next starts after it
    at = text.find("@")
    while at != -1:
        start = at
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_.+-"):
            start -= 1  # back over the name, as [\w.+-] reads it
        match = _EMAIL_ADDRESS.match(text, start) if start >= end else None
        if match is not None:
            yield match.span()
            end = match.end()
        at = text.find("@", max(at + 1, end))


def latex_code(text: str) -> list[tuple[int, int]]:
    """The spans of a LaTeX text that hold no prose: the keys of citations, references, labels
    and acronyms ("\\cite{lecun1998}", "\\acl{gan}"; not a command that prints a declared short
    form, "\\ac{gan}": :func:`acronym_uses`), verbatim text, listings and mathematics
    (the equation environments; "$…$", "\\(…\\)", "\\[…\\]" or "$$…$$" that holds a command or a
    sub- or superscript, as "$\\mathcal{L}_{CE}$" does; "$\\mathrm{MSE}$" reads as the word it
    sets, and "$5 and $10" is no mathematics), and in a LaTeX source its comments (from a "%"
    that no backslash escapes to the end of the line: "% support vector machine (SVM)")."""
    if "\\" not in text and "$" not in text:
        return []
    uses = {(start, end) for start, end, _, _ in acronym_uses(text)}
    spans = [
        m.span()
        for pattern in (_LATEX_KEY, _LATEX_ENVIRONMENT)
        for m in pattern.finditer(text)
        if m.span() not in uses
    ]
    for match in _MATH.finditer(text):
        if _MATHEMATICS.search(match.group()) and not _TYPED_WORD.fullmatch(match.group()[1:-1]):
            spans.append(match.span())
    if "%" in text and _LATEX_SOURCE.search(text):
        spans += [m.span() for m in _COMMENT.finditer(text)]
    return sorted(spans)


def closing_markup(text: str) -> dict[int, int]:
    """Where the closing marks of emphasis or tags start, each with the end of the closing marks
    that follow one another from there ("<b><i>SVM</i></b>": the offset after "SVM" gives the
    end of "</i></b>")."""
    ends: dict[int, int] = {}
    run_start = run_end = -1
    for start, end, closes in marks(text):
        if closes:
            run_start = run_start if start == run_end else start
            ends[run_start] = run_end = end
    return ends


def marks(text: str) -> Iterator[tuple[int, int, bool]]:
    """The spans of ``text`` that are markup, in order, each with whether it closes: each pair's
    opening and closing marks (:func:`_pairs`), and the markup nested between them (not inside
    code)."""
    return _marks_of(_pairs(text), 0)


def _marks_of(pairs: Iterable[re.Match[str]], offset: int) -> Iterator[tuple[int, int, bool]]:
    for match in pairs:
        inside = next(g for g in _INSIDE if g in match.re.groupindex and match.group(g) is not None)
        yield offset + match.start(), offset + match.start(inside), False
        if not _holds_code(match) and match.groupdict().get("wrap") != "`":
            nested = _MARKUP.finditer(match.group(inside))
            yield from _marks_of(nested, offset + match.start(inside))
        yield offset + match.end(inside), offset + match.end(), True


def _pairs(text: str) -> list[re.Match[str]]:
    """The pairs of marks around text (:data:`_MARKUP`), in order, the reference links of a
    document that defines their labels (:func:`_reference_links`) in place of what they wrap,
    and in an Org document (:func:`is_org_document`) its emphasis (:data:`_ORG_EMPHASIS`) where
    it overlaps none."""
    found = list(_MARKUP.finditer(text))
    links = _reference_links(text)
    if links:
        found = _in_place_of_what_they_wrap(found, links)
    if is_org_document(text):
        found = _with_those_apart(found, _ORG_EMPHASIS.finditer(text))
    if ".. _" in text:
        found = _with_those_apart(found, _simple_references(text))
    return found


def _with_those_apart(
    found: list[re.Match[str]], more: Iterable[re.Match[str]]
) -> list[re.Match[str]]:
    """``found`` (in order) and those of ``more`` that overlap none of them, in order."""
    starts = [match.start() for match in found]
    for match in more:
        i = bisect_right(starts, match.start()) - 1
        if (i < 0 or found[i].end() <= match.start()) and (
            i + 1 == len(found) or match.end() <= found[i + 1].start()
        ):
            found.insert(i + 1, match)
            starts.insert(i + 1, match.start())
    return found


def _simple_references(text: str) -> list[re.Match[str]]:
    """A reStructuredText document's simple references to the targets it defines ("wdb_" where
    ".. _wdb: https://…" defines *wdb*), a name and its underscore: markup after a word, which
    reads as the word."""
    defined = {_label(m.group("target").strip("`")) for m in _REST_TARGET.finditer(text)}
    if not defined:
        return []
    return [m for m in _SIMPLE_REFERENCE.finditer(text) if _label(m.group("simple")) in defined]


def _pairs_and_code_in_links(text: str) -> Iterator[re.Match[str]]:
    """The pairs of marks (:func:`_pairs`) and, after each reference link, the pairs in its text
    ("[`require('addon')`][require]" holds code)."""
    for match in _pairs(text):
        yield match
        if match.re is _REFERENCE_LINK:
            yield from _MARKUP.finditer(text, match.start("link_text"), match.end("link_text"))


def _reference_links(text: str) -> list[re.Match[str]]:
    """The reference links (:data:`_REFERENCE_LINK`) whose label the text defines (labels match
    whatever their case and blanks, as CommonMark matches them)."""
    if "]:" not in text:
        return []
    defined = {_label(m.group("label")) for m in _LINK_DEFINITION.finditer(text)}
    return [
        m
        for m in _REFERENCE_LINK.finditer(text)
        if _label(m.group("ref") or m.group("link_text")) in defined
    ]


def _label(label: str) -> str:
    return " ".join(label.split()).casefold()


def _in_place_of_what_they_wrap(
    found: list[re.Match[str]], links: list[re.Match[str]]
) -> list[re.Match[str]]:
    """``found`` and ``links`` in order, a link taking the place of the pairs inside it
    ("[`Agent`][]": the code is nested in the link) and left out where it crosses one."""
    pair_starts = [pair.start() for pair in found]

    def crosses(offset: int) -> bool:  # some pair opens before the offset and closes after it
        i = bisect_left(pair_starts, offset) - 1
        return i >= 0 and found[i].end() > offset

    kept = [link for link in links if not (crosses(link.start()) or crosses(link.end()))]
    inside = [(link.start(), link.end()) for link in kept]
    starts = [start for start, _ in inside]
    return sorted(
        [*(p for p in found if not within(p.span(), inside, starts)), *kept],
        key=lambda match: match.start(),
    )


def link_definitions(text: str) -> list[tuple[int, int]]:
    """The spans of a Markdown document's link reference definitions ("[RFC 6066]:
    https://…"), lines that show nothing and hold no prose."""
    if "]:" not in text:
        return []
    return [match.span() for match in _LINK_DEFINITION.finditer(text)]


def is_org_document(text: str) -> bool:
    """Whether ``text`` is an Org document: a line opens with one of Org's keywords."""
    return "#+" in text and _ORG_KEYWORD.search(text) is not None


def _holds_code(match: re.Match[str]) -> bool:
    """Whether a match of :func:`_pairs` is inline code: a pair of backticks, of ``<code>``
    tags, LaTeX's ``\\texttt{…}``, or Org's verbatim or code marks."""
    groups = match.groupdict()
    return (
        groups.get("mark") == "`"
        or groups.get("quoted_code") is not None
        or groups.get("ticks") is not None
        or (match.re is _ORG_EMPHASIS and groups["mark"] in _ORG_CODE_MARKS)
        or (groups.get("name") or "").lower() in _CODE_TAGS
        or (groups.get("command_name") or "").lower() == "texttt"
    )
