"""JXE132 prng-key-to-numpy.

What it does: finds `np.asarray(key)`, `np.array(key)` and `np.asanyarray(key)` (NumPy's, the
key first, `dtype=` or not), and `np.random.RandomState(key)` / `np.random.seed(key)` (which
convert their seed so), where `key` is a typed PRNG key or key array (`jax.random.key`,
split, folded or cloned from one, as the value inference shows it) that is certainly a
concrete key, not a tracer: the call is in module-level code, or the key is a name bound at
module level (a global key stays concrete even inside a jitted function). Inside traced code
a key made there is a tracer, and NumPy gets JAX's tracer error instead (JXE074). Also a
parameter of a plain def only ever called (`Inference.parameter_arguments`), every call
in module-level code giving it such a key, the conversion running whenever the def runs
(`save_keys(keys)` -> `np.array(keys)`; the calls are named as related places); and a key
computed in a plain def no transformation traces, typed under a call of it made in
module-level code (`_, k = jax.random.split(key)` of the key that call gives).

Why is this bad: a typed key's dtype (`key<fry>`) has no NumPy counterpart; its `__array__`
raises TypeError. The key's data converts: `np.asarray(jax.random.key_data(key))`.

Fix (safe: the array NumPy gets is the key's uint32 data, which the conversion was after; the
program no longer raises): wrap the key in `jax.random.key_data(...)`, through the file's name
for `jax.random` or `jax`; in module-level code only (in a function that may be traced,
`key_data` of the key would be a tracer, which NumPy refuses too).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.followed_calls import calls_reaching, runs_whenever_called
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# (NumPy's legacy seeding converts its seed with `np.asarray` too: the same error, measured)
CONVERSIONS = ("numpy.asarray", "numpy.array", "numpy.asanyarray", "numpy.random.RandomState",
               "numpy.random.seed")


@dataclass(frozen=True)
class KeyToNumpy(RuleData):
    key_span: Span
    key_source: str
    key_data: str  # the file's name for jax.random.key_data ("" when it has none)


def _module_level(ctx: Context, node: ast.AST) -> bool:
    """Whether `node` is in module-level code (no def, lambda, class or comprehension)."""
    path = ctx.model.path_to(ctx.model.tree, node)
    return path is not None and not any(
        isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
                       ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)) for n in path)


def _global_key(ctx: Context, key: ast.expr) -> bool:
    """A name bound at module level: a concrete key wherever it is read."""
    if not isinstance(key, ast.Name):
        return False
    binding = ctx.model.binding_of(key)
    return binding is not None and binding.scope.kind == "module"


def _typed_key(ctx: Context, expr: ast.expr) -> bool:
    value = ctx.values.value(expr)
    return value.type == "ArrayImpl" and value.aval is not None and value.aval.is_key


def _keys_from_callers(ctx: Context, key: ast.expr, call: ast.Call) -> list[ast.expr] | None:
    """`key` reads a parameter of a plain def only ever called, and every call, in module-level
    code (or with a module-level name), gives it a concrete typed key, and `call` runs
    whenever the def runs: those arguments; None otherwise."""
    if not isinstance(key, ast.Name):
        return None
    arguments = ctx.values.given_arguments(key)
    binding = ctx.model.read_binding(key)
    function = binding.scope.node if binding is not None else None
    if not arguments or not isinstance(function, ast.FunctionDef) \
            or not runs_whenever_called(ctx.model, function, call):
        return None
    for argument in arguments:
        if not _typed_key(ctx, argument) or not (_module_level(ctx, argument) or _global_key(ctx, argument)):
            return None
    return arguments


def _eager_call_giving_key(ctx: Context, key: ast.expr, call: ast.Call) -> tuple[ast.Call, ...] | None:
    """The calls, made in module-level code, of the plain def whose body holds `call` (or of
    its caller's), that no transformation traces, under which `key` certainly is a typed key
    (`followed_calls.calls_reaching`: `k1, k2 = jax.random.split(key)` of a key the call
    gives): a concrete key NumPy then gets. None otherwise."""
    for context in calls_reaching(ctx.model, ctx.values, call):
        calls = context.calls
        functions = [context.call.function, *((context.outer.call.function,) if context.outer else ())]
        if context.call.traced or (context.outer is not None and context.outer.call.traced) \
                or any(ctx.tracing.traced(f) is not None for f in functions) \
                or not _module_level(ctx, calls[-1]):
            continue
        with context.bound(ctx.values):
            if _typed_key(ctx, key):
                return calls
    return None


def _key_data_name(ctx: Context) -> str:
    random = next(iter(ctx.model.aliases_of("jax.random")), None)
    if random:
        return f"{random}.key_data"
    return next((f"{alias}.random.key_data" for alias in ctx.model.aliases_of("jax")), "")


def check(ctx: Context) -> None:
    for qualname in CONVERSIONS:
        for site in ctx.model.calls_to(qualname):
            if not site.complete or site.partial is not None or not site.args \
                    or isinstance(site.args[0], ast.Starred) or any(k.arg is None for k in site.keywords):
                continue
            key = site.args[0]
            if not _typed_key(ctx, key):
                given = _keys_from_callers(ctx, key, site.call)
                if given is not None:
                    related = tuple(Related(ctx.span(a), f"`{ctx.segment(key)}` receives a typed key here")
                                    for a in given)
                    ctx.report(key, note=f" (`{ctx.segment(site.call.func)}` of a typed key)", related=related,
                               data=KeyToNumpy(ctx.span(key), ctx.segment(key), ""))
                    continue
                calls = _eager_call_giving_key(ctx, key, site.call)
                if calls is not None:
                    related = (Related(ctx.span(calls[0]), "the call that gives these values"),
                               *(Related(ctx.span(c), "the call that gives its caller's values") for c in calls[1:]))
                    ctx.report(key, note=f" (`{ctx.segment(site.call.func)}` of a typed key)", related=related,
                               data=KeyToNumpy(ctx.span(key), ctx.segment(key), ""))
                continue
            eager = _module_level(ctx, site.call)
            if not eager and not _global_key(ctx, key):
                continue
            # In a function (jitted, perhaps), key_data of the key may be a tracer: no fix.
            ctx.report(key, note=f" (`{ctx.segment(site.call.func)}` of a typed key)",
                       data=KeyToNumpy(ctx.span(key), ctx.segment(key), _key_data_name(ctx) if eager else ""))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, KeyToNumpy)
    if not data.key_data or lines.text(data.key_span) != data.key_source.replace("\n", lines.newline):
        return []
    why = (f"Converts the key's uint32 data (`{data.key_data}`), which NumPy can hold, instead of the "
           "typed key; `jax.random.wrap_key_data` makes a key of it again.")
    return [Fix("Convert the key's data", True, why,
                (TextEdit(data.key_span, f"{data.key_data}({data.key_source})"),), "key-data")]


RULE = Rule(
    code="JXE132",
    catalog_id="prng-key-to-numpy",
    triggers=("random",),
    check=check,
    data=KeyToNumpy,
    fix=fix,
    fix_ids=("key-data",),
)
