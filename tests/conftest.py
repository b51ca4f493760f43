"""Shared fixtures: the benchmark data directory and hand-made test files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from termlens.benchmarks.data_dir import data_dir
from termlens.minilm import INSTALL, EnglishEncoder, default_english_encoder, model_dir

HERE = Path(__file__).resolve().parent
os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(scope="session")
def data() -> Path:
    """The benchmark data; skips without it, except under CI where its absence is an error."""
    path = data_dir()
    if not path.is_dir():
        if os.environ.get("CI") == "true":
            pytest.fail("benchmark data not found: set TERMLENS_DATA or put it at ../shared/data")
        pytest.skip("benchmark data not found: set TERMLENS_DATA to run this test")
    return path


@pytest.fixture(scope="session")
def fixtures() -> Path:
    """The hand-made test files."""
    return HERE / "data"


@pytest.fixture(scope="session")
def english_encoder() -> EnglishEncoder:
    """The all-MiniLM-L6-v2 encoder; skips without its package, except under CI (the Makefile
    installs it)."""
    if model_dir() is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"all-MiniLM-L6-v2 not installed: {INSTALL}")
        pytest.skip(f"all-MiniLM-L6-v2 not installed: {INSTALL}")
    return default_english_encoder()
