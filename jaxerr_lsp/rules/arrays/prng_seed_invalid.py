"""JXE133 prng-seed-invalid.

What it does: finds `jax.random.key(seed)` and `jax.random.PRNGKey(seed)` (the seed alone,
positional or `seed=`) whose seed is a float the code shows: a Python float (a literal, a
name bound to one, true division of numbers), or a scalar JAX array of a floating dtype. The
seed is shown as JAX traces it: `JitTracer(~float32[])` for a Python float (weakly typed),
`JitTracer(float32[])` for a float32 array; in a file that may turn 64-bit types on, or that
changes the default key implementation, it is described. Array seeds with a shape (JAX's
"accepts a scalar seed" error) and seeds of unknown type are left alone.

Why is this bad: threefry builds the key from the bits of one integer; JAX checks the seed's
dtype inside its jitted seeding function and raises TypeError.

Fix (unsafe: a fractional seed is truncated, another seed than the float): `int(seed)`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.prng_keys import prng_configured

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

MAKERS = ("jax.random.key", "jax.random.PRNGKey")


@dataclass(frozen=True)
class FloatSeed(RuleData):
    seed_span: Span
    seed_source: str
    python_float: bool  # a Python float (int() of it is what was meant), not an array


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
            found = _traced_seed(ctx, seed, exact)
            if found is None:
                continue
            shown, python_float = found
            note = " (a seed must be an integer: `int(seed)`, or derive keys with `split`/`fold_in`)"
            data = FloatSeed(ctx.span(seed), ctx.segment(seed), python_float)
            if shown is not None:
                ctx.report(seed, values={"seed!r": shown}, note=note, data=data)
            else:
                ctx.report(seed, shown={"seed!r": "the float seed, traced"}, note=note, data=data)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, FloatSeed)
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
    data=FloatSeed,
    fix=fix,
    fix_ids=("int-seed",),
)
