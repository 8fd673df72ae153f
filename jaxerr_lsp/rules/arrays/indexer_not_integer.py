"""JXE123 indexer-not-integer.

What it does: finds `x[...]` (read, or `x.at[...]` followed by an update or `get`) of a
certain JAX array whose index has a float part the code certainly shows: a Python float
(`x[1.0]`, `x[n / 2]`: true division is always a float) or complex, or a JAX array of a float
or complex dtype the value inference knows (`x[jnp.floor(t)]`), every part before it an
int, a slice, `None`, `...` or an integer or boolean JAX array (JAX looks at the parts in
order and raises at the first it refuses).

Never flagged: a part before the float one the code does not show, a NumPy array being
indexed (NumPy raises its own IndexError), a slice bound that is a float (Python's own
TypeError), a list of indices, a store `x[i] = v` (JXE080 first), a typed key array.

Why is this bad: JAX accepts only integers, slices, integer arrays and boolean masks as
indices, and raises TypeError naming the float's dtype (`float64` for a Python float even
with 64-bit types off), eagerly and under jit alike.

No fix: `int(...)`, `//` or `.astype(int)` each mean something else for a traced value.
"""

from __future__ import annotations

import ast

from jaxerr_lsp.core.findings import Related
from jaxerr_lsp.analysis.values import Value
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.families.control_flow import body_nodes
from jaxerr_lsp.families.tracer_arrays import indexed_by
from jaxerr_lsp.families.shapes import ShapeData

# `x.at[i].<method>(...)`: the updates and `get`, each of which parses the index.
# A Python number's dtype as `np.dtype(type(idx))` names it.
_PYTHON_DTYPES = {"float": "float64", "complex": "complex128"}


def _shown(ctx: Context, expr: ast.expr, given: list[Related]) -> Value:
    """What `expr` certainly is: what the code before it shows, else, for a parameter, what
    every call gives it (`Inference.given_value`; the call is added to `given`)."""
    value = ctx.values.value(expr)
    if value.type is None and isinstance(expr, ast.Name):
        found = ctx.values.given_value(expr)
        if found is not None:
            given.append(Related(ctx.span(found[1]), f"`{expr.id}` is given this value here"))
            return found[0]
    return value


def _refused(ctx: Context, index: ast.expr, given: list[Related]) -> tuple[int, str] | None:
    """(the source index of JAX's wording, the dtype) of the first part of the index JAX
    refuses as a float, when every part before it is certainly accepted; None otherwise."""
    parts = index.elts if isinstance(index, ast.Tuple) else [index]
    for part in parts:
        if isinstance(part, ast.Slice) or isinstance(part, ast.Constant) and (
                part.value is None or part.value is Ellipsis):
            continue
        if isinstance(part, ast.Starred):
            return None
        value = _shown(ctx, part, given)
        if value.type in ("int", "bool"):
            continue
        if value.type in _PYTHON_DTYPES:
            return 0, _PYTHON_DTYPES[value.type]
        aval = value.aval
        if value.jax_array is None or value.type != "ArrayImpl" or aval is None or aval.dtype is None:
            return None
        if aval.kind in ("i", "u", "b"):
            continue
        if aval.kind in ("f", "c"):
            return 2, aval.dtype
        return None
    return None


def check(ctx: Context) -> None:
    reported: set[int] = set()
    for subscript in ctx.model.nodes_in(ctx.model.tree, ast.Subscript):
        if _report(ctx, subscript, ()):
            reported.add(id(subscript))
    for subscript, given in body_nodes(ctx, ast.Subscript):  # (what one example, a loop body holds)
        if id(subscript) not in reported and _report(ctx, subscript, given):
            reported.add(id(subscript))


def _report(ctx: Context, subscript: ast.Subscript, related: tuple[Related, ...]) -> bool:
    if isinstance(subscript.slice, ast.Constant) and type(subscript.slice.value) in (str, int):
        return False  # (the common `d["key"]` and `x[0]`, cheaply)
    array = indexed_by(ctx, subscript)
    if array is None:
        return False
    given: list[Related] = []
    refused = _refused(ctx, subscript.slice, given)
    if refused is None:
        return False
    base = _shown(ctx, array, given)
    if base.jax_array is None or base.type != "ArrayImpl" or base.aval is not None and base.aval.kind == "key":
        return False
    entry = load_catalog().get("indexer-not-integer")
    source, dtype = refused
    template = (entry.sources[source].message or entry.message).strip()
    placeholder = {0: "np.dtype(type(idx))", 2: "idx.dtype"}[source]
    ctx.report(subscript, message=fill(template, {placeholder: dtype}),
               predicted=fill(template, {placeholder: dtype}, escape=True), data=ShapeData((dtype,)),
               related=(*related, *given))
    return True


RULE = Rule(
    code="JXE123",
    catalog_id="indexer-not-integer",
    triggers=("[",),
    check=check,
    data=ShapeData,
)
