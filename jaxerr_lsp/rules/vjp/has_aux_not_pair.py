"""JXE023 has-aux-not-pair.

What it does: finds `has_aux=True` given to `jax.vjp`, `jax.linearize`, `jax.grad`,
`jax.value_and_grad`, `jax.jacrev` or `jax.hessian` for a function of this file (a lambda, or
an undecorated def) none of whose returns is a pair: every return is certainly a single
array, a number, `None`, a dict, or a tuple or list of another length than two.

Why is this bad: with `has_aux=True` JAX requires the function to return a two-element tuple
or list `(output, aux)` and raises TypeError when it runs the function (at once for `jax.vjp`
and `jax.linearize`; when the transformed function is called for the others, so only calls
the file shows are reported). JAX prints the returned value's type and value; the rule
predicts them for containers, numbers and `None` (an array is a tracer at run time).
`jax.jacfwd` and `jax.jvp` unpack the result themselves and fail with Python's own error:
not reported.

Fix: drop `has_aux=True`, offered only where the transformed function's results are just
printed or discarded (never marked safe: the function then returns one value less).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.model import WRAPPERS, CallSite
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.analysis.values import ARRAY, Signature, bind_arguments
from jaxerr_lsp.families.vjp_application import (FunctionNode, returned_expressions)

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# Raise as soon as they are called with the function.
IMMEDIATE = ("jax.vjp", "jax.linearize")
# Return a function that raises when it is called.
DEFERRED = ("jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.hessian")

# Types of returned values JAX prints as they are (`type(ans)`), by the inference's names.
_PRINTED_TYPES = frozenset({"tuple", "list", "dict", "NoneType", "str", "int", "float", "bool",
                            "complex"})


@dataclass(frozen=True)
class HasAuxNotPair(RuleData):
    # From the end of the argument before `has_aux=True` to the end of the keyword: deleting it
    # drops the option; None when the option does not come from this call's own keywords.
    option_span: Span | None
    option_source: str


@dataclass(frozen=True)
class Returned:
    """What one return of the function certainly is, as JAX would print it."""

    type_text: str | None  # "<class 'tuple'>"; None for an array (a tracer at run time)
    value_text: str | None  # repr of the value, when the code shows it


def _returned(ctx: Context, expr: ast.expr | None) -> Returned | None:
    """What `expr` returns, when it is certainly not a pair; None when it may be one."""
    if expr is None:
        return Returned("<class 'NoneType'>", "None")
    value = ctx.values.value(expr)
    if value.is_array and value.type != "Ref":
        return Returned(None, None)
    if value.type not in _PRINTED_TYPES:
        return None
    if value.type in ("tuple", "list") and value.length in (None, 2):
        return None
    shown = None
    if isinstance(expr, ast.Constant):
        shown = repr(expr.value)
    return Returned(f"<class '{value.type}'>", shown)


def _returns(ctx: Context, values: list[ast.expr | None]) -> list[Returned] | None:
    """What each return certainly is; None when one may be a pair."""
    returned = []
    for value in values:
        found = _returned(ctx, value)
        if found is None:
            return None
        returned.append(found)
    return returned


def _returns_with_arguments(ctx: Context, site: CallSite, function: FunctionNode,
                            values: list[ast.expr | None]) -> list[Returned] | None:
    """The returns again with the parameters holding what each call that runs the function
    passes (`lambda x: x` called with `1.0`), when every such call shows them: an array or a
    number reaches the function as an array (a tracer where it is differentiated)."""
    runs: list[tuple[list[ast.expr], list[ast.keyword]]]
    if site.qualname in IMMEDIATE:
        runs = [(list(site.args[1:]), [])]
    else:
        runs = [(list(c.args), list(c.keywords)) for c in ctx.model.calls_of_result(site.call)]
    found: list[Returned] | None = None
    signature = Signature.of(function.args)
    for args, keywords in runs:
        bound = bind_arguments(signature, args, keywords)
        if bound is None or bound.extra_positional or bound.extra_keywords:
            return None
        held = {name: ARRAY if value.is_array or value.python_scalar else value
                for name, value in ((n, ctx.values.value(e)) for n, e in bound.given.items())}
        with ctx.values.bound(function, held):
            returned = _returns(ctx, values)
        if returned is None:
            return None
        found = found if found is not None else returned
    return found


def _raises_when_run(ctx: Context, site: CallSite) -> bool:
    """Whether the code runs the function: at once, or by calling the transformed function
    where it is made or through a name bound once to it (also inside another transformation
    that runs it when called: `jax.jit(jax.grad(loss, has_aux=True))(p)`)."""
    return site.qualname in IMMEDIATE or bool(_calls_of_transformed(ctx, site.call))


def _calls_of_transformed(ctx: Context, call: ast.Call) -> list[ast.Call]:
    """The calls of what `call` makes, directly or wrapped as the function of a
    transformation whose result calls it when called (`model.WRAPPERS`: `jax.jit(...)`,
    `jax.vmap(...)`, `jax.checkpoint(...)`...)."""
    found = ctx.model.calls_of_result(call)
    wrapper = ctx.model.parent.get(id(call))
    if not found and isinstance(wrapper, ast.Call) and wrapper.args and wrapper.args[0] is call \
            and ctx.model.qualname(wrapper.func) in WRAPPERS:
        return ctx.model.calls_of_result(wrapper)
    return found


def _has_aux_keyword(site: CallSite) -> ast.keyword | None:
    keyword = next((k for k in site.keywords if k.arg == "has_aux"), None)
    if keyword is None or any(k.arg is None for k in site.keywords):
        return None
    if isinstance(keyword.value, ast.Constant) and keyword.value.value is True:
        return keyword
    return None


def _option_span(ctx: Context, site: CallSite, keyword: ast.keyword) -> Span | None:
    if site.partial is not None or keyword not in site.call.keywords:
        return None
    nodes: list[ast.expr | ast.keyword] = [*site.call.args, *site.call.keywords]
    before = [n for n in nodes if _end(n) <= (keyword.lineno, keyword.col_offset)]
    if not before:
        return None
    previous = max(before, key=_end)
    start, end = ctx.span(previous), ctx.span(keyword)
    return Span(start.end_line, start.end_column, end.end_line, end.end_column)


def _result_only_printed(ctx: Context, site: CallSite) -> bool:
    """Whether dropping has_aux changes nothing but the error: the transformed function's
    results are only printed or discarded (code that unpacks `(grad, aux)` would break)."""
    if site.qualname in IMMEDIATE:
        return False  # jax.vjp and jax.linearize results are unpacked by position
    calls = ctx.model.calls_of_result(site.call)
    for call in calls:
        parent = ctx.model.parent.get(id(call))
        if isinstance(parent, ast.Expr):
            continue
        if isinstance(parent, ast.Call) and call in parent.args \
                and ctx.model.qualname(parent.func) == "builtins.print":
            continue
        return False
    return bool(calls)


def _end(node: ast.expr | ast.keyword) -> tuple[int, int]:
    return (node.end_lineno or node.lineno, node.end_col_offset or node.col_offset)


def _check_site(ctx: Context, site: CallSite) -> None:
    keyword = _has_aux_keyword(site)
    if keyword is None or not site.args or isinstance(site.args[0], ast.Starred):
        return
    function = ctx.model.function_of(site.args[0], through_jit=True)
    if function is None or not _raises_when_run(ctx, site):
        return
    values = returned_expressions(ctx.model, function)
    if values is None:
        return
    returned = _returns(ctx, values)
    if returned is None:
        returned = _returns_with_arguments(ctx, site, function, values)
    if returned is None:
        return  # a return may be a pair
    predicted: dict[str, str] = {}
    types = {r.type_text for r in returned}
    if len(types) == 1 and None not in types:
        predicted["type(ans)"] = types.pop()  # type: ignore[assignment]
        texts = {r.value_text for r in returned}
        if len(texts) == 1 and None not in texts:
            predicted["ans!r"] = texts.pop()  # type: ignore[assignment]
    shown = {"type(ans)": "a tracer type (the returned array is being differentiated)",
             "ans!r": f"the value of `{_returns_text(ctx, function)}`"}
    span = _option_span(ctx, site, keyword) if _result_only_printed(ctx, site) else None
    related = [Related(ctx.span(function) if isinstance(function, ast.Lambda)
                       else ctx.span(site.args[0]),
                       "function given to " + site.qualname + ", which returns no pair")]
    calls = _calls_of_transformed(ctx, site.call) if site.qualname in DEFERRED else []
    if calls:
        related.append(Related(ctx.span(calls[0]), "called here: JAX runs the function and raises"))
    ctx.report(
        keyword, values=predicted,
        shown={k: v for k, v in shown.items() if k not in predicted},
        related=tuple(related),
        data=HasAuxNotPair(span, ctx.parsed.segment(keyword) if span is None else
                           _span_text(ctx, span)))


def _returns_text(ctx: Context, function: FunctionNode) -> str:
    values = returned_expressions(ctx.model, function) or []
    texts = ["None" if v is None else ctx.segment(v).split("\n", 1)[0] for v in values]
    return " or ".join(dict.fromkeys(texts))


def _span_text(ctx: Context, span: Span) -> str:
    from jaxerr_lsp.core.source import text_of_span

    return text_of_span(ctx.parsed.lines, span)


def check(ctx: Context) -> None:
    for qualname in (*IMMEDIATE, *DEFERRED):
        for site in ctx.model.calls_to(qualname):
            if site.complete:
                _check_site(ctx, site)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, HasAuxNotPair)
    if data.option_span is None \
            or lines.text(data.option_span) != data.option_source.replace("\n", lines.newline):
        return []
    why = ("Without has_aux the function's whole result is differentiated, which is what it "
           "returns; but the transformed function then returns one value less (no aux), so code "
           "unpacking its result must change too.")
    return [Fix("Drop has_aux=True", False, why, (TextEdit(data.option_span, ""),), "drop-has-aux")]


RULE = Rule(
    code="JXE023",
    catalog_id="has-aux-not-pair",
    triggers=("has_aux",),
    check=check,
    data=HasAuxNotPair,
    fix=fix,
    fix_ids=("drop-has-aux",),
)
