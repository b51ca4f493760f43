"""Text read in NFC with ligatures spelled out, offsets mapped back to the text as given."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from termlens import find_abbreviations, markup
from termlens.acronyms.expand import expand
from termlens.acronyms.extract import extract
from termlens.acronyms.tagger import default_tagger
from termlens.benchmarks import sdu22_ae
from termlens.formats import expanded_text
from termlens.markup import closing_markup, code_blocks, code_spans, declared, latex_code
from termlens.normal_form import NormalForm, _may_change, _replaced
from termlens.text import Document, Span

SPANISH = "La Organización Mundial de la Salud (OMS) publicó el índice. Según la OMS, sí."


def _code_in(text: str) -> list[str]:
    """What :func:`markup.code_spans` finds in ``text``, as written."""
    return [text[start:end] for start, end in code_spans(text)]


def test_text_already_in_normal_form_has_none() -> None:
    for text in (SPANISH, ""):
        form = NormalForm.of(text)
        assert form.unchanged and form.text is text
        span = Document(text).span(0, len(text))
        assert form.span(span) is span


def test_a_decomposed_accent_maps_back_to_both_its_characters() -> None:
    form = NormalForm.of("Cafe\u0301 au lait")
    assert not form.unchanged and form.text == "Café au lait"
    assert form.original_span(0, 4) == (0, 5)  # "Café" is five characters as given
    assert form.original_span(5, 7) == (6, 8)  # "au" after it, shifted by one
    assert form.original(3) == 3  # "é" starts where "e" did


def test_a_ligature_is_spelled_out_and_never_split() -> None:
    form = NormalForm.of("the ﬁeld")
    assert not form.unchanged and form.text == "the field"
    assert form.span(Span(4, 9, "field")) == Span(4, 8, "ﬁeld")
    assert form.original_span(4, 9) == (4, 8)
    # a span that starts or ends between "f" and "i" takes the whole ligature
    assert form.original(5) == 4
    assert form.original(5, end=True) == 5


_characters = st.sampled_from(
    # accents that compose or only reorder (dot below before acute), a singleton (ohm sign),
    # ligatures, full-width letters and their ideographic space, and Hangul jamo that compose
    # into one syllable
    [*"a e x \u0301 \u0308 \u0323 é \u2126 ﬁ ﬂ Ｃ （ \u3000 \u1100 \u1161 \u11a8".split(" "), " "]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(_characters, max_size=30).map("".join), st.data())
def test_every_span_maps_to_the_characters_it_was_read_from(text: str, data: st.DataObject) -> None:
    form = NormalForm.of(text)
    spelled_out = text.replace("ﬁ", "fi").replace("ﬂ", "fl").replace("Ｃ", "C").replace("（", "(")
    spelled_out = spelled_out.replace("\u3000", " ")
    assert form.text == unicodedata.normalize("NFC", spelled_out)  # "ﬁ" and an accent: "fí"
    offsets = [form.original(i) for i in range(len(form.text) + 1)]
    assert offsets == sorted(offsets) and offsets[-1] == len(text)
    start = data.draw(st.integers(0, len(form.text)))
    end = data.draw(st.integers(start, len(form.text)))
    original_start, original_end = form.original_span(start, end)
    assert 0 <= original_start <= original_end <= len(text)
    assert form.text[start:end] in NormalForm.of(text[original_start:original_end]).text


def test_rules_read_pdf_ligatures() -> None:
    text = "We learn a ﬁnite state automaton (FSA). The FSA is small."
    found = find_abbreviations(text)
    assert [(o.short.text, o.long.text if o.long else "") for o in found] == [
        ("FSA", "ﬁnite state automaton"),
        ("FSA", "ﬁnite state automaton"),
    ]
    long = found[0].long
    assert long is not None and text[long.start : long.end] == long.text


def test_full_width_letters_and_brackets_are_read_as_ascii() -> None:
    """As Chinese and Japanese input methods write Latin letters: "（ＣＮＮ）"."""
    text = "We train a convolutional neural network （ＣＮＮ）.\u3000The ＣＮＮ"
    found = find_abbreviations(text, lang="en")
    assert [(o.short.text, o.long.text if o.long else "", o.defines) for o in found] == [
        ("ＣＮＮ", "convolutional neural network", True),
        ("ＣＮＮ", "convolutional neural network", False),
    ]
    assert all(text[o.short.start : o.short.end] == o.short.text for o in found)


def test_soft_hyphens_and_zero_width_spaces_are_read_as_nothing() -> None:
    text = "A sup\u00adport vec\u00adtor ma\u00adchine (\u200bSVM\u200b). The SVM wins on VIH/\u200bSIDA."
    form = NormalForm.of(text)
    assert form.text == "A support vector machine (SVM). The SVM wins on VIH/SIDA."
    found = find_abbreviations(text, lang="en")
    assert [(o.short.text, o.long.text if o.long else "") for o in found] == [
        ("SVM", "sup\u00adport vec\u00adtor ma\u00adchine"),  # as given
        ("SVM", "sup\u00adport vec\u00adtor ma\u00adchine"),
    ]
    assert [e.long for e in expand(text) if e.short.text == "SVM"] == ["support vector machine"] * 2
    persian = "شبکه\u200cهای عصبی"  # the zero-width non-joiner is spelling
    assert NormalForm.of(persian).unchanged


def test_citations_glued_to_what_they_cite_are_left_out() -> None:
    """As Wikipedia writes them; a bracketed number that stands apart may be a list's label."""
    text = "A support vector machine[1] (SVM) and the DMCC[2][3] (Dubai). Vapnik.[4] See [5][6]."
    form = NormalForm.of(text)
    assert form.text == "A support vector machine (SVM) and the DMCC (Dubai). Vapnik. See [5][6]."
    assert NormalForm.of(r"the \citep{cortes95} claim").text == "the  claim"
    markdown = "A support vector machine[^1] (SVM), the SVM[^svm].\n\n[^1]: Cortes, 1995."
    assert NormalForm.of(markdown).text == markdown.replace("[^1] ", " ").replace("[^svm]", "")
    found = find_abbreviations(text, lang="en")
    assert [(o.short.text, o.long.text if o.long else "") for o in found] == [
        ("SVM", "support vector machine")
    ]


def test_footnote_numbers_in_superscript_are_left_out() -> None:
    """As journals print them and HTML writes them; not a unit's or a formula's power."""
    text = "The SVM¹ and a CNN<sup>2</sup>; a support vector machine<sup>[3]</sup> (SVM)."
    form = NormalForm.of(text)
    assert form.text == "The SVM and a CNN; a support vector machine (SVM)."
    assert form.span(Span(4, 7, "SVM")) == Span(4, 7, "SVM")
    wikipedia = 'machine<sup class="reference"><a href="#cite_note-1">[1]</a></sup> (SVM)'
    assert NormalForm.of(wikipedia).text == "machine (SVM)"
    assert NormalForm.of("as shown.¹⁻³ The SVM").text == "as shown. The SVM"
    two = "the DO¹ and TREC-8¹ (IO<sup>2</sup>)"
    assert NormalForm.of(two).text == "the DO and TREC-8 (IO)"
    # after a word's closing stop or quote, even a short one's: no power is written so
    stopped = "from 10 a.m.<sup>2</sup> to noon, the “EU”¹ and e.g.³ this"
    assert NormalForm.of(stopped).text == "from 10 a.m. to noon, the “EU” and e.g. this"
    for kept in ("160 km² of land", "x² + y²", "R² = 0.9", "10⁵ cells", "Ca<sup>2+</sup>", "cm⁻¹"):
        assert NormalForm.of(kept).text == kept.replace("<sup>", "").replace("</sup>", "")
    found = extract(Document("We use the SVM¹. The SVM<sup>2</sup> wins.", lang="en"))
    assert [o.short.text for o in found] == ["SVM", "SVM"]


