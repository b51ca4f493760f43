"""What short forms can mean: an SQLite dictionary of long forms with counts and provenance.

Each row is one long form of one short form as one source wrote it, with a count (popularity),
a language and a domain. Long forms that differ only in case, punctuation or word endings share a
*variant key* (:func:`termlens.acronyms.lexical.variant_key`) and make one :class:`Sense`, whose
text is its most frequent variant (as GLADIS merges them). The dictionary also keeps, per sense,
the words seen around it (``contexts``), which the disambiguator compares with a new context.

Writes happen in one transaction each (a bad file imports nothing); :func:`build` writes a new
file next to the target and renames it into place, so readers never see a half-built dictionary.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple, Protocol, TypeVar, cast

import numpy as np
import numpy.typing as npt

from termlens.acronyms.lexical import (
    LOST_LETTERS,
    content_terms,
    sense_key,
    unpaired_edges_off,
    window,
    words,
)
from termlens.acronyms.wordlist import WORD, is_word
from termlens.embeddings import Vectors
from termlens.errors import InputError
from termlens.io import check_not_an_input, new_file_beside, note_input
from termlens.normal_form import normalized

SCHEMA_VERSION = "1"
MAX_COUNT = 10**15  # the most one entry may count: sums of many stay within SQLite's integers
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sources (
    id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, licence TEXT NOT NULL,
    description TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS forms (
    id INTEGER PRIMARY KEY, short TEXT NOT NULL, long TEXT NOT NULL, key TEXT NOT NULL,
    UNIQUE (short, long));
CREATE TABLE IF NOT EXISTS long_forms (
    form INTEGER NOT NULL, source INTEGER NOT NULL, count INTEGER NOT NULL,
    language TEXT NOT NULL, domain TEXT NOT NULL, PRIMARY KEY (form, source)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS terms (id INTEGER PRIMARY KEY, term TEXT UNIQUE NOT NULL,
    df INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS usage (
    short TEXT NOT NULL, source INTEGER NOT NULL, annotated INTEGER NOT NULL,
    seen INTEGER NOT NULL, PRIMARY KEY (short, source)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS domain_terms (
    domain TEXT NOT NULL, term TEXT NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (domain, term)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS contexts (
    form INTEGER NOT NULL, source INTEGER NOT NULL, term INTEGER NOT NULL,
    count INTEGER NOT NULL, PRIMARY KEY (form, source, term)) WITHOUT ROWID;
-- a rowid table: its 1 kB rows would each take an overflow page in a WITHOUT ROWID one
CREATE TABLE IF NOT EXISTS context_vectors (
    form INTEGER NOT NULL, source INTEGER NOT NULL, n INTEGER NOT NULL, total BLOB NOT NULL,
    PRIMARY KEY (form, source));
-- the same for the English sentence vectors of the words around the short form (lexical.window),
-- which the second reading compares a context with (acronyms.rerank)
CREATE TABLE IF NOT EXISTS window_vectors (
    form INTEGER NOT NULL, source INTEGER NOT NULL, n INTEGER NOT NULL, total BLOB NOT NULL,
    PRIMARY KEY (form, source));
"""
VECTOR_TABLES = ("context_vectors", "window_vectors")
# How vector sums are stored: "int8", a float32 scale then a byte per dimension (516 bytes at 512
# dimensions; on the bundle's sums a cosine moves by 3e-4 on average, 1.4e-3 at most), in files
# made by this version; older files, without the meta key, hold float16 (twice the size)
VECTOR_FORMAT = "int8"
LEGACY_VECTOR_FORMAT = "float16"
Key = TypeVar("Key")
_CHUNK = 50_000
MMAP_BYTES = 256 << 20  # address space, not memory: pages are loaded only when read
BUSY_SECONDS = 30.0  # how long to wait for another program that holds the file, then fail


@dataclass(frozen=True, slots=True)
class Entry:
    """One long form of a short form, as a source gives it. ``language`` and ``domain`` are a
    code each, or several joined by commas ("es,en" and "clinical,biomedical": an English term a
    Spanish clinical source uses), or empty."""

    short: str
    long: str
    count: int = 1
    language: str = ""
    domain: str = ""


