"""What a request sees: a document at one version, and the program it is analysed as.

`Program` is what the engine analyses, at one version: a file's text, or an open notebook's
Python code cells joined as one program (jaxerr_lsp.notebooks.cells.join_cells: in order, magics
masked without moving a line or a column). It translates the engine's positions (1-based lines,
code-point columns, in the program) into the documents the client knows: `locate` (a span as a
document and an LSP range: the file itself, or the cell holding it), `references` (a message's
`path:LINE` as `path:cell N:LINE`), `workspace_edit` (a fix's edits on the documents). Its
caches fill once per version: the analysis (`job`, set by the session, which runs it), the
fixes computed, the JAX imports, the position converters.

`DocumentSnapshot` is one document the client names (a file, a notebook cell, or the notebook
itself) at one version, with its `Program`: `span` and `position` take an LSP range or
position in the document to the program's, `range` takes a span of the program back to the
document. Hover, code actions and diagnostics ask a snapshot and never ask whether it is a file
or a cell.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from lsprotocol import types

from jaxerr_lsp.core.findings import Analysis, Finding, Span
from jaxerr_lsp.notebooks.cells import JoinedCells
from jaxerr_lsp.server.positions import PositionConverter

if TYPE_CHECKING:
    from jaxerr_lsp.app.fix_loop import FindingFixes
    from jaxerr_lsp.fixes import TextEdit
    from jaxerr_lsp.server.worker import Job


class Program:
    """The text the engine analyses at one version, and how its positions map onto documents.

    The fields never change; the caches (`job`, `fixes`, `imports`, converters) fill once."""

    def __init__(self, uri: str, version: int | None, source: str, path: str | None, encoding: str,
                 joined: JoinedCells | None = None, cells: Sequence[str] = (),
                 versions: Callable[[str], int | None] | None = None) -> None:
        self.uri = uri  # the file's, or the notebook's
        self.version = version  # the file's version, or the joined program's (1, 2, ...)
        self.source = source
        self.path = path  # on the file system (configuration, links, `path:LINE` in messages)
        self.encoding = encoding  # the client's position encoding
        self.joined = joined  # a notebook's code cells joined; None for a file
        self.cells = tuple(cells)  # the URIs of a notebook's code cells joined, in order
        # The version a cell's document has now (a fix's edits name it).
        self._versions = versions or (lambda uri: None)
        self.job: Job | None = None  # the last analysis of this text (the session runs it)
        self.pending: asyncio.Future[Job] | None = None  # the analysis running
        self.fixes: dict[Finding, FindingFixes] = {}  # for `source`
        self.imports: dict[str, str] | None = None  # app.api_under_cursor.import_map(source)
        self._cell_converters: dict[int, PositionConverter] = {}

    @property
    def is_notebook(self) -> bool:
        return self.joined is not None

    @property
    def analysis(self) -> Analysis | None:
        return self.job.analysis if self.job is not None else None

    @property
    def findings(self) -> list[Finding]:
        return self.job.analysis.findings if self.job is not None else []

    def discard(self) -> None:
        """A newer version replaces this one: its analysis, if still queued, is not run."""
        if self.pending is not None and not self.pending.done():
            self.pending.cancel()

    @cached_property
    def converter(self) -> PositionConverter:
        return PositionConverter(self.source, self.encoding)

    def cell_converter(self, cell: int) -> PositionConverter:
        """A converter for a cell's text as joined (the text its findings were found in)."""
        assert self.joined is not None
        if cell not in self._cell_converters:
            self._cell_converters[cell] = PositionConverter(self.joined.cells[cell], self.encoding)
        return self._cell_converters[cell]

    def cell_index(self, uri: str) -> int | None:
        """The index of the code cell at `uri` among the joined cells, or None."""
        from urllib.parse import unquote

        if uri in self.cells:
            return self.cells.index(uri)
        plain = [unquote(cell) for cell in self.cells]
        return plain.index(unquote(uri)) if unquote(uri) in plain else None

    # ---- the program's positions in the documents --------------------------------------------

    def locate(self, span: Span) -> tuple[str, types.Range, int | None] | None:
        """A span of the program as (document URI, LSP range there, cell index or None). A span
        over two cells (no finding has one) is cut at the end of the first."""
        if self.joined is None:
            return self.uri, self.converter.range(span), None
        if not self.cells:
            return None
        located = self.joined.span_to_cell(span)
        if located is None:
            cell, line, column = self.joined.to_cell(span.start_line, span.start_column)
            last = self.joined.line_count(cell)
            end = len(self.cell_converter(cell).lines[last - 1])
            located = cell, Span(line, column, last, end)
        cell, cell_span = located
        return self.cells[cell], self.cell_converter(cell).range(cell_span), cell

    def references(self, text: str) -> str:
        """`text` (a message) with each `notebook.ipynb:LINE` of the program (where a traced
        function starts) as `notebook.ipynb:cell N:LINE`; a file's text as it is."""
        if self.joined is None:
            return text
        return self.joined.cell_references(text, self.path or "<string>")

    def workspace_edit(self, edits: Sequence[TextEdit], document_changes: bool) -> types.WorkspaceEdit | None:
        """A fix's edits on the program as edits of the documents (`document_changes`: the
        client takes versioned edits); None when one of them cannot be (it spans two cells,
        or touches a masked magic)."""
        per_document: dict[int, list[types.TextEdit]] = {}
        if self.joined is None:
            per_document[0] = [types.TextEdit(range=self.converter.range(e.span), new_text=e.new_text)
                               for e in edits]
            uris, versions = [self.uri], [self.version]
        else:
            for edit in edits:
                cell_edit = self.joined.edit_to_cell(edit.span, edit.new_text)
                if cell_edit is None:
                    return None
                conv = self.cell_converter(cell_edit.cell)
                per_document.setdefault(cell_edit.cell, []).append(
                    types.TextEdit(range=conv.range(cell_edit.span), new_text=cell_edit.new_text))
            uris = list(self.cells)
            versions = [self._versions(uri) for uri in uris]
        if document_changes:
            return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(
                    uri=uris[index], version=versions[index]),
                edits=list(text_edits)) for index, text_edits in sorted(per_document.items())])
        return types.WorkspaceEdit(changes={uris[index]: text_edits
                                            for index, text_edits in sorted(per_document.items())})


