"""Calls of the file's jitted functions that donate arguments, and which donated arrays JAX
certainly hands over (for JXE139 array-deleted and JXE140 donate-same-buffer-twice).

A jitted function is `jax.jit(f, ...)` of a lambda or an undecorated def of the file (called
where it is made or through the name bound once to it) or a def whose one decorator is
`jax.jit` (bare, `@jax.jit(...)`, `functools.partial(jax.jit, ...)`), with no option but
`donate_argnums`/`donate_argnames`/`static_argnums`/`static_argnames`, all literals.
JAX resolves the donated positions and names as it resolves the static ones (`jax/_src/
api_util.py` `resolve_argnums`: either is inferred from the other through the signature).

Which donations JAX keeps (measured under JAX 0.12.0.1; `jax/_src/interpreters/mlir.py`
`_set_up_aliases`, the same on every platform that implements donation: cpu, cuda, rocm,
tpu): a donated input is dropped unless the traced computation uses it (`keep_unused=False`
prunes unused parameters), then matched, in order, to an output of the same shape and dtype
(a second pass matches the rest by element count). An unmatched one is not donated at all: no
buffer is deleted, JAX warns "Some donated buffers were not usable". `certainly_donated` says
which donated arguments the first pass certainly matches: every donated argument one array of
known aval, the outputs the return expression shows (a tuple display or one expression)
counted where their aval is known, and the parameter certainly used by an output (the output
is the parameter, or `+ - * / @ **`/unary minus of it, or a local name bound once to such).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from jaxerr_lsp.analysis.avals import Aval
from jaxerr_lsp.analysis.model import ASSIGN, Scope
from jaxerr_lsp.analysis.values import Signature, Value, bind_arguments, return_expression
from jaxerr_lsp.engine.rule import Context
from jaxerr_lsp.families.jit_static import JIT, jit_sites, jitted_defs, static_args
from jaxerr_lsp.families.prng_keys import conditional_in_statement
from jaxerr_lsp.families.vjp_application import FunctionNode

DONATE_KEYWORDS = ("donate_argnums", "donate_argnames")
# Options of jax.jit that change nothing of what a call donates.
_KNOWN_OPTIONS = frozenset({*DONATE_KEYWORDS, "static_argnums", "static_argnames"})
_USING_OPERATORS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.MatMult, ast.Pow)
_MAX_DEPTH = 6


@dataclass(frozen=True, eq=False)
class JitCall:
    """One call of a jitted function of the file."""

    call: ast.Call
    function: FunctionNode
    made: ast.AST  # the jax.jit(...) call or the decorator
    arguments: dict[str, ast.expr]  # every parameter the call gives, by name
    donated: tuple[str, ...]  # the donated parameters the call gives, in signature order
    static: frozenset[str]
    order: tuple[str, ...] = ()  # the parameters the call gives, in JAX's flattening order


def jit_calls(ctx: Context) -> list[JitCall]:
    """Every call of a jitted function of the file whose options the code shows and whose
    arguments bind one for one (no `*args`/`**kwargs`), found once per document."""
    return ctx.once(_jit_calls)


def _jit_calls(ctx: Context) -> list[JitCall]:
    found: list[JitCall] = []
    for site in jit_sites(ctx):
        if site.qualname != JIT:
            continue
        function = ctx.model.function_of(site.args[0], through_jit=True)
        if function is not None:
            found.extend(_calls(ctx, function, site.call, site.keywords,
                                ctx.model.calls_of_result(site.call)))
    for jitted in jitted_defs(ctx):
        if isinstance(jitted.function, ast.FunctionDef):
            found.extend(_calls(ctx, jitted.function, jitted.decorator, jitted.keywords,
                                ctx.model.calls_of_def(jitted.function)))
    found.sort(key=lambda c: (c.call.lineno, c.call.col_offset))
    return found


def _calls(ctx: Context, function: FunctionNode, made: ast.AST, keywords: tuple[ast.keyword, ...],
           calls: list[ast.Call]) -> Iterator[JitCall]:
    if any(k.arg not in _KNOWN_OPTIONS for k in keywords):
        return
    signature = Signature.of(function.args)
    static = static_args(keywords, signature)
    renamed = tuple(ast.keyword(arg=k.arg.replace("donate", "static"), value=k.value)
                    for k in keywords if k.arg in DONATE_KEYWORDS)
    donate = static_args(renamed, signature)
    if static is None or donate is None or signature.vararg is not None or signature.kwarg is not None:
        return
    positional = signature.positional
    donated_names = {name for i, name in enumerate(positional) if i in donate.argnums} \
        | set(donate.argnames)
    static_names = {name for i, name in enumerate(positional) if i in static.argnums} \
        | set(static.argnames)
    if donated_names & static_names:
        return  # jax.jit raises ValueError first
    for call in calls:
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            continue
        bound = bind_arguments(signature, call.args, call.keywords)
        if bound is None or bound.extra_positional or bound.extra_keywords:
            continue
        # JAX flattens the positional arguments in order, then the keyword ones by name.
        order = [*positional[:len(call.args)], *sorted(k.arg for k in call.keywords if k.arg)]
        donated = tuple(name for name in order if name in donated_names and name not in static_names)
        yield JitCall(call, function, made, dict(bound.given), donated, frozenset(static_names),
                      tuple(order))


# Libraries whose classes' methods their own machinery may trace (`Module.apply`, `hk.transform`).
_TRACING_FRAMEWORKS = ("flax.", "equinox.", "haiku.")


def runs_eagerly(ctx: Context, call: ast.Call) -> bool:
    """Whether `call` is in code no transformation traces (module level, functions the
    tracing model does not trace, methods of classes none of these libraries derive from):
    donation happens only on a call that runs."""
    scope = ctx.model.call_scope.get(id(call))
    if scope is None:
        return False
    while scope is not None:
        if scope.kind == "class":
            if not _plain_class(ctx, scope.node):  # type: ignore[arg-type]
                return False
        elif scope.kind != "module" and (scope.kind not in ("function", "lambda")
                                         or ctx.tracing.traced(scope.node) is not None):
            return False
        scope = scope.parent
    return True


def _plain_class(ctx: Context, node: ast.ClassDef, depth: int = 0) -> bool:
    """A class whose bases are known and none from a library that traces methods (a test
    case; a class of the file whose own bases are such)."""
    if node.keywords or depth > 8:
        return False
    for base in node.bases:
        qualname = ctx.model.qualname(base)
        if qualname is not None:
            if qualname.startswith(_TRACING_FRAMEWORKS):
                return False
            continue
        binding = ctx.model.binding_of(base) if isinstance(base, ast.Name) else None
        if binding is None or not isinstance(binding.node, ast.ClassDef) \
                or not _plain_class(ctx, binding.node, depth + 1):
            return False
    return True


def _uses(ctx: Context, expr: ast.expr, scope: Scope, name: str, depth: int = 0) -> bool:
    """Whether the output `expr` of the function certainly uses its parameter `name`."""
    if depth > _MAX_DEPTH:
        return False
    if isinstance(expr, ast.Name):
        binding = ctx.model.read_binding(expr)
        if binding is None or binding.scope is not scope:
            return False
        if isinstance(binding.node, ast.arg):
            return binding.name == name
        if binding.kind == ASSIGN and binding.value is not None and isinstance(binding.node, ast.Name):
            return _uses(ctx, binding.value, scope, name, depth + 1)
        return False
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, _USING_OPERATORS):
        return _uses(ctx, expr.left, scope, name, depth + 1) \
            or _uses(ctx, expr.right, scope, name, depth + 1)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        return _uses(ctx, expr.operand, scope, name, depth + 1)
    return False


def used_by_outputs(ctx: Context, jit_call: JitCall, name: str) -> bool:
    """Whether an output of the jitted function certainly uses its parameter `name` (then
    JAX keeps the parameter: `keep_unused=False` prunes only unused ones)."""
    function = jit_call.function
    scope = ctx.model.scope_of_node.get(id(function))
    returned = return_expression(ctx.model, function)
    if scope is None or returned is None:
        return False
    outputs = list(returned.elts) if isinstance(returned, ast.Tuple) else [returned]
    return any(_uses(ctx, output, scope, name) for output in outputs)


def _key(aval: Aval | None) -> tuple[tuple[int, ...], str] | None:
    if aval is None or aval.shape is None or aval.dtype is None:
        return None
    return aval.shape, aval.dtype


def argument_aval(ctx: Context, argument: ast.expr) -> Aval | None:
    """The aval of an argument that is certainly one JAX array of known shape and dtype."""
    value = ctx.values.value(argument)
    if value.jax_array is None or value.type != "ArrayImpl" or _key(value.aval) is None:
        return None
    return value.aval


def certainly_donated(ctx: Context, jit_call: JitCall, aliases: Mapping[str, str] | None = None) -> list[str]:
    """The donated parameters whose argument JAX certainly donates (its buffer handed over,
    the array deleted) when the call runs; [] when the code does not show it. `aliases`:
    parameters whose argument is certainly the same object as another's (`same_array`),
    given that one's value."""
    if not jit_call.donated or ctx.values.x64:
        return []
    function = jit_call.function
    scope = ctx.model.scope_of_node.get(id(function))
    returned = return_expression(ctx.model, function)
    if scope is None or returned is None:
        return []
    keys = {}
    for name in jit_call.donated:
        key = _key(argument_aval(ctx, jit_call.arguments[name]))
        if key is None:
            return []
        keys[name] = key
    outputs = list(returned.elts) if isinstance(returned, ast.Tuple) else [returned]
    # (a static argument reaches the function as the Python value it is)
    parameters = {name: ctx.values.value(argument) for name, argument in jit_call.arguments.items()}
    for name, same in (aliases or {}).items():
        parameters[name] = parameters[same]
    output_keys: list[tuple[tuple[int, ...], str] | None] = []
    with ctx.values.bound(function, parameters):
        for output in outputs:
            value: Value = ctx.values.value(output)
            output_keys.append(_key(value.aval) if value.type == "ArrayImpl" else None)
    found = []
    for index, name in enumerate(jit_call.donated):
        key = keys[name]
        rank = sum(1 for earlier in jit_call.donated[:index] if keys[earlier] == key)
        if output_keys.count(key) <= rank:
            continue
        if any(_uses(ctx, output, scope, name) for output in outputs):
            found.append(name)
    return found


