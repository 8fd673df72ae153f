"""JXE075 traced-boolean-index.

What it does: finds a JAX array indexed with a traced boolean mask in code JAX traces
abstractly (`jax.jit`, `jax.vmap`, `jax.pmap`, `jax.checkpoint`, the `lax` bodies): `x[x > 0]`,
`x[~jnp.isnan(x)]`, `x[(x > a) & (x < b)]`, `x[mask]` with `mask` bound once to one, and the
indexed updates `x.at[mask].set(v)` / `.add(v)` / `.get()`... A mask is a comparison involving a
tracer, `~`, `&`, `|`, `^` of masks, a `jnp.isnan`/`isfinite`/`isinf`/`logical_*`/`isclose`
call on a tracer, or a mask moved without changing its dtype (`jnp.broadcast_to(m, x.shape)`,
`m.reshape(...)`, `m[:, None]`).

Why is this bad: the result of boolean indexing has as many elements as the mask has True
values, which a traced mask does not know: JAX raises NonConcreteBooleanIndexError. Under
`jax.grad` alone the mask is concrete and this works (not reported). The indexed array must be
known to be a JAX array (a NumPy array or a list fails differently).

Fix: `x[m].sum()` / `jnp.sum(x[m])` -> `jnp.where(m, x, 0).sum()` (safe: the same sum) and
`x.at[m].set(v)` -> `jnp.where(m, v, x)` (unsafe: the dtype may change), both only when the
mask is computed elementwise from `x` itself (so it has `x`'s shape) and, for `set`, `v` is a
number. A plain `x[m]` has no fix that keeps its shape.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.tracer_arrays import (array_tracer, indexed_array, module_name_for_fix,
                                               parameter_tracers, tracer_related, tracer_source)
from jaxerr_lsp.analysis.tracing import TRACING_TRIGGERS, Tracer

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# jax.numpy functions whose result on a tracer is a boolean array.
MASK_FUNCTIONS = frozenset("""
isnan isfinite isinf isneginf isposinf signbit isclose logical_and logical_or logical_not
logical_xor equal not_equal less less_equal greater greater_equal
""".split())
# ... of them, those computed elementwise from one array and nothing else.
ELEMENTWISE_OF_ONE = frozenset("isnan isfinite isinf isneginf isposinf signbit".split())
MASK_OPERATORS = (ast.BitAnd, ast.BitOr, ast.BitXor)
# jax.numpy functions (and array methods) that move or copy the elements of their first
# argument and keep its dtype: a mask stays a mask (`jnp.broadcast_to(m, x.shape)`).
LAYOUT_FUNCTIONS = frozenset("""
broadcast_to reshape expand_dims squeeze transpose ravel atleast_1d atleast_2d atleast_3d flip
swapaxes moveaxis
""".split())
LAYOUT_METHODS = frozenset("reshape squeeze transpose ravel flatten swapaxes".split())
_MAX_DEPTH = 4


@dataclass(frozen=True)
class BooleanIndex(RuleData):
    replace_span: Span  # what the fix replaces ("" source: no fix)
    replace_source: str
    replacement: str
    import_line: str
    fix_id: str  # "masked-sum-where" | "masked-set-where" | ""


def mask_tracer(ctx: Context, expr: ast.expr, depth: int = 0) -> Tracer | None:
    """The tracer `expr` is when it is certainly a boolean array computed from traced values."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, ast.Compare):
        if len(expr.ops) != 1 or isinstance(expr.ops[0], (ast.Is, ast.IsNot, ast.In, ast.NotIn)):
            return None
        return ctx.tracing.tracer(expr)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Invert):
        return mask_tracer(ctx, expr.operand, depth + 1)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, MASK_OPERATORS):
        left = mask_tracer(ctx, expr.left, depth + 1)
        right = mask_tracer(ctx, expr.right, depth + 1)
        return left if left is not None and right is not None else None
    moved = _moved_from(ctx, expr)
    if moved is not None:
        return mask_tracer(ctx, moved, depth + 1)
    if isinstance(expr, ast.Call):
        qualname = ctx.model.qualname(expr.func)
        if qualname is not None and qualname.startswith("jax.numpy.") \
                and qualname.removeprefix("jax.numpy.") in MASK_FUNCTIONS:
            for argument in expr.args:
                tracer = mask_tracer(ctx, argument, depth + 1) or array_tracer(ctx, argument)
                if tracer is not None:
                    return tracer
            return None
        return _helper_mask(ctx, expr)
    if isinstance(expr, ast.Name):
        value = _bound_value(ctx, expr)
        return mask_tracer(ctx, value, depth + 1) if value is not None else None
    return None


def _helper_mask(ctx: Context, call: ast.Call) -> Tracer | None:
    """`doc_mask(cfg)` in traced code: a helper of the file whose call the tracing model
    knows gives one traced array (staged: `jnp.arange(n) >= k` makes a tracer whatever `n`
    and `k` are), and whose every return is a mask by its form (`_boolean_form`)."""
    tracer = ctx.tracing.tracer(call)
    callee = ctx.tracing.callee(call) if tracer is not None and tracer.array else None
    if callee is None:
        return None
    returns = ctx.model.returns_of(callee[0])
    if not returns.returns or returns.suspends or not all(
            r.value is not None and _boolean_form(ctx, r.value, 0) for r in returns.returns):
        return None
    return tracer


