"""Manual pages in their roff source read as `man` prints them, offsets into the source."""

from __future__ import annotations

import gzip
from itertools import pairwise
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from termlens.acronyms.extract import extract
from termlens.acronyms.identify import find_abbreviations
from termlens.documents import documents_in, read_documents
from termlens.markup import code_spans, is_manual_page
from termlens.normal_form import NormalForm
from termlens.roff import is_roff_page, stretches
from termlens.text import Document

PAGE = r""".\" Hand-written, in the shape of iproute2's pages.
.TH TC\-ECN 8 "5 December 2026" "iproute2" "Linux"
.SH NAME
ECN \- Explicit Congestion Notification marking
.SH SYNOPSIS
.B tc qdisc ... ecn
.RI "[ " LIMIT " ]"
.SH DESCRIPTION
A router uses \fBactive queue management\fR (\fIAQM\fR) to mark packets.
.BR tc (8)
configures it; see
.BR "Random Early Detection" " (" RED ).
.PP
Marks go in the \(lqtype of service\(rq (TOS) byte.\" a comment
.TP
.B \-\-burst PKTS
the largest burst (LB) in packets
.IP \(bu 2
a bullet
"""


def test_a_page_source_reads_as_the_page_man_prints() -> None:
    assert is_roff_page(PAGE) and not is_roff_page("A text. It says .TH in a line.\n.TH X 1")
    text = NormalForm.of(PAGE).text
    assert text.startswith("TC-ECN(8)   Linux   TC-ECN(8)\n\nNAME\n\nECN - Explicit Congestion")
    assert is_manual_page(text)
    assert "A router uses active queue management (AQM) to mark packets.\ntc(8)\n" in text
    assert "Random Early Detection (RED)." in text
    assert "in the “type of service” (TOS) byte.\n" in text  # no comment, no escapes
    assert "\n--burst PKTS\nthe largest burst" in text and "\n•\na bullet" in text
    starts = [start for start, _, _ in stretches(PAGE)]
    assert starts == sorted(starts)
    assert all(
        end <= start for (_, end, _), start in zip(stretches(PAGE), starts[1:], strict=False)
    )


def test_definitions_in_a_page_source_point_into_the_source() -> None:
    found = {
        (o.short.text, o.long.text)
        for o in find_abbreviations(PAGE, lang="en")
        if o.long is not None and o.definition is not None and o.definition.short == o.short
    }
    assert {
        ("AQM", "active queue management"),
        ("RED", "Random Early Detection"),
        ("TOS", "type of service"),
    } <= found
    for o in find_abbreviations(PAGE, lang="en"):
        assert PAGE[o.short.start : o.short.end] == o.short.text
    # the synopsis and an option's tag hold code: "[ LIMIT ]" and "--burst PKTS" define nothing
    code = code_spans(PAGE)
    assert any(PAGE[s:e].startswith(".B tc qdisc") for s, e in code)
    assert any(PAGE[s:e].startswith(".B \\-\\-burst") for s, e in code)
    assert all(o.short.text not in ("LIMIT", "PKTS") for o in find_abbreviations(PAGE, lang="en"))


def test_a_block_set_as_written_is_read_an_example_is_code() -> None:
    # lsof(8) lists its modes in a no-fill block; an example holds code
    page = (
        ".TH LSOF 8\n.SH DESCRIPTION\nThe mode is one of the following:\n.IP\n.nf\n"
        "\tAIO\t\tasynchronous I/O\n\tNB\t\tnon-blocking I/O\n.fi\n.EX\n"
        "a dry run (DR) here\n.EE\n"
    )
    found = [(o.short.text, o.long and o.long.text) for o in find_abbreviations(page, lang="en")]
    assert found == [("AIO", "asynchronous I/O"), ("NB", "non-blocking I/O")]


def test_a_printed_pages_synopsis_is_code_as_the_sources_is() -> None:
    # devlink-sb(8) as man prints it: "[ sb SB_INDEX ]" defined SB_INDEX by the words before
    printed = (
        "DEVLINK-SB(8)\t\t\t     Linux\t\t\t DEVLINK-SB(8)\n\nNAME\n"
        "       devlink-sb - devlink shared buffer configuration\n\nSYNOPSIS\n"
        "       devlink sb port pool set DEV/PORT_INDEX [ sb SB_INDEX ]\n"
        "\t       pool POOL_INDEX\n\n"
        "       devlink sb tc bind set DEV/PORT_INDEX [ sb SB_INDEX ]\n\nDESCRIPTION\n"
        "       The shared buffer (SB) is split into pools.\n"
    )
    found = [o for o in find_abbreviations(printed, lang="en") if o.long is not None]
    assert {(o.short.text, o.long.text) for o in found if o.long} == {("SB", "shared buffer")}


