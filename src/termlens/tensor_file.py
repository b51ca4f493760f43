"""Arrays in the safetensors layout: an 8-byte header length, a JSON header naming each array's
type, shape and byte range, then the raw bytes. No pickle; any safetensors reader opens it, and
the same arrays give the same bytes (keys sorted, no timestamps), so a rebuilt artifact can be
compared with the bundled one byte for byte."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import numpy.typing as npt

from termlens.errors import InputError

DTYPES: dict[str, type[np.generic]] = {
    "F32": np.float32,
    "F16": np.float16,
    "I8": np.int8,
    "U8": np.uint8,
}
_NAMES = {np.dtype(dtype): name for name, dtype in DTYPES.items()}


def read_tensors(path: Path) -> dict[str, npt.NDArray[np.generic]]:
    """The arrays of a file in the safetensors layout (types in :data:`DTYPES`; others left
    out), or an :class:`InputError` naming the file."""
    data = path.read_bytes()
    size = int.from_bytes(data[:8], "little")
    try:
        header = json.loads(data[8 : 8 + size])
        out = {}
        for name, meta in header.items():
            if name == "__metadata__" or meta["dtype"] not in DTYPES:
                continue
            start, end = meta["data_offsets"]
            dtype = np.dtype(DTYPES[meta["dtype"]])
            if not 0 <= start <= end <= len(data) - 8 - size:
                raise ValueError(f"{name} runs past the end of the file")
            raw = np.frombuffer(data, dtype, (end - start) // dtype.itemsize, 8 + size + start)
            out[name] = raw.reshape(meta["shape"])
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise InputError(f"{path}: not a safetensors file ({exc})") from None
    return out


def tensors_bytes(
    arrays: Mapping[str, npt.NDArray[np.generic]], metadata: Mapping[str, str] | None = None
) -> bytes:
    """The file's bytes for ``arrays`` (C order, in name order) and optional string metadata."""
    header: dict[str, object] = {"__metadata__": dict(metadata)} if metadata else {}
    chunks, offset = [], 0
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        if array.dtype not in _NAMES:
            raise ValueError(f"{name}: arrays of {array.dtype} cannot be written")
        chunk = array.tobytes()
        header[name] = {
            "dtype": _NAMES[array.dtype],
            "shape": list(array.shape),
            "data_offsets": [offset, offset + len(chunk)],
        }
        chunks.append(chunk)
        offset += len(chunk)
    text = json.dumps(header, sort_keys=True, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 8)  # the data starts on an 8-byte boundary
    return len(text).to_bytes(8, "little") + text + b"".join(chunks)
