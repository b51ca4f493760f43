"""The CRF tagger: features, spans, and pairing with the rules, on a tiny model trained here."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import cast

import pycrfsuite
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from termlens.acronyms import tagger as tagger_module
from termlens.acronyms.extract import extract, shouted
from termlens.acronyms.tagger import (
    COORDINATIONS,
    ENDING_FUNCTION_WORDS,
    FRENCH_FUNCTION_WORDS,
    FUNCTION_WORDS,
    AcronymTagger,
    Label,
    _initials_run,
    char_spans,
    default_tagger,
    long_forms_after_a_coordination,
    long_forms_after_articles,
    long_forms_ending_on_a_word,
    long_forms_ending_where_needed,
    long_forms_explaining_their_entry,
    long_forms_spelled_out,
    long_forms_to_the_next_entry,
    long_forms_without_a_trailing_possessive,
    rule_labels,
    shape,
    short_forms_said_once,
    spans,
    spelled_out,
    subtokens,
    token_features,
)
from termlens.text import Document, Span, Token, tokenize

TRAINING = [
    (
        "We use the KPI , herein the key performance indicator , daily .",
        "O O O B-short O O O B-long I-long I-long O O O",
    ),
    (
        "The GPU and the CPU run the support vector machine .",
        "O B-short O O B-short O O B-long I-long I-long O",
    ),
    ("A new LSTM model beats the KPI .", "O O B-short O O O B-short O"),
]


@pytest.fixture(scope="module")
def tiny_tagger(tmp_path_factory: pytest.TempPathFactory) -> AcronymTagger:
    trainer = pycrfsuite.Trainer(verbose=False)
    for sentence, labels in TRAINING:
        words = sentence.split()
        tokens = list(tokenize(sentence))
        trainer.append(
            token_features(words, rule_labels(sentence, tokens, "en"), "en"), labels.split()
        )
    trainer.set_params({"c1": 0.0, "c2": 0.001, "max_iterations": 100})
    path = tmp_path_factory.mktemp("model") / "tiny.crfsuite"
    trainer.train(str(path))
    return AcronymTagger(path)


def test_shape() -> None:
    assert [shape(w) for w in ["Protein", "IL-6", "mRNA", "ABCDEFG"]] == [
        "Xxxx",
        "XX-d",
        "xXXX",
        "XXX",
    ]


def test_a_convention_marks_a_copy_of_every_feature() -> None:
    words, rules = ["the", "GPU"], ["-", "-"]
    plain = token_features(words, rules, "en")
    marked = token_features(words, rules, "en", "sciai")
    for mine, theirs in zip(plain, marked, strict=True):
        assert theirs == mine + [f"sciai|{feature}" for feature in mine]


def test_words_whose_initials_spell_a_short_form_are_marked_with_where_they_stand() -> None:
    words = "the key performance indicator , herein KPI , sets the Key Performance target".split()
    assert spelled_out(words) == {
        1: "spells=first|before",
        2: "spells=next|before",
        3: "spells=next|before",
    }
    words = "DARPA : the Defense Advanced Research Projects Agency".split()
    assert spelled_out(words) == {3: "spells=first|after"} | {
        i: "spells=next|after" for i in range(4, 8)
    }
    assert spelled_out("a KPI is not spelled by KPI itself".split()) == {}
    features = token_features("the key performance indicator KPI".split(), ["-"] * 5, "en")
    assert "spells=first|before" in features[1] and not any("spells" in f for f in features[0])
    spanish = token_features("the key performance indicator KPI".split(), ["-"] * 5, "es")
    assert not any("spells" in f for word in spanish for f in word)


def test_subtokens_split_compounds_and_keep_offsets() -> None:
    text = "EU's SMV-præstation and IL-6"
    pieces = subtokens(list(tokenize(text)))
    assert [p.text for p in pieces] == [
        "EU",
        "'",
        "s",
        "SMV",
        "-",
        "præstation",
        "and",
        "IL",
        "-",
        "6",
    ]
    assert all(text[p.start : p.end] == p.text for p in pieces)


def test_subtokens_split_where_the_script_changes() -> None:
    # Persian writes its suffixes on Latin short forms: SVCها (SVCs), تعريفSVC
    text = "SVCها تعريفSVC HTML5 ĐATN"
    pieces = subtokens(list(tokenize(text)))
    assert [p.text for p in pieces] == ["SVC", "ها", "تعريف", "SVC", "HTML5", "ĐATN"]
    assert all(text[p.start : p.end] == p.text for p in pieces)


def test_rule_labels_mark_definitions_and_mentions() -> None:
    text = "A support vector machine (SVM) and an SVM ."
    tokens = list(tokenize(text))
    labels = dict(zip([t.text for t in tokens], rule_labels(text, tokens, "en"), strict=False))
    assert labels["support"] == "R-long" and labels["("] == "-"
    assert rule_labels(text, tokens, "en")[-2] == "R-mention"


def test_spans_from_bio() -> None:
    found = spans(["B-long", "I-long", "O", "B-short", "I-long", "O"])
    assert [(s.kind, s.first, s.last) for s in found] == [
        ("long", 0, 1),
        ("short", 3, 3),
        ("long", 4, 4),
    ]


def test_tiny_model_tags_words(tiny_tagger: AcronymTagger) -> None:
    labels = tiny_tagger.tag_words("The GPU beats the LSTM .".split())
    assert labels[1] == "B-short" and labels[4] == "B-short"
    assert tiny_tagger.tag_words([]) == []


def test_short_forms_keep_glued_direction_marks_and_drop_loose_ones() -> None:
    # Persian texts wrap Latin words in U+202A … U+202C; the gold keeps the marks glued to a
    # short form and never those after a space
    text = "از \u202aOSPF\u202c\u202c و RIP \u202c\u202c است"
    doc = Document(text)
    tokens = subtokens(doc.tokens)
    words = [t.text for t in tokens]
    labels = ["O"] * len(tokens)
    labels[words.index("OSPF")] = "B-short"
    rip = words.index("RIP")
    labels[rip : rip + 3] = ["B-short", "I-short", "I-short"]  # the tagger took " \u202c\u202c"
    shorts, _ = char_spans(doc, tokens, labels)
    assert [s.text for s in shorts] == ["OSPF\u202c\u202c", "RIP"]
    assert all(text[s.start : s.end] == s.text for s in shorts)


def test_short_forms_end_at_a_tab_or_a_line_break() -> None:
    # an index's term and its entry, a list's lines: one short form each (libxslt's API index)
    text = "XSLT_ERROR\t_xsltCompilerCtxt\nGNU\n  GPL and GNU FDL"
    doc = Document(text)
    tokens = subtokens(doc.tokens)
    labels = ["B-short"] + ["I-short"] * (len(tokens) - 1)
    shorts, _ = char_spans(doc, tokens, labels)
    assert [s.text for s in shorts] == ["XSLT_ERROR", "_xsltCompilerCtxt", "GNU", "GPL and GNU FDL"]


def test_tagger_pairs_long_forms_the_rules_miss(tiny_tagger: AcronymTagger) -> None:
    doc = Document("We use the KPI, herein the key performance indicator, daily. The GPU runs.")
    tokens, labels = tiny_tagger.tag_document(doc)
    shorts, longs = char_spans(doc, tokens, labels)
    assert "KPI" in [s.text for s in shorts]
    assert "key performance indicator" in [span.text for span in longs]
    found = {(o.short.text, o.long.text if o.long else None) for o in extract(doc, tiny_tagger)}
    assert ("KPI", "key performance indicator") in found
    assert ("GPU", None) in found  # an undefined short form is reported alone


class _HandTagged(AcronymTagger):
    """A tagger whose labels are given: ``short`` and ``long`` words, the rest O."""

    def __init__(self, short: set[str], long: list[str]) -> None:
        self.short, self.long = short, long

    def tag_document(
        self, doc: Document, lang: str | None = None, convention: str | None = None
    ) -> tuple[list[Token], list[Label]]:
        tokens = subtokens(doc.tokens)
        words = [t.text for t in tokens]
        labels: list[Label] = ["B-short" if w in self.short else "O" for w in words]
        first = next(i for i in range(len(words)) if words[i : i + len(self.long)] == self.long)
        labels[first : first + len(self.long)] = ["B-long"] + ["I-long"] * (len(self.long) - 1)
        return tokens, labels


class _Labelled(AcronymTagger):
    """A tagger whose labels ``label`` gives a text's subtokens."""

    def __init__(self, label: Callable[[list[Token]], list[Label]]) -> None:
        self.label = label

    def tag_document(
        self, doc: Document, lang: str | None = None, convention: str | None = None
    ) -> tuple[list[Token], list[Label]]:
        tokens = subtokens(doc.tokens)
        return tokens, self.label(tokens)


