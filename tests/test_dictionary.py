"""The SQLite acronym dictionary: variants merged, counts summed, transactions, atomic rebuilds."""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from termlens.acronyms import dictionary as acronym_dictionary
from termlens.acronyms.dictionary import AcronymDictionary, Context, Entry
from termlens.acronyms.dictionary_files import export, guess_format, read_entries
from termlens.acronyms.lexical import spells_out, variant_key, window
from termlens.embeddings import default_encoder
from termlens.errors import InputError


def test_variants_merge_and_the_most_frequent_written_form_is_canonical() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("CNN", "convolutional neural network", 3)], "a")
    d.add(
        [Entry("CNN", "Convolutional Neural Networks", 5), Entry("CNN", "Cable News Network", 9)],
        "b",
    )
    senses = d.lookup("CNN")
    assert [(s.long, s.count) for s in senses] == [
        ("Cable News Network", 9),
        ("Convolutional Neural Networks", 8),
    ]
    assert senses[1].variants == (
        ("Convolutional Neural Networks", 5),
        ("convolutional neural network", 3),
    )
    assert senses[1].sources == ("a", "b")


def test_of_spellings_counted_alike_a_clean_one_comes_first() -> None:
    d = AcronymDictionary.create()
    mangled = ["immediate  dominance", "immediate?dominance", "Immediate Dominanc"]
    d.add([Entry("ID", long) for long in [*mangled, "Immediate Dominance"]], "sdu")
    d.add([Entry("MFS", "most?frequent?sense"), Entry("MFS", "most frequent sense")], "sdu")
    (sense,) = d.lookup("ID")
    assert sense.long == "Immediate Dominance"
    assert [long for long, _ in sense.variants] == ["Immediate Dominance", *sorted(mangled)]
    assert d.lookup("MFS")[0].long == "most frequent sense"
    d.add([Entry("ID", "immediate  dominance")], "more")  # counted more often, it leads
    assert d.lookup("ID")[0].long == "immediate  dominance"


def test_counts_add_up_when_the_same_entry_comes_twice() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("SVM", "support vector machine", 2)], "a")
    d.add([Entry("SVM", "support vector machine", 3)], "a")
    assert d.lookup("SVM")[0].count == 5


def test_variant_key_ignores_case_punctuation_and_endings() -> None:
    assert variant_key("Part-Of-Speech") == variant_key("part of speech")
    assert variant_key("neural networks") == variant_key("Neural Network")
    assert variant_key("support vector") != variant_key("support vectors machine")
    # a plural shares its singular's stem also where the singular loses a suffix
    assert variant_key("confidence intervals") == variant_key("Confidence Interval")
    assert variant_key("randomized controlled trials") == variant_key("randomized controlled trial")
    assert variant_key("processes") == variant_key("process")
    # plurals in -viruses, -ses and Latin ones share their singular's key, and the Greek -sis
    # the French -se
    assert variant_key("human papillomaviruses") == variant_key("human papillomavirus")
    assert variant_key("Component Analyses") == variant_key("component analysis")
    assert variant_key("analyse en composantes") == variant_key("analysis en composantes")
    assert variant_key("null hypotheses") == variant_key("null hypothesis")
    assert variant_key("lymph node metastases") == variant_key("lymph node metastasis")
    assert variant_key("quantitative trait loci") == variant_key("quantitative trait locus")
    assert variant_key("causes") == variant_key("cause")  # not *caus*
    assert variant_key("testis") != variant_key("test")
    # not a Spanish or French singular in -e
    assert variant_key("índices de precios") == variant_key("índice de precios")


def test_an_imagings_adjective_record_and_technique_share_a_key() -> None:
    one = {"electrocardiogram", "electrocardiographic", "Electrocardiography", "electrocardiograms"}
    assert len({variant_key(x) for x in one}) == 1
    assert variant_key("computed tomographic angiography") == variant_key(
        "computed tomography angiography"
    )
    assert variant_key("endoscopic") == variant_key("endoscopy")
    assert variant_key("geographical information system") == variant_key(
        "Geographic Information Systems"
    )
    # not a unit, and not graphic(s) alone
    assert variant_key("microgram") != variant_key("micrograph")
    assert variant_key("graphics processing unit") == variant_key("graphical processing unit")
    assert variant_key("graph processing unit") != variant_key("graphics processing unit")
    assert variant_key("program") == variant_key("programs") != variant_key("prograph")


