"""JXE001 vjp-with-refs-tree-mismatch.

What it does: finds `f_vjp.with_refs(...)` calls, where `f_vjp` is the VJP function returned by
`jax.vjp` (any alias; the second of three results with `has_aux=True`; `jax.vjp(...)[1]`), whose
arguments cannot have the pytree structure of the primal arguments given to `jax.vjp`.

Why is this bad: JAX flattens the `with_refs` arguments and compares their tree structure to
the primals'; any difference raises ValueError before the backward pass runs.

Only structures the code shows are compared (literals, `dict(...)`, names bound once to them,
`jax.tree.map`); anything else is unknown and never reported.
"""

from __future__ import annotations

import ast
from typing import Iterator

from jaxerr_lsp.context import Context
from jaxerr_lsp.findings import Finding, InferredStructure, Related
from jaxerr_lsp.model import ASSIGN, DEF, UNPACK
from jaxerr_lsp.pytree import (DictNode, Leaf, TupleNode, Unknown, describe, differences)
from jaxerr_lsp.rules import Rule, jax_message

CODE = "JXE001"
CATALOG_ID = "vjp-with-refs-tree-mismatch"


def _jax_message(function: str, items: list[tuple[str, str, str, str]]) -> tuple[str, str]:
    """JAX's whole message and a compact one (headline and itemized lines) for a diagnostic,
    worded by the catalog entry's template."""
    template = jax_message(CATALOG_ID, **{"jaxpr.debug_info.func_src_info": function})
    head, item = template.rsplit("\n", 1)
    lines = [item.replace("{keystr(path)}", path).replace("{thing1}", primal)
             .replace("{thing2}", other).replace("{explanation}", why)
             for path, primal, other, why in items]
    headline = head.split("\n", 1)[0]
    differ = head.rsplit("\n", 1)[1]
    return head + "\n" + "\n".join(lines), "\n".join([headline, differ, *lines])


def _has_aux(call: ast.Call) -> bool | None:
    for keyword in call.keywords:
        if keyword.arg is None:
            return None  # **kwargs
        if keyword.arg == "has_aux":
            if isinstance(keyword.value, ast.Constant) and isinstance(keyword.value.value, bool):
                return keyword.value.value
            return None
    return False


def _vjp_call(ctx: Context, expr: ast.expr) -> ast.Call | None:
    if isinstance(expr, ast.Call) and ctx.model.qualname(expr.func) == "jax.vjp":
        return expr
    return None


def vjp_origin(ctx: Context, receiver: ast.expr) -> ast.Call | None:
    """The `jax.vjp(...)` call whose VJP function `receiver` certainly is."""
    if isinstance(receiver, ast.Subscript):
        call = _vjp_call(ctx, receiver.value)
        index = receiver.slice
        if call is not None and isinstance(index, ast.Constant) and index.value == 1 \
                and _has_aux(call) is not None:
            return call
        return None
    if not isinstance(receiver, ast.Name):
        return None
    binding = ctx.model.binding_of(receiver)
    if binding is None or binding.value is None:
        return None
    if binding.kind == ASSIGN:
        return vjp_origin(ctx, binding.value) if isinstance(binding.value, ast.Subscript) else None
    if binding.kind == UNPACK and len(binding.index) == 1 and binding.index[0] == 1:
        call = _vjp_call(ctx, binding.value)
        if call is None:
            return None
        has_aux = _has_aux(call)
        if has_aux is None or binding.arity != ((3,) if has_aux else (2,)):
            return None
        return call
    return None


def _function_text(ctx: Context, function: ast.expr) -> str:
    if isinstance(function, ast.Name):
        binding = ctx.model.binding_of(function)
        if binding is not None and binding.kind == DEF:
            return f"{function.id} at {ctx.path}:{binding.node.lineno}"
    if isinstance(function, ast.Lambda):
        return f"<lambda> at {ctx.path}:{function.lineno}"
    return ctx.parsed.segment(function)


