"""JXE136 grad-real-output.

What it does: finds a function made by `jax.grad` or `jax.value_and_grad` (see `grad_checks`,
without `holomorphic=True`) differentiating a lambda or def of this file, called with
arguments whose values the inference follows through the function's return expression, when
the returned value certainly is one scalar (shape `()`) of a complex, integer or boolean
dtype: `jax.grad(lambda x: (x * 1j).sum())(x)`, `jax.grad(lambda x: jnp.argmax(x))(x)`.
With `has_aux=True` the first element of a returned pair is checked. A non-scalar output
is JXE091's (JAX checks the shape first).

Why is this bad: reverse mode seeds the backward pass with a real 1.0; after running the
function JAX checks the output's dtype and raises TypeError, suggesting `holomorphic=True`
for a complex output and `jax.vjp` for an integer one.

Silent: outputs whose dtype the code does not show (64-bit types possibly on: no dtypes at
all), inputs JAX rejects first (JXE090), `holomorphic=True`, `jax.jacrev`.

Fix: none; a real loss (`jnp.abs(z) ** 2`, `jnp.real(z)`) or `holomorphic=True` is a choice
about the mathematics the catalog's solutions explain.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.families.control_flow import check_in_calls
from jaxerr_lsp.families.grad_checks import GradientCall, gradient_calls, gradient_output

_REAL_OUTPUT_GRADIENTS = ("jax.grad", "jax.value_and_grad")


@dataclass(frozen=True)
class NotRealOutput(RuleData):
    dtype: str  # the output's dtype, as JAX names it
_SCALARS = ("ArrayImpl", "int", "float", "bool", "complex")


def check(ctx: Context) -> None:
    for gradient in gradient_calls(ctx):
        if gradient.qualname not in _REAL_OUTPUT_GRADIENTS or gradient.holomorphic:
            continue
        # inside a def: again with the arguments of each call of it the file shows
        check_in_calls(ctx, gradient.call, lambda: _check_gradient(ctx, gradient))  # noqa: B023 (run at once)


def _check_gradient(ctx: Context, gradient: GradientCall) -> None:
    found = gradient_output(ctx, gradient)
    if found is None:
        return
    output, value = found
    aval = value.aval
    if value.type not in _SCALARS or aval is None or aval.shape != () or aval.dtype is None \
            or aval.kind not in ("c", "i", "u", "b"):
        return
    from jaxerr_lsp.errors.catalog import load_catalog

    entry = load_catalog().get("grad-real-output")
    # The first raise site words a complex output, the second an integer or boolean one.
    template = entry.sources[0].message or entry.message if aval.kind == "c" else entry.sources[1].message
    assert template is not None
    values = {"name": gradient.name, "aval.dtype.name": aval.dtype}
    _report(ctx, gradient, output, template.strip(), values, str(aval))


def _report(ctx: Context, gradient: GradientCall, output: ast.expr, template: str,
            values: dict[str, str], aval: str) -> None:
    ctx.report(gradient.call, message=fill(template, values), predicted=fill(template, values, escape=True),
               related=(Related(ctx.span(output), f"the function returns {aval} here"),),
               data=NotRealOutput(values["aval.dtype.name"]))


RULE = Rule(
    code="JXE136",
    catalog_id="grad-real-output",
    triggers=("grad",),
    check=check,
    data=NotRealOutput,
)
