"""Clusters of mentions and a cycle-free hierarchy between them, from pair probabilities.

Clustering: average-linkage agglomeration on P(same), merging while the best pair of clusters
averages at least the model's ``same_threshold``. Hierarchy: for each ordered pair of clusters,
the mean over their mention pairs of P(first is parent of second) (both orders of the pair
averaged; the pair model's hierarchy half, which also reads the kind direction taxonomies
taught); edges are added best first while they score at least ``parent_threshold``, each
cluster keeps one parent, and an edge that would close a cycle is skipped. In plain documents
(``concepts cluster --text``), whose topics are far larger, clusters stop merging at the model's
plain-text threshold, two different acronyms are never merged, nor a term and one it names a
kind of (*Double DQN* and *DQN*), and a link needs the child to name a kind of the parent
(:func:`~termlens.concepts.relate.kinds_by_modifiers`) instead of the parent threshold: the
pair model's P(parent) alone made one cluster the parent of nearly all the others there, and it
only orders the named kinds (docs/benchmarks-log.md).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence

import numpy as np
from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import cdist

from termlens.acronyms.lexical import same_sense, stem
from termlens.concepts.kinds import CHILD, PARENT, SAME
from termlens.concepts.mentions import topic_from_documents
from termlens.concepts.relate import (
    ACRONYM_LIKE,
    PairFeatures,
    PairModel,
    acronym_key,
    apart_acronyms,
    codes,
    default_model,
    kinds_by_modifiers,
    named_kinds,
    numbered_names,
    spelled_initials,
    words,
)
from termlens.concepts.scico import Mention, Topic
from termlens.disjoint_sets import DisjointSets
from termlens.documents import RawDocument
from termlens.errors import InputError, checked_texts
from termlens.io import available_memory

# pairs whose features are held at once: a topic of up to 2,048 mentions is one block
PAIRS_PER_BLOCK = 2048 * 2048
# bytes per mention pair at the peak of clustering a topic (several n × n float matrices):
# 10,082 mentions of 30 SciREX papers peaked at 4.2 GB
BYTES_PER_PAIR = 40


def check_fits_in_memory(topic: Topic) -> None:
    """An InputError, before any work, when clustering the topic would need more memory than
    the machine has free (the system would kill the process without a word)."""
    n = len(topic.mentions)
    free = available_memory()
    if free is None or BYTES_PER_PAIR * n * n <= free:
        return
    most = math.isqrt(free // BYTES_PER_PAIR)
    raise InputError(
        f"topic {topic.id!r}: {n:,} mentions need about {_size(BYTES_PER_PAIR * n * n)} to "
        f"cluster and {_size(free)} is free; cluster fewer documents at once (about {most:,} "
        "mentions fit)"
    )


def _size(count: int) -> str:
    return f"{count / 1e9:.1f} GB" if count >= 10**8 else f"{count / 1e6:.2f} MB"


def agglomerate(same: np.ndarray, threshold: float) -> list[int]:
    """Average-linkage clusters of a symmetric similarity matrix; ids in order of first mention.

    Each row keeps its best partner, so a merge costs O(n) instead of a search of the whole
    matrix (ten thousand mentions cluster in seconds); the merges are those of the plain
    algorithm, ties included (the first best pair in row order)."""
    n = len(same)
    members: dict[int, list[int]] = {i: [i] for i in range(n)}
    totals = same.astype(float)  # sums of similarities between clusters i and j
    sizes = np.ones(n)
    alive = np.ones(n, dtype=bool)
    average = totals.copy()
    np.fill_diagonal(average, -np.inf)
    best = average.argmax(axis=1) if n else np.zeros(0, dtype=int)
    best_value = average[np.arange(n), best]
    while len(members) > 1:
        keep = int(np.argmax(best_value))
        gone = int(best[keep])
        if best_value[keep] < threshold:
            break
        totals[keep, :] += totals[gone, :]
        totals[:, keep] = totals[keep, :]
        sizes[keep] += sizes[gone]
        members[keep] += members.pop(gone)
        alive[gone] = False
        average[keep, :] = np.where(alive, totals[keep, :] / (sizes[keep] * sizes), -np.inf)
        average[:, keep] = average[keep, :]
        average[gone, :] = average[:, gone] = -np.inf
        average[keep, keep] = -np.inf
        best_value[gone] = -np.inf
        # rows whose best partner was merged look again; the others only compare with keep
        stale = np.flatnonzero(alive & ((best == keep) | (best == gone)))
        stale = np.union1d(stale, [keep])
        best[stale] = average[stale].argmax(axis=1)
        best_value[stale] = average[stale, best[stale]]
        column = average[:, keep]
        better = alive & ((column > best_value) | ((column == best_value) & (keep < best)))
        best[better] = keep
        best_value[better] = column[better]
    labels = [0] * n
    for label, group in enumerate(sorted(members.values(), key=min)):
        for mention in group:
            labels[mention] = label
    return labels


def build_hierarchy(
    parent: np.ndarray,
    labels: Sequence[int],
    threshold: float,
    allowed: set[tuple[int, int]] | None = None,
) -> list[tuple[int, int]]:
    """Parent → child cluster edges from mention-level P(parent), greedy, one parent, no cycle;
    only the ``allowed`` (parent, child) pairs, when given."""
    clusters = sorted(set(labels))
    row = {label: i for i, label in enumerate(clusters)}
    membership = np.zeros((len(clusters), len(labels)))
    for mention, label in enumerate(labels):
        membership[row[label], mention] = 1.0
    sizes = membership.sum(axis=1)
    means = membership @ parent @ membership.T / np.outer(sizes, sizes)
    np.fill_diagonal(means, -np.inf)
    rows, columns = np.nonzero(means >= threshold)
    ids = np.array(clusters)
    # best first; among equal scores the larger parent, then the larger child, first
    order = np.lexsort((ids[columns], ids[rows], means[rows, columns]))[::-1]
    scored = zip(ids[rows[order]].tolist(), ids[columns[order]].tolist(), strict=True)
    edges: list[tuple[int, int]] = []
    parent_of: dict[int, int] = {}
    for a, b in scored:
        if len(edges) == len(clusters) - 1:
            break  # every cluster but one has its parent: a tree
        if (
            b in parent_of
            or _reaches(parent_of, a, b)
            or (allowed is not None and (a, b) not in allowed)
        ):
            continue
        parent_of[b] = a
        edges.append((a, b))
    return edges


def _reaches(parent_of: dict[int, int], node: int, ancestor: int) -> bool:
    """Whether ``ancestor`` is ``node`` or above it: then an edge node → ancestor would cycle."""
    while True:
        if node == ancestor:
            return True
        if node not in parent_of:
            return False
        node = parent_of[node]


def scores(model: PairModel, features: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """From pair features (both orders): symmetric P(same) by the coreference model and
    P(row is column's parent) by the hierarchy model."""
    same, parent, child = _same_parent_child(model, features)
    return _symmetric(same.copy(), parent.copy(), child)


def _same_parent_child(
    model: PairModel, features: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """P(same) by the coreference model; P(parent), P(child) by the hierarchy model."""
    kinds = model.hierarchy_probabilities(features)
    return model.probabilities(features)[..., SAME], kinds[..., PARENT], kinds[..., CHILD]


def pair_scores(mentions: Sequence[Mention], model: PairModel) -> tuple[np.ndarray, np.ndarray]:
    """:func:`scores` of a topic's mention pairs, the features computed a block of rows at a
    time (:data:`PAIRS_PER_BLOCK`), so ten thousand mentions need a few GB, not tens."""
    features = PairFeatures(mentions)
    n = features.size
    same, parent, child = (np.empty((n, n)) for _ in range(3))
    step = max(1, PAIRS_PER_BLOCK // max(n, 1))
    for start in range(0, n, step):
        stop = min(start + step, n)
        block = _same_parent_child(model, features.rows(start, stop))
        same[start:stop], parent[start:stop], child[start:stop] = block
    return _symmetric(same, parent, child)


def _symmetric(
    same: np.ndarray, parent: np.ndarray, child: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Both orders of each pair averaged: P(same), and P(row is column's parent). Works in place
    (``same`` and ``parent`` become the results): n × n floats are large."""
    same += same.T
    same /= 2
    parent += child.T
    parent /= 2
    return same, parent


def keep_acronyms_apart(same: np.ndarray, mentions: Sequence[Mention]) -> None:
    """Set P(same) to 0, in place, between different acronyms (:func:`apart_acronyms`)."""
    acronyms, keys = apart_acronyms(mentions)
    _set_between(same, acronyms, keys[:, None] != keys[None, :], 0.0)


def keep_numbers_apart(same: np.ndarray, mentions: Sequence[Mention]) -> None:
    """Set P(same) to −∞, in place, between one name with different numbers
    (:func:`numbered_names`), so that no cluster holds both."""
    found, names, numbers = numbered_names(mentions)
    apart = (names[:, None] == names[None, :]) & (numbers[:, None] != numbers[None, :])
    _set_between(same, found, apart, -np.inf)


def keep_words_apart(same: np.ndarray, mentions: Sequence[Mention]) -> None:
    """Set P(same) to −∞, in place, between two one-word terms (not acronyms) that are no
    spellings of one word: neither one stem (*accuracy*, *accuracies*) nor a letter apart
    (*normalization*, *normalisation*). *Encoder* and *decoder*, *regularization* and
    *normalization* are written alike and name different things."""
    found = [
        (i, m.text.lower())
        for i, m in enumerate(mentions)
        if " " not in m.text.strip() and m.text.isalpha() and not ACRONYM_LIKE.fullmatch(m.text)
    ]
    if len(found) < 2:
        return
    texts = [text for _, text in found]
    stems = codes([stem(text) for text in texts])
    close = cdist(texts, texts, scorer=Levenshtein.distance) <= 1
    apart = (stems[:, None] != stems[None, :]) & ~close
    _set_between(same, np.array([i for i, _ in found], dtype=int), apart, -np.inf)


def keep_kinds_apart(same: np.ndarray, mentions: Sequence[Mention]) -> None:
    """Set P(same) to −∞, in place, between a mention and one it names a kind of
    (:func:`named_kinds`), so that no cluster holds both: *Double DQN* is not *DQN*."""
    pairs = np.array(named_kinds(mentions), dtype=int).reshape(-1, 2)
    same[pairs[:, 0], pairs[:, 1]] = -np.inf
    same[pairs[:, 1], pairs[:, 0]] = -np.inf


def join_defined(
    same: np.ndarray, defined: Sequence[tuple[int, int]], mentions: Sequence[Mention]
) -> None:
    """Set P(same) to 1, in place, between the mentions that the pairs of
    :attr:`~termlens.concepts.scico.Topic.defined` join, directly or through others (a short
    form, the long form the text gives it, and that long form's uses elsewhere): the text says
    they are one concept, and so are two such groups that define one short form alike
    (:func:`_defined_alike` joins them). Where the topic defines one short form two ways (*SE*:
    *state estimation* in one paper, *standard error* in another), the two groups are set apart
    (−∞), and so are a group and the terms that spell its short form otherwise
    (:func:`_spelled_otherwise`)."""
    groups = _joined(len(same), defined)
    groups = _joined(len(same), [*defined, *_defined_alike(groups, mentions)])
    for members in groups:
        same[np.ix_(members, members)] = 1.0
    apart = [*_defined_two_ways(groups, mentions), *_spelled_otherwise(groups, mentions)]
    for first, second in apart:
        same[np.ix_(first, second)] = -np.inf
        same[np.ix_(second, first)] = -np.inf


def _spelled_otherwise(
    groups: list[list[int]], mentions: Sequence[Mention]
) -> list[tuple[list[int], list[int]]]:
    """Each group that holds an acronym and a long form its text gives it, with the mentions
    outside it whose words spell the acronym but name no sense of that long form
    (:func:`~termlens.acronyms.lexical.same_sense`; of its last words that spell the acronym, in
    a term around it: *super-resolution* in *single image super-resolution*): *scene
    recognition* and *sparse representation* are not the *SR* a paper defines as
    *super-resolution*."""
    spelling: dict[str, list[int]] = {}  # initials → the mentions whose words spell them
    for j, mention in enumerate(mentions):
        if len(mention.text.split()) > 1 and not ACRONYM_LIKE.fullmatch(mention.text):
            for letters in spelled_initials(" ".join(words(mention.text))):
                spelling.setdefault(letters, []).append(j)
    out = []
    for members in groups:
        texts = {mentions[i].text for i in members}
        inside = set(members)
        others: set[int] = set()
        for acronym in (t for t in texts if ACRONYM_LIKE.fullmatch(t)):
            senses = [tail for t in texts if (tail := _spelling_tail(acronym, t)) is not None]
            others.update(
                j
                for j in spelling.get(acronym_key(acronym).lower(), ())
                if senses
                and j not in inside
                and not any(same_sense(acronym, sense, mentions[j].text) for sense in senses)
            )
        if others:
            out.append((members, sorted(others)))
    return out


def _spelling_tail(acronym: str, text: str) -> str | None:
    """The last words of ``text`` whose initials spell ``acronym`` (those of a hyphenated
    compound's parts too: *super-resolution*, SR), the most of them; None when none do (nor
    when ``text`` is an acronym)."""
    if ACRONYM_LIKE.fullmatch(text):
        return None
    letters, tokens = acronym_key(acronym).lower(), text.split()
    return next(
        (
            tail
            for k in range(len(tokens))
            if letters in spelled_initials(" ".join(words(tail := " ".join(tokens[k:]))))
        ),
        None,
    )


def _joined(n: int, pairs: Sequence[tuple[int, int]]) -> list[list[int]]:
    """The groups of mentions that pairs join, directly or through others (two or more each)."""
    sets = DisjointSets(n)
    for a, b in pairs:
        sets.join(b, a)
    groups: dict[int, set[int]] = {}
    for a, b in pairs:
        groups.setdefault(sets.find(a), set()).update((a, b))
    return [sorted(members) for members in groups.values()]


def _defined_alike(groups: list[list[int]], mentions: Sequence[Mention]) -> list[tuple[int, int]]:
    """A mention pair that joins each two groups sharing an acronym and a sense of its long
    form (:func:`_one_sense`): two papers that define *VAE* by *variational autoencoders* and
    *variational auto-encoder* name one concept, whatever else tells the two terms apart (*deep
    variational autoencoders* names a kind of *variational autoencoder*)."""
    return [
        (groups[g][0], groups[h][0])
        for short, g, h in _sharing_acronyms(groups, mentions)
        if _long_forms_alike(short, groups[g], groups[h], mentions)
    ]


def _defined_two_ways(
    groups: list[list[int]], mentions: Sequence[Mention]
) -> list[tuple[list[int], list[int]]]:
    """Pairs of groups in different documents (paragraphs) that share an acronym whose long
    forms in one name no sense of it in the other (:func:`_one_sense`: *Convolutional Neural
    Net* and *convolutional neural network* are one). Within a document two long forms of one
    short form are its author's two spellings (*parametrized ReLUs*, *Parametric Rectified Linear
    Units*)."""
    paragraphs = [{mentions[i].paragraph for i in members} for members in groups]
    apart = {
        (g, h)
        for short, g, h in _sharing_acronyms(groups, mentions)
        if paragraphs[g].isdisjoint(paragraphs[h])
        and _long_forms_alike(short, groups[g], groups[h], mentions) is False
    }
    return [(groups[g], groups[h]) for g, h in sorted(apart)]


def _sharing_acronyms(
    groups: list[list[int]], mentions: Sequence[Mention]
) -> Iterator[tuple[str, int, int]]:
    """Each acronym (as :func:`~termlens.concepts.relate.acronym_key` writes it) with each pair
    of groups that hold it."""
    having: dict[str, list[int]] = {}
    for g, members in enumerate(groups):
        texts = {mentions[i].text for i in members}
        for key in {acronym_key(t) for t in texts if ACRONYM_LIKE.fullmatch(t)}:
            having.setdefault(key, []).append(g)
    for short, held in having.items():
        for g, h in itertools.combinations(held, 2):
            yield short, g, h


def _long_forms_alike(
    short: str, first: list[int], second: list[int], mentions: Sequence[Mention]
) -> bool | None:
    """Whether a long form of one group names a sense of ``short`` that one of the other does
    (:func:`_one_sense`); None when a group has no long form."""
    longs = [
        {text for i in members if not ACRONYM_LIKE.fullmatch(text := mentions[i].text)}
        for members in (first, second)
    ]
    if not all(longs):
        return None
    return any(_one_sense(short, a, b) for a in longs[0] for b in longs[1])


def _one_sense(short: str, a: str, b: str) -> bool:
    """Whether two long forms of ``short`` name one sense
    (:func:`~termlens.acronyms.lexical.same_sense`), or the longer one does with its first words
    left out, as many as it has more than the other (of two words or more): the term a text's
    long form lies in (*deep variational autoencoders*, where the text defines *VAE* by
    *variational autoencoders*) and *variational auto-encoder*."""
    if same_sense(short, a, b):
        return True
    shorter, longer = sorted((words(a), words(b)), key=len)
    tail = longer[len(longer) - len(shorter) :]
    return 1 < len(shorter) < len(longer) and same_sense(short, " ".join(shorter), " ".join(tail))


def _set_between(same: np.ndarray, found: np.ndarray, pairs: np.ndarray, value: float) -> None:
    """Set ``same`` to ``value``, in place, for the pairs of ``found`` mentions marked in
    ``pairs`` (a boolean matrix over ``found``)."""
    block = np.ix_(found, found)
    same[block] = np.where(pairs, value, same[block])


def predict(
    topic: Topic, model: PairModel, features: np.ndarray | None = None, plain_text: bool = False
) -> Topic:
    """The topic with predicted clusters and relations (its gold ones are ignored);
    ``features``, when given, are the topic's :func:`pair_features`. One name with different
    numbers never shares a cluster (:func:`keep_numbers_apart`); a short form and the long form
    the text defines it by are the same at P(same) 1 (:func:`join_defined`). With ``plain_text``
    (the mentions of plain documents, whose clusters, unlike a SciCo topic's, need not form one
    hierarchy), clusters merge down to the model's plain-text threshold, two different acronyms
    never share one (:func:`apart_acronyms`), nor a term and one it names a kind of
    (:func:`keep_kinds_apart`), and a cluster is linked only under a parent it names a kind of
    (:func:`kinds_by_modifiers`), whatever its P(parent). A topic too large for the free memory
    is an InputError (:func:`check_fits_in_memory`)."""
    if not topic.mentions:
        return topic.with_prediction([], [])
    check_fits_in_memory(topic)
    if features is None:
        same, parent = pair_scores(topic.mentions, model)
    else:
        same, parent = scores(model, features)
    threshold = model.same_threshold
    keep_numbers_apart(same, topic.mentions)
    if plain_text:
        keep_acronyms_apart(same, topic.mentions)
        keep_kinds_apart(same, topic.mentions)
        keep_words_apart(same, topic.mentions)
        if model.plain_text_same_threshold is not None:
            threshold = model.plain_text_same_threshold
    join_defined(same, topic.defined, topic.mentions)
    labels = agglomerate(same, threshold)
    if plain_text:  # a named kind is evidence enough; P(parent) only puts the best parent first
        edges = build_hierarchy(parent, labels, 0.0, kinds_by_modifiers(topic.mentions, labels))
    else:
        edges = build_hierarchy(parent, labels, model.parent_threshold)
    return topic.with_prediction(labels, edges)


def cluster_texts(
    texts: Iterable[str] | Mapping[str, str], model: PairModel | None = None
) -> Topic:
    """The concept mentions termlens finds in plain texts, one document each
    (:func:`termlens.concepts.mentions.topic_from_documents`), in clusters linked parent → child,
    as ``termlens concepts cluster --text`` makes them (default: the bundled pair model). The
    documents are named by their number, or by their key when ``texts`` maps names to texts."""
    names: Iterable[str]
    if isinstance(texts, Mapping):
        names = [_document_name(name) for name in texts]
        given = checked_texts(list(texts.values()), "cluster_texts")
    else:
        given = checked_texts(texts, "cluster_texts")
        names = map(str, itertools.count())
    documents = [RawDocument(name, text) for name, text in zip(names, given, strict=False)]
    topic = topic_from_documents(documents, "texts")
    return predict(topic, model or default_model(), plain_text=True)


def _document_name(name: object) -> str:
    if not isinstance(name, str) or not name:
        raise TypeError(f"cluster_texts: document name {name!r}: name each text by a non-empty str")
    return name
