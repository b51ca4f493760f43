"""How well `termlens expand`'s confidence says how often its meaning is right, per language.

`bench/expand_vs_definitions.py` measures this on English papers; this measures it on the
SDU@AAAI-22 disambiguation sentences in English (scientific, legal), French and Spanish. Each
sentence is a text given to `expand` (its short forms found by the rules, the tagger and the
words in capitals the ranker's dictionary knows), whose answer for the labelled acronym is
judged: the sole-sense and several-senses models give its confidence, and below 0.3 (the
default threshold) `expand` abstains. The ranker's candidates are the file's `diction.json` and
the training part's gold long forms, its contexts those of the training part and of the bundled
dictionary without that language's SDU@AAAI-22 training files. Two splits of each training file:

- **seen**: the held-out tenth (`disambiguation.held_out`), whose acronyms the training part has;
- **never seen**: the acronyms of one hash fold in ten (`disambiguation.held_out_short_forms`),
  as in the official dev and test sets;
- **never seen, complete**: the same, the candidates taken as a closed list (``expand
  --complete``): each meaning's confidence is its share among them.

The meaning is right when it names the gold's sense (`lexical.same_sense`), so a variant
spelling counts; the answer counted is the likeliest meaning, shown or not. Prints, per set, the
answers, how many are right, their mean confidence, the expected calibration error (10 bins),
and how many `expand` shows and abstains on, with how many of each are right.

Run by hand: ``python bench/expand_calibration.py`` (about six minutes).
"""

from __future__ import annotations

from collections.abc import Sequence

from termlens.acronyms.dictionary import AcronymDictionary
from termlens.acronyms.expand import THRESHOLD, default_dictionary, expand
from termlens.acronyms.lexical import same_sense
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.metrics import expected_calibration_error

LANGUAGES = {"english/scientific": "en", "english/legal": "en", "french": "fr", "spanish": "es"}


def answers(
    folder: str, never_seen: bool, bundled: AcronymDictionary, complete: bool = False
) -> list[tuple[float, bool]]:
    """(confidence, right) of `expand`'s likeliest meaning for each held-out example's acronym
    that it reads and ranks (with ``complete``, among candidates taken as a closed list)."""
    lang = LANGUAGES[folder]
    root = data_dir() / "sdu22-ad" / folder
    examples = ad.load_sdu22(root / "train.json")
    split = ad.held_out_short_forms if never_seen else ad.held_out
    training, held = split(examples)
    named = folder.split("/")[0]  # the language as the SDU@AAAI-22 folders name it
    ranker = ad.sdu22_ranker(
        root / "diction.json", named, training, bundled, complete=complete, language=lang
    )
    out = []
    for example in held:
        expansions = expand(example.context, lang=lang, disambiguator=ranker, threshold=THRESHOLD)
        found = [x for x in expansions if x.short.text == example.short]
        if not found or found[0].source not in ("dictionary", "abstained"):
            continue  # not read, or defined in the sentence
        first = found[0]
        meaning = first.long or (first.alternatives[0][0] if first.alternatives else None)
        if meaning is not None:
            right = same_sense(example.short, meaning, example.gold or "")
            out.append((first.confidence, right))
    return out


def share(part: Sequence[tuple[float, bool]]) -> str:
    right = sum(r for _, r in part)
    return f"{len(part):4d} ({100 * right / max(len(part), 1):5.1f} % right)"


def main() -> None:
    bundled = default_dictionary()
    print(f"{'set':42s} answers  right  mean conf  ECE    {'shown':22s} abstained")
    for never_seen, complete in ((False, False), (True, False), (True, True)):
        for folder in ad.SDU22_FOLDERS:
            pairs = answers(folder, never_seen, bundled, complete)
            right = sum(r for _, r in pairs) / len(pairs)
            confidence = sum(c for c, _ in pairs) / len(pairs)
            shown = [p for p in pairs if p[0] >= THRESHOLD]
            abstained = [p for p in pairs if p[0] < THRESHOLD]
            name = f"{folder}, {'never seen' if never_seen else 'seen'}"
            name += ", complete" if complete else ""
            print(
                f"{name:42s} {len(pairs):5d}  {100 * right:5.1f}  {confidence:8.3f}  "
                f"{expected_calibration_error(pairs):.3f}  {share(shown)}  {share(abstained)}"
            )


if __name__ == "__main__":
    main()
