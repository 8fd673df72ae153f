"""JXE001 vjp-with-refs-tree-mismatch.

What it does: finds `f_vjp.with_refs(...)` calls, where `f_vjp` is the VJP function returned by
`jax.vjp` (any alias; the second of three results with `has_aux=True`; `jax.vjp(...)[1]`; either
followed by `.with_logs`; found by `jaxerr_lsp.families.vjp_calls`), whose
arguments cannot have the pytree structure of the primal arguments given to `jax.vjp`.

Why is this bad: JAX flattens the `with_refs` arguments and compares their tree structure to
the primals'; any difference raises ValueError before the backward pass runs. The message
predicts JAX's itemized differences word for word.

Only structures the code shows are compared (literals, `dict(...)`, names bound once to them,
`jax.tree.map`, the file's small helpers); anything else is unknown and never reported.

Fix: a tuple/list of refs for a dict primal -> a dict with the primal's keys (safe when each
ref's name says its key); refs rebuilt from the primals with `jax.tree.map` (unsafe: new refs
replace the user's).
"""

from __future__ import annotations

import ast
import keyword as python_keywords
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, InferredStructure, Related, RuleData, Span
from jaxerr_lsp.analysis.pytree import DictNode, Leaf, TupleNode, Unknown, describe, differences
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.families.vjp_calls import function_text, vjp_origin

if TYPE_CHECKING:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.statement import StmtDoc
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class Code(RuleData):
    span: Span
    source: str


@dataclass(frozen=True)
class Restructure(RuleData):
    """Ref argument `arg` is a tuple/list literal whose elements line up one to one with the
    keys (in source order) of primal argument `arg`, a dict literal of string keys whose
    values are leaves."""

    arg: int
    keys: list[str]


@dataclass(frozen=True)
class RefsMismatch(RuleData):
    primals: list[Code]  # one per positional primal argument of jax.vjp
    refs_span: Span  # from the first to the last with_refs argument
    refs: list[Code]  # one per with_refs argument
    restructure: Restructure | None
    jax_alias: str | None  # a name bound to the jax module in this file
    jnp_alias: str | None  # a name bound to jax.numpy
    # A primal name is rebound between jax.vjp and with_refs: rebuilding from it is not safe.
    primals_rebound: bool
    # The positions (primal or with_refs argument) whose structures differ, missing refs and
    # extra refs included; the other arguments are right and a fix keeps them.
    mismatched: list[int]


def _messages(function: str, items: list[tuple[str, str, str, str]]) -> tuple[str, str]:
    """(the compact message for the diagnostic: headline and itemized lines; JAX's whole
    message, predicted, as a template). The catalog template's last line is the item line
    JAX repeats for each difference."""
    from jaxerr_lsp.errors.catalog import load_catalog

    template = load_catalog().get(RULE.catalog_id).message.strip()
    head, item = template.rsplit("\n", 1)
    names = ("keystr(path)", "thing1", "thing2", "explanation")
    values = [dict(zip(names, difference)) for difference in items]
    filled_head = fill(head, {"jaxpr.debug_info.func_src_info": function})
    lines = [fill(item, v) for v in values]
    compact = "\n".join([filled_head.split("\n", 1)[0], filled_head.rsplit("\n", 1)[1], *lines])
    predicted = "\n".join([fill(head, {"jaxpr.debug_info.func_src_info": function}, escape=True),
                           *(_unordered_keys(fill(item, v, escape=True)) for v in values)])
    return compact, predicted


def _unordered_keys(predicted_line: str) -> str:
    """JAX prints the symmetric difference of two key sets from a Python set: with two keys or
    more their order depends on the hash seed, so the prediction leaves it open."""
    marker = "symmetric difference of key sets: {{"
    start = predicted_line.find(marker)
    if start < 0:
        return predicted_line
    end = predicted_line.find("}}", start)
    if " " not in predicted_line[start + len(marker):end]:
        return predicted_line  # one key: nothing to order
    return predicted_line[:start + len(marker) - 2] + "{key_set}" + predicted_line[end + 2:]


