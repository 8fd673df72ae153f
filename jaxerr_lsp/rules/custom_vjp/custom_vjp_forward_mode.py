"""JXE054 custom-vjp-forward-mode.

What it does: finds `jax.jvp(fun, primals, tangents)` and `jax.jacfwd(fun)(args)` (called
where it is made) where `fun` is a custom_vjp function of this file, registered here with
`defvjp` or `defvjp_with_logs`, without `nondiff_argnums`, or a lambda whose body certainly
calls one with a differentiated parameter (directly or through arithmetic). The primals must
be a tuple or list display matching the tangents and the signature; an argument that is
certainly an int, bool, complex, string or None is another error first: silence.

Also `y, f_jvp = jax.linearize(fun, *primals)` whose `f_jvp` is then applied (the
application raises; `jax.linearize` alone runs clean), and `jax.hessian(f)(x)` when the fwd
rule registered for `f` itself calls `f` with one of its parameters (forward mode then
reaches the custom_vjp function; a fwd recomputing the primal with plain operations does not).

Deliberately not flagged: a `jax.jacfwd(f)` kept for later, functions from other modules,
`has_aux` and other options.

Why is this bad: custom_vjp functions support reverse mode only; forward mode raises
TypeError.

Fix: `jax.jacfwd(f)` -> `jax.jacrev(f)` (unsafe: same Jacobian, computed in reverse mode).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import CustomVjp, custom_vjp_of, registered, registrations
from jaxerr_lsp.families.custom_vjp_calls import span_fits
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.model import DEF, CallSite
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.analysis.values import Signature, bind_arguments

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# Argument types that fail differently before forward mode reaches the custom_vjp function.
_NOT_FLOAT = frozenset({"int", "bool", "complex", "str", "bytes", "NoneType", "function", "dict",
                        "set"})


@dataclass(frozen=True)
class ForwardMode(RuleData):
    transform: str  # "jvp" | "jacfwd" | "linearize" | "hessian"
    # `jacfwd` in `jax.jacfwd(...)`, when the callee is the jax module's attribute
    attribute_span: Span | None


def _eligible(ctx: Context, name: ast.expr) -> CustomVjp | None:
    """The registered custom_vjp function without nondiff_argnums that `name` is."""
    custom_vjp = custom_vjp_of(ctx.model, name)
    if custom_vjp is None or custom_vjp.nondiff_argnums != () or custom_vjp.primal is None \
            or not custom_vjp.plain or not registered(ctx, custom_vjp, ("defvjp", "defvjp_with_logs")):
        return None
    return custom_vjp


def _mentions(expr: ast.expr, parameter: str) -> bool:
    """`expr` is `parameter`, or arithmetic on it (tangents flow through)."""
    if isinstance(expr, ast.Name):
        return expr.id == parameter
    if isinstance(expr, ast.BinOp):
        return _mentions(expr.left, parameter) or _mentions(expr.right, parameter)
    if isinstance(expr, ast.UnaryOp):
        return _mentions(expr.operand, parameter)
    return False


def _certain_calls(expr: ast.expr) -> list[ast.Call]:
    """Calls `expr` certainly evaluates: itself, operands, callees' arguments, elements."""
    found: list[ast.Call] = []
    stack: list[ast.expr] = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Call):
            found.append(node)
            stack.extend(a for a in node.args if not isinstance(a, ast.Starred))
            stack.extend(k.value for k in node.keywords)
        elif isinstance(node, ast.BinOp):
            stack += [node.left, node.right]
        elif isinstance(node, ast.UnaryOp):
            stack.append(node.operand)
        elif isinstance(node, (ast.Tuple, ast.List)):
            stack.extend(e for e in node.elts if not isinstance(e, ast.Starred))
    return found


# Library functions that are custom_vjp functions (their first `n` arguments not
# differentiated) whose fwd rule calls the function itself (so `jax.hessian` raises too):
# measured under JAX 0.12.0.1 with jvp, jacfwd and hessian.
LIBRARY_CUSTOM_VJP = {"jax.experimental.ode.odeint": 1}