def _shorts(marked: Callable[[Token], bool]) -> _Labelled:
    """A tagger that marks each subtoken ``marked`` accepts as a short form of its own."""
    return _Labelled(lambda tokens: ["B-short" if marked(t) else "O" for t in tokens])


def _marked(text: str, *written: str) -> _Labelled:
    """A tagger that marks each of ``written``, where ``text`` first writes it, as one short
    form (its subtokens B-short, I-short, …)."""
    marked = [(text.index(w), len(w)) for w in written]

    def label(tokens: list[Token]) -> list[Label]:
        labels: list[Label] = ["O"] * len(tokens)
        for start, length in marked:
            inside = [i for i, t in enumerate(tokens) if start <= t.start < start + length]
            labels[inside[0]] = "B-short"
            for i in inside[1:]:
                labels[i] = "I-short"
        return labels

    return _Labelled(label)


def _spans(text: str, **written: str) -> _Labelled:
    """A tagger that tags each value, where ``text`` first writes it after the one before, as the
    kind its key names ("long" or "short")."""
    spans, end = [], 0
    for kind, w in written.items():
        start = text.index(w, end)
        spans.append((kind, start, start + len(w)))
        end = start + len(w)

    def label(tokens: list[Token]) -> list[Label]:
        labels: list[Label] = ["O"] * len(tokens)
        for kind, start, end in spans:
            inside = [i for i, t in enumerate(tokens) if start <= t.start < end]
            labels[inside[0]] = cast(Label, f"B-{kind}")
            for i in inside[1:]:
                labels[i] = cast(Label, f"I-{kind}")
        return labels

    return _Labelled(label)


def test_a_long_form_holding_its_short_form_is_no_definition() -> None:
    # a figure's labels, tagged as a long form, hold the singular of the short form after them
    text = "Encoders GCN / TreeLSTM BiLSTM BiLSTM GCN. We stack the structure given by TreeLSTMs."
    tagger = _HandTagged({"TreeLSTMs", "GCN"}, ["TreeLSTM", "BiLSTM", "BiLSTM"])
    found = extract(Document(text), tagger)
    assert [(o.short.text, o.long) for o in found] == [
        ("GCN", None),
        ("GCN", None),
        ("TreeLSTMs", None),
    ]
    # nor is a name built on it, one word that goes on with a capital (PostgreSQL's protocol)
    text = "SASLInitialResponse (F). Identifies the message as an initial SASL response."
    found = extract(Document(text), _HandTagged({"SASL"}, ["SASLInitialResponse"]))
    assert [(o.short.text, o.long) for o in found] == [("SASL", None)]
    # nor an identifier that holds it between underscores, in any case (the kernel's mm API)
    text = "If the maximum PFN of two zones match, if arch_max_dma_pfn == arch_max_dma32_pfn"
    tagged = _HandTagged({"PFN"}, ["arch", "_", "max", "_", "dma32", "_", "pfn"])
    found = extract(Document(text), tagged)
    assert [(o.short.text, o.long) for o in found] == [("PFN", None)]
    text = "ZONE_DISTRIBUTION_MODE sets how the DISTRIBUTION_MODE applies"
    tagged = _spans(text, long="ZONE_DISTRIBUTION_MODE", short="DISTRIBUTION_MODE")
    assert [o for o in extract(Document(text), tagged) if o.long] == []
    # nor an identifier that holds its pieces, or it and a number, nor a camel-case name built on
    # it among the words of code (the kernel's and Python's manuals)
    for text, long, short in (
        (
            "nf_conntrack_icmpv6_timeout - INTEGER. Default for ICMP replies",
            "icmpv6_timeout",
            "ICMP",
        ),
        (
            "nf_conntrack_icmpv6_timeout - INTEGER. Default for ICMP6 replies",
            "icmpv6_timeout",
            "ICMP6",
        ),
        ("the nr_cpu_ids value. Every CPU's queue", "nr_cpu_ids", "CPU's"),
        ("the token $PKCS11_OBJECT of the PKCS module", "$PKCS11_OBJECT", "PKCS"),
        (
            "WSGIServer, handler_class=WSGIRequestHandler) Create a new WSGI server",
            "WSGIServer, handler_class=WSGIRequestHandler",
            "WSGI",
        ),
    ):
        tagged = _spans(text, long=long, short=short)
        assert [o.long for o in extract(Document(text), tagged) if o.short.text == short] == [None]
    text = "using the TCP_THIN_LINEAR_TIMEOUTS and TCP_THIN_DUPACK IOCTLS"
    tagged = _spans(text, short="TCP_THIN", long="LINEAR_TIMEOUTS and TCP_THIN_DUPACK IOCTLS")
    assert [o.long for o in extract(Document(text), tagged)] == [None]
    # a long form that does not hold it still defines it
    text = "Tree Structured LSTMs. We stack the structure given by TreeLSTMs."
    found = extract(Document(text), _HandTagged({"TreeLSTMs"}, ["Tree", "Structured", "LSTMs"]))
    assert [(o.short.text, o.long and o.long.text) for o in found] == [
        ("TreeLSTMs", "Tree Structured LSTMs")
    ]


def test_a_constants_name_is_no_long_form() -> None:
    # systemd.directives(7), pam_userdb(8): a constant beside another spells it by chance
    for text, short, long in (
        ("$TERM: systemd.exec(5). $TRIGGER_TIMER_MONOTONIC_USEC", "TERM", "TIMER_MONOTONIC_USEC"),
        ("PAM_AUTH_ERR Authentication failure. PAM_AUTHTOK_RECOVERY_ERR", "AUTH_ERR",
         "AUTHTOK_RECOVERY_ERR"),
    ):  # fmt: skip
        tagged = _spans(text, short=short, long=long)
        assert [o.long for o in extract(Document(text), tagged) if o.short.text == short] == [None]


def test_a_keyword_is_no_short_form_of_its_own_word() -> None:
    # findmnt(8) and CMake's pages: a keyword beside its word, in small letters or inflected
    for text, short, long in (
        ("Supported: LABEL=label, UUID=uuid", "LABEL", "label"),
        ("EXPORT sets. Exporting Targets matching install", "EXPORT", "Exporting Targets"),
    ):
        tagged = _spans(text, short=short, long=long)
        assert [o.long for o in extract(Document(text), tagged) if o.short.text == short] == [None]


