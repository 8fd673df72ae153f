"""JXE161 removed-array-property.

What it does: finds `x.device_buffer` or `x.device_buffers` read on a value the evaluator
knows to be a JAX array: properties JAX keeps only to raise an AttributeError that names
what to use instead. The message is JAX's, predicted whole.

Never flagged: an object that may be something else than a JAX array (a class of the file
with such an attribute, a parameter of unknown type).

Why is this bad: reading the property raises AttributeError.

No fix: the replacements (`addressable_shards`, `addressable_data(0)`) give shards or one
piece, which the code around may use otherwise.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.engine.rule import Context, Rule

# Properties of a JAX array that now raise AttributeError with these words
# (jax/_src/array.py, ArrayImpl).
ARRAY_PROPERTIES = {
    "device_buffer": "arr.device_buffer has been deprecated. Use arr.addressable_data(0)",
    "device_buffers": "arr.device_buffers has been deprecated. Use [x.data for x in arr.addressable_shards]",
}


@dataclass(frozen=True)
class RemovedProperty(RuleData):
    name: str  # "device_buffers"


def check(ctx: Context) -> None:
    for node in ctx.model.nodes_in(ctx.model.tree, ast.Attribute):
        words = ARRAY_PROPERTIES.get(node.attr)
        if words is None or not isinstance(node.ctx, ast.Load):
            continue
        value = ctx.values.value(node.value)
        if value.type == "ArrayImpl" and value.jax_array is not None:
            ctx.report(node, message=words, predicted=words,
                       note=f" (`{ctx.segment(node.value)}` is a JAX array)",
                       data=RemovedProperty(node.attr))


RULE = Rule(
    code="JXE161",
    catalog_id="removed-array-property",
    triggers=("device_buffer",),
    check=check,
    data=RemovedProperty,
)
