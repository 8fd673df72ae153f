"""JXE135 cond-predicate-not-scalar.

What it does: finds `jax.lax.cond(pred, true_fun, false_fun, *operands)` whose branches are
functions of this file (defs or lambdas, so callable) and whose predicate is an array (JAX's or
NumPy's: JAX checks `np.ndim(pred)`) the value inference knows the shape of, with one or more dimensions (`jnp.ones(3) > 0`,
`x > 0` for `x = jnp.arange(4)`). The predicate's value is described (JAX prints it, or a
tracer), its shape predicted. A list or tuple predicate (JAX's other wording) and an
unknown shape are left alone.

Why is this bad: `cond` picks one branch from one boolean; JAX raises TypeError before
tracing the branches. An elementwise choice is `jnp.where`; a reduction (`jnp.all`,
`jnp.any`) may be missing.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.engine.rule import Context, Rule


@dataclass(frozen=True)
class ArrayPredicate(RuleData):
    shape: tuple[int, ...]


def check(ctx: Context) -> None:
    for site in ctx.model.calls_to("jax.lax.cond"):
        if not site.complete or site.partial is not None or len(site.args) < 3 \
                or any(isinstance(a, ast.Starred) for a in site.args[:3]) \
                or any(k.arg is None or k.arg != "operand" for k in site.keywords):
            continue
        if site.keywords and len(site.args) > 3:
            continue  # JAX refuses `operand=` with positional operands first
        pred, true_fun, false_fun = site.args[:3]
        if ctx.model.function_of(true_fun) is None or ctx.model.function_of(false_fun) is None:
            continue
        value = ctx.values.value(pred)
        aval = value.aval
        # A JAX or NumPy array: JAX checks `np.ndim(pred)` alike.
        if value.type not in ("ArrayImpl", "ndarray") or aval is None or not aval.shape:
            continue
        ctx.report(pred, values={"np.shape(pred)": str(aval.shape)},
                   shown={"pred": f"the value of `{ctx.segment(pred)}`"},
                   note=" (cond takes one boolean: for an elementwise choice use `jnp.where`, "
                        "or reduce with `jnp.all` / `jnp.any`)",
                   data=ArrayPredicate(aval.shape))


RULE = Rule(
    code="JXE135",
    catalog_id="cond-predicate-not-scalar",
    triggers=("cond",),
    check=check,
    data=ArrayPredicate,
)
