"""JXE110 custom-jvp-not-pair.

What it does: finds jvp rules (`@f.defjvp`, `f.defjvp(rule)`) of custom_jvp functions of the
file that return, on some path, something that is certainly not a pair `(primal_out,
tangent_out)`: one array or number, `None`, a dict, a string, or a tuple or list of another
length than two.

It stays silent on values of unknown type or length (a parameter, a call into other code),
on a function registered twice (which rule runs depends on the order), on a rule with other
decorators below `@f.defjvp`, and on a stub rule (a body of `pass`, `...` or a docstring
only: a placeholder the program does not mean to run).

Why is this bad: JAX raises TypeError when the function is differentiated (`jax.jvp`,
`jax.grad`, ...): the rule runs then.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, shorten
from jaxerr_lsp.families.custom_jvp import JvpRegistration, registered_once, rule_returns

_NOT_A_PAIR = {"ArrayImpl", "ndarray", "int", "float", "complex", "bool", "NoneType", "dict", "str"}
_ARRAYS = {"ArrayImpl", "ndarray"}


@dataclass(frozen=True)
class JvpNotPair(RuleData):
    return_span: Span  # the returned value (the def's name when there is no return)
    return_kind: str  # the type of the returned value, as JAX names it
    length: int | None  # a tuple or list's length


def check(ctx: Context) -> None:
    for registration in registered_once(ctx):
        if registration.method != "defjvp" or _stub(registration.rule):
            continue
        for value, node in rule_returns(ctx, registration):
            _check_return(ctx, registration, value, node)


def _stub(rule: ast.AST | None) -> bool:
    """A def whose body is only `pass`, `...` or a docstring."""
    if not isinstance(rule, ast.FunctionDef):
        return False
    return all(isinstance(statement, ast.Pass) or (
        isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
        and (statement.value.value is Ellipsis or isinstance(statement.value.value, str)))
        for statement in rule.body)


def _check_return(ctx: Context, registration: JvpRegistration, value: ast.expr | None,
                  node: ast.AST) -> None:
    values: dict[str, str] = {}
    shown: dict[str, str] = {}
    if value is None:
        span = ctx.name_span(node)
        values["pair_out"] = "None"
        kind, length = "NoneType", None
    else:
        returned = ctx.values.value(value)
        kind, length = returned.type or "", returned.length
        if kind in ("tuple", "list"):
            if length is None or length == 2:
                return
        elif kind not in _NOT_A_PAIR:
            return
        span = ctx.span(value)
        what = (f"a {kind} of length {length}" if length is not None
                else "an array" if kind in _ARRAYS else f"a {kind}")
        if kind == "NoneType":
            values["pair_out"] = "None"
        else:
            shown = {"pair_out": f"`{shorten(ctx.segment(value))}` ({what})"}
    if registration.rule_name is not None:
        values["jvp_name"] = registration.rule_name
    if registration.primal_name is not None:
        values["primal_name"] = registration.primal_name
    ctx.report(span, values=values, shown=shown,
               related=(Related(ctx.span(registration.node), "jvp rule registered here"),),
               data=JvpNotPair(span, kind, length))


RULE = Rule(
    code="JXE110",
    catalog_id="custom-jvp-not-pair",
    triggers=("defjvp",),
    check=check,
    data=JvpNotPair,
)
