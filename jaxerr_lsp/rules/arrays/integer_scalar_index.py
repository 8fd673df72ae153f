"""JXE124 integer-scalar-index.

What it does: finds a JAX array used where Python needs an integer, when the value
inference knows it is not an integer scalar (a float, complex or boolean dtype, or a shape
other than `()`): the index or a slice bound of a subscript of a list or tuple the code
certainly shows (`names[jnp.argmax(s) / 1]`, `layers[jnp.array([1])]`), or an argument of
`range(...)`.

Never flagged: an array of unknown dtype or shape, an integer scalar array (Python takes it),
a subscript of anything but a certain list or tuple (a JAX or NumPy array does its own
indexing), a Python number.

Why is this bad: Python calls the array's `__index__`, which JAX allows only for an integer
scalar, and raises TypeError otherwise, eagerly and under jit or vmap alike.

No fix: whether the author meant `int(...)`, `[0]` or another index is theirs to say.
"""

from __future__ import annotations

import ast

from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.shapes import ShapeData


def _not_integer_scalar(ctx: Context, expr: ast.expr | None) -> str | None:
    """The aval, as text, of a certain JAX array that is not an integer scalar."""
    if expr is None or isinstance(expr, (ast.Constant, ast.Slice, ast.Tuple, ast.List, ast.Starred)):
        return None
    value = ctx.values.value(expr)
    aval = value.aval
    if value.jax_array is None or value.type != "ArrayImpl" or aval is None or aval.shape is None \
            or aval.kind is None or aval.kind == "key":
        return None
    if aval.kind in ("i", "u") and aval.shape == ():
        return None
    return str(aval)


def _indices(subscript: ast.Subscript) -> list[ast.expr | None]:
    index = subscript.slice
    if isinstance(index, ast.Slice):
        return [index.lower, index.upper, index.step]
    return [index]


def _first_refused(ctx: Context, expressions: list[ast.expr | None]) -> tuple[ast.expr, str] | None:
    """The first expression Python's `__index__` refuses (a JAX array, not an integer
    scalar), when every one before it is certainly an int (a Python int or None for a slice
    bound, an integer scalar array)."""
    for expr in expressions:
        if expr is None or isinstance(expr, ast.Constant) and expr.value is None:
            continue
        text = _not_integer_scalar(ctx, expr)
        if text is not None:
            return expr, text
        value = ctx.values.value(expr)
        aval = value.aval
        if value.type == "int" or value.type == "ArrayImpl" and aval is not None \
                and aval.shape == () and aval.kind in ("i", "u"):
            continue
        return None
    return None


def check(ctx: Context) -> None:
    for subscript in ctx.model.nodes_in(ctx.model.tree, ast.Subscript):
        if not isinstance(subscript.ctx, ast.Load) or isinstance(subscript.slice, (ast.Constant, ast.Tuple)):
            continue
        found = _first_refused(ctx, _indices(subscript))
        if found is None or ctx.values.value(subscript.value).type not in ("list", "tuple"):
            continue
        ctx.report(found[0], data=ShapeData((found[1],)))
    for site in ctx.model.calls_to("builtins.range"):
        if not site.complete or site.keywords or any(isinstance(a, ast.Starred) for a in site.args) \
                or not 1 <= len(site.args) <= 3:
            continue
        found = _first_refused(ctx, list(site.args))
        if found is not None:
            ctx.report(found[0], data=ShapeData((found[1],)))


RULE = Rule(
    code="JXE124",
    catalog_id="integer-scalar-index",
    triggers=("[", "range"),
    check=check,
    data=ShapeData,
)
