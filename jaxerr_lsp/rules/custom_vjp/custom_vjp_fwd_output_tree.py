"""JXE043 custom-vjp-fwd-output-tree.

What it does: finds fwd rules whose output (the first element of the returned pair) is
certainly another pytree than what the custom_vjp function returns (`(y,), res` for a function
returning `y`), for a custom_vjp function called directly in code a staging transformation
traces itself: the body of a `jax.lax.scan` (or another lax body), of a def decorated with
`@jax.jit` or `@jax.checkpoint`, of a function passed straight to `jax.jit(f)` /
`jax.checkpoint(f)`; or of a helper only such code calls (three deep).

Why only there: JAX's default custom_vjp implementation compares the two structures only when
it has traced the function before calling the fwd rule, which a staging trace does
(`jax.grad(jax.jit(g))`, a checkpointed or scanned block: measured under JAX 0.12.0.1). Under a
plain `jax.grad`, and under `jax.jit(jax.grad(g))` (the jit is outside the differentiation), it
raises another error (the output is not a scalar), and `jax.vjp` accepts the fwd rule's
structure silently; only `jax_custom_vjp3=True` checks every call. A finding must predict what
users see on the default path, so the rule stays silent elsewhere. The structures are compared
where the code shows both (`pytree.differences`): a helper's `[out, lse]` of parameters against
the fwd rule's `(out, lse)` differ whatever the arrays are; a part the code does not show (a
parameter, a call into other code) differs from nothing. Every return of the function must
differ from the fwd rule's output.

Why is this bad: JAX raises TypeError when the scan is differentiated.

Fix: the fwd rule's output -> a call of the custom_vjp function with the fwd rule's parameters
(`return (jnp.sin(x),), x` -> `return soft_sin(x), x`), when the fwd rule takes exactly the
function's parameters.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import FunctionNode, Registration, registrations, returned_values
from jaxerr_lsp.families.custom_vjp_outputs import function_name, registered_once, tree_text
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.model import DEF, ModuleModel
from jaxerr_lsp.analysis.pytree import NoneNode, Structure, describe, differences
from jaxerr_lsp.analysis.tracing import STAGING, TRANSFORMS
from jaxerr_lsp.engine.rule import Context, Rule, shorten

NONE = NoneNode()
from jaxerr_lsp.analysis.values import Signature

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class FwdOutputTree(RuleData):
    output_span: Span  # the fwd rule's output expression
    output_source: str
    fwd_structure: str  # as JAX prints a PyTreeDef's inside, each leaf as * (? unknown parts)
    primal_structure: str
    # `f(x, w)`: the custom_vjp function called with the fwd rule's parameters, when the fwd
    # rule takes exactly the function's parameters and sees its name; else None.
    primal_call: str | None


def _primal_structures(ctx: Context, primal: FunctionNode) -> list[Structure]:
    """What each return of the custom_vjp function shows of its structure (unknown parts
    stay unknown: `[?, ?, ?]` for a helper's `[out, lse, amax]` of parameters)."""
    return [NONE if value is None else ctx.values.value(value).tree
            for value, _node in returned_values(ctx.model, primal)]


def _structure_text(tree: Structure) -> str:
    """As JAX prints it, each array as * (and ? for a part the code does not show)."""
    text = tree_text(tree)
    return text if text is not None else describe(tree)


def _scan_bodies(model: ModuleModel) -> dict[int, ast.Call]:
    """id of each function of this file passed as the body of a `jax.lax.scan` (defs and
    lambdas) -> the first scan call that takes it."""
    bodies: dict[int, ast.Call] = {}
    for site in model.calls_to("jax.lax.scan"):
        body = next((k.value for k in site.keywords if k.arg == "f"), None)
        if body is None and site.args and not isinstance(site.args[0], ast.Starred):
            body = site.args[0]
        if isinstance(body, ast.Lambda):
            bodies.setdefault(id(body), site.call)
        elif isinstance(body, ast.Name):
            binding = model.binding_of(body)
            if binding is not None and binding.kind == DEF:
                bodies.setdefault(id(binding.node), site.call)
    return bodies


_HELPER_DEPTH = 3  # helpers followed up from the custom_vjp function's call


def _staged_call(ctx: Context, registration: Registration) -> tuple[ast.Call, ast.AST, str] | None:
    """A direct call of the custom_vjp function in code a staging transformation traces
    itself (`_staging_site`), with that transformation's site and name."""
    receiver = registration.call.func
    assert isinstance(receiver, ast.Attribute)
    if not isinstance(receiver.value, ast.Name):
        return None
    binding = ctx.model.binding_of(receiver.value)
    if binding is None:
        return None
    bodies = _scan_bodies(ctx.model)
    for use in ctx.model.uses_of(binding):
        parent = use.parent
        if not isinstance(parent, ast.Call) or parent.func is not use.node:
            continue
        scan = bodies.get(id(use.scope.node))
        if scan is not None:
            return parent, scan, "jax.lax.scan"
        staged = _staging_site(ctx, use.scope.node, 0)
        if staged is not None:
            return parent, *staged
    return None


def _staging_site(ctx: Context, function: ast.AST, depth: int) -> tuple[ast.AST, str] | None:
    """Where a staging transformation traces `function` itself (decorated by it, passed
    straight to it: not an outer layer, `jax.jit(jax.grad(f))`), or, for a helper that only
    such code calls, the first caller's; None otherwise."""
    traced = ctx.tracing.traced(function)
    if traced is None:
        return None
    for transform in traced.transforms:
        if transform.qualname in STAGING and _traces_itself(ctx, transform.site, transform.qualname, function):
            return transform.site, transform.qualname
    if traced.transforms or traced.origins or not traced.called_from or depth >= _HELPER_DEPTH:
        return None
    first: tuple[ast.AST, str] | None = None
    for call in traced.called_from:
        caller = ctx.tracing.enclosing(call)
        staged = _staging_site(ctx, caller.function, depth + 1) if caller is not None else None
        if staged is None:
            return None
        first = first or staged
    return first


def _traces_itself(ctx: Context, site: ast.AST, qualname: str, function: ast.AST) -> bool:
    """Whether the transformation at `site` is given `function` itself: its decorator, or a
    call that passes it (the def's name, the lambda) where the transformation takes functions."""
    if any(site is decorator for decorator in getattr(function, "decorator_list", ())):
        return True
    call = ctx.model.call_site(site) if isinstance(site, ast.Call) else None
    kind = TRANSFORMS.get(qualname)
    if call is None or kind is None or not call.complete:
        return False
    return any(p is function or isinstance(p, ast.Name) and ctx.model.function_of(p) is function
               for p in ctx.tracing.functions_passed(call, kind))


def check(ctx: Context) -> None:
    found = (registrations(ctx, "defvjp") + registrations(ctx, "defvjp_with_logs")
             + registrations(ctx, "defvjp_with_accums"))
    for registration in registered_once(found):
        primal = registration.custom_vjp.primal
        if registration.fwd is None or primal is None or not registration.custom_vjp.plain:
            continue
        found_call = _staged_call(ctx, registration)
        if found_call is None:
            continue
        primal_structures = _primal_structures(ctx, primal)
        if not primal_structures:
            continue
        for value, _node in returned_values(ctx.model, registration.fwd):
            _check_return(ctx, registration, value, primal_structures, *found_call)


def _check_return(ctx: Context, registration: Registration, value: ast.expr | None,
                  primal_structures: list[Structure], call: ast.Call, site: ast.AST,
                  transform: str) -> None:
    if value is None:
        return
    pair = ctx.values.value(value)
    if pair.type not in ("tuple", "list") or pair.elements is None or len(pair.elements) != 2:
        return  # not a pair: JXE042's error, raised first
    output = pair.elements[0]
    fwd_tree = ctx.values.value(output).tree
    # Whichever return of the function runs, the structures differ where the code shows both
    # (a list against a tuple, three children against a leaf): JAX compares the whole trees.
    if not all(any(differences(primal, fwd_tree)) for primal in primal_structures):
        return
    fwd_structure = _structure_text(fwd_tree)
    primal_structure = " or ".join(sorted({_structure_text(p) for p in primal_structures}))
    legend = "each array shown as *" + (", ? for what the code does not show"
                                         if "?" in fwd_structure + primal_structure else "")
    values = {}
    fwd_name = function_name(registration.fwd)
    primal_name = function_name(registration.custom_vjp.primal)
    if fwd_name is not None:
        values["fwd_name"] = fwd_name
    if primal_name is not None:
        values["primal_name"] = primal_name
    span = ctx.span(output)
    ctx.report(
        span, values=values,
        shown={"str(ty_tree).replace(\"'\", '')":
               f"{fwd_structure} (`{shorten(ctx.segment(output))}`, {legend})",
               "str(ty_tree_).replace(\"'\", '')": f"{primal_structure} ({legend})"},
        related=(Related(ctx.span(call), f"called here, in code `{transform}` traces before the "
                                         "differentiation calls the fwd rule"),
                 Related(ctx.span(site), f"traced by `{transform}` here"),
                 Related(ctx.span(registration.call),
                         f"fwd rule registered with `{registration.method}` here")),
        data=FwdOutputTree(span, ctx.segment(output), fwd_structure, primal_structure,
                           _primal_call(ctx, registration)))


def _primal_call(ctx: Context, registration: Registration) -> str | None:
    """`f(x, w)` when the fwd rule's parameters are exactly the custom_vjp function's (plain
    positional ones, same names, same order) and the name `f` means the function there."""
    fwd, primal = registration.fwd, registration.custom_vjp.primal
    receiver = registration.call.func
    if fwd is None or primal is None or not isinstance(receiver, ast.Attribute) \
            or not isinstance(receiver.value, ast.Name):
        return None
    ours, theirs = Signature.of(fwd.args), Signature.of(primal.args)
    for signature in (ours, theirs):
        if signature.vararg or signature.keyword_only or signature.kwarg:
            return None
    if ours.positional != theirs.positional or registration.custom_vjp.nondiff_argnums != ():
        return None
    name = receiver.value.id
    binding = ctx.model.binding_of(receiver.value)
    scope = ctx.model.scope_of_node.get(id(fwd))
    if binding is None or scope is None or name in ours.positional \
            or ctx.model.resolve_scope(name, scope) is not binding.scope:
        return None
    return f"{name}({', '.join(ours.positional)})"


# ------------------------------------------------------------------------------------ fix
def fix(lines: Lines, finding: Finding) -> list[Fix]:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.statement import doc_for

    data = finding.data
    assert isinstance(data, FwdOutputTree)
    if data.primal_call is None:
        return []
    doc = doc_for(lines, data.output_span)
    if doc is None:
        return []
    node = doc.expression(data.output_span, data.output_source)
    if node is None:
        return []
    call = cst.parse_expression(data.primal_call)
    edit = doc.edit({id(node): lambda _u: call})
    if edit is None:
        return []
    why = ("The custom_vjp function's own output has its structure by construction, and with "
           "the fwd rule's arguments it is the value the fwd rule's output stands for.")
    return [Fix(f"Compute the output with the function itself: {data.primal_call}", True, why,
                (edit,), "call-the-function")]


RULE = Rule(
    code="JXE043",
    catalog_id="custom-vjp-fwd-output-tree",
    triggers=("defvjp",),
    check=check,
    data=FwdOutputTree,
    fix=fix,
    fix_ids=("call-the-function",),
)
