"""JXE104 reshape-size-mismatch.

What it does: finds `x.reshape(...)` or `jnp.reshape(x, shape)` of a JAX array whose shape
the value inference knows, to a shape the code writes out (a tuple or list display, an int,
sizes as separate arguments, or a name bound once to one) with no -1, whose number of
elements differs from the array's.

Never flagged: an unknown shape on either side, a -1 in the new shape (JAX then raises
another message, or none), `order=` or other keywords, a NumPy array.

Why is this bad: JAX checks the sizes before reshaping and raises TypeError naming both
shapes and sizes, the new shape printed as it was given (`(4, 2)`, `[4, 2]`, `5`).

No fix: the intended shape is the author's.
"""

from __future__ import annotations

import math

from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.shapes import call_related, ShapeData, reshapes, shape_text, size_of


def check(ctx: Context) -> None:
    for reshape in reshapes(ctx):
        size = size_of(reshape.operand)
        shape = reshape.operand.shape
        if size is None or shape is None or math.prod(reshape.shape) == size:
            continue
        ctx.report(reshape.node, values={"arr.shape": shape_text(shape), "arr.size": str(size),
                                         "orig_newshape": reshape.written,
                                         "math.prod(newshape)": str(math.prod(reshape.shape))},
                   related=call_related(ctx, reshape),
                   data=ShapeData((str(reshape.operand),)))


RULE = Rule(
    code="JXE104",
    catalog_id="reshape-size-mismatch",
    triggers=("reshape",),
    check=check,
    data=ShapeData,
)
