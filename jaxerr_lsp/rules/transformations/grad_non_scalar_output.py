"""JXE091 grad-non-scalar-output.

What it does: finds a function made by `jax.grad` or `jax.value_and_grad` (see `grad_checks`)
differentiating a lambda or def of this file, called with arguments whose values the
inference follows through the function's return expression (`ctx.values.bound`), when the
returned value certainly is not a scalar: an array whose shape is not `()`
(`jax.grad(lambda x: x ** 2)(jnp.ones(3))`), or a tuple, list or dict display (without
`has_aux`). With `has_aux=True` the first element of a returned pair is checked.

Why is this bad: a gradient is taken of one real number. After running the function JAX
checks the output and raises TypeError: "Output had shape: (3,)." with advice (an extra
"extract the scalar with output.reshape(())" for one element), or "Output was <value>." for
a non-array.

Silent: the function's return not one expression (several returns), arguments or
parameters whose shapes the code does not show, differentiated inputs JAX would reject first
(integers: JXE090), `jax.jacrev`/`jax.jacobian` (any output is fine there).

Fix (unsafe): wrap the returned expression in `jnp.sum(...)`; the gradient becomes that of
the sum, and every other caller of the function gets the sum too.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.avals import Aval
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.families.grad_checks import GradientCall, gradient_calls, gradient_output
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.analysis.values import Value
from jaxerr_lsp.families.control_flow import check_in_calls

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

_SCALAR_GRADIENTS = ("jax.grad", "jax.value_and_grad")
_CONTAINERS = ("tuple", "list", "dict")
_PYTREE_MESSAGE = "Gradient only defined for scalar-output functions. Output was {x}."


@dataclass(frozen=True)
class NonScalarOutput(RuleData):
    span: Span  # the returned expression
    source: str
    sum_function: str  # `jnp.sum` as the file can write it; "" when it cannot (no fix)


def check(ctx: Context) -> None:
    for gradient in gradient_calls(ctx):
        if gradient.qualname not in _SCALAR_GRADIENTS or gradient.holomorphic:
            continue
        # inside a def: again with the arguments of each call of it the file shows
        check_in_calls(ctx, gradient.call, lambda: _check_gradient(ctx, gradient))  # noqa: B023 (run at once)


def _check_gradient(ctx: Context, gradient: GradientCall) -> None:
    found = gradient_output(ctx, gradient)
    if found is not None:
        _check_output(ctx, gradient, *found)


def _check_output(ctx: Context, gradient: GradientCall, output: ast.expr, value: Value) -> None:
    aval = value.aval
    if value.type in ("ArrayImpl", "int", "float", "bool", "complex") and aval is not None \
            and aval.shape is not None and aval.shape != ():
        _report_shape(ctx, gradient, output, aval)
    elif value.type in _CONTAINERS and not gradient.has_aux and _nonempty(value):
        related = (Related(ctx.span(output), f"the function returns a {value.type} here"),)
        shown = {"x": f"the {value.type} returned, printed in full"}
        ctx.report(gradient.call, related=related, shown=shown,
                   message=fill(_PYTREE_MESSAGE, shown), predicted=_PYTREE_MESSAGE,
                   data=NonScalarOutput(ctx.span(output), ctx.segment(output), ""))


def _nonempty(value: Value) -> bool:
    return value.length is not None and value.length > 0 if value.type != "dict" \
        else bool(getattr(value.tree, "entries", ()))


def _report_shape(ctx: Context, gradient: GradientCall, output: ast.expr, aval: Aval) -> None:
    shape = aval.shape
    assert shape is not None
    extract = ""
    if aval.size == 1:
        extract = "extract the scalar with output.reshape(())" + (" or output[0]" if len(shape) == 1 else "") + ", "
    related = (Related(ctx.span(output), f"the function returns {aval} here"),)
    ctx.report(gradient.call, values={"aval.shape": repr(tuple(shape)), "extract": extract},
               related=related,
               data=NonScalarOutput(ctx.span(output), ctx.segment(output), _sum_function(ctx)))


def _sum_function(ctx: Context) -> str:
    aliases = ctx.model.aliases_of("jax.numpy")
    return f"{aliases[0]}.sum" if aliases else ""


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.text import holds

    data = finding.data
    assert isinstance(data, NonScalarOutput)
    if not data.sum_function or not holds(lines, data.span, data.source):
        return []
    summed = f"{data.sum_function}({data.source})"
    why = (f"The function returns `{summed}`, one number: the gradient is then that of the sum "
           "of the outputs (divide by their count for a mean), and every other caller of the "
           "function gets the sum too.")
    return [Fix("Sum the output", False, why, (TextEdit(data.span, summed),), "sum-output")]


RULE = Rule(
    code="JXE091",
    catalog_id="grad-non-scalar-output",
    triggers=("grad",),
    check=check,
    data=NonScalarOutput,
    fix=fix,
    fix_ids=("sum-output",),
)
