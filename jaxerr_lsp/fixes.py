"""Quick fixes for findings, computed on demand with libcst.

A fix never touches more than it must: the smallest statement holding the change is located
with stdlib `ast` (cheap; the whole module, or when it does not parse, the top-level chunk
around the finding), only that statement's text is parsed with libcst, transformed, and
emitted as one `TextEdit` replacing the statement's text. Comments and formatting outside the
statement survive byte for byte; inside it, libcst keeps everything it does not rewrite.
A fix may add a second edit: an import at the top of the module.

Fix ids (the catalog entries' `[[fixes]]` ids):

| rule | fix_id | safe |
| --- | --- | --- |
| JXE001 | `refs-as-dict` | when every ref's name says which key it belongs to |
| JXE001 | `refs-from-primals` | never (new refs replace the user's) |
| JXE002 | `return-cts-no-logs` | yes (only fix when `missing_logs`) |
| JXE002 | `logs-as-dict` | yes |
| JXE002 | `logs-none` | never (drops the logs) |
| JXE003 | `pair-cts-with-logs` | when the last element is clearly the logs (`return dx, dw, logs`) |
| JXE003 | `return-pair-none-logs` | when the value is a tuple/list of cotangents |
| any | `ignore-line` | never (suppression, from `ignore_line_fix`) |

Nothing here imports jax or runs the user's code.
"""

from __future__ import annotations

import ast
import functools
import io
import itertools
import keyword
import logging
import re
import tokenize
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from jaxerr_lsp.findings import Finding, Span

__all__ = ["TextEdit", "Fix", "compute_fixes", "ignore_line_fix", "apply_edits", "FIX_IDS"]

log = logging.getLogger(__name__)

FIX_IDS: dict[str, tuple[str, ...]] = {
    "JXE001": ("refs-as-dict", "refs-from-primals"),
    "JXE002": ("return-cts-no-logs", "logs-as-dict", "logs-none"),
    "JXE003": ("pair-cts-with-logs", "return-pair-none-logs"),
}
IGNORE_FIX_ID = "ignore-line"


@dataclass(frozen=True)
class TextEdit:
    """Replace the text at `span` (1-based lines, 0-based code-point columns) by `new_text`."""

    span: Span
    new_text: str


@dataclass(frozen=True)
class Fix:
    title: str
    safe: bool  # ruff's sense: keeps the program's meaning beyond removing the error
    why: str  # one sentence: why it is (un)safe
    edits: tuple[TextEdit, ...]
    fix_id: str  # the catalog entry's [[fixes]] id


# --------------------------------------------------------------------------------------------
# Text positions

_NEWLINE = re.compile(r"\r\n|\r|\n")  # what Python's tokenizer (and so `ast`) breaks lines on


class _Lines:
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
            breaks = list(_NEWLINE.finditer(source))
            self.starts = [0, *(m.end() for m in breaks)]
            self.ends = [*(m.start() for m in breaks), len(source)]
            self.newline = breaks[0].group()
        # A byte order mark counts as a character of line 1 (as the engine counts it), but
        # Python's parser does not accept it in a str: `code` is the text to parse.
        self.bom = source.startswith("\ufeff")
        self.code = source[1:] if self.bom else source

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
        if self.bom and line == 1:
            return len(self.line(1)[1:column].encode("utf-8"))
        return len(self.line(line)[:column].encode("utf-8"))

    def char_col(self, line: int, byte_column: int) -> int:
        """The character column of a UTF-8 byte column from `ast`."""
        text = self.line(line)
        shift = 0
        if self.bom and line == 1:
            text, shift = text[1:], 1
        return shift + len(text.encode("utf-8")[:byte_column].decode("utf-8", "ignore"))


def _span(value: Any) -> Span | None:
    """A Span from the data contract's `[l1, c1, l2, c2]` list (or a Span); None if malformed."""
    if isinstance(value, Span):
        return value
    if isinstance(value, (list, tuple)) and len(value) == 4 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return Span(*value)
    return None


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _identifier(value: Any) -> str | None:
    if isinstance(value, str) and value.isidentifier() and not keyword.iskeyword(value):
        return value
    return None


def _cover(spans: Sequence[Span]) -> Span:
    start = min((s.start_line, s.start_column) for s in spans)
    end = max((s.end_line, s.end_column) for s in spans)
    return Span(*start, *end)


def _norm(text: str) -> str:
    return "".join(text.split())


