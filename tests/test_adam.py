"""The training scripts' shared optimiser."""

import numpy as np

from termlens.adam import adam


def test_first_step_moves_each_coordinate_by_the_rate_against_its_gradient() -> None:
    # bias-corrected, the first step is rate * g / (|g| + eps): the sign of the gradient
    w = np.array([1.0, -2.0, 0.5])
    adam([w], lambda step: [np.array([3.0, -0.01, 0.0])], steps=1, rate=0.1)
    assert np.allclose(w, [0.9, -1.9, 0.5])


def test_minimises_a_quadratic_in_two_parameters() -> None:
    a, b = np.zeros(2), np.zeros(1)
    target_a, target_b = np.array([1.5, -0.5]), np.array([2.0])
    steps_seen = []

    def gradients(step: int) -> list[np.ndarray]:
        steps_seen.append(step)
        return [2 * (a - target_a), 2 * (b - target_b)]

    adam([a, b], gradients, steps=2000, rate=0.05)
    assert steps_seen == list(range(1, 2001))
    assert np.allclose(a, target_a, atol=1e-3) and np.allclose(b, target_b, atol=1e-3)
