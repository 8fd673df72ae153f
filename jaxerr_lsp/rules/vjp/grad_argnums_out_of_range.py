"""JXE024 grad-argnums-out-of-range.

What it does: finds the function made by `jax.grad(f, argnums=K)` or
`jax.value_and_grad(f, argnums=K)` (a literal int or tuple/list of ints) called, where it is
made or through a name bound once to it, with K or fewer positional arguments: typically the
argument to differentiate was passed by keyword, `jax.grad(loss, argnums=1)(params, x=x)`.

Why is this bad: JAX selects the arguments to differentiate by position among the positional
arguments the caller passed; keyword arguments are never differentiated. It raises TypeError
before running the function. Calls with `*args` are not reported.

Fix: pass the keyword arguments positionally, in the order of the function's signature, when
the function is a def or lambda of this file and the keywords fill every missing position up
to K (safe: Python binds every argument to the same parameter as before).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.model import CallSite
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.core.source import text_of_span
from jaxerr_lsp.analysis.values import Signature

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

APIS = ("jax.grad", "jax.value_and_grad")


@dataclass(frozen=True)
class ArgnumsOutOfRange(RuleData):
    # The arguments of the call, from the first to the last, and what they become with the
    # keywords moved to their positions; "" when the code does not show the signature.
    args_span: Span
    args_source: str
    positional_text: str
    moved: list[str]  # the keyword arguments made positional


def _argnums(site: CallSite) -> tuple[int, str] | None:
    """(the largest argnum, JAX's repr of argnums) for a literal argnums; (0, "0") by default."""
    keyword = next((k for k in site.keywords if k.arg == "argnums"), None)
    if any(k.arg is None for k in site.keywords):
        return None
    value: ast.expr | None = keyword.value if keyword is not None else (
        site.args[1] if len(site.args) > 1 else None)
    if value is None:
        return 0, "0"
    if isinstance(value, ast.Constant) and type(value.value) is int:
        return value.value, repr(value.value)
    if isinstance(value, (ast.Tuple, ast.List)) and value.elts and all(
            isinstance(e, ast.Constant) and type(e.value) is int for e in value.elts):
        numbers = tuple(e.value for e in value.elts)  # type: ignore[attr-defined]
        return max(numbers), repr(numbers)
    return None


def _positional_text(ctx: Context, site: CallSite, call: ast.Call, needed: int) -> tuple[str, list[str]] | None:
    """The call's arguments with the keywords for positions up to `needed` - 1 moved to their
    places, when the signature of the differentiated function shows them."""
    function = ctx.model.function_of(site.args[0], through_jit=True) if site.args else None
    if function is None or not call.args and not call.keywords:
        return None
    signature = Signature.of(function.args)
    if needed > len(signature.positional):
        return None
    by_name = {k.arg: k for k in call.keywords}
    positional = [ctx.segment(a) for a in call.args]
    moved = []
    for name in signature.positional[len(call.args):needed]:
        keyword = by_name.pop(name, None)
        if keyword is None:
            return None  # a default or a missing argument: not shown here
        positional.append(ctx.segment(keyword.value))
        moved.append(name)
    rest = [ctx.segment(k) for k in call.keywords if k.arg in by_name]
    return ", ".join([*positional, *rest]), moved


def _check_call(ctx: Context, site: CallSite, call: ast.Call, largest: int, shown: str,
                bound: ast.Call | None = None) -> None:
    """`call` runs the gradient function, after `bound` (a `functools.partial` of it, whose
    positional arguments come first) when given."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return
    count = len(call.args) + (len(bound.args) - 1 if bound is not None else 0)
    if largest < count:
        return
    nodes: list[ast.expr | ast.keyword] = [*call.args, *call.keywords]
    args_span = ctx.span(min(nodes, key=lambda n: (n.lineno, n.col_offset)),
                         max(nodes, key=lambda n: (n.end_lineno or 0, n.end_col_offset or 0))) \
        if nodes else ctx.span(call)
    rewritten = _positional_text(ctx, site, call, largest + 1) if nodes and bound is None else None
    related: tuple[Related, ...] = (Related(ctx.span(site.call), f"`{site.qualname}` with argnums={shown} here"),)
    if bound is not None:
        related += (Related(ctx.span(bound), f"`functools.partial` passes {len(bound.args) - 1} "
                                             "positional argument(s) here; what it binds by keyword is not positional"),)
    ctx.report(
        args_span if nodes else call,
        values={"argnums!r": shown, "max_argnum + 1": str(largest + 1), "len(args)": str(count)},
        related=related,
        data=ArgnumsOutOfRange(args_span, text_of_span(ctx.parsed.lines, args_span),
                               rewritten[0] if rewritten else "", rewritten[1] if rewritten else []))


def check(ctx: Context) -> None:
    for qualname in APIS:
        for site in ctx.model.calls_to(qualname):
            if not site.complete or not site.args or isinstance(site.args[0], ast.Starred):
                continue
            found = _argnums(site)
            if found is None or found[0] < 0:
                continue
            for call in ctx.model.calls_of_result(site.call):
                _check_call(ctx, site, call, *found)
            for bound, call in _calls_through_partial(ctx, site.call):
                _check_call(ctx, site, call, *found, bound=bound)


def _calls_through_partial(ctx: Context, made: ast.Call) -> list[tuple[ast.Call, ast.Call]]:
    """(`functools.partial(g, ...)`, a call of it) for the gradient function `made` returns
    given to a partial as its function (`partial(jax.grad(f), q=0.0)` or `g = jax.grad(f)` ...
    `partial(g, q=0.0)`), the partial called where it is made, through a name bound once to it,
    or through `jax.jit(partial(...))` without options (jit hands its arguments on)."""
    parent = ctx.model.parent.get(id(made))
    holders: list[tuple[ast.expr, ast.AST | None]] = [(made, parent)]
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0], ast.Name):
        binding = ctx.model.binding_at.get(id(parent.targets[0]))
        if binding is not None:
            holders += [(use.node, use.parent) for use in ctx.model.uses_of(binding)]
    found: list[tuple[ast.Call, ast.Call]] = []
    for holder, partial in holders:
        if not isinstance(partial, ast.Call) or not partial.args or partial.args[0] is not holder \
                or ctx.model.qualname(partial.func) != "functools.partial" \
                or any(isinstance(a, ast.Starred) for a in partial.args) \
                or any(k.arg is None for k in partial.keywords):
            continue
        wrapped = ctx.model.parent.get(id(partial))
        outer = partial
        if isinstance(wrapped, ast.Call) and wrapped.args and wrapped.args[0] is partial \
                and ctx.model.qualname(wrapped.func) == "jax.jit" and len(wrapped.args) == 1 \
                and not wrapped.keywords:
            outer = wrapped
        found += [(partial, call) for call in ctx.model.calls_of_result(outer)]
    return found


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, ArgnumsOutOfRange)
    if not data.positional_text \
            or lines.text(data.args_span) != data.args_source.replace("\n", lines.newline):
        return []
    names = ", ".join(f"`{m}`" for m in data.moved)
    why = (f"Passes {names} by position, in the order of the function's parameters: Python binds "
           "every argument to the same parameter as before, and JAX can now select it by position.")
    return [Fix(f"Pass {', '.join(data.moved)} positionally", True, why,
                (TextEdit(data.args_span, data.positional_text),), "pass-positionally")]


RULE = Rule(
    code="JXE024",
    catalog_id="grad-argnums-out-of-range",
    triggers=("grad",),
    check=check,
    data=ArgnumsOutOfRange,
    fix=fix,
    fix_ids=("pass-positionally",),
)
