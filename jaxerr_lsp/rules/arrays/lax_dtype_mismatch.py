"""JXE098 lax-dtype-mismatch.

What it does: finds a call of a `jax.lax` elementwise binary operation (`add`, `sub`, `mul`,
`div`, `rem`, `max`, `min`, `atan2`, `nextafter`, `eq`, `ne`, `lt`, `le`, `gt`, `ge`,
`bitwise_and`/`or`/`xor`, the shifts) whose two operands have dtypes the value inference
knows (`jaxerr_lsp.analysis.avals`: arrays from `jnp` constructors, casts and arithmetic, Python
scalars as JAX converts them: int -> int32, float -> float32) and that differ, when both
dtypes are ones the operation accepts (otherwise JAX raises another error first) and both
shapes are known and equal or one is a scalar (otherwise the shape error comes first).

Also `lax.dynamic_update_slice` (and `dynamic_update_slice_in_dim`,
`dynamic_update_index_in_dim`, which JAX words alike) of a JAX array operand and a JAX array
update of known shapes that pass JAX's shape checks (same rank, the update no larger, one
start index per axis) and differing dtypes: "lax.dynamic_update_slice requires arguments to
have the same dtypes, got float32, float16." (no fix: no `jnp` function of that meaning).

Never flagged: an operand of unknown dtype or shape (a parameter, a NumPy array: its float64
becomes float32 in JAX, another module's value), a file that enables 64-bit types, a typed key,
a call with `*args`, a Python int too large for int32 (an OverflowError first).

Why is this bad: `lax` does no type promotion; JAX raises TypeError while building the
operation, eagerly and under jit, naming the operation and both dtypes (and, for operations
with a `jnp` counterpart, that counterpart).

Fix (safe: the call raised): the `jax.numpy` function of the same meaning (`jnp.add`,
`jnp.maximum`, `jnp.less`...), which promotes; `import jax.numpy as jnp` added when the file
has no name for `jax.numpy`. Not offered for `rem` (C remainder), `shift_right_logical`, nor
`div` of two integers (truncating), nor for operands given by keyword (`x=`, `y=`: jnp's
functions take them by position only).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.avals import Aval, dtypes_differ
from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.analysis.model import CallSite
from jaxerr_lsp.families.prng_keys import called_names
from jaxerr_lsp.engine.rule import Context, Rule

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

NUMBERS = frozenset("iufc")
ORDERED = frozenset("biuf")
EVERY = frozenset("biufc")


@dataclass(frozen=True)
class Operation:
    name: str  # what JAX calls it in the message: "add", "and", ...
    tip: str | None  # the jnp function the message names, if any
    kinds: frozenset[str]  # the dtype kinds it accepts (avals.kind_of)
    jnp: str | None  # the jnp function of the same meaning, for the fix


# Measured under JAX 0.12.0.1: the accepted kinds (an operation given both operands of one
# dtype runs) and the wording (jax/_src/lax/lax.py, _JNP_FUNCTION_EQUIVALENTS).
OPERATIONS: dict[str, Operation] = {
    "add": Operation("add", "add", NUMBERS, "add"),
    "sub": Operation("sub", "subtract", NUMBERS, "subtract"),
    "mul": Operation("mul", "multiply", NUMBERS, "multiply"),
    "div": Operation("div", "divide", NUMBERS, "divide"),
    "rem": Operation("rem", None, frozenset("iuf"), None),
    "max": Operation("max", "maximum", EVERY, "maximum"),
    "min": Operation("min", "minimum", EVERY, "minimum"),
    "atan2": Operation("atan2", "arctan2", frozenset("fc"), "arctan2"),
    "nextafter": Operation("nextafter", "nextafter", frozenset("f"), "nextafter"),
    "eq": Operation("eq", "equal", EVERY, "equal"),
    "ne": Operation("ne", "not_equal", EVERY, "not_equal"),
    "lt": Operation("lt", None, ORDERED, "less"),
    "le": Operation("le", None, ORDERED, "less_equal"),
    "gt": Operation("gt", None, ORDERED, "greater"),
    "ge": Operation("ge", None, ORDERED, "greater_equal"),
    "bitwise_and": Operation("and", None, frozenset("biu"), "bitwise_and"),
    "bitwise_or": Operation("or", None, frozenset("biu"), "bitwise_or"),
    "bitwise_xor": Operation("xor", None, frozenset("biu"), "bitwise_xor"),
    "shift_left": Operation("shift_left", "left_shift", frozenset("iu"), "left_shift"),
    "shift_right_logical": Operation("shift_right_logical", "right_shift", frozenset("iu"), None),
    "shift_right_arithmetic": Operation("shift_right_arithmetic", "right_shift", frozenset("iu"),
                                        "right_shift"),
}
INT32_RANGE = range(-2**31, 2**31)
# The functions that write an update into an operand, each with its parameters (operand,
# update, where, axis) and what it checks before the dtypes (measured under JAX 0.12.0.1: the
# same rank, or one less for `dynamic_update_index_in_dim`, which adds the axis; an update no
# larger than the operand; for `dynamic_update_slice` one start index per axis): JAX names
# them all `dynamic_update_slice`.
UPDATES: dict[str, tuple[str, ...]] = {
    "dynamic_update_slice": ("operand", "update", "start_indices"),
    "dynamic_update_slice_in_dim": ("operand", "update", "start_index", "axis"),
    "dynamic_update_index_in_dim": ("operand", "update", "index", "axis"),
}


@dataclass(frozen=True)
class LaxDtypeMismatch(RuleData):
    function_span: Span  # the callee, `lax.add`
    function_source: str
    replacement: str  # "jnp.add"; "" when no fix applies
    import_line: str  # "import jax.numpy as jnp" when the file has no name for jax.numpy


def _operands(site: CallSite) -> tuple[ast.expr, ast.expr] | None:
    """The two operands, positional or by keyword (x, y)."""
    if any(isinstance(a, ast.Starred) for a in site.args) or any(k.arg is None for k in site.keywords):
        return None
    by_name = {k.arg: k.value for k in site.keywords}
    if set(by_name) - {"x", "y"} or len(site.args) + len(by_name) != 2:
        return None
    given = list(site.args)
    for name in ("x", "y")[len(given):]:
        if name not in by_name:
            return None
        given.append(by_name[name])
    return given[0], given[1]


def _too_large(expr: ast.expr) -> bool:
    """A Python int literal outside int32 (JAX raises OverflowError converting it)."""
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and type(expr.value) is int and expr.value not in INT32_RANGE


def _shapes_fit(a: Aval, b: Aval) -> bool:
    return a.shape is not None and b.shape is not None and (a.shape == b.shape or not a.shape or not b.shape)


def _jnp_name(ctx: Context) -> tuple[str, str]:
    """How to name jax.numpy here, and the import to add when the file has no name for it."""
    aliases = ctx.model.aliases_of("jax.numpy")
    if aliases:
        return aliases[0], ""
    taken = "jnp" in ctx.model.uses or "jnp" in ctx.model.bound_names(ctx.model.module_scope)
    return ("", "") if taken else ("jnp", "import jax.numpy as jnp")


def _replacement(ctx: Context, operation: Operation, a: Aval, b: Aval) -> tuple[str, str]:
    if operation.jnp is None or (operation.name == "div" and not (a.is_inexact or b.is_inexact)):
        return "", ""
    module, import_line = _jnp_name(ctx)
    if not module:
        return "", ""
    return f"{module}.{operation.jnp}", import_line


def _check_call(ctx: Context, site: CallSite, operation: Operation) -> None:
    operands = _operands(site)
    if operands is None or any(_too_large(o) for o in operands):
        return
    a, b = (ctx.values.value(o).aval for o in operands)
    if a is None or b is None or not dtypes_differ(a.dtype, b.dtype):
        return
    if a.kind not in operation.kinds or b.kind not in operation.kinds or not _shapes_fit(a, b):
        return
    values = {"name": operation.name, "', '.join((str(a.dtype) for a in avals))": f"{a.dtype}, {b.dtype}"}
    # (jnp's functions take their operands by position only)
    replacement, import_line = _replacement(ctx, operation, a, b) if not site.keywords else ("", "")
    function = site.call.func
    data = LaxDtypeMismatch(ctx.span(function), ctx.segment(function), replacement, import_line)
    note = f" (the operands are {a} and {b})"
    if operation.tip is None:
        from jaxerr_lsp.errors.catalog import load_catalog
        from jaxerr_lsp.engine.rule import fill

        entry = load_catalog().get(RULE.catalog_id)
        template = next(s.message for s in entry.sources if s.message is not None).strip()
        ctx.report(site.call, message=fill(template, values) + note,
                   predicted=fill(template, values, escape=True), data=data)
        return
    ctx.report(site.call, values={**values, "equiv": operation.tip}, note=note, data=data)


def _given(site: CallSite, parameters: tuple[str, ...]) -> dict[str, ast.expr] | None:
    """The arguments of the call by parameter, each given once; None for `*args`, `**kw`,
    another keyword or a missing one."""
    if any(isinstance(a, ast.Starred) for a in site.args) or any(k.arg is None for k in site.keywords) \
            or len(site.args) > len(parameters):
        return None
    given = dict(zip(parameters, site.args))
    for keyword in site.keywords:
        if keyword.arg not in parameters or keyword.arg in given:
            return None
        given[keyword.arg] = keyword.value
    return given if len(given) == len(parameters) else None


def _update_shapes_fit(ctx: Context, function: str, given: dict[str, ast.expr], a: Aval, b: Aval) -> bool:
    """The operand and update shapes (and the start indices or axis) pass the checks JAX makes
    before the dtypes'."""
    operand, update = a.shape, b.shape
    if operand is None or update is None or not operand:
        return False
    if function == "dynamic_update_slice":
        indices = given["start_indices"]
        if not isinstance(indices, (ast.Tuple, ast.List)) or len(indices.elts) != len(operand) \
                or any(isinstance(e, ast.Starred) for e in indices.elts):
            return False
    else:
        axis = ctx.values.constant(given["axis"])
        if type(axis) is not int or not 0 <= axis < len(operand):
            return False
        if function == "dynamic_update_index_in_dim" and len(update) == len(operand) - 1:
            update = (*update[:axis], 1, *update[axis:])
    return len(update) == len(operand) and all(u <= o for u, o in zip(update, operand))


