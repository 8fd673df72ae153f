"""A notebook edited cell by cell, in process: what the server keeps between versions (the
cells joined, patched where a cell's text changed; the engine's slices; each finding's
diagnostic, said in its cell's terms; the lists published per cell) gives, after every edit of
random edit sequences, exactly the diagnostics a whole analysis of the new notebook gives, and
the client holds them (a cell whose list did not change was not sent it again)."""

from __future__ import annotations

import ast
import asyncio
import random
from pathlib import Path

import attrs
from lsprotocol import types
from pygls.uris import from_fs_path

from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.notebooks.cells import join_cells
from jaxerr_lsp.server import create_server
from jaxerr_lsp.server.diagnostics import to_diagnostic
from jaxerr_lsp.server.session import Session
from jaxerr_lsp.server.snapshot import Program
from jaxerr_lsp.server.worker import AnalysisRunner, Job

ROOT = Path(__file__).resolve().parents[2]
# Cases whose findings say where their traced function is (`f at path:N`), and others.
# The cells: these cases, named (a glob's first files would change as cases are added, and
# with them how many diagnostics the random edits move).
CASES = [ROOT / "tests" / "cases" / name for name in (
    "tracer-bool-conversion/and_operands.py", "tracer-bool-conversion/array_argument_decides_matmul.py",
    "tracer-bool-conversion/bool_call.py", "tracer-bool-conversion/bound_method_jit.py",
    "tracer-bool-conversion/bound_method_scan.py", "tracer-bool-conversion/branch_the_default_flag_takes.py",
    "tracer-bool-conversion/builtin_max_min.py", "tracer-bool-conversion/builtin_min_of_two_arrays.py",
    "tracer-bool-conversion/check_under_flag_left_at_default.py",
    "tracer-bool-conversion/checkpoint_flag_from_helper_call.py",
    "broadcast-incompatible-shapes/add_vectors.py", "broadcast-incompatible-shapes/bool_arrays_or.py",
    "broadcast-incompatible-shapes/broadcasts_fine.py",
    "broadcast-incompatible-shapes/channels_chosen_by_flag.py")]
LINES = ["", "x = 1", "    pass", "import jax.numpy as jnp", "y = jnp.ones(3) + jnp.ones(4)", "%time f(1)",
         "def g(x):", "    return x"]


def expected(session: Session, uri: str, path: str, cells: list[str], texts: list[str]
             ) -> dict[str, list[types.Diagnostic]]:
    """The diagnostics of a whole analysis of the notebook, each cell's, without their data."""
    joined = join_cells(texts, range(1, len(texts) + 1))
    program = Program(uri, 0, joined.source, path, session.encoding, joined, cells)
    program.job = Job(analyze(joined.source, None, path), [], 0.0)
    out: dict[str, list[types.Diagnostic]] = {cell: [] for cell in cells}
    for index in range(len(program.findings)):
        located = to_diagnostic(session, program, index)
        assert located is not None
        out[located[0]].append(attrs.evolve(located[1], data=None))
    return out


def random_edit(rng: random.Random, text: str) -> tuple[types.Range, str]:
    """An edit of a cell's text, as typing and editing make them: a line added at the top
    (every cell below moves), a character typed or deleted, a line deleted, duplicated or
    replaced."""
    lines = text.split("\n")
    kind = rng.randrange(6)
    line = rng.randrange(len(lines))
    at = types.Position(line=line, character=rng.randint(0, len(lines[line])))
    if kind == 0:
        start = types.Position(line=0, character=0)
        return types.Range(start=start, end=start), rng.choice(["\n", "\n\n", "# note\n"])
    if kind == 1:
        return types.Range(start=at, end=at), rng.choice(list(" x1(=.:") + ["\n"])
    if kind == 2 and at.character < len(lines[line]):
        return types.Range(start=at, end=types.Position(line=line, character=at.character + 1)), ""
    if kind == 3 and line + 1 < len(lines):
        return types.Range(start=types.Position(line=line, character=0),
                           end=types.Position(line=line + 1, character=0)), ""
    start = types.Position(line=line, character=0)
    if kind == 4:
        return types.Range(start=start, end=start), lines[line] + "\n"
    return types.Range(start=start, end=types.Position(line=line, character=len(lines[line]))), rng.choice(LINES)