def _differentiated_through(ctx: Context, function: ast.expr,
                            parameters: int | None) -> tuple[CustomVjp | None, Signature, ast.Call | None] | None:
    """The custom_vjp function that differentiating `function` (with respect to its first
    `parameters` positional parameters, all when None) certainly reaches, and the signature
    of what is differentiated."""
    if isinstance(function, ast.Name) and custom_vjp_of(ctx.model, function) is not None:
        custom_vjp = _eligible(ctx, function)
        if custom_vjp is None or custom_vjp.primal is None:
            return None
        return custom_vjp, Signature.of(custom_vjp.primal.args), None
    defined = ctx.model.function_of(function) if isinstance(function, ast.Name) else None
    differentiated: ast.FunctionDef | ast.Lambda
    if isinstance(defined, ast.FunctionDef):
        differentiated = defined  # (a plain def: its statements that run whenever it runs)
    elif isinstance(function, ast.Lambda):
        differentiated = function
    else:
        return None
    signature = Signature.of(differentiated.args)
    if signature.vararg or signature.kwarg or signature.keyword_only or signature.positional_only:
        return None
    wanted = set(signature.positional if parameters is None else signature.positional[:parameters])
    for expr in _straight_line(differentiated, wanted):
        for call in _certain_calls(expr):
            skipped = LIBRARY_CUSTOM_VJP.get(ctx.model.qualname(call.func) or "")
            if skipped is not None and not any(isinstance(a, ast.Starred) for a in call.args) \
                    and any(_carries_tangent(a, wanted) for a in call.args[skipped:]):
                return None, signature, call  # (`odeint(f, y0, t, r)` with `r` differentiated)
            if not isinstance(call.func, ast.Name):
                continue
            custom_vjp = _eligible(ctx, call.func)
            if custom_vjp is None or any(isinstance(a, ast.Starred) for a in call.args):
                continue
            if any(_carries_tangent(argument, wanted) for argument in call.args):
                return custom_vjp, signature, call
    return None


def _straight_line(function: ast.FunctionDef | ast.Lambda, tangent: set[str]) -> Iterator[ast.expr]:
    """The expressions a function certainly evaluates, in order: a lambda's body; a def's
    statements up to the first that is not an assignment, an expression or a `return`
    (a branch or a loop may skip what follows). `tangent` grows, as they are read, with the
    names assigned a value that carries a tangent (`_carries_tangent`) and loses those
    rebound to one that does not."""
    if isinstance(function, ast.Lambda):
        yield function.body
        return
    for statement in function.body:
        if isinstance(statement, ast.Return):
            if statement.value is not None:
                yield statement.value
            return
        if isinstance(statement, ast.Expr):
            yield statement.value
            continue
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            return
        yield statement.value
        target = statement.targets[0]
        names = [target] if isinstance(target, ast.Name) else target.elts \
            if isinstance(target, (ast.Tuple, ast.List)) else []
        if not names or not all(isinstance(n, ast.Name) for n in names):
            return
        carries = _carries_tangent(statement.value, tangent)
        for name in names:
            assert isinstance(name, ast.Name)
            (tangent.add if carries else tangent.discard)(name.id)


# Functions whose result carries no tangent of their arguments (integer results, a gradient
# stopped): forward mode through them reaches nothing.
_NO_TANGENT = frozenset({"stop_gradient", "argmax", "argmin", "argsort", "searchsorted", "floor",
                         "ceil", "round", "rint", "trunc", "sign", "shape", "size", "ndim",
                         "zeros_like", "ones_like", "empty_like", "full_like", "isnan", "isfinite",
                         "astype", "nonzero", "where"})


def _carries_tangent(expr: ast.expr, tangent: set[str], depth: int = 0) -> bool:
    """Whether `expr` certainly carries the tangent of a name of `tangent`: the name, an
    element or attribute of it, arithmetic on it, or a function of it (but those of
    `_NO_TANGENT`, whose results carry none)."""
    if depth > 12:
        return False
    if isinstance(expr, ast.Name):
        return expr.id in tangent
    if isinstance(expr, ast.BinOp):
        return _carries_tangent(expr.left, tangent, depth + 1) \
            or _carries_tangent(expr.right, tangent, depth + 1)
    if isinstance(expr, ast.UnaryOp):
        return not isinstance(expr.op, ast.Not) and _carries_tangent(expr.operand, tangent, depth + 1)
    if isinstance(expr, ast.Subscript):
        return _carries_tangent(expr.value, tangent, depth + 1)
    if isinstance(expr, ast.Call):
        function = expr.func
        name = function.attr if isinstance(function, ast.Attribute) else \
            function.id if isinstance(function, ast.Name) else None
        if name is None or name in _NO_TANGENT:
            return False
        return any(_carries_tangent(a, tangent, depth + 1) for a in expr.args
                   if not isinstance(a, ast.Starred))
    return False


def _float_like(ctx: Context, expr: ast.expr) -> bool:
    """Not certainly a value forward mode rejects before differentiating."""
    if isinstance(expr, ast.Starred):
        return False
    return ctx.values.value(expr).type not in _NOT_FLOAT


