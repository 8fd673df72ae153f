"""Expressions that certainly evaluate to one JAX array (an `ArrayImpl`, or a tracer of one
under a transformation), never a NumPy array, a `Ref`, a tuple or a pytree.

Stricter than `values.Inference`, whose `ArrayImpl` also covers arithmetic on NumPy arrays
(`np.zeros(3) * 2` is an `ndarray`) and functions that may return a tuple: here a name counts
only through its one unconditional assignment, and every step is one JAX certainly answers
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
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.model import ASSIGN, Binding
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
    """The assignment whose value `name` certainly holds where it is read.

    Its one binding (`model.binding_of`); or, for a name bound several times in the scope of
    the use, the last assignment before the use that is not an update of the array itself
    (`x = x.at[i].set(v)`, `x = x * 2`, `x += y`: they keep a JAX array one), when it is
    certain to have run: outside any branch the use is not in, and in the block of the use
    (no line between them is indented less: a loop or `with` body that ended may not have
    run). Every binding after it must be such an update (one after the use may run first, in
    a loop). Names written from another function (`global`, `nonlocal`) are not followed."""
    binding = ctx.model.binding_of(name)
    if binding is not None:
        return binding if binding.kind == ASSIGN else None
    use = ctx.model.use_of.get(id(name))
    if use is None or ctx.model.resolve_scope(name.id, use.scope) is not use.scope \
            or name.id in use.scope.global_names or name.id in use.scope.nonlocal_names:
        return None
    where = (name.lineno, name.col_offset)
    bindings = use.scope.bindings.get(name.id, [])
    before = sorted((b for b in bindings if b.end <= where), key=lambda b: b.end, reverse=True)
    made = next((b for b in before if not _keeps_array(ctx, b, name.id)), None)
    if made is None or not _runs_before(ctx, made, name, use.branch) or any(
            name.id in other.global_names or name.id in other.nonlocal_names
            for other in ctx.model.scope_of_node.values()):
        return None
    if not all(_keeps_array(ctx, b, name.id) for b in bindings if b.end > made.end):
        return None
    return made


def _runs_before(ctx: Context, binding: Binding, use: ast.Name,
                 branch: tuple[tuple[int, int], ...]) -> bool:
    """An assignment `name = value` that certainly ran before `use` (not in a branch the use
    is not in, in its block)."""
    return binding.kind == ASSIGN and isinstance(binding.node, ast.Name) \
        and binding.branch == branch[:len(binding.branch)] and _same_block(ctx, binding, use)


def _same_block(ctx: Context, binding: Binding, use: ast.Name) -> bool:
    """Whether the assignment `binding` (its name starting its line) runs before `use` in
    straight-line code: no line between them is indented less than the assignment."""
    target = binding.node
    assert isinstance(target, ast.Name)
    lines = ctx.parsed.lines
    first = lines[target.lineno - 1] if target.lineno <= len(lines) else ""
    indent = target.col_offset
    if len(first) - len(first.lstrip()) != indent:
        return False
    for text in lines[binding.end[0]:use.lineno]:
        stripped = text.lstrip()
        if stripped and not stripped.startswith("#") and len(text) - len(stripped) < indent:
            return False
    return True


def _keeps_array(ctx: Context, binding: Binding, name: str) -> bool:
    """`x = x.at[i].set(v)`, `x = x * 2.0`, `x += y`: a binding that leaves `x` a JAX array
    when it was one."""
    value = binding.value
    if binding.kind != ASSIGN:
        return _augmented(ctx, binding)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) \
            and value.func.attr in AT_METHODS and isinstance(value.func.value, ast.Subscript):
        at = value.func.value.value
        return isinstance(at, ast.Attribute) and at.attr == "at" \
            and isinstance(at.value, ast.Name) and at.value.id == name
    if isinstance(value, ast.BinOp) and not isinstance(value.op, ast.MatMult):
        for mine, other in ((value.left, value.right), (value.right, value.left)):
            if isinstance(mine, ast.Name) and mine.id == name and isinstance(other, ast.Constant) \
                    and type(other.value) in (int, float):
                return True
    return False


_AUGMENTED = re.compile(r"\s*(?:\*\*|//|[-+*/%])=")


def _augmented(ctx: Context, binding: Binding) -> bool:
    """Whether the binding is the target of an arithmetic augmented assignment (`x += y`):
    the model files it with loop targets; the text after the name tells them apart."""
    node = binding.node
    if not isinstance(node, ast.Name) or node.end_col_offset is None \
            or node.lineno > len(ctx.parsed.lines):
        return False
    after = ctx.parsed.lines[node.lineno - 1][ctx.parsed.column(node.lineno, node.end_col_offset):]
    return _AUGMENTED.match(after) is not None
