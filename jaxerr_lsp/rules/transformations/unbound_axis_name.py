"""JXE108 unbound-axis-name.

What it does: finds a collective (`lax.psum`, `pmean`, `pmax`, `pmin`, `all_gather`,
`axis_index`, `ppermute`) with a literal axis name that the file certainly runs outside every
context that binds axis names (`families.axis_names`: at module level, or in a def the module
calls directly or through `jax.jit`, with no `pmap`, `vmap(axis_name=...)`, `shard_map` or mesh
around it), or maps with a `jax.pmap(f)`/`jax.vmap(f)` that binds no axis of that name
(`jax.pmap(f)(x)` without `axis_name`).

Why is this bad: a collective combines values across the instances of a mapped axis; the axis
name says which. Outside a `pmap`, a `vmap(..., axis_name=...)` or a `shard_map` over a mesh
with that axis, no axis has that name and JAX raises NameError ("unbound axis name: i", or
under jit "Found an unbound axis name: i. To fix this, please call psum under
`jax.shard_map`.").

Silent on purpose: a def holding a collective that the file does not call (it is meant to be
mapped, maybe from another module), one the file passes to `shard_map` or to a `pmap`/`vmap`
that binds the name (or whose options or arguments the code does not show), calls
under a `with` block, a `try`, a branch or a loop, an axis name that is not a string literal,
and files that set a mesh.

Fix: none offered. Where the axis should come from (a `pmap`, a named `vmap`, a `shard_map`
over a mesh) is a design choice no edit can make for the user.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.families.axis_names import LONG, unbound_collectives


@dataclass(frozen=True)
class UnboundAxis(RuleData):
    call: Span  # the collective
    axis_name: str


def check(ctx: Context) -> None:
    for found in unbound_collectives(ctx):
        values = {"axis_name": found.axis_name} if found.message != LONG else {
            "name": found.axis_name, "api_name": found.api_name}
        related: tuple[Related, ...] = ()
        if found.runner is not None:
            how = f"under `{found.mapped}`" if found.mapped else "under jit" if found.jitted else "eagerly"
            related = (Related(ctx.span(found.runner),
                               f"runs it here {how}, with no axis named {found.axis_name!r} bound"),)
        ctx.report(found.call, related=related, values=values,
                   message=fill(found.message, values),
                   predicted=fill(found.message, values, escape=True),
                   data=UnboundAxis(ctx.span(found.call), found.axis_name))


RULE = Rule(
    code="JXE108",
    catalog_id="unbound-axis-name",
    triggers=("psum", "pmean", "pmax", "pmin", "all_gather", "axis_index", "ppermute"),
    check=check,
    data=UnboundAxis,
)