@dataclass(frozen=True, slots=True)
class Sense:
    """One meaning of a short form: its variants merged, counts summed over sources."""

    short: str
    key: str
    long: str
    count: int
    variants: tuple[tuple[str, int], ...]
    languages: tuple[str, ...]
    domains: tuple[str, ...]
    sources: tuple[str, ...]


class Context(NamedTuple):
    """A text seen around a short form used with a given long form."""

    short: str
    long: str
    text: str


class Encoder(Protocol):
    """Anything that turns texts into unit sentence vectors, one row per text."""

    def encode(self, texts: Sequence[str]) -> Vectors: ...


class VectorSum(NamedTuple):
    """Unit sentence vectors of contexts, added up: their sum and how many there were."""

    total: Vectors
    n: int

    def plus(self, other: VectorSum) -> VectorSum:
        return VectorSum(self.total + other.total, self.n + other.n)


def encode_vector(vector: Vectors, format: str = VECTOR_FORMAT) -> bytes:
    """A vector as a blob: in ``int8``, a float32 scale (the largest magnitude / 127) and the
    vector's values in units of it, rounded (:func:`quantized`); in ``float16``, the values at
    half precision."""
    if format == LEGACY_VECTOR_FORMAT:
        half: bytes = np.asarray(vector, np.float16).tobytes()
        return half
    scales, units = quantized(np.asarray(vector, np.float32).reshape(1, -1))
    blob: bytes = scales.tobytes() + units.tobytes()
    return blob


def quantized(rows: Vectors) -> tuple[Vectors, npt.NDArray[np.int8]]:
    """Each row at a byte per value: its scale (the largest magnitude / 127, float32; 1 for a
    zero row or one whose scale underflows) and its values in units of it, rounded."""
    largest = np.max(np.abs(rows), axis=1) if rows.shape[1] else np.zeros(len(rows))
    with np.errstate(under="ignore"):  # a scale under float32's range is 0, then 1 below
        scales = (largest.astype(np.float64) / 127.0).astype(np.float32)
    scales[~(scales > 0)] = 1.0
    units = np.clip(np.rint(rows.astype(np.float32) / scales[:, None]), -127, 127)
    return scales, units.astype(np.int8)


def decode_vector(blob: bytes, format: str = VECTOR_FORMAT) -> Vectors:
    """The float32 vector of a blob written by :func:`encode_vector` in ``format``."""
    if format == LEGACY_VECTOR_FORMAT:
        return np.frombuffer(blob, dtype=np.float16).astype(np.float32)
    scale = np.frombuffer(blob[:4], dtype=np.float32)[0]
    decoded: Vectors = np.frombuffer(blob[4:], dtype=np.int8).astype(np.float32) * scale
    return decoded


def add_to_sums(sums: dict[Key, VectorSum], key: Key, found: VectorSum) -> None:
    """Add ``found`` to the sum kept under ``key`` (which it starts when there is none)."""
    sums[key] = sums[key].plus(found) if key in sums else found


