"""JXE025 vjp-not-saveable-residuals.

What it does: finds a VJP function from `jax.vjp(fn, *primals, saveable_args=flags)` applied
(`f_vjp(ct)`, `f_vjp.with_logs(ct)`, `f_vjp.with_refs(...)`) while `flags` marks as not
saveable a primal the backward pass certainly needs verbatim, and the code never restores it
(`f_vjp.args_res` is never touched).

Why is this bad: with a False flag JAX replaces such arguments by `NotSaveable()` sentinels in
`f_vjp.args_res` and raises ValueError when the VJP function is applied before they are put
back. Whether an argument is needed verbatim depends on the function (`x * y` needs both, `x +
y` neither, `jnp.sin(x) * y` only `y`) and on the arguments being JAX arrays (Python numbers
are converted and never saved verbatim). So the rule reports only what it can be sure of: the
function is a lambda or undecorated def of this file whose body is one product of two of its
parameters (`a * b`, `a @ b`, `jnp.dot(a, b)`, `jnp.matmul(a, b)`), both primals are
float32 JAX arrays made in this file with literal shapes (`jnp.ones(3)`,
`jax.random.normal(key, (4, 3))`...; not weakly typed), of the same shape for `*` (a broadcast
or a dtype conversion saves a transformed value instead) and of rank one or two for a matrix
product, and the VJP function's name is used only to apply it. Anything else is silence, not a
warning: a guess about residuals would too often be wrong.

Fix: restore the values just before the application: `f_vjp.args_res = [x, w]` (the primals,
in order; never marked safe: it keeps the values alive, which `saveable_args` meant to avoid).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.families.vjp_application import (WITH_REFS, Application, VjpFunction, applications)
from jaxerr_lsp.families.vjp_calls import function_text

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

PRODUCT_FUNCTIONS = frozenset({"jax.numpy.dot", "jax.numpy.matmul"})


@dataclass(frozen=True)
class NotSaveable(RuleData):
    call_span: Span  # the application
    vjp_name: str  # the VJP function's name
    primals: list[str]  # the primal arguments' source, when each is a name bound once; else []


def _float_array_shape(ctx: Context, expr: ast.expr, depth: int = 0) -> tuple[int, ...] | None:
    """The shape of `expr` when it is certainly a float32 JAX array (not weakly typed) made by
    a constructor of this file with a literal shape; None otherwise."""
    if isinstance(expr, ast.Name) and depth < 5:
        found = ctx.model.assignment_of(expr)
        if found is None or ctx.model.is_mutated(found[0]):
            return None
        return _float_array_shape(ctx, found[1], depth + 1)
    if not isinstance(expr, ast.Call) or any(k.arg in ("dtype", None) for k in expr.keywords) \
            or any(isinstance(a, ast.Starred) for a in expr.args):
        return None
    qualname = ctx.model.qualname(expr.func)
    keywords = {k.arg: k.value for k in expr.keywords}
    if qualname in ("jax.numpy.ones", "jax.numpy.zeros"):
        return _literal_shape(expr.args[0] if expr.args else keywords.get("shape"))
    if qualname == "jax.numpy.eye" and len(expr.args) == 1 and not keywords:
        size = _literal_shape(expr.args[0])
        return size * 2 if size is not None and len(size) == 1 else None
    if qualname == "jax.numpy.linspace" and len(expr.args) >= 2:
        num = expr.args[2] if len(expr.args) > 2 else keywords.get("num", ast.Constant(50))
        return _literal_shape(num)
    if qualname in ("jax.random.normal", "jax.random.uniform"):
        shape = expr.args[1] if len(expr.args) > 1 else keywords.get("shape", ast.Tuple([]))
        return _literal_shape(shape)
    if qualname in ("jax.numpy.array", "jax.numpy.asarray") and len(expr.args) == 1:
        value = expr.args[0]  # a list of floats: float32, not weakly typed (a bare float is)
        if isinstance(value, (ast.List, ast.Tuple)) and value.elts and all(
                isinstance(e, ast.Constant) and type(e.value) is float for e in value.elts):
            return (len(value.elts),)
    return None


def _literal_shape(expr: ast.expr | None) -> tuple[int, ...] | None:
    if isinstance(expr, ast.Constant) and type(expr.value) is int and expr.value >= 0:
        return (expr.value,)
    if isinstance(expr, ast.Tuple) and all(
            isinstance(e, ast.Constant) and type(e.value) is int and e.value >= 0 for e in expr.elts):
        return tuple(e.value for e in expr.elts)  # type: ignore[attr-defined]
    return None


def _factors_saved_verbatim(ctx: Context, vjp: VjpFunction, factors: tuple[int, int], product: str) -> bool:
    """Whether the product uses both primals as they are: same-shape float32 arrays for `*`
    (broadcasting or a dtype conversion would save a transformed value instead), arrays of
    rank one or two for a matrix product."""
    first, second = (_float_array_shape(ctx, vjp.primals[i]) for i in factors)
    if first is None or second is None:
        return False
    if product == "*":
        return first == second
    return 1 <= len(first) <= 2 and 1 <= len(second) <= 2


def _product_factors(ctx: Context, vjp: VjpFunction) -> tuple[int, int, str] | None:
    """The positions of the two parameters the differentiated function multiplies, when its
    whole body is one product of two distinct parameters."""
    function = ctx.model.function_of(vjp.function, through_jit=True)
    if function is None:
        return None
    if isinstance(function, ast.Lambda):
        body: ast.expr | None = function.body
    elif len(function.body) == 1 and isinstance(function.body[0], ast.Return):
        body = function.body[0].value
    else:
        return None
    args = function.args
    if args.vararg or args.kwarg or args.kwonlyargs or args.defaults:
        return None
    names = [a.arg for a in (*args.posonlyargs, *args.args)]
    if len(names) != len(vjp.primals):
        return None
    if isinstance(body, ast.BinOp) and isinstance(body.op, (ast.Mult, ast.MatMult)):
        left, right = body.left, body.right
        product = "*" if isinstance(body.op, ast.Mult) else "@"
    elif isinstance(body, ast.Call) and ctx.model.qualname(body.func) in PRODUCT_FUNCTIONS \
            and len(body.args) == 2 and not body.keywords:
        left, right = body.args
        product = "@"
    else:
        return None
    if not isinstance(left, ast.Name) or not isinstance(right, ast.Name) or left.id == right.id \
            or left.id not in names or right.id not in names:
        return None
    return names.index(left.id), names.index(right.id), product


def _unsaved_positions(vjp: VjpFunction) -> list[int] | None:
    """The primal positions `saveable_args` marks False (top-level bools only)."""
    keyword = vjp.keyword("saveable_args")
    if keyword is None:
        return None
    value = keyword.value
    if isinstance(value, ast.Constant) and value.value is False:
        return list(range(len(vjp.primals)))
    if isinstance(value, ast.Tuple) and len(value.elts) == len(vjp.primals) and all(
            isinstance(e, ast.Constant) and type(e.value) is bool for e in value.elts):
        return [i for i, e in enumerate(value.elts) if e.value is False]  # type: ignore[attr-defined]
    return None


def _only_applied(vjp: VjpFunction, apps: list[Application]) -> bool:
    """Every use of the VJP function's name applies it, in the scope where it is bound (so
    nothing can restore `args_res` in between)."""
    applied = {id(app.call) for app in apps}
    for use in vjp.uses:
        if use.scope is not vjp.binding.scope:
            return False
        parent = use.parent
        if isinstance(parent, ast.Call) and id(parent) in applied:
            continue
        if isinstance(parent, ast.Attribute) and parent.attr in ("with_logs", "with_refs"):
            continue
        return False
    return True


def _primal_names(ctx: Context, vjp: VjpFunction) -> list[str]:
    names = []
    for primal in vjp.primals:
        if not isinstance(primal, ast.Name) or ctx.model.binding_of(primal) is None:
            return []
        names.append(primal.id)
    return names


def check(ctx: Context) -> None:
    by_vjp: dict[int, list[Application]] = {}
    for app in applications(ctx):
        by_vjp.setdefault(id(app.vjp), []).append(app)
    for apps in by_vjp.values():
        vjp = apps[0].vjp
        unsaved = _unsaved_positions(vjp)
        factors = _product_factors(ctx, vjp)
        if not unsaved or factors is None or not _only_applied(vjp, apps):
            continue
        if not _factors_saved_verbatim(ctx, vjp, factors[:2], factors[2]):
            continue
        needed = [i for i in factors[:2] if i in unsaved]
        if not needed:
            continue
        function = ctx.model.function_of(vjp.function, through_jit=True)
        assert function is not None
        first = apps[0]
        if first.how != WITH_REFS and (len(first.call.args) != 1 or first.call.keywords):
            continue  # JAX first complains about the arguments (JXE020)
        _report(ctx, vjp, first, needed, function_text(ctx, vjp.function))


def _report(ctx: Context, vjp: VjpFunction, app: Application, needed: list[int],
            function: str) -> None:
    from jaxerr_lsp.errors.catalog import load_catalog

    template = load_catalog().get(RULE.catalog_id).message.strip()
    head, item = template.rsplit("\n", 1)
    placeholder = "_vjp_arg_name(jaxpr, in_tree, idx)"
    names = [f"the argument at position args[{i}] of the differentiated function {function}"
             for i in sorted(needed)]
    if len(needed) == 1:
        predicted = "\n".join([head, fill(item, {placeholder: names[0]}, escape=True)])
    else:
        predicted = "\n".join([head, item])  # JAX lists them in the order of its residuals
    # The diagnostic names the function without its line (the related location shows it).
    short = function.rsplit(" at ", 1)[0]
    message = "\n".join([head.split("\n", 1)[0], *(
        fill(item, {placeholder: f"the argument at position args[{i}] of the differentiated "
                                 f"function {short}"}) for i in sorted(needed))])
    keyword = vjp.keyword("saveable_args")
    assert keyword is not None
    ctx.report(
        app.call, message=message, predicted=predicted,
        related=(Related(ctx.span(keyword), "arguments marked not saveable here"),),
        data=NotSaveable(ctx.span(app.call), vjp.binding.name, _primal_names(ctx, vjp)))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.locate import enclosing_statement

    data = finding.data
    assert isinstance(data, NotSaveable)
    if not data.primals:
        return []
    stmt = enclosing_statement(lines, data.call_span)
    if stmt is None:
        return []
    (line, column), (end_line, end_column) = stmt.start, stmt.end
    prefix = lines.line(line)[:column]
    restore = f"{data.vjp_name}.args_res = [{', '.join(data.primals)}]"
    span = Span(line, column, end_line, end_column)
    statement = lines.text(span)
    text = f"{restore}; {statement}" if prefix.strip() else f"{restore}{lines.newline}{prefix}{statement}"
    why = ("Puts the primal values back before the VJP function is applied, which is what JAX "
           "needs; but it keeps them alive until then, which saveable_args was meant to avoid, "
           "and the names must still hold the values given to jax.vjp.")
    return [Fix(f"Restore the residuals: {restore}", False, why,
                (TextEdit(span, text),), "restore-args-res")]


RULE = Rule(
    code="JXE025",
    catalog_id="vjp-not-saveable-residuals",
    triggers=("saveable_args",),
    check=check,
    data=NotSaveable,
    fix=fix,
    fix_ids=("restore-args-res",),
)
