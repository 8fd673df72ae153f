"""Code where an exception is caught or expected: inside a `try` with handlers, or a `with`
whose context manager says it expects one (`pytest.raises`, `self.assertRaises`,
`contextlib.suppress`...), or under `jax.ensure_compile_time_eval()`. Rules that report an
error Python raises at the user's own statement stay silent there.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context


def may_be_expected(path: list[ast.AST]) -> bool:
    """Whether the code at the end of `path` (the nodes from the module down to it) sits where
    an exception is caught or expected."""
    for node in path:
        if isinstance(node, (ast.Try, ast.TryStar)) and node.handlers:
            return True
        if isinstance(node, (ast.With, ast.AsyncWith)) and any(_expects_an_error(i) for i in node.items):
            return True
    return False


def _expects_an_error(item: ast.withitem) -> bool:
    manager = item.context_expr
    func = manager.func if isinstance(manager, ast.Call) else manager
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return "raise" in name.lower() or "error" in name.lower() \
        or name in ("suppress", "ensure_compile_time_eval")


def expected_at(ctx: Context, *nodes: ast.AST) -> bool:
    """Whether one of `nodes` sits where the error is caught or expected (a `try` with
    handlers, `pytest.raises`...), or outside the module's tree."""
    for node in nodes:
        path = ctx.model.path_to(ctx.model.tree, node)
        if path is None or may_be_expected(path):
            return True
    return False
