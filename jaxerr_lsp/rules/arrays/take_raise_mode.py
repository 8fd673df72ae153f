"""JXE178 take-raise-mode.

What it does: finds `jnp.take(..., mode="raise")`: NumPy's default mode, which JAX refuses
(`families.refused_arguments`: the mode given by name or by position, certainly the constant
"raise"). Not when `out=` is given or the array is a list or tuple (JAX refuses those
first), nor `jnp.put` (it refuses `inplace=True` first and returns early for empty arrays).

Why is this bad: JAX cannot raise on an index's value from compiled code; it raises
NotImplementedError for the mode itself, every time the call runs.

No fix: `"fill"`, `"clip"` and `"wrap"` each treat an out-of-range index differently; which
one the code wants is the author's choice.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.refused_arguments import RefusedArgument, refused_arguments


@dataclass(frozen=True)
class RaiseMode(RuleData):
    pass


def _refused_first(ctx: Context, found: RefusedArgument) -> bool:
    """JAX refuses something else first: `out=`, or an array given as a list or tuple."""
    out = found.given("out", 3)
    if out is not None and not (isinstance(out, ast.Constant) and out.value is None):
        return True
    array = found.given("a", 0)
    return array is not None and ctx.values.value(array).type in ("list", "tuple")


def check(ctx: Context) -> None:
    for found in refused_arguments(ctx, ("jax.numpy.take",), "mode", lambda v: v == "raise"):
        if _refused_first(ctx, found):
            continue
        ctx.report(found.argument, note=" (JAX's modes are \"fill\", \"clip\" and \"wrap\")", data=RaiseMode())


RULE = Rule(
    code="JXE178",
    catalog_id="take-raise-mode",
    triggers=("raise",),
    check=check,
    data=RaiseMode,
)
