"""JXE002 custom-vjp-logs-not-dict.

What it does: finds bwd rules registered with `custom_vjp.defvjp_with_logs` that return, on
some path, a pair `(in_cts, logs)` whose `logs` is certainly neither `None` nor a plain dict: a
list, tuple, set, string or f-string, number, an array, an `OrderedDict` or `defaultdict` (JAX
checks `type(logs) is dict`), directly or through a local name.

Why is this bad: when the function is differentiated, JAX raises TypeError from the backward
pass. A bwd rule of a two-argument function that returns its two cotangents and forgets the
logs is read as `(in_cts, logs)` and fails the same way; the message says so.
"""

from __future__ import annotations

import ast
from typing import Iterator

from jaxerr_lsp.context import Context
from jaxerr_lsp.custom_vjp import Classifier, returned_values
from jaxerr_lsp.findings import Finding, Related
from jaxerr_lsp.rules import Rule, jax_message

CODE = "JXE002"
CATALOG_ID = "custom-vjp-logs-not-dict"

KIND_OF_TYPE = {"ArrayImpl": "array", "ndarray": "array", "function": "lambda"}



def check(ctx: Context) -> Iterator[Finding]:
    parsed = ctx.parsed
    for registration in ctx.custom_vjps:
        classifier = Classifier(ctx, registration.bwd)
        for value, _node in returned_values(registration.bwd):
            if value is None:
                continue
            returned = classifier.kind(value)
            if returned.pair is None:
                continue
            first, logs = returned.pair
            logs_kind = classifier.kind(logs)
            if logs_kind.type_name in (None, "dict", "NoneType"):
                continue
            elements = _elements(ctx, classifier, logs)
            missing_logs = (
                registration.arity == 2 and logs_kind.type_name == "ArrayImpl"
                and classifier.kind(first).type_name == "ArrayImpl")
            message = "TypeError: " + jax_message(
                CATALOG_ID, **{"type(logs).__name__": logs_kind.type_name})
            if logs_kind.type_name == "ArrayImpl":
                message += " (under jax.jit, a tracer type is named instead)"
            if missing_logs:
                message += (f"\nThe rule returns its two cotangents and no logs: JAX reads "
                            f"`{parsed.segment(logs)}` as the logs. Return `(in_cts, None)`.")
            value_span = parsed.span(value)
            yield Finding(
                code=CODE,
                catalog_id=CATALOG_ID,
                span=parsed.span(logs),
                message=message,
                related=(Related(parsed.span(registration.call),
                                 "bwd rule registered with `defvjp_with_logs` here"),),
                data={
                    "logs_span": parsed.span(logs).as_list(),
                    "logs_kind": KIND_OF_TYPE.get(logs_kind.type_name, logs_kind.type_name),
                    "logs_type": logs_kind.type_name,
                    "elements": elements,
                    "missing_logs": missing_logs,
                    "return_span": value_span.as_list(),
                    "return_source": parsed.segment(value),
                },
            )


def _elements(ctx: Context, classifier: Classifier, logs: ast.expr) -> list[dict] | None:
    """The logged elements of a list/tuple/set literal (directly or through a local name)."""
    literal: ast.expr | None = logs
    if isinstance(literal, ast.Name):
        binding = classifier.assignment(literal)
        literal = binding.value if binding is not None else None
    if not isinstance(literal, (ast.List, ast.Tuple, ast.Set)):
        return None
    if any(isinstance(e, ast.Starred) for e in literal.elts):
        return None
    return [{"source": ctx.parsed.segment(e), "name": e.id if isinstance(e, ast.Name) else None}
            for e in literal.elts]


RULE = Rule(
    code=CODE,
    name="custom-vjp-logs-not-dict",
    catalog_id=CATALOG_ID,
    summary="a `defvjp_with_logs` bwd rule whose logs are not None or a dict",
    triggers=("defvjp_with_logs",),
    check=check,
)
