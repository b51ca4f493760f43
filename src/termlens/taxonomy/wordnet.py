"""WordNet 3.0, read from the Princeton data files bundled with termlens.

Synsets are named by the SemEval-2016 Task 14 keys (``lemma#pos#n``: the n-th sense of the
lemma in WordNet's own sense order) and carry their pointers, so the taxonomy can be walked in
both directions and exported. Wu & Palmer similarity follows NLTK's definition (the one the
task's scorer used), including the simulated root that joins the verb hierarchies.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from termlens.errors import InputError, TermlensError
from termlens.io import digits
from termlens.resources import resource_path

BUNDLE = "wordnet-3.0.zip"
LICENCE = f"WordNet 3.0 licence (Princeton University); notice in {BUNDLE}'s LICENSE"
LICENCE_FILE = "LICENSE"
POS_FILES = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
POS = {"noun": "n", "verb": "v"}  # the parts of speech a new sense may take, with WordNet's tags
_HYPERNYM = re.compile(r" @i? (\d{8}) (\w) 0000")
_HYPONYM = re.compile(r" ~i? (\d{8}) (\w) 0000")
LEXNAMES = (
    "adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute "
    "noun.body noun.cognition noun.communication noun.event noun.feeling noun.food noun.group "
    "noun.location noun.motive noun.object noun.person noun.phenomenon noun.plant "
    "noun.possession noun.process noun.quantity noun.relation noun.shape noun.state "
    "noun.substance noun.time verb.body verb.change verb.cognition verb.communication "
    "verb.competition verb.consumption verb.contact verb.creation verb.emotion verb.motion "
    "verb.perception verb.possession verb.social verb.stative verb.weather adj.ppl"
).split()
MORPHY_RULES = {
    "n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
          ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
          ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}  # fmt: skip
ROOT = "*ROOT*"
K = TypeVar("K")
V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class Pointer:
    """A relation from a synset (or one of its words) to another synset (or word)."""

    symbol: str
    target: str
    source_word: int  # 0 for a relation between synsets; else 1-based word numbers
    target_word: int


@dataclass(frozen=True, slots=True)
class Synset:
    """One WordNet synset: id ``offset-pos``, words as written (underscores), gloss, pointers."""

    id: str
    pos: str  # n, v, a, s (adjective satellite) or r
    lexname: str
    lemmas: tuple[str, ...]
    gloss: str
    hypernym_ids: tuple[str, ...]  # instance hypernyms included
    hyponym_ids: tuple[str, ...]  # instances included
    pointer_fields: str  # every pointer, as in the data file; parsed by `WordNet.pointers`

    @property
    def definition(self) -> str:
        """The gloss without its quoted examples."""
        return self.gloss.split('; "')[0].strip()


def index_pos(pos: str) -> str:
    """The part of speech a synset is indexed under (satellites under adjectives)."""
    return "a" if pos == "s" else pos


def normalise(lemma: str) -> str:
    """A lemma as WordNet indexes it: lower case, underscores for spaces."""
    return "_".join(lemma.strip().lower().split())


def spaced(lemma: str) -> str:
    """A WordNet lemma as text writes it: spaces for underscores."""
    return lemma.replace("_", " ")


class WordNet:
    """Synsets by id, the sense order of every lemma, and the morphological exceptions."""

    def __init__(
        self,
        synsets: Mapping[str, Synset],
        senses: Mapping[tuple[str, str], tuple[str, ...]],
        exceptions: dict[str, dict[str, tuple[str, ...]]],
    ) -> None:
        self.synsets = synsets
        self.senses = senses
        self.exceptions = exceptions
        self._min_depth: dict[str, int] = {}
        self._max_depth: dict[str, int] = {}

    @classmethod
    def load(cls, path: Path) -> WordNet:
        """Read WordNet from a zip or a directory of the Princeton files.

        Lines are indexed now and parsed when first used, so loading takes about a second."""
        files = _Files(path)
        data: dict[str, str] = {}
        index: dict[tuple[str, str], str] = {}
        exceptions: dict[str, dict[str, tuple[str, ...]]] = {}
        for name, pos in POS_FILES.items():
            data.update((f"{line[:8]}-{line[12]}", line) for line in files.lines(f"data.{name}"))
            index.update(
                ((line[: line.index(" ")], pos), line) for line in files.lines(f"index.{name}")
            )
            exceptions[pos] = {
                fields[0]: tuple(fields[1:])
                for fields in (line.split() for line in files.lines(f"{name}.exc"))
            }
        synsets = _Lazy(data, _parse_synset)

        def sense_ids(line: str) -> tuple[str, ...]:
            fields = line.split()
            pos = fields[1]
            ids = (f"{offset}-{pos}" for offset in fields[-int(fields[2]) :])
            return tuple(i if i in data else i[:-1] + "s" for i in ids)  # satellites: "-s"

        return cls(synsets, _Lazy(index, sense_ids), exceptions)

    def __len__(self) -> int:
        return len(self.synsets)

    def __iter__(self) -> Iterator[Synset]:
        return iter(self.synsets.values())

    def synset(self, synset_id: str) -> Synset:
        """The synset with this id (``offset-pos``)."""
        return self.synsets[synset_id]

    def lookup(self, lemma: str, pos: str) -> list[Synset]:
        """The synsets of a lemma (as written, no inflection) in sense order."""
        return [self.synsets[i] for i in self.senses.get((normalise(lemma), pos), ())]

    def lemmatise(self, word: str, pos: str) -> list[str]:
        """Base forms of a word that WordNet knows, WordNet's morphy rules and exceptions."""
        form = normalise(word)
        found: list[str] = []
        candidates = [form, *self.exceptions.get(pos, {}).get(form, ())]
        candidates += [form[: -len(old)] + new for old, new in MORPHY_RULES[pos]
                       if form.endswith(old) and len(form) > len(old)]  # fmt: skip
        for candidate in candidates:
            if (candidate, pos) in self.senses and candidate not in found:
                found.append(candidate)
        return found

    def key(self, synset: Synset, prefer: str = "") -> str:
        """The task key of a synset: a word of it (``prefer`` if it is one, else the first)
        and the synset's sense number for that word."""
        words = [normalise(w) for w in synset.lemmas]
        lemma = normalise(prefer) if normalise(prefer) in words else words[0]
        pos = index_pos(synset.pos)
        number = self.senses[(lemma, pos)].index(synset.id) + 1
        return f"{lemma}#{'a' if pos == 'a' else pos}#{number}"

    def from_key(self, key: str) -> Synset:
        """The synset of a task key ``lemma#pos#n``; an error names a key WordNet lacks."""
        parts = key.rsplit("#", 2)
        if len(parts) != 3 or not digits(parts[2]) or parts[1] not in ("n", "v", "a", "r"):
            raise InputError(f"{key!r} is not a synset key; write lemma#pos#n, e.g. dog#n#1")
        ids = self.senses.get((normalise(parts[0]), parts[1]), ())
        number = int(parts[2])
        if not 1 <= number <= len(ids):
            raise InputError(f"{key!r}: WordNet 3.0 has {len(ids)} {parts[1]} senses of that lemma")
        return self.synsets[ids[number - 1]]

    def name(self, synset: Synset) -> str:
        """NLTK's name of a synset (``dog.n.01``), which orders tied subsumers."""
        lemma, pos, number = self.key(synset).rsplit("#", 2)
        return f"{lemma}.{'s' if synset.pos == 's' else pos}.{int(number):02d}"

    def pointers(self, synset: Synset) -> list[Pointer]:
        """Every relation of the synset and of its words (satellite targets resolved)."""
        fields = synset.pointer_fields.split()
        out = []
        for symbol, offset, pos, words in zip(*[iter(fields)] * 4, strict=True):
            target = f"{offset}-{pos}"
            if target not in self.synsets:  # the files name adjective satellites "a"
                target = f"{offset}-s"
            out.append(Pointer(symbol, target, int(words[:2], 16), int(words[2:], 16)))
        return out

    def hypernyms(self, synset: Synset) -> list[Synset]:
        """Direct hypernyms, instance hypernyms included."""
        return [self.synsets[i] for i in synset.hypernym_ids]

    def hyponyms(self, synset: Synset) -> list[Synset]:
        """Direct hyponyms, instances included."""
        return [self.synsets[i] for i in synset.hyponym_ids]

    def ancestors(self, synset: Synset) -> set[str]:
        """Ids of the synset and every synset above it."""
        seen = {synset.id}
        todo = [synset]
        while todo:
            for parent in self.hypernyms(todo.pop()):
                if parent.id not in seen:
                    seen.add(parent.id)
                    todo.append(parent)
        return seen

    def descendants(self, synset: Synset, depth: int) -> Iterator[tuple[Synset, int]]:
        """Hyponyms down to ``depth`` levels, with their distance, breadth first."""
        seen = {synset.id}
        queue = deque([(synset, 0)])
        while queue:
            node, distance = queue.popleft()
            if distance == depth:
                continue
            for child in self.hyponyms(node):
                if child.id not in seen:
                    seen.add(child.id)
                    yield child, distance + 1
                    queue.append((child, distance + 1))

    def min_depth(self, synset: Synset) -> int:
        """Edges on the shortest path up to a root."""
        return self._depth(synset, self._min_depth, min)

    def max_depth(self, synset: Synset) -> int:
        """Edges on the longest path up to a root."""
        return self._depth(synset, self._max_depth, max)

    def _depth(
        self, synset: Synset, memo: dict[str, int], pick: Callable[[Iterable[int]], int]
    ) -> int:
        if synset.id not in memo:
            depths = [self._depth(p, memo, pick) for p in self.hypernyms(synset)]
            memo[synset.id] = 1 + pick(depths) if depths else 0
        return memo[synset.id]

    def _distances_up(self, synset_id: str, simulate_root: bool) -> dict[str, int]:
        if synset_id == ROOT:
            return {ROOT: 0}
        distances: dict[str, int] = {}
        queue = deque([(synset_id, 0)])
        while queue:
            node, distance = queue.popleft()
            if node in distances:
                continue
            distances[node] = distance
            queue.extend((p, distance + 1) for p in self.synsets[node].hypernym_ids)
        if simulate_root:
            distances[ROOT] = max(distances.values()) + 1
        return distances

    def _path_length(self, a: str, b: str, simulate_root: bool) -> int | None:
        if a == b:
            return 0
        up_a = self._distances_up(a, simulate_root)
        up_b = self._distances_up(b, simulate_root)
        lengths = [d + up_b[node] for node, d in up_a.items() if node in up_b]
        return min(lengths) if lengths else None

    def wup_parts(self, a: Synset, b: Synset) -> tuple[int, int, int] | None:
        """NLTK's Wu & Palmer terms: subsumer depth and the two path lengths to the root."""
        simulate_root = a.pos != "n" or b.pos != "n"
        common = [self.synsets[i] for i in self.ancestors(a) & self.ancestors(b)]
        depths = {s.id: self.min_depth(s) for s in common}
        if simulate_root:
            depths[ROOT] = 0
        if not depths:
            return None
        deepest = max(depths.values())
        names = {i: ROOT if i == ROOT else self.name(self.synsets[i]) for i in depths}
        tied = sorted((i for i, d in depths.items() if d == deepest), key=names.__getitem__)
        subsumer = a.id if a.id in tied else tied[0]
        depth = (self.max_depth(self.synsets[subsumer]) if subsumer != ROOT else 0) + 1
        length_a = self._path_length(a.id, subsumer, simulate_root)
        length_b = self._path_length(b.id, subsumer, simulate_root)
        if length_a is None or length_b is None:
            return None
        return depth, length_a + depth, length_b + depth

    def wup(self, a: Synset, b: Synset) -> float:
        """Wu & Palmer similarity as NLTK computes it (0 when no path joins the two)."""
        parts = self.wup_parts(a, b)
        if parts is None:
            return 0.0
        depth, length_a, length_b = parts
        return 2.0 * depth / (length_a + length_b)


