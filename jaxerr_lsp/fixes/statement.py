"""The smallest statement around a span: found with stdlib `ast` (the engine's tolerant
parse), parsed alone with libcst.

Never parses the whole module with libcst. Also: where a new import goes.
"""

from __future__ import annotations

import ast
import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from jaxerr_lsp.findings import Span
from jaxerr_lsp.fixes.edits import TextEdit
from jaxerr_lsp.fixes.text import NEWLINE, Lines, norm
from jaxerr_lsp.source import ParsedSource, parse_quietly, parse_source

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


class StmtDoc:
    """The text of one statement parsed by libcst, with file positions mapped into it.

    Two shapes, chosen so the text parses and positions map simply:
    - the statement starts its line (after indentation): the indentation is kept and, when
      non-empty, the text is wrapped under `if True:` so that an indented compound statement
      still parses (its own lines keep their original indentation);
    - the statement follows other code on its line (`x = 1; return a`, `if c: return a`):
      the text is sliced from the statement's column (it is then a simple statement, whose
      continuation lines are inside brackets, where indentation does not matter).
    """

    def __init__(self, lines: Lines, stmt: StmtRange) -> None:
        self.lines = lines
        self.stmt = stmt
        (sl, sc), (el, ec) = stmt.start, stmt.end
        prefix = lines.line(sl)[:sc]
        body = lines.text(Span(sl, sc, el, ec))
        self.header = ""
        self.prefix = ""
        self.col_shift = sc
        if prefix.strip() == "":
            self.col_shift = 0
            self.prefix = prefix
            if prefix:
                self.header = "if True:" + lines.newline
        self.head = self.header + self.prefix
        self.text = self.head + body
        self.line_shift = 1 if self.header else 0
        self.module = cst.parse_module(self.text)
        if not NEWLINE.search(self.text):
            # line breaks a fix brings in (a multi-line primal) follow the file's
            self.module = self.module.with_changes(default_newline=lines.newline)
        wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
        self.positions = wrapper.resolve(PositionProvider)

    def local(self, line: int, column: int) -> tuple[int, int]:
        sl = self.stmt.start[0]
        return (
            line - sl + 1 + self.line_shift,
            column - self.col_shift if line == sl else column,
        )

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)

    def _range(self, span: Span) -> tuple[tuple[int, int], tuple[int, int]]:
        return (
            self.local(span.start_line, span.start_column),
            self.local(span.end_line, span.end_column),
        )

    def enclosing(
        self, span: Span, kind: type | tuple[type, ...], where: Callable[[Any], bool]
    ) -> Any:
        """The smallest node of `kind` satisfying `where` whose range contains `span`."""
        lo, hi = self._range(span)
        best, best_key = None, None
        for node, rng in self.positions.items():
            if not isinstance(node, kind) or not where(node):
                continue
            start = (rng.start.line, rng.start.column)
            end = (rng.end.line, rng.end.column)
            if start <= lo and hi <= end:
                key = (start, (-end[0], -end[1]))
                if best_key is None or key > best_key:
                    best, best_key = node, key
        return best

    def expression(self, span: Span, expected: str | None = None) -> Any:
        """The expression at `span`, or None when there is none or the finding is stale.

        libcst ranges leave out a node's parentheses while `ast` keeps them for tuples, so
        this takes the outermost expression inside the span and checks that its code, with
        or without its parentheses, is the span's text (and `expected`), ignoring whitespace.
        """
        lo, hi = self._range(span)
        best, best_key = None, None
        for node, rng in self.positions.items():
            if not isinstance(node, cst.BaseExpression):
                continue
            start = (rng.start.line, rng.start.column)
            end = (rng.end.line, rng.end.column)
            if lo <= start and end <= hi:
                key = (start, (-end[0], -end[1]))
                if best_key is None or key < best_key:
                    best, best_key = node, key
        if best is None:
            return None
        wanted = norm(self.lines.text(span))
        if expected is not None and norm(expected) != wanted:
            return None
        codes = {norm(self.code(best))}
        if getattr(best, "lpar", None):
            codes.add(norm(self.code(best.with_changes(lpar=(), rpar=()))))
        return best if wanted in codes else None

    def is_return_value(self, node: cst.CSTNode) -> bool:
        return any(
            isinstance(other, cst.Return) and other.value is node for other in self.positions
        )

    def edit(self, replacements: dict[int, Callable[[Any], cst.CSTNode]]) -> TextEdit | None:
        """Apply node replacements (keyed by id of the original node) and return the edit
        replacing the statement's text, or None when nothing changed."""
        new_module = self.module.visit(Replacer(replacements))
        new_code = new_module.code
        if not new_code.startswith(self.head):
            return None
        new_text = new_code[len(self.head) :]
        old_text = self.text[len(self.head) :]
        if new_text == old_text:
            return None
        try:  # the rewritten statement must still parse (as Python's parser sees it)
            parse_quietly(new_code.lstrip("\ufeff"))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            log.debug("a fix produced a statement that does not parse: %r", new_text)
            return None
        (sl, sc), (el, ec) = self.stmt.start, self.stmt.end
        return TextEdit(Span(sl, sc, el, ec), new_text)


class Replacer(cst.CSTTransformer):
    def __init__(self, replacements: dict[int, Callable[[Any], cst.CSTNode]]) -> None:
        super().__init__()
        self.replacements = replacements

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        make = self.replacements.get(id(original_node))
        if make is not None:
            return make(updated_node)
        return updated_node


def doc_for(lines: Lines, target: Span) -> StmtDoc | None:
    stmt = enclosing_statement(lines, target)
    if stmt is None:
        return None
    try:
        return StmtDoc(lines, stmt)
    except (cst.ParserSyntaxError, RecursionError, ValueError) as exc:
        log.debug("statement at %s does not parse with libcst: %s", stmt.start, exc)
        return None


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

