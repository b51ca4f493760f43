"""CD²CR reader: CoNLL text plus the entities JSON, as SciCo topics."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from termlens.concepts.cd2cr import read_cd2cr
from termlens.errors import InputError

CONLL = """#begin document test_entities
0\t0_0\t0_news_1\t0\t0\tA\tTrue\t-
0\t0_0\t0_news_1\t0\t1\tnew\tTrue\t-
0\t0_0\t0_news_1\t0\t2\tstudy\tTrue\t-
0\t0_0\t0_news_1\t1\t3\tThe\tTrue\t(7
0\t0_0\t0_news_1\t1\t4\tfindings\tTrue\t7)
0\t0_0\t0_science_2\t0\t0\tOur\tTrue\t-
0\t0_0\t0_science_2\t0\t1\tresults\tTrue\t-
#end document
"""


def _entity(doc: str, sentence: int, ids: list[int], text: str, cluster: int) -> dict[str, object]:
    return {"doc_id": doc, "sentence_id": sentence, "tokens_ids": ids, "topic": 0,
            "subtopic": "0_0", "tokens": text, "cluster_id": cluster, "singleton": False}  # fmt: skip


def _write(tmp_path: Path, entities: list[dict[str, object]]) -> Path:
    conll = tmp_path / "dev.conll.gz"
    conll.write_bytes(gzip.compress(CONLL.encode()))
    (tmp_path / "dev_entities.json.gz").write_bytes(gzip.compress(json.dumps(entities).encode()))
    return conll


def test_topics_paragraphs_and_document_token_numbers(tmp_path: Path) -> None:
    conll = _write(
        tmp_path,
        [
            _entity("0_news_1", 0, [1, 2], "new study", 40),
            _entity("0_news_1", 1, [3, 4], "The findings", 7),  # numbers run through the document
            _entity("0_science_2", 0, [0, 1], "Our results", 7),
        ],
    )
    (topic,) = read_cd2cr(conll)
    assert topic.tokens == [["A", "new", "study"], ["The", "findings"], ["Our", "results"]]
    assert [m.text for m in topic.mentions] == ["new study", "The findings", "Our results"]
    assert [(m.paragraph, m.start, m.end) for m in topic.mentions] == [
        (0, 1, 2),
        (1, 0, 1),
        (2, 0, 1),
    ]
    assert topic.clusters == [0, 1, 1] and topic.relations == []
    assert topic.fields["doc_ids"] == ["0_news_1", "0_news_1", "0_science_2"]


def test_a_mention_outside_its_sentence_is_named(tmp_path: Path) -> None:
    conll = _write(tmp_path, [_entity("0_news_1", 0, [2, 3], "study The", 1)])
    with pytest.raises(InputError, match=r"topic 0: mention 'study The' in 0_news_1 sentence 0"):
        read_cd2cr(conll)
    warnings: list[str] = []
    (topic,) = read_cd2cr(conll, warnings)
    assert topic.mentions == [] and "left out" in warnings[0]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("sentence_id", None, r"mention 0: sentence_id: expected a whole number, got None"),
        ("tokens_ids", [[3]], r"mention 0: tokens_ids: expected a whole number, got \[3\]"),
        ("tokens_ids", 3, r"mention 0: tokens_ids: expected a list of token numbers, got 3"),
        ("cluster_id", "seven", r"mention 0: cluster_id: expected a whole number, got 'seven'"),
    ],
)
def test_a_mention_field_of_a_wrong_type_is_named(
    tmp_path: Path, field: str, value: object, message: str
) -> None:
    conll = _write(tmp_path, [{**_entity("0_news_1", 1, [3, 4], "The findings", 7), field: value}])
    with pytest.raises(InputError, match=message):
        read_cd2cr(conll)
    entity = _entity("0_news_1", 1, [3, 4], "The findings", 7)
    del entity["doc_id"]
    with pytest.raises(InputError, match=r"mention 0: no 'doc_id'"):
        read_cd2cr(_write(tmp_path, [entity]))


def test_missing_entities_file(tmp_path: Path) -> None:
    conll = tmp_path / "test.conll"
    conll.write_text(CONLL)
    with pytest.raises(InputError, match=r"no test_entities\.json"):
        read_cd2cr(conll)


def test_the_dev_split(data: Path) -> None:
    warnings: list[str] = []
    topics = read_cd2cr(data / "cd2cr" / "dev.conll.gz", warnings)
    assert len(topics) == 71
    assert sum(len(t.mentions) for t in topics) + len(warnings) == 1821
