"""Acronym disambiguation benchmarks: SciAD, SDU@AAAI-22 task 2 and GLADIS.

Each reads its official input into :class:`Example` records (a short form, the text around it and
the gold long form when known), predicts with a :class:`Disambiguator`, and scores with the
official metrics: the SDU shared tasks' macro precision/recall/F1 over long forms, accuracy, and
GLADIS's F1 averaged over gold long forms.
"""

from __future__ import annotations

import re
import shutil
import tempfile
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from termlens.acronyms.dictionary import AcronymDictionary, Context, Entry
from termlens.acronyms.dictionary_files import DictionaryFormat, read_entries
from termlens.acronyms.disambiguate import Disambiguator
from termlens.acronyms.rerank import default_context_check
from termlens.embeddings import Vectors, default_encoder
from termlens.errors import InputError
from termlens.io import json_lines, read_json_list, read_text
from termlens.minilm import EnglishEncoder

TRAINING_SOURCE = "training-folds"
SIGNATURE = "macro-over-long-forms(sdu-scorer)+gladis-averaged-f1+accuracy|exact-string"
SDU22_LANGUAGES = ("english", "french", "spanish")
SDU22_FOLDERS = ("english/scientific", "english/legal", "french", "spanish")
# Names of the bundled dictionary's sources built from open training data, so that a benchmark
# on that data can leave them out (scripts/build_dictionary.py uses the same names).
SCIAD_SOURCE = "sciad-dev-open"
GLADIS_GENERAL_SOURCE = "gladis-general-dev"
GLADIS_BIOMEDICAL_SOURCE = "gladis-biomedical-train"
FLAT_SOURCE = "flat-senses"  # senses added to a copy of a dictionary, count 1, no contexts


def sdu22_source(folder: str) -> str:
    """The bundled source holding an SDU@AAAI-22 training file (folder e.g. english/legal)."""
    return f"sdu22-ad-{folder.replace('/', '-')}-train"


def sdu22_sources(lang: str) -> frozenset[str]:
    """The bundled sources holding the SDU@AAAI-22 training files of a language."""
    return frozenset(sdu22_source(f) for f in SDU22_FOLDERS if f.split("/")[0] == lang)


BATCH = 256  # examples whose contexts are embedded together


@dataclass(frozen=True, slots=True)
class Example:
    """One short form occurrence to disambiguate."""

    id: str | int
    short: str
    context: str
    gold: str | None


@dataclass(frozen=True, slots=True)
class Scores:
    """Macro P/R/F1 over gold long forms (SDU scorer), GLADIS averaged F1 and accuracy (0-100)."""

    precision: float
    recall: float
    f1: float
    averaged_f1: float
    accuracy: float
    n: int


def _field(path: Path, where: str, record: object, name: str, kind: type) -> object:
    if not isinstance(record, dict) or not isinstance(record.get(name), kind):
        raise InputError(f"{path}: {where}: field {name!r} missing or not {kind.__name__}")
    return record[name]


def load_sciad(path: Path) -> list[Example]:
    """SciAD JSON: ``[{"id", "acronym": token index, "tokens"[, "expansion"]}]``."""
    examples = []
    for number, record in enumerate(read_json_list(path, "SciAD records")):
        tokens = _field(path, f"record {number}", record, "tokens", list)
        index = _field(path, f"record {number}", record, "acronym", int)
        assert isinstance(tokens, list) and isinstance(index, int) and isinstance(record, dict)
        if not 0 <= index < len(tokens):
            raise InputError(f"{path}: record {number}: acronym index {index} outside the tokens")
        gold = record.get("expansion")
        examples.append(
            Example(
                str(record.get("id", number)),
                str(tokens[index]),
                " ".join(map(str, tokens)),
                gold if isinstance(gold, str) else None,
            )
        )
    return examples


_INNER_HYPHEN = re.compile(r"(?<=[^\W_])-(?=[^\W_])")
_SPACED_HYPHEN = re.compile(r"(?<=[^\W_]) - (?=[^\W_])")


def in_sciad_tokens(long: str) -> str:
    """A long form written as SciAD writes its text and gold long forms, with the hyphens inside
    words set apart as tokens of their own (*actor-critic*: "actor - critic")."""
    return _INNER_HYPHEN.sub(" - ", long)


def rejoined_hyphens(long: str) -> str:
    """The other way: a long form of tokenized text (SciAD, SciAI, SciREX) with the hyphens the
    tokenizer set apart rejoined to their words (*Long Short - Term Memory*: Long Short-Term
    Memory)."""
    return _SPACED_HYPHEN.sub("-", long)


