"""Expressions that certainly evaluate to one JAX array (an `ArrayImpl`, or a tracer of one
under a transformation), never a NumPy array, a `Ref`, a tuple or a pytree.

Stricter than `values.Inference`, whose `ArrayImpl` also covers arithmetic on NumPy arrays
(`np.zeros(3) * 2` is an `ndarray`) and functions that may return a tuple: here a name counts
only through the assignments code flow lets reach it, each one of these, and every step is one JAX certainly answers
with a JAX array:
- a `jax.numpy`, `jax.lax`, `jax.nn`, `jax.random`, `jax.scipy.special` function that returns
  one array (`values.array_type_of_call`), except the forms that return a tuple or their
  argument's structure (`jnp.where(c)`, `jax.lax.sort`, `jnp.atleast_1d(a, b)`,
  `logsumexp(..., return_sign=True)`, `jax.lax.stop_gradient` of anything but such an array);
- `x.at[i].set(v)` (and the other `.at[]` methods), `x.reshape(...)`, `x.sum()`... on one;
- arithmetic of one with a number, a NumPy array or another (NumPy defers to JAX arrays);
- `-x`, `x.T`, `x.real`, and `x[i]` read from one.
"""

from __future__ import annotations

import ast
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.model import ASSIGN, AUGMENTED, Binding
from jaxerr_lsp.analysis.values import array_type_of_call

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

__all__ = ["jax_array_origin", "is_jax_array", "reaching_assignment", "returns_one_array"]

MAX_DEPTH = 30
# `.at[i].<method>(...)` and array methods that return one array, on a JAX array.
AT_METHODS = frozenset("set add subtract multiply mul divide power min max apply get".split())
ARRAY_METHODS = frozenset("""
reshape astype sum mean max min prod std var transpose ravel flatten squeeze clip round cumsum
cumprod dot conj conjugate copy argmax argmin any all
""".split())
ARRAY_ATTRIBUTES = frozenset({"T", "mT", "real", "imag"})
# Operands that leave `jax_array <op> operand` a JAX array.
_OPERAND_TYPES = frozenset({"ArrayImpl", "ndarray", "int", "float", "complex", "bool"})
_ARRAY_TYPES = frozenset({"ArrayImpl", "ndarray"})  # `@` needs an array on both sides


def is_jax_array(ctx: Context, expr: ast.expr) -> bool:
    return jax_array_origin(ctx, expr) is not None


def jax_array_origin(ctx: Context, expr: ast.expr, depth: int = 0) -> str | None:
    """What makes `expr` certainly a JAX array, in words ("`jax.numpy.zeros`", "an `.at[]`
    update"), or None when the code does not show it."""
    if depth > MAX_DEPTH:
        return None
    depth += 1
    if isinstance(expr, ast.Name):
        binding = reaching_assignment(ctx, expr)
        if binding is None or binding.value is None:
            return None
        return jax_array_origin(ctx, binding.value, depth)
    if isinstance(expr, ast.Call):
        return _call(ctx, expr, depth)
    if isinstance(expr, ast.BinOp):
        return _binop(ctx, expr, depth)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        return jax_array_origin(ctx, expr.operand, depth)
    if isinstance(expr, ast.Attribute) and expr.attr in ARRAY_ATTRIBUTES:
        return jax_array_origin(ctx, expr.value, depth)
    if isinstance(expr, ast.Subscript) and isinstance(expr.ctx, ast.Load):
        return jax_array_origin(ctx, expr.value, depth)
    return None


def _call(ctx: Context, call: ast.Call, depth: int) -> str | None:
    function = call.func
    if isinstance(function, ast.Attribute) and ctx.model.qualname(function) is None:
        receiver = function.value
        if function.attr in AT_METHODS and isinstance(receiver, ast.Subscript) \
                and isinstance(receiver.value, ast.Attribute) and receiver.value.attr == "at":
            return "an `.at[]` update" if jax_array_origin(ctx, receiver.value.value, depth) else None
        if function.attr in ARRAY_METHODS and jax_array_origin(ctx, receiver, depth):
            return f"`.{function.attr}()` of a JAX array"
        return None
    if array_type_of_call(ctx.model, call) != "ArrayImpl":
        return None
    if not returns_one_array(ctx, call, lambda e: jax_array_origin(ctx, e, depth) is not None):
        return None
    qualname = ctx.model.qualname(function) or ""
    if call.args and not isinstance(call.args[0], ast.Starred) \
            and ctx.values.value(call.args[0]).type == "Ref":
        return None  # jnp.asarray(ref): JAX refuses the Ref first
    return f"`{qualname}`"


