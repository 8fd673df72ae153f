"""JXE139 array-deleted.

What it does: finds a name holding one JAX array (`Value.jax_array`, of known shape and
dtype) deleted by `x.delete()` (a statement of code that runs eagerly), or passed for a donated parameter of a jitted function of the file
(`jaxerr_lsp.families.donation`: JAX certainly donates it, its buffer matched to an output of
the same shape and dtype), in code that runs eagerly, then read again in the same scope in a
way that reads the buffer, after the call certainly ran and with no binding of the name in
between: `print(x)`, `repr`/`str`/an f-string, arithmetic with a number or an array of a
shape that broadcasts with it, `-x`, a comparison with a number, `x[i]` for an index in range, `x.sum()` (and
`mean`, `max`, `min`, `prod`, `tolist`, `copy`), a `jax.numpy` function that reads its operand
(`jnp.sum(x)`...), `np.asarray(x)`, `jax.device_get(x)`, or a call of a jitted function of
the file (the donating one again: `f(x); f(x)`). Also the donating call itself in the body of
a `for` loop certainly run twice or more (`range` of constants, a display), not in a branch
of it, with the name bound before the loop and read nowhere else in it, and no `break`,
`continue`, `return`, `raise`, `try` or `with` in the loop: the second pass hands JAX the
deleted array.

Why is this bad: a donated array is marked deleted when the call runs (on the CPU as on GPU
and TPU); reading it raises RuntimeError "Array has been deleted with shape=float32[3]."
(`x.shape`, `x.dtype`, `x.is_deleted()` still work, and so do `jnp.asarray(x)`,
`x.reshape` to its own shape, `x.T` of a vector: they return the array without reading it).

Silent: a donation JAX may drop (a donated array no output matches: JAX warns and deletes
nothing; a parameter the function may not use; unknown shapes), a call inside traced code
(donation is a no-op there), the same array passed twice to the call (JAX refuses the call
itself: another error), another argument that may hold it, the name rebound or declared
`global`/`nonlocal` by a function, the call in a branch, a loop or a conditional part of its
statement the read is outside of, reads in nested functions, NumPy arrays and Python numbers
(JAX copies them: nothing is deleted).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.avals import broadcast
from jaxerr_lsp.analysis.model import Binding, Scope, Use
from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.expected_errors import caught_at, expected_at
from jaxerr_lsp.families.donation import (JitCall, argument_aval, certainly_donated, jit_calls,
                                          runs_eagerly)
from jaxerr_lsp.families.prng_keys import LOOP, conditional_in_statement, is_prefix, locate

CATALOG_ID = "array-deleted"
# Functions that read their array operand's buffer (measured: each raises on a deleted array).
_READERS = frozenset({
    "builtins.print", "builtins.repr", "builtins.str", "builtins.list", "numpy.asarray",
    "numpy.array", "jax.device_get", "jax.numpy.array", "jax.numpy.copy", "jax.numpy.sum",
    "jax.numpy.mean", "jax.numpy.max", "jax.numpy.min", "jax.numpy.prod", "jax.numpy.exp",
    "jax.numpy.log", "jax.numpy.sin", "jax.numpy.cos", "jax.numpy.tanh", "jax.numpy.sqrt",
    "jax.numpy.abs", "jax.numpy.square",
})
# Array methods that read the buffer (called with no argument).
_READING_METHODS = frozenset({"sum", "mean", "max", "min", "prod", "tolist", "copy"})
# Attributes that read what the array object keeps, never its buffer (measured).
_METADATA = frozenset({"shape", "dtype", "ndim", "size", "is_deleted", "sharding"})
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)
_COMPARISONS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


@dataclass(frozen=True)
class DeletedRead(RuleData):
    name: str
    donated_at: Span  # the donating call


def _number(expr: ast.expr) -> bool:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and type(expr.value) in (int, float)


def _reads_buffer(ctx: Context, use: Use, shape: tuple[int, ...], jitted: set[int]) -> bool:
    """Whether the read `use` of a deleted array certainly touches its buffer first."""
    node, parent = use.node, use.parent
    if isinstance(parent, ast.Call) and node in parent.args:
        if id(parent) in jitted:
            return True
        return ctx.model.qualname(parent.func) in _READERS and (
            len(parent.args) == 1 and not parent.keywords
            or ctx.model.qualname(parent.func) == "builtins.print")
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, _ARITHMETIC):
        other = parent.right if parent.left is node else parent.left
        if _number(other):
            return True
        value = ctx.values.value(other)
        aval = value.aval  # (an operand JAX refuses first: another error)
        return value.type == "ArrayImpl" and aval is not None and aval.shape is not None \
            and aval.kind in ("b", "i", "u", "f", "c") and broadcast(aval.shape, shape) is not None
    if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.USub):
        return True
    if isinstance(parent, ast.Compare) and len(parent.ops) == 1 and isinstance(parent.ops[0], _COMPARISONS):
        other = parent.comparators[0] if parent.left is node else parent.left
        return _number(other)
    if isinstance(parent, ast.Subscript) and parent.value is node and isinstance(parent.ctx, ast.Load):
        index = parent.slice
        return isinstance(index, ast.Constant) and type(index.value) is int and len(shape) >= 1 \
            and 0 <= index.value < shape[0]
    if isinstance(parent, ast.FormattedValue) and parent.value is node:
        return True
    if isinstance(parent, ast.Attribute) and parent.attr in _READING_METHODS:
        grandparent = ctx.model.parent.get(id(parent))
        return isinstance(grandparent, ast.Call) and grandparent.func is parent \
            and not grandparent.args and not grandparent.keywords
    return False


def _rebound_from_inside(ctx: Context, scope: Scope, name: str) -> bool:
    return any(name in (inner.global_names if scope.kind == "module" else inner.nonlocal_names)
               for inner in ctx.model.scope_of_node.values())


def _body(scope: Scope) -> list[ast.stmt] | None:
    if scope.kind not in ("module", "function"):
        return None
    return scope.node.body  # type: ignore[attr-defined, no-any-return]


def _aliased_elsewhere(ctx: Context, jit_call: JitCall, name: str, argument: ast.Name) -> bool:
    """Whether another argument of the call may hold the same array (the name again, or an
    expression that reads it)."""
    for other_name, other in jit_call.arguments.items():
        if other_name == name:
            continue
        if any(n.id == argument.id for n in ctx.model.names_in(other)):
            return True
        if isinstance(other, ast.Name):
            binding = ctx.model.binding_of(other)
            if binding is None:
                if ctx.values.value(other).python_scalar:
                    continue
                return True
            value = binding.value
            if value is not None and any(n.id == argument.id for n in ctx.model.names_in(value)):
                return True
    return False


def _first_read(ctx: Context, deleting: ast.Call, argument: ast.Name, binding: Binding,
                shape: tuple[int, ...], jitted: set[int]) -> Use | None:
    """The first read of the array after the call that deletes it (donating it, or its
    `.delete()`), certainly run after it."""
    scope = binding.scope
    body = _body(scope)
    if body is None or ctx.model.call_scope.get(id(deleting)) is not scope:
        return None
    called = locate(body, deleting)
    if called is None or called.in_header \
            or conditional_in_statement(ctx.model, called.statement, deleting):
        return None
    end = (called.statement.end_lineno or 0, called.statement.end_col_offset or 0)
    reads = []
    for use in ctx.model.uses_of(binding):
        if use.scope is not scope or use.node is argument:
            continue
        if (use.node.lineno, use.node.col_offset) < end:
            continue
        if ctx.model.reaching(use.node) != [binding]:
            continue
        where = locate(body, use.node)
        if where is None or not is_prefix(called.blocks, where.blocks):
            continue
        reads.append(use)
    reads.sort(key=lambda u: (u.node.lineno, u.node.col_offset))
    for use in reads:
        if _reads_buffer(ctx, use, shape, jitted):
            return use
        if not _metadata_only(ctx, use):
            return None  # it may raise first, at another line: look no further
    return None


def _runs_twice(ctx: Context, loop: ast.For) -> bool:
    """A `for` over `range` of constants or a display, certainly of two passes or more."""
    it = loop.iter
    if isinstance(it, (ast.List, ast.Tuple)):
        return len(it.elts) >= 2 and not any(isinstance(e, ast.Starred) for e in it.elts)
    if isinstance(it, ast.Call) and ctx.model.qualname(it.func) == "builtins.range" \
            and not it.keywords and 1 <= len(it.args) <= 2 \
            and all(isinstance(a, ast.Constant) and type(a.value) is int for a in it.args):
        bounds = [a.value for a in it.args]  # type: ignore[attr-defined]
        return (bounds[-1] - (bounds[0] if len(bounds) == 2 else 0)) >= 2
    return False


def _repeated_in_loop(ctx: Context, jit_call: JitCall, argument: ast.Name,
                      binding: Binding) -> ast.For | None:
    """The `for` loop that certainly runs the donating call a second time with the same array
    (bound before the loop, never rebound in it, read nowhere else in it), if any."""
    scope = binding.scope
    body = _body(scope)
    if body is None or ctx.model.call_scope.get(id(jit_call.call)) is not scope:
        return None
    where = locate(body, jit_call.call)
    if where is None or where.in_header or not where.blocks or where.blocks[-1].kind != LOOP \
            or conditional_in_statement(ctx.model, where.statement, jit_call.call):
        return None
    loop = where.blocks[-1].statement
    if not isinstance(loop, ast.For) or not _runs_twice(ctx, loop) or binding.end > (loop.lineno, loop.col_offset):
        return None
    if ctx.model.nodes_in(loop, (ast.Break, ast.Continue, ast.Return, ast.Raise, ast.Assert, ast.Try,
                                 ast.TryStar, ast.With, ast.Yield, ast.YieldFrom, ast.Await)):
        return None
    start, end = (loop.lineno, loop.col_offset), (loop.end_lineno or 0, loop.end_col_offset or 0)
    for use in ctx.model.uses_of(binding):
        if use.node is not argument and start <= (use.node.lineno, use.node.col_offset) <= end:
            return None
    return loop


def _metadata_only(ctx: Context, use: Use) -> bool:
    """A read that certainly leaves the buffer alone (`x.shape`, `len(x)`, `type(x)`...)."""
    parent = use.parent
    if isinstance(parent, ast.Attribute):
        return parent.attr in _METADATA
    return isinstance(parent, ast.Call) and parent.args == [use.node] and not parent.keywords \
        and ctx.model.qualname(parent.func) in ("builtins.len", "builtins.type", "builtins.id")


def _deleted_explicitly(ctx: Context, jitted: set[int], reported: set[int]) -> None:
    """`x.delete()` as a statement of eager code, `x` one JAX array of known shape (the one
    binding reaching the call), then a read of its buffer (`_first_read`)."""
    for call in ctx.model.attribute_calls.get("delete", ()):
        method = call.func
        statement = ctx.model.parent.get(id(call))
        if not isinstance(method, ast.Attribute) or not isinstance(method.value, ast.Name) \
                or call.args or call.keywords or not isinstance(statement, ast.Expr) \
                or not runs_eagerly(ctx, call):
            continue
        argument = method.value
        value = ctx.values.value(argument)
        reaching = ctx.model.reaching(argument)
        if value.jax_array is None or value.aval is None or value.aval.shape is None \
                or not reaching or len(reaching) != 1 or id(reaching[0]) in reported \
                or _rebound_from_inside(ctx, reaching[0].scope, argument.id):
            continue
        use = _first_read(ctx, call, argument, reaching[0], value.aval.shape, jitted)
        if use is not None and not caught_at(ctx, use.node):
            reported.add(id(reaching[0]))
            note = f" (`{argument.id}` was deleted by `{ctx.segment(call)}`: its buffer is gone)"
            ctx.report(use.node, values={"self.aval.str_short()": str(value.aval)}, note=note,
                       related=(Related(ctx.span(call), f"`{argument.id}` deleted here"),),
                       data=DeletedRead(argument.id, ctx.span(call)))


def check(ctx: Context) -> None:
    calls = jit_calls(ctx)
    jitted = {id(c.call) for c in calls}
    reported: set[int] = set()
    _deleted_explicitly(ctx, jitted, reported)
    if not any(c.donated for c in calls):
        return
    for jit_call in calls:
        if not jit_call.donated or not runs_eagerly(ctx, jit_call.call):
            continue
        for name in certainly_donated(ctx, jit_call):
            argument = jit_call.arguments[name]
            if not isinstance(argument, ast.Name):
                continue
            reaching = ctx.model.reaching(argument)
            aval = argument_aval(ctx, argument)
            if not reaching or len(reaching) != 1 or aval is None or aval.shape is None:
                continue
            binding = reaching[0]
            if id(binding) in reported or _rebound_from_inside(ctx, binding.scope, binding.name) \
                    or _aliased_elsewhere(ctx, jit_call, name, argument):
                continue
            use = _first_read(ctx, jit_call.call, argument, binding, aval.shape, jitted)
            if use is not None and not caught_at(ctx, use.node):
                reported.add(id(binding))
                note = (f" (`{argument.id}` was donated to the jitted function `{ctx.segment(jit_call.call.func)}`: "
                        "its buffer now holds an output; rebind the name to the result, or copy "
                        "the array before the call)")
                related = (Related(ctx.span(jit_call.call), f"`{argument.id}` donated here"),)
                ctx.report(use.node, values={"self.aval.str_short()": str(aval)}, note=note,
                           related=related, data=DeletedRead(argument.id, ctx.span(jit_call.call)))
                continue
            loop = _repeated_in_loop(ctx, jit_call, argument, binding)
            if loop is not None and not expected_at(ctx, jit_call.call):
                reported.add(id(binding))
                note = (f" (the loop calls the jitted function again with `{argument.id}`, which the "
                        "first pass donated: rebind the name to the result, `"
                        f"{argument.id} = ...(...)`, or do not donate it)")
                header = loop.iter if isinstance(loop, ast.For) else loop
                related = (Related(ctx.span(loop, header), "the loop"),)
                ctx.report(argument, values={"self.aval.str_short()": str(aval)}, note=note,
                           related=related, data=DeletedRead(argument.id, ctx.span(jit_call.call)))


RULE = Rule(
    code="JXE139",
    catalog_id=CATALOG_ID,
    triggers=("donate_arg", ".delete("),
    check=check,
    data=DeletedRead,
)
