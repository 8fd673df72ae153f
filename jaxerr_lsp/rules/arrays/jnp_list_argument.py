"""JXE097 jnp-list-argument.

What it does: finds a Python list or tuple (a display, a comprehension, or a name bound once
to one) passed to a `jax.numpy` function at a position JAX checks for an array:
`jnp.sum([1.0, 2.0])`, `jnp.mean(losses)` with `losses = []` filled by `append`,
`jnp.dot(x, [1.0, 2.0])`, `jnp.take(x, [0, 2])`.

Why is this bad: unlike NumPy, `jax.numpy` does not convert sequences implicitly; its
`check_arraylike` raises TypeError naming the function as JAX reports it (`jnp.abs` is
`absolute`), the argument's type and its position among the checked arguments.

Only the functions and positions verified against JAX 0.12.0.1 are in `_CHECKED`; an argument
before the sequence that is not certainly an array or a number (it could fail first) means
silence. `jnp.concatenate`, `jnp.stack`, `jnp.vstack` and `jnp.hstack` take one sequence and
check each element: the first element that is a list or tuple (after elements certainly arrays
or numbers) is flagged, at its position in the sequence (`jnp.concatenate([acc, x])` with
`acc = []`). `jnp.array`, `jnp.asarray`, the sequence of `jnp.stack([a, b])` itself and the
shape/axis arguments (`jnp.reshape(x, [2, 3])`, `axis=[0, 1]`) accept lists and are never
flagged; keyword arguments are not looked at.

Fix: wrap the sequence in `jnp.array(...)` (safe for a display of numbers, rectangular when
nested; unsafe otherwise, as `jnp.array` raises for ragged or mixed-shape elements).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.model import CallSite
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.analysis.values import Value

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

_UNARY = """
sum mean max min prod std var absolute exp exp2 log log2 log10 log1p expm1 sqrt square tanh sinh
cosh sin cos tan arcsin arccos arctan reshape ravel transpose swapaxes moveaxis clip sign
negative reciprocal squeeze broadcast_to tile repeat real imag conjugate argmax argmin cumsum
cumprod diff flip roll sort argsort floor ceil round rint trunc isnan isinf isfinite nan_to_num
tril triu diag diagonal trace cbrt atleast_1d atleast_2d atleast_3d any all copy astype sinc
median nanmean nansum count_nonzero argwhere unique expand_dims zeros_like ones_like
full_like empty_like ptp percentile quantile histogram bincount searchsorted polyval
logical_not
""".split()
_BINARY = """
arctan2 dot vdot matmul maximum minimum power multiply add subtract true_divide outer inner kron
tensordot logaddexp remainder fmod hypot allclose isclose equal not_equal less greater less_equal
greater_equal logical_and logical_or cross take take_along_axis
""".split()
# jax.numpy function -> (the name JAX prints, the argument positions it checks in order, how
# many positional arguments a call needs before JAX checks them).
_CHECKED: dict[str, tuple[str, tuple[int, ...], int]] = {
    **{name: (name, (0,), 1) for name in _UNARY},
    **{name: (name, (0, 1), 2) for name in _BINARY},
    "abs": ("absolute", (0,), 1),
    "conj": ("conjugate", (0,), 1),
    "amax": ("max", (0,), 1),
    "amin": ("min", (0,), 1),
    "divide": ("true_divide", (0, 1), 2),
    "mod": ("remainder", (0, 1), 2),
    "repeat": ("repeat", (0, 1), 2),
    "where": ("where", (0, 1, 2), 1),
    "linalg.norm": ("jnp.linalg.norm", (0,), 1),
    # (append ravels each of its two arguments first: JAX names ravel, at its position 0)
    "append": ("ravel", (0, 1), 2),
    # (these take one sequence and check each of its elements: the position is the element's)
    **{name: (name, (), 1) for name in ("concatenate", "stack", "vstack", "hstack")},
}
_JOINING = frozenset({"concatenate", "stack", "vstack", "hstack"})
# The last name of each checked function -> the functions (`norm` -> `linalg.norm`).
_BY_LAST_NAME: dict[str, list[str]] = {}
for _name in _CHECKED:
    _BY_LAST_NAME.setdefault(_name.rsplit(".", 1)[-1], []).append(_name)
_SEQUENCES = ("list", "tuple")
_NUMBERS = ("int", "float", "bool", "complex")
_NOT_ARRAYLIKE_ARRAYS = ("Ref",)


@dataclass(frozen=True)
class ListArgument(RuleData):
    span: Span  # the sequence argument
    source: str
    constructor: str  # `jnp.array` as the file can write it; "" when it cannot
    numbers: bool  # a display of numbers, rectangular: jnp.array certainly converts it


def check(ctx: Context) -> None:
    for site, (printed, positions, needed) in _checked_calls(ctx):
        _check_call(ctx, site, printed, positions, needed)


def _checked_calls(ctx: Context) -> list[tuple[CallSite, tuple[str, tuple[int, ...], int]]]:
    """Every direct call of a function of `_CHECKED` (`jnp.sum(...)`, `sum(...)` after `from
    jax.numpy import sum`), found through the model's call indexes. Only calls whose callee
    starts with an imported name are resolved: `x.sum()` on an array is not looked up.
    Calls through `functools.partial` are left alone."""
    model = ctx.model
    imported_names = {binding.name for binding in model.imports}
    # The called names that can run a checked function: its own last name, or an import alias.
    wanted: dict[str, list[str]] = {}
    for binding in model.imports:
        name = (binding.qualname or "").removeprefix("jax.numpy.")
        if name in _CHECKED and binding.name != name.rsplit(".", 1)[-1]:
            wanted.setdefault(binding.name, []).append(name)
    found = []
    called_names = _BY_LAST_NAME.keys() & (model.attribute_calls.keys() | model.name_calls.keys())
    for called in called_names | (wanted.keys() & model.name_calls.keys()):
        names = [*_BY_LAST_NAME.get(called, ()), *wanted.get(called, ())]
        for call in [*model.attribute_calls.get(called, ()), *model.name_calls.get(called, ())]:
            root = call.func
            while isinstance(root, ast.Attribute):
                root = root.value
            if not isinstance(root, ast.Name) or root.id not in imported_names:
                continue
            site = model.call_site(call)
            if site is None or site.partial is not None:
                continue
            name = site.qualname.removeprefix("jax.numpy.")
            if name in names and site.qualname == f"jax.numpy.{name}":
                found.append((site, _CHECKED[name]))
    found.sort(key=lambda found: (found[0].call.lineno, found[0].call.col_offset))
    return found


def _check_call(ctx: Context, site: CallSite, printed: str, positions: tuple[int, ...],
                needed: int) -> None:
    call = site.call
    if any(isinstance(a, ast.Starred) for a in call.args) or len(call.args) < needed:
        return
    if printed == "where" and len(call.args) == 2:
        return  # two-argument where: a ValueError of its own first
    if printed in _JOINING:
        _check_elements(ctx, site, printed)
        return
    for position in positions:
        if position >= len(call.args):
            return
        argument = call.args[position]
        value = ctx.values.value(argument)
        related: tuple[Related, ...] | None = None
        if value.type is None:  # (a parameter, or its entry, that every call shows)
            given = ctx.values.given_value(argument)
            if given is not None:
                value = given[0]
                related = (Related(ctx.span(given[1]), f"`{ctx.segment(argument)}` is a {value.type} for this call"),)
        if value.type in _SEQUENCES:
            _report(ctx, site, argument, value, printed, position, related)
            return
        if not _certainly_arraylike(value):
            return  # may fail first, at this position


def _check_elements(ctx: Context, site: CallSite, printed: str) -> None:
    """`jnp.concatenate([acc, x])`: the elements of the sequence display it is given, in
    order; the first list or tuple among them, after elements certainly arrays or numbers."""
    sequence = site.call.args[0]
    if not isinstance(sequence, (ast.List, ast.Tuple)):
        return
    for position, element in enumerate(sequence.elts):
        if isinstance(element, ast.Starred):
            return
        value = ctx.values.value(element)
        first = ctx.values.first_pass_value(element) if value.type is None and isinstance(element, ast.Name) else None
        if first is not None and first[0].type in _SEQUENCES and first[1].value is not None:
            related = [Related(ctx.span(first[1].value), f"`{element.id}` is a {first[0].type} on the loop's first pass")]  # type: ignore[attr-defined]
            if first[2] is not None:
                related.append(Related(ctx.span(first[2]), "the loop runs at least once: it is given this"))
            _report(ctx, site, element, first[0], printed, position, related=tuple(related))
            return
        if value.type in _SEQUENCES:
            _report(ctx, site, element, value, printed, position)
            return
        if not _certainly_arraylike(value):
            return


def _certainly_arraylike(value: Value) -> bool:
    return value.type in _NUMBERS or (value.is_array and value.type not in _NOT_ARRAYLIKE_ARRAYS)


def _report(ctx: Context, site: CallSite, argument: ast.expr, value: Value, printed: str,
            position: int, related: tuple[Related, ...] | None = None) -> None:
    """Report `argument`; `related`: where the code shows what it is (by default, the one
    binding of a name)."""
    if related is None:
        binding = ctx.model.binding_of(argument) if isinstance(argument, ast.Name) else None
        related = () if binding is None or binding.value is None else \
            (Related(ctx.span(binding.value), f"`{binding.name}` is a {value.type} here"),)
    ctx.report(
        argument,
        values={"fun_name": printed, "type(arg)": f"<class '{value.type}'>",
                "pos": "0" if printed == "ravel" else str(position)},
        related=related,
        data=ListArgument(ctx.span(argument), ctx.segment(argument), _constructor(ctx, site),
                          _numbers(ctx, argument, value)))


def _constructor(ctx: Context, site: CallSite) -> str:
    """`jnp.array` written with the module alias the call itself uses (`jnp.sum`), or with
    a module-level alias of jax.numpy."""
    function = site.call.func
    while isinstance(function, ast.Attribute):
        function = function.value
    if isinstance(function, ast.Name) and ctx.model.qualname(function) == "jax.numpy":
        return f"{function.id}.array"
    aliases = ctx.model.aliases_of("jax.numpy")
    return f"{aliases[0]}.array" if aliases else ""


def _numbers(ctx: Context, argument: ast.expr, value: Value) -> bool:
    """A display of numbers (nested displays of one length each): jnp.array converts it."""
    elements = value.elements
    if elements is None and isinstance(argument, (ast.List, ast.Tuple)):
        elements = tuple(argument.elts)
    return elements is not None and _rectangular(list(elements)) is not None


def _rectangular(elements: list[ast.expr]) -> tuple[int, ...] | None:
    """The shape of a non-empty nested display of number literals; None for anything else."""
    if not elements:
        return None
    if all(isinstance(e, ast.Constant) and type(e.value) in (int, float, bool) for e in elements):
        return (len(elements),)
    if not all(isinstance(e, (ast.List, ast.Tuple)) for e in elements):
        return None
    shapes = {_rectangular(list(e.elts)) for e in elements}  # type: ignore[attr-defined]
    if len(shapes) != 1 or None in shapes:
        return None
    inner = shapes.pop()
    assert inner is not None
    return (len(elements), *inner)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.text import holds

    data = finding.data
    assert isinstance(data, ListArgument)
    if not data.constructor or not holds(lines, data.span, data.source):
        return []
    converted = f"{data.constructor}({data.source})"
    if data.numbers:
        why = (f"Passes `{converted}`: the numbers as an array, converted explicitly as JAX "
               "wants; the function computes what NumPy computes on the same list.")
        return [Fix(f"Convert with {data.constructor}(...)", True, why,
                    (TextEdit(data.span, converted),), "wrap-in-array")]
    why = (f"Passes `{converted}`. The code does not show the elements as numbers: arrays of "
           "one shape are stacked, as NumPy would; ragged or mixed-shape elements make "
           f"`{data.constructor}` raise instead.")
    return [Fix(f"Convert with {data.constructor}(...)", False, why,
                (TextEdit(data.span, converted),), "wrap-in-array-unchecked")]


RULE = Rule(
    code="JXE097",
    catalog_id="jnp-list-argument",
    triggers=("jax.numpy", "import numpy"),
    check=check,
    data=ListArgument,
    fix=fix,
    fix_ids=("wrap-in-array", "wrap-in-array-unchecked"),
)
