"""What JAX printed when the tests ran each entry's `before` example, stored with the catalog.

`catalog/_outputs/<entry id>.txt` holds the last line Python prints for the uncaught exception,
`ExceptionType: message` (the message may span lines), exactly as one run printed it. It is
written and checked by tests/test_catalog_jax.py (`JAXERR_UPDATE_OUTPUTS=1` rewrites it), never
typed. Parts that differ from run to run (object addresses, and the `id()` numbers JAX's
tracer leak checker prints: `<list 139907450416512>`) are compared as equal.
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["OUTPUTS_DIR", "output_path", "printed", "read_output", "same_output"]

OUTPUTS_DIR = "_outputs"
_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{6,}\b")
_OBJECT_ID = re.compile(r"(<[A-Za-z_][\w.]* )[0-9]{6,}>")


def output_path(catalog_dir: Path, entry_id: str) -> Path:
    return Path(catalog_dir) / OUTPUTS_DIR / f"{entry_id}.txt"


def printed(exception_type: str, message: str) -> str:
    """The text Python prints last for an uncaught exception (`ValueError: message`)."""
    return f"{exception_type}: {message}".rstrip() + "\n"


def read_output(catalog_dir: Path, entry_id: str) -> str | None:
    """The stored output of the entry's `before`, or None when there is none yet."""
    path = output_path(catalog_dir, entry_id)
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _stable(text: str) -> str:
    # (object addresses, and spaces at the ends of lines: XLA's location trace ends its
    # header with one in some runs)
    text = _OBJECT_ID.sub(r"\1…>", _ADDRESS.sub("0x…", text))
    return "\n".join(line.rstrip() for line in text.split("\n"))


def same_output(stored: str, fresh: str) -> bool:
    """The two texts say the same, object addresses aside."""
    return _stable(stored) == _stable(fresh)
