"""JXE073 tracer-integer-conversion.

What it does: in the code of a function JAX traces abstractly (jit, vmap, pmap, checkpoint,
eval_shape, make_jaxpr, the lax control-flow bodies, `fori_loop`'s index included, and the
file's helpers they call with tracers), finds a traced array used where Python needs an
integer: an argument of `range(...)`, or the index or a slice bound of a subscript whose base
is certainly a Python list, tuple or string (`ctx.values`; or the traced function's parameter
every application gives a list or a tuple: its elements are traced, it stays a list). The traced value must certainly be
one array (a parameter of unknown structure counts only when the file shows it receives an
array or a number). Also a JAX function that reads a parameter with `operator.index`
(`INDEX_PARAMETERS`: `jnp.argmax/argmin/concatenate/stack`'s `axis`, `jnp.take`'s `axis`,
`jnp.diag`'s `k`, `lax.dynamic_slice_in_dim`'s `slice_size`, `lax.index_in_dim`'s `index`,
`x.argmax(axis)`), given a traced value not known to be a float; and the `axis` of a
reduction (`jnp.mean`, `x.sum(...)`, `jnp.flip`, `jax.nn.softmax`) given a tuple of traced
arrays (a display, or a parameter every application gives one: `axis=(0,)` passed to jit).
Indexing a JAX array with a tracer is fine and never reported, nor is anything under
`jax.grad` alone.
Code under an `if`, a conditional expression, a `match` or a `try` of the function is left
out: it may not run (a static flag), and under an `if` on a tracer the test raises first.

Why is this bad: Python asks the tracer for its integer value (`__index__`), which it does not
have while tracing: JAX raises TracerIntegerConversionError. (A traced float or an array with
dimensions raises a TypeError about scalar indices first: the code fails either way.)

Fix: make the parameter static on the `jax.jit` of this file that traces the function, when the
integer is that parameter itself (unsafe: one compilation per value, callers must pass hashable
values). Rewriting `for i in range(n)` as `jax.lax.fori_loop` is not offered: the loop body
would have to become a function of `(i, carry)` returning every value it updates, which is not
mechanical.
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
from jaxerr_lsp.core.findings import Finding, Related, RuleData
from jaxerr_lsp.families.tracer_arrays import passed_arguments, tracer_related
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.analysis.tracing import TRACING_TRIGGERS, Tracer

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

PYTHON_SEQUENCES = ("list", "tuple", "str")
# JAX functions that take a parameter's value with `operator.index` (measured under JAX
# 0.12.0.1, positionally and by keyword): qualname -> (parameter, position); the first
# argument an array (or, for concatenate and stack, a list or tuple display).
INDEX_PARAMETERS: dict[str, tuple[str, int]] = {
    "jax.numpy.argmax": ("axis", 1), "jax.numpy.argmin": ("axis", 1),
    "jax.numpy.concatenate": ("axis", 1), "jax.numpy.stack": ("axis", 1),
    "jax.numpy.diag": ("k", 1), "jax.numpy.take": ("axis", 2),
    "jax.lax.dynamic_slice_in_dim": ("slice_size", 2), "jax.lax.index_in_dim": ("index", 1),
}
INDEX_METHODS = frozenset({"argmax", "argmin"})  # x.argmax(axis)
# Functions and array methods whose `axis` may be a tuple, each element read with
# `operator.index` (measured under JAX 0.12.0.1, positionally and by keyword; a single traced
# axis is a ConcretizationTypeError instead, JXE071).
AXIS_TUPLE_FUNCTIONS: dict[str, tuple[str, int]] = {
    **{f"jax.numpy.{name}": ("axis", 1) for name in (
        "sum", "mean", "max", "min", "prod", "any", "all", "std", "var", "flip")},
    "jax.nn.softmax": ("axis", 1)}
AXIS_TUPLE_METHODS = frozenset({"sum", "mean", "max", "min", "prod", "any", "all", "std", "var"})


@dataclass(frozen=True)
class TracerIndex(RuleData):
    parameter: str  # the traced parameter ("" when the value is computed inside)
    static: StaticSite | None  # the jit site where the parameter can be made static


def _range_argument(ctx: Context, call: ast.Call) -> tuple[ast.expr, Tracer] | None:
    if ctx.model.qualname(call.func) != "builtins.range" or call.keywords \
            or not 1 <= len(call.args) <= 3 or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    return _first_traced(ctx, call.args)


def _index_of_sequence(ctx: Context, subscript: ast.Subscript) -> tuple[ast.expr, Tracer] | None:
    """The traced index or slice bound of `seq[...]` on a Python list, tuple or string."""
    key = subscript.slice
    if isinstance(key, ast.Slice):
        parts = [p for p in (key.lower, key.upper, key.step) if p is not None]
    elif isinstance(key, ast.Tuple):
        return None  # a tuple index on a list is Python's own TypeError
    else:
        parts = [key]
    if not parts or not _python_sequence(ctx, subscript.value):
        return None
    return _first_traced(ctx, parts)


def _python_sequence(ctx: Context, expr: ast.expr) -> bool:
    """A Python list, tuple or string (`ctx.values`), or the traced function's parameter
    itself when every application passes a list or a tuple (JAX traces its elements: the
    container stays a Python list or tuple)."""
    if ctx.values.value(expr).type in PYTHON_SEQUENCES:
        return True
    if not isinstance(expr, ast.Name):
        return False
    tracer = ctx.tracing.tracer(expr)
    use = ctx.model.use_of.get(id(expr))
    if tracer is None or tracer.array or tracer.parameter != expr.id or use is None:
        return False
    scope = ctx.model.resolve_scope(expr.id, use.scope)
    binding = ctx.model.sole_binding(expr.id, scope) if scope is not None else None
    if scope is None or scope.node is not tracer.function.function or binding is None \
            or not isinstance(binding.node, ast.arg):
        return False
    passed = passed_arguments(ctx, tracer.function, expr.id)
    return bool(passed) and all(a is not None and ctx.values.value(a).type in ("list", "tuple")
                                for a in passed)


def _parameter_of(ctx: Context, call: ast.Call, methods: frozenset[str],
                  functions: dict[str, tuple[str, int]]) -> tuple[ast.expr, ast.expr, str, str] | None:
    """For `x.<method>(a)` (a method of `methods`, whose first parameter is `axis`) or a JAX
    function of `functions` (qualname -> (parameter, position)), written without `*`/`**`: the
    array it is given (a list display for concatenate and stack), the argument given to that
    parameter, the parameter's name, and how a note names the call; None otherwise (no array,
    nothing given to the parameter)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    qualname = ctx.model.qualname(call.func)
    function = call.func
    array: ast.expr | None
    if qualname is None and isinstance(function, ast.Attribute) and function.attr in methods:
        array, (parameter, position), name = function.value, ("axis", 0), f"`.{function.attr}()`"
    elif qualname in functions:
        array = call.args[0] if call.args else None
        module = {"jax.lax": "lax", "jax.nn": "jax.nn"}.get(qualname.rsplit(".", 1)[0], "jnp")
        (parameter, position), name = functions[qualname], f"`{module}.{qualname.rsplit('.', 1)[1]}`"
    else:
        return None
    if array is None:
        return None
    if qualname in ("jax.numpy.concatenate", "jax.numpy.stack"):
        if not isinstance(array, (ast.List, ast.Tuple)) or not array.elts:
            return None
    elif abstract_array(ctx, array) is None and not ctx.values.value(array).is_array \
            and not _given_array(ctx, array):
        return None
    value = call.args[position] if position < len(call.args) else next(
        (k.value for k in call.keywords if k.arg == parameter), None)
    return None if value is None else (array, value, parameter, name)


