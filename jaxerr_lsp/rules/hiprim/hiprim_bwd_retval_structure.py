"""JXE061 hiprim-bwd-retval-structure.

What it does: in a `jax.experimental.hijax.HiPrim` subclass whose ancestry the file shows and
that leaves `vjp_bwd` to HiPrim (so JAX calls the retval rules), finds a `vjp_bwd_retval` (when
`vjp_bwd_retval_logs` is not overridden either) that returns, on some path, something certainly
not a tuple (an array, a number, a list, a dict, `None`, no return at all), or a tuple display
whose length differs from the `self.in_avals = (...)` tuple display of the `__init__`; the same
for the first element of the `(cotangents, logs)` pair a `vjp_bwd_retval_logs` returns.

Why is this bad: JAX matches the returned cotangents against the structure of `in_avals` with
the pytree library, which raises a ValueError naming neither the primitive nor the method
(`Expected tuple, got ...`, `Tuple arity mismatch: n != m; tuple: ...`).

Fix: a single array for a one-input primitive -> `(ct,)`; a list -> a tuple of the same
elements. A tuple of the wrong length is left to the user.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.families.custom_vjp import returned_values
from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.families.hiprim import (FunctionDef, HiPrimClass, hiprim_classes, is_stub,
                               seed_jax_arguments)
from jaxerr_lsp.engine.rule import Context, Rule, fill, shorten

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# Types that are certainly not a tuple (a NamedTuple is left out: it is a tuple subclass).
_NOT_TUPLE = frozenset({"ArrayImpl", "ndarray", "list", "dict", "NoneType", "int", "float",
                        "complex", "bool", "str", "bytes", "set", "frozenset", "OrderedDict",
                        "defaultdict", "Counter", "function"})
_SINGLE = frozenset({"ArrayImpl", "ndarray", "int", "float", "complex"})


@dataclass(frozen=True)
class RetvalStructure(RuleData):
    return_span: Span  # the returned expression (the def's name when there is no return)
    return_source: str
    returned_type: str  # "tuple" for a tuple of the wrong length
    inputs: int | None  # len(self.in_avals), when __init__ shows it


def check(ctx: Context) -> None:
    for hiprim in hiprim_classes(ctx):
        if hiprim.binds("vjp_bwd"):
            continue  # JAX calls the class's own vjp_bwd, not the retval rules
        inputs = input_count(hiprim)
        retval = hiprim.own_method("vjp_bwd_retval")
        if retval is not None and not is_stub(retval) and not hiprim.binds("vjp_bwd_retval_logs"):
            seed_jax_arguments(ctx, retval, 2)
            for value, node in returned_values(retval):
                _check_cotangents(ctx, retval, value, node, inputs)
        retval_logs = hiprim.own_method("vjp_bwd_retval_logs")
        if retval_logs is not None:
            seed_jax_arguments(ctx, retval_logs, 2)
            for value, _node in returned_values(retval_logs):
                if value is None:
                    continue  # (cotangents, logs): anything but a visible pair is another error
                pair = ctx.values.value(value)
                if pair.type == "tuple" and pair.elements is not None and len(pair.elements) == 2:
                    _check_cotangents(ctx, retval_logs, pair.elements[0], pair.elements[0], inputs)


def _check_cotangents(ctx: Context, method: FunctionDef, value: ast.expr | None, node: ast.AST,
                      inputs: int | None) -> None:
    """Report `value`, the cotangents a retval rule gives JAX, when it is certainly not a
    tuple, or a tuple of another length than `in_avals`."""
    if value is None:
        where: ast.AST | Span = ctx.span(node) if isinstance(node, ast.Return) \
            else ctx.name_span(method)
        _report_not_tuple(ctx, where, "None", "NoneType", inputs)
        return
    returned = ctx.values.value(value)
    if returned.type in _NOT_TUPLE:
        _report_not_tuple(ctx, ctx.span(value), ctx.segment(value), returned.type, inputs)
    elif returned.type == "tuple" and returned.elements is not None \
            and inputs is not None and len(returned.elements) != inputs:
        _report_arity(ctx, value, len(returned.elements), inputs)


def input_count(hiprim: HiPrimClass) -> int | None:
    """len(self.in_avals) when the `__init__` that runs (the class's own, or the nearest
    ancestor's in the file) sets it only to tuple displays of one length."""
    init = next((c for c in hiprim.lineage if "__init__" in hiprim.names[id(c)]), None)
    if init is None:
        return None
    methods = [s for s in init.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"]
    if len(methods) != 1:
        return None
    lengths = set()
    stack: list[ast.AST] = list(methods[0].body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        for target in _targets(node):
            if _is_self_attribute(target, "in_avals"):
                value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
                if not isinstance(node, ast.Assign) or len(node.targets) != 1 \
                        or not isinstance(value, ast.Tuple) \
                        or any(isinstance(e, ast.Starred) for e in value.elts):
                    return None
                lengths.add(len(value.elts))
        stack.extend(ast.iter_child_nodes(node))
    return lengths.pop() if len(lengths) == 1 else None


def _targets(node: ast.AST) -> list[ast.expr]:
    """Everything `node` assigns to, tuple targets unpacked."""
    found: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        stack = list(node.targets)
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        stack = [node.target]
    else:
        return []
    while stack:
        target = stack.pop()
        if isinstance(target, (ast.Tuple, ast.List)):
            stack.extend(target.elts)
        elif isinstance(target, ast.Starred):
            stack.append(target.value)
        else:
            found.append(target)
    return found


def _is_self_attribute(target: ast.expr, name: str) -> bool:
    return (isinstance(target, ast.Attribute) and target.attr == name
            and isinstance(target.value, ast.Name) and target.value.id == "self")


def _templates() -> tuple[str, str]:
    entry = load_catalog().get("hiprim-bwd-retval-structure")
    not_tuple = next(t for t in entry.messages if t.startswith("Expected tuple"))
    arity = next(t for t in entry.messages if t.startswith("Tuple arity mismatch"))
    return not_tuple.strip(), arity.strip()


_NOTE = ("\nJAX's message names neither the primitive nor `vjp_bwd_retval`: it comes from the "
         "pytree library, which matches the returned cotangents against `self.in_avals`.")


def _report_not_tuple(ctx: Context, where: ast.AST | Span, source: str, kind: str,
                      inputs: int | None) -> None:
    template, _ = _templates()
    shown = {"args_grad": source if kind == "NoneType" else f"{shorten(source)} (of type {kind})"}
    span = where if isinstance(where, Span) else ctx.span(where)
    ctx.report(span, shown=shown, note=_NOTE, message=fill(template, shown),
               predicted=fill(template, {"args_grad": "None"}, escape=True)
               if kind == "NoneType" else fill(template, {}, escape=True),
               data=RetvalStructure(span, source, kind, inputs))


def _report_arity(ctx: Context, value: ast.expr, returned: int, inputs: int) -> None:
    _, template = _templates()
    values = {"len(args_grad)": str(returned), "len(in_avals)": str(inputs)}
    shown = {"args_grad": shorten(ctx.segment(value))}
    ctx.report(value, values=values, shown=shown,
               note=(f"\n`self.in_avals` has {inputs} element{'s' if inputs != 1 else ''}: "
                     "one cotangent per input." + _NOTE),
               message=fill(template, {**values, **shown}),
               predicted=fill(template, values, escape=True),
               data=RetvalStructure(ctx.span(value), ctx.segment(value), "tuple", inputs))


# ------------------------------------------------------------------------------------ fix
def fix(lines: Lines, finding: Finding) -> list[Fix]:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.nodes import preview_of
    from jaxerr_lsp.fixes.statement import doc_for

    data = finding.data
    assert isinstance(data, RetvalStructure)
    if data.returned_type not in _SINGLE and data.returned_type != "list":
        return []
    doc = doc_for(lines, data.return_span)
    node = doc.expression(data.return_span, data.return_source) if doc is not None else None
    if doc is None or node is None:
        return []
    if data.returned_type == "list":
        if not isinstance(node, cst.List) or any(isinstance(e, cst.StarredElement)
                                                 for e in node.elements):
            return []
        elements = list(node.elements)
        if len(elements) == 1:
            elements[0] = elements[0].with_changes(comma=cst.Comma())
        new = cst.Tuple(elements, lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        safe = data.inputs == len(node.elements)
        why = ("The same cotangents, in the tuple JAX expects, as many as `self.in_avals` has "
               "inputs." if safe else
               "The same cotangents in a tuple; how many inputs the primitive has is not shown.")
        fix_id, title = "list-to-tuple", f"Return a tuple instead of a list: {preview_of(new)}"
    else:
        if data.inputs not in (None, 1):
            return []
        new = cst.Tuple([cst.Element(node, comma=cst.Comma())],
                        lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        safe = data.inputs == 1
        why = ("`self.in_avals` has one input, so its cotangent goes in a one-element tuple."
               if safe else "Right only if the primitive has one input, which is not shown.")
        fix_id, title = "wrap-in-tuple", f"Return a one-element tuple: {preview_of(new)}"
    edit = doc.edit({id(node): lambda _u: new})
    if edit is None:
        return []
    return [Fix(title, safe, why, (edit,), fix_id)]


RULE = Rule(
    code="JXE061",
    catalog_id="hiprim-bwd-retval-structure",
    triggers=("HiPrim",),
    check=check,
    data=RetvalStructure,
    fix=fix,
    fix_ids=("wrap-in-tuple", "list-to-tuple"),
)
