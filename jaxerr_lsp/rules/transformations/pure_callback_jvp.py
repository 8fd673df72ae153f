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

from jaxerr_lsp.analysis.model import ASSIGN, CallSite, Scope
from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.grad_checks import (GradientCall, differentiated_arguments,
                                             differentiated_definition, first_rejected_leaf,
                                             gradient_calls, jitted_gradient_calls)
from jaxerr_lsp.families.prng_keys import conditional_in_statement, locate
from jaxerr_lsp.families.vjp_application import FunctionNode

CATALOG_ID = "pure-callback-jvp"
# The callbacks and the function of JAX whose JVP rule raises (its `[[source]]`).
CALLBACKS = {"jax.pure_callback": "pure_callback_jvp_rule",
             "jax.experimental.io_callback": "io_callback_jvp_rule"}
# Keywords of the callbacks that are options, not operands handed to the callback.
_OPTIONS = frozenset({"sharding", "vmap_method", "vectorized", "ordered", "partitioned"})
# Operators whose JVP rule makes a tangent from an operand's (never a symbolic zero).
_LINEAR = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.MatMult)
_MAX_DEPTH = 6


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
    names = set()
    for position, _ in arguments:
        if position >= len(positional):
            return None
    for position, argument in arguments:
        if first_rejected_leaf(ctx, argument) is not True:
            return None
        names.add(positional[position])
    return names


def _carries_tangent(ctx: Context, expr: ast.expr, scope: Scope, names: set[str],
                     depth: int = 0) -> bool:
    """Whether `expr` certainly holds a nonzero (not symbolically zero) tangent of one of the
    differentiated parameters `names` of the function whose scope is `scope`."""
    if depth > _MAX_DEPTH:
        return False
    if isinstance(expr, ast.Name):
        reaching = ctx.model.reaching(expr)  # (a parameter's read: its one binding)
        binding = reaching[0] if reaching and len(reaching) == 1 else ctx.model.binding_of(expr)
        if binding is None or binding.scope is not scope:
            return False
        if isinstance(binding.node, ast.arg):
            return binding.name in names
        # (a name bound to the result of arithmetic or an entry: an array, which no one
        # changes in place; an entry of a pytree is followed only through `[...]` reads)
        if binding.kind == ASSIGN and binding.value is not None and isinstance(binding.node, ast.Name):
            return _carries_tangent(ctx, binding.value, scope, names, depth + 1)
        return False
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, _LINEAR):
        return _carries_tangent(ctx, expr.left, scope, names, depth + 1) \
            or _carries_tangent(ctx, expr.right, scope, names, depth + 1)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        return _carries_tangent(ctx, expr.operand, scope, names, depth + 1)
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant) \
            and type(expr.slice.value) in (int, str):
        return _carries_tangent(ctx, expr.value, scope, names, depth + 1)
    return False


def _runs_every_time(ctx: Context, function: FunctionNode, call: ast.Call) -> bool:
    """Whether `call` runs whenever `function` is called (until it, nothing returns or
    raises on some path)."""
    if isinstance(function, ast.Lambda):
        return not conditional_in_statement(ctx.model, function, call)
    location = locate(function.body, call)
    if location is None or location.blocks or location.in_header \
            or conditional_in_statement(ctx.model, location.statement, call):
        return False
    start = (location.statement.lineno, location.statement.col_offset)
    for node in ctx.model.nodes_in(function, (ast.Return, ast.Raise, ast.Assert)):
        if (node.lineno, node.col_offset) < start:
            return False
    returns = ctx.model.returns_of(function)
    return not returns.suspends


def _operands(call: ast.Call, args: tuple[ast.expr, ...],
              keywords: tuple[ast.keyword, ...]) -> list[ast.expr] | None:
    if any(isinstance(a, ast.Starred) for a in args) or any(k.arg is None for k in keywords):
        return None
    return [*args[2:], *(k.value for k in keywords if k.arg not in _OPTIONS)]


def check(ctx: Context) -> None:
    callbacks = [(site, qualname) for qualname in CALLBACKS
                 for site in ctx.model.calls_to(qualname)
                 if site.complete and site.partial is None and len(site.args) >= 2]
    if not callbacks:
        return
    _check(ctx, callbacks)


def _check(ctx: Context, callbacks: list[tuple[CallSite, str]]) -> None:
    reported: set[int] = set()
    for gradient in (*gradient_calls(ctx), *jitted_gradient_calls(ctx)):
        function = differentiated_definition(ctx, gradient)
        scope = ctx.model.scope_of_node.get(id(function)) if function is not None else None
        if function is None or scope is None or isinstance(function, ast.AsyncFunctionDef):
            continue
        names: set[str] | None = None
        for site, callback in callbacks:
            if ctx.model.call_scope.get(id(site.call)) is not scope or id(site.call) in reported:
                continue
            operands = _operands(site.call, site.args, site.keywords)
            if not operands:
                continue
            if names is None:
                names = _parameters(ctx, function, gradient) or set()
            if not names or not any(_carries_tangent(ctx, o, scope, names) for o in operands):
                continue
            if not _runs_every_time(ctx, function, site.call):
                continue
            reported.add(id(site.call))
            template = _template(CALLBACKS[callback])
            name = f"`{function.name}`" if isinstance(function, ast.FunctionDef) else "a lambda"
            transform = gradient.qualname.rsplit(".", 1)[1]
            note = (f" (`{transform}` differentiates {name}, and a differentiated value "
                    "reaches this callback: wrap the function in `jax.custom_jvp` or `jax.custom_vjp`)")
            related = (Related(ctx.span(gradient.call), "differentiated by this call"),)
            ctx.report(site.call, message=template, predicted=_escaped(template), note=note,
                       related=related, data=CallbackDifferentiated(callback, ctx.span(gradient.call)))


def _escaped(template: str) -> str:
    from jaxerr_lsp.engine.rule import fill

    return fill(template, {}, escape=True)


RULE = Rule(
    code="JXE138",
    catalog_id=CATALOG_ID,
    triggers=("pure_callback", "io_callback"),
    check=check,
    data=CallbackDifferentiated,
)
