"""Notebook documents (LSP 3.17) over stdio: a notebook's code cells checked as one program,
diagnostics, hover and quick fixes on the cells, cell edits and structure changes, close."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path

from jaxerr_lsp.errors.catalog import load_catalog

from .helpers import apply_edits, as_tuple, capabilities, edits_for, session, wait_next, wait_published

ENTRY = load_catalog().get("static-argument-unhashable")

IMPORTS = "import jax\nimport jax.numpy as jnp\n%load_ext autoreload"
MARKDOWN = "# Tiling\nA function defined in one cell and jitted in the next."
DEFINE = "def tile(x, reps):\n    return jnp.tile(x, reps)"
# `static_argnames="reps"` names the second parameter of `tile`, which cell 2 defines: without
# that cell there is nothing to say (the structure changes below remove it and bring it back).
CALL = ('%env XLA_FLAGS=--xla_force_host_platform_device_count=1\n'
        'tiled = jax.jit(tile, static_argnames="reps")\n'
        'out = tiled(jnp.ones(2), [2, 3])')
CALL_LINE = 2
CALL_COLUMN = CALL.splitlines()[CALL_LINE].index("[2, 3]")
CALL_RANGE = (CALL_LINE, CALL_COLUMN, CALL_LINE, CALL_COLUMN + len("[2, 3]"))
# A shape from a traced parameter: the finding is in the function (cell 2), its fix in the jit
# call (cell 3).
PAD = "def pad(x, n):\n    return jnp.zeros(n) + x.sum()"
PAD_CALL = "padded = jax.jit(pad)\npadded(jnp.ones(2), 3)"
# A message that names where the traced function starts: in the cell, not the program.
IN_RANGE = "# two comparisons\ndef in_range(x, low, high):\n    return x > low and x < high"
IN_RANGE_CALL = "checked = jax.jit(in_range)\nchecked(jnp.float32(0.5), 0.0, 1.0)"

def with_notebooks(caps: types.ClientCapabilities) -> types.ClientCapabilities:
    """The profile's capabilities, and notebook sync (vscode-languageclient 9 declares it; the
    profiles of pytest-lsp do not). pygls advertises notebookDocumentSync only to such a client."""
    caps.notebook_document = types.NotebookDocumentClientCapabilities(
        synchronization=types.NotebookDocumentSyncClientCapabilities(execution_summary_support=True))
    return caps


def cell_uri(notebook: Path, index: int) -> str:
    """A cell URI as VS Code makes them (the fragment is percent-encoded)."""
    return f"vscode-notebook-cell:{notebook}#W{index}sZmlsZQ%3D%3D"


def open_notebook(client, path: Path, cells: list[tuple[str, types.NotebookCellKind, str]]) -> str:
    uri = from_fs_path(str(path))
    client.notebook_document_did_open(types.DidOpenNotebookDocumentParams(
        notebook_document=types.NotebookDocument(
            uri=uri, notebook_type="jupyter-notebook", version=0,
            cells=[types.NotebookCell(kind=kind, document=cell) for cell, kind, _ in cells]),
        cell_text_documents=[
            types.TextDocumentItem(uri=cell, version=1, text=text,
                                   language_id="python" if kind == types.NotebookCellKind.Code else "markdown")
            for cell, kind, text in cells]))
    return uri


def change_notebook(client, uri: str, version: int, cells: types.NotebookDocumentCellChanges) -> None:
    client.notebook_document_did_change(types.DidChangeNotebookDocumentParams(
        notebook_document=types.VersionedNotebookDocumentIdentifier(uri=uri, version=version),
        change=types.NotebookDocumentChangeEvent(cells=cells)))


def text_change(cell: str, version: int, rng: types.Range, text: str) -> types.NotebookDocumentCellChanges:
    return types.NotebookDocumentCellChanges(text_content=[types.NotebookDocumentCellContentChanges(
        document=types.VersionedTextDocumentIdentifier(uri=cell, version=version),
        changes=[types.TextDocumentContentChangePartial(range=rng, text=text)])])


def position_of(text: str, needle: str, into: int = 1) -> types.Position:
    index = text.index(needle)
    line = text.count("\n", 0, index)
    return types.Position(line=line, character=index - (text.rfind("\n", 0, index) + 1) + into)


async def hover(client, uri: str, position: types.Position) -> types.Hover | None:
    return await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))


async def code_actions(client, uri: str, diagnostic: types.Diagnostic) -> list[types.CodeAction]:
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[diagnostic])))


async def resolved(client, caps: types.ClientCapabilities, action: types.CodeAction) -> types.CodeAction:
    ca = caps.text_document.code_action if caps.text_document else None
    if ca and ca.resolve_support and "edit" in ca.resolve_support.properties:
        assert action.edit is None
        action = await client.code_action_resolve_async(action)
    assert action.edit is not None, action.title
    return action


async def test_notebook_cells_as_one_program(profile: str, tmp_path: Path):
    caps = with_notebooks(capabilities(profile))
    path = tmp_path / "tiling.ipynb"
    cells = [cell_uri(path, i) for i in range(4)]
    code, markdown = types.NotebookCellKind.Code, types.NotebookCellKind.Markup
    async with session(caps, init_options={"debounce": 0}) as client:
        assert client.init_result.capabilities.notebook_document_sync is not None
        uri = open_notebook(client, path, [(cells[0], code, IMPORTS), (cells[1], markdown, MARKDOWN),
                                           (cells[2], code, DEFINE), (cells[3], code, CALL)])

        # The diagnostic is on cell 3 (the call), at the cell's own position; the other code
        # cells get an empty list; the Markdown cell nothing.
        [diagnostic] = await wait_published(client, cells[3], 1)
        assert await wait_published(client, cells[0], 1) == []
        assert await wait_published(client, cells[2], 1) == []
        assert not [p for p in client.published if p.uri in (cells[1], uri)]
        assert diagnostic.code == "JXE082" and diagnostic.source == "jaxerr"
        assert as_tuple(diagnostic.range) == CALL_RANGE
        assert diagnostic.message.startswith("ValueError: Non-hashable static arguments are not supported")
        for info in diagnostic.related_information or []:
            assert info.location.uri in cells, info

        # Hover in the cell: the catalog entry on the diagnostic; JAX's API through cell 1's
        # imports; nothing on a masked magic.
        on_diagnostic = await hover(client, cells[3], position_of(CALL, "[2, 3]", into=2))
        assert on_diagnostic is not None and ENTRY.title in on_diagnostic.contents.value
        assert on_diagnostic.range == diagnostic.range
        on_jit = await hover(client, cells[3], position_of(CALL, "jax.jit", into=5))
        assert on_jit is not None and "jax.jit(" in on_jit.contents.value
        assert on_jit.range is not None and on_jit.range.start.line == 1
        assert await hover(client, cells[3], types.Position(line=0, character=3)) is None
        assert await hover(client, cells[1], types.Position(line=0, character=3)) is None

        # Quick fixes: each edit is on cell 3, at the cell's positions, for its version.
        actions = await code_actions(client, cells[3], diagnostic)
        titles = [a.title for a in actions]
        assert any(t.startswith("Pass a tuple instead of the list") for t in titles), titles
        assert all(a.diagnostics and a.diagnostics[0].range == diagnostic.range for a in actions), actions
        tuple_fix = await resolved(client, caps, next(a for a in actions if a.title.startswith("Pass a tuple")))
        assert apply_edits(CALL, edits_for(tuple_fix.edit, cells[3], 1), "utf-16").endswith(
            "tiled(jnp.ones(2), (2, 3))")
        ignore = await resolved(client, caps, next(a for a in actions if a.title.startswith("Ignore JXE082")))
        ignored = apply_edits(CALL, edits_for(ignore.edit, cells[3], 1), "utf-16")
        assert ignored.endswith("[2, 3])  # jaxerr: ignore[JXE082]"), ignored
        assert not await code_actions(client, cells[2], diagnostic)  # cell 2 has no line 3

        # Structure: cell 2 (the definition) removed: nothing defines `tile`, cell 3 is clean...
        mark = len(client.published)
        change_notebook(client, uri, 1, types.NotebookDocumentCellChanges(
            structure=types.NotebookDocumentCellChangeStructure(
                array=types.NotebookCellArrayChange(start=2, delete_count=1),
                did_close=[types.TextDocumentIdentifier(uri=cells[2])])))
        assert not (await wait_next(client, cells[3], mark)).diagnostics
        # ... and the definition back, in a new cell: the diagnostic is back on cell 3.
        defining = cell_uri(path, 7)
        mark = len(client.published)
        change_notebook(client, uri, 2, types.NotebookDocumentCellChanges(
            structure=types.NotebookDocumentCellChangeStructure(
                array=types.NotebookCellArrayChange(start=2, delete_count=0, cells=[
                    types.NotebookCell(kind=code, document=defining)]),
                did_open=[types.TextDocumentItem(uri=defining, language_id="python", version=1, text=DEFINE)])))
        [back] = (await wait_next(client, cells[3], mark)).diagnostics
        assert as_tuple(back.range) == CALL_RANGE

        # A cell's text edited (the fix applied): cell 3 is clean.
        [edit] = edits_for(tuple_fix.edit, cells[3], 1)
        change_notebook(client, uri, 3, text_change(cells[3], 2, edit.range, edit.new_text))
        assert await wait_published(client, cells[3], 2) == []

        # A new cell at the end with another bad call: its diagnostic is on the new cell.
        new_cell = cell_uri(path, 9)
        bad_call = 'again = tiled(jnp.ones(3), [1, 2])'
        change_notebook(client, uri, 4, types.NotebookDocumentCellChanges(
            structure=types.NotebookDocumentCellChangeStructure(
                array=types.NotebookCellArrayChange(start=4, delete_count=0, cells=[
                    types.NotebookCell(kind=code, document=new_cell)]),
                did_open=[types.TextDocumentItem(uri=new_cell, language_id="python", version=1,
                                                 text=bad_call)])))
        [again] = await wait_published(client, new_cell, 1)
        column = bad_call.index("[1, 2]")
        assert again.code == "JXE082" and as_tuple(again.range) == (0, column, 0, column + 6)

        # A second notebook, open alongside: a fix whose edit is in another cell than its
        # diagnostic (the finding in the function, `static_argnames` added where it is jitted).
        other = tmp_path / "pad.ipynb"
        pads = [cell_uri(other, i) for i in range(5)]
        other_uri = open_notebook(client, other, [(pads[0], code, IMPORTS), (pads[1], code, PAD),
                                                  (pads[2], code, PAD_CALL), (pads[3], code, IN_RANGE),
                                                  (pads[4], code, IN_RANGE_CALL)])
        [bool_conversion] = await wait_published(client, pads[3], 1)
        assert bool_conversion.code == "JXE070"
        assert f"in_range at {other}:cell 4:2 for jit" in bool_conversion.message, bool_conversion.message
        on_bool = await hover(client, pads[3], bool_conversion.range.start)
        assert on_bool is not None and f"{other}:cell 4:2" in on_bool.contents.value
        [shape] = await wait_published(client, pads[1], 1)
        assert shape.code == "JXE072" and shape.range.start.line == 1
        assert await wait_published(client, pads[2], 1) == []
        static = await resolved(client, caps, next(
            a for a in await code_actions(client, pads[1], shape) if a.title.startswith("Make n static")))
        assert apply_edits(PAD_CALL, edits_for(static.edit, pads[2], 1), "utf-16").startswith(
            "padded = jax.jit(pad, static_argnames=('n',))\n")
        mark = len(client.published)
        client.notebook_document_did_close(types.DidCloseNotebookDocumentParams(
            notebook_document=types.NotebookDocumentIdentifier(uri=other_uri),
            cell_text_documents=[types.TextDocumentIdentifier(uri=c) for c in pads]))
        assert not (await wait_next(client, pads[1], mark)).diagnostics

        # Closed: every cell is cleared.
        mark = len(client.published)
        client.notebook_document_did_close(types.DidCloseNotebookDocumentParams(
            notebook_document=types.NotebookDocumentIdentifier(uri=uri),
            cell_text_documents=[types.TextDocumentIdentifier(uri=c)
                                 for c in (cells[0], cells[1], defining, cells[3], new_cell)]))
        assert not (await wait_next(client, new_cell, mark)).diagnostics
        assert await hover(client, new_cell, types.Position(line=0, character=2)) is None


# Two with_refs calls in two cells, each with a safe fix (the refs' names are the dict's keys).
VJP_CELL = '''import jax
import jax.numpy as jnp

def loss(params, x):
    return jnp.sum(params["w"] * x + params["b"])

params = {"w": jnp.ones(3), "b": jnp.zeros(3)}
out, f_vjp = jax.vjp(loss, params, jnp.ones(3))
w_grad, b_grad = jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.zeros(3))'''
REFS_CELL = "!nvidia-smi\ngrads = f_vjp.with_refs((w_grad, b_grad), jax.new_ref(jnp.zeros(3)))(1.0)"
AGAIN_CELL = "again = f_vjp.with_refs((w_grad, b_grad), jax.new_ref(jnp.zeros(3)))(1.0)"


async def test_fix_all_across_cells_and_what_is_checked_again(tmp_path: Path):
    """source.fixAll.jaxerr from one cell edits every cell; a cell run is not checked again, a
    save is."""
    caps = with_notebooks(capabilities("visual-studio-code"))
    path = tmp_path / "refs.ipynb"
    cells = [cell_uri(path, i) for i in range(3)]
    texts = [VJP_CELL, REFS_CELL, AGAIN_CELL]
    code = types.NotebookCellKind.Code
    async with session(caps, init_options={"debounce": 0}, trace=types.TraceValue.Verbose) as client:
        uri = open_notebook(client, path, [(cell, code, text) for cell, text in zip(cells, texts)])
        [first] = await wait_published(client, cells[1], 1)
        [second] = await wait_published(client, cells[2], 1)
        assert first.code == second.code == "JXE001"
        assert first.range.start.line == 1 and second.range.start.line == 0
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=cells[1]), range=first.range,
            context=types.CodeActionContext(diagnostics=[first], only=["source.fixAll.jaxerr"])))
        [fix_all] = [a for a in actions if a.kind == "source.fixAll.jaxerr"]
        fix_all = await resolved(client, caps, fix_all)
        assert fix_all.edit is not None and fix_all.edit.document_changes is not None
        # One edit per cell, each for the cell's version; the magic and cell 0 untouched.
        assert sorted(change.text_document.uri for change in fix_all.edit.document_changes) == cells[1:]
        fixed = {cell: apply_edits(text, edits_for(types.WorkspaceEdit(document_changes=[
                     c for c in fix_all.edit.document_changes if c.text_document.uri == cell]), cell, 1), "utf-16")
                 for cell, text in zip(cells[1:], texts[1:])}
        assert fixed[cells[1]] == REFS_CELL.replace("((w_grad, b_grad),", '({"w": w_grad, "b": b_grad},')
        assert fixed[cells[2]] == AGAIN_CELL.replace("((w_grad, b_grad),", '({"w": w_grad, "b": b_grad},')

        # A cell run (its execution summary changes): nothing to check again. Then the fix
        # applied to cell 2: one new analysis, of the program's version 2.
        change_notebook(client, uri, 1, types.NotebookDocumentCellChanges(data=[types.NotebookCell(
            kind=code, document=cells[1],
            execution_summary=types.ExecutionSummary(execution_order=1, success=True))]))
        [change] = [c for c in fix_all.edit.document_changes if c.text_document.uri == cells[2]]
        change_notebook(client, uri, 2, text_change(cells[2], 2, change.edits[0].range, change.edits[0].new_text))
        assert await wait_published(client, cells[2], 2) == []

        def analyzed() -> list[str]:  # the program versions analyzed ($/logTrace follows the publication)
            return [t.split(" version ")[1].split()[0] for t in client.traces if t.startswith(f"analyzed {uri} ")]

        for _ in range(500):
            if "2" in analyzed():
                break
            await asyncio.sleep(0.01)
        assert analyzed() == ["1", "2"], client.traces
        # Cell 0, clean from the start, was told so once, and cell 1, whose diagnostic is the
        # same after cell 2's edit, was sent it once: only changed lists are sent again.
        assert [p.uri for p in client.published].count(cells[0]) == 1
        assert [p.uri for p in client.published].count(cells[1]) == 1

        # Saved: checked again (as a .py file is, for a pyproject.toml changed meanwhile).
        client.notebook_document_did_save(types.DidSaveNotebookDocumentParams(
            notebook_document=types.NotebookDocumentIdentifier(uri=uri)))
        for _ in range(1000):
            if analyzed() == ["1", "2", "2"]:
                break
            await asyncio.sleep(0.01)
        assert analyzed() == ["1", "2", "2"], client.traces


class _Discard:
    """The in-process server's output, not read."""

    def write(self, data: bytes) -> None:
        pass

    def close(self) -> None:
        pass