# Statements that may sit between a copy `b = a` and the call without changing what `a` holds,
# when they store neither name (a nested def, class, import, `del` or loop could).
_PLAIN_STATEMENTS = (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr, ast.Pass)


def same_array(ctx: Context, call: ast.Call, a: ast.expr, b: ast.expr) -> bool:
    """Whether the arguments `a` and `b` of `call` certainly hold the same object when the
    call evaluates them: one name given twice (`f(x, x)`), or a name whose one reaching binding
    is a copy of the other (`b = a`), made in the same statement list as the call's
    statement, with only plain statements between that store neither name, and no function
    that rebinds it (`global`/`nonlocal`). No walrus in the call."""
    if not isinstance(a, ast.Name) or not isinstance(b, ast.Name) \
            or ctx.model.nodes_in(call, ast.NamedExpr):
        return False
    if a.id == b.id:
        return True
    return _copied_before(ctx, call, a, b) or _copied_before(ctx, call, b, a)


def _copied_before(ctx: Context, call: ast.Call, source: ast.Name, copy: ast.Name) -> bool:
    reaching = ctx.model.reaching(copy)
    if not reaching or len(reaching) != 1:
        return False
    binding = reaching[0]
    value, scope = binding.value, binding.scope
    if binding.kind != ASSIGN or not isinstance(value, ast.Name) or value.id != source.id \
            or not isinstance(binding.node, ast.Name) or scope.kind not in ("module", "function") \
            or ctx.model.call_scope.get(id(call)) is not scope:
        return False
    if any(source.id in (inner.global_names if scope.kind == "module" else inner.nonlocal_names)
           for inner in ctx.model.scope_of_node.values()):
        return False
    path = ctx.model.path_to(scope.node, call)
    copied = ctx.model.path_to(scope.node, binding.node)
    if path is None or copied is None:
        return False
    statement = next((n for n in reversed(path) if isinstance(n, ast.stmt) and n is not scope.node), None)
    copy_statement = next((n for n in reversed(copied) if isinstance(n, ast.stmt)), None)
    if statement is None or not isinstance(copy_statement, ast.Assign) or copy_statement.value is not value \
            or conditional_in_statement(ctx.model, statement, call) \
            or ctx.model.nodes_in(statement, ast.NamedExpr) \
            or not isinstance(statement, (*_PLAIN_STATEMENTS, ast.Return)):
        return False
    siblings = _statement_list(ctx, scope.node, statement)
    if siblings is None or not any(s is copy_statement for s in siblings):
        return False
    start = next(i for i, s in enumerate(siblings) if s is copy_statement)
    end = next((i for i, s in enumerate(siblings) if s is statement), -1)
    if end <= start:
        return False
    names = {source.id, copy.id}
    for between in siblings[start + 1:end]:
        if not isinstance(between, _PLAIN_STATEMENTS) or ctx.model.nodes_in(between, ast.NamedExpr) \
                or any(isinstance(target, ast.Name) and target.id in names
                       for target, _ in ctx.model.stores_in(between)):
            return False
    return True


def _statement_list(ctx: Context, root: ast.AST, statement: ast.stmt) -> list[ast.stmt] | None:
    """The list of statements (a body, an `else`...) that holds `statement`."""
    path = ctx.model.path_to(root, statement)
    if path is None or len(path) < 2:
        return None
    parent = path[-2]
    for field in ("body", "orelse", "finalbody"):
        statements = getattr(parent, field, None)
        if isinstance(statements, list) and any(s is statement for s in statements):
            return statements
    return None