def test_variant_key_ignores_accents() -> None:
    assert variant_key("Fréchet Inception Distance") == variant_key("Frechet inception distance")
    assert variant_key("centímetro cúbico") == variant_key("centimetro cubico")
    assert variant_key("Ångström") == "angstrom"
    assert variant_key("Søren") == "søren"  # a letter of its own, not an accented one


def test_spelled_out_letters_are_no_long_form() -> None:
    assert spells_out("USA", "u s a") and spells_out("USA", "U.S.A.")
    assert not spells_out("USA", "United States of America")
    assert not spells_out("ATP", "adenosine triphosphate")


def test_the_short_form_numbered_or_marked_is_no_long_form() -> None:
    assert spells_out("PATH", "path-1") and spells_out("PLUS", "Plus500")
    assert spells_out("I′M", "IM/4,300")
    assert not spells_out("NTCIR2", "NTCIR 2002")  # its digits spelled out: a name
    assert not spells_out("ACE07", "ACE 2007")


def test_a_long_form_may_serve_several_languages() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("PCR", "polymerase chain reaction", 2, "es,en")], "clinical")
    d.add([Entry("PCR", "proteína c reactiva", 5, "es")], "clinical")
    assert {s.long: s.languages for s in d.lookup("PCR")} == {
        "polymerase chain reaction": ("en", "es"),
        "proteína c reactiva": ("es",),
    }


def test_a_long_form_of_several_domains_shapes_the_first_ones_profile() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("PCR", "polymerase chain reaction", 1, "es,en", "clinical,biomedical")], "x")
    d.add_contexts([Context("PCR", "polymerase chain reaction", "PCR positiva para virus")], "x")
    d.refresh_domains()
    assert set(d.domain_profiles()) == {"clinical"}
    assert set(d.domain_profiles()["clinical"]) == {"positiva", "viru"}  # stemmed terms


def test_lookup_falls_back_to_upper_case_and_leaves_out_sources() -> None:
    d = AcronymDictionary.create()
    d.add([Entry("NLP", "natural language processing")], "a")
    d.add([Entry("NLP", "neuro-linguistic programming")], "b")
    assert {(s.short, s.long) for s in d.lookup("nlp")} == {
        ("NLP", "natural language processing"),
        ("NLP", "neuro-linguistic programming"),
    }
    assert [s.long for s in d.lookup("NLP", frozenset({"b"}))] == ["natural language processing"]
    assert d.lookup("XYZZY") == []
    assert "NLP" in d and "XYZZY" not in d


def test_a_failing_import_adds_nothing() -> None:
    d = AcronymDictionary.create()

    def entries() -> Iterator[Entry]:
        yield Entry("AI", "artificial intelligence")
        raise InputError("bad line")

    with pytest.raises(InputError):
        d.add(entries(), "broken")
    assert d.lookup("AI") == []


def test_decomposed_and_ligatured_spellings_are_stored_and_found_as_composed() -> None:
    d = AcronymDictionary.create()
    composed = Entry("ONU-Hábitat", "Programa de las Naciones Unidas para los Asentamientos")
    decomposed = Entry(unicodedata.normalize("NFD", composed.short), composed.long, 2)
    d.add([composed, decomposed, Entry("FSA", "ﬁnite state automaton")], "x")
    (sense,) = d.lookup(decomposed.short)
    assert (sense.short, sense.count) == ("ONU-Hábitat", 3)
    assert decomposed.short in d
    assert [s.long for s in d.lookup("FSA")] == ["finite state automaton"]
    d.add_contexts([Context("FSA", "ﬁnite state automaton", "states and transitions")], "x")
    assert set(d.profiles("FSA")["finite state automaton"]) == {"stat", "transition"}  # stems


