"""Raise sites compiled into wheels the installed JAX does not ship (`wheel = ...`: the CUDA
plugin's XLA), checked through the record scripts/verify_plugin_wordings.py writes after
finding their text in the downloaded wheel (no JAX, no network here)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jaxerr_lsp.app.entry_lookup import entry_for_error_text
from jaxerr_lsp.errors.catalog import CatalogError, default_catalog_dir, load_catalog
from tests.plugin_record import check_site, load_record, script

CATALOG = load_catalog()
SITES = script().wheel_sites(CATALOG)


def test_catalog_has_plugin_sites():
    assert {entry.id for entry, _ in SITES} >= {"device-out-of-memory"}


@pytest.mark.parametrize("index", range(len(SITES)))
def test_plugin_site_is_recorded(index: int):
    entry, source = SITES[index]
    check_site(entry, source)


def test_record_has_no_other_site():
    ours = {(entry.id, source.message or entry.message) for entry, source in SITES}
    recorded = [(r["entry"], r["message"]) for r in load_record()["sites"]]
    assert sorted(recorded) == sorted(ours), "run scripts/verify_plugin_wordings.py"


def test_gpu_out_of_memory_is_recognized():
    text = ("jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while "
            "trying to allocate 7406166528 bytes.")
    assert entry_for_error_text(CATALOG, text).id == "device-out-of-memory"


# ------------------------------------------------------------------------------ the script
LIBRARY = (b"\x7fELF\0xla/other\0Out of \0host \0memory while trying to allocate \0"
           b"RESOURCE_EXHAUSTED\0the end requested by op \0 bytes.\0")


def test_library_texts_split_the_status_code():
    texts = script().library_texts("RESOURCE_EXHAUSTED: Out of memory allocating {n} bytes.")
    assert texts == ["RESOURCE_EXHAUSTED", "Out of memory allocating ", " bytes."]
    assert script().library_texts("Invalid {x}: {y}.") == ["Invalid "]  # "." and ": " prove nothing


def test_spell_finds_consecutive_literals():
    pieces = script().spell(LIBRARY, "Out of host memory while trying to allocate ")
    assert [(p["text"], p["whole"]) for p in pieces] == [
        ("Out of ", True), ("host ", True), ("memory while trying to allocate ", True)]
    assert all(LIBRARY[p["offset"]:].startswith(p["text"].encode()) for p in pieces)


def test_spell_finds_a_literal_stored_as_the_tail_of_another():
    (piece,) = script().spell(LIBRARY, "requested by op ")
    assert piece["text"] == "requested by op " and not piece["whole"]


def test_spell_refuses_what_the_library_does_not_spell():
    assert script().spell(LIBRARY, "Out of disk space while trying to allocate ") is None
    assert script().spell(LIBRARY, "Out of memory") is None  # a literal is not cut at its end
    # Pieces shorter than MIN_PIECE never count, however the text could be cut.
    assert script().spell(b"\0ab\0cd\0ef\0", "abcdef") is None


# ------------------------------------------------------------------------------ schema
def _catalog_with(tmp_path: Path, old: str, new: str) -> Path:
    directory = tmp_path / "catalog"
    shutil.copytree(default_catalog_dir(), directory)
    path = directory / "device-out-of-memory.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return directory


@pytest.mark.parametrize("old, new", [
    ('library = "jax_plugins/xla_cuda12/xla_cuda_plugin.so"\n', ""),
    ('wheel = "jax-cuda12-pjrt"', 'wheel = "../jax-cuda12-pjrt"'),
])
def test_schema_rejects_a_wheel_without_library_or_name(tmp_path: Path, old: str, new: str):
    with pytest.raises(CatalogError) as info:
        load_catalog(_catalog_with(tmp_path, old, new))
    assert "device-out-of-memory.toml" in str(info.value) and "`source[" in str(info.value)
    assert ".wheel`" in str(info.value), str(info.value)


def test_entry_page_names_the_wheel():
    from jaxerr_lsp.docs_site.pages import entry_page
    page = entry_page(CATALOG, CATALOG.get("device-out-of-memory"))
    assert ("| `xla/stream_executor/integrations/tf_allocator_adapter.cc` (compiled into "
            "`jax_plugins/xla_cuda12/xla_cuda_plugin.so` of the `jax-cuda12-pjrt` wheel) |") in page