def _check_update(ctx: Context, site: CallSite, function: str) -> None:
    given = _given(site, UPDATES[function])
    if given is None:
        return
    a, b = ctx.values.value(given["operand"]), ctx.values.value(given["update"])
    if a.type != "ArrayImpl" or b.type != "ArrayImpl" or a.aval is None or b.aval is None \
            or not dtypes_differ(a.aval.dtype, b.aval.dtype) \
            or a.aval.kind not in EVERY or b.aval.kind not in EVERY \
            or not _update_shapes_fit(ctx, function, given, a.aval, b.aval):
        return
    from jaxerr_lsp.engine.rule import fill
    from jaxerr_lsp.errors.catalog import load_catalog

    values = {"name": "dynamic_update_slice",
              "', '.join((str(a.dtype) for a in avals))": f"{a.aval.dtype}, {b.aval.dtype}"}
    entry = load_catalog().get(RULE.catalog_id)
    template = next(s.message for s in entry.sources if s.message is not None).strip()
    function_node = site.call.func
    data = LaxDtypeMismatch(ctx.span(function_node), ctx.segment(function_node), "", "")
    note = (f" (the operand is {a.aval}, the update {b.aval}: cast the update, "
            f"`.astype({a.aval.dtype})`)")
    ctx.report(site.call, message=fill(template, values) + note,
               predicted=fill(template, values, escape=True), data=data)


