"""How often `--lang auto` reads a text in its own language: the detector that picks the rules and
the tagger model for `termlens find` and `termlens expand`.

Texts: the first 300 records of each SDU@AAAI-22 extraction file (English legal and scientific,
Spanish, Danish, Persian, Vietnamese) and of the French disambiguation file, the first 300 SciAI
dev sentences, and the BARR2 training cases (Spanish clinical). Prints the share of each set
detected as its language, and what the rest was taken for.

Run by hand: ``python bench/language_detection.py``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from termlens.benchmarks import barr2, sciai
from termlens.benchmarks.data_dir import data_dir
from termlens.text import guess_language

PER_SET = 300


def sets(data: Path) -> list[tuple[str, str, list[str]]]:
    """(name, language, texts) for each set."""

    def ae(folder: str) -> list[str]:
        records = json.loads((data / "sdu22-ae" / folder / "train.json").read_text())
        return [r["text"] for r in records[:PER_SET]]

    french = json.loads((data / "sdu22-ad" / "french" / "train.json").read_text())[:PER_SET]
    dev = sciai.load(data / "sciai" / "dev.json")[:PER_SET]
    cases = barr2.load_texts(data / "barr2" / "training_set")
    return [
        ("SDU@AAAI-22 English legal", "en", ae("english/legal")),
        ("SDU@AAAI-22 English scientific", "en", ae("english/scientific")),
        ("SciAI dev sentences", "en", [" ".join(r["tokens"]) for r in dev]),
        ("SDU@AAAI-22 Spanish", "es", ae("spanish")),
        ("BARR2 clinical cases", "es", [cases[k] for k in sorted(cases)]),
        ("SDU@AAAI-22 Danish", "da", ae("danish")),
        ("SDU@AAAI-22 Persian", "fa", ae("persian")),
        ("SDU@AAAI-22 Vietnamese", "vi", ae("vietnamese")),
        ("SDU@AAAI-22 French (disambiguation sentences)", "fr", [r["sentence"] for r in french]),
    ]


def report(detect: Callable[[str], str], data: Path) -> None:
    print("| set | texts | detected as its language | taken for |\n|---|---|---|---|")
    for name, lang, texts in sets(data):
        found = Counter(detect(t) for t in texts)
        others = ", ".join(f"{k} {n}" for k, n in found.most_common() if k != lang) or "—"
        print(f"| {name} | {len(texts)} | {100 * found[lang] / len(texts):.1f} % | {others} |")


if __name__ == "__main__":
    report(guess_language, data_dir())
