"""Source text: line splitting as Python's tokenizer does it, tolerant parsing, positions.

`ast` reports columns as UTF-8 byte offsets; everything the engine hands out counts characters
(code points). Conversion happens here, and only for the few nodes a finding points at.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from jaxerr_lsp.findings import Span

# Python ends lines at \r\n, \r or \n (not at form feeds or the other characters that
# str.splitlines() also splits on).
_LINE_BREAK = re.compile(r"\r\n|\r|\n")

# Past these sizes a file is not analysed; the note says so.
MAX_SOURCE_CHARS = 20_000_000
MAX_REPAIR_ATTEMPTS = 12


def split_lines(text: str) -> list[str]:
    """The lines of `text` without their line breaks, as Python numbers them (line 1 = index 0)."""
    return _LINE_BREAK.split(text)


@dataclass
class ParsedSource:
    text: str  # the text as the user has it (BOM included)
    tree: ast.Module | None
    lines: list[str]
    notes: list[str] = field(default_factory=list)
    parsed_fully: bool = True
    bom: bool = False

    def column(self, line: int, byte_offset: int) -> int:
        """The character column of a UTF-8 byte offset on a 1-based line."""
        if not 1 <= line <= len(self.lines):
            return byte_offset
        text = self.lines[line - 1]
        if self.bom and line == 1:
            text = text[1:]
        if text.isascii():
            column = byte_offset
        else:
            column = len(text.encode("utf-8")[:byte_offset].decode("utf-8", errors="replace"))
        return column + (1 if self.bom and line == 1 else 0)

    def span(self, node: ast.AST, end: ast.AST | None = None) -> Span:
        """The span of `node` (to the end of `end` when given), in characters."""
        last = end if end is not None else node
        start_line = node.lineno  # type: ignore[attr-defined]
        end_line = last.end_lineno or start_line  # type: ignore[attr-defined]
        end_col = last.end_col_offset if last.end_col_offset is not None else node.col_offset  # type: ignore[attr-defined]
        return Span(start_line, self.column(start_line, node.col_offset),  # type: ignore[attr-defined]
                    end_line, self.column(end_line, end_col))

    def segment(self, node: ast.AST) -> str:
        """The source text of `node`."""
        return text_of_span(self.lines, self.span(node))


def text_of_span(lines: list[str], span: Span) -> str:
    if span.start_line == span.end_line:
        return lines[span.start_line - 1][span.start_column:span.end_column]
    parts = [lines[span.start_line - 1][span.start_column:]]
    parts.extend(lines[span.start_line:span.end_line - 1])
    parts.append(lines[span.end_line - 1][:span.end_column])
    return "\n".join(parts)


def _statement_starts(lines: list[str]) -> list[int]:
    """0-based indexes of lines that start a top-level statement (a rough, safe cut)."""
    starts = []
    for index, line in enumerate(lines):
        if line and not line[0].isspace() and not line.startswith(("#", ")", "]", "}")):
            starts.append(index)
    return starts


def _blank(lines: list[str], first: int, last: int) -> None:
    for index in range(first, min(last, len(lines) - 1) + 1):
        lines[index] = ""


def _repair(lines: list[str], error: SyntaxError, tries: dict[int, int]) -> bool:
    """Cut the part of `lines` that holds `error`, a little more on each try at the same line:
    an indented line becomes `pass` (its block survives), then the line goes, then the whole
    top-level statement around it. False when there is nothing left to cut."""
    if not error.lineno:
        return False
    bad = min(max(error.lineno, 1), len(lines)) - 1
    attempt = tries.get(bad, 0)
    tries[bad] = attempt + 1
    line = lines[bad]
    if line[:1].isspace() and line.strip() and attempt == 0:
        indent = line[: len(line) - len(line.lstrip())]
        lines[bad] = indent + "pass"
        return True
    if line[:1].isspace() and line.strip() and attempt == 1:
        lines[bad] = ""
        return True
    starts = _statement_starts(lines)
    first = max((s for s in starts if s <= bad), default=0)
    following = [s for s in starts if s > bad]
    last = (following[0] - 1) if following else len(lines) - 1
    if all(not lines[i] for i in range(first, last + 1)):
        return False
    _blank(lines, first, last)
    return True


def parse_source(text: str) -> ParsedSource:
    """Parse `text`; when it does not parse, parse what does (the broken top-level statements
    are blanked, so line numbers stay right). Never raises."""
    bom = text.startswith("\ufeff")
    body = text[1:] if bom else text
    lines = split_lines(text)
    parsed = ParsedSource(text=text, tree=None, lines=lines, bom=bom)
    if len(text) > MAX_SOURCE_CHARS:
        parsed.notes.append(
            f"file not checked: {len(text):,} characters is more than the {MAX_SOURCE_CHARS:,} jaxerr analyses")
        parsed.parsed_fully = False
        return parsed
    if "\0" in body:
        parsed.notes.append("the file contains NUL bytes; they were read as spaces")
        body = body.replace("\0", " ")
    work = body
    tries: dict[int, int] = {}
    for attempt in range(MAX_REPAIR_ATTEMPTS + 1):
        try:
            parsed.tree = ast.parse(work)
            return parsed
        except SyntaxError as error:
            if attempt == 0:
                parsed.parsed_fully = False
                parsed.notes.append(f"syntax error at line {error.lineno}: {error.msg}; the rest of the file was checked")
            work_lines = split_lines(work)
            if attempt == MAX_REPAIR_ATTEMPTS or not _repair(work_lines, error, tries):
                break
            work = "\n".join(work_lines)
        except (RecursionError, MemoryError):
            parsed.parsed_fully = False
            parsed.notes.append("file not checked: it is nested too deeply for Python's parser")
            return parsed
        except ValueError as error:  # defensive: odd inputs that compile() rejects
            parsed.parsed_fully = False
            parsed.notes.append(f"file not checked: {error}")
            return parsed
    parsed.notes.append("file not checked: no part of it could be parsed")
    return parsed
