"""JXE003 custom-vjp-bwd-not-pair.

What it does: finds bwd rules registered with `custom_vjp.defvjp_with_logs` that return, on
some path, something that is certainly not a pair `(in_cts, logs)`: `None`, a tuple or list of
another length, a dict, a string, a number, an array.

Why is this bad: JAX requires a list or tuple of length two from such a rule and raises
TypeError from the backward pass when the function is differentiated.
"""

from __future__ import annotations

import ast
from typing import Iterator

from jaxerr_lsp.context import Context
from jaxerr_lsp.custom_vjp import Classifier, returned_values
from jaxerr_lsp.findings import Finding, Related, Span
from jaxerr_lsp.rules import Rule, jax_message
from jaxerr_lsp.source import ParsedSource

CODE = "JXE003"
CATALOG_ID = "custom-vjp-bwd-not-pair"

def _name_span(parsed: ParsedSource, function: ast.FunctionDef) -> Span:
    """The span of a def's name (ast gives only where `def` starts)."""
    line = parsed.lines[function.lineno - 1]
    start = parsed.column(function.lineno, function.col_offset)
    found = line.find(function.name, start)
    if found < 0:
        return parsed.span(function)
    return Span(function.lineno, found, function.lineno, found + len(function.name))


def _shorten(source: str, limit: int = 60) -> str:
    """The first line of `source`, at most `limit` characters, for a message."""
    first = source.split("\n", 1)[0]
    if len(first) > limit or first != source:
        return first[:limit].rstrip() + "…"
    return first


def check(ctx: Context) -> Iterator[Finding]:
    parsed = ctx.parsed
    for registration in ctx.custom_vjps:
        classifier = Classifier(ctx, registration.bwd)
        for value, node in returned_values(registration.bwd):
            if value is None and isinstance(node, ast.FunctionDef):
                kind_name, source, span = "NoneType", "None", _name_span(parsed, node)
                shown = "None (the bwd rule has no return statement)"
            elif value is None:
                kind_name, shown, span, source = "NoneType", "None", parsed.span(node), "None"
            else:
                kind = classifier.kind(value)
                if kind.type_name is None or kind.pair is not None:
                    continue
                if kind.type_name in ("tuple", "list") and kind.length is None:
                    continue  # a list or tuple of unknown length may well be a pair
                kind_name = kind.type_name
                source = parsed.segment(value)
                span = parsed.span(value)
                shown = _shorten(source)
                if kind.length is not None:
                    shown = f"{_shorten(source)} (a {kind_name} of length {kind.length})"
                elif kind_name != "NoneType":
                    shown = f"{_shorten(source)} (of type {kind_name})"
            yield Finding(
                code=CODE,
                catalog_id=CATALOG_ID,
                span=span,
                message="TypeError: " + jax_message(CATALOG_ID, py_cts_in=shown),
                related=(Related(parsed.span(registration.call),
                                 "bwd rule registered with `defvjp_with_logs` here"),),
                data={
                    "return_span": span.as_list(),
                    "return_source": source,
                    "return_kind": kind_name,
                    "arity": registration.arity,  # cotangents the rule must return, if known
                },
            )


RULE = Rule(
    code=CODE,
    name="custom-vjp-bwd-not-pair",
    catalog_id=CATALOG_ID,
    summary="a `defvjp_with_logs` bwd rule that does not return a pair (in_cts, logs)",
    triggers=("defvjp_with_logs",),
    check=check,
)
