"""Fixes for JXE001 (`with_refs` arguments not shaped like the primals)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import libcst as cst

from jaxerr_lsp.findings import Finding
from jaxerr_lsp.fixes.edits import Fix
from jaxerr_lsp.fixes.nodes import parenthesized, preview_of, quote_style, sequence_to_dict
from jaxerr_lsp.fixes.statement import StmtDoc, doc_for, import_edit_for
from jaxerr_lsp.fixes.text import NEWLINE, Lines, as_identifier, as_list, as_span, as_str, cover

_REF_AFFIXES = (
    "grad", "grads", "gradient", "gradients", "g", "d", "ref", "refs", "r", "acc", "accum",
    "buf", "buffer", "ct", "cts", "cot", "delta", "new", "zero", "zeros", "out",
)


_GLUED_PREFIXES = ("g", "d")  # gw, dw


def _name_matches(name: str, key: str) -> bool:
    n, k = name.lower().strip("_"), key.lower().strip("_")
    if not k:
        return False
    if n == k:
        return True
    for affix in _REF_AFFIXES:
        if n in (f"{affix}_{k}", f"{k}_{affix}"):
            return True
    return any(n == p + k for p in _GLUED_PREFIXES)


def _ref_names(node: cst.BaseExpression) -> list[str]:
    """Names that say which primal key a ref expression belongs to."""
    if isinstance(node, cst.Name):
        return [node.value]
    if isinstance(node, cst.Attribute):
        return [node.attr.value]
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        if isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString):
            value = index.value.evaluated_value
            return [value] if isinstance(value, str) else []
        return []
    if isinstance(node, cst.Call) and node.args:
        # jax.new_ref(jnp.zeros_like(w)) belongs to `w`
        return _ref_names(node.args[0].value)
    return []


def _match_keys(elements: Sequence[cst.BaseExpression], keys: Sequence[str]) -> list[str] | None:
    """The key each element's name clearly belongs to (one to one), or None."""
    matched = []
    for element in elements:
        names = _ref_names(element)
        hits = {k for k in keys if any(_name_matches(n, k) for n in names)}
        if len(hits) != 1:
            return None
        matched.append(hits.pop())
    if len(set(matched)) != len(keys):
        return None
    return matched


def _with_refs_call(node: cst.CSTNode) -> bool:
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "with_refs"
    )


def compute(lines: Lines, finding: Finding) -> list[Fix]:
    data = finding.data
    refs = [r for r in as_list(data.get("refs")) if isinstance(r, dict)]
    ref_spans = [as_span(r.get("span")) for r in refs]
    if any(s is None for s in ref_spans):
        return []
    refs_span = as_span(data.get("refs_span"))
    target = cover([*ref_spans, refs_span] if refs_span else ref_spans) if ref_spans else finding.span
    doc = doc_for(lines, target)
    if doc is None:
        return []
    call = doc.enclosing(target, cst.Call, _with_refs_call)
    if call is None:
        return []
    arg_nodes = []
    for ref, span in zip(refs, ref_spans):
        node = doc.expression(span, as_str(ref.get("source")))
        arg = next((a for a in call.args if a.value is node), None)
        if arg is None:
            return []
        arg_nodes.append(arg)

    fixes = []
    restructure = data.get("restructure")
    if isinstance(restructure, dict):
        fix = _restructure_fix(doc, data, restructure, arg_nodes)
        if fix is not None:
            fixes.append(fix)
    fix = _refs_from_primals_fix(lines, doc, data, call, arg_nodes)
    if fix is not None:
        fixes.append(fix)
    return fixes


