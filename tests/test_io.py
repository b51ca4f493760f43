from __future__ import annotations

import codecs
import gzip
from pathlib import Path

import pytest

from termlens.errors import InputError
from termlens.io import read_json_list, read_text


def test_a_gzipped_file_is_read_as_its_text(tmp_path: Path) -> None:
    path = tmp_path / "records.json.gz"
    path.write_bytes(gzip.compress('["ARN señal"]'.encode()))
    assert read_text(path) == '["ARN señal"]'


def test_a_gnu_info_file_with_an_index_marker_is_read_as_text(tmp_path: Path) -> None:
    text = "\x1f\nFile: demo.info,  Node: Index\n\n\x00\x08[index\x00\x08]\n* Menu:\n"
    path = tmp_path / "demo.info"
    path.write_bytes(text.encode())
    assert read_text(path) == text
    path.write_bytes(text.encode() + b"\x00\x01")  # a NUL byte no marker opens
    with pytest.raises(InputError, match="looks like a binary file"):
        read_text(path)


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("broken.json.gz", b"not gzip at all", r"broken\.json\.gz: not a valid gzip file"),
        ("cut.json.gz", gzip.compress(b"[1, 2, 3]")[:12], r"cut\.json\.gz: not a valid gzip file"),
        ("latin.txt", "Señal".encode("latin-1"), r"latin\.txt: not valid UTF-8 \(byte 0xf1"),
        ("image.txt", b"\x89PNG\x00\x00", r"image\.txt: looks like a binary file"),
        (
            "bare.txt",
            "Señal (S)".encode("utf-16-le"),
            r"UTF-16 without a byte order mark; .* utf-16le",
        ),
        (
            "big.txt",
            "Señal (S)".encode("utf-16-be"),
            r"UTF-16 without a byte order mark; .* utf-16be",
        ),
        ("cut.txt", codecs.BOM_UTF16_LE + b"S\x00\x00\xd8", r"starts as UTF-16 but is not"),
        # documents that are no text, named with what to do (not "not valid UTF-8 … iconv")
        ("paper.txt", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", r"a PDF document, not text; .*pdftotext"),
        (
            "notes.txt",
            b"PK\x03\x04\x14\x00\x06\x00",
            r"a ZIP archive, not text; a Word, PowerPoint, Excel, OpenDocument or EPUB file is read",
        ),
        ("old.txt", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", r"an old Office document"),
        ("packed.txt", gzip.compress(b"SVM"), r"gzip-compressed; name it FILE\.gz"),
    ],
)
def test_unreadable_input_is_one_clear_error(
    tmp_path: Path, name: str, data: bytes, message: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(InputError, match=message):
        read_text(path)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-8-sig"])
def test_text_that_starts_with_a_byte_order_mark_is_read_without_it(
    tmp_path: Path, encoding: str
) -> None:
    """Windows writes "Unicode" text as UTF-16 with a mark; offsets count the text's characters."""
    path = tmp_path / "marked.txt"
    text = "Señal de vídeo (SV) 🙂"
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = codecs.BOM_UTF16_BE + data
    path.write_bytes(data)
    assert read_text(path) == text


def test_a_missing_file_or_a_directory_is_named(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"missing\.txt: no such file"):
        read_text(tmp_path / "missing.txt")
    with pytest.raises(InputError, match="is a directory; give a file"):
        read_text(tmp_path)


def test_json_that_is_no_list_of_records_names_the_line_or_what_was_expected(
    tmp_path: Path,
) -> None:
    path = tmp_path / "records.json"
    path.write_text('[\n  {"text": "a"},\n  oops\n]', encoding="utf-8")
    with pytest.raises(InputError, match=r"records\.json: line 3: invalid JSON"):
        read_json_list(path, "records")
    path.write_text('{"text": "a"}', encoding="utf-8")
    with pytest.raises(InputError, match=r"records\.json: expected a JSON list of records"):
        read_json_list(path, "records")
