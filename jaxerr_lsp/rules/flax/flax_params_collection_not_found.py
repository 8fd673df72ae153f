"""JXE152 flax-params-collection-not-found.

What it does: for an `apply` of a flax Linen layer or Module of the file (no `mutable=`,
`method=`, `*args`, `**kwargs`), the layers it certainly runs first, in order, with the
variable each reads first (`jaxerr_lsp.families.flax_layers.variable_reads`: the layer applied
alone, or the layers the `@nn.compact` `__call__` runs with nothing else before them that could
read a variable), and what the variables passed certainly hold (`given_collections`); flags the
first read whose collection is missing when every layer before it certainly succeeds
(`collection_failure`):
- a dict whose constant keys lack that variable's collection, or whose entry for it is `{}`
  (`model.apply({"params": params}, x)` on a model whose first BatchNorm reads `batch_stats`);
- the `"params"` entry of the variables an `init` of the same object returned, passed without
  its wrapper (`model.apply(variables["params"], x)`): its keys are the layers' names, so no
  collection is there (for a Module), or arrays sit at its top (a layer applied alone: Flax's
  ApplyScopeInvalidVariablesTypeError, the entry's third wording).

Never flagged: `init`, an `apply` with `mutable=` (a mutable collection is created), variables
of unknown provenance (a parameter, `state.params`, a checkpoint), a Module whose first layer
the file does not show (setup-built layers, a submodule of the file, `self.param`), an `apply`
in code that expects an error.

Why is this bad: Flax reads each variable from the collection `apply` was given; an absent or
empty collection is ScopeCollectionNotFound at the first variable a layer asks for.

No fix: whether the missing collection is the `{"params": ...}` wrapper or the `batch_stats`
kept beside the parameters is the author's choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.families.expected_errors import expected_at
from jaxerr_lsp.families.flax_layers import INNER, collection_failure

INVALID = "flax.errors.ApplyScopeInvalidVariablesTypeError"


@dataclass(frozen=True)
class CollectionMissing(RuleData):
    collection: str
    variable: str
    inner_dict: bool  # the inner dict of `init`'s variables was passed


def check(ctx: Context) -> None:
    for apply in ctx.model.method_calls("apply"):
        failure = collection_failure(ctx, apply)
        if failure is None:
            continue
        read, held = failure
        assert read.collection is not None and read.variable is not None
        if expected_at(ctx, apply, read.run.run):
            continue
        data = CollectionMissing(read.collection, read.variable, held is INNER)
        related = () if read.run.run is apply else (
            Related(ctx.span(read.run.run), f"this layer reads \"{read.variable}\" from "
                                             f"\"{read.collection}\", which the variables passed lack"),)
        if held is INNER and read.run.method is None:
            # A layer applied alone: its parameters (arrays) sit where collections belong.
            message = _invalid_message()
            note = (" (the parameters this layer's `init` returned under \"params\" were passed "
                    "without their `{\"params\": ...}` wrapper)")
            ctx.report(apply.args[0], message=message + note, predicted=message, exception=INVALID,
                       related=related, data=data)
            continue
        values = {"var_name": read.variable, "col_name": read.collection}
        shown: dict[str, str] = {}
        if read.path is None:
            shown["scope_path"] = f"/{read.qualname.rsplit('.', 1)[1]}_N"
        else:
            values["scope_path"] = read.path
        if held is INNER:
            note = (" (`variables[\"params\"]` was passed without its `{\"params\": ...}` wrapper: "
                    "its keys are the layers' names, not collections)")
        else:
            note = (f" (the variables passed to `apply` hold no \"{read.collection}\" collection; "
                    f"keep it beside the others: `{{..., \"{read.collection}\": ...}}`)")
        ctx.report(apply.args[0], values=values, shown=shown, note=note, related=related, data=data)


def _invalid_message() -> str:
    entry = load_catalog().get("flax-params-collection-not-found")
    for source in entry.sources:
        if source.exception == INVALID and source.message:
            return source.message.strip()
    raise LookupError("flax-params-collection-not-found has no ApplyScopeInvalidVariablesTypeError source")


RULE = Rule(
    code="JXE152",
    catalog_id="flax-params-collection-not-found",
    triggers=("apply",),
    check=check,
    data=CollectionMissing,
)
