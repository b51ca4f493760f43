"""Write the held-out tenth of each SDU@AAAI-22 training file and score it with the CLI.

    python bench/sdu22_held_out.py [--data DIR] [--out out]

Record i of each training file is held out when i % 10 == 0 (the bundled models never saw it);
each tenth goes to OUT/<language>-tenth.json and through `termlens bench sdu22-ae`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from termlens.benchmarks import sdu22_ae
from termlens.benchmarks.data_dir import data_dir

FILES = {
    "danish": "danish",
    "english/legal": "english",
    "english/scientific": "english",
    "persian": "persian",
    "spanish": "spanish",
    "vietnamese": "vietnamese",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=data_dir())
    parser.add_argument("--out", type=Path, default=Path("out"))
    args = parser.parse_args()
    args.out.mkdir(exist_ok=True)
    for name, lang in FILES.items():
        _, tenth = sdu22_ae.held_out(sdu22_ae.load(args.data / "sdu22-ae" / name / "train.json"))
        stem = name.replace("/", "-")
        data = args.out / f"{stem}-tenth.json"
        data.write_text(json.dumps(tenth, ensure_ascii=False), encoding="utf-8")
        command = [sys.executable, "-m", "termlens", "bench", "sdu22-ae", "--data", str(data)]
        command += ["--lang", lang, "--predictions", str(args.out / f"{stem}-predictions.json")]
        subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
