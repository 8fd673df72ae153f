"""The file's custom_vjp functions, their `defvjp*` registrations, and what their rules return.

Shared by every rule about custom_vjp (`custom_vjps`, `registrations(ctx, method)`). A
registration's bwd rule is seeded in the value inference: JAX calls it with pytrees of arrays.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from jaxerr_lsp.analysis.model import ASSIGN, DEF, ModuleModel
from jaxerr_lsp.analysis.values import FROM_JAX, Inference, Signature

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


@dataclass(frozen=True)
class CustomVjp:
    """A function the file makes a custom_vjp: `@jax.custom_vjp` (bare or with options, the
    outermost decorator) on a def, or `name = jax.custom_vjp(fn, ...)`."""

    definition: ast.AST  # the decorated def, or the `jax.custom_vjp(...)` call
    primal: FunctionNode | None  # the function JAX differentiates, when the file shows it
    keywords: tuple[ast.keyword, ...]  # jax.custom_vjp's options (nondiff_argnums, ...)
    # nondiff_argnums as written (literal ints); None when the code does not show them.
    nondiff_argnums: tuple[int, ...] | None
    # False when another decorator sits between jax.custom_vjp and the def (it may change the
    # signature JAX sees).
    plain: bool = True

    @property
    def arity(self) -> int | None:
        """How many cotangents a bwd rule must return: the primal's positional parameters
        minus nondiff_argnums; None when the code does not show it."""
        if not self.plain or self.nondiff_argnums is None:
            return None
        return _arity(self.primal, len(self.nondiff_argnums))


@dataclass(frozen=True)
class Registration:
    call: ast.Call  # f.defvjp_with_logs(fwd, bwd), f.defvjp(fwd, bwd), ...
    method: str  # "defvjp" | "defvjp_with_logs" | "defvjp_with_accums"
    custom_vjp: CustomVjp
    fwd: FunctionNode | None  # the file's fwd function (def or lambda), when it is one
    bwd: FunctionNode | None  # the file's bwd function, seeded as what JAX hands it

    @property
    def arity(self) -> int | None:
        return self.custom_vjp.arity


REGISTRATION_METHODS = ("defvjp", "defvjp_with_logs", "defvjp_with_accums")


def _nondiff_argnums(keywords: tuple[ast.keyword, ...] | list[ast.keyword],
                     options: tuple[ast.expr, ...], primal: FunctionNode | None) -> tuple[int, ...] | None:
    """jax.custom_vjp's nondiff_argnums as JAX keeps them (sorted, without repeats): the
    literal `nondiff_argnums` (a keyword, or the option after the function:
    `jax.custom_vjp(f, (0,))`) and the positions of the primal's positional-or-keyword
    parameters that `nondiff_argnames` names (JAX's `infer_argnums_and_argnames`). None when
    the code does not show them."""
    if len(options) > 2 or any(isinstance(o, ast.Starred) for o in options):
        return None
    argnums: ast.expr | None = options[0] if options else None
    argnames: ast.expr | None = options[1] if len(options) > 1 else None
    for keyword in keywords:
        if keyword.arg is None:
            return None
        if keyword.arg == "nondiff_argnums":
            argnums = keyword.value
        elif keyword.arg == "nondiff_argnames":
            argnames = keyword.value
    positions: set[int] = set()
    if argnums is not None:
        if not isinstance(argnums, (ast.Tuple, ast.List)) or not all(
                isinstance(e, ast.Constant) and type(e.value) is int for e in argnums.elts):
            return None
        positions.update(e.value for e in argnums.elts)  # type: ignore[attr-defined]
    if argnames is not None:
        names = _literal_names(argnames)
        if names is None or primal is None:
            return None
        before = len(primal.args.posonlyargs)
        positions.update(before + i for i, arg in enumerate(primal.args.args) if arg.arg in names)
    return tuple(sorted(positions))


def _literal_names(expr: ast.expr) -> set[str] | None:
    """A literal string, or tuple or list of literal strings, as a set of names."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return {expr.value}
    if isinstance(expr, (ast.Tuple, ast.List)) and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in expr.elts):
        return {e.value for e in expr.elts}  # type: ignore[attr-defined]
    return None


def _arity(function: FunctionNode | None, nondiff: int | None) -> int | None:
    if function is None or nondiff is None:
        return None
    signature = Signature.of(function.args)
    if signature.vararg or signature.keyword_only:
        return None
    return len(signature.positional) - nondiff


