"""A notebook's code cells as one program, and positions and edits both ways.

`join_cells(cells)` puts the code cells, in order, one after the other into one Python
program: each cell starts on a new line (cells are joined with "\\n"; a cell's own line breaks,
`\\r\\n` or `\\r` too, become "\\n"). What IPython accepts but Python does not is masked with
text of the same length, so that every line and every column of the program is the line and
column of the cell it comes from:

- a line magic `%time f(x)`, a shell line `!ls`, `!!ls`, a help line `?jnp.sum`, `jnp.sum?`,
  `%timeit?`, and the right-hand side of `x = !ls` / `x = %sx ls` become the name `_` followed
  by a comment (`_#ime f(x)`): a statement that stays valid where the magic stood, even as the
  only statement of an indented block. Their continuation lines (a trailing backslash, an open
  bracket) become comments.
- a cell magic `%%bash` (the first non-blank line of a cell) makes the whole cell comments,
  except the magics that run the cell's body as Python in the notebook's namespace (`%%time`,
  `%%timeit`, `%%capture`, `%%prun`, `%%debug`): then only their first line is masked.

Escapes are recognised only where a logical line starts (not inside a string, a bracket or a
continued line), as IPython does.

Positions: lines are 1-based, columns 0-based in code points (the engine's convention, see
`findings.py`); cells are numbered from 0 here (the command line prints them from 1, as ruff).

An edit on the program maps onto one cell (`JoinedCells.edit_to_cell`); an edit that spans two
cells, or touches masked text, is refused (None): the cell's own text there is not what the
program shows.

Pure functions, no I/O: reading and writing `.ipynb` files is `notebook_files.py`'s business.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.core.source import LINE_BREAK

__all__ = ["PYTHON_CELL_MAGICS", "CellEdit", "JoinedCells", "join_cells", "split_lines",
           "apply_cell_edits"]

# Cell magics whose body is Python run in the notebook's own namespace: the body is checked.
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})

# IPython's help-at-the-end form: `obj?`, `obj.attr??`, `%magic?` (IPython's `_help_end_re`).
_HELP_END = re.compile(r"%{0,2}(?!\d)[\w*]+(?:\.[\w*]+)*\?\??\s*")
# `x = !ls`, `a, b = %sx ls`: an assignment whose value is a shell line or a line magic.
_ESCAPE_ASSIGNMENT = re.compile(r"\s*[\w.]+(?:\s*,\s*[\w.]+)*\s*=\s*(?=[!%])")
_ESCAPE_STARTS = ("%", "!", "?")
_OPENING = "([{"
_CLOSING = ")]}"


@dataclass(frozen=True)
class CellEdit:
    """Replace the text at `span` (lines 1-based, columns 0-based, in the cell) by
    `new_text`, in code cell `cell` (0-based)."""

    cell: int
    span: Span
    new_text: str


@dataclass(frozen=True)
class JoinedCells:
    """The program the code cells make together, and how its positions map onto them."""

    source: str  # the program: the masked cells joined with "\n"
    cells: tuple[str, ...]  # the cells' own texts, unmasked
    starts: tuple[int, ...]  # the program line (1-based) where each cell starts
    masked: tuple[Span, ...]  # the program text masked (magics, shell and help lines)
    # What each code cell is called in messages: its 1-based number among all the notebook's
    # cells, markdown ones too (as ruff numbers them); 1, 2, ... when not given.
    numbers: tuple[int, ...] = ()

    def number(self, cell: int) -> int:
        """The number code cell `cell` (0-based) is shown as (`cell N` in messages)."""
        return self.numbers[cell] if self.numbers else cell + 1

    def line_count(self, cell: int) -> int:
        """How many lines cell `cell` has (a text ending in a line break has an empty last)."""
        end = self.starts[cell + 1] if cell + 1 < len(self.starts) else self._program_lines() + 1
        return end - self.starts[cell]

    def to_cell(self, line: int, column: int) -> tuple[int, int, int]:
        """(cell, line in the cell, column) of the program position (line, column). Lines
        before the first cell's start or past the last cell's end clamp to those cells."""
        if not self.starts:
            raise ValueError("a notebook without code cells has no positions")
        cell = max(0, bisect.bisect_right(self.starts, line) - 1)
        cell_line = max(1, line - self.starts[cell] + 1)
        return cell, min(cell_line, self.line_count(cell)), column

    def to_program(self, cell: int, line: int, column: int) -> tuple[int, int]:
        """(line, column) in the program of (line, column) in cell `cell`."""
        if not 0 <= cell < len(self.starts):
            raise IndexError(f"no code cell {cell} (there are {len(self.starts)})")
        return self.starts[cell] + line - 1, column

    def span_to_cell(self, span: Span) -> tuple[int, Span] | None:
        """The cell holding `span` and the span in that cell; None if it spans two cells."""
        cell, start_line, start_column = self.to_cell(span.start_line, span.start_column)
        end_cell, end_line, end_column = self.to_cell(span.end_line, span.end_column)
        if end_cell != cell:
            return None
        return cell, Span(start_line, start_column, end_line, end_column)

    def edit_to_cell(self, span: Span, new_text: str) -> CellEdit | None:
        """The program edit (replace `span` by `new_text`) as an edit of one cell, or None
        when it cannot be one: it spans two cells, or it overlaps or touches masked text.

        An edit ending at the very start of the next cell (a whole last line deleted or
        replaced with its line break) ends at its own cell's end instead: the line break
        between two cells is the join's, not a cell's, and stays."""
        if any(_touches(span, masked) for masked in self.masked):
            return None
        cell = self.to_cell(span.start_line, span.start_column)[0]
        next_start = self.starts[cell + 1] if cell + 1 < len(self.starts) else None
        if next_start is not None and (span.end_line, span.end_column) == (next_start, 0):
            if new_text and not new_text.endswith("\n"):
                return None  # it would join the cell's last line with the next cell's first
            last_line = self.line_count(cell)
            span = Span(span.start_line, span.start_column, next_start - 1,
                        len(split_lines(self.cells[cell])[last_line - 1]))
            new_text = new_text.removesuffix("\n")
        located = self.span_to_cell(span)
        if located is None:
            return None
        return CellEdit(located[0], located[1], new_text)

    def cell_references(self, text: str, path: str) -> str:
        """`text` (a finding's message) with each `path:LINE` of the program (the engine
        writes where a traced function starts so) as `path:cell N:LINE` (N: `number`)."""
        def in_cell(match: re.Match[str]) -> str:
            cell, line, _ = self.to_cell(int(match.group(1)), 0)
            return f"{path}:cell {self.number(cell)}:{line}"

        if not self.starts or f"{path}:" not in text:
            return text
        return re.sub(re.escape(path) + r":(\d+)\b", in_cell, text)

    def _program_lines(self) -> int:
        return self._line_total

    @functools.cached_property
    def _line_total(self) -> int:  # counted once (the last cell's line count asks it)
        return self.source.count("\n") + 1


def split_lines(text: str) -> list[str]:
    """`text`'s lines as Python counts them (at \\r\\n, \\r, \\n); a final line break leaves
    an empty last line."""
    return LINE_BREAK.split(text)


def join_cells(cells: Sequence[str], numbers: Sequence[int] = ()) -> JoinedCells:
    """The code cells (their source texts, in order) as one program; see the module doc.
    `numbers`: what each is called in messages (`JoinedCells.numbers`)."""
    if numbers and len(numbers) != len(cells):
        raise ValueError(f"{len(numbers)} numbers for {len(cells)} cells")
    pieces: list[str] = []
    starts: list[int] = []
    masked: list[Span] = []
    line = 1
    for cell in cells:
        starts.append(line)
        text, count, masked_in_cell = _masked(cell)
        if masked_in_cell:
            masked.extend(Span(line + at - 1, start, line + at - 1, end)
                          for at, start, end in masked_in_cell)
        pieces.append(text)
        line += count
    return JoinedCells("\n".join(pieces), tuple(cells), tuple(starts), tuple(masked),
                       tuple(numbers))


@functools.lru_cache(maxsize=4096)
def _masked(cell: str) -> tuple[str, int, tuple[tuple[int, int, int], ...]]:
    """`mask_cell` of a cell's text, kept per text, as the text it adds to the program, its
    line count and what was masked: an edit joins the notebook again at the cost of the cell
    it changed (the others are taken as they were, one string each)."""
    lines, masked = mask_cell(split_lines(cell))
    return "\n".join(lines), len(lines), tuple(masked)


def mask_cell(lines: Sequence[str]) -> tuple[list[str], list[tuple[int, int, int]]]:
    """The cell's lines with IPython's escapes masked, and what was masked, as
    (1-based line, start column, end column)."""
    out = list(lines)
    masked: list[tuple[int, int, int]] = []

    def mask(index: int, start: int, as_statement: bool) -> None:
        line = out[index]
        if start >= len(line):
            return
        out[index] = line[:start] + (_statement_mask if as_statement else _comment_mask)(
            line[start:])
        masked.append((index + 1, start, len(line)))

    magic = _cell_magic(lines)
    if magic is not None:
        index, name = magic
        if name not in PYTHON_CELL_MAGICS:  # not Python: all of it masked, blank lines too
            for i, line in enumerate(lines):
                out[i] = line[:_indent(line)] + _comment_mask(line[_indent(line):])
                masked.append((i + 1, 0, len(line)))
            return out, masked
        mask(index, _indent(lines[index]), as_statement=True)
        skip = {index}
    else:
        skip = set()

    state = _ScanState()
    continuing_escape = False
    for i, line in enumerate(lines):
        if i in skip:
            continue
        if continuing_escape:
            mask(i, _indent(line), as_statement=False)
            state = state.scan(line)
            continuing_escape = not state.at_top
            continue
        if state.at_top:
            escape = _escape_start(line)
            if escape is not None:
                mask(i, escape, as_statement=True)
                state = _ScanState().scan(line[escape + 1:])
                continuing_escape = not state.at_top
                continue
        state = state.scan(line)
    return out, masked


def apply_cell_edits(text: str, edits: Sequence[CellEdit]) -> str:
    """A cell's text with `edits` (all of this cell, none overlapping another) applied; the
    cell's own line breaks are kept. Raises ValueError if two edits overlap."""
    starts = [0]
    for match in LINE_BREAK.finditer(text):
        starts.append(match.end())
    line_ends = [*(m.start() for m in LINE_BREAK.finditer(text)), len(text)]

    def offset(line: int, column: int) -> int:
        index = min(max(line, 1), len(starts)) - 1
        return min(starts[index] + column, line_ends[index])

    located = sorted((offset(e.span.start_line, e.span.start_column),
                      offset(e.span.end_line, e.span.end_column), order, e.new_text)
                     for order, e in enumerate(dict.fromkeys(edits)))
    pieces: list[str] = []
    position = 0
    for start, end, _order, new_text in located:
        if start < position or end < start:
            raise ValueError("overlapping edits")
        pieces += [text[position:start], new_text]
        position = end
    pieces.append(text[position:])
    return "".join(pieces)


