"""Where the file hashes a value: dict keys, set members, lookups in dicts and sets, `hash()`.

For the rule about unhashable JAX arrays and tracers (JXE113). `hashed_values(ctx)` lists, in
source order, each expression Python hashes as the code runs:

- `hash(x)`;
- the keys of a dict display or comprehension, the elements of a set display or
  comprehension;
- `d[x]` (read, written or deleted), `d.get(x)`, `d.pop(x)`, `d.setdefault(x)` and `x in d`
  for a `d` the value inference certainly knows as a dict; `s.add(x)`, `s.discard(x)`,
  `s.remove(x)` and `x in s` for a set or frozenset; a lookup's key only when it may be an
  array (a tracer, or what the inference knows as a JAX array): the rule speaks of no other.

Code that cannot fail as the program runs is left out: inside a `try` with handlers, and
inside `with pytest.raises(...)` / `with self.assertRaises(...)` (or any context manager whose
name says it expects an exception), and under `with jax.ensure_compile_time_eval()` (no
tracers there).

Looked up through the model (its kept walk of the module, `nodes_in`); never a walk here.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.expected_errors import may_be_expected

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

_DICTS = frozenset({"dict", "OrderedDict", "defaultdict", "Counter"})
_SETS = frozenset({"set", "frozenset"})
_DICT_METHODS = frozenset({"get", "pop", "setdefault"})
_SET_METHODS = frozenset({"add", "discard", "remove"})


@dataclass(frozen=True)
class Hashed:
    expr: ast.expr  # the value Python hashes
    how: str  # what hashes it, in words: "a dict key", "hash()", ...
    holder: ast.AST  # the display, subscript, call or comparison that hashes it
    function: ast.AST | None  # the innermost def or lambda the code sits in (None: module level)


def hashed_values(ctx: Context) -> list[Hashed]:
    """Every hashed expression of the document that may be a JAX array (a tracer, or what
    the inference knows as one), in source order; found once."""
    return ctx.once(_find)


def _type(ctx: Context, expr: ast.expr) -> str | None:
    return ctx.values.value(expr).type


def _literal(expr: ast.expr) -> bool:
    """A constant or an f-string: hashable whatever the code around it (most dict keys and
    lookups: asked first, so that their containers are not evaluated for nothing)."""
    return isinstance(expr, (ast.Constant, ast.JoinedStr))


def _may_be_array(ctx: Context, key: ast.expr) -> bool:
    """Whether the rule may speak of `key` (an array tracer, or what the inference knows as a
    JAX array): asked of a lookup's key before its container is evaluated, which costs more
    (most keys are strings and loop variables, most containers attributes)."""
    tracer = ctx.tracing.tracer(key)
    return (tracer is not None and tracer.array) or _type(ctx, key) == "ArrayImpl"


def _candidates(ctx: Context) -> list[tuple[ast.expr, str, ast.AST]]:
    model = ctx.model
    found: list[tuple[ast.expr, str, ast.AST]] = []
    for site in model.calls_to("builtins.hash"):
        if site.complete and len(site.args) == 1 and not site.keywords \
                and not isinstance(site.args[0], ast.Starred):
            found.append((site.args[0], "hash()", site.call))
    kinds = (ast.Dict, ast.Set, ast.DictComp, ast.SetComp, ast.Subscript, ast.Compare)
    for node in model.nodes_in(model.tree, kinds):
        if isinstance(node, ast.Dict):
            found += [(key, "a dict key", node) for key in node.keys
                      if key is not None and not _literal(key)]
        elif isinstance(node, ast.Set):
            found += [(e, "a set member", node) for e in node.elts
                      if not isinstance(e, ast.Starred) and not _literal(e)]
        elif isinstance(node, ast.DictComp):
            found.append((node.key, "a dict key", node))
        elif isinstance(node, ast.SetComp):
            found.append((node.elt, "a set member", node))
        elif isinstance(node, ast.Subscript):
            if not isinstance(node.slice, (ast.Slice, ast.Tuple)) and not _literal(node.slice) \
                    and _may_be_array(ctx, node.slice) and _type(ctx, node.value) in _DICTS:
                found.append((node.slice, "a dict key", node))
        elif isinstance(node, ast.Compare):
            left = node.left
            for op, right in zip(node.ops, node.comparators):
                if isinstance(op, (ast.In, ast.NotIn)) and not _literal(left) \
                        and _may_be_array(ctx, left):
                    container = _type(ctx, right)
                    if container in _DICTS:
                        found.append((left, "looked up in a dict", node))
                    elif container in _SETS:
                        found.append((left, "looked up in a set", node))
                left = right
    for methods, containers, how in ((_DICT_METHODS, _DICTS, "a dict key"),
                                     (_SET_METHODS, _SETS, "a set member")):
        for method in methods:
            for call in model.method_calls(method):
                assert isinstance(call.func, ast.Attribute)
                if call.args and not isinstance(call.args[0], ast.Starred) \
                        and not _literal(call.args[0]) and model.qualname(call.func.value) is None \
                        and _may_be_array(ctx, call.args[0]) \
                        and _type(ctx, call.func.value) in containers:
                    found.append((call.args[0], how, call))
    return found


def _find(ctx: Context) -> list[Hashed]:
    found = []
    for expr, how, holder in _candidates(ctx):
        if not _may_be_array(ctx, expr):
            continue  # the rule speaks only of arrays: no need to find where the code runs
        path = ctx.model.path_to(ctx.model.tree, holder)
        if path is None or may_be_expected(path, raising_blocks=False):
            continue
        function = next((n for n in reversed(path)
                         if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))), None)
        found.append(Hashed(expr, how, holder, function))
    found.sort(key=lambda h: (h.expr.lineno, h.expr.col_offset))
    return found

