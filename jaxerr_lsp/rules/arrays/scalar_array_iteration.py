"""JXE155 scalar-array-iteration.

What it does: finds Python iterating over a JAX array the value inference knows has shape
`()`: tuple unpacking (`level, trend = carry`, one target list) and `for` loops over it, where
they run: in straight code, and in the bodies of `lax.scan` / `fori_loop` / `while_loop` and
of vmapped functions with what JAX hands them (`control_flow.body_nodes`: a carry started as
one scalar `jnp.float32(0.0)` or `0.0`, which the body receives as a 0-d array).

Silent: a value not certainly a JAX array of shape `()` (a NumPy scalar raises NumPy's own
error; a Python number its own), a shape the code does not show, `len()` (another message).

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


def _scalar_array(ctx: Context, expr: ast.expr) -> str | None:
    """The type of the 0-d JAX array `expr` certainly is; None otherwise."""
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
    statements: list[ast.Assign | ast.For] = [*ctx.model.nodes_in(ctx.model.tree, ast.Assign),
                                              *ctx.model.nodes_in(ctx.model.tree, ast.For)]
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