def _boolean_form(ctx: Context, expr: ast.expr, depth: int) -> bool:
    """Whether `expr`, if an array, is certainly one of bools: one comparison, `~`, `&`, `|`,
    `^` of such, a jnp function that returns bools."""
    if depth > _MAX_DEPTH:
        return False
    if isinstance(expr, ast.Compare):
        return len(expr.ops) == 1 and not isinstance(expr.ops[0], (ast.Is, ast.IsNot, ast.In, ast.NotIn))
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Invert):
        return _boolean_form(ctx, expr.operand, depth + 1)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, MASK_OPERATORS):
        return _boolean_form(ctx, expr.left, depth + 1) and _boolean_form(ctx, expr.right, depth + 1)
    moved = _moved_from(ctx, expr)
    if moved is not None:
        return _boolean_form(ctx, moved, depth + 1)
    if isinstance(expr, ast.Call):
        qualname = ctx.model.qualname(expr.func) or ""
        return qualname.startswith("jax.numpy.") and qualname.removeprefix("jax.numpy.") in MASK_FUNCTIONS
    return False


def _moved_from(ctx: Context, expr: ast.expr) -> ast.expr | None:
    """The array whose elements `expr` only moves or copies, keeping its dtype, when nothing
    else it is given is traced (a traced shape fails first, otherwise): the first argument of
    `jnp.broadcast_to(m, x.shape)`, `jnp.reshape`, `jnp.expand_dims`...; `m.reshape(...)`;
    `m[:, None]` (slices, `None` and constants only)."""
    parts: list[ast.expr] = []
    moved: ast.expr | None = None
    if isinstance(expr, ast.Call) and expr.args and not isinstance(expr.args[0], ast.Starred):
        qualname = ctx.model.qualname(expr.func) or ""
        if qualname.startswith("jax.numpy.") and qualname.removeprefix("jax.numpy.") in LAYOUT_FUNCTIONS:
            moved, parts = expr.args[0], [*expr.args[1:], *(k.value for k in expr.keywords)]
        elif isinstance(expr.func, ast.Attribute) and expr.func.attr in LAYOUT_METHODS and qualname == "":
            moved, parts = expr.func.value, [*expr.args, *(k.value for k in expr.keywords)]
    elif isinstance(expr, ast.Subscript) and isinstance(expr.ctx, ast.Load):
        elements = expr.slice.elts if isinstance(expr.slice, ast.Tuple) else [expr.slice]
        if not all(isinstance(e, (ast.Slice, ast.Constant)) for e in elements) or any(
                isinstance(e, ast.Slice) and any(b is not None and not isinstance(b, ast.Constant)
                                                 for b in (e.lower, e.upper, e.step)) for e in elements):
            return None
        moved = expr.value
    if moved is None or any(isinstance(p, ast.Starred) or ctx.tracing.tracer(p) is not None for p in parts):
        return None
    return moved


def _bound_value(ctx: Context, name: ast.Name) -> ast.expr | None:
    return ctx.model.assigned_value(name)


def elementwise_of(ctx: Context, mask: ast.expr, array: ast.Name, depth: int = 0) -> bool:
    """Whether `mask` is computed elementwise from the array `array` names and numbers only, so
    that it has that array's shape."""
    if depth > _MAX_DEPTH:
        return False
    if isinstance(mask, ast.Compare) and len(mask.ops) == 1:
        left, right = mask.left, mask.comparators[0]
        return (_same_name(left, array) and _number(right)) or (_number(left) and _same_name(right, array))
    if isinstance(mask, ast.UnaryOp) and isinstance(mask.op, ast.Invert):
        return elementwise_of(ctx, mask.operand, array, depth + 1)
    if isinstance(mask, ast.BinOp) and isinstance(mask.op, MASK_OPERATORS):
        return elementwise_of(ctx, mask.left, array, depth + 1) \
            and elementwise_of(ctx, mask.right, array, depth + 1)
    if isinstance(mask, ast.Call) and len(mask.args) == 1 and not mask.keywords:
        qualname = ctx.model.qualname(mask.func) or ""
        return qualname.removeprefix("jax.numpy.") in ELEMENTWISE_OF_ONE \
            and qualname.startswith("jax.numpy.") and _same_name(mask.args[0], array)
    if isinstance(mask, ast.Name):
        value = _bound_value(ctx, mask)
        return value is not None and elementwise_of(ctx, value, array, depth + 1)
    return False


def _same_name(expr: ast.expr, name: ast.Name) -> bool:
    return isinstance(expr, ast.Name) and expr.id == name.id


def _number(expr: ast.expr) -> bool:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and type(expr.value) in (int, float)


