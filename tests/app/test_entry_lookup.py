"""app.entry_lookup: an entry by id, by rule code (any case) or by pasted error text."""

from __future__ import annotations

import pytest

from jaxerr_lsp.app.entry_lookup import NoMatchingEntry, entry_for_error_text, lookup_entry
from jaxerr_lsp.errors.catalog import CatalogError, load_catalog
from jaxerr_lsp.engine.run import analyze
from tests.lsp.helpers import TRIGGER

CATALOG = load_catalog()


def test_by_id_code_and_text():
    entry = CATALOG.get("vjp-with-refs-tree-mismatch")
    assert lookup_entry(CATALOG, "vjp-with-refs-tree-mismatch") is entry
    assert lookup_entry(CATALOG, " jxe001\n") is entry
    [finding] = analyze(TRIGGER).findings
    traceback = "Traceback (most recent call last):\n  File \"t.py\", line 9\n" + finding.message
    assert lookup_entry(CATALOG, traceback) is entry
    assert entry_for_error_text(CATALOG, finding.message) is entry


@pytest.mark.parametrize("query,words", [
    ("../../etc/passwd", "invalid catalog id"),
    ("no-such-entry", "no catalog entry"),
    ("JXE999", "no catalog entry for rule"),
    ("   ", "nothing to look up"),
])
def test_errors_say_what_is_wrong(query, words):
    with pytest.raises(CatalogError, match=words):
        lookup_entry(CATALOG, query)


def test_text_that_matches_nothing():
    with pytest.raises(NoMatchingEntry, match="no catalog entry matches"):
        lookup_entry(CATALOG, "KeyError: 'foo'")
    with pytest.raises(NoMatchingEntry):
        entry_for_error_text(CATALOG, "plainword")  # pasted text is never read as an id
