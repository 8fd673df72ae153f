"""JXE101 broadcast-incompatible-shapes.

What it does: finds a binary operator (`+ - * /`, comparisons, `& | ^`) or a `jax.numpy`
binary function (`jnp.add`, `jnp.maximum`, `jnp.less`...) whose operands are JAX arrays of
the same rank with shapes the value inference knows (`jaxerr_lsp.shapes`) and that do not
broadcast: a size differs on an axis where neither is 1 (`(3,)` and `(4,)`, `(2, 3)` and
`(3, 2)`).

Never flagged: an operand of unknown shape or dtype kind, a NumPy array, arrays of different
ranks (JXE102), a dtype for which the operator is another primitive (`+` of bools is `or`),
`//`, `%`, `**` of integers, a file that sets `jax_numpy_rank_promotion`.

Why is this bad: `jax.numpy` promotes the dtypes, then `lax` checks the shapes and raises
TypeError naming the primitive (`add`, `mul`, `lt`...) and both shapes.

No fix: which axis is wrong is the author's choice.
"""

from __future__ import annotations

from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.shapes import (call_related, ShapeData, incompatible, shape_text, shapes_known,
                               document_broadcast_operations)


def check(ctx: Context) -> None:
    operations = document_broadcast_operations(ctx)
    if not operations or not shapes_known(ctx):
        return
    for op in operations:
        a, b = op.left.shape, op.right.shape
        if a is None or b is None or len(a) != len(b) or not a or not incompatible(a, b):
            continue
        ctx.report(op.node, values={
            "name": op.name,
            "', '.join(map(str, map(tuple, shapes)))": f"{shape_text(a)}, {shape_text(b)}"},
            note=f" (the operands are {op.left} and {op.right})", related=call_related(ctx, op), data=ShapeData((str(op.left), str(op.right))))


RULE = Rule(
    code="JXE101",
    catalog_id="broadcast-incompatible-shapes",
    triggers=("jax",),
    check=check,
    data=ShapeData,
)
