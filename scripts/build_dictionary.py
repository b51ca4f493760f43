"""Build the bundled acronym dictionary from the open data in TERMLENS_DATA.

Sources: the SciAD, SDU@AAAI-22 and GLADIS dictionaries; the gold long forms and contexts of
the open training sets (SciAD dev-open, SDU@AAAI-22 training files, GLADIS general dev and
biomedical train, GLADIS pre-training sample); pairs and contexts termlens mines from SciAI,
SciREX, the biomedical abbreviation corpora and the BARR2 training texts; the BARR2 training
abbreviations (definitions, contexts, and how often each written form is an abbreviation).
The labelled contexts and the pre-training sample's also keep their sentence vectors (summed
per long form and source) for the disambiguator's ``seen_semantic`` feature.
Evaluation sets (GLADIS ``eval/``, biomedical dev) are left out so that their scores stay honest.

Run: ``python scripts/build_dictionary.py [--jobs 2]`` (about fifteen minutes).
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from termlens import __version__
from termlens.acronyms import dictionary as acronym_dictionary
from termlens.acronyms.dictionary import AcronymDictionary, Context, Entry
from termlens.acronyms.dictionary_files import read_entries
from termlens.acronyms.mining import mine, store
from termlens.benchmarks import barr2, barr2_resolution, bioc, sciai
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir
from termlens.embeddings import default_encoder
from termlens.resources import record, resource_dir

SDU_LICENCE = "CC BY-NC-SA 4.0"
CC0 = "CC0 1.0"
PUBLIC = "public domain (NLM)"
SDU = {
    "english/scientific": ("en", "science"),
    "english/legal": ("en", "legal"),
    "french": ("fr", "legal"),
    "spanish": ("es", "legal"),
}


def add_labelled(
    dictionary: AcronymDictionary, examples: list[ad.Example], source: str, licence: str,
    language: str, domain: str,
) -> None:  # fmt: skip
    """Gold long forms (counted) and their contexts, words and sentence vectors."""
    golds = Counter((e.short, e.gold) for e in examples if e.gold)
    entries = (Entry(s, g, n, language, domain) for (s, g), n in golds.items())
    dictionary.add(entries, source, licence, "gold labels")
    contexts = (Context(e.short, e.gold, e.context) for e in examples if e.gold)
    dictionary.add_contexts(contexts, source, licence, encoder=default_encoder())


def pretraining_sample(path: Path) -> Iterator[tuple[str, str, str]]:
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if len(fields) == 3 and all(f.strip() for f in fields):
            yield fields[0].strip(), fields[1].strip(), fields[2]


def scirex_texts(path: Path) -> Iterator[str]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            yield " ".join(json.loads(line)["words"])


def build(data: Path, out: Path, jobs: int) -> None:
    with acronym_dictionary.build(out) as d:
        d.add(read_entries(data / "sciad/diction.json", "sdu", "en", "science"),
              "sciad-diction", SDU_LICENCE, "SciAD diction.json")  # fmt: skip
        for name, (lang, domain) in SDU.items():
            tag = name.replace("/", "-")
            folder = data / "sdu22-ad" / name
            d.add(read_entries(folder / "diction.json", "sdu", lang, domain),
                  f"sdu22-ad-{tag}-diction", SDU_LICENCE, "SDU@AAAI-22 diction.json")  # fmt: skip
            add_labelled(d, ad.load_sdu22(folder / "train.json"), ad.sdu22_source(name),
                         SDU_LICENCE, lang, domain)  # fmt: skip
        for name, domain, licence in (("sciad", "science", SDU_LICENCE), ("uad", "general", CC0),
                                      ("bio_umls", "biomedical", CC0)):  # fmt: skip
            d.add(read_entries(data / f"gladis/dict/{name}_dict.json", "gladis", "en", domain),
                  f"gladis-{name}-dict", licence, f"GLADIS {name}_dict.json")  # fmt: skip
        add_labelled(d, ad.load_sciad(data / "sciad/dev-open.json"), ad.SCIAD_SOURCE,
                     SDU_LICENCE, "en", "science")  # fmt: skip
        add_labelled(d, ad.load_gladis(data / "gladis/general/dev.json"), ad.GLADIS_GENERAL_SOURCE,
                     CC0, "en", "general")  # fmt: skip
        add_labelled(d, ad.load_gladis(data / "gladis/biomedical/train.json"),
                     ad.GLADIS_BIOMEDICAL_SOURCE, CC0, "en", "biomedical")  # fmt: skip
        sample = list(pretraining_sample(data / "gladis/pre_train_sample.txt"))
        d.add((Entry(s, lf, 1, "en", "general") for s, lf, _ in sample),
              "gladis-pretrain-sample", CC0, "GLADIS pre-training sample")  # fmt: skip
        d.add_contexts((Context(s, lf, text) for s, lf, text in sample),
                       "gladis-pretrain-sample", CC0, encoder=default_encoder())  # fmt: skip
        corpora: list[tuple[str, list[str], str, str, str]] = [
            ("mined-sciai",
             [" ".join(r["tokens"]) for r in sciai.load(data / "sciai/train.json.gz")],
             "en", "science", SDU_LICENCE),
            ("mined-scirex", list(scirex_texts(data / "scirex/train_docs.jsonl.gz")), "en",
             "science", "Apache-2.0 (SciREX)"),
            ("mined-barr2", list(barr2.load_texts(data / "barr2/training_set").values()), "es",
             "clinical", "BARR2 (IberEval 2018), third-party copy"),
        ]  # fmt: skip
        for corpus in sorted((data / "bioabbrev").glob("*/*_gold.xml")):
            texts = [doc.text for doc in bioc.load(corpus)]
            corpora.append(
                (f"mined-{corpus.parent.name.lower()}", texts, "en", "biomedical", PUBLIC)
            )
        barr2_set = data / "barr2/training_set"
        barr2_resolution.teach(
            d, barr2.load_texts(barr2_set),
            barr2_resolution.read_resolutions(
                barr2_set / "clinical_cases.abbreviations.training_set.tsv"),
            barr2_resolution.LICENCE,
        )  # fmt: skip
        for source, texts, lang, domain, licence in corpora:
            harvest = mine(texts, lang=lang, jobs=jobs)  # type: ignore[arg-type]
            store(harvest, d, source, licence, lang, domain)
            print(f"{source}: {len(harvest.pairs)} pairs from {harvest.documents} texts")
        d.refresh_domains()
        stats = d.stats()
        print(json.dumps(stats, indent=1))
    sources = stats["sources"]
    assert isinstance(sources, dict)
    licences = sorted({str(v["licence"]) for v in sources.values()})
    record(
        out,
        id="acronym-dictionary",
        version=f"{__version__}+{stats['short_forms']}sf-{stats['long_forms']}lf",
        source_data=sorted(sources),
        licence="per source, in the dictionary's sources table: " + "; ".join(licences),
        built_by="scripts/build_dictionary.py",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=data_dir())
    parser.add_argument("--out", type=Path, default=resource_dir() / "acronyms.sqlite")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    build(args.data, args.out, args.jobs)


if __name__ == "__main__":
    main()
