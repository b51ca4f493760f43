"""Disjoint sets (union–find with path halving): the groups that pairs join, directly or
through others."""

from __future__ import annotations


class DisjointSets:
    """Items ``0 .. n-1``, each its own group until joined."""

    def __init__(self, n: int) -> None:
        self._parent = list(range(n))

    def find(self, item: int) -> int:
        """The item that stands for ``item``'s group."""
        parent = self._parent
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    def join(self, kept: int, joined: int) -> None:
        """Put ``joined``'s group into ``kept``'s (whose representative stays)."""
        self._parent[self.find(joined)] = self.find(kept)