def load_sdu22(path: Path) -> list[Example]:
    """SDU@AAAI-22 disambiguation JSON: ``[{"ID", "sentence", "acronym"[, "label"]}]``."""
    examples = []
    for number, record in enumerate(read_json_list(path, "records with sentence and acronym")):
        sentence = _field(path, f"record {number}", record, "sentence", str)
        short = _field(path, f"record {number}", record, "acronym", str)
        assert isinstance(record, dict) and isinstance(sentence, str) and isinstance(short, str)
        gold = record.get("label")
        examples.append(
            Example(
                str(record.get("ID", number)),
                short,
                sentence,
                gold if isinstance(gold, str) else None,
            )
        )
    return examples


def load_gladis(path: Path) -> list[Example]:
    """GLADIS JSON lines: ``{"index", "short_term", "tokens"[, "long_term"]}``; ``__ABB__`` marks
    the acronym's place where the short form was masked."""
    examples: list[Example] = []
    for where, record in json_lines(read_text(path), str(path)):
        line = where.rsplit(": ", 1)[-1]
        short = _field(path, line, record, "short_term", str)
        tokens = _field(path, line, record, "tokens", list)
        assert isinstance(record, dict) and isinstance(short, str) and isinstance(tokens, list)
        context = " ".join(short if t == "__ABB__" else str(t) for t in tokens)
        gold = record.get("long_term")
        examples.append(
            Example(
                record.get("index", len(examples)),
                short,
                context,
                gold if isinstance(gold, str) else None,
            )
        )
    return examples


class _Remembering:
    """An English encoder that remembers recent texts' vectors: cross-validation reads each
    training context once per fold."""

    def __init__(self, encoder: EnglishEncoder) -> None:
        self.encoder = encoder

    def encode(self, texts: Sequence[str]) -> Vectors:
        return self.encoder.encode_cached(texts)


def dictionary_for(
    candidates: Path | None,
    format: DictionaryFormat | None,
    training: Iterable[Example] = (),
    window_encoder: EnglishEncoder | None = None,
) -> AcronymDictionary:
    """An in-memory dictionary: the candidate file's long forms, plus the training examples'
    gold long forms (counted) and their contexts (with a ``window_encoder``, for English, also
    the vectors of the words around their short forms)."""
    dictionary = AcronymDictionary.create()
    if candidates is not None:
        dictionary.add(read_entries(candidates, format), source=candidates.name)
    known = [e for e in training if e.gold]
    if known:
        golds = Counter((e.short, e.gold) for e in known if e.gold)
        dictionary.add((Entry(s, g, n) for (s, g), n in golds.items()), source=TRAINING_SOURCE)
        dictionary.add_contexts(
            (Context(e.short, e.gold, e.context) for e in known if e.gold),
            source=TRAINING_SOURCE,
            encoder=default_encoder(),
            window_encoder=_Remembering(window_encoder) if window_encoder else None,
        )
    return dictionary


@contextmanager
def flat_senses(
    dictionary: Path, examples: Iterable[Example], domain: str
) -> Iterator[AcronymDictionary]:
    """A temporary copy of the dictionary file that also holds the examples' gold senses as
    flat entries: count 1 in ``domain``, no contexts. GLADIS's UMLS dictionary, with all counts
    1, sits in the bundled dictionary like this for its test acronyms, and its senses compete
    there with the popular senses of other sources."""
    golds = sorted({(e.short, e.gold) for e in examples if e.gold})
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / dictionary.name
        shutil.copyfile(dictionary, copy)
        writable = AcronymDictionary.open(copy, writable=True)
        writable.add((Entry(s, g, 1, language="en", domain=domain) for s, g in golds), FLAT_SOURCE)
        writable.close()
        store = AcronymDictionary.open(copy)
        try:
            yield store
        finally:
            store.close()


def ranked_among_flat_senses(
    examples: Sequence[Example], dictionary: Path, domain: str
) -> list[str]:
    """:func:`predict` among the dictionary's senses and the examples' gold senses added flat
    (:func:`flat_senses`): GLADIS's test setting, on a set whose acronyms the dictionary lacks."""
    with flat_senses(dictionary, examples, domain) as store:
        return predict(examples, Disambiguator(store, check=default_context_check()))


def sdu22_ranker(
    diction: Path,
    lang: str,
    training: Iterable[Example],
    bundled: AcronymDictionary,
    leave_out_own: bool = True,
    *,
    complete: bool = True,
    language: str | None = None,
) -> Disambiguator:
    """The SDU@AAAI-22 ranker: candidates from ``diction`` and the training examples, contexts
    from those examples and the bundled dictionary, English contexts re-read
    (:mod:`termlens.acronyms.rerank`). With ``leave_out_own`` (scoring on part of a
    training file), the bundle's copies of that language's training files are left out.
    ``complete`` and ``language`` are the :class:`Disambiguator`'s (``complete=False``, the
    senses' language given: probabilities as ``expand`` gives them)."""
    check = default_context_check() if lang == "english" else None
    own = dictionary_for(diction, "sdu", training, check.encoder if check else None)
    sources = sdu22_sources(lang) if leave_out_own else frozenset()
    return Disambiguator(
        own,
        (own, bundled),
        exclude_sources=sources,
        language=language,
        complete=complete,
        check=check,
    )


