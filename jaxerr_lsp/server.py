"""The jaxerr language server (pygls). Thin: it translates between LSP and the engine.

- diagnostics: pushed on open / change (debounced) / save, cleared on close, each with the
  document version; the analysis runs in a worker process (lsp_worker); a result for a stale
  version is never published;
- hover: the catalog entry of a diagnostic, the JAX API under the cursor (resolved through the
  file's imports, lsp_hover), an inferred pytree structure;
- code actions: one quick fix per fix (edits computed in codeAction/resolve, or at once for a
  client without resolve support), "ignore this line", and `source.fixAll.jaxerr`;
- `workspace/executeCommand` `jaxerr.explain` (an entry id, a rule code or pasted error text);
- position encodings: UTF-16 whenever offered, else UTF-32 or UTF-8 (lsp_positions).

Settings (initializationOptions, `workspace/didChangeConfiguration`, or pulled with
`workspace/configuration` section "jaxerr" when the client sends none), as `{"jaxerr": {...}}` or
flat: `select` (replaces `[tool.jaxerr] select`), `ignore` (adds to the project's), `severity`
(replaces), `debounce` (milliseconds after a change, default 150). The project's `[tool.jaxerr]`
comes from the nearest pyproject.toml of each document.

With `trace` (initialize or `$/setTrace`) other than "off", each analysis is reported with
`$/logTrace`: engine time, worker round trip, publish time.
"""
from __future__ import annotations

import asyncio
import logging
import os
import re
import time
import traceback
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInternalError, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method
from pygls.uris import from_fs_path, to_fs_path

from jaxerr_lsp import __version__
from jaxerr_lsp.config import Config, ConfigError
from jaxerr_lsp.findings import Analysis, Finding, Span
from jaxerr_lsp.lsp_hover import api_at, import_map
from jaxerr_lsp.lsp_positions import PositionConverter, choose_encoding
from jaxerr_lsp.lsp_worker import AnalysisRunner, layered, safe_sys_path

logger = logging.getLogger("jaxerr_lsp.server")

SOURCE = "jaxerr"
COMMAND_EXPLAIN = "jaxerr.explain"
FIX_ALL_KIND = "source.fixAll.jaxerr"
DEFAULT_DEBOUNCE_MS = 150.0
SETTING_KEYS = ("select", "ignore", "severity", "debounce")

_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}


# --------------------------------------------------------------------------------------------
# Protocol: position encoding negotiation and malformed requests
# --------------------------------------------------------------------------------------------


@dataclass
class _MalformedRequest:
    """A request whose params could not be read: answered with InvalidParams."""

    id: Any
    method: str
    jsonrpc: str
    params: Any
    reason: str


class JaxerrProtocol(LanguageServerProtocol):
    @lsp_method(types.INITIALIZE)
    def lsp_initialize(self, params: types.InitializeParams):
        # pygls takes the client's first supported encoding; we prefer UTF-16 whenever it is
        # offered (see lsp_positions.choose_encoding) and tell pygls by putting it first.
        general = params.capabilities.general
        offered = general.position_encodings if general is not None else None
        chosen = choose_encoding(offered)
        if general is not None and offered:
            rest = [e for e in offered if str(getattr(e, "value", e)) != chosen]
            general.position_encodings = [types.PositionEncodingKind(chosen), *rest]
        result = yield from super().lsp_initialize(params)
        return result

    def _execute_handler(self, msg_id, handler, callback, args=None, kwargs=None):
        # pygls keeps the future of every coroutine and generator handler in
        # `_request_futures`, but only a request's answer removes it: each notification
        # (didChange...) would leave one behind for good. Forget it once it is done.
        super()._execute_handler(msg_id, handler, callback, args, kwargs)
        future = self._request_futures.get(msg_id)
        if future is not None:
            future.add_done_callback(lambda done, key=msg_id: self._forget_future(key, done))

    def _forget_future(self, msg_id, future) -> None:
        if self._request_futures.get(msg_id) is future:
            del self._request_futures[msg_id]

    def structure_message(self, data: dict[str, Any]):
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            msg_id = data.get("id")
            method = data.get("method")
            if isinstance(msg_id, (int, str)) and isinstance(method, str) and "error" not in data:
                reason = str(exc.__cause__ or exc) or type(exc).__name__
                return _MalformedRequest(msg_id, method, "2.0", None, reason)
            raise

    def handle_message(self, message):
        if isinstance(message, _MalformedRequest):
            first_line = message.reason.strip().splitlines()[0] if message.reason.strip() else ""
            text = f"Invalid params for {message.method}: {first_line}"
            server = self._server
            if isinstance(server, JaxerrLanguageServer):
                server.log(text, types.MessageType.Warning)
            self._send_response(message.id, error=types.ResponseError(
                code=JsonRpcInvalidParams.CODE, message=text))
            return None
        return super().handle_message(message)