def test_a_phrase_with_a_function_word_defines_only_a_short_form_beside_it() -> None:
    # the kernel's ipvs-sysctl: the words spell UDP by chance, a clause apart from it
    text = "If set, use the default port, thread 0 will serve the UDP sockets."
    found = extract(Document(text), _spans(text, long="use the default port", short="UDP"))
    assert [(o.short.text, o.long) for o in found] == [("UDP", None)]
    text = "The time to last byte (TTLB) grows."
    found = extract(Document(text), _spans(text, long="time to last byte", short="TTLB"))
    assert [(o.short.text, o.long and o.long.text) for o in found] == [
        ("TTLB", "time to last byte")
    ]


def test_a_short_form_in_its_own_brackets_takes_no_long_form_after_it() -> None:
    # "(CBC)" follows what it stands for; words after it are another thing (nettle's manual)
    text = "a block mode like (CBC) is split, where the last complete block of ciphertext is cut"
    tagger = _HandTagged({"CBC"}, ["complete", "block", "of", "ciphertext"])
    assert [(o.short.text, o.long) for o in extract(Document(text), tagger)] == [("CBC", None)]
    # unbracketed, a long form after it still defines it (one with no function word: a phrase
    # with one defines only a short form beside it)
    text = "a block mode like CBC, which chains, where cipher block chaining is cut"
    found = extract(Document(text), _HandTagged({"CBC"}, ["cipher", "block", "chaining"]))
    assert [(o.short.text, o.long and o.long.text) for o in found] == [
        ("CBC", "cipher block chaining")
    ]


def test_a_tagged_long_form_that_starts_with_a_verb_in_the_third_person_defines_nothing() -> None:
    # Valgrind's manual: a clause whose words happen to spell the short form
    text = "GCC generates code to copy the structure."
    tagger = _HandTagged({"GCC"}, ["generates", "code", "to", "copy"])
    assert [(o.short.text, o.long) for o in extract(Document(text), tagger)] == [("GCC", None)]
    # a verb that is also a noun, or one in the past, may start a name
    for words in (["guides", "code", "coverage"], ["generated", "code", "copies"]):
        found = extract(
            Document(f"The GCC, {' '.join(words)}, is set."), _HandTagged({"GCC"}, words)
        )
        assert [(o.short.text, o.long and o.long.text) for o in found] == [("GCC", " ".join(words))]
    # English only: the rule reads WordNet
    text = "El GCC, generates code copy, se usa."
    found = extract(Document(text, lang="es"), _HandTagged({"GCC"}, ["generates", "code", "copy"]))
    assert [(o.short.text, o.long and o.long.text) for o in found] == [
        ("GCC", "generates code copy")
    ]


def test_missing_model_is_a_clear_error(tmp_path: Path) -> None:
    from termlens.errors import TermlensError

    with pytest.raises(TermlensError, match="not found"):
        AcronymTagger(tmp_path / "nope.crfsuite")


@pytest.mark.parametrize(
    "words",
    [
        [""],
        ["", "ABC", ""],
        ["x" * 5000],
        ["Мы", "используем", "NLP", "и", "مدل", "LSTM", "（", "全角", "）"],
        ["("] * 300 + ["SVM"] + [")"] * 300,
    ],
)
def test_odd_input_never_crashes(tiny_tagger: AcronymTagger, words: list[str]) -> None:
    assert len(tiny_tagger.tag_words(words)) == len(words)


def test_odd_documents(tiny_tagger: AcronymTagger) -> None:
    for text in ["", "   \n\n  ", "SVM " * 2000, "‫ ASBR ‬ دهد تا بهترین مسیر (VPN)"]:
        doc = Document(text)
        tokens, labels = tiny_tagger.tag_document(doc, "fa")
        assert len(tokens) == len(labels)
        for occurrence in extract(doc, tiny_tagger):
            assert text[occurrence.short.start : occurrence.short.end] == occurrence.short.text


def test_a_one_token_short_form_is_one_everywhere_in_the_sentence() -> None:
    from termlens.acronyms.tagger import consistent_short_forms

    words = ["The", "CNN", "and", "the", "CNN", "of", "LSTM", "nets", "CNN"]
    labels = ["O", "B-short", "O", "O", "O", "O", "B-long", "I-long", "O"]
    assert consistent_short_forms(words, labels) == [
        "O", "B-short", "O", "O", "B-short", "O", "B-long", "I-long", "B-short",
    ]  # fmt: skip
    multi = ["Co", "A", "is", "Co"]
    assert consistent_short_forms(multi, ["B-short", "I-short", "O", "O"]) == [
        "B-short",
        "I-short",
        "O",
        "O",
    ]


def test_a_one_token_short_form_is_one_everywhere_in_the_document(
    tiny_tagger: AcronymTagger, monkeypatch: pytest.MonkeyPatch
) -> None:
    def inside_brackets(words: list[str], *_: object) -> list[Label]:
        """A stand-in model: only a word between brackets is a short form."""
        return [
            "B-short" if 0 < i < len(words) - 1 and (words[i - 1], words[i + 1]) == ("(", ")")
            else "O"
            for i in range(len(words))
        ]  # fmt: skip

    monkeypatch.setattr(tiny_tagger, "_tag", inside_brackets)
    doc = Document("The key term (KT) is new. Later the KT won. Nothing else.")
    tokens, labels = tiny_tagger.tag_document(doc)
    assert [t.text for t, label in zip(tokens, labels, strict=True) if label == "B-short"] == [
        "KT",
        "KT",
    ]


def test_rule_definitions_fill_what_the_tagger_left_out() -> None:
    from termlens.acronyms.tagger import with_rule_definitions

    words = ["đồ", "án", "tốt", "nghiệp", "(", "ĐATN", ")", "and", "X", "(", "Y", ")"]
    rules = ["R-long"] * 4 + ["-", "R-short", "-", "-", "R-long", "-", "R-short", "-"]
    tagged = ["O"] * 8 + ["B-long", "O", "O", "O"]  # the tagger kept X, missed Y
    assert with_rule_definitions(words, rules, tagged, "vi") == [
        "B-long", "I-long", "I-long", "I-long", "O", "B-short", "O", "O", "B-long", "O", "B-short", "O",
    ]  # fmt: skip


def test_rule_long_forms_in_another_script_are_left_out_where_annotators_skip_them() -> None:
    from termlens.acronyms.tagger import with_rule_definitions

    words = ["Data", "Flow", "Diagrams", "(", "DFD", ")"]
    rules = ["R-long"] * 3 + ["-", "R-short", "-"]
    filled = with_rule_definitions(words, rules, ["O"] * 6, "fa")
    assert filled == ["O", "O", "O", "O", "B-short", "O"]  # Persian data mark Persian long forms
    english = with_rule_definitions(words, rules, ["O"] * 6, "en")
    assert english == ["B-long", "I-long", "I-long", "O", "B-short", "O"]


def test_a_long_form_after_equals_runs_to_the_next_entry() -> None:
    words = "CCF = Country cooperation framework UNDAF = United Nations Fund ; and".split()
    labels: list[Label] = ["B-short", "O", "B-long", "I-long", "O", "B-short", "O"]
    labels += ["B-long", "I-long", "O", "O", "O"]
    assert long_forms_to_the_next_entry(words, labels) == [
        "B-short", "O", "B-long", "I-long", "I-long", "B-short", "O",
        "B-long", "I-long", "I-long", "O", "O",
    ]  # fmt: skip


