"""JXE134 random-choice-sample-too-large.

What it does: finds `jax.random.choice(key, a, shape, replace=False)` (a call that binds)
where the code shows the sizes: `a` a positive Python int (the population `arange(a)`) or a
JAX array of known shape (its length along `axis`, an int the code shows, 0 by default),
`shape` a tuple or list of ints (the draws: their product; `()` by default), `replace` the
literal False, and the key a single key the value inference shows (typed, or a raw uint32
pair in a file that does not configure keys), so that JAX's earlier checks pass; and more
draws than elements (no draws at all returns an empty array).

Why is this bad: without replacement every element is drawn at most once; JAX compares the
two static sizes before sampling and raises ValueError.
"""

from __future__ import annotations

import ast
import math
from dataclasses import dataclass

from jaxerr_lsp.analysis.avals import Aval
from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.prng_keys import KeyCall, key_calls, prng_configured


@dataclass(frozen=True)
class SampleTooLarge(RuleData):
    draws: int
    population: int


def _single_key(ctx: Context, call: KeyCall, configured: bool) -> bool:
    aval = ctx.values.value(call.key).aval
    return aval is not None and ((aval.is_key and aval.shape == ())
                                 or (not configured and aval == Aval((2,), "uint32")))


def _population(ctx: Context, call: KeyCall) -> int | None:
    a = call.given["a"]
    constant = ctx.values.constant(a)
    if type(constant) is int:
        return constant if constant > 0 else None
    value = ctx.values.value(a)
    aval = value.aval
    if value.jax_array is None or aval is None or not aval.shape:
        return None
    axis_expr = call.given.get("axis")
    axis = 0 if axis_expr is None else ctx.values.constant(axis_expr)
    if type(axis) is not int or not -len(aval.shape) <= axis < len(aval.shape):
        return None
    size = aval.shape[axis]
    return size if size > 0 else None


def _draws(ctx: Context, call: KeyCall) -> int | None:
    shape_expr = call.given.get("shape")
    if shape_expr is None:
        return 1
    shape = ctx.values.constant(shape_expr)
    if not isinstance(shape, (tuple, list)) or not all(type(d) is int and d >= 0 for d in shape):
        return None
    return math.prod(shape)


def check(ctx: Context) -> None:
    configured = prng_configured(ctx)
    for call in key_calls(ctx):
        replace = call.given.get("replace")
        if call.name != "choice" or replace is None or not isinstance(replace, ast.Constant) \
                or replace.value is not False or not _single_key(ctx, call, configured):
            continue
        draws, population = _draws(ctx, call), _population(ctx, call)
        if draws is None or population is None or draws == 0 or draws <= population:
            continue
        ctx.report(call.call, values={"n_draws": str(draws), "n_inputs": str(population)},
                   note=" (without replacement each element is drawn at most once)",
                   data=SampleTooLarge(draws, population))


RULE = Rule(
    code="JXE134",
    catalog_id="random-choice-sample-too-large",
    triggers=("choice",),
    check=check,
    data=SampleTooLarge,
)
