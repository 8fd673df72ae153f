"""JXE032 custom-gradient-logs.

What it does: finds functions made with `jax.custom_gradient(with_logs=True)` (the decorator
`@jax.custom_gradient(with_logs=True)`, `@functools.partial(jax.custom_gradient,
with_logs=True)`, or `jax.custom_gradient(fun, with_logs=True)`) whose VJP function (a lambda or
a def of the function's own body, returned as the second element of `(value, vjp)`) returns, on
some path, something certainly not a pair, or a pair whose second element is certainly neither
`None` nor a plain dict.

Why is this bad: with `with_logs=True`, JAX traces the VJP function on the forward pass of
differentiation and raises TypeError unless it returns `(in_cts, logs)`.

Fix: `lambda g: (a,)` -> `lambda g: ((a,), None)` and a two-argument function's
`lambda g: (a, b)` -> `lambda g: ((a, b), None)` (safe when the cotangents match the function's
arguments); the logs -> `None` (unsafe: drops them).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from jaxerr_lsp.families.custom_vjp import FunctionNode, returned_values
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.analysis.values import FROM_JAX, Signature

if TYPE_CHECKING:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.statement import StmtDoc
    from jaxerr_lsp.fixes.text import Lines

_LOGS_TEMPLATE = ("custom_gradient function used with with_logs=True must return a VJP function "
                  "whose second output is None or a dict of backward-pass log entries, but got "
                  "{type(logs).__name__}.")


@dataclass(frozen=True)
class CustomGradientLogs(RuleData):
    return_span: Span  # the VJP function's returned expression
    return_source: str
    logs_span: Span | None  # the logs element of a returned pair (the logs message only)
    # "cts": the returned value is the cotangents themselves (one per argument of the
    # function, or one bare array for a one-argument function): pair it with None, safely.
    # "tuple": a tuple/list display of unknown meaning; "": no pairing fix.
    cotangents: str
    single: bool  # the cotangents are one bare value, to wrap as a one-element tuple


@dataclass(frozen=True)
class WithLogs:
    """A function `jax.custom_gradient(with_logs=True)` makes, and where."""

    fun: FunctionNode  # the function returning (value, vjp)
    where: ast.AST  # the decorator or the call, for the related location


def _with_logs_only(keywords: tuple[ast.keyword, ...]) -> bool:
    """`with_logs=True` written as a literal, and nothing selecting another convention
    (`remat`, `with_accums`) or hiding options (`**kwargs`)."""
    with_logs = False
    for keyword in keywords:
        value = keyword.value
        if keyword.arg is None:
            return False
        if keyword.arg == "with_logs":
            with_logs = isinstance(value, ast.Constant) and value.value is True
        elif keyword.arg == "remat":
            if not (isinstance(value, ast.Constant) and value.value is False):
                return False
        elif keyword.arg == "with_accums":
            if not (isinstance(value, ast.Constant) and value.value is None):
                return False
        else:
            return False
    return with_logs


def functions_with_logs(ctx: Context) -> Iterator[WithLogs]:
    """Every function of the file made by `jax.custom_gradient(with_logs=True)` (methods
    left out: their `self` may count as an argument)."""
    for made in _made_with_logs(ctx):
        scope = ctx.model.scope_of_node.get(id(made.fun))
        if scope is not None and scope.parent is not None and scope.parent.kind != "class":
            yield made


def _made_with_logs(ctx: Context) -> Iterator[WithLogs]:
    for decoration in ctx.model.decorations("jax.custom_gradient"):
        target = decoration.target
        if isinstance(target, ast.FunctionDef) and _with_logs_only(decoration.keywords) \
                and decoration.position == len(target.decorator_list) - 1:
            yield WithLogs(target, decoration.decorator)
    for site in ctx.model.calls_to("jax.custom_gradient"):
        if site.partial is not None or not _with_logs_only(site.keywords):
            continue
        fun: FunctionNode | None
        if site.args:  # jax.custom_gradient(fun, with_logs=True)
            fun = ctx.model.function_of(site.args[0]) if len(site.args) == 1 else None
        else:  # @jax.custom_gradient(with_logs=True) on a def, or applied: (...)(fun)
            fun = _applied_to(ctx, site.call)
        if fun is not None:
            yield WithLogs(fun, site.call)


def _applied_to(ctx: Context, call: ast.Call) -> ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | None:
    parent = ctx.model.parent.get(id(call))
    if isinstance(parent, ast.FunctionDef) and parent.decorator_list \
            and parent.decorator_list[-1] is call:
        return parent
    if isinstance(parent, ast.Call) and parent.func is call and len(parent.args) == 1 \
            and not parent.keywords:
        return ctx.model.function_of(parent.args[0])
    return None


def vjp_functions(ctx: Context, fun: FunctionNode) -> Iterator[FunctionNode]:
    """The VJP functions `fun` returns as the second element of `(value, vjp)`."""
    for value, _node in returned_values(fun):
        if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == 2 \
                and not isinstance(value.elts[1], ast.Starred):
            vjp = ctx.model.function_of(value.elts[1])
            if vjp is not None and not isinstance(vjp, ast.AsyncFunctionDef):
                yield vjp


def _arity(fun: FunctionNode) -> int | None:
    signature = Signature.of(fun.args)
    if signature.vararg or signature.kwarg or signature.keyword_only:
        return None
    return len(signature.positional)


def _is_parameter(ctx: Context, vjp: FunctionNode, expr: ast.expr) -> bool:
    """Whether `expr` is one of the VJP function's own parameters (a cotangent), not rebound."""
    if not isinstance(expr, ast.Name) or expr.id not in Signature.of(vjp.args).positional:
        return False
    use = ctx.model.use_of.get(id(expr))
    scope = ctx.model.resolve_scope(expr.id, use.scope) if use is not None else None
    if scope is None or scope is not ctx.model.scope_of_node.get(id(vjp)):
        return False
    bindings = scope.bindings.get(expr.id, [])
    return len(bindings) == 1 and isinstance(bindings[0].node, ast.arg)


