"""JXE014 ref-used-as-array.

What it does: finds a `Ref` (a name bound once to `jax.new_ref(...)`, or the call itself)
passed to a `jax.numpy` function where an array is expected: `jnp.sin(r)`, `jnp.sum(r)`,
`jnp.dot(x, r)`, `jnp.where(c, r, 0.0)`, `jnp.asarray(r)`, `jnp.array(r)`.

Why is this bad: a Ref is a mutable buffer, not an array; `jax.numpy` refuses it (with or
without `jit`) and raises TypeError naming the function JAX reports (`jnp.abs` is
`absolute`, `jnp.divide` is `true_divide`), the ref's type and the argument's position.

Only the functions verified against JAX 0.12.0.1 (each prints the name in `_NAMES`); an
argument before the ref that is not certainly an array or a number (it could fail first)
means silence. `jnp.zeros_like(r)`, `r.shape`, `r.dtype` accept a Ref and are never flagged;
Python operators on a Ref (`r + 1`) raise Python's own TypeError and are left alone.

Fix: read the ref: `jnp.sin(r)` -> `jnp.sin(r[...])`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.vjp_refs import NOT_REF_KINDS, makes_refs, typed

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

_UNARY = """
sum mean max min prod std var absolute exp exp2 log log2 log10 log1p expm1 sqrt square tanh sinh
cosh sin cos tan arcsin arccos arctan reshape ravel transpose swapaxes moveaxis clip sign
negative reciprocal squeeze broadcast_to tile repeat real imag conjugate argmax argmin cumsum
cumprod diff flip roll sort argsort floor ceil round rint trunc isnan isinf isfinite nan_to_num
tril triu diag diagonal trace take cbrt atleast_1d atleast_2d atleast_3d any all copy astype
""".split()
_BINARY = """
arctan2 dot vdot matmul maximum minimum power multiply add subtract true_divide outer inner kron
tensordot logaddexp remainder fmod hypot allclose
""".split()
# jax.numpy function -> (the name JAX prints, the argument positions checked, in order).
_NAMES: dict[str, tuple[str, tuple[int, ...]]] = {
    **{name: (name, (0,)) for name in _UNARY},
    **{name: (name, (0, 1)) for name in _BINARY},
    "abs": ("absolute", (0,)),
    "conj": ("conjugate", (0,)),
    "divide": ("true_divide", (0, 1)),
    "mod": ("remainder", (0, 1)),
    "where": ("where", (0, 1, 2)),
    "linalg.norm": ("jnp.linalg.norm", (0,)),
}
# Constructors that refuse a Ref before anything else: no position in the message.
_CONSTRUCTORS = {"array": ("jnp.array", "object"), "asarray": ("jnp.asarray", "a")}


@dataclass(frozen=True)
class RefArgument(RuleData):
    span: Span  # the ref argument
    source: str


def check(ctx: Context) -> None:
    if not makes_refs(ctx):
        return
    for name, (printed, positions) in _NAMES.items():
        for site in ctx.model.calls_to(f"jax.numpy.{name}"):
            if site.partial is None:
                _check_positions(ctx, site.call, printed, positions)
    for name, (printed, keyword) in _CONSTRUCTORS.items():
        for site in ctx.model.calls_to(f"jax.numpy.{name}"):
            call = site.call
            if site.partial is not None or any(isinstance(a, ast.Starred) for a in call.args):
                continue
            argument = call.args[0] if call.args else next(
                (k.value for k in call.keywords if k.arg == keyword), None)
            if argument is not None and _is_ref(ctx, argument):
                _report(ctx, argument, printed, "")


def _check_positions(ctx: Context, call: ast.Call, printed: str, positions: tuple[int, ...]) -> None:
    if any(isinstance(a, ast.Starred) for a in call.args):
        return
    for position in positions:
        if position >= len(call.args):
            return
        argument = call.args[position]
        if _is_ref(ctx, argument):
            _report(ctx, argument, printed, f" at position {position}")
            return
        if ctx.values.value(argument).type not in NOT_REF_KINDS:
            return  # may fail first, or be a Ref the code does not show


def _is_ref(ctx: Context, expr: ast.expr) -> bool:
    return ctx.values.value(expr).type == "Ref"


def _report(ctx: Context, argument: ast.expr, printed: str, where: str) -> None:
    known = typed(ctx, argument)
    values = {"fun_name": printed, "where": where}
    shown = {}
    if known is not None and known.ref:
        values["core.typeof(arg)"] = f"Ref{{{known.aval}}}"
    else:
        shown["core.typeof(arg)"] = f"the type of `{ctx.segment(argument)}`"
    made = _made_at(ctx, argument)
    related = (Related(ctx.span(made), "the Ref is made here; read its value with `[...]`"),) \
        if made is not None else ()
    ctx.report(argument, values=values, shown=shown, related=related,
               data=RefArgument(ctx.span(argument), ctx.segment(argument)))


def _made_at(ctx: Context, argument: ast.expr) -> ast.expr | None:
    """The `jax.new_ref(...)` call a ref name is bound to."""
    if isinstance(argument, ast.Name):
        binding = ctx.model.binding_of(argument)
        return binding.value if binding is not None else None
    return None


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.text import holds

    data = finding.data
    assert isinstance(data, RefArgument)
    if not holds(lines, data.span, data.source):
        return []
    source = data.source
    read = f"{source}[...]" if source.isidentifier() else f"({source})[...]"
    why = (f"Passes the array the ref holds now, `{read}`, which is what the function can use; "
           "the ref itself is left unchanged.")
    return [Fix(f"Read the ref: {read}", True, why, (TextEdit(data.span, read),), "read-ref")]


RULE = Rule(
    code="JXE014",
    catalog_id="ref-used-as-array",
    triggers=("new_ref",),
    check=check,
    data=RefArgument,
    fix=fix,
    fix_ids=("read-ref",),
)