def _check_jvp(ctx: Context, site: CallSite) -> None:
    if not site.complete or site.keywords or len(site.args) != 3:
        return
    function, primals, tangents = site.args
    if not (isinstance(primals, (ast.Tuple, ast.List)) and isinstance(tangents, (ast.Tuple, ast.List))):
        return
    if len(primals.elts) != len(tangents.elts):
        return
    if not all(_float_like(ctx, e) for e in (*primals.elts, *tangents.elts)):
        return
    found = _differentiated_through(ctx, function, None)
    if found is None:
        return
    custom_vjp, signature, through = found
    if bind_arguments(signature, primals.elts, []) is None:
        return
    _report(ctx, site.call, custom_vjp, ForwardMode("jvp", None), through)


def _check_jacfwd(ctx: Context, site: CallSite) -> None:
    if not site.complete or site.partial is not None or len(site.args) != 1:
        return
    argnums = 0
    for keyword in site.keywords:
        if keyword.arg != "argnums" or not (isinstance(keyword.value, ast.Constant)
                                            and type(keyword.value.value) is int):
            return
        argnums = keyword.value.value
    applied = ctx.model.parent.get(id(site.call))
    if not (isinstance(applied, ast.Call) and applied.func is site.call):
        return  # kept for later: forward mode runs only when it is called
    if argnums < 0 or len(applied.args) <= argnums or applied.keywords:
        return
    if not _float_like(ctx, applied.args[argnums]):
        return
    if any(isinstance(a, ast.Starred) for a in applied.args):
        return
    found = _differentiated_through(ctx, site.args[0], argnums + 1)
    if found is None:
        return
    custom_vjp, signature, through = found
    if isinstance(site.args[0], ast.Lambda) and argnums != 0:
        return  # the lambda's check looked at its first parameters only
    if bind_arguments(signature, applied.args, []) is None:
        return
    _report(ctx, site.call, custom_vjp, ForwardMode("jacfwd", _attribute_span(ctx, site.call)), through)


def _attribute_span(ctx: Context, call: ast.Call) -> Span | None:
    """The span of `jacfwd` in `jax.jacfwd`, when the callee is the jax module's attribute."""
    function = call.func
    if not isinstance(function, ast.Attribute) or ctx.model.qualname(function.value) != "jax":
        return None
    end = ctx.span(function)
    return Span(end.end_line, end.end_column - len(function.attr), end.end_line, end.end_column)


def _report(ctx: Context, call: ast.Call, custom_vjp: CustomVjp | None, data: ForwardMode,
            through: ast.Call | None = None) -> None:
    """`through`: the call of the custom_vjp function, with a value carrying the tangent, in
    the body of the function differentiated (when it is not the custom_vjp function itself);
    `custom_vjp` None: a library's (`LIBRARY_CUSTOM_VJP`), called there."""
    related = [] if custom_vjp is None else [Related(ctx.span(custom_vjp.definition), "the custom_vjp function")]
    if through is not None:
        library = ctx.model.qualname(through.func) if custom_vjp is None else None
        what = f"`{library}` is a custom_vjp function: called" if library else "called"
        related.append(Related(ctx.span(through), f"{what} here with a value that carries the tangent"))
    ctx.report(call, related=tuple(related),
               note=f"\n`{data.transform}` uses forward mode; a custom_vjp function supports "
                    "reverse mode only.",
               data=data)


def _check_linearize(ctx: Context, site: CallSite) -> None:
    if not site.complete or site.partial is not None or site.keywords or len(site.args) < 2:
        return
    function, *primals = site.args
    if not all(_float_like(ctx, p) for p in primals):
        return
    statement = ctx.model.parent.get(id(site.call))
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Tuple) and len(statement.targets[0].elts) == 2
            and isinstance(statement.targets[0].elts[1], ast.Name)):
        return
    found = _differentiated_through(ctx, function, None)
    if found is None:
        return
    custom_vjp, signature, through = found
    if bind_arguments(signature, primals, []) is None:
        return
    application = _application(ctx, statement.targets[0].elts[1], site.call)
    if application is not None:
        _report(ctx, application, custom_vjp, ForwardMode("linearize", None), through)


def _application(ctx: Context, target: ast.Name, made_by: ast.Call) -> ast.Call | None:
    """The first call `f_jvp(t)` of the name `target` binds (each use that may read that
    binding certainly does), with a tangent that is not certainly rejected first."""
    binding = ctx.model.unambiguous_binding(target)
    if binding is None:
        return None
    for use in ctx.model.uses_of(binding):
        parent = use.parent
        if isinstance(parent, ast.Call) and parent.func is use.node and parent.args \
                and not parent.keywords and all(_float_like(ctx, a) for a in parent.args):
            return parent
    return None


