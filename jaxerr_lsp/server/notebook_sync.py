"""`notebookDocument/did*` (LSP 3.17): a notebook's Python code cells checked as one program.

pygls keeps the notebook and its cells (each cell a text document at its own URI). On open and
on every change of their code the code cells are joined again (jaxerr_lsp.notebooks.cells.
join_cells: in order, magics masked without moving a line or a column), as the next version of
the notebook's program (session.Notebook): when only some cells' texts changed (typing), only
those are read again (`patch`), the others taken as joined, each cell's masking kept per text.
The check then runs on it as on a file's text, and its findings are published on their cells
(checking.py: only the cells whose diagnostics changed). Requests in a cell are answered from
the cell's snapshot (snapshot.py), which maps its positions to the program's and back.
"""

from __future__ import annotations

from lsprotocol import types

from jaxerr_lsp.notebooks.cells import join_cells
from jaxerr_lsp.server.checking import schedule
from jaxerr_lsp.server.session import Notebook, Server, Session


def did_open(ls: Server, params: types.DidOpenNotebookDocumentParams) -> None:
    rejoin(ls.session, params.notebook_document.uri, 0.0)


def did_change(ls: Server, params: types.DidChangeNotebookDocumentParams) -> None:
    session, uri = ls.session, params.notebook_document.uri
    notebook = session.notebooks.get(uri)
    if notebook is None:
        return
    cells = params.change.cells
    if cells is None:
        return  # the notebook's metadata: nothing to check again
    if not cells.structure and not cells.data and cells.text_content \
            and patch(session, notebook, [change.document.uri for change in cells.text_content]):
        return
    rejoin(session, uri, session.debounce)


def did_save(ls: Server, params: types.DidSaveNotebookDocumentParams) -> None:
    if params.notebook_document.uri in ls.session.notebooks:
        schedule(ls.session, params.notebook_document.uri, 0.0, fresh=True)


def did_close(ls: Server, params: types.DidCloseNotebookDocumentParams) -> None:
    session, uri = ls.session, params.notebook_document.uri
    notebook = session.notebooks.pop(uri, None)
    state = session.close(uri)
    if notebook is None:
        return
    published = state.published if state is not None else {}
    cells = set(published) | set(notebook.cells) | {cell.uri for cell in params.cell_text_documents}
    for cell in sorted(cells):
        session.publish(cell, None, [])


def patch(session: Session, notebook: Notebook, changed: list[str]) -> bool:
    """The texts of some of the notebook's code cells changed (typing; the cells themselves,
    their kinds and languages stay): only those are taken again, the others' texts as they
    were joined (join_cells keeps each cell's masking per text), as the next version of its
    program. False when one of them is not a code cell of the program (a Markdown cell: the
    whole notebook is looked at again)."""
    texts = list(notebook.joined.cells)
    for uri in changed:
        index = notebook.index.get(uri)
        document = session.open_document(uri) if index is not None else None
        if index is None or document is None:
            return False
        texts[index] = document.source
    if notebook.joined.cells == tuple(texts):
        return True
    joined = join_cells(texts, notebook.joined.numbers)
    session.notebooks[notebook.uri] = Notebook(notebook.uri, notebook.cells, joined,
                                               notebook.version + 1, notebook.index)
    session.track(notebook.uri)
    schedule(session, notebook.uri, session.debounce)
    return True


def rejoin(session: Session, uri: str, delay: float) -> None:
    """Join the notebook's code cells again, as the next version of its program, and check it
    after `delay` seconds."""
    notebook = session.server.workspace.get_notebook_document(notebook_uri=uri)
    if notebook is None:
        return
    documents = [(number, cell.document, session.open_document(cell.document))
                 for number, cell in enumerate(notebook.cells, start=1)
                 if cell.kind == types.NotebookCellKind.Code]
    code = [(number, cell, document) for number, cell, document in documents
            if document is not None and (document.language_id or "python") == "python"]
    cells = [cell for _, cell, _ in code]
    texts = [document.source for _, _, document in code]
    # Numbered among all the notebook's cells (Markdown ones too), as in `cell N` of messages.
    numbers = [number for number, _, _ in code]
    before = session.notebooks.get(uri)
    if before is not None and before.cells == cells and before.joined.cells == tuple(texts) \
            and before.joined.numbers == tuple(numbers):
        return  # metadata, outputs, execution summaries, Markdown: nothing to check again
    joined = join_cells(texts, numbers)
    session.notebooks[uri] = Notebook(uri, cells, joined, before.version + 1 if before is not None else 1,
                                      {cell: index for index, cell in enumerate(cells)})
    session.track(uri)
    schedule(session, uri, delay)
