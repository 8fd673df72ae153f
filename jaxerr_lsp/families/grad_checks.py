"""The reverse-mode gradient functions of this file and where they are called, for the rules
about what JAX checks when one runs (JXE090 integer inputs, JXE091 non-scalar outputs,
JXE136 outputs that are not real).

`gradient_calls(ctx)`: every `jax.grad(f, ...)`, `jax.value_and_grad`, `jax.jacrev`,
`jax.jacobian` (also through `functools.partial`, and `@jax.grad` on a def) whose options are
literals the code shows, with every call of the function it makes: `jax.grad(f)(x)` where it
is made, `g(x)` for a name bound once to it, `slope(x)` for a def decorated by it alone.
Everything is looked up through the model; unknown options mean the site is left out.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.model import DEF, CallSite, Decoration
from jaxerr_lsp.analysis.values import Signature, Value, bind_arguments, return_expression
from jaxerr_lsp.families.vjp_application import FunctionNode, differentiated_callable

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

# The transformation -> the name JAX's input check prints.
TRANSFORMS = {"jax.grad": "grad", "jax.value_and_grad": "grad", "jax.jacrev": "jacrev",
              "jax.jacobian": "jacrev"}
# Positions of the options after `fun`, as all four write them.
_OPTION_POSITIONS = ("argnums", "has_aux", "holomorphic", "allow_int")


@dataclass(frozen=True)
class Options:
    """The transformation's options, as literals the code shows."""

    argnums: tuple[int, ...] = (0,)  # in the order JAX checks them
    has_aux: bool = False
    holomorphic: bool = False
    allow_int: bool = False


@dataclass(frozen=True, eq=False)
class GradientCall:
    """One call of a function made by a reverse-mode transformation."""

    qualname: str  # jax.grad, jax.value_and_grad, jax.jacrev, jax.jacobian
    made: ast.AST  # the jax.grad(...) call, or the decorator
    function: ast.expr | ast.FunctionDef  # what is differentiated: the argument, or the def
    options: Options
    call: ast.Call  # the call of the gradient function

    @property
    def name(self) -> str:
        return TRANSFORMS[self.qualname]

    @property
    def argnums(self) -> tuple[int, ...]:
        return self.options.argnums

    @property
    def has_aux(self) -> bool:
        return self.options.has_aux

    @property
    def holomorphic(self) -> bool:
        return self.options.holomorphic

    @property
    def allow_int(self) -> bool:
        return self.options.allow_int


def _options(args: tuple[ast.expr, ...], keywords: tuple[ast.keyword, ...]) -> Options | None:
    """The options after `fun`; None when one is not a literal (or a `*`/`**` argument hides
    them, or an option is given twice or unknown)."""
    if any(isinstance(a, ast.Starred) for a in args) or any(k.arg is None for k in keywords) \
            or len(args) > len(_OPTION_POSITIONS):
        return None
    given: dict[str, ast.expr] = dict(zip(_OPTION_POSITIONS, args))
    for keyword in keywords:
        assert keyword.arg is not None
        if keyword.arg in given or keyword.arg not in _OPTION_POSITIONS:
            return None
        given[keyword.arg] = keyword.value
    argnums = _argnums(given.pop("argnums")) if "argnums" in given else (0,)
    flags: dict[str, bool] = {}
    for name, value in given.items():
        if not isinstance(value, ast.Constant) or not isinstance(value.value, bool):
            return None
        flags[name] = value.value
    return Options(argnums, **flags) if argnums is not None else None


def _argnums(value: ast.expr) -> tuple[int, ...] | None:
    """The literal argnums (negative ones count from the end of each call's positional
    arguments, as JAX resolves them: `differentiated_arguments`)."""
    number = _signed_int(value)
    if number is not None:
        return (number,)
    if isinstance(value, (ast.Tuple, ast.List)) and value.elts:
        numbers = tuple(_signed_int(e) for e in value.elts)
        if any(n is None for n in numbers):
            return None
        return numbers if len(set(numbers)) == len(numbers) else None  # type: ignore[return-value]
    return None


def _signed_int(value: ast.expr) -> int | None:
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub) \
            and isinstance(value.operand, ast.Constant) and type(value.operand.value) is int:
        return -value.operand.value
    return value.value if isinstance(value, ast.Constant) and type(value.value) is int else None


