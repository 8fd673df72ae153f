"""JXE147 cond-predicate-type.

What it does: finds `jax.lax.cond(pred, true_fun, false_fun, *operands)` whose branches are
functions of this file (defs or lambdas, so callable) and whose predicate is certainly a
function of this file too (`model.function_of`: a lambda, an undecorated def, a name bound to
one, or to what a factory def certainly returns): the predicate function passed where its
value goes, `cond(pred_fun, ...)` for `cond(pred_fun(state), ...)`. JAX prints the function
(its address too), so the predicate is described. A decorated def, a parameter, a JAX
function, `None` (another wording) and a complex predicate are left alone.

Why is this bad: `cond` reads the predicate's dtype before tracing the branches; a function
has none, and JAX raises TypeError, eagerly and under jit alike.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.control_flow import cond_predicates


@dataclass(frozen=True)
class FunctionPredicate(RuleData):
    name: str  # the predicate as written


def check(ctx: Context) -> None:
    for pred in cond_predicates(ctx):
        if ctx.model.function_of(pred) is None:
            continue
        text = ctx.segment(pred)
        shown = "the function, as Python prints it" if isinstance(pred, ast.Lambda) \
            else f"the function `{text}`, as Python prints it"
        ctx.report(pred, shown={"pred": shown},
                   note=" (the predicate is a value, not a function: pass its result, "
                        "such as `pred_fun(operand)`)",
                   data=FunctionPredicate(text))


RULE = Rule(
    code="JXE147",
    catalog_id="cond-predicate-type",
    triggers=("cond",),
    check=check,
    data=FunctionPredicate,
)