# --------------------------------------------------------------------------------------------
# Locating the smallest enclosing statement (stdlib ast, never libcst on the whole module)


@functools.lru_cache(maxsize=8)
def _parse_ast(source: str) -> ast.Module | None:
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


_CLOSERS = (")", "]", "}")
_CONTINUATION_KEYWORDS = re.compile(r"(else|elif|except|finally)\b")


def _top_level_chunks(lines: _Lines) -> list[tuple[int, int]]:
    """Line ranges (first, last) of the top-level statements, found by their column-0 starts.

    Used only when the whole module does not parse: each chunk is parsed on its own.
    """
    starters = []
    for n in range(1, lines.count + 1):
        text = lines.line(n)
        if not text or text[0] in " \t\f#" or text.startswith(_CLOSERS):
            continue
        if _CONTINUATION_KEYWORDS.match(text):
            continue
        starters.append(n)
    chunks: list[tuple[int, int]] = []  # (first line, last starter line)
    for n in starters:
        if chunks and lines.line(chunks[-1][1]).startswith("@"):
            # decorators and the definition under them are one statement
            chunks[-1] = (chunks[-1][0], n)
            continue
        chunks.append((n, n))
    # each chunk runs until the line before the next one starts
    result = []
    for i, (first, last) in enumerate(chunks):
        end = chunks[i + 1][0] - 1 if i + 1 < len(chunks) else lines.count
        result.append((first, max(last, end)))
    return result


def _parse_chunk(lines: _Lines, first: int, last: int) -> ast.Module | None:
    text = lines.source[lines.starts[first - 1] : lines.ends[last - 1]]
    if first == 1 and lines.bom:
        text = text[1:]
    return _parse_ast(text)


def _stmt_children(node: ast.stmt) -> list[list[ast.stmt]]:
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
class _StmtRange:
    start: tuple[int, int]  # (line, code-point column)
    end: tuple[int, int]


def _statement_in(
    tree: ast.Module, lines: _Lines, target: Span, line_offset: int
) -> _StmtRange | None:
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
        end = (node.end_lineno + line_offset, node.end_col_offset)
        return start, end

    best = None
    level: list[ast.stmt] | None = tree.body
    while level:
        for node in level:
            start, end = bounds(node)
            if start <= t_start and t_end <= end:
                best = (start, end)
                children = _stmt_children(node)
                level = [s for body in children for s in body]
                break
        else:
            break
    if best is None:
        return None
    (sl, sb), (el, eb) = best
    return _StmtRange((sl, lines.char_col(sl, sb)), (el, lines.char_col(el, eb)))


def _enclosing_statement(lines: _Lines, target: Span) -> _StmtRange | None:
    tree = _parse_ast(lines.code)
    if tree is not None:
        return _statement_in(tree, lines, target, 0)
    # Partial code: parse only the top-level chunk(s) around the target.
    chunks = _top_level_chunks(lines)
    first = next((c for c in reversed(chunks) if c[0] <= target.start_line), None)
    last = next((c for c in chunks if c[1] >= target.end_line), None)
    if first is None or last is None:
        return None
    tree = _parse_chunk(lines, first[0], last[1])
    if tree is None:
        return None
    return _statement_in(tree, lines, target, first[0] - 1)


# --------------------------------------------------------------------------------------------
# One statement parsed with libcst


class _StmtDoc:
    """The text of one statement parsed by libcst, with file positions mapped into it.

    Three shapes, chosen so the text parses and positions map simply:
    - the statement starts its line (after indentation): the indentation is kept and, when
      non-empty, the text is wrapped under `if True:` so that an indented compound statement
      still parses (its own lines keep their original indentation);
    - the statement follows other code on its line (`x = 1; return a`, `if c: return a`):
      the text is sliced from the statement's column (it is then a simple statement, whose
      continuation lines are inside brackets, where indentation does not matter).
    """

    def __init__(self, lines: _Lines, stmt: _StmtRange) -> None:
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
        wanted = _norm(self.lines.text(span))
        if expected is not None and _norm(expected) != wanted:
            return None
        codes = {_norm(self.code(best))}
        if getattr(best, "lpar", None):
            codes.add(_norm(self.code(best.with_changes(lpar=(), rpar=()))))
        return best if wanted in codes else None

    def is_return_value(self, node: cst.CSTNode) -> bool:
        return any(
            isinstance(other, cst.Return) and other.value is node for other in self.positions
        )

    def edit(self, replacements: dict[int, Callable[[Any], cst.CSTNode]]) -> TextEdit | None:
        """Apply node replacements (keyed by id of the original node) and return the edit
        replacing the statement's text, or None when nothing changed."""
        new_module = self.module.visit(_Replacer(replacements))
        new_code = new_module.code
        if not new_code.startswith(self.head):
            return None
        new_text = new_code[len(self.head) :]
        old_text = self.text[len(self.head) :]
        if new_text == old_text:
            return None
        try:  # the rewritten statement must still parse (as Python's parser sees it)
            ast.parse(new_code.lstrip("\ufeff"))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            log.debug("a fix produced a statement that does not parse: %r", new_text)
            return None
        (sl, sc), (el, ec) = self.stmt.start, self.stmt.end
        return TextEdit(Span(sl, sc, el, ec), new_text)