def test_the_marks_that_open_lines_in_a_row_are_left_out() -> None:
    """An e-mail's quotation, a comment, a block quote: a long form runs on across them."""
    text = "> We train a support\n> vector machine (SVM).\n> > nested\n> > quote"
    assert NormalForm.of(text).text == "We train a support\nvector machine (SVM).\nnested\nquote"
    assert NormalForm.of("// a\n//  b\n    # c\n    # d").text == "a\nb\nc\nd"
    assert NormalForm.of("// a\n// b").text == NormalForm.of("\t> a\n\t> b").text == "a\nb"
    for kept in ("# Title\nText\n# Next", "#include <x>\n#define Y", "a > b\n> c"):
        assert NormalForm.of(kept).text == kept  # one line each, or no comment
    found = find_abbreviations("// We train a support\n// vector machine (SVM) here.")
    assert [(o.short.text, o.long.text if o.long else "") for o in found] == [
        ("SVM", "support\n// vector machine")  # as given
    ]
    quoted = "> the report of the United Nations Entity for Gender\n> Equality (UNEGE) here."
    assert [e.long for e in expand(quoted) if e.short.text == "UNEGE"] == [
        "United Nations Entity for Gender Equality"
    ]


def test_wikipedia_source_reads_as_the_page_shows_it() -> None:
    """A wiki link shows its text (after a pipe, if any); a reference is a citation."""
    text = (
        "A [[convolutional neural network]]s (CNNs) and [[Long short-term memory|long short-term"
        ' memory]] (LSTM).<ref name="x">{{cite web |title=LSTM}}</ref> The LSTM<ref name="x" /> won.'
    )
    form = NormalForm.of(text)
    assert form.text == (
        "A convolutional neural networks (CNNs) and long short-term memory (LSTM). The LSTM won."
    )
    found = find_abbreviations(text)
    assert [(o.short.text, o.long.text if o.long else "") for o in found][1:] == [
        ("LSTM", "long short-term memory"),
        ("LSTM", "long short-term memory"),
    ]
    for kept in ("[[le dispositif] de contrôle]", "[[d'UQA] [de FQA], d'URE]]", "<ref>open"):
        assert NormalForm.of(kept).text == kept  # a draft's brackets, a reference never closed


def test_a_jats_articles_references_are_citations() -> None:
    """To its bibliography and footnotes, in superscript or not; a table's is text."""
    article = (
        '<?xml version="1.0"?>\n<article><p>A support vector machine<xref ref-type="bibr" '
        'rid="B1">1</xref> (SVM); the SVM<sup><xref ref-type="bibr" rid="B3">3</xref></sup> won '
        '(Table <xref ref-type="table" rid="T1">1</xref>).</p></article>'
    )
    assert NormalForm.of(article).text.strip() == (
        "A support vector machine (SVM); the SVM won (Table 1)."
    )
    found = find_abbreviations(article)
    assert [(o.short.text, o.long.text if o.long else "") for o in found] == [
        ("SVM", "support vector machine"),
        ("SVM", "support vector machine"),
    ]


def test_the_tagger_reads_pdf_ligatures() -> None:
    text = "We learn a ﬁnite state automaton (FSA) and ﬂow networks. The FSA is small."
    found = extract(Document(text, lang="en"))
    assert [(o.short.text, o.long.text if o.long else "") for o in found] == [
        ("FSA", "ﬁnite state automaton"),
        ("FSA", "ﬁnite state automaton"),
    ]


def test_extraction_benchmark_gives_offsets_in_the_record_text() -> None:
    text = "We learn a ﬁnite state automaton (FSA)."
    (predicted,) = sdu22_ae.predict([{"ID": "1", "text": text}], default_tagger("en"), "english")
    assert predicted["acronyms"] == [[34, 37]]
    assert predicted["long-forms"] == [[11, 32]]
    assert text[11:32] == "ﬁnite state automaton"


def test_decomposed_spanish_tenth_scores_as_given(data: Path) -> None:
    _, records = sdu22_ae.held_out(sdu22_ae.load(data / "sdu22-ae" / "spanish" / "train.json"))
    decomposed = []
    for record in records:
        text = str(record["text"])
        moved = [0]
        for ch in text:
            moved.append(moved[-1] + len(unicodedata.normalize("NFD", ch)))
        copy = dict(record, text=unicodedata.normalize("NFD", text))
        for field in ("acronyms", "long-forms"):
            copy[field] = [[moved[a], moved[b]] for a, b in record[field]]  # type: ignore[attr-defined]
        decomposed.append(copy)
    tagger = default_tagger("es")
    as_given = sdu22_ae.evaluate(sdu22_ae.predict(records, tagger, "spanish"), records)
    nfd = sdu22_ae.evaluate(sdu22_ae.predict(decomposed, tagger, "spanish"), decomposed)
    assert as_given is not None and nfd is not None
    assert nfd.f1 == as_given.f1  # 84.10 against 89.61 before texts were read in NFC


def test_expand_reads_decomposed_text_as_composed() -> None:
    text = "El PIB de España creció. La OMS publicó el índice de masa corporal (IMC)."
    decomposed = unicodedata.normalize("NFD", text)
    want = [(e.long, e.source, e.confidence) for e in expand(text, lang="es")]
    got = expand(decomposed, lang="es")
    assert [(e.long, e.source, e.confidence) for e in got] == want  # PIB 0.79, not 0.81, before
    assert [e.short.text for e in got] == ["PIB", "OMS", "IMC"]
    assert all(decomposed[e.short.start : e.short.end] == e.short.text for e in got)


def test_expand_gives_a_ligatured_definition_in_plain_letters() -> None:
    (expansion,) = expand("We learn a ﬁnite state automaton (FSA).", lang="en")
    assert (expansion.long, expansion.source) == ("finite state automaton", "defined")
    assert expansion.definition is not None and expansion.definition.text == "ﬁnite state automaton"


def test_markdown_emphasis_and_inline_tags_are_left_out() -> None:
    text = "A **support vector machine** (**SVM**) and *in vitro* <i>fertilisation</i>."
    form = NormalForm.of(text)
    assert form.text == "A support vector machine (SVM) and in vitro fertilisation."
    # a span starts after the opening marks and ends before the closing ones
    assert form.span(Span(2, 24, "support vector machine")) == Span(4, 26, "support vector machine")
    assert form.span(Span(26, 29, "SVM")) == Span(32, 35, "SVM")
    # markup inside a span stays inside it
    assert form.span(Span(35, 57, "in vitro fertilisation")).text == "in vitro* <i>fertilisation"


def test_underscore_emphasis_is_left_out_and_underscores_in_words_stay() -> None:
    text = "A _support vector machine_ (__SVM__) and **_in vitro_** tests."
    assert NormalForm.of(text).text == "A support vector machine (SVM) and in vitro tests."
    found = find_abbreviations(text, lang="en")
    assert [(o.short.text, o.long.text if o.long else "") for o in found] == [
        ("SVM", "support vector machine")
    ]
    for other in ("my_var_name (MVN)", "Name: ________ (NM)", "file_name_ x", "a _ b _ c"):
        assert NormalForm.of(other).unchanged, other


def test_titled_short_forms_and_the_way_into_the_normal_form() -> None:
    text = (
        "<abbr title=\"Crohn's disease\"> CD </abbr>, <ACRONYM TITLE='b'>B</ACRONYM>,"
        ' <abbr class=x title="Graphics Interchange Format">GIF</abbr> <abbr>NASA</abbr>'
    )
    found = declared(text)
    assert [(text[slice(*s)], text[slice(*t)]) for s, t in found] == [
        ("CD", "Crohn's disease"),
        ("B", "b"),
        ("GIF", "Graphics Interchange Format"),
    ]
    form = NormalForm.of(text)
    assert form.text == " CD , B, GIF NASA"  # an unquoted attribute is markup too
    for short, _ in found:
        start, end = form.normal(short[0]), form.normal(short[1])
        assert form.text[start:end] == text[slice(*short)]
        assert form.original_span(start, end) == short


def test_nested_and_code_markup() -> None:
    assert NormalForm.of("***x*** <b><i>é</i></b>").text == "x é"
    assert NormalForm.of("`*args*` in <code>**kw**</code>").text == "*args* in **kw**"
    assert NormalForm.of("H<sub>2</sub>O and CO<SUB>2</SUB>").text == "H2O and CO2"
    assert NormalForm.of("SL=**sentence length**, *m*/*z*").text == "SL=sentence length, m/z"