class AcronymDictionary:
    """Short form → senses, backed by one SQLite file (or memory)."""

    def __init__(self, connection: sqlite3.Connection, name: str) -> None:
        self._db = connection
        self.name = name
        # what readers compute from the contents (domain profiles, their weighting), kept
        # until the next write; keyed by a tuple naming the computation
        self.derived: dict[tuple[object, ...], object] = {}
        self.generation = 0  # how many writes this object has made
        self._depth = 0  # how many transaction() blocks are open
        # files made before a kind of vectors was kept have no table for it
        self._vector_tables = frozenset(
            name
            for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if name in VECTOR_TABLES
        )
        row = connection.execute("SELECT value FROM meta WHERE key = 'vector_format'").fetchone()
        self._vector_format = row[0] if row else LEGACY_VECTOR_FORMAT

    @classmethod
    def open(cls, path: Path, *, writable: bool = False) -> AcronymDictionary:
        """Open an existing dictionary file; read-only unless ``writable``."""
        if path.is_dir():
            raise InputError(
                f"{path}: is a directory; give a dictionary file, e.g. {path}/acronyms.sqlite"
            )
        if not path.is_file():
            raise InputError(f"{path}: no such dictionary; build one with `termlens dict import`")
        note_input(path)
        mode = "rw" if writable else "ro"
        try:
            db = sqlite3.connect(
                f"file:{path.resolve()}?mode={mode}", uri=True, timeout=BUSY_SECONDS
            )
            version = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        except sqlite3.DatabaseError as exc:
            if _locked(exc):
                raise _locked_error(str(path), writing=False) from None
            raise InputError(
                f"{path}: not a termlens dictionary (SQLite); import JSON or TSV with "
                "`termlens dict import`"
            ) from None
        if version is None or version[0] != SCHEMA_VERSION:
            raise InputError(f"{path}: dictionary schema {version} is not {SCHEMA_VERSION}")
        if writable:
            db.executescript(_SCHEMA)  # a file made before a table was added gains it
        db.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")  # reads without copies or syscalls
        db.execute("PRAGMA cache_size = -32000")  # 32 MB of page cache
        return cls(db, str(path))

    @classmethod
    def create(cls, path: Path | str = ":memory:") -> AcronymDictionary:
        """Create an empty dictionary (in memory by default)."""
        db = sqlite3.connect(str(path))
        db.executescript(_SCHEMA)
        with db:
            db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
            db.execute("INSERT OR REPLACE INTO meta VALUES ('vector_format', ?)", (VECTOR_FORMAT,))
        return cls(db, str(path))

    def close(self) -> None:
        self._db.close()

    def compact(self) -> None:
        """Rewrite the file without its free pages (a built dictionary ships smaller)."""
        self._db.execute("VACUUM")

    def __enter__(self) -> AcronymDictionary:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading -------------------------------------------------------------------------

    def lookup(self, short: str, exclude_sources: frozenset[str] = frozenset()) -> list[Sense]:
        """The senses of a short form, most frequent first; tries upper case if none match (the
        senses then name the short form as the dictionary writes it), unless capitals follow a
        small first letter: *nlp* and *Covid* may be *NLP* and *COVID*, but *iOS*, *eGFR* and
        *dB* are not *IOS*, *EGFR* and *DB*. Entries from ``exclude_sources`` are left out. The
        query is read in its normal form, as entries are stored (:mod:`termlens.normal_form`)."""
        short = stored_short_form(short)
        rows = self._rows(short)
        if not rows and short != short.upper() and not _capitals_after_small(short):
            short = short.upper()
            rows = self._rows(short)
        if exclude_sources:
            rows = [row for row in rows if row[2] not in exclude_sources]
        by_key: dict[str, list[tuple[str, str, str, int, str, str]]] = defaultdict(list)
        for row in rows:
            by_key[row[0]].append(row)
        senses = [_sense(short, key, group) for key, group in by_key.items()]
        return sorted(senses, key=lambda s: (-s.count, s.long))

    def _rows(self, short: str) -> list[tuple[str, str, str, int, str, str]]:
        return self._db.execute(
            "SELECT f.key, f.long, s.name, l.count, l.language, l.domain FROM forms f "
            "JOIN long_forms l ON l.form = f.id JOIN sources s ON s.id = l.source "
            "WHERE f.short = ?",
            (short,),
        ).fetchall()

    def __contains__(self, short: object) -> bool:
        return isinstance(short, str) and self.knows(short)

    def knows(self, short: str, exclude_sources: frozenset[str] = frozenset()) -> bool:
        """Whether the short form, as written (*iOS* is not *IOS*), has a long form from a
        source not in ``exclude_sources``."""
        return any(row[2] not in exclude_sources for row in self._rows(stored_short_form(short)))

    def short_forms(self) -> Iterator[str]:
        """Every short form with a long form, in order."""
        yield from (
            short
            for (short,) in self._db.execute(
                "SELECT DISTINCT f.short FROM forms f JOIN long_forms l ON l.form = f.id "
                "ORDER BY f.short"
            )
        )

    def rows(self) -> Iterator[tuple[str, str, str, int, str, str, str]]:
        """Every stored long form: short, key, long, source, count, language, domain."""
        yield from self._db.execute(
            "SELECT f.short, f.key, f.long, s.name, l.count, l.language, l.domain FROM forms f "
            "JOIN long_forms l ON l.form = f.id JOIN sources s ON s.id = l.source "
            "ORDER BY f.short, f.key, f.long, s.name"
        )

    def profiles(
        self, short: str, exclude_sources: frozenset[str] = frozenset()
    ) -> dict[str, Counter[str]]:
        """The context words seen with each long form of a short form, by long form."""
        out: dict[str, Counter[str]] = defaultdict(Counter)
        for long, source, term, count in self._db.execute(
            "SELECT f.long, s.name, t.term, c.count FROM forms f JOIN contexts c ON c.form = f.id "
            "JOIN sources s ON s.id = c.source JOIN terms t ON t.id = c.term WHERE f.short = ?",
            (stored_short_form(short),),
        ):
            if source not in exclude_sources:
                out[long][term] += count
        return out

    def context_vectors(
        self, short: str, exclude_sources: frozenset[str] = frozenset()
    ) -> dict[str, VectorSum]:
        """The sentence vectors of the contexts seen with each long form of a short form, summed
        (empty for files made before vectors were kept)."""
        return self._vector_sums("context_vectors", short, exclude_sources)

    def window_vectors(
        self, short: str, exclude_sources: frozenset[str] = frozenset()
    ) -> dict[str, VectorSum]:
        """The English sentence vectors of the words around each long form's short form in its
        contexts (:func:`lexical.window`), summed (empty where none were kept)."""
        return self._vector_sums("window_vectors", short, exclude_sources)

    def _vector_sums(
        self, table: str, short: str, exclude_sources: frozenset[str]
    ) -> dict[str, VectorSum]:
        out: dict[str, VectorSum] = {}
        if table not in self._vector_tables:
            return out
        for long, source, n, total in self._db.execute(
            "SELECT f.long, s.name, v.n, v.total FROM forms f "
            f"JOIN {table} v ON v.form = f.id JOIN sources s ON s.id = v.source "
            "WHERE f.short = ?",
            (stored_short_form(short),),
        ):
            if source not in exclude_sources:
                add_to_sums(out, long, VectorSum(decode_vector(total, self._vector_format), n))
        return out

    def document_frequencies(self, terms: Iterable[str]) -> dict[str, int]:
        """How many stored contexts contain each term (absent terms are left out)."""
        unique = list(set(terms))
        found: dict[str, int] = {}
        for i in range(0, len(unique), 500):
            chunk = unique[i : i + 500]
            marks = ",".join("?" * len(chunk))
            query = f"SELECT term, df FROM terms WHERE term IN ({marks})"
            found.update(self._db.execute(query, chunk).fetchall())
        return found

    def source_names(self) -> list[str]:
        """The names of the sources entries came from, in order."""
        return [name for (name,) in self._db.execute("SELECT name FROM sources ORDER BY name")]

    @property
    def context_count(self) -> int:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'contexts'").fetchone()
        return int(row[0]) if row else 0

    @property
    def total_document_frequency(self) -> int:
        row = self._db.execute("SELECT SUM(df) FROM terms").fetchone()
        return int(row[0] or 0)

    def stats(self) -> dict[str, object]:
        """Counts of short forms, senses, long forms, contexts and context vector sums, how the
        sums are stored, and rows per source."""
        one = self._db.execute
        per_source = one(
            "SELECT s.name, s.licence, COUNT(l.form) FROM sources s "
            "LEFT JOIN long_forms l ON l.source = s.id GROUP BY s.name ORDER BY s.name"
        ).fetchall()
        return {
            "short_forms": one(f"SELECT COUNT(DISTINCT short) FROM {_LISTED}").fetchone()[0],
            "senses": one(
                f"SELECT COUNT(*) FROM (SELECT DISTINCT short, key FROM {_LISTED})"
            ).fetchone()[0],
            "long_forms": one(f"SELECT COUNT(*) FROM {_LISTED}").fetchone()[0],
            "contexts": self.context_count,
            "long_forms_with_context_vectors": self._vector_rows("context_vectors"),
            "long_forms_with_window_vectors": self._vector_rows("window_vectors"),
            "vector_format": self._vector_format,
            "sources": {name: {"licence": lic, "rows": n} for name, lic, n in per_source},
        }

    def _vector_rows(self, table: str) -> int:
        """How many (long form, source) rows keep a vector sum in ``table`` (0 in older files)."""
        if table not in self._vector_tables:
            return 0
        return int(self._db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])

    # -- writing ---------------------------------------------------------------------------

    def add(self, entries: Iterable[Entry], source: str, licence: str = "", about: str = "") -> int:
        """Add long forms from one source in one transaction; counts add up. Returns rows read.
        Short and long forms are stored in their normal form (NFC, ligatures spelled out), so a
        decomposed "Hábitat" is the composed one."""
        entries = map(_in_normal_form, entries)
        n = 0
        self._changed()
        with self.transaction():
            source_id = self._register(source, licence, about)
            for chunk in _chunks(entries):
                n += len(chunk)
                self._db.executemany(
                    "INSERT OR IGNORE INTO forms (short, long, key) VALUES (?, ?, ?)",
                    ((e.short, e.long, sense_key(e.long)) for e in chunk),
                )
                self._db.executemany(
                    "INSERT INTO long_forms SELECT id, ?, ?, ?, ? FROM forms "
                    "WHERE short = ? AND long = ? "
                    "ON CONFLICT (form, source) DO UPDATE SET count = count + excluded.count",
                    ((source_id, e.count, e.language, e.domain, e.short, e.long) for e in chunk),
                )
        return n

    def add_contexts(
        self,
        contexts: Iterable[Context],
        source: str,
        licence: str = "",
        encoder: Encoder | None = None,
        window_encoder: Encoder | None = None,
        window_if: Callable[[Context], bool] | None = None,
    ) -> int:
        """Remember the words around short forms used with known long forms (one transaction);
        with an ``encoder``, also the sum of the contexts' sentence vectors per long form, and
        with a ``window_encoder`` (English) that of the words around the short form, in the
        contexts ``window_if`` accepts (all by default)."""
        contexts = (
            c._replace(short=stored_short_form(c.short), long=normalized(c.long)) for c in contexts
        )
        if encoder is not None or window_encoder is not None:
            contexts = list(contexts)  # read twice: for the words, then for the vectors
        counts: Counter[tuple[str, str, str]] = Counter()
        df: Counter[str] = Counter()
        n = 0
        for context in contexts:
            own = set(words(context.short))
            terms = [t for t in content_terms(context.text) if t not in own]
            for term, count in Counter(terms).items():
                counts[context.short, context.long, term] += count
            df.update(dict.fromkeys(terms, 1))  # once per context, in text order (not a set's)
            n += 1
        pairs = dict.fromkeys((short, long) for short, long, _ in counts)
        self._changed()
        with self.transaction():
            source_id = self._register(source, licence, "")
            self._db.executemany(
                "INSERT OR IGNORE INTO forms (short, long, key) VALUES (?, ?, ?)",
                ((s, lf, sense_key(lf)) for s, lf in pairs),
            )
            self._db.executemany(
                "INSERT INTO terms (term, df) VALUES (?, ?) "
                "ON CONFLICT (term) DO UPDATE SET df = df + excluded.df",
                df.items(),
            )
            self._db.executemany(
                "INSERT INTO contexts SELECT f.id, ?, t.id, ? FROM forms f, terms t "
                "WHERE f.short = ? AND f.long = ? AND t.term = ? "
                "ON CONFLICT (form, source, term) DO UPDATE SET count = count + excluded.count",
                ((source_id, c, s, lf, t) for (s, lf, t), c in counts.items()),
            )
            kept = cast(list[Context], contexts)
            if encoder is not None:
                texts = [c.text for c in kept]
                self._add_vectors(kept, encoder.encode(texts), source_id, "context_vectors")
            if window_encoder is not None:
                read = [c for c in kept if window_if is None or window_if(c)]
                texts = [window(c.text, c.short) for c in read]
                self._add_vectors(read, window_encoder.encode(texts), source_id, "window_vectors")
            self._db.execute(
                "INSERT INTO meta VALUES ('contexts', ?) "
                "ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + excluded.value",
                (n,),
            )
        return n

    def _add_vectors(
        self, contexts: list[Context], vectors: Vectors, source_id: int, table: str
    ) -> None:
        """Add the contexts' vectors to their long forms' sums in ``table`` (inside a
        transaction)."""
        sums: dict[tuple[str, str], VectorSum] = {}
        for context, vector in zip(contexts, vectors, strict=True):
            add_to_sums(sums, (context.short, context.long), VectorSum(vector, 1))
        for (short, long), added in sums.items():
            row = self._db.execute(
                f"SELECT v.n, v.total FROM {table} v JOIN forms f ON f.id = v.form "
                "WHERE f.short = ? AND f.long = ? AND v.source = ?",
                (short, long, source_id),
            ).fetchone()
            if row:
                added = added.plus(VectorSum(decode_vector(row[1], self._vector_format), row[0]))
            blob = encode_vector(added.total, self._vector_format)
            self._db.execute(
                f"INSERT OR REPLACE INTO {table} SELECT id, ?, ?, ? FROM forms "
                "WHERE short = ? AND long = ?",
                (source_id, added.n, blob, short, long),
            )

    def refresh_domains(self) -> None:
        """Recount the context words of each domain (from the long forms' domain tags). A long
        form tagged with several domains counts for the first: its contexts come from there."""
        self._changed()
        with self.transaction():
            self._db.execute("DELETE FROM domain_terms")
            self._db.execute(
                "INSERT INTO domain_terms SELECT "
                "substr(l.domain, 1, instr(l.domain || ',', ',') - 1) AS first, t.term, "
                "SUM(c.count) FROM contexts c "
                "JOIN long_forms l ON l.form = c.form AND l.source = c.source "
                "JOIN terms t ON t.id = c.term WHERE l.domain != '' GROUP BY first, t.term"
            )

    def _changed(self) -> None:
        self.derived.clear()
        self.generation += 1

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """The writes inside are one transaction: all kept, or none if anything fails (an
        interrupt too). The write methods open one each; inside another they join it."""
        self._depth += 1
        try:
            yield
            if self._depth == 1:
                self._db.commit()
        except BaseException as exc:
            if self._depth == 1:
                self._db.rollback()
            if _locked(exc):
                raise _locked_error(self.name, writing=True) from None
            raise
        finally:
            self._depth -= 1

    def domain_profiles(self) -> dict[str, Counter[str]]:
        """The context words of each domain (see :meth:`refresh_domains`), read once."""
        key = ("domain profiles",)
        if key not in self.derived:
            out: dict[str, Counter[str]] = defaultdict(Counter)
            query = "SELECT domain, term, count FROM domain_terms"
            for domain, term, count in self._db.execute(query):
                out[domain][term] = count
            self.derived[key] = dict(out)
        return cast(dict[str, Counter[str]], self.derived[key])

    def add_usage(self, rates: dict[str, tuple[int, int]], source: str, licence: str = "") -> None:
        """Record how often annotators marked each written form as an abbreviation where it
        occurred: ``{form: (times annotated, times seen)}`` (one transaction)."""
        self._changed()
        with self.transaction():
            source_id = self._register(source, licence, "")
            self._db.executemany(
                "INSERT INTO usage VALUES (?, ?, ?, ?) ON CONFLICT (short, source) DO UPDATE SET "
                "annotated = annotated + excluded.annotated, seen = seen + excluded.seen",
                ((short, source_id, a, n) for short, (a, n) in rates.items()),
            )

    def usage(self, source: str) -> dict[str, tuple[int, int]]:
        """The usage counts one source recorded (see :meth:`add_usage`)."""
        rows = self._db.execute(
            "SELECT u.short, u.annotated, u.seen FROM usage u JOIN sources s ON s.id = u.source "
            "WHERE s.name = ?",
            (source,),
        )
        return {short: (annotated, seen) for short, annotated, seen in rows}

    def _register(self, source: str, licence: str, about: str) -> int:
        if not source.strip():
            raise InputError("the source name is empty; name where the entries come from")
        self._db.execute(
            "INSERT INTO sources (name, licence, description) VALUES (?, ?, ?) "
            "ON CONFLICT (name) DO UPDATE SET "
            "licence = COALESCE(NULLIF(excluded.licence, ''), licence), "
            "description = COALESCE(NULLIF(excluded.description, ''), description)",
            (source, licence, about),
        )
        row = self._db.execute("SELECT id FROM sources WHERE name = ?", (source,)).fetchone()
        return int(row[0])

    def fast_writes(self) -> None:
        """Skip the journal and syncs: only for a new file that is renamed into place when
        complete (see :func:`build`)."""
        self._db.execute("PRAGMA journal_mode = OFF")
        self._db.execute("PRAGMA synchronous = OFF")


