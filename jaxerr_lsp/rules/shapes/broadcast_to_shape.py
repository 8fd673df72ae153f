"""JXE121 broadcast-to-shape.

What it does: finds `jnp.broadcast_to(x, shape)` of a JAX array whose shape and dtype the
value inference knows, to a shape the code shows (a tuple or list of ints, an int, a name
bound once to one, or `y.shape` of another array of known shape), that `x` cannot broadcast
to: fewer dimensions than `x` has, or a size of `x` other than 1 that differs from the
requested size it is aligned with (from the right).

Never flagged: an unknown shape on either side, a negative size, `out_sharding=`, a NumPy
array or a Python number (which broadcasts to any shape).

Why is this bad: JAX compares the shapes while it builds the operation (eagerly and under
jit alike) and raises ValueError with both types, or with both shapes when the requested one
has fewer dimensions.

No fix: the shape the author meant (a missing axis, another order) is theirs to say.
"""

from __future__ import annotations

import ast

from jaxerr_lsp.analysis.avals import Aval
from jaxerr_lsp.analysis.model import CallSite
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.families.shapes import ShapeData, has_shaped_arrays, in_followed_calls


def _array(ctx: Context, expr: ast.expr) -> Aval | None:
    value = ctx.values.value(expr)
    aval = value.aval
    if value.jax_array is None or value.type != "ArrayImpl" or aval is None or aval.shape is None \
            or aval.dtype is None:
        return None
    return aval


def _shape(ctx: Context, expr: ast.expr) -> tuple[int, ...] | None:
    """The requested shape as JAX canonicalizes it, when the code shows it."""
    if isinstance(expr, ast.Attribute) and expr.attr == "shape":
        aval = _array(ctx, expr.value)
        return aval.shape if aval is not None else None
    constant = ctx.values.constant(expr)
    if type(constant) is int:
        constant = (constant,)
    if not isinstance(constant, tuple) or not all(type(d) is int and d >= 0 for d in constant):
        return None
    return constant


def _arguments(site: CallSite) -> tuple[ast.expr, ast.expr] | None:
    if not site.complete or site.partial is not None or any(isinstance(a, ast.Starred) for a in site.args) \
            or len(site.args) > 2:
        return None
    given = dict(zip(("array", "shape"), site.args))
    for keyword in site.keywords:
        if keyword.arg not in ("array", "shape") or keyword.arg in given:
            return None  # (out_sharding=: JAX compares shardings too)
        given[keyword.arg] = keyword.value
    if set(given) != {"array", "shape"}:
        return None
    return given["array"], given["shape"]


def _type(aval: Aval, shape: tuple[int, ...]) -> str:
    return f"{aval.dtype}[{','.join(str(d) for d in shape)}]"


def _check_site(ctx: Context, site: CallSite) -> None:
    arguments = _arguments(site)
    if arguments is None:
        return
    aval = _array(ctx, arguments[0])
    shape = _shape(ctx, arguments[1]) if aval is not None else None
    if aval is None or aval.shape is None or shape is None:
        return
    have = aval.shape
    data = ShapeData((str(aval),))
    if len(shape) < len(have):
        entry = load_catalog().get("broadcast-to-shape")
        template = next(s.message for s in entry.sources if s.message is not None).strip()
        values = {"arr_shape!r": repr(have), "shape!r": repr(shape)}
        ctx.report(site.call, message=fill(template, values), predicted=fill(template, values, escape=True),
                   data=data)
        return
    tail = shape[len(shape) - len(have):]
    if all(d == 1 or d == want for d, want in zip(have, tail)):
        return
    arr_type = ("~" if aval.weak else "") + _type(aval, have)
    ctx.report(site.call, values={"arr_aval": arr_type, "exp_type": _type(aval, shape)}, data=data)


def check(ctx: Context) -> None:
    if not has_shaped_arrays(ctx.model):
        return
    for site in ctx.model.calls_to("jax.numpy.broadcast_to"):
        in_followed_calls(ctx, site.call, lambda: _check_site(ctx, site))


RULE = Rule(
    code="JXE121",
    catalog_id="broadcast-to-shape",
    triggers=("broadcast_to",),
    check=check,
    data=ShapeData,
)
