"""JXE022 vjp-cotangent-type.

What it does: finds a VJP function from `jax.vjp` applied to an integer or boolean literal
(`f_vjp(1)`, `f_vjp(-1)`, `f_vjp(True)`, also through `with_logs` / `with_refs(...)`) while the
differentiated function visibly returns a single floating-point array: every return is a call
of a JAX function whose result is always inexact (`jnp.sin`, `jnp.mean`, `jax.nn.sigmoid`,
`jnp.ones` without `dtype`...), a true division, or a float literal.

Why is this bad: a cotangent must have the output's cotangent type, here a float dtype; an int
literal is an `int32[]` (a bool `bool[]`) and JAX raises ValueError before the backward pass.
Only the cotangent's type is predicted: the expected type (shape, float width) stays a
placeholder. Silent when the file mentions x64 (the literal would then be `int64[]`).

Fix: `1` -> `1.0` (never marked safe: a float16 or non-scalar output still rejects it).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.pytree import Leaf
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.core.source import text_of_span
from jaxerr_lsp.analysis.avals import Aval
from jaxerr_lsp.analysis.values import Signature, bind_arguments
from jaxerr_lsp.families.control_flow import check_in_calls
from jaxerr_lsp.families.vjp_application import (Application, FunctionNode, VjpFunction, applications,
                                        output_structure,
                                        returned_expressions, saveable_args_default)

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# JAX functions whose result is inexact whatever the input's dtype (unless `dtype=` says).
INEXACT_FUNCTIONS = frozenset("""
sin cos tan arcsin arccos arctan arctan2 sinh cosh tanh arcsinh arccosh arctanh exp exp2 expm1
log log2 log10 log1p sqrt cbrt mean var std average sigmoid log_sigmoid softmax log_softmax
softplus gelu silu swish logsumexp norm ones zeros eye identity linspace logspace
normal uniform truncated_normal erf erfc true_divide hypot radians degrees deg2rad rad2deg
""".split())
INEXACT_NAMESPACES = ("jax.numpy.", "jax.nn.", "jax.scipy.special.", "jax.numpy.linalg.",
                      "jax.random.")


@dataclass(frozen=True)
class IntCotangent(RuleData):
    literal_span: Span  # the int literal (without a leading minus)
    literal_source: str


def _is_inexact(ctx: Context, expr: ast.expr | None) -> bool:
    """Whether `expr` certainly evaluates to a floating-point (or complex) value."""
    if isinstance(expr, ast.Constant):
        return type(expr.value) in (float, complex)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Div):
        return True
    if not isinstance(expr, ast.Call) or any(k.arg in ("dtype", None) for k in expr.keywords):
        return False
    return _is_inexact_function(ctx, expr.func)


def _returns_inexact(ctx: Context, function: FunctionNode, has_aux: bool) -> bool:
    values = returned_expressions(ctx.model, function)
    if values is None:
        return False
    for value in values:
        if has_aux:
            pair = ctx.values.value(value) if value is not None else None
            if pair is None or pair.elements is None or len(pair.elements) != 2:
                return False
            value = pair.elements[0]
        if not _is_inexact(ctx, value):
            return False
    return True


def _output_is_inexact_leaf(ctx: Context, vjp: VjpFunction) -> bool:
    """Whether the differentiated function certainly returns one floating-point array: a JAX
    function whose result is always inexact (`jnp.tanh`), or a function of this file whose
    every return is one."""
    function = ctx.model.function_of(vjp.function, through_jit=True)
    if function is None:
        return not vjp.has_aux and _is_inexact_function(ctx, vjp.function)
    return isinstance(output_structure(ctx, function, vjp.has_aux), Leaf) \
        and _returns_inexact(ctx, function, vjp.has_aux)


def _is_inexact_function(ctx: Context, expr: ast.expr) -> bool:
    qualname = ctx.model.qualname(expr)
    if qualname is None:
        return False
    namespace, _, name = qualname.rpartition(".")
    return namespace + "." in INEXACT_NAMESPACES and name in INEXACT_FUNCTIONS


def _int_literal(expr: ast.expr) -> tuple[ast.Constant, str] | None:
    """(the literal, JAX's type for it) for `1`, `-1`, `True`."""
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        expr = expr.operand
        if isinstance(expr, ast.Constant) and type(expr.value) is int:
            return expr, "int32[]"
        return None
    if isinstance(expr, ast.Constant) and type(expr.value) is int:
        return expr, "int32[]"
    if isinstance(expr, ast.Constant) and type(expr.value) is bool:
        return expr, "bool[]"
    return None


def _float_literal(expr: ast.expr) -> ast.Constant | None:
    """`1.0`, `-0.5`: a Python float, a weakly typed float32[] cotangent."""
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        expr = expr.operand
    return expr if isinstance(expr, ast.Constant) and type(expr.value) is float else None


def _output_aval(ctx: Context, vjp: VjpFunction) -> tuple[Aval, ast.expr] | None:
    """The aval of what the differentiated function returns (the first of a returned pair
    with has_aux) with the primals standing for its parameters, when its one return and
    every aval are known; and that returned expression."""
    function = ctx.model.function_of(vjp.function, through_jit=True)
    returned = returned_expressions(ctx.model, function) if function is not None else None
    if function is None or returned is None or len(returned) != 1 or returned[0] is None \
            or any(isinstance(p, ast.Starred) for p in vjp.primals):
        return None
    bound = bind_arguments(Signature.of(function.args), vjp.primals, [])
    if bound is None or bound.extra_positional or bound.extra_keywords:
        return None
    with ctx.values.bound(function, {name: ctx.values.value(e) for name, e in bound.given.items()}):
        output = returned[0]
        if vjp.has_aux:
            pair = ctx.values.value(output)
            if pair.elements is None or len(pair.elements) != 2:
                return None
            output = pair.elements[0]
        value = ctx.values.value(output)
    aval = value.aval
    if value.type != "ArrayImpl" or aval is None or aval.shape is None or aval.kind != "f":
        return None
    return aval, output


def _check_float(ctx: Context, app: Application, literal: ast.Constant) -> None:
    """A float literal applied where the output is a float array of another shape or width:
    JAX expects the output's own type."""
    found = _output_aval(ctx, app.vjp)
    if found is None:
        return
    aval, output = found
    expected = f"{aval.dtype}[{','.join(map(str, aval.shape or ()))}]"
    if expected == "float32[]":
        return
    span = ctx.span(literal)
    ctx.report(ctx.span(app.call.args[0]),
               values={"ct_aval.str_short()": "float32[]", "ct_aval_expected.str_short()": expected,
                       "aval.str_short()": expected},
               related=(Related(ctx.span(output), f"the differentiated function returns {expected} here"),),
               data=IntCotangent(span, text_of_span(ctx.parsed.lines, span)))


def check(ctx: Context) -> None:
    if ctx.values.x64:
        return  # the literal's type depends on jax_enable_x64
    for app in applications(ctx):
        call = app.call
        if len(call.args) != 1 or call.keywords:
            continue
        found = _int_literal(call.args[0])
        floating = _float_literal(call.args[0]) if found is None else None
        if floating is not None and saveable_args_default(app.vjp.call):
            check_in_calls(ctx, app.vjp.call, lambda: _check_float(ctx, app, floating))  # noqa: B023 (run at once)
        if found is None:
            continue
        literal, ct_type = found
        vjp = app.vjp
        if not saveable_args_default(vjp.call) or not _output_is_inexact_leaf(ctx, vjp):
            continue
        span = ctx.span(literal)
        ctx.report(
            ctx.span(call.args[0]), values={"ct_aval.str_short()": ct_type},
            shown={"ct_aval_expected.str_short()": "a float type of the output's shape",
                   "aval.str_short()": "a floating-point type"},
            related=(Related(ctx.span(vjp.function),
                             "differentiated function, which returns a floating-point array"),),
            data=IntCotangent(span, text_of_span(ctx.parsed.lines, span)))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, IntCotangent)
    source = data.literal_source
    if lines.text(data.literal_span) != source:
        return []
    if source in ("True", "False"):
        new = "1.0" if source == "True" else "0.0"
    elif source.isdigit():
        new = source + ".0"
    else:
        return []
    why = ("A float literal has the float32 type a float32 scalar output needs; an output of "
           "another shape or float width (float16, float64) still needs a cotangent of its own type.")
    return [Fix(f"Use a float cotangent: {new}", False, why, (TextEdit(data.literal_span, new),),
                "float-cotangent")]


RULE = Rule(
    code="JXE022",
    catalog_id="vjp-cotangent-type",
    triggers=("vjp",),
    check=check,
    data=IntCotangent,
    fix=fix,
    fix_ids=("float-cotangent",),
)
