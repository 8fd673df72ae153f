"""JXE071 tracer-concretization.

What it does: in the code of a function JAX traces abstractly (jit, vmap, pmap, checkpoint,
eval_shape, make_jaxpr, the lax control-flow bodies, and the file's helpers they call with
tracers), finds an operation that needs the concrete value of a traced array:
- `int(x)`, `float(x)`, `complex(x)`, `x.item()`, `x.tolist()`, `x.tobytes()`;
- `jnp.arange(...)` with a traced start, stop or step, `jnp.linspace(a, b, num)` with a traced
  `num`;
- `jnp.nonzero(m)`, `jnp.argwhere(m)`, `jnp.flatnonzero(m)`, one-argument `jnp.where(m)`,
  `m.nonzero()` and `jnp.unique(x)` without `size=`;
- `jnp.repeat(a, n)` / `a.repeat(n)` with traced repeats and no `total_repeat_length`;
- `lax.scan(f, init, xs, length=n)` with a traced `n`;
- `jax.ops.segment_sum(data, ids)` (max, min, prod) with a traced `ids` and no
  `num_segments`: JAX computes the count as `max(ids) + 1`, concretely;
- a JAX function given a traced value for a parameter that fixes its output's shape or layout
  (`STATIC_PARAMETERS`: `jax.nn.one_hot`'s `num_classes`, `jax.ops.segment_*`'s
  `num_segments`, the `axis` of reductions, `softmax`, `flip`, `expand_dims`, `squeeze`,
  `moveaxis`, `roll`, `split`'s sections, `pad`'s `pad_width`, `bincount`'s `length`; and
  `x.sum(axis)` and the other reduction methods; and the parameters JAX's own source converts
  with `core.concrete_or_error` before anything else: `multigammaln`'s `d`, `triu_indices`'s
  `n`, the window functions' `M`, `lax.broadcasted_iota`'s `dimension`...), its array argument
  a JAX array.
Also such a function of JAX given straight to a transformation that traces every argument
(`jax.jit(jax.nn.one_hot)(labels, 5)`, `g = jax.checkpoint(jnp.sum)` ... `g(x, 1)`,
`jax.eval_shape(jax.ops.segment_sum, data, ids, 3)`; no `static_argnums`/`static_argnames`),
a Python int passed for its static parameter: JAX traces it as a scalar array
(`Applications.foreign`); and the segment reductions given so with two arrays and no count
(`jax.jit(jax.ops.segment_sum)(data, ids)`).
`x` must certainly be one traced array (`ctx.tracing.tracer`: a parameter of unknown structure
may be a tuple or a dict, and counts only when the file shows it receives an array or a
number). Under `jax.grad` alone (and its kin) values are concrete and most of these calls work:
only `float(x)`, `complex(x)`, `x.tolist()` and `x.tobytes()` are reported there, since JAX 0.12.0.1 raises for
them on every tracer. `bool(x)` is JXE070's error, shapes JXE072's,
`range(x)` and list indexing JXE073's.
Code under an `if`, a conditional expression, a `match` or a `try` of the function is left
out: it may not run (a static flag), and under an `if` on a tracer the test raises first.

Why is this bad: a tracer has a shape and a dtype but no value while Python runs; JAX raises
ConcretizationTypeError. (`int(x)` on a traced array with dimensions raises a TypeError about
scalar conversion first, and `jnp.nonzero` of a 0-d array a ValueError: the code fails either
way.)

Fix: make the parameter static on the `jax.jit` of this file that traces the function (unsafe:
one compilation per value, callers must pass hashable values), for conversions and `arange` /
`linspace` arguments that are the parameter itself; give the nonzero-like call `size=` the
argument's size (unsafe: the result is padded to that length). Replacing `int(x)` by
`x.astype(int)` is not offered: it changes what the value is (an array, not a Python int) and
the code around it decides whether that keeps its meaning.
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from jaxerr_lsp.families.concretization import (
    StaticSite,
    Edit,
    abstract_array,
    edit_fix,
    keyword_insertion,
    origin_text,
    runs_unconditionally,
    predicted_message,
    static_argnames_fix,
    static_site,
    tracer_phrase,
    transform_name,
)
from jaxerr_lsp.core.findings import Finding, RuleData
from jaxerr_lsp.families.tracer_arrays import array_tracer, tracer_related
from jaxerr_lsp.engine.rule import Context, Rule, as_template, fill, shorten
from jaxerr_lsp.analysis.applications import ForeignApplication
from jaxerr_lsp.analysis.tracing import TRACING_TRIGGERS, Tracer

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

CONVERSIONS = {"builtins.int": "int", "builtins.float": "float", "builtins.complex": "complex"}
# Calls whose output length is the number of non-zero entries: JAX computes it with
# jnp.nonzero, whose message they all share.
NONZERO_LIKE = {"jax.numpy.nonzero", "jax.numpy.argwhere", "jax.numpy.flatnonzero",
                "jax.numpy.where"}
NONZERO_CONTEXT = ("The size argument of jnp.nonzero must be statically specified to use "
                   "jnp.nonzero within JAX transformations.")
UNIQUE_CONTEXT = ("The error arose for the first argument of jnp.unique(). To make jnp.unique() "
                  "compatible with JIT and other transforms, you can specify a concrete value for "
                  "the size argument, which will determine the output size.")
REPEAT_CONTEXT = ("When jit-compiling jnp.repeat, the total number of repeats must be static. To "
                  "fix this, either specify a static value for `repeats`, or pass a static value "
                  "to `total_repeat_length`.")
ITEM_CONTEXT = "This occurred in the item() method of jax.Array"
TOLIST_CONTEXT = "The tolist() method was called on {tracer._error_repr()}.{tracer._origin_msg()}"
TOBYTES_CONTEXT = "The tobytes() method was called on {tracer._error_repr()}.{tracer._origin_msg()}"
ARANGE_PARAMETERS = ("start", "stop", "step")
AXIS_CONTEXT = "The axis argument must be known statically."
INDEX_CONTEXT = "expected a static index or sequence of indices."
# jax.ops' segment reductions: JAX computes a missing `num_segments` (jax/_src/ops/scatter.py
# `_segment_update`, `core.concrete_dim_or_error`), naming segment_sum for all of them.
SEGMENT_FUNCTIONS = frozenset(f"jax.ops.segment_{name}" for name in ("sum", "max", "min", "prod"))
SEGMENTS_CONTEXT = "segment_sum() `num_segments` argument."
# JAX functions with a parameter whose value fixes the output's shape or layout: a traced value
# there raises ConcretizationTypeError with this context line (each measured under JAX
# 0.12.0.1, positionally and by keyword): qualname -> ((parameter, position or None), context).
STATIC_PARAMETERS: dict[str, tuple[tuple[tuple[str, int | None], ...], str]] = {
    "jax.nn.one_hot": ((("num_classes", 1),),
                       "The error arose in jax.nn.one_hot argument `num_classes`."),
    **{name: ((("num_segments", 2),), SEGMENTS_CONTEXT) for name in SEGMENT_FUNCTIONS},
    **{f"jax.numpy.{name}": ((("axis", 1),), AXIS_CONTEXT)
       for name in ("sum", "mean", "max", "min", "prod", "any", "all", "std", "var", "flip")},
    "jax.nn.softmax": ((("axis", 1),), AXIS_CONTEXT),
    "jax.numpy.split": ((("indices_or_sections", 1),), "in jax.numpy.split argument 1"),
    "jax.numpy.array_split": ((("indices_or_sections", 1),), "in jax.numpy.array_split argument 1"),
    "jax.numpy.expand_dims": ((("axis", 1),), INDEX_CONTEXT),
    "jax.numpy.squeeze": ((("axis", 1),), INDEX_CONTEXT),
    "jax.numpy.moveaxis": ((("source", 1), ("destination", 2)), INDEX_CONTEXT),
    "jax.numpy.roll": ((("axis", 2),), INDEX_CONTEXT),
    "jax.numpy.pad": ((("pad_width", 1),), "pad_width argument of jnp.pad"),
    "jax.numpy.bincount": ((("length", None),),
                           "The error occurred because of argument 'length' of jnp.bincount."),
}


def _generated_static_parameters() -> dict[str, tuple[tuple[str, int | None, str], ...]]:
    """More rows of `STATIC_PARAMETERS`, read off JAX's own source by
    `scripts/gen_static_parameters.py` (`jaxerr_lsp/data/static_parameters.json`): a public
    function that first of all converts a parameter with `core.concrete_or_error` (each
    parameter with its own context line)."""
    path = Path(__file__).resolve().parents[2] / "data" / "static_parameters.json"
    functions = json.loads(path.read_text(encoding="utf-8"))["functions"]
    return {name: tuple((parameter, position, context) for (parameter, position), context
                        in zip(row["parameters"], row["contexts"]))
            for name, row in functions.items()}


# The measured rows (the `jax.jit(f)(...)` forms too) keep their own; JAX's others are added.
STATIC_PARAMETER_CONTEXTS: dict[str, tuple[tuple[str, int | None, str], ...]] = {
    **_generated_static_parameters(),
    **{name: tuple((parameter, position, context) for parameter, position in parameters)
       for name, (parameters, context) in STATIC_PARAMETERS.items()}}
# Array methods whose first parameter is the axis (the same context as their functions).
AXIS_METHODS = frozenset({"sum", "mean", "max", "min", "prod", "any", "all", "std", "var"})
SCAN_LENGTH_CONTEXT = ("The `length` argument to `scan` expects a concrete `int` value. For "
                       "scan-like iteration with a dynamic length, use `while_loop` or `fori_loop`.")


@dataclass(frozen=True)
class Concretization(RuleData):
    parameter: str  # the traced parameter ("" when the value is computed inside)
    call_name: str  # `jnp.nonzero`, `int`...: for the fix titles
    static: StaticSite | None  # the jit site where the parameter can be made static
    size: Edit | None  # adds size= to a nonzero-like call


@dataclass(frozen=True)
class Needed:
    """One operation that needs a concrete value: the traced operand, JAX's context line
    (a template: None when it cannot be told), and what the fixes may do."""

    operand: ast.expr
    tracer: Tracer
    context: str | None
    call_name: str
    static_operand: bool  # the operand is a value the caller may make static (a number)
    size_fix: bool
    staged: bool = False  # the operand is a concrete array the call's own computation stages


def _conversion(ctx: Context, call: ast.Call, qualname: str | None) -> Needed | None:
    name = CONVERSIONS.get(qualname or "")
    if name is None or len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
        return None
    # float() and complex() fail on every tracer, grad's included (JAX 0.12.0.1 asks no
    # concrete value first, as it does for int()).
    tracer = abstract_array(ctx, call.args[0], concrete_too=name != "int")
    if tracer is None:
        return None
    context = as_template(f"The problem arose with the `{name}` function. If trying to convert the "
                      f"data type of a value, try using `x.astype({name})` or "
                      f"`jnp.array(x, {name})` instead.")
    return Needed(call.args[0], tracer, context, name, True, False)


def _method(ctx: Context, call: ast.Call) -> Needed | None:
    """`x.item()`, `x.tolist()`, `x.tobytes()`, `m.nonzero()` on a traced array."""
    function = call.func
    if not isinstance(function, ast.Attribute) or ctx.model.qualname(function.value) is not None:
        return None
    if function.attr not in ("item", "tolist", "tobytes", "nonzero"):
        return None
    # .tolist() and .tobytes() fail on every tracer, grad's included; .item() and .nonzero()
    # need an abstract one.
    tracer = abstract_array(ctx, function.value, concrete_too=function.attr in ("tolist", "tobytes"))
    if tracer is None or any(isinstance(a, ast.Starred) for a in call.args) \
            or any(k.arg is None for k in call.keywords):
        return None
    if function.attr == "item":
        return Needed(function.value, tracer, as_template(ITEM_CONTEXT), ".item()", False, False)
    if function.attr == "tolist":
        if call.args or call.keywords:
            return None
        return Needed(function.value, tracer, TOLIST_CONTEXT, ".tolist()", False, False)
    if function.attr == "tobytes":
        if len(call.args) + len(call.keywords) > 1:
            return None  # (Python's TypeError: it takes one `order`)
        return Needed(function.value, tracer, TOBYTES_CONTEXT, ".tobytes()", False, False)
    if call.args or not _size_missing(call):
        return None
    return Needed(function.value, tracer, as_template(NONZERO_CONTEXT), ".nonzero()", False, True)


def _size_missing(call: ast.Call) -> bool:
    size = next((k.value for k in call.keywords if k.arg == "size"), None)
    return size is None or (isinstance(size, ast.Constant) and size.value is None)


def _nonzero_like(ctx: Context, call: ast.Call, qualname: str | None) -> Needed | None:
    if qualname not in NONZERO_LIKE and qualname != "jax.numpy.unique":
        return None
    if len(call.args) != 1 or isinstance(call.args[0], ast.Starred) or not _size_missing(call):
        return None
    if any(k.arg is None for k in call.keywords):
        return None
    if qualname == "jax.numpy.where" and any(k.arg not in ("size", "fill_value") for k in call.keywords):
        return None
    tracer = abstract_array(ctx, call.args[0])
    staged = tracer is None
    tracer = tracer or _staged_operand(ctx, call, call.args[0])
    if tracer is None:
        return None
    short = "jnp." + (qualname or "").rsplit(".", 1)[1]
    context = UNIQUE_CONTEXT if qualname == "jax.numpy.unique" else NONZERO_CONTEXT
    return Needed(call.args[0], tracer, as_template(context), short, False, True, staged)


def _staged_operand(ctx: Context, call: ast.Call, operand: ast.expr) -> Tracer | None:
    """A concrete array (a closed-over JAX or NumPy array) given to a call that computes its
    size from its values (`jnp.nonzero(mask)`, `segment_sum(h, ids)` without a count), in code
    that runs staged: JAX stages that computation too, and its result is a tracer (measured:
    `jax.jit(lambda h: jax.ops.segment_sum(h, ids))(h)` with a global `ids` raises)."""
    return ctx.tracing.staged(call) if _an_array(ctx, operand) else None


def _arange(ctx: Context, call: ast.Call) -> Needed | None:
    """`jnp.arange(...)` with a traced start, stop or step: JAX names the first traced one
    (a lone argument is 'stop'); when an earlier one may be a tracer too, the name is left
    open."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    given: dict[str, ast.expr] = dict(zip(ARANGE_PARAMETERS, call.args))
    given |= {k.arg: k.value for k in call.keywords if k.arg in ARANGE_PARAMETERS}
    lone = "stop" not in given and "step" not in given
    for parameter in ARANGE_PARAMETERS:
        value = given.get(parameter)
        if value is None:
            continue
        tracer = abstract_array(ctx, value)
        if tracer is not None:
            named = "stop" if parameter == "start" and lone else parameter
            earlier = [given[p] for p in ARANGE_PARAMETERS[:ARANGE_PARAMETERS.index(parameter)]
                       if p in given]
            context = None if any(not _plain_number(e) for e in earlier) else \
                as_template(f"It arose in the jnp.arange argument '{named}'")
            return Needed(value, tracer, context, "jnp.arange", True, False)
    return None


