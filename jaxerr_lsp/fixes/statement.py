"""The smallest statement around a span (`jaxerr_lsp.fixes.locate`), parsed alone with libcst
and rewritten. Never parses the whole module with libcst.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.core.source import parse_quietly
from jaxerr_lsp.fixes.edits import TextEdit
from jaxerr_lsp.fixes.locate import StmtRange, enclosing_statement
from jaxerr_lsp.fixes.text import NEWLINE, Lines, norm

log = logging.getLogger(__name__)


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