def test_a_short_form_labelled_one_character_too_wide_is_stored_and_found_without_it() -> None:
    """Labels cut one character too wide ("PNUD)" in SDU@AAAI-22's Spanish gold) join the short
    form; a bracket or sign that belongs to it stays."""
    d = AcronymDictionary.create()
    long = "Programa de las Naciones Unidas para el Desarrollo"
    d.add([Entry("PNUD)", long, 4), Entry("PNUD", long), Entry("DHAP,", "dexametasona")], "x")
    d.add_contexts([Context("(PNUD", long, "El PNUD financia el desarrollo")], "x")
    (sense,) = d.lookup("PNUD")
    assert (sense.short, sense.count) == ("PNUD", 5)
    assert d.lookup("PNUD)") == d.lookup("PNUD") and "DHAP" in d
    assert set(d.profiles("PNUD)")[long]) == {"financia", "desarrollo"}
    for short in ("poly(I:C", "AI)N", "E−", "-OH", "(CV)", '"IDEC"', "“GDPR”", '"A"B'):
        d.add([Entry(short, "x y")], "y")
    assert {"poly(I:C", "AI)N", "E−", "-OH", "CV", "IDEC", "GDPR", '"A"B'} <= set(d.short_forms())


def test_contexts_become_profiles_without_the_short_form_itself() -> None:
    d = AcronymDictionary.create()
    d.add_contexts([Context("AI", "adequate intake", "The AI of potassium for adults")], "x")
    profile = d.profiles("AI")["adequate intake"]
    assert set(profile) == {"potassium", "adult"}
    assert d.context_count == 1
    assert d.profiles("AI", frozenset({"x"})) == {}


def test_context_vectors_are_summed_per_long_form_and_source() -> None:
    encoder = default_encoder()
    texts = ["The AI of potassium for adults", "The AI of sodium is lower"]
    d = AcronymDictionary.create()
    d.add_contexts([Context("AI", "adequate intake", texts[0])], "x", encoder=encoder)
    d.add_contexts([Context("AI", "adequate intake", texts[1])], "x", encoder=encoder)
    d.add_contexts([Context("AI", "artificial intelligence", "AI beats chess")], "y")
    total, n = d.context_vectors("AI")["adequate intake"]
    expected = encoder.encode(texts).sum(axis=0)
    # stored at a byte per dimension, twice: each write within half a unit (the largest / 127)
    assert n == 2 and np.allclose(total, expected, atol=np.abs(expected).max() / 127)
    assert set(d.context_vectors("AI")) == {"adequate intake"}  # "y" was added without vectors
    assert d.context_vectors("AI", frozenset({"x"})) == {}
    assert d.stats()["long_forms_with_context_vectors"] == 1


