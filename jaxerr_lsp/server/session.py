"""The server's state, in one object: `Session`.

It holds the open documents (`documents`: each file's and each notebook's `DocState`, by the URI
of what is analysed), the open notebooks (`notebooks`: their code cells joined), the editor's
settings, the analysis worker and the fix threads, the catalog, the client's capabilities and
log. `snapshot(uri)` is what every request starts from: the document at its current version,
with the program it is analysed as (snapshot.py), whether the URI is a file, a notebook cell or
the notebook; `analysed(program)` runs a program's analysis, once per version.

The handlers are given the pygls server as `ls` (pygls passes it to a first parameter of that
name); they use its `session` only.
"""

from __future__ import annotations

import asyncio
import logging
import os
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import unquote

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

from jaxerr_lsp.errors.catalog import Catalog
from jaxerr_lsp.notebooks.cells import JoinedCells
from jaxerr_lsp.server.snapshot import DocumentSnapshot, Program, program_snapshot
from jaxerr_lsp.server.worker import AnalysisRunner, Job

logger = logging.getLogger("jaxerr_lsp.server")

DEFAULT_DEBOUNCE_MS = 150.0


class Server(Protocol):
    """What a handler is given as `ls`: the pygls server (language_server.py), with the session."""

    @property
    def session(self) -> Session: ...


@dataclass
class DocState:
    """An open file or notebook (the notebook's program, at the notebook's URI)."""

    uri: str
    task: asyncio.Task[None] | None = None  # the pending or running check (checking.py)
    program: Program | None = None  # the program of its latest version
    # A notebook: the cells published to, each with its last list (without `data`: a list
    # the same as last time is not sent again).
    published: dict[str, list[types.Diagnostic]] = field(default_factory=dict)
    # ... and what each cell's findings said, in its terms, when its list was last looked at
    # (checking.publish: an unchanged list is not looked at again), and the diagnostics of
    # those findings (without `data`).
    published_keys: dict[str, list[object]] = field(default_factory=dict)
    converted: dict[object, types.Diagnostic] = field(default_factory=dict)
    # What its last analysis said its traced code does with functions it imports: when that
    # changes, the other open modules of its project are checked again.
    outgoing: list[Any] = field(default_factory=list)


@dataclass
class Notebook:
    """An open notebook's code cells joined as one program (jaxerr_lsp.notebooks.cells), at the
    version `version` (1, 2, ...: one more each time the code changes)."""

    uri: str
    cells: list[str]  # the URIs of the code cells joined, in order
    joined: JoinedCells
    version: int
    index: dict[str, int] = field(default_factory=dict)  # a code cell's URI -> its index in `cells`


def document_path(uri: str) -> str | None:
    return to_fs_path(uri) if uri.startswith("file:") else None