# --------------------------------------------------------------------------------------------
# Per-document state
# --------------------------------------------------------------------------------------------


@dataclass
class DocState:
    uri: str
    task: asyncio.Task | None = None
    analysis: Analysis | None = None
    version: int | None = None  # the document version `analysis` and `findings` belong to
    text: str | None = None  # the text analyzed
    findings: list[Finding] = field(default_factory=list)  # after config, as published
    fix_cache: dict[int, list[Any]] = field(default_factory=dict)
    imports: tuple[int | None, dict[str, str]] | None = None
    analyses: int = 0  # how many analyses ran for this document (for tests/trace)


# --------------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------------


class JaxerrLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "jaxerr-lsp",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=JaxerrProtocol,
            max_workers=4,
        )
        self.docs: dict[str, DocState] = {}
        self.settings: dict[str, Any] = {}
        self.debounce = DEFAULT_DEBOUNCE_MS / 1000.0
        # Diagnostics: one worker process; analyses queue rather than compete, and a queued job
        # for a stale version is cancelled before it starts (see lsp_worker).
        self.runner = AnalysisRunner()
        # Fixes (libcst, on demand): threads.
        self.fix_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="jaxerr-fix")
        self._logged: set[str] = set()
        self._converters: list[PositionConverter] = []
        self._catalog_obj: Any = None
        self._catalog_failed = False
        self._register()

    # ---- logging -----------------------------------------------------------------------------

    def log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        try:
            self.window_log_message(types.LogMessageParams(type=kind, message=message))
        except Exception:  # the transport may be gone
            logger.exception("cannot send window/logMessage")

    def log_once(self, message: str, kind: types.MessageType = types.MessageType.Warning) -> None:
        if message not in self._logged:
            self._logged.add(message)
            self.log(message, kind)

    def trace(self, message: str) -> None:
        if self.protocol.trace not in (None, types.TraceValue.Off):
            try:
                self.log_trace(types.LogTraceParams(message=message))
            except Exception:
                logger.exception("cannot send $/logTrace")

    def report_server_error(self, error: Exception, source) -> None:
        # Every handler error goes to the client's log (requests also get their error
        # response from pygls); the server stays up.
        detail = getattr(error, "data", None)
        text = f"jaxerr-lsp: {getattr(source, '__name__', source)}: {error}"
        if isinstance(detail, str) and detail:
            text += "\n" + detail
        logger.error(text)
        self.log(text, types.MessageType.Error)

    # ---- catalog -----------------------------------------------------------------------------

    def catalog(self):
        if self._catalog_obj is None and not self._catalog_failed:
            try:
                from jaxerr_lsp.catalog import load_catalog
                self._catalog_obj = load_catalog()
            except Exception as exc:  # ImportError while the module is missing, CatalogError
                self._catalog_failed = True
                self.log(f"jaxerr-lsp: the catalog cannot be loaded: {exc}", types.MessageType.Error)
        return self._catalog_obj

    def catalog_entry(self, catalog_id: str):
        catalog = self.catalog()
        if catalog is None:
            return None
        try:
            return catalog.get(catalog_id)
        except Exception:
            return None

    # ---- registration ------------------------------------------------------------------------

    def _register(self) -> None:
        f = self.feature
        f(types.INITIALIZE)(_plain(self.on_initialize))
        f(types.INITIALIZED)(_plain(self.on_initialized))
        f(types.TEXT_DOCUMENT_DID_OPEN)(_plain(self.on_did_open))
        f(types.TEXT_DOCUMENT_DID_CHANGE)(_plain(self.on_did_change))
        f(types.TEXT_DOCUMENT_DID_SAVE)(_plain(self.on_did_save))
        f(types.TEXT_DOCUMENT_DID_CLOSE)(_plain(self.on_did_close))
        f(types.WORKSPACE_DID_CHANGE_CONFIGURATION)(_plain(self.on_did_change_configuration))
        f(types.TEXT_DOCUMENT_HOVER)(_plain(self.on_hover))
        f(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND],
            resolve_provider=True,
        ))(_plain(self.on_code_action))
        f(types.CODE_ACTION_RESOLVE)(_plain(self.on_code_action_resolve))
        f(types.SHUTDOWN)(_plain(self.on_shutdown))
        self.command(COMMAND_EXPLAIN)(_plain(self.cmd_explain))

    # ---- lifecycle / configuration -------------------------------------------------------

    def on_initialize(self, params: types.InitializeParams) -> None:
        if params.trace is not None:
            self.protocol.trace = params.trace
        options = _extract_settings(params.initialization_options)
        if options is not None:
            self._apply_settings(options)
        self.runner.start()

    async def on_initialized(self, params: types.InitializedParams) -> None:
        before = (dict(self.settings), self.debounce)
        await self._pull_configuration()
        if (self.settings, self.debounce) != before:
            # Documents opened while the client was answering were checked with the old ones.
            for uri in list(self.docs):
                self.schedule(uri, 0.0)

    def on_shutdown(self, params: Any = None) -> None:
        for state in self.docs.values():
            if state.task is not None:
                state.task.cancel()
        self.runner.shutdown()
        self.fix_pool.shutdown(wait=False, cancel_futures=True)

    async def on_did_change_configuration(self, params: types.DidChangeConfigurationParams) -> None:
        settings = _extract_settings(params.settings)
        if settings is not None:
            self._apply_settings(settings)
        else:
            await self._pull_configuration()
        for uri in list(self.docs):
            self.schedule(uri, 0.0)

    def _client_supports_configuration(self) -> bool:
        ws = self.client_capabilities.workspace
        return bool(ws is not None and ws.configuration)

    async def _pull_configuration(self) -> None:
        if not self._client_supports_configuration():
            return
        try:
            result = await asyncio.wait_for(self.workspace_configuration_async(
                types.ConfigurationParams(items=[types.ConfigurationItem(section="jaxerr")])), 5)
        except Exception as exc:
            self.log(f"jaxerr-lsp: workspace/configuration failed: {exc}", types.MessageType.Warning)
            return
        if result and isinstance(result[0], dict) and result[0]:
            settings = _extract_settings(result[0]) or result[0]
            self._apply_settings(settings)

    def _apply_settings(self, settings: dict[str, Any]) -> None:
        debounce = settings.get("debounce")
        if debounce is not None:
            if isinstance(debounce, (int, float)) and not isinstance(debounce, bool) and 0 <= debounce <= 60000:
                self.debounce = float(debounce) / 1000.0
            else:
                self.log(f"jaxerr-lsp: settings: `debounce` must be a number of milliseconds "
                         f"between 0 and 60000, not {debounce!r}", types.MessageType.Warning)
        overrides = {k: settings.get(k) for k in ("select", "ignore", "severity")}
        try:
            layered(Config(), overrides)  # validates
        except ConfigError as exc:
            self.log(f"jaxerr-lsp: {exc}; these settings are ignored", types.MessageType.Warning)
            return
        self.settings = {k: v for k, v in overrides.items() if v is not None}

    # ---- documents -------------------------------------------------------------------------

    def open_document(self, uri: str):
        """The open document at `uri`, or None (never reads an unknown document from disk)."""
        if not isinstance(uri, str):
            return None
        try:
            return self.workspace.text_documents.get(unquote(uri))
        except RuntimeError:  # not initialized
            return None

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

    @property
    def encoding(self) -> str:
        try:
            enc = self.workspace.position_encoding
        except RuntimeError:
            return "utf-16"
        return str(getattr(enc, "value", enc) or "utf-16")

    def on_did_open(self, params: types.DidOpenTextDocumentParams) -> None:
        uri = params.text_document.uri
        self.docs.setdefault(uri, DocState(uri))
        self.schedule(uri, 0.0)

    def on_did_change(self, params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        if self.open_document(uri) is None:
            return
        self.docs.setdefault(uri, DocState(uri))
        self.schedule(uri, self.debounce)

    def on_did_save(self, params: types.DidSaveTextDocumentParams) -> None:
        uri = params.text_document.uri
        path = to_fs_path(uri) or ""
        if os.path.basename(path) == "pyproject.toml":
            # The configuration caches notice the new mtime; re-check every open document.
            for other in list(self.docs):
                self.schedule(other, 0.0)
            return
        if uri in self.docs and self.open_document(uri) is not None:
            self.schedule(uri, 0.0)

    def on_did_close(self, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        state = self.docs.pop(uri, None)
        if state is not None and state.task is not None:
            state.task.cancel()
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    # ---- analysis ----------------------------------------------------------------------------

    def schedule(self, uri: str, delay: float) -> None:
        """(Re)start the analysis of `uri` after `delay` seconds; a newer request supersedes it."""
        state = self.docs.get(uri)
        if state is None:
            return
        if state.task is not None and not state.task.done():
            state.task.cancel()
        state.task = asyncio.ensure_future(self._analyze_later(state, delay))

    async def _analyze_later(self, state: DocState, delay: float) -> None:
        try:
            if delay > 0:
                await asyncio.sleep(delay)
            else:
                await asyncio.sleep(0)
            doc = self.open_document(state.uri)
            if doc is None or self.docs.get(state.uri) is not state:
                return
            version, text = doc.version, doc.source
            path = to_fs_path(state.uri) if state.uri.startswith("file:") else None
            started = time.perf_counter()
            future = self.runner.submit(text, path, dict(self.settings))
            try:
                job = await asyncio.wrap_future(future)
            except BrokenProcessPool:
                self.log(f"jaxerr-lsp: the analysis worker stopped while checking {state.uri} "
                         f"(version {version}); it is restarted for the next change",
                         types.MessageType.Error)
                self.runner.restart()
                return
            self.runner.succeeded()
            for message, kind in job.notes:
                self.log_once(message, types.MessageType(kind))
            state.analyses += 1
            returned = time.perf_counter()
            current = self.open_document(state.uri)
            stale = current is None or self.docs.get(state.uri) is not state or current.version != version
            if not stale:
                state.analysis, state.version, state.text = job.analysis, version, text
                state.findings = job.findings
                state.fix_cache = {}
                self.publish(state)
            # The engine's time, then the rest: worker round trip (queue, pickling) and publish.
            self.trace(f"analyzed {state.uri} version {version} in {job.seconds * 1000:.1f} ms: "
                       f"{len(job.findings)} finding(s); worker round trip "
                       f"{(returned - started - job.seconds) * 1000:.1f} ms, "
                       + ("stale, not published" if stale else
                          f"publish {(time.perf_counter() - returned) * 1000:.1f} ms"))
        except asyncio.CancelledError:
            raise
        except RuntimeError as exc:
            if "shutdown" in str(exc) and self.protocol._shutdown:  # exiting
                return
            self._log_exception(f"analysis of {state.uri}")
        except Exception:
            self._log_exception(f"analysis of {state.uri}")

    def _log_exception(self, what: str) -> None:
        text = f"jaxerr-lsp: error in {what}:\n{traceback.format_exc()}"
        logger.error(text)
        self.log(text, types.MessageType.Error)

    def publish(self, state: DocState) -> None:
        conv = self.converter(state.text or "")
        diagnostics = [self.diagnostic(state.uri, state.version, i, f, conv)
                       for i, f in enumerate(state.findings)]
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=state.uri, version=state.version, diagnostics=diagnostics))

    def _diag_caps(self) -> types.PublishDiagnosticsClientCapabilities | None:
        td = self.client_capabilities.text_document
        return td.publish_diagnostics if td is not None else None

    def diagnostic(self, uri: str, version: int | None, index: int, finding: Finding,
                   conv: PositionConverter) -> types.Diagnostic:
        rng = conv.range(finding.span)
        caps = self._diag_caps()
        related = None
        if finding.related and (caps is None or caps.related_information is not False):
            related = [types.DiagnosticRelatedInformation(
                location=types.Location(uri=uri, range=conv.range(r.span)), message=r.message)
                for r in finding.related]
        code_description = None
        entry = self.catalog_entry(finding.catalog_id)
        href = _entry_href(entry)
        if href and (caps is None or caps.code_description_support is not False):
            code_description = types.CodeDescription(href=href)
        return types.Diagnostic(
            range=rng,
            severity=_SEVERITY.get(finding.severity, types.DiagnosticSeverity.Error),
            code=finding.code,
            code_description=code_description,
            source=SOURCE,
            message=finding.message,
            related_information=related,
            data={"uri": uri, "version": version, "index": index, "code": finding.code,
                  "catalog": finding.catalog_id},
        )

    def current_state(self, uri: str):
        """(document, state) when the last analysis of `uri` is of its current version."""
        doc = self.open_document(uri)
        state = self.docs.get(uri)
        if doc is None or state is None or state.analysis is None or state.version != doc.version:
            return doc, None
        return doc, state

    # ---- hover -----------------------------------------------------------------------------

    def on_hover(self, params: types.HoverParams) -> types.Hover | None:
        doc = self.open_document(params.text_document.uri)
        if doc is None:
            return None
        text = doc.source
        conv = self.converter(text)
        where = conv.from_position(params.position)
        if where is None:
            return None
        line, column = where
        parts: list[str] = []
        hover_span: Span | None = None

        _, state = self.current_state(params.text_document.uri)
        if state is not None:
            for finding in state.findings:
                if finding.span.contains(line, column):
                    parts.append(self._finding_markdown(finding))
                    hover_span = hover_span or finding.span

        imports = self._imports(params.text_document.uri, doc.version, text)
        found = api_at(conv.line_text(line - 1), column, imports)
        if found is not None:
            info, name = found
            parts.append(self._api_markdown(info))
            hover_span = hover_span or Span(line, name.start, line, name.end)

        if state is not None and state.analysis is not None:
            inferred = [s for s in state.analysis.inferred if s.span.contains(line, column)]
            if inferred:
                best = min(inferred, key=lambda s: (s.span.end_line - s.span.start_line,
                                                    s.span.end_column - s.span.start_column))
                parts.append(self._inferred_markdown(best, conv))
                hover_span = hover_span or best.span

        if not parts:
            return None
        value = "\n\n---\n\n".join(parts)
        kind = types.MarkupKind.Markdown
        td = self.client_capabilities.text_document
        formats = td.hover.content_format if td is not None and td.hover is not None else None
        if formats and types.MarkupKind.Markdown not in formats:
            kind = types.MarkupKind.PlainText
        return types.Hover(contents=types.MarkupContent(kind=kind, value=value),
                           range=conv.range(hover_span) if hover_span else None)

    def _imports(self, uri: str, version: int | None, text: str) -> dict[str, str]:
        state = self.docs.get(uri)
        if state is not None and state.imports is not None and state.imports[0] == version and version is not None:
            return state.imports[1]
        names = import_map(text)
        if state is not None:
            state.imports = (version, names)
        return names

    def _finding_markdown(self, finding: Finding) -> str:
        entry = self.catalog_entry(finding.catalog_id)
        if entry is not None:
            try:
                from jaxerr_lsp.catalog import render_markdown
                return render_markdown(entry, why=finding.message)
            except Exception:
                self._log_exception(f"rendering catalog entry {finding.catalog_id}")
        return f"**{finding.code}** `{finding.catalog_id}`\n\n{finding.message}"

    def _api_markdown(self, info) -> str:
        lines = [f"**`{info.title}`** (JAX)", "", info.text]
        entries = []
        catalog = self.catalog()
        if catalog is not None:
            seen = set()
            for key in info.catalog_apis:
                try:
                    found = catalog.for_api(key) or []
                except Exception:
                    found = []
                for entry in found:
                    if entry.id not in seen:
                        seen.add(entry.id)
                        entries.append(entry)
        if entries:
            lines += ["", "Errors it can raise (jaxerr catalog):", ""]
            for entry in entries:
                summary = getattr(entry, "summary", "") or getattr(entry, "title", "")
                lines.append(f"- `{entry.id}` ({entry.rule}, {entry.exception}): {summary}")
        return "\n".join(lines)

    def _inferred_markdown(self, inferred, conv: PositionConverter) -> str:
        span = inferred.span
        label = ""
        if span.start_line == span.end_line:
            label = conv.line_text(span.start_line - 1)[span.start_column:span.end_column]
            if len(label) > 60:
                label = label[:57] + "..."
        head = f"`{label}`: " if label and "`" not in label else ""
        return f"{head}pytree structure inferred by jaxerr:\n\n```\n{inferred.structure}\n```"

    # ---- code actions ------------------------------------------------------------------------

    def _resolve_supported(self) -> bool:
        td = self.client_capabilities.text_document
        ca = td.code_action if td is not None else None
        rs = ca.resolve_support if ca is not None else None
        return bool(rs is not None and "edit" in (rs.properties or []))

    def _document_changes_supported(self) -> bool:
        ws = self.client_capabilities.workspace
        we = ws.workspace_edit if ws is not None else None
        return bool(we is not None and we.document_changes)

    async def _fixes(self, state: DocState, text: str, indices: Iterable[int]) -> dict[int, list[Any]]:
        """compute_fixes for the given findings of `state` (cached per analyzed version)."""
        todo = [i for i in indices if i not in state.fix_cache]
        if todo:
            loop = asyncio.get_running_loop()
            results = await loop.run_in_executor(
                self.fix_pool, _compute_fixes, text, [state.findings[i] for i in todo])
            for i, (fixes, error) in zip(todo, results):
                if error:
                    self.log_once(f"jaxerr-lsp: fixes for {state.findings[i].code} failed: {error}",
                                  types.MessageType.Error)
                state.fix_cache[i] = fixes
        return {i: state.fix_cache.get(i, []) for i in indices}

    async def on_code_action(self, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        uri = params.text_document.uri
        doc, state = self.current_state(uri)
        if doc is None or state is None:
            return []
        text = state.text or ""
        conv = self.converter(text)
        wanted = conv.to_span(params.range)
        if wanted is None:
            return []
        only = [str(getattr(k, "value", k)) for k in (params.context.only or [])] or None
        want_quickfix = only is None or any(_kind_matches(k, "quickfix") for k in only)
        fix_all_requested = only is not None and any(_kind_matches(k, FIX_ALL_KIND) for k in only)
        want_fix_all = only is None or fix_all_requested

        overlapping = [i for i, f in enumerate(state.findings) if _overlaps(f.span, wanted)]
        actions: list[types.CodeAction] = []
        base = {"uri": uri, "version": doc.version}
        any_safe = False
        if want_quickfix and overlapping:
            fixes = await self._fixes(state, text, overlapping)
            for i in overlapping:
                finding = state.findings[i]
                diag = self.diagnostic(uri, doc.version, i, finding, conv)
                rng = diag.range
                ref = {**base, "index": i, "code": finding.code,
                       "range": [rng.start.line, rng.start.character, rng.end.line, rng.end.character]}
                preferred_done = False
                for j, fix in enumerate(fixes[i]):
                    preferred = bool(fix.safe) and not preferred_done
                    preferred_done = preferred_done or preferred
                    any_safe = any_safe or bool(fix.safe)
                    actions.append(types.CodeAction(
                        title=_fix_title(fix), kind=types.CodeActionKind.QuickFix,
                        diagnostics=[diag], is_preferred=preferred or None,
                        data={**ref, "action": "fix", "fix": j, "title": fix.title}))
                ignore = _ignore_fix(text, finding)
                if ignore is not None and ignore.edits:  # no edit: already ignored
                    actions.append(types.CodeAction(
                        title=f"{ignore.title} (# jaxerr: ignore[{finding.code}])",
                        kind=types.CodeActionKind.QuickFix, diagnostics=[diag],
                        data={**ref, "action": "ignore"}))
        if want_fix_all and state.findings:
            if fix_all_requested:
                all_fixes = await self._fixes(state, text, range(len(state.findings)))
                any_safe = any(fix.safe for fixes in all_fixes.values() for fix in fixes)
            if any_safe:
                actions.append(types.CodeAction(
                    title="Fix all safely fixable jaxerr problems", kind=FIX_ALL_KIND,
                    data={**base, "action": "fixAll"}))
        if not self._resolve_supported():
            actions = [await self.on_code_action_resolve(a) for a in actions]
        return actions

    async def on_code_action_resolve(self, action: types.CodeAction) -> types.CodeAction:
        data = action.data if isinstance(action.data, dict) else None
        if data is None or not isinstance(data.get("uri"), str):
            return action
        uri = data["uri"]
        doc = self.open_document(uri)
        if doc is None:
            return action
        text = doc.source
        version = doc.version
        findings = await self._current_findings(uri, doc)
        conv = self.converter(text)
        kind = data.get("action")
        loop = asyncio.get_running_loop()
        if kind == "fixAll":
            results = await loop.run_in_executor(self.fix_pool, _compute_fixes, text, findings)
            chosen = []
            for fixes, _error in results:
                safe = [fix for fix in fixes if fix.safe]
                if safe:
                    chosen.append(safe[0])
            edits = _merge_fixes(chosen)
        else:
            finding = _locate(findings, data, version, conv)
            if finding is None:
                self.log(f"jaxerr-lsp: the problem this action fixed is gone from {uri}",
                         types.MessageType.Info)
                return action
            if kind == "ignore":
                fix = await loop.run_in_executor(self.fix_pool, _ignore_fix, text, finding)
                edits = list(fix.edits) if fix is not None else []
            elif kind == "fix":
                [(fixes, error)] = await loop.run_in_executor(self.fix_pool, _compute_fixes, text, [finding])
                fix = next((x for x in fixes if x.title == data.get("title")), None)
                if fix is None and isinstance(data.get("fix"), int) and 0 <= data["fix"] < len(fixes):
                    fix = fixes[data["fix"]]
                if fix is None:
                    return action
                edits = list(fix.edits)
            else:
                return action
        action.edit = self._workspace_edit(uri, version, edits, conv)
        return action

    async def _current_findings(self, uri: str, doc) -> list[Finding]:
        _, state = self.current_state(uri)
        if state is not None:
            return state.findings
        # The last analysis is stale (or missing): analyze the current text once, in the worker.
        path = to_fs_path(uri) if uri.startswith("file:") else None
        job = await asyncio.wrap_future(self.runner.submit(doc.source, path, dict(self.settings)))
        self.runner.succeeded()
        return job.findings

    def _workspace_edit(self, uri: str, version: int | None, edits, conv: PositionConverter) -> types.WorkspaceEdit:
        text_edits = [types.TextEdit(range=conv.range(e.span), new_text=e.new_text) for e in edits]
        if self._document_changes_supported():
            return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version),
                edits=text_edits)])
        return types.WorkspaceEdit(changes={uri: text_edits})

    # ---- commands ------------------------------------------------------------------------

    def cmd_explain(self, *args: Any) -> str:
        if len(args) != 1 or not isinstance(args[0], str) or not args[0].strip():
            raise JsonRpcInvalidParams(
                message=f"{COMMAND_EXPLAIN} takes one argument: a catalog entry id, a rule code "
                        "(JXE001) or the text of a JAX error")
        catalog = self.catalog()
        if catalog is None:
            raise JsonRpcInternalError(message="the jaxerr catalog is not available")
        from jaxerr_lsp import catalog as catalog_module

        arg = args[0].strip()
        try:
            if re.fullmatch(r"JXE\d+", arg, re.IGNORECASE):
                entry = catalog.by_rule(arg.upper())
            elif not any(ch.isspace() for ch in arg):
                # An id: validated before anything is looked up (never a path on disk).
                entry = catalog.get(catalog_module.validate_entry_id(arg))
            else:
                matches = catalog.match(args[0])
                if not matches:
                    raise JsonRpcInvalidParams(
                        message=f"{COMMAND_EXPLAIN}: no jaxerr catalog entry matches this error text")
                entry = matches[0]
        except catalog_module.CatalogError as exc:
            raise JsonRpcInvalidParams(message=f"{COMMAND_EXPLAIN}: {exc}") from None
        return catalog_module.render_markdown(entry)


