"""Build the bundled acronym dictionary from the open data in TERMLENS_DATA.

Sources: the SciAD, SDU@AAAI-22 and GLADIS dictionaries; the acronyms WordNet 3.0 lists beside
their long forms (:mod:`termlens.acronyms.wordnet_senses`: *USA*, *NATO*, *DNA*); the gold long
forms and contexts of the open training sets (SciAD dev-open, SDU@AAAI-22 training files, GLADIS
general dev and biomedical train, GLADIS pre-training sample); the gold short forms of the
SDU@AAAI-22 English and Spanish extraction training files, paired with the long forms written
next to them, and their contexts; pairs and contexts termlens mines
from SciAI, SciREX, the biomedical abbreviation corpora and the BARR2 training texts; the BARR2
training abbreviations (definitions, contexts, and how often each written form is an
abbreviation). The labelled contexts and the pre-training sample's also keep their sentence
vectors (summed per long form and source) for the disambiguator's ``seen_semantic`` feature,
and the English ones the all-MiniLM-L6-v2 vectors of the words around the short form, for its
second reading (:mod:`termlens.acronyms.rerank`).
Long forms the sources mangled are repaired wherever they occur
(:mod:`termlens.acronyms.mangled_labels`): SDU@AAAI-22 labels cut short ("maximum likelihoo"),
long forms cut inside their last word ("Information Retrieva"), question marks for lost
letters ("Na?ve Bayes"), letters read with the wrong code page ("Organizaciуn"), words
spaced wrongly ("Developmen t", "ExpectationMaximization", "Lin-  guistics"), labels that lost
the words before them ("West African States" beside "Economic Community of West African States";
"of the Currency" is left out), and punctuation
left at a long form's edges ("United Nations Conference on Trade and Development ("); the
hyphens that a tokenizer set apart are rejoined in the long forms of the sources made of tokens
(SciAD, SciAI, SciREX: "Long Short - Term Memory"). Words spaced wrongly are found against every
source's spellings, the mined ones too, so corpora are mined before the dictionary is written.
Evaluation sets (GLADIS ``eval/``, biomedical dev) are left out so that their scores stay
honest.

Run: ``python scripts/build_dictionary.py [--jobs 2]`` (about five minutes).
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from termlens import __version__
from termlens.acronyms import dictionary as acronym_dictionary
from termlens.acronyms import wordnet_senses
from termlens.acronyms.dictionary import AcronymDictionary, Context, Entry
from termlens.acronyms.dictionary_files import read_entries
from termlens.acronyms.formulas import lost_subscript
from termlens.acronyms.lexical import spells_out, words
from termlens.acronyms.mangled_labels import (
    completed_by_words_around,
    completed_by_words_before,
    completed_labels,
    cut_at_front,
    cut_inside_last_word,
    front_cut_labels,
    misdecoded_labels,
    respaced_labels,
    unglued_labels,
    unmangled_labels,
    without_loose_edges,
)
from termlens.acronyms.mining import Harvest, collect, mine, store
from termlens.acronyms.rules import explains, unbroken
from termlens.benchmarks import barr2, barr2_resolution, bioc, sciai, sdu22_ae
from termlens.benchmarks import disambiguation as ad
from termlens.benchmarks.data_dir import data_dir
from termlens.benchmarks.hidden_definitions import scirex_papers
from termlens.embeddings import default_encoder
from termlens.minilm import EnglishEncoder, default_english_encoder
from termlens.resources import record, resource_dir
from termlens.taxonomy.wordnet import LICENCE as WORDNET_LICENCE
from termlens.taxonomy.wordnet import bundled
from termlens.text import holds_address

SDU_LICENCE = "CC BY-NC-SA 4.0"
CC0 = "CC0 1.0"
PUBLIC = "public domain (NLM)"
SPANISH_FUNCTION_WORDS = frozenset("el la los las de del y en que por con para una un al".split())
_SCRIPTS = re.compile(r"([~^])([^~^\s]{1,12})\1")  # PubMed Central's ^super^ and ~sub~ scripts
SDU = {
    "english/scientific": ("en", "science"),
    "english/legal": ("en", "legal"),
    "french": ("fr", "legal"),
    "spanish": ("es", "legal"),
}
SDU_AE = ("english/scientific", "english/legal", "spanish")  # extraction files mined (no French)
# sources of tokens joined by spaces, whose tokenizer set hyphens apart ("Long Short - Term Memory")
TOKENIZED = ("sciad-diction", "gladis-sciad-dict", ad.SCIAD_SOURCE, "mined-sciai", "mined-scirex")


def add_labelled(
    dictionary: AcronymDictionary, examples: list[ad.Example], source: str, licence: str,
    language: str, domain: str,
) -> None:  # fmt: skip
    """Gold long forms (counted) and their contexts: words and sentence vectors, and for English
    the vectors of the words around the short form."""
    golds = Counter((e.short, e.gold) for e in examples if e.gold)
    entries = (Entry(s, g, n, language, domain) for (s, g), n in golds.items())
    dictionary.add(entries, source, licence, "gold labels")
    contexts = (Context(e.short, e.gold, e.context) for e in examples if e.gold)
    dictionary.add_contexts(
        contexts, source, licence, encoder=default_encoder(), window_encoder=windows(language)
    )


def windows(language: str) -> EnglishEncoder | None:
    """The encoder of the words around short forms for a source in ``language`` (English only)."""
    return default_english_encoder() if language == "en" else None


Labels = dict[tuple[str, str], str]
GLADIS_DICTS = (("sciad", "science", SDU_LICENCE), ("uad", "general", CC0),
                ("bio_umls", "biomedical", CC0))  # fmt: skip


def dictionary_files(data: Path) -> list[tuple[str, Path, str, str, str, str, str]]:
    """(source, file, format, language, domain, licence, description) of each dictionary file."""
    files = [("sciad-diction", data / "sciad/diction.json", "sdu", "en", "science", SDU_LICENCE,
              "SciAD diction.json")]  # fmt: skip
    for name, (lang, domain) in SDU.items():
        files.append((f"sdu22-ad-{name.replace('/', '-')}-diction",
                      data / "sdu22-ad" / name / "diction.json", "sdu", lang, domain, SDU_LICENCE,
                      "SDU@AAAI-22 diction.json"))  # fmt: skip
    for name, domain, licence in GLADIS_DICTS:
        files.append((f"gladis-{name}-dict", data / f"gladis/dict/{name}_dict.json", "gladis",
                      "en", domain, licence, f"GLADIS {name}_dict.json"))  # fmt: skip
    return files


def labelled_sets(data: Path) -> list[tuple[str, list[ad.Example], str, str, str]]:
    """(source, examples, licence, language, domain) of each labelled training set."""
    sets = [(ad.sdu22_source(name), ad.load_sdu22(data / "sdu22-ad" / name / "train.json"),
             SDU_LICENCE, lang, domain) for name, (lang, domain) in SDU.items()]  # fmt: skip
    return [
        *sets,
        (ad.SCIAD_SOURCE, ad.load_sciad(data / "sciad/dev-open.json"), SDU_LICENCE, "en",
         "science"),
        (ad.GLADIS_GENERAL_SOURCE, ad.load_gladis(data / "gladis/general/dev.json"), CC0, "en",
         "general"),
        (ad.GLADIS_BIOMEDICAL_SOURCE, ad.load_gladis(data / "gladis/biomedical/train.json"), CC0,
         "en", "biomedical"),
    ]  # fmt: skip


def repairs(
    files: dict[str, list[Entry]],
    sets: dict[str, list[ad.Example]],
    mined: Counter[tuple[str, str]],
) -> Labels:
    """Long forms the source data mangled, repaired (:mod:`termlens.acronyms.mangled_labels`):
    SDU@AAAI-22 labels cut short (inside a word, or at one: the words around their uses complete
    them), long forms cut inside their last word, question marks for lost letters, letters
    read with the wrong code page, words spaced wrongly (against the spellings of every source,
    the ``mined`` pairs' too), names glued by text extraction, hyphens that a tokenizer set apart,
    and labels that lost the words before them."""
    sdu = [e for name in SDU for e in sets[ad.sdu22_source(name)]]
    cut = completed_labels((e.short, e.context, e.gold) for e in sdu if e.gold)
    forms: Counter[tuple[str, str]] = Counter()
    for entry in (e for entries in files.values() for e in entries):
        forms[entry.short, cut.get((entry.short, entry.long), entry.long)] += entry.count
    for example in (e for examples in sets.values() for e in examples if e.gold):
        assert example.gold is not None
        forms[example.short, cut.get((example.short, example.gold), example.gold)] += 1
    lost = unmangled_labels(forms)
    last_word = cut_inside_last_word(forms)
    misdecoded = misdecoded_labels(forms)
    every = forms + mined  # the spellings of every source, the mined ones too
    respaced = respaced_labels(every)
    glued = unglued_labels(every)
    front = front_cut_labels(every)
    tokenized = [(e.short, e.long) for s in TOKENIZED if s in files for e in files[s]]
    tokenized += [(e.short, e.gold) for s in TOKENIZED if s in sets for e in sets[s] if e.gold]
    rejoined = {(s, lf): joined for s, lf in tokenized if (joined := ad.rejoined_hyphens(lf)) != lf}
    words_around = completed_by_words_around(
        ((e.short, e.context, cut.get((e.short, e.gold), e.gold)) for e in sdu if e.gold), forms
    )
    print(
        f"repaired: {len(cut)} SDU@AAAI-22 labels cut short, {len(words_around)} cut at a word, "
        f"{len(last_word)} long forms cut inside their last word, {len(lost)} with lost letters, "
        f"{len(misdecoded)} read with the wrong code page, {len(respaced)} spaced wrongly, "
        f"{len(rejoined)} with hyphens rejoined, {len(glued)} glued, "
        f"{len(front)} cut at their front"
    )
    both = {pair: lost.get((pair[0], whole), whole) for pair, whole in cut.items()}
    at_word = {pair: lost.get((pair[0], whole), whole) for pair, whole in words_around.items()}
    at_word |= {pair: at_word[pair[0], w] for pair, w in cut.items() if (pair[0], w) in at_word}
    return front | glued | respaced | rejoined | misdecoded | last_word | lost | both | at_word


def no_name(short: str, long: str) -> bool:
    """Whether a long form names nothing of its short form: it has no letter nor digit ("-" for
    ACL, once its loose edges are off), it only spells the short form ("u s a" for USA),
    it is an identifier ("phy_creation" for PCR, a category in one paper's code; the 20 long
    forms with an underscore in the sources are all such), it names the formula the short form
    is once its subscript is back (*carbon dioxide* for CO, :func:`lost_subscript`), or it lost
    the words before it and cannot spell the short form (*of the Currency* for OCC,
    :func:`cut_at_front`), or it holds a web or e-mail address (*www.geneontology.org/* for GO,
    :func:`~termlens.text.holds_address`)."""
    return (
        not any(c.isalnum() for c in long)
        or spells_out(short, long)
        or "_" in long
        or holds_address(long)
        or lost_subscript(short, long)
        or cut_at_front(short, long)
    )


def mended(labels: Labels, short: str, long: str) -> str:
    """A long form repaired: its mangled spelling mended, then :func:`cleaned`."""
    return cleaned(labels.get((short, long), long))


def cleaned(long: str) -> str:
    """A long form on one line with the words a line break hyphenated whole
    (:func:`~termlens.acronyms.rules.unbroken`), the punctuation at its edges off."""
    return without_loose_edges(unbroken(long))


def repaired(entries: Iterable[Entry], labels: Labels) -> Iterator[Entry]:
    """The entries with their long forms repaired, less those that name nothing."""
    for entry in entries:
        whole = mended(labels, entry.short, entry.long)
        if not no_name(entry.short, whole):
            yield replace(entry, long=whole)


def repaired_gold(examples: list[ad.Example], labels: Labels) -> list[ad.Example]:
    """The examples with their gold long forms repaired, less those whose gold names nothing
    (only spells the short form: "u s a" for USA, 42 times in GLADIS biomedical train)."""
    fixed = [replace(e, gold=mended(labels, e.short, e.gold)) if e.gold else e for e in examples]
    return [e for e in fixed if not (e.gold and no_name(e.short, e.gold))]


class DefinitionTags:
    """The languages and domains of a BARR2 definition: Spanish clinical text, and English
    biomedical text as well when it is written in English (*deoxyribonucleic acid*, *polymerase
    chain reaction*: Spanish clinical writers use English terms, which the bundle's English
    sources often lack). English means: no accented letter, no word seen only in the Spanish
    texts (nor a Spanish function word), and some word seen only in the English ones."""

    def __init__(self, english: set[str], spanish: set[str]) -> None:
        self.english = english - spanish
        self.spanish = (spanish - english) | SPANISH_FUNCTION_WORDS

    def __call__(self, definition: str) -> tuple[str, str]:
        found = [w for w in words(definition) if len(w) > 1 and not w.isdigit()]
        accented = any(ch in "áéíóúüñ" for ch in definition.lower())
        english = any(w in self.english for w in found)
        if english and not accented and not any(w in self.spanish for w in found):
            return "es,en", "clinical,biomedical"
        return "es", "clinical"


def vocabularies(
    files: dict[str, list[Entry]],
    sets: list[tuple[str, list[ad.Example], str, str, str]],
    english_texts: Iterable[str],
    spanish_texts: Iterable[str],
) -> tuple[set[str], set[str]]:
    """The words of the English and the Spanish dictionaries, labelled sets and texts."""
    vocabulary: dict[str, set[str]] = {"en": set(), "es": set()}
    for entries in files.values():
        for entry in entries:
            if entry.language in vocabulary:
                vocabulary[entry.language].update(words(entry.long))
    for _, examples, _, language, _ in sets:
        if language in vocabulary:
            vocabulary[language].update(w for e in examples for w in words(e.context))
    vocabulary["en"].update(w for text in english_texts for w in words(text))
    vocabulary["es"].update(w for text in spanish_texts for w in words(text))
    return vocabulary["en"], vocabulary["es"]


def extraction_uses(data: Path, name: str, labels: Labels) -> Harvest:
    """The gold short forms of an SDU@AAAI-22 extraction training file (e.g. english/legal),
    with the long forms next to them (repaired as the other sources' are), and their sentences
    as contexts (the disambiguation files' examples are sentences, their labels such long forms);
    less the file's held-out tenth, which the taggers never see either."""
    training, _ = sdu22_ae.held_out(sdu22_ae.load(data / "sdu22-ae" / name / "train.json"))
    uses = (
        [
            use._replace(long=long)
            for use in sdu22_ae.gold_uses(record)
            if not no_name(use.short, long := mended(labels, use.short, use.long))
        ]
        for record in training
    )
    return collect(zip((str(r["text"]) for r in training), uses, strict=True), sentences=True)


def respelled(harvest: Harvest, spelling: Callable[[str, str], str]) -> Harvest:
    """A harvest with each long form respelled by ``spelling(short form, long form)``."""
    pairs: Counter[tuple[str, str]] = Counter()
    for (short, long), n in harvest.pairs.items():
        pairs[short, spelling(short, long)] += n
    contexts = [c._replace(long=spelling(c.short, c.long)) for c in harvest.contexts]
    return Harvest(pairs, contexts, harvest.documents)


def pretraining_sample(path: Path) -> Iterator[tuple[str, str, str]]:
    """The GLADIS pre-training sample's (short form, long form, sentence), where termlens's rules
    would pair the two: the sample was paired automatically, and about one line in thirteen is
    noise ("reactive; MTRNR2L6, Humanin-like protein; POLR3G, Polymerase" for RNA, *state* for
    "States ConstitutionCategory:Burials in New York"). Its text keeps the script markup of the
    articles it was taken from, which goes (:func:`without_markup`). Long forms are put on one
    line and lose the punctuation at their edges, as the other sources' do (*Fellow of the
    Institute of Certified Public Accountants of Kenya,*), a pair cut before the hyphen of a
    compound loses it (*KNN-* for *K-nearest neighbor-*, from "KNN-based"), and a long form
    that lost its first words gets back those left before the short form ("proton PPIs": *pump
    inhibitors* → *proton pump inhibitors*; :func:`mangled_labels.completed_by_words_before`)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = [without_markup(field) for field in line.split("\t")]
        if len(fields) != 3 or not fields[2].strip():
            continue
        short, long = fields[0].strip(), cleaned(fields[1])
        if short.endswith("-") and long.endswith("-"):  # KNN- for K-nearest neighbor-: "KNN-based"
            short, long = short.rstrip("-"), long.rstrip("-")
        long = completed_by_words_before(short, long, fields[2]) or long
        if explains(short, long) and not no_name(short, long):
            yield short, long, fields[2]


def without_markup(text: str) -> str:
    """A text without the superscript and subscript markup of PubMed Central articles: *CD68^+^*
    is *CD68+*, *H~2~* is *H2*."""
    return _SCRIPTS.sub(r"\2", text)


def build(data: Path, out: Path, jobs: int) -> None:
    listed = dictionary_files(data)
    files = {source: list(read_entries(path, format, lang, domain))  # type: ignore[arg-type]
             for source, path, format, lang, domain, _, _ in listed}  # fmt: skip
    sets = labelled_sets(data)
    sample = list(pretraining_sample(data / "gladis/pre_train_sample.txt"))
    barr2_set = data / "barr2/training_set"
    barr2_texts = barr2.load_texts(barr2_set)
    biomedical = {corpus.parent.name.lower(): [doc.text for doc in bioc.load(corpus)]
                  for corpus in sorted((data / "bioabbrev").glob("*/*_gold.xml"))}  # fmt: skip
    corpora: list[tuple[str, list[str], str, str, str]] = [
        ("mined-sciai", [" ".join(r["tokens"]) for r in sciai.load(data / "sciai/train.json.gz")],
         "en", "science", SDU_LICENCE),
        ("mined-scirex", list(scirex_papers(data / "scirex/train_docs.jsonl.gz")), "en",
         "science", "Apache-2.0 (SciREX)"),
        ("mined-barr2", list(barr2_texts.values()), "es", "clinical",
         "BARR2 (IberEval 2018), third-party copy"),
        *((f"mined-{name}", texts, "en", "biomedical", PUBLIC)
          for name, texts in biomedical.items()),
    ]  # fmt: skip
    harvests = {}
    for source, texts, lang, _, _ in corpora:
        harvest = mine(texts, lang=lang, jobs=jobs)  # type: ignore[arg-type]
        if source in TOKENIZED:
            harvest = respelled(harvest, lambda _, long: ad.rejoined_hyphens(long))
        harvests[source] = harvest
        print(f"{source}: {len(harvest.pairs)} pairs from {harvest.documents} texts")
    mined = Counter((s, lf) for s, lf, _ in sample)
    for harvest in [*harvests.values(), *(extraction_uses(data, name, {}) for name in SDU_AE)]:
        mined.update(harvest.pairs)
    fixes = repairs(files, {source: examples for source, examples, _, _, _ in sets}, mined)
    with acronym_dictionary.build(out) as d:
        for source, _, _, _, _, licence, description in listed:
            d.add(repaired(files[source], fixes), source, licence, description)
        d.add(wordnet_senses.entries(bundled()), wordnet_senses.SOURCE, WORDNET_LICENCE,
              wordnet_senses.ABOUT)  # fmt: skip
        for source, examples, licence, lang, domain in sets:
            add_labelled(d, repaired_gold(examples, fixes), source, licence, lang, domain)
        sample = [(s, fixes.get((s, lf), lf), text) for s, lf, text in sample]
        d.add((Entry(s, lf, 1, "en", "general") for s, lf, _ in sample),
              "gladis-pretrain-sample", CC0, "GLADIS pre-training sample")  # fmt: skip
        d.add_contexts((Context(s, lf, text) for s, lf, text in sample),
                       "gladis-pretrain-sample", CC0, encoder=default_encoder(),
                       window_encoder=default_english_encoder())  # fmt: skip
        english = (text for texts in biomedical.values() for text in texts)
        barr2_resolution.teach(
            d, barr2_texts,
            barr2_resolution.read_resolutions(
                barr2_set / "clinical_cases.abbreviations.training_set.tsv"),
            barr2_resolution.LICENCE,
            DefinitionTags(*vocabularies(files, sets, english, barr2_texts.values())),
        )  # fmt: skip
        for name in SDU_AE:
            found = extraction_uses(data, name, fixes)
            store(found, d, f"sdu22-ae-{name.replace('/', '-')}-train", SDU_LICENCE, *SDU[name],
                  f"gold pairs of {found.documents} SDU@AAAI-22 extraction texts",
                  windows(SDU[name][0]))  # fmt: skip
            print(f"sdu22-ae {name}: {len(found.pairs)} pairs from {found.documents} texts")
        for source, _, lang, domain, licence in corpora:
            harvest = respelled(harvests[source], lambda s, lf: fixes.get((s, lf), lf))
            store(harvest, d, source, licence, lang, domain, window_encoder=windows(lang))
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
