"""What a notebook costs the language server over the same code as one .py file. Not a test.

Starts `python -m jaxerr_lsp serve` with pygls' client over stdio (debounce 0), opens a
notebook whose code cells are the test cases of the tracer rules (each file a cell, about 500
lines in 40 cells), and repeats a one-character edit in the first cell, timing
`notebookDocument/didChange` -> the `publishDiagnostics` of that cell's new version. Then the
same program as one text document, the same edit, `didChange` -> `publishDiagnostics`. The
difference is the notebook's own cost: joining the cells (on the server's event loop) and
publishing per cell. `join_cells` alone is timed in this process too. The server's own
`$/logTrace` splits each edit: the engine's time in the worker, the worker round trip (queue,
pickling), the publication (findings to diagnostics, sent per cell); `--profile FILE` runs the
server's main process under cProfile and writes its stats there (`python -m pstats FILE`).

Usage: python bench/bench_notebook_latency.py [--edits 20] [--cells 40] [--edit top|cell]
       [--profile FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import re
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
        # The server's trace of each check: [engine ms, round trip ms, publish ms].
        self.traces: list[list[float]] = []

        @self.feature(types.LOG_TRACE)
        def on_trace(params: types.LogTraceParams) -> None:
            print("TRACE", params.message[:300]) if VERBOSE else None
            found = re.search(r"in ([\d.]+) ms: .* round trip ([\d.]+) ms, publish ([\d.]+) ms", params.message)
            if found:
                self.traces.append([float(group) for group in found.groups()])

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
VERBOSE = False  # set from --verbose: print the server's trace


def edit(version: int, at: types.Position | None = None) -> tuple[types.Range, str]:
    """`top`: add an empty first line, then take it out again: the program stays whole and
    everything below moves. `cell`: type a space right before a diagnostic of a cell in
    the middle (`at`, its start; the same place of the program in the .py), then delete it:
    that statement's slice is analysed again, and the diagnostic moves (so it is published
    again)."""
    if EDIT == "cell" and at is not None:
        if version % 2 == 0:
            return types.Range(start=at, end=at), " "
        return types.Range(start=at, end=types.Position(line=at.line, character=at.character + 1)), ""
    start = types.Position(line=0, character=0)
    if version % 2 == 0:
        return types.Range(start=start, end=start), "\n"
    return types.Range(start=start, end=types.Position(line=1, character=0)), ""


async def notebook_latencies(client: Client, folder: Path, cells: list[str], edits: int
                             ) -> tuple[list[float], types.Position | None]:
    """The latencies, and where the edits were made in the program (`--edit cell`)."""
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
    if at is None:
        return times, None
    start = join_cells(cells).starts[edited]  # the same place in the program: the .py's
    return times, types.Position(line=start - 1 + at.line, character=at.character)


async def document_latencies(client: Client, folder: Path, text: str, edits: int,
                             at: types.Position | None) -> list[float]:
    uri = from_fs_path(str(folder / "bench.py"))
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="python", version=1, text=text)))
    await client.published_at(uri, 1)
    times = []
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


def split(traces: list[list[float]]) -> str:
    """The medians of the server's trace of the edits' checks: engine, round trip, publish."""
    if not traces:
        return "(no trace)"
    engine, trip, publish = (statistics.median(column) for column in zip(*traces))
    return f"engine {engine:.1f} ms, worker round trip {trip:.1f} ms, publish {publish:.1f} ms"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--cells", type=int, default=40)
    parser.add_argument("--edit", choices=("top", "cell"), default="top")
    parser.add_argument("--profile", metavar="FILE", help="cProfile the server's main process into FILE")
    parser.add_argument("--verbose", action="store_true", help="print the server's trace of each check")
    args = parser.parse_args()
    global EDIT, VERBOSE
    EDIT, VERBOSE = args.edit, args.verbose
    files = sorted((ROOT / "tests" / "cases").glob("tracer-*/*.py"))[:args.cells]
    cells = [f.read_text(encoding="utf-8") for f in files]
    joined = join_cells(cells)
    started = time.perf_counter()
    for _ in range(20):
        join_cells(cells)
    join_ms = (time.perf_counter() - started) / 20 * 1000
    print(f"{len(cells)} cells, {joined.source.count(chr(10)) + 1} lines; join_cells {join_ms:.1f} ms")

    client = Client()
    if args.profile:
        await client.start_io(sys.executable, "-c", "import cProfile, sys; from jaxerr_lsp.server import main; "
                              f"cProfile.run('main()', {str(Path(args.profile).resolve())!r})")
    else:
        await client.start_io(sys.executable, "-m", "jaxerr_lsp", "serve")
    await client.initialize_async(types.InitializeParams(
        trace=types.TraceValue.Verbose,
        capabilities=types.ClientCapabilities(notebook_document=types.NotebookDocumentClientCapabilities(
            synchronization=types.NotebookDocumentSyncClientCapabilities())),
        initialization_options={"debounce": 0}))
    client.initialized(types.InitializedParams())
    try:
        with tempfile.TemporaryDirectory() as folder:
            as_notebook, at = await notebook_latencies(client, Path(folder), cells, args.edits)
            notebook_traces, client.traces = client.traces[-args.edits:], []
            as_document = await document_latencies(client, Path(folder), joined.source, args.edits, at)
            document_traces = client.traces[-args.edits:]
    finally:
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
    print(f"notebook, didChange -> diagnostics: {summary(as_notebook)}; {split(notebook_traces)}")
    print(f".py,      didChange -> diagnostics: {summary(as_document)}; {split(document_traces)}")
    print(f"notebook overhead (medians): {statistics.median(as_notebook) - statistics.median(as_document):+.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
