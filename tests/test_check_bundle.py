"""scripts/check_bundle.py knows how to rebuild every bundled artifact."""

from __future__ import annotations

import importlib.util
import platform
import sys
from pathlib import Path
from types import ModuleType

from termlens.resources import manifest, record, sha256

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def _check_bundle() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_bundle", SCRIPTS / "check_bundle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_every_bundled_artifact_has_a_step_whose_scripts_exist() -> None:
    steps = _check_bundle().STEPS
    checked = [artifact for step in steps.values() for artifact in step.artifacts]
    assert sorted(checked) == sorted(manifest())  # a new artifact needs a step
    for step in steps.values():
        for command in step.commands:
            assert (SCRIPTS / command[0]).is_file(), command[0]


def test_steps_come_after_the_steps_whose_artifacts_they_read() -> None:
    order = list(_check_bundle().STEPS)
    # the rules read the word list; the sole-sense and several-senses models read the English
    # tagger, the disambiguator and the dictionary; the concept pairs read the dictionary and the kinds;
    # the long-form vectors are the dictionary's
    for before, after in [
        ("wordlist", "taggers"),
        ("dictionary", "disambiguator"),
        ("dictionary", "long-form-vectors"),
        ("disambiguator", "sole-sense"),
        ("taggers", "sole-sense"),
        ("disambiguator", "several-senses"),
        ("taggers", "several-senses"),
        ("dictionary", "concepts"),
        ("kinds", "concepts"),
        ("wordnet", "placement"),
        ("wordnet", "symbols"),
    ]:
        assert order.index(before) < order.index(after)


def test_fitted_json_numbers_agree_to_a_relative_tolerance(tmp_path: Path) -> None:
    check = _check_bundle()
    bundled, rebuilt = tmp_path / "bundled.json", tmp_path / "rebuilt.json"
    bundled.write_text('{"weights": {"a": 0.5970725642344755, "b": 2}, "n": "x"}')
    rebuilt.write_text('{"weights": {"a": 0.5970725642344767, "b": 2}, "n": "x"}')
    sha = sha256(bundled)
    assert check.verdict(bundled, bundled, sha) == "identical"
    assert check.verdict(rebuilt, bundled, sha) == "equal to 1e-09"
    rebuilt.write_text('{"weights": {"a": 0.5971, "b": 2}, "n": "x"}')
    assert check.verdict(rebuilt, bundled, sha) == "DIFFERS"
    rebuilt.write_text('{"weights": {"a": 0.5970725642344755, "b": 2}, "n": "y"}')
    assert check.verdict(rebuilt, bundled, sha) == "DIFFERS"


def test_a_rebuilt_artifact_records_what_it_was_built_on(tmp_path: Path) -> None:
    check = _check_bundle()
    artifact = tmp_path / "weights.json"
    artifact.write_text("{}")
    entry = record(artifact, "w", "1", ["data"], "MIT", "a test")
    assert manifest(tmp_path)["weights.json"] == entry
    assert entry["built_on"].startswith(f"Python {platform.python_version()}, numpy ")
    elsewhere = entry | {"built_on": "Python 3.11.4, numpy 2.3.1, x86_64 other"}
    assert check.built_elsewhere(entry, entry) == ""
    assert (
        check.built_elsewhere(elsewhere, entry)
        == " (bundled on Python 3.11.4, numpy 2.3.1, x86_64 other)"
    )
    unrecorded = {key: value for key, value in entry.items() if key != "built_on"}
    assert check.built_elsewhere(unrecorded, entry) == " (bundled on somewhere unrecorded)"  # type: ignore[arg-type]