class _Lazy(Mapping[K, V]):
    """A read-only mapping whose values are parsed from their text line on first use."""

    def __init__(self, lines: dict[K, str], parse: Callable[[str], V]) -> None:
        self._lines = lines
        self._parse = parse
        self._values: dict[K, V] = {}

    def __getitem__(self, key: K) -> V:
        value = self._values.get(key)
        if value is None:
            value = self._values[key] = self._parse(self._lines[key])
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._lines

    def __iter__(self) -> Iterator[K]:
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)


class _Files:
    """The WordNet files of a zip or a directory, as lines without the licence header."""

    def __init__(self, path: Path) -> None:
        self.path = path
        if not path.exists():
            raise InputError(f"{path}: no WordNet here; give a zip or a directory of its files")
        self.archive = zipfile.ZipFile(path) if path.is_file() else None

    def lines(self, name: str) -> Iterable[str]:
        try:
            if self.archive is not None:
                data = self.archive.read(name)
            else:
                data = (self.path / name).read_bytes()
        except (KeyError, FileNotFoundError):
            raise InputError(
                f"{self.path}: {name} is missing; rebuild the WordNet bundle"
            ) from None
        return (line for line in io.StringIO(data.decode("utf-8")) if not line.startswith("  "))


def _parse_synset(line: str) -> Synset:
    head, _, gloss = line.partition(" | ")
    fields = head.split(" ", 4 + 2 * int(head[14:16], 16))
    offset, lexfile, pos, count = fields[0], int(fields[1]), fields[2], int(fields[3], 16)
    lemmas = tuple(_strip_marker(fields[4 + 2 * i]) for i in range(count))
    rest = fields[-1]
    pointer_count, _, rest = rest.partition(" ")
    pointer_fields = " ".join(rest.split()[: 4 * int(pointer_count)])
    return Synset(
        f"{offset}-{pos}",
        pos,
        LEXNAMES[lexfile],
        lemmas,
        gloss.strip(),
        tuple(f"{o}-{p}" for o, p in _HYPERNYM.findall(" " + pointer_fields)),
        tuple(f"{o}-{p}" for o, p in _HYPONYM.findall(" " + pointer_fields)),
        pointer_fields,
    )


def _strip_marker(word: str) -> str:
    """Adjective words carry a syntactic marker such as ``(p)``; drop it."""
    return word[: word.index("(")] if word.endswith(")") else word


@lru_cache(maxsize=1)
def bundled() -> WordNet:
    """The WordNet 3.0 bundled with termlens (loaded once per process)."""
    path = resource_path(BUNDLE)
    try:
        return WordNet.load(path)
    except (zipfile.BadZipFile, ValueError, IndexError) as exc:
        raise TermlensError(f"{path}: damaged WordNet bundle ({exc}); reinstall termlens") from None


def part_of_speech(pos: str) -> str:
    """``noun`` or ``verb``, from either spelled in any case or WordNet's ``n`` / ``v``."""
    said = pos.strip().lower()
    said = {tag: name for name, tag in POS.items()}.get(said, said)
    if said not in POS:
        raise InputError(f"part of speech {pos!r}: WordNet placement takes noun or verb")
    return said