def _given_array(ctx: Context, expr: ast.expr) -> bool:
    """A parameter (a closure's too) every call of its def gives one JAX array."""
    given = ctx.values.given_value(expr) if isinstance(expr, ast.Name) else None
    return given is not None and given[0].jax_array is not None


def _index_parameter(ctx: Context, call: ast.Call) -> tuple[ast.expr, Tracer, str] | None:
    """`jnp.argmax(x, a)`, `x.argmax(a)`, `jnp.concatenate([x, y], axis=a)`... with a
    traced `a`: the value, its tracer, and how the note names the call."""
    found = _parameter_of(ctx, call, INDEX_METHODS, INDEX_PARAMETERS)
    if found is None:
        return None
    _, value, parameter, name = found
    tracer = abstract_array(ctx, value)
    if tracer is None:
        return None
    aval = ctx.values.value(value).aval
    if aval is not None and aval.dtype is not None and not aval.dtype.startswith(("int", "uint")):
        return None  # (a traced float: Python's TypeError about indices comes first)
    return value, tracer, f"{name}'s `{parameter}`"


def _axis_elements(ctx: Context, call: ast.Call) -> tuple[ast.expr, Tracer, str] | None:
    """`jnp.mean(x, axis=axes)` (a reduction, `jnp.flip`, `jax.nn.softmax`, or the reduction
    method `x.mean(axes)`) whose `axis` is a tuple or list holding traced arrays: a display
    whose elements before the first traced one are ints, or a traced parameter an application
    gives a tuple display whose first element is one array (`Tracer.elements`). JAX reads
    each element of a tuple axis with `operator.index`."""
    found = _parameter_of(ctx, call, AXIS_TUPLE_METHODS, AXIS_TUPLE_FUNCTIONS)
    if found is None:
        return None
    _, value, _, name = found
    if isinstance(value, (ast.Tuple, ast.List)):
        for element in value.elts:
            if isinstance(element, ast.Constant) and type(element.value) is int:
                continue
            tracer = abstract_array(ctx, element)
            return (element, tracer, f"{name}'s `axis`") if tracer is not None else None
        return None
    tracer = ctx.tracing.tracer(value)
    if tracer is None or not tracer.abstract or not tracer.elements or not tracer.elements[0]:
        return None
    first = tracer.element(0)
    return (value, first, f"{name}'s `axis` (a tuple of traced arrays)") if first is not None else None


