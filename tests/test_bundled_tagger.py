"""The bundled tagger: it loads from the package, matches its manifest, and keeps its scores."""

from __future__ import annotations

from pathlib import Path

import pytest

from termlens.acronyms.tagger import MODEL_FOR_LANGUAGE, default_tagger, model_file
from termlens.benchmarks import sciai, sdu22_ae
from termlens.resources import manifest, resource_path, sha256


def test_manifest_matches_the_bundled_models() -> None:
    entries = manifest()
    total = 0
    for name in set(MODEL_FOR_LANGUAGE.values()):
        path = resource_path(model_file(name))
        entry = entries[model_file(name)]
        assert entry["sha256"] == sha256(path)
        assert entry["size"] == path.stat().st_size
        assert "CC BY-NC-SA 4.0" in entry["licence"]
        total += entry["size"]
    assert total < 100_000_000


# Floors a little under the numbers in BENCHMARKS.md: a drop below them is a regression.
def test_sciai_dev(data: Path) -> None:
    records = sciai.load(data / "sciai" / "dev.json")
    result = sciai.evaluate(sciai.predict(records, default_tagger("en")), records)
    assert result is not None and result.f1 >= SCIAI_DEV_FLOOR


@pytest.mark.parametrize(
    ("file", "lang", "floor"),
    [
        # a retrain with the same settings moves the English tenths by about half a point: the
        # fifty-first session's (the rules read a defined plural's singular uses) took them from
        # 90.05 / 86.41 to 89.58 / 85.86, with 5-fold over the training tenths 87.55 / 87.25 →
        # 87.48 / 87.28 (docs/benchmarks-log.md, issue 3); the fifty-seventh session's (legal drafting's
        # short forms) took the scientific one from 86.11 to 85.34, 5-fold 87.21 → 87.27; the
        # fifty-ninth session's (one training text relabelled) took the legal one from 89.78 to
        # 89.28, 5-fold 87.62 → 87.57
        ("english/legal", "english", 89.0),
        ("english/scientific", "english", 85.0),
        ("spanish", "spanish", 88.5),
        ("danish", "danish", 91.0),
        ("persian", "persian", 65.5),  # 64.44 before the Persian long-form chooser
    ],
)
def test_sdu22_held_out_tenth(data: Path, file: str, lang: str, floor: float) -> None:
    _, records = sdu22_ae.held_out(sdu22_ae.load(data / "sdu22-ae" / file / "train.json"))
    tagger = default_tagger(sdu22_ae.tagger_code(lang))
    result = sdu22_ae.evaluate(sdu22_ae.predict(records, tagger, lang), records)
    assert result is not None and result.f1 >= floor


SCIAI_DEV_FLOOR = 92.0
