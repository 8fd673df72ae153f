"""Where the file's custom_vjp functions are called, and how (for the rules about calling a
custom_vjp function: JXE050, JXE052, JXE053, JXE054).

`name_binding(ctx, custom_vjp)` is the binding naming a custom_vjp function (every use that
may read it certainly does);
`custom_vjp_called(ctx, expr)` the custom_vjp function an expression certainly names;
`primal_name(custom_vjp)` the `__name__` JAX prints for it.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import CustomVjp, custom_vjp_of
from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.analysis.model import Binding

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.text import Lines
    from jaxerr_lsp.engine.rule import Context


def name_binding(ctx: Context, custom_vjp: CustomVjp) -> Binding | None:
    """The binding of the name the custom_vjp function is known by (a decorated def, or
    `f = jax.custom_vjp(g)`), when every use that may read it certainly does (code flow:
    the name may be bound again, as a notebook's cells do)."""
    model = ctx.model
    definition = custom_vjp.definition
    if isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return model.unambiguous_binding(definition)
    statement = model.parent.get(id(definition))
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)):
        return None
    return model.unambiguous_binding(statement.targets[0])


def custom_vjp_called(ctx: Context, expr: ast.expr) -> CustomVjp | None:
    """The custom_vjp function of this file that `expr` (a name) certainly is."""
    return custom_vjp_of(ctx.model, expr)


def primal_name(custom_vjp: CustomVjp) -> str | None:
    """The primal function's `__name__`, which JAX's messages print."""
    primal = custom_vjp.primal
    if isinstance(primal, ast.Lambda):
        return "<lambda>"
    if isinstance(primal, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return primal.name
    return None


def is_direct_call(use_node: ast.Name, parent: ast.AST | None) -> bool:
    """`f(...)`: the name is the callee."""
    return isinstance(parent, ast.Call) and parent.func is use_node


def span_fits(lines: Lines, span: Span | None) -> bool:
    """Whether a fix's span (from a finding's data, which may come back from an editor
    changed) still describes a stretch of this text."""
    if span is None:
        return False
    if (span.start_line, span.start_column) > (span.end_line, span.end_column):
        return False
    return 1 <= span.start_line and span.end_line <= lines.count and min(
        span.start_column, span.end_column) >= 0
