"""JXE112 custom-jvp-defjvps-nondiff.

What it does: finds `f.defjvps(...)` for a custom_jvp function `f` of the file made with
`nondiff_argnums` or `nondiff_argnames` that certainly name at least one argument.

It stays silent when the options are not literal (JAX's argument numbers are then unknown).

Why is this bad: the `defjvps` call raises TypeError as it runs, before the function is used.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.custom_jvp import jvp_registrations


@dataclass(frozen=True)
class DefjvpsNondiff(RuleData):
    call_span: Span  # the `f.defjvps(...)` call
    nondiff_argnums: tuple[int, ...]  # the argument numbers JAX keeps out of differentiation


def check(ctx: Context) -> None:
    for registration in jvp_registrations(ctx):
        nondiff = registration.custom_jvp.nondiff_argnums
        if registration.method != "defjvps" or not nondiff:
            continue
        numbers = ", ".join(str(n) for n in nondiff)
        span = ctx.span(registration.node)
        ctx.report(span, data=DefjvpsNondiff(span, tuple(nondiff)),
                   related=(Related(ctx.span(registration.custom_jvp.definition),
                                    f"made with nondiff_argnums ({numbers}) here"),))


RULE = Rule(
    code="JXE112",
    catalog_id="custom-jvp-defjvps-nondiff",
    triggers=("defjvps",),
    check=check,
    data=DefjvpsNondiff,
)
