"""JXE040 custom-vjp-bwd-structure.

What it does: finds bwd rules registered with `custom_vjp.defvjp` that return, on some path,
something that is certainly not a tuple with one cotangent per differentiable argument of the
primal function: a single array or number, `None`, a dict, a string, or a tuple or list display
of another length. Also the cotangents of a well-formed `(in_cts, logs)` pair returned by a
`defvjp_with_logs` rule (logs `None` or a dict: otherwise JXE002/JXE003 come first).

It stays silent where the code does not show enough: the number of arguments (`*args`,
keyword-only parameters, a decorator between `jax.custom_vjp` and the def, `nondiff_argnums`
or `nondiff_argnames` it cannot read), a returned value of unknown type or length (a
parameter, a call into other code, a value JAX handed in), a custom_vjp registered twice.

Why is this bad: JAX raises TypeError (ValueError for a wrong length with
`jax_custom_vjp3=True`) when the bwd rule runs, that is when the function is differentiated.

Fix: a single cotangent of a one-argument function -> a one-element tuple `(ct,)`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import Registration, registrations, returned_values
from jaxerr_lsp.families.custom_vjp_outputs import pytreedef_text, registered_once
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, shorten

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# Types that are never a tuple of cotangents (JAX: "must produce a tuple but got <class ...>").
_NOT_A_TUPLE = {"ArrayImpl", "ndarray", "int", "float", "complex", "bool", "NoneType", "dict", "str"}
_ARRAYS = {"ArrayImpl", "ndarray"}
_SINGLE_KINDS = _ARRAYS | {"int", "float", "complex", "bool"}


@dataclass(frozen=True)
class BwdStructure(RuleData):
    cts_span: Span  # the returned cotangents (the def's name when there is no return)
    cts_source: str
    cts_kind: str  # the type of the returned cotangents, as JAX names it
    arity: int  # the cotangents JAX expects


def _cotangents(ctx: Context, registration: Registration,
                value: ast.expr | None) -> list[ast.expr | None]:
    """What holds the cotangents of one return, as a list of one (None: the rule returns
    None): the returned value for `defvjp`, the first element of a well-formed
    `(in_cts, logs)` pair for `defvjp_with_logs`. Empty when there is nothing to check (a pair
    JAX rejects before, or a value the code does not show)."""
    if registration.method == "defvjp":
        return [value]
    if value is None:
        return []
    pair = ctx.values.value(value)
    if pair.type not in ("tuple", "list") or pair.elements is None or len(pair.elements) != 2:
        return []  # not a pair: JXE003's error, raised first
    logs = pair.elements[1]
    if not (isinstance(logs, ast.Constant) and logs.value is None) and \
            ctx.values.value(logs).type != "dict":
        return []  # logs JAX may reject first (JXE002), or cannot be seen
    return [pair.elements[0]]


def check(ctx: Context) -> None:
    found = registrations(ctx, "defvjp") + registrations(ctx, "defvjp_with_logs")
    for registration in registered_once(found):
        arity = registration.arity
        if registration.bwd is None or arity is None:
            continue
        for value, node in returned_values(registration.bwd):
            for cts in _cotangents(ctx, registration, value):
                _check_cotangents(ctx, registration, arity, cts, node)


def _check_cotangents(ctx: Context, registration: Registration, arity: int,
                      cts: ast.expr | None, node: ast.AST) -> None:
    tree_text: str | None
    if cts is None:
        kind, tree_text, source = "NoneType", "PyTreeDef(None)", "None"
        span = ctx.name_span(node)
        shown = ("PyTreeDef(None) (the bwd rule has no return statement)"
                 if isinstance(node, ast.FunctionDef) else "PyTreeDef(None) (a bare `return`)")
    else:
        returned = ctx.values.value(cts)
        kind = returned.type or ""
        if kind in ("tuple", "list"):
            if returned.length is None or returned.length == arity:
                return
        elif kind not in _NOT_A_TUPLE:
            return
        source, span = ctx.segment(cts), ctx.span(cts)
        tree_text = pytreedef_text(returned.tree)
        if returned.length is not None:
            what = f"a {kind} of length {returned.length}"
        else:
            what = "an array" if kind in _ARRAYS else f"a {kind}"
        shown = f"{tree_text or what} (`{shorten(source)}`{'' if tree_text is None else ', ' + what})"
    values = {"in_tree2": tree_text} if tree_text is not None else {}
    entries = "entry" if arity == 1 else "entries"
    what = "`defvjp_with_logs`" if registration.method == "defvjp_with_logs" else "`defvjp`"
    ctx.report(
        span, values=values,
        shown={"in_tree2": shown,
               "in_tree": f"a tuple of {arity} {entries}, one per differentiable argument"},
        related=(Related(ctx.span(registration.call), f"bwd rule registered with {what} here"),),
        data=BwdStructure(span, source, kind, arity))


# ------------------------------------------------------------------------------------ fix
def fix(lines: Lines, finding: Finding) -> list[Fix]:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.nodes import preview_of
    from jaxerr_lsp.fixes.statement import doc_for

    data = finding.data
    assert isinstance(data, BwdStructure)
    if data.arity != 1 or data.cts_kind not in _SINGLE_KINDS:
        return []
    doc = doc_for(lines, data.cts_span)
    if doc is None:
        return []
    node = doc.expression(data.cts_span, data.cts_source)
    if node is None or isinstance(node, (cst.Tuple, cst.List)):
        return []
    inner = node.with_changes(lpar=[], rpar=[]) if getattr(node, "lpar", None) else node
    one = cst.Tuple([cst.Element(inner, comma=cst.Comma())])
    edit = doc.edit({id(node): lambda _u: one})
    if edit is None:
        return []
    safe = data.cts_kind in _ARRAYS
    why = ("The function has one differentiable argument and the rule returns one array, its "
           "cotangent: the one-element tuple is what JAX expects, and nothing else changes."
           if safe else
           "The function has one differentiable argument, so the returned value is taken as its "
           "cotangent; the code does not show that it is one array of the argument's type.")
    return [Fix(f"Return a one-element tuple: {preview_of(one, 50)}", safe, why, (edit,),
                "wrap-in-one-tuple")]


RULE = Rule(
    code="JXE040",
    catalog_id="custom-vjp-bwd-structure",
    triggers=("defvjp",),
    check=check,
    data=BwdStructure,
    fix=fix,
    fix_ids=("wrap-in-one-tuple",),
)
