"""V.E.R.A.'s Info file of computing acronyms as a dictionary source."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from typer.testing import CliRunner

from termlens.acronyms.dictionary import AcronymDictionary, Entry
from termlens.acronyms.dictionary_files import guess_format, read_entries, stated_licence
from termlens.acronyms.vera import VERA_LICENCE, expansions
from termlens.cli import app
from termlens.errors import InputError

INSTALLED = Path("/usr/share/info/vera.info.gz")  # Debian's vera package

# The layout of vera.info (makeinfo 6.7): a head, then nodes, each after a \x1f line; the
# acronyms are under the letter nodes, the Format node only shows examples of them.
INFO = """This is vera.info, produced by makeinfo version 6.7 from vera.texi.

\x1f
File: vera.info,  Node: Format,  Next: Acronym,  Prev: About,  Up: Top

2 List format
*************

ATT
     American Telephone and Telegraph, "AT&T"

\x1f
File: vera.info,  Node: A,  Next: B,  Prev: 0

-- A --
*******

AGP
     Advanced / Accelerated Graphics Port (Intel, AGP)

ASN1
     Abstract Syntax Notation One (OSI), "ASN.1"

AUX
     ???  (Apple)

\x1f
File: vera.info,  Node: C,  Next: D,  Prev: B

-- C --
*******

     C&C Command & Control [server]

CICSTS
     Customer Information Control System / Transaction Server (IBM,
     VSE/ESA), "CICS/TS"

\x1f
File: vera.info,  Node: Index,  Prev: Z,  Up: Top

ZZZ
     Not An Entry
"""


def test_each_acronym_of_the_letter_nodes_with_its_common_spelling(tmp_path: Path) -> None:
    path = tmp_path / "vera.info"
    path.write_text(INFO)
    assert guess_format(path, INFO) == "vera"
    assert list(read_entries(path, domain="computing")) == [
        Entry("AGP", "Advanced Graphics Port", 1, "en", "computing"),
        Entry("AGP", "Accelerated Graphics Port", 1, "en", "computing"),
        Entry("ASN.1", "Abstract Syntax Notation One", 1, "en", "computing"),
        Entry("C&C", "Command & Control", 1, "en", "computing"),
        Entry("CICS/TS", "Customer Information Control System/Transaction Server", 1, "en",
              "computing"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("acronym", "expansion", "longs"),
    [
        ("RLL", "Run Length Limited [encoding]", ["Run Length Limited"]),
        ("ARM", "Annotated [c++] Reference Manual", ["Annotated c++ Reference Manual"]),
        ("XGA", "eXtended Graphics Adapter [1024x768] (IBM, PS/2)", ["Extended Graphics Adapter"]),
        ("IRQ", "Interrupt ReQuest", ["Interrupt Request"]),
        ("PREPNET", "Pennsylvania Research and Economic Partnership NETwork (network, USA)",
         ["Pennsylvania Research and Economic Partnership Network"]),
        ("AMTPE", "Apple Media Tool Programming Environment (Apple)",
         ["Apple Media Tool Programming Environment"]),
        ("RAID", "Redundant Array of Independent / Inexpensive Disks (HDD, RAID)",
         ["Redundant Array of Independent Disks", "Redundant Array of Inexpensive Disks"]),
        ("ASBR", "Autonomous System Border / Boundary Router (AS)",
         ["Autonomous System Border Router", "Autonomous System Boundary Router"]),
        ("AE", "Application Entity / Environment / Engineering (APE)",
         ["Application Entity", "Application Environment", "Application Engineering"]),
        ("IOC", "Input / Output Controller", ["Input/Output Controller"]),
        ("BOS360", "Basic Operating System / 360 (OS, S/360, IBM)", ["Basic Operating System/360"]),
        ("DOS360", "Disk ???  Operating System / 360 (OS)", []),
        ("AIB", "Add In (graphics) Board", ["Add In Board"]),
        ("CSII", "Center for Systems Interoperability and Integration (org., ???)",
         ["Center for Systems Interoperability and Integration"]),
    ],
)  # fmt: skip
def test_an_expansion_as_the_format_node_describes_it(
    acronym: str, expansion: str, longs: list[str]
) -> None:
    assert expansions(acronym, expansion)[1] == longs


def test_a_word_marked_by_capitals_stays_when_it_is_no_common_word() -> None:
    assert expansions("DECNET", 'DEC NETwork, "DECnet"') == ("DECnet", ["DEC Network"])
    assert expansions("TALI", "TALigent Interface") == ("TALI", ["TALigent Interface"])


def test_a_spelling_after_the_tags_is_the_short_form_without_quotes_too() -> None:
    assert expansions("PVE", "Player Versus Environment (MMORPG, PvP), PvE") == (
        "PvE",
        ["Player Versus Environment"],
    )
    assert expansions("CTAN", "Comprehensive TeX Archive Network (TeX, FTP), pause") == (
        "CTAN",
        ["Comprehensive TeX Archive Network"],
    )


def test_of_two_common_spellings_the_first_is_the_short_form() -> None:
    written = (
        'Distributed Computing Environment / Remote Procedure Call (DCE), "DCE/RPC" , "DCE RPC"'
    )
    assert expansions("DCERPC", written) == (
        "DCE/RPC",
        ["Distributed Computing Environment/Remote Procedure Call"],
    )


def test_the_licence_the_file_states_is_recorded_on_import(tmp_path: Path) -> None:
    path = tmp_path / "vera.info.gz"
    path.write_bytes(gzip.compress(INFO.encode()))
    assert stated_licence(path) == VERA_LICENCE and stated_licence(path, "tsv") == ""
    db = tmp_path / "d.sqlite"
    result = CliRunner().invoke(app, ["dict", "import", str(path), "--into", str(db)])
    assert result.exit_code == 0, result.stderr
    with AcronymDictionary.open(db) as d:
        assert [s.long for s in d.lookup("AGP")] == [
            "Accelerated Graphics Port",
            "Advanced Graphics Port",
        ]
        assert d.stats()["sources"] == {"vera.info.gz": {"licence": VERA_LICENCE, "rows": 5}}


def test_a_file_with_no_letter_node_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "vera.info"
    text = INFO.split("\x1f\nFile: vera.info,  Node: A")[0]
    path.write_text(text)
    with pytest.raises(InputError, match=r"vera\.info: no letter node .*vera\.info\.gz"):
        list(read_entries(path))


@pytest.mark.skipif(not INSTALLED.is_file(), reason="Debian's vera package is not installed")
def test_the_installed_list_reads_whole() -> None:
    entries = list(read_entries(INSTALLED))
    assert len(entries) > 12_000
    by_short: dict[str, list[str]] = {}
    for entry in entries:
        by_short.setdefault(entry.short, []).append(entry.long)
    assert "Maximum Transmission Unit" in by_short["MTU"]
    assert "Request For Comments" in by_short["RFC"]
    assert not [e for e in entries if "???" in e.long or any(c in e.long for c in '()[]"')]
