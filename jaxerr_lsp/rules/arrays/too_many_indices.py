"""JXE119 too-many-indices.

What it does: finds `x[...]` (read, or `x.at[...]` followed by an update or `get`) of a JAX
array whose rank the value inference knows, with an index that consumes more axes than the
array has: `x[0, 0]` or `x[:, 0]` on a 1-D array, `x[0][0]` on a vector; also an array of
typed keys, whose keys are its elements (`jax.random.key(0)[0]`: one key is 0-d, unlike an
old-style `uint32[2]` key, which code written for those indexes). Each part of the
index must be certain: an int, a slice, `None` or one `...` (consuming 1, 1, 0, 0), or a JAX
array of known dtype (an integer array consumes 1, a boolean one its rank). Also inside a def
or lambda made by `jax.vmap` and called with arrays of known shapes, where each mapped
parameter has lost its mapped axis (`jax.vmap(lambda row: row[:, 0])(m)` for a 2-D `m`):
there the index must certainly run whenever the function runs (outside branches and loops).
Also `rng[0]` on a parameter of a plain def only ever called, when every call gives an array of
known rank, one rank for all (`Inference.parameter_arguments`; the calls shown as related),
and the index runs whenever the def runs.

Never flagged: an array of unknown rank, a NumPy array (NumPy words its own IndexError), a
part of the index the code does not show (a parameter, a list, a name bound twice), two
`...` (another IndexError), a store `x[i, j] = v` (JXE080 first), a vmap call whose mapped
arguments are not all arrays of known shape with one batch size (vmap's own errors first).

Why is this bad: JAX counts the axes the index consumes before anything else and raises
IndexError with the array's rank and that count, eagerly and under jit or vmap alike.

No fix: which axis the author meant is theirs to say.
"""

from __future__ import annotations

import ast

from jaxerr_lsp.analysis.avals import Aval
from jaxerr_lsp.core.findings import Related
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.tracer_arrays import indexed_by
from jaxerr_lsp.families.shapes import ShapeData, has_shaped_arrays
from jaxerr_lsp.families.control_flow import body_nodes
from jaxerr_lsp.families.vmap_axes import known_jax_array, runs_whenever_traced


def _consumed(ctx: Context, index: ast.expr) -> int | None:
    """How many axes the index consumes, when every part is certain; None otherwise."""
    parts = index.elts if isinstance(index, ast.Tuple) else [index]
    total, ellipses = 0, 0
    for part in parts:
        if isinstance(part, ast.Slice):
            total += 1
            continue
        if isinstance(part, ast.Starred):
            return None
        if isinstance(part, ast.Constant) and (part.value is None or part.value is Ellipsis):
            ellipses += part.value is Ellipsis
            continue
        constant = ctx.values.constant(part)
        if type(constant) is int:
            total += 1
            continue
        if constant is not None:
            return None
        aval = known_jax_array(ctx, part)
        if aval is None or aval.shape is None:
            return None
        if aval.kind in ("i", "u"):
            total += 1
        elif aval.kind == "b":
            total += len(aval.shape)
        else:
            return None  # a float index: another error
    return total if ellipses <= 1 else None


def _typed_keys(ctx: Context, array: ast.expr) -> Aval | None:
    """The aval of an array of typed keys of known shape (`jax.random.key(0)`: one key, 0-d;
    `jax.random.split(key, 3)` of one: `(3,)`): a key is one element, indexed like one."""
    value = ctx.values.value(array)
    aval = value.aval
    if value.type != "ArrayImpl" or aval is None or aval.shape is None or not aval.is_key:
        return None
    return aval


def _from_callers(ctx: Context, subscript: ast.Subscript, array: ast.expr) -> tuple[Aval, tuple[Related, ...]] | None:
    """`array` reads a parameter of a plain def (or method) whose every call the file shows
    (`Inference.parameter_arguments`), the subscript runs whenever the def runs, and every call gives an
    array of known aval, all of one rank: the first call's aval, and the calls as related."""
    if not isinstance(array, ast.Name):
        return None
    arguments = ctx.values.given_arguments(array)
    binding = ctx.model.read_binding(array)
    function = binding.scope.node if binding is not None else None
    if not arguments or not isinstance(function, ast.FunctionDef) \
            or not runs_whenever_traced(ctx, function, subscript):
        return None
    avals = [known_jax_array(ctx, a) or _typed_keys(ctx, a) for a in arguments]
    ranks = {None if a is None or a.shape is None else len(a.shape) for a in avals}
    if None in ranks or len(ranks) != 1 or avals[0] is None:
        return None
    related = tuple(Related(ctx.span(a), f"`{array.id}` receives {aval} here")
                    for a, aval in zip(arguments, avals))
    return avals[0], related


def _report(ctx: Context, subscript: ast.Subscript, array: ast.expr, related: tuple[Related, ...]) -> bool:
    consumed = _consumed(ctx, subscript.slice)
    if not consumed:
        return False
    aval = known_jax_array(ctx, array) or _typed_keys(ctx, array)
    if aval is None and not related:
        given = _from_callers(ctx, subscript, array)
        if given is not None:
            aval, related = given
    if aval is None or aval.shape is None or consumed <= len(aval.shape):
        return False
    ctx.report(subscript, values={"len(shape)": str(len(aval.shape)), "total_consumed": str(consumed)},
               related=related, data=ShapeData((str(aval),)))
    return True


def check(ctx: Context) -> None:
    if not has_shaped_arrays(ctx.model):
        return
    reported: set[int] = set()
    for subscript in ctx.model.nodes_in(ctx.model.tree, ast.Subscript):
        array = indexed_by(ctx, subscript)
        if array is not None and _report(ctx, subscript, array, ()):
            reported.add(id(subscript))
    for subscript, given in body_nodes(ctx, ast.Subscript):  # (what one example, a loop body holds)
        if id(subscript) in reported:
            continue
        array = indexed_by(ctx, subscript)
        if array is not None and _report(ctx, subscript, array, given):
            reported.add(id(subscript))


RULE = Rule(
    code="JXE119",
    catalog_id="too-many-indices",
    triggers=("[",),
    check=check,
    data=ShapeData,
)
