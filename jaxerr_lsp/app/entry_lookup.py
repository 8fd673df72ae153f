"""A catalog entry from what a user has at hand: its id, a rule code, or a pasted JAX error.

Used by `jaxerr explain`, the server's `jaxerr.explain` command, and hover.
"""

from __future__ import annotations

from jaxerr_lsp.errors.catalog import Catalog, CatalogError, Entry, decisive

__all__ = ["NoMatchingEntry", "lookup_entry", "entry_for_error_text"]


class NoMatchingEntry(CatalogError):
    """Error text (a message or a traceback) that no catalog entry's template matches."""


def lookup_entry(catalog: Catalog, query: str) -> Entry:
    """The entry `query` names: a rule code in any case ("jxe001"), an entry id, or, when the
    query holds white space, the text of a JAX error or a whole traceback.

    Raises CatalogError saying what is wrong (an invalid or unknown id, an unknown rule code)
    or NoMatchingEntry. An id is validated before anything is looked up: never a path."""
    text = query.strip()
    if not text:
        raise CatalogError("nothing to look up: give a catalog id, a rule code (JXE001) or the "
                           "text of a JAX error")
    if any(ch.isspace() for ch in text):
        return entry_for_error_text(catalog, query)
    return catalog.lookup(text)


def entry_for_error_text(catalog: Catalog, text: str) -> Entry:
    """The entry whose message template best matches pasted error text (see `Catalog.match`).

    Never a guess: when the best two matches are of different entries and rank the same (a
    message cut where two entries' templates still agree), no entry is named."""
    matches = catalog.match_scored(text)
    if not matches:
        raise NoMatchingEntry("no catalog entry matches this error text")
    best = decisive(matches)
    if best is None:
        raise NoMatchingEntry(
            "this error text matches several catalog entries equally "
            f"({matches[0].entry.id}, {matches[1].entry.id}); paste more of the message")
    return best.entry
