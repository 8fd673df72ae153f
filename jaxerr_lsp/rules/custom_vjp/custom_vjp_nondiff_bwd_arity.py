"""JXE051 custom-vjp-nondiff-bwd-arity.

What it does: for a custom_vjp function of this file with literal, non-empty
`nondiff_argnums`, finds the bwd rule (a def or lambda of this file) registered with
`defvjp`, `defvjp_with_logs` or `defvjp_with_accums` that has fewer positional parameters
than JAX passes it: the nondiff arguments, the residuals and the cotangent (and, with
accumulators, one accumulator per differentiable argument). Silent for bwd rules with
`*args` or keyword-only parameters, a single positional parameter (Python words that
differently), and when the primal's signature is not shown (accumulators).

Why is this bad: the backward pass raises Python's TypeError when JAX calls bwd.

Fix: prepend the primal's nondiff parameter names to bwd's parameters (safe when exactly
those are missing and the names are unused in bwd).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import REGISTRATION_METHODS, FunctionNode, Registration, registrations
from jaxerr_lsp.families.custom_vjp_calls import span_fits
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.model import Scope
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.analysis.values import Signature

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class BwdArity(RuleData):
    first_parameter: Span | None  # bwd's first parameter; None: no fix
    parameters: str  # "n, m, " to write before it
    safe: bool


def _qualname(ctx: Context, function: FunctionNode) -> str | None:
    """Python's `__qualname__` of a def or lambda of this file."""
    own = "<lambda>" if isinstance(function, ast.Lambda) else function.name
    parts = [own]
    scope: Scope | None = ctx.model.scope_of_node.get(id(function))
    scope = scope.parent if scope is not None else None
    while scope is not None and scope.kind != "module":
        node = scope.node
        if scope.kind == "class" and isinstance(node, ast.ClassDef):
            parts.append(node.name)
        elif scope.kind == "function" and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            parts.append(f"{node.name}.<locals>")
        elif scope.kind == "lambda":
            parts.append("<lambda>.<locals>")
        else:
            return None  # a comprehension: Python's naming there is not worth guessing
        scope = scope.parent
    return ".".join(reversed(parts))


def _given(registration: Registration) -> int | None:
    """How many positional arguments JAX passes the bwd rule."""
    custom_vjp = registration.custom_vjp
    nondiff = custom_vjp.nondiff_argnums
    if not nondiff:
        return None
    given = len(nondiff) + 2
    if registration.method == "defvjp_with_accums":
        primal = custom_vjp.primal
        if primal is None:
            return None
        signature = Signature.of(primal.args)
        if signature.vararg or signature.keyword_only:
            return None
        given += len(signature.positional) - len(nondiff)
    return given


def _used_inside(ctx: Context, name: str, function: FunctionNode) -> bool:
    """Whether `name` is read anywhere inside `function` (nested scopes included)."""
    own = ctx.model.scope_of_node.get(id(function))
    for use in ctx.model.uses.get(name, ()):
        scope: Scope | None = use.scope
        while scope is not None:
            if scope is own:
                return True
            scope = scope.parent
    return False


def _fix_data(ctx: Context, registration: Registration, bwd: FunctionNode, signature: Signature,
              given: int) -> BwdArity:
    custom_vjp = registration.custom_vjp
    nondiff = custom_vjp.nondiff_argnums or ()
    primal = custom_vjp.primal
    arguments = [*bwd.args.posonlyargs, *bwd.args.args]
    if primal is None or not arguments:
        return BwdArity(None, "", False)
    primal_parameters = Signature.of(primal.args).positional
    if any(i < 0 or i >= len(primal_parameters) for i in nondiff):
        return BwdArity(None, "", False)
    names = [primal_parameters[i] for i in nondiff]
    if set(names) & set(signature.positional):
        return BwdArity(None, "", False)
    safe = (len(signature.positional) + len(names) == given and not signature.defaults
            and not any(_used_inside(ctx, n, bwd) for n in names))
    return BwdArity(ctx.span(arguments[0]), "".join(f"{n}, " for n in names), safe)


def check(ctx: Context) -> None:
    for method in REGISTRATION_METHODS:
        for registration in registrations(ctx, method):
            bwd = registration.bwd
            given = _given(registration)
            if bwd is None or given is None or not registration.custom_vjp.plain:
                continue
            signature = Signature.of(bwd.args)
            if signature.vararg or signature.keyword_only:
                continue
            takes = len(signature.positional)
            if takes >= given:
                continue
            required = takes - sum(1 for p in signature.positional if p in signature.defaults)
            if required != takes:
                takes_text = f"from {required} to {takes}"
            elif takes == 1:
                continue  # "takes 1 positional argument": another wording
            else:
                takes_text = str(takes)
            values = {"takes": takes_text, "given": str(given)}
            qualname = _qualname(ctx, bwd)
            if qualname is not None:
                values["bwd"] = qualname
            ctx.report(
                ctx.name_span(bwd), values=values,
                note="\nWith nondiff_argnums, JAX calls bwd(*nondiff_args, res, g"
                     + (", *accums)." if method == "defvjp_with_accums" else ")."),
                related=(Related(ctx.span(registration.call), f"bwd rule registered with `{method}` here"),),
                data=_fix_data(ctx, registration, bwd, signature, given))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, BwdArity)
    if data.first_parameter is None or not span_fits(lines, data.first_parameter):
        return []
    first = lines.text(data.first_parameter)
    if not first.isidentifier() and ":" not in first:
        return []
    why = ("bwd lacked exactly the nondiff arguments, whose names it does not use: it now takes "
           "them first, as JAX calls it." if data.safe else
           "The nondiff parameters are added first, as JAX calls bwd; the existing parameters "
           "may have been meant for other arguments.")
    shown = data.parameters.rstrip(", ")
    return [Fix(f"Take the nondiff arguments first: {shown}, ...", data.safe, why,
                (TextEdit(data.first_parameter, data.parameters + first),), "prepend-nondiff-parameters")]


RULE = Rule(
    code="JXE051",
    catalog_id="custom-vjp-nondiff-bwd-arity",
    triggers=("nondiff_argnums",),
    check=check,
    data=BwdArity,
    fix=fix,
    fix_ids=("prepend-nondiff-parameters",),
)
