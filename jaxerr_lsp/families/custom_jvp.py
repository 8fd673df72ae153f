"""The file's custom_jvp functions, their jvp rules, and what those rules return.

Shared by the custom_jvp rules (JXE110-JXE113). A custom_jvp function is found as custom_vjp's
are (`families/custom_vjp.py`, with `jax.custom_jvp` as the maker: the options
`nondiff_argnums` / `nondiff_argnames` are the same), and kept in the same record. Its rules:

- `@f.defjvp` on a def (the innermost decorator), `f.defjvp(rule)`: a jvp rule, called by JAX
  as `rule(*nondiff_args, primals, tangents)`; the rule of a function registered once and
  without `symbolic_zeros` has `primals` and `tangents` seeded in the value inference as what
  JAX hands it (tuples of pytrees of arrays);
- `f.defjvps(*rules)`: one rule per argument.

`primal_structure(ctx, registration, expr)` is the structure of a jvp rule's primal output,
through a call of the custom_jvp function itself (`f(x)`, `out = f(x)`): what its primal
function returns for those arguments.
"""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.pytree import UNKNOWN, Structure, Unknown
from jaxerr_lsp.analysis.values import FROM_JAX, Signature, bind_arguments
from jaxerr_lsp.families.custom_vjp import (CustomVjp, FunctionNode, custom_vjp_of,
                                            made_functions, returned_values)

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

MAKER = "jax.custom_jvp"
# A custom_jvp function: the custom_vjp record (definition, primal, options, nondiff_argnums).
CustomJvp = CustomVjp


@dataclass(frozen=True)
class JvpRegistration:
    node: ast.AST  # the decorator `f.defjvp`, or the call `f.defjvp(rule)` / `f.defjvps(...)`
    method: str  # "defjvp" | "defjvps"
    custom_jvp: CustomJvp
    rule: FunctionNode | None  # defjvp's rule, when the file shows it (a def or a lambda)
    rules: tuple[ast.expr, ...] | None  # defjvps's arguments (None when a `*x` hides them)
    # defjvp's symbolic_zeros: False when not given or a literal False; None otherwise.
    symbolic_zeros: bool | None = False

    @property
    def primal_name(self) -> str | None:
        """The `__name__` JAX prints for the custom_jvp function."""
        primal = self.custom_jvp.primal
        if not self.custom_jvp.plain:
            return None
        if isinstance(primal, ast.Lambda):
            return "<lambda>"
        return primal.name if primal is not None else None

    @property
    def rule_name(self) -> str | None:
        """The `__name__` JAX prints for the jvp rule."""
        if isinstance(self.rule, ast.Lambda):
            return "<lambda>"
        return self.rule.name if self.rule is not None else None


def custom_jvp_of(ctx: Context, receiver: ast.expr) -> CustomJvp | None:
    """The custom_jvp function the name `receiver` certainly is, if it is one."""
    return custom_vjp_of(ctx.model, receiver, MAKER)


def custom_jvps(ctx: Context) -> list[CustomJvp]:
    """Every custom_jvp function the document defines, in source order; found once."""
    return ctx.once(_custom_jvps)


def _custom_jvps(ctx: Context) -> list[CustomJvp]:
    return made_functions(ctx, MAKER)


def jvp_registrations(ctx: Context) -> list[JvpRegistration]:
    """Every `defjvp` / `defjvps` of a custom_jvp function of this file, in source order;
    found (and the rules seeded) once for every rule that asks."""
    return ctx.once(_find)


def registered_once(ctx: Context) -> list[JvpRegistration]:
    """The registrations of custom_jvp functions registered once: a second `defjvp` replaces
    the first, and which one runs depends on the order the code runs in."""
    found = jvp_registrations(ctx)
    counts = Counter(id(r.custom_jvp.definition) for r in found)
    return [r for r in found if counts[id(r.custom_jvp.definition)] == 1]


def _symbolic_zeros(keywords: list[ast.keyword], args: list[ast.expr]) -> bool | None:
    if args:
        return None
    for keyword in keywords:
        if keyword.arg != "symbolic_zeros":
            return None
        if not (isinstance(keyword.value, ast.Constant) and keyword.value.value is False):
            return None
    return False


