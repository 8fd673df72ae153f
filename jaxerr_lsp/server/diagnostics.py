"""Diagnostics: analyses scheduled on open / change (debounced) / save, run in the worker,
published with the document version they belong to; cleared on close.

A result for a version that is no longer the document's is never published. With `trace`
(initialize or `$/setTrace`) other than "off", each analysis is reported with `$/logTrace`:
engine time, worker round trip, publish time.
"""

from __future__ import annotations

import asyncio
import os
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path

from jaxerr_lsp.core.findings import Finding
from jaxerr_lsp.server.language_server import DocState
from jaxerr_lsp.server.positions import PositionConverter
from jaxerr_lsp.server.protocol import shutdown_requested

if TYPE_CHECKING:
    from jaxerr_lsp.server.language_server import JaxerrLanguageServer

SOURCE = "jaxerr"

_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}


def did_open(ls: JaxerrLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.docs.setdefault(uri, DocState(uri))
    schedule(ls, uri, 0.0)


def did_change(ls: JaxerrLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    if ls.open_document(uri) is None:
        return
    ls.docs.setdefault(uri, DocState(uri))
    schedule(ls, uri, ls.debounce)


def did_save(ls: JaxerrLanguageServer, params: types.DidSaveTextDocumentParams) -> None:
    uri = params.text_document.uri
    if os.path.basename(to_fs_path(uri) or "") == "pyproject.toml":
        # The configuration cache notices the new mtime; re-check every open document.
        for other in list(ls.docs):
            schedule(ls, other, 0.0)
    elif uri in ls.docs and ls.open_document(uri) is not None:
        schedule(ls, uri, 0.0)


def did_close(ls: JaxerrLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    state = ls.docs.pop(uri, None)
    if state is not None and state.task is not None:
        state.task.cancel()
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


def schedule(ls: JaxerrLanguageServer, uri: str, delay: float) -> None:
    """(Re)start the analysis of `uri` after `delay` seconds; a newer request supersedes it."""
    state = ls.docs.get(uri)
    if state is None:
        return
    if state.task is not None and not state.task.done():
        state.task.cancel()
    state.task = asyncio.ensure_future(_analyze_later(ls, state, delay))


def document_path(uri: str) -> str | None:
    return to_fs_path(uri) if uri.startswith("file:") else None


async def _analyze_later(ls: JaxerrLanguageServer, state: DocState, delay: float) -> None:
    try:
        await asyncio.sleep(delay)
        doc = ls.open_document(state.uri)
        if doc is None or ls.docs.get(state.uri) is not state:
            return
        version, text = doc.version, doc.source
        started = time.perf_counter()
        try:
            job = await asyncio.wrap_future(ls.runner.submit(text, document_path(state.uri), ls.settings))
        except BrokenProcessPool:
            ls.log(f"jaxerr-lsp: the analysis worker stopped while checking {state.uri} "
                   f"(version {version}); it is restarted for the next change", types.MessageType.Error)
            ls.runner.restart()
            return
        ls.runner.succeeded()
        for message, kind in job.notes:
            ls.log_once(message, types.MessageType(kind))
        returned = time.perf_counter()
        current = ls.open_document(state.uri)
        stale = current is None or ls.docs.get(state.uri) is not state or current.version != version
        if not stale:
            state.analysis, state.version, state.text, state.fix_cache = job.analysis, version, text, {}
            publish(ls, state)
        # The engine's time, then the rest: worker round trip (queue, pickling) and publish.
        ls.trace(f"analyzed {state.uri} version {version} in {job.seconds * 1000:.1f} ms: "
                 f"{len(job.analysis.findings)} finding(s); worker round trip "
                 f"{(returned - started - job.seconds) * 1000:.1f} ms, "
                 + ("stale, not published" if stale else
                    f"publish {(time.perf_counter() - returned) * 1000:.1f} ms"))
    except asyncio.CancelledError:
        raise
    except RuntimeError as exc:
        if not ("shutdown" in str(exc) and shutdown_requested(ls)):  # else: exiting
            ls.log_exception(f"analysis of {state.uri}")
    except Exception:  # noqa: BLE001 - the server stays up; the next change tries again
        ls.log_exception(f"analysis of {state.uri}")


def publish(ls: JaxerrLanguageServer, state: DocState) -> None:
    if state.uri in ls.notebooks:  # a notebook's program: published on its cells
        from jaxerr_lsp.server.notebooks import publish_cells
        return publish_cells(ls, state)
    conv = ls.converter(state.text)
    diagnostics = [to_diagnostic(ls, state, i, conv) for i in range(len(state.findings))]
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
        uri=state.uri, version=state.version, diagnostics=diagnostics))


def to_diagnostic(ls: JaxerrLanguageServer, state: DocState, index: int,
                  conv: PositionConverter) -> types.Diagnostic:
    """The `index`-th finding of the document's analysis as an LSP diagnostic."""
    finding = state.findings[index]
    caps = ls.text_capabilities().publish_diagnostics
    related = None
    if finding.related and (caps is None or caps.related_information is not False):
        related = [types.DiagnosticRelatedInformation(
            location=types.Location(uri=state.uri, range=conv.range(r.span)), message=r.message)
            for r in finding.related]
    href = _entry_href(ls, finding, state.uri)
    code_description = None
    if href and (caps is None or caps.code_description_support is not False):
        code_description = types.CodeDescription(href=href)
    return types.Diagnostic(
        range=conv.range(finding.span),
        severity=_SEVERITY.get(finding.severity, types.DiagnosticSeverity.Error),
        code=finding.code, code_description=code_description, source=SOURCE,
        message=finding.message, related_information=related,
        data={"uri": state.uri, "version": state.version, "index": index, "code": finding.code,
              "catalog": finding.catalog_id})


def _entry_href(ls: JaxerrLanguageServer, finding: Finding, uri: str | None = None) -> str | None:
    """A link to the finding's page on the catalog's website (jaxerr_lsp.docs_site.links: the
    editor's `docsUrl`, `[tool.jaxerr] docs-url`, else the site in the wheel), else to its
    catalog entry's TOML file."""
    from jaxerr_lsp.app.configuration import config_for_file
    from jaxerr_lsp.docs_site.links import entry_url, resolve_docs_url

    try:
        config = config_for_file(document_path(uri) if uri else None, ls.settings)
        page = entry_url(resolve_docs_url(config.docs_url), finding.catalog_id)
        if page:
            return page
        catalog = ls.catalog()
        entry = catalog.entries.get(finding.catalog_id) if catalog is not None else None
        return from_fs_path(str(Path(entry.path).resolve())) if entry is not None else None
    except Exception:  # noqa: BLE001 - no link rather than no diagnostic
        return None