def _dict_literal(ctx: Context, expr: ast.expr) -> ast.Dict | None:
    if isinstance(expr, ast.Dict):
        return expr
    if isinstance(expr, ast.Name):
        value = ctx.model.assigned_value(expr)
        if isinstance(value, ast.Dict):
            return value
    return None


def _restructure(ctx: Context, primal: ast.expr, primal_structure: object, ref: ast.expr,
                 arg: int) -> Restructure | None:
    if not isinstance(ref, (ast.Tuple, ast.List)) or not isinstance(primal_structure, DictNode):
        return None
    literal = _dict_literal(ctx, primal)
    if literal is None or len(literal.keys) != len(ref.elts):
        return None
    keys = []
    for key in literal.keys:
        if not isinstance(key, ast.Constant) or not isinstance(key.value, str):
            return None
        keys.append(key.value)
    if len(set(keys)) != len(keys):
        return None
    if not all(isinstance(child, Leaf) for _, child in primal_structure.entries):
        return None
    for element in ref.elts:
        if isinstance(element, (ast.Starred, ast.Tuple, ast.List, ast.Dict, ast.Set)):
            return None
        if not isinstance(ctx.values.structure(element), (Leaf, Unknown)):
            return None
    return Restructure(arg, keys)


def _primals_rebound(ctx: Context, primals: list[ast.expr], vjp: ast.Call, call: ast.Call) -> bool:
    model = ctx.model
    if model.call_scope.get(id(vjp)) is not model.call_scope.get(id(call)):
        return True
    for primal in primals:
        for node in model.names_in(primal):
            use = model.use_of.get(id(node))
            scope = model.resolve_scope(node.id, use.scope) if use else None
            if scope is None:
                continue
            bindings = model.bindings_named(node.id, scope)
            if len(bindings) > 1 or any(vjp.lineno < b.line <= call.lineno for b in bindings):
                return True
    return False


def check(ctx: Context) -> None:
    model = ctx.model
    for call in model.method_calls("with_refs"):
        if not call.args or call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
            continue  # no refs: nothing is compared; *refs or keywords: unknown
        assert isinstance(call.func, ast.Attribute)
        vjp = vjp_origin(ctx, call.func.value)
        if vjp is None or len(vjp.args) < 2 or any(isinstance(a, ast.Starred) for a in vjp.args):
            continue
        primals = vjp.args[1:]
        primal_structures = [ctx.values.structure(p) for p in primals]
        ref_structures = [ctx.values.structure(r) for r in call.args]
        items = list(differences(TupleNode(tuple(primal_structures)), TupleNode(tuple(ref_structures))))
        mismatched = [i for i in range(max(len(primals), len(call.args)))
                      if i >= len(primals) or i >= len(call.args)
                      or any(differences(primal_structures[i], ref_structures[i]))]
        for expr, structure in zip([*primals, *call.args], [*primal_structures, *ref_structures]):
            if not isinstance(structure, Unknown):
                ctx.inferred.append(InferredStructure(ctx.span(expr), describe(structure)))
        if not items:
            continue
        message, predicted = _messages(function_text(ctx, vjp.args[0]), items)
        restructure = None
        for index, (primal, ref) in enumerate(zip(primals, call.args)):
            restructure = _restructure(ctx, primal, primal_structures[index], ref, index)
            if restructure is not None:
                break
        refs_span = ctx.span(call.args[0], call.args[-1])
        primal_text = ", ".join(describe(s) for s in primal_structures)
        ctx.report(
            refs_span, message=message, predicted=predicted,
            related=(Related(ctx.span(vjp),
                             f"primal arguments of `jax.vjp` here, structured as ({primal_text})"),),
            data=RefsMismatch(
                primals=[Code(ctx.span(p), ctx.segment(p)) for p in primals],
                refs_span=refs_span,
                refs=[Code(ctx.span(r), ctx.segment(r)) for r in call.args],
                restructure=restructure,
                jax_alias=next(iter(model.aliases_of("jax")), None),
                jnp_alias=next(iter(model.aliases_of("jax.numpy")), None),
                primals_rebound=_primals_rebound(ctx, primals, vjp, call),
                mismatched=mismatched))


