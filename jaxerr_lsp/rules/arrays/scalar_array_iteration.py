"""JXE155 scalar-array-iteration.

What it does: finds Python iterating over a JAX array the value inference knows has shape
`()`: tuple unpacking (`level, trend = carry`, one target list) and `for` loops over it, where
they run: in straight code, and in the bodies of `lax.scan` / `fori_loop` / `while_loop` and
of vmapped functions with what JAX hands them (`control_flow.body_nodes`: a carry started as
one scalar `jnp.float32(0.0)` or `0.0`, which the body receives as a 0-d array).

Silent: a value not certainly a JAX array of shape `()` (a NumPy scalar raises NumPy's own
error; a Python number its own), a shape the code does not show, the result of a call of a def
of the file in plain code (followed with unknown arguments: costly, seldom known), `len()`
(another message).

Why is this bad: iterating steps along the first axis, and a 0-d array has none; JAX raises
TypeError "iteration over a 0-d array" (a tracer too, under jit and in loop bodies).

No fix: whether a pair was meant (a tuple carry, a vector) is the author's call.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.control_flow import body_nodes

CATALOG_ID = "scalar-array-iteration"


@dataclass(frozen=True)
class IteratedScalar(RuleData):
    aval: str  # the 0-d array's type, as JAX prints it ("float32[]")


def _iterated(node: ast.Assign | ast.For) -> ast.expr | None:
    """What the statement iterates over: an unpacking's value, a `for` loop's iterable."""
    if isinstance(node, ast.For):
        return node.iter
    if len(node.targets) == 1 and isinstance(node.targets[0], (ast.Tuple, ast.List)):
        return node.value
    return None


# What is never a JAX array, seen without the evaluator: displays, comprehensions, constants, an
# f-string (most iterated values: `for i in range(n)`, `a, b = 1, 2` are rejected here, cheaply).
_NEVER_ARRAYS = (ast.Tuple, ast.List, ast.Set, ast.Dict, ast.ListComp, ast.SetComp, ast.DictComp,
                 ast.GeneratorExp, ast.Constant, ast.JoinedStr)


def _scalar_array(ctx: Context, expr: ast.expr) -> str | None:
    """The type of the 0-d JAX array `expr` certainly is; None otherwise."""
    if isinstance(expr, _NEVER_ARRAYS) or isinstance(expr, ast.Call) \
            and (ctx.model.qualname(expr.func) or "").startswith("builtins."):
        return None  # (`range(n)`, `zip(a, b)`: a builtin's result is no JAX array)
    if isinstance(expr, ast.Call) and ctx.model.function_of(expr.func) is not None:
        return None  # (a helper of the file, followed with unknown arguments: costly, seldom known)
    value = ctx.values.value(expr)
    aval = value.aval
    return str(aval) if value.type == "ArrayImpl" and aval is not None and aval.shape == () else None


def _check(ctx: Context, node: ast.Assign | ast.For, related: tuple[Related, ...], seen: set[int]) -> None:
    iterated = _iterated(node)
    if iterated is None or id(iterated) in seen:
        return
    aval = _scalar_array(ctx, iterated)
    if aval is None:
        return
    seen.add(id(iterated))
    ctx.report(iterated, related=related, data=IteratedScalar(aval))


def check(ctx: Context) -> None:
    seen: set[int] = set()
    # (the node lists the model keeps for its own questions: `loop_unpacking` asks for the loops)
    loops = ctx.model.nodes_in(ctx.model.tree, (ast.For, ast.AsyncFor))
    statements: list[ast.Assign | ast.For] = [*ctx.model.nodes_in(ctx.model.tree, ast.Assign),
                                              *(loop for loop in loops if isinstance(loop, ast.For))]
    for statement in statements:
        _check(ctx, statement, (), seen)
    for assign, related in body_nodes(ctx, ast.Assign):
        _check(ctx, assign, related, seen)
    for loop, related in body_nodes(ctx, ast.For):
        _check(ctx, loop, related, seen)


RULE = Rule(
    code="JXE155",
    catalog_id=CATALOG_ID,
    triggers=("jax",),
    check=check,
    data=IteratedScalar,
)
