"""JXE133 prng-seed-invalid.

What it does: finds `jax.random.key(seed)` and `jax.random.PRNGKey(seed)` (the seed alone,
positional or `seed=`) whose seed is a float the code shows: a Python float (a literal, a
name bound to one, true division of numbers), or a scalar JAX array of a floating dtype. The
seed is shown as JAX traces it: `JitTracer(~float32[])` for a Python float (weakly typed),
`JitTracer(float32[])` for a float32 array; in a file that may turn 64-bit types on, or that
changes the default key implementation, it is described. Also a seed that is certainly a
PRNG key or an array with dimensions, checked first by JAX: a typed key (`jax.random.key`,
`split` of one; "accepts a scalar seed, but was given a PRNG key"), or a JAX or NumPy array
whose shape the value inference knows and is not `()`: an old-style `uint32[2]` key from
`PRNGKey` or `split`, an array of seeds ("was given an array of shape (2,) != ()"); also in
a def's body once per call of the def that gives the seed's parameter that value
(`families.shapes.in_followed_calls`: a helper `make_rng(seed_or_key)` called with a key). In
a file that may change what keys are (`jax_enable_custom_prng`, another default
implementation), only a typed key is flagged. Seeds of unknown type are left alone.

Why is this bad: threefry builds the key from the bits of one integer; JAX checks the seed's
dtype inside its jitted seeding function and raises TypeError.

Fix (unsafe: a fractional seed is truncated, another seed than the float): `int(seed)`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.families.prng_keys import prng_configured
from jaxerr_lsp.families.shapes import in_followed_calls, shape_text

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

MAKERS = ("jax.random.key", "jax.random.PRNGKey")


@dataclass(frozen=True)
class SeedData(RuleData):
    seed_span: Span
    seed_source: str
    python_float: bool  # a Python float (int() of it is what was meant), not an array or a key


def _traced_seed(ctx: Context, seed: ast.expr, exact: bool) -> tuple[str | None, bool] | None:
    """(the seed as JAX's jitted seeding function shows it, or None when not predicted;
    whether it is a Python float) for a float seed the code shows."""
    value = ctx.values.value(seed)
    if value.type == "float" or (isinstance(seed, ast.Constant) and type(seed.value) is float):
        return ("JitTracer(~float32[])" if exact else None), True
    aval = value.aval
    if value.jax_array is not None and aval is not None and aval.shape == () and aval.kind == "f" \
            and aval.dtype is not None:
        return (f"JitTracer({'~' if aval.weak else ''}{aval.dtype}[])" if exact else None), False
    return None


def _check_shaped_seed(ctx: Context, qualname: str, seed: ast.expr) -> None:
    """A seed that is a typed key, or an array with dimensions: JAX's first checks."""
    value = ctx.values.value(seed)
    aval = value.aval
    if value.type not in ("ArrayImpl", "ndarray") or aval is None or aval.shape is None:
        return
    maker = qualname.rsplit(".", 1)[1]
    note = " (a seed is one integer: to make keys from a key, use `jax.random.split` or `fold_in`)"
    if aval.is_key and value.type == "ArrayImpl":
        values = {"ctor_name": maker}
        template = _key_template("given a PRNG key")
    elif not aval.is_key and aval.shape != () and not prng_configured(ctx):
        values = {"ctor_name": maker, "np.shape(seed)": shape_text(aval.shape)}
        template = _key_template("given an array of shape")
    else:
        return
    ctx.report(seed, message=fill(template, values), predicted=fill(template, values, escape=True),
               note=note, data=SeedData(ctx.span(seed), ctx.segment(seed), False))


def _key_template(words: str) -> str:
    """The template of `jax.random`'s `_key` check whose text holds `words`."""
    entry = load_catalog().get("prng-seed-invalid")
    return next(s.message for s in entry.sources if s.function == "_key" and s.message and words in s.message)


def check(ctx: Context) -> None:
    exact = not ctx.x64_possible() and not prng_configured(ctx)
    for qualname in MAKERS:
        for site in ctx.model.calls_to(qualname):
            if not site.complete or site.partial is not None:
                continue
            keywords = [k.arg for k in site.keywords]
            if len(site.args) + len(keywords) != 1 or keywords not in ([], ["seed"]) \
                    or any(isinstance(a, ast.Starred) for a in site.args):
                continue
            seed = site.args[0] if site.args else site.keywords[0].value
            in_followed_calls(ctx, site.call, lambda: _check_shaped_seed(ctx, qualname, seed))
            found = _traced_seed(ctx, seed, exact)
            if found is None:
                continue
            shown, python_float = found
            note = " (a seed must be an integer: `int(seed)`, or derive keys with `split`/`fold_in`)"
            data = SeedData(ctx.span(seed), ctx.segment(seed), python_float)
            if shown is not None:
                ctx.report(seed, values={"seed!r": shown}, note=note, data=data)
            else:
                ctx.report(seed, shown={"seed!r": "the float seed, traced"}, note=note, data=data)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, SeedData)
    if not data.python_float or lines.text(data.seed_span) != data.seed_source.replace("\n", lines.newline):
        return []
    why = ("Passes `int(...)` of the seed: a whole float keeps its value, a fractional one is "
           "truncated toward zero, which is another seed than the float written.")
    return [Fix("Convert the seed with int()", False, why,
                (TextEdit(data.seed_span, f"int({data.seed_source})"),), "int-seed")]


RULE = Rule(
    code="JXE133",
    catalog_id="prng-seed-invalid",
    triggers=("random",),
    check=check,
    data=SeedData,
    fix=fix,
    fix_ids=("int-seed",),
)
