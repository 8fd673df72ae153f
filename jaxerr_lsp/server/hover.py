"""Hover: LSP position in, jaxerr_lsp.app.hover_text's Markdown out (plain text for a client
that does not take Markdown)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from jaxerr_lsp.app.api_under_cursor import import_map
from jaxerr_lsp.app.hover_text import hover_at

if TYPE_CHECKING:
    from jaxerr_lsp.server.language_server import JaxerrLanguageServer


def hover(ls: JaxerrLanguageServer, params: types.HoverParams) -> types.Hover | None:
    uri = params.text_document.uri
    notebook = ls.notebook_of_cell(uri)
    if notebook is not None:  # a notebook cell: asked of the notebook's program
        from jaxerr_lsp.server.notebooks import hover_in_cell
        return hover_in_cell(ls, notebook, params)
    doc, state = ls.current_state(uri)
    if doc is None:
        return None
    conv = ls.converter(doc.source)
    where = conv.from_position(params.position)
    if where is None:
        return None
    found = hover_at(ls.catalog(), conv.lines, *where,
                     findings=state.findings if state is not None else (),
                     inferred=state.analysis.inferred if state and state.analysis else (),
                     imports=_imports(ls, uri, doc.version, doc.source), docs_url=_docs_base(ls, uri))
    if found is None:
        return None
    formats = ls.text_capabilities().hover
    kinds = formats.content_format if formats is not None else None
    kind = types.MarkupKind.PlainText if kinds and types.MarkupKind.Markdown not in kinds \
        else types.MarkupKind.Markdown
    return types.Hover(contents=types.MarkupContent(kind=kind, value=found.markdown),
                       range=conv.range(found.span))


def _imports(ls: JaxerrLanguageServer, uri: str, version: int | None, text: str) -> dict[str, str]:
    """The document's JAX imports, kept per version (hovers come in bursts)."""
    state = ls.docs.get(uri)
    if state is not None and version is not None and state.imports is not None \
            and state.imports[0] == version:
        return state.imports[1]
    names = import_map(text)
    if state is not None and version is not None:
        state.imports = (version, names)
    return names


def _docs_base(ls: JaxerrLanguageServer, uri: str) -> str | None:
    """The catalog website's base URL for this document (None: no link in the hover)."""
    from jaxerr_lsp.app.configuration import config_for_file
    from jaxerr_lsp.docs_site.links import resolve_docs_url
    from jaxerr_lsp.server.diagnostics import document_path

    try:
        return resolve_docs_url(config_for_file(document_path(uri), ls.settings).docs_url)
    except Exception:  # noqa: BLE001 - a hover without its link rather than none
        return None
