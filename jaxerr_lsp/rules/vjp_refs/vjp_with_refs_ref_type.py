"""JXE010 vjp-with-refs-ref-type.

What it does: finds a gradient ref passed to a VJP function's `with_refs` (`out, f_vjp =
jax.vjp(f, *primals)`) whose type the code shows (`jax.new_ref(jnp.zeros((4,)))`,
`jax.new_ref(jnp.ones(3, jnp.int32))`, through names bound once) and whose primal's type it
shows too (a constructor with a literal shape and dtype, a Python number, `jax.new_ref(...)` of
one), when the ref cannot hold that primal's gradient: another shape, or another dtype for a
float primal (an integer or bool primal's gradient is `float0`: any dtype of its shape passes).

Why is this bad: JAX checks each ref against the primal's cotangent type when `with_refs` is
called and raises ValueError naming both types.

Silent when any earlier leaf's entry cannot be checked (it could raise first), when the trees
differ (JXE001), for shapes or dtypes computed at run time, and for 64-bit dtypes (they depend
on `jax_enable_x64`).

Fix: `jax.new_ref(jnp.zeros(<shape>))` -> `jax.new_ref(jnp.zeros_like(<primal>))` when the
primal is a name and the ref is made inside the `with_refs` call.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.analysis.values import REF_FUNCTIONS
from jaxerr_lsp.families.vjp_refs import (WRONG_REF_TYPE, Aval, Pair, arg_name, argument_index,
                                 with_refs_checks, within)

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

_CONSTRUCTORS = {"zeros": "zeros_like", "ones": "ones_like", "empty": "zeros_like",
                 "full": "full_like"}


@dataclass(frozen=True)
class Replacement(RuleData):
    span: Span  # the ref's initial value, e.g. `jnp.zeros((4,))`
    source: str
    new_text: str  # e.g. `jnp.zeros_like(w)`
    primal: str


@dataclass(frozen=True)
class RefType(RuleData):
    replacement: Replacement | None


def check(ctx: Context) -> None:
    for found in with_refs_checks(ctx):
        verdict = found.verdict
        if verdict.kind != WRONG_REF_TYPE:
            continue
        assert verdict.given is not None and verdict.expected is not None
        pair = verdict.pair
        where = _where(ctx, found.call, pair)
        values = {"typeof(x).str_short()": f"Ref{{{verdict.given.aval}}}",
                  "expected_aval.str_short()": str(verdict.expected)}
        name = arg_name(ctx, found.vjp, pair.path)
        shown = {}
        if name is not None:
            values["_vjp_arg_name(jaxpr, in_tree, idx)"] = name
        else:
            shown["_vjp_arg_name(jaxpr, in_tree, idx)"] = f"the argument at position args{pair.path}"
        primal_text = ctx.segment(pair.primal) if pair.primal is not None else f"args{pair.path}"
        ctx.report(where, values=values, shown=shown,
                   related=(Related(ctx.span(pair.primal if pair.primal is not None else found.vjp),
                                    f"primal `{primal_text}` of `jax.vjp`, of type "
                                    f"{_primal_type(verdict.expected)}"),),
                   data=RefType(_replacement(ctx, found.call, pair)))


def _primal_type(expected: Aval) -> str:
    """The primal's type as the related note words it: its gradient type, except that an
    integer or bool primal's gradient is float0."""
    text = str(expected)
    return text if not text.startswith("float0") else f"integer or bool (gradient {text})"


def _where(ctx: Context, call: ast.Call, pair: Pair) -> ast.expr:
    """The entry itself when it is written inside the with_refs call, else its argument."""
    entry = pair.entry
    argument = call.args[argument_index(pair.path)]
    if entry is not None and within(entry, call):
        return entry
    return argument


def _replacement(ctx: Context, call: ast.Call, pair: Pair) -> Replacement | None:
    """`jnp.zeros((4,))` in `jax.new_ref(...)`, written in the with_refs call itself ->
    `jnp.zeros_like(w)` for a primal name `w` bound where the call is (a ref bound to a name
    elsewhere may be used elsewhere too: no fix)."""
    primal, new_ref = pair.primal, pair.entry
    if not isinstance(primal, ast.Name) or new_ref is None or not within(new_ref, call):
        return None
    binding = ctx.model.binding_of(primal)
    if binding is None or ctx.model.call_scope.get(id(call)) is not binding.scope:
        return None
    if not isinstance(new_ref, ast.Call) or ctx.model.qualname(new_ref.func) not in REF_FUNCTIONS \
            or len(new_ref.args) != 1 or new_ref.keywords:
        return None
    init = new_ref.args[0]
    if not isinstance(init, ast.Call) or not isinstance(init.func, ast.Attribute) \
            or any(isinstance(a, ast.Starred) for a in init.args):
        return None
    qualname = ctx.model.qualname(init.func) or ""
    constructor = qualname.rsplit(".", 1)[-1]
    if not qualname.startswith("jax.numpy.") or constructor not in _CONSTRUCTORS:
        return None
    like = ctx.segment(init.func.value) + "." + _CONSTRUCTORS[constructor]
    arguments = [primal.id]
    if constructor == "full":
        fill = init.args[1] if len(init.args) > 1 else next(
            (k.value for k in init.keywords if k.arg == "fill_value"), None)
        if fill is None:
            return None
        arguments.append(ctx.segment(fill))
    return Replacement(ctx.span(init), ctx.segment(init), f"{like}({', '.join(arguments)})",
                       primal.id)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.text import holds

    data = finding.data
    assert isinstance(data, RefType)
    replacement = data.replacement
    if replacement is None or not holds(lines, replacement.span, replacement.source):
        return []
    why = (f"The ref is made where it is passed, so it now starts from an array of "
           f"`{replacement.primal}`'s own shape and dtype, the type JAX requires for its gradient.")
    return [Fix(f"Make the ref like the primal: {replacement.new_text}", True, why,
                (TextEdit(replacement.span, replacement.new_text),), "ref-like-primal")]


RULE = Rule(
    code="JXE010",
    catalog_id="vjp-with-refs-ref-type",
    triggers=("with_refs",),
    check=check,
    data=RefType,
    fix=fix,
    fix_ids=("ref-like-primal",),
)
