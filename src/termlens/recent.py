"""A bounded memory of the most recently used values (short forms' senses, texts' vectors)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """The values of the ``size`` most recently used keys; the least recently used is forgotten
    first. Reading a key counts as using it."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a Recent memory holds at least one value, not {size}")
        self.size = size
        self._values: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, key: object) -> bool:
        return key in self._values

    def __getitem__(self, key: K) -> V:
        self._values.move_to_end(key)
        return self._values[key]

    def __setitem__(self, key: K, value: V) -> None:
        self._values[key] = value
        self._values.move_to_end(key)
        if len(self._values) > self.size:
            self._values.popitem(last=False)

    def get_or_make(self, key: K, make: Callable[[K], V]) -> V:
        """The value of ``key``, made by ``make(key)`` and remembered if not known."""
        if key in self._values:
            return self[key]
        value = make(key)
        self[key] = value
        return value
