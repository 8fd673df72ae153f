"""JXE015 ref-batched-write-under-vmap.

What it does: finds a function given to `jax.vmap` (`jax.vmap(f)`, `jax.vmap(lambda x: ...)`,
`@jax.vmap`, through `functools.partial(jax.vmap, ...)` too) that writes into a `Ref` it does
not receive as an argument: a name bound once, outside the function, to `jax.new_ref(...)`.
Writes are `r[idx] = v`, `r[idx] += v`, `r.__setitem__(idx, v)`, `r.addupdate(v)` and
`jax.ref.set/swap/addupdate(r, ...)`, found among the function's top-level statements before
any statement that may leave it early (a return, a branch, a loop).

Why is this bad: under `vmap` such a ref is unbatched, and JAX 0.12's batching rules for
`swap` (every write) and `addupdate` refuse to write into an unbatched ref, whatever the value
written: the vmapped function raises `Exception` the first time it writes. Reading the ref is
fine; a ref created inside the function, or passed in as a vmapped argument, is batched.

No fix: the repair (a batched ref passed as an argument, or the writes moved out of the
vmapped function) changes what the program computes.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Union

from jaxerr_lsp.core.findings import Related, RuleData
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.families.vjp_refs import makes_refs, typed

Function = Union[ast.FunctionDef, ast.Lambda]
SET = "set"
ADDUPDATE = "addupdate"
_SET_FUNCTIONS = ("jax.ref.set", "jax.ref.swap")
_ADDUPDATE_FUNCTIONS = ("jax.ref.addupdate",)
# Statements that only define something: the function goes on to the next one.
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom,
                ast.Pass, ast.Global, ast.Nonlocal)


@dataclass(frozen=True)
class UnbatchedWrite(RuleData):
    ref: str  # the ref's name
    operation: str  # "set" (set/swap) or "addupdate"


def check(ctx: Context) -> None:
    if not makes_refs(ctx):
        return
    seen: set[int] = set()
    for function, vmapped_at in _vmapped_functions(ctx):
        if id(function) in seen:
            continue
        seen.add(id(function))
        found = _first_write(ctx, function)
        if found is None:
            continue
        where, ref, kind = found
        _report(ctx, where, ref, kind, vmapped_at)


def _vmapped_functions(ctx: Context) -> Iterator[tuple[Function, ast.AST]]:
    """Each function given to `jax.vmap`, with where it is (the call or the decorator)."""
    model = ctx.model
    for site in model.calls_to("jax.vmap"):
        if not site.complete or not site.args or isinstance(site.args[0], ast.Starred):
            continue
        function = _function(ctx, site.args[0])
        if function is not None:
            yield function, site.call
    for decoration in model.decorations("jax.vmap"):
        target = decoration.target
        if isinstance(target, ast.FunctionDef) and len(target.decorator_list) == 1:
            yield target, decoration.decorator


def _function(ctx: Context, expr: ast.expr) -> Function | None:
    """A lambda, or the plain (undecorated) def of this file a name certainly refers to."""
    if isinstance(expr, ast.Lambda):
        return expr
    if isinstance(expr, ast.Name):
        binding = ctx.model.binding_of(expr)
        node = binding.node if binding is not None else None
        if isinstance(node, ast.FunctionDef) and not node.decorator_list:
            return node
    return None


def _first_write(ctx: Context, function: Function) -> tuple[ast.AST, ast.Name, str] | None:
    """The first write into an outside ref the function certainly runs."""
    if isinstance(function, ast.Lambda):
        return _call_write(ctx, function, function.body)
    for statement in function.body:
        if isinstance(statement, _DEFINITIONS):
            continue
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
            continue  # a docstring
        if isinstance(statement, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) \
                        and _outside_ref(ctx, function, target.value):
                    return target, target.value, SET
            continue
        if isinstance(statement, ast.Expr):
            found = _call_write(ctx, function, statement.value)
            if found is not None:
                return found
            continue
        return None  # a return, a branch, a loop...: what follows may not run
    return None


def _call_write(ctx: Context, function: Function, expr: ast.expr) -> tuple[ast.AST, ast.Name, str] | None:
    if not isinstance(expr, ast.Call):
        return None
    callee = expr.func
    if isinstance(callee, ast.Attribute) and isinstance(callee.value, ast.Name) \
            and callee.attr in ("__setitem__", "addupdate") \
            and _outside_ref(ctx, function, callee.value):
        return expr, callee.value, SET if callee.attr == "__setitem__" else ADDUPDATE
    qualname = ctx.model.qualname(callee)
    if qualname in _SET_FUNCTIONS or qualname in _ADDUPDATE_FUNCTIONS:
        if expr.args and isinstance(expr.args[0], ast.Name) \
                and _outside_ref(ctx, function, expr.args[0]):
            return expr, expr.args[0], SET if qualname in _SET_FUNCTIONS else ADDUPDATE
    return None


def _outside_ref(ctx: Context, function: Function, name: ast.Name) -> bool:
    """`name` is bound once, outside `function`, to a `jax.new_ref(...)`."""
    found = ctx.model.assignment_of(name)
    if found is None:
        return False
    if found[0].scope is ctx.model.scope_of_node.get(id(function)):
        return False
    return ctx.values.value(name).type == "Ref"


def _report(ctx: Context, where: ast.AST, ref: ast.Name, kind: str, vmapped_at: ast.AST) -> None:
    from jaxerr_lsp.errors.catalog import load_catalog

    entry = load_catalog().get(RULE.catalog_id)
    template = (entry.message if kind == SET else next(
        s.message for s in entry.sources if s.message is not None)).strip()
    known = typed(ctx, ref)
    values = {"core.typeof(ref)": f"Ref{{{known.aval}}}"} if known is not None and known.ref else {}
    shown = {} if values else {"core.typeof(ref)": f"the type of `{ref.id}`"}
    message = fill(template, {**values, **shown})
    predicted = fill(template, values, escape=True)
    binding = ctx.model.binding_of(ref)
    related: tuple[Related, ...] = (Related(ctx.span(binding.value), f"`{ref.id}` is made here, outside the vmapped "
                       "function: it is not batched"),) if binding is not None and binding.value else ()
    related += (Related(ctx.span(vmapped_at), "the function is vmapped here"),)
    ctx.report(where, message=message, predicted=predicted, related=related,
               note=f" (`{ref.id}` is made outside the function given to `jax.vmap`)",
               data=UnbatchedWrite(ref.id, kind))


RULE = Rule(
    code="JXE015",
    catalog_id="ref-batched-write-under-vmap",
    triggers=("new_ref",),
    check=check,
    data=UnbatchedWrite,
)
