"""JXE137 fori-loop-bound-types.

What it does: finds `jax.lax.fori_loop(lower, upper, body_fun, init_val)` whose two bounds the
value inference knows as scalars of an integer and a floating-point dtype (`fori_loop(0, 3.0,
...)`, `fori_loop(0, n / 2, ...)` with Python numbers, a float32 JAX scalar), and predicts both
dtype names.

Why is this bad: the loop counter is given the bounds' common type, so JAX first checks that
the two bounds have the same dtype and raises TypeError before it traces the body.

Silent: bounds whose dtypes the code does not show (a traced bound under jit, a parameter,
64-bit types possibly on), two integer dtypes (JAX may accept them), non-scalar bounds.

Fix: none; the catalog's solutions say how to make both bounds integers (`int(n)`, `n // 2`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.engine.rule import Context, Rule


@dataclass(frozen=True)
class BoundTypes(RuleData):
    lower: str  # the dtypes JAX names
    upper: str


def check(ctx: Context) -> None:
    for site in ctx.model.calls_to("jax.lax.fori_loop"):
        if not site.complete or site.partial is not None or len(site.args) < 2 or site.keywords \
                or any(isinstance(a, ast.Starred) for a in site.args[:4]):
            continue
        lower, upper = (ctx.values.value(bound).aval for bound in site.args[:2])
        if lower is None or upper is None or lower.shape != () or upper.shape != () \
                or lower.dtype is None or upper.dtype is None \
                or {lower.kind, upper.kind} not in ({"i", "f"}, {"u", "f"}):
            continue
        ctx.report(site.call, values={"lower_dtype.name": lower.dtype, "upper_dtype.name": upper.dtype},
                   note=f" (the loop counter needs one integer type: `{ctx.segment(site.args[0])}` "
                        f"is {lower.dtype}, `{ctx.segment(site.args[1])}` is {upper.dtype})",
                   data=BoundTypes(lower.dtype, upper.dtype))


RULE = Rule(
    code="JXE137",
    catalog_id="fori-loop-bound-types",
    triggers=("fori_loop",),
    check=check,
    data=BoundTypes,
)
