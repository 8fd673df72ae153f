"""Positions in a source text, with lines as Python counts them."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.core.source import LINE_BREAK, byte_column, char_column

NEWLINE = LINE_BREAK  # what Python's tokenizer (and so `ast`) breaks lines on


class Lines:
    """A source text split into lines the way Python counts them, with offset conversions."""

    def __init__(self, source: str) -> None:
        self.source = source
        # offsets where each line starts, and where its content ends (before its newline)
        if "\r" not in source:
            lengths = [len(line) + 1 for line in source.split("\n")]
            self.starts = [0, *itertools.accumulate(lengths[:-1])]
            self.ends = [start + n - 1 for start, n in zip(self.starts, lengths)]
            self.newline = "\n"
        else:
            breaks = list(NEWLINE.finditer(source))
            self.starts = [0, *(m.end() for m in breaks)]
            self.ends = [*(m.start() for m in breaks), len(source)]
            self.newline = breaks[0].group()
        # A byte order mark counts as a character of line 1 (as the engine counts it), but
        # `ast` (which does not accept it in a str) counts columns after it.
        self.bom = source.startswith("\ufeff")

    @property
    def count(self) -> int:
        return len(self.starts)

    def line(self, n: int) -> str:
        """Line `n` (1-based) without its newline; '' outside the text."""
        if 1 <= n <= self.count:
            return self.source[self.starts[n - 1] : self.ends[n - 1]]
        return ""

    def offset(self, line: int, column: int) -> int:
        """The string offset of (line, column), clamped to the text and to the line's content."""
        if line < 1:
            return 0
        if line > self.count:
            return len(self.source)
        start, end = self.starts[line - 1], self.ends[line - 1]
        return min(start + max(column, 0), end)

    def text(self, span: Span) -> str:
        return self.source[
            self.offset(span.start_line, span.start_column) : self.offset(
                span.end_line, span.end_column
            )
        ]

    def byte_col(self, line: int, column: int) -> int:
        """The UTF-8 byte column `ast` would report for a character column."""
        return byte_column(self.line(line), column, self.bom and line == 1)

    def char_col(self, line: int, byte_offset: int) -> int:
        """The character column of a UTF-8 byte column from `ast`."""
        return char_column(self.line(line), byte_offset, self.bom and line == 1)


def cover(spans: Sequence[Span]) -> Span:
    start = min((s.start_line, s.start_column) for s in spans)
    end = max((s.end_line, s.end_column) for s in spans)
    return Span(*start, *end)


def norm(text: str) -> str:
    return "".join(text.split())


def holds(lines: Lines, span: Span, text: str) -> bool:
    """Whether `span` is a real, non-empty stretch of the source that reads `text` (a finding's
    data may come back stale or altered from the editor)."""
    return bool(text) and (span.start_line, span.start_column) < (span.end_line, span.end_column) \
        and lines.text(span) == text


def list_as_tuple(display: str, elements: int) -> str:
    """The source of a list display (`[0, None]`) as a tuple display of the same elements
    (`(0, None)`; one element gets its comma: `(0,)`)."""
    inner = display.strip()[1:-1]
    if elements == 1 and not inner.rstrip().endswith(","):
        inner = inner.rstrip() + ","
    return "(" + inner + ")"