def check(ctx: Context) -> None:
    for function in called_names(ctx.model, "jax.lax", UPDATES):
        for site in ctx.model.calls_to(f"jax.lax.{function}"):
            if site.complete and site.partial is None:
                _check_update(ctx, site, function)
    for function in called_names(ctx.model, "jax.lax", OPERATIONS):
        operation = OPERATIONS[function]
        for site in ctx.model.calls_to(f"jax.lax.{function}"):
            if site.complete and site.partial is None:
                _check_call(ctx, site, operation)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.locate import import_edit_for

    data = finding.data
    assert isinstance(data, LaxDtypeMismatch)
    if not data.replacement or lines.text(data.function_span) != data.function_source:
        return []
    edits = [TextEdit(data.function_span, data.replacement)]
    import_edit = import_edit_for(lines, [data.import_line]) if data.import_line else None
    if import_edit is not None:
        edits.insert(0, import_edit)
    why = (f"`{data.replacement}` promotes both operands to one dtype before computing, so the call "
           "that raised now runs; the result has the promoted dtype.")
    return [Fix(f"Use {data.replacement}, which promotes the operands", True, why, tuple(edits),
                "use-jnp-function")]


RULE = Rule(
    code="JXE098",
    catalog_id="lax-dtype-mismatch",
    triggers=("lax",),
    check=check,
    data=LaxDtypeMismatch,
    fix=fix,
    fix_ids=("use-jnp-function",),
)