class Session:
    def __init__(self, server: LanguageServer) -> None:
        self.server = server  # the transport: the client's messages, its capabilities
        self.documents: dict[str, DocState] = {}  # notebooks too, at the notebook's URI
        self.notebooks: dict[str, Notebook] = {}
        # The editor's select/ignore/severity/docs-url (only the keys it sets), layered over
        # each document's [tool.jaxerr] (jaxerr_lsp.app.configuration).
        self.settings: dict[str, Any] = {}
        self.debounce = DEFAULT_DEBOUNCE_MS / 1000.0
        # Diagnostics: one worker process; analyses queue rather than compete (worker.py).
        self.runner = AnalysisRunner()
        # Fixes (libcst, on demand): threads.
        self.fix_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="jaxerr-fix")
        self._logged: set[str] = set()
        self._catalog: Catalog | None = None
        self._catalog_failed = False

    # ---- logging -------------------------------------------------------------------------

    def log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        try:
            self.server.window_log_message(types.LogMessageParams(type=kind, message=message))
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
        if self.server.protocol.trace not in (None, types.TraceValue.Off):
            try:
                self.server.log_trace(types.LogTraceParams(message=message))
            except Exception:  # noqa: BLE001
                logger.exception("cannot send $/logTrace")

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

    # ---- the client ------------------------------------------------------------------------

    def open_document(self, uri: Any) -> TextDocument | None:
        """The open text document at `uri`, or None (never reads an unknown document from disk)."""
        if not isinstance(uri, str):
            return None
        try:
            return self.server.workspace.text_documents.get(unquote(uri))
        except RuntimeError:  # not initialized
            return None

    @property
    def encoding(self) -> str:
        try:
            enc = self.server.workspace.position_encoding
        except RuntimeError:
            return "utf-16"
        return str(getattr(enc, "value", enc) or "utf-16")

    def text_capabilities(self) -> types.TextDocumentClientCapabilities:
        return self.server.client_capabilities.text_document or types.TextDocumentClientCapabilities()

    def workspace_capabilities(self) -> types.WorkspaceClientCapabilities:
        return self.server.client_capabilities.workspace or types.WorkspaceClientCapabilities()

    def publish(self, uri: str, version: int | None, diagnostics: list[types.Diagnostic]) -> None:
        self.server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=version, diagnostics=diagnostics))

    # ---- documents -------------------------------------------------------------------------

    def track(self, uri: str) -> DocState:
        """The state of the open file or notebook at `uri` (made when it opens)."""
        return self.documents.setdefault(uri, DocState(uri))

    def close(self, uri: str) -> DocState | None:
        """Forget the file or notebook at `uri`: its check stops."""
        state = self.documents.pop(uri, None)
        if state is not None:
            if state.task is not None:
                state.task.cancel()
            if state.program is not None:
                state.program.discard()
        return state

    def notebook_of_cell(self, uri: Any) -> Notebook | None:
        """The open notebook whose code cell is at `uri`, or None."""
        if not self.notebooks or not isinstance(uri, str):
            return None
        try:
            document = self.server.workspace.get_notebook_document(cell_uri=uri)
        except RuntimeError:  # not initialized
            return None
        notebook = self.notebooks.get(document.uri) if document is not None else None
        if notebook is None or (uri not in notebook.cells and unquote(uri) not in map(unquote, notebook.cells)):
            return None
        return notebook

    def program(self, uri: str) -> Program | None:
        """The program at `uri` (an open file's text, or an open notebook's code cells joined)
        at its current version: one per version, kept in its DocState."""
        state = self.documents.get(uri)
        last = state.program if state is not None else None
        notebook = self.notebooks.get(uri)
        if notebook is not None:
            if last is not None and last.version == notebook.version:
                return last
            program = Program(uri, notebook.version, notebook.joined.source, document_path(uri),
                              self.encoding, notebook.joined, notebook.cells, self._version_of)
        else:
            doc = self.open_document(uri)
            if doc is None:
                return None
            if last is not None and last.version == doc.version and last.source == doc.source:
                return last
            program = Program(uri, doc.version, doc.source, document_path(uri), self.encoding)
        if state is not None:  # else a document no check follows: its program is not kept
            if last is not None:
                last.discard()
            state.program = program
        return program

    def snapshot(self, uri: Any) -> DocumentSnapshot | None:
        """The document at `uri` now (a file, a notebook cell, or the notebook), with the
        program it is analysed as; None when it is not open."""
        if not isinstance(uri, str):
            return None
        if uri in self.notebooks:
            program = self.program(uri)
            return program_snapshot(program) if program is not None else None
        notebook = self.notebook_of_cell(uri)
        if notebook is not None:
            program = self.program(notebook.uri)
            cell = program.cell_index(uri) if program is not None else None
            if program is not None and cell is not None:
                doc = self.open_document(uri)
                return DocumentSnapshot(uri, doc.version if doc is not None else None,
                                        doc.source if doc is not None else notebook.joined.cells[cell],
                                        (doc.language_id if doc is not None else None) or "python",
                                        program, cell)
        doc = self.open_document(uri)
        program = self.program(uri) if doc is not None else None
        if doc is None or program is None:
            return None
        return DocumentSnapshot(uri, doc.version, doc.source, doc.language_id or "python", program)

    def _version_of(self, uri: str) -> int | None:
        document = self.open_document(uri)
        return document.version if document is not None else None

    # ---- analysis ----------------------------------------------------------------------------

    async def analysed(self, program: Program, fresh: bool = False) -> Job:
        """The program's analysis: the one done, else the one running, else one started now in
        the worker. `fresh`: a new one even so (the settings, or a pyproject.toml, changed).
        Raises what the worker raises (BrokenProcessPool: it stopped)."""
        while True:
            if program.job is not None and not fresh:
                return program.job
            if fresh or program.pending is None:
                if program.pending is not None:
                    program.pending.cancel()
                program.pending = asyncio.ensure_future(self._analyse(program))
                program.pending.add_done_callback(_retrieve)
                fresh = False
            pending = program.pending
            try:
                return await asyncio.shield(pending)
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise
                # The analysis was stopped (a newer version, new settings), not this request.
                if program.pending is pending:
                    program.pending = None
            except Exception:
                if program.pending is pending:
                    program.pending = None  # the next request tries again
                raise

    def open_modules(self, but: str | None = None) -> dict[str, str]:
        """The open `.py` files' texts (unsaved edits included), by absolute path; `but`: the
        one left out (the document being checked)."""
        texts: dict[str, str] = {}
        for uri, state in self.documents.items():
            program = state.program
            if program is None or program.is_notebook or program.path is None \
                    or not program.path.endswith(".py") or uri == but:
                continue
            texts[os.path.abspath(program.path)] = program.source
        return texts

    async def _analyse(self, program: Program) -> Job:
        job = await asyncio.wrap_future(self.runner.submit(
            program.source, program.path, self.settings, self.open_modules(but=program.uri)))
        self.runner.succeeded()
        for message, kind in job.notes:
            self.log_once(message, types.MessageType(kind))
        program.job = job
        return job


def _retrieve(future: asyncio.Future[Job]) -> None:
    """An analysis whose requests all went away: its error is not left unretrieved."""
    if not future.cancelled():
        future.exception()
