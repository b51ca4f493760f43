from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from termlens.acronyms.spans import RangeSet


def test_overlaps_hand_worked() -> None:
    ranges = RangeSet()
    ranges.add(10, 20)
    ranges.add(0, 3)
    assert ranges.overlaps(19, 25) and ranges.overlaps(5, 11) and ranges.overlaps(2, 3)
    assert not ranges.overlaps(3, 10) and not ranges.overlaps(20, 30) and not ranges.overlaps(3, 4)


@given(
    st.lists(st.tuples(st.integers(0, 200), st.integers(1, 60)), max_size=30),
    st.integers(0, 260),
    st.integers(1, 40),
)
def test_overlaps_agrees_with_brute_force(
    pairs: list[tuple[int, int]], start: int, size: int
) -> None:
    ranges = RangeSet()
    for a, length in pairs:
        ranges.add(a, a + length)
    expected = any(a < start + size and start < a + length for a, length in pairs)
    assert ranges.overlaps(start, start + size) == expected