class Recording:
    """An encoder that remembers what it read and gives each text a vector of its length."""

    def __init__(self) -> None:
        self.read: list[str] = []

    def encode(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        self.read += texts
        return np.array([[len(t), 1.0] for t in texts], dtype=np.float32)


def test_window_vectors_read_the_words_around_the_short_form() -> None:
    words = [f"w{i}" for i in range(60)]
    words[40] = "AI"
    text = " ".join(words)
    recording = Recording()
    d = AcronymDictionary.create()
    d.add_contexts([Context("AI", "adequate intake", text)], "x", window_encoder=recording)
    assert recording.read == [window(text, "AI")] and len(window(text, "AI")) < len(text)
    total, n = d.window_vectors("AI")["adequate intake"]
    largest = len(window(text, "AI"))
    assert n == 1 and total.tolist() == pytest.approx([largest, 1.0], abs=largest / 254)
    assert d.stats()["vector_format"] == "int8"
    assert d.context_vectors("AI") == {}  # no sentence encoder given: none of those
    assert d.stats()["long_forms_with_window_vectors"] == 1


def test_a_dictionary_made_before_context_vectors_has_none(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with AcronymDictionary.create(path) as d:
        d.add([Entry("AI", "adequate intake")], "x")
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE context_vectors")
        db.execute("DROP TABLE window_vectors")
    with AcronymDictionary.open(path) as old:
        assert old.context_vectors("AI") == {} and old.lookup("AI")[0].long == "adequate intake"
        assert old.stats()["long_forms_with_context_vectors"] == 0
        assert old.window_vectors("AI") == {}
    with AcronymDictionary.open(path, writable=True) as old:  # writing vectors adds the table
        old.add_contexts(
            [Context("AI", "adequate intake", "the AI of zinc")], "x", encoder=default_encoder()
        )
        assert old.context_vectors("AI")["adequate intake"].n == 1


finite = st.floats(-1e4, 1e4, allow_nan=False, width=32)


@given(st.lists(finite, min_size=1, max_size=600))
def test_a_stored_vector_reads_back_within_half_a_unit(values: list[float]) -> None:
    vector = np.array(values, dtype=np.float32)
    blob = acronym_dictionary.encode_vector(vector)
    assert len(blob) == 4 + len(vector)  # a float32 scale, then a byte per dimension
    unit = float(np.abs(vector).max()) / 127
    decoded = acronym_dictionary.decode_vector(blob)
    assert np.all(np.abs(decoded - vector) <= unit / 2 + 1e-6 * unit + 1e-30)


def test_a_vector_too_small_for_a_float32_scale_reads_back_as_zeros() -> None:
    vector = np.array([1e-44, -1e-45, 0.0], dtype=np.float32)  # its scale would underflow to 0
    with np.errstate(all="raise"):
        blob = acronym_dictionary.encode_vector(vector)
    assert np.all(acronym_dictionary.decode_vector(blob) == 0.0)


def test_a_dictionary_with_half_precision_sums_reads_and_keeps_them(tmp_path: Path) -> None:
    """Files made before the sums were stored at a byte per dimension have no vector_format."""
    path = tmp_path / "old.sqlite"
    recording = Recording()
    with AcronymDictionary.create(path) as d:
        d.add([Entry("AI", "adequate intake")], "x")
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM meta WHERE key = 'vector_format'")
        form = db.execute("SELECT id FROM forms").fetchone()[0]
        half = np.array([3.0, 1.0], np.float16).tobytes()
        db.execute("INSERT INTO window_vectors VALUES (?, 1, 1, ?)", (form, half))
    with AcronymDictionary.open(path, writable=True) as old:
        assert old.stats()["vector_format"] == "float16"
        assert old.window_vectors("AI")["adequate intake"].total.tolist() == [3.0, 1.0]
        old.add_contexts(
            [Context("AI", "adequate intake", "the AI")], "x", window_encoder=recording
        )
        total, n = old.window_vectors("AI")["adequate intake"]
        assert n == 2 and total.tolist() == [3.0 + len(window("the AI", "AI")), 2.0]
    with sqlite3.connect(path) as db:
        assert len(db.execute("SELECT total FROM window_vectors").fetchone()[0]) == 4  # float16


def test_usage_counts_round_trip() -> None:
    d = AcronymDictionary.create()
    d.add_usage({"mg": (10, 11)}, "corpus")
    d.add_usage({"mg": (1, 2)}, "corpus")
    assert d.usage("corpus") == {"mg": (11, 13)}
    assert d.usage("other") == {}


def test_rebuild_replaces_the_file_while_a_reader_keeps_the_old_one(tmp_path: Path) -> None:
    path = tmp_path / "d.sqlite"
    with acronym_dictionary.build(path) as d:
        d.add([Entry("AI", "artificial intelligence")], "old")
    reader = AcronymDictionary.open(path)
    with acronym_dictionary.build(path) as d:
        d.add([Entry("AI", "adequate intake")], "new")
    assert [s.long for s in reader.lookup("AI")] == ["artificial intelligence"]
    with AcronymDictionary.open(path) as fresh:
        assert [s.long for s in fresh.lookup("AI")] == ["adequate intake"]
    reader.close()


def test_a_failed_rebuild_leaves_the_old_file_and_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "d.sqlite"
    with acronym_dictionary.build(path) as d:
        d.add([Entry("AI", "artificial intelligence")], "old")
    with pytest.raises(RuntimeError), acronym_dictionary.build(path) as d:
        d.add([Entry("AI", "adequate intake")], "new")
        raise RuntimeError("interrupted")
    assert [p.name for p in tmp_path.iterdir()] == ["d.sqlite"]
    with AcronymDictionary.open(path) as d:
        assert [s.long for s in d.lookup("AI")] == ["artificial intelligence"]


def test_a_built_dictionary_is_compact(tmp_path: Path) -> None:
    # entries in no particular order leave half-filled pages unless the build repacks them
    path = tmp_path / "d.sqlite"
    with acronym_dictionary.build(path) as d:
        for i in range(40):
            d.add(
                [Entry(f"A{(i * 7919 + j) % 997}", f"long form {i} {j}") for j in range(200)], "s"
            )
    built = path.stat().st_size
    copy = tmp_path / "copy.sqlite"
    copy.write_bytes(path.read_bytes())
    db = sqlite3.connect(copy)
    db.execute("VACUUM")
    db.close()
    assert built == copy.stat().st_size


def test_opening_something_else_is_a_clear_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database at all, just text\n" * 100)
    with pytest.raises(InputError, match="not a termlens dictionary"):
        AcronymDictionary.open(junk)
    with pytest.raises(InputError, match="no such dictionary"):
        AcronymDictionary.open(tmp_path / "missing.sqlite")


# -- files -------------------------------------------------------------------------------


def test_reads_the_four_formats(tmp_path: Path) -> None:
    sdu = tmp_path / "diction.json"
    sdu.write_text(json.dumps({"POS": ["part of speech", "Part-Of-Speech"]}))
    gladis = tmp_path / "dict.json"
    gladis.write_text(json.dumps({"CDA": [["Communications Decency Act", 133]]}))
    tsv = tmp_path / "d.tsv"
    tsv.write_text(
        "short\tlong\tcount\tlanguage\tdomain\nTC\ttomografía computarizada\t4\tes\tclinical\n"
    )
    assert guess_format(sdu, sdu.read_text()) == "sdu"
    assert guess_format(gladis, gladis.read_text()) == "gladis"
    assert list(read_entries(sdu)) == [
        Entry("POS", "part of speech"),
        Entry("POS", "Part-Of-Speech"),
    ]
    assert list(read_entries(gladis)) == [Entry("CDA", "Communications Decency Act", 133)]
    assert list(read_entries(tsv)) == [Entry("TC", "tomografía computarizada", 4, "es", "clinical")]
    adam = tmp_path / "valid_adam.txt"
    adam.write_text("PREFERRED_AB\tVARIANT_AB\tEXPANSION\nAI\tAI:15|ai:2\tadequate intake\n")
    assert guess_format(adam, adam.read_text()) == "adam"
    assert guess_format(tsv, tsv.read_text()) == "tsv"
    assert list(read_entries(adam, language="en")) == [
        Entry("AI", "adequate intake", 15, "en"),
        Entry("ai", "adequate intake", 2, "en"),
    ]


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        (
            "g.json",
            '{\n "AA": [["anti-aircraft", 3]],\n "BB": [["bad", "x"]]\n}',
            r"g.json: line 3: short form 'BB'.*\[long form, count\]",
        ),
        ("s.json", '{"AA": "anti-aircraft"}', r"line 1: short form 'AA'"),
        ("t.tsv", "short\tlong\tcount\nAA\tanti-aircraft\tmany\n", r"t.tsv: line 2: field count"),
        ("t.tsv", "AA\tanti-aircraft\n", r"line 1: expected the header"),
        ("b.json", '{"AA": [', r"b.json: line 1: invalid JSON"),
        ("l.json", "[1, 2]", r"line 1: expected a JSON object"),
        (
            "a.txt",
            "PREFERRED_AB\tVARIANT_AB\tEXPANSION\nAI\tAI:15|ai\tadequate intake\n",
            r"a.txt: line 2: field VARIANT_AB: 'ai' is not short form:count",
        ),
        ("a.txt", "PREFERRED_AB\tVARIANT_AB\tEXPANSION\nAI\tAI:15\n", r"line 2: expected three"),
        # counts SQLite cannot store, digits int() cannot read, and JSON's true are no counts
        (
            "t.tsv",
            "short\tlong\tcount\nAA\tanti-aircraft\t" + "9" * 20 + "\n",
            r"line 2: field count",
        ),
        ("t.tsv", "short\tlong\tcount\nAA\tanti-aircraft\t²\n", r"line 2: field count: '²'"),
        (
            "g.json",
            '{"AA": [["anti-aircraft", true]]}',
            r"short form 'AA': item \['anti-aircraft', True\]",
        ),
        ("a.txt", "PREFERRED_AB\tVARIANT_AB\tEXPANSION\nAI\tAI:²\tadequate intake\n", "'AI:²'"),
    ],
)
def test_bad_files_name_file_line_and_field(
    tmp_path: Path, name: str, content: str, message: str
) -> None:
    path = tmp_path / name
    path.write_text(content)
    d = AcronymDictionary.create()
    with pytest.raises(InputError, match=message):
        d.add(read_entries(path), "bad")
    assert list(d.short_forms()) == []


