"""Rules and the learned tagger together: definitions the rules miss, and undefined short forms.

The rules find definitions with brackets and cue words. The tagger marks short forms and long
forms anywhere; a tagged long form is paired with a nearby tagged short form when the letter
alignment accepts the pair, and a tagged short form with no definition is reported on its own.
In Persian text, a Latin short form's Persian long form is chosen by a model of its own
(:mod:`termlens.acronyms.translated`), and in Vietnamese text the term a bracket glosses is read
by a rule (:mod:`termlens.acronyms.glossed`), before the tagger's long forms are paired.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import takewhile

from termlens.acronyms.align import FUNCTION_WORDS, align, align_unordered
from termlens.acronyms.identify import (
    Occurrence,
    code_ranges,
    function_word,
    in_normal_form,
    occurrences_of,
    outside,
    short_form_singular,
    with_declared,
)
from termlens.acronyms.rules import (
    COMMON_WORD,
    KNOWN_WORD,
    MAX_SHORT_FORM_CHARS,
    MIN_QUALITY,
    Definition,
    called,
    find_definitions,
    holds_a_constant,
    looks_like_short_form,
    spells_its_own_word,
)
from termlens.acronyms.spans import RangeSet
from termlens.acronyms.tagger import (
    DIRECTION_MARKS,
    FRENCH_LEADING,
    AcronymTagger,
    char_spans,
    default_tagger,
)
from termlens.acronyms.translated import translate
from termlens.acronyms.wordlist import WORD, seen, seen_with_any_accents
from termlens.acronyms.written_out import written_out
from termlens.markup import manual_page_header, writes_metavariables
from termlens.taxonomy.wordnet import bundled
from termlens.text import Document, Span

PAIR_DISTANCE = 120  # characters between a tagged long form and its short form
_INLINE_CODE_WORDS = 4  # the most words of inline code that names a keyword ("IS NOT NULL")
SHOUTED_RUN = 3  # capitalised words in a row that make a heading or shouted text
_SHOUTED_WORD = 100  # how often the word list's texts write one of two shouted words
_LATIN = re.compile(r"[A-Za-z]")
_HEADING_LINE = re.compile(r"[^\W\d_a-z]+[ \t]*\n")  # a word in capitals alone on its line
_FILE_BEFORE = re.compile(r"\bfile\s+\Z", re.IGNORECASE)  # "the file LICENSE"
# a word in capitals and a space before or after a short form, itself not beside a third
_SHOUTED_BEFORE = re.compile(r"(?<![A-Z][A-Z] )\b(?P<word>[A-Z]{2,}) \Z")
_SHOUTED_AFTER = re.compile(r" (?P<word>[A-Z]{2,})\b(?! [A-Z]{2})")
# what may stand between a long form and its short form beside it: brackets, punctuation and
# the words of a cue ("(", " - ", ", or ", ", also known as ", ", hereafter ")
_BESIDE = re.compile(
    r"[^\w]*(?:(?:or|i\.e\.|ie|e\.g\.|also|known|as|called|hereafter|hereinafter|referred|to|"
    r"abbreviated|for|short|the|a|an)\b[^\w]*){0,4}",
    re.IGNORECASE,
)
_VERSION_MARK = re.compile(r"(?<=[a-z])v(?=\d)")  # "icmpv6", "tlsv1"
_CODE_WORD_SPLIT = re.compile(r"[\s,;=()\[\]<>]+")  # what parts the words of code: "f(a, b=c)"
_CODE = frozenset("/.")  # around a word of a document code
_LOOSE = DIRECTION_MARKS | frozenset(" \t\n\u200c")  # what may sit between "(" and a word
# initials set apart by spaces: an author's ("Cheng, H. C.") or a Latin phrase's ("e. g."); no
# gold short form of SDU@AAAI-22 or SciAI is written so
_SPACED_INITIALS = re.compile(r"(?:[^\W\d_]\.\s+)+[^\W\d_]\.?")
# the pronoun I contracted ("I'm", "I’ve"), which the tagger may mark for its capital
_CONTRACTED_I = re.compile(r"I['’](?:m|ve|d|ll)")
# words of a clause, not of a name: a tagged long form that holds one is a piece of a sentence
# ("does not appear" for DNA, "indicate that the same" for ITS, "catalytic activity can")
_CLAUSE_WORDS = frozenset(
    "does do did not can could will would should may might must is are was were be been has "
    "have had that than their this these those which".split()
)
_NUMBERED = re.compile(r"([^\W\d_]+)-\d+")  # letters and a number: CVE-2020
# English words a text writes in capitals for emphasis, never as short forms ("This is NOT
# honored", "it MUST be set", "run it ONLY once")
_EMPHASISED = frozenset(
    "NOT NEVER ONLY MUST ALWAYS CANNOT SHOULD SHALL BEFORE AFTER VERY ALSO".split()
)


def extract(
    doc: Document,
    tagger: AcronymTagger | None = None,
    lang: str | None = None,
    *,
    names_written_out: bool = True,
    code: Sequence[tuple[int, int]] = (),
) -> list[Occurrence]:
    """Every short-form occurrence: defined ones with their long form, undefined ones alone,
    or defined by a name the document writes out elsewhere (:func:`written_out.written_out`;
    not with ``names_written_out=False``, for a caller that seeks them itself). ``lang`` is
    the tagger's language when it is not the document's (da, fa, fr, vi: the document then
    holds the language its rules read, see :func:`tagger.rules_language`). The document is
    read in its normal form (:func:`identify.in_normal_form`); ``code`` gives spans of it that
    hold code beside those its markup shows (of a text in its normal form already)."""
    model = tagger or default_tagger(lang or doc.lang)

    def find(d: Document, declared: list[Definition], code: RangeSet | None) -> list[Occurrence]:
        found = _extract(d, declared, code, model, lang)
        return written_out(d.text, found, code=code) if names_written_out else found

    return in_normal_form(doc, find, code)


def _extract(
    doc: Document,
    declared: list[Definition],
    code: RangeSet | None,
    model: AcronymTagger,
    lang: str | None,
) -> list[Occurrence]:
    definitions = with_declared(declared, find_definitions(doc))
    if lang == "fr":
        definitions = [_after_articles(doc, d) for d in definitions]
    tokens, labels = model.tag_document(doc, lang)
    shorts, longs = char_spans(doc, tokens, labels)
    shorts, choices = translate(doc, shorts, lang or doc.lang)  # Persian and Vietnamese
    taken = RangeSet()
    for definition in definitions:
        taken.add(definition.short.start, definition.short.end)
        taken.add(definition.long.start, definition.long.end)
    for choice in choices:
        short, long = choice.short, choice.long
        if not (taken.overlaps(short.start, short.end) or taken.overlaps(long.start, long.end)):
            definitions.append(Definition(short, long, "tagger", choice.probability))
            taken.add(short.start, short.end)
            taken.add(long.start, long.end)
    short_starts = [s.start for s in shorts]
    readings = [_unshouted(doc.text, short, doc.lang) for short in shorts]
    for long in longs:
        if taken.overlaps(long.start, long.end):
            continue
        first = bisect_left(short_starts, long.start - PAIR_DISTANCE - 4 * MAX_SHORT_FORM_CHARS)
        last = bisect_left(short_starts, long.end + PAIR_DISTANCE + 1)
        near = [shorts[i] for i in range(first, last) if readings[i] == [shorts[i]]]
        paired = _pair(doc.text, long, near, taken, doc.lang)  # none of a shouted heading's words
        if paired is not None:
            definitions.append(paired)
            taken.add(paired.short.start, paired.short.end)
            taken.add(long.start, long.end)
    occurrences = occurrences_of(doc, outside(code, definitions))
    for occurrence in occurrences:
        taken.add(occurrence.short.start, occurrence.short.end)
    metavariables = (
        {t for t in {s.text for s in shorts} if _metavariable(t, doc.text)}
        if writes_metavariables(doc.text)
        else set()
    )  # each written form judged once: a manual writes FILE hundreds of times
    keywords = _code_words(doc.text, code, doc.lang) if code is not None else frozenset()
    header = manual_page_header(doc.text)
    occurrences += [
        Occurrence(_letters_of_an_identifier(doc.text, s), None)
        for short, read in zip(shorts, readings, strict=True)
        if not taken.overlaps(short.start, short.end)
        and not _SPACED_INITIALS.fullmatch(short.text)
        and not _CONTRACTED_I.fullmatch(short.text)
        and not _identifier(short.text)
        and not function_word(short.text, doc.lang)  # "it", where "Italian [it]" defines it
        and not (doc.lang == "en" and short.text in _EMPHASISED)
        and short.text not in metavariables
        and not (keywords and all(w in keywords for w in short.text.split()))
        and not _written_as_no_short_form(doc, short, header)
        for s in read
    ]
    occurrences.sort(key=lambda o: (o.short.start, o.short.end))
    return occurrences


def _letters_of_an_identifier(text: str, short: Span) -> Span:
    """A tagged short form that ends inside a numbered identifier, its letters and the first of
    its numbers ("CVE-2020" of "CVE-2020-29562"), as its letters (CVE)."""
    if text[short.end : short.end + 1] != "-" or not text[short.end + 1 : short.end + 2].isdigit():
        return short
    numbered = _NUMBERED.fullmatch(short.text)
    if numbered is None:
        return short
    return Span(short.start, short.start + numbered.end(1), numbered.group(1))


def _metavariable(written: str, text: str) -> bool:
    """Whether a tagged short form is a placeholder written in capitals, as a manual writes a
    command's arguments: an English word (WordNet's, in small letters) of three letters or more
    that the text writes in small letters outside code at least as often ("FILE", "KEY",
    "PATTERN"; not "GNU", "POSIX", "ID"), or its plural with a small *s* ("the FILEs")."""
    if written.endswith("s") and written[:-1].isupper():
        written = written[:-1]
    if not (len(written) > 2 and written.isascii() and written.isalpha() and written.isupper()):
        return False
    lower = _lower_case_counts(text)[written.lower()]
    return (
        lower > 0
        and lower >= len(re.findall(rf"(?<!\w){written}s?(?!\w)", text))  # FILE, FILEs
        and _wordnet_word(written)
    )


def _code_words(text: str, code: RangeSet, lang: str) -> frozenset[str]:
    """The words in capitals that a document writes as inline code of a few words, which the
    word list knows well (in English, words WordNet writes in small letters): a language's
    keywords, constants and commands ("SELECT", "NULL", "DROP" of "<code>DROP USER</code>"),
    which its prose names too, and no short forms there ("GIN" and "TOAST" stay, words the list
    barely knows, and so does "CET", French's *cet*; a code block's comments are prose: "/* CAN
    frame payload */")."""
    inline = (WORD.findall(text, start, end) for start, end in code)
    written = {
        word
        for words in inline
        if len(words) <= _INLINE_CODE_WORDS
        for word in words
        if len(word) > 2 and word.isupper() and word.isalpha()
    }
    return frozenset(
        word
        for word in written
        if seen(word) >= COMMON_WORD and (lang != "en" or _wordnet_word(word))
    )


def _identifier(written: str) -> bool:
    """Whether a tagged short form is a name code gives, words joined by underscores that the
    word list knows ("OUTPUT_NAME", "SOURCE_DIR", "CURL_CA"; not "SSL_DIR", "CSMD_CTS")."""
    parts = written.split("_")
    return len(parts) > 1 and all(
        len(part) > 1 and part.isalpha() and seen(part) >= KNOWN_WORD for part in parts
    )


def shouted(text: str, short: Span) -> bool:
    """A common word, or words, in a run of capitalised words, most of them common: a heading or
    shouted text ("THE RESULTS SHOW THAT OUR METHOD IS BETTER", "APPENDIX II: WHAT IS ANALYSIS",
    "COMMISSION ÉCONOMIQUE POUR L'EUROPE"), not a short form."""
    words = WORD.findall(short.text)
    return any(len(w) > 2 and _common(w, text) for w in words) and _in_shouted_run(text, short)


def _in_shouted_run(text: str, short: Span) -> bool:
    """Whether the short form is words in capitals in a run of such words, most of them
    common, or alone on its line (:func:`shouted`, whatever its own words are)."""
    words = WORD.findall(short.text)
    if not words or not all(w.isupper() for w in words) or any(c.isdigit() for c in short.text):
        return False
    if not short.text.isalpha() and not any(c.isspace() for c in short.text):
        return False  # one word: "U.S.", "GET-IT"
    if _in_code_or_own_bracket(text, short):
        return False
    if _alone_on_its_line(text, short):
        return True  # a heading: "BUGS", "NAVN", "SE OGSÅ"
    opening = max(short.start - 120, _paragraph_start(text, short.start))
    closing = text.find("\n\n", short.end, short.end + 120)
    before = WORD.findall(text, opening, short.start)
    after = WORD.findall(text, short.end, short.end + 120 if closing == -1 else closing)
    run = [
        *takewhile(str.isupper, reversed(before)),
        *words,
        *takewhile(str.isupper, after),
    ]
    return len(run) >= SHOUTED_RUN and 2 * sum(_common(w, text) for w in run) >= len(run)


def _written_as_no_short_form(doc: Document, short: Span, header: tuple[int, int] | None) -> bool:
    """Whether a tagged short form, undefined, is written as something else: a manual page's name
    in its header (``header``: "LS(1)   User Commands   LS(1)"), or in English two shouted words
    (:func:`_shouted_words`) or a file's name (:func:`_a_file`)."""
    if header is not None and header[0] <= short.start < header[1]:
        return True
    return doc.lang == "en" and (_shouted_words(doc.text, short) or _a_file(doc.text, short))


def _shouted_words(text: str, short: Span) -> bool:
    """Whether the short form is one of two words in capitals side by side, both English words
    (WordNet's, in small letters), one of them a word the word list's texts write often, which
    the text shouts: "There is NO WARRANTY", "SEE ALSO", "ORDER BY"; not "GNU GPL", "non-GNU
    PE-aware" (both rare), "CAT SCAN" (WordNet writes *CAT* in capitals too)."""
    if not (short.text.isalpha() and short.text.isupper()):
        return False
    before = _SHOUTED_BEFORE.search(text, max(0, short.start - 40), short.start)
    beside = [m for m in (before, _SHOUTED_AFTER.match(text, short.end)) if m is not None]
    if len(beside) != 1:
        return False  # alone, or in a run of three or more (shouted() reads those)
    other = beside[0].group("word")
    common = max(seen(short.text), seen(other)) >= _SHOUTED_WORD
    return common and _wordnet_word(short.text) and _wordnet_word(other)


def _a_file(text: str, short: Span) -> bool:
    """Whether the short form is an English word in capitals that the text calls a file, the
    file's name: OpenSSL's "in the file LICENSE in the source distribution" (not "the file ID",
    which WordNet writes in capitals)."""
    return (
        short.text.isalpha()
        and short.text.isupper()
        and _FILE_BEFORE.search(text, max(0, short.start - 12), short.start) is not None
        and _wordnet_word(short.text)
    )


def _paragraph_start(text: str, at: int) -> int:
    """Where the paragraph that holds ``at`` starts: after a blank line, or after a heading's
    line, one word in capitals (a manual page's "NAME" is no part of the line under it)."""
    paragraph = text.rfind("\n\n", 0, at)
    line = text.rfind("\n", 0, at) + 1
    previous = text.rfind("\n", 0, max(line - 1, 0)) + 1
    if line > 0 and _HEADING_LINE.fullmatch(text, previous, line):
        return line
    return 0 if paragraph == -1 else paragraph + 2


def _alone_on_its_line(text: str, short: Span) -> bool:
    """Whether the short form is all its line holds, from the line's start: a heading's place (a
    manual page's "BUGS", "AUTHOR", a Danish page's "NAVN"; not an indented term, "   MANPATH")."""
    start = text.rfind("\n", 0, short.start) + 1
    end = text.find("\n", short.end)
    return start == short.start and text[short.end : len(text) if end == -1 else end].strip() == ""


def _in_code_or_own_bracket(text: str, short: Span) -> bool:
    """Whether the short form is part of a document code ("ECE/ENERGY/WP.4") or opens or closes
    a bracket of fewer words than a shouted run ("(SIDA)", "(OMS, FAO)"; not "(INCLUDING LOSS OF
    USE, DATA, OR PROFITS)")."""
    before, after = text[short.start - 1 : short.start], text[short.end : short.end + 2]
    if before in _CODE or after[:1] == "/" or (after[:1] == "." and after[1:].isalnum()):
        return True  # not a sentence's full stop: "… IS WITH YOU. This"
    if before == "(":
        closing = text.find(")", short.end, short.end + 120)
        inside = (short.start, closing if closing != -1 else short.end)
    elif after[:1] == ")":
        opening = text.rfind("(", max(0, short.start - 120), short.start)
        inside = (opening + 1 if opening != -1 else short.start, short.end)
    else:
        return False
    return len(WORD.findall(text, *inside)) < SHOUTED_RUN


def _unshouted(text: str, short: Span, lang: str) -> list[Span]:
    """The tagged short form, or if it is words of a shouted heading, the short forms among
    them: words in capitals of Latin letters that the word list barely knows, with any accents,
    nor, in English, WordNet ("GRSP" in "RAPPORT DU GRSP SUR SA QUARANTIÈME SESSION"; not
    *SECURITE*, *QUARANTIÈME*, nor *PROFITS* in "LOSS OF USE, DATA, OR PROFITS", nor *TORT* in
    "CONTRACT, STRICT LIABILITY, OR TORT")."""
    if not _in_shouted_run(text, short):
        return [short]
    return [
        Span(short.start + m.start(), short.start + m.end(), m.group())
        for m in WORD.finditer(short.text)
        if m.group().isascii()
        and m.group().isupper()
        and looks_like_short_form(m.group())
        and seen_with_any_accents(m.group()) < KNOWN_WORD
        and m.group().lower() not in _lower_case_words(text)
        and not (lang == "en" and _wordnet_word(m.group()))
    ]


def _in_capitals(lemma: str) -> bool:
    """Whether WordNet writes a lemma as a short form: two capitals or more (FDA, U.S.A.)."""
    return sum(ch.isupper() for ch in lemma) >= 2


def _wordnet_word(written: str) -> bool:
    """Whether WordNet writes ``written`` (or its base form) in lower case, as a word (*tort*,
    *dealings*, *warranties*), and not in capitals, as a short form (*FDA*, *AIDS*: not *aid*)."""
    wordnet = bundled()
    exact = [lemma for pos in "nvar" for s in wordnet.lookup(written, pos) for lemma in s.lemmas]
    if any(lemma.lower() == written.lower() and _in_capitals(lemma) for lemma in exact):
        return False
    return any(
        base in synset.lemmas
        for pos in "nvar"
        for base in wordnet.lemmatise(written, pos)
        for synset in wordnet.lookup(base, pos)
    )


def _third_person_verb(word: str) -> bool:
    """Whether ``word`` is in small letters and, to WordNet, only a verb in the third person
    (*generates*, *defines*, *contains*; not *uses*, *attempts*, also nouns)."""
    if not (word.isalpha() and word.islower() and word.endswith("s")):
        return False
    wordnet = bundled()
    verbs = [b for b in wordnet.lemmatise(word, "v") if b != word and wordnet.lookup(b, "v")]
    return bool(verbs) and not any(
        wordnet.lookup(base, pos) for pos in "nar" for base in wordnet.lemmatise(word, pos)
    )


def _common(word: str, text: str) -> bool:
    """A word the word list's texts wrote often, or that ``text`` itself writes in lower case
    (a Danish or Vietnamese heading's words: the list holds English, Spanish and French)."""
    return len(word) > 1 and (seen(word) >= COMMON_WORD or word.lower() in _lower_case_words(text))


@lru_cache(maxsize=2)
def _lower_case_words(text: str) -> frozenset[str]:
    """The words ``text`` writes in lower case outside code (not a LaTeX key's *gan*)."""
    return frozenset(_lower_case_counts(text))


@lru_cache(maxsize=2)
def _lower_case_counts(text: str) -> Counter[str]:
    """How often ``text`` writes each word in lower case outside code."""
    code = code_ranges(text)
    return Counter(
        m.group()
        for m in WORD.finditer(text)
        if m.group().islower() and not (code and code.overlaps(m.start(), m.end()))
    )


def _after_articles(doc: Document, definition: Definition) -> Definition:
    """A French definition whose long form starts after its leading articles and prepositions
    (l'Organisation, de la Convention)."""
    long = definition.long
    leading = FRENCH_LEADING.match(long.text)
    if leading is None:
        return definition
    trimmed = doc.span(long.start + leading.end(), long.end)
    return Definition(definition.short, trimmed, definition.pattern, definition.score)


def _pair(
    text: str, long: Span, shorts: list[Span], taken: RangeSet, lang: str
) -> Definition | None:
    """The nearest tagged short form that the long form explains, as a definition; or, for a
    long form in another script than its Latin short form (Persian: "واسط گرافيكي ( GUI )"),
    which no letters can explain, the short form in the brackets right after it. None for a long
    form that holds a clause's word or a constant's name, ends on a function word or, in English
    (``lang``), opens with a verb in the third person."""
    words = long.text.lower().split()
    if _CLAUSE_WORDS.intersection(words) or FUNCTION_WORDS.intersection(words[-1:]):
        return None  # a clause's piece, or a phrase cut off after a preposition
    if lang == "en" and _third_person_verb(next(iter(long.text.split()), "")):
        return None  # a clause: "GCC generates code to copy", "DOM … defines one method"
    if holds_a_constant(long.text):
        return None  # a name code gives: "CPACK_NUGET_<compName>_PACKAGE_AUTHORS"
    # a phrase in small letters with a function word is a long form only beside its short form:
    # "the caller uses the API" spells nothing where the two are apart ("use the default port,
    # thread 0 will … UDP"), as in none of the English gold's 344 such long forms bar junk labels
    phrase = lang == "en" and long.text.islower() and bool(FUNCTION_WORDS.intersection(words))
    best: tuple[int, Definition] | None = None
    for short in shorts:
        if taken.overlaps(short.start, short.end):
            continue
        distance = short.start - long.end if short.start >= long.end else long.start - short.end
        if distance < 0 or distance > PAIR_DISTANCE:
            continue
        if phrase and not _beside(text, long, short):
            continue
        if short.end <= long.start and _in_brackets(text, short):
            continue  # "(CBC)" follows its long form; "a mode like (CBC) … complete block of c…"
        if _names_itself(long.text, short.text) or _calls_another(text, long, short):
            continue
        if spells_its_own_word(short.text, long.text):
            continue  # a keyword: "LABEL=label", "Exporting Targets … install(EXPORT)"
        result = align(short.text, long.text, [0]) or align_unordered(short.text, long.text, [0])
        if result is not None and not (
            result.unmatched or result.start != 0 or result.quality < MIN_QUALITY
        ):
            quality = result.quality
        elif _translation_in_brackets(text, long, short):
            quality = 0.0
        else:
            continue
        if best is None or distance < best[0]:
            best = (distance, Definition(short, long, "tagger", quality))
    return best[1] if best else None


def _beside(text: str, long: Span, short: Span) -> bool:
    """Whether only brackets, punctuation or a cue's words stand between the long form and the
    short form (:data:`_BESIDE`), either first."""
    if short.start >= long.end:
        return _BESIDE.fullmatch(text, long.end, short.start) is not None
    return _BESIDE.fullmatch(text, short.end, long.start) is not None


def _in_brackets(text: str, short: Span) -> bool:
    """Whether the short form is all its bracket holds: "(CBC)", "[ RFC ]"."""
    before, after = text[: short.start].rstrip(), text[short.end :].lstrip()
    return before[-1:] in ("(", "[") and after[:1] in (")", "]")


def _calls_another(text: str, long: Span, short: Span) -> bool:
    """Whether the long form is a name called with arguments (:func:`rules.called`) and the
    short form not the first of them: "PI = ProcessingInstruction(target)", not
    "Number(NUM)"."""
    return called(text, long) and not (
        short.start > long.end and text[long.end : short.start].strip() == "("
    )


def _names_itself(long: str, short: str) -> bool:
    """Whether the long form holds the short form, or its singular, as a word, or is one word
    that extends it with a capital: a list of names ("TreeLSTM BiLSTM BiLSTM", a figure's
    labels, for TreeLSTMs), a name built on it ("SASLInitialResponse"), not what it stands for. As
    written, unlike the rules' variants (``rules._is_variant`` folds case): the extraction gold
    pairs a label with its word in small letters, "use (USE)", "the NeGra treebank (NEGRA)";
    but an identifier's pieces between underscores in any case ("arch_max_dma32_pfn", PFN)."""
    forms = {short, short_form_singular(short) or short}
    if " " not in long and long.startswith(short) and long[len(short) : len(short) + 1].isupper():
        return True  # a name built on it: "SASLInitialResponse" for SASL
    for word in _CODE_WORD_SPLIT.split(long):
        if _built_on(word, short) or any(_identifier_holds(word, f) for f in forms):
            return True  # "WSGIServer, handler_class=…" for WSGI, "nr_cpu_ids" for CPU's
    return any(re.search(rf"(?<!\w){re.escape(f)}(?!\w)", long) for f in forms)


def _built_on(word: str, short: str) -> bool:
    """Whether a word is a name in camel case that extends the short form: "WSGIServer" for
    WSGI (not "ORTHOGRAPHY" for ORTH, which the gold pairs inside a long form of several words)."""
    return (
        word.startswith(short)
        and word[len(short) : len(short) + 1].isupper()
        and word[len(short) + 1 : len(short) + 2].islower()
    )


def _identifier_holds(word: str, short: str) -> bool:
    """Whether a code identifier (a word joining pieces with underscores) holds the short form as
    whole pieces, or a piece and its number: "arch_max_dma32_pfn" for PFN,
    "USB_QUIRK_SHORT_SET_ADDRESS_REQ_TIMEOUT" for SET_ADDRESS, "PROVIDE_OHCI1394_" for OHCI,
    "conntrack_icmpv6_timeout" for ICMP and ICMP6, "ENABLE_SCHEDULED_BACKUPS" for BACKUP,
    "$PKCS11_OBJECT" for PKCS (not "Sense_Tag_Weight" for STW)."""
    if "_" not in word.strip("_"):
        return False
    pattern = rf"(?:^|[_.$]){re.escape(_unversioned(short))}(?=s?(?:_|\d|$))"
    return re.search(pattern, _unversioned(word)) is not None


def _unversioned(word: str) -> str:
    """The word in small letters, without the *v* of a version: "icmpv6" reads "icmp6"."""
    return _VERSION_MARK.sub("", word.lower())


def _translation_in_brackets(text: str, long: Span, short: Span) -> bool:
    """A long form in letters, none of them Latin, followed by its Latin short form in brackets
    (not a variable's "$(GPG_ERROR_CFLAGS)")."""
    between = "".join(ch for ch in text[long.end : short.start] if ch not in _LOOSE)
    return (
        between == "("
        and any(ch.isalpha() for ch in long.text)
        and text[short.end : short.end + 8].lstrip("".join(_LOOSE)).startswith(")")
        and _LATIN.search(short.text) is not None
        and _LATIN.search(long.text) is None
    )
