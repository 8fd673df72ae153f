"""JXE031 custom-vjp-accums-logs-not-dict.

What it does: finds bwd rules registered with `custom_vjp.defvjp_with_accums` that return, on
some path, something that is certainly neither `None` nor a plain dict: a tuple (the
cotangents, as a `defvjp` rule returns them, or the accumulators), a list, a string, a number,
an array, a dict subclass.

Why is this bad: such a rule pushes its cotangents into the accumulators JAX hands it and
returns only its logs; JAX raises TypeError from the backward pass when the function is
differentiated.

Fix: a tuple of the cotangents the rule already accumulated (or of the accumulators) ->
`return None` (safe); a tuple of cotangents never accumulated -> `acc.accum(ct)` for each, then
`return None` (unsafe: assumes the tuple was the cotangents); anything else -> `return None`
(unsafe: drops what was returned).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import FunctionNode, Registration, registrations, returned_values
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.analysis.values import Signature

if TYPE_CHECKING:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.statement import StmtDoc
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class AccumsLogsNotDict(RuleData):
    return_span: Span  # the returned expression
    return_source: str
    # `return None` keeps every gradient: each accumulator already got its cotangent and the
    # returned value is only those cotangents or the accumulators.
    none_keeps_gradients: bool
    # The accumulator parameter for each element of a returned tuple/list display that holds
    # the cotangents the rule never accumulated; empty when that does not apply.
    accumulate_into: tuple[str, ...]


def accumulator_names(registration: Registration) -> tuple[str, ...] | None:
    """The bwd rule's accumulator parameters (after the nondiff values, res and g), when the
    code shows one per differentiable argument."""
    bwd, arity = registration.bwd, registration.arity
    nondiff = registration.custom_vjp.nondiff_argnums
    if bwd is None or arity is None or nondiff is None:
        return None
    signature = Signature.of(bwd.args)
    if signature.vararg is not None:
        return None
    names = signature.positional[len(nondiff) + 2:]
    return names if len(names) == arity else None


def accumulated(bwd: FunctionNode) -> dict[str, str]:
    """`acc -> ct` for each statement `acc.accum(ct)` of the bwd rule's own body that runs on
    every call (not under a branch or a loop), in order."""
    if isinstance(bwd, ast.Lambda):
        return {}
    found: dict[str, str] = {}
    for statement in bwd.body:
        if isinstance(statement, ast.Return):
            break
        if not isinstance(statement, ast.Expr) or not isinstance(statement.value, ast.Call):
            continue
        call = statement.value
        if (isinstance(call.func, ast.Attribute) and call.func.attr == "accum"
                and isinstance(call.func.value, ast.Name) and len(call.args) == 1
                and not call.keywords and not isinstance(call.args[0], ast.Starred)):
            found.setdefault(call.func.value.id, ast.unparse(call.args[0]))
    return found


def _uses_any(function: FunctionNode, names: tuple[str, ...]) -> bool:
    """Whether the body of `function` reads any of `names` (a small walk of one function)."""
    wanted = set(names)
    body = [function.body] if isinstance(function, ast.Lambda) else function.body
    return any(isinstance(node, ast.Name) and node.id in wanted
               for statement in body for node in ast.walk(statement))


def check(ctx: Context) -> None:
    for registration in registrations(ctx, "defvjp_with_accums"):
        bwd = registration.bwd
        if bwd is None:
            continue
        accums = accumulator_names(registration)
        for value, statement in returned_values(bwd):
            if value is None:
                continue
            returned = ctx.values.value(value)
            if returned.type in (None, "dict", "NoneType"):
                continue
            keeps, accumulate_into = _repairs(ctx, bwd, value, statement, accums)
            note = " (under jax.jit, a tracer type is named instead)" if returned.is_array else ""
            ctx.report(
                value, values={"type(logs).__name__": returned.type}, note=note,
                related=(Related(ctx.span(registration.call),
                                 "bwd rule registered with `defvjp_with_accums` here"),),
                data=AccumsLogsNotDict(ctx.span(value), ctx.segment(value), keeps,
                                       accumulate_into))


def _repairs(ctx: Context, bwd: FunctionNode, value: ast.expr, statement: ast.AST,
             accums: tuple[str, ...] | None) -> tuple[bool, tuple[str, ...]]:
    """(whether `return None` keeps every gradient, the accumulators to push the returned
    cotangents into)."""
    if accums is None or not isinstance(value, (ast.Tuple, ast.List)):
        return False, ()
    elements = value.elts
    if any(isinstance(e, ast.Starred) for e in elements):
        return False, ()
    done = accumulated(bwd)
    if all(name in done for name in accums):
        texts = [ast.unparse(e) for e in elements]
        if texts == list(accums) or texts == [done[name] for name in accums]:
            return True, ()
        return False, ()
    if len(elements) == len(accums) and not _uses_any(bwd, accums) \
            and not isinstance(bwd, ast.Lambda) and _alone_on_its_lines(ctx, statement):
        return False, accums
    return False, ()


def _alone_on_its_lines(ctx: Context, statement: ast.AST) -> bool:
    """Whether the `return` statement is alone on its line(s), so statements can be put
    before it at its indentation."""
    if not isinstance(statement, ast.Return):
        return False
    line = ctx.parsed.lines[statement.lineno - 1]
    prefix = line[:ctx.parsed.column(statement.lineno, statement.col_offset)]
    end_line = ctx.parsed.lines[(statement.end_lineno or statement.lineno) - 1]
    rest = end_line[ctx.parsed.column(statement.end_lineno or statement.lineno,
                                      statement.end_col_offset or 0):]
    return prefix.strip() == "" and rest.split("#", 1)[0].strip() == ""


# ------------------------------------------------------------------------------------ fix
def fix(lines: Lines, finding: Finding) -> list[Fix]:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.statement import doc_for

    data = finding.data
    assert isinstance(data, AccumsLogsNotDict)
    doc = doc_for(lines, data.return_span)
    node = doc.expression(data.return_span, data.return_source) if doc is not None else None
    if doc is None or node is None:
        return []
    fixes: list[Fix] = []
    if data.accumulate_into and isinstance(node, (cst.Tuple, cst.List)):
        accumulate = _accumulate_fix(lines, doc, node, data.accumulate_into)
        if accumulate is not None:
            fixes.append(accumulate)
    edit = doc.edit({id(node): lambda _u: cst.Name("None")})
    if edit is not None:
        if data.none_keeps_gradients:
            why = ("Every accumulator already received its cotangent through `accum`, and the "
                   "returned value only repeats them: JAX reads the gradients from the "
                   "accumulators, so returning None changes no gradient.")
        else:
            why = ("JAX accepts None, but whatever the rule returned is dropped: cotangents that "
                   "were never passed to `accum` are lost, and values meant as logs are no "
                   "longer logged.")
        fixes.append(Fix("Return None", data.none_keeps_gradients, why, (edit,), "return-none"))
    return fixes


def _accumulate_fix(lines: Lines, doc: StmtDoc, node: cst.Tuple | cst.List,
                    accumulators: tuple[str, ...]) -> Fix | None:
    """`return g * y, g * x` -> `x_acc.accum(g * y)`, `y_acc.accum(g * x)`, `return None`."""
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    elements = node.elements
    if len(elements) != len(accumulators) or any(
            isinstance(e, cst.StarredElement) for e in elements):
        return None
    first_line = lines.line(doc.stmt.start[0])
    indent = first_line[:len(first_line) - len(first_line.lstrip())]
    calls = [f"{name}.accum({doc.code(element.value).strip()})"
             for name, element in zip(accumulators, elements)
             if not (isinstance(element.value, cst.Name) and element.value.value == "None")]
    if any("\n" in call for call in calls):
        return None
    return_edit = doc.edit({id(node): lambda _u: cst.Name("None")})
    if return_edit is None:
        return None
    new_text = "".join(f"{call}{lines.newline}{indent}" for call in calls) + return_edit.new_text
    edit = TextEdit(return_edit.span, new_text)
    shown = "; ".join(calls) or "nothing"
    if len(shown) > 70:
        shown = shown[:69] + "…"
    return Fix(f"Accumulate the returned cotangents: {shown}", False,
               "Each returned value is passed to the accumulator of its argument and the rule "
               "returns None; right when the tuple was the cotangents, as a `defvjp` rule "
               "returns them.", (edit,), "accumulate-returned-cotangents")


RULE = Rule(
    code="JXE031",
    catalog_id="custom-vjp-accums-logs-not-dict",
    triggers=("defvjp_with_accums",),
    check=check,
    data=AccumsLogsNotDict,
    fix=fix,
    fix_ids=("accumulate-returned-cotangents", "return-none"),
)
