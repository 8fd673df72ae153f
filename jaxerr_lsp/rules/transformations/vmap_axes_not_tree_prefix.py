"""JXE115 vmap-axes-not-tree-prefix.

What it does: finds a call of a function made by `jax.vmap` whose `in_axes` (a tuple or list
the code writes, one entry per positional argument) has an entry that is not a tree prefix of
its argument as the value inference fully shows it: a dict of axes with other keys than the
argument's, a tuple of axes for an array, a list of axes for a tuple, a tuple of another
length (`families/tree_prefix.py`; None entries count as leaves, as vmap reads them).

The finding predicts JAX's whole message (every mismatch JAX lists, its spurious ones for
None entries included) when the arguments are fully shown; otherwise it says what differs.

Silent when `in_axes` or an argument is not shown where they are compared, for `*args` /
`**kwargs` at the call, for an `in_axes` of the wrong length or with an invalid leaf (JXE092
and JXE093 come first), and for methods and functions reached otherwise than through a name
bound once (`families/vmap_axes.py`).

Why is this bad: vmap matches the axes with the arguments at each call, before tracing, and
raises ValueError.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.pytree import (DictNode, Leaf, ListNode, NoneNode, Structure, TupleNode,
                                        UNKNOWN as UNKNOWN_TREE)
from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.families.tree_prefix import PYTREE_LEAF, prefix_errors
from jaxerr_lsp.families.vmap_axes import UNKNOWN, Vmap, arguments_span, bad_leaves, has_unknown, literal, vmaps

_NAME = "vmap in_axes"


@dataclass(frozen=True)
class AxesNotPrefix(RuleData):
    args_span: Span  # the call's arguments
    paths: tuple[str, ...]  # the key paths of the certain mismatches


def axes_structure(value: object) -> Structure:
    """An axes value the code shows as a pytree structure (ints are leaves)."""
    if value is None:
        return NoneNode()
    if type(value) is int:
        return Leaf("int")
    if isinstance(value, (tuple, list)):
        children = tuple(axes_structure(v) for v in value)
        return TupleNode(children) if isinstance(value, tuple) else ListNode(children)
    if isinstance(value, dict):
        try:
            ordered = sorted(value.items(), key=lambda kv: kv[0])
        except TypeError:
            return UNKNOWN_TREE
        return DictNode(tuple((k, axes_structure(v)) for k, v in ordered))
    return UNKNOWN_TREE


def check(ctx: Context) -> None:
    for vmap in vmaps(ctx):
        in_axes = vmap.option("in_axes")
        if in_axes is None or not vmap.calls:
            continue
        value = literal(ctx, in_axes)
        if not isinstance(value, (tuple, list)) or has_unknown(value) or bad_leaves(value):
            continue
        out_axes = vmap.option("out_axes")
        if out_axes is not None:
            out = literal(ctx, out_axes)
            if out is not UNKNOWN and bad_leaves(out):
                continue  # JXE093 at jax.vmap(...) first
        prefix = axes_structure(tuple(value))  # vmap makes a list a tuple first
        for call in vmap.calls:
            _check_call(ctx, vmap, call, prefix)


def _check_call(ctx: Context, vmap: Vmap, call: ast.Call, prefix: Structure) -> None:
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return
    assert isinstance(prefix, TupleNode)
    if len(prefix.children) != len(call.args):
        return  # JXE092
    full = TupleNode(tuple(ctx.values.value(a).tree for a in call.args))
    certain = prefix_errors(prefix, full, none_is_leaf=True)
    if not certain:
        return  # a prefix, or not shown
    details = prefix_errors(prefix, full, leaf_class=PYTREE_LEAF)
    texts = [m.text(_NAME) for m in details] if details is not None else None
    values = {"name": _NAME, "hint": ""}
    shown = {}
    if texts is not None and all(t is not None for t in texts):
        body = "\n  ".join(t for t in texts if t is not None)
        values["prefix_err_msg"] = f"\n  Mismatch details ({len(texts)} found):\n  {body}"
    else:
        where = ", ".join(f"{_NAME}{m.path}" for m in certain)
        shown["prefix_err_msg"] = f"\n  Mismatch details: the structures differ at {where}"
    span = arguments_span(ctx, call)
    in_axes = vmap.option("in_axes")
    assert in_axes is not None
    from jaxerr_lsp.errors.catalog import load_catalog

    template = load_catalog().get(RULE.catalog_id).message.strip()
    ctx.report(span, message=fill(template, {**values, **shown}),
               predicted=fill(template, values, escape=True),
               related=(Related(ctx.span(in_axes), "in_axes here"),),
               data=AxesNotPrefix(span, tuple(m.path for m in certain)))


RULE = Rule(
    code="JXE115",
    catalog_id="vmap-axes-not-tree-prefix",
    triggers=("vmap",),
    check=check,
    data=AxesNotPrefix,
)
