"""`custom_vjp` functions registered with `defvjp_with_logs`, and what their bwd rules return.

Shared by the rules about `defvjp_with_logs` bwd rules (JXE002, JXE003). A registration's
bwd rule is seeded in the value inference: JAX calls it with pytrees of arrays.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from jaxerr_lsp.model import ASSIGN, DEF, ModuleModel
from jaxerr_lsp.values import FROM_JAX, Inference, Signature

if TYPE_CHECKING:
    from jaxerr_lsp.rule import Context

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


@dataclass(frozen=True)
class Registration:
    call: ast.Call  # f.defvjp_with_logs(fwd, bwd)
    bwd: FunctionNode
    # How many cotangents bwd must return (the primal's positional parameters minus
    # nondiff_argnums); None when the code does not show it.
    arity: int | None


def _nondiff_count(keywords: tuple[ast.keyword, ...] | list[ast.keyword]) -> int | None:
    for keyword in keywords:
        if keyword.arg is None:
            return None
        if keyword.arg == "nondiff_argnums":
            value = keyword.value
            if isinstance(value, (ast.Tuple, ast.List)) and all(
                    isinstance(e, ast.Constant) and isinstance(e.value, int) for e in value.elts):
                return len(value.elts)
            return None
    return 0


def _arity(function: FunctionNode | None, nondiff: int | None) -> int | None:
    if function is None or nondiff is None:
        return None
    signature = Signature.of(function.args)
    if signature.vararg or signature.keyword_only:
        return None
    return len(signature.positional) - nondiff


def _custom_vjp_primal(model: ModuleModel, receiver: ast.expr) -> tuple[bool, int | None]:
    """Whether `receiver` certainly is a custom_vjp function, and its cotangent count."""
    if not isinstance(receiver, ast.Name):
        return False, None
    binding = model.binding_of(receiver)
    if binding is None:
        return False, None
    if binding.kind == DEF and isinstance(binding.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        decoration = model.decoration(binding.node, "jax.custom_vjp")
        if decoration is None or decoration.position != 0:  # the outermost decorator
            return False, None
        inner_decorated = len(binding.node.decorator_list) > 1
        return True, None if inner_decorated else _arity(binding.node, _nondiff_count(decoration.keywords))
    if binding.kind == ASSIGN and isinstance(binding.value, ast.Call):
        site = model.call_site(binding.value)
        if site is not None and site.qualname == "jax.custom_vjp" and site.complete and site.args:
            return True, _arity(_function_of(model, site.args[0]), _nondiff_count(site.keywords))
    return False, None


def _function_of(model: ModuleModel, expr: ast.expr) -> FunctionNode | None:
    if isinstance(expr, ast.Lambda):
        return expr
    if isinstance(expr, ast.Name):
        binding = model.binding_of(expr)
        if binding is None:
            return None
        if binding.kind == DEF and isinstance(binding.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if binding.node.decorator_list:
                return None  # a decorator may change what the function returns
            return binding.node
        if binding.kind == ASSIGN and isinstance(binding.value, ast.Lambda):
            return binding.value
    return None


def registrations(ctx: Context) -> list[Registration]:
    """The document's registrations, found once for every rule that asks."""
    found = ctx.shared.get("custom_vjp.registrations")
    if found is None:
        found = ctx.shared["custom_vjp.registrations"] = find_registrations(ctx.model, ctx.values)
    return found  # type: ignore[return-value]


def find_registrations(model: ModuleModel, values: Inference) -> list[Registration]:
    """Every `f.defvjp_with_logs(fwd, bwd)` of a custom_vjp `f` with a bwd rule of this file;
    each bwd rule's parameters are seeded as what JAX hands it."""
    found = []
    for call in model.method_calls("defvjp_with_logs"):
        assert isinstance(call.func, ast.Attribute)
        is_vjp, arity = _custom_vjp_primal(model, call.func.value)
        if not is_vjp:
            continue
        bwd_expr: ast.expr | None = call.args[1] if len(call.args) >= 2 else None
        for keyword in call.keywords:
            if keyword.arg == "bwd":
                bwd_expr = keyword.value
        if bwd_expr is None or isinstance(bwd_expr, ast.Starred):
            continue
        bwd = _function_of(model, bwd_expr)
        if bwd is None or isinstance(bwd, ast.AsyncFunctionDef):
            continue
        values.seed(bwd, FROM_JAX)
        found.append(Registration(call, bwd, arity))
    return found


def returned_values(function: FunctionNode) -> Iterator[tuple[ast.expr | None, ast.AST]]:
    """(value, node) for each return of `function` (value None for a bare `return`). A
    generator yields nothing here: what it returns is not what JAX sees."""
    if isinstance(function, ast.Lambda):
        yield function.body, function.body
        return
    returns: list[ast.Return] = []
    may_raise = False
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom, ast.Await)):
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return):
            returns.append(node)
        if isinstance(node, (ast.Raise, ast.Assert)):
            may_raise = True
        stack.extend(ast.iter_child_nodes(node))
    if not returns and not may_raise:
        # No return and no raise anywhere: every call ends by returning None.
        yield None, function
        return
    for node in sorted(returns, key=lambda r: (r.lineno, r.col_offset)):
        yield node.value, node
