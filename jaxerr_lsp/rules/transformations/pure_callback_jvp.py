"""JXE138 pure-callback-jvp.

What it does: finds a `jax.pure_callback(callback, shapes, *operands)` (or a
`jax.experimental.io_callback`) written in the body of a function of the file that a
gradient function calls (`jax.grad`, `jax.value_and_grad`, `jax.jacrev`, `jax.jacobian`, also
under `jax.jit`: `jaxerr_lsp.families.grad_checks`), when an operand certainly carries the
tangent of a differentiated parameter: the parameter itself, an entry of it (`params["w"]`,
`x[0]`), `+ - * / @` or a unary minus of such, or a local name bound once to one of those.
What carries the tangent on: `jnp.asarray(x)`, `x.astype(<a float or complex dtype>)`,
`x.reshape(...)` and other calls that keep the operand's values (`families.callbacks`), an
unpacking (`v, z = jnp.asarray(v), jnp.asarray(z)`), and the call of a helper def of the file
whose parameter it fills (followed three deep: the callback may sit in the helper the
differentiated function calls). The differentiated function may be a
`functools.partial(f, *fixed)` (written in the call, bound to a name, or returned by a helper
or method the name is assigned the call of: `Tracing.partial_made`): its arguments fill
the parameters after the fixed ones. The callback must run on every call: in the function's
own straight-line code (not in a branch, a loop, a nested function, an `x if c else y` /
`and` / `or` arm), with no `return` or `raise` written before it, and so must each helper
call on the way; every differentiated argument must certainly be real or complex (JXE090
speaks first otherwise) and `allow_int` unset.

Why is this bad: differentiating pushes a tangent through every operation that a
differentiated value reaches; a callback is Python JAX cannot look into, and its JVP rule
raises ValueError ("Pure callbacks do not support JVP. ..."; "IO callbacks do not support
JVP." for io_callback), under grad, value_and_grad, jacrev and jvp alike.

Silent: an operand that may carry no tangent (a constant, an undifferentiated parameter,
`lax.stop_gradient(x)`, `x // 2`, a comparison, `jnp.round(x)`: JAX gives them a symbolic
zero tangent and never calls the rule), a function wrapped in `jax.custom_jvp`/`custom_vjp`
(decorated functions are not followed, as the function or as a helper), arguments of unknown
dtype, a helper called with `*args`/`**kwargs`.
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
from jaxerr_lsp.analysis.model import Scope
from jaxerr_lsp.analysis.values import Signature, bind_arguments
from jaxerr_lsp.families.vjp_application import FunctionNode

CATALOG_ID = "pure-callback-jvp"
# The function of JAX whose JVP rule raises, for each callback (its `[[source]]`).
RAISERS = {PURE_CALLBACK: "pure_callback_jvp_rule",
           "jax.experimental.io_callback": "io_callback_jvp_rule"}
# Operators whose JVP rule makes a tangent from an operand's (never a symbolic zero).
_LINEAR = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.MatMult)
_HELPER_DEPTH = 3  # helpers followed from the differentiated function


@dataclass(frozen=True)
class CallbackDifferentiated(RuleData):
    callback: str  # "jax.pure_callback" or "jax.experimental.io_callback"
    gradient: Span  # the call of the gradient function


def _template(function: str) -> str:
    from jaxerr_lsp.errors.catalog import load_catalog

    entry = load_catalog().get(CATALOG_ID)
    source = next(s for s in entry.sources if s.function == function)
    return (source.message or entry.message).strip()


def _differentiated(ctx: Context, gradient: GradientCall) -> tuple[FunctionNode, int] | None:
    """The def or lambda of the file the gradient function differentiates, and how many of its
    leading parameters a `functools.partial` around it fixes (`jax.grad(partial(jv, 1))`,
    `j1 = partial(jv, 1); jax.grad(j1)`: 1); None when the code does not show it (a partial
    that fixes a parameter by keyword)."""
    function = differentiated_definition(ctx, gradient)
    if function is not None:
        return function, 0
    made = ctx.tracing.partial_made(gradient.function) if isinstance(gradient.function, ast.expr) else None
    if made is None or ctx.model.qualname(made.func) != "functools.partial" \
            or not made.args or made.keywords or any(isinstance(a, ast.Starred) for a in made.args):
        return None
    function = ctx.model.function_of(made.args[0], through_jit=True)
    return (function, len(made.args) - 1) if function is not None else None


def _parameters(ctx: Context, function: FunctionNode, fixed: int,
                gradient: GradientCall) -> set[str] | None:
    """The names of the differentiated parameters (after the `fixed` leading ones), when
    every differentiated argument is certainly real or complex (what JAX accepts before
    tracing)."""
    if gradient.allow_int:
        return None
    arguments = differentiated_arguments(gradient)
    if arguments is None:
        return None
    positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)][fixed:]
    if any(position >= len(positional) for position, _ in arguments):
        return None
    if any(first_rejected_leaf(ctx, argument) is not True for _, argument in arguments):
        return None
    return {positional[position] for position, _ in arguments}


def _helper_calls(ctx: Context, function: FunctionNode, scope: Scope,
                  names: set[str]) -> list[tuple[ast.Call, ast.FunctionDef, set[str]]]:
    """The calls `function` makes on every run of a helper def of the file (undecorated, not
    async), with the helper's parameters that receive a value derived from `names`."""
    found = []
    for call in ctx.model.nodes_in(function, ast.Call):
        if ctx.model.call_scope.get(id(call)) is not scope:
            continue
        helper = ctx.model.function_of(call.func) if isinstance(call.func, ast.Name) else None
        if not isinstance(helper, ast.FunctionDef) or helper is function:
            continue
        bound = bind_arguments(Signature.of(helper.args), call.args, call.keywords)
        if bound is None or bound.extra_positional or bound.extra_keywords:
            continue
        receiving = {name for name, argument in bound.given.items()
                     if argument in call.args or any(k.value is argument for k in call.keywords)
                     if derives_from(ctx, argument, scope, names, _LINEAR)}
        if receiving and runs_every_time(ctx, function, call):
            found.append((call, helper, receiving))
    return found


