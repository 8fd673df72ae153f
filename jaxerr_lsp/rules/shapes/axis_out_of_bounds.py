"""JXE162 axis-out-of-bounds.

What it does: finds a jnp reduction or axis-taking function (`jnp.sum`, `jnp.mean`,
`jnp.argmax`, `jnp.sort`, `jnp.expand_dims`, `jax.nn.softmax`, `jax.nn.one_hot`, ...), an array
method (`x.mean(1)`, `x.max(axis=-1)`), `jnp.concatenate` or `jnp.stack`, given an axis the
code writes (an int, or a tuple of ints for a reduction) that the array, whose rank the value
inference knows, does not have: `jnp.mean(frame, axis=1)` of a 1-D `frame`. Also inside a def
as each call the file shows gives it, and per example under `vmap`
(`families.shapes.axes_out_of_bounds`): a function written for a batch and then vmapped sees
one example, one axis fewer.

Never flagged: an array of unknown rank, an axis not written as a constant, a NumPy function
or method (NumPy raises its own AxisError), keywords that change what JAX checks first
(`where=`), `jnp.concatenate` of 0-d arrays (another error first).

Why is this bad: JAX canonicalizes every axis against the array's rank and raises ValueError
"axis 2 is out of bounds for array of dimension 2"; `jnp.mean`, `var`, `std`, `argmax`,
`argmin` (and `jax.nn.standardize`) read the shape at that axis first, where Python raises
IndexError "tuple index out of range".

No fix: the right axis (often -1, counted from the end, so that the code works with and
without a batch axis) is the author's choice.
"""

from __future__ import annotations

from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.shapes import ShapeData, axes_out_of_bounds, call_related, joins, shape_text

_INDEXED = "tuple index out of range"


def check(ctx: Context) -> None:
    for item in axes_out_of_bounds(ctx):
        shape = shape_text(item.shape)
        note = f" (`{item.function}` of an array of shape {shape}, axis {item.axis})"
        if item.indexed:
            ctx.report(item.node, message=_INDEXED, predicted=_INDEXED, exception="IndexError", note=note,
                       related=call_related(ctx, item), data=ShapeData((shape,)))
        else:
            ctx.report(item.node, values={"axis": str(item.axis), "num_dims": str(item.rank)}, note=note,
                       related=call_related(ctx, item), data=ShapeData((shape,)))
    for joined in joins(ctx):
        first = joined.avals[0].shape
        if first is None or (joined.function == "concatenate" and not first):
            continue  # (0-d arrays: concatenate refuses them first)
        rank = len(first) + (joined.function == "stack")
        if -rank <= joined.axis < rank:
            continue
        ctx.report(joined.node, values={"axis": str(joined.axis), "num_dims": str(rank)},
                   note=f" (`jnp.{joined.function}` of arrays of shape {shape_text(first)} first, axis {joined.axis})",
                   related=call_related(ctx, joined), data=ShapeData((shape_text(first),)))


RULE = Rule(
    code="JXE162",
    catalog_id="axis-out-of-bounds",
    triggers=("axis", "mean", "sum", "max", "min", "argmax", "argmin", "std", "var", "sort", "squeeze",
              "concatenate", "stack", "softmax", "logsumexp", "one_hot", "flip", "expand_dims"),
    check=check,
    data=ShapeData,
)
