"""Full-batch Adam, the optimiser the training scripts share (numpy)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

Gradients = Callable[[int], Sequence[np.ndarray]]


def adam(parameters: Sequence[np.ndarray], gradients: Gradients, steps: int, rate: float) -> None:
    """Update ``parameters`` in place by ``steps`` steps of Adam (β₁ 0.9, β₂ 0.999, ε 1e-8).
    ``gradients(step)`` returns the gradient of each parameter at its current value; ``step``
    counts from 1, so a caller can report progress from it."""
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in parameters]
    for step in range(1, steps + 1):
        for value, gradient, (m, v) in zip(parameters, gradients(step), moments, strict=True):
            m[:] = 0.9 * m + 0.1 * gradient
            v[:] = 0.999 * v + 0.001 * gradient**2
            value -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