def test_a_count_a_dictionary_cannot_store_is_refused_and_adds_nothing() -> None:
    d = AcronymDictionary.create()
    entries = [Entry("AA", "anti-aircraft"), Entry("BB", "bulletin board", 10**20)]
    with pytest.raises(InputError, match="count 100000000000000000000 of BB → bulletin board"):
        d.add(entries, "big")
    assert list(d.short_forms()) == []


@pytest.mark.parametrize("source", ["", "  "])
def test_a_source_without_a_name_is_refused_and_adds_nothing(source: str) -> None:
    d = AcronymDictionary.create()
    with pytest.raises(InputError, match="source name is empty"):
        d.add([Entry("AA", "anti-aircraft")], source)
    assert list(d.short_forms()) == [] and d.source_names() == []


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.text(st.characters(categories=["Lu", "Nd"]), min_size=1, max_size=6),
            st.text(st.characters(categories=["Ll", "Lu", "Zs"]), min_size=1, max_size=30)
            .map(str.strip)
            .filter(bool),
            st.integers(1, 1000),
        ),
        max_size=20,
    )
)
def test_tsv_and_csv_export_then_import_keeps_every_entry(
    tmp_path_factory: pytest.TempPathFactory, rows: list[tuple[str, str, int]]
) -> None:
    d = AcronymDictionary.create()
    d.add((Entry(s, lf, n) for s, lf, n in rows), "src")
    for format in ("tsv", "csv"):
        path = tmp_path_factory.mktemp("x") / f"d.{format}"
        export(d, path, format)
        again = AcronymDictionary.create()
        again.add(read_entries(path), "src")
        assert sorted(again.rows()) == sorted(d.rows())