_LISTED = "(SELECT DISTINCT f.short, f.key, f.long FROM forms f JOIN long_forms l ON l.form = f.id)"


def stored_short_form(short: str) -> str:
    """A short form as a dictionary stores and looks it up: in its normal form, without white
    space, a comma or semicolon after it, or a bracket or double quote at an edge that has no
    pair in it, as labels one character too wide leave them ("PNUD)", "(CV", "DHAP,"); as given
    when nothing else would be left."""
    previous, form = None, normalized(short)
    while form != previous:
        previous, form = form, form.strip()
        form = form[:-1] if form[-1:] in (",", ";") else unpaired_edges_off(form)
    return form or short


def _capitals_after_small(short: str) -> bool:
    """Whether ``short`` starts with a small letter and has a capital later (*iOS*, *mRNA*)."""
    return short[:1].islower() and any(char.isupper() for char in short[1:])


def _in_normal_form(entry: Entry) -> Entry:
    if not 0 <= entry.count <= MAX_COUNT:
        raise InputError(
            f"count {entry.count} of {entry.short} → {entry.long}: give a count from 0 to "
            f"{MAX_COUNT:,}"
        )
    short, long = stored_short_form(entry.short), normalized(entry.long)
    if short is entry.short and long is entry.long:  # nearly always: no copy
        return entry
    return replace(entry, short=short, long=long)


