"""JXE163 einsum-operand-mismatch.

What it does: finds `jnp.einsum(subscripts, *operands)` with the subscripts written as a
string (no ellipsis) and every operand's shape known to the value inference
(`families.shapes.einsums`: also inside a def as each call the file shows gives it, and per
example under `vmap`), and checks them as opt_einsum's `contract_path` does, operand by
operand: a term with another number of labels than its operand has axes
(`"bij,jk->bik"` for a 2-D first operand), or a label whose size differs from the size an
earlier axis gave it (sizes of 1 broadcast).

Never flagged: an ellipsis (`...`), subscripts the parser refuses first (another number of
terms than operands, an output label no input has), an operand of unknown shape, the
interleaved form `einsum(a, [0, 1], b, [1, 2])`.

Why is this bad: `jnp.einsum` asks opt_einsum for a contraction path before tracing anything,
and opt_einsum raises ValueError naming the term and the operand (or the label and both sizes).

No fix: whether the subscripts or the operands are wrong is the author's choice.
"""

from __future__ import annotations

from jaxerr_lsp.engine.rule import Context, Rule, as_template
from jaxerr_lsp.families.shapes import Einsum, ShapeData, call_related, einsums, shape_text

_RANK = "Einstein sum subscript '{term}' does not contain the correct number of indices for operand {tnum}."
_SIZE = "Size of label '{char}' for operand {tnum} ({previous}) does not match previous terms ({dim})."


def _first_error(einsum: Einsum) -> str | None:
    """opt_einsum's first complaint about these terms and shapes, in its order; None if none."""
    sizes: dict[str, int] = {}
    for tnum, (term, shape) in enumerate(zip(einsum.terms, einsum.shapes)):
        if len(shape) != len(term):
            return _RANK.format(term=term, tnum=tnum)
        for char, dim in zip(term, shape):
            previous = sizes.get(char)
            if previous is None or previous == 1:
                sizes[char] = dim
            elif dim not in (1, previous):
                return _SIZE.format(char=char, tnum=tnum, previous=previous, dim=dim)
    return None


def check(ctx: Context) -> None:
    for einsum in einsums(ctx):
        message = _first_error(einsum)
        if message is None:
            continue
        shapes = tuple(shape_text(s) for s in einsum.shapes)
        ctx.report(einsum.node, message=message, predicted=as_template(message),
                   note=f" (operands of shapes {', '.join(shapes)})",
                   related=call_related(ctx, einsum), data=ShapeData(shapes))


RULE = Rule(
    code="JXE163",
    catalog_id="einsum-operand-mismatch",
    triggers=("einsum",),
    check=check,
    data=ShapeData,
)