# Types whose values are never a list or tuple of length two (tuples and lists: by length).
_NOT_PAIRS = frozenset({"NoneType", "dict", "str", "bytes", "int", "float", "complex", "bool",
                        "set", "frozenset", "tuple", "list", "ndarray", "OrderedDict",
                        "defaultdict"})
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.MatMult, ast.Pow, ast.FloorDiv, ast.Mod)


def _traced_array(ctx: Context, vjp: FunctionNode, expr: ast.expr, depth: int = 0) -> bool:
    """Whether `expr` is certainly an array traced from the cotangent: JAX traces the VJP
    function, so the cotangent parameter, arithmetic on it and JAX's array functions of it are
    tracers (DynamicJaxprTracer)."""
    if depth > 60:
        return False
    if _is_parameter(ctx, vjp, expr):
        return True
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        return _traced_array(ctx, vjp, expr.operand, depth + 1)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, _ARITHMETIC):
        return _traced_array(ctx, vjp, expr.left, depth + 1) or \
            _traced_array(ctx, vjp, expr.right, depth + 1)
    if isinstance(expr, ast.Call) and ctx.values.value(expr).type == "ArrayImpl":
        return any(_traced_array(ctx, vjp, a, depth + 1) for a in expr.args)
    return False


def check(ctx: Context) -> None:
    for made in functions_with_logs(ctx):
        arity = _arity(made.fun)
        related = (Related(ctx.span(made.where), "made with `jax.custom_gradient(with_logs=True)` here"),)
        for vjp in vjp_functions(ctx, made.fun):
            ctx.values.seed(vjp, FROM_JAX)
            for value, node in returned_values(vjp):
                _check_return(ctx, vjp, value, node, arity, related)


def _check_return(ctx: Context, vjp: FunctionNode, value: ast.expr | None, node: ast.AST,
                  arity: int | None, related: tuple[Related, ...]) -> None:
    if value is None:
        if isinstance(node, ast.FunctionDef):
            span, shown = ctx.name_span(node), "None (the VJP function has no return statement)"
        else:
            span, shown = ctx.span(node), "None"
        ctx.report(span, shown={"out": shown}, related=related,
                   data=CustomGradientLogs(span, "", None, "", False))
        return
    returned = ctx.values.value(value)
    is_array = returned.is_array or (returned.type is None and _traced_array(ctx, vjp, value))
    if returned.type is None and not is_array:
        return
    if returned.elements is not None and len(returned.elements) == 2:
        _check_logs(ctx, vjp, value, returned.elements, arity, related)
        return
    if returned.length == 2 or (returned.type in ("tuple", "list") and returned.length is None):
        return  # a pair, or a list or tuple that may be one
    if not is_array and returned.type not in _NOT_PAIRS:
        return  # an object of a class: a tuple subclass (a NamedTuple) may be a pair
    cotangents, single = "", False
    elements = returned.elements
    if elements is not None and not any(isinstance(e, ast.Starred) for e in elements):
        if arity == len(elements):
            cotangents = "cts"
        elif arity is not None and arity == len(elements) - 1 and arity > 0:
            last = elements[-1]
            cotangents = "split-safe" if isinstance(last, ast.Dict) or (
                isinstance(last, ast.Constant) and last.value is None) else "split"
    elif is_array and arity == 1:
        cotangents, single = "cts", True
    source = ctx.segment(value)
    shown = source.split("\n", 1)[0]
    if len(shown) > 60 or shown != source:
        shown = shown[:60].rstrip() + "…"
    kind = "an array" if is_array else f"a {returned.type}"
    ctx.report(value, shown={"out": f"{shown} ({kind})"}, related=related,
               data=CustomGradientLogs(ctx.span(value), source, None, cotangents, single))


