"""JXE158 pmap-in-axes-not-tree-prefix.

What it does: finds a call of a function made by `jax.pmap(f, in_axes=[...])` whose `in_axes`
is a list (a display, or a name bound once to one, its entries ints or None): `pmap` compares
`in_axes` with the tuple of positional arguments as a pytree prefix, and a list is never a
prefix of a tuple (`jax.vmap` turns a list into a tuple first; `pmap` does not).

Silent when the list's entries are not all shown as ints or None (pmap's own check of the
leaves raises another error first), and where jit may be off (`Tracing.jit_off_at`).

Why is this bad: each call raises ValueError ("different types at key path pmap in_axes[0]")
before anything is compiled.

Fix: the list display becomes a tuple display (safe: the entries pmap reads are the same, and
a list never worked there).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.vmap_axes import literal
from jaxerr_lsp.fixes.text import list_as_tuple

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class ListInAxes(RuleData):
    display: Span  # the list display of in_axes
    source: str  # its text
    as_tuple: str  # its text as a tuple display


def _display(ctx: Context, expr: ast.expr) -> ast.List | None:
    """The list display `in_axes` is: written there, or the one assignment of a name."""
    if isinstance(expr, ast.Name):
        value = ctx.model.assigned_value(expr)
        expr = value if value is not None else expr
    return expr if isinstance(expr, ast.List) else None


def _axes_leaves(value: object) -> bool:
    """Every leaf an int or None (pmap accepts no other leaf)."""
    if isinstance(value, (list, tuple)):
        return all(_axes_leaves(v) for v in value)
    return value is None or type(value) is int


def check(ctx: Context) -> None:
    for site in ctx.model.calls_to("jax.pmap"):
        in_axes = next((k.value for k in site.keywords if k.arg == "in_axes"), None)
        if in_axes is None or not site.complete or site.partial is not None:
            continue
        display = _display(ctx, in_axes)
        # (the display's entries: whatever else holds the list, it stays a list)
        if display is None:
            continue
        value = literal(ctx, display)
        if type(value) is not list or not _axes_leaves(value):
            continue
        for call in ctx.model.calls_of_result(site.call):
            if ctx.tracing.jit_off_at(call):
                continue
            ctx.report(call, values={"keystr(key_path)": "[0]", "type(prefix_tree)": "<class 'list'>",
                                     "type(full_tree)": "<class 'tuple'>"},
                       note=f" (`in_axes` is the list `{ctx.segment(display)}`: pmap wants a tuple, "
                            "one entry per positional argument)",
                       related=(Related(ctx.span(display), "in_axes is a list here"),),
                       data=ListInAxes(ctx.span(display), ctx.segment(display),
                                       list_as_tuple(ctx.segment(display), len(display.elts))))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, ListInAxes)
    if lines.text(data.display) != data.source.replace("\n", lines.newline):
        return []
    why = (f"`{data.source}` becomes `{data.as_tuple}`: pmap reads a tuple's entries one per "
           "positional argument, as the list meant; a list is never a prefix of the arguments.")
    return [Fix("Write the list with parentheses", True, why,
                (TextEdit(data.display, data.as_tuple.replace("\n", lines.newline)),), "in-axes-tuple")]


RULE = Rule(
    code="JXE158",
    catalog_id="pmap-in-axes-not-tree-prefix",
    triggers=("pmap",),
    check=check,
    data=ListInAxes,
    fix=fix,
    fix_ids=("in-axes-tuple",),
)
