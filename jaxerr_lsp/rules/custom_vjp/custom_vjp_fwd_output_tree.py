"""JXE043 custom-vjp-fwd-output-tree.

What it does: finds fwd rules whose output (the first element of the returned pair) is
certainly another pytree than what the custom_vjp function returns (`(y,), res` for a function
returning `y`), for a custom_vjp function called directly in the body of a `jax.lax.scan` of
this file.

Why only there: JAX's default custom_vjp implementation compares the two structures only when
it has traced the function before calling the fwd rule, which a `jax.lax.scan` body does. Under
a plain `jax.grad` it raises another error (the output is not a scalar), and `jax.vjp` accepts
the fwd rule's structure silently; only `jax_custom_vjp3=True` checks every call. A finding
must predict what users see on the default path, so the rule stays silent elsewhere, as it does
wherever a structure is not fully shown (a parameter, a call into other code).

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
from jaxerr_lsp.engine.rule import Context, Rule, shorten
from jaxerr_lsp.analysis.values import Signature

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class FwdOutputTree(RuleData):
    output_span: Span  # the fwd rule's output expression
    output_source: str
    fwd_structure: str  # as JAX prints a PyTreeDef's inside, each leaf as *
    primal_structure: str
    # `f(x, w)`: the custom_vjp function called with the fwd rule's parameters, when the fwd
    # rule takes exactly the function's parameters and sees its name; else None.
    primal_call: str | None


def _primal_structure(ctx: Context, primal: FunctionNode) -> str | None:
    """The one structure every return of the custom_vjp function certainly has, or None."""
    found: set[str | None] = set()
    for value, _node in returned_values(primal):
        found.add("None" if value is None else tree_text(ctx.values.value(value).tree))
    if len(found) != 1:
        return None
    return found.pop()


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


def _called_in_scan_body(ctx: Context, registration: Registration) -> tuple[ast.Call, ast.Call] | None:
    """A direct call of the custom_vjp function inside a scan body, and the scan call that
    takes that body, if there is one."""
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
        if isinstance(parent, ast.Call) and parent.func is use.node and id(use.scope.node) in bodies:
            return parent, bodies[id(use.scope.node)]
    return None


def check(ctx: Context) -> None:
    if not ctx.model.calls_to("jax.lax.scan"):
        return
    found = (registrations(ctx, "defvjp") + registrations(ctx, "defvjp_with_logs")
             + registrations(ctx, "defvjp_with_accums"))
    for registration in registered_once(found):
        primal = registration.custom_vjp.primal
        if registration.fwd is None or primal is None or not registration.custom_vjp.plain:
            continue
        found_call = _called_in_scan_body(ctx, registration)
        if found_call is None:
            continue
        call, scan = found_call
        primal_structure = _primal_structure(ctx, primal)
        if primal_structure is None:
            continue
        for value, _node in returned_values(registration.fwd):
            _check_return(ctx, registration, value, primal_structure, call, scan)


def _check_return(ctx: Context, registration: Registration, value: ast.expr | None,
                  primal_structure: str, call: ast.Call, scan: ast.Call) -> None:
    if value is None:
        return
    pair = ctx.values.value(value)
    if pair.type not in ("tuple", "list") or pair.elements is None or len(pair.elements) != 2:
        return  # not a pair: JXE042's error, raised first
    output = pair.elements[0]
    fwd_structure = tree_text(ctx.values.value(output).tree)
    if fwd_structure is None or fwd_structure == primal_structure:
        return
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
               f"{fwd_structure} (`{shorten(ctx.segment(output))}`, each array shown as *)",
               "str(ty_tree_).replace(\"'\", '')": f"{primal_structure} (each array shown as *)"},
        related=(Related(ctx.span(call), "called in the body of a `jax.lax.scan` here"),
                 Related(ctx.span(scan), "the body is traced by `jax.lax.scan` here"),
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