def _argument(call: ast.Call, position: int | None, keyword: str) -> ast.expr | None:
    """The argument a call gives the parameter at `position` (None: keyword-only) named
    `keyword`."""
    if position is not None and position < len(call.args):
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def _traced_argument(ctx: Context, call: ast.Call, position: int | None, keyword: str,
                     context: str, call_name: str) -> Needed | None:
    """The call needs the parameter's value and the call gives it a traced array."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    value = _argument(call, position, keyword)
    tracer = abstract_array(ctx, value) if value is not None else None
    if value is None or tracer is None:
        return None
    return Needed(value, tracer, as_template(context), call_name, True, False)


def _linspace(ctx: Context, call: ast.Call) -> Needed | None:
    return _traced_argument(ctx, call, 2, "num", "'num' argument of jnp.linspace", "jnp.linspace")


def _repeat(ctx: Context, call: ast.Call, qualname: str | None) -> Needed | None:
    """`jnp.repeat(a, n)` or `a.repeat(n)` with traced repeats and no `total_repeat_length`
    (a traced `axis` fails first, with its own context: left alone)."""
    function = call.func
    method = qualname is None and isinstance(function, ast.Attribute) and function.attr == "repeat"
    if qualname != "jax.numpy.repeat" and not method:
        return None
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    keywords = {k.arg: k.value for k in call.keywords}
    total = keywords.get("total_repeat_length")
    if "out_sharding" in keywords or not (total is None or _none(total)):
        return None
    array: ast.expr | None
    if isinstance(function, ast.Attribute) and method:
        array, rest = function.value, list(call.args)
    else:
        array, rest = call.args[0] if call.args else keywords.get("a"), list(call.args[1:])
    repeats = rest[0] if rest else keywords.get("repeats")
    axis = rest[1] if len(rest) > 1 else keywords.get("axis")
    if array is None or repeats is None or not (axis is None or _none(axis) or _plain_number(axis)):
        return None
    if abstract_array(ctx, array) is None and not ctx.values.value(array).is_array:
        return None
    tracer = abstract_array(ctx, repeats)
    if tracer is None:
        return None
    name = ".repeat()" if method else "jnp.repeat"
    return Needed(repeats, tracer, as_template(REPEAT_CONTEXT), name, True, False)


def _static_parameter(ctx: Context, call: ast.Call, qualname: str | None) -> Needed | None:
    """A JAX function given a traced value where it needs a static one (`STATIC_PARAMETERS`:
    `jax.nn.one_hot(x, n)`, `jnp.sum(x, axis=a)`, `x.sum(a)`...), its array argument a JAX
    array (another first argument may fail otherwise first)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    function = call.func
    array: ast.expr | None
    if qualname is None and isinstance(function, ast.Attribute) and function.attr in AXIS_METHODS:
        array = function.value
        parameters: tuple[tuple[str, int | None, str], ...] = (("axis", 0, AXIS_CONTEXT),)
        name = f".{function.attr}()"
    elif qualname in STATIC_PARAMETER_CONTEXTS:
        parameters = STATIC_PARAMETER_CONTEXTS[qualname]
        array = call.args[0] if call.args else None
        name = "jnp." + qualname.rsplit(".", 1)[1] if qualname.startswith("jax.numpy.") else qualname
    else:
        return None
    if array is None or (abstract_array(ctx, array) is None and not ctx.values.value(array).is_array):
        return None
    for parameter, position, context in parameters:
        needed = _traced_argument(ctx, call, position, parameter, context, f"{name}'s `{parameter}`")
        if needed is not None:
            return needed
    return None


