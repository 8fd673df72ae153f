"""JXE092 vmap-in-axes-length.

What it does: finds a call of a function made by `jax.vmap` with a tuple (or list) `in_axes`
(written at the vmap, or through a name bound once to it) whose number of positional arguments
differs from the number of entries: `jax.vmap(f, in_axes=(0, None))(x)`,
`g = jax.vmap(f, (0, 0)); g(a, b, c)`, `@functools.partial(jax.vmap, in_axes=...)` on a def
then called in the file. With keyword arguments at the call JAX's message goes on about them.

Why is this bad: JAX compares the entries with the positional arguments of each call, before
tracing, and raises ValueError. Parameters with defaults, arguments bound with
`functools.partial` and keyword arguments have no entry.

Silent for calls with `*args` or `**kwargs`, for `in_axes` the code does not show, for an
`in_axes` with a visibly invalid leaf (JXE093 is raised first), for methods and for vmapped
functions reached otherwise than through a name bound once.

Fix: with keyword arguments that fill exactly the missing positions (the vmapped function is a
def or lambda of the file), pass them positionally, in the order of the parameters (unsafe;
safe when their entries are all None).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.core.source import text_of_span
from jaxerr_lsp.analysis.values import Signature
from jaxerr_lsp.families.vmap_axes import UNKNOWN, Vmap, arguments_span, bad_leaves, literal, vmaps

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class InAxesLength(RuleData):
    args_span: Span  # from the first to the last argument of the call
    args_source: str
    positional_text: str  # the arguments with the keywords moved to their positions; "" if not
    moved: list[str]  # the keyword arguments made positional
    unmapped: bool  # every moved argument's entry is None


def _template(with_keywords: bool) -> str:
    from jaxerr_lsp.errors.catalog import load_catalog

    entry = load_catalog().get(RULE.catalog_id)
    return (entry.sources[1].message or "" if with_keywords else entry.message).strip()


def _positional_text(ctx: Context, vmap: Vmap, call: ast.Call,
                     entries: tuple[object, ...]) -> tuple[str, list[str], bool] | None:
    """The call's arguments with keywords moved into the positions the entries describe."""
    function = vmap.definition
    if function is None or not call.keywords:
        return None
    signature = Signature.of(function.args)
    wanted = len(entries)
    if wanted > len(signature.positional) or len(call.args) >= wanted:
        return None
    by_name = {k.arg: k for k in call.keywords}
    positional = [ctx.segment(a) for a in call.args]
    moved = []
    for name in signature.positional[len(call.args):wanted]:
        keyword = by_name.pop(name, None)
        if keyword is None:
            return None
        positional.append(ctx.segment(keyword.value))
        moved.append(name)
    rest = [ctx.segment(k) for k in call.keywords if k.arg in by_name]
    unmapped = all(e is None for e in entries[len(call.args):wanted])
    return ", ".join([*positional, *rest]), moved, unmapped


def _check_call(ctx: Context, vmap: Vmap, call: ast.Call, entries: tuple[object, ...]) -> None:
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return
    if len(entries) == len(call.args):
        return
    values = {"len(in_axes)!r": str(len(entries)), "len(args)!r": str(len(call.args))}
    if call.keywords:
        values["list(kwargs)"] = repr([k.arg for k in call.keywords])
    template = _template(bool(call.keywords))
    span = arguments_span(ctx, call)
    rewritten = _positional_text(ctx, vmap, call, entries)
    in_axes = vmap.option("in_axes")
    assert in_axes is not None
    ctx.report(span, message=fill(template, values), predicted=fill(template, values, escape=True),
               related=(Related(ctx.span(in_axes), f"in_axes with {len(entries)} entries here"),),
               data=InAxesLength(span, text_of_span(ctx.parsed.lines, span),
                                 rewritten[0] if rewritten else "",
                                 rewritten[1] if rewritten else [],
                                 rewritten[2] if rewritten else False))


def check(ctx: Context) -> None:
    for vmap in vmaps(ctx):
        in_axes = vmap.option("in_axes")
        if in_axes is None or not vmap.calls:
            continue
        value = literal(ctx, in_axes)
        if not isinstance(value, (tuple, list)) or value is UNKNOWN or bad_leaves(value):
            continue
        out_axes = vmap.option("out_axes")
        if out_axes is not None:
            out = literal(ctx, out_axes)
            if out is not UNKNOWN and bad_leaves(out):
                continue  # JXE093 at jax.vmap(...) first
        for call in vmap.calls:
            _check_call(ctx, vmap, call, tuple(value))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, InAxesLength)
    if not data.positional_text \
            or lines.text(data.args_span) != data.args_source.replace("\n", lines.newline):
        return []
    names = ", ".join(f"`{m}`" for m in data.moved)
    why = (f"Passes {names} by position, in the order of the function's parameters: each is "
           "now mapped as its in_axes entry says instead of along axis 0"
           + (" (None: passed whole)." if data.unmapped else ", which its shape must allow."))
    return [Fix(f"Pass {', '.join(data.moved)} positionally", data.unmapped, why,
                (TextEdit(data.args_span, data.positional_text),), "pass-positionally")]


RULE = Rule(
    code="JXE092",
    catalog_id="vmap-in-axes-length",
    triggers=("vmap",),
    check=check,
    data=InAxesLength,
    fix=fix,
    fix_ids=("pass-positionally",),
)
