"""JXE116 custom-jvp-defjvps-count.

What it does: finds `f.defjvps(*rules)` for a custom_jvp function `f` of the file without
`nondiff_argnums`, whose number of rules (each a rule or None) differs from the number of
positional parameters of `f`'s function: JAX pairs one tangent per parameter with the rules.

It stays silent when `*rules` or the signature hides a number (`*args`, keyword-only
parameters, another decorator between `jax.custom_jvp` and the def), and when the function
is registered twice.

Why is this bad: the ValueError comes when the function is differentiated (JAX's `safe_zip`
of the tangents and the rules).

Fix: fewer rules than parameters -> `None` appended for each missing one (unsafe).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.values import Signature
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.custom_jvp import registered_once

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class DefjvpsCount(RuleData):
    last_span: Span  # the last rule given (the call when there is none)
    given: int  # rules given
    wanted: int  # positional parameters of the function


def check(ctx: Context) -> None:
    for registration in registered_once(ctx):
        custom_jvp = registration.custom_jvp
        if registration.method != "defjvps" or registration.rules is None \
                or custom_jvp.nondiff_argnums != () or not custom_jvp.plain or custom_jvp.primal is None:
            continue
        signature = Signature.of(custom_jvp.primal.args)
        if signature.vararg or signature.keyword_only:
            continue
        wanted, given = len(signature.positional), len(registration.rules)
        if wanted == given:
            continue
        call = registration.node
        assert isinstance(call, ast.Call)
        last = ctx.span(registration.rules[-1]) if registration.rules else ctx.span(call)
        values = {"mismatch_idx": "1", "jvps_length": str(given), "tangents_length": str(wanted),
                  "lengths": f"{wanted}, {given}"}
        ctx.report(call, values=values,
                   note=f" ({given} rule{'s' if given != 1 else ''} for {wanted} parameter"
                        f"{'s' if wanted != 1 else ''})",
                   related=(Related(ctx.span(custom_jvp.definition), "the custom_jvp function"),),
                   data=DefjvpsCount(last, given, wanted))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, DefjvpsCount)
    if data.given == 0 or data.given >= data.wanted:
        return []
    end = Span(data.last_span.end_line, data.last_span.end_column,
               data.last_span.end_line, data.last_span.end_column)
    missing = data.wanted - data.given
    text = ", None" * missing
    return [Fix(f"Add None for the {missing} argument{'s' if missing != 1 else ''} without a rule",
                False, "Appends `None` for each parameter after the rules given: its tangent "
                "contributes nothing. Right only when the rules given are the first parameters'.",
                (TextEdit(end, text),), "add-none-rules")]


RULE = Rule(
    code="JXE116",
    catalog_id="custom-jvp-defjvps-count",
    triggers=("defjvps",),
    check=check,
    data=DefjvpsCount,
    fix=fix,
    fix_ids=("add-none-rules",),
)
