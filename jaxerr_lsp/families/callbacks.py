"""Host callbacks in the file's functions (`jax.pure_callback`, `jax.experimental.io_callback`),
what reaches their operands, and whether they run on every call (for JXE138 pure-callback-jvp
and JXE141 vmap-ordered-io-callback). Lookups through the model; never walks.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.avals import dtype_name, kind_of
from jaxerr_lsp.analysis.model import ASSIGN, UNPACK, CallSite, Scope
from jaxerr_lsp.engine.rule import Context
from jaxerr_lsp.families.prng_keys import conditional_in_statement, locate

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
PURE_CALLBACK = "jax.pure_callback"
IO_CALLBACK = "jax.experimental.io_callback"
# Keywords of the callbacks that are options, not operands handed to the callback.
OPTIONS = frozenset({"sharding", "vmap_method", "vectorized", "ordered", "partitioned"})
_MAX_DEPTH = 6
# jax.numpy functions whose result, given one array (and no dtype), is that array's values
# moved, reshaped or passed through a smooth function: JAX's JVP rule gives it a tangent made
# from the operand's (never a symbolic zero), and vmap keeps its batch axis.
_KEEPING_FUNCTIONS = frozenset(f"jax.numpy.{name}" for name in """
asarray array reshape ravel transpose squeeze expand_dims atleast_1d atleast_2d atleast_3d
negative sin cos tan sinh cosh tanh exp expm1 log1p sqrt square
""".split())
# Array methods of the same kind (`x.reshape(...)`, `x.T` is an attribute).
_KEEPING_METHODS = frozenset({"reshape", "ravel", "flatten", "transpose", "squeeze"})
# Functions whose result is a dtype promoted from their arguments: inexact when one is.
_PROMOTING = frozenset({"jax.numpy.result_type", "jax.numpy.promote_types"})


@dataclass(frozen=True, eq=False)
class Callback:
    site: CallSite
    qualname: str  # PURE_CALLBACK or IO_CALLBACK
    operands: tuple[ast.expr, ...]  # what the callback receives (after the result shapes)

    @property
    def call(self) -> ast.Call:
        return self.site.call

    def option(self, name: str) -> ast.expr | None:
        return next((k.value for k in self.site.keywords if k.arg == name), None)


def callbacks(ctx: Context) -> list[Callback]:
    """Every call of a callback whose arguments the code writes out (no `*args`/`**kwargs`)."""
    found = []
    for qualname in (PURE_CALLBACK, IO_CALLBACK):
        for site in ctx.model.calls_to(qualname):
            if not site.complete or site.partial is not None or len(site.args) < 2 \
                    or any(isinstance(a, ast.Starred) for a in site.args) \
                    or any(k.arg is None for k in site.keywords):
                continue
            operands = (*site.args[2:], *(k.value for k in site.keywords if k.arg not in OPTIONS))
            found.append(Callback(site, qualname, operands))
    return found


def derives_from(ctx: Context, expr: ast.expr, scope: Scope, names: set[str],
                 operators: tuple[type[ast.operator], ...], depth: int = 0) -> bool:
    """Whether `expr`, in the function whose scope is `scope`, is certainly computed from one
    of its parameters `names`: the parameter (never rebound before), an entry of it (`x[0]`,
    `p["w"]`), `operators` or a unary minus applied to such, a call that keeps its operand's
    values (`_kept_operand`: `jnp.asarray(x)`, `x.astype(jnp.float32)`, `x.reshape(s)`), `.T`,
    a local name bound to one of those where it is read (`v, z = jnp.asarray(v),
    jnp.asarray(z)` included)."""
    if depth > _MAX_DEPTH:
        return False
    if isinstance(expr, ast.Name):
        binding = ctx.model.read_binding(expr)
        if binding is None or binding.scope is not scope:
            return False
        if isinstance(binding.node, ast.arg):
            return binding.name in names
        # (a name bound to arithmetic or an entry: an array, which no one changes in place)
        if binding.kind == ASSIGN and binding.value is not None and isinstance(binding.node, ast.Name):
            return derives_from(ctx, binding.value, scope, names, operators, depth + 1)
        # `v, z = jnp.asarray(v), jnp.asarray(z)`: the display's element at the name's place
        if binding.kind == UNPACK and len(binding.index) == 1 \
                and isinstance(binding.value, (ast.Tuple, ast.List)) \
                and len(binding.value.elts) == binding.arity[0] \
                and not any(isinstance(e, ast.Starred) for e in binding.value.elts):
            return derives_from(ctx, binding.value.elts[binding.index[0]], scope, names, operators,
                                depth + 1)
        return False
    if isinstance(expr, ast.Call):
        operand = _kept_operand(ctx, expr)
        return operand is not None and derives_from(ctx, operand, scope, names, operators, depth + 1)
    if isinstance(expr, ast.Attribute) and expr.attr in ("T", "mT"):
        return derives_from(ctx, expr.value, scope, names, operators, depth + 1)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, operators):
        return derives_from(ctx, expr.left, scope, names, operators, depth + 1) \
            or derives_from(ctx, expr.right, scope, names, operators, depth + 1)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        return derives_from(ctx, expr.operand, scope, names, operators, depth + 1)
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant) \
            and type(expr.slice.value) in (int, str):
        return derives_from(ctx, expr.value, scope, names, operators, depth + 1)
    return False


def _kept_operand(ctx: Context, call: ast.Call) -> ast.expr | None:
    """The array whose values `call` keeps (moved, reshaped, cast to an inexact dtype, or
    through a smooth function: their tangent and batch axis go on): `jnp.asarray(x)`,
    `jnp.reshape(x, s)`, `jnp.sin(x)`, `x.reshape(s)`, `x.astype(jnp.float32)`,
    `x.astype(jnp.result_type(float, x.dtype))`; None otherwise (a dtype given to `asarray`,
    a cast to an integer or unknown dtype: JAX gives those a zero tangent)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    function = call.func
    qualname = ctx.model.qualname(function)
    if qualname in _KEEPING_FUNCTIONS:
        if not call.args or any(k.arg == "dtype" for k in call.keywords) \
                or qualname in ("jax.numpy.asarray", "jax.numpy.array") and len(call.args) > 1:
            return None
        return call.args[0]
    if qualname == "jax.numpy.astype" and len(call.args) == 2 and not call.keywords:
        return call.args[0] if _inexact_dtype(ctx, call.args[1]) else None
    if qualname is not None or not isinstance(function, ast.Attribute):
        return None  # (a module's function, not a method of a value)
    if function.attr in _KEEPING_METHODS and not any(k.arg == "dtype" for k in call.keywords):
        return function.value
    if function.attr == "astype" and len(call.args) == 1 and not call.keywords:
        return function.value if _inexact_dtype(ctx, call.args[0]) else None
    return None


