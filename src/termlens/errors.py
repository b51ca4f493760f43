"""Errors raised by termlens. Each message names the bad value and how to fix it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping


class TermlensError(Exception):
    """Base class of every error termlens raises on purpose."""


class InputError(TermlensError):
    """Input that cannot be read: missing, binary, wrong encoding or wrong format."""


class UnreadableFileError(InputError):
    """A file that is there but cannot be read as text: binary, another encoding, bad gzip,
    no permission (a folder's other files can still be read)."""


class OptionError(TermlensError):
    """An option value outside its valid set."""


def choose_one(what: str, value: str, options: tuple[str, ...] | list[str]) -> OptionError:
    """Build the error for an unknown option value, listing the valid ones."""
    return OptionError(f"unknown {what} {value!r}; choose one of: {', '.join(options)}")


def check_text(value: object, reader: str) -> None:
    """Refuse what is not text, naming the function and how to fix it: bytes are to be
    decoded first."""
    if not isinstance(value, str):
        kind = type(value).__name__
        raise TypeError(f"{reader} reads a str, not {kind}; decode bytes first (data.decode())")


def checked_texts(texts: Iterable[object], reader: str) -> Iterator[str]:
    """``texts`` one by one, each refused, by its number, when it is not text; a str itself
    is refused at once (it would be read character by character), and so is a mapping (its
    keys would be read as the texts)."""
    if isinstance(texts, str | bytes):
        kind = type(texts).__name__
        raise TypeError(f"{reader} reads a list of str, one per document, not one {kind}")
    if isinstance(texts, Mapping):
        kind = type(texts).__name__
        raise TypeError(
            f"{reader} reads a list of str, one per document, not a {kind}; give its .values()"
        )
    return _each_text(texts, reader)


def _each_text(texts: Iterable[object], reader: str) -> Iterator[str]:
    for number, text in enumerate(texts, 1):
        if not isinstance(text, str):
            kind = type(text).__name__
            raise TypeError(
                f"{reader}: text {number} is {kind}, not str; decode bytes first (data.decode())"
            )
        yield text