def sdu22_unseen(
    root: Path, folder: str, bundled: AcronymDictionary
) -> tuple[list[Example], Disambiguator]:
    """The protocol of short forms never seen in training (the official dev and test sets'
    situation), on the training file of ``folder`` (e.g. "english/legal") under ``root``: the
    examples whose short forms are held out (:func:`held_out_short_forms`), and a ranker that
    learned from the others."""
    training, held = held_out_short_forms(load_sdu22(root / folder / "train.json"))
    lang = folder.split("/")[0]
    return held, sdu22_ranker(root / folder / "diction.json", lang, training, bundled)


def predict(examples: Iterable[Example], disambiguator: Disambiguator) -> list[str]:
    """The most likely long form of each example ('' when the dictionary has no candidate)."""
    out = []
    items = iter(examples)
    while batch := list(islice(items, BATCH)):
        for ranked in disambiguator.rank_many([(e.short, e.context) for e in batch]):
            out.append(ranked[0][0].long if ranked else "")
    return out


def cross_validate(
    examples: Sequence[Example],
    folds: int,
    make: Callable[[list[Example]], Disambiguator],
    progress: Callable[[Iterable[Example], int], Iterable[Example]] = lambda items, n: items,
) -> list[str]:
    """Predictions for every example from a disambiguator built without its fold
    (example ``i`` is in fold ``i % folds``)."""
    check_folds(folds, len(examples), "examples")
    predictions = [""] * len(examples)
    for training, held in fold_splits(examples, folds):
        disambiguator = make(training)
        chosen = predict(progress((examples[i] for i in held), len(held)), disambiguator)
        for i, long in zip(held, chosen, strict=True):
            predictions[i] = long
    return predictions


def check_folds(folds: int, items: int, what: str) -> None:
    """Refuse fewer than two folds, or more folds than ``items`` (each fold would hold nothing,
    and the run would build a model for each)."""
    if folds < 2:
        raise InputError(f"--folds {folds}: cross-validation needs at least 2 folds")
    if folds > items:
        raise InputError(
            f"--folds {folds}: more folds than the {items} {what}; give at most {items}"
        )


def fold_splits(
    examples: Sequence[Example], folds: int
) -> Iterator[tuple[list[Example], list[int]]]:
    """For each fold, the examples outside it and the indices of those in it (example ``i`` is
    in fold ``i % folds``)."""
    for fold in range(folds):
        training = [e for i, e in enumerate(examples) if i % folds != fold]
        yield training, [i for i in range(len(examples)) if i % folds == fold]


def held_out(examples: Sequence[Example], every: int = 10) -> tuple[list[Example], list[Example]]:
    """(training part, held-out part): example ``i`` is held out when ``i % every == 0``."""
    return (
        [e for i, e in enumerate(examples) if i % every],
        [e for i, e in enumerate(examples) if not i % every],
    )


def short_form_fold(short: str, folds: int) -> int:
    """The fold of a short form when folds split short forms rather than examples."""
    return zlib.crc32(short.encode()) % folds


def held_out_short_forms(
    examples: Sequence[Example], every: int = 10
) -> tuple[list[Example], list[Example]]:
    """(training part, held-out part) where the held-out short forms never occur in training:
    an example is held out when its short form is in fold 0 of ``every``."""
    unseen = [short_form_fold(e.short, every) == 0 for e in examples]
    return (
        [e for e, out in zip(examples, unseen, strict=True) if not out],
        [e for e, out in zip(examples, unseen, strict=True) if out],
    )


def score(gold: Sequence[str], predicted: Sequence[str]) -> Scores:
    """The SDU shared-task scorer (macro over gold long forms; a long form never predicted has
    precision 1), GLADIS's F1 averaged over gold long forms, and accuracy."""
    if len(gold) != len(predicted):
        raise InputError(f"{len(predicted)} predictions for {len(gold)} gold labels")
    if not gold:
        return Scores(0.0, 0.0, 0.0, 0.0, 0.0, 0)
    total, made = Counter(gold), Counter(predicted)
    right: Counter[str] = Counter(g for g, p in zip(gold, predicted, strict=True) if g == p)
    precisions = [right[g] / made[g] if made[g] else 1.0 for g in total]
    recalls = [right[g] / total[g] for g in total]
    precision = sum(precisions) / len(total)
    recall = sum(recalls) / len(total)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    per_class = []
    for label in total:
        p_label = right[label] / made[label] if made[label] else 0.0
        r_label = right[label] / total[label]
        both = p_label + r_label
        per_class.append(2 * p_label * r_label / both if both else 0.0)
    return Scores(
        100 * precision,
        100 * recall,
        100 * f1,
        100 * sum(per_class) / len(per_class),
        100 * sum(right.values()) / len(gold),
        len(gold),
    )