def test_a_csv_reads_as_spreadsheets_write_it(tmp_path: Path) -> None:
    """Quoted fields with commas, a byte order mark and CRLF (Excel), semicolons (Excel in much
    of Europe); a quote left open is an error naming its line."""
    path = tmp_path / "d.csv"
    path.write_text(
        '\ufeffshort,long,count\r\nHEW,"Department of Health, Education, and Welfare",2\r\n\r\n'
        'Q,"the ""quoted"" one",1\r\n',
        encoding="utf-8",
    )
    assert [(e.short, e.long, e.count) for e in read_entries(path)] == [
        ("HEW", "Department of Health, Education, and Welfare", 2),
        ("Q", 'the "quoted" one', 1),
    ]
    path.write_text("short;long;count\nHEW;Department of Health, Education, and Welfare;2\n")
    assert [e.long for e in read_entries(path)] == ["Department of Health, Education, and Welfare"]
    path.write_text('short,long\nAA,anti-aircraft\nBB,"bad\n')
    with pytest.raises(InputError, match=r"d.csv: line 3: not CSV"):
        list(read_entries(path))
    path.write_text("AA,anti-aircraft\n")
    with pytest.raises(InputError, match=r"line 1: expected the header 'short,long,count,"):
        list(read_entries(path))


def test_a_tsv_header_names_the_columns_after_the_first_two(tmp_path: Path) -> None:
    """`dict lookup`'s table (variants and sources where an export has language and domain)
    imports with its counts; a header may put the language before the count."""
    looked_up = tmp_path / "lookup.tsv"
    looked_up.write_text(
        "short form\tlong form\tcount\tvariants\tsources\nGPU\tgraphics processing unit\t3\t1\tx\n"
    )
    assert [(e.short, e.long, e.count, e.language, e.domain) for e in read_entries(looked_up)] == [
        ("GPU", "graphics processing unit", 3, "", "")
    ]
    reordered = tmp_path / "reordered.tsv"
    reordered.write_text("short\tlong\tlanguage\tcount\nHPC\thigh-performance computing\ten\t5\n")
    (entry,) = read_entries(reordered)
    assert (entry.count, entry.language) == (5, "en")
    headless = tmp_path / "headless.tsv"
    headless.write_text("HPC\thigh-performance computing\n")
    with pytest.raises(InputError, match=r"not 'HPC\\thigh-performance computing'; add it"):
        list(read_entries(headless))


