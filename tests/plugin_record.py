"""The record of scripts/verify_plugin_wordings.py (compiled raise sites in wheels this machine
does not install, such as the CUDA plugin), read and checked against the catalog's sites."""

from __future__ import annotations

import functools
import importlib.util
import json
from pathlib import Path
from types import ModuleType

from jaxerr_lsp.errors.catalog import Entry, Source

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "data" / "plugin_wordings_verified.json"


@functools.cache
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "verify_plugin_wordings", ROOT / "scripts" / "verify_plugin_wordings.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def load_record() -> dict:
    return json.loads(RECORD.read_text(encoding="utf-8"))


def check_site(entry: Entry, source: Source) -> None:
    """The site's template was found in its wheel's library at the entry's JAX version: every
    fixed part spelled by recorded literals of the library, within the script's limits."""
    template = source.message or entry.message
    found = [r for r in load_record()["sites"] if (r["entry"], r["message"]) == (entry.id, template)]
    assert len(found) == 1, f"{entry.id}: no record of {template!r}: run scripts/verify_plugin_wordings.py"
    site = found[0]
    assert (site["wheel"], site["version"], site["library"]) == (
        source.wheel, entry.jax_version, source.library), (entry.id, site)
    assert site["wheel_file"].startswith(f"{source.wheel.replace('-', '_')}-{entry.jax_version}-")
    assert site["wheel_file"].endswith(".whl") and len(site["wheel_sha256"]) == 64
    texts = script().library_texts(template)
    assert texts and [t["text"] for t in site["texts"]] == texts, (entry.id, texts)
    for text in site["texts"]:
        pieces = text["pieces"]
        assert 1 <= len(pieces) <= script().MAX_PIECES, (entry.id, text)
        assert "".join(p["text"] for p in pieces) == text["text"], (entry.id, text)
        for piece in pieces:
            assert len(piece["text"]) >= script().MIN_PIECE and piece["offset"] >= 0, (entry.id, piece)
