"""JXE105 concatenate-shape-mismatch.

What it does: finds `jnp.concatenate(arrays, axis)` of a list or tuple display (or a name bound
once to one and never changed) of JAX arrays whose shapes the value inference knows, all of
one rank of at least 1, with the axis in range, whose sizes differ on an axis other than the
one joined (`(2, 3)` and `(2, 4)` along axis 0).

Never flagged: an element of unknown shape, elements of different ranks (JAX raises another
message), an axis out of range or unknown, a NumPy element, `vstack`/`hstack` (they reshape
first).

Why is this bad: the concatenate primitive's shape rule raises TypeError naming the axis
(made non-negative) and every shape.

No fix: which array is wrong is the author's choice.
"""

from __future__ import annotations

from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.shapes import call_related, ShapeData, joins, shape_text


def check(ctx: Context) -> None:
    for joined in joins(ctx):
        if joined.function != "concatenate":
            continue
        shapes = [a.shape for a in joined.avals]
        ranks = {len(s) for s in shapes if s is not None}
        if any(s is None for s in shapes) or len(ranks) != 1:
            continue
        rank = ranks.pop()
        if rank == 0 or not -rank <= joined.axis < rank:
            continue
        axis = joined.axis % rank
        rest = {s[:axis] + s[axis + 1:] for s in shapes if s is not None}
        if len(rest) == 1:
            continue
        ctx.report(joined.node, values={
            "dimension": str(axis),
            "', '.join(map(str, shapes))": ", ".join(shape_text(s) for s in shapes if s is not None)},
            related=call_related(ctx, joined),
            data=ShapeData(tuple(str(a) for a in joined.avals)))


RULE = Rule(
    code="JXE105",
    catalog_id="concatenate-shape-mismatch",
    triggers=("concatenate",),
    check=check,
    data=ShapeData,
)
