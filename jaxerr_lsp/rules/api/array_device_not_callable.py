"""JXE167 array-device-not-callable.

What it does: finds `x.device()` called on a value the evaluator knows to be a JAX array:
`device` is a property of `jax.Array` (the one device of a single-device array), not a
method, and the `Device` it returns is not callable.

Never flagged: an object that may be something else than a JAX array (a class of the file
with a `device` method, a parameter of unknown type, a NumPy array, a torch tensor), a call
with arguments.

Why is this bad: the property gives a `jaxlib._jax.Device`, and calling it raises TypeError
at the user's own statement.

Fix (safe): remove the call's parentheses, `x.device` (the same Device older JAX's method
returned).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class DeviceCall(RuleData):
    parentheses: Span  # the `()` after `x.device`


def check(ctx: Context) -> None:
    for call in ctx.model.method_calls("device"):
        if call.args or call.keywords:
            continue
        receiver = call.func.value  # type: ignore[attr-defined]
        value = ctx.values.value(receiver)
        if value.type != "ArrayImpl" or value.jax_array is None:
            continue
        end = ctx.span(call)
        func = ctx.span(call.func)
        ctx.report(call, values={}, note=f" (`{ctx.segment(receiver)}` is a JAX array: `device` is its property)",
                   data=DeviceCall(Span(func.end_line, func.end_column, end.end_line, end.end_column)))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, DeviceCall)
    if lines.text(data.parentheses) != "()":
        return []
    why = "`x.device` is the Device the call meant to get: the property holds it, and nothing else changes."
    return [Fix("Read the `device` property (remove the parentheses)", True, why,
                (TextEdit(data.parentheses, ""),), "device-property")]


RULE = Rule(
    code="JXE167",
    catalog_id="array-device-not-callable",
    triggers=("device",),
    check=check,
    data=DeviceCall,
    fix=fix,
    fix_ids=("device-property",),
)