class _Replacer(cst.CSTTransformer):
    def __init__(self, replacements: dict[int, Callable[[Any], cst.CSTNode]]) -> None:
        super().__init__()
        self.replacements = replacements

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        make = self.replacements.get(id(original_node))
        if make is not None:
            return make(updated_node)
        return updated_node


def _doc_for(lines: _Lines, target: Span) -> _StmtDoc | None:
    stmt = _enclosing_statement(lines, target)
    if stmt is None:
        return None
    try:
        return _StmtDoc(lines, stmt)
    except (cst.ParserSyntaxError, RecursionError, ValueError) as exc:
        log.debug("statement at %s does not parse with libcst: %s", stmt.start, exc)
        return None


# --------------------------------------------------------------------------------------------
# Small libcst helpers

_EMPTY = cst.Module([])


def _render(node: cst.CSTNode) -> str:
    return _EMPTY.code_for_node(node)


def _preview(node: cst.CSTNode, limit: int = 60) -> str:
    """A one-line rendering of `node` for a title, without comments."""
    code = _render(node)
    try:
        text = ast.unparse(ast.parse(f"({code}\n)", mode="eval").body)
    except (SyntaxError, ValueError, RecursionError):
        text = " ".join(code.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _pair_preview(first: cst.BaseExpression) -> str:
    return f"{_preview(_parenthesized(first), 50)}, None"


def _parenthesized(node: cst.BaseExpression) -> cst.BaseExpression:
    """`node` with parentheses if it is a bare tuple (so it can be a tuple element)."""
    if isinstance(node, cst.Tuple) and not node.lpar:
        return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return node


def _pair_with_none(first: cst.BaseExpression, bare: bool) -> cst.Tuple:
    """`(first, None)`; without its parentheses when `bare` (a `return` value)."""
    pair = cst.Tuple(
        [
            cst.Element(_parenthesized(first), comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
            cst.Element(cst.Name("None")),
        ]
    )
    return pair.with_changes(lpar=[], rpar=[]) if bare else pair


def _string(value: str, quote: str) -> cst.SimpleString:
    if quote == '"' and '"' not in value and "\\" not in value and value.isprintable():
        return cst.SimpleString(f'"{value}"')
    return cst.SimpleString(repr(value))


def _quote_style(text: str) -> str:
    """The quote character the first string literal in `text` uses ("'" by default)."""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.STRING:
                body = tok.string.lstrip("rRbBuUfF")
                return '"' if body.startswith('"') else "'"
    except (tokenize.TokenError, SyntaxError, ValueError):
        pass
    return "'"


def _sequence_to_dict(
    node: cst.List | cst.Tuple | cst.Set, keys: Sequence[str], quote: str
) -> cst.Dict:
    """A dict literal with `keys[i]` for element i, keeping the literal's layout and comments."""
    if isinstance(node, cst.Tuple):
        open_ws = node.lpar[-1].whitespace_after if node.lpar else cst.SimpleWhitespace("")
        close_ws = node.rpar[0].whitespace_before if node.rpar else cst.SimpleWhitespace("")
        lpar, rpar = list(node.lpar[:-1]), list(node.rpar[1:])
    else:
        if isinstance(node, cst.List):
            opener, closer = node.lbracket, node.rbracket
        else:
            opener, closer = node.lbrace, node.rbrace
        open_ws, close_ws = opener.whitespace_after, closer.whitespace_before
        lpar, rpar = list(node.lpar), list(node.rpar)
    elements = [
        cst.DictElement(_string(key, quote), element.value, comma=element.comma)
        for key, element in zip(keys, node.elements)
    ]
    return cst.Dict(
        elements,
        lbrace=cst.LeftCurlyBrace(whitespace_after=open_ws),
        rbrace=cst.RightCurlyBrace(whitespace_before=close_ws),
        lpar=lpar,
        rpar=rpar,
    )


def _unique(names: Sequence[str]) -> list[str]:
    used: set[str] = set()
    out = []
    for name in names:
        candidate, n = name, 1
        while candidate in used:
            candidate = f"{name}_{n}"
            n += 1
        used.add(candidate)
        out.append(candidate)
    return out


# --------------------------------------------------------------------------------------------
# Imports


def _leading_statements(lines: _Lines) -> list[tuple[ast.stmt, int]]:
    """The module's top-level statements (with their line offsets), as far as they parse."""
    tree = _parse_ast(lines.code)
    if tree is not None:
        return [(s, 0) for s in tree.body]
    statements: list[tuple[ast.stmt, int]] = []
    for first, last in _top_level_chunks(lines):
        chunk = _parse_chunk(lines, first, last)
        if chunk is None:
            break
        statements.extend((s, first - 1) for s in chunk.body)
    return statements


def _import_edit(lines: _Lines, imports: Sequence[str]) -> TextEdit | None:
    """Insert `imports` after the module docstring, the `__future__` imports and the imports
    that open the module (before the first statement when there are none)."""
    if not imports:
        return None
    nl = lines.newline
    statements = _leading_statements(lines)
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


# --------------------------------------------------------------------------------------------
# JXE001: with_refs tree mismatch

_REF_AFFIXES = (
    "grad", "grads", "gradient", "gradients", "g", "d", "ref", "refs", "r", "acc", "accum",
    "buf", "buffer", "ct", "cts", "cot", "delta", "new", "zero", "zeros", "out",
)
_GLUED_PREFIXES = ("g", "d")  # gw, dw


def _name_matches(name: str, key: str) -> bool:
    n, k = name.lower().strip("_"), key.lower().strip("_")
    if not k:
        return False
    if n == k:
        return True
    for affix in _REF_AFFIXES:
        if n in (f"{affix}_{k}", f"{k}_{affix}"):
            return True
    return any(n == p + k for p in _GLUED_PREFIXES)


def _ref_names(node: cst.BaseExpression) -> list[str]:
    """Names that say which primal key a ref expression belongs to."""
    if isinstance(node, cst.Name):
        return [node.value]
    if isinstance(node, cst.Attribute):
        return [node.attr.value]
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        if isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString):
            value = index.value.evaluated_value
            return [value] if isinstance(value, str) else []
        return []
    if isinstance(node, cst.Call) and node.args:
        # jax.new_ref(jnp.zeros_like(w)) belongs to `w`
        return _ref_names(node.args[0].value)
    return []


def _match_keys(elements: Sequence[cst.BaseExpression], keys: Sequence[str]) -> list[str] | None:
    """The key each element's name clearly belongs to (one to one), or None."""
    matched = []
    for element in elements:
        names = _ref_names(element)
        hits = {k for k in keys if any(_name_matches(n, k) for n in names)}
        if len(hits) != 1:
            return None
        matched.append(hits.pop())
    if len(set(matched)) != len(keys):
        return None
    return matched


def _with_refs_call(node: cst.CSTNode) -> bool:
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "with_refs"
    )


