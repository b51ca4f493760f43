"""French long forms without French extraction gold: a silver check of where they start and end.

SDU@AAAI-22 has no French extraction training file, so termlens tags French with the Spanish
model. This tags the sentences of the French disambiguation file (`sdu22-ad/french/train.json`)
as `termlens bench sdu22-ae --lang french` would, then reports:
- how many long forms start with a French article or preposition (the corpus's labels, long
  forms as its annotators marked them, almost never do);
- for long forms right before "(SF)" where `diction.json` knows SF: how many are exactly one of
  the long forms it lists for SF. The dictionary is incomplete and noisy, so read this as a
  lower bound on the boundaries' accuracy, good for comparing versions.

Run by hand: ``python bench/french_long_forms.py``.
"""

from __future__ import annotations

import json
import re

from termlens.acronyms.tagger import FRENCH_LEADING, default_tagger
from termlens.benchmarks import sdu22_ae
from termlens.benchmarks.data_dir import data_dir

_BRACKET = re.compile(r"\s*\(\s*")


def main() -> None:
    folder = data_dir() / "sdu22-ad" / "french"
    records = [
        {"ID": str(i), "text": r["sentence"]}
        for i, r in enumerate(json.loads((folder / "train.json").read_text(encoding="utf-8")))
    ]
    diction: dict[str, list[str]] = json.loads((folder / "diction.json").read_text("utf-8"))
    found = sdu22_ae.predict(records, default_tagger("fr"), "french")
    long_forms = leading = before_short = known = listed = 0
    for record, prediction in zip(records, found, strict=True):
        text = str(record["text"])
        starts = {a: text[a:b] for a, b in prediction["acronyms"]}  # type: ignore[union-attr]
        for a, b in prediction["long-forms"]:  # type: ignore[union-attr]
            long_forms += 1
            leading += FRENCH_LEADING.match(text[a:b]) is not None
            bracket = _BRACKET.match(text, b)
            short = starts.get(bracket.end()) if bracket else None
            if short is None:
                continue
            before_short += 1
            if short in diction:
                known += 1
                listed += text[a:b] in diction[short]
    print(f"{len(records)} sentences, {long_forms} long forms")
    print(f"starting with an article or preposition: {leading}")
    print(
        f'right before "(SF)": {before_short}; SF in diction.json: {known}; '
        f"exactly a long form it lists: {listed} ({100 * listed / max(known, 1):.1f} %)"
    )


if __name__ == "__main__":
    main()