def test_emphasis_that_wraps_tags_is_left_out_with_them() -> None:
    text = "A **<i>support vector machine</i>** (**SVM**) and *<b>x</b>*."
    form = NormalForm.of(text)
    assert form.text == "A support vector machine (SVM) and x."
    assert form.span(Span(2, 24, "support vector machine")) == Span(7, 29, "support vector machine")
    assert closing_markup(text)[29] == 35  # a meaning goes after "</i>**"
    found = find_abbreviations(text)
    assert [(o.short.text, o.long and o.long.text) for o in found] == [
        ("SVM", "support vector machine")
    ]
    # the emphasis must close right after the tags it opens on
    for other in ('x **<a name="Free"></a>#### y ** z', "**<i>x</i> y**z", "a **<b**"):
        assert "*" in NormalForm.of(other).text, other


def test_asterisks_that_are_not_emphasis_stay() -> None:
    for text in (
        "x**2 + y**2",  # inside words
        "2 * 3 * 4",  # spaced
        "A * ( WHCA * )",  # SciAI's tokens
        "p < 0.05* and A*",  # lone
        r"\*not emphasis*",  # escaped
        "* a list item *",
        "Sr. AMOR (Túnez)**, Presidente; Sr. VEGEGA (Argentina)**, Vicepresidente",  # footnotes
        "Nota: *: DL = dentro de los límites **: Los recursos",
        "a<b and c>d",  # not a tag
        "<b>no closing tag",
        "**one line\nto the next**",
    ):
        assert NormalForm.of(text).unchanged, text


def test_html_character_references_are_read_as_their_characters() -> None:
    text = "R&amp;D in the DRC&rsquo;s forests, 2000&ndash;2015 at 800 &#176;C (&#x3bb; &lt; 1)"
    form = NormalForm.of(text)
    assert form.text == "R&D in the DRC’s forests, 2000–2015 at 800 °C (λ < 1)"
    assert form.span(Span(0, 3, "R&D")) == Span(0, 7, "R&amp;D")
    assert form.span(Span(11, 14, "DRC")) == Span(15, 18, "DRC")
    # a span ending inside the characters of a reference takes all of it
    assert form.original_span(14, 15) == (18, 25)
    assert NormalForm.of("**R&amp;D** <i>&lt;b&gt;</i>").text == "R&D <b>"  # text, not a tag


def test_what_is_not_a_character_reference_stays() -> None:
    for text in (
        "AT&T and &copy 2020",  # no semicolon
        "&unknown; &#1; &#xD800;",  # no such name; no character
        "cafe&#x301;",  # an accent that would compose with the letter before it
    ):
        assert NormalForm.of(text).unchanged, text
    assert NormalForm.of('<span title="R&amp;D">x</span>').text == "x"  # inside markup


def test_references_that_would_compose_together_stay() -> None:
    form = NormalForm.of("&#101;&#769; &amp;")
    assert unicodedata.is_normalized("NFC", form.text)
    assert form.text == "&#101;&#769; &amp;"


def test_rules_read_html_references() -> None:
    text = "We study the DRC&rsquo;s forests. The Democratic Republic of the Congo (DRC) is large."
    found = find_abbreviations(text)
    assert [(o.short.start, text[o.short.start : o.short.end]) for o in found] == [
        (13, "DRC"),
        (72, "DRC"),
    ]


def test_emphasis_longer_than_the_bound_stays() -> None:
    long = "word " * 70  # 350 characters between the marks
    assert NormalForm.of(f"**{long.strip()}**").unchanged


_marked_up = st.sampled_from(
    [
        *"a b é \u0301 ﬁ * ** ` <i> </i> <b> </b> ( ) & ;".split(),
        *"&amp; &#769; &#x65; &eacute; &#xFB01; &#1; &lt;i&gt;".split(),
        *r"\emph{ \texttt{ } { $ $\mathrm{ }$ \& \_ \newacronym{a}{ }{ \acro{ ~ \~".split(),
        *r"\ac{a} \acp{a} \gls{b}".split(),
        *"[ ![ ](u) ](a(b)c) ] (".split(),
        *"`_ `__ <https://a.org/b>`_ `` '' ```".split(),  # reStructuredText's references
        *"#+title:\n / + = ][".split(" "),  # an Org document's keyword, marks and links
        " ",
        "\n",
        *"\u200b \u00ad \u2060 \ufeff \u200c".split(" "),  # invisible, and a Persian joiner
        *"¹ ² ⁻ <sup> </sup> [^1] [[ ]] | <ref> </ref> <ref/> SVM km".split(),  # notes, wiki links
        "\n> ",
        "\n// ",
        "\n# ",  # the marks that open quoted and commented lines
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(_marked_up, max_size=30).map("".join), st.data())
def test_every_span_of_marked_up_text_maps_back_in_order(text: str, data: st.DataObject) -> None:
    form = NormalForm.of(text)
    starts = [form.original(i) for i in range(len(form.text) + 1)]
    ends = [form.original(i, end=True) for i in range(len(form.text) + 1)]
    assert starts == sorted(starts) and ends == sorted(ends)
    start = data.draw(st.integers(0, len(form.text)))
    end = data.draw(st.integers(start, len(form.text)))
    original_start, original_end = form.original_span(start, end)
    assert 0 <= original_start <= original_end <= len(text)
    # the span as given, its markup left out and its references read, reads as the normal span
    replaced = _replaced(text)

    def kept(start: int, end: int) -> str:
        inside = {i for s, e, _ in replaced for i in range(s, e)}
        by_start = {s: characters for s, _, characters in replaced}
        return "".join(
            by_start.get(i, text[i]) for i in range(start, end) if i not in inside or i in by_start
        ).replace("ﬁ", "fi")

    def read(start: int, end: int) -> str:
        return unicodedata.normalize("NFC", kept(start, end))

    assert unicodedata.is_normalized("NFC", form.text)
    if form.text != read(0, len(text)):  # read together, references would compose: none is read
        replaced = [stretch for stretch in replaced if not stretch[2]]
    assert form.text == read(0, len(text))
    assert form.text[start:end] in read(original_start, original_end)


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.one_of(_marked_up, st.sampled_from(["> ", ">", "\t", "  ", "//", "#"])), max_size=30
    ).map("".join)
)
def test_the_cheap_test_misses_nothing_the_normal_form_replaces(text: str) -> None:
    """Text the cheap tests pass over (no marked character, no line marker) has nothing replaced."""
    assert _may_change(text) or not _replaced(text)
    assert markup.may_hold_line_markers(text) or not markup.line_markers(text)


def test_a_declaration_nested_in_another_is_read_without_a_crash() -> None:
    for text in [
        r"<abbr title='x'>\newacronym{a}{b}{c}</abbr>",
        r"<abbr title='x'>'\newacronym{}{b}{c}</abbr>",
    ]:
        for o in find_abbreviations(text):
            assert text[o.short.start : o.short.end] == o.short.text
        for e in expand(text):
            assert text[e.short.start : e.short.end] == e.short.text


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(_marked_up, st.sampled_from(["<abbr title='x y'>", "</abbr>", "SVM", "(SVM)"])),
        max_size=30,
    ).map("".join)
)
def test_found_and_expanded_spans_of_marked_up_text_slice_it(text: str) -> None:
    for o in find_abbreviations(text):
        assert text[o.short.start : o.short.end] == o.short.text
    for e in expand(text):
        assert text[e.short.start : e.short.end] == e.short.text
    expanded_text(text, expand(text))


def test_rules_read_markdown_bold() -> None:
    text = "We train a **support vector machine** (**SVM**). The *SVM* is fast."
    found = find_abbreviations(text)
    assert [(text[o.short.start : o.short.end], o.long and o.long.text) for o in found] == [
        ("SVM", "support vector machine"),
        ("SVM", "support vector machine"),
    ]


