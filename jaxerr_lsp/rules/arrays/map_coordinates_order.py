"""JXE179 map-coordinates-order.

What it does: finds `jax.scipy.ndimage.map_coordinates(input, coordinates, order)` with an
order above 1 (SciPy's cubic default is 3), given by name or by position, certainly a constant
(`families.refused_arguments`). Not with a `mode` other than "constant" (JAX checks the mode
first, against modes this rule does not list).

Why is this bad: JAX implements nearest (0) and linear (1) interpolation only; a higher order
raises NotImplementedError every time the call runs.

No fix: order 1 interpolates differently (linear, not a spline): the author's choice.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.refused_arguments import refused_arguments


@dataclass(frozen=True)
class InterpolationOrder(RuleData):
    order: int


def _refused(value: object) -> bool:
    return type(value) is int and value > 1


def _other_mode(call: ast.Call) -> bool:
    """A mode other than the default "constant" (JAX checks the mode first)."""
    mode = next((k.value for k in call.keywords if k.arg == "mode"), call.args[3] if len(call.args) > 3 else None)
    return mode is not None and not (isinstance(mode, ast.Constant) and mode.value == "constant")


def check(ctx: Context) -> None:
    for found in refused_arguments(ctx, ("jax.scipy.ndimage.map_coordinates",), "order", _refused):
        if _other_mode(found.call):
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
