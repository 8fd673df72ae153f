"""JXE138 pure-callback-jvp.

What it does: finds a `jax.pure_callback(callback, shapes, *operands)` (or a
`jax.experimental.io_callback`) written in the body of a function of the file that a
gradient function calls (`jax.grad`, `jax.value_and_grad`, `jax.jacrev`, `jax.jacobian`, also
under `jax.jit`: `jaxerr_lsp.families.grad_checks`), when an operand certainly carries the
tangent of a differentiated parameter: the parameter itself, an entry of it (`params["w"]`,
`x[0]`), `+ - * / @` or a unary minus of such, or a local name bound once to one of those.
The callback must run on every call: in the function's own straight-line code (not in a
branch, a loop, a nested function, an `x if c else y` / `and` / `or` arm), with no `return`
or `raise` written before it; every differentiated argument must certainly be real or
complex (JXE090 speaks first otherwise) and `allow_int` unset.

Why is this bad: differentiating pushes a tangent through every operation that a
differentiated value reaches; a callback is Python JAX cannot look into, and its JVP rule
raises ValueError ("Pure callbacks do not support JVP. ..."; "IO callbacks do not support
JVP." for io_callback), under grad, value_and_grad, jacrev and jvp alike.

Silent: an operand that may carry no tangent (a constant, an undifferentiated parameter,
`lax.stop_gradient(x)`, `x // 2`, a comparison, `jnp.round(x)`: JAX gives them a symbolic
zero tangent and never calls the rule), a callback in a helper the function calls, a
function wrapped in `jax.custom_jvp`/`custom_vjp` (decorated functions are not followed),
arguments of unknown dtype.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.families.callbacks import PURE_CALLBACK, Callback, callbacks, derives_from, runs_every_time
from jaxerr_lsp.families.expected_errors import expected_at
from jaxerr_lsp.families.grad_checks import (GradientCall, differentiated_arguments,
                                             differentiated_definition, first_rejected_leaf,
                                             gradient_calls, jitted_gradient_calls)
from jaxerr_lsp.families.vjp_application import FunctionNode

CATALOG_ID = "pure-callback-jvp"
# The function of JAX whose JVP rule raises, for each callback (its `[[source]]`).
RAISERS = {PURE_CALLBACK: "pure_callback_jvp_rule",
           "jax.experimental.io_callback": "io_callback_jvp_rule"}
# Operators whose JVP rule makes a tangent from an operand's (never a symbolic zero).
_LINEAR = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.MatMult)


@dataclass(frozen=True)
class CallbackDifferentiated(RuleData):
    callback: str  # "jax.pure_callback" or "jax.experimental.io_callback"
    gradient: Span  # the call of the gradient function


def _template(function: str) -> str:
    from jaxerr_lsp.errors.catalog import load_catalog

    entry = load_catalog().get(CATALOG_ID)
    source = next(s for s in entry.sources if s.function == function)
    return (source.message or entry.message).strip()


def _parameters(ctx: Context, function: FunctionNode, gradient: GradientCall) -> set[str] | None:
    """The names of the differentiated parameters, when every differentiated argument is
    certainly real or complex (what JAX accepts before tracing)."""
    if gradient.allow_int:
        return None
    arguments = differentiated_arguments(gradient)
    if arguments is None:
        return None
    positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    if any(position >= len(positional) for position, _ in arguments):
        return None
    if any(first_rejected_leaf(ctx, argument) is not True for _, argument in arguments):
        return None
    return {positional[position] for position, _ in arguments}


def check(ctx: Context) -> None:
    found = callbacks(ctx)
    if found:
        _check(ctx, found)


def _check(ctx: Context, found: list[Callback]) -> None:
    reported: set[int] = set()
    for gradient in (*gradient_calls(ctx), *jitted_gradient_calls(ctx)):
        function = differentiated_definition(ctx, gradient)
        scope = ctx.model.scope_of_node.get(id(function)) if function is not None else None
        if function is None or scope is None or isinstance(function, ast.AsyncFunctionDef):
            continue
        names: set[str] | None = None
        for callback in found:
            if ctx.model.call_scope.get(id(callback.call)) is not scope or id(callback.call) in reported \
                    or not callback.operands:
                continue
            if names is None:
                names = _parameters(ctx, function, gradient) or set()
            if not names or not any(derives_from(ctx, o, scope, names, _LINEAR) for o in callback.operands):
                continue
            if not runs_every_time(ctx, function, callback.call) \
                    or expected_at(ctx, gradient.call, callback.call):
                continue
            reported.add(id(callback.call))
            template = _template(RAISERS[callback.qualname])
            name = f"`{function.name}`" if isinstance(function, ast.FunctionDef) else "a lambda"
            transform = gradient.qualname.rsplit(".", 1)[1]
            note = (f" (`{transform}` differentiates {name}, and a differentiated value "
                    "reaches this callback: wrap the function in `jax.custom_jvp` or `jax.custom_vjp`)")
            related = (Related(ctx.span(gradient.call), "differentiated by this call"),)
            ctx.report(callback.call, message=template, predicted=fill(template, {}, escape=True),
                       note=note, related=related,
                       data=CallbackDifferentiated(callback.qualname, ctx.span(gradient.call)))


RULE = Rule(
    code="JXE138",
    catalog_id=CATALOG_ID,
    triggers=("pure_callback", "io_callback"),
    check=check,
    data=CallbackDifferentiated,
)