def _fwd_calls_itself(ctx: Context, custom_vjp: CustomVjp) -> bool:
    """A fwd rule registered for it calls the custom_vjp function itself on a parameter."""
    for method in ("defvjp", "defvjp_with_logs"):
        for registration in registrations(ctx, method):
            fwd = registration.fwd
            if registration.custom_vjp.definition is not custom_vjp.definition or fwd is None:
                continue
            parameters = Signature.of(fwd.args).positional
            body = [fwd.body] if isinstance(fwd, ast.Lambda) else [
                s.value for s in fwd.body if isinstance(s, (ast.Return, ast.Assign, ast.Expr))
                and s.value is not None]
            for expr in body:
                for call in _certain_calls(expr):
                    if isinstance(call.func, ast.Name) and any(
                            _mentions(a, p) for a in call.args for p in parameters):
                        called = custom_vjp_of(ctx.model, call.func)
                        if called is not None and called.definition is custom_vjp.definition:
                            return True
    return False


def _check_hessian(ctx: Context, site: CallSite) -> None:
    if not site.complete or site.partial is not None or len(site.args) != 1 or site.keywords:
        return
    applied = ctx.model.parent.get(id(site.call))
    if not (isinstance(applied, ast.Call) and applied.func is site.call) or applied.keywords \
            or not applied.args or any(isinstance(a, ast.Starred) for a in applied.args):
        return
    if not isinstance(site.args[0], ast.Name) or not _float_like(ctx, applied.args[0]):
        return
    found = _differentiated_through(ctx, site.args[0], 1)  # (the custom_vjp itself, or a def calling it)
    if found is None:
        return
    custom_vjp, signature, through = found  # (a library's: its fwd calls it, `LIBRARY_CUSTOM_VJP`)
    if custom_vjp is not None and (custom_vjp.primal is None or not _fwd_calls_itself(ctx, custom_vjp)) \
            or bind_arguments(signature, applied.args, []) is None:
        return
    _report(ctx, site.call, custom_vjp, ForwardMode("hessian", None), through)


# JAX functions that only trace what they are given: a jvp of a custom_vjp function inside it
# is staged out (`custom_lin` in the jaxpr), never run, and raises nothing (verified with
# JAX 0.12.0.1; `jax.jit(...)` and its `.lower` do raise).
_STAGING_ONLY = ("jax.make_jaxpr", "jax.eval_shape")


def _staged_functions(ctx: Context) -> set[int]:
    """ids of the lambdas and defs of this file given to `jax.make_jaxpr` / `jax.eval_shape`."""
    staged: set[int] = set()
    for qualname in _STAGING_ONLY:
        for site in ctx.model.calls_to(qualname):
            if not site.args or isinstance(site.args[0], ast.Starred):
                continue
            target = site.args[0]
            if isinstance(target, ast.Lambda):
                staged.add(id(target))
            elif isinstance(target, ast.Name):
                binding = ctx.model.binding_of(target)
                if binding is not None and binding.kind == DEF:
                    staged.add(id(binding.node))
    return staged


def _only_staged(ctx: Context, call: ast.Call, staged: set[int]) -> bool:
    """Whether `call` sits in a function (at any depth) that is only traced."""
    scope = ctx.model.call_scope.get(id(call))
    while scope is not None:
        if id(scope.node) in staged:
            return True
        scope = scope.parent
    return False


def check(ctx: Context) -> None:
    staged = _staged_functions(ctx)
    for qualname, check_site in (("jax.jvp", _check_jvp), ("jax.jacfwd", _check_jacfwd),
                                 ("jax.linearize", _check_linearize),
                                 ("jax.hessian", _check_hessian)):
        for site in ctx.model.calls_to(qualname):
            if not _only_staged(ctx, site.call, staged):
                check_site(ctx, site)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, ForwardMode)
    if data.attribute_span is None or not span_fits(lines, data.attribute_span) \
            or lines.text(data.attribute_span) != "jacfwd":
        return []
    return [Fix("Use jax.jacrev instead of jax.jacfwd", False,
                "jax.jacrev computes the same Jacobian in reverse mode, through the custom VJP "
                "rule; the last bits may differ and the cost now grows with the outputs.",
                (TextEdit(data.attribute_span, "jacrev"),), "jacfwd-to-jacrev")]


RULE = Rule(
    code="JXE054",
    catalog_id="custom-vjp-forward-mode",
    triggers=("jvp", "jacfwd", "linearize", "hessian"),
    check=check,
    data=ForwardMode,
    fix=fix,
    fix_ids=("jacfwd-to-jacrev",),
)
