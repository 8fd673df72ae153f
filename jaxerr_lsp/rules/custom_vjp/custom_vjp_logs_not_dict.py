"""JXE002 custom-vjp-logs-not-dict.

What it does: finds bwd rules registered with `custom_vjp.defvjp_with_logs` that return, on
some path, a pair `(in_cts, logs)` whose `logs` is certainly neither `None` nor a plain dict: a
list, tuple, set, string or f-string, number, an array, an `OrderedDict` or `defaultdict` (JAX
checks `type(logs) is dict`), directly or through a local name.

Why is this bad: when the function is differentiated, JAX raises TypeError from the backward
pass. A bwd rule of a two-argument function that returns its two cotangents and forgets the
logs is read as `(in_cts, logs)` and fails the same way; the message says so.

Fix: a forgotten logs element -> `return (in_cts...), None` (safe); a dict subclass -> a plain
`dict(...)` (safe); a list/tuple/set of logged values -> a dict keyed by their names (unsafe:
key names chosen here); `None` as the logs (unsafe: drops them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import registrations, returned_values
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class LogsNotDict(RuleData):
    logs_span: Span  # the logs element of the returned pair (or the local name standing for it)
    logs_type: str  # the type name JAX will print
    # The pair is the in_cts tuple itself (the primal function takes as many arguments as
    # the pair has elements): the fix is `return (in_cts...), None`.
    missing_logs: bool
    return_span: Span  # the whole returned expression
    return_source: str


def check(ctx: Context) -> None:
    for registration in registrations(ctx, "defvjp_with_logs"):
        if registration.bwd is None:
            continue
        for returned_expr, _node in returned_values(registration.bwd):
            if returned_expr is None:
                continue
            returned = ctx.values.value(returned_expr)
            if returned.elements is None or len(returned.elements) != 2:
                continue
            first, logs = returned.elements
            logs_type = ctx.values.value(logs).type
            if logs_type in (None, "dict", "NoneType"):
                continue
            missing_logs = (registration.arity == 2 and logs_type == "ArrayImpl"
                            and ctx.values.value(first).type == "ArrayImpl")
            note = ""
            if logs_type == "ArrayImpl":
                note += " (under jax.jit, a tracer type is named instead)"
            if missing_logs:
                note += (f"\nThe rule returns its two cotangents and no logs: JAX reads "
                         f"`{ctx.segment(logs)}` as the logs. Return `(in_cts, None)`.")
            ctx.report(
                logs, values={"type(logs).__name__": logs_type}, note=note,
                related=(Related(ctx.span(registration.call),
                                 "bwd rule registered with `defvjp_with_logs` here"),),
                data=LogsNotDict(ctx.span(logs), logs_type, missing_logs, ctx.span(returned_expr),
                                 ctx.segment(returned_expr)))


# ------------------------------------------------------------------------------------ fix
_DICT_LIKE_TYPES = {"OrderedDict", "defaultdict", "Counter", "ChainMap", "UserDict", "FrozenDict",
                    "mappingproxy"}


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.nodes import (callee_name, parenthesized, preview_of, quote_style,
                                        sequence_to_dict, string, unique)
    from jaxerr_lsp.fixes.statement import doc_for

    data = finding.data
    assert isinstance(data, LogsNotDict)
    if data.missing_logs:
        return [f for f in [_return_cts_no_logs_fix(lines, data)] if f is not None]
    doc = doc_for(lines, data.logs_span)
    node = doc.expression(data.logs_span) if doc is not None else None
    if doc is None or node is None:
        return []
    fixes = []
    quote = quote_style("", lines.source)
    safe = False
    if isinstance(node, (cst.List, cst.Tuple, cst.Set)) and not any(
            isinstance(e, cst.StarredElement) for e in node.elements):
        names = [e.value.value if isinstance(e.value, cst.Name) else f"log_{i}"
                 for i, e in enumerate(node.elements)]
        new: cst.BaseExpression = sequence_to_dict(node, unique(names), quote)
        title = f"Log a dict with named keys: {preview_of(new)}"
    elif data.logs_type in _DICT_LIKE_TYPES or (
            isinstance(node, cst.Call) and callee_name(node) in _DICT_LIKE_TYPES):
        new = cst.Call(cst.Name("dict"), [cst.Arg(node)])
        title = f"Log a plain dict: {preview_of(new)}"
        safe = True
    else:
        key = node.value if isinstance(node, cst.Name) else "logs"
        new = cst.Dict([cst.DictElement(string(key, quote), parenthesized(node))])
        title = f"Log a dict with a named key: {preview_of(new)}"
    edit = doc.edit({id(node): lambda _u: new})
    if edit is not None:
        if safe:
            why = "A plain dict with the same entries is what JAX accepts as the logs, and nothing else changes."
        else:
            why = ("Every logged value is kept, but under key names chosen here, which code reading the "
                   "logs may not expect and which collide if the function runs twice in one backward pass.")
        fixes.append(Fix(title, safe, why, (edit,), "logs-as-dict"))
    none_edit = doc.edit({id(node): lambda _u: cst.Name("None")})
    if none_edit is not None:
        fixes.append(Fix(
            "Log nothing: return None as the logs", False,
            "JAX accepts None as the logs, but the values you meant to log are no longer returned.",
            (none_edit,), "logs-none"))
    return fixes


def _return_cts_no_logs_fix(lines: Lines, data: LogsNotDict) -> Fix | None:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.nodes import pair_preview_of, pair_with_none
    from jaxerr_lsp.fixes.statement import doc_for

    doc = doc_for(lines, data.return_span)
    node = doc.expression(data.return_span, data.return_source) if doc is not None else None
    if doc is None or node is None:
        return None
    new = pair_with_none(node, bare=doc.is_return_value(node))
    edit = doc.edit({id(node): lambda _u: new})
    if edit is None:
        return None
    return Fix(
        f"Return the cotangents with no logs: {pair_preview_of(node)}", True,
        "The returned pair is the tuple of cotangents itself, so pairing it with None (no logs) "
        "gives JAX the (in_cts, logs) it expects and keeps every cotangent.",
        (edit,), "return-cts-no-logs")


RULE = Rule(
    code="JXE002",
    catalog_id="custom-vjp-logs-not-dict",
    triggers=("defvjp_with_logs",),
    check=check,
    data=LogsNotDict,
    fix=fix,
    fix_ids=("return-cts-no-logs", "logs-as-dict", "logs-none"),
)
