"""The session and the document snapshot, in process: a notebook cell's snapshot maps its
positions to the program's and back; a program is analysed once per version, whoever asks."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from typing import Any

from lsprotocol import types

from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.fixes import TextEdit
from jaxerr_lsp.notebooks.cells import join_cells
from jaxerr_lsp.server import create_server
from jaxerr_lsp.server.snapshot import DocumentSnapshot, Program
from jaxerr_lsp.server.worker import AnalysisRunner, Job

from .helpers import TRIGGER

CELLS = ["import jax\n%load_ext jaxerr_lsp\n", "x = jax.numpy.ones(3)\ny = x.reshape(4)\n"]


def _notebook_program() -> Program:
    joined = join_cells(CELLS, [1, 3])
    uris = ["nb-cell:a", "nb-cell:b"]
    return Program("file:///tmp/nb.ipynb", 2, joined.source, "/tmp/nb.ipynb", "utf-16", joined, uris,
                   versions={"nb-cell:a": 7, "nb-cell:b": 9}.get)


def test_a_cell_snapshot_maps_positions_to_the_program_and_back():
    program = _notebook_program()
    assert program.joined is not None
    start = program.joined.starts[1]  # the program line where the second cell starts
    cell = DocumentSnapshot("nb-cell:b", 9, CELLS[1], "python", program, cell=1)
    assert cell.position(types.Position(line=1, character=4)) == (start + 1, 4)
    assert cell.span(types.Range(start=types.Position(line=0, character=0),
                                 end=types.Position(line=1, character=1))) == Span(start, 0, start + 1, 1)
    assert cell.position(types.Position(line=9, character=0)) is None  # not a line of the cell
    # Back: a span of the program in this cell is a range of the cell; in the other cell, none.
    in_cell = Span(start + 1, 4, start + 1, 13)
    assert cell.range(in_cell) == types.Range(start=types.Position(line=1, character=4),
                                              end=types.Position(line=1, character=13))
    assert cell.range(Span(1, 0, 1, 6)) is None
    assert program.locate(Span(1, 0, 1, 6)) == ("nb-cell:a", types.Range(
        start=types.Position(line=0, character=0), end=types.Position(line=0, character=6)), 0)
    assert program.references(f"traced at /tmp/nb.ipynb:{start + 1}") == "traced at /tmp/nb.ipynb:cell 3:2"
    # A fix's edit lands on the cell, with the cell's version.
    edit = program.workspace_edit([TextEdit(in_cell, "x.reshape(3)")], document_changes=True)
    assert edit is not None and edit.document_changes is not None
    [change] = edit.document_changes
    assert isinstance(change, types.TextDocumentEdit)
    assert (change.text_document.uri, change.text_document.version) == ("nb-cell:b", 9)
    assert [e.range for e in change.edits] == [cell.range(in_cell)]


def test_a_file_snapshot_is_its_own_program():
    text = "import jax\n\nx = 'é😀'; y = jax.numpy.ones(3)\n"
    program = Program("file:///tmp/f.py", 4, text, "/tmp/f.py", "utf-16")
    snapshot = DocumentSnapshot(program.uri, 4, text, "python", program)
    # UTF-16: the emoji takes two code units, one code point.
    assert snapshot.position(types.Position(line=2, character=10)) == (3, 9)
    span = Span(3, 9, 3, 10)
    assert snapshot.range(span) == types.Range(start=types.Position(line=2, character=10),
                                               end=types.Position(line=2, character=11))
    assert program.locate(span) == (program.uri, snapshot.range(span), None)
    assert program.references("at /tmp/f.py:3") == "at /tmp/f.py:3"
    edit = program.workspace_edit([TextEdit(span, "z")], document_changes=False)
    assert edit is not None and edit.changes == {program.uri: [types.TextEdit(range=snapshot.range(span), new_text="z")]}


class _CountingRunner(AnalysisRunner):
    """The real analysis, in a thread, held until `release` is set; each submit counted."""

    def __init__(self) -> None:
        super().__init__(use_process=False)
        self.submitted: list[str] = []
        self.release = threading.Event()

    def submit(self, text: str, path: str | None, settings: Any, overlays: Any = None) -> Future[Job]:
        self.submitted.append(text)
        inner = super().submit(text, path, settings, overlays)
        outer: Future[Job] = Future()

        def hold() -> None:
            self.release.wait(30)
            if not outer.set_running_or_notify_cancel():
                return  # cancelled while held
            try:
                outer.set_result(inner.result())
            except BaseException as exc:  # noqa: BLE001
                outer.set_exception(exc)

        threading.Thread(target=hold, daemon=True).start()
        return outer


async def test_a_program_is_analysed_once_per_version():
    server = create_server()
    session = server.session
    runner = session.runner = _CountingRunner()
    try:
        program = Program("untitled:once", 1, TRIGGER, None, "utf-16")
        first = asyncio.ensure_future(session.analysed(program))
        second = asyncio.ensure_future(session.analysed(program))
        await asyncio.sleep(0.05)
        first.cancel()  # one request goes away: the other still gets the shared analysis
        await asyncio.sleep(0)
        runner.release.set()
        job = await second
        assert first.cancelled()
        assert runner.submitted == [TRIGGER]
        assert program.job is job and [f.code for f in job.analysis.findings] == ["JXE001"]
        assert await session.analysed(program) is job and runner.submitted == [TRIGGER]
        # New settings: analysed again, on request.
        again = await session.analysed(program, fresh=True)
        assert again is not job and program.job is again and len(runner.submitted) == 2
        # A newer version replaces it: its analysis, still waiting, is stopped.
        runner.release.clear()
        newer = Program("untitled:once", 2, TRIGGER + "\n", None, "utf-16")
        waiting = asyncio.ensure_future(session.analysed(newer))
        await asyncio.sleep(0.05)
        assert newer.pending is not None
        newer.discard()
        runner.release.set()
        # The request was not cancelled: it gets an analysis of its own.
        assert [f.code for f in (await waiting).analysis.findings] == ["JXE001"]
        assert len(runner.submitted) == 4
    finally:
        runner.release.set()
        session.runner.shutdown()
        session.fix_pool.shutdown()