def test_a_french_long_form_starts_after_its_articles() -> None:
    words = "l ' Organisation mondiale ( OMS ) et d ’ Union ( U ) , qu ' X Par l ' Equipe".split()
    labels: list[Label] = ["B-long", "I-long", "I-long", "I-long", "O", "B-short", "O", "O"]
    labels += ["B-long", "I-long", "I-long", "O", "B-short", "O", "O", "B-long", "I-long", "O"]
    labels += ["B-short", "I-long", "I-long", "I-long"]  # an I- after another kind starts a span
    assert long_forms_after_articles(words, labels) == [
        "O", "O", "B-long", "I-long", "O", "B-short", "O", "O",
        "O", "O", "B-long", "O", "B-short", "O", "O",
        "B-long", "I-long", "O",  # nothing would be left after "qu '"
        "B-short", "O", "O", "B-long",
    ]  # fmt: skip
    words = "de la Convention sur l ' élimination ( CEDAW ) , la Charte".split()
    labels = ["B-long", "I-long", "I-long", "I-long", "I-long", "I-long", "I-long", "O"]
    labels += ["B-short", "O", "O", "B-long", "I-long"]
    assert long_forms_after_articles(words, labels) == [
        "O", "O", "B-long", "I-long", "I-long", "I-long", "I-long", "O",
        "B-short", "O", "O", "O", "B-long",
    ]  # fmt: skip


def test_a_french_long_form_does_not_end_on_an_article_or_preposition() -> None:
    words = "Organisation internationale du Travail ( OIT ) , Fonds pour l ' adaptation du FEM"
    words += " ; Institut de l ' énergie et Union des"
    labels: list[Label] = ["B-long", "I-long", "I-long", "O", "O", "B-short", "O", "O"]
    labels += ["B-long", "I-long", "I-long", "I-long", "I-long", "I-long", "B-short", "O"]
    labels += ["B-long", "I-long", "O", "O", "O", "O", "B-long", "I-long"]
    assert long_forms_ending_on_a_word(words.split(), labels, FRENCH_FUNCTION_WORDS) == [
        "B-long", "I-long", "I-long", "I-long", "O", "B-short", "O", "O",  # on to "Travail"
        "B-long", "I-long", "I-long", "I-long", "I-long", "O", "B-short", "O",  # a short form
        "B-long", "I-long", "I-long", "I-long", "I-long", "O", "B-long", "O",  # l ' énergie; end
    ]  # fmt: skip


def test_an_english_long_form_does_not_end_on_a_preposition_but_may_on_a_letter() -> None:
    words = "the swept volume per cylinder , length of ( LOA ) and hepatitis A ( HA )".split()
    labels: list[Label] = ["O", "B-long", "I-long", "I-long", "O", "O", "B-long", "I-long"]
    labels += ["O", "B-short", "O", "O", "B-long", "I-long", "O", "B-short", "O"]
    assert long_forms_ending_on_a_word(words, labels, ENDING_FUNCTION_WORDS["en"]) == [
        "O", "B-long", "I-long", "I-long", "I-long", "O",  # on to "cylinder"
        "B-long", "O", "O", "B-short", "O",  # "of" dropped before the bracket
        "O", "B-long", "I-long", "O", "B-short", "O",  # "A" is no article here
    ]  # fmt: skip


def test_a_long_form_ends_before_a_possessive_or_a_comma() -> None:
    words = "the Energy Information Agency ' s ( EIA ) and the Conference , ( ISWC ) 's".split()
    labels: list[Label] = ["O", "B-long", "I-long", "I-long", "I-long", "I-long", "O"]
    labels += ["B-short", "O", "O", "O", "B-long", "I-long", "O", "B-short", "O", "B-long"]
    assert long_forms_without_a_trailing_possessive(words, labels) == [
        "O", "B-long", "I-long", "I-long", "O", "O", "O", "B-short", "O",
        "O", "O", "B-long", "O", "O", "B-short", "O", "B-long",  # a long form keeps one word
    ]  # fmt: skip


def _spelled(sentence: str, labels: list[Label]) -> list[str]:
    words = sentence.split()
    found = long_forms_spelled_out(words, labels, ENDING_FUNCTION_WORDS["en"])
    return [" ".join(words[s.first : s.last + 1]) for s in spans(found) if s.kind == "long"]


def test_a_long_form_spelled_out_elsewhere_in_the_sentence() -> None:
    words = "By the Uniform Limit Theorem ULT , the limit is continuous".split()
    labels: list[Label] = ["O"] * len(words)
    labels[5] = "B-short"
    assert _spelled(" ".join(words), labels) == ["Uniform Limit Theorem"]
    sentence = "DARPA projects , funded by the Defense Advanced Research Projects Agency"
    assert _spelled(sentence, ["B-short"] + ["O"] * 10) == [
        "Defense Advanced Research Projects Agency"  # function words inside, not at the start
    ]
    sentence = "RNNs such as long - short term memory ( LSTM ) and recurrent neural networks"
    labels = ["B-short"] + ["O"] * 8 + ["B-short"] + ["O"] * 5
    assert _spelled(sentence, labels) == ["long - short term memory", "recurrent neural networks"]


def test_no_long_form_is_spelled_out_where_the_sentence_has_one_or_the_run_is_doubtful() -> None:
    sentence = "the Support Vector Machine ( SVM ) beats another support vector machine"
    labels: list[Label] = ["O", "B-long", "I-long", "I-long", "O", "B-short"] + ["O"] * 5
    assert _spelled(sentence, labels) == ["Support Vector Machine"]  # already has one
    words = "ID is defined , and it significantly outperforms ISO , unlike NATO AND THE ONE".split()
    labels = ["O"] * len(words)
    for i in (0, 8, 11):
        labels[i] = "B-short"
    assert _spelled(" ".join(words), labels) == []  # two capitals; "it"; words in capitals


def _spelled_out_word_by_word(words: list[str]) -> dict[int, str]:
    """:func:`spelled_out` as first written: every start tried for every word with capitals."""
    out: dict[int, str] = {}
    blank: list[Label] = ["O"] * len(words)
    for k, word in enumerate(words):
        capitals = "".join(c for c in word if c.isupper()).lower()
        if not 2 <= len(capitals) <= 10 or not word.isalnum():
            continue
        for first in range(len(words)):
            if first in out:
                continue
            end = _initials_run(words, blank, first, capitals, FUNCTION_WORDS)
            if end and not first <= k < end:
                where = "before" if end <= k else "after"
                out[first] = f"spells=first|{where}"
                for i in range(first + 1, end):
                    out[i] = f"spells=next|{where}"
    return out


# runs of words whose initials spell the short forms among them, in any order and overlapping
_RUN_PIECES = [
    *["deep neural network", "deep nucleic acid", "Deep Neural", "neural network", "nets"],
    *["DNN", "DNA", "NND", "NN", "DN", "DNNs", "of the", "-", "x", "dog", "new"],
]
_RUN_WORDS = st.lists(st.sampled_from(_RUN_PIECES), max_size=15).map(
    lambda pieces: " ".join(pieces).split()
)


@settings(max_examples=300, deadline=None)
@given(_RUN_WORDS)
def test_runs_of_initials_are_marked_as_if_every_start_were_tried(words: list[str]) -> None:
    assert spelled_out(words) == _spelled_out_word_by_word(words)


def _long_forms_spelled_out_start_by_start(words: list[str], labels: list[Label]) -> list[Label]:
    """:func:`long_forms_spelled_out` as first written: every start tried for every short form."""
    if any(span.kind == "long" for span in spans(labels)):
        return labels
    out = list(labels)
    for span in spans(labels):
        capitals = "".join(c for w in words[span.first : span.last + 1] for c in w if c.isupper())
        if span.kind != "short" or len(capitals) < 3:
            continue
        for first in range(len(words)):
            end = _initials_run(words, out, first, capitals.lower(), ENDING_FUNCTION_WORDS["en"])
            if end:
                out[first] = "B-long"
                out[first + 1 : end] = ["I-long"] * (end - first - 1)
                break
    return out