def _decorated_calls(ctx: Context, decoration: Decoration) -> list[ast.Call]:
    """Calls of a def whose only decorator is the transformation."""
    target = decoration.target
    if not isinstance(target, ast.FunctionDef) or len(target.decorator_list) != 1:
        return []
    scope = ctx.model.scope_of_node.get(id(target))
    parent = scope.parent if scope is not None else None
    binding = ctx.model.unambiguous_binding(target) if parent is not None else None
    if binding is None or binding.kind != DEF or binding.node is not target:
        return []
    return [use.parent for use in ctx.model.uses_of(binding)
            if ctx.model.binding_of(use.node) is binding and isinstance(use.parent, ast.Call)
            and use.parent.func is use.node]


def _site_calls(ctx: Context, qualname: str, site: CallSite) -> list[GradientCall]:
    if not site.complete or not site.args or isinstance(site.args[0], ast.Starred):
        return []
    options = _options(site.args[1:], site.keywords)
    if options is None:
        return []
    return [GradientCall(qualname, site.call, site.args[0], options, call)
            for call in ctx.model.calls_of_result(site.call)]


def _decoration_calls(ctx: Context, qualname: str, decoration: Decoration) -> list[GradientCall]:
    options = _options((), decoration.keywords)
    target = decoration.target
    if options is None or not isinstance(target, ast.FunctionDef):
        return []
    return [GradientCall(qualname, decoration.decorator, target, options, call)
            for call in _decorated_calls(ctx, decoration)]


def gradient_calls(ctx: Context) -> list[GradientCall]:
    """Every call of a gradient function of the file whose options the code shows (found
    once per document)."""
    return ctx.once(_gradient_calls)


def _gradient_calls(ctx: Context) -> list[GradientCall]:
    found: list[GradientCall] = []
    for qualname in TRANSFORMS:
        for site in ctx.model.calls_to(qualname):
            found.extend(_site_calls(ctx, qualname, site))
        for decoration in ctx.model.decorations(qualname):
            found.extend(_decoration_calls(ctx, qualname, decoration))
    found.sort(key=lambda g: (g.call.lineno, g.call.col_offset))
    return found


def differentiated_arguments(gradient: GradientCall) -> list[tuple[int, ast.expr]] | None:
    """(position, argument) for each argnums position, in the order JAX checks them; None
    when the call does not show them (a `*args`, or too few positional arguments: JXE024)."""
    args = gradient.call.args
    count = len(args)
    if any(isinstance(a, ast.Starred) for a in args) or max(gradient.argnums) >= count \
            or min(gradient.argnums) < -count:
        return None
    positions = [position % count for position in gradient.argnums]  # argnums=-1: the last
    if len(set(positions)) != len(positions):
        return None
    return [(position, args[position]) for position in positions]


def differentiated_definition(ctx: Context, gradient: GradientCall) -> FunctionNode | None:
    """The lambda or def of this file that the gradient function differentiates."""
    if isinstance(gradient.function, ast.FunctionDef):
        return gradient.function  # decorated by the transformation alone
    return ctx.model.function_of(gradient.function, through_jit=True)


_ACCEPTED_KINDS = ("f", "c")
_REJECTED_KINDS = ("i", "u", "b", "key")
_MAX_DEPTH = 8


def first_rejected_leaf(ctx: Context, expr: ast.expr, depth: int = 0) -> tuple[ast.expr, str] | bool:
    """What JAX's input check makes of the pytree `expr`: (leaf, dtype) for the first leaf it
    rejects (an integer, boolean or key dtype); True when every leaf is certainly real or
    complex; False when the code does not show it."""
    if depth > _MAX_DEPTH:
        return False
    value = ctx.values.value(expr)
    if value.type in ("tuple", "list", "dict"):
        elements = value.elements if value.type != "dict" else _dict_values(ctx, expr)
        if elements is None:
            return False
        for element in elements:
            verdict = first_rejected_leaf(ctx, element, depth + 1)
            if verdict is not True:
                return verdict
        return True
    if value.type == "NoneType":
        return True  # no leaf
    if value.type in ("float", "complex"):
        return True  # a Python float or complex: inexact, 64-bit types or not
    aval = value.aval
    if value.type not in ("ArrayImpl", "ndarray", "int", "float", "bool", "complex") or aval is None \
            or aval.dtype is None:
        return False
    if aval.kind in _ACCEPTED_KINDS:
        return True
    if aval.kind in _REJECTED_KINDS:
        return expr, aval.dtype
    return False


