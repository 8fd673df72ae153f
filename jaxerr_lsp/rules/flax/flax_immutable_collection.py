"""JXE151 flax-immutable-collection.

What it does: finds an `nn.BatchNorm` layer that an `apply` of the file certainly runs in
training mode (`jaxerr_lsp.families.flax_layers`): applied by itself
(`bn = nn.BatchNorm(use_running_average=False)` ... `bn.apply(variables, x)`), or built and
called on every run of the `@nn.compact` `__call__` of a flax Module whose instance the file
applies, when `use_running_average` is certainly False (a constant, or `not train` with the
`apply` passing `train=True` or leaving a constant default), given once (its construction or
its call), and the `apply` passes no `mutable=` (nor `method=`, `*args`, `**kwargs`).

Never flagged: `init` (it creates the statistics), an `apply` with any `mutable=`, a layer in a
branch, a loop or after a possible return, a flag the file does not show, a layer built in
`setup`, an `apply` in code that expects an error.

Why is this bad: in training mode BatchNorm writes its running statistics (`mean` first, then
`var`) into the `batch_stats` collection; `apply` makes every collection read-only unless
`mutable=` names it, so Flax raises ModifyScopeVariableError naming the variable, the module's
path and the collection.

No fix: keeping the new statistics (`out, updates = model.apply(..., mutable=["batch_stats"])`)
changes what `apply` returns, which every caller must then unpack.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.expected_errors import expected_at
from jaxerr_lsp.families.flax_layers import fails_before, layer_name, layer_runs

COLLECTION = "batch_stats"


@dataclass(frozen=True)
class StatisticsNotMutable(RuleData):
    apply: Span  # the `apply` that runs it


def check(ctx: Context) -> None:
    reported: set[int] = set()
    for run in layer_runs(ctx, "flax.linen.BatchNorm"):
        if id(run.run) in reported or any(k.arg == "mutable" for k in run.apply.keywords) \
                or any(k.arg is None for k in run.call_keywords) \
                or run.option(ctx, "use_running_average") is not False \
                or expected_at(ctx, run.apply, run.run) \
                or fails_before(ctx, run):
            continue
        reported.add(id(run.run))
        values = {"variable_name": "mean", "col": COLLECTION}
        shown: dict[str, str] = {}
        name = layer_name(ctx, run, "flax.linen.BatchNorm")
        if run.method is None:
            values["scope_path"] = "/"  # a layer applied by itself is the top-level module
        elif name is not None:
            values["scope_path"] = f"/{name}"
        else:
            shown["scope_path"] = "/BatchNorm_N"
        related = () if run.apply is run.run else (
            Related(ctx.span(run.apply), "this `apply` runs the layer in training mode and passes no `mutable=`"),)
        note = (" (BatchNorm runs with `use_running_average=False` and writes its statistics, but "
                "the `apply` that runs it passes no `mutable=[\"batch_stats\"]`)")
        ctx.report(run.run, values=values, shown=shown, note=note, related=related,
                   data=StatisticsNotMutable(ctx.span(run.apply)))


RULE = Rule(
    code="JXE151",
    catalog_id="flax-immutable-collection",
    triggers=("BatchNorm",),
    check=check,
    data=StatisticsNotMutable,
)