def _chunks(entries: Iterable[Entry]) -> Iterator[list[Entry]]:
    chunk: list[Entry] = []
    for entry in entries:
        chunk.append(entry)
        if len(chunk) == _CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


_SPACES = re.compile(r"\s\s|^\s|\s$")  # "immediate  dominance"


def _flaws(long: str) -> int:
    """How many marks of a mangled source a spelling bears (runs of spaces, letters lost to a
    "?", a last word cut short: "Basic Travel Expression Corpu"), so that of the spellings of a
    sense counted as often, a clean one comes first."""
    last = WORD.findall(long)[-1:]
    cut = bool(last) and not is_word(last[0])
    return bool(_SPACES.search(long)) + bool(LOST_LETTERS.search(long)) + cut


def _sense(short: str, key: str, rows: list[tuple[str, str, str, int, str, str]]) -> Sense:
    variants: Counter[str] = Counter()
    for _, long, _, count, _, _ in rows:
        variants[long] += count
    ordered = sorted(variants.items(), key=lambda item: (-item[1], _flaws(item[0]), item[0]))
    return Sense(
        short=short,
        key=key,
        long=ordered[0][0],
        count=sum(variants.values()),
        variants=tuple(ordered),
        languages=tuple(sorted({code for r in rows for code in r[4].split(",") if code})),
        domains=tuple(sorted({code for r in rows for code in r[5].split(",") if code})),
        sources=tuple(sorted({r[2] for r in rows})),
    )