def _find(ctx: Context) -> list[JvpRegistration]:
    model = ctx.model
    found: list[JvpRegistration] = []
    for function in model.functions:
        if not isinstance(function, ast.FunctionDef):
            continue
        for position, decorator in enumerate(function.decorator_list):
            if isinstance(decorator, ast.Attribute) and decorator.attr == "defjvp":
                custom_jvp = custom_jvp_of(ctx, decorator.value)
                if custom_jvp is None:
                    continue
                # The innermost decorator: the rule JAX gets is the def itself.
                rule = function if position == len(function.decorator_list) - 1 else None
                found.append(JvpRegistration(decorator, "defjvp", custom_jvp, rule, None))
    for call in model.method_calls("defjvp"):
        assert isinstance(call.func, ast.Attribute)
        custom_jvp = custom_jvp_of(ctx, call.func.value)
        if custom_jvp is None or not call.args or isinstance(call.args[0], ast.Starred):
            continue
        found.append(JvpRegistration(call, "defjvp", custom_jvp, model.function_of(call.args[0]), None,
                                     _symbolic_zeros(call.keywords, call.args[1:])))
    for call in model.method_calls("defjvps"):
        assert isinstance(call.func, ast.Attribute)
        custom_jvp = custom_jvp_of(ctx, call.func.value)
        if custom_jvp is None:
            continue
        rules = None if any(isinstance(a, ast.Starred) for a in call.args) or call.keywords \
            else tuple(call.args)
        found.append(JvpRegistration(call, "defjvps", custom_jvp, None, rules, None))
    found.sort(key=lambda r: (getattr(r.node, "lineno", 0), getattr(r.node, "col_offset", 0)))
    counts = Counter(id(r.custom_jvp.definition) for r in found)
    for registration in found:
        if counts[id(registration.custom_jvp.definition)] == 1:
            _seed(ctx, registration)
    return found


def rule_parameters(registration: JvpRegistration) -> tuple[str, str] | None:
    """The names of a jvp rule's `primals` and `tangents` parameters, when the rule takes
    exactly the nondiff arguments and those two, positionally."""
    rule, nondiff = registration.rule, registration.custom_jvp.nondiff_argnums
    if rule is None or nondiff is None or registration.symbolic_zeros is not False:
        return None
    signature = Signature.of(rule.args)
    if signature.vararg or signature.keyword_only or len(signature.positional) != len(nondiff) + 2:
        return None
    primals, tangents = signature.positional[len(nondiff):]
    return primals, tangents


def _seed(ctx: Context, registration: JvpRegistration) -> None:
    names = rule_parameters(registration)
    if names is None or registration.rule is None:
        return
    for name in names:
        ctx.values.seed_parameter(registration.rule, name, FROM_JAX)


def rule_returns(ctx: Context, registration: JvpRegistration
                 ) -> list[tuple[ast.expr | None, ast.AST]]:
    """(value, node) for each return of the registration's jvp rule (value None: it returns
    None); empty when the rule is not seen or the function is registered twice."""
    if registration.rule is None or registration not in registered_once(ctx):
        return []
    return list(returned_values(ctx.model, registration.rule))


def primal_structure(ctx: Context, registration: JvpRegistration, expr: ast.expr) -> Structure:
    """The pytree structure of a jvp rule's primal output `expr`: what the value inference
    knows, or, for a call of the custom_jvp function itself (`f(x)`, or a name bound once to
    one), what its primal function returns for those arguments on every path; UNKNOWN when
    the code does not show it."""
    known = ctx.values.value(expr).tree
    if not isinstance(known, Unknown):
        return known
    call = expr
    if isinstance(expr, ast.Name):
        value = ctx.model.assigned_value(expr)
        if value is None:
            return UNKNOWN
        call = value
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
        return UNKNOWN
    called = custom_jvp_of(ctx, call.func)
    custom_jvp = registration.custom_jvp
    primal = custom_jvp.primal
    if called is None or called.definition is not custom_jvp.definition or primal is None \
            or not custom_jvp.plain:
        return UNKNOWN
    bound = bind_arguments(Signature.of(primal.args), call.args, call.keywords)
    if bound is None or bound.extra_positional or bound.extra_keywords:
        return UNKNOWN
    arguments = {name: ctx.values.value(value) for name, value in bound.given.items()}
    trees: set[Structure] = set()
    with ctx.values.bound(primal, arguments):
        for value, _ in returned_values(ctx.model, primal):
            if value is None:
                return UNKNOWN  # None from a path the code may never take: not said here
            trees.add(ctx.values.value(value).tree)
    if len(trees) != 1:
        return UNKNOWN
    return trees.pop()
