"""JXE131 static-argnums-out-of-range.

What it does: finds `jax.jit(f, static_argnums=K)` (or `donate_argnums=K`), through
`functools.partial` too, and defs of this file decorated with `@jax.jit(...)` or
`@functools.partial(jax.jit, ...)` (jit their one decorator), where K (an int or a tuple or
list of ints the code shows) names a position the function does not have: `K >= n` or
`K < -n` for its `n` positional parameters (positional-only and positional-or-keyword; a
keyword-only one has no position). `f` must be a def of this file without decorators or a
lambda, without `*args` (then every position exists). JAX validates in order: static_argnums,
static_argnames (an invalid name raises its own error first: silence), donate_argnums; a
call that gives options besides those and `keep_unused`/`inline` (a `device` or `backend`
may raise first) is left alone.

Why is this bad: `jax.jit` reads the function's signature when it wraps it and raises
ValueError at once, before any call: the usual causes are counting from 1, a parameter made
keyword-only, or `self` counted for a bound method.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from jaxerr_lsp.analysis.values import Signature
from jaxerr_lsp.core.findings import Related, RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.jit_static import jit_sites, jitted_defs, keyword, literal_ints, literal_strings

# Options of jax.jit that cannot raise before the argnums are validated.
HARMLESS = frozenset({"static_argnums", "static_argnames", "donate_argnums", "donate_argnames",
                      "keep_unused", "inline"})


@dataclass(frozen=True)
class ArgnumsOutOfRange(RuleData):
    option: str  # "static_argnums" or "donate_argnums"
    argnums: tuple[int, ...]
    positional: int  # how many positional parameters the function has


def _argnums(ctx: Context, expr: ast.expr) -> tuple[int, ...] | None:
    """The positions an option gives, as JAX makes them a tuple (`_ensure_index_tuple`)."""
    found = literal_ints(expr)
    if found is not None:
        return found
    value = ctx.values.constant(expr)
    if type(value) is int:
        return (value,)
    if isinstance(value, tuple) and all(type(v) is int for v in value):
        return value
    return None


def _jitted(ctx: Context) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
                                            tuple[ast.keyword, ...], ast.AST]]:
    """(the function, the options given to jax.jit, the site) of every jit the file shows."""
    for site in jit_sites(ctx):
        function = ctx.model.function_of(site.args[0])
        if function is not None:
            yield function, site.keywords, site.call
    for jitted in jitted_defs(ctx):
        yield jitted.function, jitted.keywords, jitted.decorator


def _out_of_range(argnums: tuple[int, ...], count: int) -> bool:
    return bool(argnums) and (-min(argnums) > count or max(argnums) >= count)


def _names_valid(signature: Signature, names: tuple[str, ...]) -> bool:
    """Whether JAX accepts these static_argnames (`_validate_argnames`)."""
    if signature.kwarg is not None:
        return not any(n in signature.positional[:signature.positional_only] for n in names)
    allowed = set(signature.positional[signature.positional_only:]) | set(signature.keyword_only)
    return set(names) <= allowed


def check(ctx: Context) -> None:
    for function, keywords, site in _jitted(ctx):
        if any(k.arg is None or k.arg not in HARMLESS for k in keywords):
            continue
        signature = Signature.of(function.args)
        if signature.vararg is not None:
            continue
        count = len(signature.positional)
        for option in ("static_argnums", "donate_argnums"):
            given = keyword(keywords, option)
            argnums = _argnums(ctx, given.value) if given is not None else None
            if given is not None and argnums is None:
                break  # not shown: what JAX does next is not known either
            if argnums is not None and _out_of_range(argnums, count):
                name = f"`{function.name}`" if not isinstance(function, ast.Lambda) else "the lambda"
                parameters = [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs,
                              *([function.args.kwarg] if function.args.kwarg else [])]
                where = ctx.span(parameters[0], parameters[-1]) if parameters else ctx.span(function)
                related = (Related(where, f"{name} has {count} positional parameter{'s' * (count != 1)}"),)
                ctx.report(given.value if given is not None else site,
                           values={"argnums_name": option, "argnums": str(argnums), "n_pos_args": str(count)},
                           note=" (positions count from 0; a keyword-only parameter has none: "
                                "name it in static_argnames)" if signature.keyword_only else
                                " (positions count from 0)",
                           related=related, data=ArgnumsOutOfRange(option, argnums, count))
                break
            if option == "static_argnums":
                names_keyword = keyword(keywords, "static_argnames")
                names = literal_strings(names_keyword.value) if names_keyword is not None else ()
                if names is None or not _names_valid(signature, names):
                    break  # JAX's argnames error comes next, or the code does not show it


RULE = Rule(
    code="JXE131",
    catalog_id="static-argnums-out-of-range",
    triggers=("jit",),
    check=check,
    data=ArgnumsOutOfRange,
)
