"""Write the held-out tenth of each SDU@AAAI-22 training file and score it with the CLI.

    python bench/sdu22_held_out.py [--data DIR] [--out out] [--part tenth|training]

Record i of each training file is held out when i % 10 == 0 (the bundled models never saw it);
each tenth goes to OUT/<language>-tenth.json and through `termlens bench sdu22-ae`. With
``--part training`` the other nine tenths go instead (OUT/<language>-training.json): in-sample
for the taggers, a larger check on the steps after them.
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
    parser.add_argument("--part", choices=("tenth", "training"), default="tenth")
    args = parser.parse_args()
    args.out.mkdir(exist_ok=True)
    for name, lang in FILES.items():
        training, tenth = sdu22_ae.held_out(
            sdu22_ae.load(args.data / "sdu22-ae" / name / "train.json")
        )
        stem = f"{name.replace('/', '-')}-{args.part}"
        data = args.out / f"{stem}.json"
        records = tenth if args.part == "tenth" else training
        data.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
        command = [sys.executable, "-m", "termlens", "bench", "sdu22-ae", "--data", str(data)]
        command += ["--lang", lang, "--predictions", str(args.out / f"{stem}-predictions.json")]
        subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
