"""JXE150 flax-missing-rng.

What it does: finds an `nn.Dropout` layer that an `apply` of the file certainly runs in
training mode (`jaxerr_lsp.families.flax_layers`): applied by itself
(`layer = nn.Dropout(0.5, deterministic=False)` ... `layer.apply({}, x)`), or built and called
on every run of the `@nn.compact` `__call__` of a flax Module whose instance the file applies
(`model.apply(variables, x, train=True)` with `deterministic=not train`), when:
- `deterministic` is certainly False (a constant, `not` of a parameter the `apply` passes a
  constant for or leaves at a constant default), given once (its construction or its call);
- its rate is certainly a number strictly between 0 and 1 (a constant, or a field of the Module
  whose class default the instance's construction leaves; rate 0 returns the input and rate 1
  zeros, without a key);
- its stream (`rng_collection`) is a constant (default "dropout") and the call passes no `rng=`;
- the `apply` passes no `rngs=` at all (nor `method=`, `*args`, `**kwargs`).

Never flagged: `init` (it lends its key to every stream), an `apply` with any `rngs=`, a
layer in a branch, a loop or after a possible return, a flag the file does not show, a layer
built in `setup`, an `apply` in code that expects an error.

Why is this bad: Dropout draws its mask with `self.make_rng(stream)`; `apply` hands a module
no key unless `rngs=` names the stream, so Flax raises InvalidRngError naming the module
(`Dropout_0`, or `None` for a layer applied alone) and the stream.

No fix: which key to pass, and whether this run should train, is the author's choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.expected_errors import expected_at
from jaxerr_lsp.families.flax_layers import fails_before, LayerRun, known, layer_name, layer_runs


@dataclass(frozen=True)
class DropoutWithoutKey(RuleData):
    stream: str
    apply: Span  # the `apply` that runs it


def check(ctx: Context) -> None:
    reported: set[int] = set()
    for run in layer_runs(ctx, "flax.linen.Dropout"):
        if id(run.run) in reported or not _needs_key(ctx, run) or expected_at(ctx, run.apply, run.run) \
                or fails_before(ctx, run):
            continue
        if any(k.arg == "rngs" for k in run.apply.keywords):
            continue
        stream = run.option(ctx, "rng_collection")
        stream = "dropout" if stream is None else stream
        if type(stream) is not str:
            continue
        reported.add(id(run.run))
        values = {"name": stream}
        name = layer_name(ctx, run, "flax.linen.Dropout")
        shown: dict[str, str] = {}
        if run.method is None:
            values["self.name"] = "None"  # a layer applied by itself is a top-level module
        elif name is not None:
            values["self.name"] = name
        else:
            shown["self.name"] = "Dropout_N"
        related = () if run.apply is run.run else (
            Related(ctx.span(run.apply), "this `apply` runs the layer in training mode and passes no `rngs=`"),)
        note = (f" (`apply` passes no `rngs=`, so no key for the \"{stream}\" stream reaches this "
                "Dropout, which runs with `deterministic=False`)")
        ctx.report(run.run, values=values, shown=shown, note=note, related=related,
                   data=DropoutWithoutKey(stream, ctx.span(run.apply)))


def _needs_key(ctx: Context, run: LayerRun) -> bool:
    """Whether the Dropout certainly draws a key: not deterministic, a rate in (0, 1), no `rng=`."""
    if any(k.arg in ("rng", None) for k in run.call_keywords):
        return False
    deterministic = run.option(ctx, "deterministic")
    if deterministic is not False:
        return False
    rate_given = [*run.construction.args[:1],
                  *(k.value for k in run.construction.keywords if k.arg == "rate")]
    if len(rate_given) != 1 or len(run.construction.args) > 1:
        return False
    rate = run.constant(ctx, rate_given[0])
    return known(rate) and type(rate) in (int, float) and 0 < rate < 1  # type: ignore[operator]


RULE = Rule(
    code="JXE150",
    catalog_id="flax-missing-rng",
    triggers=("Dropout",),
    check=check,
    data=DropoutWithoutKey,
)
