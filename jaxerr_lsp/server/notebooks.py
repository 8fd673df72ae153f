"""Notebook documents (LSP 3.17): a notebook's Python code cells checked as one program.

pygls keeps the notebook and its cells (each cell a text document at its own URI). On open and
on every change the code cells are joined into one program (jaxerr_lsp.notebooks.cells.join_cells:
in order, magics masked without moving a line or a column), kept as a text document at the
notebook's URI with its own DocState. Diagnostics (debounce, worker, staleness, re-checks on
settings), hover and code actions then run on that program unchanged; only the edges
translate, here:

- `publish_cells`: each finding is published on the cell it is in, at the cell's position (a
  cell whose list is the same as last time is not sent it again);
- `hover_in_cell`, `code_action_in_cell`: a request in a cell is asked of the program at the
  same place, and the ranges of the answer go back to the cell;
- `cell_workspace_edit`: a fix's edits (on the program) become edits of the cells they touch;
  a fix with an edit that no cell can take (it spans two cells, or touches a magic) resolves
  to no edit (and is left out for a client that cannot resolve).

Positions: LSP (0-based line, code units) in a cell -> the cell's (1-based line, code points) ->
the program's (`JoinedCells.to_program`), and back with `JoinedCells.span_to_cell`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs
from lsprotocol import types

from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.notebooks.cells import join_cells
from jaxerr_lsp.server.diagnostics import document_path, schedule, to_diagnostic
from jaxerr_lsp.server.language_server import DocState, NotebookProgram
from jaxerr_lsp.server.positions import PositionConverter

if TYPE_CHECKING:
    from jaxerr_lsp.fixes import TextEdit
    from jaxerr_lsp.server.language_server import JaxerrLanguageServer


# ---- notebookDocument/did* ----------------------------------------------------------------


def did_open(ls: JaxerrLanguageServer, params: types.DidOpenNotebookDocumentParams) -> None:
    rejoin(ls, params.notebook_document.uri, 0.0)


def did_change(ls: JaxerrLanguageServer, params: types.DidChangeNotebookDocumentParams) -> None:
    if params.notebook_document.uri in ls.notebooks:
        rejoin(ls, params.notebook_document.uri, ls.debounce)


def did_save(ls: JaxerrLanguageServer, params: types.DidSaveNotebookDocumentParams) -> None:
    if params.notebook_document.uri in ls.notebooks:
        schedule(ls, params.notebook_document.uri, 0.0)


def did_close(ls: JaxerrLanguageServer, params: types.DidCloseNotebookDocumentParams) -> None:
    uri = params.notebook_document.uri
    program = ls.notebooks.pop(uri, None)
    state = ls.docs.pop(uri, None)
    if state is not None and state.task is not None:
        state.task.cancel()
    if program is None:
        return
    ls.workspace.remove_text_document(uri)
    cells = set(program.published) | set(program.cells) | {cell.uri for cell in params.cell_text_documents}
    for cell in sorted(cells):
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=cell, diagnostics=[]))


def rejoin(ls: JaxerrLanguageServer, uri: str, delay: float) -> None:
    """Join the notebook's code cells again, as the next version of its program, and check it
    after `delay` seconds."""
    notebook = ls.workspace.get_notebook_document(notebook_uri=uri)
    if notebook is None:
        return
    documents = [(number, cell.document, ls.open_document(cell.document))
                 for number, cell in enumerate(notebook.cells, start=1)
                 if cell.kind == types.NotebookCellKind.Code]
    code = [(number, cell, document) for number, cell, document in documents
            if document is not None and (document.language_id or "python") == "python"]
    cells = [cell for _, cell, _ in code]
    texts = [document.source for _, _, document in code]
    # Numbered among all the notebook's cells (Markdown ones too), as in `cell N` of messages.
    numbers = [number for number, _, _ in code]
    before = ls.notebooks.get(uri)
    if before is not None and before.cells == cells and before.joined.cells == tuple(texts) \
            and before.joined.numbers == tuple(numbers):
        return  # metadata, outputs, execution summaries, Markdown: nothing to check again
    joined = join_cells(texts, numbers)
    version = before.version + 1 if before is not None else 1
    ls.workspace.put_text_document(types.TextDocumentItem(
        uri=uri, language_id="python", version=version, text=joined.source))
    ls.notebooks[uri] = NotebookProgram(uri, cells, joined, version,
                                        before.published if before is not None else {})
    ls.docs.setdefault(uri, DocState(uri))
    schedule(ls, uri, delay)


# ---- diagnostics ----------------------------------------------------------------------------


def publish_cells(ls: JaxerrLanguageServer, state: DocState) -> None:
    """The notebook's findings, each on its cell, sent to each code cell whose list is not the
    one it was last sent (the data aside: an analysis numbers its findings anew), and an empty
    list to a cell that had some and is gone."""
    program = ls.notebooks.get(state.uri)
    if program is None or program.version != state.version:
        return
    conv = ls.converter(state.text)
    per_cell: dict[str, list[types.Diagnostic]] = {cell: [] for cell in program.cells}
    for index in range(len(state.findings)):
        located = cell_diagnostic(ls, program, to_diagnostic(ls, state, index, conv), conv)
        if located is not None:
            per_cell[located[0]].append(located[1])
    for cell in sorted(set(program.published) - set(per_cell)):
        if program.published[cell]:
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=cell, diagnostics=[]))
    published: dict[str, list[types.Diagnostic]] = {}
    for cell, diagnostics in per_cell.items():
        published[cell] = [attrs.evolve(diagnostic, data=None) for diagnostic in diagnostics]
        if program.published.get(cell) != published[cell]:
            document = ls.open_document(cell)
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=cell, version=document.version if document is not None else None,
                diagnostics=diagnostics))
    program.published = published


def cell_diagnostic(ls: JaxerrLanguageServer, program: NotebookProgram, diagnostic: types.Diagnostic,
                    conv: PositionConverter) -> tuple[str, types.Diagnostic] | None:
    """A diagnostic on the program as (cell URI, the diagnostic on that cell)."""
    located = cell_range(ls, program, diagnostic.range, conv)
    if located is None:
        return None
    related = None
    if diagnostic.related_information is not None:
        related = []
        for info in diagnostic.related_information:
            where = cell_range(ls, program, info.location.range, conv)
            if where is not None:
                related.append(types.DiagnosticRelatedInformation(
                    location=types.Location(uri=where[0], range=where[1]), message=info.message))
    cell, rng = located
    return cell, types.Diagnostic(
        range=rng, severity=diagnostic.severity, code=diagnostic.code,
        code_description=diagnostic.code_description, source=diagnostic.source,
        message=cell_references(program, diagnostic.message), related_information=related,
        data=diagnostic.data)


def cell_references(program: NotebookProgram, text: str) -> str:
    """`text` with each `notebook.ipynb:LINE` of the program (where a traced function starts) as
    `notebook.ipynb:cell N:LINE`."""
    return program.joined.cell_references(text, document_path(program.uri) or "<string>")


# ---- positions --------------------------------------------------------------------------------


def cell_range(ls: JaxerrLanguageServer, program: NotebookProgram, rng: types.Range,
               conv: PositionConverter) -> tuple[str, types.Range] | None:
    """A range of the program (`conv` converts its text) as (cell URI, range in the cell). A
    range over two cells (no finding has one) is cut at the end of the first."""
    span = conv.to_span(rng)
    if span is None or not program.cells:
        return None
    located = program.joined.span_to_cell(span)
    if located is None:
        cell, line, column = program.joined.to_cell(span.start_line, span.start_column)
        last = program.joined.line_count(cell)
        end = len(_cell_converter(ls, program, cell).lines[last - 1])
        located = cell, Span(line, column, last, end)
    cell, cell_span = located
    return program.cells[cell], _cell_converter(ls, program, cell).range(cell_span)


def program_range(ls: JaxerrLanguageServer, program: NotebookProgram, cell: int,
                  rng: types.Range) -> types.Range | None:
    """A range in code cell `cell` as the range of the program."""
    span = _cell_converter(ls, program, cell).to_span(rng)
    if span is None:
        return None
    start = program.joined.to_program(cell, span.start_line, span.start_column)
    end = program.joined.to_program(cell, span.end_line, span.end_column)
    return ls.converter(program.joined.source).range(Span(*start, *end))


def _cell_converter(ls: JaxerrLanguageServer, program: NotebookProgram, cell: int) -> PositionConverter:
    """A converter for the cell's text as joined (the text its findings were found in)."""
    return ls.converter(program.joined.cells[cell])


