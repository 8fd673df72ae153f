"""JXE021 vjp-cotangent-tree-mismatch.

What it does: finds a VJP function from `jax.vjp` applied to a cotangent (`f_vjp(ct)`,
`f_vjp.with_logs(ct)`, `f_vjp.with_refs(...)(ct)`) whose pytree structure certainly differs
from the output of the differentiated function: a list for a returned tuple, a tuple of
another length, a number for a tuple, a tuple for a single array, other dict keys.

Why is this bad: JAX flattens the cotangent and compares its tree structure with the output's
before the backward pass; any difference raises ValueError. The message predicts JAX's
itemized differences word for word.

Only functions of this file are read (a lambda, or an undecorated def whose every return shows
the same structure); the cotangent's structure comes from the value inference. Anything else,
`saveable_args` (checked first) and names bound twice mean silence.

Fix: a list display for a returned tuple (or the reverse) -> the other container (safe when
every element on both sides is a leaf).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, InferredStructure, Related, RuleData, Span
from jaxerr_lsp.analysis.pytree import Leaf, ListNode, Structure, TupleNode, Unknown, describe, differences
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.core.source import text_of_span
from jaxerr_lsp.families.vjp_application import (applications, output_structure,
                                        saveable_args_default)
from jaxerr_lsp.families.vjp_calls import function_text

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class CotangentTree(RuleData):
    ct_span: Span
    ct_source: str
    # "tuple" / "list": the cotangent is a display of the other container with the output's
    # length, and swapping the brackets makes the structures equal; "" otherwise.
    swap_to: str
    swap_safe: bool  # every element of both sides is a known leaf


def _messages(ctx: Context, function: str, items: list[tuple[str, str, str, str]]) -> tuple[str, str]:
    """(the diagnostic's message: headline and items; JAX's whole message as a template)."""
    from jaxerr_lsp.errors.catalog import load_catalog

    template = load_catalog().get(RULE.catalog_id).message.strip()
    head, item = template.rsplit("\n", 1)
    names = ("keystr(path)", "thing1", "thing2", "explanation")
    values = [dict(zip(names, difference)) for difference in items]
    head_values = {"jaxpr.debug_info.func_src_info": function}
    lines = [fill(item, v) for v in values]
    message = "\n".join([fill(head, head_values).split("\n", 1)[0],
                         f"The cotangent must match the output structure of "
                         f"{function.rsplit(' at ', 1)[0]}:", *lines])
    predicted = "\n".join([fill(head, head_values, escape=True),
                           *(_unordered_keys(fill(item, v, escape=True)) for v in values)])
    return message, predicted


def _unordered_keys(predicted_line: str) -> str:
    """JAX prints the symmetric difference of two key sets from a Python set: with two keys or
    more their order depends on the hash seed, so the prediction leaves it open."""
    marker = "symmetric difference of key sets: {{"
    start = predicted_line.find(marker)
    if start < 0:
        return predicted_line
    end = predicted_line.find("}}", start)
    if " " not in predicted_line[start + len(marker):end]:
        return predicted_line
    return predicted_line[:start + len(marker) - 2] + "{key_set}" + predicted_line[end + 2:]


def _swap(ctx: Context, ct: ast.expr, output: Structure) -> tuple[str, bool]:
    if isinstance(ct, ast.List) and isinstance(output, TupleNode):
        swapped: Structure = TupleNode(ctx.values.structure(ct).children)  # type: ignore[union-attr]
        target = "tuple"
    elif isinstance(ct, ast.Tuple) and isinstance(output, ListNode):
        swapped = ListNode(ctx.values.structure(ct).children)  # type: ignore[union-attr]
        target = "list"
    else:
        return "", False
    if any(isinstance(e, ast.Starred) for e in ct.elts) or any(differences(output, swapped)):
        return "", False
    leaves = all(isinstance(c, Leaf) for c in (*output.children, *swapped.children))  # type: ignore[union-attr]
    return target, leaves


def check(ctx: Context) -> None:
    for app in applications(ctx):
        call = app.call
        if len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
            continue
        vjp = app.vjp
        if not saveable_args_default(vjp.call):
            continue
        function = ctx.model.function_of(vjp.function, through_jit=True)
        if function is None:
            continue
        output = output_structure(ctx, function, vjp.has_aux)
        ct = call.args[0]
        ct_structure = ctx.values.structure(ct)
        if output is None or isinstance(ct_structure, Unknown):
            continue
        items = list(differences(output, ct_structure))
        ctx.inferred.append(InferredStructure(ctx.span(ct), describe(ct_structure)))
        if not items:
            continue
        message, predicted = _messages(ctx, function_text(ctx, vjp.function), items)
        swap_to, swap_safe = _swap(ctx, ct, output)
        span = ctx.span(ct)
        ctx.report(
            span, message=message, predicted=predicted,
            related=(Related(ctx.span(function) if isinstance(function, ast.Lambda) else
                             ctx.span(vjp.function),
                             f"differentiated function, whose output is structured as {describe(output)}"),),
            data=CotangentTree(span, text_of_span(ctx.parsed.lines, span), swap_to, swap_safe))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, CotangentTree)
    if not data.swap_to or lines.text(data.ct_span) != data.ct_source.replace("\n", lines.newline):
        return []
    source = lines.text(data.ct_span)
    inner = source[1:-1]
    if data.swap_to == "tuple":
        # a one-element tuple needs its comma
        stripped = inner.rstrip()
        one = stripped and not stripped.endswith(",") and _element_count(inner) == 1
        new = "(" + inner + ("," if one else "") + ")"
    else:
        new = "[" + inner + "]"
    why = ("The cotangent holds the same elements; only its container changes to the one the "
           "function returns.")
    if not data.swap_safe:
        why += " Some elements' structures are not known, so they may still differ."
    return [Fix(f"Make the cotangent a {data.swap_to}: {new if len(new) <= 40 else new[:37] + '...'}",
                data.swap_safe, why, (TextEdit(data.ct_span, new),), "cotangent-container")]


def _element_count(inner: str) -> int:
    try:
        node = ast.parse(f"[{inner}]", mode="eval").body
    except SyntaxError:
        return -1
    return len(node.elts) if isinstance(node, ast.List) else -1


RULE = Rule(
    code="JXE021",
    catalog_id="vjp-cotangent-tree-mismatch",
    triggers=("vjp",),
    check=check,
    data=CotangentTree,
    fix=fix,
    fix_ids=("cotangent-container",),
)
