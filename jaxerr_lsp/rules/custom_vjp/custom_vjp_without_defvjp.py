"""JXE052 custom-vjp-without-defvjp.

What it does: finds a custom_vjp function of this file (a `@jax.custom_vjp` def, or
`f = jax.custom_vjp(g)`) whose name is only ever called (`f(x)`) or handed to a JAX
transformation (`jax.grad(f)`, `jax.jit(f)`, ...) and never registered: no `f.defvjp*` or
`f.defremat*`, no other use at all. A module-level function is flagged only when the module
itself calls it at import time (a library may register it from another module before its
functions run), and no other module of the project registers its rules (`ops.f.defvjp(...)`
in a module `ops.py` imports before the call: `jaxerr_lsp.project`); a function local to a def
only when it does not leave that def.

Also: a call at import time of a custom_vjp function another module of the project defines
without rules, where no module of the project registers them (that module's summary, and no
other module naming the function with `defvjp`/`defremat`).

Why is this bad: every call of a custom_vjp function without rules raises AttributeError,
even a plain call without differentiation.

Fix: when the same scope defines `<name>_fwd` and `<name>_bwd`, register them right after
the later of the three definitions: `<name>.defvjp(<name>_fwd, <name>_bwd)` (unsafe: the
names are taken to be the rules), if that is before the first call.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.external import OutsideRegistration
from jaxerr_lsp.families.custom_vjp import CustomVjp, custom_vjps
from jaxerr_lsp.families.custom_vjp_calls import is_direct_call, name_binding, primal_name, span_fits
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.model import DEF, Scope
from jaxerr_lsp.engine.rule import Context, Rule

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# JAX functions that take the custom_vjp function as their first argument and call it (or
# return a function that does): handing it to them is not a registration elsewhere.
_TRANSFORMS = frozenset({
    "jax.grad", "jax.value_and_grad", "jax.jit", "jax.vmap", "jax.vjp", "jax.jvp", "jax.jacrev",
    "jax.jacfwd", "jax.hessian", "jax.checkpoint", "jax.remat", "jax.linearize",
})


@dataclass(frozen=True)
class WithoutDefvjp(RuleData):
    name_span: Span  # the custom_vjp function's name (or its jax.custom_vjp(...) call)
    # From the function's name to the end of the last of it and its rules: the fix keeps
    # that text and appends `register_line` after it; None when the file has no rules
    # named `<name>_fwd` / `<name>_bwd`.
    definitions: Span | None = None
    register_line: str = ""


def _transform_argument(ctx: Context, node: ast.Name, parent: ast.AST | None) -> ast.Call | None:
    """The `jax.grad(f)`-like call `node` is the first argument of."""
    if not isinstance(parent, ast.Call) or not parent.args or parent.args[0] is not node:
        return None
    site = ctx.model.call_site(parent)
    if site is None or site.partial is not None or site.qualname not in _TRANSFORMS:
        return None
    return parent


def _calls(ctx: Context, custom_vjp: CustomVjp) -> list[ast.Call] | None:
    """The calls that run the function (`f(x)`, `jax.grad(f)(x)`), when every use of its
    name is a call or a transformation; None when the name is used any other way."""
    binding = name_binding(ctx, custom_vjp)
    if binding is None:
        return None
    local = binding.scope.kind == "function"
    if not local and binding.scope.kind != "module":
        return None
    found: list[ast.Call] = []
    for use in ctx.model.uses_of(binding):
        if is_direct_call(use.node, use.parent):
            call = use.parent
        else:
            transform = _transform_argument(ctx, use.node, use.parent)
            if transform is None:
                return None  # registered, exported, stored or passed on: not ours to judge
            outer = ctx.model.parent.get(id(transform))
            if not (isinstance(outer, ast.Call) and outer.func is transform):
                continue  # jax.jit(f) kept for later: runs only when called
            call = outer
        if local or use.scope.kind == "module":
            assert isinstance(call, ast.Call)
            found.append(call)
    return found


def check(ctx: Context) -> None:
    if ctx.imported:
        _check_imported(ctx)
    # The module's functions whose rules another module of the project registers
    # (`ops.f.defvjp(...)` in `rules.py`, which `ops.py` may import before it calls `f`).
    elsewhere = {fact.function for fact in ctx.outside if isinstance(fact, OutsideRegistration)}
    for custom_vjp in custom_vjps(ctx):
        binding = name_binding(ctx, custom_vjp)
        if binding is not None and binding.scope.kind == "module" and binding.name in elsewhere:
            continue
        calls = _calls(ctx, custom_vjp)
        if not calls:
            continue
        definition = custom_vjp.definition
        if isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)):
            span = ctx.name_span(definition)
        else:
            span = ctx.span(definition)
        name = primal_name(custom_vjp)
        values = {"debug_fun.func_name": name} if name is not None else {}
        note = "\nRegister its rules with `.defvjp(fwd, bwd)` before it is called."
        end, line = _registration(ctx, custom_vjp, calls)
        definitions = Span(span.start_line, span.start_column, *end) if end is not None else None
        ctx.report(span, values=values, note=note,
                   related=tuple(Related(ctx.span(c), "called here without VJP rules")
                                 for c in calls[:3]),
                   data=WithoutDefvjp(span, definitions, line))


def _check_imported(ctx: Context) -> None:
    """The module's import-time calls of a custom_vjp function of another module of the
    project that has no rules: its module never registers them nor lets the function out,
    and no other module of the project names it with `defvjp`/`defremat`
    (`jaxerr_lsp.project.summaries`)."""
    for qualname, summary in ctx.imported:
        name = summary.custom_vjp_without_rules
        if name is None:
            continue
        calls = [site.call for site in ctx.model.calls_to(qualname) if site.partial is None]
        for transform in sorted(_TRANSFORMS):  # `jax.grad(f)(x)`: called through it
            for site in ctx.model.calls_to(transform):
                outer = ctx.model.parent.get(id(site.call))
                if site.partial is None and site.args and isinstance(outer, ast.Call) \
                        and outer.func is site.call and ctx.model.qualname(site.args[0]) == qualname:
                    calls.append(outer)
        for call in sorted(calls, key=lambda c: (c.lineno, c.col_offset)):
            if not _at_import_time(ctx, call.func):
                continue
            module = qualname.rpartition(".")[0]
            ctx.report(call, values={"debug_fun.func_name": name},
                       note=(f"\n`{qualname.rpartition('.')[2]}` of `{module}` is a custom_vjp "
                             "function whose rules no module of the project registers: register "
                             "them with `.defvjp(fwd, bwd)` before it is called."),
                       data=WithoutDefvjp(ctx.span(call)))


def _at_import_time(ctx: Context, func: ast.expr) -> bool:
    """Whether the call of `func` runs when the module is imported: it is read at the module's
    top level (not in a def, a lambda or a class body)."""
    while isinstance(func, (ast.Attribute, ast.Call)):  # (`ops.f`, `jax.grad(f)`)
        func = func.value if isinstance(func, ast.Attribute) else func.func
    use = ctx.model.use_of.get(id(func)) if isinstance(func, ast.Name) else None
    return use is not None and use.scope.kind == "module"


def _single_def(ctx: Context, scope: Scope, name: str) -> ast.AST | None:
    """The def of `name` in `scope` when it is the name's only binding there."""
    binding = ctx.model.sole_binding(name, scope)
    return binding.node if binding is not None and binding.kind == DEF else None


