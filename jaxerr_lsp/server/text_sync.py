"""`textDocument/did*`: a file's check scheduled on open, on change (debounced) and on save; its
diagnostics cleared on close. Saving a pyproject.toml checks every open document again."""

from __future__ import annotations

import os

from lsprotocol import types
from pygls.uris import to_fs_path

from jaxerr_lsp.server.checking import schedule
from jaxerr_lsp.server.session import Server


def did_open(ls: Server, params: types.DidOpenTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.session.track(uri)
    schedule(ls.session, uri, 0.0)


def did_change(ls: Server, params: types.DidChangeTextDocumentParams) -> None:
    session, uri = ls.session, params.text_document.uri
    if session.open_document(uri) is None:
        return
    session.track(uri)
    schedule(session, uri, session.debounce)


def did_save(ls: Server, params: types.DidSaveTextDocumentParams) -> None:
    session, uri = ls.session, params.text_document.uri
    if os.path.basename(to_fs_path(uri) or "") == "pyproject.toml":
        # The configuration cache notices the new mtime; re-check every open document.
        for other in list(session.documents):
            schedule(session, other, 0.0, fresh=True)
    elif uri in session.documents and session.open_document(uri) is not None:
        schedule(session, uri, 0.0, fresh=True)


def did_close(ls: Server, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.session.close(uri)
    ls.session.publish(uri, None, [])
