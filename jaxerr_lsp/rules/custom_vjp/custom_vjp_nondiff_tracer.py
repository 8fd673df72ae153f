"""JXE050 custom-vjp-nondiff-tracer.

What it does: for a custom_vjp function of this file with literal, non-empty
`nondiff_argnums` and a registration in this file, finds
- inside a def traced by `jax.jit` or `jax.vmap` (its only decorator, or the def handed by
  name to `jax.jit(...)` / `jax.vmap(...)` here), a direct call of it whose nondiff position
  receives one of the def's own parameters, never rebound, that the transformation traces
  (not in literal `static_argnums` / `static_argnames`; under vmap, no `in_axes` given);
- `jax.jit(f)(...)` called where it is made, with a number or array (certainly) in a
  nondiff position that `static_argnums` does not cover.
Silent when the options are not literals, for constants and functions in that position,
for values that only might be traced, and for helpers the check cannot follow.

Why is this bad: the call raises UnexpectedTracerError when the traced function runs.

Fix: for `jax.jit(f)(...)`, `jax.jit(f, static_argnums=i)(...)` (unsafe: a static argument
must be hashable and recompiles for every value).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import CustomVjp, custom_vjp_of, custom_vjps, registered
from jaxerr_lsp.families.custom_vjp_calls import is_direct_call, name_binding, span_fits
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.model import DEF, CallSite
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.analysis.values import Signature, bind_arguments

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# Values jax.jit certainly turns into tracers when they are not static.
_TRACED_TYPES = frozenset({"float", "int", "bool", "complex", "ArrayImpl", "ndarray"})
_TRANSFORMS = ("jax.jit", "jax.vmap")


@dataclass(frozen=True)
class NondiffTracer(RuleData):
    argument_span: Span
    # The edit making the parameter static for jax.jit: `edit_span` (the function in
    # `jax.jit(f)`) becomes `edit_text` (`f, static_argnums=i`).
    edit_span: Span | None = None
    edit_text: str = ""
    expected: str = ""  # the text at edit_span the edit was computed for


@dataclass(frozen=True)
class Traced:
    """A def a transformation traces, and which of its parameters it traces."""

    function: ast.FunctionDef
    transform: str
    where: ast.AST  # the decorator or the jax.jit(...) call
    traced: frozenset[str]


def _ints(node: ast.expr) -> tuple[int, ...] | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return (node.value,)
    if isinstance(node, (ast.Tuple, ast.List)) and all(
            isinstance(e, ast.Constant) and type(e.value) is int for e in node.elts):
        return tuple(e.value for e in node.elts)  # type: ignore[attr-defined]
    return None


def _strings(node: ast.expr) -> tuple[str, ...] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, (ast.Tuple, ast.List)) and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
        return tuple(e.value for e in node.elts)  # type: ignore[attr-defined]
    return None


def _static_positions(transform: str, keywords: tuple[ast.keyword, ...], extra_args: int,
                      parameters: tuple[str, ...]) -> frozenset[str] | None:
    """The parameters the transformation does not trace; None when the options do not show
    it."""
    if extra_args:
        return None  # in_axes / options given positionally
    static: set[str] = set()
    for keyword in keywords:
        if keyword.arg is None:
            return None
        if transform == "jax.vmap":
            if keyword.arg == "in_axes":
                if not (isinstance(keyword.value, ast.Constant) and keyword.value.value == 0):
                    return None
            elif keyword.arg not in ("out_axes", "axis_name", "axis_size", "spmd_axis_name"):
                return None
            continue
        if keyword.arg == "static_argnums":
            numbers = _ints(keyword.value)
            if numbers is None:
                return None
            for number in numbers:
                if -len(parameters) <= number < len(parameters):
                    static.add(parameters[number])
        elif keyword.arg == "static_argnames":
            names = _strings(keyword.value)
            if names is None:
                return None
            static.update(names)
    return frozenset(static)


def _traced_defs(ctx: Context) -> list[Traced]:
    found: list[Traced] = []
    for transform in _TRANSFORMS:
        for decoration in ctx.model.decorations(transform):
            function = decoration.target
            if not isinstance(function, ast.FunctionDef) or len(function.decorator_list) != 1:
                continue
            found += _traced(function, transform, decoration.decorator, decoration.keywords, 0)
        for site in ctx.model.calls_to(transform):
            if not site.args or not isinstance(site.args[0], ast.Name):
                continue
            binding = ctx.model.binding_of(site.args[0])
            if binding is None or binding.kind != DEF or not isinstance(binding.node, ast.FunctionDef) \
                    or binding.node.decorator_list:
                continue
            found += _traced(binding.node, transform, site.call, site.keywords, len(site.args) - 1)
    return found


def _traced(function: ast.FunctionDef, transform: str, where: ast.AST,
            keywords: tuple[ast.keyword, ...], extra_args: int) -> list[Traced]:
    parameters = Signature.of(function.args).positional
    static = _static_positions(transform, keywords, extra_args, parameters)
    if static is None:
        return []
    return [Traced(function, transform, where, frozenset(parameters) - static)]


def _is_traced_parameter(ctx: Context, expr: ast.expr, traced: Traced) -> bool:
    """`expr` is a traced parameter of the traced def, bound once (never reassigned)."""
    if not isinstance(expr, ast.Name) or expr.id not in traced.traced:
        return False
    use = ctx.model.use_of.get(id(expr))
    own = ctx.model.scope_of_node.get(id(traced.function))
    if use is None or own is None or ctx.model.resolve_scope(expr.id, use.scope) is not own:
        return False
    bindings = own.bindings.get(expr.id, [])
    return len(bindings) == 1 and isinstance(bindings[0].node, ast.arg)


def _nondiff_arguments(custom_vjp: CustomVjp, call: ast.Call) -> list[ast.expr]:
    """The expressions the call passes in nondiff positions (when it binds)."""
    primal = custom_vjp.primal
    if primal is None:
        return []
    signature = Signature.of(primal.args)
    bound = bind_arguments(signature, call.args, call.keywords)
    if bound is None or signature.vararg:
        return []
    nondiff = custom_vjp.nondiff_argnums or ()
    return [bound.given[signature.positional[i]] for i in nondiff
            if 0 <= i < len(signature.positional)]


def _check_traced_calls(ctx: Context, custom_vjp: CustomVjp, traced_defs: list[Traced]) -> None:
    binding = name_binding(ctx, custom_vjp)
    if binding is None:
        return
    for use in ctx.model.uses_of(binding):
        if not is_direct_call(use.node, use.parent) or not isinstance(use.parent, ast.Call):
            continue
        for traced in traced_defs:
            if ctx.model.scope_of_node.get(id(traced.function)) is not use.scope:
                continue
            for argument in _nondiff_arguments(custom_vjp, use.parent):
                if _is_traced_parameter(ctx, argument, traced):
                    assert isinstance(argument, ast.Name)
                    _report(ctx, argument, custom_vjp,
                            f"`{argument.id}` is traced by `{traced.transform}`", traced.where)
                    break


def _check_jit_applied(ctx: Context, site: CallSite) -> None:
    if not site.complete or site.partial is not None or len(site.args) != 1:
        return
    custom_vjp = custom_vjp_of(ctx.model, site.args[0])
    if custom_vjp is None or not custom_vjp.nondiff_argnums or not custom_vjp.plain \
            or custom_vjp.primal is None or not registered(ctx, custom_vjp):
        return
    applied = ctx.model.parent.get(id(site.call))
    if not (isinstance(applied, ast.Call) and applied.func is site.call) or applied.keywords:
        return
    parameters = Signature.of(custom_vjp.primal.args).positional
    static = _static_positions("jax.jit", site.keywords, 0, parameters)
    if static is None:
        return
    traced_args = [a for p, a in zip(parameters, applied.args) if p not in static]
    if len(applied.args) != len(parameters) or not all(
            ctx.values.value(a).type in _TRACED_TYPES for a in traced_args):
        return
    for index in custom_vjp.nondiff_argnums or ():
        if 0 <= index < len(parameters) and parameters[index] not in static:
            argument = applied.args[index]
            edit = _insert_static(ctx, site.call, index) if not site.keywords else None
            _report(ctx, argument, custom_vjp, "this argument is traced by `jax.jit`", site.call,
                    edit)
            return


Edit = tuple[Span, str, str]  # (span, new text, the text there now)


def _insert_static(ctx: Context, call: ast.Call, index: int) -> Edit | None:
    """`jax.jit(f)` -> `jax.jit(f, static_argnums=index)`."""
    if len(call.args) != 1 or call.keywords:
        return None
    function = ctx.segment(call.args[0])
    return ctx.span(call.args[0]), f"{function}, static_argnums={index}", function


def _report(ctx: Context, argument: ast.expr, custom_vjp: CustomVjp, why: str,
            where: ast.AST, edit: Edit | None = None) -> None:
    data = NondiffTracer(ctx.span(argument))
    if edit is not None:
        data = NondiffTracer(ctx.span(argument), *edit)
    ctx.report(argument, note=f"\n{why} and lands in a nondiff_argnums position.",
               related=(Related(ctx.span(where), "traced here"),
                        Related(ctx.span(custom_vjp.definition), "the custom_vjp function")),
               data=data)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, NondiffTracer)
    if data.edit_span is None or not span_fits(lines, data.edit_span) \
            or lines.text(data.edit_span) != data.expected:
        return []
    return [Fix("Make the argument static for jax.jit", False,
                "A static argument is never traced, but it must be hashable (a Python number, "
                "not an array) and jax.jit compiles again for every new value.",
                (TextEdit(data.edit_span, data.edit_text),), "make-static")]


def check(ctx: Context) -> None:
    candidates = [c for c in custom_vjps(ctx)
                  if c.nondiff_argnums and c.plain and registered(ctx, c)]
    if not candidates:
        return
    traced_defs = _traced_defs(ctx)
    for custom_vjp in candidates:
        _check_traced_calls(ctx, custom_vjp, traced_defs)
    for site in ctx.model.calls_to("jax.jit"):
        _check_jit_applied(ctx, site)


RULE = Rule(
    code="JXE050",
    catalog_id="custom-vjp-nondiff-tracer",
    triggers=("nondiff_argnums",),
    check=check,
    data=NondiffTracer,
    fix=fix,
    fix_ids=("make-static",),
)