def _first_traced(ctx: Context, exprs: list[ast.expr]) -> tuple[ast.expr, Tracer] | None:
    for expr in exprs:
        tracer = abstract_array(ctx, expr)
        if tracer is not None:
            return expr, tracer
    return None


def _report(ctx: Context, node: ast.AST, used: ast.expr, tracer: Tracer, how: str,
            also: tuple[Related, ...] = ()) -> None:
    parameter = tracer.parameter or ""
    ctx.report(
        node,
        shown={"tracer._error_repr()": "traced array with shape ‹its dtype and shape›",
               "tracer._origin_msg()": origin_text(tracer)},
        note=f"\n({how} needs a Python integer, but {tracer_phrase(ctx, used, tracer)}.)",
        related=tracer_related(ctx, tracer) + also,
        data=TracerIndex(parameter, static_site(ctx, tracer, used)))


def _sequence_passed(ctx: Context, expr: ast.expr) -> tuple[Related, ...]:
    """Where the applications give the traced parameter `expr` its list or tuple."""
    tracer = ctx.tracing.tracer(expr)
    if not isinstance(expr, ast.Name) or tracer is None or ctx.values.value(expr).type in PYTHON_SEQUENCES:
        return ()
    return tuple(Related(ctx.span(a), f"`{expr.id}` receives a list or tuple here")
                 for a in passed_arguments(ctx, tracer.function, expr.id) if a is not None)


def check(ctx: Context) -> None:
    for call, _traced in ctx.tracing.calls:
        found = _range_argument(ctx, call)
        if found is not None and runs_unconditionally(ctx, call):
            _report(ctx, call, *found, "`range`")
            continue
        indexed = _index_parameter(ctx, call) or _axis_elements(ctx, call)
        if indexed is not None and runs_unconditionally(ctx, call):
            _report(ctx, call, *indexed)
    for subscript, _traced in ctx.tracing.subscripts:
        found = _index_of_sequence(ctx, subscript)
        if found is not None and runs_unconditionally(ctx, subscript):
            kind = ctx.values.value(subscript.value).type
            what = f"a Python {kind}" if kind in PYTHON_SEQUENCES else \
                f"`{ctx.segment(subscript.value)}`, a Python list or tuple of traced arrays,"
            _report(ctx, subscript, *found, f"Indexing {what}", _sequence_passed(ctx, subscript.value))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    data = finding.data
    assert isinstance(data, TracerIndex)
    return static_argnames_fix(lines, data.static, "static-argnames")


RULE = Rule(
    code="JXE073",
    catalog_id="tracer-integer-conversion",
    triggers=TRACING_TRIGGERS,
    check=check,
    data=TracerIndex,
    fix=fix,
    fix_ids=("static-argnames",),
)