def _check_logs(ctx: Context, vjp: FunctionNode, value: ast.expr,
                elements: tuple[ast.expr, ...], arity: int | None,
                related: tuple[Related, ...]) -> None:
    first, logs = elements
    logs_value = ctx.values.value(logs)
    logs_type = logs_value.type
    traced = _traced_array(ctx, vjp, logs)
    if logs_type in ("dict", "NoneType") or (logs_type is None and not traced):
        return
    values: dict[str, str] = {}
    shown: dict[str, str] = {}
    if traced:
        values["type(logs).__name__"] = "DynamicJaxprTracer"
    elif logs_type == "ArrayImpl":  # computed from closed-over values only: traced or not
        shown["type(logs).__name__"] = "a tracer type such as DynamicJaxprTracer"
    else:
        values["type(logs).__name__"] = str(logs_type)
    first_is_array = ctx.values.value(first).is_array or _traced_array(ctx, vjp, first)
    forgot = arity == 2 and (traced or logs_value.is_array) and first_is_array
    note = ""
    if forgot:
        note = (f"\nThe VJP function returns the two cotangents and no logs: JAX reads "
                f"`{ctx.segment(logs)}` as the logs. Return `((...), None)`.")
    ctx.report(logs, values=values, shown=shown, note=note, related=related,
               message=fill(_LOGS_TEMPLATE, {**values, **shown}),
               predicted=fill(_LOGS_TEMPLATE, values, escape=True),
               data=CustomGradientLogs(ctx.span(value), ctx.segment(value), ctx.span(logs),
                                       "cts" if forgot else "", False))


# ------------------------------------------------------------------------------------ fix
def fix(lines: Lines, finding: Finding) -> list[Fix]:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.nodes import pair_preview_of, pair_with_none
    from jaxerr_lsp.fixes.statement import doc_for

    data = finding.data
    assert isinstance(data, CustomGradientLogs)
    fixes: list[Fix] = []
    if not data.return_source:
        return []
    doc = doc_for(lines, data.return_span)
    node = doc.expression(data.return_span, data.return_source) if doc is not None else None
    if doc is None or node is None:
        return []
    if data.cotangents.startswith("split") and isinstance(node, (cst.Tuple, cst.List)):
        split = _split_fix(doc, node, safe=data.cotangents == "split-safe")
        if split is not None:
            fixes.append(split)
    elif data.cotangents:
        first = cst.Tuple([cst.Element(node, comma=cst.Comma())]) if data.single else node
        if isinstance(first, (cst.Tuple, cst.List)):
            new = pair_with_none(first, bare=doc.is_return_value(node))
            edit = doc.edit({id(node): lambda _u: new})
            if edit is not None:
                why = ("The returned value is the cotangents, one per argument of the function, so "
                       "pairing them with None logs gives JAX the (in_cts, logs) it expects and "
                       "changes no gradient.")
                fixes.append(Fix(f"Return the cotangents with no logs: {pair_preview_of(first)}",
                                 True, why, (edit,), "pair-cts-with-none"))
    if data.logs_span is not None and not data.cotangents:
        logs = doc.expression(data.logs_span)
        if logs is not None:
            edit = doc.edit({id(logs): lambda _u: cst.Name("None")})
            if edit is not None:
                fixes.append(Fix(
                    "Log nothing: return None as the logs", False,
                    "JAX accepts None as the logs, but the values meant to be logged are no "
                    "longer returned.", (edit,), "logs-none"))
    return fixes


def _split_fix(doc: StmtDoc, node: cst.Tuple | cst.List, safe: bool) -> Fix | None:
    """`(ct_x, ct_y, logs)` -> `((ct_x, ct_y), logs)`: one element more than the function has
    arguments, the last taken as the logs."""
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.nodes import preview_of

    *cts, logs = node.elements
    if any(isinstance(e, cst.StarredElement) for e in node.elements):
        return None
    last_ct = cts[-1].with_changes(comma=cst.Comma() if len(cts) == 1 else cst.MaybeSentinel.DEFAULT)
    in_cts = cst.Tuple([*cts[:-1], last_ct])
    pair = cst.Tuple([
        cst.Element(in_cts, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
        logs.with_changes(comma=cst.MaybeSentinel.DEFAULT),
    ])
    if doc.is_return_value(node):
        pair = pair.with_changes(lpar=[], rpar=[])
    edit = doc.edit({id(node): lambda _u: pair})
    if edit is None:
        return None
    why = ("The last element is the logs (None or a dict) and the others are one cotangent per "
           "argument, so nesting them gives JAX the (in_cts, logs) it expects." if safe else
           "The tuple has one element more than the function has arguments, so the last one is "
           "taken as the logs, which the code does not show.")
    return Fix(f"Pair the cotangents with the logs: {preview_of(in_cts, 50)}, "
               f"{preview_of(logs.value, 30)}", safe, why, (edit,), "pair-cts-with-logs")


RULE = Rule(
    code="JXE032",
    catalog_id="custom-gradient-logs",
    triggers=("custom_gradient",),
    check=check,
    data=CustomGradientLogs,
    fix=fix,
    fix_ids=("pair-cts-with-none", "pair-cts-with-logs", "logs-none"),
)
