"""Expressions that certainly evaluate to one JAX array (an `ArrayImpl`, or a tracer of one
under a transformation), never a NumPy array, a `Ref`, a tuple or a pytree: the evaluator's
`Value.jax_array` (`jaxerr_lsp.analysis.values.JaxArray`), stricter than `Value.type`, whose
`ArrayImpl` also covers arithmetic on NumPy arrays and functions that may return a tuple.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.model import Binding

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

__all__ = ["jax_array_origin", "reaching_assignment"]


def jax_array_origin(ctx: Context, expr: ast.expr) -> str | None:
    """What makes `expr` certainly a JAX array, in words ("`jax.numpy.zeros`", "an `.at[]`
    update"), or None when the code does not show it."""
    made = ctx.values.value(expr).jax_array
    return made.words if made is not None else None


def reaching_assignment(ctx: Context, name: ast.Name) -> Binding | None:
    """The assignment that made the JAX array `name` certainly holds where it is read: every
    binding code flow lets reach the use leaves one there (an assignment of one, or `x op= y`
    on one, followed back to the assignment before it); the first of them, else None."""
    made = ctx.values.value(name).jax_array
    return made.binding if made is not None else None