CODE = "Use the API.\n\n```bash\ncurl -X POST $API_URL\n```\n\nThe SDK (software development kit) wraps it.\n"


def test_code_blocks_are_fenced_as_commonmark_reads_them() -> None:
    start = CODE.index("```")
    end = CODE.index("```\n\nThe") + 4
    assert code_blocks(CODE) == [(start, end)]
    assert code_blocks("a\n~~~~\nPOST\n~~~\nPOST\n") == [(2, 21)]  # a shorter fence closes none
    assert code_blocks("a\n~~~\nPOST\n```\nb") == [(2, 16)]  # nor one of the other mark
    assert code_blocks("a\n    ```\nPOST\n    ```\n") == []  # indented four: runs on the line
    listed = "* Fix\n\n    ```python\n    Page(page_size=10)\n    ```\n"  # under a list item
    assert code_blocks(listed) == [(listed.index("    ```"), len(listed))]
    item = "1. Bash:\n    * Add it to\n       `~/.profile`:\n       ``` bash\n       echo $X\n       ```\n"
    assert code_blocks(item) == [(item.index("       ```"), len(item))]  # under the item's text
    assert code_blocks("run ```POST``` here\n") == []  # inline, mid-line
    assert code_blocks("``` a`b\nPOST\n") == []  # a backtick in a backtick fence's info string
    assert code_blocks("no fences at all") == []


def test_a_restructuredtext_literal_block_and_directive_line_are_code() -> None:
    text = (
        "Example::\n\n    >>> sl = SortedList(['e', 'a'])\n\nThe SortedList type.\n"
        ".. code-block:: python\n   :linenos:\n\n   pm.register(Plugin_1())\n"
        ".. note::\n\n   The API (application programming interface) is stable.\n"
        ".. include:: OPTIONS_HELP.txt\n.. genex:: $<LOWER_CASE:string>\n\n  Lower case.\n"
        ".. toctree::\n   :maxdepth: 1\n\n   /envvar/CMAKE_BUILD_TYPE\n\n"
        ".. warning:: The GPU (graphics processing unit) must be idle.\n"
    )
    code = [text[start:end] for start, end in code_blocks(text)]
    assert code == [
        "\n    >>> sl = SortedList(['e', 'a'])\n",
        ".. code-block:: python",
        "   :linenos:\n\n   pm.register(Plugin_1())\n",
        ".. include:: OPTIONS_HELP.txt",
        ".. genex:: $<LOWER_CASE:string>",
        ".. toctree::",
        "   :maxdepth: 1\n\n   /envvar/CMAKE_BUILD_TYPE\n",
    ]  # a note's and a warning's lines are prose
    found = find_abbreviations(text)
    assert [(o.short.text, o.long and o.long.text) for o in found] == [
        ("API", "application programming interface"),
        ("GPU", "graphics processing unit"),
    ]


def test_a_python_session_is_code_and_an_email_quoted_three_deep_is_not() -> None:
    docstring = (
        "Count the words with a frequency distribution (FD):\n\n"
        "    >>> fdist = FreqDist()\n"
        "    >>> for word in words:\n"
        "    ...     fdist[word] += 1\n\n"
        "Or at once:\n\n"
        ">>> np.isnan(np.nan)\n"
        "True\n"
        ">>> bp1 = brevity_penalty(closest_ref_len, hyp_len)\n"
    )
    assert [docstring[a:b] for a, b in code_blocks(docstring)] == [
        "    >>> fdist = FreqDist()\n    >>> for word in words:\n    ...     fdist[word] += 1\n",
        ">>> np.isnan(np.nan)\nTrue\n>>> bp1 = brevity_penalty(closest_ref_len, hyp_len)\n",
    ]
    found = find_abbreviations(docstring)
    assert [(o.short.text, o.long and o.long.text) for o in found] == [
        ("FD", "frequency distribution")
    ]  # not fdist for FreqDist, nor bp1 for brevity_penalty
    assert code_blocks(">>> import numpy as np\n") == [(0, 23)]  # a statement, nothing printed
    mail = ">>> The support vector machine (SVM) won.\n>>> So did the SVM.\n>> Agreed.\n"
    assert code_blocks(mail) == []
    assert [o.short.text for o in find_abbreviations(mail)] == ["SVM", "SVM"]


def test_a_reference_link_is_markup_where_the_document_defines_its_label() -> None:
    text = (
        "Although named for the [Domain Name System (DNS)][], it does not.\n"
        "See [Shell requirements][] and [`require('addon')`][require]; the [ICU] tables.\n"
        "Cited as [12][13].\n\n"
        "[Domain Name System (DNS)]: https://en.wikipedia.org/wiki/Domain_Name_System\n"
        "[shell  REQUIREMENTS]: #shell-requirements\n"
        "[require]: modules.md#require\n"
        "[ICU]: http://site.icu-project.org/\n"
    )
    form = NormalForm.of(text).text
    assert form.startswith(
        "Although named for the Domain Name System (DNS), it does not.\n"
        "See Shell requirements and require('addon'); the ICU tables.\nCited as [12][13]."
    )  # labels match whatever their case and blanks; [13] is defined nowhere
    code = _code_in(text)
    assert "`require('addon')`" in code  # inline code inside a link's text is code
    assert "[require]: modules.md#require" in code  # a definition line shows nothing
    found = find_abbreviations(text)
    assert [(o.short.text, o.long and o.long.text) for o in found] == [
        ("DNS", "Domain Name System")
    ]  # not "See" for "Shell requirements"


def test_a_comment_ends_at_its_first_closing_mark() -> None:
    # two comments with prose between them: the prose is read (it was lost as one run of tags)
    text = (
        "<!--introduced_in=v0.10.0-->\n\nThe Domain Name System (DNS) resolves names.\n\n"
        "<!-- YAML\nadded: v0.1.27\npr-url: https://github.com/nodejs/node/pull/41678\n-->\n\n"
        "<!--lint disable-->\n\nThe removal of NPN (Next Protocol Negotiation) support.\n"
    )
    form = NormalForm.of(text)
    assert "The Domain Name System (DNS) resolves names." in form.text
    address = text.index("https://")
    assert form.normal(address) == form.normal(text.index("<!-- YAML"))  # left out with it
    found = find_abbreviations(text)
    assert [(o.short.text, o.long and o.long.text) for o in found] == [
        ("DNS", "Domain Name System"),
        ("NPN", "Next Protocol Negotiation"),
    ]  # the address in the comment is no code over the text after it


def test_a_long_form_that_ends_in_code_or_opens_with_it_defines_nothing() -> None:
    text = (
        "Must be `'named'` or `'explicit'` (EC). Use `(x)`, `$HOME`, `--flag` or `#[bench]`.\n"
        "ifft : The inverse of `fft`. A `GCP` (Google Cloud Platform) key.\n"
        "* Experimental (`NAPI_EXPERIMENTAL` is defined): a value.\n"
        "The https://gdpr-info.eu/European Union (EU) rules."
    )
    assert _code_in(text) == [
        "`'named'`",
        "`'explicit'`",
        "`(x)`",
        "`$HOME`",
        "`--flag`",
        "`#[bench]`",
        "`fft`",
        "`GCP`",
        "`NAPI_EXPERIMENTAL`",
        "https://gdpr-info.eu/European",
    ]
    found = [(o.short.text, o.long and o.long.text) for o in find_abbreviations(text) if o.long]
    assert found == [("EU", "European Union")]  # the address glued to its first word stays
    # a short form in code is reported nowhere, whatever its long form
    assert [o.short.text for o in find_abbreviations("A `GCP` (Google Cloud Platform) key.")] == []


def test_nothing_in_a_code_block_is_a_short_form() -> None:
    found = find_abbreviations(CODE)
    assert [(o.short.text, o.long.text if o.long else None) for o in found] == [
        ("SDK", "software development kit")
    ]
    assert [e.short.text for e in expand(CODE)] == ["API", "SDK"]