def _segments(ctx: Context, call: ast.Call) -> Needed | None:
    """`jax.ops.segment_sum(data, ids)` (or max, min, prod) with no `num_segments` (or None):
    JAX computes it as `max(ids) + 1` with a concrete `int()`, which a traced `ids` refuses
    (every one of them names segment_sum in the context line, measured)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    count = _argument(call, 2, "num_segments")
    if count is not None and not _none(count):
        return None
    ids = _argument(call, 1, "segment_ids")
    if ids is None:
        return None
    tracer = abstract_array(ctx, ids)
    staged = tracer is None
    tracer = tracer or _staged_operand(ctx, call, ids)
    if tracer is None:
        return None
    name = "jax.ops." + (ctx.model.qualname(call.func) or "").rsplit(".", 1)[1]
    return Needed(ids, tracer, as_template(SEGMENTS_CONTEXT), f"{name} without `num_segments`", False, False,
                  staged)


def _scan_length(ctx: Context, call: ast.Call) -> Needed | None:
    """`lax.scan(f, init, xs, length=n)` with a traced `n`: scan converts it with `int()`
    (jax/_src/lax/control_flow/loops.py, `_infer_scan_length`)."""
    return _traced_argument(ctx, call, 3, "length", SCAN_LENGTH_CONTEXT, "lax.scan's `length`")


def _none(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Constant) and expr.value is None


def _plain_number(expr: ast.expr) -> bool:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and type(expr.value) in (int, float)


def _needed(ctx: Context, call: ast.Call) -> Needed | None:
    qualname = ctx.model.qualname(call.func)
    if qualname == "jax.numpy.arange":
        return _arange(ctx, call)
    if qualname == "jax.numpy.linspace":
        return _linspace(ctx, call)
    if qualname == "jax.lax.scan":
        return _scan_length(ctx, call)
    if qualname in SEGMENT_FUNCTIONS and (found := _segments(ctx, call)) is not None:
        return found
    return _conversion(ctx, call, qualname) or _nonzero_like(ctx, call, qualname) or \
        _repeat(ctx, call, qualname) or (_method(ctx, call) if qualname is None else None) or \
        _static_parameter(ctx, call, qualname)


def _size_edit(ctx: Context, call: ast.Call, operand: ast.expr) -> Edit | None:
    text = ctx.segment(operand)
    if "\n" in text:
        return None
    base = text if isinstance(operand, (ast.Name, ast.Attribute)) else f"({text})"
    return keyword_insertion(ctx, call, f"size={base}.size")


def check(ctx: Context) -> None:
    for call, _traced in ctx.tracing.calls:
        needed = _needed(ctx, call)
        if needed is not None and runs_unconditionally(ctx, call):
            _report(ctx, call, needed)
    applications = ctx.tracing.applications
    for application in applications.foreign():
        found = _foreign_static(ctx, application) or _foreign_sized(ctx, application)
        if found is not None and not applications.guarded(application.call):
            _report_foreign(ctx, application, *found)


def _foreign_static(ctx: Context, application: ForeignApplication) -> tuple[str, ast.expr, str] | None:
    """`jax.jit(jax.nn.one_hot)(labels, 5)`: a function of `STATIC_PARAMETERS` given straight
    to a transformation that traces all its arguments, a Python int passed for its static
    parameter (traced as a scalar array), its array argument an array, every other argument
    an array or a Python number (what was measured; a number first fails otherwise first in
    `_ARRAY_FIRST`). (parameter, argument, context)."""
    entry = STATIC_PARAMETERS.get(application.qualname)
    args, keywords = application.args, application.keywords
    if entry is None or not args or not (_an_array(ctx, args[0]) or (
            application.qualname not in _ARRAY_FIRST and ctx.values.value(args[0]).type in ("int", "float"))):
        return None
    parameters, context = entry
    positions = {position for _, position in parameters if position is not None}
    names = {name for name, _ in parameters}
    if any(k.arg not in names for k in keywords) or not all(
            _an_array(ctx, a) or ctx.values.value(a).type in ("int", "float")
            for i, a in enumerate(args[1:], 1) if i not in positions):
        return None
    for parameter, position in parameters:
        given = args[position] if position is not None and position < len(args) else \
            next((k.value for k in keywords if k.arg == parameter), None)
        if given is not None and ctx.values.value(given).type == "int":
            return parameter, given, context
    return None


def _foreign_sized(ctx: Context, application: ForeignApplication) -> tuple[str, ast.expr, str] | None:
    """`jax.jit(jnp.arange)(5)`, `jax.jit(jnp.linspace)(0.0, 1.0, 50)`,
    `jax.jit(jnp.repeat)(x, 2)`, `jax.jit(jnp.nonzero)(m)`, `jax.jit(jnp.unique)(x)`: every
    argument traced, the output's size then unknown (each form measured under JAX 0.12.0.1;
    JAX names the first traced `arange` argument 'stop' when it is the only one, and the
    function's parameter the value depends on)."""
    qualname, args, keywords = application.qualname, application.args, application.keywords
    if qualname == "jax.numpy.arange":
        if keywords or not 1 <= len(args) <= 3 or not all(_a_number(ctx, a) for a in args):
            return None
        named = "stop" if len(args) == 1 else "start"
        return "start", args[0], f"It arose in the jnp.arange argument '{named}'"
    if qualname == "jax.numpy.linspace":
        given = dict(zip(("start", "stop", "num"), args)) | {k.arg: k.value for k in keywords if k.arg}
        num = given.get("num")
        if len(args) > 3 or set(given) != {"start", "stop", "num"} or num is None \
                or ctx.values.value(num).type != "int" \
                or not all(_a_number(ctx, given[p]) or _an_array(ctx, given[p]) for p in ("start", "stop")):
            return None
        return "num", num, "'num' argument of jnp.linspace"
    if qualname in SEGMENT_FUNCTIONS:
        if len(args) != 2 or keywords or not all(_an_array(ctx, a) for a in args):
            return None
        return "segment_ids", args[1], SEGMENTS_CONTEXT
    if qualname == "jax.numpy.repeat":
        given = dict(zip(("a", "repeats"), args)) | {k.arg: k.value for k in keywords if k.arg}
        repeats = given.get("repeats")
        if len(args) > 2 or set(given) != {"a", "repeats"} or repeats is None \
                or not _an_array(ctx, given["a"]) or ctx.values.value(repeats).type != "int":
            return None
        return "repeats", repeats, REPEAT_CONTEXT
    if qualname in NONZERO_LIKE or qualname == "jax.numpy.unique":
        if len(args) != 1 or keywords or not _an_array(ctx, args[0]):
            return None
        aval = ctx.values.value(args[0]).aval
        if qualname != "jax.numpy.unique" and (aval is None or not aval.ndim):
            return None  # nonzero of a 0-d array raises a ValueError first
        if qualname == "jax.numpy.unique":
            return "ar", args[0], UNIQUE_CONTEXT
        return ("condition" if qualname == "jax.numpy.where" else "a"), args[0], NONZERO_CONTEXT
    return None