def _mask_of(ctx: Context, subscript: ast.Subscript) -> tuple[ast.expr, Tracer] | None:
    """The traced mask among the indices, when the others cannot raise first."""
    index = subscript.slice
    elements = index.elts if isinstance(index, ast.Tuple) else [index]
    found = None
    for element in elements:
        tracer = mask_tracer(ctx, element)
        if tracer is not None and tracer.abstract and found is None:
            found = (element, tracer)
        elif not _plain_index(element):
            return None
    return found


def _plain_index(expr: ast.expr) -> bool:
    """An index that cannot raise before a mask is looked at: a number, `...`, None, a slice of
    literals."""
    if isinstance(expr, ast.Constant):
        return type(expr.value) is int or expr.value is None or expr.value is Ellipsis
    if isinstance(expr, ast.Slice):
        return all(part is None or _number(part) for part in (expr.lower, expr.upper, expr.step))
    return False


def _fix_data(ctx: Context, subscript: ast.Subscript, array: ast.expr, method: ast.Call | None,
              mask: ast.expr) -> BooleanIndex | None:
    if not isinstance(array, ast.Name) or isinstance(subscript.slice, ast.Tuple) \
            or not elementwise_of(ctx, mask, array):
        return None
    named = module_name_for_fix(ctx, "jax.numpy", "jnp")
    if named is None:
        return None
    jnp, import_line = named
    mask_text, array_text = ctx.segment(mask), ctx.segment(array)
    if method is not None:  # x.at[m].set(v)
        attribute = method.func
        if not isinstance(attribute, ast.Attribute) or attribute.attr != "set" \
                or len(method.args) != 1 or method.keywords or not _number(method.args[0]):
            return None
        return BooleanIndex(ctx.span(method), ctx.segment(method),
                            f"{jnp}.where({mask_text}, {ctx.segment(method.args[0])}, {array_text})",
                            import_line, "masked-set-where")
    parent = ctx.model.parent.get(id(subscript))
    grand = ctx.model.parent.get(id(parent)) if parent is not None else None
    where = f"{jnp}.where({mask_text}, {array_text}, 0)"
    if isinstance(parent, ast.Attribute) and parent.attr == "sum" and isinstance(grand, ast.Call) \
            and grand.func is parent and not grand.args and not grand.keywords:
        return BooleanIndex(ctx.span(subscript), ctx.segment(subscript), where, import_line,
                            "masked-sum-where")
    if isinstance(parent, ast.Call) and parent.args == [subscript] and not parent.keywords \
            and ctx.model.qualname(parent.func) == "jax.numpy.sum":
        return BooleanIndex(ctx.span(subscript), ctx.segment(subscript), where, import_line,
                            "masked-sum-where")
    return None


def check(ctx: Context) -> None:
    for subscript, _traced in ctx.tracing.subscripts:
        indexed = indexed_array(ctx, subscript)
        if indexed is None:
            continue
        found = _mask_of(ctx, subscript)
        if found is None:
            continue
        array, method = indexed
        mask, tracer = found
        transform = tracer.transform
        source = tracer_source(tracer)
        note = (f" — the mask `{ctx.segment(mask)}` is traced by {transform.qualname} (from "
                f"{source}), so the number of selected elements is unknown while tracing.")
        ctx.report(
            method if method is not None else subscript,
            shown={"tracer": f"bool[...] (the type of `{ctx.segment(mask)}`)"},
            note=note,
            related=tracer_related(ctx, tracer, *(() if tracer.parameter else parameter_tracers(ctx, mask))),
            data=_fix_data(ctx, subscript, array, method, mask)
            or BooleanIndex(ctx.span(subscript), "", "", "", ""))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.locate import import_edit_for

    data = finding.data
    assert isinstance(data, BooleanIndex)
    if not data.fix_id or lines.text(data.replace_span) != data.replace_source:
        return []
    edits = [TextEdit(data.replace_span, data.replacement)]
    import_edit = import_edit_for(lines, [data.import_line]) if data.import_line else None
    if import_edit is not None:
        edits.insert(0, import_edit)
    added = f" (adding `{data.import_line}`)" if data.import_line else ""
    if data.fix_id == "masked-sum-where":
        why = (f"`{data.replace_source}` becomes `{data.replacement}`{added}: the elements outside "
               "the mask count as zero instead of being dropped, and the mask, computed "
               "elementwise from the array, has its shape, so the sum is the same.")
        return [Fix("Sum with jnp.where(mask, x, 0)", True, why, tuple(edits), data.fix_id)]
    why = (f"`{data.replace_source}` becomes `{data.replacement}`{added}: the same values, but "
           "`jnp.where` promotes where `.set` casts to the array's dtype (a float written into "
           "an integer array gives a float array).")
    return [Fix("Use jnp.where(mask, value, x)", False, why, tuple(edits), data.fix_id)]


RULE = Rule(
    code="JXE075",
    catalog_id="traced-boolean-index",
    triggers=TRACING_TRIGGERS,
    check=check,
    data=BooleanIndex,
    fix=fix,
    fix_ids=("masked-sum-where", "masked-set-where"),
)
