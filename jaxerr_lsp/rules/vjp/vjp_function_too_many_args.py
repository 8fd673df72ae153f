"""JXE020 vjp-function-too-many-args.

What it does: finds a VJP function from `jax.vjp` (or its `with_logs` view) called with more
than one positional argument: `f_vjp(ct_a, ct_b)`, `f_vjp.with_logs(ct_a, ct_b)`.

Why is this bad: a VJP function takes exactly one cotangent, shaped like the whole output of
the differentiated function; JAX raises TypeError before any backward computation. (The
Partial that `with_refs(...)` returns fails with Python's own TypeError instead: not reported.)

Silent for `*args`, keywords, and VJP functions whose name is bound more than once.

Fix: pack the arguments into one tuple, `f_vjp((ct_a, ct_b))` (a list when the output is a
list); safe when the differentiated function visibly returns a tuple (list) of that length.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.pytree import ListNode, TupleNode
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.core.source import text_of_span
from jaxerr_lsp.families.vjp_application import (WITH_REFS, applications, output_structure)

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class TooManyArgs(RuleData):
    args_span: Span  # from the first to the last argument
    args_source: str
    count: int
    # "tuple" / "list" when the differentiated function visibly returns a container of
    # `count` elements of that type; "other" when it visibly returns something else (packing
    # the cotangents cannot be right); "" when the code does not show it.
    output_kind: str


def check(ctx: Context) -> None:
    for app in applications(ctx):
        call = app.call
        if app.how == WITH_REFS or len(call.args) < 2 or call.keywords \
                or any(isinstance(a, ast.Starred) for a in call.args):
            continue
        vjp = app.vjp
        function = ctx.model.function_of(vjp.function, through_jit=True)
        values: dict[str, str] = {"len(extra_args) + 1": str(len(call.args))}
        output_kind = ""
        if function is not None:
            values["name"] = function.name if isinstance(function, ast.FunctionDef) else "<lambda>"
            structure = output_structure(ctx, function, vjp.has_aux)
            if isinstance(structure, (TupleNode, ListNode)) and len(structure.children) == len(call.args):
                output_kind = "tuple" if isinstance(structure, TupleNode) else "list"
            elif structure is not None:
                output_kind = "other"  # visibly not a container of that many values
        span = ctx.span(call.args[0], call.args[-1])
        shown = {} if "name" in values else {"name": ctx.segment(vjp.function)}
        ctx.report(
            span, message=_first_paragraph(fill(_template(), {**values, **shown})),
            predicted=fill(_template(), values, escape=True),
            related=(Related(ctx.span(vjp.call), "VJP function returned by `jax.vjp` here"),),
            data=TooManyArgs(span, text_of_span(ctx.parsed.lines, span), len(call.args),
                             output_kind))


def _template() -> str:
    from jaxerr_lsp.errors.catalog import load_catalog

    return load_catalog().get(RULE.catalog_id).message


def _first_paragraph(message: str) -> str:
    """JAX's message without its worked example, for the diagnostic."""
    return message.strip().split("\n\n", 1)[0].replace("\n", " ")


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, TooManyArgs)
    if data.output_kind == "other" \
            or lines.text(data.args_span) != data.args_source.replace("\n", lines.newline):
        return []
    opening, closing = ("[", "]") if data.output_kind == "list" else ("(", ")")
    packed = opening + lines.text(data.args_span) + closing
    container = data.output_kind or "tuple"
    if data.output_kind:
        why = (f"The differentiated function returns a {container} of {data.count} values, so one "
               f"{container} of the {data.count} cotangents is the single argument JAX expects.")
    else:
        why = ("Packing the cotangents into one tuple is right only if the differentiated "
               f"function returns a tuple of {data.count} values, which the code does not show.")
    return [Fix(f"Pass the cotangents as one {container}: {opening}...{closing}",
                bool(data.output_kind), why,
                (TextEdit(data.args_span, packed),), "pack-cotangents")]


RULE = Rule(
    code="JXE020",
    catalog_id="vjp-function-too-many-args",
    triggers=("vjp",),
    check=check,
    data=TooManyArgs,
    fix=fix,
    fix_ids=("pack-cotangents",),
)