def _a_number(ctx: Context, expr: ast.expr) -> bool:
    return ctx.values.value(expr).type in ("int", "float")


# Functions that fail on a scalar traced first argument before they look at the static one.
_ARRAY_FIRST = frozenset({"jax.numpy.split", "jax.numpy.array_split", "jax.numpy.bincount"})


def _an_array(ctx: Context, expr: ast.expr) -> bool:
    return ctx.values.value(expr).type in ("ArrayImpl", "ndarray")


def _report_foreign(ctx: Context, application: ForeignApplication, parameter: str,
                    given: ast.expr, context: str) -> None:
    from jaxerr_lsp.errors.catalog import load_catalog

    message = load_catalog().get("tracer-concretization").message.strip()
    function = application.qualname.rsplit(".", 1)[1]
    shown_repr = "traced array with shape ‹its dtype and shape›"
    origin = (f"\nThe error occurred while tracing the function {function} for {application.label}. "
              f"This concrete value was not available in Python because it depends on the value "
              f"of the argument {parameter}.")
    shown_text = fill(message, {"context": context, "tracer._error_repr()": shown_repr,
                                "tracer._origin_msg()": origin})
    name = application.qualname.replace("jax.numpy.", "jnp.", 1)
    transform = application.transform
    shown = shorten(ctx.segment(given), 30)
    if ctx.values.value(given).type in ("int", "float"):
        note = (f"\n({name}'s `{parameter}` needs a concrete value, but `{transform}` traces "
                f"every argument it is given: the Python number `{shown}` becomes a scalar array "
                "tracer. Bind it with `functools.partial` before the transformation, or make "
                "it static (`static_argnums` / `static_argnames` of `jax.jit`).)")
    else:
        sized_by = "`num_segments=`" if application.qualname in SEGMENT_FUNCTIONS else "`size=`"
        note = (f"\n({name} needs the values of `{shown}` to know the size of its result, but "
                f"`{transform}` traces every argument it is given. Call it with a static {sized_by} "
                "inside the transformed function, or outside the transformation.)")
    ctx.report(
        application.call,
        message=shown_text,
        predicted=predicted_message(message, {"context": as_template(context)}),
        note=note,
        data=Concretization(parameter, f"{name}'s `{parameter}`", None, None))