def _dict_literal(ctx: Context, expr: ast.expr) -> ast.Dict | None:
    if isinstance(expr, ast.Dict):
        return expr
    if isinstance(expr, ast.Name):
        binding = ctx.model.binding_of(expr)
        if binding is not None and binding.kind == ASSIGN and isinstance(binding.value, ast.Dict):
            return binding.value
    return None


def _restructure(ctx: Context, primal: ast.expr, primal_structure: object, ref: ast.expr,
                 arg: int) -> dict | None:
    """Ref argument `arg` is a flat tuple/list lining up with the keys of a flat dict primal."""
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
        structure = ctx.inference.structure(element)
        if not isinstance(structure, (Leaf, Unknown)):
            return None
    return {"arg": arg, "keys": keys,
            "elements": [{"span": ctx.parsed.span(e).as_list(), "source": ctx.parsed.segment(e)}
                         for e in ref.elts]}


def _primals_rebound(ctx: Context, primals: list[ast.expr], vjp: ast.Call, call: ast.Call) -> bool:
    model = ctx.model
    if model.call_scope.get(id(vjp)) is not model.call_scope.get(id(call)):
        return True
    for primal in primals:
        for node in ast.walk(primal):
            if isinstance(node, ast.Name):
                use = model.use_of.get(id(node))
                scope = model.resolve_scope(node.id, use.scope) if use else None
                if scope is None:
                    continue
                bindings = scope.bindings[node.id]
                if len(bindings) > 1 or any(vjp.lineno < b.line <= call.lineno for b in bindings):
                    return True
    return False


def check(ctx: Context) -> Iterator[Finding]:
    parsed, model = ctx.parsed, ctx.model
    for call in model.attribute_calls.get("with_refs", ()):
        if not call.args or call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
            continue  # no refs: nothing is compared; *refs or keywords: unknown
        assert isinstance(call.func, ast.Attribute)
        vjp = vjp_origin(ctx, call.func.value)
        if vjp is None or len(vjp.args) < 2 or any(isinstance(a, ast.Starred) for a in vjp.args):
            continue
        primals = vjp.args[1:]
        primal_structures = [ctx.inference.structure(p) for p in primals]
        ref_structures = [ctx.inference.structure(r) for r in call.args]
        items = list(differences(TupleNode(tuple(primal_structures)), TupleNode(tuple(ref_structures))))
        for expr, structure in zip([*primals, *call.args], [*primal_structures, *ref_structures]):
            if not isinstance(structure, Unknown):
                ctx.inferred.append(InferredStructure(parsed.span(expr), describe(structure)))
        if not items:
            continue
        full_message, short_message = _jax_message(_function_text(ctx, vjp.args[0]), items)
        refs_span = parsed.span(call.args[0], call.args[-1])
        primal_text = ", ".join(describe(s) for s in primal_structures)
        restructure = None
        for index, (primal, ref) in enumerate(zip(primals, call.args)):
            restructure = _restructure(ctx, primal, primal_structures[index], ref, index)
            if restructure is not None:
                break
        yield Finding(
            code=CODE,
            catalog_id=CATALOG_ID,
            span=refs_span,
            message="ValueError: " + short_message,
            related=(Related(parsed.span(vjp),
                             f"primal arguments of `jax.vjp` here, structured as ({primal_text})"),),
            data={
                "jax_message": full_message,
                "vjp_span": parsed.span(vjp).as_list(),
                "primals": [{"span": parsed.span(p).as_list(), "source": parsed.segment(p)} for p in primals],
                "primal_structures": [describe(s) for s in primal_structures],
                "refs_span": refs_span.as_list(),
                "refs": [{"span": parsed.span(r).as_list(), "source": parsed.segment(r)} for r in call.args],
                "restructure": restructure,
                "jax_alias": (model.aliases_of("jax") or [None])[0],
                "jnp_alias": (model.aliases_of("jax.numpy") or [None])[0],
                "primals_rebound": _primals_rebound(ctx, primals, vjp, call),
            },
        )


RULE = Rule(
    code=CODE,
    name="vjp-with-refs-tree-mismatch",
    catalog_id=CATALOG_ID,
    summary="`with_refs` arguments whose pytree structure differs from the primals of `jax.vjp`",
    triggers=("with_refs",),
    check=check,
)
