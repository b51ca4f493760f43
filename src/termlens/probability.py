"""Small numeric helpers in plain Python (the rule path imports them without numpy)."""

from __future__ import annotations

import math


def sigmoid(z: float) -> float:
    """The logistic function, safe for any finite ``z`` (clipped where ``exp`` would overflow)."""
    return 1.0 / (1.0 + math.exp(-max(-500.0, min(500.0, z))))
