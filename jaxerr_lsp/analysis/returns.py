"""The return statements of a function, found once per function node.

Several queries ask for them (`values.returns_or_yields`, `custom_vjp.returned_values`...), often
for the same function many times in one document (a helper called from hundreds of places):
the body is walked once and the answer kept as long as the function node lives.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from jaxerr_lsp.analysis.fields import child_fields


@dataclass(frozen=True)
class Returns:
    """What a def's body shows about how it ends (nested defs, lambdas and classes left out)."""

    returns: tuple[ast.Return, ...]  # in the order the walk meets them (not source order)
    generator: bool  # a yield, yield from or await: what it returns is not what callers get
    may_raise: bool  # a raise or an assert


_FUNCTION_NODES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef})
_GENERATOR_NODES = frozenset({ast.Yield, ast.YieldFrom, ast.Await})
AST = ast.AST
_cache: WeakKeyDictionary[ast.AST, Returns] = WeakKeyDictionary()


def returns_of(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Returns:
    """The returns of `function`'s own body (walked once per function node)."""
    known = _cache.get(function)
    if known is not None:
        return known
    returns: list[ast.Return] = []
    generator = may_raise = False
    stack: list[ast.AST] = list(function.body)
    pop, push = stack.pop, stack.append
    while stack:
        node = pop()
        kind = type(node)
        if kind in _GENERATOR_NODES:
            generator = True
            break
        if kind in _FUNCTION_NODES:
            continue
        if kind is ast.Return:
            returns.append(node)  # type: ignore[arg-type]
        elif kind is ast.Raise or kind is ast.Assert:
            may_raise = True
        for name in child_fields(kind):
            value = getattr(node, name, None)
            if type(value) is list:
                for item in value:
                    if isinstance(item, AST):
                        push(item)
            elif isinstance(value, AST):
                push(value)
    found = _cache[function] = Returns(tuple(returns), generator, may_raise)
    return found


__all__ = ["Returns", "returns_of"]
