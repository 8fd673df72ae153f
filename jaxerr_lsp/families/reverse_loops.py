"""Loops JAX cannot differentiate in reverse mode (JXE107): a `lax.while_loop`, or a
`lax.fori_loop` whose bounds are traced (JAX then builds it as a while_loop; with concrete
bounds it builds a scan, which reverse mode handles), on the path of the differentiated
function's output tangent.

`reverse_mode_loops(ctx)`: for each call of a gradient function of the file
(`grad_checks.gradient_calls`, and `jitted_gradient_calls` for `jax.jit(jax.grad(f))(...)`,
and `jax.vjp` whose VJP function is applied to `jnp.ones_like(out)` or `zeros_like`), the loops
whose result the output's tangent is computed from (`families.tangents`: the differentiated
parameters carry tangents; the code flow, the file's helpers, vmapped and jitted functions,
closures and loop carries pass them on, to a fixed point over each loop's carry), when JAX gets
that far:
- for `jax.grad`/`jax.value_and_grad`, the output is certainly a scalar (a full reduction, or
  every differentiated argument a scalar), otherwise the non-scalar output error (JXE091) or an
  unknown one comes first; every differentiated argument is certainly float or complex (an
  integer one raises JXE090 first); with `has_aux` the first of the returned pair;
- a fori_loop counts only when jit traces its bounds: a parameter of the differentiated
  function given a Python int or an integer array by a `jax.jit(jax.grad(f))(...)` call, or
  the index of an enclosing fori_loop's body.

Measured under JAX 0.12.0.1: each of these raises ValueError from `_while_transpose_error`;
an output that drops the loop (`jnp.round`, `stop_gradient`, an integer counter of the carry,
a comparison) or a loop whose carry gets no tangent runs clean, and is not reached here.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.values import return_expression
from jaxerr_lsp.families.grad_checks import (GradientCall, differentiated_definition,
                                             first_rejected_leaf, gradient_calls,
                                             jitted_gradient_calls)
from jaxerr_lsp.families.tangents import INPUT, Loop, Tangents, element
from jaxerr_lsp.families.vjp_application import (CALL, Application, FunctionNode, applications)

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

SCALAR_OUTPUT = frozenset({"jax.grad", "jax.value_and_grad"})
_REDUCTIONS = frozenset({"jax.numpy.sum", "jax.numpy.mean", "jax.numpy.linalg.norm"})
_SCALAR_TYPES = frozenset({"float", "complex"})
_LIKE = frozenset({"jax.numpy.ones_like", "jax.numpy.zeros_like"})


@dataclass(frozen=True, eq=False)
class Differentiation:
    """One reverse-mode differentiation of a function of the file that the code shows run."""

    qualname: str  # jax.grad, jax.value_and_grad, jax.jacrev, jax.jacobian, jax.vjp
    function: FunctionNode
    arguments: tuple[ast.expr, ...]  # what the function's positional parameters are given
    argnums: tuple[int, ...]  # the differentiated positions
    has_aux: bool
    allow_int: bool
    raises_at: ast.Call  # where JAX transposes: the gradient call, the VJP application
    jitted: bool  # `jax.jit(jax.grad(f))(...)`: every argument traced


@dataclass(frozen=True, eq=False)
class ReverseLoop:
    loop: ast.Call  # the lax.while_loop / lax.fori_loop call
    kind: str  # "while_loop" or "fori_loop"
    differentiation: Differentiation  # the first that reaches it


def _integer(ctx: Context, given: ast.expr) -> bool:
    """A Python int or an integer scalar JAX array (jit traces it as an int32 scalar)."""
    value = ctx.values.value(given)
    aval = value.aval
    return value.type == "int" or (value.type == "ArrayImpl" and aval is not None
                                   and aval.kind == "i" and aval.shape == ())


def _output(expr: ast.expr, has_aux: bool) -> ast.expr | None:
    if not has_aux:
        return expr
    if isinstance(expr, ast.Tuple) and len(expr.elts) == 2 \
            and not any(isinstance(e, ast.Starred) for e in expr.elts):
        return expr.elts[0]
    return None


def _reduced(ctx: Context, expr: ast.expr) -> ast.expr | None:
    """The array a full `jnp.sum(a)` / `jnp.mean(a)` / `a.sum()` / `a.mean()` reduces."""
    if not isinstance(expr, ast.Call) or expr.keywords:
        return None
    site = ctx.model.call_site(expr)
    if site is not None and site.qualname in _REDUCTIONS and site.complete \
            and site.partial is None and len(site.args) == 1:
        return site.args[0]
    if isinstance(expr.func, ast.Attribute) and expr.func.attr in ("sum", "mean") and not expr.args:
        return expr.func.value
    return None


def _scalar_argument(ctx: Context, expr: ast.expr) -> bool:
    value = ctx.values.value(expr)
    if value.type in _SCALAR_TYPES:
        return True
    aval = value.aval
    return value.type == "ArrayImpl" and aval is not None and aval.shape == ()


def _of_gradient(ctx: Context, gradient: GradientCall, jitted: bool) -> Differentiation | None:
    function = differentiated_definition(ctx, gradient)
    call = gradient.call
    if function is None or call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    return Differentiation(gradient.qualname, function, tuple(call.args), gradient.argnums,
                           gradient.has_aux, gradient.allow_int, call, jitted)


def _of_vjp(ctx: Context, application: Application) -> Differentiation | None:
    """`out, f_vjp = jax.vjp(f, *primals)` then `f_vjp(jnp.ones_like(out))` (or
    `zeros_like`): every primal differentiated, a cotangent of the output's own type."""
    vjp = application.vjp
    function = ctx.model.function_of(vjp.function, through_jit=True)
    if function is None or application.how != CALL or vjp.has_aux or vjp.call.keywords \
            or len(application.call.args) != 1 or application.call.keywords:
        return None
    cotangent = application.call.args[0]
    site = ctx.model.call_site(cotangent) if isinstance(cotangent, ast.Call) else None
    target = ctx.model.parent.get(id(vjp.call))
    out = target.targets[0].elts[0] if isinstance(target, ast.Assign) \
        and isinstance(target.targets[0], (ast.Tuple, ast.List)) else None
    if site is None or site.qualname not in _LIKE or len(site.args) != 1 or site.keywords \
            or not isinstance(site.args[0], ast.Name) or not isinstance(out, ast.Name) \
            or site.args[0].id != out.id or ctx.model.binding_of(site.args[0]) \
            is not ctx.model.binding_of_definition(out):
        return None
    primals = tuple(vjp.primals)
    return Differentiation("jax.vjp", function, primals, tuple(range(len(primals))), False,
                           False, application.call, False)