def apply(text: str, rng: types.Range, new: str) -> str:
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    start = offsets[rng.start.line] + rng.start.character
    end = offsets[rng.end.line] + rng.end.character
    return text[:start] + new + text[end:]


async def test_random_cell_edits_publish_what_the_whole_analysis_gives(tmp_path: Path) -> None:
    server = create_server()
    session = server.session
    session.runner = AnalysisRunner(use_process=False)
    published: dict[str, list[types.Diagnostic]] = {}
    sends: list[str] = []

    def publish(uri: str, version: int | None, diagnostics: list[types.Diagnostic]) -> None:
        published[uri] = [attrs.evolve(d, data=None) for d in diagnostics]
        sends.append(uri)

    session.publish = publish  # type: ignore[method-assign]
    protocol = server.protocol
    protocol.set_writer(_Sink())
    protocol.handle_message(types.InitializeRequest(id=1, params=types.InitializeParams(
        capabilities=types.ClientCapabilities(notebook_document=types.NotebookDocumentClientCapabilities(
            synchronization=types.NotebookDocumentSyncClientCapabilities())),
        initialization_options={"debounce": 0})))
    protocol.handle_message(types.InitializedNotification(params=types.InitializedParams()))
    path = str(tmp_path / "random.ipynb")
    uri = from_fs_path(path)
    assert uri is not None
    texts = [case.read_text() for case in CASES]
    cells = [f"vscode-notebook-cell:{path}#C{i}" for i in range(len(texts))]
    try:
        protocol.handle_message(types.DidOpenNotebookDocumentNotification(params=types.DidOpenNotebookDocumentParams(
            notebook_document=types.NotebookDocument(uri=uri, notebook_type="jupyter-notebook", version=0, cells=[
                types.NotebookCell(kind=types.NotebookCellKind.Code, document=cell) for cell in cells]),
            cell_text_documents=[types.TextDocumentItem(uri=cell, language_id="python", version=1, text=text)
                                 for cell, text in zip(cells, texts)])))
        await _checked(session, uri, 1)
        assert published == expected(session, uri, path, cells, texts)
        assert any(published.values())
        rng = random.Random(20261206)
        versions = [1] * len(cells)
        unsent = moved = 0
        for step in range(2, 42):
            for _ in range(20):  # mostly edits after which the notebook still parses
                edited = rng.randrange(len(cells))
                change, new = random_edit(rng, texts[edited])
                text = apply(texts[edited], change, new)
                if _parses([*texts[:edited], text, *texts[edited + 1:]]) or rng.random() < 0.1:
                    break
            texts[edited] = text
            versions[edited] += 1
            sends.clear()
            protocol.handle_message(types.DidChangeNotebookDocumentNotification(
                params=types.DidChangeNotebookDocumentParams(
                    notebook_document=types.VersionedNotebookDocumentIdentifier(uri=uri, version=step),
                    change=types.NotebookDocumentChangeEvent(cells=types.NotebookDocumentCellChanges(
                        text_content=[types.NotebookDocumentCellContentChanges(
                            document=types.VersionedTextDocumentIdentifier(uri=cells[edited],
                                                                           version=versions[edited]),
                            changes=[types.TextDocumentContentChangePartial(range=change, text=new)])])))))
            notebook = session.notebooks[uri]
            assert notebook.joined == join_cells(texts, range(1, len(texts) + 1)), step
            await _checked(session, uri, notebook.version)
            assert published == expected(session, uri, path, cells, texts), (step, edited, change, new)
            unsent += len(cells) - len(sends)
            moved += sum(len(published[cell]) for cell in cells[edited + 1:]) if "\n" in new else 0
        assert unsent > 20 * len(cells)  # most cells were not sent their unchanged lists again
        assert moved > 50  # diagnostics below a line added: the same in their cells' terms
    finally:
        session.runner.shutdown()
        session.fix_pool.shutdown()


def _parses(texts: list[str]) -> bool:
    try:
        ast.parse(join_cells(texts).source)
    except SyntaxError:
        return False
    return True


async def _checked(session: Session, uri: str, version: int) -> None:
    """Wait for the check of the notebook's program at `version` to be published."""
    for _ in range(1000):
        state = session.documents.get(uri)
        program = state.program if state is not None else None
        if program is not None and program.version == version and program.job is not None \
                and state is not None and state.task is not None and state.task.done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"no check of version {version}")


class _Sink:
    def write(self, data: bytes) -> None:
        pass

    def close(self) -> None:
        pass
