"""JXE011 vjp-ref-primal-grad-value.

What it does: finds `jax.ad.GradValue()` passed to a VJP function's `with_refs` for a primal
leaf that is itself a `Ref` (`jax.new_ref(...)`, or a name bound once to it), in
`out, f_vjp = jax.vjp(f, *primals)` followed by `f_vjp.with_refs(...)` (or
`f_vjp.with_logs.with_refs(...)`).

Why is this bad: the gradient of a Ref argument can only be accumulated into another ref, or
skipped; JAX raises ValueError when `with_refs` is called.

Silent when an earlier leaf's entry cannot be checked (it could raise first), when the trees
differ (JXE001), or when the primal is not certainly a Ref.

Fix: `jax.ad.GradValue()` -> `jax.ad.DontWant()` (the gradient is then not computed).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.vjp_refs import (GRAD_VALUE_FOR_REF, arg_name, argument_index, makes_refs,
                                 with_refs_checks, within)

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class GradValueForRef(RuleData):
    # `jax.ad.GradValue` in `jax.ad.GradValue()` written in the with_refs call, and what
    # replaces it (`jax.ad.DontWant`); None when the entry is not written there.
    callee_span: Span | None
    callee_source: str
    replacement: str


def check(ctx: Context) -> None:
    if not makes_refs(ctx):
        return  # no primal can be a Ref
    for found in with_refs_checks(ctx):
        verdict = found.verdict
        if verdict.kind != GRAD_VALUE_FOR_REF:
            continue
        pair = verdict.pair
        entry = pair.entry
        argument = found.call.args[argument_index(pair.path)]
        written = entry is not None and within(entry, found.call)
        name = arg_name(ctx, found.vjp, pair.path)
        values, shown = {}, {}
        if name is not None:
            values["_vjp_arg_name(jaxpr, in_tree, idx)"] = name
        else:
            shown["_vjp_arg_name(jaxpr, in_tree, idx)"] = f"the argument at position args{pair.path}"
        callee_span, callee_source, replacement = None, "", ""
        if written and isinstance(entry, ast.Call) and isinstance(entry.func, ast.Attribute) \
                and entry.func.attr == "GradValue" and not entry.args and not entry.keywords:
            callee_span, callee_source = ctx.span(entry.func), ctx.segment(entry.func)
            replacement = ctx.segment(entry.func.value) + ".DontWant"
        primal = pair.primal
        ctx.report(entry if written and entry is not None else argument, values=values, shown=shown,
                   related=(Related(ctx.span(primal if primal is not None else found.vjp),
                                    f"primal `args{pair.path}` of `jax.vjp`, a Ref"),),
                   data=GradValueForRef(callee_span, callee_source, replacement))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.text import holds

    data = finding.data
    assert isinstance(data, GradValueForRef)
    if data.callee_span is None or not holds(lines, data.callee_span, data.callee_source):
        return []
    why = ("JAX then skips this Ref argument's gradient: nothing is computed for it and the "
           "result holds `DidntWant()` in its place, so code that expected its gradient has to "
           "pass a gradient ref instead.")
    return [Fix(f"Skip this gradient: {data.replacement}()", False, why,
                (TextEdit(data.callee_span, data.replacement),), "dont-want-ref-gradient")]


RULE = Rule(
    code="JXE011",
    catalog_id="vjp-ref-primal-grad-value",
    triggers=("GradValue",),
    check=check,
    data=GradValueForRef,
    fix=fix,
    fix_ids=("dont-want-ref-gradient",),
)
