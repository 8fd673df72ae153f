"""JXE113 tracer-unhashable.

What it does: finds a value the file certainly shows to be a JAX array (the value inference:
a `jnp` / `lax` / `jax.random` result, an array method's) or a traced array (the tracing
model: an array derived from a parameter of a function JAX traces) that Python hashes: a dict
key (display, comprehension, `d[x]`, `d.get(x)`, ...), a set member, `x in d` / `x in s`, or
`hash(x)` (`families/hashed_values.py`). Dicts and sets are recognized only where the
inference certainly knows them as such; keys of any other type are never flagged.

It stays silent in the body of a `try` with handlers (the code recovers; a block that expects
the error, `with pytest.raises(...)`, is code meant to raise: reported there), and on values of unknown type: a parameter that is not traced, a call into other code, a
NumPy array (unhashable too, but not JAX's).

Why is this bad: JAX arrays and tracers set `__hash__` to None; Python raises TypeError at
that statement.

Fix: `d[x]` -> `d[int(x)]` outside of traced code, for an array the inference knows as a
scalar of an integer dtype.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill, shorten
from jaxerr_lsp.families.hashed_values import Hashed, hashed_values
from jaxerr_lsp.families.tracer_arrays import tracer_related

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

_TRACER_TEMPLATE = "unhashable type: '{kind}Tracer'"


@dataclass(frozen=True)
class Unhashable(RuleData):
    value_span: Span  # the hashed expression
    value_source: str
    traced: bool  # a tracer (or code that may run traced)
    integer_scalar: bool  # the inference knows it as a 0-d array of an integer dtype


def check(ctx: Context) -> None:
    reported: set[int] = set()
    for hashed in hashed_values(ctx):
        # One finding per display, lookup or call: Python stops at the first unhashable value.
        if id(hashed.holder) not in reported and _check(ctx, hashed):
            reported.add(id(hashed.holder))


def _check(ctx: Context, hashed: Hashed) -> bool:
    tracer = ctx.tracing.tracer(hashed.expr)
    source = ctx.segment(hashed.expr)
    span = ctx.span(hashed.expr)
    note = f" (`{shorten(source)}` is {hashed.how})" if hashed.how != "hash()" else \
        f" (`{shorten(source)}` passed to hash())"
    if tracer is not None and tracer.array:
        # Under jax.jit alone, JAX traces to a jaxpr: a DynamicJaxprTracer.
        transforms = {t.qualname for t in tracer.function.transforms} | {tracer.transform.qualname}
        values = {"kind": "DynamicJaxpr"} if transforms == {"jax.jit"} else {}
        shown = values or {"kind": "…"}  # Batch, JVP, Linearize...: by the transformation
        ctx.report(span, message=fill(_TRACER_TEMPLATE, shown),
                   predicted=fill(_TRACER_TEMPLATE, values, escape=True),
                   note=note, related=tracer_related(ctx, tracer),
                   data=Unhashable(span, source, True, False))
        return True
    value = ctx.values.value(hashed.expr)
    if value.type != "ArrayImpl" or value.jax_array is None:  # (a NumPy array's a.sum() hashes)
        return False
    aval = value.aval
    integer_scalar = aval is not None and aval.shape == () and aval.kind in ("i", "u")
    if hashed.function is None:  # module level: never traced
        ctx.report(span, note=note, data=Unhashable(span, source, False, integer_scalar))
        return True
    # Inside a function the code may run traced (a tracer's type is named then).
    ctx.report(span, note=note + "; a tracer's type instead when this code runs traced",
               predicted="unhashable type: '{type}'",
               data=Unhashable(span, source, True, integer_scalar))
    return True


# ------------------------------------------------------------------------------------ fix
def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.statement import doc_for

    import libcst as cst

    data = finding.data
    assert isinstance(data, Unhashable)
    if data.traced or not data.integer_scalar:
        return []
    doc = doc_for(lines, data.value_span)
    if doc is None:
        return []
    node = doc.expression(data.value_span, data.value_source)
    if node is None:
        return []
    new = cst.Call(cst.Name("int"), [cst.Arg(node.with_changes(lpar=[], rpar=[])
                                              if getattr(node, "lpar", None) else node)])
    edit = doc.edit({id(node): lambda _u: new})
    if edit is None:
        return []
    return [Fix(f"Use a Python int: int({shorten(data.value_source, 40)})", True,
                "The value is a 0-d array of an integer dtype outside of traced code: `int(x)` "
                "is the same number as a Python int, which hashes, and equals the int keys "
                "the array was meant to find.", (edit,), "python-int")]


RULE = Rule(
    code="JXE113",
    catalog_id="tracer-unhashable",
    triggers=("jax",),
    check=check,
    data=Unhashable,
    fix=fix,
    fix_ids=("python-int",),
)
