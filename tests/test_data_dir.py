"""Where scripts, benches and tests look for the benchmark data."""

from pathlib import Path

import pytest

from termlens.benchmarks.data_dir import data_dir

REPOSITORY = Path(__file__).resolve().parent.parent


def test_the_environment_variable_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TERMLENS_DATA", str(tmp_path))
    assert data_dir() == tmp_path


def test_the_default_is_beside_the_repository_whatever_the_working_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("TERMLENS_DATA", raising=False)
    monkeypatch.chdir(tmp_path)
    assert data_dir() == REPOSITORY.parent / "shared" / "data"
