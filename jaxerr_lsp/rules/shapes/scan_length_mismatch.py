"""JXE122 scan-length-mismatch.

What it does: finds `jax.lax.scan(f, init, xs, length)` calls whose `xs` the code shows leaf
by leaf (JAX arrays of known shape, in tuple, list and dict displays, `None` for no leaf)
and whose leading sizes disagree: with each other when `length` is not given, with `length`
when it is an int the code writes out; and calls with nothing to scan over (`xs` None, left
out, or an empty display) and no `length`.

Never flagged: a leaf of unknown shape (a parameter, another module, a name bound twice) or
of rank 0 (another error), a Python number leaf (JAX's "no leading axis" message), a pytree
the code does not show (a NamedTuple, a class), `length` not shown, a body `f` that is not a
def or lambda of the file (JAX first checks that it is callable), `*args` / `**kwargs`.

Why is this bad: scan slices every leaf of `xs` along its leading axis in step, so it works
out the number of steps before tracing `f` and raises ValueError listing the sizes.

No fix: which sequence is a step short is the author's to say.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxerr_lsp.analysis.model import CallSite
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.families.shapes import ShapeData, in_followed_calls

_PARAMETERS = ("f", "init", "xs", "length", "reverse", "unroll", "_split_transpose")


def _arguments(site: CallSite) -> dict[str, ast.expr] | None:
    if not site.complete or site.partial is not None or any(isinstance(a, ast.Starred) for a in site.args) \
            or any(k.arg is None for k in site.keywords) or len(site.args) > len(_PARAMETERS):
        return None
    given = dict(zip(_PARAMETERS, site.args))
    for keyword in site.keywords:
        if keyword.arg not in _PARAMETERS or keyword.arg in given:
            return None
        given[keyword.arg] = keyword.value  # type: ignore[index]
    if "f" not in given or "init" not in given:
        return None
    return given


def _leading_sizes(ctx: Context, expr: ast.expr, depth: int = 0) -> Iterator[int | None]:
    """The leading size of each leaf of `xs` in JAX's flattening order; None where the code
    stops showing them (nothing follows)."""
    if isinstance(expr, ast.Constant) and expr.value is None:
        return
    value = ctx.values.value(expr)
    if depth > 6:
        yield None
        return
    if value.type in ("ArrayImpl", "ndarray"):  # (scan converts a NumPy array)
        aval = value.aval
        yield aval.shape[0] if aval is not None and aval.shape else None
        return
    children: list[ast.expr] | None = None
    if value.type in ("tuple", "list") and value.elements is not None:
        children = list(value.elements)
    elif value.type == "dict" and value.entries is not None:
        keys = [k for k, _ in value.entries]
        if all(type(k) is str for k in keys) and len(set(keys)) == len(keys):
            found = dict(value.entries)
            children = [found[k] for k in sorted(keys)]  # type: ignore[type-var]
    if children is None:
        yield None
        return
    for child in children:
        for size in _leading_sizes(ctx, child, depth + 1):
            yield size
            if size is None:
                return


def _template(index: int) -> str:
    entry = load_catalog().get("scan-length-mismatch")
    return (entry.sources[index].message or entry.message).strip()


def _report(ctx: Context, site: CallSite, index: int, values: dict[str, str], sizes: list[int]) -> None:
    template = _template(index)
    ctx.report(site.call, message=fill(template, values), predicted=fill(template, values, escape=True),
               data=ShapeData(tuple(str(s) for s in sizes)))


def _check_site(ctx: Context, site: CallSite) -> None:
    given = _arguments(site)
    if given is None:
        return
    body = given["f"]
    if ctx.model.function_of(body, through_jit=True) is None and not (
            isinstance(body, ast.Name) and ctx.model.def_of(body) is not None):
        return
    length_expr = given.get("length")
    length: object = None
    if length_expr is not None and not (isinstance(length_expr, ast.Constant) and length_expr.value is None):
        length = ctx.values.constant(length_expr)
        if type(length) is not int:
            return
    xs = given.get("xs")
    sizes: list[int] = []
    if xs is not None:
        for size in _leading_sizes(ctx, xs):
            if size is None:
                return
            sizes.append(size)
    if length is not None:
        if any(size != length for size in sizes):
            _report(ctx, site, 1, {"length": str(length), "[x.shape[0] for x in xs_flat]": str(sizes)}, sizes)
    elif len(set(sizes)) > 1:
        _report(ctx, site, 0, {"', '.join((str(x.shape[0]) for x in xs_flat))": ", ".join(map(str, sizes))},
                sizes)
    elif not sizes:
        _report(ctx, site, 2, {}, sizes)


def check(ctx: Context) -> None:
    for site in ctx.model.calls_to("jax.lax.scan"):
        in_followed_calls(ctx, site.call, lambda: _check_site(ctx, site))


RULE = Rule(
    code="JXE122",
    catalog_id="scan-length-mismatch",
    triggers=("scan",),
    check=check,
    data=ShapeData,
)
