"""Positions between the engine's convention and the LSP client's negotiated encoding.

The engine (jaxerr_lsp.core.findings) counts lines from 1 and columns from 0 in code points.
LSP counts lines from 0 and columns in code units of the negotiated position encoding:
UTF-16 (the default), UTF-8 or UTF-32 (= code points). LSP lines end at "\\n", "\\r\\n" or "\\r"
only (not at the other characters `str.splitlines` knows).
"""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types

from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.core.source import split_lines  # LSP breaks lines as Python does

UTF8 = types.PositionEncodingKind.Utf8.value
UTF16 = types.PositionEncodingKind.Utf16.value
UTF32 = types.PositionEncodingKind.Utf32.value
SUPPORTED = (UTF8, UTF16, UTF32)


def choose_encoding(offered: Sequence[str] | None) -> str:
    """The position encoding to use, given the client's `general.positionEncodings`.

    UTF-16 whenever the client offers it (or offers nothing: UTF-16 is mandatory);
    otherwise the first encoding the client offers that we support; UTF-16 as a last resort.
    """
    if not offered:
        return UTF16
    names = [str(getattr(e, "value", e)) for e in offered]
    if UTF16 in names:
        return UTF16
    for name in names:
        if name in SUPPORTED:
            return name
    return UTF16


def _units(ch: str, encoding: str) -> int:
    if encoding == UTF16:
        return 2 if ord(ch) > 0xFFFF else 1
    if encoding == UTF8:
        cp = ord(ch)
        if cp < 0x80:
            return 1
        if cp < 0x800:
            return 2
        if cp < 0x10000:
            return 3  # lone surrogates too (they travel as 3 bytes in "surrogatepass")
        return 4
    return 1


def units_of(text: str, encoding: str) -> int:
    """How many code units of `encoding` the text takes."""
    if encoding == UTF32 or text.isascii():
        return len(text)
    return sum(_units(ch, encoding) for ch in text)


def column_to_units(line: str, column: int, encoding: str) -> int:
    """Code-point column -> code units of `encoding` (clamped to the line)."""
    column = max(0, min(column, len(line)))
    if encoding == UTF32:
        return column
    return units_of(line[:column], encoding)


def units_to_column(line: str, units: int, encoding: str) -> int:
    """Code units of `encoding` -> code-point column (clamped to the line). A position in the
    middle of a character (half of a surrogate pair, inside a UTF-8 sequence) maps to that
    character's start."""
    if units <= 0:
        return 0
    if encoding == UTF32 or line.isascii():
        return min(units, len(line))
    count = 0
    for index, ch in enumerate(line):
        count += _units(ch, encoding)
        if count > units:
            return index
        if count == units:
            return index + 1
    return len(line)


class PositionConverter:
    """Converts positions for one snapshot of a document's text."""

    def __init__(self, text: str, encoding: str = UTF16):
        self.text = text
        self.encoding = encoding if encoding in SUPPORTED else UTF16
        self._lines: list[str] | None = None

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = split_lines(self.text)
        return self._lines

    # engine -> LSP
    def position(self, line: int, column: int) -> types.Position:
        """Engine (1-based line, code-point column) -> LSP Position, clamped to the text."""
        lines = self.lines
        line0 = line - 1
        if line0 < 0:
            return types.Position(line=0, character=0)
        if line0 >= len(lines):
            last = len(lines) - 1
            return types.Position(line=last, character=units_of(lines[last], self.encoding))
        return types.Position(line=line0, character=column_to_units(lines[line0], column, self.encoding))

    def range(self, span: Span) -> types.Range:
        return types.Range(start=self.position(span.start_line, span.start_column),
                           end=self.position(span.end_line, span.end_column))

    # LSP -> engine
    def from_position(self, position: types.Position) -> tuple[int, int] | None:
        """LSP Position -> engine (1-based line, code-point column); None when the line is not
        in the document. A character past the end of its line means the end of the line."""
        lines = self.lines
        if not 0 <= position.line < len(lines):
            return None
        line = lines[position.line]
        return position.line + 1, units_to_column(line, position.character, self.encoding)

    def to_span(self, rng: types.Range) -> Span | None:
        start = self.from_position(rng.start)
        end = self.from_position(rng.end)
        if start is None:
            return None
        if end is None:
            last = len(self.lines)
            end = (last, len(self.lines[-1]))
        return Span(start[0], start[1], end[0], end[1])
