"""Bundle WordNet 3.0 from the Debian ``wordnet-base`` files as ``data/wordnet-3.0.zip``.

The zip holds the original Princeton data, index and exception files (everything termlens
reads: synsets, sense order, morphological exceptions) and the WordNet licence, which requires
its notice on every copy. Install the source once with ``apt-get install wordnet-base``.

Run: ``python scripts/build_wordnet.py [--source /usr/share/wordnet]``.
"""

from __future__ import annotations

import argparse
import os
import zipfile
from pathlib import Path

from termlens.resources import record, resource_dir
from termlens.taxonomy.wordnet import BUNDLE, LICENCE, LICENCE_FILE, POS_FILES, WordNet

LICENCE_SOURCE = Path("/usr/share/doc/wordnet-base/copyright")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=Path("/usr/share/wordnet"))
    args = parser.parse_args()
    names = [f"{kind}.{pos}" for pos in POS_FILES for kind in ("data", "index")]
    names += [f"{pos}.exc" for pos in POS_FILES]
    missing = [name for name in names if not (args.source / name).is_file()]
    if missing:
        raise SystemExit(
            f"{args.source}: missing {', '.join(missing)}; apt-get install wordnet-base"
        )
    target = resource_dir() / BUNDLE
    temporary = target.with_suffix(".tmp")
    with zipfile.ZipFile(temporary, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        files = [(LICENCE_FILE, LICENCE_SOURCE)] + [(name, args.source / name) for name in names]
        for name, source in files:
            info = zipfile.ZipInfo(name, date_time=(2006, 12, 1, 0, 0, 0))  # reproducible
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, source.read_bytes(), compresslevel=9)
    WordNet.load(temporary)  # refuse to bundle what termlens cannot read
    os.replace(temporary, target)
    entry = record(
        target,
        id="wordnet",
        version="3.0",
        source_data=[f"Debian wordnet-base ({args.source})"],
        licence=LICENCE,
        built_by="scripts/build_wordnet.py",
    )
    print(f"{target}: {entry['size'] / 1e6:.1f} MB, sha256 {entry['sha256'][:12]}")


if __name__ == "__main__":
    main()
