"""The pygls server: the transport, with the server's state (`session`, session.py); and
`create_server`, which registers every LSP method's handler (one table, below).

The handlers live in their own modules (lifecycle, text_sync, notebook_sync, hover,
code_actions, commands); each takes the server as `ls`, asks `ls.session` for the document's
snapshot, and translates between LSP and jaxerr_lsp.app.
"""

from __future__ import annotations

import logging
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from jaxerr_lsp import __version__
from jaxerr_lsp.server import code_actions, commands, hover, lifecycle, notebook_sync, text_sync
from jaxerr_lsp.server.protocol import JaxerrProtocol
from jaxerr_lsp.server.session import Session

logger = logging.getLogger("jaxerr_lsp.server")

# LSP 3.17 notebook documents: the Python cells of any notebook (server/notebook_sync.py).
NOTEBOOK_SYNC = types.NotebookDocumentSyncOptions(
    notebook_selector=[types.NotebookDocumentFilterWithNotebook(
        notebook="*", cells=[types.NotebookCellLanguage(language="python")])],
    save=True)


class JaxerrLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("jaxerr-lsp", __version__,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         notebook_document_sync=NOTEBOOK_SYNC,
                         protocol_cls=JaxerrProtocol, max_workers=4)
        self.session = Session(self)

    def report_server_error(self, error: Exception, source: Any) -> None:
        # Every handler error goes to the client's log (requests also get their error
        # response from pygls); the server stays up.
        detail = getattr(error, "data", None)
        text = f"jaxerr-lsp: {getattr(source, '__name__', source)}: {error}"
        if isinstance(detail, str) and detail:
            text += "\n" + detail
        logger.error(text)
        self.session.log(text, types.MessageType.Error)


def create_server() -> JaxerrLanguageServer:
    """The server with every handler registered."""
    server = JaxerrLanguageServer()
    handlers: list[tuple[str, Any, Any]] = [
        (types.INITIALIZE, lifecycle.initialize, None),
        (types.INITIALIZED, lifecycle.initialized, None),
        (types.SHUTDOWN, lifecycle.shutdown, None),
        (types.WORKSPACE_DID_CHANGE_CONFIGURATION, lifecycle.did_change_configuration, None),
        (types.TEXT_DOCUMENT_DID_OPEN, text_sync.did_open, None),
        (types.TEXT_DOCUMENT_DID_CHANGE, text_sync.did_change, None),
        (types.TEXT_DOCUMENT_DID_SAVE, text_sync.did_save, None),
        (types.TEXT_DOCUMENT_DID_CLOSE, text_sync.did_close, None),
        (types.NOTEBOOK_DOCUMENT_DID_OPEN, notebook_sync.did_open, None),
        (types.NOTEBOOK_DOCUMENT_DID_CHANGE, notebook_sync.did_change, None),
        (types.NOTEBOOK_DOCUMENT_DID_SAVE, notebook_sync.did_save, None),
        (types.NOTEBOOK_DOCUMENT_DID_CLOSE, notebook_sync.did_close, None),
        (types.TEXT_DOCUMENT_HOVER, hover.hover, None),
        (types.TEXT_DOCUMENT_CODE_ACTION, code_actions.code_action, code_actions.OPTIONS),
        (types.CODE_ACTION_RESOLVE, code_actions.resolve, None),
    ]
    for method, handler, options in handlers:
        server.feature(method, options)(handler)
    server.command(commands.EXPLAIN)(commands.explain)
    return server
