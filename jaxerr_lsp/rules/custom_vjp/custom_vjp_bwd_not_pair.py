"""JXE003 custom-vjp-bwd-not-pair.

What it does: finds bwd rules registered with `custom_vjp.defvjp_with_logs` that return, on
some path, something that is certainly not a pair `(in_cts, logs)`: `None`, a tuple or list of
another length, a dict, a string, a number, an array.

Why is this bad: JAX requires a list or tuple of length two from such a rule and raises
TypeError from the backward pass when the function is differentiated. JAX prints the returned
value itself, which only the running program knows: the message shows the returned code.

Fix: `return dx, dw, logs` -> `return (dx, dw), logs` (safe when the last element is visibly
the logs); a tuple of cotangents or a bare one -> paired with `None` logs.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import registrations, returned_values
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, shorten

if TYPE_CHECKING:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.statement import StmtDoc
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class BwdNotPair(RuleData):
    return_span: Span  # the returned expression (the def's name when there is no return)
    return_source: str
    return_kind: str  # the type name JAX would print for the returned value
    arity: int | None  # the cotangents the rule must return, when the code shows it


def check(ctx: Context) -> None:
    for registration in registrations(ctx, "defvjp_with_logs"):
        if registration.bwd is None:
            continue
        for value, node in returned_values(registration.bwd):
            if value is None and isinstance(node, ast.FunctionDef):
                kind_name, source, span = "NoneType", "None", ctx.name_span(node)
                shown = "None (the bwd rule has no return statement)"
            elif value is None:
                kind_name, shown, span, source = "NoneType", "None", ctx.span(node), "None"
            else:
                returned = ctx.values.value(value)
                if returned.type is None or returned.length == 2:
                    continue
                if returned.type in ("tuple", "list") and returned.length is None:
                    continue  # a list or tuple of unknown length may well be a pair
                kind_name, source, span = returned.type, ctx.segment(value), ctx.span(value)
                shown = shorten(source)
                if returned.length is not None:
                    shown = f"{shown} (a {kind_name} of length {returned.length})"
                elif kind_name != "NoneType":
                    shown = f"{shown} (of type {kind_name})"
            ctx.report(
                span, shown={"py_cts_in": shown},
                related=(Related(ctx.span(registration.call),
                                 "bwd rule registered with `defvjp_with_logs` here"),),
                data=BwdNotPair(span, source, kind_name, registration.arity))


# ------------------------------------------------------------------------------------ fix
_SINGLE_KINDS = {"ArrayImpl", "ndarray", "Ref", "int", "float", "complex", "bool"}
_NO_COTANGENT_KINDS = {"NoneType", "dict", "str", "bytes", "set", "frozenset", "function"}
_WHY_PAIR_TUPLE = ("The returned value is the tuple of cotangents, so pairing it with None (no "
                   "logs) gives JAX the (in_cts, logs) it expects and changes nothing else.")


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    import libcst as cst

    from jaxerr_lsp.fixes.statement import doc_for

    data = finding.data
    assert isinstance(data, BwdNotPair)
    doc = doc_for(lines, data.return_span)
    if doc is None or data.return_kind in _NO_COTANGENT_KINDS:
        return []
    node = doc.expression(data.return_span, data.return_source)
    not_cotangents = (cst.Dict, cst.Set, cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)
    if node is None or isinstance(node, not_cotangents) or (
            isinstance(node, cst.Name) and node.value == "None"):
        return []
    arity = data.arity
    bare = doc.is_return_value(node)
    fixes: list[Fix | None] = []
    if isinstance(node, (cst.Tuple, cst.List)) and not any(
            isinstance(e, cst.StarredElement) for e in node.elements):
        n = len(node.elements)
        if n >= 2 and _looks_like_logs(node.elements[-1].value) and arity in (None, n - 1):
            fixes.append(_split_logs_fix(doc, node, bare, safe=True))
        elif arity is not None and arity == n - 1:
            fixes.append(_split_logs_fix(doc, node, bare, safe=False))
        elif arity in (None, n):
            fixes.append(_whole_pair_fix(doc, node, node, bare, True, _WHY_PAIR_TUPLE))
    elif isinstance(node, (cst.Tuple, cst.List)) or data.return_kind in ("tuple", "list"):
        fixes.append(_whole_pair_fix(doc, node, node, bare, True, _WHY_PAIR_TUPLE))
    elif data.return_kind in _SINGLE_KINDS:
        if arity not in (None, 1):
            return []
        first = cst.Tuple([cst.Element(node, comma=cst.Comma())])
        why = ("The returned value is a single cotangent, so it is wrapped in a one-element tuple, "
               "which is right only for a one-argument function.")
        fixes.append(_whole_pair_fix(doc, node, first, bare, arity == 1, why))
    else:
        why = ("Pairing the returned value with None is right only if that value is already the "
               "tuple of cotangents, which cannot be seen here.")
        fixes.append(_whole_pair_fix(doc, node, node, bare, False, why))
    return [f for f in fixes if f is not None]


def _looks_like_logs(node: cst.BaseExpression) -> bool:
    """A dict, None, or a name that says it holds logs (`logs`, `aux_logs`, `log`)."""
    import libcst as cst

    from jaxerr_lsp.fixes.nodes import callee_name

    if isinstance(node, (cst.Dict, cst.DictComp)):
        return True
    if isinstance(node, cst.Call) and callee_name(node) == "dict":
        return True
    name = node.value if isinstance(node, cst.Name) else (
        node.attr.value if isinstance(node, cst.Attribute) else None)
    if name is None:
        return False
    name = name.lower()
    return name == "none" or name == "log" or name.endswith("logs")


def _whole_pair_fix(doc: StmtDoc, node: cst.BaseExpression, first: cst.BaseExpression,
                    bare: bool, safe: bool, why: str) -> Fix | None:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.nodes import pair_preview_of, pair_with_none

    new = pair_with_none(first, bare=bare)
    edit = doc.edit({id(node): lambda _u: new})
    if edit is None:
        return None
    return Fix(f"Return a pair with no logs: {pair_preview_of(first)}", safe, why, (edit,),
               "return-pair-none-logs")


def _split_logs_fix(doc: StmtDoc, node: cst.Tuple | cst.List, bare: bool, safe: bool) -> Fix | None:
    """`return dx, dw, logs` -> `return (dx, dw), logs`."""
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.nodes import preview_of

    *cts, logs = node.elements
    last_ct = cts[-1].with_changes(comma=cst.Comma() if len(cts) == 1 else cst.MaybeSentinel.DEFAULT)
    in_cts = cst.Tuple([*cts[:-1], last_ct])
    pair = cst.Tuple([
        cst.Element(in_cts, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
        logs.with_changes(comma=cst.MaybeSentinel.DEFAULT),
    ])
    if bare:
        pair = pair.with_changes(lpar=[], rpar=[])
    if isinstance(node, cst.Tuple) and node.lpar and not bare:
        pair = pair.with_changes(lpar=node.lpar, rpar=node.rpar)
    edit = doc.edit({id(node): lambda _u: pair})
    if edit is None:
        return None
    if safe:
        why = ("The last element is the logs, so nesting the others as the cotangent tuple gives "
               "JAX the (in_cts, logs) pair it expects and keeps every value.")
    else:
        why = ("The tuple has one element more than the function has arguments, so the last one "
               "is taken as the logs, which the code does not show.")
    return Fix(f"Pair the cotangents with the logs: {preview_of(in_cts, 50)}, "
               f"{preview_of(logs.value, 30)}", safe, why, (edit,), "pair-cts-with-logs")


RULE = Rule(
    code="JXE003",
    catalog_id="custom-vjp-bwd-not-pair",
    triggers=("defvjp_with_logs",),
    check=check,
    data=BwdNotPair,
    fix=fix,
    fix_ids=("pair-cts-with-logs", "return-pair-none-logs"),
)