@settings(max_examples=300, deadline=None)
@given(_RUN_WORDS, st.randoms(use_true_random=False))
def test_long_forms_are_spelled_out_as_if_every_start_were_tried(
    words: list[str], random: Random
) -> None:
    labels: list[Label] = [
        "B-short" if word.isupper() and random.random() < 0.7 else "O" for word in words
    ]
    expected = _long_forms_spelled_out_start_by_start(words, labels)
    assert long_forms_spelled_out(words, labels, ENDING_FUNCTION_WORDS["en"]) == expected


def test_a_long_sentence_tries_each_start_once_per_short_form(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 2,000 words without a full stop (a table flattened into one line): each run of initials
    # is tried once per short form's letters, not once per use (it took minutes on 120,000)
    words = "deep neural network ( DNN ) , CNN".split() * 250
    calls = 0

    def counted(*args: object) -> int:
        nonlocal calls
        calls += 1
        return cast(int, _initials_run(*args))  # type: ignore[arg-type]

    monkeypatch.setattr(tagger_module, "_initials_run", counted)
    marked = spelled_out(words)
    assert len(marked) == 750 and calls <= 2 * 250
    calls = 0
    labels: list[Label] = ["B-short" if w.isupper() and w.isalpha() else "O" for w in words]
    found = long_forms_spelled_out(words, labels, ENDING_FUNCTION_WORDS["en"])
    assert found.count("B-long") == 250 and calls <= 3 * 250


def test_a_long_form_before_its_bracket_starts_after_a_coordination() -> None:
    words = "el Instituto Nacional y la Organización Mundial de la Salud ( OMS )".split()
    labels: list[Label] = ["O"] + ["B-long"] + ["I-long"] * 8 + ["O", "B-short", "O"]
    found = long_forms_after_a_coordination(words, labels, COORDINATIONS["es"])
    assert [" ".join(words[s.first : s.last + 1]) for s in spans(found)] == [
        "Organización Mundial de la Salud",
        "OMS",
    ]
    words = "Organización de Alimentación y Agricultura ( FAO )".split()  # A and F unexplained
    labels = ["B-long"] + ["I-long"] * 4 + ["O", "B-short", "O"]
    assert long_forms_after_a_coordination(words, labels, COORDINATIONS["es"]) == labels


def test_french_is_read_with_the_features_of_the_spanish_model() -> None:
    # as "fr" the tagger lost every feature the Spanish model joins with "lang=es", and the long
    # form ran back over the list of names before it
    text = (
        "Il a souligné le rôle de la République démocratique du Congo et de la Cour pénale "
        "internationale (CPI) dans ce processus."
    )
    assert french_spans(text) == (["CPI"], ["Cour pénale internationale"])


def french_spans(text: str) -> tuple[list[str], list[str]]:
    """The short forms and long forms the bundled tagger finds in French text."""
    doc = Document(text, lang="es")
    tokens, labels = default_tagger("fr").tag_document(doc, "fr")
    shorts, longs = char_spans(doc, tokens, labels)
    return [s.text for s in shorts], [s.text for s in longs]


def test_a_long_form_after_equals_stays_when_other_words_follow() -> None:
    words = "E = Illumination of the device ( lux ) CIL = x".split()
    labels: list[Label] = ["B-short", "O", "B-long"] + ["O"] * 9
    assert long_forms_to_the_next_entry(words, labels) == labels
    words = "It is A = B , not more".split()  # no long form after "=": nothing to extend
    assert long_forms_to_the_next_entry(words, ["O"] * 8) == ["O"] * 8


def test_a_long_form_after_equals_takes_the_words_its_short_form_needs() -> None:
    words = "UNDAF = United Nations Development Assistance Framework 8 to 11 September".split()
    labels: list[Label] = ["B-short", "O", "B-long", "I-long", "I-long", "I-long"] + ["O"] * 5
    assert long_forms_explaining_their_entry(words, labels) == (labels[:6] + ["I-long"] + ["O"] * 4)
    words = "RMP = refrigerant management plan * Afghanistan".split()
    labels = ["B-short", "O", "B-long", "I-long", "O", "O", "O"]
    assert long_forms_explaining_their_entry(words, labels)[4] == "I-long"


def test_a_long_form_after_equals_stays_when_it_explains_its_short_form_or_nothing_would() -> None:
    words = "CCF = Country cooperation framework today".split()
    labels: list[Label] = ["B-short", "O", "B-long", "I-long", "I-long", "O"]
    assert long_forms_explaining_their_entry(words, labels) == labels  # already explained
    words = "UNDAF = United Nations Development Assistance in 2009 Framework".split()
    labels = ["B-short", "O", "B-long", "I-long", "I-long", "I-long", "O", "O", "O"]
    assert long_forms_explaining_their_entry(words, labels) == labels  # "2009" is no plain word
    words = "XYZ = United Nations and more words here".split()
    labels = ["B-short", "O", "B-long", "I-long", "O", "O", "O", "O"]
    assert long_forms_explaining_their_entry(words, labels) == labels  # nothing explains XYZ


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(
                ["UNDAF", "RMP", "=", "United", "Nations", "plan", "Framework", "8", ","]
            ),
            st.sampled_from(["O", "B-short", "I-short", "B-long", "I-long"]),
        ),
        max_size=14,
    )
)
def test_entry_extension_only_continues_long_forms(pairs: list[tuple[str, Label]]) -> None:
    words = [w for w, _ in pairs]
    labels: list[Label] = [label for _, label in pairs]
    out = long_forms_explaining_their_entry(words, labels)
    assert len(out) == len(labels)
    changed = [i for i, (a, b) in enumerate(zip(labels, out, strict=True)) if a != b]
    for i in changed:  # only O words become I-long, each right after a long form's word
        assert labels[i] == "O" and out[i] == "I-long" and out[i - 1] in ("B-long", "I-long")
    assert long_forms_explaining_their_entry(words, out) == out


def test_a_long_form_before_its_short_form_ends_where_the_short_form_needs() -> None:
    words = "the National Research Foundation of Korea ( NRF ) and support vector machines ( SVM )"
    labels: list[Label] = ["O", "B-long", "I-long", "I-long", "I-long", "I-long", "O", "B-short"]
    labels += ["O", "O", "B-long", "I-long", "I-long", "O", "B-short", "O"]
    assert long_forms_ending_where_needed(words.split(), labels) == [
        "O", "B-long", "I-long", "I-long", "O", "O", "O", "B-short",
        "O", "O", "B-long", "I-long", "I-long", "O", "B-short", "O",
    ]  # fmt: skip


def test_a_long_form_in_an_entry_ends_where_its_short_form_needs() -> None:
    words = "PREP = prepositional modifier , VCAE = Voluntary Contributions Administrative Expenses Account"
    labels: list[Label] = ["B-short", "O", "B-long", "I-long", "O", "B-short", "O", "B-long"]
    labels += ["I-long"] * 4
    assert long_forms_ending_where_needed(words.split(), labels) == [
        "B-short", "O", "B-long", "O", "O",
        "B-short", "O", "B-long", "I-long", "I-long", "I-long", "O",
    ]  # fmt: skip
    kept = "CCF = Country cooperation framework ; a = the length of the vector".split()
    labels = ["B-short", "O", "B-long", "I-long", "I-long", "O", "O", "O", "O", "O", "O"]
    labels += ["O", "O"]
    assert long_forms_ending_where_needed(kept, labels) == labels  # every word is needed
    loose = "PREP is prepositional modifier".split()  # no "=": no entry
    labels = ["B-short", "O", "B-long", "I-long"]
    assert long_forms_ending_where_needed(loose, labels) == labels


