"""JXE060 hiprim-bwd-logs-not-dict.

What it does: in a `jax.experimental.hijax.HiPrim` subclass whose ancestry the file shows,
finds a `vjp_bwd` or `transpose` method that returns, on some path, something certainly neither
`None` nor a plain dict: an array (often the cotangent, which belongs in an accumulator), a
tuple or list of cotangents, a number, a string, an `OrderedDict`; and the same in the logs
element of the `(cotangents, logs)` pair a `vjp_bwd_retval_logs` returns (HiPrim's `vjp_bwd`
passes it on, and JAX names `vjp_bwd`).

Why is this bad: JAX calls these methods in the backward pass and reads what they return as
backward-pass logs (`None`, or a dict of entries); anything else raises TypeError when the
primitive is differentiated.

Fix: return None (the cotangents go to the accumulators with `acc.accum(ct)`), or, for a
`vjp_bwd` that computes the cotangents and returns them, move the method to `vjp_bwd_retval`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.families.custom_vjp import returned_values
from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.families.hiprim import FunctionDef, HiPrimClass, hiprim_classes, seed_jax_arguments
from jaxerr_lsp.engine.rule import Context, Rule, fill

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# method -> how many parameters after `self` JAX fills with pytrees of arrays
_METHODS = {"vjp_bwd": 2, "transpose": 1}
_NOT_LOGS = frozenset({"ArrayImpl", "ndarray", "tuple", "list", "set", "frozenset", "str", "bytes",
                       "int", "float", "complex", "bool", "OrderedDict", "defaultdict", "Counter",
                       "function"})


@dataclass(frozen=True)
class BwdLogsNotDict(RuleData):
    return_span: Span  # the returned expression
    return_source: str
    returned_type: str  # the type name JAX prints
    method: str  # "vjp_bwd" | "transpose"
    accumulates: bool  # the method hands some value to an accumulator (`acc.accum(...)`)
    # The logs element of the (cotangents, logs) pair a `vjp_bwd_retval_logs` returns.
    logs_element: bool = False


def _template(method: str) -> str:
    entry = load_catalog().get("hiprim-bwd-logs-not-dict")
    return next(t for t in entry.messages if f".{method} should return" in t).strip()


def check(ctx: Context) -> None:
    for hiprim in hiprim_classes(ctx):
        _check_retval_logs(ctx, hiprim)
        for method_name, jax_arguments in _METHODS.items():
            method = hiprim.own_method(method_name)
            if method is None:
                continue
            seed_jax_arguments(ctx, method, jax_arguments)
            accumulates = _accumulates(method)
            for value, _node in returned_values(method):
                if value is None:
                    continue
                returned = ctx.values.value(value).type
                if returned not in _NOT_LOGS:
                    continue
                _report(ctx, hiprim, method_name, value, returned, accumulates)


def _check_retval_logs(ctx: Context, hiprim: HiPrimClass) -> None:
    """HiPrim's own `vjp_bwd` returns the logs of a `vjp_bwd_retval_logs` that returns
    `(cotangents, logs)`: JAX then names `vjp_bwd` for a bad second element."""
    method = hiprim.own_method("vjp_bwd_retval_logs")
    if method is None or hiprim.binds("vjp_bwd"):
        return
    seed_jax_arguments(ctx, method, 2)
    for value, _node in returned_values(method):
        returned = ctx.values.value(value) if value is not None else None
        if returned is None or returned.type != "tuple" or returned.elements is None \
                or len(returned.elements) != 2:
            continue
        logs = returned.elements[1]
        logs_type = ctx.values.value(logs).type
        if logs_type in _NOT_LOGS:
            _report(ctx, hiprim, "vjp_bwd", logs, logs_type, accumulates=False, logs_element=True)


def _accumulates(method: FunctionDef) -> bool:
    """Whether the method's body calls `<something>.accum(...)`."""
    stack: list[ast.AST] = list(method.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "accum":
            return True
        stack.extend(ast.iter_child_nodes(node))
    return False


def _report(ctx: Context, hiprim: HiPrimClass, method: str, value: ast.expr, returned: str,
            accumulates: bool, logs_element: bool = False) -> None:
    template = _template(method)
    values = {"type(log).__name__": returned}
    shown = {}
    if hiprim.subclassed:  # JAX names the class of the instance, maybe a subclass
        shown["type(_prim).__name__"] = hiprim.name
    else:
        values["type(_prim).__name__"] = hiprim.name
    note = ""
    if returned in ("ArrayImpl", "ndarray"):
        note = " (under jax.jit, a tracer type is named instead)"
    if logs_element:
        note += ("\nHiPrim's `vjp_bwd` returns the second element of what `vjp_bwd_retval_logs` "
                 "returns as the logs, so JAX names `vjp_bwd`.")
    elif method == "vjp_bwd":
        note += ("\n`vjp_bwd` hands each input's cotangent to its accumulator (`acc.accum(ct)`) "
                 "and returns only the logs; to return the cotangents instead, name the method "
                 "`vjp_bwd_retval(self, res, g)`.")
    ctx.report(value, values=values, shown=shown, note=note,
               message=fill(template, {**values, **shown}),
               predicted=fill(template, values, escape=True),
               data=BwdLogsNotDict(ctx.span(value), ctx.segment(value), returned, method,
                                   accumulates, logs_element))


# ------------------------------------------------------------------------------------ fix
def fix(lines: Lines, finding: Finding) -> list[Fix]:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.statement import doc_for

    data = finding.data
    assert isinstance(data, BwdLogsNotDict)
    doc = doc_for(lines, data.return_span)
    node = doc.expression(data.return_span, data.return_source) if doc is not None else None
    if doc is None or node is None:
        return []
    if data.logs_element:
        edit = doc.edit({id(node): lambda _u: cst.Name("None")})
        if edit is None:
            return []
        return [Fix("Log nothing: None as the second element", False,
                    "JAX accepts None as the logs and the cotangents are unchanged, but the "
                    "values meant to be logged are no longer returned.",
                    (edit,), "return-none")]
    if not data.accumulates or not doc.is_return_value(node):
        return []
    edit = doc.edit({id(node): lambda _u: cst.Name("None")})
    if edit is None:
        return []
    return [Fix("Return None (no backward-pass logs)", False,
                f"JAX accepts None from `{data.method}`, and the method already hands cotangents "
                "to an accumulator; but the returned value is dropped, so if it is a cotangent no "
                "accumulator receives, its gradient becomes zero.",
                (edit,), "return-none")]


RULE = Rule(
    code="JXE060",
    catalog_id="hiprim-bwd-logs-not-dict",
    triggers=("HiPrim",),
    check=check,
    data=BwdLogsNotDict,
    fix=fix,
    fix_ids=("return-none",),
)
