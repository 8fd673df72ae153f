"""JXE106 stack-shape-mismatch.

What it does: finds `jnp.stack(arrays, axis)` of a list or tuple display (or a name bound once
to one and never changed) of JAX arrays whose shapes the value inference knows, all of one
rank, whose shapes differ (`(3,)` and `(4,)`), with the axis in range.

Never flagged: an element of unknown shape, elements of different ranks (JAX raises another
message), an axis unknown or out of range, a NumPy element.

Why is this bad: the stack primitive's shape rule raises ValueError listing every shape.

No fix: which array is wrong is the author's choice.
"""

from __future__ import annotations

from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.shapes import call_related, ShapeData, joins, shape_text


def check(ctx: Context) -> None:
    for joined in joins(ctx):
        if joined.function != "stack":
            continue
        shapes = [a.shape for a in joined.avals]
        ranks = {len(s) for s in shapes if s is not None}
        if any(s is None for s in shapes) or len(ranks) != 1 or len(set(shapes)) == 1:
            continue
        rank = ranks.pop()
        if not -(rank + 1) <= joined.axis <= rank:
            continue
        ctx.report(joined.node, values={
            "', '.join((str(o.shape) for o in operands))":
                ", ".join(shape_text(s) for s in shapes if s is not None)},
            related=call_related(ctx, joined),
            data=ShapeData(tuple(str(a) for a in joined.avals)))


RULE = Rule(
    code="JXE106",
    catalog_id="stack-shape-mismatch",
    triggers=("stack",),
    check=check,
    data=ShapeData,
)
