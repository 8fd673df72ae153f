"""JXE042 custom-vjp-fwd-not-pair.

What it does: finds fwd rules registered with `custom_vjp.defvjp` (or `defvjp_with_logs`,
`defvjp_with_accums`) that return, on some path, something that is certainly not a pair
`(primal_out, residuals)`: one array or number, `None`, or a tuple or list display of another
length than two.

It stays silent on values of unknown type or length (a parameter, a call into other code), and
on a string or a dict (with `jax_custom_vjp3=True` one of length two unpacks, and another error
follows).

Why is this bad: JAX raises TypeError when the function is differentiated (with
`jax_custom_vjp3=True`, Python's unpacking error).

Fix: `return out` -> `return out, None`, offered only when the bwd rule never reads its
residuals.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import Registration, registrations, returned_values
from jaxerr_lsp.families.custom_vjp_outputs import function_name, registered_once
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.engine.rule import Context, Rule, shorten
from jaxerr_lsp.analysis.values import Signature

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

_NOT_A_PAIR = {"ArrayImpl", "ndarray", "int", "float", "complex", "bool", "NoneType"}
_ARRAYS = {"ArrayImpl", "ndarray"}


@dataclass(frozen=True)
class FwdNotPair(RuleData):
    return_span: Span  # the returned expression (the def's name when there is no return)
    return_source: str
    return_kind: str  # the type of the returned value, as JAX names it
    length: int | None  # a tuple or list display's length
    bwd_ignores_residuals: bool  # the bwd rule never reads its residuals parameter


def ignores_residuals(model: ModuleModel, registration: Registration) -> bool:
    """Whether the registration's bwd rule certainly never reads its residuals parameter (the
    one after the nondiff arguments)."""
    bwd, nondiff = registration.bwd, registration.custom_vjp.nondiff_argnums
    if bwd is None or nondiff is None:
        return False
    signature = Signature.of(bwd.args)
    if signature.vararg or len(signature.positional) <= len(nondiff):
        return False
    name = signature.positional[len(nondiff)]
    scope = model.scope_of_node.get(id(bwd))
    bindings = scope.bindings.get(name, []) if scope is not None else []
    if len(bindings) != 1 or not isinstance(bindings[0].node, ast.arg):
        return False
    return next(iter(model.uses_of(bindings[0])), None) is None


def check(ctx: Context) -> None:
    found = (registrations(ctx, "defvjp") + registrations(ctx, "defvjp_with_logs")
             + registrations(ctx, "defvjp_with_accums"))
    for registration in registered_once(found):
        if registration.fwd is None:
            continue
        for value, node in returned_values(registration.fwd):
            _check_return(ctx, registration, value, node)


def _check_return(ctx: Context, registration: Registration, value: ast.expr | None,
                  node: ast.AST) -> None:
    length: int | None = None
    if value is None:
        kind, source = "NoneType", "None"
        span = ctx.name_span(node)
        shown = ("None (the fwd rule has no return statement)" if isinstance(node, ast.FunctionDef)
                 else "None (a bare `return`)")
    else:
        returned = ctx.values.value(value)
        kind, length = returned.type or "", returned.length
        if kind in ("tuple", "list"):
            if length is None or length == 2:
                return
        elif kind not in _NOT_A_PAIR:
            return
        source, span = ctx.segment(value), ctx.span(value)
        what = (f"a {kind} of length {length}" if length is not None
                else "an array" if kind in _ARRAYS else f"a {kind}")
        shown = f"`{shorten(source)}` ({what})"
    values = {}
    fwd_name = function_name(registration.fwd)
    primal_name = function_name(registration.custom_vjp.primal)
    if fwd_name is not None:
        values["fwd_name"] = fwd_name
    if primal_name is not None and registration.custom_vjp.plain:
        values["primal_name"] = primal_name
    ctx.report(
        span, values=values, shown={"pair_out": shown},
        related=(Related(ctx.span(registration.call),
                         f"fwd rule registered with `{registration.method}` here"),),
        data=FwdNotPair(span, source, kind, length, ignores_residuals(ctx.model, registration)))


# ------------------------------------------------------------------------------------ fix
def fix(lines: Lines, finding: Finding) -> list[Fix]:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.nodes import pair_with_none, preview_of
    from jaxerr_lsp.fixes.statement import doc_for

    data = finding.data
    assert isinstance(data, FwdNotPair)
    if not data.bwd_ignores_residuals or data.return_kind == "NoneType":
        return []
    doc = doc_for(lines, data.return_span)
    if doc is None:
        return []
    node = doc.expression(data.return_span, data.return_source)
    if node is None:
        return []
    if isinstance(node, (cst.Tuple, cst.List)):
        if len(node.elements) != 1 or isinstance(node.elements[0], cst.StarredElement):
            return []
        only = node.elements[0].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        new: cst.BaseExpression = node.with_changes(elements=[only, cst.Element(cst.Name("None"))])
        safe = False
        why = ("The bwd rule never reads its residuals, so None residuals change nothing there; "
               "the one element is taken as the output, though the tuple itself may have been "
               "meant as the output.")
    elif data.return_kind in _ARRAYS or data.return_kind in _NOT_A_PAIR:
        new = pair_with_none(node, bare=doc.is_return_value(node))
        safe = data.return_kind in _ARRAYS
        why = ("The bwd rule never reads its residuals and the fwd rule returns one array, its "
               "output: pairing it with None residuals is what JAX expects, and nothing else "
               "changes." if safe else
               "The bwd rule never reads its residuals, so the returned value is paired with None "
               "residuals; the code does not show that this value is the primal output.")
    else:
        return []
    edit = doc.edit({id(node): lambda _u: new})
    if edit is None:
        return []
    return [Fix(f"Return the output with no residuals: {preview_of(new, 50)}", safe, why,
                (edit,), "pair-with-no-residuals")]


RULE = Rule(
    code="JXE042",
    catalog_id="custom-vjp-fwd-not-pair",
    triggers=("defvjp",),
    check=check,
    data=FwdNotPair,
    fix=fix,
    fix_ids=("pair-with-no-residuals",),
)
