"""SciCo topics: reading, writing back, errors and warnings naming the topic and mention."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from termlens.concepts.scico import find_cycle, read_topics, write_topics
from termlens.errors import InputError

TOPIC = {
    "id": "t1",
    "tokens": [["A", "CRF", "tagger", "is", "used", "."], ["Sequence", "tagging", "again", "."]],
    "sentences": [[[0, 6]], [[0, 4]]],
    "doc_ids": ["d1", "d2"],
    "metadata": {"d1": {"title": "x"}, "d2": {"title": "y"}},
    "mentions": [[0, 1, 2, 0], [1, 0, 1, 1]],
    "relations": [[1, 0]],
    "source": "hand-made",
}


def _write(path: Path, *topics: object) -> Path:
    path.write_text("".join(json.dumps(t) + "\n" for t in topics), encoding="utf-8")
    return path


def test_read_and_write_back(tmp_path: Path) -> None:
    (topic,) = read_topics(_write(tmp_path / "in.jsonl", TOPIC))
    assert [m.text for m in topic.mentions] == ["CRF tagger", "Sequence tagging"]
    assert topic.mentions[0].context == "A CRF tagger is used ."
    assert topic.clusters == [0, 1] and topic.relations == [(1, 0)]
    write_topics([topic], tmp_path / "out.jsonl")
    back = json.loads((tmp_path / "out.jsonl").read_text())
    assert back["flatten_tokens"][6:8] == ["Sequence", "tagging"]
    assert back["flatten_mentions"] == [[1, 2, 0], [6, 7, 1]]  # end inclusive, as SciCo
    assert {k: back[k] for k in TOPIC} == TOPIC


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"mentions": [[0, 4, 9, 0]]},
            r"topic t1\): mention 0 \[0, 4, 9\] falls outside its paragraph \(6 tokens\)",
        ),
        ({"mentions": [[5, 0, 0, 0]]}, r"mention 0 \[5, 0, 0\] falls outside"),
        ({"mentions": [[0, 1, 2, 0], [0, 1, 2, 1]]}, r"mention 1 \[0, 1, 2\] is listed twice"),
        ({"relations": [[0, 1], [1, 0]]}, r"the relations form a cycle 0 → 1 → 0"),
        ({"tokens": "abc"}, "expected a SciCo topic"),
        ({"tokens": [["A", 1]]}, r"tokens 0: expected a paragraph's list of strings"),
        ({"mentions": [[0, "x", 2, 0]]}, r"mention 0: expected \[paragraph, start, end, cluster\]"),
        ({"mentions": {"0": [0, 1, 2]}}, r"mentions: expected a list, got dict"),
        (
            {"relations": [["x", 1]]},
            r'relation 0: expected \[parent, child\] cluster ids, got \["x", 1\]',
        ),
        ({"relations": [[1, 0, 2]]}, r"relation 0: expected \[parent, child\] cluster ids"),
        ({"relations": [7]}, r"relation 0: expected \[parent, child\] cluster ids, got 7"),
    ],
)
def test_bad_topics_name_topic_and_mention(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    with pytest.raises(InputError, match=message):
        read_topics(_write(tmp_path / "in.jsonl", {**TOPIC, **change}))


def test_a_repeated_topic_id_is_named(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(TOPIC) + "\n" + json.dumps(TOPIC) + "\n")
    with pytest.raises(InputError, match=r"line 2: topic id 't1' is already that of line 1"):
        read_topics(path)
    warnings: list[str] = []
    assert len(read_topics(path, warnings)) == 2
    assert "line 2: topic id 't1' is already that of line 1" in warnings[0]


def test_warnings_instead_of_errors_where_gold_is_not_needed(tmp_path: Path) -> None:
    warnings: list[str] = []
    cyclic = {**TOPIC, "relations": [[0, 1], [1, 0]]}
    lonely = {**TOPIC, "id": "t2", "mentions": [[0, 1, 2, 0]], "relations": []}
    topics = read_topics(_write(tmp_path / "in.jsonl", cyclic, lonely), warnings)
    assert topics[0].relations == []
    assert any("topic t1" in w and "cycle" in w for w in warnings)
    assert any("topic t2" in w and "1 mention(s)" in w for w in warnings)


def test_not_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(TOPIC) + "\n{oops\n")
    with pytest.raises(InputError, match="line 2: not JSON"):
        read_topics(path)


def test_find_cycle() -> None:
    assert find_cycle([(0, 1), (1, 2)]) == []
    assert find_cycle([(0, 1), (1, 2), (2, 0)]) == [0, 1, 2, 0]
    assert find_cycle([(3, 3)]) == [3, 3]


def test_the_open_proxy_round_trips(data: Path, tmp_path: Path) -> None:
    source = data / "scico-proxy" / "all.jsonl"
    write_topics(read_topics(source), tmp_path / "out.jsonl")
    original = [json.loads(line) for line in source.read_text().splitlines()]
    written = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert written == original


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(st.text(min_size=1, max_size=5), max_size=6), min_size=1, max_size=3),
    st.lists(st.tuples(st.integers(-1, 3), st.integers(-1, 7), st.integers(-1, 7)), max_size=5),
)
def test_any_mention_offsets_give_a_topic_or_a_named_error(
    tmp_path_factory: pytest.TempPathFactory,
    paragraphs: list[list[str]],
    spans: list[tuple[int, int, int]],
) -> None:
    record = {"id": "p", "tokens": paragraphs, "mentions": [[p, a, b, 0] for p, a, b in spans]}
    path = tmp_path_factory.mktemp("topics") / "in.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    try:
        (topic,) = read_topics(path)
    except InputError as exc:
        assert "(topic p): mention" in str(exc)
        return
    for mention in topic.mentions:
        assert mention.text == " ".join(
            paragraphs[mention.paragraph][mention.start : mention.end + 1]
        )


def test_a_scirex_paper_becomes_a_topic_of_its_coreference() -> None:
    from termlens.benchmarks.scirex_coref import paper_topic

    paper = {
        "doc_id": "p1",
        "words": "We train a GAN . The GAN and its WGAN variant win .".split(),
        "sentences": [[0, 5], [5, 13]],
        "coref": {"GAN": [[3, 4], [6, 7]], "WGAN": [[9, 10], [3, 4]]},  # [3, 4] is GAN's
        "coref_non_salient": {"0": [[1, 2], [2, 2]]},  # an empty span is dropped
    }
    topic = paper_topic(paper)
    assert [(m.start, m.end, m.text) for m in topic.mentions] == [
        (1, 1, "train"),
        (3, 3, "GAN"),
        (6, 6, "GAN"),
        (9, 9, "WGAN"),
    ]
    assert topic.clusters == [2, 0, 0, 1]
    assert topic.mentions[2].context == "The GAN and its WGAN variant win ."


def test_a_bad_scirex_line_is_named(tmp_path: Path) -> None:
    from termlens.benchmarks.scirex_coref import load_topics

    path = tmp_path / "papers.jsonl"
    path.write_text('{"words": ["a"]}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"papers.jsonl:1: not a SciREX paper \(no doc_id\)"):
        load_topics(path)
    path.write_text("{not json\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"papers.jsonl:1: not a SciREX paper"):
        load_topics(path)


def test_concepts_cluster_reads_topics_from_standard_input() -> None:
    from typer.testing import CliRunner

    from termlens.cli import app

    result = CliRunner().invoke(
        app, ["concepts", "cluster", "-", "-o", "-"], input=json.dumps(TOPIC) + "\n"
    )
    assert result.exit_code == 0, result.stderr  # was "-: no such file"
    (topic,) = (json.loads(line) for line in result.stdout.splitlines())
    assert topic["id"] == "t1" and len(topic["mentions"]) == 2
