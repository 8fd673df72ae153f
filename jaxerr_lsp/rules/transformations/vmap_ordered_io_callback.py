"""JXE141 vmap-ordered-io-callback.

What it does: finds `io_callback(f, shapes, *operands, ordered=True)` written in the body of
a function of the file that `jax.vmap` maps (`jaxerr_lsp.families.vmap_axes`: `jax.vmap(f,
in_axes)(x)`, a name bound once to it, `@jax.vmap`), when a call of the vmapped function
certainly maps an argument (one array of known shape, `in_axes` an int or a tuple of ints and
`None` written out, every mapped argument of the same size along its axis) and an operand of
the callback is certainly computed from that parameter (the parameter, an entry of it,
arithmetic on it, a local name bound once to one of those); the callback runs whenever the
function does (`jaxerr_lsp.families.callbacks.runs_every_time`).

Why is this bad: an ordered callback promises one call per program step in program order;
a batch has no single order, and its batching rule raises ValueError "Cannot `vmap` ordered
IO callback." as soon as a batched operand reaches it (under jit too).

Silent: operands that may not be batched (constants, unmapped parameters: JAX never batches
the callback then and runs it once), `ordered=False` or not a literal, options other than
`in_axes`/`out_axes`/`axis_name`, keyword arguments, arguments of unknown shape.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.callbacks import IO_CALLBACK, Callback, callbacks, derives_from, runs_every_time
from jaxerr_lsp.families.expected_errors import expected_at
from jaxerr_lsp.families.vmap_axes import UNKNOWN, Vmap, literal, vmaps

CATALOG_ID = "vmap-ordered-io-callback"
# Any operator applied to a batched value gives a batched value.
_OPERATORS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.MatMult, ast.Pow, ast.FloorDiv, ast.Mod)
_ALLOWED_OPTIONS = frozenset({"in_axes", "out_axes", "axis_name"})


@dataclass(frozen=True)
class OrderedUnderVmap(RuleData):
    vmapped_call: Span  # the call of the vmapped function


def _mapped(ctx: Context, vmap: Vmap, call: ast.Call, positional: list[str]) -> set[str]:
    """The parameters the call certainly maps (every argument checked: JAX's other errors
    about axes and sizes come first otherwise)."""
    if call.keywords or any(isinstance(a, ast.Starred) for a in call.args) \
            or len(call.args) > len(positional):
        return set()
    axes_expr = vmap.option("in_axes")
    axes = 0 if axes_expr is None else literal(ctx, axes_expr)
    if isinstance(axes, int) and not isinstance(axes, bool):
        per_argument: list[object] = [axes] * len(call.args)
    elif isinstance(axes, (tuple, list)) and len(axes) == len(call.args):
        per_argument = list(axes)
    else:
        return set()
    mapped: set[str] = set()
    sizes = set()
    for name, argument, axis in zip(positional, call.args, per_argument):
        if axis is UNKNOWN or isinstance(axis, bool) or (axis is not None and not isinstance(axis, int)):
            return set()
        value = ctx.values.value(argument)
        if axis is None:
            if value.jax_array is None and value.type != "ndarray" and not value.python_scalar:
                return set()
            continue
        aval = value.aval
        if (value.jax_array is None and value.type != "ndarray") or aval is None or aval.shape is None:
            return set()
        rank = len(aval.shape)
        assert isinstance(axis, int)
        if not -rank <= axis < rank:
            return set()
        sizes.add(aval.shape[axis])
        mapped.add(name)
    return mapped if len(sizes) == 1 else set()


def _ordered(callback: Callback) -> bool:
    option = callback.option("ordered")
    return isinstance(option, ast.Constant) and option.value is True


def check(ctx: Context) -> None:
    ordered = [c for c in callbacks(ctx) if c.qualname == IO_CALLBACK and _ordered(c) and c.operands]
    if not ordered:
        return
    reported: set[int] = set()
    for vmap in vmaps(ctx):
        function = vmap.definition
        if function is None or not vmap.calls or not set(vmap.options) <= _ALLOWED_OPTIONS:
            continue
        scope = ctx.model.scope_of_node.get(id(function))
        args = function.args
        if scope is None or args.vararg is not None or args.kwarg is not None:
            continue
        mine = [c for c in ordered if ctx.model.call_scope.get(id(c.call)) is scope
                and id(c.call) not in reported and runs_every_time(ctx, function, c.call)]
        if not mine:
            continue
        positional = [a.arg for a in (*args.posonlyargs, *args.args)]
        for call in vmap.calls:
            names = _mapped(ctx, vmap, call, positional)
            if not names:
                continue
            for callback in mine:
                if id(callback.call) in reported or expected_at(ctx, call, callback.call) or not any(
                        derives_from(ctx, o, scope, names, _OPERATORS) for o in callback.operands):
                    continue
                reported.add(id(callback.call))
                note = (" (`jax.vmap` maps an argument this callback receives: drop `ordered=True`, "
                        "or call the callback once outside the vmapped function)")
                related = (Related(ctx.span(call), "the vmapped function is called here"),)
                ctx.report(callback.call, note=note, related=related,
                           data=OrderedUnderVmap(ctx.span(call)))


RULE = Rule(
    code="JXE141",
    catalog_id=CATALOG_ID,
    triggers=("io_callback",),
    check=check,
    data=OrderedUnderVmap,
)