def test_the_name_line_defines_the_title_the_header_repeats() -> None:
    # tc-cbq(8): the name line, not the header above it, is the definition, in print and source;
    # the heading NAME runs into no shouted text with the name under it
    printed = (
        "CBQ(8)\t\t\t     Linux\t\t\t CBQ(8)\n\nNAME\n       CBQ - Class Based Queueing\n\n"
        "SYNOPSIS\n       tc qdisc ... cbq [ allot bytes ]\n\nDESCRIPTION\n       The cbq qdisc"
    )
    source = (
        '.TH CBQ 8 "16 December 2001" "iproute2" "Linux"\n.SH NAME\nCBQ \\- Class Based Queueing\n'
        ".SH SYNOPSIS\n.B tc qdisc ... cbq [ allot\nbytes\n.B ]\n.SH DESCRIPTION\nThe cbq qdisc"
    )
    for page in (printed, source):
        found = extract(Document(page, lang="en"))  # the tagger pairs these
        (defining,) = [o for o in found if o.defines]
        assert defining.short.start == page.index("CBQ \\-" if page is source else "CBQ -")
        assert defining.long is not None and defining.long.text == "Class Based Queueing"


def test_a_folder_of_manual_pages_is_read(tmp_path: Path) -> None:
    (tmp_path / "tc-ecn.8.gz").write_bytes(gzip.compress(PAGE.encode()))
    (tmp_path / "ssl.7ssl").write_text(PAGE.replace("TC\\-ECN 8", "SSL 7ssl"), encoding="utf-8")
    (tmp_path / "notes.bak").write_text("not a document", encoding="utf-8")
    assert [p.name for p in documents_in(tmp_path)] == ["ssl.7ssl", "tc-ecn.8.gz"]
    assert [d.id for d in read_documents([str(tmp_path)])] == ["ssl.7ssl", "tc-ecn.8"]


# rst2man's and pod2man's openings: macro definitions whose lines are no requests, strings
GENERATED = r""".\" Man page generated from reStructuredText.
.de1 rstReportMargin
\\$1 \\n[an-margin]
level \\n[rst2man-indent-level]
..
.ie \n(.g .ds Aq \(aq
.el       .ds Aq '
.if t .ds PI \(*p
.if n .ds PI pi
.ie \n(.V<\n(.v \
.  ds tx T\h'-.1667m'\v'.224m'E\v'-.224m'\h'-.125m'X
.el \
.  ds tx TeX
.ds CI interactive \
command
\#  a groff comment
.TH "TOOL" "1" "2023-02-17" "14" "LLVM"
.SH DESCRIPTION
.sp
The tool\*(Aqs \*(CI reads the run\-time type information (RTTI) of \*(PI in \*(tx.
.sp
.nf
.ft C
$ tool \-\-print the sample (TS)
.ft P
.fi
.sp
Call \f(CWread_table (RT)\fR first.
.PP
\f[CB]CCSC\f[R]: Compressed class committed size (KB).
"""


def test_pages_generators_write_read_as_man_prints_them() -> None:
    assert is_roff_page(GENERATED)
    text = NormalForm.of(GENERATED).text
    assert "rstReportMargin" not in text and "level" not in text and "groff" not in text
    # the branches nroff takes; of an ".ie" on a condition it cannot tell, the ".el"
    assert (
        "The tool's interactive command reads the run-time type information (RTTI) of pi in TeX."
        in text
    )
    found = {
        (o.short.text, o.long and o.long.text) for o in extract(Document(GENERATED, lang="en"))
    }
    # a block and words in a constant-width font are code: "(TS)", "(RT)" define nothing
    assert ("RTTI", "run\\-time type information") in found
    assert not {short for short, _ in found} & {"TS", "RT"}
    code = [GENERATED[start:end] for start, end in code_spans(GENERATED)]
    assert "read_table (RT)" in code
    assert not any("CCSC" in span for span in code)  # a glossary's word before its colon


_ROFF_PIECES = st.sampled_from(
    [".TH", ".SH", ".B", ".BR", ".IP", ".TP", ".PP", '.\\"', "\\fB", "\\fR", "\\-", "\\(em",
     "\\*(lq", "\\(", "\\[bu]", '"', '""', " ", "\n", "SVM", "(SVM)", "support", "vector",
     "machine", "\\", ".nf", ".fi", "\\s-1", "\\e", ".de X\n", "..\n", ".ds Q \\(aq\n", "\\*Q",
     "\\*(Aq", "\\f(CW", "\\f[C]", ".ft CW\n", ".Vb\n", ".Ve\n", "\\#", "\\h'1m'", "\\\n"]
)  # fmt: skip


@given(st.lists(_ROFF_PIECES, max_size=40))
def test_spans_of_any_page_source_map_back_into_it(pieces: list[str]) -> None:
    text = ".TH X 1\n" + "".join(pieces)
    found = stretches(text)
    assert all(0 <= s <= e <= len(text) for s, e, _ in found)
    assert all(e <= s for (_, e, _), (s, _, _) in pairwise(found))
    form = NormalForm.of(text)
    for start in range(len(form.text) + 1):
        assert 0 <= form.original(start) <= len(text)
    for o in find_abbreviations(text, lang="en"):
        assert text[o.short.start : o.short.end] == o.short.text
