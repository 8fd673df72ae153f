"""JXE130 invalid-prng-key-data.

What it does: finds a `jax.random` sampler, `split`, `fold_in` or `bits` (`KEY_CHECKING`,
calls that bind to its parameters) given as its key:
- a Python number the code shows (`jax.random.normal(0, (3,))`, `seed = 42` then
  `jax.random.uniform(seed)`): JAX's first check, "expected key_data to have ndim, shape,
  and dtype attributes", with the number as Python prints it;
- a JAX array of rank 0 that is not a key (`jnp.array(0)`): "expected key_data.ndim >= 1";
- a JAX array of known shape whose last axis is not threefry's 2 (the implementation is
  described, its repr holds addresses), or whose last axis is 2 and whose dtype is not uint32
  (`jnp.array([0, 1])`, int32): not in a file that configures keys
  (`jax_default_prng_impl`: other key shapes).
A `bernoulli` or `truncated_normal` call must give a `shape` (and bernoulli a `mode`) JAX
accepts, as those two read them first.

Why is this bad: a key is a typed key (`jax.random.key`) or raw uint32 key data of shape
`(..., 2)`; JAX checks raw key data before anything else and raises TypeError.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.analysis.avals import dtypes_differ
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.families.prng_keys import KeyCall, key_calls, prng_configured

CATALOG_ID = "invalid-prng-key-data"
# The raise sites of jax/_src/random/prng.py `_check_prng_key_data`, by line.
NO_ATTRIBUTES, RANK_ZERO, KEY_SHAPE, KEY_DTYPE = 129, 132, 135, 138


@dataclass(frozen=True)
class InvalidKeyData(RuleData):
    function: str  # the jax.random function, as JAX names it
    check: int  # which check fails: the raise site's line


def _template(line: int) -> str:
    from jaxerr_lsp.errors.catalog import load_catalog

    entry = load_catalog().get(CATALOG_ID)
    site = next(s for s in entry.sources if s.line == line)
    return (site.message or entry.message).strip()


def _report(ctx: Context, call: KeyCall, line: int, values: dict[str, str],
            shown: dict[str, str] | None = None) -> None:
    template = _template(line)
    note = (f" (`{call.name}` takes a key first: make one with `jax.random.key(seed)`"
            " and pass it)")
    ctx.report(call.key, message=fill(template, {**values, **(shown or {})}) + note,
               predicted=fill(template, values, escape=True), data=InvalidKeyData(call.name, line))


def _number(ctx: Context, expr: ast.expr) -> str | None:
    """The Python number `expr` certainly is, as `str` prints it."""
    value = ctx.values.value(expr)
    if not (value.python_scalar or isinstance(expr, ast.Constant)):
        return None
    constant = ctx.values.constant(expr)
    return str(constant) if type(constant) in (int, float, bool, complex) else None


def check(ctx: Context) -> None:
    configured = prng_configured(ctx)
    for call in key_calls(ctx):
        if call.reads_before_key(ctx.values.constant):
            continue
        number = _number(ctx, call.key)
        if number is not None:
            _report(ctx, call, NO_ATTRIBUTES, {"key_data": number})
            continue
        value = ctx.values.value(call.key)
        aval = value.aval
        if value.jax_array is None or aval is None or aval.shape is None or aval.dtype is None \
                or aval.is_key:
            continue
        if aval.shape == ():
            _report(ctx, call, RANK_ZERO, {"key_data.ndim": "0"})
        elif configured:
            continue
        elif aval.shape[-1] != 2:
            _report(ctx, call, KEY_SHAPE, {"impl.key_shape": "(2,)", "key_data.shape": str(aval.shape)},
                    {"impl!r": "PRNGImpl(key_shape=(2,), ..., name='threefry2x32', tag='fry')"})
        elif dtypes_differ(aval.dtype, "uint32"):
            _report(ctx, call, KEY_DTYPE, {"key_data.dtype": aval.dtype})


RULE = Rule(
    code="JXE130",
    catalog_id=CATALOG_ID,
    triggers=("random",),
    check=check,
    data=InvalidKeyData,
)