def _restructure_fix(
    doc: StmtDoc, data: dict, restructure: dict, arg_nodes: list[cst.Arg]
) -> Fix | None:
    index = restructure.get("arg")
    keys = restructure.get("keys")
    if not isinstance(index, int) or not 0 <= index < len(arg_nodes):
        return None
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        return None
    node = arg_nodes[index].value
    if not isinstance(node, (cst.Tuple, cst.List)) or len(node.elements) != len(keys):
        return None
    if any(isinstance(e, cst.StarredElement) for e in node.elements):
        return None
    values = [e.value for e in node.elements]
    matched = _match_keys(values, keys)
    if matched is None and len(keys) == 1:
        matched = list(keys)  # one ref, one key: nothing to pair wrongly
    safe = matched is not None
    assigned = matched if matched is not None else list(keys)
    primals = as_list(data.get("primals"))
    primal = primals[index] if index < len(primals) and isinstance(primals[index], dict) else {}
    primal_source = as_str(primal.get("source")) or ""
    new = sequence_to_dict(node, assigned, quote_style(primal_source, doc.lines.source))
    edit = doc.edit({id(node): lambda _updated: new})
    if edit is None:
        return None
    preview = preview_of(new)
    if safe:
        title = f"Pass the refs as a dict like the primal: {preview}"
        why = "Each ref's name says which key it belongs to, so the same refs receive the same gradients, in the dict shape JAX expects."
    else:
        title = f"Pass the refs as a dict like the primal: {preview} (unsafe: keys paired by position)"
        why = "The refs' names do not say which key each belongs to, so they are paired with the primal's keys in order, which may swap gradients."
    return Fix(title, safe, why, (edit,), "refs-as-dict")


def _refs_from_primals_fix(
    lines: Lines, doc: StmtDoc, data: dict, call: cst.Call, arg_nodes: list[cst.Arg]
) -> Fix | None:
    primals = [p for p in as_list(data.get("primals")) if isinstance(p, dict)]
    if not primals:
        return None
    jax_alias, jnp_alias = as_identifier(data.get("jax_alias")), as_identifier(data.get("jnp_alias"))
    jax_name, jnp_name = jax_alias or "jax", jnp_alias or "jnp"
    new_values = []
    for primal in primals:
        source = primal.get("source")
        if not isinstance(source, str) or not source.strip() or source.lstrip().startswith("*"):
            return None
        try:
            primal_node = cst.parse_expression(NEWLINE.sub(lines.newline, source.strip()))
        except cst.ParserSyntaxError:
            return None
        template = cst.parse_expression(
            f"{jax_name}.tree.map(lambda p: {jax_name}.new_ref({jnp_name}.zeros_like(p)), PRIMAL)"
        )
        assert isinstance(template, cst.Call)
        new_values.append(
            template.with_changes(
                args=[template.args[0], template.args[1].with_changes(value=parenthesized(primal_node))]
            )
        )
    replacements: dict[int, Callable[[Any], cst.CSTNode]] = {}
    positional = [a for a in call.args if not a.keyword and not a.star]
    if len(arg_nodes) == len(primals) and [id(a) for a in arg_nodes] == [
        id(a) for a in positional[: len(arg_nodes)]
    ]:
        for arg, value in zip(arg_nodes, new_values):
            replacements[id(arg.value)] = lambda _u, value=value: value
    else:
        if any(a.star for a in call.args):
            return None
        rest = [a for a in call.args if a.keyword]
        new_args = [
            cst.Arg(v, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for v in new_values
        ]
        if not rest:
            new_args[-1] = new_args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        replacements[id(call)] = lambda u: u.with_changes(args=[*new_args, *rest])
    edit = doc.edit(replacements)
    if edit is None:
        return None
    imports = []
    if jax_alias is None:
        imports.append("import jax")
    if jnp_alias is None:
        imports.append("import jax.numpy as jnp")
    import_edit = import_edit_for(lines, imports)
    edits = (import_edit, edit) if import_edit else (edit,)
    if data.get("primals_rebound"):
        title = "Build refs mirroring the primals (unsafe: new refs replace yours, and a primal was rebound)"
        why = "A primal's name is rebound after jax.vjp, so refs built from it may not mirror what was differentiated, and your own refs no longer receive the gradients."
    else:
        title = "Build refs mirroring the primals (unsafe: new refs replace yours)"
        why = "Fresh zero refs shaped like each primal replace the refs you passed, so your own refs no longer receive the gradients."
    return Fix(title, False, why, edits, "refs-from-primals")

