"""JXE128 prng-key-array-not-single.

What it does: finds a `jax.random` sampler, `split`, `fold_in` or `bits` given a key array of
one or more dimensions where it takes one key:
- a key array whose shape the value inference shows: a typed key array
  (`jax.random.split(key)`, `jax.random.split(key, (2, 3))`, a slice of one) or legacy raw key
  data, uint32 of two or more dimensions whose last is threefry's 2
  (`jax.random.split(jax.random.PRNGKey(0), 4)`: shape (4, 2));
- the result of `jax.random.split(k)` or `split(k, n)` (`n` an int, a non-empty tuple of
  ints, or of a type the code shows: `len(x)`, `x.shape[0]`), given directly or through a name bound once to it, whatever `k` holds (a parameter):
  split returns one key per entry of `n`, typed or raw; the shape is then described, not
  predicted.
In a def, a key the def's parameter holds is read, too, as each call of the def the file
shows gives it (`families.control_flow.check_in_calls`: `advance(keys)` for a `keys` made by
`split(key, 8)`, also on a loop's first pass). The call must bind to the function's parameters, and a `bernoulli` or `truncated_normal`
call must give a `shape` (and bernoulli a `mode`) JAX accepts, as those two read them before
the key. Raw keys are left alone in a file that configures keys (`jax_default_prng_impl`,
`jax_enable_custom_prng`, `jax_legacy_prng_key`).

Why is this bad: the samplers draw from one key; JAX raises ValueError, naming the
function and the key array's shape, before drawing (also under `jit`; inside a function
`jax.vmap` maps over the keys, each call sees one).
"""

from __future__ import annotations

import ast
import math

from jaxerr_lsp.analysis.avals import Aval
from jaxerr_lsp.analysis.model import ASSIGN
from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData
from jaxerr_lsp.engine.rule import Context, Rule, shorten
from jaxerr_lsp.families.control_flow import check_in_calls
from jaxerr_lsp.families.prng_keys import KeyCall, key_calls, key_checking_signature, prng_configured
from jaxerr_lsp.analysis.values import bind_arguments


@dataclass(frozen=True)
class KeyArrayGiven(RuleData):
    function: str  # the jax.random function, as JAX names it
    keys: int | None  # how many keys the array holds, when the code shows it


@dataclass(frozen=True)
class _Split:
    call: ast.Call  # the jax.random.split call
    num: str  # the shape it gives its keys, as Python shows it ("4", "n", "2, 3")
    count: int | None  # how many keys, when the code shows it
    typed: bool | None  # typed keys (True), raw (False), not shown (None)


def _split_made(ctx: Context, expr: ast.expr) -> _Split | None:
    """The `jax.random.split` call `expr` is, or a name bound once to, when it certainly makes
    a key array of one or more dimensions."""
    if isinstance(expr, ast.Name):
        binding = ctx.model.binding_of(expr)
        if binding is None or binding.kind != ASSIGN or not isinstance(binding.value, ast.Call):
            return None
        expr = binding.value
    if not isinstance(expr, ast.Call):
        return None
    site = ctx.model.call_site(expr)
    if site is None or site.qualname != "jax.random.split" or site.partial is not None:
        return None
    bound = bind_arguments(key_checking_signature("split"), site.args, site.keywords)
    if bound is None:
        return None
    key = ctx.values.value(bound.given["key"]).aval
    typed = None if key is None or key.shape is None else True if key.is_key and key.shape == () \
        else False if key == Aval((2,), "uint32") else None
    num = next((k.value for k in site.keywords if k.arg == "num"), site.args[1] if len(site.args) > 1 else None)
    if num is None:
        return _Split(expr, "2", 2, typed)
    value = ctx.values.constant(num)
    if type(value) is int and value >= 0:
        return _Split(expr, str(value), value, typed)
    if isinstance(value, tuple) and value and all(type(v) is int and v >= 0 for v in value):
        return _Split(expr, ", ".join(map(str, value)), math.prod(value), typed)
    return _Split(expr, shorten(ctx.segment(num), 30), None, typed) if _an_int(ctx, num) else None


def _an_int(ctx: Context, expr: ast.expr) -> bool:
    """An int the code shows the type of, not the value: `x.shape[i]`, or what the value
    inference knows to be one (`len(x)`)."""
    if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Attribute) \
            and expr.value.attr == "shape" and isinstance(expr.slice, ast.Constant) \
            and type(expr.slice.value) is int:
        return True
    return ctx.values.value(expr).type == "int"


def _report(ctx: Context, call: KeyCall, shape: str | None, count: int | None,
            split: _Split | None = None) -> None:
    held = f"{count} key{'s' * (count != 1)}" if count is not None else "several keys"
    note = (f" (`{shorten(ctx.segment(call.key), 30)}` holds {held}: pick one, or map over them "
            "with `jax.vmap`)")
    data = KeyArrayGiven(call.name, count)
    if shape is not None or split is None:
        ctx.report(call.key, values={"name": call.name, "np.shape(key)": shape or ""}, note=note, data=data)
        return
    typed, raw = f"({split.num},)", f"({split.num}, 2)"
    described = typed if split.typed else raw if split.typed is False else f"{typed} for typed keys, {raw} for raw keys,"
    related = (Related(ctx.span(split.call), "the key array is made here"),) if split.call is not call.key else ()
    ctx.report(call.key, values={"name": call.name}, shown={"np.shape(key)": described}, note=note,
               related=related, data=data)


def check(ctx: Context) -> None:
    configured = prng_configured(ctx)
    for call in key_calls(ctx):
        # What the code shows, then, in a def, what each of its calls gives it.
        check_in_calls(ctx, call.call, lambda: _check_call(ctx, call, configured))  # noqa: B023 (run at once)


def _check_call(ctx: Context, call: KeyCall, configured: bool) -> None:
    if call.reads_before_key(ctx.values.constant):
        return
    aval = ctx.values.value(call.key).aval
    if aval is not None and aval.shape is not None and (aval.is_key or aval.dtype == "uint32"):
        if aval.is_key and len(aval.shape) >= 1:
            _report(ctx, call, str(aval.shape), math.prod(aval.shape))
        elif not aval.is_key and not configured and len(aval.shape) >= 2 and aval.shape[-1] == 2:
            _report(ctx, call, str(aval.shape), math.prod(aval.shape[:-1]))
        return
    split = _split_made(ctx, call.key)
    if split is not None:
        _report(ctx, call, None, split.count, split)


RULE = Rule(
    code="JXE128",
    catalog_id="prng-key-array-not-single",
    triggers=("random",),
    check=check,
    data=KeyArrayGiven,
)
