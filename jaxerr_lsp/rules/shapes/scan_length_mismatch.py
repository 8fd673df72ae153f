"""JXE122 scan-length-mismatch.

What it does: finds `jax.lax.scan(f, init, xs, length)` calls whose `xs` the code shows leaf
by leaf (JAX arrays of known shape and Python numbers, in tuple, list and dict displays,
`None` for no leaf) where a leaf has no leading axis (a Python number, a 0-d array), or the
leading sizes disagree: with each other when `length` is not given, with `length` when it is
an int the code writes out; and calls with nothing to scan over (`xs` None, left out, or an
empty display) and no `length`.

Never flagged: a leaf of unknown shape (a parameter, another module, a name bound twice), a
pytree the code does not show (a NamedTuple, a class), `length` not shown, a body `f` that
is not a def or lambda of the file (JAX first checks that it is callable), `*args` /
`**kwargs`.

Why is this bad: scan slices every leaf of `xs` along its leading axis in step, so it works
out the number of steps before tracing `f`, reading each leaf's leading size in order: a
Python number has no shape (ValueError listing the numbers), a 0-d array no leading size
(Python's IndexError), and sizes that differ raise ValueError listing them.

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
_INDEXED = "tuple index out of range"


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


# A leaf of xs as JAX's `_infer_scan_length` reads it: its leading size, a 0-d array (no
# leading size: IndexError), or a Python number (no shape: ValueError naming it, as `str` does).
Leaf = tuple[str, object]


def _leaves(ctx: Context, expr: ast.expr, depth: int = 0) -> Iterator[Leaf | None]:
    """Each leaf of `xs` in JAX's flattening order; None where the code stops showing them
    (nothing follows)."""
    if isinstance(expr, ast.Constant) and expr.value is None:
        return
    value = ctx.values.value(expr)
    if depth > 6:
        yield None
        return
    if value.type in ("ArrayImpl", "ndarray"):  # (scan converts a NumPy array)
        aval = value.aval
        if aval is None or aval.shape is None:
            yield None
        else:
            yield ("size", aval.shape[0]) if aval.shape else ("0-d", None)
        return
    if value.python_scalar:
        constant = ctx.values.constant(expr)
        yield ("number", str(constant)) if type(constant) in (int, float, bool) else None
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
        for leaf in _leaves(ctx, child, depth + 1):
            yield leaf
            if leaf is None:
                return


def _template(index: int) -> str:
    entry = load_catalog().get("scan-length-mismatch")
    return (entry.sources[index].message or entry.message).strip()


def _report(ctx: Context, site: CallSite, index: int, values: dict[str, str], sizes: list[object]) -> None:
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
    leaves: list[Leaf] = []
    if xs is not None:
        for leaf in _leaves(ctx, xs):
            if leaf is None:
                return
            leaves.append(leaf)
    kinds = [kind for kind, _ in leaves]
    if "0-d" in kinds or "number" in kinds:
        first = next(kind for kind in kinds if kind != "size")
        if first == "0-d":  # (its leading size is read before a later number's shape)
            ctx.report(site.call, message=_INDEXED, predicted=_INDEXED, exception="IndexError",
                       note=" (a 0-d array among the values scanned over has no leading axis)",
                       data=ShapeData(("()",)))
        else:
            numbers = ", ".join(str(text) for kind, text in leaves if kind == "number")
            _report(ctx, site, 3, {"', '.join((str(x) for x in xs_flat if not hasattr(x, 'shape')))": numbers}, [])
        return
    sizes = [size for _, size in leaves]  # type: ignore[misc]
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
