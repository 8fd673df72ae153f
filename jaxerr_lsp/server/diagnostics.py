"""A finding as an LSP diagnostic, on the document that holds it (the file, or its cell), with
its links: related places, and the finding's page on the catalog's website."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path

from jaxerr_lsp.core.findings import Finding, Span
from jaxerr_lsp.server.positions import PositionConverter
from jaxerr_lsp.server.session import Session
from jaxerr_lsp.server.snapshot import Program

SOURCE = "jaxerr"

_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}


def elsewhere(session: Session, path: str, span: Span) -> types.Location:
    """A place in another file, in the client's position encoding (columns counted on the
    open document's text, else the file's; as they are when it cannot be read)."""
    uri = from_fs_path(path) or path
    document = session.open_document(uri)
    text = document.source if document is not None else None
    if text is None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
    return types.Location(uri=uri, range=PositionConverter(text, session.encoding).range(span))


class EntryLinks:
    """The links to catalog entries of one program's findings, each worked out once, and the
    site's base (it reads the file's configuration) once: made per publish, not per finding."""

    def __init__(self, session: Session, path: str | None) -> None:
        self._session = session
        self._path = path
        self._hrefs: dict[str, str | None] = {}
        self._base: tuple[str | None] | None = None

    def href(self, finding: Finding) -> str | None:
        if finding.catalog_id not in self._hrefs:
            self._hrefs[finding.catalog_id] = _entry_href(self._session, finding, self._docs_base)
        return self._hrefs[finding.catalog_id]

    def _docs_base(self) -> str | None:
        if self._base is None:
            self._base = (docs_base(self._session, self._path),)
        return self._base[0]


def cell_key(program: Program, finding: Finding, href: str | None) -> tuple[object, ...] | None:
    """What the diagnostic of a notebook's finding depends on, said in its cells' terms (the
    cell holding it, its text, the span there, its words with `path:cell N:LINE`, each related
    place so): the same key, the same diagnostic (its data aside), however far the lines
    above its cell moved. None when it lies over two cells or names another file."""
    joined = program.joined
    assert joined is not None
    located = joined.span_to_cell(finding.span)
    if located is None:
        return None
    related = []
    for item in finding.related:
        where = joined.span_to_cell(item.span) if item.path is None else None
        if where is None:
            return None
        related.append((item.message, program.cells[where[0]], joined.cells[where[0]], _numbers(where[1])))
    cell, span = located
    return (finding.code, finding.catalog_id, finding.severity, href, program.references(finding.message),
            program.cells[cell], joined.cells[cell], _numbers(span), tuple(related))


def _numbers(span: Span) -> tuple[int, int, int, int]:
    """A span as a plain tuple (hashed and compared at C speed, in keys)."""
    return span.start_line, span.start_column, span.end_line, span.end_column


def with_data(program: Program, index: int, diagnostic: types.Diagnostic) -> types.Diagnostic:
    """A copy of `diagnostic` (of the program's `index`-th finding) with its data: the
    program's version and the finding's index there."""
    finding = program.findings[index]
    copied = copy.copy(diagnostic)
    copied.data = {"uri": program.uri, "version": program.version, "index": index, "code": finding.code,
                   "catalog": finding.catalog_id}
    return copied


def to_diagnostic(session: Session, program: Program, index: int,
                  links: EntryLinks | None = None) -> tuple[str, types.Diagnostic] | None:
    """The `index`-th finding of the program's analysis as (the URI of the document holding it,
    the LSP diagnostic there); None when no document holds it. Its data names the program.
    `links`: those of the program's other findings converted with it."""
    finding = program.findings[index]
    located = program.locate(finding.span)
    if located is None:
        return None
    caps = session.text_capabilities().publish_diagnostics
    related = None
    if finding.related and (caps is None or caps.related_information is not False):
        related = []
        for r in finding.related:
            if r.path is not None:  # another module of the project: its open text, or the file's
                related.append(types.DiagnosticRelatedInformation(
                    location=elsewhere(session, r.path, r.span), message=r.message))
                continue
            where = program.locate(r.span)
            if where is not None:
                related.append(types.DiagnosticRelatedInformation(
                    location=types.Location(uri=where[0], range=where[1]), message=r.message))
    href = (links or EntryLinks(session, program.path)).href(finding)
    code_description = None
    if href and (caps is None or caps.code_description_support is not False):
        code_description = types.CodeDescription(href=href)
    return located[0], types.Diagnostic(
        range=located[1],
        severity=_SEVERITY.get(finding.severity, types.DiagnosticSeverity.Error),
        code=finding.code, code_description=code_description, source=SOURCE,
        message=program.references(finding.message), related_information=related,
        data={"uri": program.uri, "version": program.version, "index": index, "code": finding.code,
              "catalog": finding.catalog_id})


def docs_base(session: Session, path: str | None) -> str | None:
    """The catalog website's base URL for the document at `path` (jaxerr_lsp.docs_site.links:
    the editor's `docsUrl`, `[tool.jaxerr] docs-url`, else the site in the wheel)."""
    from jaxerr_lsp.app.configuration import config_for_file
    from jaxerr_lsp.docs_site.links import resolve_docs_url

    return resolve_docs_url(config_for_file(path, session.settings).docs_url)


def _entry_href(session: Session, finding: Finding, base: Callable[[], str | None]) -> str | None:
    """A link to the finding's page on the catalog's website (`base`: the site's base), else
    to its catalog entry's TOML file."""
    from jaxerr_lsp.docs_site.links import entry_url

    try:
        page = entry_url(base(), finding.catalog_id)
        if page:
            return page
        catalog = session.catalog()
        entry = catalog.entries.get(finding.catalog_id) if catalog is not None else None
        return from_fs_path(str(Path(entry.path).resolve())) if entry is not None else None
    except Exception:  # noqa: BLE001 - no link rather than no diagnostic
        return None
