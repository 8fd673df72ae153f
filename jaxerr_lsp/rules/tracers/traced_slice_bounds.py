"""JXE076 traced-slice-bounds.

What it does: finds a JAX array sliced with a traced start, stop or step in code JAX traces
abstractly (`jax.jit`, `jax.vmap`, `jax.pmap`, `jax.checkpoint`, the `lax` bodies, the index of
`fori_loop` included): `x[i:i + 3]`, `x[:n]`, `x[::stride]`, `x[:, j:j + 2]`, and the indexed
update `x.at[i:i + 2].set(v)`. A bound counts when it is certainly one traced array
(`jaxerr_lsp.families.tracer_arrays`); bounds from shapes, `len`, static arguments and literals are
Python integers.

Why is this bad: JAX needs every slice's start, stop and step to be static to know the result's
shape; it raises IndexError while tracing. Under `jax.grad` alone the bounds are concrete.

Fixes: `x[i:i + K]` (K an int literal, the slice alone or after full `:` slices) ->
`jax.lax.dynamic_slice_in_dim(x, i, K, axis)`. Unsafe: where the window would run past the end,
a slice returns fewer elements and dynamic_slice moves the start back. And, when the bounds
come from one parameter of a function only `jax.jit` traces, make that parameter static
(unsafe: one compilation per value, callers must pass hashable values).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.tracer_arrays import (array_tracer, hashable_wherever_passed, indexed_array, integer_tracer,
                                      module_name_for_fix, tracer_related, tracer_source,
                                      origin_line)
from jaxerr_lsp.analysis.tracing import TRACING_TRIGGERS, Tracer

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines



@dataclass(frozen=True)
class TracedSlice(RuleData):
    replace_span: Span
    replace_source: str
    replacement: str  # "" when no fix applies
    import_line: str
    # Making the parameter the bounds come from static (jit only): the jit site, the name and
    # its position among the positional parameters (-1: keyword-only); "" name: not offered.
    jit_site: Span | None = None
    static_name: str = ""
    static_position: int = -1


def _traced_slice(ctx: Context, subscript: ast.Subscript
                  ) -> tuple[int, ast.Slice, ast.expr, Tracer] | None:
    """(position, slice, the traced bound, tracer) of the first slice with a traced bound, when every index
    before it is plain (a number, None, a literal slice) or a traced integer (JAX checks the
    slices after it has read every index: a traced bool raises NonConcreteBooleanIndexError
    first, a traced float TypeError)."""
    index = subscript.slice
    elements = index.elts if isinstance(index, ast.Tuple) else [index]
    for position, element in enumerate(elements):
        if isinstance(element, ast.Slice):
            for bound in (element.lower, element.upper, element.step):
                if bound is None:
                    continue
                tracer = array_tracer(ctx, bound)
                if tracer is not None and tracer.abstract:
                    return position, element, bound, tracer
        if not _plain_index(element) and not integer_tracer(ctx, element):
            return None
    return None


def _plain_index(expr: ast.expr) -> bool:
    if isinstance(expr, ast.Constant):
        return type(expr.value) is int or expr.value is None
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        return _plain_index(expr.operand)
    if isinstance(expr, ast.Slice):
        return all(part is None or _plain_index(part) for part in (expr.lower, expr.upper, expr.step))
    return False


def _window_length(piece: ast.Slice) -> int | None:
    """K for `i:i + K` (or `i:K + i`) with K a non-negative int literal and no step."""
    lower, upper = piece.lower, piece.upper
    if lower is None or piece.step is not None or not isinstance(upper, ast.BinOp) \
            or not isinstance(upper.op, ast.Add):
        return None
    for same, length in ((upper.left, upper.right), (upper.right, upper.left)):
        if ast.dump(same) == ast.dump(lower) and isinstance(length, ast.Constant) \
                and type(length.value) is int and length.value >= 0:
            return length.value
    return None


def _fix_data(ctx: Context, subscript: ast.Subscript, array: ast.expr, method: ast.Call | None,
              position: int, piece: ast.Slice) -> TracedSlice:
    none = TracedSlice(ctx.span(subscript), "", "", "")
    index = subscript.slice
    elements = index.elts if isinstance(index, ast.Tuple) else [index]
    length = _window_length(piece)
    full = all(isinstance(e, ast.Slice) and e.lower is None and e.upper is None and e.step is None
               for e in elements[:position])
    if method is not None or length is None or position != len(elements) - 1 or not full:
        return none
    named = module_name_for_fix(ctx, "jax", "jax")
    if named is None:
        return none
    jax, import_line = named
    assert piece.lower is not None
    axis = f", axis={position}" if position else ""
    replacement = (f"{jax}.lax.dynamic_slice_in_dim({ctx.segment(array)}, "
                   f"{ctx.segment(piece.lower)}, {length}{axis})")
    return TracedSlice(ctx.span(subscript), ctx.segment(subscript), replacement, import_line)


def _static_parameter(ctx: Context, piece: ast.Slice, tracer: Tracer) -> tuple[Span, str, int] | None:
    """(jit site, parameter, position) when every traced name in the slice's bounds is that one
    parameter of a function only `jax.jit` traces."""
    function = tracer.function
    name = tracer.parameter
    if name is None or [t.qualname for t in function.transforms] != ["jax.jit"] \
            or function.elsewhere:
        return None
    for bound in (piece.lower, piece.upper, piece.step):
        for node in ctx.model.names_in(bound) if bound is not None else ():
            if node.id != name and ctx.tracing.tracer(node) is not None:
                return None
    arguments = function.function.args
    positional = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    if name not in positional and name not in [a.arg for a in arguments.kwonlyargs] \
            or not hashable_wherever_passed(ctx, function, name):
        return None
    position = positional.index(name) if name in positional else -1
    return ctx.span(function.transforms[0].site), name, position


def _slice_text(ctx: Context, piece: ast.Slice) -> str:
    parts = [ctx.segment(p) if p is not None else "None" for p in (piece.lower, piece.upper, piece.step)]
    return f"slice({', '.join(parts)}) with tracers"


def _with_static(data: TracedSlice, static: tuple[Span, str, int] | None) -> TracedSlice:
    if static is None:
        return data
    site, name, position = static
    return TracedSlice(data.replace_span, data.replace_source, data.replacement, data.import_line,
                       site, name, position)


def check(ctx: Context) -> None:
    for subscript, _traced in ctx.tracing.subscripts:
        indexed = indexed_array(ctx, subscript)
        if indexed is None:
            continue
        found = _traced_slice(ctx, subscript)
        if found is None:
            continue
        array, method = indexed
        position, piece, bound, tracer = found
        transform = tracer.transform
        source = tracer_source(tracer)
        note = (f" — the bounds of `{ctx.segment(piece)}` are traced by {transform.qualname} "
                f"(from {source}), so the slice's length is unknown while tracing.")
        ctx.report(
            method if method is not None else subscript,
            values={"position": str(position)},
            shown={"idx.index": _slice_text(ctx, piece), "tracer._origin_msg()": origin_line(tracer, bound)},
            note=note,
            related=tracer_related(ctx, tracer, array_tracer(ctx, array)),
            data=_with_static(_fix_data(ctx, subscript, array, method, position, piece),
                              _static_parameter(ctx, piece, tracer)))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.static_args import static_argument_edit
    from jaxerr_lsp.fixes.locate import import_edit_for

    data = finding.data
    assert isinstance(data, TracedSlice)
    fixes = []
    if data.replacement and lines.text(data.replace_span) == data.replace_source:
        edits = [TextEdit(data.replace_span, data.replacement)]
        import_edit = import_edit_for(lines, [data.import_line]) if data.import_line else None
        if import_edit is not None:
            edits.insert(0, import_edit)
        added = f" (adding `{data.import_line}`)" if data.import_line else ""
        why = (f"`{data.replace_source}` becomes `{data.replacement}`{added}: the same elements "
               "while the window fits in the array; near the end the slice returned fewer "
               "elements, while dynamic_slice_in_dim moves the start back and always returns the "
               "full window.")
        fixes.append(Fix(f"Use {data.replacement}", False, why, tuple(edits),
                         "dynamic-slice-in-dim"))
    if data.static_name and data.jit_site is not None:
        position = data.static_position if data.static_position >= 0 else None
        edit = static_argument_edit(lines, data.jit_site, data.static_name, position)
        if edit is not None:
            why = (f"`{data.static_name}` becomes a static argument of jax.jit: the slice bounds "
                   "are Python integers again, but the function is compiled anew for every "
                   f"value of `{data.static_name}`, and callers must pass a hashable value (a "
                   "Python int, not an array).")
            fixes.append(Fix(f"Make {data.static_name} static", False, why, (edit,),
                             "static-argument"))
    return fixes


RULE = Rule(
    code="JXE076",
    catalog_id="traced-slice-bounds",
    triggers=TRACING_TRIGGERS,
    check=check,
    data=TracedSlice,
    fix=fix,
    fix_ids=("dynamic-slice-in-dim", "static-argument"),
)