def test_nothing_in_inline_code_is_a_short_form() -> None:
    text = (
        "Set `AWS_ACCESS_KEY_ID` or <code>GCP_KEY</code> with the SDK (software development kit)."
        " The **`SDK`** wraps the API."
    )
    assert _code_in(text) == [
        "`AWS_ACCESS_KEY_ID`",
        "<code>GCP_KEY</code>",
    ]  # emphasis that wraps code holds prose: its short form stays
    assert code_spans(CODE) == code_blocks(CODE)
    page = (
        "<p>The API.</p><script>var API_KEY;</script><PRE class=x>\nGET /API\n</PRE>"
        "<p>A software development kit (SDK).</p>"
    )
    assert _code_in(page) == [
        "<script>var API_KEY;</script>",
        "<PRE class=x>\nGET /API\n</PRE>",
    ]
    assert [o.short.text for o in extract(Document(page, lang="en"))] == ["API", "SDK"]
    assert [o.short.text for o in extract(Document(text, lang="en"))] == ["SDK", "SDK", "API"]
    found = expand(text, lang="en")
    assert [e.short.text for e in found] == ["SDK", "SDK", "API"]
    # between two backticks or more: reStructuredText's inline literals, a code span that holds
    # a backtick; not LaTeX's quotes
    doubled = "Added ``(*PRUNE)`` and ```a `` b``` to ``first'' and ``second'' SDK quotes."
    assert _code_in(doubled) == [
        "``(*PRUNE)``",
        "```a `` b```",
    ]
    assert [o.short.text for o in extract(Document(doubled, lang="en"))] == ["SDK"]


def test_inline_code_in_a_link_or_over_a_line_break_is_code() -> None:
    # as DocBook writes a command's name: inside a link, or emphasis, and wrapped
    page = (
        '<p>Run <a href="x.html"><code class="command">DROP USER</code></a> and '
        "<em><code>VALIDATE\n  CONSTRAINT</code></em>, then <tt>ls</tt>.</p>"
    )
    assert _code_in(page) == [
        '<code class="command">DROP USER</code>',
        "<code>VALIDATE\n  CONSTRAINT</code>",
        "<tt>ls</tt>",
    ]
    nested = "<p><code>ALTER <em><code>name</code></em> SET SCHEMA</code> moves it.</p>"
    assert max(code_spans(nested)) == (3, nested.index(" moves"))  # code holds code in turn


def test_code_defines_nothing_for_the_prose_around_it() -> None:
    text = "### Timezone\n\nUse `Timezone(timezone.utc)` in code. A Timezone, named so."
    for found in (find_abbreviations(text), extract(Document(text, lang="en"))):
        assert all(o.long is None for o in found)  # not *timezone.utc*, a call's argument
    assert all(e.definition is None for e in expand(text, lang="en"))
    # a short form in code that prose defines stays defined where prose uses it
    prose = "The `CLI` (command-line interface) runs; the CLI exits."
    assert [(o.short.text, o.long and o.long.text) for o in find_abbreviations(prose)] == [
        ("CLI", "command-line interface")
    ]


def test_html_block_tags_read_as_line_breaks_and_cells_as_tabs() -> None:
    page = (
        "<h2>Glossary</h2>\n<dl><dt>API</dt><dd>Application Programming Interface</dd></dl>"
        "<table><tr><td>CLI</td> <td>Command-Line Interface</td></tr></table><p>The API.<br/>x"
    )
    form = NormalForm.of(page)
    assert form.text == (  # a heading ends a paragraph, and so does an entry that the next follows
        "\n\nGlossary\n\nAPI\tApplication Programming Interface\n\nCLI\tCommand-Line Interface\n"
        "The API.\nx"
    )
    assert (
        NormalForm.of("<p>One.</p>\n<p>Two.<br>Three.</p>").text == "\n\nOne.\n\nTwo.\nThree.\n\n"
    )
    heading = "<h2>Multimedia handlers</h2>\n<p>Media types (MIME types) are kept.</p>"
    assert [(o.short.text, o.long) for o in extract(Document(heading, lang="en"))] == [
        ("MIME", None)
    ]
    found = extract(Document(page, lang="en"))
    assert [(o.short.text, o.long and o.long.text, o.defines) for o in found] == [
        ("API", "Application Programming Interface", True),
        ("CLI", "Command-Line Interface", True),
        ("API", "Application Programming Interface", False),
    ]
    for occurrence in found:
        assert page[occurrence.short.start : occurrence.short.end] == occurrence.short.text


def test_no_long_form_runs_from_one_entry_of_a_list_into_the_next() -> None:
    # a book's index (PostgreSQL 15's): each entry a <dt>, its pages links after a comma
    index = (
        '<dl><dt id="e1">psql, <a class="indexterm" href="app-psql.html">psql</a></dt>'
        '<dt id="e2">Python, <a class="indexterm" href="plpython.html">PL/Python — Python '
        "Procedural Language</a></dt></dl>"
    )
    assert NormalForm.of(index).text == (
        "\npsql, psql\n\nPython, PL/Python — Python Procedural Language\n"
    )
    assert [(o.short.text, o.long and o.long.text) for o in find_abbreviations(index)] == [
        ("PL/Python", "Python Procedural Language")  # not *psql⏎Python*
    ]
    features = (  # the items of a list
        '<ul><li class="listitem"><p>ISO/IEC 9075-14 XML-related specifications (SQL/XML)</p>'
        '<a id="id-1" class="indexterm"></a></li><li class="listitem"><p>ISO/IEC 9075-15 '
        "Multi-dimensional arrays (SQL/MDA)</p></li></ul>"
    )
    found = extract(Document(features, lang="en"))
    assert [o.long for o in found if o.short.text == "SQL/MDA"] == [None]  # nothing across </li>
    # a glossary's rows, each an entry, still read as a glossary's lines
    rows = (
        "<table><tr><td>AE</td><td>adverse event</td></tr>"
        "<tr><td>SAE</td><td>serious adverse event</td></tr></table>"
    )
    assert [(o.short.text, o.long and o.long.text) for o in find_abbreviations(rows)] == [
        ("AE", "adverse event"),
        ("SAE", "serious adverse event"),
    ]


LATEX = r"""\newacronym[longplural={CNNs}]{cnn}{CNN}{convolutional neural network}
\DeclareAcronym{ml}{
  long = {machine learning, broadly} ,
  short = ML
}
\acro{NLP}[NLP]{natural language processing}
We train a \emph{support \textbf{vector} machine} (\textsc{SVM}) and a CNN~\cite{lecun1998}.
The mean squared error ($\mathrm{MSE}$) of the ML model, in R\&D, is $\mathcal{L}_{MSE}$.
\begin{equation}
  \mathrm{NLP} = \frac{1}{n}
\end{equation}
See Table~\ref{tab:SVM}, \ac{cnn} and \texttt{SVM\_C}; it costs $5 and $10 per NLP model.
"""


def test_latex_type_commands_are_left_out_and_escapes_read() -> None:
    text = r"A \emph{support \textbf{vector} machine} (\textsc{SVM}), ($\mathrm{MSE}$), R\&D."
    form = NormalForm.of(text)
    assert form.text == "A support vector machine (SVM), (MSE), R&D."
    assert form.span(Span(2, 24, "support vector machine")).text == (
        r"support \textbf{vector} machine"
    )
    assert form.span(Span(26, 29, "SVM")) == Span(50, 53, "SVM")
    # the marks that close on a short form, where the expanded text puts its meaning
    assert text[closing_markup(text)[53] :].startswith("), ($")
    assert text[closing_markup(text)[text.index("MSE") + 3] :].startswith("), R")
    # code stays as written; an escape is read once, not again as a reference
    assert NormalForm.of(r"\texttt{\emph{x}} \&amp;").text == r"\emph{x} &amp;"
    assert NormalForm.of(r"\emph{x").unchanged and NormalForm.of("C:\\temp").unchanged


