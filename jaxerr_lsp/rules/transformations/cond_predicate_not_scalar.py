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

from dataclasses import dataclass

from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.control_flow import cond_predicates


@dataclass(frozen=True)
class ArrayPredicate(RuleData):
    shape: tuple[int, ...]


def check(ctx: Context) -> None:
    for pred in cond_predicates(ctx):
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