async def test_fix_edits_no_cell_can_take_are_refused():
    """In process: an edit of the program that spans two cells, or touches a masked magic, is
    no cell's edit (notebook.JoinedCells.edit_to_cell): the fix gets no edit; one inside a cell
    lands there, at the cell's position and version (snapshot.Program.workspace_edit)."""
    from jaxerr_lsp.fixes import TextEdit
    from jaxerr_lsp.core.findings import Span
    from jaxerr_lsp.server import create_server
    from jaxerr_lsp.server.worker import AnalysisRunner

    server = create_server()
    session = server.session
    session.runner = AnalysisRunner(use_process=False)
    server.protocol.set_writer(_Discard())
    server.protocol.handle_message(types.InitializeRequest(id=1, params=types.InitializeParams(
        capabilities=with_notebooks(capabilities("visual-studio-code")))))
    path = Path("/tmp/never-written/refuse.ipynb")
    cells = [cell_uri(path, i) for i in range(2)]
    uri = from_fs_path(str(path))
    server.protocol.handle_message(types.DidOpenNotebookDocumentNotification(params=types.DidOpenNotebookDocumentParams(
        notebook_document=types.NotebookDocument(uri=uri, notebook_type="jupyter-notebook", version=0, cells=[
            types.NotebookCell(kind=types.NotebookCellKind.Code, document=cell) for cell in cells]),
        cell_text_documents=[types.TextDocumentItem(uri=cells[0], language_id="python", version=3, text=IMPORTS),
                             types.TextDocumentItem(uri=cells[1], language_id="python", version=5, text=DEFINE)])))
    await asyncio.sleep(0)
    try:
        snapshot = session.snapshot(cells[1])
        assert snapshot is not None and snapshot.cell == 1 and snapshot.version == 5
        program = snapshot.program
        assert program.is_notebook and program.uri == uri
        # program lines: 1-3 cell 0 (line 3 the masked `%load_ext`), 4-5 cell 1
        across = TextEdit(Span(2, 0, 4, 3), "x")
        on_magic = TextEdit(Span(3, 1, 3, 4), "y")
        inside = TextEdit(Span(5, 11, 5, 19), "jnp.repeat")
        assert program.workspace_edit([inside, across], document_changes=True) is None
        assert program.workspace_edit([on_magic], document_changes=True) is None
        edit = program.workspace_edit([inside], document_changes=True)
        assert edit is not None and edit.document_changes is not None
        [change] = edit.document_changes
        assert change.text_document.uri == cells[1] and change.text_document.version == 5
        assert apply_edits(DEFINE, list(change.edits), "utf-16") == DEFINE.replace("jnp.tile", "jnp.repeat")
    finally:
        session.runner.shutdown()
        session.fix_pool.shutdown()
