"""JXE072 traced-shape.

What it does: in the code of a function JAX traces abstractly (jit, vmap, pmap, checkpoint,
eval_shape, make_jaxpr, the lax control-flow bodies, and the file's helpers they call with
tracers), finds a shape given with a traced array in it: the shape of `jnp.zeros`, `ones`,
`empty`, `full`, the `shape=` of `jnp.zeros_like` and its kin, `jnp.reshape`,
`jnp.broadcast_to`, `x.reshape(...)` of a traced array, `jax.random.normal`, `uniform`,
`randint`, and (given as a tuple or list display) the shape of `lax.full`, `lax.reshape`,
`jax.random.bernoulli`, `truncated_normal`, `bits`, `exponential`, `gamma`, `categorical`, and
`lax.dynamic_slice`'s `slice_sizes`. The shape is the traced value itself (`jnp.zeros(n)`) or a tuple or list display
with one in it (`(n, 3)`); the traced value must certainly be one array (a parameter of unknown
structure counts only when the file shows it receives an array or a number). Under `jax.grad`
alone nothing is reported.
Code under an `if`, a conditional expression, a `match` or a `try` of the function is left
out: it may not run (a static flag), and under an `if` on a tracer the test raises first.

Why is this bad: dimensions must be Python integers when JAX traces; a tracer has no value
then, and JAX raises TypeError "Shapes must be 1D sequences of concrete values of integer
type".

Fix: make the parameter static on the `jax.jit` of this file that traces the function, when a
dimension is that parameter itself (unsafe: one compilation per value, and callers must pass
hashable values).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.concretization import (
    StaticSite,
    abstract_array,
    origin_text,
    runs_unconditionally,
    static_argnames_fix,
    static_site,
    tracer_phrase,
)
from jaxerr_lsp.core.findings import Finding, RuleData
from jaxerr_lsp.families.tracer_arrays import tracer_related
from jaxerr_lsp.engine.rule import Context, Rule, shorten
from jaxerr_lsp.analysis.applications import ForeignApplication
from jaxerr_lsp.analysis.tracing import TRACING_TRIGGERS, Tracer

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# Where each function takes its shape: (position, keyword).
SHAPE_ARGUMENT: dict[str, tuple[int, str]] = {
    "jax.numpy.zeros": (0, "shape"),
    "jax.numpy.ones": (0, "shape"),
    "jax.numpy.empty": (0, "shape"),
    "jax.numpy.full": (0, "shape"),
    "jax.numpy.zeros_like": (2, "shape"),
    "jax.numpy.ones_like": (2, "shape"),
    "jax.numpy.empty_like": (2, "shape"),
    "jax.numpy.full_like": (3, "shape"),
    "jax.numpy.reshape": (1, "shape"),
    "jax.numpy.broadcast_to": (1, "shape"),
    "jax.random.normal": (1, "shape"),
    "jax.random.uniform": (1, "shape"),
    "jax.random.randint": (1, "shape"),
    "jax.lax.full": (0, "shape"),
    "jax.lax.dynamic_slice": (2, "slice_sizes"),
    "jax.lax.reshape": (1, "new_sizes"),
    "jax.random.bernoulli": (2, "shape"),
    "jax.random.truncated_normal": (3, "shape"),
    "jax.random.bits": (1, "shape"),
    "jax.random.exponential": (1, "shape"),
    "jax.random.gamma": (2, "shape"),
    "jax.random.categorical": (3, "shape"),
}
# Functions that iterate their shape first: a bare traced value there raises Python's
# "iteration over a 0-d array"; only a tuple or list display with a tracer in it is ours.
DISPLAY_ONLY = frozenset({"jax.lax.full", "jax.lax.dynamic_slice", "jax.lax.reshape",
                          "jax.random.bernoulli", "jax.random.truncated_normal", "jax.random.bits",
                          "jax.random.exponential", "jax.random.gamma", "jax.random.categorical"})


@dataclass(frozen=True)
class TracedShape(RuleData):
    parameter: str  # the traced parameter ("" when the value is computed inside)
    static: StaticSite | None  # the jit site where the parameter can be made static


def _shape_of(ctx: Context, call: ast.Call) -> list[ast.expr] | None:
    """The expressions the call gives as its shape: the shape argument, or `x.reshape`'s
    arguments; None when the call takes no shape."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    function = call.func
    qualname = ctx.model.qualname(function)
    if qualname is None and isinstance(function, ast.Attribute) and function.attr == "reshape":
        if ctx.model.qualname(function.value) is not None or abstract_array(ctx, function.value) is None:
            return None
        shape = [k.value for k in call.keywords if k.arg == "shape"]
        return list(call.args) + shape if call.args or shape else None
    where = SHAPE_ARGUMENT.get(qualname or "")
    if where is None:
        return None
    position, keyword = where
    if len(call.args) > position:
        value: ast.expr | None = call.args[position]
    else:
        value = next((k.value for k in call.keywords if k.arg == keyword), None)
    if value is None or (qualname in DISPLAY_ONLY and not isinstance(value, (ast.Tuple, ast.List))):
        return None
    return [value]