# --------------------------------------------------------------------------------------------
# Helpers (pure; the worker-thread parts never touch the transport)
# --------------------------------------------------------------------------------------------


def _plain(method):
    """A plain function calling the bound `method` (pygls sets attributes on handlers, and
    passes positional arguments only)."""
    if asyncio.iscoroutinefunction(method):
        async def handler(*args):
            return await method(*args)
    else:
        def handler(*args):
            return method(*args)
    handler.__name__ = handler.__qualname__ = method.__name__
    return handler


def _extract_settings(raw: Any) -> dict[str, Any] | None:
    """Accept `{"jaxerr": {...}}` or the flat `{...}`; None when there is nothing for us."""
    if not isinstance(raw, dict):
        return None
    nested = raw.get("jaxerr")
    if isinstance(nested, dict):
        return nested
    if any(k in raw for k in SETTING_KEYS):
        return raw
    return None


def _compute_fixes(text: str, findings: list[Finding]) -> list[tuple[list[Any], str | None]]:
    """Runs in a worker thread. One (fixes, error) per finding."""
    from jaxerr_lsp.fixes import compute_fixes

    out = []
    for finding in findings:
        try:
            out.append((list(compute_fixes(text, finding)), None))
        except Exception as exc:
            out.append(([], f"{type(exc).__name__}: {exc}"))
    return out


