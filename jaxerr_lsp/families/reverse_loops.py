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
  `jnp.linalg.norm` (or `.sum()`/`.mean()`) of one, arithmetic with an operand that is
  certainly a JAX array (`yT - target`), a JAX function whose tangent is its first
  argument's (`_KEEPS_TANGENT`: `jnp.sqrt(a)`...), or what a helper of the file with one
  `return` returns when given a differentiated input (followed the same way, in the helper);
- the part of the loop's `init_val` that becomes that output is a differentiated parameter,
  or arithmetic of one (its tangent is not a symbolic zero, so the loop is linearized and JAX
  must transpose it), or the loop's body (a def of the file) makes that part, to a fixed
  point over the carry's parts, from a differentiated parameter it reads as a closure
  (`_BodyTangents`: `y = y + dt * decay(y, theta)`; measured: a body where theta only moves
  the time, picks a `jnp.where` branch or sits under `stop_gradient` differentiates to 0.0);
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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.model import ASSIGN, UNPACK
from jaxerr_lsp.analysis.values import Bound, Signature, bind_arguments, return_expression
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
    index: tuple[int, ...] = ()  # where in the carry the output is


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
                       or self._array_operand(o) or self.paths(o, (), depth) for o in others):
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
            return [_Path(call, "while_loop", carry, index=index)] if carry is not None else []
        if site.qualname == "jax.lax.fori_loop" and len(site.args) == 4 and not site.keywords \
                and self._traced_bounds(site.args[0], site.args[1]):
            carry = _element(site.args[3], index)
            return [_Path(call, "fori_loop", carry, index=index)] if carry is not None else []
        return []

    def reaches_output(self, path: _Path) -> bool:
        """The loop's output at the path's carry part has a tangent: the part starts from a
        differentiated input, or the loop's body makes it from a differentiated input it
        reads from this function (a closure: `-theta * y` in `body_fun`)."""
        return path.carried or self.carries_input(path.carry) or _BodyTangents(self, path).reaches()

    def _helper_paths(self, call: ast.Call, depth: int) -> list[_Path]:
        """The loops a helper of the file returns (`q = orthonormalize(w)`): a plain def with
        one `return`, followed with the parameters this call gives a differentiated input."""
        followed = _one_return_call(self.ctx, call)
        if followed is None:
            return []
        function, signature, args, returned, bound = followed
        differentiated = frozenset(name for name, value in bound.given.items()
                                   if self.carries_input(value, depth))
        if not differentiated:
            return []
        positional = [*function.args.posonlyargs, *function.args.args]
        method = len(signature.positional) != len(positional)  # `self` bound: positions shift
        inner = _Search(self.ctx, function, tuple(args), differentiated, self.jitted and not method)
        return [_Path(p.loop, p.kind, p.carry, True, p.index)
                for p in inner.paths(returned, (), depth) if inner.reaches_output(p)]

    def _array_operand(self, expr: ast.expr) -> bool:
        """`yT - target`: an operand certainly a JAX array (a parameter: what the call gives
        it), which keeps the other operand's tangent whatever its value."""
        if self.parameter(expr) is not None:
            given = self._argument_for(expr)
            if given is None:
                return False
            expr = given
        return self.ctx.values.value(expr).jax_array is not None

    def _argument_for(self, expr: ast.expr) -> ast.expr | None:
        """What the differentiating call gives the positional parameter `expr` names."""
        name = self.parameter(expr)
        parameters = [a.arg for a in (*self.function.args.posonlyargs, *self.function.args.args)]
        position = parameters.index(name) if name in parameters else -1
        return self.arguments[position] if 0 <= position < len(self.arguments) else None

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
        given = self._argument_for(bound)
        if given is None:
            return None
        value = self.ctx.values.value(given)
        aval = value.aval
        if value.type == "int" or (value.type == "ArrayImpl" and aval is not None
                                   and aval.kind == "i" and aval.shape == ()):
            return "traced"
        return None


