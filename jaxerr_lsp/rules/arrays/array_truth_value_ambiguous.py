"""JXE117 array-truth-value-ambiguous.

What it does: finds a value Python asks for one truth value (the test of an `if`, `while`,
`assert` or `x if c else y`; an operand of `and` / `or` but the last; the operand of `not`;
the argument of `bool()`) in module-level code (a script, a notebook: no def or lambda around
it, so no transformation traces it), where the value inference certainly knows a JAX array
whose shape has more than one element, or none: `x = jnp.array([-1, 2, 5])` then
`if x > 0:`, `if a == b:` on two such arrays, `assert jnp.zeros(3) == 0`. Also, in a call
of an undecorated def by its name from module-level code that hands it such arrays
(`analysis.followed_calls`; the call is named beside the finding), the value whose truth a
statement that runs whenever the def runs asks: the test of an `if`, `while` or `assert`,
the first operand of an `and`/`or` or the operand of a `not` it evaluates unconditionally
(`def check(x): if x > 0:`, `return is_even and x > 0`, then `check(jnp.array([1, 2]))`).

Silent: arrays of one element (`jnp.sum(x) > 0`, shape `(1, 1)`), NumPy arrays (NumPy raises
its own ValueError), values whose shape the file does not show (a parameter, a call into
other code), code inside a def or a lambda but in such calls (it may run traced, where JAX
raises TracerBoolConversionError instead: JXE070), and code where the error is caught or
expected (a `try` with handlers, `with pytest.raises(...)`).

Why is this bad: an array of several elements has no single truth value; JAX raises
ValueError ("The truth value of an array with more than one element is ambiguous"), as
NumPy does (an empty array: "The truth value of an empty array is ambiguous").

Fix: none. Whether `all` or `any` (or an element-wise `jnp.where`, `jnp.logical_and`) was
meant is the author's choice; the catalog's solutions show each.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.followed_calls import argument_values, followed_calls, runs_whenever_called
from jaxerr_lsp.analysis.values import Value
from jaxerr_lsp.analysis.model import DEF
from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.expected_errors import may_be_expected

_HOLDERS = (ast.If, ast.While, ast.Assert, ast.IfExp, ast.BoolOp, ast.UnaryOp)


@dataclass(frozen=True)
class AmbiguousTruth(RuleData):
    value_span: Span  # the expression Python asks for a bool
    shape: tuple[int, ...]


def check(ctx: Context) -> None:
    model = ctx.model
    tested: list[ast.expr] = []
    for holder in model.nodes_in(model.tree, _HOLDERS):
        if isinstance(holder, (ast.If, ast.While, ast.Assert, ast.IfExp)):
            tested.append(holder.test)
        elif isinstance(holder, ast.BoolOp):
            tested += holder.values[:-1]  # the last one's truth is asked only where the whole is
        elif isinstance(holder, ast.UnaryOp) and isinstance(holder.op, ast.Not):
            tested.append(holder.operand)
    for site in model.calls_to("builtins.bool"):
        if site.complete and len(site.args) == 1 and not site.keywords \
                and not isinstance(site.args[0], ast.Starred):
            tested.append(site.args[0])
    for expr in tested:
        _check(ctx, expr)
    for function in _called_from_module_code(ctx):
        calls = _eager_calls(ctx, function)
        if not calls:
            continue
        for statement, first in _certain_tests(ctx, function):
            if runs_whenever_called(model, function, statement):
                _check_eager_calls(ctx, first, function, calls)


def _called_from_module_code(ctx: Context) -> list[ast.FunctionDef]:
    """The undecorated defs that module-level code calls by a name code flow says is them."""
    model = ctx.model
    found: dict[int, ast.FunctionDef] = {}
    for calls in model.name_calls.values():
        for call in calls:
            if not isinstance(call.func, ast.Name) or model.call_scope.get(id(call)) is not model.module_scope:
                continue
            binding = model.binding_of(call.func)
            if binding is not None and binding.kind == DEF and isinstance(binding.node, ast.FunctionDef) \
                    and not binding.node.decorator_list:
                found[id(binding.node)] = binding.node
    return list(found.values())


# Where, inside a statement, an expression may not be evaluated each time the statement runs.
_CONDITIONAL = (ast.IfExp, ast.BoolOp, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
                ast.GeneratorExp)


def _certain_tests(ctx: Context, function: ast.FunctionDef) -> list[tuple[ast.stmt, ast.expr]]:
    """(a statement of the def's own body, the value whose truth Python asks each time it
    runs): the test of an `if`, `while` or `assert` (the first operand of an `and`/`or` test,
    the operand of a `not`), and the first operand of any `and`/`or` and the operand of a
    `not` the statement evaluates unconditionally (`return is_even and x > 0`)."""
    model = ctx.model
    found: list[tuple[ast.stmt, ast.expr]] = []
    seen: set[int] = set()
    statements: list[ast.If | ast.While | ast.Assert] = model.nodes_in(function, (ast.If, ast.While, ast.Assert))
    for statement in statements:
        if _enclosing_def(ctx, statement) is function:
            test = statement.test
            first = _asked(test) or test
            seen.add(id(first))
            found.append((statement, first))
    operators: list[ast.BoolOp | ast.UnaryOp] = model.nodes_in(function, (ast.BoolOp, ast.UnaryOp))
    for operator in operators:
        asked = _asked(operator)
        path = model.path_to(function, operator) if asked is not None and id(asked) not in seen else None
        if path is None:
            continue
        held = next((i for i in range(len(path) - 1, -1, -1) if isinstance(path[i], ast.stmt)), 0)
        holder = path[held]
        if not isinstance(holder, ast.stmt) or holder is function \
                or any(isinstance(step, _CONDITIONAL) for step in path[held + 1:-1]) \
                or _enclosing_def(ctx, holder) is not function:
            continue
        seen.add(id(asked))
        found.append((holder, asked))  # type: ignore[arg-type]
    return found


def _asked(expr: ast.expr) -> ast.expr | None:
    """The operand whose truth `expr` asks first: `a` of `a and b`, `x` of `not x`."""
    if isinstance(expr, ast.BoolOp):
        return expr.values[0]
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
        return expr.operand
    return None


def _eager_calls(ctx: Context, function: ast.FunctionDef) -> list[tuple[ast.Call, dict[str, Value]]]:
    """The calls of the undecorated def by its name from module-level code (no transformation:
    the parameters are the arrays themselves) whose arguments the code shows, out of code
    that expects an error."""
    if function.decorator_list:
        return []  # a transformation traces it (JXE070's error)
    found = []
    for call in followed_calls(ctx.model, function):
        if not isinstance(call.call.func, ast.Name) \
                or ctx.model.call_scope.get(id(call.call)) is not ctx.model.module_scope:
            continue  # it runs at another time, or traced
        path = ctx.model.path_to(ctx.model.tree, call.call)
        if path is None or may_be_expected(path):
            continue
        arguments = argument_values(ctx.model, ctx.values, call)
        if arguments is not None:
            found.append((call.call, arguments))
    return found


def _check_eager_calls(ctx: Context, first: ast.expr, function: ast.FunctionDef,
                       calls: list[tuple[ast.Call, dict[str, Value]]]) -> None:
    """A value whose truth a statement that runs whenever its def runs asks (`_certain_tests`),
    in the def's eager calls (`_eager_calls`): `def check(x): if x > 0:` then
    `check(jnp.array([1, 2]))`."""
    for call, arguments in calls:
        with ctx.values.bound(function, arguments):
            shape = _ambiguous_shape(ctx, first)
        if shape is not None:
            _report(ctx, first, shape, Related(ctx.span(call), "the call that gives these values"))
            return


def _enclosing_def(ctx: Context, node: ast.AST) -> ast.FunctionDef | None:
    """The def whose own body holds `node` (no lambda, class or comprehension between)."""
    path = ctx.model.path_to(ctx.model.tree, node)
    if path is None:
        return None
    for step in reversed(path[:-1]):
        if isinstance(step, ast.FunctionDef):
            return step
        if isinstance(step, (ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            return None
    return None


def _check(ctx: Context, expr: ast.expr) -> None:
    # Module-level code only (asked first, by the scope of a name the test reads: most tests
    # sit in defs, and a test that reads no name is no array). The name heading the test is
    # read where the test is: in a def, every name the test holds is read in it or deeper.
    head = ctx.model.head_use(expr)
    if head is not None and head.scope.kind != "module":
        return
    names = ctx.model.names_in(expr)
    use = ctx.model.use_of.get(id(names[0])) if names else None
    if use is None or use.scope.kind != "module":
        return
    # The value before the path: most module-level tests are no array (`__name__ ==
    # "__main__"`), and the path from the module needs a table of every node's parent.
    shape = _ambiguous_shape(ctx, expr)
    if shape is None:
        return
    path = ctx.model.path_to(ctx.model.tree, expr)
    if path is None or any(isinstance(node, (
            ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp, ast.SetComp,
            ast.DictComp, ast.GeneratorExp)) for node in path) or may_be_expected(path, raising_blocks=False):
        return
    _report(ctx, expr, shape)


def _ambiguous_shape(ctx: Context, expr: ast.expr) -> tuple[int, ...] | None:
    """The shape of the JAX array the inference knows `expr` as, when it has more than one
    element, or none."""
    value = ctx.values.value(expr)
    shape = value.aval.shape if value.type == "ArrayImpl" and value.aval is not None else None
    if shape is None or any(type(d) is not int or d < 0 for d in shape):
        return None
    size = 1
    for dim in shape:
        size *= dim
    return None if size == 1 else shape


def _report(ctx: Context, expr: ast.expr, shape: tuple[int, ...], *related: Related) -> None:
    span = ctx.span(expr)
    data = AmbiguousTruth(span, shape)
    if 0 in shape:
        from jaxerr_lsp.errors.catalog import load_catalog

        empty = load_catalog().get("array-truth-value-ambiguous").sources[1].message or ""
        ctx.report(expr, message=empty, predicted=empty, note=_note(ctx, expr, shape), data=data,
                   related=related)
        return
    ctx.report(expr, note=_note(ctx, expr, shape), data=data, related=related)


def _note(ctx: Context, expr: ast.expr, shape: tuple[int, ...]) -> str:
    dims = ",".join(str(d) for d in shape)
    return (f" (`{ctx.segment(expr)}` is a JAX array of shape ({dims}{',' if len(shape) == 1 else ''}); "
            "say which truth is meant: `.all()`, `.any()`, or compute element by element)")


RULE = Rule(
    code="JXE117",
    catalog_id="array-truth-value-ambiguous",
    triggers=("jax",),
    check=check,
    data=AmbiguousTruth,
)
