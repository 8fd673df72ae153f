"""JXE102 broadcast-shapes-ranks.

What it does: the case of JXE101 where the two JAX arrays have different ranks (`(2, 3)` and
`(4,)`): `jax.numpy` pads the shorter shape with leading ones, finds a size that differs
where neither is 1, and raises ValueError listing the shapes as they were given.

Never flagged: as JXE101 (unknown shapes or dtypes, NumPy operands, a scalar, a file that sets
`jax_numpy_rank_promotion`, whose "raise" setting refuses any rank difference with another
message).

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
        if a is None or b is None or len(a) == len(b) or not a or not b or not incompatible(a, b):
            continue
        ctx.report(op.node, values={"list(shapes)": f"[{shape_text(a)}, {shape_text(b)}]"},
                   note=f" (the operands of `{op.name}` are {op.left} and {op.right})",
                   related=call_related(ctx, op),
                   data=ShapeData((str(op.left), str(op.right))))


RULE = Rule(
    code="JXE102",
    catalog_id="broadcast-shapes-ranks",
    triggers=("jax",),
    check=check,
    data=ShapeData,
)
