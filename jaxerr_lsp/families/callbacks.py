"""Host callbacks in the file's functions (`jax.pure_callback`, `jax.experimental.io_callback`),
what reaches their operands, and whether they run on every call (for JXE138 pure-callback-jvp
and JXE141 vmap-ordered-io-callback). Lookups through the model; never walks.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.model import ASSIGN, CallSite, Scope
from jaxerr_lsp.engine.rule import Context
from jaxerr_lsp.families.prng_keys import conditional_in_statement, locate

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
PURE_CALLBACK = "jax.pure_callback"
IO_CALLBACK = "jax.experimental.io_callback"
# Keywords of the callbacks that are options, not operands handed to the callback.
OPTIONS = frozenset({"sharding", "vmap_method", "vectorized", "ordered", "partitioned"})
_MAX_DEPTH = 6


@dataclass(frozen=True, eq=False)
class Callback:
    site: CallSite
    qualname: str  # PURE_CALLBACK or IO_CALLBACK
    operands: tuple[ast.expr, ...]  # what the callback receives (after the result shapes)

    @property
    def call(self) -> ast.Call:
        return self.site.call

    def option(self, name: str) -> ast.expr | None:
        return next((k.value for k in self.site.keywords if k.arg == name), None)


def callbacks(ctx: Context) -> list[Callback]:
    """Every call of a callback whose arguments the code writes out (no `*args`/`**kwargs`)."""
    found = []
    for qualname in (PURE_CALLBACK, IO_CALLBACK):
        for site in ctx.model.calls_to(qualname):
            if not site.complete or site.partial is not None or len(site.args) < 2 \
                    or any(isinstance(a, ast.Starred) for a in site.args) \
                    or any(k.arg is None for k in site.keywords):
                continue
            operands = (*site.args[2:], *(k.value for k in site.keywords if k.arg not in OPTIONS))
            found.append(Callback(site, qualname, operands))
    return found


def derives_from(ctx: Context, expr: ast.expr, scope: Scope, names: set[str],
                 operators: tuple[type[ast.operator], ...], depth: int = 0) -> bool:
    """Whether `expr`, in the function whose scope is `scope`, is certainly computed from one
    of its parameters `names`: the parameter (never rebound before), an entry of it (`x[0]`,
    `p["w"]`), `operators` or a unary minus applied to such, a local name bound once to one of
    those."""
    if depth > _MAX_DEPTH:
        return False
    if isinstance(expr, ast.Name):
        binding = ctx.model.read_binding(expr)
        if binding is None or binding.scope is not scope:
            return False
        if isinstance(binding.node, ast.arg):
            return binding.name in names
        # (a name bound to arithmetic or an entry: an array, which no one changes in place)
        if binding.kind == ASSIGN and binding.value is not None and isinstance(binding.node, ast.Name):
            return derives_from(ctx, binding.value, scope, names, operators, depth + 1)
        return False
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, operators):
        return derives_from(ctx, expr.left, scope, names, operators, depth + 1) \
            or derives_from(ctx, expr.right, scope, names, operators, depth + 1)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        return derives_from(ctx, expr.operand, scope, names, operators, depth + 1)
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant) \
            and type(expr.slice.value) in (int, str):
        return derives_from(ctx, expr.value, scope, names, operators, depth + 1)
    return False


def runs_every_time(ctx: Context, function: FunctionNode, call: ast.Call) -> bool:
    """Whether `call`, written in `function`'s own body, runs whenever `function` is called:
    not in a branch, a loop or a conditional part of its statement, and no `return`,
    `raise` or `assert` written before it."""
    if isinstance(function, ast.Lambda):
        return not conditional_in_statement(ctx.model, function, call)
    if ctx.model.call_scope.get(id(call)) is not ctx.model.scope_of_node.get(id(function)):
        return False
    location = locate(function.body, call)
    if location is None or location.blocks or location.in_header \
            or conditional_in_statement(ctx.model, location.statement, call):
        return False
    start = (location.statement.lineno, location.statement.col_offset)
    for node in ctx.model.nodes_in(function, (ast.Return, ast.Raise, ast.Assert)):
        if (node.lineno, node.col_offset) < start:
            return False
    return not ctx.model.returns_of(function).suspends
