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

from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.families.tree_prefix import Mismatch, prefix_errors

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
                _check_call(ctx, site.args[1], site.args[2:])


def _check_call(ctx: Context, first: ast.expr, rest: tuple[ast.expr, ...]) -> None:
    prefix = ctx.values.value(first).tree
    for tree in rest:
        errors = prefix_errors(prefix, ctx.values.value(tree).tree)
        if errors is None:
            return  # not shown: JAX may stop here with another difference
        if errors:
            _report(ctx, first, tree, errors[0])
            return


def _report(ctx: Context, first: ast.expr, tree: ast.expr, mismatch: Mismatch) -> None:
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
               related=(Related(ctx.span(first), f"the first tree, which this one differs from {where}"),),
               data=TreeMapMismatch(span, mismatch.kind, mismatch.path))


RULE = Rule(
    code="JXE114",
    catalog_id="tree-map-structure-mismatch",
    triggers=("tree.map", "tree_map"),
    check=check,
    data=TreeMapMismatch,
)