def _fixes_jxe001(lines: _Lines, finding: Finding) -> list[Fix]:
    data = finding.data
    refs = [r for r in _list(data.get("refs")) if isinstance(r, dict)]
    ref_spans = [_span(r.get("span")) for r in refs]
    if any(s is None for s in ref_spans):
        return []
    refs_span = _span(data.get("refs_span"))
    target = _cover([*ref_spans, refs_span] if refs_span else ref_spans) if ref_spans else finding.span
    doc = _doc_for(lines, target)
    if doc is None:
        return []
    call = doc.enclosing(target, cst.Call, _with_refs_call)
    if call is None:
        return []
    arg_nodes = []
    for ref, span in zip(refs, ref_spans):
        node = doc.expression(span, _str(ref.get("source")))
        arg = next((a for a in call.args if a.value is node), None)
        if arg is None:
            return []
        arg_nodes.append(arg)

    fixes = []
    restructure = data.get("restructure")
    if isinstance(restructure, dict):
        fix = _restructure_fix(doc, data, restructure, arg_nodes)
        if fix is not None:
            fixes.append(fix)
    fix = _refs_from_primals_fix(lines, doc, data, call, arg_nodes)
    if fix is not None:
        fixes.append(fix)
    return fixes


def _restructure_fix(
    doc: _StmtDoc, data: dict, restructure: dict, arg_nodes: list[cst.Arg]
) -> Fix | None:
    index = restructure.get("arg")
    keys = restructure.get("keys")
    if not isinstance(index, int) or not 0 <= index < len(arg_nodes):
        return None
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        return None
    node = arg_nodes[index].value
    if not isinstance(node, (cst.Tuple, cst.List)) or len(node.elements) != len(keys):
        return None
    if any(isinstance(e, cst.StarredElement) for e in node.elements):
        return None
    values = [e.value for e in node.elements]
    matched = _match_keys(values, keys)
    if matched is None and len(keys) == 1:
        matched = list(keys)  # one ref, one key: nothing to pair wrongly
    safe = matched is not None
    assigned = matched if matched is not None else list(keys)
    primals = _list(data.get("primals"))
    primal = primals[index] if index < len(primals) and isinstance(primals[index], dict) else {}
    primal_source = _str(primal.get("source")) or ""
    new = _sequence_to_dict(node, assigned, _quote_style(primal_source))
    edit = doc.edit({id(node): lambda _updated: new})
    if edit is None:
        return None
    preview = _preview(new)
    if safe:
        title = f"Pass the refs as a dict like the primal: {preview}"
        why = "Each ref's name says which key it belongs to, so the same refs receive the same gradients, in the dict shape JAX expects."
    else:
        title = f"Pass the refs as a dict like the primal: {preview} (unsafe: keys paired by position)"
        why = "The refs' names do not say which key each belongs to, so they are paired with the primal's keys in order, which may swap gradients."
    return Fix(title, safe, why, (edit,), "refs-as-dict")


