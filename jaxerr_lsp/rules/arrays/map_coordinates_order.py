"""JXE179 map-coordinates-order.

What it does: finds `jax.scipy.ndimage.map_coordinates(input, coordinates, order)` with an
order above 1 (SciPy's cubic default is 3), given by name or by position, certainly a constant
(`families.refused_arguments`), with the default mode or one JAX has (it checks the mode
first).

Why is this bad: JAX implements nearest (0) and linear (1) interpolation only; a higher order
raises NotImplementedError every time the call runs.

No fix: order 1 interpolates differently (linear, not a spline): the author's choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.refused_arguments import RefusedArgument, refused_arguments


@dataclass(frozen=True)
class InterpolationOrder(RuleData):
    order: int


def _refused(value: object) -> bool:
    return type(value) is int and value > 1


# The modes JAX 0.12.0.1 has (`jax._src.scipy.ndimage._INDEX_FIXERS`, held against the
# installed JAX by tests/test_refused_arguments.py): another mode raises its own
# NotImplementedError first.
MODES = frozenset({"constant", "mirror", "nearest", "reflect", "wrap"})


def _mode_jax_has(ctx: Context, found: RefusedArgument) -> bool:
    """The call's mode is the default or a constant JAX has (JAX checks the mode first)."""
    mode = found.given("mode", 3)
    return mode is None or ctx.values.constant(mode) in MODES


def check(ctx: Context) -> None:
    for found in refused_arguments(ctx, ("jax.scipy.ndimage.map_coordinates",), "order", _refused):
        if not _mode_jax_has(ctx, found):
            continue
        ctx.report(found.argument, note=f" (order={found.value}; JAX interpolates with order 0 or 1)",
                   data=InterpolationOrder(int(found.value)))  # type: ignore[call-overload]


RULE = Rule(
    code="JXE179",
    catalog_id="map-coordinates-order",
    triggers=("map_coordinates",),
    check=check,
    data=InterpolationOrder,
)