def test_a_latex_tie_reads_as_a_space() -> None:
    text = r"We minimise the mean squared error~(MSE) of \citet{x}, see Table~\ref{t}; Espa\~{n}a."
    form = NormalForm.of(text)
    # the citation is left out
    assert form.text == text.replace("r~(", "r (").replace("e~\\", "e \\").replace(r"\citet{x}", "")
    found = find_abbreviations(text)
    assert [(o.short.text, o.long and o.long.text) for o in found] == [
        ("MSE", "mean squared error")
    ]
    # outside a LaTeX source a tilde is a tilde: text taken from a PDF, an approximate number
    assert NormalForm.of("Weighted Set Cover~(WSC) of ~5 kDa").unchanged
    # and a LaTeX source writes one as a command
    assert NormalForm.of(r"\emph{x} of \textasciitilde{}5 or \~{}5").text == "x of ~5 or ~5"


def test_latex_declarations_define_their_short_forms() -> None:
    found = declared(LATEX)
    assert [(LATEX[slice(*s)], LATEX[slice(*t)]) for s, t in found] == [
        ("CNN", "convolutional neural network"),
        ("ML", "machine learning, broadly"),
        ("NLP", "natural language processing"),
    ]
    # of a declaration only its short form is read: its long form is the markup's
    assert NormalForm.of(LATEX).text.startswith("CNN\nML\nNLP\nWe train")
    assert declared(r"\DeclareAcronym{x}{short = X}") == []  # no long form: no definition
    # a template's placeholder is no long form either; the key still prints its short form
    template = r"\DeclareAcronym{gan}{short = GAN, long = …} A \ac{gan}."
    assert declared(template) == [] and declared(r"\newacronym{x}{X}{...}") == []
    page = '<abbr title="…">GAN</abbr> and <abbr title="Web 2">W2</abbr>'
    assert [(page[slice(*s)], page[slice(*t)]) for s, t in declared(page)] == [("W2", "Web 2")]
    assert find_abbreviations(template) == []  # nothing defined
    assert [(o.short.text, o.long) for o in extract(Document(template))][-1] == (
        r"\ac{gan}",
        None,
    )
    marked = r"\newacronym{svm}{SVM}{\emph{support} vector machine}"
    [(short, long)] = declared(marked)
    assert (
        marked[slice(*short)] == "SVM" and marked[slice(*long)] == r"\emph{support} vector machine"
    )
    assert [e.long for e in expand(marked + " The SVM.", lang="en")] == [
        "support vector machine"
    ] * 2
    pairs = [
        (LATEX[o.short.start : o.short.end], o.long and LATEX[o.long.start : o.long.end])
        for o in find_abbreviations(LATEX)
    ]
    assert pairs == [
        ("CNN", "convolutional neural network"),
        ("ML", "machine learning, broadly"),
        ("NLP", "natural language processing"),
        ("SVM", "support \\textbf{vector} machine"),
        ("CNN", "convolutional neural network"),
        ("MSE", "mean squared error"),
        ("ML", "machine learning, broadly"),
        ("\\ac{cnn}", "convolutional neural network"),
        ("NLP", "natural language processing"),
    ]  # none in the citation, the equation, the mathematics, the reference or the code


def test_latex_names_and_mathematics_are_code() -> None:
    spans = [LATEX[start:end] for start, end in latex_code(LATEX)]
    assert spans == [
        r"\cite{lecun1998}",
        r"$\mathcal{L}_{MSE}$",
        r"\begin{equation}",
        "\\begin{equation}\n  \\mathrm{NLP} = \\frac{1}{n}\n\\end{equation}",
        r"\end{equation}",
        r"\ref{tab:SVM}",
    ]  # "$\mathrm{MSE}$" reads as the word, "$5 and $10" is prices; "\ac{cnn}" prints CNN
    assert latex_code(r"\(x^2\) and \[ y_1 \] and $$\sum z$$") == [(0, 7), (12, 21), (26, 36)]
    # prices, and the escaped brackets and stray marks of text taken from PDFs, are prose
    assert (
        latex_code(
            r"US$ 180 (US$) and $30,000 for the GPU (US$), \[2\] \(CPU\) $a ^ b$ \[nla space_NN\]"
        )
        == []
    )


def test_a_latex_sources_comments_are_code_and_its_escaped_percent_prose() -> None:
    """LaTeX never prints a comment; "50\\%" is a percentage; outside a LaTeX source, "%" is
    a percentage too."""
    source = "\\section{Results}\nGains of 50\\% (SVM). % support vector machine (SVM)\nEnd."
    assert [source[start:end] for start, end in latex_code(source)] == [
        "% support vector machine (SVM)"
    ]
    assert find_abbreviations(source) == []  # none in the comment, and nothing it defines
    assert latex_code("Growth of 50% (GDP) in \\textbf{gross} terms.") == []


def test_a_latex_command_that_prints_a_declared_short_form_is_a_use_of_it() -> None:
    text = (
        "\\newacronym{gan}{GAN}{generative adversarial network}\n"
        "\\DeclareAcronym{vae}{short = VAE, long = variational autoencoder}\n"
        "\\acro{RL}{reinforcement learning}\n"
        "A \\ac{gan}, two \\acp{ gan }, \\GLS{vae} and \\acs*{RL}; \\acl{gan} (long form only), "
        "\\gls{sample} and \\ac{cnn} (no such declaration) print no short form."
    )
    assert NormalForm.of(text).text.endswith(
        "A GAN, two GANs, VAE and RL; \\acl{gan} (long form only), "
        "\\gls{sample} and \\ac{cnn} (no such declaration) print no short form."
    )
    uses = [(text[s:e], short, printed) for s, e, short, printed in markup.acronym_uses(text)]
    assert uses == [
        ("\\ac{gan}", "GAN", "GAN"),
        ("\\acp{ gan }", "GAN", "GANs"),
        ("\\GLS{vae}", "VAE", "VAE"),
        ("\\acs*{RL}", "RL", "RL"),
    ]
    assert [text[s:e] for s, e in latex_code(text)] == [
        "\\acl{gan}",
        "\\gls{sample}",
        "\\ac{cnn}",
    ]
    found = find_abbreviations(text)
    assert [(o.short.text, o.long and o.long.text, o.defines) for o in found] == [
        ("GAN", "generative adversarial network", True),
        ("VAE", "variational autoencoder", True),
        ("RL", "reinforcement learning", True),
        ("\\ac{gan}", "generative adversarial network", False),
        ("\\acp{ gan }", "generative adversarial network", False),
        ("\\GLS{vae}", "variational autoencoder", False),
        ("\\acs*{RL}", "reinforcement learning", False),
    ]
    expanded = expand(text, lang="en")
    assert [(e.short.text, e.long, e.source) for e in expanded if not e.defines] == [
        ("\\ac{gan}", "generative adversarial network", "defined"),
        ("\\acp{ gan }", "generative adversarial network", "defined"),
        ("\\GLS{vae}", "variational autoencoder", "defined"),
        ("\\acs*{RL}", "reinforcement learning", "defined"),
    ]
    assert "A \\ac{gan} (generative adversarial network), two" in expanded_text(text, expanded)
    assert markup.acronym_uses("\\ac{gan} \\gls{gan}") == []  # nothing declared


def test_a_use_inside_a_declaration_is_part_of_the_declaration() -> None:
    # found by the property test below: the use and the declaration around it were both read,
    # and the normal form of "\newacronym{a}{a}{\ac{a}}{" was "aa}{"
    text = "\\newacronym{a}{A}{\\ac{a} model} then \\ac{a}"
    assert [(text[s:e], printed) for s, e, _, printed in markup.acronym_uses(text)] == [
        ("\\ac{a}", "A")
    ]
    assert markup.acronym_uses(text)[0][0] == text.rindex("\\ac{a}")
    assert NormalForm.of("\\newacronym{a}{a}{\\ac{a}}{").text == "a{"


_latex_pieces = st.sampled_from(
    [
        " ",
        "We",
        "the",
        ",",
        "é",
        "e\u0301",
        "**",
        r"\ac{gan}",
        r"\acp{gan}",
        r"\gls{x}",
        r"\acl{gan}",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_latex_pieces, max_size=20).map("".join))
