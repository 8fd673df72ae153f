"""The VJP functions `jax.vjp` returns in this file, where they are applied, and what the
differentiated function returns.

Shared by the rules about applying a VJP function (JXE020-JXE022, JXE025):

- `vjp_functions(ctx)`: every `out, f_vjp = jax.vjp(fn, *primals)` (the second of three
  results with `has_aux=True`) with the uses of its VJP-function name, when each of them
  certainly reads that binding (code flow: a notebook binds `f_vjp` again cell after cell);
- `applications(ctx)`: every call that applies one of them to a cotangent: `f_vjp(ct)`,
  `f_vjp.with_logs(ct)`, `f_vjp.with_refs(...)(ct)`;
- `ctx.model.function_of(expr, through_jit=True)`: the def (undecorated) or lambda of this file that
  `expr` names; `output_structure(...)`: the pytree structure every return of it certainly
  has (how JAX names it in messages is `vjp_calls.function_text`); `has_aux(call)`.

Everything is looked up through the model (no walk of the tree); unknown means None.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import returned_values
from jaxerr_lsp.analysis.model import UNPACK, Binding, ModuleModel, Use
from jaxerr_lsp.analysis.pytree import Structure, TupleNode, Unknown
from jaxerr_lsp.analysis.values import Signature

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

FunctionNode = ast.FunctionDef | ast.Lambda

# How a VJP function is applied to a cotangent.
CALL = "call"  # f_vjp(ct)
WITH_LOGS = "with_logs"  # f_vjp.with_logs(ct): a property giving a VJP, called like f_vjp
WITH_REFS = "with_refs"  # f_vjp.with_refs(*refs)(ct): a Partial of the backward pass


@dataclass(frozen=True, eq=False)
class VjpFunction:
    """`out, f_vjp = jax.vjp(fn, *primals, ...)`, every use of `f_vjp` reading this binding."""

    call: ast.Call  # the jax.vjp(...) call
    binding: Binding  # of the VJP function's name
    has_aux: bool
    uses: tuple[Use, ...]  # every use of the name (all refer to this binding)

    @property
    def function(self) -> ast.expr:
        return self.call.args[0]

    @property
    def primals(self) -> list[ast.expr]:
        return self.call.args[1:]

    def keyword(self, name: str) -> ast.keyword | None:
        return next((k for k in self.call.keywords if k.arg == name), None)


@dataclass(frozen=True, eq=False)
class Application:
    """A call applying a VJP function to its arguments."""

    call: ast.Call  # the call whose arguments are the cotangent(s)
    how: str  # CALL | WITH_LOGS | WITH_REFS
    vjp: VjpFunction


def has_aux(call: ast.Call) -> bool | None:
    """`has_aux=` of a `jax.vjp` call: a literal bool, False when absent, None when unknown."""
    for keyword in call.keywords:
        if keyword.arg is None:
            return None  # **kwargs
        if keyword.arg == "has_aux":
            if isinstance(keyword.value, ast.Constant) and isinstance(keyword.value.value, bool):
                return keyword.value.value
            return None
    return False


def _vjp_function(ctx: Context, call: ast.Call) -> VjpFunction | None:
    model = ctx.model
    if len(call.args) < 2 or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    aux = has_aux(call)
    if aux is None:
        return None
    statement = model.parent.get(id(call))
    if not isinstance(statement, ast.Assign) or statement.value is not call \
            or len(statement.targets) != 1:
        return None
    target = statement.targets[0]
    if not isinstance(target, (ast.Tuple, ast.List)) or len(target.elts) != (3 if aux else 2):
        return None
    name = target.elts[1]
    scope = model.call_scope.get(id(call))
    if not isinstance(name, ast.Name) or scope is None:
        return None
    # Its uses, each certainly reading it: a use that may read it or another binding (a
    # closure's, one after a branch that rebinds the name) leaves it unknown.
    binding = model.unambiguous_binding(name)
    if binding is None or binding.node is not name or binding.kind != UNPACK:
        return None
    return VjpFunction(call, binding, aux, tuple(model.uses_of(binding)))


def vjp_functions(ctx: Context) -> list[VjpFunction]:
    """Every `jax.vjp` call of the file whose VJP function is bound to a name every use of
    which certainly reads it (code flow: the name may be bound again after)."""
    return ctx.once(_vjp_functions)


def _vjp_functions(ctx: Context) -> list[VjpFunction]:
    functions: list[VjpFunction] = []
    for site in ctx.model.calls_to("jax.vjp"):
        if site.partial is not None or not site.complete:
            continue
        vjp = _vjp_function(ctx, site.call)
        if vjp is not None:
            functions.append(vjp)
    return functions


def _application(ctx: Context, use: Use, vjp: VjpFunction) -> Application | None:
    parent = use.parent
    parents = ctx.model.parent
    if isinstance(parent, ast.Call) and parent.func is use.node:
        return Application(parent, CALL, vjp)
    if not isinstance(parent, ast.Attribute) or parent.value is not use.node:
        return None
    method = parents.get(id(parent))
    if not isinstance(method, ast.Call) or method.func is not parent:
        return None
    if parent.attr == WITH_LOGS:
        return Application(method, WITH_LOGS, vjp)
    if parent.attr == WITH_REFS:
        applied = parents.get(id(method))
        if isinstance(applied, ast.Call) and applied.func is method:
            return Application(applied, WITH_REFS, vjp)
    return None


def applications(ctx: Context) -> list[Application]:
    """Every call applying a VJP function of `vjp_functions(ctx)`, in source order."""
    return ctx.once(_applications)


def _applications(ctx: Context) -> list[Application]:
    found = [app for vjp in vjp_functions(ctx) for use in vjp.uses
             if (app := _application(ctx, use, vjp)) is not None]
    found.sort(key=lambda a: (a.call.lineno, a.call.col_offset))
    return found


def saveable_args_default(call: ast.Call) -> bool:
    """No `saveable_args` (or `True`) on a `jax.vjp` call: the not-saveable check, which runs
    first when the VJP function is applied, passes."""
    keyword = next((k for k in call.keywords if k.arg == "saveable_args"), None)
    return keyword is None or (isinstance(keyword.value, ast.Constant) and keyword.value.value is True)


def differentiated_callable(ctx: Context, expr: ast.expr) -> tuple[FunctionNode, Signature] | None:
    """The def or lambda a transformation given `expr` traces (`ModuleModel.function_of`, seen
    through `@jax.jit`), or a bound method of the file (`self.loss`, `model.loss`:
    `Members.denoted`, its def undecorated): the function with the signature its calls bind
    (a bound method's without its first parameter)."""
    function = ctx.model.function_of(expr, through_jit=True)
    if function is not None:
        return function, Signature.of(function.args)
    if not isinstance(expr, ast.Attribute):
        return None
    denoted = ctx.model.members.denoted(expr)
    if denoted is None or not denoted.bound or not isinstance(denoted.function, ast.FunctionDef) \
            or denoted.function.decorator_list:
        return None
    signature = Signature.of(denoted.function.args)
    if not signature.positional:
        return None
    return denoted.function, signature.bound_to_instance()


def returned_expressions(model: ModuleModel, function: FunctionNode) -> list[ast.expr | None] | None:
    """The expression of every return of `function` (None for a bare return or falling off
    the end); None when the code does not show them (a generator)."""
    values = [value for value, _ in returned_values(model, function)]
    return values or None


def output_structure(ctx: Context, function: FunctionNode, has_aux: bool) -> Structure | None:
    """The pytree structure every return of `function` certainly has: the whole returned
    value, or with `has_aux` the first element of the returned pair. None when a return is
    unknown or two returns differ."""
    values = returned_expressions(ctx.model, function)
    if values is None:
        return None
    found: Structure | None = None
    for value in values:
        if value is None:
            return None  # returns None: other errors (has_aux) or an empty output
        if has_aux:
            pair = ctx.values.value(value)
            if pair.elements is None or len(pair.elements) != 2:
                return None
            structure = ctx.values.structure(pair.elements[0])
        else:
            structure = ctx.values.structure(value)
        if isinstance(structure, Unknown) or (found is not None and structure != found):
            return None
        found = structure
    return found


def is_tuple_of(structure: Structure | None, length: int) -> bool:
    return isinstance(structure, TupleNode) and len(structure.children) == length


