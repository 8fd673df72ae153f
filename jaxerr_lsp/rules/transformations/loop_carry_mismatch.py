"""JXE096 loop-carry-mismatch.

What it does: finds `lax.scan(f, init, xs)`, `lax.fori_loop(lower, upper, body, init)` and
`lax.while_loop(cond, body, init)` whose body (a lambda, a plain def of the file, or
`functools.partial` of one) certainly returns a carry that differs from the initial carry: in
pytree structure (a tuple for a leaf, a list for a tuple, other dict keys, a field more), or,
with the same structure, in the dtype or shape of a leaf. The body's parameters stand for what
JAX hands it: the carry for the initial value, a scan's `x` for one slice of an array `xs`
(`None` without xs), fori_loop's `i` for a weakly typed int32 scalar (concrete bounds).

Weak types, as JAX 0.12.0.1 handles them: where an initial leaf is weakly typed (a Python
scalar) and the body returns another type, JAX promotes that leaf to the common dtype, keeps
its shape, traces the body again and compares once more; the rule does the same, leaf by leaf
(the body traced again with the promoted leaves as strong arrays: a tuple or list carry, its
`parts`; silent where a weak leaf's promotion is not known, or in a dict), so
`fori_loop(0, 3, lambda i, c: c + 1.5, 0)` is not reported but a scalar `0.0` that becomes a
vector is, and so is `(0, s)` whose accumulator becomes a row of `s`.

Why is this bad: the body is compiled once for one carry type; JAX raises TypeError while
tracing it. fori_loop with concrete bounds runs as a scan over `(i, val)`: the message says
`scan body` and `loop_carry[1]`; with traced bounds a while_loop over `(i, upper, val)`:
`while_loop body`, `loop_carry[2]`; with bounds the code does not show, the message's name and
differences are only described.

A leaf whose types the code shows certainly differing is reported even when other leaves'
types are not shown (a parameter, a value of another module), if its initial type is not weak
(JAX promotes weak leaves): the message then lists the leaves shown and says others may
differ too.

Not reported: carries or slices whose types the code does not show otherwise (parameters,
values of other modules), bodies calling helpers of other modules, decorated defs, `*args`.

Fix: where one leaf differs in dtype only, convert the returned leaf back to the initial
carry's dtype with `.astype(...)` (unsafe: values may be rounded or truncated each step).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.avals import Aval
from jaxerr_lsp.families.control_flow import (LOOPS, SHAPED_ARRAY, CastEdit, Loop, Typed, TypedLeaf,
                                     capitalize, cast_edit, cast_fixes, check_in_calls, fully_known, mismatch,
                                     mismatch_extra, order_certain, parameters_of, promoted_dtype, returned,
                                     plain_site, read_loop, treedef_text, typed, with_leaf_avals)
from jaxerr_lsp.core.findings import Finding, Related, RuleData
from jaxerr_lsp.analysis.model import CallSite
from jaxerr_lsp.analysis.pytree import DictNode, ListNode, NamedTupleNode, NoneNode, TupleNode, differences
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.analysis.values import Value

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

STRUCTURE = "must have the same pytree structure"
CONTAINERS = (TupleNode, ListNode, DictNode, NamedTupleNode)


@dataclass(frozen=True)
class CarryMismatch(RuleData):
    cast: CastEdit | None  # converting the returned carry leaf back, when mechanical


@dataclass(frozen=True)
class Output:
    carry: Typed
    expr: ast.expr  # the returned carry expression


# ------------------------------------------------------------------------------- the body
def _output(ctx: Context, loop: Loop, carry: Value) -> Output | None:
    """The carry the body returns when called with `carry`."""
    body = loop.body
    arguments = loop.arguments(carry)
    with ctx.values.bound(body.function, parameters_of(ctx, body, arguments)):
        found = returned(ctx, body, arguments)
        if found is None:
            return None
        value, expr = found
        if loop.scan:
            if not isinstance(value.tree, (TupleNode, ListNode)) or value.elements is None \
                    or len(value.elements) != 2:
                return None  # "scan body output must be a pair": another error
            expr = value.elements[0]
            value = ctx.values.value(expr)
        carry_out = typed(ctx, value, expr)
    return Output(carry_out, expr)


def _component(loop: Loop, path: str) -> str:
    path = loop.prefix + path
    if path:
        return f"the input carry component {loop.carry_name}{path}"
    return f"the input carry {loop.carry_name}"


def _listed(found: list[str]) -> str:
    if len(found) == 1:
        return f"{capitalize(found[0])}.\n"
    return "\n".join(f"  * {d};\n" for d in found[:-1]) + f"  * {found[-1]}.\n"


def _structure_text(loop: Loop, init: Typed, out: Typed) -> str | None:
    if isinstance(out.tree, NoneNode) and not loop.prefix:
        # `None` for the whole carry: JAX cannot tell the components and prints the trees.
        text = treedef_text(init.tree)
        if text is None or isinstance(init.tree, NoneNode):
            return None
        return (f"the input tree structure is:\nPyTreeDef({text})\n"
                "the output tree structure is:\nPyTreeDef(None)\n")

    def thing(text: str) -> str:
        return SHAPED_ARRAY if text == "pytree leaf" else text

    found = [f"{_component(loop, path)} is a {thing(one)} but the corresponding component of the "
             f"carry output is a {thing(other)}, so {why}"
             for path, one, other, why in differences(init.tree, out.tree)]
    return _listed(found) if found else None


def _root_differs(init: Typed, out: Typed) -> bool:
    """Whether the carries are both containers that differ at their root (a dict with other
    keys, a tuple of another length, a list for a tuple): JAX then lists that one difference
    and looks no deeper, so the leaves the code does not show cannot add to its message. (A
    body given one array that returns a tuple may fail first, unpacking it.)"""
    if not all(isinstance(t, CONTAINERS) for t in (init.tree, out.tree)):
        return False
    found = list(differences(init.tree, out.tree))
    return len(found) == 1 and found[0][0] == ""


def _type_differences(init: Typed, out: Typed) -> tuple[list[tuple[TypedLeaf, TypedLeaf]], bool] | None:
    """The leaves whose types certainly differ, and whether other leaves' types are not known
    (then only a leaf whose initial type is not weak counts: JAX promotes weak ones)."""
    assert init.leaves is not None and out.leaves is not None
    if len(init.leaves) != len(out.leaves):
        return None
    found = []
    unknown = False
    for one, other in zip(init.leaves, out.leaves):
        differ = mismatch(one.aval, other.aval)
        if differ is None:
            unknown = True
            continue
        if differ:
            if not fully_known(one.aval) or not fully_known(other.aval):
                return None
            found.append((one, other))
    if unknown:
        found = [(one, other) for one, other in found if one.aval is not None and not one.aval.weak]
    return found, unknown


def _promoted(init: Typed, out: Typed) -> list[Aval | None] | None | bool:
    """What JAX makes of the weakly typed initial carry leaves the body changes (its
    `_promote_weak_typed_input`, leaf by leaf): each leaf's promoted aval, None for a leaf it
    keeps (True: nothing to promote; None: not known whether or to what a leaf is promoted)."""
    assert init.leaves is not None and out.leaves is not None
    if len(init.leaves) != len(out.leaves):
        return None
    found: list[Aval | None] = []
    for one, other in zip(init.leaves, out.leaves):
        weak = one.aval
        if weak is None or not weak.weak:
            found.append(None)
            continue
        differ = mismatch(weak, other.aval)
        if differ is None:
            return None  # a weak leaf JAX may promote, to what the code does not show
        if not differ:
            found.append(None)
            continue
        assert other.aval is not None
        dtype = promoted_dtype(weak, other.aval)
        if dtype is None or weak.shape is None:
            return None
        found.append(Aval(weak.shape, dtype, False))
    return True if all(a is None for a in found) else found


# ------------------------------------------------------------------------------- reports
def _check(ctx: Context, loop: Loop) -> None:
    init_value = ctx.values.value(loop.init)
    init = typed(ctx, init_value, loop.init)
    if init.leaves is None:
        return
    out = _output(ctx, loop, init_value)
    if out is None:
        return
    if out.carry.leaves is None and not _root_differs(init, out.carry):
        return
    structure = _structure_text(loop, init, out.carry)
    if structure is not None:
        _report_structure(ctx, loop, structure, out)
        return
    if out.carry.leaves is None:
        return
    if any(True for _ in differences(init.tree, out.carry.tree)):
        return
    promoted = _promoted(init, out.carry)
    if promoted is None:
        return
    if isinstance(promoted, list):
        # JAX traces the body again with the promoted leaves (as strong arrays) and compares.
        carry = with_leaf_avals(ctx, init_value, loop.init, promoted)
        if carry is None:
            return
        assert init.leaves is not None
        init = Typed(init.tree, tuple(leaf if aval is None else TypedLeaf(leaf.path, aval, leaf.expr)
                                      for leaf, aval in zip(init.leaves, promoted)))
        again = _output(ctx, loop, carry)
        if again is None or again.carry.leaves is None:
            return
        out = again
    differing = _type_differences(init, out.carry)
    if differing is not None and differing[0]:
        _report_types(ctx, loop, differing[0], out, incomplete=differing[1])


def _related(ctx: Context, loop: Loop, out: Output) -> tuple[Related, ...]:
    return (Related(ctx.span(loop.init), "the initial carry"),
            Related(ctx.span(out.expr), "the carry the body returns"))


def _values(loop: Loop, differences_text: str) -> tuple[dict[str, str], dict[str, str]]:
    """(predicted, shown) placeholder values."""
    if loop.name is None:
        return {}, {"name": "scan body", "differences": differences_text + "(With traced bounds: "
                    "while_loop body, and loop_carry[2] for loop_carry[1].)\n"}
    return {"name": loop.name, "differences": differences_text}, {}


def _report_structure(ctx: Context, loop: Loop, text: str, out: Output) -> None:
    from jaxerr_lsp.errors.catalog import load_catalog

    template = next(m for m in load_catalog().get("loop-carry-mismatch").messages if STRUCTURE in m).strip()
    values, shown = _values(loop, text)
    if "differences" in values and not order_certain(text):
        shown["differences"] = values.pop("differences")
    ctx.report(loop.site.call.func, message=fill(template, {**values, **shown}),
               predicted=fill(template, values, escape=True), related=_related(ctx, loop, out),
               data=CarryMismatch(None))


def _report_types(ctx: Context, loop: Loop, pairs: list[tuple[TypedLeaf, TypedLeaf]], out: Output,
                  incomplete: bool = False) -> None:
    """`incomplete`: other leaves' types are not known (JAX lists them too when they differ)."""
    found = [f"{_component(loop, one.path)} has type {one.aval} but the corresponding output carry "
             f"component has type {other.aval}{mismatch_extra(one.aval, other.aval)}"  # type: ignore[arg-type]
             for one, other in pairs]
    values, shown = _values(loop, _listed(found))
    if incomplete:
        listed = values.pop("differences", None) or shown.pop("differences", "")
        shown["differences"] = listed + "(Other components of the carry may differ too: the code does not show their types.)\n"
    values["pvary_msg"] = ""
    cast = None
    one, other = pairs[0]
    if len(pairs) == 1 and one.aval is not None and other.aval is not None \
            and one.aval.shape == other.aval.shape and one.aval.dtype is not None:
        cast = cast_edit(ctx, other, one.aval.dtype, loop.body.function)
    ctx.report(loop.site.call.func, values=values, shown=shown, related=_related(ctx, loop, out),
               data=CarryMismatch(cast))


def check(ctx: Context) -> None:
    for qualname in LOOPS:
        for site in ctx.model.calls_to(qualname):
            if plain_site(site):
                check_in_calls(ctx, site.call, lambda: _read_and_check(ctx, site))  # noqa: B023 (run at once)


def _read_and_check(ctx: Context, site: CallSite) -> None:
    loop = read_loop(ctx, site)
    if loop is not None:
        _check(ctx, loop)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    data = finding.data
    assert isinstance(data, CarryMismatch)
    return cast_fixes(lines, data.cast, "cast-carry", "the initial carry")


RULE = Rule(
    code="JXE096",
    catalog_id="loop-carry-mismatch",
    triggers=("scan", "fori_loop", "while_loop"),
    check=check,
    data=CarryMismatch,
    fix=fix,
    fix_ids=("cast-carry",),
)