def _locked(error: BaseException) -> bool:
    """Whether SQLite gave up waiting for another program that holds the file."""
    return isinstance(error, sqlite3.OperationalError) and "locked" in str(error)


def _locked_error(name: str, writing: bool) -> InputError:
    """The error for a dictionary another program held past :data:`BUSY_SECONDS`: one writing
    to it, or, for a write, also one reading it (nothing was written)."""
    if not writing:
        return InputError(
            f"{name}: in use by another program that is writing to it; try again when it has "
            "finished"
        )
    return InputError(
        f"{name}: in use by another program that is reading or writing it; nothing was written: "
        "try again when it has finished"
    )


@contextmanager
def build(path: Path, base: Path | None = None) -> Iterator[AcronymDictionary]:
    """Build a new dictionary file, empty or a copy of the dictionary ``base``: written beside
    ``path`` and renamed into place on success."""
    handle, temp = new_file_beside(path)
    os.close(handle)
    os.unlink(temp)
    try:
        if base is None:
            dictionary = AcronymDictionary.create(temp)
        else:
            AcronymDictionary.open(base).close()  # a file that is no dictionary: its error, now
            shutil.copyfile(base, temp)
            dictionary = AcronymDictionary.open(Path(temp), writable=True)
        dictionary.fast_writes()
        with dictionary:
            yield dictionary
            if base is None:  # a copy has few free pages to drop, and many to rewrite
                dictionary.compact()
        check_not_an_input(path)  # read while the block ran
        os.replace(temp, path)
    finally:
        Path(temp).unlink(missing_ok=True)
