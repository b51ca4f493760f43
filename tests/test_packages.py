"""Word, PowerPoint, Excel, OpenDocument and EPUB files read as the text their packages hold."""

from __future__ import annotations

import gzip
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from termlens.acronyms.dictionary import AcronymDictionary
from termlens.cli import app
from termlens.errors import InputError, UnreadableFileError
from termlens.packages import package_text, sheet_rows

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
ODF = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
)


def package(path: Path, parts: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, text in parts.items():
            z.writestr(name, text)
    return path


def docx(path: Path, body: str) -> Path:
    return package(
        path, {"word/document.xml": f"<w:document {W}><w:body>{body}</w:body></w:document>"}
    )


def test_a_word_document_reads_as_its_paragraphs_and_table_rows(tmp_path: Path) -> None:
    path = docx(
        tmp_path / "report.docx",
        "<w:p><w:r><w:t>The heart rate (HR) rose</w:t></w:r><w:r><w:tab/><w:t>fast.</w:t></w:r></w:p>"
        "<w:p><w:r><w:del><w:r><w:delText>gone</w:delText></w:r></w:del>"
        "<w:instrText>PAGE</w:instrText><w:t xml:space='preserve'>Kept </w:t></w:r>"
        "<w:r><w:br/><w:t>text.</w:t></w:r></w:p>"
        "<w:tbl><w:tr><w:tc><w:p><w:r><w:t>BP</w:t></w:r></w:p></w:tc>"
        "<w:tc><w:p><w:r><w:t>blood pressure</w:t></w:r></w:p></w:tc></w:tr></w:tbl>"
        "<w:sdt><w:sdtContent><w:p><w:r><w:t>In a content control.</w:t></w:r></w:p>"
        "</w:sdtContent></w:sdt>",
    )
    assert package_text(path) == (
        "The heart rate (HR) rose\tfast.\n\nKept \ntext.\n\nBP\tblood pressure\n\n"
        "In a content control.\n\n"
    )


def test_a_presentation_reads_as_its_slides_in_the_order_it_shows_them(tmp_path: Path) -> None:
    a = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
    p = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
    r = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
    rels = "http://schemas.openxmlformats.org/package/2006/relationships"

    def slide(body: str) -> str:
        return f"<p:sld {a} {p}><p:cSld><p:spTree>{body}</p:spTree></p:cSld></p:sld>"

    path = package(
        tmp_path / "talk.pptx",
        {
            "ppt/presentation.xml": f"<p:presentation {p} {r}><p:sldIdLst><p:sldId r:id='rId3'/>"
            "<p:sldId r:id='rId2'/></p:sldIdLst></p:presentation>",
            "ppt/_rels/presentation.xml.rels": f"<Relationships xmlns='{rels}'>"
            "<Relationship Id='rId2' Target='slides/slide1.xml'/>"
            "<Relationship Id='rId3' Target='slides/slide2.xml'/></Relationships>",
            "ppt/slides/slide1.xml": slide(
                "<p:sp><p:txBody><a:p><a:r><a:t>The SVM wins</a:t></a:r><a:br/>"
                "<a:r><a:t>again.</a:t></a:r></a:p></p:txBody></p:sp>"
            ),
            "ppt/slides/slide2.xml": slide(
                "<p:sp><p:txBody><a:p><a:r><a:t>Support vector machine (SVM)</a:t></a:r></a:p>"
                "</p:txBody></p:sp><p:graphicFrame><a:graphic><a:graphicData><a:tbl><a:tr>"
                "<a:tc><a:txBody><a:p><a:r><a:t>ML</a:t></a:r></a:p></a:txBody></a:tc>"
                "<a:tc><a:txBody><a:p><a:r><a:t>machine learning</a:t></a:r></a:p></a:txBody>"
                "</a:tc></a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>"
            ),
        },
    )
    assert package_text(path) == (
        "Support vector machine (SVM)\n\nML\tmachine learning\n\nThe SVM wins\nagain.\n\n"
    )


def workbook(path: Path, ecg_long: str = "C4") -> Path:
    """Two sheets, as Excel writes them: shared strings (one in rich-text runs), a number, a
    gap in a row (ECG's long form in C4), an inline string; the second sheet named by an
    absolute target."""
    main = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    r = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
    rels = "http://schemas.openxmlformats.org/package/2006/relationships"

    def sheet(rows: str) -> str:
        return f"<worksheet {main}><sheetData>{rows}</sheetData></worksheet>"

    return package(
        path,
        {
            "xl/workbook.xml": f"<workbook {main} {r}><sheets><sheet name='Terms' r:id='rId1'/>"
            "<sheet name='Notes' r:id='rId2'/></sheets></workbook>",
            "xl/_rels/workbook.xml.rels": f"<Relationships xmlns='{rels}'>"
            "<Relationship Id='rId1' Target='worksheets/sheet1.xml'/>"
            "<Relationship Id='rId2' Target='/xl/worksheets/sheet2.xml'/></Relationships>",
            "xl/sharedStrings.xml": f"<sst {main}><si><t>Short form</t></si><si><t>Long form</t>"
            "</si><si><t>Count</t></si><si><t>AE</t></si><si><r><t>adverse </t></r><r><t>event"
            "</t></r></si><si><t>ECG</t></si><si><t>electrocardiogram</t></si></sst>",
            "xl/worksheets/sheet1.xml": sheet(
                "<row r='1'><c r='A1' t='s'><v>0</v></c><c r='B1' t='s'><v>1</v></c>"
                "<c r='C1' t='s'><v>2</v></c></row>"
                "<row r='2'><c r='A2' t='s'><v>3</v></c><c r='B2' t='s'><v>4</v></c>"
                "<c r='C2'><v>12</v></c></row>"
                f"<row r='4'><c r='A4' t='s'><v>5</v></c><c r='{ecg_long}' t='s'><v>6</v></c></row>"
            ),
            "xl/worksheets/sheet2.xml": sheet(
                "<row r='1'><c r='B1' t='inlineStr'><is><t>Every AE was recorded.</t></is></c></row>"
            ),
        },
    )


def test_a_workbook_reads_as_its_sheets_rows_columns_kept(tmp_path: Path) -> None:
    path = workbook(tmp_path / "terms.xlsx")
    assert package_text(path) == (
        "Short form\tLong form\tCount\nAE\tadverse event\t12\nECG\t\telectrocardiogram\n\n"
        "\tEvery AE was recorded.\n\n"
    )
    assert sheet_rows(path) == [
        (1, ["Short form", "Long form", "Count"]),
        (2, ["AE", "adverse event", "12"]),
        (4, ["ECG", "", "electrocardiogram"]),
    ]


def test_a_workbook_s_first_sheet_imports_as_a_dictionary_table(tmp_path: Path) -> None:
    db = tmp_path / "d.sqlite"
    imported = CliRunner().invoke(
        app, ["dict", "import", str(workbook(tmp_path / "t.xlsx", "B4")), "--into", str(db)]
    )
    assert imported.exit_code == 0, imported.stderr
    with AcronymDictionary.open(db) as d:
        assert [(s.long, s.count) for s in d.lookup("AE")] == [("adverse event", 12)]
        assert [s.long for s in d.lookup("ECG")] == ["electrocardiogram"]
    # a row with no long form in its column: named, and nothing imported
    failed = CliRunner().invoke(
        app, ["dict", "import", str(workbook(tmp_path / "g.xlsx")), "--into", str(tmp_path / "e")]
    )
    assert failed.exit_code == 1 and "g.xlsx: line 4: expected a short form and a long form" in (
        failed.stderr
    )
    assert not (tmp_path / "e").exists()


def test_an_opendocument_text_reads_as_its_paragraphs_lists_and_tables(tmp_path: Path) -> None:
    content = (
        f"<office:document-content {ODF}><office:body><office:text>"
        "<text:h>Methods</text:h>"
        "<text:p>A <text:span>body mass index</text:span>"
        "<text:s text:c='2'/>(BMI)<text:note><text:note-body><text:p>1 a note</text:p>"
        "</text:note-body></text:note> was used.</text:p>"
        "<text:list><text:list-item><text:p>one<text:tab/>two</text:p></text:list-item></text:list>"
        "<table:table><table:table-row><table:table-cell><text:p>WHO</text:p></table:table-cell>"
        "<table:table-cell><text:p>World Health Organization</text:p></table:table-cell>"
        "</table:table-row></table:table>"
        "</office:text></office:body></office:document-content>"
    )
    path = package(tmp_path / "notes.odt", {"content.xml": content})
    assert package_text(path) == (
        "Methods\n\nA body mass index  (BMI) was used.\n\none\ttwo\n\n"
        "WHO\tWorld Health Organization\n\n"
    )


def test_an_epub_book_reads_as_its_chapters_in_reading_order(
    tmp_path: Path, find_kinds: Callable[[Path], list[tuple[str, str, str]]]
) -> None:
    chapter = "<html><body><p>{}</p></body></html>"
    path = package(
        tmp_path / "book.epub",
        {
            "META-INF/container.xml": (
                '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>'
                '<rootfile full-path="OEBPS/book.opf"/></rootfiles></container>'
            ),
            "OEBPS/book.opf": (
                '<package xmlns="http://www.idpf.org/2007/opf"><manifest>'
                '<item id="b" href="Text/two%20words.xhtml"/><item id="a" href="Text/one.xhtml"/>'
                '</manifest><spine><itemref idref="a"/><itemref idref="b"/></spine></package>'
            ),
            "OEBPS/Text/one.xhtml": chapter.format("A support vector machine (SVM)."),
            "OEBPS/Text/two words.xhtml": chapter.format("The SVM again."),
        },
    )
    assert package_text(path) == "\n".join(
        [chapter.format("A support vector machine (SVM)."), chapter.format("The SVM again.")]
    )
    assert find_kinds(tmp_path) == [
        ("book", "SVM", "definition"),
        ("book", "SVM", "mention"),
    ]


@pytest.mark.parametrize(
    ("name", "parts", "message"),
    [
        ("a.docx", None, r"a\.docx: not a valid \.docx file"),
        ("a.docx", {"word/other.xml": "<x/>"}, r"a\.docx: no word/document\.xml in it"),
        ("a.odt", {"content.xml": "<office:document"}, r"a\.odt: content\.xml: not well-formed"),
        (
            "a.epub",
            {"META-INF/container.xml": "<container/>"},
            r"a\.epub: META-INF/container\.xml names no rootfile",
        ),
    ],
)
def test_a_broken_package_is_named_in_one_line(
    tmp_path: Path, name: str, parts: dict[str, str] | None, message: str
) -> None:
    path = tmp_path / name
    if parts is None:
        path.write_bytes(b"PK\x03\x04 not a whole zip")
    else:
        package(path, parts)
    with pytest.raises(UnreadableFileError, match=message):
        package_text(path)


def test_a_compressed_package_is_named_as_no_text(tmp_path: Path) -> None:
    path = docx(tmp_path / "report.docx", "<w:p><w:r><w:t>Text.</w:t></w:r></w:p>")
    packed = tmp_path / "report.docx.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    path.unlink()
    result = CliRunner().invoke(app, ["find", str(packed)])
    assert result.exit_code == 1 and "report.docx.gz: a ZIP archive, not text" in result.stderr


def test_a_missing_package_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"nothere\.docx: no such file; check the path"):
        package_text(tmp_path / "nothere.docx")
