"""Fixes for JXE003 (a `defvjp_with_logs` bwd rule that does not return a pair)."""

from __future__ import annotations

import libcst as cst

from jaxerr_lsp.findings import Finding
from jaxerr_lsp.fixes.edits import Fix
from jaxerr_lsp.fixes.nodes import callee_name, pair_preview_of, pair_with_none, preview_of
from jaxerr_lsp.fixes.statement import StmtDoc, doc_for
from jaxerr_lsp.fixes.text import Lines, as_span, as_str

_SEQUENCE_KINDS = {"tuple", "list"}


# `return_kind` is the type name JAX would print for the returned value.
_SINGLE_KINDS = {"ArrayImpl", "array", "int", "float", "complex", "bool", "number"}


_NO_CT_KINDS = {"NoneType", "dict", "str", "bytes", "set", "frozenset", "function", "lambda"}


def _looks_like_logs(node: cst.BaseExpression) -> bool:
    """A dict, None, or a name that says it holds logs (`logs`, `aux_logs`, `log`)."""
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


def compute(lines: Lines, finding: Finding) -> list[Fix]:
    data = finding.data
    span = as_span(data.get("return_span"))
    if span is None:
        return []
    doc = doc_for(lines, span)
    if doc is None:
        return []
    node = doc.expression(span, as_str(data.get("return_source")))
    kind = as_str(data.get("return_kind"))
    if node is None or kind in _NO_CT_KINDS:
        return []
    not_cotangents = (cst.Dict, cst.Set, cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)
    if isinstance(node, not_cotangents) or (isinstance(node, cst.Name) and node.value == "None"):
        return []
    arity = data.get("arity")
    arity = arity if isinstance(arity, int) and not isinstance(arity, bool) else None
    bare = doc.is_return_value(node)
    fixes = []
    single = (cst.BinaryOperation, cst.UnaryOperation, cst.Integer, cst.Float, cst.Imaginary)
    if isinstance(node, (cst.Tuple, cst.List)) and not any(
        isinstance(e, cst.StarredElement) for e in node.elements
    ):
        n = len(node.elements)
        last_is_logs = n >= 2 and _looks_like_logs(node.elements[-1].value)
        if last_is_logs and arity in (None, n - 1):
            fixes.append(_split_logs_fix(doc, node, bare, safe=True))
        elif arity is not None and arity == n - 1:
            fixes.append(_split_logs_fix(doc, node, bare, safe=False))
        elif arity in (None, n):
            why = "The returned value is the tuple of cotangents, so pairing it with None (no logs) gives JAX the (in_cts, logs) it expects and changes nothing else."
            fixes.append(_whole_pair_fix(doc, node, node, bare, True, why, ""))
    elif isinstance(node, (cst.Tuple, cst.List)) or kind in _SEQUENCE_KINDS:
        why = "The returned value is the tuple of cotangents, so pairing it with None (no logs) gives JAX the (in_cts, logs) it expects and changes nothing else."
        fixes.append(_whole_pair_fix(doc, node, node, bare, True, why, ""))
    elif kind in _SINGLE_KINDS or (kind is None and isinstance(node, single)):
        if arity not in (None, 1):
            return []
        first = cst.Tuple([cst.Element(node, comma=cst.Comma())])
        why = "The returned value is a single cotangent, so it is wrapped in a one-element tuple, which is right only for a one-argument function."
        safe = arity == 1
        fixes.append(_whole_pair_fix(doc, node, first, bare, safe, why,
                                     "" if safe else " (unsafe: assumes a one-argument function)"))
    else:
        why = "Pairing the returned value with None is right only if that value is already the tuple of cotangents, which cannot be seen here."
        fixes.append(_whole_pair_fix(doc, node, node, bare, False, why,
                                     " (unsafe: assumes the value is the tuple of cotangents)"))
    return [f for f in fixes if f is not None]


def _whole_pair_fix(
    doc: StmtDoc, node: cst.BaseExpression, first: cst.BaseExpression, bare: bool,
    safe: bool, why: str, suffix: str,
) -> Fix | None:
    new = pair_with_none(first, bare=bare)
    edit = doc.edit({id(node): lambda _u: new})
    if edit is None:
        return None
    title = f"Return a pair with no logs: {pair_preview_of(first)}{suffix}"
    return Fix(title, safe, why, (edit,), "return-pair-none-logs")


def _split_logs_fix(doc: StmtDoc, node: cst.Tuple | cst.List, bare: bool, safe: bool) -> Fix | None:
    """`return dx, dw, logs` -> `return (dx, dw), logs`."""
    *cts, logs = node.elements
    last_ct = cts[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    if len(cts) == 1:
        last_ct = cts[-1].with_changes(comma=cst.Comma())
    in_cts = cst.Tuple([*cts[:-1], last_ct])
    pair = cst.Tuple(
        [
            cst.Element(in_cts, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
            logs.with_changes(comma=cst.MaybeSentinel.DEFAULT),
        ]
    )
    if bare:
        pair = pair.with_changes(lpar=[], rpar=[])
    if isinstance(node, cst.Tuple) and node.lpar and not bare:
        pair = pair.with_changes(lpar=node.lpar, rpar=node.rpar)
    edit = doc.edit({id(node): lambda _u: pair})
    if edit is None:
        return None
    preview = f"{preview_of(in_cts, 50)}, {preview_of(logs.value, 30)}"
    if safe:
        title = f"Pair the cotangents with the logs: {preview}"
        why = "The last element is the logs, so nesting the others as the cotangent tuple gives JAX the (in_cts, logs) pair it expects and keeps every value."
    else:
        title = f"Pair the cotangents with the logs: {preview} (unsafe: assumes the last element is the logs)"
        why = "The tuple has one element more than the function has arguments, so the last one is taken as the logs, which the code does not show."
    return Fix(title, safe, why, (edit,), "pair-cts-with-logs")

