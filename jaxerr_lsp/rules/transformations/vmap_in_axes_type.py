"""JXE093 vmap-in-axes-type.

What it does: finds `jax.vmap(f, in_axes=...)` (or `@functools.partial(jax.vmap, in_axes=...)`)
whose `in_axes` is visibly of a type JAX refuses at the top (a dict, a string, a float, a bool,
a set; a list is accepted: JAX makes it a tuple), or a tuple/list/dict whose leaves visibly
include something other than an int or None; and an `out_axes` with such a leaf when
`in_axes` is visibly fine.

Why is this bad: `jax.vmap` checks the types of `in_axes` and `out_axes` when it makes the
function (at the decorator, for a decorated def) and raises TypeError.

Silent for axes the code does not show (a parameter, a call, a name bound twice, NumPy
integers) and for `functools.partial(jax.vmap, ...)` objects never applied to a function here.

Fixes: wrap a dict `in_axes` in a one-element tuple when the vmapped function is a def or
lambda of the file with exactly one positional parameter; write a dict keyed by all the
function's positional parameters as a tuple in their order. Both unsafe.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.core.source import text_of_span
from jaxerr_lsp.analysis.values import Signature
from jaxerr_lsp.families.vmap_axes import (UNKNOWN, Vmap, as_given, bad_leaves, has_unknown, is_dict_call,
                                  jax_str, literal, vmaps)

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

TOP = 0  # the first message: the type of in_axes itself
IN_LEAVES = 1  # a leaf of in_axes
OUT_LEAVES = 2  # a leaf of out_axes


@dataclass(frozen=True)
class InAxesType(RuleData):
    axes_span: Span  # the in_axes expression
    axes_source: str
    wrap: bool  # a dict display for a function of one positional parameter
    ordered: str  # the dict's values as a tuple in the order of the parameters; "" if not


def _template(variant: int) -> str:
    from jaxerr_lsp.errors.catalog import load_catalog

    entry = load_catalog().get(RULE.catalog_id)
    return (entry.sources[variant].message or entry.message).strip()


def _positional_only_signature(function: ast.FunctionDef | ast.Lambda | None) -> tuple[str, ...] | None:
    """The positional parameters of a function with no *args (None when not shown)."""
    if function is None:
        return None
    signature = Signature.of(function.args)
    if signature.vararg is not None:
        return None
    return signature.positional


def _ordered(expr: ast.expr, value: object, parameters: tuple[str, ...] | None,
             ctx: Context) -> str:
    """`{'y': None, 'x': 0}` as `(0, None)` for `def f(x, y)`: the dict display's values in the
    order of the parameters, when its keys are exactly the positional parameters."""
    if not isinstance(expr, ast.Dict) or not isinstance(value, dict) or not parameters:
        return ""
    if set(value) != set(parameters) or len(value) != len(expr.keys):
        return ""
    by_key = {k.value: v for k, v in zip(expr.keys, expr.values) if isinstance(k, ast.Constant)}
    if set(by_key) != set(parameters):
        return ""
    parts = [ctx.segment(by_key[name]) for name in parameters]
    return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"


def _report(ctx: Context, vmap: Vmap, expr: ast.expr, value: object, variant: int) -> None:
    name = "out_axes" if variant == OUT_LEAVES else "in_axes"
    text = jax_str(value)
    values: dict[str, str] = {}
    shown: dict[str, str] = {}
    if has_unknown(value):
        shown[name] = ctx.segment(expr)
    else:
        values[name] = text
    template = _template(variant)
    parameters = _positional_only_signature(vmap.definition)
    wrap = variant == TOP and (isinstance(expr, ast.Dict) or is_dict_call(ctx, expr)) \
        and parameters is not None and len(parameters) == 1
    ordered = _ordered(expr, value, parameters, ctx) if variant == TOP else ""
    span = ctx.span(expr)
    ctx.report(span, message=fill(template, {**values, **shown}),
               predicted=fill(template, values, escape=True),
               related=(Related(ctx.span(vmap.node), "the function is made by `jax.vmap` here"),),
               data=InAxesType(span, text_of_span(ctx.parsed.lines, span), wrap, ordered))


def _check(ctx: Context, vmap: Vmap) -> None:
    in_expr = vmap.option("in_axes")
    if in_expr is not None:
        value = as_given(literal(ctx, in_expr))
        if value is UNKNOWN:
            return
        if value is not None and type(value) not in (int, tuple):
            _report(ctx, vmap, in_expr, value, TOP)
            return
        if bad_leaves(value):
            _report(ctx, vmap, in_expr, value, IN_LEAVES)
            return
        if has_unknown(value):
            return  # an unknown part may fail the in_axes check first
    out_expr = vmap.option("out_axes")
    if out_expr is not None:
        value = literal(ctx, out_expr)
        if value is not UNKNOWN and bad_leaves(value):
            _report(ctx, vmap, out_expr, value, OUT_LEAVES)


def check(ctx: Context) -> None:
    for vmap in vmaps(ctx):
        _check(ctx, vmap)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, InAxesType)
    if lines.text(data.axes_span) != data.axes_source.replace("\n", lines.newline):
        return []
    fixes = []  # keys naming the parameters: the tuple of their entries first
    if data.ordered:
        fixes.append(Fix(
            f"Write in_axes as {data.ordered}", False,
            "One entry per positional parameter, in their order; each call must then pass "
            "those arguments positionally.",
            (TextEdit(data.axes_span, data.ordered),), "order-by-parameters"))
    if data.wrap:
        fixes.append(Fix(
            "Wrap in_axes in a one-element tuple", False,
            "The dict now describes the one positional argument leaf by leaf; it runs only if "
            "that argument is a dict with the same keys.",
            (TextEdit(data.axes_span, f"({data.axes_source},)"),), "wrap-in-tuple"))
    return fixes


RULE = Rule(
    code="JXE093",
    catalog_id="vmap-in-axes-type",
    triggers=("vmap",),
    check=check,
    data=InAxesType,
    fix=fix,
    fix_ids=("wrap-in-tuple", "order-by-parameters"),
)
