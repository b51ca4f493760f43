"""The held-out SDU@AAAI-22 tenths written as other tools write the same words, scored by the CLI.

    python bench/written_forms.py [--data DIR] [--out out] [--termlens "python -m termlens"]

Each tenth (record i with i % 10 == 0, as in bench/sdu22_held_out.py) is written fifteen ways, its
gold offsets moved with the characters: as given (NFC); decomposed (NFD: an accent as its own
combining character, as macOS file names and some PDF extractors write it); with the Latin
ligatures of PDF text ("ﬁ" for "fi", "ﬂ" for "fl", "ﬀ" for "ff"); and with every gold long form
in Markdown bold ("**support vector machine** (SVM)", as notes and generated text write terms);
and as ASCII HTML writes it ("&", "<" and ">" as "&amp;", "&lt;", "&gt;", every other character
outside ASCII as a numeric reference: "é" as "&#233;"); and with every gold long form in bold
around HTML italics ("**<i>support vector machine</i>** (SVM)"); and as a LaTeX source writes it
(every gold long form in "\\emph{…}", every gold short form in "\\textsc{…}", "&", "%", "_" and "#"
escaped: "\\emph{research and development} (\\textsc{R\\&D})", a tilde written
"\\textasciitilde{}", as a bare "~" is a tie in LaTeX); with every ASCII character in its
full-width form ("ＣＮＮ", as Chinese and Japanese input writes Latin text); with every gold long
form in Markdown italics written with underscores ("_in vitro_"); as web pages wrap it (a soft
hyphen inside every word of eight letters or more, a zero-width space after every slash); and
with a citation after every gold long form that a bracket follows ("support vector machine[1]
(SVM)", as Wikipedia writes them); and with a footnote's number in superscript after every gold
short form that no letter or digit follows ("the SVM¹ wins", "the SVM<sup>2</sup> wins", by
turns); and quoted in an e-mail reply (lines wrapped after the first space past 60 characters,
each opened by "> "); and as Wikipedia's source writes it (every gold long form a wiki link, by
turns "[[support vector machine]]" and "[[Support vector machine|support vector machine]]", a
"<ref>…</ref>" after every full stop that ends a sentence); and as a manual page's roff source
writes it (a title request before it, every gold long form in "\\fB…\\fR", hyphens and
backslashes escaped, every line opened by "\\&"). Each goes through `termlens bench
sdu22-ae`; the table gives the official macro F1 of each.
``--termlens`` runs another build (e.g. ``"env PYTHONPATH=/tmp/old/src python -m termlens"``)
to compare.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path

from termlens.benchmarks import sdu22_ae
from termlens.benchmarks.data_dir import data_dir

FILES = {
    "english/scientific": "english",
    "english/legal": "english",
    "spanish": "spanish",
    "danish": "danish",
}
LIGATURES = {"ff": "\ufb00", "fi": "\ufb01", "fl": "\ufb02"}
ESCAPED = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
LATEX_ESCAPED = {**{ch: "\\" + ch for ch in "&%_#"}, "~": "\\textasciitilde{}"}


Rewrite = Callable[[dict[str, object]], tuple[str, list[int], list[int]]]


def decomposed(record: dict[str, object]) -> tuple[str, list[int], list[int]]:
    """The record's text in NFD, and where each offset went (as a start, as an end)."""
    out: list[str] = []
    moved = [0]
    for ch in str(record["text"]):
        out.append(unicodedata.normalize("NFD", ch))
        moved.append(moved[-1] + len(out[-1]))
    return "".join(out), moved, moved


def ligatured(record: dict[str, object]) -> tuple[str, list[int], list[int]]:
    """The record's text with ff, fi and fl as ligatures, and where each offset went (the offset
    between the two letters of a ligature goes to the ligature's end)."""
    text = str(record["text"])
    out: list[str] = []
    moved: list[int] = []
    i = 0
    while i < len(text):
        moved.append(len(out))
        ligature = LIGATURES.get(text[i : i + 2])
        if ligature:
            out.append(ligature)
            moved.append(len(out))
            i += 2
        else:
            out.append(text[i])
            i += 1
    moved.append(len(out))
    return "".join(out), moved, moved


def referenced(record: dict[str, object]) -> tuple[str, list[int], list[int]]:
    """The record's text as ASCII HTML writes it, and where each offset went."""
    out: list[str] = []
    moved = [0]
    for ch in str(record["text"]):
        out.append(ESCAPED.get(ch, ch) if ch.isascii() else f"&#{ord(ch)};")
        moved.append(moved[-1] + len(out[-1]))
    return "".join(out), moved, moved