def _statement_mask(text: str) -> str:
    """`text` as the name `_` and a comment, as long as `text` (a statement, an expression)."""
    return "_" + ("#" + text[2:] if len(text) >= 2 else "")


def _comment_mask(text: str) -> str:
    """`text` (without its indentation) as a comment of the same length."""
    return "#" + text[1:] if text else ""


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _cell_magic(lines: Sequence[str]) -> tuple[int, str] | None:
    """(line index, magic name) when the cell's first non-blank line is a cell magic."""
    for index, line in enumerate(lines):
        stripped = line.strip()
        if not stripped:
            continue
        if not stripped.startswith("%%"):
            return None
        words = stripped[2:].split(maxsplit=1)
        return index, words[0] if words else ""
    return None


def _escape_start(line: str) -> int | None:
    """The column where an IPython escape starts on a line that starts a logical line."""
    stripped = line.lstrip()
    indent = len(line) - len(stripped)
    if stripped.startswith(_ESCAPE_STARTS) or _HELP_END.fullmatch(stripped):
        return indent
    assignment = _ESCAPE_ASSIGNMENT.match(line)
    if assignment is not None:
        return assignment.end()
    return None


def _touches(span: Span, other: Span) -> bool:
    start, end = (span.start_line, span.start_column), (span.end_line, span.end_column)
    other_start = (other.start_line, other.start_column)
    other_end = (other.end_line, other.end_column)
    return start <= other_end and other_start <= end


