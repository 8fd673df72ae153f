"""Loops JAX cannot differentiate in reverse mode (JXE107): a `lax.while_loop`, or a
`lax.fori_loop` whose bounds are traced (JAX then builds it as a while_loop; with concrete
bounds it builds a scan, which reverse mode handles), whose carry holds the differentiated
input and whose result is the differentiated function's output.

`reverse_mode_loops(ctx)`: for each call of a gradient function of the file
(`grad_checks.gradient_calls`, and `jitted_gradient_calls` for `jax.jit(jax.grad(f))(...)`, and `jax.vjp` whose VJP function
is applied to `jnp.ones_like(out)` or `zeros_like`),
the loop of the differentiated lambda or def that the code shows reaching the output:
- the output (the returned expression; with `has_aux` the first of the returned pair) is the
  loop's result, a constant-index element of it, a name bound once to either (`a, b =
  lax.while_loop(...)` included), arithmetic of those with numbers or differentiated
  parameters (`+ - * /`, `**` with the loop as base, unary minus), a full `jnp.sum`/`jnp.mean`/
  `jnp.linalg.norm` (or `.sum()`/`.mean()`) of one, a JAX function whose tangent is its first
  argument's (`_KEEPS_TANGENT`: `jnp.sqrt(a)`...), or what a helper of the file with one
  `return` returns when given a differentiated input (followed the same way, in the helper);
- the part of the loop's `init_val` that becomes that output is a differentiated parameter,
  or arithmetic of one (its tangent is not a symbolic zero, so the loop is linearized and JAX
  must transpose it);
- for `jax.grad`/`jax.value_and_grad`, the output is certainly a scalar (a full reduction, or
  every differentiated argument a scalar and the arithmetic only with numbers), otherwise the
  non-scalar output error (JXE091) or an unknown one comes first; every differentiated
  argument is certainly float or complex (an integer one raises JXE090 first);
- a fori_loop counts only when jit traces its bounds: a parameter of the differentiated
  function given a Python int or an integer array by a `jax.jit(jax.grad(f))(...)` call.

Measured under JAX 0.12.0.1: each of these raises ValueError from `_while_transpose_error`;
an output that drops the loop (`jnp.round`, `stop_gradient`, an integer counter of the carry)
or a loop whose carry does not hold the input runs clean, and is not reached here.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.model import ASSIGN, UNPACK
from jaxerr_lsp.analysis.values import bind_arguments, return_expression
from jaxerr_lsp.families.grad_checks import (GradientCall, differentiated_definition,
                                             first_rejected_leaf, gradient_calls,
                                             jitted_gradient_calls)
from jaxerr_lsp.families.vjp_application import (CALL, Application, FunctionNode, applications)

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

SCALAR_OUTPUT = frozenset({"jax.grad", "jax.value_and_grad"})
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div)
_REDUCTIONS = frozenset({"jax.numpy.sum", "jax.numpy.mean", "jax.numpy.linalg.norm"})
# Functions whose output's tangent is their first argument's, transformed (never zero).
_KEEPS_TANGENT = frozenset({f"jax.numpy.{name}" for name in (
    "sum", "mean", "linalg.norm", "sqrt", "exp", "log", "square", "tanh", "sin", "cos", "abs",
    "transpose", "reshape", "ravel", "squeeze", "expand_dims")})
_MAX_DEPTH = 12
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


@dataclass(frozen=True)
class _Path:
    """How the output reaches a loop: the loop, and the carry part it reads."""

    loop: ast.Call
    kind: str
    carry: ast.expr  # the part of init_val that becomes the output
    carried: bool = False  # the carry part is known to hold the input (in a helper followed)


class _Search:
    def __init__(self, ctx: Context, function: FunctionNode, arguments: tuple[ast.expr, ...],
                 differentiated: frozenset[str], jitted: bool) -> None:
        self.ctx = ctx
        self.function = function
        self.arguments = arguments  # what the function's positional parameters are given
        self.differentiated = differentiated
        self.jitted = jitted

    # ---------------------------------------------------------------- parameters
    def parameter(self, expr: ast.expr) -> str | None:
        """The parameter of the differentiated function `expr` certainly is."""
        if not isinstance(expr, ast.Name):
            return None
        reaching = self.ctx.model.reaching(expr)  # a parameter never rebound before the use
        if reaching is None or len(reaching) != 1 or not isinstance(reaching[0].node, ast.arg) \
                or reaching[0].scope.node is not self.function:
            return None
        return expr.id

    def carries_input(self, expr: ast.expr, depth: int = 0) -> bool:
        """`expr` is a differentiated parameter, or arithmetic keeping its tangent."""
        if depth > _MAX_DEPTH:
            return False
        if self.parameter(expr) in self.differentiated:
            return True
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
            return self.carries_input(expr.operand, depth + 1)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, _ARITHMETIC):
            sides = (expr.left, expr.right)
            return any(self.carries_input(s, depth + 1) for s in sides) \
                and all(self.carries_input(s, depth + 1) or _number(s) for s in sides)
        return False

    # ---------------------------------------------------------------- the output
    def paths(self, expr: ast.expr, index: tuple[int, ...] = (), depth: int = 0) -> list[_Path]:
        """The loops whose result `expr` is (at `index` of the carry), with the carry part."""
        if depth > _MAX_DEPTH:
            return []
        depth += 1
        if isinstance(expr, ast.Call):
            return self._call_paths(expr, index, depth)
        if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant) \
                and type(expr.slice.value) is int and expr.slice.value >= 0:
            return self.paths(expr.value, (expr.slice.value, *index), depth)
        if isinstance(expr, ast.Name):
            binding = self.ctx.model.binding_of(expr)
            if binding is None or binding.value is None or binding.scope.node is not self.function:
                return []
            if binding.kind == ASSIGN:
                return self.paths(binding.value, index, depth)
            if binding.kind == UNPACK and len(binding.index) == 1:
                return self.paths(binding.value, (*binding.index, *index), depth)
            return []
        if index:
            return []
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
            return self.paths(expr.operand, (), depth)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, (*_ARITHMETIC, ast.Pow)):
            found = self.paths(expr.left, (), depth)
            if not isinstance(expr.op, ast.Pow):
                found += self.paths(expr.right, (), depth)
            others = (expr.right, expr.left) if not isinstance(expr.op, ast.Pow) else (expr.right,)
            if not all(_number(o) or self.parameter(o) in self.differentiated
                       or self.paths(o, (), depth) for o in others):
                return []
            return found
        return []

    def _call_paths(self, call: ast.Call, index: tuple[int, ...], depth: int) -> list[_Path]:
        site = self.ctx.model.call_site(call)
        if site is None and not index:
            return self._helper_paths(call, depth)
        if site is not None and site.qualname in _KEEPS_TANGENT and not index and site.complete \
                and site.partial is None and site.args and not isinstance(site.args[0], ast.Starred):
            return self.paths(site.args[0], (), depth)  # `jnp.linalg.norm(q)`: q's loop
        if site is None or not site.complete or site.partial is not None \
                or any(isinstance(a, ast.Starred) for a in site.args) \
                or any(k.arg is None for k in site.keywords):
            return []
        if site.qualname == "jax.lax.while_loop" and len(site.args) == 3 and not site.keywords:
            carry = _element(site.args[2], index)
            return [_Path(call, "while_loop", carry)] if carry is not None else []
        if site.qualname == "jax.lax.fori_loop" and len(site.args) == 4 and not site.keywords \
                and self._traced_bounds(site.args[0], site.args[1]):
            carry = _element(site.args[3], index)
            return [_Path(call, "fori_loop", carry)] if carry is not None else []
        return []

    def _helper_paths(self, call: ast.Call, depth: int) -> list[_Path]:
        """The loops a helper of the file returns (`q = orthonormalize(w)`): a plain def with
        one `return`, followed with the parameters this call gives a differentiated input."""
        callee = self.ctx.tracing.callee(call)
        if callee is None:
            return []
        function, signature, args, keywords = callee
        returns = self.ctx.model.returns_of(function)
        if len(returns.returns) != 1 or returns.suspends or returns.returns[0].value is None \
                or any(isinstance(a, ast.Starred) for a in args) or any(k.arg is None for k in keywords):
            return []
        bound = bind_arguments(signature, args, keywords)
        if bound is None:
            return []
        differentiated = frozenset(name for name, value in bound.given.items()
                                   if self.carries_input(value, depth))
        if not differentiated:
            return []
        positional = [*function.args.posonlyargs, *function.args.args]
        method = len(signature.positional) != len(positional)  # `self` bound: positions shift
        inner = _Search(self.ctx, function, tuple(args), differentiated, self.jitted and not method)
        return [_Path(p.loop, p.kind, p.carry, True)
                for p in inner.paths(returns.returns[0].value, (), depth)
                if p.carried or inner.carries_input(p.carry)]

    def _traced_bounds(self, lower: ast.expr, upper: ast.expr) -> bool:
        """Bounds jit traces: one of them a parameter the jitted call gives an integer, the
        other that or an int literal."""
        if not self.jitted:
            return False
        kinds = [self._integer_argument(b) for b in (lower, upper)]
        return "traced" in kinds and all(k is not None for k in kinds)

    def _integer_argument(self, bound: ast.expr) -> str | None:
        if isinstance(bound, ast.Constant) and type(bound.value) is int:
            return "literal"
        name = self.parameter(bound)
        if name is None:
            return None
        parameters = [a.arg for a in (*self.function.args.posonlyargs, *self.function.args.args)]
        position = parameters.index(name) if name in parameters else -1
        if position < 0 or position >= len(self.arguments):
            return None
        value = self.ctx.values.value(self.arguments[position])
        aval = value.aval
        if value.type == "int" or (value.type == "ArrayImpl" and aval is not None
                                   and aval.kind == "i" and aval.shape == ()):
            return "traced"
        return None


def _number(expr: ast.expr) -> bool:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and type(expr.value) in (int, float)


def _element(init: ast.expr, index: tuple[int, ...]) -> ast.expr | None:
    """The part of a loop's initial carry at `index` (tuple displays only)."""
    for position in index:
        if not isinstance(init, ast.Tuple) or position >= len(init.elts) \
                or any(isinstance(e, ast.Starred) for e in init.elts):
            return None
        init = init.elts[position]
    return init


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


def _loops_of(ctx: Context, differentiation: Differentiation) -> list[_Path]:
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
    search = _Search(ctx, function, arguments, frozenset(parameters[i] for i in argnums),
                     differentiation.jitted)
    reduced = _reduced(ctx, output)
    scalar = reduced is not None or all(_scalar_argument(ctx, a) for a in differentiated)
    if differentiation.qualname in SCALAR_OUTPUT and not scalar:
        return []
    return [p for p in search.paths(reduced if reduced is not None else output)
            if p.carried or search.carries_input(p.carry)]


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
        for path in _loops_of(ctx, differentiation):
            found.setdefault(id(path.loop), ReverseLoop(path.loop, path.kind, differentiation))
    loops = sorted(found.values(), key=lambda r: (r.loop.lineno, r.loop.col_offset))
    return loops
