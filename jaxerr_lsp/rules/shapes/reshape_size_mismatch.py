"""JXE104 reshape-size-mismatch.

What it does: finds `x.reshape(...)` or `jnp.reshape(x, shape)` of a JAX array whose shape
the value inference knows, to a shape the code writes out (a tuple or list display, an int,
sizes as separate arguments, or a name bound once to one) whose number of elements differs
from the array's; with one -1 (the size JAX infers), whose other sizes' product does not
divide the array's size (`x.reshape(-1, 3)` of 10 elements).

Never flagged: an unknown shape on either side, two -1 (another message), a -1 beside a size
of 0, `order=` or other keywords, a NumPy array.

Why is this bad: JAX checks the sizes before reshaping and raises TypeError naming both
shapes and sizes, the new shape printed as it was given (`(4, 2)`, `[4, 2]`, `5`); for a -1,
the product of the sizes given and the size it does not divide.

No fix: the intended shape is the author's.
"""

from __future__ import annotations

import math

from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.families.shapes import call_related, ShapeData, reshapes, shape_text, size_of


_INFERRED = "evenly divide"  # (the words of the template for a new shape with a -1)


def check(ctx: Context) -> None:
    for reshape in reshapes(ctx):
        size = size_of(reshape.operand)
        shape = reshape.operand.shape
        if size is None or shape is None:
            continue
        values = {"arr.shape": shape_text(shape), "arr.size": str(size), "orig_newshape": reshape.written}
        if -1 in reshape.shape:
            given = math.prod(d for d in reshape.shape if d != -1)
            if given == 0 or size % given == 0:
                continue
            template = next(m for m in load_catalog().get(RULE.catalog_id).messages if _INFERRED in m).strip()
            values["math.prod(other_sizes)"] = str(given)
            ctx.report(reshape.node, message=fill(template, values), predicted=fill(template, values, escape=True),
                       related=call_related(ctx, reshape), data=ShapeData((str(reshape.operand),)))
            continue
        if math.prod(reshape.shape) == size:
            continue
        values["math.prod(newshape)"] = str(math.prod(reshape.shape))
        ctx.report(reshape.node, values=values, related=call_related(ctx, reshape),
                   data=ShapeData((str(reshape.operand),)))


RULE = Rule(
    code="JXE104",
    catalog_id="reshape-size-mismatch",
    triggers=("reshape",),
    check=check,
    data=ShapeData,
)
