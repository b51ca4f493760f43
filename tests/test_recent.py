"""The bounded memory of recent values shared by the rankers and the encoders."""

import pytest

from termlens.recent import Recent


def test_the_least_recently_used_value_is_forgotten_first() -> None:
    memory: Recent[str, int] = Recent(2)
    memory["a"] = 1
    memory["b"] = 2
    assert memory["a"] == 1  # "a" used again: "b" is now the oldest
    memory["c"] = 3
    assert "b" not in memory
    assert ("a" in memory, "c" in memory, len(memory)) == (True, True, 2)


def test_a_value_is_made_once_while_remembered() -> None:
    made: list[str] = []
    memory: Recent[str, str] = Recent(1)

    def make(key: str) -> str:
        made.append(key)
        return key.upper()

    assert [memory.get_or_make(k, make) for k in ("x", "x", "y", "x")] == ["X", "X", "Y", "X"]
    assert made == ["x", "y", "x"]  # "x" forgotten when "y" came in


def test_a_memory_of_no_values_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one value, not 0"):
        Recent(0)