@dataclass(frozen=True)
class _ScanState:
    """Where a line ends, for the next: open brackets, an open triple-quoted string (its
    quote), a backslash continuation."""

    depth: int = 0
    string: str | None = None
    continued: bool = False

    @property
    def at_top(self) -> bool:
        """Whether the next line starts a logical line."""
        return self.depth == 0 and self.string is None and not self.continued

    def scan(self, line: str) -> _ScanState:
        depth, string = self.depth, self.string
        i, n = 0, len(line)
        while i < n:
            if string is not None:
                i = _string_end(line, i, string)
                if i < 0:
                    return _ScanState(depth, string, False)
                string = None
                continue
            char = line[i]
            if char == "#":
                return _ScanState(depth, None, False)
            if char in "'\"":
                quote = char * 3 if line.startswith(char * 3, i) else char
                if len(quote) == 3:
                    string = quote
                    i += 3
                else:
                    end = _string_end(line, i + 1, quote)
                    i = n if end < 0 else end  # an unterminated string ends with its line
                continue
            if char in _OPENING:
                depth += 1
            elif char in _CLOSING:
                depth = max(0, depth - 1)
            i += 1
        return _ScanState(depth, string, string is None and line.endswith("\\"))


def _string_end(line: str, start: int, quote: str) -> int:
    """The index just past `quote` closing a string from `start` on; -1 if not on the line."""
    i = start
    while i < len(line):
        if line[i] == "\\":
            i += 2
            continue
        if line.startswith(quote, i):
            return i + len(quote)
        i += 1
    return -1