def custom_vjp_of(model: ModuleModel, receiver: ast.expr,
                  maker: str = "jax.custom_vjp") -> CustomVjp | None:
    """The custom_vjp function the name `receiver` certainly is, if it is one (with `maker`
    "jax.custom_jvp": the custom_jvp function, the same record)."""
    if not isinstance(receiver, ast.Name):
        return None
    binding = model.binding_of(receiver)
    if binding is None:
        return None
    if binding.kind == DEF and isinstance(binding.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return decorated(model, binding.node, maker)
    if binding.kind == ASSIGN and isinstance(binding.value, ast.Call):
        return made_by_call(model, binding.value, maker)
    return None


def decorated(model: ModuleModel, node: ast.FunctionDef | ast.AsyncFunctionDef,
              maker: str = "jax.custom_vjp") -> CustomVjp | None:
    """`node` as the function its outermost decorator `maker` makes (`jax.custom_vjp`, or
    `jax.custom_jvp`, whose options are the same)."""
    decoration = model.decoration(node, maker)
    if decoration is None or decoration.position != 0:  # the outermost decorator
        return None
    decorator = decoration.decorator
    # `@partial(jax.custom_vjp, (0,))`: options given positionally to the partial
    options = tuple(decorator.args[1:]) if isinstance(decorator, ast.Call) else ()
    return CustomVjp(node, node, decoration.keywords,
                     _nondiff_argnums(decoration.keywords, options, node),
                     plain=len(node.decorator_list) == 1)


def made_by_call(model: ModuleModel, call: ast.Call, maker: str = "jax.custom_vjp") -> CustomVjp | None:
    """`maker(fn, ...)` (`jax.custom_vjp` or `jax.custom_jvp`) as the function it makes."""
    site = model.call_site(call)
    if site is None or site.qualname != maker or not site.complete or not site.args:
        return None
    primal = model.function_of(site.args[0])
    return CustomVjp(call, primal, site.keywords,
                     _nondiff_argnums(site.keywords, tuple(site.args[1:]), primal))


def custom_vjps(ctx: Context) -> list[CustomVjp]:
    """Every custom_vjp function the document defines (decorated defs, `jax.custom_vjp(fn)`
    calls), in source order; found once for every rule that asks."""
    return ctx.once(_custom_vjps)


def _custom_vjps(ctx: Context) -> list[CustomVjp]:
    return made_functions(ctx, "jax.custom_vjp")


def made_functions(ctx: Context, maker: str) -> list[CustomVjp]:
    """Every function the document makes with `maker` (`jax.custom_vjp`, `jax.custom_jvp`),
    decorated or called, in source order."""
    found = [d for decoration in ctx.model.decorations(maker)
             if isinstance(decoration.target, (ast.FunctionDef, ast.AsyncFunctionDef))
             and (d := decorated(ctx.model, decoration.target, maker)) is not None]
    found += [made for site in ctx.model.calls_to(maker)
              if (made := made_by_call(ctx.model, site.call, maker)) is not None]
    found.sort(key=lambda c: (getattr(c.definition, "lineno", 0),
                              getattr(c.definition, "col_offset", 0)))
    return found


def registrations(ctx: Context, method: str = "defvjp_with_logs") -> list[Registration]:
    """The document's `f.<method>(fwd, bwd)` registrations of custom_vjp functions, found once
    for every rule that asks."""
    return [r for r in ctx.once(_registrations) if r.method == method]


def _registrations(ctx: Context) -> list[Registration]:
    return find_registrations(ctx.model, ctx.values)


def registered(ctx: Context, custom_vjp: CustomVjp,
               methods: tuple[str, ...] = REGISTRATION_METHODS) -> bool:
    """Whether the file registers rules for `custom_vjp` with one of `methods`."""
    return any(r.custom_vjp.definition is custom_vjp.definition
               for method in methods for r in registrations(ctx, method))


def _argument(call: ast.Call, index: int, name: str) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg == name:
            return keyword.value
    if any(isinstance(a, ast.Starred) for a in call.args[:index + 1]):
        return None
    return call.args[index] if len(call.args) > index else None


def find_registrations(model: ModuleModel, values: Inference) -> list[Registration]:
    """Every `f.defvjp*(fwd, bwd)` of a custom_vjp `f` of this file, in source order; each bwd
    rule of this file has its parameters seeded as what JAX hands it."""
    found = []
    for method in REGISTRATION_METHODS:
        for call in model.method_calls(method):
            assert isinstance(call.func, ast.Attribute)
            custom_vjp = custom_vjp_of(model, call.func.value)
            if custom_vjp is None:
                continue
            fwd_expr, bwd_expr = _argument(call, 0, "fwd"), _argument(call, 1, "bwd")
            fwd = model.function_of(fwd_expr) if fwd_expr is not None else None
            bwd = model.function_of(bwd_expr) if bwd_expr is not None else None
            if isinstance(fwd, ast.AsyncFunctionDef):
                fwd = None
            if isinstance(bwd, ast.AsyncFunctionDef):
                bwd = None
            if bwd is not None:
                values.seed(bwd, FROM_JAX)
            found.append(Registration(call, method, custom_vjp, fwd, bwd))
    return sorted(found, key=lambda r: (r.call.lineno, r.call.col_offset))


# Functions that, by their name, never return: test failures, exits, raising helpers.
_NO_RETURN_NAMES = frozenset({"fail", "exit", "_exit", "abort", "skip", "skipTest", "xfail"})


def _may_never_return(expr: ast.expr) -> bool:
    if not isinstance(expr, ast.Call):
        return False
    func = expr.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name in _NO_RETURN_NAMES or name.lstrip("_").startswith(("raise", "throw"))


def returned_values(model: ModuleModel, function: FunctionNode
                    ) -> Iterator[tuple[ast.expr | None, ast.AST]]:
    """(value, node) for each return of `function` (value None for a bare `return`), from
    `model.returns_of`. A generator yields nothing here: what it returns is not what JAX sees."""
    if isinstance(function, ast.Lambda):
        yield function.body, function.body
        return
    found = model.returns_of(function)
    if found.suspends:
        return
    returns = found.returns
    if not returns and not found.raises:
        last = function.body[-1]
        if isinstance(last, ast.Expr) and _may_never_return(last.value):
            return  # it ends with `self.fail(...)`, `pytest.fail(...)`, `sys.exit(...)`: unknown
        # No return and no raise anywhere: every call ends by returning None.
        yield None, function
        return
    for node in returns:
        yield node.value, node
