"""JXE103 dot-contracting-shape.

What it does: finds `a @ b`, `jnp.matmul(a, b)` or `jnp.dot(a, b)` of two JAX arrays of rank
1 or 2 whose shapes the value inference knows (`jaxerr_lsp.shapes`) and whose contracted
sizes differ: the last axis of `a` and the first of `b` (`(2, 3) @ (4, 5)`, a `(3,)` vector
against a `(4, 2)` matrix).

Never flagged: an operand of unknown shape or of rank 0 or above 2 (batched products), a NumPy
operand, a bool or key array.

Why is this bad: `jnp.matmul` and `jnp.dot` become one `lax.dot_general`, whose shape rule
raises TypeError with the contracted sizes of each side.

No fix: a transpose is one guess among several.
"""

from __future__ import annotations

from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.shapes import call_related, ShapeData, products


def check(ctx: Context) -> None:
    for product in products(ctx):
        sizes = product.contracting
        if sizes is None or sizes[0] == sizes[1]:
            continue
        ctx.report(product.node, values={"lhs_contracting_shape": f"({sizes[0]},)",
                                         "rhs_contracting_shape": f"({sizes[1]},)"},
                   note=f" (the operands are {product.left} and {product.right})",
                   related=call_related(ctx, product),
                   data=ShapeData((str(product.left), str(product.right))))


RULE = Rule(
    code="JXE103",
    catalog_id="dot-contracting-shape",
    triggers=("@", "matmul", "dot"),
    check=check,
    data=ShapeData,
)
