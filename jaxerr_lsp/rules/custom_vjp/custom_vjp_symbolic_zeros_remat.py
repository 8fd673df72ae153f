"""JXE055 custom-vjp-symbolic-zeros-remat.

What it does: finds registrations `f.defvjp(...)`, `f.defvjp_with_logs(...)` and
`f.defvjp_with_accums(...)` of a custom_vjp function of this file that pass both
`symbolic_zeros=True` and `optimize_remat=True` as literals (by keyword, or as the third and
fourth positional arguments).

Why is this bad: `defvjp` raises NotImplementedError at once, at registration, on both
custom_vjp code paths: the remat optimization does not support symbolic zeros.

Fix: remove the `optimize_remat=True` keyword (safe: it only changes what is recomputed under
`jax.remat`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import REGISTRATION_METHODS, registrations
from jaxerr_lsp.families.custom_vjp_calls import span_fits
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# defvjp(fwd, bwd, symbolic_zeros=False, optimize_remat=False, generic_batching=False)
_POSITIONS = {"symbolic_zeros": 2, "optimize_remat": 3}


@dataclass(frozen=True)
class SymbolicZerosRemat(RuleData):
    # `, optimize_remat=True`: from the end of the argument before it to the keyword's end;
    # None when the flag is positional (no fix).
    removal: Span | None


def _literal_true(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and node.value is True


def _flag(call: ast.Call, name: str) -> ast.AST | None:
    """The argument setting `name` to a literal True (its keyword, or the positional value)."""
    for keyword in call.keywords:
        if keyword.arg == name:
            return keyword if _literal_true(keyword.value) else None
    position = _POSITIONS[name]
    if len(call.args) > position and not any(isinstance(a, ast.Starred) for a in call.args):
        value = call.args[position]
        return value if _literal_true(value) else None
    return None


def _removal(ctx: Context, call: ast.Call, remat: ast.AST) -> Span | None:
    """The text to delete to drop the `optimize_remat=True` keyword, when it is one."""
    if not isinstance(remat, ast.keyword):
        return None
    arguments: list[ast.AST] = sorted([*call.args, *call.keywords],
                                      key=lambda a: (a.lineno, a.col_offset))  # type: ignore[attr-defined]
    index = next(i for i, a in enumerate(arguments) if a is remat)
    if index == 0:
        return None
    before, keyword = ctx.span(arguments[index - 1]), ctx.span(remat)
    return Span(before.end_line, before.end_column, keyword.end_line, keyword.end_column)


def check(ctx: Context) -> None:
    if not any(ctx.model.method_calls(method) for method in REGISTRATION_METHODS):
        return
    for method in REGISTRATION_METHODS:
        for registration in registrations(ctx, method):
            call = registration.call
            if any(k.arg is None for k in call.keywords):
                continue  # **options may set either flag
            symbolic, remat = _flag(call, "symbolic_zeros"), _flag(call, "optimize_remat")
            if symbolic is None or remat is None:
                continue
            ctx.report(remat, related=(Related(ctx.span(symbolic), "symbolic_zeros=True here"),),
                       data=SymbolicZerosRemat(_removal(ctx, call, remat)))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, SymbolicZerosRemat)
    if data.removal is None or not span_fits(lines, data.removal):
        return []
    removed = lines.text(data.removal)
    if "#" in removed or not removed.lstrip(", \t\r\n").startswith("optimize_remat"):
        return []  # a comment would go with it, or the text moved
    return [Fix("Remove optimize_remat=True", True,
                "The remat optimization only changes what is recomputed under jax.remat; the "
                "symbolic-zeros rule, its values and gradients stay the same.",
                (TextEdit(data.removal, ""),), "drop-optimize-remat")]


RULE = Rule(
    code="JXE055",
    catalog_id="custom-vjp-symbolic-zeros-remat",
    triggers=("defvjp",),
    check=check,
    data=SymbolicZerosRemat,
    fix=fix,
    fix_ids=("drop-optimize-remat",),
)
