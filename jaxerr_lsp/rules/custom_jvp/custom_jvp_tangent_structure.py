"""JXE111 custom-jvp-tangent-structure.

What it does: finds jvp rules (`@f.defjvp`, `f.defjvp(rule)`) of custom_jvp functions of the
file that return a pair `(primal_out, tangent_out)` whose two elements certainly have
different pytree structures: a tuple around the tangent of one array, `None` for a tangent, a
list of tangents for a tuple of outputs, a dict with other keys. The primal output's
structure comes from the value inference, or, for a call of the custom_jvp function itself
(`f(x)`, `out = f(x)`), from what its primal function returns on every path.

It stays silent where either structure is not fully shown at the place they differ, on
rules registered with `symbolic_zeros`, on functions registered twice.

Why is this bad: JAX raises TypeError when the function is differentiated.

Fix: `return y, (t,)` -> `return y, t` when the primal output is one leaf and the tangent a
one-element tuple or list around one leaf.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.pytree import Leaf, ListNode, TupleNode, describe, differences
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.custom_jvp import (JvpRegistration, primal_structure, registered_once,
                                            rule_parameters, rule_returns)
from jaxerr_lsp.families.custom_vjp_outputs import pytreedef_text

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class TangentStructure(RuleData):
    tangent_span: Span  # the returned tangent output
    tangent_source: str
    unwrap: bool  # a one-element tuple or list around one leaf, for a one-leaf primal output


def check(ctx: Context) -> None:
    for registration in registered_once(ctx):
        if registration.method != "defjvp" or rule_parameters(registration) is None:
            continue  # symbolic zeros, or a rule whose parameters JAX does not fill as seen
        for value, _ in rule_returns(ctx, registration):
            if value is not None:
                _check_pair(ctx, registration, value)


def _check_pair(ctx: Context, registration: JvpRegistration, value: ast.expr) -> None:
    pair = ctx.values.value(value)
    if pair.type not in ("tuple", "list") or pair.elements is None or len(pair.elements) != 2:
        return  # not a pair: JXE110's error, or not shown
    primal_expr, tangent_expr = pair.elements
    primal = primal_structure(ctx, registration, primal_expr)
    tangent = ctx.values.value(tangent_expr).tree
    if next(differences(primal, tangent), None) is None:
        return
    values: dict[str, str] = {}
    shown: dict[str, str] = {}
    for placeholder, tree in (("out_tree", primal), ("out_tree2", tangent)):
        text = pytreedef_text(tree)
        if text is not None:
            values[placeholder] = text
        else:
            shown[placeholder] = f"{describe(tree)} (? where the code does not show it)"
    if registration.rule_name is not None:
        values["jvp_name"] = registration.rule_name
    if registration.primal_name is not None:
        values["primal_name"] = registration.primal_name
    unwrap = isinstance(primal, Leaf) and isinstance(tangent, (TupleNode, ListNode)) \
        and len(tangent.children) == 1 and isinstance(tangent.children[0], Leaf) \
        and isinstance(tangent_expr, (ast.Tuple, ast.List))
    span = ctx.span(tangent_expr)
    ctx.report(span, values=values, shown=shown,
               related=(Related(ctx.span(primal_expr), "the primal output"),
                        Related(ctx.span(registration.node), "jvp rule registered here")),
               data=TangentStructure(span, ctx.segment(tangent_expr), unwrap))


# ------------------------------------------------------------------------------------ fix
def fix(lines: Lines, finding: Finding) -> list[Fix]:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.nodes import preview_of
    from jaxerr_lsp.fixes.statement import doc_for

    data = finding.data
    assert isinstance(data, TangentStructure)
    if not data.unwrap:
        return []
    doc = doc_for(lines, data.tangent_span)
    if doc is None:
        return []
    node = doc.expression(data.tangent_span, data.tangent_source)
    if not isinstance(node, (cst.Tuple, cst.List)) or len(node.elements) != 1 \
            or isinstance(node.elements[0], cst.StarredElement):
        return []
    inner = node.elements[0].value
    edit = doc.edit({id(node): lambda _u: inner})
    if edit is None:
        return []
    return [Fix(f"Return the tangent itself: {preview_of(inner, 50)}", False,
                "The primal output is one leaf, so its tangent is one leaf too: the container "
                "around the tangent goes. The tangent's shape and dtype are not checked here.",
                (edit,), "unwrap-tangent")]


RULE = Rule(
    code="JXE111",
    catalog_id="custom-jvp-tangent-structure",
    triggers=("defjvp",),
    check=check,
    data=TangentStructure,
    fix=fix,
    fix_ids=("unwrap-tangent",),
)
