"""JXE114 tree-map-structure-mismatch.

What it does: finds `jax.tree.map(f, tree, *rest)` / `jax.tree_util.tree_map(...)` calls where
the value inference fully shows the first tree and another one down to the place where that
one is not a prefix of the first's structure: another container type there (a list for a
tuple, `None` for an array, an array for a tuple), a tuple or list of another length, or a
dict with other keys (`families/tree_prefix.py`). The finding says what JAX says: the first
difference of the first tree that differs, with its key path.

It stays silent when `is_leaf` or any keyword is given, when `*args` hides the trees, where a
tree is not fully shown up to the difference (an earlier tree or an earlier subtree unknown:
the error JAX reports may be another), and on dicts with different numbers of keys (JAX words
that one in a message the entry does not hold).

Why is this bad: `jax.tree.map` raises ValueError before calling `f`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.followed_calls import FollowedCall, call_contexts, runs_with_values
from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.analysis.pytree import DictNode, ListNode, NamedTupleNode, NoneNode, TupleNode
from jaxerr_lsp.analysis.values import Inference, Value
from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.families.expected_errors import expected_at
from jaxerr_lsp.families.tree_prefix import Mismatch, prefix_errors

# Pytree nodes whose structure the evaluator shows (containers; a leaf says nothing here).
_SHOWN = (DictNode, ListNode, NamedTupleNode, NoneNode, TupleNode)

_QUALNAMES = ("jax.tree.map", "jax.tree_util.tree_map")
_NAME = "tree_map tree"
_HEADS = {"types": "pytree structure error: different types",
          "lengths": "pytree structure error: different lengths",
          "metadata": "pytree structure error: different pytree metadata"}


@dataclass(frozen=True)
class TreeMapMismatch(RuleData):
    tree_span: Span  # the tree that differs from the first
    kind: str  # "types" | "lengths" | "metadata"
    path: str  # the key path of the difference


def _template(kind: str) -> str | None:
    entry = load_catalog().get("tree-map-structure-mismatch")
    return next((s.message for s in entry.sources
                 if s.message is not None and s.message.startswith(_HEADS[kind])), None)


def check(ctx: Context) -> None:
    for qualname in _QUALNAMES:
        for site in ctx.model.calls_to(qualname):
            if site.complete and not site.keywords and len(site.args) >= 3 \
                    and not any(isinstance(a, ast.Starred) for a in site.args):
                found = _first_difference(ctx, site.args[1], site.args[2:])
                if found is not None:
                    _report(ctx, site.args[1], *found)
                else:
                    _check_followed(ctx, site.call, site.args[1], site.args[2:])


def _first_difference(ctx: Context, first: ast.expr,
                      rest: tuple[ast.expr, ...]) -> tuple[ast.expr, Mismatch] | None:
    """The first tree of `rest` whose structure differs from `first`'s where both are shown
    (the values in force: a followed call's inside `CallContext.bound`), with the first
    difference; None when they agree or a tree is not shown up to a difference."""
    prefix = ctx.values.value(first).tree
    for tree in rest:
        errors = prefix_errors(prefix, ctx.values.value(tree).tree)
        if errors is None:
            return None  # not shown: JAX may stop here with another difference
        if errors:
            return tree, errors[0]
    return None


def _check_followed(ctx: Context, call: ast.Call, first: ast.expr, rest: tuple[ast.expr, ...]) -> None:
    """A `tree_map` in the body of a def of the file whose trees are its parameters (read
    themselves), checked once per call of the def the file shows with the structures the call
    gives them (`followed_calls.call_contexts`), where it certainly runs with them: the first
    call whose trees differ is named."""
    scope = ctx.model.call_scope.get(id(call))
    function = scope.node if scope is not None else None
    if not isinstance(function, ast.FunctionDef) or not any(
            _parameter(ctx, tree, function) for tree in (first, *rest)):
        return
    for context in call_contexts(ctx.model, ctx.values, function, _trees_given):
        with context.bound(ctx.values):
            if not runs_with_values(ctx.model, ctx.values, function, call):
                continue
            found = _first_difference(ctx, first, rest)
        if found is not None and not expected_at(ctx, *context.calls):
            related = (Related(ctx.span(context.calls[0]), "the call that gives these trees"),
                       *(Related(ctx.span(c), "the call that gives its caller these values")
                         for c in context.calls[1:]))
            _report(ctx, first, *found, related)
            return


def _parameter(ctx: Context, expr: ast.expr, function: ast.FunctionDef) -> bool:
    """Whether `expr` certainly reads a parameter of `function` itself."""
    if not isinstance(expr, ast.Name):
        return False
    reaching = ctx.model.reaching(expr)
    return reaching is not None and len(reaching) == 1 and isinstance(reaching[0].node, ast.arg) \
        and reaching[0].scope.node is function


def _trees_given(model: ModuleModel, values: Inference, call: FollowedCall) -> dict[str, Value] | None:
    """What a followed call gives the parameters whose pytree structure the evaluator shows
    (a transformation keeps structures); None when it shows none."""
    given = {name: value for name, expr in call.arguments.items()
             if isinstance((value := values.value(expr)).tree, _SHOWN)}
    return given or None


def _report(ctx: Context, first: ast.expr, tree: ast.expr, mismatch: Mismatch,
            also: tuple[Related, ...] = ()) -> None:
    if mismatch.kind not in _HEADS:
        return
    template = _template(mismatch.kind)
    if template is None:
        return
    values = {"keystr(key_path)": mismatch.path}
    shown: dict[str, str] = {}
    known = mismatch.values()
    if known is not None:
        values = known
    else:  # types, a class the code does not show
        for placeholder, text in (("type(prefix_tree)", mismatch.prefix),
                                  ("type(full_tree)", mismatch.full)):
            if text:
                values[placeholder] = text
            else:
                shown[placeholder] = "a leaf's class (an array's, a number's...)"
    span = ctx.span(tree)
    where = f"at {_NAME}{mismatch.path}" if mismatch.path else "at the root"
    ctx.report(span, message=fill(template, {**values, **shown}),
               predicted=fill(template, values, escape=True),
               related=(Related(ctx.span(first), f"the first tree, which this one differs from {where}"), *also),
               data=TreeMapMismatch(span, mismatch.kind, mismatch.path))


RULE = Rule(
    code="JXE114",
    catalog_id="tree-map-structure-mismatch",
    triggers=("tree.map", "tree_map"),
    check=check,
    data=TreeMapMismatch,
)