# ------------------------------------------------------------------------------------ fix
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
    import libcst as cst

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


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    import libcst as cst

    from jaxerr_lsp.fixes.statement import doc_for
    from jaxerr_lsp.fixes.text import cover

    data = finding.data
    assert isinstance(data, RefsMismatch)
    target = cover([*(r.span for r in data.refs), data.refs_span])
    doc = doc_for(lines, target)
    if doc is None:
        return []

    def is_with_refs(node: cst.CSTNode) -> bool:
        return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
            and node.func.attr.value == "with_refs"

    call = doc.enclosing(target, cst.Call, is_with_refs)
    if call is None:
        return []
    arg_nodes = []
    for ref in data.refs:
        node = doc.expression(ref.span, ref.source)
        arg = next((a for a in call.args if a.value is node), None)
        if arg is None:
            return []
        arg_nodes.append(arg)
    fixes = []
    if data.restructure is not None:
        fixes.append(_restructure_fix(doc, data, data.restructure, arg_nodes))
    fixes.append(_refs_from_primals_fix(lines, doc, data, call, arg_nodes))
    return [f for f in fixes if f is not None]


def _restructure_fix(doc: StmtDoc, data: RefsMismatch, restructure: Restructure,
                     arg_nodes: list[cst.Arg]) -> Fix | None:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.nodes import preview_of, quote_style, sequence_to_dict

    index, keys = restructure.arg, restructure.keys
    if not 0 <= index < len(arg_nodes) or index >= len(data.primals):
        return None
    node = arg_nodes[index].value
    if not isinstance(node, (cst.Tuple, cst.List)) or len(node.elements) != len(keys) \
            or any(isinstance(e, cst.StarredElement) for e in node.elements):
        return None
    matched = _match_keys([e.value for e in node.elements], keys)
    one = len(keys) == 1
    if matched is None and one:
        matched = list(keys)  # one ref, one key: nothing to pair wrongly
    safe = matched is not None
    new = sequence_to_dict(node, matched if matched is not None else list(keys),
                           quote_style(data.primals[index].source, doc.lines.source))
    edit = doc.edit({id(node): lambda _updated: new})
    if edit is None:
        return None
    if one:
        why = (f"The primal dict has one key, {keys[0]!r}, and the {type(node).__name__.lower()} one "
               "ref: the same ref receives the same gradient, in the dict shape JAX expects.")
    elif safe:
        why = ("Each ref's name says which key it belongs to, so the same refs receive the same "
               "gradients, in the dict shape JAX expects.")
    else:
        why = ("The refs' names do not say which key each belongs to, so they are paired with the "
               "primal's keys in order, which may swap gradients.")
    return Fix(f"Pass the refs as a dict like the primal: {preview_of(new)}", safe, why, (edit,),
               "refs-as-dict")