def _dict_values(ctx: Context, expr: ast.expr) -> list[ast.expr] | None:
    """The values of a dict display with string keys (or of a name bound once to one, never
    changed), in the order JAX flattens them: sorted by key."""
    if isinstance(expr, ast.Name):
        found = ctx.model.assignment_of(expr)
        if found is None or ctx.model.is_mutated(found[0]):
            return None
        expr = found[1]
    if not isinstance(expr, ast.Dict):
        return None
    items: dict[str, ast.expr] = {}
    for key, value in zip(expr.keys, expr.values):
        if not isinstance(key, ast.Constant) or not isinstance(key.value, str) or key.value in items:
            return None
        items[key.value] = value
    return [items[key] for key in sorted(items)]


def jitted_gradient_calls(ctx: Context) -> list[GradientCall]:
    """Every call `jax.jit(jax.grad(f, ...))(x)` (or of a name bound once to the jitted
    function) whose options the code shows: jit without options traces every argument."""
    return ctx.once(_jitted_gradient_calls)


def _jitted_gradient_calls(ctx: Context) -> list[GradientCall]:
    found: list[GradientCall] = []
    for qualname in TRANSFORMS:
        for site in ctx.model.calls_to(qualname):
            outer = ctx.model.parent.get(id(site.call))
            jit = ctx.model.call_site(outer) if isinstance(outer, ast.Call) else None
            if jit is None or jit.qualname != "jax.jit" or jit.keywords or jit.partial is not None \
                    or jit.args != (site.call,) or not site.complete or not site.args \
                    or isinstance(site.args[0], ast.Starred):
                continue
            options = _options(site.args[1:], site.keywords)
            if options is not None:
                found.extend(GradientCall(qualname, site.call, site.args[0], options, call)
                             for call in ctx.model.calls_of_result(jit.call))
    found.sort(key=lambda g: (g.call.lineno, g.call.col_offset))
    return found


def gradient_output(ctx: Context, gradient: GradientCall) -> tuple[ast.expr, Value] | None:
    """What JAX checks after running the differentiated function at this call, when JAX's
    input check passes first (else JXE090 or JXE024 speaks): the returned expression (the
    first of a returned pair with has_aux) and its value with the call's arguments standing
    for the parameters (a bound method's `self` unknown). None when the code does not show it
    (several returns, arguments it cannot bind)."""
    function = differentiated_definition(ctx, gradient)
    signature = Signature.of(function.args) if function is not None else None
    if function is None and not isinstance(gradient.function, ast.FunctionDef):
        found = differentiated_callable(ctx, gradient.function)  # a bound method
        function, signature = found if found is not None else (None, None)
    returned = return_expression(ctx.model, function) if function is not None else None
    if function is None or signature is None or returned is None or not _inputs_accepted(ctx, gradient):
        return None
    output = _output_expression(returned, gradient.has_aux)
    if output is None:
        return None
    bound = bind_arguments(signature, gradient.call.args, gradient.call.keywords)
    if bound is None or bound.extra_positional or bound.extra_keywords:
        return None
    values = {name: ctx.values.value(expr) for name, expr in bound.given.items()}
    with ctx.values.bound(function, values):
        return output, ctx.values.value(output)


def _inputs_accepted(ctx: Context, gradient: GradientCall) -> bool:
    """JAX's input check passes (else JXE024 or JXE090 comes first), unless allow_int."""
    arguments = differentiated_arguments(gradient)
    if arguments is None:
        return False
    return gradient.allow_int or all(first_rejected_leaf(ctx, a) is True for _, a in arguments)


def _output_expression(returned: ast.expr, has_aux: bool) -> ast.expr | None:
    """What JAX checks: the returned expression, or the first of a returned pair (has_aux)."""
    if not has_aux:
        return returned
    if isinstance(returned, ast.Tuple) and len(returned.elts) == 2 \
            and not any(isinstance(e, ast.Starred) for e in returned.elts):
        return returned.elts[0]
    return None