def _registration(ctx: Context, custom_vjp: CustomVjp,
                  calls: list[ast.Call]) -> tuple[tuple[int, int] | None, str]:
    """Where the last of the function and its `<name>_fwd` / `<name>_bwd` rules (of the same
    scope) ends, and the registration line to add there."""
    binding = name_binding(ctx, custom_vjp)
    if binding is None:
        return None, ""
    name = binding.name
    fwd = _single_def(ctx, binding.scope, f"{name}_fwd")
    bwd = _single_def(ctx, binding.scope, f"{name}_bwd")
    statement = binding.node if isinstance(binding.node, ast.stmt) else \
        ctx.model.parent.get(id(custom_vjp.definition))
    if fwd is None or bwd is None or not isinstance(statement, ast.stmt):
        return None, ""
    last = max((statement, fwd, bwd), key=lambda n: n.end_lineno or 0)  # type: ignore[attr-defined]
    end = ctx.span(last)
    if any(c.lineno <= end.end_line for c in calls):
        return None, ""
    indent = " " * statement.col_offset
    return (end.end_line, end.end_column), f"{indent}{name}.defvjp({name}_fwd, {name}_bwd)"


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, WithoutDefvjp)
    if data.definitions is None or not span_fits(lines, data.definitions):
        return []
    kept = lines.text(data.definitions)
    registration = data.register_line.strip()
    return [Fix(f"Register the rules: {registration}", False,
                "The functions named like this one's fwd and bwd rules are registered right after "
                "their definitions; whether they are its rules is only read from their names.",
                (TextEdit(data.definitions, f"{kept}{lines.newline}{lines.newline}{data.register_line}"),),
                "register-named-rules")]


RULE = Rule(
    code="JXE052",
    catalog_id="custom-vjp-without-defvjp",
    triggers=("custom_vjp",),
    check=check,
    data=WithoutDefvjp,
    fix=fix,
    fix_ids=("register-named-rules",),
)
