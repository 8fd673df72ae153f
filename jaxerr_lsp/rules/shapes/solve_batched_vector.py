"""JXE172 solve-batched-vector.

What it does: finds `jnp.linalg.solve(a, b)` where the evaluator knows both shapes and `b` is
a batch of vectors written as JAX before 0.5.0 read it: `a` of shape `(..., m, m)` and `b` of
shape `(..., m)` with one axis fewer than `a` (and more than one), whose last size is `a`'s and
whose next-to-last is not (`a` (4, 3, 3), `b` (4, 3)). Followed into the file's defs with the
values each call gives (`families.shapes.in_followed_calls`).

Why is this bad: since JAX 0.5.0, `solve` follows NumPy 2: `b` with one axis fewer than `a` is a
stack of matrices, not of vectors, and this combination, once solved as a batch of vectors,
raises ValueError rather than computing something else.

Fix (safe): `jnp.linalg.solve(a, b[..., None]).squeeze(-1)`, the batched vector solve the code
was written for (JAX's own advice in the message).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.shapes import in_followed_calls

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class BatchedVector(RuleData):
    call: Span  # the whole `jnp.linalg.solve(a, b)` call
    b: Span  # its `b` argument


def _shape(ctx: Context, expr: ast.expr) -> tuple[int, ...] | None:
    value = ctx.values.value(expr)
    if value.type != "ArrayImpl" or value.aval is None:
        return None
    return value.aval.shape


def _check_call(ctx: Context, call: ast.Call) -> None:
    if len(call.args) != 2 or call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
        return
    a, b = _shape(ctx, call.args[0]), _shape(ctx, call.args[1])
    if a is None or b is None or len(a) < 2 or len(b) <= 1 or len(a) != len(b) + 1 \
            or a[-1] != b[-1] or a[-1] == b[-2]:
        return
    ctx.report(call, values={"a.shape": str(a), "b.shape": str(b)},
               note=f" (`b` {b} has one axis fewer than `a` {a}: JAX reads it as a stack of matrices, "
                    "not of vectors)",
               data=BatchedVector(ctx.span(call), ctx.span(call.args[1])))


def check(ctx: Context) -> None:
    for site in ctx.model.calls_to("jax.numpy.linalg.solve"):
        if site.partial is None and site.complete:
            in_followed_calls(ctx, site.call, lambda call=site.call: _check_call(ctx, call))  # type: ignore[misc]


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, BatchedVector)
    b = lines.text(data.b)
    rest = Span(data.b.start_line, data.b.start_column, data.call.end_line, data.call.end_column)
    written = lines.text(rest)
    if not b or "\n" in written or not written.startswith(b) or not written.endswith(")"):
        return []
    why = "Solves each vector of the batch as a one-column matrix and drops that column: the batched vector solve JAX did before 0.5.0."
    return [Fix("Solve `b[..., None]` and squeeze the result", True, why,
                (TextEdit(rest, f"{b}[..., None]{written[len(b):]}.squeeze(-1)"),), "vector-axis")]


RULE = Rule(
    code="JXE172",
    catalog_id="solve-batched-vector",
    triggers=("solve",),
    check=check,
    data=BatchedVector,
    fix=fix,
    fix_ids=("vector-axis",),
)
