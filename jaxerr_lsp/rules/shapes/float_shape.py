"""JXE170 float-shape.

What it does: finds a shape given to `jnp.zeros`, `ones`, `empty`, `full`, the `shape=` of
`jnp.zeros_like` and its kin, `jnp.reshape`, `jnp.broadcast_to`, `x.reshape(...)` of a JAX
array, `jax.random.normal`, `uniform`, `randint`, `lax.full` or `jax.image.resize` with a
Python float in it: the shape (or one element of a tuple or list of them) is certainly a
`float` (`n / 2`, `h * 1.5`), every other element certainly a Python int or float. The message
is predicted when every element's value is known (`got (24.0, 24.0, 4)`), shown otherwise.
A traced dimension is JXE072's.

Why is this bad: JAX canonicalizes every shape to a tuple of integers and refuses a float, even
a whole one (`4.0`): TypeError "Shapes must be 1D sequences of concrete values of integer
type". True division always gives a float in Python 3.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.shapes import in_followed_calls
from jaxerr_lsp.rules.tracers.traced_shape import SHAPE_ARGUMENT

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# Where each function takes its shape (each measured under JAX 0.12.0.1 with a float there).
FLOAT_CHECKED = {name: where for name, where in SHAPE_ARGUMENT.items()
                 if name not in ("jax.lax.dynamic_slice", "jax.lax.reshape") and (
                     name.startswith("jax.numpy.") or name in ("jax.random.normal", "jax.random.uniform",
                                                               "jax.random.randint", "jax.lax.full"))}
FLOAT_CHECKED["jax.image.resize"] = (1, "shape")


@dataclass(frozen=True)
class FloatShape(RuleData):
    dimension: str  # the float element, as written
    division: Span | None  # its `/`, when it is a true division (the fix writes `//`)


def _division(ctx: Context, dimension: ast.expr) -> Span | None:
    """The span of the `/` of `a / b`, when the text between its operands holds one `/`."""
    if not isinstance(dimension, ast.BinOp) or not isinstance(dimension.op, ast.Div):
        return None
    left, right = ctx.span(dimension.left), ctx.span(dimension.right)
    if left.end_line != right.start_line:
        return None
    between = ctx.parsed.lines[left.end_line - 1][left.end_column:right.start_column]
    if between.count("/") != 1:
        return None
    column = left.end_column + between.index("/")
    return Span(left.end_line, column, left.end_line, column + 1)


def _shape_argument(ctx: Context, call: ast.Call) -> ast.expr | None:
    """The call's shape expression (`x.reshape(a, b)`'s arguments as one tuple)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    function = call.func
    qualname = ctx.model.qualname(function)
    if qualname is None and isinstance(function, ast.Attribute) and function.attr == "reshape" \
            and call.args and not call.keywords:
        receiver = ctx.values.value(function.value)
        if receiver.type != "ArrayImpl" or receiver.jax_array is None:
            return None
        if len(call.args) == 1:
            return call.args[0]
        return ast.Tuple(elts=list(call.args), ctx=ast.Load())
    where = FLOAT_CHECKED.get(qualname or "")
    if where is None:
        return None
    position, keyword = where
    value = call.args[position] if len(call.args) > position else \
        next((k.value for k in call.keywords if k.arg == keyword), None)
    return value


def _elements(ctx: Context, shape: ast.expr) -> tuple[list[ast.expr], str] | None:
    """The shape's elements and how Python prints the sequence ("tuple", "list", or "scalar":
    JAX makes a 1-tuple of one number)."""
    if isinstance(shape, (ast.Tuple, ast.List)):
        return list(shape.elts), "list" if isinstance(shape, ast.List) else "tuple"
    value = ctx.values.value(shape)
    if value.type in ("int", "float"):
        return [shape], "scalar"
    if value.type in ("tuple", "list") and value.elements is not None:
        return list(value.elements), value.type
    return None


def _printed(ctx: Context, elements: list[ast.expr], kind: str) -> str | None:
    """The sequence as JAX's message prints it, when every element's value is known."""
    constants = [ctx.values.constant(e) for e in elements]
    if not all(type(c) in (int, float) for c in constants):
        return None
    if kind == "list":
        return repr(list(constants))
    return repr(tuple(constants))


def _calls(ctx: Context) -> list[ast.Call]:
    """The calls of the functions of `FLOAT_CHECKED` and the `.reshape(...)` calls, once each."""
    calls = {id(site.call): site.call for name in FLOAT_CHECKED for site in ctx.model.calls_to(name)
             if site.partial is None and site.complete}
    calls.update((id(call), call) for call in ctx.model.method_calls("reshape"))
    return sorted(calls.values(), key=lambda c: (c.lineno, c.col_offset))


def check(ctx: Context) -> None:
    for call in _calls(ctx):
        # (in a def, also with the values each call of it the file shows gives its parameters:
        # `half(10)` for `jnp.zeros((n / 2, 3))`)
        in_followed_calls(ctx, call, lambda call=call: _check_call(ctx, call))  # type: ignore[misc]


def _check_call(ctx: Context, call: ast.Call) -> None:
    shape = _shape_argument(ctx, call)
    if shape is None:
        return
    elements = _elements(ctx, shape)
    if elements is None or not elements[0] or any(isinstance(e, ast.Starred) for e in elements[0]):
        return
    types = [ctx.values.value(e).type for e in elements[0]]
    if "float" not in types or not all(t in ("int", "float") for t in types):
        return
    dimension = elements[0][types.index("float")]
    printed = _printed(ctx, *elements)
    where = dimension if dimension.lineno == call.lineno or isinstance(shape, (ast.Tuple, ast.List)) else shape
    written = ctx.segment(dimension)
    how = "`//` divides to an int" if isinstance(dimension, ast.BinOp) and isinstance(dimension.op, ast.Div) \
        else "round it with `int(...)`"
    note = f" (`{written}` is a Python float: a dimension must be an int; {how})"
    data = FloatShape(written, _division(ctx, dimension))
    if printed is not None:
        ctx.report(where, values={"shape": printed}, note=note, data=data)
    else:
        ctx.report(where, shown={"shape": f"‹the shape, with {written} a float›"}, note=note, data=data)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, FloatShape)
    if data.division is None or lines.text(data.division) != "/":
        return []
    why = ("Writes `//` for the `/` that made the dimension a float: the size becomes the integer "
           "quotient, rounded down when the division is not exact.")
    return [Fix("Divide with `//`", False, why, (TextEdit(data.division, "//"),), "floor-division")]


RULE = Rule(
    code="JXE170",
    catalog_id="float-shape",
    triggers=("jax",),
    check=check,
    data=FloatShape,
    fix=fix,
    fix_ids=("floor-division",),
)
