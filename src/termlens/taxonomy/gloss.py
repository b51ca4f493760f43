"""Reading a definition the way a lexicographer writes one: the genus terms come first.

"A specialized area of healthcare that focuses on ..." → terms *area*, *healthcare*, *suffering*
...; *area* is a classifier noun, so *healthcare* is the likelier genus. Terms are WordNet
lemmas (compounds first: "sexual intercourse" is one term), found with WordNet's morphology.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from termlens.taxonomy.wordnet import WordNet, normalise

WORD = re.compile(r"[^\W\d_](?:[\w'’-]*\w)?")
SENTENCE_END = re.compile(r"(?<=[a-z0-9)\]])[.;!?](?:\s|$)")
SELF_REFERENCE = re.compile(
    r"^(?:.{0,80}?)\b(?:is|are|was|refers to|refer to|describes|means|denotes)\s+", re.I
)
PARENTHESES = re.compile(r"\([^)]*\)")
MAX_COMPOUND = 4
SYNONYM_CLAUSE_WORDS = 3  # longer clauses after a semicolon are not synonym lists
SUBORDINATORS = frozenset(
    "that which who whom whose where when whereby used by for with in".split()
)
STOPWORDS = frozenset(
    """a an the and or but nor of to in on at by for with from as into onto upon about over under
    that which who whom whose whatever this these those it its itself they them their one's
    is are was were be been being has have had do does did can could may might must shall
    should will would not no very more most less least such so than then there here when where
    while whereby how what also often usually typically generally especially sometimes
    commonly particularly e.g i.e etc some any all each every other another both either neither
    many much several few one two three used using""".split()
)
LABELS = re.compile(r"^\s*(?:\([^)]*\)\s*)+")  # Wiktionary usage labels: "(US, slang) ..."
PERSON_OPENINGS = (["one", "who"], ["someone", "who"], ["somebody", "who"], ["one", "that"],
                   ["anyone", "who"])  # fmt: skip
ARTICLES = frozenset("a an the any some one's".split())
# Nouns that introduce the real genus: "a type of X", "any member of X", "an area of X".
CLASSIFIERS = frozenset(
    """type kind sort form variety class member piece part branch area field category style
    subset instance example version species genre term word name slang expression""".split()
)


@dataclass(frozen=True, slots=True)
class Term:
    """A WordNet lemma found in a definition: where, and what led to it."""

    lemma: str
    text: str
    index: int  # order among the definition's terms (0 = first)
    sentence: int  # 0 = first sentence of the definition
    after_classifier: bool  # "a type of <term>"
    in_lemma: bool  # the term is a word of the new lemma itself ("Mitochondrial DNA" → DNA)
    modifier: bool  # another term follows at once ("DNA molecule": DNA modifies molecule)
    subordinate: bool  # a relative clause or preposition came first ("a manager whose ...")
    after_of: bool  # "a map of <term>": a complement, unless a classifier came first
    pos_share: float  # share of the word's WordNet senses that have the wanted part of speech
    lemma_head: bool = False  # the head word of the new lemma, not a word of the definition
    lemma_self: bool = False  # the new lemma itself, already in WordNet
    synonym: bool = False  # a short clause after a semicolon: "a foolish person; a fool"
    spelled_like: bool = False  # a WordNet lemma spelled like the new one: payor → payer


def first_sentence(definition: str) -> str:
    """The definition up to its first full stop, semicolon or question mark."""
    match = SENTENCE_END.search(definition)
    return definition[: match.start()] if match else definition


def strip_self_reference(lemma: str, text: str) -> str:
    """Drop "Gene expression is ..." style openings that restate the lemma."""
    match = SELF_REFERENCE.match(text)
    if not match:
        return text
    before = PARENTHESES.sub(" ", match.group(0))  # "Polymerase chain reaction (PCR) is"
    rest = set(words(before)) - STOPWORDS - {"refer", "describe", "mean", "denote"}
    lemma_words = set(words(lemma))
    return text[match.end() :] if rest and rest <= lemma_words else text


def words(text: str) -> list[str]:
    """The words of a text, lower case."""
    return [w.lower() for w in WORD.findall(text)]


def terms(wordnet: WordNet, lemma: str, pos: str, definition: str, limit: int = 12) -> list[Term]:
    """The WordNet terms of a definition, in order, compounds preferred: those of its first
    sentence (opening restatement of the lemma dropped), else of the whole definition."""
    lemma_words = set(words(lemma)) | {normalise(lemma)}
    definition = LABELS.sub("", definition)
    sentences = [strip_self_reference(lemma, first_sentence(definition)), definition]
    for number, sentence in enumerate(sentences):
        tokens = words(sentence)
        if pos == "v" and tokens[:1] == ["to"]:
            tokens = tokens[1:]
        if pos == "n" and tokens[:2] in PERSON_OPENINGS:
            tokens = ["person", *tokens[1:]]  # "one who advocates ..." is a person
        found = _scan(wordnet, tokens, pos, lemma_words, number, limit)
        if found:
            return found
    return []


def _scan(
    wordnet: WordNet, tokens: list[str], pos: str, lemma_words: set[str], sentence: int, limit: int
) -> list[Term]:
    at: dict[int, tuple[str | None, int]] = {}  # the term starting at each token, found once

    def term_at(i: int) -> tuple[str | None, int]:
        if i not in at:
            at[i] = _term_at(wordnet, tokens, i, pos) if i < len(tokens) else (None, 1)
        return at[i]

    found: list[Term] = []
    i = 0
    while i < len(tokens) and len(found) < limit:
        term, width = term_at(i)
        if term is None:
            i += 1
            continue
        found.append(
            Term(
                lemma=term,
                text=" ".join(tokens[i : i + width]),
                index=len(found),
                sentence=sentence,
                after_classifier=_after_classifier(wordnet, tokens[:i]),
                in_lemma=term in lemma_words or tokens[i] in lemma_words,
                modifier=term_at(i + width)[0] is not None,
                subordinate=bool(SUBORDINATORS.intersection(tokens[:i])),
                after_of=tokens[i - 1 : i] == ["of"],
                pos_share=pos_share(wordnet, tokens[i], pos) if width == 1 else 1.0,
            )
        )
        i += width
    return found


def lemma_terms(wordnet: WordNet, lemma: str, pos: str, definition: str) -> list[Term]:
    """The new lemma itself when WordNet knows it ("DNA fingerprinting"), and the head of a
    multi-word lemma ("Gene Expression" → expression) or of a closed compound that WordNet does
    not know ("stratovolcano" → volcano: the longest ending of four letters or more that is a
    noun, after at least three); ``in_lemma`` marks a head that the definition also uses."""
    tokens = words(lemma)
    defined = set(words(definition))
    out = []
    whole = wordnet.lemmatise("_".join(tokens), pos) if tokens else []
    if whole:
        out.append(
            Term(
                whole[0],
                " ".join(tokens),
                0,
                0,
                False,
                False,
                False,
                False,
                False,
                1.0,
                lemma_self=True,
            )
        )
    head = ""
    if len(tokens) >= 2:
        head = tokens[-1] if pos == "n" else tokens[0]
    elif len(tokens) == 1 and pos == "n" and not whole:
        # a closed compound ends in a noun WordNet knows: stratovolcano, papillomavirus
        word = tokens[0]
        head = next(
            (word[k:] for k in range(3, len(word) - 3) if wordnet.lookup(word[k:], pos)), ""
        )
    if head:
        bases = wordnet.lemmatise(head, pos)
        if bases:
            out.append(
                Term(
                    bases[0],
                    head,
                    0,
                    0,
                    False,
                    head in defined,
                    False,
                    False,
                    False,
                    1.0,
                    lemma_head=True,
                )
            )
    return out


def synonym_terms(wordnet: WordNet, pos: str, definition: str) -> list[Term]:
    """The terms of the short clauses a definition lists after semicolons, which are usually
    synonyms: "An obnoxiously ignorant person; a fool." → fool; "To wait (upon), as attendants
    or servants; to serve; to attend." → serve, attend. The head of a clause of a few words
    (the last noun, the first verb) when the whole clause is not a WordNet lemma."""
    out: list[Term] = []
    for clause in LABELS.sub("", definition).split(";")[1:]:
        tokens = [w for w in words(PARENTHESES.sub(" ", clause)) if w not in ARTICLES]
        if pos == "v" and tokens[:1] == ["to"]:
            tokens = tokens[1:]
        if not 1 <= len(tokens) <= SYNONYM_CLAUSE_WORDS:
            continue
        found = _scan(wordnet, tokens, pos, set(), 0, len(tokens))
        if not found:
            continue
        head = found[-1] if pos == "n" else found[0]
        out.append(
            replace(
                head,
                index=len(out),
                after_classifier=False,
                modifier=False,
                subordinate=False,
                after_of=False,
                synonym=True,
            )
        )
    return out


def _after_classifier(wordnet: WordNet, before: list[str]) -> bool:
    """Whether the words before a term end like "a type of (the)" or "a term (used) for"."""
    rest = [w for w in before[-4:] if w not in ARTICLES]
    if len(rest) >= 2 and rest[-1] in ("of", "for"):
        noun = rest[-3] if rest[-2] == "used" and len(rest) >= 3 else rest[-2]
        return bool(set(wordnet.lemmatise(noun, "n")) & CLASSIFIERS)
    return False


def pos_share(wordnet: WordNet, word: str, pos: str) -> float:
    """How much of a word's WordNet senses are of ``pos``: "chief" is mostly an adjective."""
    counts = {
        p: sum(len(wordnet.senses.get((base, p), ())) for base in wordnet.lemmatise(word, p))
        for p in ("n", "v", "a", "r")
    }
    total = sum(counts.values())
    return counts[pos] / total if total else 0.0


def _term_at(wordnet: WordNet, tokens: list[str], i: int, pos: str) -> tuple[str | None, int]:
    if tokens[i] in STOPWORDS:
        return None, 1
    for width in range(min(MAX_COMPOUND, len(tokens) - i), 0, -1):
        bases = wordnet.lemmatise("_".join(tokens[i : i + width]), pos)
        if bases:
            return bases[0], width
    return None, 1
