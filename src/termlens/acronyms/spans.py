"""A growing set of character ranges with fast overlap queries (long documents have thousands)."""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterator


class RangeSet:
    """Character ranges [start, end); ``overlaps`` runs in logarithmic time plus
    the ranges that start within the longest range's length before the query."""

    __slots__ = ("_longest", "_ranges")

    def __init__(self) -> None:
        self._ranges: list[tuple[int, int]] = []
        self._longest = 0

    def add(self, start: int, end: int) -> None:
        """Add the range [start, end)."""
        insort(self._ranges, (start, end))
        self._longest = max(self._longest, end - start)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        """The ranges, in order."""
        return iter(self._ranges)

    def overlaps(self, start: int, end: int) -> bool:
        """Whether [start, end) shares a character with a range of the set."""
        i = bisect_left(self._ranges, (end, -1))
        while i > 0:
            i -= 1
            a, b = self._ranges[i]
            if a < start - self._longest:
                return False
            if b > start and a < end:
                return True
        return False
