"""JXE012 vjp-ref-primal-without-refs.

What it does: finds a VJP function applied without gradient refs, `f_vjp(ct)`,
`f_vjp.with_logs(ct)` or `f_vjp.with_refs()`, when a primal given to `jax.vjp` is a `Ref`
(`jax.new_ref(...)`, or a name bound once to it, at any depth of the primal pytrees).

Why is this bad: the gradient of a Ref argument must be accumulated into a gradient ref (or
skipped); applied directly, the VJP function would return every gradient as a value, and JAX
raises ValueError before the backward pass.

Silent when a primal leaf before the Ref may itself be a Ref (unknown values) or when the
application passes other than one cotangent.

Fixes, when every primal is a single leaf: bind fresh gradient refs for the Ref primals
(`w_grad = jax.new_ref(jnp.zeros_like(w))` before the statement, then
`f_vjp.with_refs(w_grad, jax.ad.GradValue())(ct)`), or skip their gradients with
`jax.ad.DontWant()`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.pytree import Leaf
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.vjp_calls import direct_applications, plain_primals
from jaxerr_lsp.families.vjp_refs import NOT_REF_KINDS, makes_refs, arg_name, first_ref_leaf

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
class GradRefs(RuleData):
    """`w_ref_grad = jax.new_ref(jnp.zeros_like(w_ref))` before the statement, and the VJP
    function bound to those refs (GradValue() for the other primals)."""

    bindings: list[str]  # the statements to insert
    names: list[str]  # the new refs
    replacement: Insertion  # `f_vjp` -> `f_vjp.with_refs(w_ref_grad, jax.ad.GradValue())`


@dataclass(frozen=True)
class NoRefs(RuleData):
    insertion: Insertion | None
    grad_refs: GradRefs | None = None


def check(ctx: Context) -> None:
    if not makes_refs(ctx):
        return
    for application in direct_applications(ctx):
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
                   data=NoRefs(_insertion(ctx, application.call, primals),
                               _grad_refs(ctx, application.call, primals)))


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
    return _with_entries(ctx, call, ", ".join(entries))


def _grad_refs(ctx: Context, call: ast.Call, primals: list[ast.expr]) -> GradRefs | None:
    """A fresh gradient ref for each Ref primal that is a name meaning the same where the VJP
    function is applied; `GradValue()` for the others."""
    model = ctx.model
    jax_alias = next(iter(model.aliases_of("jax")), None)
    jnp_alias = next(iter(model.aliases_of("jax.numpy")), None)
    if jax_alias is None or jnp_alias is None:
        return None
    taken: set[str] = set()  # names given here (the file's own: `ctx.mentions`)
    entries, bindings, names = [], [], []
    for primal in primals:
        tree = ctx.values.structure(primal)
        if not isinstance(tree, Leaf):
            return None
        if tree.kind in NOT_REF_KINDS:
            entries.append(f"{jax_alias}.ad.GradValue()")
            continue
        if tree.kind != "Ref" or not isinstance(primal, ast.Name):
            return None
        binding = model.binding_of(primal)
        if binding is None or model.call_scope.get(id(call)) is not binding.scope:
            return None
        name = f"{primal.id}_grad"
        while name in taken or ctx.mentions(name, whole_word=True):
            name += "_"
        taken.add(name)
        bindings.append(f"{name} = {jax_alias}.new_ref({jnp_alias}.zeros_like({primal.id}))")
        names.append(name)
        entries.append(name)
    replacement = _with_entries(ctx, call, ", ".join(entries))
    return GradRefs(bindings, names, replacement) if replacement is not None else None


def _with_entries(ctx: Context, call: ast.Call, text: str) -> Insertion | None:
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
    fixes = []
    grad_refs = data.grad_refs
    if grad_refs is not None:
        fixes.extend(_grad_refs_fix(lines, grad_refs))
    insertion = data.insertion
    if insertion is not None and holds(lines, insertion.at, insertion.source):
        why = ("JAX then skips the gradient of each Ref argument (the result holds `DidntWant()` "
               "there) and returns the other gradients as values, as before; to keep a Ref's "
               "gradient, pass a gradient ref at its position instead.")
        fixes.append(Fix(f"Skip the Ref gradients: with_refs({insertion.entries})", False, why,
                         (TextEdit(insertion.at, insertion.text),), "dont-want-ref-gradients"))
    return fixes


def _grad_refs_fix(lines: Lines, grad_refs: GradRefs) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.locate import enclosing_statement
    from jaxerr_lsp.fixes.text import holds

    replacement = grad_refs.replacement
    if not grad_refs.bindings or not holds(lines, replacement.at, replacement.source) \
            or any("\n" in b or "\r" in b for b in grad_refs.bindings):
        return []
    statement = enclosing_statement(lines, replacement.at)
    if statement is None:
        return []
    line, column = statement.start
    prefix = lines.line(line)[:column]
    if prefix.strip():  # `x = 1; _, g = f_vjp(ct)`: join with semicolons
        added = "".join(f"{b}; " for b in grad_refs.bindings)
    else:
        added = "".join(f"{b}{lines.newline}{prefix}" for b in grad_refs.bindings)
    names = ", ".join(f"`{n}`" for n in grad_refs.names)
    why = (f"Creates {names}, zero refs shaped like the Ref arguments, and binds them with "
           "`with_refs` (`GradValue()` for the other arguments): the Refs' gradients are added "
           "into them, and the result holds `GradRef()` at their positions instead of arrays.")
    return [Fix(f"Accumulate the Ref gradients into new refs: {', '.join(grad_refs.names)}", False,
                why, (TextEdit(Span(line, column, line, column), added),
                      TextEdit(replacement.at, replacement.text)), "grad-refs-for-refs")]


RULE = Rule(
    code="JXE012",
    catalog_id="vjp-ref-primal-without-refs",
    triggers=("new_ref",),
    check=check,
    data=NoRefs,
    fix=fix,
    fix_ids=("grad-refs-for-refs", "dont-want-ref-gradients"),
)
