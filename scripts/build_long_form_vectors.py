"""Store the all-MiniLM-L6-v2 vectors of the bundled dictionary's English long forms.

Every spelling of every sense the dictionary tags English, in lower case (the encoder is
uncased), is encoded once and kept at a byte per dimension in
``long-form-vectors-en.safetensors``, which the second reading of English rankings
(:mod:`termlens.acronyms.rerank`) reads instead of encoding those long forms again. Run it after
``scripts/build_dictionary.py``: ``python scripts/build_long_form_vectors.py`` (about two
minutes on one core).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as the vectors are read at run time

import numpy as np

from termlens import __version__
from termlens.acronyms.expand import default_dictionary
from termlens.acronyms.long_form_vectors import FILE, StoredVectors
from termlens.cli_common import progress
from termlens.minilm import default_english_encoder
from termlens.resources import record, resource_dir

CHUNK = 1024  # long forms encoded per call


def english_long_forms() -> list[str]:
    """The lower-case spellings of the bundled dictionary's English senses, sorted."""
    dictionary = default_dictionary()
    found = {
        long.lower()
        for short in dictionary.short_forms()
        for sense in dictionary.lookup(short)
        if "en" in sense.languages
        for long, _ in sense.variants
    }
    return sorted(text for text in found if "\n" not in text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=resource_dir() / FILE)
    args = parser.parse_args()
    texts = english_long_forms()
    encoder = default_english_encoder()
    chunks = range(0, len(texts), CHUNK)
    vectors = np.vstack(
        [encoder.encode(texts[i : i + CHUNK]) for i in progress(chunks, len(chunks), "encode")]
    )
    StoredVectors.of(texts, vectors).save(args.out)
    entry = record(
        args.out,
        id="long-form-vectors-en",
        version=f"{__version__}+all-MiniLM-L6-v2-int8",
        source_data=["the long forms of acronyms.sqlite tagged English (its sources)"],
        licence="as acronyms.sqlite (CC BY-NC-SA 4.0 and others, per source); "
        "vectors of all-MiniLM-L6-v2 (Apache-2.0)",
        built_by="scripts/build_long_form_vectors.py",
    )
    print(f"wrote {len(texts):,} long forms to {args.out} ({entry['size'] / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