def inserted(
    text: str, inserts: dict[int, str], escaped: dict[str, str] | None = None
) -> tuple[str, list[int], list[int]]:
    """``text`` with each string of ``inserts`` put before the character at its offset (and each
    character in ``escaped`` written as it says), and where each offset went (a start after the
    insertion, an end before it)."""
    out: list[str] = []
    as_start: list[int] = []
    as_end: list[int] = []
    length = 0
    for i in range(len(text) + 1):
        as_end.append(length)
        out.append(inserts.get(i, ""))
        length += len(out[-1])
        as_start.append(length)
        if i < len(text):
            out.append((escaped or {}).get(text[i], text[i]))
            length += len(out[-1])
    return "".join(out), as_start, as_end


def emphasised(
    record: dict[str, object],
    opening: str = "**",
    closing: str = "**",
    short: tuple[str, str] = ("", ""),
    escaped: dict[str, str] | None = None,
) -> tuple[str, list[int], list[int]]:
    """The record's text with each gold long form in Markdown bold (or between other marks, and
    each gold short form between the ``short`` marks, each character in ``escaped`` written as
    it says), and where each offset went (as a start, as an end): a long form's offsets stay on
    its words, inside the marks. A form the gold cuts inside a word ("Part Of Speec" of "Part Of
    Speech") stays plain: marks there would not be emphasis, and would tell where the gold
    cuts."""
    text = str(record["text"])

    def whole_words(field: str) -> list[tuple[int, int]]:
        return [
            (start, end)
            for start, end in record[field]  # type: ignore[attr-defined]
            if not (start > 0 and text[start - 1].isalnum())
            and not (end < len(text) and text[end].isalnum())
        ]

    spans = whole_words("long-forms")
    shorts = whole_words("acronyms") if short[0] else []
    opens: dict[int, str] = {}
    closes: dict[int, str] = {}
    for start, end in spans:  # a short form inside a long form nests in its marks
        opens[start], closes[end] = opening, closing
    for start, end in shorts:
        opens[start], closes[end] = opens.get(start, "") + short[0], short[1] + closes.get(end, "")
    # a form's end, then the next's start
    marks = {i: closes.get(i, "") + opens.get(i, "") for i in {*opens, *closes}}
    return inserted(text, marks, escaped)


def bold_around_italics(record: dict[str, object]) -> tuple[str, list[int], list[int]]:
    """Each gold long form in Markdown bold around HTML italics ("**<i>in vitro</i>**")."""
    return emphasised(record, "**<i>", "</i>**")


def latex(record: dict[str, object]) -> tuple[str, list[int], list[int]]:
    """The record's text as a LaTeX source writes it: each gold long form in ``\\emph{…}``, each
    gold short form in ``\\textsc{…}``, "&", "%", "_" and "#" escaped with a backslash, and "~"
    written ``\\textasciitilde{}`` (a bare one is a tie)."""
    return emphasised(record, "\\emph{", "}", ("\\textsc{", "}"), LATEX_ESCAPED)


def full_width(record: dict[str, object]) -> tuple[str, list[int], list[int]]:
    """The record's text with every ASCII letter, digit and sign in its full-width form ("ＣＮＮ
    （ｃｏｎｖｏｌｕｔｉｏｎａｌ…）", as Chinese and Japanese input methods write Latin text)."""
    text = "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in str(record["text"]))
    same = list(range(len(text) + 1))
    return text, same, same


def underscored(record: dict[str, object]) -> tuple[str, list[int], list[int]]:
    """Each gold long form in Markdown italics written with underscores ("_in vitro_")."""
    return emphasised(record, "_", "_")


def web_copy(record: dict[str, object]) -> tuple[str, list[int], list[int]]:
    """The record's text as web pages hyphenate and wrap it: a soft hyphen in the middle of every
    word of eight letters or more ("recog\u00adnition"), a zero-width space after every slash."""
    text = str(record["text"])
    inserts = {
        m.start() + len(m.group()) // 2: "\u00ad" for m in re.finditer(r"[^\W\d_]{8,}", text)
    }
    inserts |= {m.end(): "\u200b" for m in re.finditer("/", text)}
    return inserted(text, inserts)


def cited(record: dict[str, object]) -> tuple[str, list[int], list[int]]:
    """Each gold long form followed by a citation, as Wikipedia writes them, where a bracket
    follows it ("support vector machine[1] (SVM)")."""
    text = str(record["text"])
    ends = [end for _, end in record["long-forms"]]  # type: ignore[attr-defined]
    inserts = {
        end: f"[{number}]"
        for number, end in enumerate(sorted(set(ends)), 1)
        if re.match(r" ?\(", text[end:])
    }
    return inserted(text, inserts)


def footnoted(record: dict[str, object]) -> tuple[str, list[int], list[int]]:
    """Each gold short form followed by a footnote's number in superscript where no letter or
    digit follows it, as journals print it ("the SVM¹ wins") and as HTML writes it ("the
    SVM<sup>2</sup> wins"), by turns."""
    text = str(record["text"])
    ends = sorted({end for _, end in record["acronyms"]})  # type: ignore[attr-defined]
    free = [end for end in ends if not text[end : end + 1].isalnum()]
    inserts = {
        end: SUPERSCRIPTS[number % 10] if number % 2 else f"<sup>{number}</sup>"
        for number, end in enumerate(free, 1)
    }
    return inserted(text, inserts)


