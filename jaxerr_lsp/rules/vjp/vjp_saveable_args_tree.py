"""JXE026 vjp-saveable-args-tree.

What it does: finds a literal `saveable_args=` or `in_nzs=` of `jax.vjp` (and `in_nzs=` of
`jax.linearize`) that is not a tree of bools forming a prefix of the primal arguments (up to
container types): a non-bool leaf (`1`, `"yes"`), a container where the primal is a single
value, a container with another number of children than the primal's, or a dict with other
keys than the primal dict.

Why is this bad: JAX expands the flags to one per primal leaf before anything else and raises
ValueError naming the first place they do not fit. The rule follows JAX's order exactly: it
reports only when every place JAX checks before the mismatch is known to pass.

Fix: `0`/`1` -> `False`/`True` (safe); a container of one repeated bool where the primal is a
single value -> that bool (safe; unsafe when its bools differ: then `True`, which saves it); a
flags tuple/list of the wrong length -> padded with `True` or cut to the primal's length
(unsafe: which argument each flag was meant for is not known).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.model import CallSite
from jaxerr_lsp.analysis.pytree import (DictNode, Leaf, ListNode, NamedTupleNode, NoneNode, Structure,
                               TupleNode)
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.core.source import text_of_span

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# The four raise sites of jax/_src/api.py `_tuptree_flags_rec`, in the catalog's order.
NOT_BOOLS, CONTAINER_FOR_LEAF, CHILD_COUNT, DICT_KEYS = range(4)


@dataclass(frozen=True)
class FlagsMismatch(RuleData):
    flag_span: Span  # the part of the flags JAX names
    flag_source: str
    kind: int  # NOT_BOOLS | CONTAINER_FOR_LEAF | CHILD_COUNT | DICT_KEYS
    replacement: str  # what the fix writes there ("" when none)
    replacement_safe: bool


@dataclass(frozen=True)
class Mismatch:
    kind: int
    node: ast.expr  # the flags part JAX names
    values: dict[str, str]


class _Unknown(Exception):
    """The code does not show what JAX would find before (or at) some place: silence."""


def _children(expr: ast.expr) -> list[ast.expr] | None:
    """The children JAX's flatten_one_level gives the flags container `expr` (dict values in
    sorted key order); None for a leaf."""
    if isinstance(expr, ast.Constant) and expr.value is None:
        return []
    if isinstance(expr, (ast.Tuple, ast.List)):
        if any(isinstance(e, ast.Starred) for e in expr.elts):
            raise _Unknown
        return list(expr.elts)
    if isinstance(expr, ast.Dict):
        return [value for _, value in sorted(zip(_dict_keys(expr), expr.values), key=lambda kv: kv[0])]  # type: ignore[arg-type, return-value]
    if isinstance(expr, ast.Constant):
        return None
    raise _Unknown


def _dict_keys(expr: ast.Dict) -> list[object]:
    keys: list[object] = []
    for key in expr.keys:
        if not isinstance(key, ast.Constant) or key.value is None:
            raise _Unknown
        keys.append(key.value)
    if len({type(k) for k in keys}) > 1 or len(set(keys)) != len(keys):
        raise _Unknown
    return keys


def _structure_children(structure: Structure) -> list[Structure]:
    if isinstance(structure, (TupleNode, ListNode, NamedTupleNode)):
        return list(structure.children)
    if isinstance(structure, DictNode):
        return [child for _, child in structure.entries]
    if isinstance(structure, NoneNode):
        return []
    raise _Unknown


def _walk(expr: ast.expr, structure: Structure, name: str, path: tuple[int, ...]) -> Mismatch | None:
    """JAX's `_tuptree_flags_rec` on what the code shows: the first mismatch, None when the
    flags fit, _Unknown when the code does not show it."""
    if isinstance(expr, ast.Constant) and type(expr.value) is bool:
        return None
    where = name + "".join(f"[{i}]" for i in path)
    children = _children(expr)
    if children is None:
        assert isinstance(expr, ast.Constant)
        return Mismatch(NOT_BOOLS, expr, {"where": where, "prefix!r": repr(expr.value),
                                          "type(prefix).__name__": type(expr.value).__name__})
    if isinstance(structure, Leaf):
        return Mismatch(CONTAINER_FOR_LEAF, expr, {"where": where})
    structure_children = _structure_children(structure)
    if len(children) != len(structure_children):
        return Mismatch(CHILD_COUNT, expr, {"where": where, "len(children)": str(len(children)),
                                            "len(td_children)": str(len(structure_children))})
    if isinstance(expr, ast.Dict) and isinstance(structure, DictNode):
        keys = sorted(_dict_keys(expr))  # type: ignore[type-var]
        if keys != list(structure.keys):
            return Mismatch(DICT_KEYS, expr, {"where": where, "sorted(prefix)": repr(keys),
                                              "list(node_data[1])": repr(list(structure.keys))})
    for index, (child, child_structure) in enumerate(zip(children, structure_children)):
        found = _walk(child, child_structure, name, (*path, index))
        if found is not None:
            return found
    return None


def _keyword(site: CallSite, name: str) -> ast.keyword | None:
    return next((k for k in site.keywords if k.arg == name), None)


def _templates() -> list[str]:
    entry = load_catalog().get(RULE.catalog_id)
    return [source.message or entry.message for source in entry.sources]


def _fitted_count(ctx: Context, mismatch: Mismatch) -> str:
    """The flags tuple/list display with as many entries as the primal container: the missing
    ones `True` (JAX's default), the extra ones dropped."""
    node = mismatch.node
    if not isinstance(node, (ast.Tuple, ast.List)) or any(isinstance(e, ast.Starred) for e in node.elts):
        return ""
    wanted = int(mismatch.values["len(td_children)"])
    items = [ctx.segment(e) for e in node.elts][:wanted]
    items += ["True"] * (wanted - len(items))
    if isinstance(node, ast.List):
        return "[" + ", ".join(items) + "]"
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def _replacement(ctx: Context, mismatch: Mismatch) -> tuple[str, bool]:
    node = mismatch.node
    if mismatch.kind == CHILD_COUNT:
        return _fitted_count(ctx, mismatch), False
    if mismatch.kind == NOT_BOOLS and isinstance(node, ast.Constant) and type(node.value) is int \
            and node.value in (0, 1):
        return ("True" if node.value else "False"), True
    if mismatch.kind == CONTAINER_FOR_LEAF:
        flags = [n.value for n in ast.walk(node) if isinstance(n, ast.Constant)]
        if flags and all(type(f) is bool for f in flags):
            if len(set(flags)) == 1:
                return str(flags[0]), True
            return "True", False
    return "", False


def _check_flags(ctx: Context, site: CallSite, option: str, full_name: str,
                 primals: Structure) -> bool:
    """Report the first mismatch of the flags given as `option`; whether they certainly fit
    (so JAX goes on to the next check)."""
    keyword = _keyword(site, option)
    if keyword is None:
        return True
    if option == "in_nzs" and isinstance(keyword.value, ast.Constant) and keyword.value.value is None:
        return True  # in_nzs=None is the default: all nonzero
    try:
        mismatch = _walk(keyword.value, primals, option, ())
    except _Unknown:
        return False
    if mismatch is None:
        return True
    template = _templates()[mismatch.kind]
    values = {"full_name": full_name, **mismatch.values}
    span = ctx.span(mismatch.node)
    replacement, safe = _replacement(ctx, mismatch)
    ctx.report(
        span, message=fill(template, values), predicted=fill(template, values, escape=True),
        related=(Related(ctx.span(site.call), f"primal arguments of `{site.qualname}` here"),),
        data=FlagsMismatch(span, text_of_span(ctx.parsed.lines, span), mismatch.kind,
                           replacement, safe))
    return False


def check(ctx: Context) -> None:
    for qualname, options in (("jax.vjp", ("saveable_args", "in_nzs")), ("jax.linearize", ("in_nzs",))):
        for site in ctx.model.calls_to(qualname):
            if not site.complete or not site.args or any(k.arg is None for k in site.keywords) \
                    or any(isinstance(a, ast.Starred) for a in site.args):
                continue
            if not any(_keyword(site, option) for option in options):
                continue
            primals = TupleNode(tuple(ctx.values.structure(p) for p in site.args[1:]))
            for option in options:
                full_name = f"the {option} argument to {site.qualname}"
                if not _check_flags(ctx, site, option, full_name, primals):
                    break


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, FlagsMismatch)
    if not data.replacement \
            or lines.text(data.flag_span) != data.flag_source.replace("\n", lines.newline):
        return []
    if data.kind == NOT_BOOLS:
        return [Fix(f"Write the flag as a bool: {data.replacement}", data.replacement_safe,
                    f"`{data.flag_source}` is the integer form of {data.replacement}; JAX accepts "
                    "only bools, and the flag keeps its meaning.",
                    (TextEdit(data.flag_span, data.replacement),), "bool-flag")]
    if data.kind == CHILD_COUNT:
        return [Fix(f"Give one flag per primal: {data.replacement}", False,
                    "Pads the flags with True (JAX's default) or drops the extra ones, so there is one "
                    "per primal; which argument each flag was meant for is not known.",
                    (TextEdit(data.flag_span, data.replacement),), "flag-count")]
    if data.replacement_safe:
        why = (f"Every flag in the container is {data.replacement}, so one {data.replacement} for "
               "the single value it stands for means the same.")
    else:
        why = ("The container's flags differ, and one value cannot be partly saved: True keeps it "
               "saved (JAX's default), which may not be what the False flags wanted.")
    return [Fix(f"Use one bool for the single value: {data.replacement}", data.replacement_safe, why,
                (TextEdit(data.flag_span, data.replacement),), "single-bool-flag")]


RULE = Rule(
    code="JXE026",
    catalog_id="vjp-saveable-args-tree",
    triggers=("saveable_args", "in_nzs"),
    check=check,
    data=FlagsMismatch,
    fix=fix,
    fix_ids=("bool-flag", "single-bool-flag", "flag-count"),
)
