"""The VJP functions `jax.vjp` returns, found for the rules of the vjp / with_refs family.

`out, f_vjp = jax.vjp(fn, *primals)` (the second of three results with `has_aux=True`;
`jax.vjp(...)[1]`) binds a VJP function. JAX 0.12's VJP object is applied three ways, each
running the same checks of the primal arguments against what the caller passes for their
gradients:

- `f_vjp(ct)` and `f_vjp.with_logs(ct)` (`with_logs` is a property: the same VJP, returning
  the logs too): every gradient is returned as a value;
- `f_vjp.with_refs(*entries)` and `f_vjp.with_logs.with_refs(*entries)`: one entry per primal
  leaf (a ref, `jax.ad.GradValue()`, `jax.ad.DontWant()`), checked when `with_refs` is called;
  `with_refs()` with no entries is the same as applying the VJP directly. `with_refs(...)`
  returns a plain function of the cotangent (a `Partial`): it has no `with_logs` of its own.

Only what the code certainly shows: a name bound once, in the same scope, to the VJP result.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.model import ASSIGN, DEF, UNPACK
from jaxerr_lsp.engine.rule import Context
from jaxerr_lsp.families.vjp_application import CALL, WITH_LOGS, has_aux
from jaxerr_lsp.families.vjp_application import applications as vjp_applications


def vjp_call(ctx: Context, expr: ast.expr) -> ast.Call | None:
    """`expr` itself, when it is a call of `jax.vjp` (however imported)."""
    if isinstance(expr, ast.Call) and ctx.model.qualname(expr.func) == "jax.vjp":
        return expr
    return None


def vjp_origin(ctx: Context, receiver: ast.expr) -> ast.Call | None:
    """The `jax.vjp(...)` call whose VJP function `receiver` certainly is (`f_vjp`,
    `jax.vjp(...)[1]`, or either followed by `.with_logs`)."""
    if isinstance(receiver, ast.Attribute) and receiver.attr == "with_logs":
        return vjp_origin(ctx, receiver.value)
    if isinstance(receiver, ast.Subscript):
        call = vjp_call(ctx, receiver.value)
        index = receiver.slice
        if call is not None and isinstance(index, ast.Constant) and index.value == 1 \
                and has_aux(call) is not None:
            return call
        return None
    if not isinstance(receiver, ast.Name):
        return None
    binding = ctx.model.binding_of(receiver)
    if binding is None or binding.value is None:
        return None
    if binding.kind == ASSIGN:
        return vjp_origin(ctx, binding.value) if isinstance(binding.value, ast.Subscript) else None
    if binding.kind == UNPACK and len(binding.index) == 1 and binding.index[0] == 1:
        call = vjp_call(ctx, binding.value)
        if call is None:
            return None
        aux = has_aux(call)
        if aux is None or binding.arity != ((3,) if aux else (2,)):
            return None
        return call
    return None


def function_text(ctx: Context, function: ast.expr) -> str:
    """How JAX names the differentiated function (`func_src_info`): `f at path:line` for a
    def of this file, `<lambda> at path:line`, else the code."""
    if isinstance(function, ast.Name):
        binding = ctx.model.binding_of(function)
        if binding is not None and binding.kind == DEF:
            return f"{function.id} at {ctx.path}:{binding.node.lineno}"  # type: ignore[attr-defined]
    if isinstance(function, ast.Lambda):
        return f"<lambda> at {ctx.path}:{function.lineno}"
    return ctx.segment(function)


def function_known(ctx: Context, function: ast.expr) -> bool:
    """Whether `function_text` is exactly what JAX prints (a def of this file or a lambda)."""
    if isinstance(function, ast.Lambda):
        return True
    if isinstance(function, ast.Name):
        binding = ctx.model.binding_of(function)
        return binding is not None and binding.kind == DEF \
            and isinstance(binding.node, ast.FunctionDef) and not binding.node.decorator_list
    return False


def plain_primals(vjp: ast.Call) -> list[ast.expr] | None:
    """The primal arguments of a `jax.vjp` call when they are all visible and nothing but
    `has_aux` is passed (`saveable_args` and `in_nzs` run checks of their own first)."""
    if len(vjp.args) < 2 or any(isinstance(a, ast.Starred) for a in vjp.args):
        return None
    if any(k.arg != "has_aux" for k in vjp.keywords):
        return None
    return list(vjp.args[1:])


@dataclass(frozen=True)
class Application:
    """A place where a VJP function runs its checks without gradient entries: `f_vjp(ct)`,
    `f_vjp.with_logs(ct)`, or `with_refs()` with no arguments."""

    call: ast.Call
    vjp: ast.Call  # the jax.vjp call


def direct_applications(ctx: Context) -> list[Application]:
    """Every direct application of a VJP function the file binds (see `Application`): the
    one-cotangent calls and `with_logs` calls `vjp_application` finds, and `with_refs()`."""
    found = [Application(app.call, app.vjp.call) for app in vjp_applications(ctx)
             if app.how in (CALL, WITH_LOGS) and len(app.call.args) == 1
             and not app.call.keywords and not isinstance(app.call.args[0], ast.Starred)]
    for call in ctx.model.method_calls("with_refs"):
        if call.args or call.keywords:
            continue
        assert isinstance(call.func, ast.Attribute)
        origin = vjp_origin(ctx, call.func.value)
        if origin is not None:
            found.append(Application(call, origin))
    return sorted(found, key=lambda a: (a.call.lineno, a.call.col_offset))
