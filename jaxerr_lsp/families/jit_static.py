"""Which arguments of a `jax.jit` function are static, as JAX 0.12 decides it, and where the
file's jitted functions are made and called (lookups, never walks).

`jax.jit(f, static_argnums=..., static_argnames=...)` (`jax/_src/api_util.py`
`resolve_argnums`): when only one of the two is given, JAX infers the other from `f`'s
signature (`infer_argnums_and_argnames`: only positional-or-keyword parameters count);
negative positions count from the end of the positional parameters; positions or names the
signature does not have raise ValueError at `jax.jit(...)` (another error: silence). A call
then hashes the positional arguments at the static positions and the keyword arguments with
the static names (jaxlib's C++ dispatch).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from jaxerr_lsp.analysis.model import CallSite
from jaxerr_lsp.engine.rule import Context
from jaxerr_lsp.analysis.values import Signature

JIT = "jax.jit"
STATIC_KEYWORDS = ("static_argnums", "static_argnames")


@dataclass(frozen=True)
class StaticArgs:
    """The static positions (non-negative) and names of a jitted function's calls."""

    argnums: frozenset[int]
    argnames: frozenset[str]


@dataclass(frozen=True)
class JittedDef:
    """A def the file jits: `@jax.jit`, `@jax.jit(...)`, `@functools.partial(jax.jit, ...)`."""

    function: ast.FunctionDef | ast.AsyncFunctionDef
    decorator: ast.expr
    keywords: tuple[ast.keyword, ...]  # the options given to jax.jit


def literal_ints(expr: ast.expr) -> tuple[int, ...] | None:
    """An int literal, or a tuple/list display of int literals (negative ones included)."""
    if isinstance(expr, (ast.Tuple, ast.List)):
        found = [literal_ints(e) for e in expr.elts]
        if any(f is None or len(f) != 1 or isinstance(e, (ast.Tuple, ast.List))
               for f, e in zip(found, expr.elts)):
            return None
        return tuple(f[0] for f in found if f is not None)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        inner = literal_ints(expr.operand)
        return (-inner[0],) if inner is not None and len(inner) == 1 \
            and not isinstance(expr.operand, (ast.Tuple, ast.List)) else None
    if isinstance(expr, ast.Constant) and type(expr.value) is int:
        return (expr.value,)
    return None


def literal_strings(expr: ast.expr) -> tuple[str, ...] | None:
    """A str literal, or a tuple/list display of str literals."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return (expr.value,)
    if isinstance(expr, (ast.Tuple, ast.List)) and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in expr.elts):
        return tuple(e.value for e in expr.elts)  # type: ignore[attr-defined]
    return None


def keyword(keywords: tuple[ast.keyword, ...], name: str) -> ast.keyword | None:
    return next((k for k in keywords if k.arg == name), None)


def given_static(keywords: tuple[ast.keyword, ...]) -> tuple[tuple[int, ...] | None,
                                                              tuple[str, ...] | None] | None:
    """(static_argnums, static_argnames) as literally given (None: not given); None when
    they are not literals or `**options` may give them."""
    if any(k.arg is None for k in keywords):
        return None
    nums_keyword, names_keyword = (keyword(keywords, name) for name in STATIC_KEYWORDS)
    nums = literal_ints(nums_keyword.value) if nums_keyword is not None else None
    names = literal_strings(names_keyword.value) if names_keyword is not None else None
    if nums_keyword is not None and nums is None or names_keyword is not None and names is None:
        return None
    return nums, names


def static_args(keywords: tuple[ast.keyword, ...], signature: Signature | None) -> StaticArgs | None:
    """The static positions and names JAX resolves for `jax.jit(f, **keywords)`; None when
    the code does not show them, or when `jax.jit` itself would raise. Without `f`'s
    signature only what was given counts (JAX would infer more)."""
    given = given_static(keywords)
    if given is None:
        return None
    nums, names = given
    if signature is None:
        if nums is not None and any(n < 0 for n in nums):
            return None
        return StaticArgs(frozenset(nums or ()), frozenset(names or ()))
    return _resolved(signature, nums, names)


def _resolved(signature: Signature, nums: tuple[int, ...] | None,
              names: tuple[str, ...] | None) -> StaticArgs | None:
    positional = signature.positional
    keyword_names = positional[signature.positional_only:]  # positional-or-keyword
    if nums is not None and names is None:
        count = len(positional) + (signature.vararg is not None) + len(signature.keyword_only) \
            + (signature.kwarg is not None)
        names = tuple(name for i, name in enumerate(positional)
                      if name in keyword_names and (i in nums or i - count in nums))
    elif names is not None and nums is None:
        nums = tuple(i for i, name in enumerate(positional) if name in keyword_names and name in names)
    nums, names = nums or (), names or ()
    if signature.vararg is None:
        count = len(positional)
        if nums and (-min(nums) > count or max(nums) >= count):
            return None  # jax.jit raises ValueError: the function has fewer positions
        nums = tuple(n % count if n < 0 else n for n in nums)
    elif any(n < 0 for n in nums):
        return None
    allowed = set(keyword_names) | set(signature.keyword_only)
    if any(name in positional[:signature.positional_only] for name in names) or (
            signature.kwarg is None and not set(names) <= allowed):
        return None  # jax.jit raises ValueError: invalid argnames
    return StaticArgs(frozenset(nums), frozenset(names))


def jitted_defs(ctx: Context) -> Iterator[JittedDef]:
    """Every def of the file whose one decorator is jax.jit, bare, called with options
    (`@jax.jit(static_argnums=1)`) or through `functools.partial`."""
    for function in ctx.model.functions:
        if isinstance(function, ast.Lambda) or len(function.decorator_list) != 1:
            continue
        decorator = function.decorator_list[0]
        if isinstance(decorator, ast.Call):
            site = ctx.model.call_site(decorator)
            if site is None or site.qualname != JIT or site.args:
                continue
            yield JittedDef(function, decorator, site.keywords)
        elif ctx.model.qualname(decorator) == JIT:
            yield JittedDef(function, decorator, ())


def jit_sites(ctx: Context) -> Iterator[CallSite]:
    """Every complete `jax.jit(f, ...)` call (functools.partial included)."""
    for site in ctx.model.calls_to(JIT):
        if site.complete and len(site.args) == 1 and not isinstance(site.args[0], ast.Starred):
            yield site

