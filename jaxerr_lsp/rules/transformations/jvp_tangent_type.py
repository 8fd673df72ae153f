"""JXE154 jvp-tangent-type.

What it does: finds `jax.jvp(f, primals, tangents)` whose primals and tangents are tuple or list
displays (written there, or a name holding one) of one length, each element one array or
Python number whose dtype and shape the value inference knows, and takes the pairs in JAX's
order: the first pair whose tangent's dtype is not its float or complex primal's dtype is
reported with JAX's TypeError, the first pair whose shapes differ (the dtypes agreeing) with
its ValueError: a stack of directions `(4, 3)` for a primal `(3,)`, a scalar for a vector.
Also in a def's body once per call of the def that gives the values
(`families.shapes.in_followed_calls`: `directional(w, dirs)` called with arrays).

An integer or bool primal takes a `float0` tangent: one of any dtype the inference knows (an
int `0`, a float array) is reported with the same TypeError (`expected tangent dtype
[('float0', 'V')]`).

Silent: any element whose structure, dtype or shape is not shown (a pytree, a parameter), an
earlier pair the code does not show to match (JAX would check it first), dtypes only x64
decides, `has_aux=`, `*` arguments.

Why is this bad: `jvp` pushes one tangent per primal through `f`; JAX checks each pair's dtype
and then its shape before it traces `f`, and raises.

No fix: whether the tangent's directions were meant for `jax.vmap`, a reshape or a cast is the
author's call.
"""

from __future__ import annotations

import ast

from jaxerr_lsp.analysis.avals import Aval
from jaxerr_lsp.analysis.model import CallSite
from jaxerr_lsp.analysis.values import Value
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.families.shapes import ShapeData, has_shaped_arrays, in_followed_calls, shape_text

CATALOG_ID = "jvp-tangent-type"
# How JAX prints the tangent dtype of an integer or bool primal (measured).
_FLOAT0 = "[('float0', 'V')]"


def _elements(ctx: Context, expr: ast.expr) -> list[Value] | None:
    """The values of a tuple or list display's elements (or of the parts a name holding one
    keeps); None when the code does not show them one by one."""
    value = ctx.values.value(expr)
    if value.type not in ("tuple", "list"):
        return None
    if value.elements is not None:
        if any(isinstance(e, ast.Starred) for e in value.elements):
            return None
        return [ctx.values.value(e) for e in value.elements]
    return list(value.parts) if value.parts is not None else None


def _leaf_aval(value: Value) -> Aval | None:
    """The aval of one array or Python number, shape and dtype known; None otherwise."""
    aval = value.aval
    if not (value.type in ("ArrayImpl", "ndarray") or value.python_scalar) or aval is None \
            or aval.shape is None or aval.dtype is None or aval.is_key or "|" in aval.dtype:
        return None
    return aval


def _arguments(site: CallSite) -> tuple[ast.expr, ast.expr] | None:
    if not site.complete or site.partial is not None or site.keywords \
            or len(site.args) != 3 or any(isinstance(a, ast.Starred) for a in site.args):
        return None
    return site.args[1], site.args[2]


def _check_site(ctx: Context, site: CallSite) -> None:
    arguments = _arguments(site)
    if arguments is None:
        return
    primals, tangents = _elements(ctx, arguments[0]), _elements(ctx, arguments[1])
    if primals is None or tangents is None or len(primals) != len(tangents):
        return
    for primal, tangent in zip(primals, tangents):
        p, t = _leaf_aval(primal), _leaf_aval(tangent)
        if p is None or t is None or p.kind not in ("f", "c", "b", "i", "u") or p.dtype is None \
                or t.dtype is None or p.shape is None or t.shape is None:
            return  # (not shown)
        data = ShapeData((str(p), str(t)))
        integer = p.kind in ("b", "i", "u")  # (its tangent must be float0, which no aval here is)
        if integer or p.dtype != t.dtype:
            entry = load_catalog().get(CATALOG_ID)
            source = next(s for s in entry.sources if s.message and "dtypes must be equal" in s.message)
            template = (source.message or "").strip()
            expected = _FLOAT0 if integer else p.dtype
            values = {"_dtype(p)": p.dtype, "core.primal_dtype_to_tangent_dtype(_dtype(p))": expected,
                      "_dtype(t)": t.dtype}
            ctx.report(arguments[1], message=fill(template, values), predicted=fill(template, values, escape=True),
                       exception=source.exception, data=data)
            return
        if p.shape != t.shape:
            ctx.report(arguments[1], values={"np.shape(p)": shape_text(p.shape),
                                             "np.shape(t)": shape_text(t.shape)}, data=data)
            return


def check(ctx: Context) -> None:
    if not has_shaped_arrays(ctx.model):
        return
    for site in ctx.model.calls_to("jax.jvp"):
        in_followed_calls(ctx, site.call, lambda: _check_site(ctx, site))  # noqa: B023 (run at once)


RULE = Rule(
    code="JXE154",
    catalog_id=CATALOG_ID,
    triggers=("jvp",),
    check=check,
    data=ShapeData,
)
