"""JXE120 array-split-unequal.

What it does: finds `jnp.split(x, n)` (and `jnp.vsplit`, `jnp.hsplit`, `jnp.dsplit`) of a JAX
array whose shape the value inference knows, with a number of sections `n` the code writes
out (a positive int, or a name bound once to one) that does not divide the length of the
split axis (`axis=` written out as an int when given; vsplit's 0, hsplit's 1, or 0 for a 1-D
array, dsplit's 2).

Never flagged: an unknown shape, `n` or axis; a list or array of split points (any points
work); `n` of 0 or below (another error); an axis out of range; `jnp.array_split` (unequal
sections are its point); a NumPy array.

Why is this bad: with an integer number of sections JAX needs equal pieces and raises
ValueError with the remainder of the axis length divided by `n`.

No fix: `jnp.array_split(x, n)` gives pieces of unequal sizes, which the code after it may
not expect; the catalog entry explains the choices.
"""

from __future__ import annotations

import ast

from jaxerr_lsp.analysis.model import CallSite
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.shapes import ShapeData, has_shaped_arrays, in_followed_calls

# The functions and the axis each splits (None: the `axis` argument, 0 by default).
_FUNCTIONS = {"split": None, "vsplit": 0, "hsplit": 1, "dsplit": 2}


def _arguments(site: CallSite, function: str) -> tuple[ast.expr, ast.expr, ast.expr | None] | None:
    """(array, sections, axis) as the call gives them; None for a call the code does not show."""
    if not site.complete or site.partial is not None or any(isinstance(a, ast.Starred) for a in site.args) \
            or any(k.arg is None for k in site.keywords):
        return None
    names = ["ary", "indices_or_sections"] + (["axis"] if function == "split" else [])
    if len(site.args) > len(names):
        return None
    given: dict[str, ast.expr] = dict(zip(names, site.args))
    for keyword in site.keywords:
        if keyword.arg not in names or keyword.arg in given:
            return None
        given[keyword.arg] = keyword.value  # type: ignore[index]
    if names[0] not in given or "indices_or_sections" not in given:
        return None
    return given[names[0]], given["indices_or_sections"], given.get("axis")


def _check_site(ctx: Context, site: CallSite, function: str) -> None:
    arguments = _arguments(site, function)
    if arguments is None:
        return
    array, sections_expr, axis_expr = arguments
    sections = ctx.values.constant(sections_expr)
    if type(sections) is not int or sections <= 0:
        return
    value = ctx.values.value(array)
    aval = value.aval
    if value.jax_array is None or value.type != "ArrayImpl" or aval is None or aval.shape is None \
            or aval.kind in (None, "key"):
        return
    shape = aval.shape
    axis: object = _FUNCTIONS[function]
    if function == "split":
        axis = 0 if axis_expr is None else ctx.values.constant(axis_expr)
    elif function == "hsplit" and len(shape) == 1:
        axis = 0
    if type(axis) is not int:
        return
    if not -len(shape) <= axis < len(shape):
        return
    rest = shape[axis] % sections
    if rest:
        ctx.report(site.call, values={"r": str(rest)}, data=ShapeData((str(aval),)))


def check(ctx: Context) -> None:
    if not has_shaped_arrays(ctx.model):
        return
    for function in _FUNCTIONS:
        for site in ctx.model.calls_to(f"jax.numpy.{function}"):
            in_followed_calls(ctx, site.call, lambda: _check_site(ctx, site, function))


RULE = Rule(
    code="JXE120",
    catalog_id="array-split-unequal",
    triggers=("split",),
    check=check,
    data=ShapeData,
)
