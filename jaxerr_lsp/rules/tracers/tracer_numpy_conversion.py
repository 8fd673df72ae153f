"""JXE074 tracer-numpy-conversion.

What it does: finds a NumPy function (`np.sin(x)`, `onp.asarray(x)`, `sin(x)` after `from
numpy import sin`, `np.float32(x)`...) called in traced code with a tracer array for an argument
it converts (also through a parameter that holds NumPy on every call of its def: `def f(x,
xnp=np)` that no call gives `xnp`, `xnp.stack(...)`): an argument of a function under `jax.jit`, `jax.vmap`, a `lax` body (or anything
computed from one), or a differentiated argument under `jax.grad` and its family. Also a NumPy
array (`TABLE = np.linspace(...)`) indexed with a traced index, `TABLE[i]`, in code traced
abstractly: NumPy converts the index.

Why is this bad: NumPy turns its inputs into NumPy arrays through `__array__`, which a tracer
refuses: JAX raises TracerArrayConversionError while tracing, under every transformation.

Only the NumPy functions in the tables below are flagged, each checked to raise under JAX
0.12.0.1 (measured with NumPy 2.5): `np.sum`, `np.mean`, `np.max`, `np.reshape`, `np.transpose`,
`np.round`... are not, because NumPy hands them to the array's own method, which a tracer has.
NumPy on shapes, static arguments and constants (`np.pi`, `np.float32` as a dtype) is no
tracer. A bare parameter counts only when the file's calls show it is one array (a dict of
arrays fails differently): see `jaxerr_lsp.families.tracer_arrays`.

Fix: call the `jax.numpy` function of the same name (adding `import jax.numpy as jnp` when the
file has no alias for it). Safe for the math functions of `SAME_MEANING` called without keyword
arguments other than `axis`, `keepdims`, `dtype`; unsafe for conversions (`np.asarray`,
`np.array`, dtypes), whose result becomes a JAX array. `TABLE[i]` -> `jnp.asarray(TABLE)[i]`
(unsafe: JAX clamps an index out of range where NumPy raised).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.tracer_arrays import (array_tracer, module_name_for_fix, origin_line, tracer_related,
                                      tracer_source)
from jaxerr_lsp.analysis.tracing import Tracer

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# NumPy functions that convert every positional argument (ufuncs and friends); jax.numpy has
# each with the same meaning.
EVERY_ARGUMENT = frozenset("""
sin cos tan arcsin arccos arctan arctan2 sinh cosh tanh arcsinh arccosh arctanh exp exp2 expm1
log log1p log2 log10 sqrt cbrt square abs absolute fabs sign floor ceil rint trunc maximum
minimum fmax fmin add subtract multiply divide true_divide floor_divide power float_power mod
remainder fmod negative positive reciprocal hypot logaddexp logaddexp2 isnan isfinite isinf
logical_and logical_or logical_not logical_xor deg2rad rad2deg degrees radians heaviside
copysign equal not_equal less less_equal greater greater_equal conj conjugate where clip dot
matmul outer inner vdot cross isclose isin
""".split())
# NumPy functions that convert their first argument; jax.numpy has each with the same meaning.
FIRST_ARGUMENT = frozenset("""
ravel expand_dims broadcast_to tile roll diag trace tril triu diff average atleast_1d atleast_2d
atleast_3d nan_to_num nanmean nansum nanmax nanmin median percentile quantile sort copy
zeros_like ones_like empty_like full_like sinc angle linalg.norm linalg.inv linalg.det
""".split())
# NumPy functions whose first argument is a sequence of arrays (a list or tuple display).
SEQUENCE_ARGUMENT = frozenset({"concatenate", "stack", "hstack", "vstack", "lexsort"})
# Conversions of the first argument: jax.numpy's twin gives a JAX array, not a NumPy one.
CONVERSIONS = {"asarray": "asarray", "array": "array", "asanyarray": "asarray",
               "float32": "float32", "float16": "float16", "int32": "int32", "int16": "int16",
               "int8": "int8", "uint8": "uint8", "uint32": "uint32", "bool_": "bool_",
               "complex64": "complex64"}
# ... of them, those that also take a list or tuple of arrays.
SEQUENCE_CONVERSIONS = frozenset({"array", "asarray", "asanyarray"})
# Conversions with no twin of the same meaning (64-bit types are 32-bit in JAX by default),
# and functions whose jax.numpy twin needs a static size under jit.
NO_TWIN = frozenset({"float64", "int64", "complex128", "unique", "histogram", "flatnonzero"})
# Keyword arguments the jax.numpy twins take as NumPy does.
TWIN_KEYWORDS = frozenset({"axis", "keepdims", "dtype"})


@dataclass(frozen=True)
class NumpyOnTracer(RuleData):
    function_span: Span  # the called expression: `np.sin`, `sin`
    function_source: str
    replacement: str  # `jnp.sin`; "" when no fix applies
    import_line: str  # "import jax.numpy as jnp" when the file has no alias for jax.numpy
    safe: bool
    fix_id: str  # "use-jax-numpy" | "index-jax-array"


def _converted_arguments(ctx: Context, name: str, call: ast.Call) -> list[ast.expr]:
    if name in EVERY_ARGUMENT:
        return list(call.args)
    first = call.args[0] if call.args else None
    if name in SEQUENCE_ARGUMENT or name in SEQUENCE_CONVERSIONS:
        if isinstance(first, ast.ListComp) and (ctx.values.comprehension_length(first) or 0) >= 1:
            return [first.elt]  # `np.stack([params[k] for k in names])`: each element converted
    if name in SEQUENCE_ARGUMENT:
        return _display_elements(first) if isinstance(first, (ast.List, ast.Tuple)) else []
    if name in SEQUENCE_CONVERSIONS and isinstance(first, (ast.List, ast.Tuple)):
        return _display_elements(first)  # np.array([[x, y]]) converts each element
    if name in FIRST_ARGUMENT or name in CONVERSIONS or name in NO_TWIN:
        return list(call.args[:1])
    return []


def _display_elements(display: ast.List | ast.Tuple) -> list[ast.expr]:
    """The elements of a list or tuple display, those of the displays nested in it in their
    place (NumPy converts each of them), in source order."""
    found: list[ast.expr] = []
    for element in display.elts:
        if isinstance(element, (ast.List, ast.Tuple)):
            found += _display_elements(element)
        else:
            found.append(element)
    return found


def _traced_argument(ctx: Context, name: str, call: ast.Call) -> tuple[ast.expr, Tracer] | None:
    if any(isinstance(a, ast.Starred) for a in call.args):
        return None
    for argument in _converted_arguments(ctx, name, call):
        tracer = array_tracer(ctx, argument)
        if tracer is not None:
            return argument, tracer
    return None


def _replacement(ctx: Context, name: str, call: ast.Call) -> tuple[str, str, bool]:
    """(`jnp.sin`, the import to add or "", safe) or ("", "", False) when no fix applies."""
    if name in NO_TWIN or any(k.arg not in TWIN_KEYWORDS for k in call.keywords):
        return "", "", False
    twin = CONVERSIONS.get(name, name)
    named = module_name_for_fix(ctx, "jax.numpy", "jnp")
    if named is None:
        return "", "", False
    return f"{named[0]}.{twin}", named[1], name not in CONVERSIONS


def tracer_note(what: str, argument: str, tracer: Tracer) -> str:
    """Which parameter the traced value comes from, and which transformation traces it."""
    source = tracer_source(tracer)
    return (f" — {what} and `{argument}` is traced by "
            f"{tracer.transform.qualname} (from {source}).")


def _through_parameter(ctx: Context, call: ast.Call) -> bool:
    """`xnp.stack(...)` where `xnp` is a parameter that holds NumPy on every call of its def
    (`ModuleModel.qualname`: `def to_ndc(x, xnp=np)` called without `xnp`)."""
    head = call.func
    while isinstance(head, ast.Attribute):
        head = head.value
    if not isinstance(head, ast.Name) or head is call.func:
        return False
    binding = ctx.model.read_binding(head)
    return binding is not None and isinstance(binding.node, ast.arg)


def check(ctx: Context) -> None:
    for call, _traced in ctx.tracing.calls:
        qualname = ctx.model.qualname(call.func)
        if qualname is None or not qualname.startswith("numpy."):
            continue
        name = qualname.removeprefix("numpy.")
        found = _traced_argument(ctx, name, call)
        if found is None:
            continue
        argument, tracer = found
        replacement, import_line, safe = _replacement(ctx, name, call)
        safe = safe and not _through_parameter(ctx, call)  # (`xnp`'s other uses keep NumPy)
        _report(ctx, call, argument, tracer, f"`{ctx.segment(call.func)}` is a NumPy function",
                 NumpyOnTracer(ctx.span(call.func), ctx.segment(call.func), replacement,
                               import_line, safe, "use-jax-numpy"))
    for subscript, _traced in ctx.tracing.subscripts:
        found_index = _numpy_array_indexed(ctx, subscript)
        if found_index is None:
            continue
        index, tracer, shown_by = found_index
        named = module_name_for_fix(ctx, "jax.numpy", "jnp")
        table = ctx.segment(subscript.value)
        data = NumpyOnTracer(ctx.span(subscript.value), table,
                             f"{named[0]}.asarray({table})" if named else "",
                             named[1] if named else "", False, "index-jax-array")
        given = (Related(ctx.span(shown_by), f"`{table}` is given a NumPy array here"),) if shown_by else ()
        _report(ctx, subscript, index, tracer, f"`{table}` is a NumPy array indexed", data, given)


def _numpy_array_indexed(ctx: Context, subscript: ast.Subscript) -> tuple[ast.expr, Tracer, ast.expr | None] | None:
    """`table[i]`, `table[i, :]`: a NumPy array read at a traced index (NumPy converts the
    index), when the other indices are plain: integer constants, `None`, slices of constants
    (measured under JAX 0.12.0.1: a scalar or a vector index raises alike). The table is one
    the code shows, or a parameter every call of its def gives one (that call's argument is
    returned too: later code shows it)."""
    if not isinstance(subscript.ctx, ast.Load):
        return None
    shown_by: ast.expr | None = None
    if ctx.values.value(subscript.value).type != "ndarray":
        given = ctx.values.given_value(subscript.value) if isinstance(subscript.value, ast.Name) else None
        if given is None or given[0].type != "ndarray":
            return None
        shown_by = given[1]
    index = subscript.slice
    elements = index.elts if isinstance(index, ast.Tuple) else [index]
    found = None
    for element in elements:
        tracer = array_tracer(ctx, element) if not isinstance(element, ast.Slice) else None
        if tracer is not None and tracer.abstract and found is None:
            found = (element, tracer)
        elif not (_plain(element) or isinstance(element, ast.Slice) and all(
                part is None or _plain(part) for part in (element.lower, element.upper, element.step))):
            return None
    return None if found is None else (*found, shown_by)


def _plain(element: ast.expr) -> bool:
    return isinstance(element, ast.Constant) and (type(element.value) is int or element.value is None)


def _report(ctx: Context, where: ast.AST, argument: ast.expr, tracer: Tracer, what: str,
            data: NumpyOnTracer, given: tuple[Related, ...] = ()) -> None:
    ctx.report(
        where,
        shown={"tracer._error_repr()": f"traced array `{ctx.segment(argument)}`",
               "tracer._origin_msg()": origin_line(tracer, argument)},
        note=tracer_note(what, ctx.segment(argument), tracer),
        related=(*tracer_related(ctx, tracer), *given),
        data=data)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.locate import import_edit_for

    data = finding.data
    assert isinstance(data, NumpyOnTracer)
    if not data.replacement or lines.text(data.function_span) != data.function_source:
        return []
    edits = [TextEdit(data.function_span, data.replacement)]
    import_edit = import_edit_for(lines, [data.import_line]) if data.import_line else None
    if import_edit is not None:
        edits.insert(0, import_edit)
    added = f" and adds `{data.import_line}`" if data.import_line else ""
    if data.fix_id == "index-jax-array":
        why = (f"Indexes `{data.replacement}`{added}: the same values at indices within the "
               "array, as a JAX array; out of range, NumPy raised IndexError where JAX clamps "
               "the index.")
        return [Fix(f"Index {data.replacement}", False, why, tuple(edits), data.fix_id)]
    if data.safe:
        why = (f"Calls `{data.replacement}`{added}: the jax.numpy function of the same name, "
               "with the same arguments and values, which works on tracers.")
    else:
        why = (f"Calls `{data.replacement}`{added}: the same values, but as a JAX array rather "
               "than a NumPy array, so in-place writes and NumPy-only methods on the result no "
               "longer work.")
    return [Fix(f"Use {data.replacement} instead of {data.function_source}", data.safe, why,
                tuple(edits), "use-jax-numpy")]


RULE = Rule(
    code="JXE074",
    catalog_id="tracer-numpy-conversion",
    triggers=("numpy",),
    check=check,
    data=NumpyOnTracer,
    fix=fix,
    fix_ids=("use-jax-numpy", "index-jax-array"),
)
