"""JXE168 primitive-parameter-unhashable.

What it does: finds a call of a JAX function that hands its argument to a primitive as a
parameter (which JAX hashes when it records the operation in a jaxpr) where that argument, or
an element of its tuple or list display, is certainly an array tracer of a staging trace
(jit, scan, cond, ...): `lax.integer_pow(x, degree)` with `degree` a non-static parameter of
a jitted function, `jnp.tile(x, (1, n))`, `lax.rev(x, (axis,))`, `lax.argmax(x, axis, dtype)`.

Never flagged: a value that may be a Python number (static), a tracer of vmap or grad alone
(no jaxpr is recorded there), an argument the file does not show, a transformation written
with static arguments (which parameters are traced then depends on them; JXE131 reports a
wrong position).

Why is this bad: since JAX 0.7 the parameters of every equation of a jaxpr must be hashable;
a tracer is not, and the trace raises TypeError naming the primitive and the parameter.

No fix: making the parameter static (`static_argnums`) or computing it with an operation that
takes an array (`x ** degree`, `jnp.repeat`) is the author's choice.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.tracing import STAGING, Tracer
from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.tracer_arrays import tracer_related

# qualname -> (the argument's position, its keyword, the primitive, the primitive's parameter).
PRIMITIVE_PARAMETERS: dict[str, tuple[int, str, str, str]] = {
    "jax.lax.integer_pow": (1, "y", "integer_pow", "y"),
    "jax.numpy.tile": (1, "reps", "tile", "reps"),
    "jax.lax.rev": (1, "dimensions", "rev", "dimensions"),
    "jax.lax.argmax": (1, "axis", "argmax", "axes"),
    "jax.lax.argmin": (1, "axis", "argmin", "axes"),
}


@dataclass(frozen=True)
class UnhashableParameter(RuleData):
    primitive: str
    parameter: str


def _static_options(site: ast.AST) -> bool:
    """Whether the transformation written at `site` names static arguments (then which
    parameters are traced depends on them, and a wrong position raises first: JXE131)."""
    call = site if isinstance(site, ast.Call) else None
    return call is not None and any(k.arg is None or k.arg.startswith("static_") for k in call.keywords)


def _staged_tracer(ctx: Context, expr: ast.expr) -> Tracer | None:
    """The array tracer of a staging trace `expr` certainly is, or one element of a tuple or
    list display is (a trace whose site names no static arguments)."""
    candidates = expr.elts if isinstance(expr, (ast.Tuple, ast.List)) else [expr]
    for candidate in candidates:
        if isinstance(candidate, ast.Starred):
            return None
        tracer = ctx.tracing.tracer(candidate)
        if tracer is not None and tracer.array and tracer.transform.qualname in STAGING \
                and not _static_options(tracer.transform.site):
            return tracer
    return None


def check(ctx: Context) -> None:
    for qualname, (position, keyword, primitive, parameter) in PRIMITIVE_PARAMETERS.items():
        for site in ctx.model.calls_to(qualname):
            if not site.complete or site.partial is not None or any(isinstance(a, ast.Starred) for a in site.args) \
                    or any(k.arg is None for k in site.keywords):
                continue
            given = site.args[position] if len(site.args) > position else \
                next((k.value for k in site.keywords if k.arg == keyword), None)
            if given is None:
                continue
            tracer = _staged_tracer(ctx, given)
            if tracer is None:
                continue
            ctx.report(given, values={"primitive": primitive, "k": parameter},
                       shown={"v": f"the traced value of `{ctx.segment(given)}`"},
                       related=tracer_related(ctx, tracer), data=UnhashableParameter(primitive, parameter))


RULE = Rule(
    code="JXE168",
    catalog_id="primitive-parameter-unhashable",
    triggers=("integer_pow", "tile", "rev", "argmax", "argmin"),
    check=check,
    data=UnhashableParameter,
)
