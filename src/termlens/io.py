"""Reading user input safely and writing output files atomically."""

from __future__ import annotations

import codecs
import gzip
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import IO, Any, Final, TypeGuard

from termlens.errors import InputError, UnreadableFileError

# the files read as input in the current command (None: outside a command, nothing is kept)
_INPUTS: ContextVar[set[Path] | None] = ContextVar("termlens_inputs", default=None)


@contextmanager
def inputs_kept() -> Iterator[None]:
    """Within the block, no file read as input (:func:`note_input`) may be written over: an
    output given the path of one of the command's inputs is an error, not a lost input."""
    token = _INPUTS.set(set())
    try:
        yield
    finally:
        _INPUTS.reset(token)


def note_input(path: Path) -> None:
    """Remember that ``path`` was read as input (inside :func:`inputs_kept`)."""
    inputs = _INPUTS.get()
    if inputs is not None:
        inputs.add(path.resolve())


def check_not_an_input(path: Path) -> None:
    """Refuse to write ``path`` when the current command read it as input."""
    inputs = _INPUTS.get()
    if inputs and path.resolve() in inputs:
        raise InputError(
            f"{path}: is also an input of this command; write the output to another path"
        )


def read_text(path: Path) -> str:
    """Read a UTF-8 text file, gzipped if its name ends in ``.gz``, or raise an InputError
    naming the file and the problem (an UnreadableFileError when the file is there but is no
    UTF-8 text)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file; check the path") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory; give a file") from None
    except OSError as exc:
        raise UnreadableFileError(f"{path}: cannot read ({exc.strerror})") from None
    if path.suffix == ".gz":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError):
            raise UnreadableFileError(f"{path}: not a valid gzip file") from None
    text = decode(data, str(path))
    note_input(path)
    return text


def read_stdin() -> str:
    """Standard input, decoded as :func:`decode` reads a file."""
    return decode(sys.stdin.buffer.read(), "<stdin>")


# Files people give as text that are not: each with what to do instead
_DOCUMENT_FORMATS: Final = (
    (b"%PDF-", "a PDF document, not text; extract its text first, e.g. pdftotext FILE.pdf"),
    (
        b"PK\x03\x04",
        "a ZIP archive, not text; a Word, PowerPoint, Excel, OpenDocument or EPUB file is read "
        "when its name ends in .docx, .pptx, .xlsx, .odt or .epub; else extract its text first",
    ),
    (
        b"\xd0\xcf\x11\xe0",
        "an old Office document (.doc, .xls), not text; save it as UTF-8 text first",
    ),
    (b"\x1f\x8b", "gzip-compressed; name it FILE.gz, which is read decompressed, or gunzip it"),
)


def decode(data: bytes, name: str) -> str:
    """Decode UTF-8 text, or UTF-16 or UTF-32 that starts with its byte order mark (as Windows
    writes "Unicode" text); binary data and other encodings get a clear UnreadableFileError."""
    for magic, what in _DOCUMENT_FORMATS:
        if data.startswith(magic):
            raise UnreadableFileError(f"{name}: {what}")
    if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return _decode_marked(data, "utf-32", name)
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _decode_marked(data, "utf-16", name)
    if b"\x00" in data[:8192] and not _info_index_markers_only(data):
        for order, zeros in (("le", data[1:8192:2]), ("be", data[:8192:2])):
            if zeros and zeros.count(0) > 0.9 * len(zeros):  # ASCII text in two bytes a letter
                raise UnreadableFileError(
                    f"{name}: looks like UTF-16 without a byte order mark; convert it, e.g. "
                    f"iconv -f utf-16{order} -t utf-8"
                )
        raise UnreadableFileError(
            f"{name}: looks like a binary file, not text; give a UTF-8 text file"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UnreadableFileError(
            f"{name}: not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
            "convert it, e.g. iconv -f latin1 -t utf-8"
        ) from None


def _info_index_markers_only(data: bytes) -> bool:
    """Whether every NUL byte in ``data`` opens an index marker of a GNU Info file
    ("\\x00\\x08[index\\x00\\x08]"), which is text for all that."""
    return data.count(b"\x00") == data.count(b"\x00\x08[") + data.count(b"\x00\x08]")


def _decode_marked(data: bytes, encoding: str, name: str) -> str:
    try:
        return data.decode(encoding)  # the mark says the byte order, and is not text
    except UnicodeDecodeError as exc:
        raise UnreadableFileError(
            f"{name}: starts as {encoding.upper()} but is not (bad bytes at offset {exc.start}); "
            "give a UTF-8 text file"
        ) from None


MEMINFO = Path("/proc/meminfo")


def available_memory() -> int | None:
    """The bytes of memory available to a new allocation (Linux: MemAvailable), else None."""
    try:
        lines = MEMINFO.read_text(encoding="ascii").splitlines()
    except OSError:
        return None
    for line in lines:
        name, _, value = line.partition(":")
        fields = value.split()
        if name == "MemAvailable" and fields and digits(fields[0]):
            return int(fields[0]) * 1024
    return None


def digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits, as ``int`` reads them (``str.isdigit`` also takes
    "²", which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def whole_number(value: object) -> TypeGuard[int]:
    """Whether a JSON value is an integer (not true or false, which Python counts as one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_json(path: Path) -> Any:
    """A JSON file's value (:func:`read_text`: gzipped if its name ends in ``.gz``); bad JSON is
    an InputError naming the file and the line."""
    return parse_json(read_text(path), str(path))


def parse_json(text: str, name: str) -> Any:
    """The value of a JSON text read from ``name``; bad JSON is an InputError naming it and the
    line."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{name}: line {exc.lineno}: invalid JSON: {exc.msg}") from None


def read_json_list(path: Path, what: str) -> list[Any]:
    """A JSON file holding a list (:func:`read_json`); anything else is an InputError saying it
    should be a list of ``what``."""
    value = read_json(path)
    if not isinstance(value, list):
        raise InputError(f"{path}: expected a JSON list of {what}")
    return value


def json_lines(text: str, name: str) -> Iterator[tuple[str, Any]]:
    """Each non-blank line's place (``name: line N``) and JSON value; bad JSON is an InputError
    naming the line."""
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{name}: line {number}"
        try:
            yield where, json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{where}: not JSON ({exc.msg})") from None


@contextmanager
def atomic_write(path: Path) -> Iterator[IO[str]]:
    """Write a text file through a temporary file renamed into place only on success."""
    with (
        _renamed_into_place(path) as handle,
        os.fdopen(handle, "w", encoding="utf-8", newline="") as out,
    ):
        yield out


def write_bytes_atomically(path: Path, data: bytes) -> None:
    """Write a binary file through a temporary file renamed into place only on success."""
    with _renamed_into_place(path) as handle, os.fdopen(handle, "wb") as out:
        out.write(data)


@contextmanager
def _renamed_into_place(path: Path) -> Iterator[int]:
    """A handle on a new temporary file beside ``path``, renamed over it when the block ends
    without an error (removed when it does not)."""
    handle, temp = new_file_beside(path)
    try:
        yield handle
        os.chmod(temp, 0o666 & ~_umask())  # mkstemp makes it private; give the usual mode
        check_not_an_input(path)  # read while the block ran
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def new_file_beside(path: Path) -> tuple[int, str]:
    """A new temporary file in ``path``'s folder (its handle and name), to be renamed over it;
    an InputError when the folder is missing or ``path`` is an input of this command."""
    check_not_an_input(path)
    check_writable(path)
    return tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")


def check_writable(path: Path) -> None:
    """Refuse an output path whose folder is missing or which names a folder."""
    if not path.parent.is_dir():
        raise InputError(f"{path}: directory {path.parent} does not exist; create it first")
    if path.is_dir():
        raise InputError(f"{path}: is a directory; give the name of a file to write")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
