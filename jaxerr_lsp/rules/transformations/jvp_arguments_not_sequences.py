"""JXE171 jvp-arguments-not-sequences.

What it does: finds `jax.jvp(f, primals, tangents)` where `primals` or `tangents` is certainly
not a tuple or a list: one array (`jax.jvp(f, x, v)`, the most common slip: the primals are a
sequence of `f`'s positional arguments), a dict, a number. `f` must be a def or lambda of the
file or a function JAX or the file names (`check_callable` raises first otherwise). The types
are predicted for Python's own types (dict, int, float...); an array's is shown (a tracer's
type under a transformation).

Why is this bad: `jax.jvp` takes the primals and the tangents as sequences of `f`'s positional
arguments, one tangent per primal, and refuses anything else with TypeError before tracing.

Fix (safe): wrap a single array (or number) given for both into 1-tuples: `jax.jvp(f, (x,), (v,))`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# Python's own types and NumPy's array, named as `type(x).__name__` names them whatever runs the
# call (a JAX array is a tracer under a transformation: shown).
_PREDICTED = frozenset({"dict", "int", "float", "bool", "str", "complex", "set", "NoneType", "ndarray"})
_ARRAYS = frozenset({"ArrayImpl", "ndarray"})


@dataclass(frozen=True)
class JvpArguments(RuleData):
    primals: Span | None  # both spans when each is one array or number (the fix wraps them)
    tangents: Span | None


def _callable(ctx: Context, function: ast.expr) -> bool:
    """A function of the file (`model.function_of`) or one a module gives (`jnp.sin`)."""
    return ctx.model.function_of(function) is not None or ctx.model.qualname(function) is not None


def _argument(call: ast.Call, position: int, keyword: str) -> ast.expr | None:
    if len(call.args) > position:
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def check(ctx: Context) -> None:
    for site in ctx.model.calls_to("jax.jvp"):
        call = site.call
        if site.partial is not None or not site.complete or any(isinstance(a, ast.Starred) for a in call.args) \
                or any(k.arg is None for k in call.keywords):
            continue
        function, primals, tangents = (_argument(call, 0, "fun"), _argument(call, 1, "primals"),
                                       _argument(call, 2, "tangents"))
        if function is None or primals is None or tangents is None or not _callable(ctx, function):
            continue
        kinds = [ctx.values.value(primals).type, ctx.values.value(tangents).type]
        if not any(k is not None and k not in ("tuple", "list") for k in kinds):
            continue
        values: dict[str, str] = {}
        shown: dict[str, str] = {}
        for placeholder, kind, written in (("type(primals).__name__", kinds[0], primals),
                                           ("type(tangents).__name__", kinds[1], tangents)):
            if kind in _PREDICTED or kind in ("tuple", "list"):
                values[placeholder] = kind
            else:
                shown[placeholder] = f"‹the type of {ctx.segment(written)}›"
        single = all(k in _ARRAYS or k in ("int", "float") for k in kinds)
        data = JvpArguments(ctx.span(primals), ctx.span(tangents)) if single else JvpArguments(None, None)
        ctx.report(call, values=values, shown=shown, data=data,
                   note=" (`jax.jvp` takes the primals and the tangents as tuples or lists of `f`'s "
                        "positional arguments: `jax.jvp(f, (x,), (v,))`)")


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, JvpArguments)
    if data.primals is None or data.tangents is None:
        return []
    primals, tangents = lines.text(data.primals), lines.text(data.tangents)
    both = Span(data.primals.start_line, data.primals.start_column, data.tangents.end_line, data.tangents.end_column)
    between = lines.text(Span(data.primals.end_line, data.primals.end_column,
                              data.tangents.start_line, data.tangents.start_column))
    if not primals or not tangents or lines.text(both) != primals + between + tangents:
        return []
    why = "Passes the array as the one primal and the one tangent of `f`'s single argument: what the call meant."
    return [Fix("Wrap the primal and the tangent in 1-tuples", True, why,
                (TextEdit(both, f"({primals},){between}({tangents},)"),), "wrap-in-tuples")]


RULE = Rule(
    code="JXE171",
    catalog_id="jvp-arguments-not-sequences",
    triggers=("jvp",),
    check=check,
    data=JvpArguments,
    fix=fix,
    fix_ids=("wrap-in-tuples",),
)
