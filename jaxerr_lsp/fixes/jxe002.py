"""Fixes for JXE002 (`defvjp_with_logs` logs that are not None or a dict)."""

from __future__ import annotations

import libcst as cst

from jaxerr_lsp.findings import Finding
from jaxerr_lsp.fixes.edits import Fix
from jaxerr_lsp.fixes.nodes import (
    callee_name,
    pair_preview_of,
    pair_with_none,
    parenthesized,
    preview_of,
    quote_style,
    sequence_to_dict,
    string,
    unique,
)
from jaxerr_lsp.fixes.statement import doc_for
from jaxerr_lsp.fixes.text import Lines, as_span, as_str

_DICT_LIKE_KINDS = {"OrderedDict", "defaultdict", "Counter", "ChainMap", "UserDict", "FrozenDict", "mappingproxy"}


def compute(lines: Lines, finding: Finding) -> list[Fix]:
    data = finding.data
    if data.get("missing_logs"):
        fix = _return_cts_no_logs_fix(lines, data)
        return [fix] if fix is not None else []
    logs_span = as_span(data.get("logs_span"))
    if logs_span is None:
        return []
    doc = doc_for(lines, logs_span)
    if doc is None:
        return []
    node = doc.expression(logs_span)
    if node is None:
        return []
    fixes = []
    quote = quote_style("", lines.source)
    kind = as_str(data.get("logs_kind"))
    is_literal = isinstance(node, (cst.List, cst.Tuple, cst.Set))
    safe = False
    if is_literal and not any(isinstance(e, cst.StarredElement) for e in node.elements):
        names = [
            e.value.value if isinstance(e.value, cst.Name) else f"log_{i}"
            for i, e in enumerate(node.elements)
        ]
        new: cst.BaseExpression = sequence_to_dict(node, unique(names), quote)
        title = f"Log a dict with named keys: {preview_of(new)}"
    elif kind in _DICT_LIKE_KINDS or (
        isinstance(node, cst.Call) and callee_name(node) in _DICT_LIKE_KINDS
    ):
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
            title += " (unsafe: key names chosen here)"
            why = "Every logged value is kept, but under key names chosen here, which code reading the logs may not expect and which collide if the function runs twice in one backward pass."
        fixes.append(Fix(title, safe, why, (edit,), "logs-as-dict"))
    none_edit = doc.edit({id(node): lambda _u: cst.Name("None")})
    if none_edit is not None:
        fixes.append(
            Fix(
                "Log nothing: return None as the logs (unsafe: drops the logs)",
                False,
                "JAX accepts None as the logs, but the values you meant to log are no longer returned.",
                (none_edit,),
                "logs-none",
            )
        )
    return fixes


def _return_cts_no_logs_fix(lines: Lines, data: dict) -> Fix | None:
    span = as_span(data.get("return_span"))
    if span is None:
        return None
    doc = doc_for(lines, span)
    if doc is None:
        return None
    node = doc.expression(span, as_str(data.get("return_source")))
    if node is None:
        return None
    new = pair_with_none(node, bare=doc.is_return_value(node))
    edit = doc.edit({id(node): lambda _u: new})
    if edit is None:
        return None
    preview = pair_preview_of(node)
    return Fix(
        f"Return the cotangents with no logs: {preview}",
        True,
        "The returned pair is the tuple of cotangents itself, so pairing it with None (no logs) gives JAX the (in_cts, logs) it expects and keeps every cotangent.",
        (edit,),
        "return-cts-no-logs",
    )

