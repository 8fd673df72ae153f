"""Hover: an LSP position in, jaxerr_lsp.app.hover_text's Markdown out (plain text for a client
that does not take Markdown), asked of the document's snapshot (a file, or a notebook cell: the
position is the program's, the answer's range and `path:LINE` references are the cell's)."""

from __future__ import annotations

from lsprotocol import types

from jaxerr_lsp.app.api_under_cursor import import_map
from jaxerr_lsp.app.hover_text import hover_at
from jaxerr_lsp.server.diagnostics import docs_base
from jaxerr_lsp.server.session import Server, Session
from jaxerr_lsp.server.snapshot import DocumentSnapshot, Program


def hover(ls: Server, params: types.HoverParams) -> types.Hover | None:
    snapshot = ls.session.snapshot(params.text_document.uri)
    return hover_in(ls.session, snapshot, params.position) if snapshot is not None else None


def hover_in(session: Session, snapshot: DocumentSnapshot, position: types.Position) -> types.Hover | None:
    where = snapshot.position(position)
    if where is None:
        return None
    program, analysis = snapshot.program, snapshot.analysis
    found = hover_at(session.catalog(), snapshot.lines(), *where, findings=snapshot.findings,
                     inferred=analysis.inferred if analysis is not None else (),
                     imports=_imports(program), docs_url=_docs_base(session, program))
    if found is None:
        return None
    formats = session.text_capabilities().hover
    kinds = formats.content_format if formats is not None else None
    kind = types.MarkupKind.PlainText if kinds and types.MarkupKind.Markdown not in kinds \
        else types.MarkupKind.Markdown
    return types.Hover(contents=types.MarkupContent(kind=kind, value=program.references(found.markdown)),
                       range=snapshot.range(found.span))


def _imports(program: Program) -> dict[str, str]:
    """The program's JAX imports, kept per version (hovers come in bursts)."""
    if program.imports is None:
        program.imports = import_map(program.source)
    return program.imports


def _docs_base(session: Session, program: Program) -> str | None:
    """The catalog website's base URL for this document (None: no link in the hover)."""
    try:
        return docs_base(session, program.path)
    except Exception:  # noqa: BLE001 - a hover without its link rather than none
        return None
