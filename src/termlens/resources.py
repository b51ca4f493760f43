"""Where the bundled models live, and their manifest (version, size, sha256, source, licence,
and what each was built on).

The directory is ``termlens/data`` inside the installed package; set ``TERMLENS_RESOURCES`` to
use another one (for instance a freshly trained model).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import platform
from pathlib import Path
from typing import NotRequired, TypedDict

from termlens.errors import TermlensError

MANIFEST = "MANIFEST.json"


class ResourceEntry(TypedDict):
    id: str
    file: str
    version: str
    size: int
    sha256: str
    termlens_version: str
    source_data: list[str]
    licence: str
    built_by: str
    built_on: NotRequired[str]  # entries written before the fiftieth session lack it


def resource_dir() -> Path:
    """The directory of bundled resources."""
    override = os.environ.get("TERMLENS_RESOURCES")
    return Path(override) if override else Path(__file__).resolve().parent / "data"


def resource_path(name: str) -> Path:
    """The path of a bundled resource, or an error saying how to get it back."""
    path = resource_dir() / name
    if not path.is_file():
        raise TermlensError(
            f"resource {name!r} not found in {path.parent}; reinstall termlens or unset "
            "TERMLENS_RESOURCES"
        )
    return path


def sha256(path: Path) -> str:
    """The sha256 of a file, hex."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def manifest(directory: Path | None = None) -> dict[str, ResourceEntry]:
    """The manifest entries of a resource directory, by file name."""
    path = (directory or resource_dir()) / MANIFEST
    if not path.is_file():
        return {}
    entries: list[ResourceEntry] = json.loads(path.read_text(encoding="utf-8"))
    return {entry["file"]: entry for entry in entries}


def record(
    path: Path, id: str, version: str, source_data: list[str], licence: str, built_by: str
) -> ResourceEntry:
    """Write (or replace) the manifest entry of a freshly built resource file beside it."""
    from termlens import __version__

    entry: ResourceEntry = {
        "id": id,
        "file": path.name,
        "version": version,
        "size": path.stat().st_size,
        "sha256": sha256(path),
        "termlens_version": __version__,
        "source_data": source_data,
        "licence": licence,
        "built_by": built_by,
        "built_on": build_environment(),
    }
    entries = [e for e in manifest(path.parent).values() if e["file"] != path.name]
    entries = sorted([*entries, entry], key=lambda e: e["file"])
    manifest_file = path.parent / MANIFEST
    temporary = manifest_file.with_suffix(".tmp")
    temporary.write_text(json.dumps(entries, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, manifest_file)
    return entry


def build_environment() -> str:
    """What fitted floats can depend on besides the data: Python, numpy and the BLAS it calls,
    the processor (whose instructions the BLAS picks its kernels by). Two builds on different
    ones can sum in another order, and an optimiser carries that into the weights' digits."""
    # imported by name: mypyc, compiling the rules that import this module, checks every
    # static import, and pip's isolated build environment has no numpy
    numpy = importlib.import_module("numpy")
    try:
        config = numpy.show_config(mode="dicts")
        blas = config["Build Dependencies"]["blas"]
        simd = config["SIMD Extensions"]["found"]
        numpy_with = f"numpy {numpy.__version__} ({blas['name']} {blas['version']})"
        extensions = f", {simd[-1]}" if simd else ""
    except (TypeError, KeyError):  # numpy before 1.26 has no dicts to give
        numpy_with, extensions = f"numpy {numpy.__version__}", ""
    return (
        f"Python {platform.python_version()}, {numpy_with}, "
        f"{platform.machine()} {_processor()}{extensions}"
    )


def _processor() -> str:
    """The processor's model name (Linux), else what :mod:`platform` says."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or "unknown processor"