def check(ctx: Context) -> None:
    found = callbacks(ctx)
    if found:
        _check(ctx, found)


def _check(ctx: Context, found: list[Callback]) -> None:
    reported: set[int] = set()
    for gradient in (*gradient_calls(ctx), *jitted_gradient_calls(ctx)):
        differentiated = _differentiated(ctx, gradient)
        if differentiated is None or isinstance(differentiated[0], ast.AsyncFunctionDef):
            continue
        function, fixed = differentiated
        scope = ctx.model.scope_of_node.get(id(function))
        names = _parameters(ctx, function, fixed, gradient) if scope is not None else None
        if scope is None or not names:
            continue
        _search(ctx, gradient, function, function, scope, names, found, reported, (), 0)


def _search(ctx: Context, gradient: GradientCall, differentiated: FunctionNode, function: FunctionNode,
            scope: Scope, names: set[str], found: list[Callback], reported: set[int],
            path: tuple[ast.Call, ...], depth: int) -> None:
    """Report the callbacks `function` runs on every call with an operand derived from its
    parameters `names`; then the same in the helpers it calls (`path`: the helper calls from
    the differentiated function to here)."""
    for callback in found:
        if ctx.model.call_scope.get(id(callback.call)) is not scope or id(callback.call) in reported \
                or not callback.operands:
            continue
        if not any(derives_from(ctx, o, scope, names, _LINEAR) for o in callback.operands):
            continue
        if not runs_every_time(ctx, function, callback.call) \
                or expected_at(ctx, gradient.call, callback.call) \
                or any(expected_at(ctx, gradient.call, call) for call in path):
            continue
        reported.add(id(callback.call))
        template = _template(RAISERS[callback.qualname])
        name = f"`{differentiated.name}`" if isinstance(differentiated, ast.FunctionDef) else "a lambda"
        transform = gradient.qualname.rsplit(".", 1)[1]
        through = f" (through `{path[0].func.id}`)" if path and isinstance(path[0].func, ast.Name) else ""
        note = (f" (`{transform}` differentiates {name}, and a differentiated value reaches this "
                f"callback{through}: wrap the function in `jax.custom_jvp` or `jax.custom_vjp`)")
        related = (Related(ctx.span(gradient.call), "differentiated by this call"),
                   *(Related(ctx.span(call), "a differentiated value is passed here") for call in path))
        ctx.report(callback.call, message=template, predicted=fill(template, {}, escape=True),
                   note=note, related=related,
                   data=CallbackDifferentiated(callback.qualname, ctx.span(gradient.call)))
    if depth >= _HELPER_DEPTH:
        return
    for call, helper, receiving in _helper_calls(ctx, function, scope, names):
        inner = ctx.model.scope_of_node.get(id(helper))
        if inner is not None and call not in path:
            _search(ctx, gradient, differentiated, helper, inner, receiving, found, reported,
                    (*path, call), depth + 1)


RULE = Rule(
    code="JXE138",
    catalog_id=CATALOG_ID,
    triggers=("pure_callback", "io_callback"),
    check=check,
    data=CallbackDifferentiated,
)