def test_a_use_by_key_is_found_whole_or_not_at_all(body: str) -> None:
    text = "\\newacronym{gan}{GAN}{generative adversarial network}\n" + body
    commands = [(s, e) for s, e, _, _ in markup.acronym_uses(text)]
    for occurrence in find_abbreviations(text, lang="en"):
        start, end = occurrence.short.start, occurrence.short.end
        assert text[start:end] == occurrence.short.text
        # a command whole, never a part of one ("\\ac{gan}éé" prints the word GANéé)
        assert all(start <= s and e <= end for s, e in commands if s < end and start < e)
        assert (start, end) not in commands or occurrence.long is not None  # a use, defined


def test_expanded_latex_stays_latex() -> None:
    found = expand(LATEX, lang="en")
    assert [(e.short.text, e.long, e.defines) for e in found][:3] == [
        ("CNN", "convolutional neural network", True),
        ("ML", "machine learning, broadly", True),
        ("NLP", "natural language processing", True),
    ]
    text = expanded_text(LATEX, found)
    assert "(\\textsc{SVM}) and a CNN (convolutional neural network)~\\cite{lecun1998}" in text
    assert "ML (machine learning, broadly) model" in text
    assert "\\mathrm{NLP} = " in text and "\\ref{tab:SVM}" in text and "\\ac{cnn}" in text
    assert "per NLP (natural language processing) model" in text


def test_a_markdown_link_is_markup_around_its_text() -> None:
    text = "A [support vector machine](https://en.wikipedia.org/wiki/SVM) (SVM), ![a CNN](img/CNN.png)."
    form = NormalForm.of(text)
    assert form.text == "A support vector machine (SVM), a CNN."
    found = find_abbreviations(text)
    assert [(o.short.start, o.short.text, o.long and o.long.text) for o in found] == [
        (63, "SVM", "support vector machine")
    ]  # not the SVM of the address
    # brackets that make no link stay: a citation, an index, a bracket after a word
    for plain in ("see [1] (2020)", "f[x](t)", r"\[SVM](x)", "[a]\n(b)"):
        assert NormalForm.of(plain).text == plain
    # a link whose text is inline code leads to a page relative to this one: its name is read
    # as no short form defined by the words before it
    page = "the npm `editor` config -- see [`npm-config`](npm-config).)"
    assert NormalForm.of(page).text == "the npm editor config -- see npm-config.)"
    assert find_abbreviations(page) == []
    # so does a link whose destination is its text again, a file's name (zstd's CONTRIBUTING)
    page = "will be licensed\nunder both the [LICENSE](LICENSE) file and [COPYING](COPYING)."
    assert NormalForm.of(page).text == "will be licensed\nunder both the LICENSE file and COPYING."
    assert find_abbreviations(page) == []
    assert NormalForm.of("[Ca(2+)](Ca)").text == "[Ca(2+)](Ca)"


def test_a_restructuredtext_hyperlink_reference_is_markup_around_its_text() -> None:
    text = (
        "The `Transmission Control Protocol`_ (TCP), a `support vector machine "
        "<https://en.wikipedia.org/wiki/SVM>`_ (SVM) and `once`__ here."
    )
    form = NormalForm.of(text)
    assert form.text == (
        "The Transmission Control Protocol (TCP), a support vector machine (SVM) and once here."
    )
    found = find_abbreviations(text)
    assert [(text[o.short.start : o.short.end], o.long and o.long.text) for o in found] == [
        ("TCP", "Transmission Control Protocol"),
        ("SVM", "support vector machine"),
    ]
    # a pair of backticks alone is code; marks glued to a word or spaced make no reference
    code = "See `CACHE_SIZE` and the `TCP`_ layer"
    assert _code_in(code) == ["`CACHE_SIZE`"]
    for kept in ("a`b`_ c", "`x`_y", "` x`_"):
        assert NormalForm.of(kept).text == kept
    # a simple reference ("wdb_") is markup after its name where the document defines the target
    listed = "- wdb_ - Web Debugger\n- PEP8_, snake_case_ and tool_\n\n.. _wdb: https://x.org/wdb\n"
    listed += ".. _`PEP8`: https://peps.python.org/pep-0008/\n"
    assert NormalForm.of(listed).text.startswith(
        "- wdb - Web Debugger\n- PEP8, snake_case_ and tool_"
    )
    assert [(o.short.text, o.long and o.long.text) for o in find_abbreviations(listed)] == [
        ("wdb", "Web Debugger")
    ]


def test_an_org_documents_emphasis_and_links_are_markup_and_its_blocks_code() -> None:
    text = (
        "#+TITLE: Reading notes\n\n* Methods\nWe train a /support vector machine/ (SVM), a "
        "+random forest+ (RF) and a [[https://en.wikipedia.org/wiki/LSTM][long short-term "
        "memory]] (LSTM); ~MAX_LEN~ and =API_KEY= are code, and/or km/h stay.\n"
        "#+begin_src python\nLONG_NAME = 1\n#+END_SRC\nThe SVM wins.\n"
    )
    assert NormalForm.of(text).text == text.replace(
        "/support vector machine/", "support vector machine"
    ).replace("+random forest+", "random forest").replace(
        "[[https://en.wikipedia.org/wiki/LSTM][long short-term memory]]", "long short-term memory"
    ).replace("~MAX_LEN~", "MAX_LEN").replace("=API_KEY=", "API_KEY")
    found = find_abbreviations(text)
    assert [(text[o.short.start : o.short.end], o.long and o.long.text) for o in found] == [
        ("SVM", "support vector machine"),
        ("RF", "random forest"),
        ("LSTM", "long short-term memory"),
        ("SVM", "support vector machine"),
    ]  # not TITLE, MAX_LEN, API_KEY nor LONG_NAME: a keyword and code
    # without a keyword the text is no Org document: its slashes and pluses are text
    plain = text[text.index("We") : text.index("#+begin")]
    assert NormalForm.of(plain).text == plain.replace(
        "[[https://en.wikipedia.org/wiki/LSTM][long short-term memory]]", "long short-term memory"
    )
    # marks glued to a word, or with a blank inside, make no emphasis
    for kept in ("#+title: x\nand/or a/b/ c", "#+title: x\na = b = c", "#+title: x\n~ 5 kDa~"):
        assert NormalForm.of(kept).text == kept


def test_a_gnu_info_files_headers_menus_index_and_quoted_code_are_no_prose() -> None:
    text = (
        "This is demo.info, produced by makeinfo version 6.8 from demo.texi.\n\n"
        "INFO-DIR-SECTION Localization\nSTART-INFO-DIR-ENTRY\n"
        "* demo: (demo).       The GNU Translation Project (TP) tools.\nEND-INFO-DIR-ENTRY\n\n"
        "\x1f\nFile: demo.info,  Node: Top,  Next: Country Codes,  Up: (dir)\n\n"
        "   Translations live in Portable Object (PO) files; set ‘LC_ALL’ or `LANG'.\n\n"
        "* Menu:\n\n* Country Codes::           Codes of the\n"
        "                            Countries (CC)\n\n"
        "\x1f\nFile: demo.info,  Node: Country Codes,  Prev: Top,  Up: Top\n\n"
        "‘BH’\n     Bahrain.\n‘CR’\n     Costa Rica.\n"
        "   A PO file is text; the 'MSGFMT' program compiles it, and don't mind 'em.  *Note\n"
        "Portable Object Templates (POT): (gettext)Templates. and *note Country Codes::.\n\n"
        "\x00\x08[index\x00\x08]\n* Menu:\n\n* PO file:   Top.   (line 3)\n\n"
        "\x1f\nTag Table:\nNode: Top\x7f120\nNode: Country Codes\x7f400\n\x1f\nEnd Tag Table\n"
    )
    found = extract(Document(text, lang="en"))
    assert [(o.short.text, o.long and o.long.text) for o in found] == [
        ("PO", "Portable Object"),
        ("PO", "Portable Object"),
        ("POT", "Portable Object Templates"),
    ]  # not TP nor CC in a menu or a node's name, LC_ALL, LANG, BH, CR or MSGFMT quoted as code
    spans = _code_in(text)
    assert "\x1f\nFile: demo.info,  Node: Top,  Next: Country Codes,  Up: (dir)" in spans
    assert "'MSGFMT'" in spans and "'t mind '" not in spans
    assert (
        "*Note\n" in spans and ": (gettext)Templates." in spans and "*note Country Codes::" in spans
    )
    assert "\x1f\nTag Table:\nNode: Top\x7f120\nNode: Country Codes\x7f400\n" in spans
    # a text with a separator character and no node header is no Info file
    assert code_spans("A \x1f in ‘LC_ALL’ (LA)") == []
    assert markup.writes_metavariables(text)  # FILE, PATTERN: see test_tagger.py
    assert not markup.writes_metavariables("A \x1f in ‘LC_ALL’ (LA)")