def _ignore_fix(text: str, finding: Finding):
    from jaxerr_lsp.fixes import ignore_line_fix

    try:
        return ignore_line_fix(text, finding)
    except Exception:
        logger.exception("ignore_line_fix failed")
        return None


def _merge_fixes(fixes) -> list[Any]:
    """The edits of `fixes` (all computed on the same text), skipping any fix whose edits
    overlap or touch an edit already taken."""
    taken: list[Span] = []
    edits: list[Any] = []

    def key(span: Span) -> tuple[tuple[int, int], tuple[int, int]]:
        return (span.start_line, span.start_column), (span.end_line, span.end_column)

    for fix in fixes:
        spans = [key(e.span) for e in fix.edits]
        clash = any(not (end < t_start or start > t_end)
                    for start, end in spans for t_start, t_end in (key(t) for t in taken))
        if clash:
            continue
        taken.extend(e.span for e in fix.edits)
        edits.extend(fix.edits)
    return edits


def _locate(findings: list[Finding], data: dict[str, Any], version: int | None,
            conv: PositionConverter) -> Finding | None:
    code = data.get("code")
    index = data.get("index")
    if data.get("version") == version and isinstance(index, int) and 0 <= index < len(findings) \
            and findings[index].code == code:
        return findings[index]
    candidates = [f for f in findings if f.code == code]
    if not candidates:
        return None
    rng = data.get("range")
    if isinstance(rng, list) and len(rng) == 4 and all(isinstance(v, int) for v in rng):
        start = conv.from_position(types.Position(line=max(rng[0], 0), character=max(rng[1], 0)))
        if start is not None:
            return min(candidates, key=lambda f: (abs(f.span.start_line - start[0]),
                                                  abs(f.span.start_column - start[1])))
    return candidates[0] if len(candidates) == 1 else None