def test_the_bundled_dictionary_matches_its_manifest_and_knows_its_sources() -> None:
    from termlens.acronyms.expand import DICTIONARY_FILE, default_dictionary
    from termlens.resources import manifest, resource_path, sha256

    for name in (DICTIONARY_FILE, "disambiguator.json"):
        path = resource_path(name)
        assert manifest()[name]["sha256"] == sha256(path)
    stats = default_dictionary().stats()
    sources = stats["sources"]
    assert isinstance(sources, dict) and all(v["licence"] for v in sources.values())
    assert not any("eval" in name or "biomedical-dev" in name for name in sources)
    from termlens.benchmarks import disambiguation as ad

    own = {ad.SCIAD_SOURCE, ad.GLADIS_GENERAL_SOURCE, ad.GLADIS_BIOMEDICAL_SOURCE}
    own |= {ad.sdu22_source(folder) for folder in ad.SDU22_FOLDERS}
    assert own <= set(default_dictionary().source_names())  # the names benches leave out
    assert {s.long for s in default_dictionary().lookup("CNN")} >= {"convolutional neural network"}


def test_the_bundled_dictionary_keeps_out_pairs_that_are_no_meaning() -> None:
    """The GLADIS pre-training sample's noise and spelled-out letters are left out, long forms
    cut inside their last word are completed; English terms of the Spanish clinical cases serve
    English text too (scripts/build_dictionary.py)."""
    from termlens.acronyms.expand import default_dictionary

    rna = {s.long: s.languages for s in default_dictionary().lookup("RNA")}
    assert not any(";" in long for long in rna)  # "reactive; MTRNR2L6, Humanin-like protein; …"
    assert rna["ribonucleic acid"] == ("en", "es")
    assert "u s a" not in {s.long for s in default_dictionary().lookup("USA")}
    assert "state" not in default_dictionary()  # "States ConstitutionCategory:Burials in …"
    tf = {s.long for s in default_dictionary().lookup("TF")}  # diction.json's "term frequenc"
    assert "term frequency" in tf and "term frequenc" not in tf

    # PubMed Central's script markup is gone, and no address is a long form
    def longs(short: str) -> set[str]:
        return {s.long for s in default_dictionary().lookup(short)}

    assert "histamine2" in longs("H2") and "cluster of differntiation 4^+^" not in longs("CD4")
    assert "www.geneontology.org/" not in longs("GO")


def test_a_dictionary_another_program_holds_is_named_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(acronym_dictionary, "BUSY_SECONDS", 0.05)
    path = tmp_path / "d.sqlite"
    with acronym_dictionary.build(path) as d:
        d.add([Entry("AA", "anti-aircraft")], "hand")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN")
    other.execute("SELECT count(*) FROM forms").fetchall()  # a reader, mid-transaction
    busy = r"in use by another program .* nothing was written"
    with AcronymDictionary.open(path, writable=True) as d, pytest.raises(InputError, match=busy):
        d.add([Entry("BB", "bulletin board")], "hand")  # was "database is locked"
    other.execute("COMMIT")
    other.execute("BEGIN EXCLUSIVE")  # a writer
    with pytest.raises(InputError, match="in use by another program that is writing to it"):
        AcronymDictionary.open(path)  # was "not a termlens dictionary"
    other.execute("ROLLBACK")
    with AcronymDictionary.open(path) as d:
        assert list(d.short_forms()) == ["AA"]
