"""The calls of a function of this file that hand it arrays of unchanged shapes, with their
arguments bound to its parameters: what its body sees when that call runs it.

A call is followed when the file certainly shows it runs the function with these arguments,
each reaching its parameter as the same value or an array of the same shape and dtype:

- the def called by its name, `f(a, b)`, where the name certainly is the def (code flow), the
  def undecorated or decorated only by a transformation that keeps shapes (`@jax.jit`);
- a transformation that keeps shapes called on it, `jax.jit(f)(a, b)`, `jax.grad(f)(a, b)`
  (a JVP tracer has its primal's aval), or the name it is assigned to, `g = jax.jit(f)` ...
  `g(a, b)`.

Never followed: `vmap`/`pmap` (they drop the mapped axis), methods, `*args`/`**kwargs` at the
call, a transformation with more positional arguments than the function, or a def whose
parameters are rebound in its body before use (code flow answers that per read). Lookups
only: the model's `calls_of_def`, `calls_to` and `calls_of_result`.
"""

from __future__ import annotations

import ast
import weakref
from dataclasses import dataclass

from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.analysis.values import Signature, bind_arguments

# Transformations whose call hands the function arrays of the shapes it was given.
SHAPE_KEEPING = frozenset({
    "jax.jit", "jax.checkpoint", "jax.remat", "jax.ad_checkpoint.checkpoint",
    "jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.jacfwd", "jax.hessian"})
# A def called this many times is followed at its first calls only (the cost stays bounded).
MAX_CALLS = 8


@dataclass(frozen=True, eq=False)
class FollowedCall:
    """One call that runs `function` with `arguments` (by parameter name, defaults included)."""

    function: ast.FunctionDef
    call: ast.Call
    arguments: dict[str, ast.expr]


def _keeps_shapes(model: ModuleModel, decorator: ast.expr) -> bool:
    return model.qualname(decorator) in SHAPE_KEEPING


_TRANSFORMED: weakref.WeakKeyDictionary[ModuleModel, dict[int, list[ast.Call]]] = \
    weakref.WeakKeyDictionary()


def _transformed_calls(model: ModuleModel) -> dict[int, list[ast.Call]]:
    """id(def) -> the calls of what a shape-keeping transformation made of it (`jax.jit(f)(x)`,
    `g = jax.jit(f)` ... `g(x)`); once per model."""
    known = _TRANSFORMED.get(model)
    if known is not None:
        return known
    known = _TRANSFORMED[model] = {}
    for qualname in SHAPE_KEEPING:
        for site in model.calls_to(qualname):
            if site.partial is not None or not site.complete or len(site.args) != 1:
                continue
            function = model.function_of(site.args[0])
            if function is not None:
                known.setdefault(id(function), []).extend(model.calls_of_result(site.call))
    return known


def followed_calls(model: ModuleModel, function: ast.FunctionDef) -> list[FollowedCall]:
    """The calls of `function` the file shows with their arguments bound, in source order."""
    if not all(_keeps_shapes(model, d) for d in function.decorator_list):
        return []
    if isinstance(model.parent.get(id(function)), ast.ClassDef):
        return []  # a method: `self` comes from the instance
    signature = Signature.of(function.args)
    calls: list[ast.Call] = [*model.calls_of_def(function),
                             *_transformed_calls(model).get(id(function), ())]
    found: list[FollowedCall] = []
    for call in sorted(calls, key=lambda c: (c.lineno, c.col_offset))[:MAX_CALLS]:
        bound = bind_arguments(signature, call.args, call.keywords)
        if bound is None or bound.extra_positional or bound.extra_keywords:
            continue
        found.append(FollowedCall(function, call, bound.given))
    return found


__all__ = ["FollowedCall", "MAX_CALLS", "SHAPE_KEEPING", "followed_calls"]
