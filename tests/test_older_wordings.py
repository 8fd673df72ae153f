"""Older JAX wordings of catalog messages (`[[older]]`): schema, recognition, and their record
of verification in the JAX releases they name (no JAX, no network).

scripts/verify_older_wordings.py downloads the releases and writes
tests/data/older_wordings_verified.json; here the record is checked against the catalog: every
older wording has one, verified in the first and the last release of its range, and the
recorded source lines hold every fixed part of the template.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from pathlib import Path

import pytest

from jaxerr_lsp.app.entry_lookup import entry_for_error_text
from jaxerr_lsp.errors.catalog import Catalog, CatalogError, default_catalog_dir, load_catalog, template_parts
from jaxerr_lsp.errors.older_wordings import OlderWording, parse_version, version_in_range

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "data" / "older_wordings_verified.json"


def _script():
    spec = importlib.util.spec_from_file_location(
        "verify_older_wordings", ROOT / "scripts" / "verify_older_wordings.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture(scope="module")
def record() -> dict:
    return json.loads(RECORD.read_text(encoding="utf-8"))


def _older(catalog: Catalog) -> list[tuple[str, OlderWording]]:
    return [(entry.id, wording) for entry in catalog for wording in entry.older]


def test_catalog_has_older_wordings(catalog: Catalog):
    found = _older(catalog)
    assert len(found) >= 15
    for entry_id, wording in found:
        # the first release the record's script checks is the oldest a range may name
        assert parse_version(wording.first) >= parse_version(SCRIPT.CHECKED_RELEASES[0]), entry_id
        assert parse_version(wording.last) < parse_version(catalog.get(entry_id).jax_version)
        assert wording.message not in catalog.get(entry_id).messages


def test_every_older_wording_has_its_record(catalog: Catalog, record: dict):
    recorded = {(r["entry"], r["message"]): r for r in record["wordings"]}
    ours = {(entry_id, w.message): w for entry_id, w in _older(catalog)}
    assert set(recorded) == set(ours), "run scripts/verify_older_wordings.py"
    for key, wording in ours.items():
        entry = recorded[key]
        assert entry["versions"] == wording.versions
        assert entry["binds"] == dict(wording.binds)
        assert [c["release"] for c in entry["checked"]] == sorted(
            {wording.first, wording.last}, key=parse_version)
        for release in [*entry["also_found_in"], *(c["release"] for c in entry["checked"])]:
            assert release in record["releases"] and version_in_range(release, wording)


def test_recorded_lines_hold_the_fixed_parts(catalog: Catalog, record: dict):
    ours = {(entry_id, w.message): w for entry_id, w in _older(catalog)}
    for entry in record["wordings"]:
        wording = ours[(entry["entry"], entry["message"])]
        parts = SCRIPT.literal_parts(wording.message)
        assert parts, entry["message"]
        for checked in entry["checked"]:
            lines = [line for site in checked["sites"] for line in site["text"]]
            stream = SCRIPT.recorded_stream(lines, dict(wording.binds))
            for part in parts:
                assert part in stream, (entry["entry"], checked["release"], part)
            for value in dict(wording.binds).values():  # where JAX passes the bound value
                assert any(value in line for line in lines), (entry["entry"], value)
            for site in checked["sites"]:
                assert site["file"].endswith(".py") and site["line"] >= 1


def _filled(template: str) -> str:
    """The template with a plausible value in each placeholder."""
    return "".join(value if kind == "text" else "float32[3]"
                   for kind, value in template_parts(template))


def test_older_wording_is_recognized_as_its_entry(catalog: Catalog):
    for entry_id, wording in _older(catalog):
        text = f"{wording.exception or catalog.get(entry_id).exception}: {_filled(wording.message)}"
        scored = catalog.match_scored(text)
        assert scored and scored[0].entry.id == entry_id and scored[0].full, (entry_id, text)
        assert entry_for_error_text(catalog, text).id == entry_id


def test_current_wording_still_wins(catalog: Catalog):
    """An older wording that is a prefix of today's message (grad's "Output had shape: ...")
    does not hide the current template's longer match."""
    entry = catalog.get("grad-non-scalar-output")
    scored = catalog.match_scored("TypeError: " + _filled(entry.message))
    assert scored[0].entry.id == entry.id and not scored[0].older


def test_rendering_shows_only_current_wordings(catalog: Catalog):
    from jaxerr_lsp.errors.catalog import render_markdown, render_text
    entry = catalog.get("loop-carry-mismatch")
    for text in (render_text(entry, catalog=catalog), render_markdown(entry, catalog=catalog)):
        assert "identical types" not in text and "Scanned function" not in text


# ------------------------------------------------------------------------------ schema
GOOD = '''
[[older]]
message = "'{type(self)}' object does not support item assignment."
versions = "0.4.1 - 0.4.34"
files = ["jax/_src/numpy/array_methods.py"]
'''


def _catalog_with(tmp_path: Path, older: str) -> Path:
    directory = tmp_path / "catalog"
    shutil.copytree(default_catalog_dir(), directory)
    path = directory / "array-item-assignment.toml"
    text = path.read_text(encoding="utf-8")
    text = text[:text.index("\n[[older]]")]  # this file's own older wordings go
    path.write_text(text + "\n" + older, encoding="utf-8")
    return directory


def test_schema_accepts_a_well_formed_table(tmp_path: Path):
    catalog = load_catalog(_catalog_with(tmp_path, GOOD))
    (wording,) = catalog.get("array-item-assignment").older
    assert (wording.first, wording.last, wording.versions) == ("0.4.1", "0.4.34", "0.4.1 - 0.4.34")
    assert wording.files == ("jax/_src/numpy/array_methods.py",) and wording.binds == ()


@pytest.mark.parametrize("old, new, field, words", [
    ('versions = "0.4.1 - 0.4.34"', 'versions = "0.4.34 - 0.4.1"', "older[0].versions",
     ["comes after"]),
    ('versions = "0.4.1 - 0.4.34"', 'versions = "recent"', "older[0].versions", ["first - last"]),
    ('files = ["jax/_src/numpy/array_methods.py"]', 'files = []', "older[0].files", [".py"]),
    ('files = ["jax/_src/numpy/array_methods.py"]', 'files = ["../x.py"]', "older[0].files",
     [".py"]),
    ('versions = ', 'until = "0.5"\nversions = ', "older[0].until", ["unknown field"]),
    ("'{type(self)}'", "'{kind}'", "placeholders", ["no description", "kind"]),
    ("support item assignment.", "support item assignment. {", "older[0].message",
     ["unclosed"]),
])
def test_schema_rejects(tmp_path: Path, old: str, new: str, field: str, words: list[str]):
    assert old in GOOD
    directory = _catalog_with(tmp_path, GOOD.replace(old, new))
    with pytest.raises(CatalogError) as info:
        load_catalog(directory)
    message = str(info.value)
    assert "array-item-assignment.toml" in message and f"`{field}`" in message, message
    for word in words:
        assert re.search(re.escape(word), message), message
