"""Where the open benchmark data is, for the scripts, benches and tests of a checkout.

The product never reads it: only ``scripts/``, ``bench/`` and ``tests/`` call this.
"""

from __future__ import annotations

import os
from pathlib import Path

ENV = "TERMLENS_DATA"


def data_dir() -> Path:
    """``$TERMLENS_DATA``, else ``../shared/data`` beside the repository root of this checkout."""
    configured = os.environ.get(ENV)
    if configured:
        return Path(configured)
    repository = Path(__file__).resolve().parents[3]  # src/termlens/benchmarks/data_dir.py
    return repository.parent / "shared" / "data"
