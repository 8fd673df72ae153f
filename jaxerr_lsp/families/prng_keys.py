"""Where PRNG keys are consumed, and how the code around a consumption runs (for JXE099);
the `jax.random` calls that check their key first (`key_calls`, for the rules on keys).

A key is consumed when it is passed to a `jax.random` sampler, `jax.random.split` or
`jax.random.bits` (what `jax_debug_key_reuse` counts: `fold_in`, `key_data`, `clone` and
`wrap_key_data` do not consume). The consumptions come from `model.calls_to`; only a key
passed as a plain name is followed.

`locate` places a node in the statements of one scope's body: the statement holding it and
the blocks around it (loop bodies, branches), found by descending by position from the scope's
body, never by walking the tree; `conditional_in_statement` says whether the node is evaluated
only sometimes within its statement (`a if c else b`, `x and y`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from jaxerr_lsp.analysis.model import ModuleModel, Scope, Use
from jaxerr_lsp.analysis.values import Signature, bind_arguments
from jaxerr_lsp.engine.rule import Context

# Samplers whose key is their first argument (checked under JAX 0.12.0.1: each one raises
# "Previously-consumed key passed to jit-compiled function at index 0" for a consumed key).
SAMPLERS = frozenset("""
normal uniform bernoulli randint categorical choice permutation gamma beta dirichlet exponential
gumbel laplace logistic multivariate_normal truncated_normal poisson rademacher ball cauchy
chisquare t lognormal maxwell pareto weibull_min orthogonal binomial geometric loggamma rayleigh
wald triangular double_sided_maxwell generalized_normal f
""".split())
# Consumers that are random primitives themselves: what JAX names them.
PRIMITIVES = {"split": "random_split", "bits": "random_bits"}


@dataclass(frozen=True, eq=False)
class Consumption:
    """A call that consumes the key held by the name `key`."""

    call: ast.Call
    key: ast.Name
    api: str  # "normal", "split", ...
    use: Use
    scope: Scope  # the scope whose binding of the name the call sees

    @property
    def position(self) -> tuple[int, int]:
        return (self.call.lineno, self.call.col_offset)

    @property
    def direct(self) -> bool:
        """Whether the call is in the body of the scope that binds the key (not in a nested
        function, lambda or comprehension)."""
        return self.use.scope is self.scope


def called_names(model: ModuleModel, namespace: str, names: Iterable[str]) -> list[str]:
    """The names of `names` that a call of the file may reach as `namespace.<name>`: a call
    `x.<name>(...)` or `<name>(...)`, or a call through an import of it under another name
    (so that `calls_to` is asked only about those)."""
    imported = {b.qualname for b in model.imports}
    return [name for name in names
            if name in model.attribute_calls or name in model.name_calls
            or f"{namespace}.{name}" in imported]


def consumptions(ctx: Context) -> list[Consumption]:
    """Every consumption of a key named by a plain name, in source order."""
    found = []
    for api in called_names(ctx.model, "jax.random", sorted((*SAMPLERS, *PRIMITIVES))):
        for site in ctx.model.calls_to(f"jax.random.{api}"):
            if site.partial is not None or not site.complete:
                continue
            key: ast.expr | None = site.args[0] if site.args else next(
                (k.value for k in site.keywords if k.arg == "key"), None)
            if not isinstance(key, ast.Name):
                continue
            use = ctx.model.use_of.get(id(key))
            scope = ctx.model.resolve_scope(key.id, use.scope) if use is not None else None
            if use is None or scope is None:
                continue
            found.append(Consumption(site.call, key, api, use, scope))
    return sorted(found, key=lambda c: c.position)


# ------------------------------------------------------------------------ statement structure

LOOP = "loop"
BRANCH = "branch"


@dataclass(frozen=True)
class Block:
    """A block of statements that a statement sits in: `kind` LOOP (a loop's body) or BRANCH
    (runs only sometimes: an if/else arm, a try body or handler, a case, a loop's else)."""

    statement: ast.stmt
    field: str
    index: int
    kind: str

    def same(self, other: Block) -> bool:
        return self.statement is other.statement and (self.field, self.index) == (other.field, other.index)


@dataclass(frozen=True)
class Location:
    statement: ast.stmt  # the innermost statement holding the node
    blocks: tuple[Block, ...]  # the blocks around it, outermost first
    in_header: bool  # the node is in a compound statement's header (an if's test...)


def _start(node: ast.AST) -> tuple[int, int]:
    return (node.lineno, node.col_offset)  # type: ignore[attr-defined]


def _end(node: ast.AST) -> tuple[int, int]:
    return (node.end_lineno or 0, node.end_col_offset or 0)  # type: ignore[attr-defined]


def _holds(node: ast.AST, position: tuple[int, int]) -> bool:
    return _start(node) <= position < _end(node)


def _blocks_of(statement: ast.stmt) -> list[tuple[str, int, list[ast.stmt], str]]:
    """(field, index, statements, kind) for each block of a compound statement."""
    if isinstance(statement, (ast.For, ast.AsyncFor, ast.While)):
        return [("body", 0, statement.body, LOOP), ("orelse", 0, statement.orelse, BRANCH)]
    if isinstance(statement, ast.If):
        return [("body", 0, statement.body, BRANCH), ("orelse", 0, statement.orelse, BRANCH)]
    if isinstance(statement, (ast.Try, ast.TryStar)):
        return [("body", 0, statement.body, BRANCH),
                *[("handlers", i, h.body, BRANCH) for i, h in enumerate(statement.handlers)],
                ("orelse", 0, statement.orelse, BRANCH), ("finalbody", 0, statement.finalbody, BRANCH)]
    if isinstance(statement, (ast.With, ast.AsyncWith)):
        return [("body", 0, statement.body, "")]  # always runs: no block recorded
    if isinstance(statement, ast.Match):
        return [("cases", i, case.body, BRANCH) for i, case in enumerate(statement.cases)]
    return []


def locate(body: list[ast.stmt], node: ast.AST) -> Location | None:
    """Where `node` sits among the statements of `body` (a scope's body), by position."""
    position = _start(node)
    blocks: list[Block] = []
    statements = body
    while True:
        statement = next((s for s in statements if _holds(s, position)), None)
        if statement is None:
            return None
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return None  # another scope
        inner = None
        for field, index, statements_of_block, kind in _blocks_of(statement):
            if any(_holds(s, position) for s in statements_of_block):
                inner = statements_of_block
                if kind:
                    blocks.append(Block(statement, field, index, kind))
                break
        if inner is None:
            compound = bool(_blocks_of(statement))
            return Location(statement, tuple(blocks), compound)
        statements = inner


def conditional_in_statement(model: ModuleModel, root: ast.AST, node: ast.AST) -> bool:
    """Whether `node`, inside the expression parts of `root`, is evaluated only sometimes:
    in an arm of `a if c else b`, after the first operand of `and`/`or`, in a `while` test
    (evaluated again and again), or in a nested lambda or comprehension."""
    path = model.path_to(root, node)
    if path is None:
        return True  # not found where expected: say unsure
    for current, child in zip(path, path[1:]):
        if isinstance(child, ast.stmt) or not hasattr(child, "lineno"):
            return True  # inside a nested statement, or a part without a position: unsure
        if isinstance(current, ast.IfExp) and child is not current.test:
            return True
        if isinstance(current, ast.BoolOp) and child is not current.values[0]:
            return True
        if isinstance(current, ast.While) and child is current.test:
            return True
        if isinstance(child, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return True
    return False


def is_prefix(outer: tuple[Block, ...], inner: tuple[Block, ...]) -> bool:
    """Whether every block around `outer`'s statement is also around `inner`'s."""
    return len(outer) <= len(inner) and all(a.same(b) for a, b in zip(outer, inner))


def runs_once(loop: ast.stmt) -> bool:
    """A loop whose body ends every pass with `return`/`break`/`raise`, or a
    `for _ in range(0 or 1)`: it never runs its body twice."""
    body = getattr(loop, "body", [])
    if any(isinstance(s, (ast.Return, ast.Break, ast.Raise)) for s in body):
        return True
    if isinstance(loop, (ast.For, ast.AsyncFor)) and isinstance(loop.iter, ast.Call) \
            and isinstance(loop.iter.func, ast.Name) and loop.iter.func.id == "range" \
            and len(loop.iter.args) == 1 and isinstance(loop.iter.args[0], ast.Constant) \
            and type(loop.iter.args[0].value) is int and loop.iter.args[0].value <= 1:
        return True
    return False


def spans(node: ast.AST) -> tuple[tuple[int, int], tuple[int, int]]:
    return _start(node), _end(node)


# ------------------------------------------------------------------------ calls that check a key

# The jax.random functions whose body checks the key (`_check_prng_key(name, key)`, which
# wraps raw key data and refuses a key array) before any other argument is read (JAX
# 0.12.0.1's jax/_src/random/core.py), with their parameters as Python binds them:
# positional-or-keyword names ("?": with a default), then after "|" the keyword-only ones
# (all with defaults). `bernoulli` and `truncated_normal` canonicalize `shape` first, and
# bernoulli checks `mode`: `KeyCall.reads_before_key`. The name is what JAX's messages call
# the function. tests/test_prng_calls.py checks the table against the installed JAX.
KEY_CHECKING = {
    "normal": "key shape? dtype? | out_sharding",
    "uniform": "key shape? dtype? minval? maxval? | out_sharding",
    "bernoulli": "key p? shape? mode? | out_sharding",
    "randint": "key shape minval maxval dtype? | out_sharding",
    "categorical": "key logits axis? shape? replace? mode? | out_sharding",
    "choice": "key a shape? replace? p? axis? mode?",
    "permutation": "key x axis? independent? | out_sharding",
    "gamma": "key a shape? dtype? | method out_sharding",
    "beta": "key a b shape? dtype? | method out_sharding",
    "dirichlet": "key alpha shape? dtype? | out_sharding",
    "exponential": "key shape? dtype? | out_sharding",
    "gumbel": "key shape? dtype? mode? | out_sharding",
    "laplace": "key shape? dtype? | out_sharding",
    "logistic": "key shape? dtype? | out_sharding",
    "multivariate_normal": "key mean cov shape? dtype? method? | out_sharding",
    "truncated_normal": "key lower upper shape? dtype? | out_sharding",
    "poisson": "key lam shape? dtype? | method out_sharding",
    "rademacher": "key shape? dtype? | out_sharding",
    "cauchy": "key shape? dtype? | out_sharding",
    "chisquare": "key df shape? dtype? | method out_sharding",
    "t": "key df shape? dtype? | out_sharding",
    "lognormal": "key sigma? shape? dtype? | out_sharding",
    "maxwell": "key shape? dtype? | out_sharding",
    "pareto": "key b shape? dtype? | out_sharding",
    "weibull_min": "key scale concentration shape? dtype?",
    "binomial": "key n p shape? dtype?",
    "geometric": "key p shape? dtype? | out_sharding",
    "loggamma": "key a shape? dtype? | method out_sharding",
    "rayleigh": "key scale shape? dtype? | out_sharding",
    "wald": "key mean shape? dtype? | out_sharding",
    "triangular": "key left mode right shape? dtype? | out_sharding",
    "double_sided_maxwell": "key loc scale shape? dtype?",
    "f": "key dfnum dfden shape? dtype? | out_sharding",
    "split": "key num?",
    "fold_in": "key data",
    "bits": "key shape? dtype? | out_sharding",
}
_DEFAULT = ast.Constant(None)  # stands for a parameter's default in a bound call


def key_checking_signature(name: str) -> Signature:
    """The parameters of `jax.random.<name>` (a function of `KEY_CHECKING`)."""
    positional_text, _, keyword_text = KEY_CHECKING[name].partition("|")
    positional = [p.rstrip("?") for p in positional_text.split()]
    keyword_only = keyword_text.split()
    defaults: dict[str, ast.expr] = {p.rstrip("?"): _DEFAULT for p in positional_text.split() if p.endswith("?")}
    defaults.update({k: _DEFAULT for k in keyword_only})
    return Signature(tuple(positional), 0, tuple(keyword_only), defaults)


@dataclass(frozen=True, eq=False)
class KeyCall:
    """A call of a `KEY_CHECKING` function whose arguments bind to its parameters (Python
    raises nothing before the body runs)."""

    call: ast.Call
    name: str  # "normal", "split"...: what JAX's messages call it
    key: ast.expr
    given: dict[str, ast.expr]  # the arguments the call gives, by parameter

    def reads_before_key(self, constant: Callable[[ast.expr], object]) -> bool:
        """Whether the body may raise on another argument before it checks the key: a
        `shape` of `bernoulli` or `truncated_normal` that is not None or a tuple of
        non-negative ints the code shows, a `mode` of bernoulli not 'low' or 'high'."""
        if self.name not in ("bernoulli", "truncated_normal"):
            return False
        shape = self.given.get("shape")
        if shape is not None:
            value = constant(shape)
            if not (value is None and isinstance(shape, ast.Constant)) and not (
                    isinstance(value, tuple) and all(type(v) is int and v >= 0 for v in value)):
                return True
        mode = self.given.get("mode")
        return mode is not None and constant(mode) not in ("low", "high")


def key_calls(ctx: Context) -> list[KeyCall]:
    """Every call of a `KEY_CHECKING` function of `jax.random` that binds, in source order
    (computed once per document)."""
    return ctx.once(_key_calls)


def _key_calls(ctx: Context) -> list[KeyCall]:
    found = []
    for name in called_names(ctx.model, "jax.random", sorted(KEY_CHECKING)):
        signature = key_checking_signature(name)
        for site in ctx.model.calls_to(f"jax.random.{name}"):
            if site.partial is not None or not site.complete:
                continue
            bound = bind_arguments(signature, site.args, site.keywords)
            if bound is None or bound.extra_positional or bound.extra_keywords:
                continue
            given = {p: e for p, e in bound.given.items() if e is not _DEFAULT}
            found.append(KeyCall(site.call, name, given["key"], given))
    return sorted(found, key=lambda c: (c.call.lineno, c.call.col_offset))


def prng_configured(ctx: Context) -> bool:
    """Whether the file may change what keys are (`jax_default_prng_impl`: other key shapes
    and dtype names; `jax_enable_custom_prng`: `PRNGKey` makes typed keys;
    `jax_legacy_prng_key`: raw keys refused or warned about)."""
    return any(ctx.mentions(word) for word in ("prng_impl", "custom_prng", "legacy_prng", "PRNG_IMPL"))
