"""French long forms without French extraction gold: silver checks of where they start and end.

SDU@AAAI-22 has no French extraction training file, so termlens tags French with the Spanish
model. This tags the sentences of the French disambiguation file (`sdu22-ad/french/train.json`)
as `termlens bench sdu22-ae --lang french` would, then reports:
- how many long forms it finds, and how many start with a French article or preposition or end
  with a function word (the corpus's labels, long forms as its annotators marked them, almost
  never do);
- for long forms right before "(SF)" where `diction.json` knows SF: how many are exactly one of
  the long forms it lists for SF (the dictionary is incomplete and noisy: a lower bound on the
  boundaries' precision, good for comparing versions);
- silver recall: the "(SF)" brackets whose text before them ends with a long form that
  `diction.json` lists for SF (the longest such), and how many of those long forms the tagger
  finds exactly;
- short-form recall on the file's own labels: each sentence's `acronym`, wherever it stands as a
  whole word, found exactly as a short form. The sentences were made by putting the acronym in
  place of its long form, so some read oddly ("ses UC d'évaluation"), and the other acronyms of
  a sentence have no label: a rough measure of French short forms, not a score.

Run by hand: ``python bench/french_long_forms.py``.
"""

from __future__ import annotations

import json
import re

from termlens.acronyms.tagger import FRENCH_LEADING, FRENCH_LEADING_WORDS, default_tagger
from termlens.benchmarks import sdu22_ae
from termlens.benchmarks.data_dir import data_dir

_BRACKET = re.compile(r"\s*\(\s*")
_SHORT_IN_BRACKETS = re.compile(r"\(\s*([^()\s][^()]{0,14}?)\s*\)")
_TRAILING = FRENCH_LEADING_WORDS | {"pour", "et", "en", "à", "sur", "par", "l'", "d'", "l’", "d’"}


def silver_long_forms(text: str, diction: dict[str, list[str]]) -> list[tuple[int, int]]:
    """Spans of the listed long forms that end right before "(SF)", the longest for each SF."""
    out = []
    for match in _SHORT_IN_BRACKETS.finditer(text):
        before = text[: match.start()].rstrip()
        listed = [
            long_form
            for long_form in diction.get(match.group(1), [])
            if before.endswith(long_form)
            and (len(before) == len(long_form) or not before[-len(long_form) - 1].isalnum())
        ]
        if listed:
            out.append((len(before) - len(max(listed, key=len)), len(before)))
    return out


def main() -> None:
    folder = data_dir() / "sdu22-ad" / "french"
    labelled = json.loads((folder / "train.json").read_text(encoding="utf-8"))
    records = [{"ID": str(i), "text": r["sentence"]} for i, r in enumerate(labelled)]
    diction: dict[str, list[str]] = json.loads((folder / "diction.json").read_text("utf-8"))
    found = sdu22_ae.predict(records, default_tagger("fr"), "french")
    long_forms = leading = trailing = before_short = known = listed = silver = exact = 0
    targets = targets_found = 0
    for record, prediction, label in zip(records, found, labelled, strict=True):
        text = str(record["text"])
        starts = {a: text[a:b] for a, b in prediction["acronyms"]}  # type: ignore[union-attr]
        for use in re.finditer(rf"(?<!\w){re.escape(label['acronym'])}(?!\w)", text):
            targets += 1
            targets_found += starts.get(use.start()) == use.group()
        spans = {(a, b) for a, b in prediction["long-forms"]}  # type: ignore[union-attr]
        for a, b in spans:
            long_forms += 1
            leading += FRENCH_LEADING.match(text[a:b]) is not None
            trailing += text[a:b].split()[-1].lower() in _TRAILING
            bracket = _BRACKET.match(text, b)
            short = starts.get(bracket.end()) if bracket else None
            if short is None:
                continue
            before_short += 1
            if short in diction:
                known += 1
                listed += text[a:b] in diction[short]
        expected = silver_long_forms(text, diction)
        silver += len(expected)
        exact += sum(span in spans for span in expected)
    print(f"{len(records)} sentences, {long_forms} long forms")
    print(f"starting with an article or preposition: {leading}; ending with one: {trailing}")
    print(
        f'right before "(SF)": {before_short}; SF in diction.json: {known}; '
        f"exactly a long form it lists: {listed} ({100 * listed / max(known, 1):.1f} %)"
    )
    print(
        f'"(SF)" after a long form diction.json lists for SF: {silver}; '
        f"found exactly: {exact} ({100 * exact / max(silver, 1):.1f} %)"
    )
    print(
        f"uses of the labelled acronyms: {targets}; found exactly as short forms: "
        f"{targets_found} ({100 * targets_found / max(targets, 1):.1f} %)"
    )


if __name__ == "__main__":
    main()
