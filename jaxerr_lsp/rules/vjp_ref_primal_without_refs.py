"""JXE012 vjp-ref-primal-without-refs.

What it does: finds a VJP function applied without gradient refs, `f_vjp(ct)`,
`f_vjp.with_logs(ct)` or `f_vjp.with_refs()`, when a primal given to `jax.vjp` is a `Ref`
(`jax.new_ref(...)`, or a name bound once to it, at any depth of the primal pytrees).

Why is this bad: the gradient of a Ref argument must be accumulated into a gradient ref (or
skipped); applied directly, the VJP function would return every gradient as a value, and JAX
raises ValueError before the backward pass.

Silent when a primal leaf before the Ref may itself be a Ref (unknown values) or when the
application passes other than one cotangent.

Fix: bind entries first: `f_vjp.with_refs(jax.ad.DontWant(), jax.ad.GradValue())(ct)`, with
`DontWant()` at each Ref and `GradValue()` elsewhere, when every primal is a single leaf.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.pytree import Leaf
from jaxerr_lsp.rule import Context, Rule
from jaxerr_lsp.vjp_calls import applications, plain_primals
from jaxerr_lsp.vjp_refs import NOT_REF_KINDS, makes_refs, arg_name, first_ref_leaf

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class Insertion(RuleData):
    at: Span  # the VJP function applied (`f_vjp`), or the whole `f_vjp.with_refs()` call
    source: str  # the code there now
    text: str  # what replaces it: `f_vjp.with_refs(...)`
    entries: str  # the entries alone, for the title


@dataclass(frozen=True)
class NoRefs(RuleData):
    insertion: Insertion | None


def check(ctx: Context) -> None:
    if not makes_refs(ctx):
        return
    for application in applications(ctx):
        primals = plain_primals(application.vjp)
        if primals is None:
            continue
        found = first_ref_leaf(ctx, primals)
        if found is None:
            continue
        path, ref_expr = found
        name = arg_name(ctx, application.vjp, path)
        values, shown = {}, {}
        if name is not None:
            values["_vjp_arg_name(jaxpr, in_tree, idx)"] = name
        else:
            shown["_vjp_arg_name(jaxpr, in_tree, idx)"] = f"the argument at position args{path}"
        ctx.report(application.call, values=values, shown=shown,
                   related=(Related(ctx.span(ref_expr if ref_expr is not None else application.vjp),
                                    f"primal `args{path}` of `jax.vjp`, a Ref"),),
                   data=NoRefs(_insertion(ctx, application.call, primals)))


def _insertion(ctx: Context, call: ast.Call, primals: list[ast.expr]) -> Insertion | None:
    """`.with_refs(<entries>)` after the VJP function (or the entries inside an empty
    `with_refs()`), when every primal is one leaf whose kind is known."""
    jax_alias = next(iter(ctx.model.aliases_of("jax")), None)
    if jax_alias is None:
        return None
    entries = []
    for primal in primals:
        tree = ctx.values.structure(primal)
        if not isinstance(tree, Leaf):
            return None
        if tree.kind == "Ref":
            entries.append(f"{jax_alias}.ad.DontWant()")
        elif tree.kind in NOT_REF_KINDS:
            entries.append(f"{jax_alias}.ad.GradValue()")
        else:
            return None
    text = ", ".join(entries)
    function = call.func
    if isinstance(function, ast.Attribute) and function.attr == "with_refs":
        written = ctx.segment(call)
        if not written.endswith("()"):
            return None
        return Insertion(ctx.span(call), written, f"{written[:-1]}{text})", text)
    written = ctx.segment(function)
    return Insertion(ctx.span(function), written, f"{written}.with_refs({text})", text)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.text import holds

    data = finding.data
    assert isinstance(data, NoRefs)
    insertion = data.insertion
    if insertion is None or not holds(lines, insertion.at, insertion.source):
        return []
    why = ("JAX then skips the gradient of each Ref argument (the result holds `DidntWant()` "
           "there) and returns the other gradients as values, as before; to keep a Ref's "
           "gradient, pass a gradient ref at its position instead.")
    return [Fix(f"Skip the Ref gradients: with_refs({insertion.entries})", False, why,
                (TextEdit(insertion.at, insertion.text),), "dont-want-ref-gradients")]


RULE = Rule(
    code="JXE012",
    catalog_id="vjp-ref-primal-without-refs",
    triggers=("new_ref",),
    check=check,
    data=NoRefs,
    fix=fix,
    fix_ids=("dont-want-ref-gradients",),
)
