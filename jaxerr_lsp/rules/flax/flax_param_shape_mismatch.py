"""JXE153 flax-param-shape-mismatch.

What it does: for an `apply` of a flax Linen layer or Module of the file given the parameters
an `init` of the same object made (the variables `init` returned, or a dict whose `"params"`
entry is theirs), finds the first layer that reads a parameter
(`jaxerr_lsp.families.flax_layers.param_shape_mismatch`): an `nn.Dense` or an `nn.Conv` fed the
input itself (applied alone, or given the `@nn.compact` `__call__`'s parameter unchanged),
with nothing before it that could fail or read a variable. When the input's last dimension
the evaluator knows at the `init` and at the `apply` differ, its kernel was made for the one
and is read for the other.

Never flagged: parameters of unknown provenance (restored, updated by an optimizer in code the
file does not show, a function's parameter), an input reshaped or computed before the layer,
a width the evaluator does not know, a Conv with feature groups, an `apply` in code that
expects an error.

Why is this bad: Flax checks every parameter it reads against what the layer's initializer
would make for this input; a Dense made for 3 input features cannot take 5, so `apply` raises
ScopeParamShapeError naming the parameter, the module path and both shapes.

No fix: whether the `init` or the `apply` has the wrong input is the author's choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.expected_errors import expected_at
from jaxerr_lsp.families.flax_layers import param_shape_mismatch


@dataclass(frozen=True)
class KernelForAnotherInput(RuleData):
    expected: tuple[int, ...]
    existing: tuple[int, ...]


def check(ctx: Context) -> None:
    for apply in ctx.model.method_calls("apply"):
        mismatch = param_shape_mismatch(ctx, apply)
        if mismatch is None or expected_at(ctx, apply, mismatch.read.run.run):
            continue
        read = mismatch.read
        values = {"param_name": "kernel", "init_shape": str(mismatch.expected),
                  "value_shape": str(mismatch.existing)}
        shown: dict[str, str] = {}
        if read.path is None:
            shown["scope_path"] = f"/{read.qualname.rsplit('.', 1)[1]}_N"
        else:
            values["scope_path"] = read.path
        layer = read.qualname.rsplit(".", 1)[1]
        related: tuple[Related, ...] = (Related(ctx.span(mismatch.init), f"`init` made the parameters for an input whose last "
                                                    f"dimension is {mismatch.existing[-2]}"),)
        if read.run.run is not apply:
            related += (Related(ctx.span(read.run.run), f"this {layer} reads its kernel first"),)
        note = (f" (the parameters were made by `init` for an input of width {mismatch.existing[-2]}, "
                f"and this `apply` feeds the {layer} an input of width {mismatch.expected[-2]})")
        ctx.report(apply, values=values, shown=shown, note=note, related=related,
                   data=KernelForAnotherInput(mismatch.expected, mismatch.existing))


RULE = Rule(
    code="JXE153",
    catalog_id="flax-param-shape-mismatch",
    triggers=("apply",),
    check=check,
    data=KernelForAnotherInput,
)
