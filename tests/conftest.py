"""Shared fixtures: the benchmark data directory and hand-made test files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
os.environ.setdefault("HF_HUB_OFFLINE", "1")


def data_dir() -> Path | None:
    """The benchmark data (TERMLENS_DATA, default ../shared/data), or None if it is absent."""
    path = Path(os.environ.get("TERMLENS_DATA", ROOT.parent / "shared" / "data"))
    return path if path.is_dir() else None


@pytest.fixture(scope="session")
def data() -> Path:
    """The benchmark data; skips without it, except under CI where its absence is an error."""
    path = data_dir()
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail("benchmark data not found: set TERMLENS_DATA or put it at ../shared/data")
        pytest.skip("benchmark data not found: set TERMLENS_DATA to run this test")
    return path


@pytest.fixture(scope="session")
def fixtures() -> Path:
    """The hand-made test files."""
    return HERE / "data"