# ---- requests in a cell ---------------------------------------------------------------------


def hover_in_cell(ls: JaxerrLanguageServer, program: NotebookProgram,
                  params: types.HoverParams) -> types.Hover | None:
    from jaxerr_lsp.server.hover import hover

    cell = program.cell_index(params.text_document.uri)
    if cell is None:
        return None
    where = program_range(ls, program, cell, types.Range(start=params.position, end=params.position))
    if where is None:
        return None
    found = hover(ls, types.HoverParams(text_document=types.TextDocumentIdentifier(uri=program.uri),
                                        position=where.start))
    if found is None:
        return None
    if found.range is not None:
        located = cell_range(ls, program, found.range, ls.converter(program.joined.source))
        found.range = located[1] if located is not None and located[0] == params.text_document.uri else None
    if isinstance(found.contents, types.MarkupContent):
        found.contents.value = cell_references(program, found.contents.value)
    return found


async def code_action_in_cell(ls: JaxerrLanguageServer, program: NotebookProgram,
                              params: types.CodeActionParams) -> list[types.CodeAction]:
    """The code actions of the program at the cell's range; their diagnostics on the cell.
    Their data names the notebook: `codeAction/resolve` resolves them on the program, and
    `cell_workspace_edit` turns the fix into cell edits."""
    from jaxerr_lsp.server.code_actions import code_action, resolve_supported

    cell = program.cell_index(params.text_document.uri)
    rng = program_range(ls, program, cell, params.range) if cell is not None else None
    if rng is None:
        return []
    actions = await code_action(ls, types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=program.uri), range=rng,
        context=types.CodeActionContext(diagnostics=[], only=params.context.only,
                                        trigger_kind=params.context.trigger_kind)))
    conv = ls.converter(program.joined.source)
    for action in actions:
        located = [cell_diagnostic(ls, program, d, conv) for d in action.diagnostics or []]
        action.diagnostics = [d for _, d in filter(None, located)] or None
    # Resolved at once (a client without resolve): a fix that cannot be cell edits is dropped.
    return [action for action in actions if resolve_supported(ls) or action.edit is not None]


