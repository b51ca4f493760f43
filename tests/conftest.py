"""Shared fixtures: the benchmark data directory and hand-made test files."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from termlens.benchmarks.data_dir import data_dir
from termlens.cli import app
from termlens.minilm import INSTALL, EnglishEncoder, default_english_encoder, model_dir

HERE = Path(__file__).resolve().parent
FindKinds = Callable[[Path], list[tuple[str, str, str]]]
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


@pytest.fixture(scope="session")
def find_kinds() -> FindKinds:
    """`termlens find PATH --format jsonl` as (document, short form, kind) rows."""

    def run(path: Path) -> list[tuple[str, str, str]]:
        result = CliRunner().invoke(app, ["find", str(path), "--format", "jsonl"])
        assert result.exit_code == 0, result.stderr
        rows = [json.loads(line) for line in result.stdout.splitlines()]
        return [(r["doc_id"], r["short_form"]["text"], r["kind"]) for r in rows]

    return run
