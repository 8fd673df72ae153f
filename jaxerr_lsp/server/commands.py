"""`workspace/executeCommand` `jaxerr.explain`: one argument, a catalog entry id, a rule code or
pasted JAX error text; the answer is the entry as Markdown."""

from __future__ import annotations

from typing import Any

from pygls.exceptions import JsonRpcInternalError, JsonRpcInvalidParams

from jaxerr_lsp.app.entry_lookup import lookup_entry
from jaxerr_lsp.errors.catalog import CatalogError, render_markdown
from jaxerr_lsp.server.session import Server

EXPLAIN = "jaxerr.explain"


def explain(ls: Server, *args: Any) -> str:
    if len(args) != 1 or not isinstance(args[0], str) or not args[0].strip():
        raise JsonRpcInvalidParams(message=f"{EXPLAIN} takes one argument: a catalog entry id, a "
                                           "rule code (JXE001) or the text of a JAX error")
    catalog = ls.session.catalog()
    if catalog is None:
        raise JsonRpcInternalError(message="the jaxerr catalog is not available")
    try:
        return render_markdown(lookup_entry(catalog, args[0]))
    except CatalogError as exc:
        raise JsonRpcInvalidParams(message=f"{EXPLAIN}: {exc}") from None