def cell_workspace_edit(ls: JaxerrLanguageServer, program: NotebookProgram,
                        edits: Sequence[TextEdit]) -> types.WorkspaceEdit | None:
    """A fix's edits on the program as edits of the cells; None when one of them cannot be
    (it spans two cells, or touches a masked magic)."""
    per_cell: dict[int, list[types.TextEdit]] = {}
    for edit in edits:
        cell_edit = program.joined.edit_to_cell(edit.span, edit.new_text)
        if cell_edit is None:
            ls.log(f"jaxerr-lsp: a fix in {program.uri} edits across cells or a magic; not applied",
                   types.MessageType.Info)
            return None
        conv = _cell_converter(ls, program, cell_edit.cell)
        per_cell.setdefault(cell_edit.cell, []).append(
            types.TextEdit(range=conv.range(cell_edit.span), new_text=cell_edit.new_text))
    capability = ls.workspace_capabilities().workspace_edit
    if capability is not None and capability.document_changes:
        changes: list[types.TextDocumentEdit] = []
        for cell, text_edits in sorted(per_cell.items()):
            document = ls.open_document(program.cells[cell])
            changes.append(types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(
                    uri=program.cells[cell], version=document.version if document is not None else None),
                edits=list(text_edits)))
        return types.WorkspaceEdit(document_changes=list(changes))
    return types.WorkspaceEdit(changes={program.cells[cell]: text_edits
                                        for cell, text_edits in sorted(per_cell.items())})