@dataclass(frozen=True)
class _Frame:
    """Where `_BodyTangents` reads names: the loop's body (its carry parameter and the carry
    parts that have a tangent), or a helper it calls (the parameters given one)."""

    function: ast.FunctionDef
    given: frozenset[str] = frozenset()
    carry: str | None = None
    parts: frozenset[int] = frozenset()
    tupled: bool = False  # the carry is a tuple whose parts `parts` counts


class _BodyTangents:
    """Which parts of a loop's carry get a tangent from a differentiated input the body reads
    from the differentiated function (a closure): JAX's JVP of the loop gives a carry part a
    tangent when the body computes it from a value with one, to a fixed point over the parts.
    A value has one through arithmetic (`+ - * / **`, unary minus), the JAX functions that
    keep a tangent (`_KEEPS_TANGENT`, `jnp.where`'s branches, `jnp.minimum`, `jnp.maximum`,
    `jnp.clip`'s operand), names bound once, tuple displays and unpacking, and helpers of the
    file with one `return` (followed with the parameters the call gives such a value).
    Anything else (a comparison, an unknown call) gives none."""

    MAX_STEPS = 2000

    def __init__(self, search: _Search, path: _Path) -> None:
        self.search = search
        self.path = path
        self.model = search.ctx.model
        self.steps = 0

    def reaches(self) -> bool:
        site = self.model.call_site(self.path.loop)
        if site is None or len(self.path.index) > 1:
            return False
        body = site.args[1] if self.path.kind == "while_loop" else site.args[2]
        init = site.args[2] if self.path.kind == "while_loop" else site.args[3]
        function = self.model.function_of(body)
        if not isinstance(function, ast.FunctionDef) or function.decorator_list or function.args.vararg:
            return False
        parameters = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        if len(parameters) != (1 if self.path.kind == "while_loop" else 2):
            return False
        returns = self.model.returns_of(function)
        if len(returns.returns) != 1 or returns.returns[0].value is None or returns.suspends:
            return False
        returned = returns.returns[0].value
        tupled = bool(self.path.index)
        if tupled and (not isinstance(init, ast.Tuple) or not isinstance(returned, ast.Tuple)
                       or len(returned.elts) != len(init.elts)):
            return False
        starts = list(init.elts) if tupled else [init]  # type: ignore[attr-defined]
        parts = list(returned.elts) if tupled else [returned]  # type: ignore[attr-defined]
        # The carry parts with a tangent: those that start with one, then what the body makes.
        dependent = frozenset(i for i, start in enumerate(starts) if self.search.carries_input(start))
        for _ in range(len(parts) + 1):
            frame = _Frame(function, carry=parameters[-1], parts=dependent, tupled=tupled)
            grown = dependent | {i for i, part in enumerate(parts) if self._depends(part, frame, 0)}
            if grown == dependent:
                break
            dependent = grown
        return (self.path.index[0] if tupled else 0) in dependent

    def _depends(self, expr: ast.expr, frame: _Frame, depth: int) -> bool:
        """Whether `expr`, read in `frame`, certainly has a tangent."""
        self.steps += 1
        if self.steps > self.MAX_STEPS or depth > 3 * _MAX_DEPTH:
            return False
        depth += 1
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
            return self._depends(expr.operand, frame, depth)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, (*_ARITHMETIC, ast.Pow)):
            return self._depends(expr.left, frame, depth) or self._depends(expr.right, frame, depth)
        if isinstance(expr, ast.Call):
            helper = self._helper(expr, frame, depth)
            if helper is not None:
                return self._depends(helper[0], helper[1], depth)
            return any(self._depends(a, frame, depth) for a in self._tangent_arguments(expr))
        if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant) \
                and type(expr.slice.value) is int and isinstance(expr.value, ast.Name) \
                and expr.value.id == frame.carry and frame.tupled:
            return expr.slice.value in frame.parts  # `state[0]`
        if not isinstance(expr, ast.Name):
            return False
        reaching = self.model.reaching(expr)
        if reaching is None or len(reaching) != 1 or reaching[0].scope.node is not frame.function:
            return frame.carry is not None and self._closure(expr)
        binding = reaching[0]
        if isinstance(binding.node, ast.arg):
            if binding.node.arg == frame.carry:
                return not frame.tupled and 0 in frame.parts  # (a carry of one part)
            return binding.node.arg in frame.given
        value = binding.value
        if value is None:
            return False
        if binding.kind == ASSIGN:
            return self._depends(value, frame, depth)
        if binding.kind != UNPACK or len(binding.index) != 1:
            return False
        position = binding.index[0]
        if isinstance(value, ast.Name) and value.id == frame.carry and frame.tupled:
            return position in frame.parts  # `y, t, dt = state`
        if isinstance(value, ast.Call):
            helper = self._helper(value, frame, depth)
            if helper is None:
                return False
            value, frame = helper
        if isinstance(value, ast.Tuple) and position < len(value.elts) \
                and not any(isinstance(e, ast.Starred) for e in value.elts):
            return self._depends(value.elts[position], frame, depth)
        return False

    def _closure(self, expr: ast.Name) -> bool:
        """A differentiated parameter of the function being searched, read by the body."""
        use = self.model.use_of.get(id(expr))
        scope = self.model.resolve_scope(expr.id, use.scope) if use is not None else None
        if scope is None or scope.node is not self.search.function:
            return False
        binding = self.model.sole_binding(expr.id, scope)
        return binding is not None and isinstance(binding.node, ast.arg) \
            and expr.id in self.search.differentiated

    def _tangent_arguments(self, call: ast.Call) -> Sequence[ast.expr]:
        site = self.model.call_site(call)
        if site is None or not site.complete or site.partial is not None or site.keywords \
                or any(isinstance(a, ast.Starred) for a in site.args):
            return []
        if site.qualname in _KEEPS_TANGENT or site.qualname == "jax.numpy.clip":
            return site.args[:1]
        if site.qualname == "jax.numpy.where" and len(site.args) == 3:
            return site.args[1:]
        if site.qualname in ("jax.numpy.minimum", "jax.numpy.maximum"):
            return site.args
        return []

    def _helper(self, call: ast.Call, frame: _Frame, depth: int) -> tuple[ast.expr, _Frame] | None:
        """What a helper of the file returns (its one `return`) and the frame to read it in:
        its parameters that the call gives a value with a tangent."""
        if self.model.call_site(call) is not None:
            return None
        followed = _one_return_call(self.search.ctx, call)
        if followed is None:
            return None
        helper, _, _, returned, bound = followed
        if helper.decorator_list or helper is frame.function or bound.extra_positional or bound.extra_keywords:
            return None
        given = frozenset(name for name, value in bound.given.items() if self._depends(value, frame, depth))
        return returned, _Frame(helper, given)


def _one_return_call(ctx: Context, call: ast.Call) -> tuple[
        ast.FunctionDef, Signature, list[ast.expr], ast.expr, Bound] | None:
    """A call of a helper of the file (`Tracing.callee`) whose body has one `return` of a value,
    and its arguments bound: (the def, its signature as called, the positional arguments,
    the returned expression, the binding). None otherwise."""
    callee = ctx.tracing.callee(call)
    if callee is None:
        return None
    function, signature, args, keywords = callee
    returns = ctx.model.returns_of(function)
    if len(returns.returns) != 1 or returns.suspends or returns.returns[0].value is None \
            or any(isinstance(a, ast.Starred) for a in args) or any(k.arg is None for k in keywords):
        return None
    bound = bind_arguments(signature, args, keywords)
    if bound is None:
        return None
    return function, signature, args, returns.returns[0].value, bound


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
            if search.reaches_output(p)]


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
