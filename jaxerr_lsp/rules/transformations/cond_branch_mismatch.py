"""JXE095 cond-branch-mismatch.

What it does: finds `lax.cond(pred, true_fun, false_fun, *operands)` (or `operand=`) and
`lax.switch(index, [b0, b1, ...], *operands)` whose branches are lambdas, plain defs of the
file or `functools.partial` of them, and whose returned values, with the operands standing for
the parameters, certainly differ: in pytree structure (a tuple against a leaf, a list against
a tuple, other dict keys, `None`), or, with the same structure, in the dtype or shape of a leaf
(weak types do not count: `0.0` matches a float32 array, `0` does not).

Why is this bad: JAX compiles the branches into one conditional with a single result type and
raises TypeError while tracing, before running anything. For `switch` it compares `branch 0`
with each later branch in order; the rule reports the first that differs only when every
branch before it certainly matches.

Not reported: branches whose result depends on something the code does not show (a parameter
of unknown type, a helper of another module, a decorated def), operands given with `*args`.

Fix: where the outputs differ in the dtype of one leaf only, convert the second branch's leaf
to the first's dtype (`0` -> `0.0`, safe; `.astype('float32')` on an array, unsafe).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.control_flow import (CastEdit, Callee, Typed, TypedLeaf, callee, capitalize,
                                     cast_edit, cast_fixes, check_in_calls, fully_known, left_out, mismatch, mismatch_extra,
                                     order_certain, parameters_of, returned, typed)
from jaxerr_lsp.core.findings import Finding, Related, RuleData
from jaxerr_lsp.analysis.model import CallSite
from jaxerr_lsp.analysis.pytree import differences
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.analysis.values import Value

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

STRUCTURE = "branch outputs must have the same pytree structure"


@dataclass(frozen=True)
class BranchMismatch(RuleData):
    cast: CastEdit | None  # converting the second branch's differing leaf, when mechanical


@dataclass(frozen=True)
class Branch:
    label: str  # as JAX names it: true_fun, false_fun, branch 0, branch1, ...
    function: Callee
    output: Typed
    returned: ast.expr


def _operands(site: CallSite, first: int) -> list[ast.expr] | None:
    """The operands JAX passes the branches: the positional ones after the functions, or
    `operand=`."""
    if any(isinstance(a, ast.Starred) for a in site.args):
        return None
    keywords = {k.arg: k.value for k in site.keywords}
    if None in keywords or set(keywords) - {"operand"}:
        return None
    positional = list(site.args[first:])
    if "operand" in keywords:
        return None if positional else [keywords["operand"]]
    return positional


def _branch(ctx: Context, label: str, expr: ast.expr, operands: list[Value]) -> Branch | None:
    function = callee(ctx, expr)
    defaults = left_out(function, len(operands)) if function is not None else None
    if function is None or defaults is None:
        return None
    constants = {name: ctx.values.constant(default) for name, default in defaults.items()}
    with ctx.values.bound(function.function, parameters_of(ctx, function, operands), constants):
        found = returned(ctx, function, operands)
        if found is None:
            return None
        value, returned_expr = found
        output = typed(ctx, value, returned_expr)
    if output.leaves is None:
        return None
    return Branch(label, function, output, returned_expr)


def _values(ctx: Context, operands: list[ast.expr]) -> list[Value]:
    return [ctx.values.value(o) for o in operands]


def _structure_text(first: Branch, second: Branch) -> str | None:
    found = [f"{first.label} output{_at(path)} is a {one} but {second.label} output{_at(path)} "
             f"is a {other}, so {why}"
             for path, one, other, why in differences(first.output.tree, second.output.tree)]
    if not found:
        return None
    if len(found) == 1:
        return f"{found[0]}.\n"
    return "\n".join(f"  * {d};\n" for d in found[:-1]) + f"  * {found[-1]}.\n"


def _at(path: str) -> str:
    return f" at path {path}" if path else ""


def _type_differences(first: Branch, second: Branch) -> list[tuple[TypedLeaf, TypedLeaf]] | None:
    """The leaves whose types certainly differ; None when a leaf pair is not known."""
    assert first.output.leaves is not None and second.output.leaves is not None
    pairs = list(zip(first.output.leaves, second.output.leaves))
    if len(first.output.leaves) != len(second.output.leaves):
        return None
    found = []
    for one, other in pairs:
        differ = mismatch(one.aval, other.aval)
        if differ is None:
            return None
        if differ:
            if not fully_known(one.aval) or not fully_known(other.aval):
                return None
            found.append((one, other))
    return found


def _types_text(first: Branch, second: Branch, pairs: list[tuple[TypedLeaf, TypedLeaf]]) -> str:
    found = [f"the output of {first.label}{_at(one.path)} has type {one.aval} but the "
             f"corresponding output of {second.label} has type {other.aval}"
             f"{mismatch_extra(one.aval, other.aval)}"  # type: ignore[arg-type]
             for one, other in pairs]
    if len(found) == 1:
        return f"{capitalize(found[0])}.\n"
    return "\n".join(f"  * {d};" for d in found[:-1]) + f"\n  * {found[-1]}.\n"


def _compare(ctx: Context, site: CallSite, api: str, first: Branch, second: Branch) -> bool | None:
    """Report when the branches certainly differ (True); False: they certainly match; None:
    not known."""
    values = {"api_name": api, "name1": first.label, "name2": second.label,
              "info1": first.function.source_info(ctx.path),
              "info2": second.function.source_info(ctx.path)}
    related = tuple(Related(ctx.span(b.returned), f"`{b.label}` returns {_shown(b.output)} here")
                    for b in (first, second))
    structure = _structure_text(first, second)
    if structure is not None:
        template = _structure_template()
        shown = {"differences": structure}
        if all(order_certain(why) for *_, why in differences(first.output.tree, second.output.tree)):
            values.update(shown)
        ctx.report(site.call.func, message=_fill(template, {**values, **shown}),
                   predicted=_fill(template, values, True), related=related, data=BranchMismatch(None))
        return True
    pairs = _type_differences(first, second)
    if pairs is None:
        return None
    if not pairs:
        return False
    values.update({"differences": _types_text(first, second, pairs), "pvary_msg": ""})
    cast = None
    if len(pairs) == 1 and pairs[0][0].aval.shape == pairs[0][1].aval.shape:  # type: ignore[union-attr]
        dtype = pairs[0][0].aval.dtype  # type: ignore[union-attr]
        assert dtype is not None
        cast = cast_edit(ctx, pairs[0][1], dtype, second.function.function)
    ctx.report(site.call.func, values=values, related=related, data=BranchMismatch(cast))
    return True


def _shown(output: Typed) -> str:
    leaves = output.leaves or ()
    if len(leaves) == 1 and not leaves[0].path and leaves[0].aval is not None:
        return str(leaves[0].aval)
    from jaxerr_lsp.analysis.pytree import describe

    return describe(output.tree)


def _structure_template() -> str:
    from jaxerr_lsp.errors.catalog import load_catalog

    entry = load_catalog().get("cond-branch-mismatch")
    return next(m for m in entry.messages if STRUCTURE in m).strip()


def _fill(template: str, values: dict[str, str], escape: bool = False) -> str:
    from jaxerr_lsp.engine.rule import fill

    return fill(template, values, escape=escape)


def _check_cond(ctx: Context, site: CallSite) -> None:
    if not site.complete or len(site.args) < 3:
        return
    operands = _operands(site, 3)
    if operands is None:
        return
    values = _values(ctx, operands)
    true_fun = _branch(ctx, "true_fun", site.args[1], values)
    false_fun = _branch(ctx, "false_fun", site.args[2], values) if true_fun else None
    if true_fun is not None and false_fun is not None:
        _compare(ctx, site, "cond", true_fun, false_fun)


def _check_switch(ctx: Context, site: CallSite) -> None:
    if not site.complete or len(site.args) < 2:
        return
    operands = _operands(site, 2)
    if operands is None:
        return
    listed = ctx.values.value(site.args[1]).elements
    if listed is None or len(listed) < 2:
        return  # one branch is called as it is, never compared
    values = _values(ctx, operands)
    first = _branch(ctx, "branch 0", listed[0], values)
    if first is None:
        return
    for index, expr in enumerate(listed[1:], start=1):
        other = _branch(ctx, f"branch{index}", expr, values)
        if other is None or _compare(ctx, site, "switch", first, other) is not False:
            return


def check(ctx: Context) -> None:
    for site in ctx.model.calls_to("jax.lax.cond"):
        check_in_calls(ctx, site.call, lambda: _check_cond(ctx, site))  # noqa: B023 (run at once)
    for site in ctx.model.calls_to("jax.lax.switch"):
        check_in_calls(ctx, site.call, lambda: _check_switch(ctx, site))  # noqa: B023


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    data = finding.data
    assert isinstance(data, BranchMismatch)
    return cast_fixes(lines, data.cast, "cast-branch-output", "the other branch's output")


RULE = Rule(
    code="JXE095",
    catalog_id="cond-branch-mismatch",
    triggers=("cond", "switch"),
    check=check,
    data=BranchMismatch,
    fix=fix,
    fix_ids=("cast-branch-output",),
)