def _refs_from_primals_fix(lines: Lines, doc: StmtDoc, data: RefsMismatch, call: cst.Call,
                           arg_nodes: list[cst.Arg]) -> Fix | None:
    """Keep every argument that is right; for each mismatched primal, bind fresh zero refs
    shaped like it to a new name just before the statement and pass that name; drop extra
    arguments. The why names each change."""
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.locate import import_edit_for
    from jaxerr_lsp.fixes.text import NEWLINE

    primals, refs = data.primals, data.refs
    if not primals or len(arg_nodes) != len(call.args) or any(
            not p.source.strip() or p.source.lstrip().startswith("*") for p in primals):
        return None
    jax_alias, jnp_alias = _identifier(data.jax_alias), _identifier(data.jnp_alias)
    jax_name, jnp_name = jax_alias or "jax", jnp_alias or "jnp"
    taken = set(re.findall(r"[A-Za-z_]\w*", lines.source))
    bindings: list[str] = []  # `name = jax.tree.map(...)` statements to add
    args: list[cst.Arg] = []
    replaced: list[str] = []  # sources of the refs the new ones replace
    names: list[str] = []
    for i, primal in enumerate(primals):
        if i < len(refs) and i not in data.mismatched:
            args.append(arg_nodes[i])
            continue
        base = primal.source.strip() if primal.source.strip().isidentifier() else f"primal{i}"
        name = _fresh(f"{base}_refs", taken)
        # the primal's own lines (a comment inside it must keep its line end)
        primal_text = NEWLINE.sub(lines.newline, primal.source.strip())
        bindings.append(f"{name} = {jax_name}.tree.map(lambda p: {jax_name}.new_ref("
                        f"{jnp_name}.zeros_like(p)), {primal_text})")
        names.append(name)
        if i < len(refs):
            replaced.append(refs[i].source)
        args.append(cst.Arg(cst.Name(name)))
    dropped = [r.source for r in refs[len(primals):]]
    comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    new_args = [a.with_changes(comma=comma) for a in args[:-1]]
    new_args.append(args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT))
    edit = doc.edit({id(call): lambda u: u.with_changes(args=new_args)})
    if edit is None:
        return None
    (sl, sc) = doc.stmt.start
    prefix = lines.line(sl)[:sc]
    if prefix.strip():  # `x = 1; f_vjp.with_refs(...)`: join with semicolons
        added = "".join(f"{b}; " for b in bindings)
    else:
        added = "".join(f"{b}{lines.newline}{prefix}" for b in bindings)
    edits = [TextEdit(Span(sl, sc, sl, sc), added), edit]
    imports = [i for i, alias in (("import jax", jax_alias),
                                  ("import jax.numpy as jnp", jnp_alias)) if alias is None]
    import_edit = import_edit_for(lines, imports)
    if import_edit is not None:
        edits.insert(0, import_edit)
    changes = []
    if names:
        shaped = ", ".join(f"`{n}` (zero refs shaped like `{primals[i].source.strip()}`)"
                           for n, i in zip(names, [i for i in range(len(primals))
                                                   if i >= len(refs) or i in data.mismatched]))
        changes.append(f"Creates {shaped} and passes {'it' if len(names) == 1 else 'them'}"
                       + (f" in place of {', '.join(f'`{r}`' for r in replaced)}: those refs no "
                          f"longer receive the gradients, read them from the new refs instead."
                          if replaced else "."))
    if dropped:
        changes.append(f"Drops the extra argument{'s' if len(dropped) > 1 else ''} "
                       f"{', '.join(f'`{d}`' for d in dropped)}, which no primal argument matches.")
    kept = [refs[i].source for i in range(min(len(refs), len(primals))) if i not in data.mismatched]
    if kept:
        changes.append(f"Keeps {', '.join(f'`{k}`' for k in kept)} as written.")
    if data.primals_rebound:
        changes.append("A primal's name is rebound after jax.vjp, so the new refs may not mirror "
                       "what was differentiated.")
    title = ("Build refs mirroring the primals: " + ", ".join(names)) if names else \
        "Drop the extra with_refs arguments"
    return Fix(title, False, " ".join(changes), tuple(edits), "refs-from-primals")


def _identifier(name: str | None) -> str | None:
    return name if name is not None and name.isidentifier() and not python_keywords.iskeyword(name) else None


def _fresh(name: str, taken: set[str]) -> str:
    candidate, n = name, 1
    while candidate in taken:
        candidate, n = f"{name}_{n}", n + 1
    taken.add(candidate)
    return candidate


RULE = Rule(
    code="JXE001",
    catalog_id="vjp-with-refs-tree-mismatch",
    triggers=("with_refs",),
    check=check,
    data=RefsMismatch,
    fix=fix,
    fix_ids=("refs-as-dict", "refs-from-primals"),
)