def _refs_from_primals_fix(
    lines: _Lines, doc: _StmtDoc, data: dict, call: cst.Call, arg_nodes: list[cst.Arg]
) -> Fix | None:
    primals = [p for p in _list(data.get("primals")) if isinstance(p, dict)]
    if not primals:
        return None
    jax_alias, jnp_alias = _identifier(data.get("jax_alias")), _identifier(data.get("jnp_alias"))
    jax_name, jnp_name = jax_alias or "jax", jnp_alias or "jnp"
    new_values = []
    for primal in primals:
        source = primal.get("source")
        if not isinstance(source, str) or not source.strip() or source.lstrip().startswith("*"):
            return None
        try:
            primal_node = cst.parse_expression(_NEWLINE.sub(lines.newline, source.strip()))
        except cst.ParserSyntaxError:
            return None
        template = cst.parse_expression(
            f"{jax_name}.tree.map(lambda p: {jax_name}.new_ref({jnp_name}.zeros_like(p)), PRIMAL)"
        )
        assert isinstance(template, cst.Call)
        new_values.append(
            template.with_changes(
                args=[template.args[0], template.args[1].with_changes(value=_parenthesized(primal_node))]
            )
        )
    replacements: dict[int, Callable[[Any], cst.CSTNode]] = {}
    positional = [a for a in call.args if not a.keyword and not a.star]
    if len(arg_nodes) == len(primals) and [id(a) for a in arg_nodes] == [
        id(a) for a in positional[: len(arg_nodes)]
    ]:
        for arg, value in zip(arg_nodes, new_values):
            replacements[id(arg.value)] = lambda _u, value=value: value
    else:
        if any(a.star for a in call.args):
            return None
        rest = [a for a in call.args if a.keyword]
        new_args = [
            cst.Arg(v, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for v in new_values
        ]
        if not rest:
            new_args[-1] = new_args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        replacements[id(call)] = lambda u: u.with_changes(args=[*new_args, *rest])
    edit = doc.edit(replacements)
    if edit is None:
        return None
    imports = []
    if jax_alias is None:
        imports.append("import jax")
    if jnp_alias is None:
        imports.append("import jax.numpy as jnp")
    import_edit = _import_edit(lines, imports)
    edits = (import_edit, edit) if import_edit else (edit,)
    if data.get("primals_rebound"):
        title = "Build refs mirroring the primals (unsafe: new refs replace yours, and a primal was rebound)"
        why = "A primal's name is rebound after jax.vjp, so refs built from it may not mirror what was differentiated, and your own refs no longer receive the gradients."
    else:
        title = "Build refs mirroring the primals (unsafe: new refs replace yours)"
        why = "Fresh zero refs shaped like each primal replace the refs you passed, so your own refs no longer receive the gradients."
    return Fix(title, False, why, edits, "refs-from-primals")


# --------------------------------------------------------------------------------------------
# JXE002: logs not a dict

_DICT_LIKE_KINDS = {"OrderedDict", "defaultdict", "Counter", "ChainMap", "UserDict", "FrozenDict", "mappingproxy"}


def _fixes_jxe002(lines: _Lines, finding: Finding) -> list[Fix]:
    data = finding.data
    if data.get("missing_logs"):
        fix = _return_cts_no_logs_fix(lines, data)
        return [fix] if fix is not None else []
    logs_span = _span(data.get("logs_span"))
    if logs_span is None:
        return []
    doc = _doc_for(lines, logs_span)
    if doc is None:
        return []
    node = doc.expression(logs_span)
    if node is None:
        return []
    fixes = []
    quote = '"' if lines.source.count('"') > lines.source.count("'") else "'"
    kind = _str(data.get("logs_kind"))
    is_literal = isinstance(node, (cst.List, cst.Tuple, cst.Set))
    safe = False
    if is_literal and not any(isinstance(e, cst.StarredElement) for e in node.elements):
        names = [
            e.value.value if isinstance(e.value, cst.Name) else f"log_{i}"
            for i, e in enumerate(node.elements)
        ]
        new: cst.BaseExpression = _sequence_to_dict(node, _unique(names), quote)
        title = f"Log a dict with named keys: {_preview(new)}"
    elif kind in _DICT_LIKE_KINDS or (
        isinstance(node, cst.Call) and _callee_name(node) in _DICT_LIKE_KINDS
    ):
        new = cst.Call(cst.Name("dict"), [cst.Arg(node)])
        title = f"Log a plain dict: {_preview(new)}"
        safe = True
    else:
        key = node.value if isinstance(node, cst.Name) else "logs"
        new = cst.Dict([cst.DictElement(_string(key, quote), _parenthesized(node))])
        title = f"Log a dict with a named key: {_preview(new)}"
    edit = doc.edit({id(node): lambda _u: new})
    if edit is not None:
        if safe:
            why = "A plain dict with the same entries is what JAX accepts as the logs, and nothing else changes."
        else:
            title += " (unsafe: key names chosen here)"
            why = "Every logged value is kept, but under key names chosen here, which code reading the logs may not expect and which collide if the function runs twice in one backward pass."
        fixes.append(Fix(title, safe, why, (edit,), "logs-as-dict"))
    none_edit = doc.edit({id(node): lambda _u: cst.Name("None")})
    if none_edit is not None:
        fixes.append(
            Fix(
                "Log nothing: return None as the logs (unsafe: drops the logs)",
                False,
                "JAX accepts None as the logs, but the values you meant to log are no longer returned.",
                (none_edit,),
                "logs-none",
            )
        )
    return fixes


def _callee_name(call: cst.Call) -> str | None:
    func = call.func
    if isinstance(func, cst.Name):
        return func.value
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return None


def _return_cts_no_logs_fix(lines: _Lines, data: dict) -> Fix | None:
    span = _span(data.get("return_span"))
    if span is None:
        return None
    doc = _doc_for(lines, span)
    if doc is None:
        return None
    node = doc.expression(span, _str(data.get("return_source")))
    if node is None:
        return None
    new = _pair_with_none(node, bare=doc.is_return_value(node))
    edit = doc.edit({id(node): lambda _u: new})
    if edit is None:
        return None
    preview = _pair_preview(node)
    return Fix(
        f"Return the cotangents with no logs: {preview}",
        True,
        "The returned pair is the tuple of cotangents itself, so pairing it with None (no logs) gives JAX the (in_cts, logs) it expects and keeps every cotangent.",
        (edit,),
        "return-cts-no-logs",
    )


# --------------------------------------------------------------------------------------------
# JXE003: not a pair

_SEQUENCE_KINDS = {"tuple", "list"}
# `return_kind` is the type name JAX would print for the returned value.
_SINGLE_KINDS = {"ArrayImpl", "array", "int", "float", "complex", "bool", "number"}
_NO_CT_KINDS = {"NoneType", "dict", "str", "bytes", "set", "frozenset", "function", "lambda"}


def _looks_like_logs(node: cst.BaseExpression) -> bool:
    """A dict, None, or a name that says it holds logs (`logs`, `aux_logs`, `log`)."""
    if isinstance(node, (cst.Dict, cst.DictComp)):
        return True
    if isinstance(node, cst.Call) and _callee_name(node) == "dict":
        return True
    name = node.value if isinstance(node, cst.Name) else (
        node.attr.value if isinstance(node, cst.Attribute) else None)
    if name is None:
        return False
    name = name.lower()
    return name == "none" or name == "log" or name.endswith("logs")


def _fixes_jxe003(lines: _Lines, finding: Finding) -> list[Fix]:
    data = finding.data
    span = _span(data.get("return_span"))
    if span is None:
        return []
    doc = _doc_for(lines, span)
    if doc is None:
        return []
    node = doc.expression(span, _str(data.get("return_source")))
    kind = _str(data.get("return_kind"))
    if node is None or kind in _NO_CT_KINDS:
        return []
    not_cotangents = (cst.Dict, cst.Set, cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)
    if isinstance(node, not_cotangents) or (isinstance(node, cst.Name) and node.value == "None"):
        return []
    arity = data.get("arity")
    arity = arity if isinstance(arity, int) and not isinstance(arity, bool) else None
    bare = doc.is_return_value(node)
    fixes = []
    single = (cst.BinaryOperation, cst.UnaryOperation, cst.Integer, cst.Float, cst.Imaginary)
    if isinstance(node, (cst.Tuple, cst.List)) and not any(
        isinstance(e, cst.StarredElement) for e in node.elements
    ):
        n = len(node.elements)
        last_is_logs = n >= 2 and _looks_like_logs(node.elements[-1].value)
        if last_is_logs and arity in (None, n - 1):
            fixes.append(_split_logs_fix(doc, node, bare, safe=True))
        elif arity is not None and arity == n - 1:
            fixes.append(_split_logs_fix(doc, node, bare, safe=False))
        elif arity in (None, n):
            why = "The returned value is the tuple of cotangents, so pairing it with None (no logs) gives JAX the (in_cts, logs) it expects and changes nothing else."
            fixes.append(_whole_pair_fix(doc, node, node, bare, True, why, ""))
    elif isinstance(node, (cst.Tuple, cst.List)) or kind in _SEQUENCE_KINDS:
        why = "The returned value is the tuple of cotangents, so pairing it with None (no logs) gives JAX the (in_cts, logs) it expects and changes nothing else."
        fixes.append(_whole_pair_fix(doc, node, node, bare, True, why, ""))
    elif kind in _SINGLE_KINDS or (kind is None and isinstance(node, single)):
        if arity not in (None, 1):
            return []
        first = cst.Tuple([cst.Element(node, comma=cst.Comma())])
        why = "The returned value is a single cotangent, so it is wrapped in a one-element tuple, which is right only for a one-argument function."
        safe = arity == 1
        fixes.append(_whole_pair_fix(doc, node, first, bare, safe, why,
                                     "" if safe else " (unsafe: assumes a one-argument function)"))
    else:
        why = "Pairing the returned value with None is right only if that value is already the tuple of cotangents, which cannot be seen here."
        fixes.append(_whole_pair_fix(doc, node, node, bare, False, why,
                                     " (unsafe: assumes the value is the tuple of cotangents)"))
    return [f for f in fixes if f is not None]


def _whole_pair_fix(
    doc: _StmtDoc, node: cst.BaseExpression, first: cst.BaseExpression, bare: bool,
    safe: bool, why: str, suffix: str,
) -> Fix | None:
    new = _pair_with_none(first, bare=bare)
    edit = doc.edit({id(node): lambda _u: new})
    if edit is None:
        return None
    title = f"Return a pair with no logs: {_pair_preview(first)}{suffix}"
    return Fix(title, safe, why, (edit,), "return-pair-none-logs")


def _split_logs_fix(doc: _StmtDoc, node: cst.Tuple | cst.List, bare: bool, safe: bool) -> Fix | None:
    """`return dx, dw, logs` -> `return (dx, dw), logs`."""
    *cts, logs = node.elements
    last_ct = cts[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    if len(cts) == 1:
        last_ct = cts[-1].with_changes(comma=cst.Comma())
    in_cts = cst.Tuple([*cts[:-1], last_ct])
    pair = cst.Tuple(
        [
            cst.Element(in_cts, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
            logs.with_changes(comma=cst.MaybeSentinel.DEFAULT),
        ]
    )
    if bare:
        pair = pair.with_changes(lpar=[], rpar=[])
    if isinstance(node, cst.Tuple) and node.lpar and not bare:
        pair = pair.with_changes(lpar=node.lpar, rpar=node.rpar)
    edit = doc.edit({id(node): lambda _u: pair})
    if edit is None:
        return None
    preview = f"{_preview(in_cts, 50)}, {_preview(logs.value, 30)}"
    if safe:
        title = f"Pair the cotangents with the logs: {preview}"
        why = "The last element is the logs, so nesting the others as the cotangent tuple gives JAX the (in_cts, logs) pair it expects and keeps every value."
    else:
        title = f"Pair the cotangents with the logs: {preview} (unsafe: assumes the last element is the logs)"
        why = "The tuple has one element more than the function has arguments, so the last one is taken as the logs, which the code does not show."
    return Fix(title, safe, why, (edit,), "pair-cts-with-logs")


# --------------------------------------------------------------------------------------------
# Public API

_BUILDERS: dict[str, Callable[[_Lines, Finding], list[Fix]]] = {
    "JXE001": _fixes_jxe001,
    "JXE002": _fixes_jxe002,
    "JXE003": _fixes_jxe003,
}


def compute_fixes(source: str, finding: Finding) -> list[Fix]:
    """The fixes for `finding` in `source`, best first; [] when none applies. Never raises.

    A fix whose rewritten statement would not parse is dropped.
    """
    try:
        builder = _BUILDERS.get(finding.code)
        if builder is None or not isinstance(finding.data, dict):
            return []
        return [f for f in builder(_Lines(source), finding) if f.edits]
    except Exception:  # noqa: BLE001 - a fix must never take the caller down
        log.exception("computing fixes for %s failed", finding.code)
        return []


_IGNORE_COMMENT = re.compile(r"#\s*jaxerr:\s*ignore\b(?:\[(?P<ids>[^\]]*)\])?", re.IGNORECASE)


def ignore_line_fix(source: str, finding: Finding) -> Fix:
    """Suppress `finding` with `# jaxerr: ignore[CODE]` at the end of its start line, merged
    into a jaxerr ignore comment already there; other comments are kept."""
    code = finding.code
    title = f"Ignore {code} on this line"
    why = "This only silences the diagnostic; the code will still raise when it runs."
    lines = _Lines(source)
    n = finding.span.start_line
    text = lines.line(n)

    def fix(*edits: TextEdit) -> Fix:
        return Fix(title, False, why, tuple(edits), IGNORE_FIX_ID)

    comment_col = _comment_column(text)
    if comment_col is not None:
        m = _IGNORE_COMMENT.search(text, comment_col)
        if m is not None:
            if m.group("ids") is None:
                return fix()  # a bare `# jaxerr: ignore` already silences every rule
            ids = [i.strip() for i in m.group("ids").split(",") if i.strip()]
            if code in ids or finding.catalog_id in ids:
                return fix()
            sep = ", " if ", " in m.group("ids") else ","
            new_ids = m.group("ids").rstrip() + (sep if ids else "") + code
            start, end = m.start("ids"), m.end("ids")
            return fix(TextEdit(Span(n, start, n, end), new_ids))
    body = text.rstrip()
    if body.endswith("\\"):
        return fix()  # a comment cannot follow a line continuation
    comment = f"# jaxerr: ignore[{code}]"
    return fix(TextEdit(Span(n, len(body), n, len(text)), ("  " if body else "") + comment))


def _comment_column(line: str) -> int | None:
    """Column of the comment on `line`, if any (a '#' outside strings)."""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(line + "\n").readline):
            if tok.type == tokenize.COMMENT:
                return tok.start[1]
    except (tokenize.TokenError, SyntaxError, ValueError):
        pass
    return None


def apply_edits(source: str, edits: Sequence[TextEdit]) -> str:
    """`source` with `edits` applied; spans refer to the original text. Insertions at the same
    position apply in the given order; an edit identical to an earlier one (the same import
    added by two fixes) applies once. Raises ValueError if two edits overlap."""
    lines = _Lines(source)
    located = []
    for order, e in enumerate(dict.fromkeys(edits)):
        start = lines.offset(e.span.start_line, e.span.start_column)
        end = lines.offset(e.span.end_line, e.span.end_column)
        if end < start:
            raise ValueError(f"edit span ends before it starts: {e.span}")
        located.append((start, end, order, e.new_text))
    located.sort()
    out = []
    pos = 0
    for start, end, _order, new_text in located:
        if start < pos:
            raise ValueError("overlapping edits")
        out.append(source[pos:start])
        out.append(new_text)
        pos = end
    out.append(source[pos:])
    return "".join(out)
