"""The smallest statement around a span, found with stdlib `ast` (the engine's tolerant parse),
and where a new import goes. No libcst here: the app checks fixes with it on the keystroke path.
"""

from __future__ import annotations

import ast
import functools
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.core.source import ParsedSource, parse_source
from jaxerr_lsp.fixes.edits import TextEdit
from jaxerr_lsp.fixes.text import Lines

log = logging.getLogger(__name__)


@functools.lru_cache(maxsize=8)
def parsed_module(source: str) -> ParsedSource | None:
    """The module parsed as the engine parses it: partial code is repaired the same way (the
    lines that do not parse are cut, line numbers kept), so a fix finds the statements the
    finding came from even while the rest of the file is being typed. Once per text: every
    finding of a document asks for it."""
    try:
        return parse_source(source)
    except Exception:  # noqa: BLE001 - parse_source is written not to raise; be sure
        log.debug("parse_source failed", exc_info=True)
        return None


def module_tree(source: str) -> ast.Module | None:
    parsed = parsed_module(source)
    return parsed.tree if parsed is not None else None


def parses_whole(source: str) -> bool:
    """Whether Python reads all of `source` (no part cut to parse the rest)."""
    parsed = parsed_module(source)
    return parsed is not None and parsed.tree is not None and parsed.syntax_error is None


def stmt_children(node: ast.stmt) -> list[list[ast.stmt]]:
    out = []
    for name in ("body", "orelse", "finalbody"):
        value = getattr(node, name, None)
        if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
            out.append(value)
    for handler in getattr(node, "handlers", None) or ():
        out.append(handler.body)
    for case in getattr(node, "cases", None) or ():
        out.append(case.body)
    return out


@dataclass(frozen=True)
class StmtRange:
    start: tuple[int, int]  # (line, code-point column)
    end: tuple[int, int]


def statement_in(
    tree: ast.Module, lines: Lines, target: Span, line_offset: int
) -> StmtRange | None:
    """The smallest statement of `tree` (parsed from the text starting at line
    `line_offset + 1`) containing `target`."""
    t_start = (target.start_line, lines.byte_col(target.start_line, target.start_column))
    t_end = (target.end_line, lines.byte_col(target.end_line, target.end_column))

    def bounds(node: ast.stmt) -> tuple[tuple[int, int], tuple[int, int]]:
        start = (node.lineno + line_offset, node.col_offset)
        decorators = getattr(node, "decorator_list", None)
        if decorators:
            first = decorators[0].lineno + line_offset
            text = lines.line(first)
            start = (first, len(text[: len(text) - len(text.lstrip())].encode("utf-8")))
        end = ((node.end_lineno or node.lineno) + line_offset, node.end_col_offset or 0)
        return start, end

    best = None
    level: list[ast.stmt] | None = tree.body
    while level:
        for node in level:
            start, end = bounds(node)
            if start <= t_start and t_end <= end:
                best = (start, end)
                children = stmt_children(node)
                level = [s for body in children for s in body]
                break
        else:
            break
    if best is None:
        return None
    (sl, sb), (el, eb) = best
    return StmtRange((sl, lines.char_col(sl, sb)), (el, lines.char_col(el, eb)))


def enclosing_statement(lines: Lines, target: Span) -> StmtRange | None:
    tree = module_tree(lines.source)
    return statement_in(tree, lines, target, 0) if tree is not None else None


def leading_statements(lines: Lines) -> list[tuple[ast.stmt, int]]:
    """The module's top-level statements (with their line offsets), as far as they parse."""
    tree = module_tree(lines.source)
    return [(s, 0) for s in tree.body] if tree is not None else []


def import_edit_for(lines: Lines, imports: Sequence[str]) -> TextEdit | None:
    """Insert `imports` after the module docstring, the `__future__` imports and the imports
    that open the module (before the first statement when there are none)."""
    if not imports:
        return None
    nl = lines.newline
    statements = leading_statements(lines)
    last: tuple[ast.stmt, int] | None = None  # the last of the docstring and opening imports
    following: tuple[ast.stmt, int] | None = None
    for i, (node, offset) in enumerate(statements):
        is_doc = (
            i == 0
            and isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        )
        if is_doc or isinstance(node, (ast.Import, ast.ImportFrom)):
            last = (node, offset)
            continue
        following = (node, offset)
        break
    if last is None:
        line = 1
        if following is not None:
            node, offset = following
            line = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
            line += offset
        column = 1 if line == 1 and lines.bom else 0
        return TextEdit(Span(line, column, line, column), "".join(i + nl for i in imports))
    node, offset = last
    end_line = node.end_lineno + offset  # type: ignore[operator]
    if following is not None and following[0].lineno + following[1] == end_line:
        # `import jax; rest` on one line: the new imports go right after the old one
        column = lines.char_col(end_line, node.end_col_offset)  # type: ignore[arg-type]
        return TextEdit(Span(end_line, column, end_line, column), "".join("; " + i for i in imports))
    if end_line >= lines.count:  # the text ends on that line, with no newline after it
        column = len(lines.line(lines.count))
        return TextEdit(Span(lines.count, column, lines.count, column), "".join(nl + i for i in imports))
    return TextEdit(Span(end_line + 1, 0, end_line + 1, 0), "".join(i + nl for i in imports))
