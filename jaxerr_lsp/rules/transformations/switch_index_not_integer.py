"""JXE173 switch-index-not-integer.

What it does: finds `lax.switch(index, branches, *operands)` whose branches are a tuple or
list display of functions (a def or lambda of the file, or a function JAX or the file names:
`switch` checks they are callable first) and whose index the evaluator knows to be a bool or
a float (a comparison `x > 0`, `jnp.floor(t * 3)`, a Bernoulli draw), or an array with
dimensions (a batch of indices). The dtype and the shape are predicted; the index's own text
(a tracer's, under a transformation) is shown.

Why is this bad: `switch` picks a branch by position, so the index must be one integer;
JAX checks its shape, then its dtype, and raises TypeError before tracing any branch (a
bool is not taken as 0 or 1, a float is not rounded).

Fix: none offered: `index.astype(jnp.int32)` for a bool or a rounded float, or `lax.cond`
for two branches picked by a bool; a batch of indices needs `jax.vmap` around the switch.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.avals import exact_dtype
from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.engine.rule import Context, Rule, as_template, fill
from jaxerr_lsp.families.shapes import in_followed_calls

SWITCH_MESSAGE = "Index type must be an integer, got {index} as {index_dtype}"
SCALAR_MESSAGE = "Branch index must be scalar, got {index} of shape {np.shape(index)}."


@dataclass(frozen=True)
class SwitchIndex(RuleData):
    dtype: str  # the index's dtype as JAX names it ("" when the shape is the problem)


def _callable(ctx: Context, function: ast.expr) -> bool:
    """A function of the file (`model.function_of`) or one a module gives (`jnp.sin`)."""
    return ctx.model.function_of(function) is not None or ctx.model.qualname(function) is not None


def _branches(ctx: Context, branches: ast.expr) -> list[ast.expr] | None:
    """The branch functions of a tuple or list display, or of a name bound to one."""
    if isinstance(branches, (ast.Tuple, ast.List)):
        return list(branches.elts)
    value = ctx.values.value(branches)
    return list(value.elements) if value.type in ("tuple", "list") and value.elements is not None else None


def check(ctx: Context) -> None:
    for site in ctx.model.calls_to("jax.lax.switch"):
        call = site.call
        if site.partial is not None or not site.complete or len(call.args) < 2 \
                or any(isinstance(a, ast.Starred) for a in call.args[:2]) \
                or any(k.arg in (None, "index", "branches", "operand") for k in call.keywords):
            continue
        branches = _branches(ctx, call.args[1])
        if not branches or not all(not isinstance(b, ast.Starred) and _callable(ctx, b) for b in branches):
            continue
        # (in a def, also with the values each call of it the file shows gives its parameters)
        in_followed_calls(ctx, call, lambda call=call: _check_index(ctx, call.args[0]),  # type: ignore[misc]
                          shapes_only=False)


def _check_index(ctx: Context, index: ast.expr) -> None:
    value = ctx.values.value(index)
    aval = value.aval
    if value.type not in ("ArrayImpl", "ndarray", "bool", "float") or aval is None or aval.shape is None:
        return
    shown = {"index": f"‹the index, {ctx.segment(index)}›"}
    if aval.shape != ():
        shape = str(aval.shape)
        ctx.report(index, message=fill(SCALAR_MESSAGE, {**shown, "np.shape(index)": shape}),
                   predicted="Branch index must be scalar, got {index} of shape " + as_template(shape) + ".",
                   note=" (`lax.switch` takes one integer index: `jax.vmap` the switch for a batch of them)",
                   data=SwitchIndex(""))
        return
    if aval.kind not in ("b", "f"):
        return
    dtype_known = exact_dtype(aval.dtype)
    ctx.report(index, values={"index_dtype": aval.dtype} if dtype_known and aval.dtype else {},
               shown={**shown, **({} if dtype_known else {"index_dtype": f"‹{aval.dtype}›"})},
               note=f" (`{ctx.segment(index)}` is a {'bool' if aval.kind == 'b' else 'float'}: "
                    "`lax.switch` picks a branch by an integer position; convert it with "
                    "`.astype(jnp.int32)`, or use `lax.cond` for a bool)",
               data=SwitchIndex(aval.dtype or ""))


RULE = Rule(
    code="JXE173",
    catalog_id="switch-index-not-integer",
    triggers=("switch",),
    check=check,
    data=SwitchIndex,
)
