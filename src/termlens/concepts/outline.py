"""A clustered topic as an outline to read: each cluster under its parent, named by its most
frequent mention, with its other spellings and the documents that mention it.

    - named entity recognition (4 mentions in a, b): also NER ×2, Named-entity recognition
      - biomedical named entity recognition (1 mention in b)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence

from termlens.concepts.relate import ACRONYM_LIKE, spells
from termlens.concepts.scico import Mention, Topic

SPELLINGS = 5  # other spellings shown per cluster
DOCUMENTS = 5  # documents named per cluster (SciCo's ids are 40-character hashes)


def outline(topic: Topic) -> str:
    """The topic's clusters as indented lines, largest first, children under their parent."""
    members: defaultdict[int, list[Mention]] = defaultdict(list)
    first: dict[int, int] = {}
    for i, (mention, cluster) in enumerate(zip(topic.mentions, topic.clusters, strict=True)):
        members[cluster].append(mention)
        first.setdefault(cluster, i)
    children: defaultdict[int, list[int]] = defaultdict(list)
    for parent, child in topic.relations:
        children[parent].append(child)
    has_parent = {child for _, child in topic.relations}
    # the long forms documents define each name by; the pairs also join mentions of one name
    # ("GAN", "GANs"): a long form has words
    defined: defaultdict[str, set[str]] = defaultdict(set)
    for short, long in topic.defined:
        if " " in topic.mentions[long].text:
            defined[_written(topic.mentions[short])].add(_written(topic.mentions[long]))

    def order(clusters: Sequence[int]) -> list[int]:
        return sorted(clusters, key=lambda c: (-len(members[c]), first[c]))

    lines = [
        f"{topic.id}: {_count(len(topic.mentions), 'mention')}, "
        f"{_count(len(members), 'cluster')}, {_count(len(topic.relations), 'parent → child link')}"
    ]
    shown: set[int] = set()

    def visit(cluster: int, depth: int) -> None:
        if cluster in shown:  # a cycle in a hand-made file: each cluster once
            return
        shown.add(cluster)
        lines.append("  " * depth + "- " + _described(members[cluster], topic, defined))
        for child in order([c for c in children[cluster] if c in first]):  # c has mentions
            visit(child, depth + 1)

    for root in order([c for c in members if c not in has_parent]):
        visit(root, 0)
    for left in order([c for c in members if c not in shown]):  # only on a cycle
        visit(left, 0)
    return "\n".join(lines) + "\n"


def _described(mentions: list[Mention], topic: Topic, defined: Mapping[str, set[str]]) -> str:
    """``name (N mentions in docs): also spelling ×k, …`` for one cluster; the name is its most
    frequent mention, spelled out where that is an acronym whose words the cluster also holds
    (*conditional random field*, also *CRF* ×2), or that a document defines by one of them
    (*variational autoencoder*, also *VAE* ×2): ``defined`` holds those long forms by name."""
    spellings = Counter(_written(m) for m in mentions).most_common()
    name = spellings[0][0]
    if ACRONYM_LIKE.fullmatch(name):
        longs = defined.get(name, set())
        name = next((text for text, _ in spellings if spells(name, text) or text in longs), name)
    others = [(text, n) for text, n in spellings if text != name]
    documents = _documents(mentions, topic)
    named = ", ".join(documents[:DOCUMENTS])
    if len(documents) > DOCUMENTS:
        named += f" and {len(documents) - DOCUMENTS} more"
    line = f"{name} ({_count(len(mentions), 'mention')} in {named})"
    if others:
        shown = [f"{text} ×{n}" if n > 1 else text for text, n in others[:SPELLINGS]]
        line += ": also " + ", ".join(shown) + (", …" if len(others) > SPELLINGS else "")
    return line


def _written(mention: Mention) -> str:
    return mention.written or mention.text


def _documents(mentions: list[Mention], topic: Topic) -> list[str]:
    """The documents of the mentions, in order: SciCo's ``doc_ids`` of their paragraphs, else
    the paragraphs' numbers."""
    doc_ids = topic.fields.get("doc_ids")
    if not (isinstance(doc_ids, list) and len(doc_ids) == len(topic.tokens)):
        doc_ids = [f"paragraph {p}" for p in range(len(topic.tokens))]
    found = [str(doc_ids[m.paragraph]) for m in mentions]
    return list(dict.fromkeys(found))


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" + ("" if n == 1 else "s")
