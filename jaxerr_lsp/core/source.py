"""Source text: line splitting as Python's tokenizer does it, tolerant parsing, positions.

`ast` reports columns as UTF-8 byte offsets; everything the engine hands out counts characters
(code points). Conversion happens here, and only for the few nodes a finding points at.
"""

from __future__ import annotations

import ast
import re
import warnings
from dataclasses import dataclass, field

from jaxerr_lsp.core.findings import Span

# Python ends lines at \r\n, \r or \n (not at form feeds or the other characters that
# str.splitlines() also splits on).
LINE_BREAK = re.compile(r"\r\n|\r|\n")

# Past these sizes a file is not analysed; the note says so.
MAX_SOURCE_CHARS = 20_000_000
MAX_REPAIR_ATTEMPTS = 12


def char_column(line: str, byte_offset: int, bom: bool = False) -> int:
    """The character column of the UTF-8 byte offset `ast` reports on `line`. A byte order
    mark at the start of the text (`bom`, first line only) counts as a character here, but
    `ast` counts bytes after it."""
    text = line[1:] if bom else line
    column = byte_offset if text.isascii() else len(
        text.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))
    return column + (1 if bom else 0)


def byte_column(line: str, column: int, bom: bool = False) -> int:
    """The UTF-8 byte offset `ast` would report for character `column` of `line`."""
    if bom:
        return len(line[1:column].encode("utf-8"))
    return column if line.isascii() else len(line[:column].encode("utf-8"))


def split_lines(text: str) -> list[str]:
    """The lines of `text` without their line breaks, as Python numbers them (line 1 = index 0)."""
    if "\r" not in text:
        return text.split("\n")  # (the same lines, several times faster than the pattern)
    return LINE_BREAK.split(text)


@dataclass
class ParsedSource:
    text: str  # the text as the user has it (BOM included)
    tree: ast.Module | None
    lines: list[str]
    notes: list[str] = field(default_factory=list)
    parsed_fully: bool = True
    bom: bool = False
    # The first syntax error Python reports: (line, character column, message).
    syntax_error: tuple[int, int, str] | None = None

    def column(self, line: int, byte_offset: int) -> int:
        """The character column of a UTF-8 byte offset on a 1-based line."""
        if not 1 <= line <= len(self.lines):
            return byte_offset
        return char_column(self.lines[line - 1], byte_offset, self.bom and line == 1)

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


_BLOCK_AFTER = re.compile(r"expected an indented block after .* on line (\d+)")
_WHOLE_STATEMENT = ("too many levels of indentation", "too many nested parentheses",
                    "too many statically nested blocks")


def _chunk(lines: list[str], bad: int) -> tuple[int, int]:
    """The 0-based line range of the top-level statement holding line `bad`."""
    starts = _statement_starts(lines)
    first = max((s for s in starts if s <= bad), default=0)
    following = [s for s in starts if s > bad]
    return first, (following[0] - 1) if following else len(lines) - 1


def _repair(lines: list[str], error: SyntaxError, tries: dict[int, int]) -> bool:
    """Cut the part of `lines` that holds `error`, a little more on each try at the same line:
    an indented line becomes `pass` (its block survives), then the line goes, then the whole
    top-level statement around it. False when there is nothing left to cut."""
    if not error.lineno:
        return False
    bad = min(max(error.lineno, 1), len(lines)) - 1
    message = str(error.msg)
    header = _BLOCK_AFTER.search(message)
    if header:
        # `def f():` with no body yet: CPython blames the next statement; cut the header.
        first = min(max(int(header.group(1)), 1), len(lines)) - 1
        if first < bad:
            _blank(lines, first, bad - 1)
            return True
    line = lines[bad]
    if line.strip() and not line.strip().strip(")]}"):
        lines[bad] = ""  # a stray closing bracket on a line of its own
        return True
    attempt = tries.get(bad, 0)
    tries[bad] = attempt + 1
    whole = any(text in message for text in _WHOLE_STATEMENT)
    if not whole and line[:1].isspace() and line.strip() and attempt == 0:
        indent = line[: len(line) - len(line.lstrip())]
        lines[bad] = indent + "pass"
        return True
    if not whole and line[:1].isspace() and line.strip() and attempt == 1:
        lines[bad] = ""
        return True
    first, last = _chunk(lines, bad)
    if all(not lines[i] for i in range(first, last + 1)):
        return False
    _blank(lines, first, last)
    return True


def syntax_problem(error: SyntaxError, lines: list[str], bom: bool) -> tuple[int, int, str]:
    """(line, character column, message) of a SyntaxError on `lines` (CPython's offset is
    1-based, in characters of the line it parsed; None when it has none)."""
    line = min(max(error.lineno or 1, 1), max(len(lines), 1))
    column = max((error.offset or 1) - 1, 0) + (1 if bom and line == 1 else 0)
    text = lines[line - 1] if lines else ""
    return line, min(column, len(text)), str(error.msg)


def syntax_error_of(text: str) -> tuple[int, int, str] | None:
    """The first syntax error of `text`, or None when it parses (one plain parse)."""
    bom = text.startswith("\ufeff")
    try:
        parse_quietly(text[1:] if bom else text)
    except SyntaxError as error:
        return syntax_problem(error, split_lines(text), bom)
    except (ValueError, RecursionError, MemoryError):
        return None  # not a syntax error: the engine notes these when it parses
    return None


def parse_quietly(text: str) -> ast.Module:
    with warnings.catch_warnings():
        # Warnings about the user's code (invalid escapes...) are not ours to print.
        warnings.simplefilter("ignore")
        return ast.parse(text)


def _blank_unparsable_statements(text: str) -> tuple[str, int]:
    """Blank each top-level statement that Python's parser cannot nest (RecursionError,
    MemoryError); returns the new text and how many statements were cut."""
    lines = split_lines(text)
    starts = _statement_starts(lines) or [0]
    if starts[0] != 0:
        starts.insert(0, 0)
    cut = 0
    for index, first in enumerate(starts):
        last = (starts[index + 1] - 1) if index + 1 < len(starts) else len(lines) - 1
        try:
            parse_quietly("\n".join(lines[first:last + 1]))
        except (RecursionError, MemoryError):
            _blank(lines, first, last)
            cut += 1
        except (SyntaxError, ValueError):
            pass  # left to the ordinary repair
    return "\n".join(lines), cut


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
    deep_cut = False
    for attempt in range(MAX_REPAIR_ATTEMPTS + 1):
        try:
            parsed.tree = parse_quietly(work)
            return parsed
        except SyntaxError as error:
            if parsed.parsed_fully:
                parsed.parsed_fully = False
                parsed.syntax_error = syntax_problem(error, lines, bom)
                parsed.notes.append(f"syntax error at line {error.lineno}: {error.msg}; the rest of the file was checked")
            work_lines = split_lines(work)
            if attempt == MAX_REPAIR_ATTEMPTS or not _repair(work_lines, error, tries):
                break
            work = "\n".join(work_lines)
        except (RecursionError, MemoryError):
            parsed.parsed_fully = False
            if deep_cut:
                break
            deep_cut = True
            work, cut = _blank_unparsable_statements(work)
            parsed.notes.append(f"{cut} statement(s) nested too deeply for Python's parser were not "
                                "checked; the rest of the file was")
            if not cut:
                break
        except ValueError as error:  # defensive: odd inputs that compile() rejects
            parsed.parsed_fully = False
            parsed.notes.append(f"file not checked: {error}")
            return parsed
    parsed.notes.append("file not checked: no part of it could be parsed")
    return parsed