def _inexact_dtype(ctx: Context, expr: ast.expr, depth: int = 0) -> bool:
    """`expr` is certainly a float or complex dtype: `jnp.float32`, `float`, 'float32',
    `jnp.result_type(float, x.dtype)` (a promotion with an inexact dtype stays inexact)."""
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, str) and kind_of(dtype_name(expr.value)) in ("f", "c")
    if isinstance(expr, ast.Call) and depth < 2:
        if ctx.model.qualname(expr.func) in _PROMOTING and not expr.keywords:
            return any(_inexact_dtype(ctx, a, depth + 1) for a in expr.args
                       if not isinstance(a, ast.Starred))
        return False
    qualname = ctx.model.qualname(expr)
    return qualname is not None and kind_of(dtype_name(qualname)) in ("f", "c")


def runs_every_time(ctx: Context, function: FunctionNode, call: ast.Call) -> bool:
    """Whether `call`, written in `function`'s own body, runs whenever `function` is called:
    not in a branch, a loop or a conditional part of its statement, and no `return`,
    `raise` or `assert` written before it."""
    if isinstance(function, ast.Lambda):
        return not conditional_in_statement(ctx.model, function, call)
    if ctx.model.call_scope.get(id(call)) is not ctx.model.scope_of_node.get(id(function)):
        return False
    location = locate(function.body, call)
    if location is None or location.blocks or location.in_header \
            or conditional_in_statement(ctx.model, location.statement, call):
        return False
    start = (location.statement.lineno, location.statement.col_offset)
    for node in ctx.model.nodes_in(function, (ast.Return, ast.Raise, ast.Assert)):
        if (node.lineno, node.col_offset) < start:
            return False
    return not ctx.model.returns_of(function).suspends