def _loops_of(ctx: Context, differentiation: Differentiation) -> list[Loop]:
    function = differentiation.function
    args = function.args
    parameters = [a.arg for a in (*args.posonlyargs, *args.args)]
    arguments = differentiation.arguments
    argnums = differentiation.argnums
    if args.vararg is not None or not argnums or min(argnums) < 0 \
            or max(argnums) >= min(len(parameters), len(arguments)):
        return []
    differentiated = [arguments[i] for i in argnums]
    if not differentiation.allow_int and not all(
            first_rejected_leaf(ctx, a) is True for a in differentiated):
        return []
    returned = return_expression(ctx.model, function)
    output = _output(returned, differentiation.has_aux) if returned is not None else None
    if output is None:
        return []
    reduced = _reduced(ctx, output)
    scalar = reduced is not None or all(_scalar_argument(ctx, a) for a in differentiated)
    if differentiation.qualname in SCALAR_OUTPUT and not scalar:
        return []
    traced = frozenset(parameters[i] for i, given in enumerate(arguments[:len(parameters)])
                       if differentiation.jitted and _integer(ctx, given))
    tangents = Tangents(ctx, function, {parameters[i]: frozenset({INPUT}) for i in argnums}, traced)
    found = tangents.output()
    if differentiation.has_aux:
        found = element(found, 0)
    return tangents.loops_in(found)


def reverse_mode_loops(ctx: Context) -> list[ReverseLoop]:
    """Each loop the file certainly differentiates in reverse mode, with the first gradient
    call that does (in source order)."""
    return ctx.once(_reverse_mode_loops)


def _reverse_mode_loops(ctx: Context) -> list[ReverseLoop]:
    found: dict[int, ReverseLoop] = {}
    candidates = [_of_gradient(ctx, g, False) for g in gradient_calls(ctx)]
    candidates += [_of_gradient(ctx, g, True) for g in jitted_gradient_calls(ctx)]
    candidates += [_of_vjp(ctx, a) for a in applications(ctx)]
    runs = sorted((d for d in candidates if d is not None),
                  key=lambda d: (d.raises_at.lineno, d.raises_at.col_offset))
    for differentiation in runs:
        for loop in _loops_of(ctx, differentiation):
            found.setdefault(id(loop.call), ReverseLoop(loop.call, loop.kind, differentiation))
    loops = sorted(found.values(), key=lambda r: (r.loop.lineno, r.loop.col_offset))
    return loops
