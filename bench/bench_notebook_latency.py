"""What a notebook costs the language server over the same code as one .py file. Not a test.

Starts `python -m jaxerr_lsp serve` with pygls' client over stdio (debounce 0), opens a
notebook whose code cells are the test cases of the tracer rules (each file a cell, about 500
lines in 40 cells), and repeats a one-character edit in the first cell, timing
`notebookDocument/didChange` -> the `publishDiagnostics` of that cell's new version. Then the
same program as one text document, the same edit, `didChange` -> `publishDiagnostics`. The
difference is the notebook's own cost: joining the cells (on the server's event loop) and
publishing per cell. `join_cells` alone is timed in this process too.

Usage: python bench/bench_notebook_latency.py [--edits 20] [--cells 40] [--edit top|cell]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

from jaxerr_lsp.notebooks.cells import join_cells

ROOT = Path(__file__).resolve().parents[1]


class Client(LanguageClient):
    def __init__(self) -> None:
        super().__init__("bench", "0")
        self.published: dict[tuple[str, int | None], float] = {}
        self.diagnostics: dict[str, list[types.Diagnostic]] = {}

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_publish(params: types.PublishDiagnosticsParams) -> None:
            self.published.setdefault((params.uri, params.version), time.perf_counter())
            self.diagnostics[params.uri] = params.diagnostics

    async def published_at(self, uri: str, version: int, timeout: float = 120.0) -> float:
        deadline = time.monotonic() + timeout
        while (uri, version) not in self.published:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no diagnostics for {uri} version {version}")
            await asyncio.sleep(0.002)
        return self.published[(uri, version)]


EDIT = "top"  # set from --edit


def edit(version: int, at: types.Position | None = None) -> tuple[types.Range, str]:
    """`top`: add an empty first line, then take it out again: the program stays whole and
    everything below moves (with many findings whose messages say their lines, most of the
    program is analysed again). `cell`: type a space right before a diagnostic of a cell in
    the middle (`at`, its start), then delete it: that statement's slice is analysed again,
    and the diagnostic moves (so it is published again)."""
    if EDIT == "cell" and at is not None:
        if version % 2 == 0:
            return types.Range(start=at, end=at), " "
        return types.Range(start=at, end=types.Position(line=at.line, character=at.character + 1)), ""
    start = types.Position(line=0, character=0)
    if version % 2 == 0:
        return types.Range(start=start, end=start), "\n"
    return types.Range(start=start, end=types.Position(line=1, character=0)), ""


async def notebook_latencies(client: Client, folder: Path, cells: list[str], edits: int) -> list[float]:
    uri = from_fs_path(str(folder / "bench.ipynb"))
    cell_uris = [f"vscode-notebook-cell:{folder}/bench.ipynb#W{i}sZmlsZQ%3D%3D" for i in range(len(cells))]
    client.notebook_document_did_open(types.DidOpenNotebookDocumentParams(
        notebook_document=types.NotebookDocument(uri=uri, notebook_type="jupyter-notebook", version=0, cells=[
            types.NotebookCell(kind=types.NotebookCellKind.Code, document=cell) for cell in cell_uris]),
        cell_text_documents=[types.TextDocumentItem(uri=cell, language_id="python", version=1, text=text)
                             for cell, text in zip(cell_uris, cells)]))
    await client.published_at(cell_uris[0], 1)
    edited, at = 0, None
    if EDIT == "cell":
        await client.published_at(cell_uris[-1], 1)
        edited = next(i for i in range(len(cells) // 2, len(cells)) if client.diagnostics.get(cell_uris[i]))
        at = client.diagnostics[cell_uris[edited]][0].range.start
    times = []
    for version in range(2, edits + 2):
        rng, text = edit(version, at)
        sent = time.perf_counter()
        client.notebook_document_did_change(types.DidChangeNotebookDocumentParams(
            notebook_document=types.VersionedNotebookDocumentIdentifier(uri=uri, version=version),
            change=types.NotebookDocumentChangeEvent(cells=types.NotebookDocumentCellChanges(text_content=[
                types.NotebookDocumentCellContentChanges(
                    document=types.VersionedTextDocumentIdentifier(uri=cell_uris[edited], version=version),
                    changes=[types.TextDocumentContentChangePartial(range=rng, text=text)])]))))
        times.append((await client.published_at(cell_uris[edited], version) - sent) * 1000)
    return times


async def document_latencies(client: Client, folder: Path, text: str, edits: int) -> list[float]:
    uri = from_fs_path(str(folder / "bench.py"))
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="python", version=1, text=text)))
    await client.published_at(uri, 1)
    times = []
    at = None
    if EDIT == "cell":
        middle = len(client.diagnostics[uri]) // 2
        at = client.diagnostics[uri][middle].range.start
    for version in range(2, edits + 2):
        rng, new_text = edit(version, at)
        sent = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(range=rng, text=new_text)]))
        times.append((await client.published_at(uri, version) - sent) * 1000)
    return times


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    return f"median {statistics.median(ordered):6.1f} ms, p95 {ordered[int(0.95 * (len(ordered) - 1))]:6.1f} ms"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--cells", type=int, default=40)
    parser.add_argument("--edit", choices=("top", "cell"), default="top")
    args = parser.parse_args()
    global EDIT
    EDIT = args.edit
    files = sorted((ROOT / "tests" / "cases").glob("tracer-*/*.py"))[:args.cells]
    cells = [f.read_text(encoding="utf-8") for f in files]
    joined = join_cells(cells)
    started = time.perf_counter()
    for _ in range(20):
        join_cells(cells)
    join_ms = (time.perf_counter() - started) / 20 * 1000
    print(f"{len(cells)} cells, {joined.source.count(chr(10)) + 1} lines; join_cells {join_ms:.1f} ms")

    client = Client()
    await client.start_io(sys.executable, "-m", "jaxerr_lsp", "serve")
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(notebook_document=types.NotebookDocumentClientCapabilities(
            synchronization=types.NotebookDocumentSyncClientCapabilities())),
        initialization_options={"debounce": 0}))
    client.initialized(types.InitializedParams())
    try:
        with tempfile.TemporaryDirectory() as folder:
            as_notebook = await notebook_latencies(client, Path(folder), cells, args.edits)
            as_document = await document_latencies(client, Path(folder), joined.source, args.edits)
    finally:
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
    print(f"notebook, didChange -> diagnostics: {summary(as_notebook)}")
    print(f".py,      didChange -> diagnostics: {summary(as_document)}")
    print(f"notebook overhead (medians): {statistics.median(as_notebook) - statistics.median(as_document):+.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
