"""JXE164 pad-width-shape.

What it does: finds `jnp.pad(array, pad_width, ...)` of an array whose rank `nd` the value
inference knows, with `pad_width` written as an int or a rectangular tuple or list
display of ints (or a name bound once to one), whose shape is none of those JAX accepts:
`(nd, 2)` (one pair per axis), `(1, 2)`, `(2,)`, `(1,)` or `()` (the same for every axis):
three pairs for a 2-D array, a flat `(1, 1, 1)`. Also inside a def as each call the file
shows gives it (`families.shapes.in_followed_calls`).

Never flagged: a ragged display (another message), an
entry the code does not show as an int (a traced value: JXE071's concern), keywords or
arguments given twice.

Why is this bad: `jnp.pad` turns `pad_width` into a NumPy array and broadcasts it to one
(before, after) pair per axis; any other shape raises ValueError naming the rank and the
shape it got.

No fix: whether an axis is missing from the array or a pair too many was written is the
author's choice.
"""

from __future__ import annotations

import ast

from jaxerr_lsp.analysis.model import CallSite
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.shapes import ShapeData, has_shaped_arrays, in_followed_calls

_PARAMETERS = ("array", "pad_width", "mode")


def _arguments(site: CallSite) -> tuple[ast.expr, ast.expr] | None:
    if not site.complete or site.partial is not None or any(isinstance(a, ast.Starred) for a in site.args) \
            or any(k.arg is None for k in site.keywords):
        return None
    given = dict(zip(_PARAMETERS, site.args))
    for keyword in site.keywords:
        if keyword.arg in given:
            return None
        given[keyword.arg] = keyword.value  # type: ignore[index]
    if "array" not in given or "pad_width" not in given:
        return None
    return given["array"], given["pad_width"]


def _shape(ctx: Context, expr: ast.expr, depth: int = 0) -> tuple[int, ...] | None:
    """The NumPy shape of the ints `expr` writes (an int, a tuple or list display of them,
    nested, rectangular, or a name bound once to one); None otherwise."""
    if depth > 3:
        return None
    if isinstance(expr, ast.Name) and depth == 0:
        found = ctx.model.assignment_of(expr)
        if found is None or isinstance(found[1], ast.List) and ctx.model.is_mutated(found[0]):
            return None
        return _shape(ctx, found[1], 1)
    if isinstance(expr, (ast.Tuple, ast.List)):
        if any(isinstance(e, ast.Starred) for e in expr.elts):
            return None
        inner = [_shape(ctx, e, depth + 1) for e in expr.elts]
        if any(s is None for s in inner) or len(set(inner)) > 1:
            return None  # (ragged: NumPy refuses it first)
        return (len(expr.elts), *(inner[0] or ())) if inner else (0,)
    return () if type(ctx.values.constant(expr)) is int else None


def _check_site(ctx: Context, site: CallSite) -> None:
    arguments = _arguments(site)
    if arguments is None:
        return
    array, pad_width = arguments
    value = ctx.values.value(array)
    aval = value.aval
    if value.type not in ("ArrayImpl", "ndarray") or aval is None or aval.shape is None or aval.kind in (None, "key"):
        return
    nd = len(aval.shape)
    shape = _shape(ctx, pad_width)
    if shape is None or shape in ((nd, 2), (1, 2), (2,), (1,), ()):
        return
    ctx.report(site.call, values={"nd!r": str(nd), "nd": str(nd), "nvals.shape": str(shape), "name": "pad_width"},
               note=f" (the array's shape is {aval.shape})", data=ShapeData((str(aval),)))


def check(ctx: Context) -> None:
    if not has_shaped_arrays(ctx.model):
        return
    for site in ctx.model.calls_to("jax.numpy.pad"):
        in_followed_calls(ctx, site.call, lambda: _check_site(ctx, site))  # noqa: B023 (run at once)


RULE = Rule(
    code="JXE164",
    catalog_id="pad-width-shape",
    triggers=("pad",),
    check=check,
    data=ShapeData,
)