def returns_one_array(ctx: Context, call: ast.Call, is_array: Callable[[ast.expr], bool]) -> bool:
    """Whether this call of an array function (`values.array_type_of_call`) certainly returns
    one array: some return a tuple for some arguments (`jnp.where(c)`, `jax.lax.sort((a, b))`,
    `jnp.atleast_1d(a, b)`, `logsumexp(..., return_sign=True)`), `jax.lax.stop_gradient`
    returns its argument's structure (`is_array` tells whether that is one array)."""
    qualname = ctx.model.qualname(call.func) or ""
    name = qualname.rsplit(".", 1)[-1]
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return False
    if qualname == "jax.numpy.where":
        return len(call.args) + sum(k.arg in ("x", "y") for k in call.keywords) == 3
    if qualname == "jax.lax.sort":
        return False
    if qualname == "jax.lax.stop_gradient":
        return len(call.args) == 1 and is_array(call.args[0])
    if name in ("atleast_1d", "atleast_2d", "atleast_3d"):
        return len(call.args) == 1
    if name == "logsumexp":
        return not any(k.arg == "return_sign" for k in call.keywords)
    return True


def _binop(ctx: Context, expr: ast.BinOp, depth: int) -> str | None:
    for array, other in ((expr.left, expr.right), (expr.right, expr.left)):
        origin = jax_array_origin(ctx, array, depth)
        operands = _ARRAY_TYPES if isinstance(expr.op, ast.MatMult) else _OPERAND_TYPES
        if origin is not None and (
                ctx.values.value(other).type in operands
                or jax_array_origin(ctx, other, depth) is not None):
            return "arithmetic on a JAX array"
    return None


# ----------------------------------------------------------------------------- names
def reaching_assignment(ctx: Context, name: ast.Name) -> Binding | None:
    """The assignment that made the JAX array `name` certainly holds where it is read.

    Code flow gives the bindings that can reach the use (`model.reaching`; for a name read
    from an enclosing scope, its one binding): each must leave a JAX array in the name — an
    assignment of one (`x = jnp.zeros(3)`, `x = x.at[i].set(v)`, `x = x * 2`) or an arithmetic
    update of one (`x += y`), followed back to the assignment before it. The first of the
    assignments found, when every path gives one; else None."""
    bindings = ctx.model.reaching(name)
    if bindings is None:
        single = ctx.model.binding_of(name)
        bindings = [single] if single is not None else None
    return _made_by(ctx, bindings, 0) if bindings else None


def _made_by(ctx: Context, bindings: list[Binding], depth: int) -> Binding | None:
    if depth > MAX_DEPTH:
        return None
    made: list[Binding] = []
    for binding in bindings:
        if id(binding) in _assumed.ids:
            # A loop's back-edge to a binding being decided: assumed an array (by induction
            # over the iterations, the other bindings decide it).
            continue
        _assumed.ids.add(id(binding))
        try:
            origin = _made_by_one(ctx, binding, depth)
        finally:
            _assumed.ids.discard(id(binding))
        if origin is None:
            return None
        made.append(origin)
    return made[0] if made else None


class _Assumed(threading.local):
    def __init__(self) -> None:
        self.ids: set[int] = set()


_assumed = _Assumed()


def _made_by_one(ctx: Context, binding: Binding, depth: int) -> Binding | None:
    if binding.kind == AUGMENTED:
        before = ctx.model.reaching_augmented(binding) \
            if isinstance(binding.operator, _KEEPS_ARRAY_OPERATORS) else None
        return _made_by(ctx, before, depth + 1) if before else None
    if binding.kind == ASSIGN and binding.value is not None \
            and jax_array_origin(ctx, binding.value, depth + 1) is not None:
        return binding
    return None


# `x op= y` on a JAX array gives a JAX array for these (`@=` needs an array on the right).
_KEEPS_ARRAY_OPERATORS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