def test_nothing_in_a_web_or_mail_address_is_a_short_form() -> None:
    text = (
        "Visit <https://example.com/GPU> or https://example.org/TPU/docs, mail j.doe@NASA.gov "
        "(see www.who.int/CNN). The TPU and the CNN."
    )
    assert code_spans("the AP@0.5 and P@10 of the model") == []  # metrics, not addresses
    assert _code_in(text) == [
        "https://example.com/GPU",
        "https://example.org/TPU/docs",
        "j.doe@NASA.gov",
        "www.who.int/CNN",
    ]
    expanded = expanded_text(text, expand(text, lang="en"))
    assert expanded.startswith(
        "Visit <https://example.com/GPU> or https://example.org/TPU/docs, mail j.doe@NASA.gov "
        "(see www.who.int/CNN). The TPU ("
    )
    tagged = extract(Document(text, lang="en"))
    assert [(o.short.text, o.short.start) for o in tagged] == [("TPU", 112), ("CNN", 124)]


@settings(deadline=None)
@given(
    st.lists(st.sampled_from([*"ab.c@-+_ X9é\n", "jdoe@nasa.gov", "org", "o" * 70]), max_size=40)
)
def test_mail_addresses_found_back_from_each_at_sign_are_the_whole_text_s(
    pieces: list[str],
) -> None:
    text = "".join(pieces)
    whole_text = [match.span() for match in markup._EMAIL_ADDRESS.finditer(text)]
    assert list(markup._email_addresses(text)) == whole_text


def test_a_latex_description_reads_as_a_glossary() -> None:
    text = (
        "\\begin{description}\n  \\item[API] Application Programming Interface\n"
        "  \\item[\\textbf{CLI}] command-line interface\n\\end{description}\nThe CLI."
    )
    assert NormalForm.of(text).text == (
        "\\begin{description}\n  API\tApplication Programming Interface\n"
        "  CLI\tcommand-line interface\n\\end{description}\nThe CLI."
    )
    found = find_abbreviations(text)
    assert [(o.short.text, o.long and o.long.text, o.defines) for o in found] == [
        ("API", "Application Programming Interface", True),
        ("CLI", "command-line interface", True),
        ("CLI", "command-line interface", False),
    ]
    assert all(text[o.short.start : o.short.end] == o.short.text for o in found)


def test_a_web_page_reads_as_its_text() -> None:
    page = (
        "<!DOCTYPE html>\n<html><head><title>Mars 2020</title><meta charset='utf-8'></head>"
        '<body><nav><a href="/CNN/">Home</a></nav><!-- the JPL logo -->'
        '<img src="img/JPL_logo.png" alt="JPL logo"><p>The Jet Propulsion Laboratory (JPL) and '
        "<cite>the JPL</cite>; press <kbd>Ctrl+JPL</kbd>.</p></body></html>"
    )
    assert NormalForm.of(page).text == (
        "\n\nMars 2020\n\nHome\n\nThe Jet Propulsion Laboratory (JPL) and the JPL; press "
        "Ctrl+JPL.\n\n"
    )
    found = extract(Document(page, lang="en"))
    assert [(o.short.text, o.defines) for o in found] == [("JPL", True), ("JPL", False)]
    assert [page[o.short.start : o.short.end] for o in found] == ["JPL", "JPL"]
    # what only looks like tags stays: a linguist's notation, a concentration
    for plain in ("<SA><OBJECT><RV>", "<TITLE>", "raised [Ca(2+)](i) in", "a <b c"):
        assert NormalForm.of(plain).text == plain


def test_a_page_s_navigation_defines_but_is_no_part_of_what_it_says() -> None:
    # a manual's sidebar lists every page's title; it gives the page's own uses their meaning,
    # and nothing in it is reported (nor expanded)
    page = (
        "<!DOCTYPE html>\n<html><body><nav><ul><li><a href='mds.html'>Microarchitectural Data "
        "Sampling (MDS)</a></li><li><a href='taa.html'>The TAA page</a></li></ul></nav>"
        "<h1>Spectre<a class='headerlink' href='#spectre'>¶</a></h1>"
        "<p>Spectre and MDS affect the CPU.</p><div class='related' role='navigation'><div>"
        "next: <a href='os.html'>os — OS routines</a></div></div></body></html>"
    )
    assert markup.navigation(page) == [
        (page.index("<nav>"), page.index("<h1>")),
        (page.index("<div class='related'"), page.index("</body>")),
    ]
    assert markup.navigation("<nav><nav>x</nav> y") == [(0, 19)]  # never closed: to the end
    docbook = '<div class="navheader"><div>Prev</div><td>ALTER TABLE</td></div><p>'
    assert markup.navigation(docbook) == [(0, docbook.index("<p>"))]
    assert "¶" not in NormalForm.of(page).text  # a heading's permalink stands for no text
    found = extract(Document(page, lang="en"))
    assert [(o.short.text, o.long and o.long.text, o.defines) for o in found] == [
        ("MDS", "Microarchitectural Data Sampling", False),
        ("CPU", None, False),
    ]
    assert [e.short.text for e in expand(page, lang="en")] == ["MDS", "CPU"]


def test_every_tag_of_an_html_page_is_markup_whatever_its_case_and_line() -> None:
    page = (
        '<?xml version="1.0"?>\n<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN">\n<HTML><BODY>'
        '<FONT SIZE="2">The <B>CNN</B> <I>beats</I></FONT><CENTER>the <span\nclass="x">SVM'
        "</span>; <OBJECT><VERB></CENTER></BODY></HTML>"
    )
    assert NormalForm.of(page).text == "\nThe CNN beats\nthe SVM; \n"
    found = extract(Document(page, lang="en"))
    assert [page[o.short.start : o.short.end] for o in found] == ["CNN", "SVM"]
    # the same tags in text that is no page stay, as a linguist's notation does
    assert NormalForm.of("The <OBJECT><VERB> order").text == "The <OBJECT><VERB> order"


def test_every_tag_of_an_xml_document_is_markup() -> None:
    article = (  # a JATS article's start: its declaration holds no short form (UTF)
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE article PUBLIC "-//NLM//DTD JATS">\n'
        "<article><front><article-title>Deep CNN models</article-title>\n<abstract><p>A "
        "convolutional neural network (<abbrev>CNN</abbrev>) for MRI.</p></abstract></front>"
    )
    assert NormalForm.of(article).text == (
        "\n\nDeep CNN models\n\nA convolutional neural network (CNN) for MRI.\n\n"
    )
    found = extract(Document(article, lang="en"))
    assert [(article[o.short.start : o.short.end], o.defines) for o in found] == [
        ("CNN", False),
        ("CNN", True),
        ("MRI", False),
    ]


def test_a_restructuredtext_abbr_role_defines_its_short_form() -> None:
    text = "A :abbr:`LIFO (last-in, first-out)` queue. The LIFO order; ``LIFO`` is literal."
    [(short, long)] = declared(text)
    assert text[slice(*short)] == "LIFO" and text[slice(*long)] == "last-in, first-out"
    assert NormalForm.of(text).text == "A LIFO queue. The LIFO order; LIFO is literal."
    found = find_abbreviations(text)
    assert [(o.short.start, o.long and o.long.text, o.defines) for o in found] == [
        (9, "last-in, first-out", True),
        (47, "last-in, first-out", False),
    ]  # not the literal
    assert "The LIFO (last-in, first-out) order" in expanded_text(text, expand(text, lang="en"))
