"""The server object: open documents and their last analysis, settings, logging, the catalog;
and `create_server`, which registers every LSP method's handler (one table, below).

The handlers live in their own modules (lifecycle, diagnostics, notebooks, hover, code_actions,
commands); each takes the server as `ls` and translates between LSP and jaxerr_lsp.app.
"""

from __future__ import annotations

import asyncio
import logging
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.workspace import TextDocument

from jaxerr_lsp import __version__
from jaxerr_lsp.app.fix_loop import FindingFixes
from jaxerr_lsp.errors.catalog import Catalog
from jaxerr_lsp.core.findings import Analysis, Finding
from jaxerr_lsp.notebooks.cells import JoinedCells
from jaxerr_lsp.server.positions import PositionConverter
from jaxerr_lsp.server.protocol import JaxerrProtocol
from jaxerr_lsp.server.worker import AnalysisRunner

logger = logging.getLogger("jaxerr_lsp.server")

DEFAULT_DEBOUNCE_MS = 150.0

# LSP 3.17 notebook documents: the Python cells of any notebook (server/notebooks.py).
NOTEBOOK_SYNC = types.NotebookDocumentSyncOptions(
    notebook_selector=[types.NotebookDocumentFilterWithNotebook(
        notebook="*", cells=[types.NotebookCellLanguage(language="python")])],
    save=True)


@dataclass
class DocState:
    """An open document and its last published analysis."""

    uri: str
    task: asyncio.Task[None] | None = None  # the pending or running analysis
    analysis: Analysis | None = None
    version: int | None = None  # the document version `analysis` belongs to
    text: str = ""  # the text analyzed
    fix_cache: dict[Finding, FindingFixes] = field(default_factory=dict)  # for `text`
    imports: tuple[int, dict[str, str]] | None = None  # (version, app.api_under_cursor.import_map)

    @property
    def findings(self) -> list[Finding]:
        return self.analysis.findings if self.analysis is not None else []


@dataclass
class NotebookProgram:
    """An open notebook's code cells joined as one program (jaxerr_lsp.notebooks.cells), kept as a
    text document at the notebook's URI with the version `version` (server/notebooks.py)."""

    uri: str  # the notebook's
    cells: list[str]  # the URIs of the code cells joined, in order
    joined: JoinedCells
    version: int
    # The cells published to, each with its last list (without `data`: not sent again unchanged).
    published: dict[str, list[types.Diagnostic]] = field(default_factory=dict)

    def cell_index(self, uri: str) -> int | None:
        """The index of the code cell at `uri` among the joined cells, or None."""
        if uri in self.cells:
            return self.cells.index(uri)
        plain = [unquote(cell) for cell in self.cells]
        return plain.index(unquote(uri)) if unquote(uri) in plain else None


class JaxerrLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("jaxerr-lsp", __version__,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         notebook_document_sync=NOTEBOOK_SYNC,
                         protocol_cls=JaxerrProtocol, max_workers=4)
        self.docs: dict[str, DocState] = {}  # notebooks too, at the notebook's URI
        self.notebooks: dict[str, NotebookProgram] = {}
        # The editor's select/ignore/severity (only the keys it sets), layered over each
        # document's [tool.jaxerr] (jaxerr_lsp.app.configuration).
        self.settings: dict[str, Any] = {}
        self.debounce = DEFAULT_DEBOUNCE_MS / 1000.0
        # Diagnostics: one worker process; analyses queue rather than compete (worker.py).
        self.runner = AnalysisRunner()
        # Fixes (libcst, on demand): threads.
        self.fix_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="jaxerr-fix")
        self._logged: set[str] = set()
        self._converters: list[PositionConverter] = []
        self._catalog: Catalog | None = None
        self._catalog_failed = False

    # ---- logging -------------------------------------------------------------------------

    def log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        try:
            self.window_log_message(types.LogMessageParams(type=kind, message=message))
        except Exception:  # noqa: BLE001 - the transport may be gone
            logger.exception("cannot send window/logMessage")

    def log_once(self, message: str, kind: types.MessageType = types.MessageType.Warning) -> None:
        if message not in self._logged:
            self._logged.add(message)
            self.log(message, kind)

    def log_exception(self, what: str) -> None:
        text = f"jaxerr-lsp: error in {what}:\n{traceback.format_exc()}"
        logger.error(text)
        self.log(text, types.MessageType.Error)

    def trace(self, message: str) -> None:
        if self.protocol.trace not in (None, types.TraceValue.Off):
            try:
                self.log_trace(types.LogTraceParams(message=message))
            except Exception:  # noqa: BLE001
                logger.exception("cannot send $/logTrace")

    def report_server_error(self, error: Exception, source: Any) -> None:
        # Every handler error goes to the client's log (requests also get their error
        # response from pygls); the server stays up.
        detail = getattr(error, "data", None)
        text = f"jaxerr-lsp: {getattr(source, '__name__', source)}: {error}"
        if isinstance(detail, str) and detail:
            text += "\n" + detail
        logger.error(text)
        self.log(text, types.MessageType.Error)

    # ---- catalog -------------------------------------------------------------------------

    def catalog(self) -> Catalog | None:
        """The catalog, or None when it cannot be loaded (said once in the client's log)."""
        if self._catalog is None and not self._catalog_failed:
            try:
                from jaxerr_lsp.errors.catalog import load_catalog

                self._catalog = load_catalog()
            except Exception as exc:  # noqa: BLE001 - CatalogError, or a broken installation
                self._catalog_failed = True
                self.log(f"jaxerr-lsp: the catalog cannot be loaded: {exc}", types.MessageType.Error)
        return self._catalog

    # ---- documents -----------------------------------------------------------------------

    def open_document(self, uri: Any) -> TextDocument | None:
        """The open document at `uri`, or None (never reads an unknown document from disk)."""
        if not isinstance(uri, str):
            return None
        try:
            return self.workspace.text_documents.get(unquote(uri))
        except RuntimeError:  # not initialized
            return None

    def notebook_of_cell(self, uri: Any) -> NotebookProgram | None:
        """The open notebook whose code cell is at `uri`, or None."""
        if not self.notebooks or not isinstance(uri, str):
            return None
        try:
            notebook = self.workspace.get_notebook_document(cell_uri=uri)
        except RuntimeError:  # not initialized
            return None
        program = self.notebooks.get(notebook.uri) if notebook is not None else None
        return program if program is not None and program.cell_index(uri) is not None else None

    def current_state(self, uri: str) -> tuple[TextDocument | None, DocState | None]:
        """(document, state), the state only when its analysis is of the current version."""
        doc = self.open_document(uri)
        state = self.docs.get(uri)
        if doc is None or state is None or state.analysis is None or state.version != doc.version:
            return doc, None
        return doc, state

    @property
    def encoding(self) -> str:
        try:
            enc = self.workspace.position_encoding
        except RuntimeError:
            return "utf-16"
        return str(getattr(enc, "value", enc) or "utf-16")

    def converter(self, text: str) -> PositionConverter:
        """A converter for this exact text (the last few are kept: hovers and code actions on
        an unchanged document do not split its lines again)."""
        encoding = self.encoding
        for conv in self._converters:
            if conv.text is text and conv.encoding == encoding:
                return conv
        conv = PositionConverter(text, encoding)
        self._converters = [conv, *self._converters[:3]]
        return conv

    # ---- client capabilities -------------------------------------------------------------

    def text_capabilities(self) -> types.TextDocumentClientCapabilities:
        return self.client_capabilities.text_document or types.TextDocumentClientCapabilities()

    def workspace_capabilities(self) -> types.WorkspaceClientCapabilities:
        return self.client_capabilities.workspace or types.WorkspaceClientCapabilities()


def create_server() -> JaxerrLanguageServer:
    """The server with every handler registered."""
    from jaxerr_lsp.server import code_actions, commands, diagnostics, hover, lifecycle, notebooks

    server = JaxerrLanguageServer()
    handlers: list[tuple[str, Any, Any]] = [
        (types.INITIALIZE, lifecycle.initialize, None),
        (types.INITIALIZED, lifecycle.initialized, None),
        (types.SHUTDOWN, lifecycle.shutdown, None),
        (types.WORKSPACE_DID_CHANGE_CONFIGURATION, lifecycle.did_change_configuration, None),
        (types.TEXT_DOCUMENT_DID_OPEN, diagnostics.did_open, None),
        (types.TEXT_DOCUMENT_DID_CHANGE, diagnostics.did_change, None),
        (types.TEXT_DOCUMENT_DID_SAVE, diagnostics.did_save, None),
        (types.TEXT_DOCUMENT_DID_CLOSE, diagnostics.did_close, None),
        (types.NOTEBOOK_DOCUMENT_DID_OPEN, notebooks.did_open, None),
        (types.NOTEBOOK_DOCUMENT_DID_CHANGE, notebooks.did_change, None),
        (types.NOTEBOOK_DOCUMENT_DID_SAVE, notebooks.did_save, None),
        (types.NOTEBOOK_DOCUMENT_DID_CLOSE, notebooks.did_close, None),
        (types.TEXT_DOCUMENT_HOVER, hover.hover, None),
        (types.TEXT_DOCUMENT_CODE_ACTION, code_actions.code_action, code_actions.OPTIONS),
        (types.CODE_ACTION_RESOLVE, code_actions.resolve, None),
    ]
    for method, handler, options in handlers:
        server.feature(method, options)(handler)
    server.command(commands.EXPLAIN)(commands.explain)
    return server
