"""WordNet placement speed: WordNet load time beside NLTK and ``wn``, then items per second.

Loads, each in a fresh process so nothing is cached: termlens's bundled WordNet; NLTK's reader
on the same Princeton files (extracted to a temporary nltk_data folder); the PyPI ``wn``
package, which must first import a WN-LMF file into its SQLite database (termlens's own export
is used, as ``wn`` cannot download here) and then opens the lexicon. Then the placer's own load:
its ranker and the sentence encoder's weights (which the encoder reads on first use). Placement
speed: all 527 trial + training items, once with a cold cache and once warm, the placer loaded.

Run by hand: ``python bench/placement_speed.py``.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from termlens.benchmarks import semeval16
from termlens.benchmarks.data_dir import data_dir
from termlens.resources import resource_path
from termlens.taxonomy.enrich import default_placer
from termlens.taxonomy.lmf import export
from termlens.taxonomy.wordnet import BUNDLE, LEXNAMES, bundled

DATA = data_dir() / "semeval2016-task14"

TERMLENS_LOAD = """
import time; t = time.perf_counter()
from termlens.taxonomy.wordnet import bundled
wordnet = bundled(); wordnet.from_key("dog#n#1")
print(time.perf_counter() - t)
"""
NLTK_LOAD = """
import sys, time; t = time.perf_counter()
import nltk; nltk.data.path.insert(0, sys.argv[1])
from nltk.corpus.reader.wordnet import WordNetCorpusReader
reader = WordNetCorpusReader(nltk.data.find("corpora/wordnet"), None); reader.synset("dog.n.01")
print(time.perf_counter() - t)
"""
WN_ADD = """
import sys, time; t = time.perf_counter()
import wn; wn.config.data_directory = sys.argv[1]
wn.add(sys.argv[2], progress_handler=None)
print(time.perf_counter() - t)
"""
WN_OPEN = """
import sys, time; t = time.perf_counter()
import wn; wn.config.data_directory = sys.argv[1]
lexicon = wn.Wordnet("termlens-wn30"); lexicon.synsets("dog")
print(time.perf_counter() - t)
"""


def seconds(script: str, *args: str) -> float:
    out = subprocess.run(
        [sys.executable, "-c", script, *args], check=True, capture_output=True, text=True
    )
    return float(out.stdout.strip().splitlines()[-1])


def nltk_corpus(root: Path) -> None:
    corpus = root / "corpora" / "wordnet"
    corpus.mkdir(parents=True)
    with zipfile.ZipFile(resource_path(BUNDLE)) as archive:
        archive.extractall(corpus)
    kinds = {"adj": 3, "adv": 4, "noun": 1, "verb": 2}
    (corpus / "lexnames").write_text(
        "".join(f"{i:02d}\t{n}\t{kinds[n.split('.')[0]]}\n" for i, n in enumerate(LEXNAMES))
    )
    (corpus / "index.sense").write_text("")


def items() -> list[semeval16.Item]:
    return [
        item
        for split in ("trial", "training")
        for item in semeval16.read_items(DATA / "data" / split / f"{split}.data.tsv")
    ]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        nltk_corpus(root / "nltk")
        lmf = root / "wn30.xml"
        export(bundled(), [], lmf)
        loads = {
            "termlens (bundled zip)": seconds(TERMLENS_LOAD),
            "nltk (same files)": seconds(NLTK_LOAD, str(root / "nltk")),
            "wn: import WN-LMF (once)": seconds(WN_ADD, str(root / "wn"), str(lmf)),
            "wn: open lexicon": seconds(WN_OPEN, str(root / "wn")),
        }
    base = loads["termlens (bundled zip)"]
    print("WordNet load, seconds (ratio to termlens):")
    for name, value in loads.items():
        print(f"  {name:28s} {value:6.2f}  ({value / base:.1f}x)")
    work = items()
    start = time.perf_counter()
    placer = default_placer()
    placer.encoder.encode(["a sentence that loads the encoder's weights"])
    loaded = time.perf_counter() - start
    print(f"placer loaded (ranker, sentence encoder; WordNet read above): {loaded:.2f} s")
    for label in ("cold cache", "warm cache"):  # the second pass reuses the signatures cached
        start = time.perf_counter()
        for item in work:
            placer.place(item.lemma, item.pos, item.definition, top=1)
        elapsed = time.perf_counter() - start
        print(f"placement, {label}: {len(work) / elapsed:.0f} items/s ({len(work)} items)")


if __name__ == "__main__":
    main()
