"""JXE177 numpy-array-jax-attribute.

What it does: finds an attribute only JAX arrays have read on a value the evaluator knows is
a NumPy array: `np.zeros(n).at[i].set(v)`, `np.asarray(x).block_until_ready()`,
`host_copy.sharding`. The attributes come from the generated table
(`families.jax_attributes.numpy_lacks`: those of a JAX array that neither NumPy 2's nor NumPy
1.26's `ndarray` has). The message is Python's, predicted whole.

Never flagged: a value that may be a JAX array (a parameter of unknown type, a name bound to
either), a read under a test of `hasattr`/`getattr` or in a `try` with handlers.

Why is this bad: NumPy arrays have no `.at` (they are updated in place: `a[i] = v`) nor JAX's
device methods: the read raises AttributeError.

Fix (unsafe: the code after it then holds a JAX array, immutable and on the device): read it on
`jnp.asarray(a)` when the file imports `jax.numpy`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.jax_attributes import numpy_lacks
from jaxerr_lsp.families.removed_apis import Guards

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class NumpyArrayData(RuleData):
    span: Span | None  # the NumPy array's expression, when the fix applies
    source: str  # its text
    replacement: str  # `jnp.asarray(<it>)`


def _guards(ctx: Context) -> Guards:
    return Guards(ctx.model, ctx.model.tree)


def check(ctx: Context) -> None:
    lacks = numpy_lacks()
    for node in ctx.model.nodes_in(ctx.model.tree, ast.Attribute):
        if node.attr not in lacks or not isinstance(node.ctx, ast.Load):
            continue
        if ctx.values.value(node.value).type != "ndarray" or ctx.once(_guards).holds(node):
            continue
        message = f"'numpy.ndarray' object has no attribute {node.attr!r}"
        ctx.report(node, message=message, predicted=message,
                   note=f" (`{ctx.segment(node.value)}` is a NumPy array: `.{node.attr}` is a JAX array's)",
                   data=_fix_data(ctx, node.value))


def _fix_data(ctx: Context, base: ast.expr) -> NumpyArrayData:
    aliases = ctx.model.aliases_of("jax.numpy")
    span = ctx.span(base)
    if not aliases or span.start_line != span.end_line:
        return NumpyArrayData(None, "", "")
    text = ctx.segment(base)
    return NumpyArrayData(span, text, f"{aliases[0]}.asarray({text})")


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, NumpyArrayData)
    if data.span is None or lines.text(data.span) != data.source:
        return []
    why = (f"Reads the attribute on `{data.replacement}`, a JAX array with the same values; the result is "
           "a JAX array too (immutable, on JAX's device), which the code after it may not expect.")
    return [Fix(f"Use `{data.replacement}`", False, why, (TextEdit(data.span, data.replacement),), "as-jax-array")]


RULE = Rule(
    code="JXE177",
    catalog_id="numpy-array-jax-attribute",
    triggers=("numpy",),
    check=check,
    data=NumpyArrayData,
    fix=fix,
    fix_ids=("as-jax-array",),
)