def _traced_dimension(ctx: Context, shape: list[ast.expr]) -> tuple[ast.expr, Tracer] | None:
    """The first traced array among the shape's expressions or their tuple/list elements."""
    for expr in shape:
        candidates = expr.elts if isinstance(expr, (ast.Tuple, ast.List)) else [expr]
        for candidate in candidates:
            if isinstance(candidate, ast.Starred):
                return None
            tracer = abstract_array(ctx, candidate)
            if tracer is not None:
                return candidate, tracer
    return None


def _shape_text(ctx: Context, call: ast.Call, shape: list[ast.expr]) -> str:
    if len(shape) == 1:
        return ctx.segment(shape[0])
    return "(" + ", ".join(ctx.segment(e) for e in shape) + ")"  # x.reshape(n, -1)


def check(ctx: Context) -> None:
    for call, _traced in ctx.tracing.calls:
        shape = _shape_of(ctx, call)
        if shape is None:
            continue
        found = _traced_dimension(ctx, shape)
        if found is None or not runs_unconditionally(ctx, call):
            continue
        dimension, tracer = found
        parameter = tracer.parameter or ""
        ctx.report(
            call,
            shown={"shape": f"‹{shorten(_shape_text(ctx, call, shape), 40)}, with "
                            f"{shorten(ctx.segment(dimension), 20)} a tracer›",
                   "x._origin_msg()": origin_text(tracer)},
            note=f"\n(A dimension must be a Python integer, but {tracer_phrase(ctx, dimension, tracer)}.)",
            related=tracer_related(ctx, tracer),
            data=TracedShape(parameter, static_site(ctx, tracer, dimension)))
    _check_foreign(ctx)


# Functions of JAX whose first argument is a shape (or a size), checked as one: given straight
# to a transformation that traces every argument (`jax.jit(jnp.tri)(T, T, 0)`), a Python int
# there becomes a scalar tracer (each form measured under JAX 0.12.0.1).
FOREIGN_SHAPES = frozenset({"jax.numpy.zeros", "jax.numpy.ones", "jax.numpy.empty", "jax.numpy.eye",
                            "jax.numpy.identity", "jax.numpy.tri"})


def _foreign_shape(ctx: Context, application: ForeignApplication) -> ast.expr | None:
    """The first argument of `application` when it is a Python int, or a tuple or list display
    of them, that the transformation traces (every other argument a Python number)."""
    if application.qualname not in FOREIGN_SHAPES or application.keywords or not application.args:
        return None
    if not all(ctx.values.value(a).type == "int" for a in application.args[1:]):
        return None  # (a dtype or another object given as an argument fails otherwise first)
    shape = application.args[0]
    elements = shape.elts if isinstance(shape, (ast.Tuple, ast.List)) else [shape]
    if not elements or not all(ctx.values.value(e).type == "int" and not isinstance(e, ast.Starred)
                               for e in elements):
        return None
    return shape


def _check_foreign(ctx: Context) -> None:
    applications = ctx.tracing.applications
    for application in applications.foreign():
        shape = _foreign_shape(ctx, application)
        if shape is None or applications.guarded(application.call):
            continue
        name = application.qualname.replace("jax.numpy.", "jnp.", 1)
        written = shorten(ctx.segment(shape), 30)
        ctx.report(
            application.call,
            shown={"shape": f"‹the tracers `{application.transform}` makes of {written}›",
                   "x._origin_msg()": f"\nThe error occurred while tracing the function "
                                      f"{application.qualname.rsplit('.', 1)[1]} for {application.label}."},
            note=(f"\n({name} needs its shape as Python integers, but `{application.transform}` traces "
                  f"every argument it is given: `{written}` becomes scalar array tracers. Bind it with "
                  "`functools.partial` before the transformation, or make it static.)"),
            data=TracedShape("", None))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    data = finding.data
    assert isinstance(data, TracedShape)
    return static_argnames_fix(lines, data.static, "static-argnames")


RULE = Rule(
    code="JXE072",
    catalog_id="traced-shape",
    triggers=TRACING_TRIGGERS,
    check=check,
    data=TracedShape,
    fix=fix,
    fix_ids=("static-argnames",),
)