def _report(ctx: Context, call: ast.Call, needed: Needed) -> None:
    from jaxerr_lsp.errors.catalog import load_catalog

    tracer = needed.tracer
    message = load_catalog().get("tracer-concretization").message.strip()
    values = {} if needed.context is None else {"context": needed.context}
    parameter = tracer.parameter or ""
    shown_repr = "traced array with shape ‹its dtype and shape›"
    function, transform = tracer.function.name, transform_name(tracer)
    origin = f"\nThe value is computed inside {function}, staged by {transform}." if needed.staged \
        else origin_text(tracer)
    context_shown = needed.context if needed.context is not None else \
        f"It arose in the {needed.call_name} argument that is traced"
    shown_text = fill(message, {
        "context": fill(context_shown, {"tracer._error_repr()": shown_repr,
                                        "tracer._origin_msg()": origin}),
        "tracer._error_repr()": shown_repr, "tracer._origin_msg()": origin})
    static = static_site(ctx, tracer, needed.operand) if needed.static_operand else None
    size = _size_edit(ctx, call, needed.operand) if needed.size_fix else None
    ctx.report(
        call,
        message=shown_text,
        predicted=predicted_message(message, values),
        note=_staged_note(ctx, needed) if needed.staged else
        f"\n({needed.call_name} needs a concrete value, but "
        f"{tracer_phrase(ctx, needed.operand, tracer)}.)",
        related=tracer_related(ctx, tracer, _receiver_tracer(ctx, call)),
        data=Concretization(parameter, needed.call_name, static, size))


