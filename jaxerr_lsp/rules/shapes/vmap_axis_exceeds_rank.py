"""JXE118 vmap-axis-exceeds-rank.

What it does: finds a call of a function made by `jax.vmap` (`jax.vmap(f, ...)(x)`, a name
bound once to one, a def decorated `@jax.vmap`) where an argument leaf mapped along an axis
(`in_axes`: the default 0, an int, None, or a tuple/list of entries, containers matched leaf
by leaf; keyword arguments along axis 0) does not have that axis: a Python number mapped
along axis 0, `in_axes=1` for a 1-D array. The leaves are taken in JAX's flattening order
(positional arguments, then keyword arguments by name; dict entries by key), and every leaf
before the one flagged must be known to have its axis (JAX reports the first it meets).
In a def's body, also once per call of the def the file shows with its arguments' values
(`control_flow.check_in_calls`: `assess(obs.all(), probs)` where `assess` vmaps `obs`).

Never flagged: a leaf of unknown shape before the bad one (a parameter, a value from another
module, a name bound twice), a leaf JAX does not map (None in `in_axes`), `in_axes` or
`out_axes` not shown or refused earlier (JXE092, JXE093, JXE115), `*args` / `**kwargs`, a
pytree the code does not show (a NamedTuple, a custom class), NumPy arrays.

Why is this bad: vmap works out the batch size from the mapped axes before it traces the
function, and raises ValueError naming the axis, the rank that needs and the leaf's shape.

No fix: whether the value is shared by the batch (`None` in `in_axes`) or given the wrong
shape is the author's choice.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxerr_lsp.core.findings import Related
from jaxerr_lsp.families.control_flow import check_in_calls
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.shapes import ShapeData, shape_text
from jaxerr_lsp.families.vmap_axes import Vmap, bad_leaves, checked_in_axes, literal, vmaps

def _walk(ctx: Context, expr: ast.expr, entry: object, depth: int = 0) -> Iterator[tuple[tuple[int, ...], int] | None]:
    """Each mapped leaf of an argument as (shape, axis), in JAX's order; None where the code
    stops showing them (then nothing follows)."""
    if entry is None or isinstance(expr, ast.Constant) and expr.value is None:
        return
    if depth > 6:
        yield None
        return
    value = ctx.values.value(expr)
    if type(entry) is int and value.python_scalar:
        yield (), entry
        return
    if value.type in ("ArrayImpl", "ndarray"):  # (vmap converts a NumPy array)
        aval = value.aval
        if type(entry) is int and aval is not None and aval.shape is not None:
            yield aval.shape, entry
        else:
            yield None
        return
    children = _children(value, entry)
    if children is None:
        yield None
        return
    for child, inner in children:
        for leaf in _walk(ctx, child, inner, depth + 1):
            yield leaf
            if leaf is None:
                return


def _children(value, entry: object) -> list[tuple[ast.expr, object]] | None:
    """The children of a tuple, list or dict display with their axis entries, in JAX's
    flattening order; None when the code does not show them or `in_axes` does not fit."""
    if value.type in ("tuple", "list") and value.elements is not None:
        elements = value.elements
        if type(entry) is int:
            return [(e, entry) for e in elements]
        if type(entry) is (tuple if value.type == "tuple" else list) and len(entry) == len(elements):
            return list(zip(elements, entry))
        return None
    if value.type == "dict" and value.entries is not None:
        keys = [k for k, _ in value.entries]
        if not all(type(k) is str for k in keys) or len(set(keys)) != len(keys):
            return None
        found = dict(value.entries)
        if type(entry) is int:
            return [(found[k], entry) for k in sorted(keys)]
        if isinstance(entry, dict) and set(entry) == set(keys):
            return [(found[k], entry[k]) for k in sorted(keys)]
        return None
    return None


def _function_known(ctx: Context, vmap: Vmap) -> bool:
    """The vmapped function is a def or lambda of the file, or a function of JAX."""
    if vmap.definition is not None:
        return True
    node = vmap.node
    if not isinstance(node, ast.Call) or not node.args:
        return False
    qualname = ctx.model.qualname(node.args[0])
    return qualname is not None and qualname.startswith("jax.")


def _check_call(ctx: Context, vmap: Vmap, call: ast.Call) -> None:
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return
    in_axes = checked_in_axes(ctx, vmap, len(call.args))
    out_axes = vmap.option("out_axes")
    if in_axes is ... or out_axes is not None and bad_leaves(literal(ctx, out_axes)):
        return
    arguments: list[tuple[ast.expr, object]] = [
        (a, in_axes[i] if isinstance(in_axes, tuple) else in_axes) for i, a in enumerate(call.args)]
    arguments += [(k.value, 0) for k in sorted(call.keywords, key=lambda k: k.arg or "")]
    for argument, entry in arguments:
        for leaf in _walk(ctx, argument, entry):
            if leaf is None:
                return
            shape, axis = leaf
            if -len(shape) <= axis < len(shape):
                continue
            min_rank = axis + 1 if axis >= 0 else -axis
            ctx.report(argument, values={"name": "vmap", "axis": str(axis), "min_rank": str(min_rank),
                                         "len(shape)": str(len(shape)), "shape": shape_text(shape)},
                       related=(Related(ctx.span(vmap.node), "the function is made by `jax.vmap` here"),),
                       data=ShapeData((shape_text(shape),)))
            return


def check(ctx: Context) -> None:
    for vmap in vmaps(ctx):
        if not _function_known(ctx, vmap):
            continue
        for call in vmap.calls:
            # inside a def: again with the arguments of each call of it the file shows
            check_in_calls(ctx, call, lambda: _check_call(ctx, vmap, call))  # noqa: B023 (run at once)


RULE = Rule(
    code="JXE118",
    catalog_id="vmap-axis-exceeds-rank",
    triggers=("vmap",),
    check=check,
    data=ShapeData,
)