@pytest.mark.parametrize(
    "words",
    [
        "Business Process Re - engineering ( BPR )",  # a cut inside a word
        "the multinational force in Iraq ( MNF - I )",  # a cut after a function word
    ],
)
def test_a_long_form_is_not_cut_inside_a_word_or_after_a_function_word(words: str) -> None:
    tokens = words.split()
    bracket = tokens.index("(")
    labels: list[Label] = ["B-long"] + ["I-long"] * (bracket - 1) + ["O", "B-short"]
    labels += ["I-short"] * (len(tokens) - bracket - 3) + ["O"]
    if tokens[0] == "the":
        labels[0], labels[1] = "O", "B-long"
    assert long_forms_ending_where_needed(tokens, labels) == labels


def test_a_short_form_said_twice_is_two_uses() -> None:
    words = "subsubsection : CMU - MOSI CMU - MOSI dataset".split()
    labels: list[Label] = ["O", "O", "B-short"] + ["I-short"] * 5 + ["O"]
    assert short_forms_said_once(words, labels) == [
        "O", "O", "B-short", "I-short", "I-short", "B-short", "I-short", "I-short", "O",
    ]  # fmt: skip
    once = "BPR - MF BPR".split()
    assert short_forms_said_once(once, ["B-short", "I-short", "I-short", "I-short"]) == [
        "B-short",
        "I-short",
        "I-short",
        "I-short",
    ]


@pytest.mark.parametrize(
    ("text", "tagged", "expected"),
    [
        ("We annealed in DQN ’s - greedy exploration", "DQN ’s -", "DQN"),
        ("the DQN 's results", "DQN 's", "DQN"),
        ("UNCTAD's report", "UNCTAD's", "UNCTAD's"),  # SDU@AAAI-22 marks a possessive written on
        ("the KL- divergence", "KL-", "KL-"),
        ("beats SiamRPN . We", "SiamRPN .", "SiamRPN"),
        ("the MANAGER M ( t )", "MANAGER M (", "MANAGER M"),
        ("the STOP ’ ’ action", "STOP ’ ’", "STOP"),
        ("achieved by LAPGAN . c —— c c", "LAPGAN . c", "LAPGAN"),
        ("as OMS'   . Then", "OMS'   .", "OMS'"),  # and the spaces before the stop
        ("the best CNN + RNN on PRID", "CNN + RNN", "CNN | RNN"),
        ("our CNN + Min ( cos ) baseline", "CNN + Min (", "CNN | Min"),
        ("the SR+LM model", "SR+LM", "SR+LM"),
        ("the FMS's VNAV mode", "FMS's VNAV", "FMS's | VNAV"),  # a possessive ends one
        ("PCDD's/PCDF's - Deel 2", "PCDD's/PCDF's - Deel", "PCDD's/PCDF's | Deel"),
        ("in 150 mM NaCl", "mM NaCl", "NaCl"),  # a unit of measure before it
        ("5 µg LPS was", "µg LPS", "LPS"),
        ("the L & M group", "L & M", "L & M"),  # a letter alone is no unit
        ("(mean +/- S.E.M.) of", "E.M.", "S.E.M."),  # a dotted initialism is one short form
        ("Monod, L.G.Q.M., 2, Place", "Q.M.", "L.G.Q.M."),
        ("See Fig. E.M. for details", "E.M.", "E.M."),  # an abbreviation's dot starts nothing
    ],
)
def test_what_a_space_sets_apart_is_not_in_the_short_form(
    text: str, tagged: str, expected: str
) -> None:
    doc = Document(text)
    tokens = subtokens(doc.tokens)
    start = text.index(tagged)
    inside = [i for i, t in enumerate(tokens) if start <= t.start < start + len(tagged)]
    labels: list[Label] = ["O"] * len(tokens)
    labels[inside[0] : inside[-1] + 1] = ["B-short"] + ["I-short"] * (len(inside) - 1)
    shorts, _ = char_spans(doc, tokens, labels)
    assert [s.text for s in shorts] == expected.split(" | ")


@pytest.mark.parametrize(
    ("text", "short"),
    [
        ("L'OMD consistant à avoir amélioré la santé", "OMD"),
        ("un accord avec l'INE et le ministère", "INE"),
    ],
)
def test_french_short_forms_after_an_elided_article(text: str, short: str) -> None:
    # the Spanish model never saw a short form after an apostrophe: French is read with its
    # function words as the Spanish ones ("l ' OMD" as "la OMD")
    assert short in french_spans(text)[0]


@pytest.mark.parametrize(
    ("text", "short"),
    [
        ("Le Bureau a coopéré avec l'ES sur la question des polluants.", "ES"),
        ("Le traitement d'un AL est indiqué à l'annexe.", "AL"),
    ],
)
def test_french_short_forms_written_as_spanish_function_words(text: str, short: str) -> None:
    # the Spanish model reads "ES", "AL" as the Spanish "es", "al", never short forms; French
    # text is read with such a word in capitals as one the model never saw
    assert french_spans(text)[0] == [short]


def test_a_french_long_form_keeps_its_elided_words() -> None:
    text = (
        "avec l'Organisation des Nations Unies pour l'éducation, la science et la culture "
        "(UNESCO) et"
    )
    expected = "Organisation des Nations Unies pour l'éducation, la science et la culture"
    assert french_spans(text)[1] == [expected]


@settings(max_examples=300)
@example([("OMS", "   ", "short"), (".", " ", "short")])  # "OMS   ." kept its spaces
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["l'", "OMS", "(", "Fonds", ".", "4,5", "-"]),
            st.sampled_from(["", " ", "   ", "\n"]),
            st.sampled_from(["", "short", "long"]),
        ),
        max_size=12,
    )
)
def test_tagged_spans_are_the_text_without_loose_edges(words: list[tuple[str, str, str]]) -> None:
    # each word's tokens take its kind; a run of words of one kind is one span
    text, kinds = "", []
    for word, space, kind in words:
        kinds += [kind] * len(word) + [""] * len(space)
        text += word + space
    doc = Document(text)
    tokens = subtokens(doc.tokens)
    labels: list[Label] = []
    for i, token in enumerate(tokens):
        kind = kinds[token.start]
        inside = i > 0 and kinds[tokens[i - 1].start] == kind
        labels.append("O" if not kind else cast(Label, ("I-" if inside else "B-") + kind))
    shorts, longs = char_spans(doc, tokens, labels)
    for span in shorts + longs:
        assert span.text == text[span.start : span.end]
        assert span.text and span.text == span.text.strip()


def test_a_long_form_leaves_out_the_bracket_that_opens_its_short_form() -> None:
    # the Spanish model, reading French, took the bracket of "(CCI)" into the long form
    text = "la Chambre de commerce internationale (CCI), le Conseil"
    doc = Document(text, lang="es")
    tokens = subtokens(doc.tokens)
    words = [t.text for t in tokens]
    labels: list[Label] = ["O"] * len(tokens)
    first, bracket = words.index("Chambre"), words.index("(")
    labels[first : bracket + 1] = ["B-long"] + ["I-long"] * (bracket - first)
    labels[bracket + 1] = "B-short"
    shorts, longs = char_spans(doc, tokens, labels)
    assert [s.text for s in longs] == ["Chambre de commerce internationale"]
    assert [s.text for s in shorts] == ["CCI"]


