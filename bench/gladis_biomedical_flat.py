"""GLADIS biomedical dev scored the way its test set is: the gold senses flat in the bundle.

`termlens bench gladis --data biomedical/test.json` ranks the bundled dictionary's candidates,
and the bundle holds GLADIS's UMLS dictionary for the test acronyms (every count 1, no contexts),
beside the popular senses other sources give the same short forms (*Associated Press* for AP,
from Wikipedia counts in the thousands). The dev acronyms have no such entries, so `bench
gladis` on dev mostly lacks the gold (38.70 accuracy). Here a temporary copy of the bundle holds
dev's gold senses as flat biomedical entries, and the bundled ranker decides among them and the
bundle's other senses of each short form. The UMLS lists hold about 35 senses per acronym, so
the test has more distractors of its own domain than this; expect it to score lower.

Run by hand: ``python bench/gladis_biomedical_flat.py`` (about half a minute).
"""

from __future__ import annotations

from termlens.acronyms.expand import DICTIONARY_FILE
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir
from termlens.resources import resource_path


def main() -> None:
    examples = ad.load_gladis(data_dir() / "gladis" / "biomedical" / "dev.json")
    chosen = ad.ranked_among_flat_senses(examples, resource_path(DICTIONARY_FILE), "biomedical")
    scores = ad.score([e.gold or "" for e in examples], chosen)
    print(f"{len(examples)} examples of {len({e.short for e in examples})} short forms")
    print(f"accuracy {scores.accuracy:.2f}  averaged F1 {scores.averaged_f1:.2f}  "
          f"macro P {scores.precision:.2f}  R {scores.recall:.2f}  F1 {scores.f1:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
