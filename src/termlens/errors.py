"""Errors raised by termlens. Each message names the bad value and how to fix it."""

from __future__ import annotations


class TermlensError(Exception):
    """Base class of every error termlens raises on purpose."""


class InputError(TermlensError):
    """Input that cannot be read: missing, binary, wrong encoding or wrong format."""


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