def quoted(record: dict[str, object]) -> tuple[str, list[int], list[int]]:
    """The record's text quoted in an e-mail reply: lines wrapped after the first space past 60
    characters (the space kept at the line's end), each line opened by "> "."""
    text = str(record["text"])
    inserts, line = {0: "> "}, 0
    for i, ch in enumerate(text):
        line += 1
        if ch == "\n":
            inserts[i + 1], line = "> ", 0
        elif ch == " " and line > 60 and i + 1 < len(text):
            inserts[i + 1], line = "\n> ", 0
    return inserted(text, inserts)


def wikitext(record: dict[str, object]) -> tuple[str, list[int], list[int]]:
    """The record's text as Wikipedia's source writes it: each gold long form a wiki link, by
    turns plain and piped ("[[support vector machine]]", "[[Support vector machine|support
    vector machine]]"), and a reference after each sentence's full stop ("<ref>…</ref>")."""
    text = str(record["text"])
    inserts: dict[int, str] = {}
    spans = sorted((start, end) for start, end in record["long-forms"])  # type: ignore[attr-defined]
    for number, (start, end) in enumerate(spans):
        target = text[start:end]
        inserts[start] = "[[" if number % 2 == 0 else f"[[{target[:1].upper()}{target[1:]}|"
        inserts[end] = "]]"
    for match in re.finditer(r"\.(?= [A-Z])", text):
        inserts.setdefault(match.end(), "<ref>{{cite web |title=Source}}</ref>")
    return inserted(text, inserts)


def manual_page(record: dict[str, object]) -> tuple[str, list[int], list[int]]:
    """The record's text as a manual page's source writes it (roff, the man(7) macros): after a
    title request, each gold long form in bold ("\\fBsupport vector
    machine\\fR"), a backslash written "\\e", a hyphen "\\-", and each line opened by "\\&", so
    that none opens with a dot or a quote (a request)."""
    head = ".TH page 1\n\\&"  # a title in small letters, no heading: no words the gold would score
    escaped = {"\\": "\\e", "-": "\\-", "\n": "\n\\&"}
    text, as_start, as_end = emphasised(record, "\\fB", "\\fR", escaped=escaped)
    return head + text, [i + len(head) for i in as_start], [i + len(head) for i in as_end]


def rewritten(records: list[dict[str, object]], rewrite: Rewrite) -> list[dict[str, object]]:
    """The records with their text rewritten and their gold spans moved along."""
    out = []
    for record in records:
        text, as_start, as_end = rewrite(record)
        copy = dict(record, text=text)
        for field in ("acronyms", "long-forms"):
            spans = record[field]
            assert isinstance(spans, list)
            copy[field] = [[as_start[start], as_end[end]] for start, end in spans]
        out.append(copy)
    return out


def macro_f1(command: list[str]) -> str:
    """The macro F1 that `termlens bench sdu22-ae` prints."""
    printed = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    found = re.search(r"^macro .* F1 ([\d.]+)", printed, re.MULTILINE)
    if found is None:
        raise SystemExit(f"no macro F1 in the output of {shlex.join(command)}")
    return found.group(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=data_dir())
    parser.add_argument("--out", type=Path, default=Path("out"))
    parser.add_argument("--termlens", default=f"{sys.executable} -m termlens")
    args = parser.parse_args()
    args.out.mkdir(exist_ok=True)
    forms: dict[str, Rewrite | None] = {"as given": None, "NFD": decomposed}
    forms |= {"PDF ligatures": ligatured, "Markdown bold": emphasised}
    forms |= {"HTML references": referenced, "bold around italics": bold_around_italics}
    forms |= {"LaTeX": latex, "full-width": full_width, "underscores": underscored}
    forms |= {"web copy": web_copy, "Wikipedia citations": cited, "footnotes": footnoted}
    forms |= {"quoted e-mail": quoted, "wikitext": wikitext, "manual page": manual_page}
    print("| tenth | " + " | ".join(forms) + " |")
    print("|---" * (len(forms) + 1) + "|")
    for name, lang in FILES.items():
        _, tenth = sdu22_ae.held_out(sdu22_ae.load(args.data / "sdu22-ae" / name / "train.json"))
        scores = []
        for form, rewrite in forms.items():
            records = tenth if rewrite is None else rewritten(tenth, rewrite)
            stem = args.out / f"{name.replace('/', '-')}-{form.split()[0].lower()}-tenth"
            data = stem.with_suffix(".json")
            data.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
            command = [*shlex.split(args.termlens), "bench", "sdu22-ae", "--data", str(data)]
            command += ["--lang", lang, "--predictions", f"{stem}-predictions.json"]
            scores.append(macro_f1(command))
        print(f"| {name} | " + " | ".join(scores) + " |")


if __name__ == "__main__":
    main()