_STATES_SAFETY = re.compile(r"\((?:un)?safe\b", re.IGNORECASE)


def _fix_title(fix) -> str:
    """The fix's title saying whether it is safe and why. The fixes module's titles usually
    carry a short "(unsafe: reason)" already; otherwise Fix.why is appended."""
    title = (fix.title or "").strip()
    if _STATES_SAFETY.search(title):
        return title
    safety = "safe" if fix.safe else "unsafe"
    why = (getattr(fix, "why", "") or "").strip().rstrip(".")
    return f"{title} ({safety}: {why})" if why else f"{title} ({safety})"


def _kind_matches(requested: str, kind: str) -> bool:
    return requested == "" or kind == requested or kind.startswith(requested + ".")


def _overlaps(span: Span, other: Span) -> bool:
    return (span.start_line, span.start_column) <= (other.end_line, other.end_column) and \
        (other.start_line, other.start_column) <= (span.end_line, span.end_column)


def _entry_href(entry: Any) -> str | None:
    if entry is None:
        return None
    path = getattr(entry, "path", None)
    if not path:
        return None
    try:
        return from_fs_path(str(Path(path).resolve()))
    except Exception:
        return None


def create_server() -> JaxerrLanguageServer:
    return JaxerrLanguageServer()


def main() -> int:
    """Run the language server on stdio until the client says exit."""
    safe_sys_path()  # editors start us in the user's project: never import from it
    logging.basicConfig(level=logging.WARNING, format="jaxerr-lsp %(levelname)s %(message)s")
    # pygls logs every message it sends at INFO; keep stderr quiet.
    logging.getLogger("pygls").setLevel(logging.WARNING)
    server = create_server()
    server.start_io()
    # LSP: exit code 0 after a shutdown request, 1 when the client exits without one.
    return 0 if server.protocol._shutdown else 1


if __name__ == "__main__":
    raise SystemExit(main())