@pytest.mark.parametrize("tagged", [".", "4,5"])
def test_a_short_form_without_letters_is_none(tagged: str) -> None:
    doc = Document("pQ T ⌦ p. ( 12 ) Optimization (valores normales 2,5-4,5) mg/dL")
    tokens = subtokens(doc.tokens)
    start = doc.text.index(tagged)
    labels: list[Label] = [
        ("B-short" if t.start == start else "I-short")
        if start <= t.start < start + len(tagged)
        else "O"
        for t in tokens
    ]
    assert "B-short" in labels
    assert char_spans(doc, tokens, labels) == ([], [])


@pytest.mark.parametrize(
    "text",
    [  # the bundled tagger marks METHOD, WHAT and AGE here (SciREX headings)
        "THE RESULTS SHOW THAT OUR METHOD IS BETTER THAN THE BASELINE.",
        'APPENDIX II : " WHAT IS " ANALYSIS In Fig . 21 , we show',
        'APPENDIX V : " AGE " AND " COMMONSENSE " section : OF OUR MODEL',
    ],
)
def test_common_words_in_capitalised_runs_are_headings_not_short_forms(text: str) -> None:
    assert extract(Document(text)) == []


def test_a_heading_tagged_whole_keeps_the_short_forms_in_it() -> None:
    # the words the word list barely knows, with any accents: not SECURITE (sécurité) nor
    # QUARANTIÈME, which a short form would not write
    doc = Document("RAPPORT DU GRSP SUR SA QUARANTIÈME SESSION ET LA SECURITE", lang="es")
    whole = _Labelled(lambda tokens: ["B-short", *["I-short"] * (len(tokens) - 1)])
    assert [(o.short.text, o.short.start) for o in extract(doc, whole)] == [("GRSP", 11)]


def test_a_word_the_list_knows_tagged_in_shouted_text_is_no_short_form() -> None:
    # PROFITS is no common word (the word list saw it 13 times) but a word all the same; the
    # licence text around it shouts
    profits = _shorts(lambda t: t.text == "PROFITS")
    for text in (
        "LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION",
        "DAMAGES (INCLUDING LOSS OF USE, DATA, OR PROFITS) ARE EXCLUDED",  # closes a long bracket
    ):
        assert extract(Document(text, lang="en"), profits) == []
    doc = Document("the losses of firms, small profits and PROFITS; a heading", lang="en")
    assert [o.short.text for o in extract(doc, profits)] == ["PROFITS"]  # no shouting here


def test_a_word_of_wordnet_tagged_in_shouted_english_is_no_short_form() -> None:
    # TORT, DEALINGS: words the word list never saw, WordNet writes in lower case; FDA it
    # writes in capitals; and a full stop after a word ends a sentence, not a code ("YOU.")
    text = (
        "IN NO EVENT SHALL THE FDA BE LIABLE IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, "
        "OR OTHER DEALINGS IN THE SOFTWARE. THE ENTIRE RISK IS WITH YOU. This is all."
    )
    shouts = ("FDA", "TORT", "DEALINGS", "YOU")
    found = extract(Document(text, lang="en"), _shorts(lambda t: t.text in shouts))
    assert [o.short.text for o in found] == ["FDA"]


def test_a_heading_of_words_the_document_writes_in_lower_case_is_no_short_form() -> None:
    # Danish, which the word list does not hold: the heading's words are words because the
    # text writes them in lower case (brug, til, at, slette); eib it never does
    text = (
        "Lektion 2.5: BRUG TÆLLER TIL AT SLETTE EIB\n\n"
        "Brug en tæller til at slette flere ord. Vi skal slette teksten, og brug EIB."
    )
    doc = Document(text, lang="en")  # Danish is read by the English rules
    heading = range(text.index("BRUG"), text.index("EIB") + 3)
    whole = _Labelled(
        lambda tokens: [
            ("B-short" if t.start == heading[0] else "I-short") if t.start in heading else "O"
            for t in tokens
        ]
    )
    found = [o.short.text for o in extract(doc, whole, "da")]
    assert found == ["EIB"]  # not "BRUG TÆLLER TIL AT SLETTE EIB", nor BRUG or AT


def test_a_heading_alone_on_its_line_is_no_short_form() -> None:
    # a Danish manual page's section headings, one word each, which the text writes in lower case
    # too; an indented term stays, though the text writes it so
    text = "NAVN\n       man - et navn\n\nFEJL\n       ingen fejl\n\n   MANPATH\n       sti, ikke manpath"
    found = extract(Document(text, lang="en"), _shorts(lambda t: t.text.isupper()), "da")
    assert [o.short.text for o in found] == ["MANPATH"]


def test_a_manual_s_placeholders_in_capitals_are_no_short_forms() -> None:
    # a manual page (an Info file too) writes a command's arguments as words in capitals that it
    # writes in small letters as often; an acronym stays, and so do words a text writes in
    # capitals more often, or that are no manual's
    header = "GREP(1)                  General Commands Manual                  GREP(1)\n\n"
    body = (
        "       Give an OPTION first, then the PATTERNS, then a FILE.\n\n"
        "       Each option changes how grep reads each file for patterns, as POSIX and GNU "
        "say; a file may be a POSIX pipe."
    )
    capitals = _shorts(lambda t: t.text.isupper() and t.text != "GREP")

    def found(text: str) -> list[str]:
        return [o.short.text for o in extract(Document(text, lang="en"), capitals)]

    assert found(header + body) == ["POSIX", "GNU", "POSIX"]
    shouted = " FILE and FILE name one."
    assert found(header + body + shouted) == ["FILE", "POSIX", "GNU", "POSIX", "FILE", "FILE"]
    assert found(body) == ["OPTION", "PATTERNS", "FILE", "POSIX", "GNU", "POSIX"]


def test_a_placeholders_plural_and_a_files_name_are_no_short_forms() -> None:
    # ls(1)'s "the FILEs", its FILE placeholder's plural; OpenSSL's pages' "the file LICENSE";
    # "the file ID" keeps its short form (WordNet writes ID in capitals)
    text = (
        "LS(1)                  User Commands                  LS(1)\n\n"
        "       List information about the FILEs: each file, FILE or file. See the file LICENSE."
        " The file ID stays."
    )
    capitals = _shorts(lambda t: t.text[:2].isupper())
    assert [o.short.text for o in extract(Document(text, lang="en"), capitals)] == ["ID"]


def test_a_long_form_without_a_letter_translates_no_short_form_after_it() -> None:
    # a long form in another script pairs with the Latin short form bracketed after it; a mark
    # before a bracket is no long form: a make variable's "$(CFLAGS)"
    persian = "اين سيستم با يك واسط گرافيكي ( GUI ) كار مي كند ."
    found = extract(Document(persian), _HandTagged({"GUI"}, ["واسط", "گرافيكي"]), "fa")
    assert [(o.short.text, o.long and o.long.text) for o in found] == [("GUI", "واسط گرافيكي")]
    found = extract(Document("AM_CPPFLAGS = $(CFLAGS) -g"), _HandTagged({"CFLAGS"}, ["$"]))
    assert [(o.short.text, o.long) for o in found] == [("CFLAGS", None)]


def test_a_tagged_long_form_that_is_a_piece_of_a_clause_defines_nothing() -> None:
    # words of a clause (an auxiliary, a negation, "that") make no name; a name stays one
    text = "Removal of the wing does not affect the stability of the DNA fragment."
    found = extract(Document(text), _HandTagged({"DNA"}, ["does", "not", "affect"]))
    assert [(o.short.text, o.long) for o in found] == [("DNA", None)]
    # nor one cut off after a preposition
    text = "GNU gettext knows about all the goals necessary for using automake."
    found = extract(Document(text), _HandTagged({"GNU"}, ["goals", "necessary", "for", "using"]))
    assert [(o.short.text, o.long) for o in found] == [("GNU", None)]
    text = "This gene, named CAS for cellular apoptosis susceptibility, is expressed."
    long = ["cellular", "apoptosis", "susceptibility"]
    found = extract(Document(text), _HandTagged({"CAS"}, long))
    assert [(o.short.text, o.long and o.long.text) for o in found] == [
        ("CAS", "cellular apoptosis susceptibility")
    ]


