"""JXE053 custom-vjp-keyword-arguments.

What it does: finds direct calls `f(..., name=value)` of a custom_vjp function of this file
(with a registration in this file and a primal whose signature the file shows) where one
keyword cannot be bound to a positional parameter: a name the primal does not have (and no
`**kwargs`), a keyword-only parameter, or a name `**kwargs` would collect. Keywords naming
ordinary parameters are fine (JAX binds them to their positions) and stay silent, as do
calls with `*args` / `**kwargs`, several bad keywords (JAX's order), positional-only names
passed as keywords (another wording), and calls that fail to bind for other reasons.

Why is this bad: the call raises TypeError at once, before any differentiation.

An unknown keyword with exactly one required parameter left unbound is reported as Python
words it ("missing a required argument"), as a likely misspelling.

Fix: rename a misspelled keyword to the unbound parameter (unsafe); otherwise remove the
keyword argument (unsafe: its value is dropped; offered when the call still binds without
it).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import custom_vjps, registered
from jaxerr_lsp.families.custom_vjp_calls import is_direct_call, name_binding, primal_name, span_fits
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.analysis.values import Signature, bind_arguments

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class KeywordArgument(RuleData):
    keyword_span: Span
    keyword: str
    kind: str  # "unexpected" | "no-position" | "misspelled"
    # The text to delete to drop the keyword argument (with its separating comma); None when
    # the call would not bind without it.
    removal: Span | None = None
    meant: str = ""  # "misspelled": the one required parameter left unbound


def _binding_error(signature: Signature, call: ast.Call) -> tuple[ast.keyword, str, str, str] | None:
    """(the keyword, JAX's inner error text, kind, the parameter it may have meant) when
    exactly one keyword of `call` has no position in `signature`."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    ordinary = set(signature.positional[signature.positional_only:])
    positional_only = set(signature.positional[:signature.positional_only])
    bad = [k for k in call.keywords if k.arg not in ordinary]
    if len(bad) != 1 or bad[0].arg in positional_only:
        return None
    keyword = bad[0]
    name = keyword.arg
    assert name is not None
    if name in signature.keyword_only or signature.kwarg is not None:
        if bind_arguments(signature, call.args, call.keywords) is None:
            return None
        return keyword, f"The following keyword arguments could not be resolved to positions: {name}", \
            "no-position", ""
    rest = [k for k in call.keywords if k is not keyword]
    if bind_arguments(signature, call.args, rest) is not None:
        return keyword, f"got an unexpected keyword argument {name!r}", "unexpected", ""
    # Python reports the first required parameter left unbound before the unknown keyword:
    # with exactly one, the keyword is most likely a misspelling of it.
    missing = _missing(signature, call.args, rest)
    if missing is None or signature.keyword_only or signature.vararg:
        return None
    if bind_arguments(signature, call.args, [*rest, ast.keyword(missing, keyword.value)]) is None:
        return None
    return keyword, f"missing a required argument: {missing!r}", "misspelled", missing


def _missing(signature: Signature, args: list[ast.expr], keywords: list[ast.keyword]) -> str | None:
    """The one required positional parameter the call leaves unbound (everything else binds)."""
    given = set(signature.positional[:len(args)]) | {k.arg for k in keywords}
    unbound = [p for p in signature.positional if p not in given and p not in signature.defaults]
    if len(unbound) != 1 or len(args) > len(signature.positional):
        return None
    return unbound[0]


def check(ctx: Context) -> None:
    for custom_vjp in custom_vjps(ctx):
        primal = custom_vjp.primal
        if primal is None or not custom_vjp.plain or not registered(ctx, custom_vjp):
            continue
        binding = name_binding(ctx, custom_vjp)
        if binding is None:
            continue
        signature = Signature.of(primal.args)
        name = primal_name(custom_vjp)
        for use in ctx.model.uses_of(binding):
            if not is_direct_call(use.node, use.parent) or not isinstance(use.parent, ast.Call):
                continue
            found = _binding_error(signature, use.parent)
            if found is None:
                continue
            keyword, error, kind, meant = found
            values = {"e": error}
            if name is not None:
                values["debug_fun.func_name"] = name
            removal = _removal(ctx, use.parent, keyword, signature) if not meant else None
            ctx.report(keyword, values=values,
                       related=(Related(ctx.span(custom_vjp.definition),
                                        "the custom_vjp function and its parameters"),),
                       data=KeywordArgument(ctx.span(keyword), keyword.arg or "", kind, removal, meant))


def _removal(ctx: Context, call: ast.Call, keyword: ast.keyword, signature: Signature) -> Span | None:
    """The keyword argument and the comma that separates it, when the call binds without."""
    rest = [k for k in call.keywords if k is not keyword]
    if bind_arguments(signature, call.args, rest) is None:
        return None
    arguments: list[ast.AST] = sorted([*call.args, *call.keywords],
                                      key=lambda a: (a.lineno, a.col_offset))  # type: ignore[attr-defined]
    index = next(i for i, a in enumerate(arguments) if a is keyword)
    here = ctx.span(keyword)
    if index > 0:
        before = ctx.span(arguments[index - 1])
        return Span(before.end_line, before.end_column, here.end_line, here.end_column)
    if len(arguments) > 1:
        after = ctx.span(arguments[1])
        return Span(here.start_line, here.start_column, after.start_line, after.start_column)
    return here


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, KeywordArgument)
    if data.meant:
        if not span_fits(lines, data.keyword_span):
            return []
        written = lines.text(data.keyword_span)
        if not written.startswith(data.keyword):
            return []
        renamed = data.meant + written[len(data.keyword):]
        return [Fix(f"Rename the keyword {data.keyword}= to {data.meant}=", False,
                    f"{data.meant} is the one required parameter the call leaves unbound, so "
                    f"{data.keyword}= is taken for a misspelling of it; only the name says so.",
                    (TextEdit(data.keyword_span, renamed),), "rename-keyword")]
    if data.removal is None or not span_fits(lines, data.removal):
        return []
    removed = lines.text(data.removal)
    if "#" in removed or data.keyword not in removed:
        return []
    return [Fix(f"Remove the keyword argument {data.keyword}=", False,
                "The call then binds to the primal's parameters, but the value passed as "
                f"{data.keyword} is dropped (a default, if any, is used instead).",
                (TextEdit(data.removal, ""),), "remove-keyword")]


RULE = Rule(
    code="JXE053",
    catalog_id="custom-vjp-keyword-arguments",
    triggers=("custom_vjp",),
    check=check,
    data=KeywordArgument,
    fix=fix,
    fix_ids=("rename-keyword", "remove-keyword"),
)
