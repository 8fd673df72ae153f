"""Code where an exception is caught or expected: inside a `try` with handlers, or a `with`
whose context manager says it expects one (`pytest.raises`, `self.assertRaises`,
`contextlib.suppress`...), or under `jax.ensure_compile_time_eval()`. Rules that report an
error Python raises at the user's own statement stay silent there.
"""

from __future__ import annotations

import ast


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