@dataclass(frozen=True, eq=False)
class DocumentSnapshot:
    """A document the client names, at one version, and the program it is analysed as: a
    file is its own program; a notebook cell is one cell (`cell`) of its notebook's."""

    uri: str
    version: int | None
    text: str
    language: str
    program: Program
    cell: int | None = None  # the cell's index among the program's cells

    @property
    def analysis(self) -> Analysis | None:
        """The program's analysis, or None while it is not done for this version."""
        return self.program.analysis

    @property
    def findings(self) -> list[Finding]:
        return self.program.findings

    @property
    def _converter(self) -> PositionConverter:
        return self.program.converter if self.cell is None else self.program.cell_converter(self.cell)

    def position(self, position: types.Position) -> tuple[int, int] | None:
        """An LSP position in the document as (line, column) in the program; None when the
        line is not in the document."""
        where = self._converter.from_position(position)
        if where is None or self.cell is None:
            return where
        assert self.program.joined is not None
        return self.program.joined.to_program(self.cell, *where)

    def span(self, rng: types.Range) -> Span | None:
        """An LSP range in the document as a span of the program."""
        span = self._converter.to_span(rng)
        if span is None or self.cell is None:
            return span
        assert self.program.joined is not None
        start = self.program.joined.to_program(self.cell, span.start_line, span.start_column)
        end = self.program.joined.to_program(self.cell, span.end_line, span.end_column)
        return Span(*start, *end)

    def range(self, span: Span) -> types.Range | None:
        """A span of the program as an LSP range in this document; None when it is in
        another one (another cell)."""
        if self.cell is None:
            return self.program.converter.range(span)
        located = self.program.locate(span)
        return located[1] if located is not None and located[2] == self.cell else None

    def lines(self) -> list[str]:
        """The program's lines (what the engine's positions count)."""
        return self.program.converter.lines


def program_snapshot(program: Program, language: str = "python") -> DocumentSnapshot:
    """The program itself as a document (a notebook: asked by its URI, as a code action's data
    names it)."""
    return DocumentSnapshot(program.uri, program.version, program.source, language, program)