def test_a_long_form_a_bracket_calls_is_no_definition() -> None:
    # a function's documented signature: the tagger marks the called name as a long form
    for text, called in [
        ("PI = ProcessingInstruction(target)", True),
        ("PI = ProcessingInstruction (target)", False),
    ]:
        found = extract(Document(text), _HandTagged({"PI"}, ["ProcessingInstruction"]))
        expected = None if called else "ProcessingInstruction"
        assert [(o.short.text, o.long and o.long.text) for o in found] == [("PI", expected)]


def test_a_short_form_in_shouted_text_is_paired_with_nothing() -> None:
    text = (
        "BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, OR PROFITS"
    )
    long = ["PROCUREMENT", "OF", "SUBSTITUTE", "GOODS", "OR", "SERVICES"]
    assert [o.long for o in extract(Document(text), _HandTagged({"PROFITS"}, long))] == []
    text = "Procurement of substitute goods or services (PROFITS) is a term."
    words = ["Procurement", *(w.lower() for w in long[1:])]
    found = extract(Document(text), _HandTagged({"PROFITS"}, words))
    assert [(o.short.text, o.long and o.long.text) for o in found] == [
        ("PROFITS", "Procurement of substitute goods or services")
    ]


def test_a_name_code_gives_is_no_short_form() -> None:
    def whole_names(tokens: list[Token]) -> list[Label]:
        labels: list[Label] = []
        for t in tokens:  # each name marked whole, as the English tagger marks them
            inside = labels and labels[-1] != "O" and t.text in ("_", "NAME", "CA", "DIR")
            short = t.text in ("OUTPUT", "CURL", "SSL", "API")
            labels.append("I-short" if inside else "B-short" if short else "O")
        return labels

    doc = Document("Set OUTPUT_NAME, CURL_CA and SSL_DIR for the API.", lang="en")
    assert [o.short.text for o in extract(doc, _Labelled(whole_names))] == ["SSL_DIR", "API"]


def test_an_english_word_in_capitals_for_emphasis_is_no_short_form() -> None:
    text = "This is NOT honored by the API: it MUST be set, and NO (nitric oxide) is a gas."
    capitals = _shorts(lambda t: t.text.isupper())
    for lang, found in (("en", ["API", "NO"]), ("es", ["NOT", "API", "MUST", "NO"])):
        assert [o.short.text for o in extract(Document(text, lang=lang), capitals)] == found


def test_two_english_words_shouted_side_by_side_are_no_short_forms() -> None:
    # GNU's manual pages, SQL's: two common words in capitals; not a rare word's (ld(1)'s
    # "non-GNU PE-aware tools"), nor words of a run of three (shouted() reads those)
    text = "There is NO WARRANTY. Use ORDER BY here. With non-GNU PE-aware tools. A NO GO ZONE."
    found = extract(Document(text, lang="en"), _shorts(lambda t: t.text.isupper()))
    assert [o.short.text for o in found] == ["GNU", "PE"]


def test_a_manual_pages_name_in_its_header_is_no_short_form() -> None:
    # ls(1) as man prints it: the header names the page; the same letters in prose stay
    text = (
        "LS(1)      User Commands      LS(1)\n\nNAME\n       ls - list directory contents\n\n"
        "       The LS program uses POSIX.\n"
    )
    found = extract(Document(text, lang="en"), _shorts(lambda t: t.text in ("LS", "POSIX")))
    assert [(o.short.start, o.short.text) for o in found] == [
        (text.index("LS program"), "LS"),
        (text.index("POSIX"), "POSIX"),
    ]


def test_a_keyword_the_document_writes_as_inline_code_is_no_short_form() -> None:
    # an SQL manual names its commands in prose as it writes them in code; an acronym in code
    # stays one, and so do words a code block's comments write ("CAN frame"), and an English
    # word that is no word of the word list's (GIN)
    page = (
        "<!DOCTYPE html><html><body>"
        "<p>Use <a href='drop.html'><code class='command'>DROP\n USER</code></a> or "
        "<code>SET x = NULL</code>, with a GIN index.</p><pre>/* a CAN frame */\nUSING GIN</pre>"
        "<p>DROP removes a USER; SET changes one, to NULL or not. The CAN bus and GIN.</p>"
        "</body></html>"
    )
    capitals = _shorts(lambda t: t.text.isupper())
    found = [o.short.text for o in extract(Document(page, lang="en"), capitals)]
    assert found == ["GIN", "CAN", "GIN"]
    # (apart: two such words side by side are shouted text, _shouted_words)
    plain = "DROP removes a USER; SET changes one, to NULL or not. The CAN bus and GIN."
    assert [o.short.text for o in extract(Document(plain, lang="en"), capitals)] == [
        "DROP",
        "USER",
        "SET",
        "NULL",
        "CAN",
        "GIN",
    ]


def test_a_short_form_inside_a_numbered_identifier_is_its_letters() -> None:
    # the tagger marks a CVE identifier's letters and year; COVID-19 ends where its word does
    doc = Document("Fix an overflow (CVE-2020-29562) found by the COVID-19 app.", lang="en")
    found = extract(doc, _marked(doc.text, "CVE-2020", "COVID-19"))
    assert [(o.short.text, o.short.start) for o in found] == [("CVE", 17), ("COVID-19", 46)]


def test_the_pronoun_i_contracted_is_no_short_form() -> None:
    doc = Document("I'm sure, I’ve seen it: the API works.", lang="en")
    # as the English tagger marks "I'm": three subtokens, "I", "'" and "m"
    contracted = _Labelled(
        lambda tokens: [
            "B-short" if t.text in ("I", "API") else "I-short" if t.text in "'’mve" else "O"
            for t in tokens
        ]
    )
    assert [o.short.text for o in extract(doc, contracted)] == ["API"]


def test_initials_set_apart_by_spaces_are_no_short_form() -> None:
    # an author's initials in a reference and a Latin phrase, tagged as short forms: not
    # reported; a dotted initialism written without spaces is
    doc = Document("Tang, D., Cheng, H. C., Wang, J. (2001), e. g. in the U.S. and by MRI.")
    initials = _marked(doc.text, "H. C.", "e. g.", "U.S.", "MRI")
    assert [o.short.text for o in extract(doc, initials)] == ["U.S.", "MRI"]


@pytest.mark.parametrize(
    ("text", "word", "expected"),
    [
        ("THE RESULTS SHOW THAT OUR METHOD IS BETTER", "METHOD", True),
        ("We train the MANAGER module and the WORKER module jointly.", "MANAGER", False),
        ("We train the MANAGER module and the WORKER module jointly.", "WORKER", False),
        ("see ECE/ENERGY/WP.4 AND THE REPORT OF THE MEETING", "ENERGY", False),  # a code
        ("THE NASA REPORT SAYS", "NASA", False),  # no common word
        ("COMMISSION ÉCONOMIQUE POUR L'EUROPE\nLe Groupe", "POUR L'EUROPE", True),  # words
        ("le programme GET-IT (GET IT) en Afrique", "GET-IT", False),  # one word
    ],
)
def test_only_a_common_word_in_a_run_of_mostly_common_capitalised_words_is_shouted(
    text: str, word: str, expected: bool
) -> None:
    start = text.index(word)
    assert shouted(text, Span(start, start + len(word), word)) is expected
