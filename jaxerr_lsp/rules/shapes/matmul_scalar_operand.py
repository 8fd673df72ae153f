"""JXE157 matmul-scalar-operand.

What it does: finds `a @ b` or `jnp.matmul(a, b)` of two JAX arrays whose shapes the value
inference knows (`families.shapes.products`: also inside a def as each call the file shows
gives it, and per example in a function vmap traces: `jax.vmap(jax.grad(cost))(xs)` over a 1-D
`xs` hands `cost` a 0-d `x`) where one operand has no axis: `x @ m` with `x` of shape `()`.

Never flagged: `jnp.dot` (it multiplies 0-d operands), an operand of unknown shape, a NumPy
operand, a Python number (its type is not always shown where the operator is resolved).

Why is this bad: `jnp.matmul` needs at least one axis on each side and raises ValueError
naming the first 0-d operand by position (0 the left one, 1 the right one).

No fix: `*` (scaling) and giving the value its missing axis mean different things.
"""

from __future__ import annotations

import ast

from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.shapes import Product, ShapeData, call_related, products


def _matmul(ctx: Context, product: Product) -> bool:
    """`a @ b` or `jnp.matmul(a, b)` (not `jnp.dot`, which accepts 0-d operands)."""
    node = product.node
    if isinstance(node, ast.BinOp):
        return True
    return isinstance(node, ast.Call) and ctx.model.qualname(node.func) == "jax.numpy.matmul"


def check(ctx: Context) -> None:
    for product in products(ctx):
        if not _matmul(ctx, product):
            continue
        ranks = [len(aval.shape) for aval in (product.left, product.right) if aval.shape is not None]
        if len(ranks) != 2 or min(ranks) != 0:
            continue
        operand = ranks.index(0)
        ctx.report(product.node, values={"i": str(operand), "np.ndim(x)": "0"},
                   note=f" (the operands are {product.left} and {product.right})",
                   related=call_related(ctx, product),
                   data=ShapeData((str(product.left), str(product.right))))


RULE = Rule(
    code="JXE157",
    catalog_id="matmul-scalar-operand",
    triggers=("@", "matmul"),
    check=check,
    data=ShapeData,
)
