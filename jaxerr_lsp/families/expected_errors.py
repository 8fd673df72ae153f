"""Code where an exception is caught or expected: inside a `try` with handlers, or a `with`
whose context manager says it expects one (`pytest.raises`, `self.assertRaises`,
`contextlib.suppress`...), or under `jax.ensure_compile_time_eval()`.

Two questions, for two kinds of finding:
- `caught_at(node)`: the statement at `node` raises and the code recovers (a `try` with
  handlers, `contextlib.suppress`), or runs under `jax.ensure_compile_time_eval()` (no
  tracing there): a rule stays silent at a node of such code. Code in a block that expects
  the error (`with pytest.raises(...)`, `with self.assertRaises(...)`) is code meant to raise:
  a finding there is what the test asserts, and is reported.
- `expected_at(*nodes)`: either of the above. A rule whose finding sits elsewhere than the
  call that leads to it (the body of a followed def, a callback's caller) stays silent when
  that call is expected to raise: the finding would point outside the block that expects it.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context


def may_be_expected(path: list[ast.AST], *, raising_blocks: bool = True) -> bool:
    """Whether the code at the end of `path` (the nodes from the module down to it) sits where
    an exception is caught or expected (not counting the blocks that expect it to raise,
    `pytest.raises`..., unless `raising_blocks`)."""
    for position, node in enumerate(path):
        if isinstance(node, (ast.Try, ast.TryStar)) and node.handlers \
                and _in_try_body(node, path[position + 1] if position + 1 < len(path) else None):
            return True
        if isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                kind = _expects(item)
                if kind == "recovers" or (kind == "raises" and raising_blocks):
                    return True
    return False


def _in_try_body(node: ast.Try | ast.TryStar, child: ast.AST | None) -> bool:
    """Whether `child` (the next node down the path) is a statement of the `try` body (the
    handlers, `else` and `finally` catch nothing of their own)."""
    return child is None or any(statement is child for statement in node.body)


def _expects(item: ast.withitem) -> str | None:
    """"raises" for a manager that expects its block to raise (`pytest.raises`,
    `self.assertRaises...`), "recovers" for one that swallows an error (`suppress`) or stops
    tracing (`ensure_compile_time_eval`), else None."""
    manager = item.context_expr
    func = manager.func if isinstance(manager, ast.Call) else manager
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    if name in ("suppress", "ensure_compile_time_eval"):
        return "recovers"
    if "raise" in name.lower() or "error" in name.lower():
        return "raises"
    return None


def caught_at(ctx: Context, *nodes: ast.AST) -> bool:
    """Whether one of `nodes` sits where an error is caught (a `try` with handlers,
    `suppress`), or under `ensure_compile_time_eval()`, or outside the module's tree; not in a
    block that expects the error to be raised."""
    for node in nodes:
        path = ctx.model.path_to(ctx.model.tree, node)
        if path is None or may_be_expected(path, raising_blocks=False):
            return True
    return False


def expected_at(ctx: Context, *nodes: ast.AST) -> bool:
    """Whether one of `nodes` sits where the error is caught or expected (a `try` with
    handlers, `pytest.raises`...), or outside the module's tree."""
    for node in nodes:
        path = ctx.model.path_to(ctx.model.tree, node)
        if path is None or may_be_expected(path):
            return True
    return False
