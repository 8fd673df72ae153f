"""JXE165 vmap-nothing-mapped.

What it does: finds a call of a function made by `jax.vmap` (written at the vmap, through a
name bound once to it, a decorator) with positional arguments only, where `in_axes` (as the
code writes it, passing JAX's earlier checks) maps none of them: `in_axes=None`, or a tuple
or list whose every entry is None, and no `axis_size` is given:
`jax.vmap(render, in_axes=None)(template)` meant to replicate `template`.

Never flagged: `axis_size` given (it sets the batch size), keyword arguments at the call
(JAX maps them along axis 0), `*args` / `**kwargs`, `in_axes` or `out_axes` the code does not
show or that JAX refuses first (JXE092, JXE093), an entry that is a container of Nones.

Why is this bad: vmap works out the batch size from the mapped axes of the arguments before
it traces the function; with nothing mapped and no `axis_size` there is no size, and it
raises ValueError.

No fix: the batch size (`axis_size=n`) or the argument to map is the author's choice.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.vmap_axes import UNKNOWN, Vmap, bad_leaves, checked_in_axes, literal, vmaps


@dataclass(frozen=True)
class NothingMapped(RuleData):
    """The number of positional arguments of the call, none of them mapped."""

    arguments: int


def _out_axes_pass(ctx: Context, vmap: Vmap) -> bool:
    """`out_axes` left out, or written with leaves JAX accepts (else JXE093, at the vmap)."""
    expr = vmap.option("out_axes")
    if expr is None:
        return True
    value = literal(ctx, expr)
    return value is not UNKNOWN and not bad_leaves(value)


def _check_call(ctx: Context, vmap: Vmap, call: ast.Call) -> None:
    if not call.args or call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
        return
    in_axes = checked_in_axes(ctx, vmap, len(call.args))
    if in_axes is None or isinstance(in_axes, tuple) and all(entry is None for entry in in_axes):
        ctx.report(call, values={"name": "vmap"},
                   related=(Related(ctx.span(vmap.node), "the function is made by `jax.vmap` here"),),
                   data=NothingMapped(len(call.args)))


def check(ctx: Context) -> None:
    for vmap in vmaps(ctx):
        if vmap.option("axis_size") is not None or not _out_axes_pass(ctx, vmap):
            continue
        for call in vmap.calls:
            _check_call(ctx, vmap, call)


RULE = Rule(
    code="JXE165",
    catalog_id="vmap-nothing-mapped",
    triggers=("vmap",),
    check=check,
    data=NothingMapped,
)
