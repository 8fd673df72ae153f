"""JXE090 grad-integer-input.

What it does: finds a function made by `jax.grad`, `jax.value_and_grad`, `jax.jacrev` or
`jax.jacobian` (see `grad_checks`) called with a value whose dtype the value inference shows
to be an integer, a boolean or a PRNG key at a differentiated position (`argnums`, 0 by
default): `jax.grad(f)(3)`, `jax.grad(loss)(jnp.arange(4))`, `jax.grad(f, argnums=1)(w, 2)`,
a leaf of a tuple or list display there (`jax.grad(f)((1.0, 2))`), a NumPy array (JAX
converts it: `np.arange(4)` is int32 to it). Where x64 may be on, the width is JAX's to say
(`int32|int64`).

Why is this bad: before running the function JAX checks each leaf of the differentiated
arguments, in argnums order, and raises TypeError for the first whose dtype is not real or
complex ("grad" for grad/value_and_grad, "jacrev" for jacrev/jacobian).

Silent: `allow_int=True`, `holomorphic=True` (another message), options that are not
literals, arguments of unknown dtype (parameters, other modules; the first such leaf ends the
search: it could fail first), positions not differentiated, calls with `*args` or too few positional
arguments (JXE024 first).

Fix: an int literal becomes the equal float literal (`3` -> `3.0`, safe); an integer array
gets `dtype=jnp.float32` in its `jnp.arange`/`jnp.array`/`jnp.asarray` call, or
`.astype(jnp.float32)` at the call (unsafe: the array is float from then on).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.families.grad_checks import (GradientCall, differentiated_arguments, first_rejected_leaf,
                                    gradient_calls)
from jaxerr_lsp.engine.rule import Context, Rule

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# Constructors whose dtype= can be added when the call does not give one; the most
# positional arguments a call may have without giving the dtype.
_DTYPE_CONSTRUCTORS = {"jax.numpy.arange": 3, "jax.numpy.array": 1, "jax.numpy.asarray": 1}


@dataclass(frozen=True)
class PlannedFix(RuleData):
    fix_id: str  # float-literal | float-dtype
    span: Span
    source: str  # what the span reads now
    text: str  # what to put there
    title: str


@dataclass(frozen=True)
class IntegerInput(RuleData):
    fixes: list[PlannedFix]


def check(ctx: Context) -> None:
    for gradient in gradient_calls(ctx):
        if gradient.allow_int or gradient.holomorphic:
            continue
        arguments = differentiated_arguments(gradient)
        if arguments is None:
            continue
        for position, argument in arguments:
            verdict = first_rejected_leaf(ctx, argument)
            if isinstance(verdict, tuple):
                _report(ctx, gradient, position, argument, *verdict)
            if verdict is not True:
                break


def _within(inner: ast.expr, outer: ast.expr) -> bool:
    start = (inner.lineno, inner.col_offset)
    end = (inner.end_lineno or 0, inner.end_col_offset or 0)
    return (outer.lineno, outer.col_offset) <= start \
        and end <= (outer.end_lineno or 0, outer.end_col_offset or 0)


def _report(ctx: Context, gradient: GradientCall, position: int, argument: ast.expr,
            leaf: ast.expr, dtype: str) -> None:
    where = leaf if _within(leaf, argument) else argument
    plans = _fix_plans(ctx, where, dtype)
    related = (Related(ctx.span(gradient.made),
                       f"`{gradient.qualname}` differentiates positional argument {position} here"),)
    ctx.report(where, values={"name": gradient.name, "aval.dtype.name": dtype}, related=related,
               data=IntegerInput(plans))


def _fix_plans(ctx: Context, where: ast.expr, dtype: str) -> list[PlannedFix]:
    """The fixes for the rejected value `where`."""
    literal = where.operand if isinstance(where, ast.UnaryOp) and isinstance(where.op, ast.USub) \
        else where
    if isinstance(literal, ast.Constant) and type(literal.value) is int:
        text = repr(float(literal.value))
        source = ctx.segment(literal)
        return [PlannedFix("float-literal", ctx.span(literal), source, text, f"Write {source} as {text}")]
    aliases = ctx.model.aliases_of("jax.numpy")
    if not dtype.startswith(("int", "uint")) or not aliases:
        return []
    float32 = f"{aliases[0]}.float32"
    source = ctx.segment(where)
    if _takes_dtype_keyword(ctx, where):
        head = source[:-1].rstrip()
        text = f"{head}{' ' if head.endswith(',') else ', '}dtype={float32})"
        return [PlannedFix("float-dtype", ctx.span(where), source, text,
                           f"Give the array dtype={float32}")]
    simple = isinstance(where, (ast.Name, ast.Attribute, ast.Call, ast.Subscript))
    text = f"{source if simple else f'({source})'}.astype({float32})"
    return [PlannedFix("float-dtype", ctx.span(where), source, text, f"Convert with .astype({float32})")]


def _takes_dtype_keyword(ctx: Context, expr: ast.expr) -> bool:
    """`jnp.arange(5)`, `jnp.array([1, 2])`: a constructor call that gives no dtype."""
    if not isinstance(expr, ast.Call) or not ctx.segment(expr).endswith(")"):
        return False
    limit = _DTYPE_CONSTRUCTORS.get(ctx.model.qualname(expr.func) or "")
    return limit is not None and 0 < len(expr.args) <= limit \
        and not any(isinstance(a, ast.Starred) for a in expr.args) \
        and all(k.arg is not None and k.arg != "dtype" for k in expr.keywords)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.text import holds

    data = finding.data
    assert isinstance(data, IntegerInput)
    fixes = []
    for plan in data.fixes:
        fix_id, span, source, text, title = plan.fix_id, plan.span, plan.source, plan.text, plan.title
        if not holds(lines, span, source):
            continue
        if fix_id == "float-literal":
            why = (f"Passes `{text}` instead of `{source}`: the same number as a float32, "
                   "which JAX can differentiate.")
            fixes.append(Fix(title, True, why, (TextEdit(span, text),), fix_id))
        else:
            why = (f"Passes `{text}`: the same values as float32, which JAX can differentiate; "
                   "code that uses this array as integers (indices, counts, dtype checks) now "
                   "sees floats.")
            fixes.append(Fix(title, False, why, (TextEdit(span, text),), fix_id))
    return fixes


RULE = Rule(
    code="JXE090",
    catalog_id="grad-integer-input",
    triggers=("grad", "jacrev", "jacobian"),
    check=check,
    data=IntegerInput,
    fix=fix,
    fix_ids=("float-literal", "float-dtype"),
)