def _staged_note(ctx: Context, needed: Needed) -> str:
    text = ctx.segment(needed.operand)
    text = f"`{text}`" if "\n" not in text and len(text) <= 40 else "the array"
    function, transform = needed.tracer.function.name, transform_name(needed.tracer)
    return (f"\n({needed.call_name} computes its result's size from the values of {text}. Those are "
            f"concrete here, but `{function}` runs staged by `{transform}`, which stages that "
            f"computation too: its result is a tracer.)")


def _receiver_tracer(ctx: Context, call: ast.Call) -> Tracer | None:
    """For a method call (`row.repeat(n)`): the tracer its receiver is, whose array makes
    the method JAX's."""
    return array_tracer(ctx, call.func.value) if isinstance(call.func, ast.Attribute) else None


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    data = finding.data
    assert isinstance(data, Concretization)
    fixes = edit_fix(
        lines, data.size, f"Give {data.call_name} a static size= (the argument's size)",
        "Adds `size=` the argument's number of entries, an upper bound on the results: the "
        "call runs under tracing and keeps every result, but the output always has that "
        "length, padded with the fill value. Choose a smaller bound or a `fill_value=` as "
        "your code needs.", "give-size")
    if data.static is not None:
        fixes += static_argnames_fix(lines, data.static, "static-argnames")
    return fixes


RULE = Rule(
    code="JXE071",
    catalog_id="tracer-concretization",
    triggers=(*TRACING_TRIGGERS, "grad", "jac", "hessian"),
    check=check,
    data=Concretization,
    fix=fix,
    fix_ids=("static-argnames", "give-size"),
)
