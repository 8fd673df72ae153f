"""JXE070 tracer-bool-conversion.

What it does: finds Python control flow on a traced array in a function the file shows JAX
tracing abstractly (`jax.jit`, `jax.vmap`, `jax.pmap`, `jax.checkpoint`/`jax.remat`,
`jax.eval_shape`, `jax.make_jaxpr`, the bodies of `lax.scan`/`cond`/`switch`/`while_loop`/
`fori_loop`/`map`): the test of an `if`, `while`, `assert` or conditional expression, the operand
of `not`, the first operand of `and`/`or`, `bool(x)`, and Python's `max(a, b)`/`min(a, b)`,
`max([a, b])`, `sorted([a, b])` (which compare with `bool()`) when their arguments cannot
raise first. It asks `ctx.tracing` which tests are
tracers, and reports only one array (a bare pytree parameter in `if params:` may be a dict: silent), never
under `jax.grad` and its family alone (concrete values underneath), never a later operand of
`and`/`or` (an earlier one may short-circuit), nor anything inside one or inside a branch of a
conditional expression (`check and not ok(x)` with a static `check`: the `not` may not run),
unless the operands before it are constants that go on, or parameters every run the file shows
leaves at such a default (`check=True` left out by each call of `jax.jit(f)` or `jax.jit(C)`).

Why is this bad: `bool()` of a tracer raises TracerBoolConversionError while JAX traces the
function. The message names the traced function, the transformation and the arguments the
value depends on; the rule predicts them when the code shows them (the function's first line,
JAX's label of the transformation, the test's parameters), else leaves them as placeholders.

Fixes (all unsafe): `jnp.where(c, a, b)` for `if c: return a` / `else: return b` (or the
`return b` right after), `if c: x = a` / `else: x = b` and `a if c else b`, when both sides are
simple expressions (both are then evaluated); `static_argnames=("n",)` on the `jax.jit`
decorator or call when the test depends on the parameter `n` only (JAX recompiles per value);
`jnp.maximum(a, b)`/`jnp.minimum(a, b)` for Python's two-argument `max`/`min` (NaN propagates).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.applications import LAX
from jaxerr_lsp.analysis.model import Scope
from jaxerr_lsp.analysis.values import Signature, bind_arguments
from jaxerr_lsp.engine.rule import Context, Rule, as_template, fill, shorten
from jaxerr_lsp.families.tracer_arrays import hashable_wherever_passed, tracer_related
from jaxerr_lsp.analysis.tracing import (JAX_NAMESPACES, STATIC_ATTRIBUTES, TRACING_TRIGGERS, Tracer, TracedFunction, Transform,
                                tests_isinstance)

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

ORIGIN = "tracer._origin_msg()"
# Transformations whose jaxpr tracer prints "The error occurred while tracing ... for {label}".
JAXPR_LABELS = frozenset({"jit", "scan", "cond", "switch", "while_cond", "while_body",
                          "fori_loop"})
CHECKPOINT_LABEL = "checkpoint / remat"
# Builtins whose result is concrete whatever they are given.
CONCRETE_BUILTINS = frozenset({"builtins.len", "builtins.isinstance", "builtins.type",
                               "builtins.callable", "builtins.hasattr"})


@dataclass(frozen=True)
class Edit(RuleData):
    span: Span
    old: str  # the text at `span` when the finding was made
    new: str


@dataclass(frozen=True)
class TracerBool(RuleData):
    where_edits: list[Edit]  # the jnp.where rewrite; empty: not offered
    # The jit site the static fix edits, with its text; None: not offered.
    static_site: Edit | None
    parameter: str  # the parameter the static fix marks
    position: int | None  # its position among the positional parameters; None: keyword-only
    static_first: bool  # the test is the bare parameter (a flag): the static fix comes first
    # max(a, b) / min(a, b): the callee to rewrite as jnp.maximum / jnp.minimum; None: not offered.
    elementwise: Edit | None = None


# ------------------------------------------------------------------------ what is converted
def _converted(ctx: Context, expr: ast.expr, owner: ast.AST, converted_boolops: set[int],
               function: TracedFunction) -> bool:
    """Whether Python certainly calls `bool()` on `expr` when `owner` runs. In `a and b`
    (or `a or b`) it calls `bool(a)`; it reaches `b` for certain only when the operands before
    it are constants that do not end the operation early (`True and flag`, `DEBUG and flag`
    with `DEBUG = True` bound once: the evaluator's constant), and converts the last operand
    only where the whole operation is itself converted (`if True and flag:`)."""
    if not _reached(ctx, owner, function):
        return False
    if not isinstance(owner, ast.BoolOp):
        return True
    index = next(i for i, value in enumerate(owner.values) if value is expr)
    if not _goes_on(ctx, owner, index, function):
        return False
    return index < len(owner.values) - 1 or id(owner) in converted_boolops


def _goes_on(ctx: Context, operation: ast.BoolOp, index: int, function: TracedFunction) -> bool:
    """Whether `a and b` (or `a or b`) certainly evaluates its operand at `index`: the ones
    before it are constants that do not end it early (`True and flag`, `DEBUG and flag` with
    `DEBUG = True` bound once: the evaluator's constant)."""
    goes_on = isinstance(operation.op, ast.And)  # the truth value that does not stop `and` / `or`
    for value in operation.values[:index]:
        constant = ctx.values.constant(value)
        if constant is None:
            constant = _default_left_out(ctx, value, function)
        if constant is None or type(constant) not in (bool, int, float, str, tuple) \
                or bool(constant) is not goes_on:
            return False
    return True


def _default_left_out(ctx: Context, expr: ast.expr, function: TracedFunction) -> object:
    """The default of the parameter `expr` reads (its one binding there) when every run of the
    traced function the file shows leaves it out: each application of its transformation
    (`make(volts, temps)` for `def __init__(self, volts, temps, check=True)`), no call from
    traced code, no partial. None otherwise (a constant JAX does not trace)."""
    if not isinstance(expr, ast.Name) or expr.id in function.tracers or function.called_from \
            or function.partials or function.origins:
        return None
    reaching = ctx.model.reaching(expr)
    if not reaching or len(reaching) != 1 or not isinstance(reaching[0].node, ast.arg):
        return None
    signature = Signature.of(function.function.args)
    default = signature.defaults.get(expr.id)
    runs = ctx.tracing.applications.runs(function)
    if default is None or not runs or any(t.qualname in LAX for t in function.transforms):
        return None
    scope = ctx.model.scope_of_node.get(id(function.function))
    if scope is not None and scope.parent is not None and scope.parent.kind == "class":
        signature = signature.bound_to_instance()  # (`self`: the instance, or the new one)
    for call in runs:
        bound = bind_arguments(signature, call.args, call.keywords)
        if bound is None or bound.extra_positional or bound.extra_keywords \
                or bound.given.get(expr.id, default) is not default:  # (a default stands as it is)
            return None
    return ctx.values.constant(default)


def _reached(ctx: Context, node: ast.AST, function: TracedFunction) -> bool:
    """Whether the expression `node` certainly runs when the statement holding it runs: not a
    later operand of `and`/`or` an earlier one may stop (`check and not ok(x)`), nor a branch
    of a conditional expression."""
    if not isinstance(node, ast.expr):
        return True
    path = ctx.model.path_to(ctx.model.tree, node) or [node]
    for parent, child in zip(reversed(path[:-1]), reversed(path[1:])):
        if not isinstance(parent, ast.expr) or isinstance(parent, ast.Lambda):
            break
        if isinstance(parent, ast.BoolOp):
            index = next((i for i, value in enumerate(parent.values) if value is child), 0)
            if not _goes_on(ctx, parent, index, function):
                return False
        elif isinstance(parent, ast.IfExp) and child is not parent.test:
            return False
    return True


def _converted_boolops(ctx: Context, tests: list[tuple[ast.expr, ast.AST, TracedFunction]]) -> set[int]:
    """The `and`/`or` operations whose value Python converts with `bool()` (the test of an
    `if`, `while`, `assert`, ternary, `not` or comprehension filter, or a converted operand of
    another such operation), outermost first as the tests are listed."""
    converted: set[int] = set()
    for test, owner, function in tests:
        if isinstance(test, ast.BoolOp) and _converted(ctx, test, owner, converted, function):
            converted.add(id(test))
    return converted


# ------------------------------------------------------------------------ the prediction
def _label(transform: Transform, function: TracedFunction, ctx: Context) -> str:
    """What JAX prints after "for" for `transform` tracing `function`."""
    if transform.qualname == "jax.lax.while_loop" and isinstance(transform.site, ast.Call):
        site = ctx.model.call_site(transform.site)
        cond = None
        if site is not None:
            cond = site.args[0] if site.args else next(
                (k.value for k in site.keywords if k.arg == "cond_fun"), None)
        if cond is not None and _names_function(ctx, cond, function.function):
            return "while_cond"
        return "while_body"
    return transform.label


def _names_function(ctx: Context, expr: ast.expr, function: ast.AST) -> bool:
    if expr is function:
        return True
    if isinstance(expr, ast.Name):
        binding = ctx.model.binding_of(expr)
        return binding is not None and binding.node is function
    return False


def _kind(ctx: Context, function: TracedFunction) -> tuple[str, str] | None:
    """("jaxpr" | "checkpoint" | "vmap", label) when every abstract transformation of
    `function` makes JAX word the message alike; None otherwise (pmap, lax.map, a mix)."""
    kinds = set()
    for transform in function.transforms:
        if not transform.abstract:
            continue
        label = _label(transform, function, ctx)
        if transform.qualname == "jax.vmap":
            kinds.add(("vmap", ""))
        elif label == CHECKPOINT_LABEL:
            kinds.add(("checkpoint", label))
        elif label in JAXPR_LABELS:
            kinds.add(("jaxpr", label))
        else:
            return None
    return kinds.pop() if len(kinds) == 1 else None


def _first_line(function: ast.AST) -> int:
    """The line Python reports as the function's first (its first decorator's)."""
    decorators = getattr(function, "decorator_list", [])
    return decorators[0].lineno if decorators else function.lineno  # type: ignore[attr-defined]


def _leaf_path(ctx: Context, node: ast.Subscript, function: TracedFunction) -> str | None:
    """`p['a']['b']` for string keys into a traced parameter (a dict, certainly)."""
    keys: list[str] = []
    current: ast.expr = node
    while isinstance(current, ast.Subscript):
        key = current.slice
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return None
        keys.append(f"[{key.value!r}]")
        current = current.value
    if not isinstance(current, ast.Name) or _parameter(ctx, current, function) is None:
        return None
    return current.id + "".join(reversed(keys))


def _scope_of(ctx: Context, name: ast.Name) -> Scope | None:
    """The scope whose binding of `name` it reads (None: a builtin or unknown)."""
    use = ctx.model.use_of.get(id(name))
    return None if use is None else ctx.model.resolve_scope(name.id, use.scope)


def _parameter(ctx: Context, name: ast.Name, function: TracedFunction) -> Tracer | None | bool:
    """The tracer a parameter of `function` never rebound holds; False for such a parameter
    that holds none; None when `name` is anything else."""
    scope = _scope_of(ctx, name)
    if scope is None or scope is not ctx.model.scope_of_node.get(id(function.function)):
        return None
    parameter = ctx.model.sole_binding(name.id, scope)
    if parameter is None or not isinstance(parameter.node, ast.arg):
        return None
    return function.tracers.get(name.id, False)


def _dependencies(ctx: Context, expr: ast.expr, function: TracedFunction) -> set[str] | None:
    """The arguments (as JAX names them) whose values `expr` depends on; None when the code
    does not show it (a local variable, an unknown call, a pytree leaf of unknown kind)."""
    if isinstance(expr, ast.Constant):
        return set()
    if isinstance(expr, ast.Name):
        use = ctx.model.use_of.get(id(expr))
        scope = _scope_of(ctx, expr)
        if use is None or ctx.model.module_scope.star_import:
            return None
        if scope is None:
            return set()  # a builtin
        if scope is not ctx.model.scope_of_node.get(id(function.function)):
            return set()  # a global or a closure: a constant of this trace
        tracer = _parameter(ctx, expr, function)
        if tracer is None:
            return None  # a local variable, or a rebound parameter
        return {expr.id} if tracer else set()
    if isinstance(expr, ast.Attribute):
        if expr.attr in STATIC_ATTRIBUTES:
            return set()
        if isinstance(expr.value, ast.Name):
            tracer = _parameter(ctx, expr.value, function)
            if isinstance(tracer, Tracer) and not tracer.array:
                # a field of a pytree with named fields: JAX's key path `state.x` (GetAttrKey)
                field = ctx.tracing.tracer(expr)
                return {f"{expr.value.id}.{expr.attr}"} if field is not None else None
        return _dependencies(ctx, expr.value, function)
    if isinstance(expr, ast.Subscript):
        base = expr.value
        while isinstance(base, ast.Subscript):
            base = base.value
        if isinstance(base, ast.Name):
            tracer = _parameter(ctx, base, function)
            if isinstance(tracer, Tracer) and not tracer.array:
                path = _leaf_path(ctx, expr, function)
                return {path} if path is not None else None
        return _union(ctx, [expr.value, expr.slice], function)
    if isinstance(expr, ast.Slice):
        return _union(ctx, [e for e in (expr.lower, expr.upper, expr.step) if e is not None], function)
    if isinstance(expr, ast.Call):
        getter = expr.func
        if isinstance(getter, ast.Attribute) and getter.attr == "get" and isinstance(getter.value, ast.Name) \
                and expr.args and isinstance(expr.args[0], ast.Constant) \
                and isinstance(expr.args[0].value, str):
            tracer = _parameter(ctx, getter.value, function)
            if isinstance(tracer, Tracer) and not tracer.array:
                # `options.get("k")` on a traced dict parameter (the tracing model says it
                # holds the value given for "k"): JAX names that leaf
                return {f"{getter.value.id}[{expr.args[0].value!r}]"}
        qualname = ctx.model.qualname(expr.func)
        if qualname in CONCRETE_BUILTINS:
            return set()
        if qualname == "builtins.abs":
            return _union(ctx, list(expr.args), function)
        if qualname is None or not qualname.startswith(JAX_NAMESPACES):
            if not isinstance(expr.func, ast.Attribute) or ctx.model.qualname(expr.func.value):
                return None
            # x.sum(): an array method
            return _union(ctx, [expr.func.value, *expr.args, *(k.value for k in expr.keywords)],
                          function)
        return _union(ctx, [*expr.args, *(k.value for k in expr.keywords)], function)
    if isinstance(expr, ast.BinOp):
        return _union(ctx, [expr.left, expr.right], function)
    if isinstance(expr, ast.UnaryOp):
        return _dependencies(ctx, expr.operand, function)
    if isinstance(expr, ast.Compare):
        return _union(ctx, [expr.left, *expr.comparators], function)
    if isinstance(expr, (ast.BoolOp, ast.Tuple, ast.List)):
        return _union(ctx, list(expr.values if isinstance(expr, ast.BoolOp) else expr.elts), function)
    return None


def _union(ctx: Context, exprs: list[ast.expr], function: TracedFunction) -> set[str] | None:
    found: set[str] = set()
    for expr in exprs:
        if isinstance(expr, ast.Starred):
            return None
        more = _dependencies(ctx, expr, function)
        if more is None:
            return None
        found |= more
    return found


def _arguments_text(names: list[str]) -> str:
    """JAX's wording of the arguments a value depends on."""
    if len(names) == 1:
        return f"value of the argument {names[0]}"
    if len(names) == 2:
        return f"values of the arguments {names[0]} and {names[1]}"
    return f"values of the arguments {', '.join(names[:-1])}, and {names[-1]}"


def _ordered(names: set[str], function: TracedFunction) -> list[str] | None:
    """The arguments in the order of the function's signature (JAX's flat order); None when
    pytree leaves are mixed in (their order is the pytree's)."""
    if len(names) > 1 and any("[" in n for n in names):
        return None
    args = function.function.args
    order = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    order += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
    if any(n.split("[", 1)[0] not in order for n in names):
        return None
    return sorted(names, key=lambda n: order.index(n.split("[", 1)[0]))


@dataclass(frozen=True)
class Prediction:
    message: str  # shown to the user (without the exception)
    predicted: str  # a template: JAX's text with what is not known left as placeholders


def _predict(ctx: Context, test: ast.expr, function: TracedFunction, tracer: Tracer,
             compared: bool = False) -> Prediction:
    """JAX's message for `bool()` of `test` (`compared`: of a comparison of its parts)."""
    entry = _entry()
    shape = "bool[…]" if compared or isinstance(test, ast.Compare) else "…"
    generic = entry.message.strip()
    # A function also called from other traced code may first raise in their trace.
    shown_here = tracer.function is function and function.transforms and not function.elsewhere
    kind = _kind(ctx, function) if shown_here else None
    names = _dependencies(ctx, test, function)
    if kind is not None and tracer.parameter is not None and names != set():
        name, label = kind
        if name == "vmap":
            template = _variant(entry, "VmapTracer")
            shown = {"self.aval.str_short()": shape, "id(self)": "…",
                     "source_info_util.summarize(self.source_info)": "‹where the batched value was made›"}
            return Prediction(fill(template, shown), fill(template, {}, escape=True))
        template = _variant(entry, "Consider using" if name == "checkpoint" else "This concrete value")
        values = {"dbg.func_src_info": function.source_info
                  or f"{function.name} at {ctx.path}:{_first_line(function.function)}",
                  "dbg.traced_for": label}
        ordered = _ordered(names, function) if names else None
        arguments = _arguments_text(ordered) if ordered else None
        predicted = fill(template, values, escape=True)
        shown = {"self.aval.str_short()": shape, "error_page": "https://docs.jax.dev/en/latest/101/errors.html",
                 "module_name": "jax.errors", "class_name": "TracerBoolConversionError"}
        if arguments is not None:
            # "depends on the value{s} of {arg_info_str}." written out as JAX words it.
            split = "value{'s' if len(invar_pos) > 1 else ''} of {arg_info_str}"
            predicted = predicted.replace(split, as_template(arguments))
            template = template.replace(split, arguments)
        else:
            shown.update({"'s' if len(invar_pos) > 1 else ''": "(s)",
                          "arg_info_str": f"‹arguments, {tracer.parameter} among them›"})
        return Prediction(fill(template, {**values, **shown}), predicted)
    origin = (f"\n(while JAX traces `{tracer.function.name}` for `{tracer.transform.qualname}`)")
    shown = {"tracer._error_repr()": f"traced array with shape {shape}", ORIGIN: origin}
    return Prediction(fill(generic, shown), fill(generic, {}, escape=True))


def _variant(entry, marker: str) -> str:
    return next(m for m in entry.messages if marker in m).strip()


def _entry():
    from jaxerr_lsp.errors.catalog import load_catalog

    return load_catalog().get("tracer-bool-conversion")


# ------------------------------------------------------------------------ the fixes' data
SIMPLE_NODES = (ast.Name, ast.Attribute, ast.Subscript, ast.BinOp, ast.UnaryOp, ast.Compare,
                ast.Slice, ast.Call, ast.Constant)


def _simple(ctx: Context, expr: ast.expr | None) -> bool:
    """A side of a jnp.where: names, numbers, arithmetic, indexing, calls of JAX functions."""
    if expr is None or not isinstance(expr, SIMPLE_NODES):
        return False
    if isinstance(expr, ast.Constant):
        return type(expr.value) in (int, float, bool)
    if isinstance(expr, ast.Call):
        qualname = ctx.model.qualname(expr.func)
        return qualname is not None and qualname.startswith(JAX_NAMESPACES) \
            and all(_simple(ctx, a) for a in expr.args) and all(_simple(ctx, k.value) for k in expr.keywords)
    if isinstance(expr, ast.Attribute):
        return isinstance(expr.value, (ast.Name, ast.Attribute))
    return all(_simple(ctx, c) for c in _operands(expr))


def _operands(expr: ast.expr) -> list[ast.expr]:
    """The operands of a subscript, arithmetic, a comparison or a slice (none for a name)."""
    if isinstance(expr, ast.Subscript):
        return [expr.value, expr.slice]
    if isinstance(expr, ast.BinOp):
        return [expr.left, expr.right]
    if isinstance(expr, ast.UnaryOp):
        return [expr.operand]
    if isinstance(expr, ast.Compare):
        return [expr.left, *expr.comparators]
    if isinstance(expr, ast.Slice):
        return [p for p in (expr.lower, expr.upper, expr.step) if p is not None]
    return []


def _numpy_name(ctx: Context) -> str | None:
    aliases = ctx.model.aliases_of("jax.numpy")
    if aliases:
        return aliases[0]
    jax = ctx.model.aliases_of("jax")
    return f"{jax[0]}.numpy" if jax else None


def _edit(ctx: Context, node: ast.AST, new: str, end: ast.AST | None = None) -> Edit:
    """Replace `node` (through `end`) by `new`, keeping the comments it holds at the end."""
    span = ctx.span(node, end)
    old = _text(ctx, span)
    comments = _comments(old)
    return Edit(span, old, f"{new}  {'  '.join(comments)}" if comments else new)


def _comments(text: str) -> list[str]:
    import io
    import tokenize

    found = []
    for line in text.split("\n"):
        try:
            found += [t.string for t in tokenize.generate_tokens(io.StringIO(line.strip()).readline)
                      if t.type == tokenize.COMMENT]
        except (tokenize.TokenError, SyntaxError):
            continue
    return found


def _text(ctx: Context, span: Span) -> str:
    from jaxerr_lsp.core.source import text_of_span

    return text_of_span(ctx.parsed.lines, span)


def _where_edits(ctx: Context, test: ast.expr, owner: ast.AST, function: TracedFunction) -> list[Edit]:
    jnp = _numpy_name(ctx)
    if jnp is None:
        return []

    def where(a: ast.expr, b: ast.expr) -> str:
        return f"{jnp}.where({ctx.segment(test)}, {ctx.segment(a)}, {ctx.segment(b)})"

    if isinstance(owner, ast.IfExp) and test is owner.test:
        if _simple(ctx, owner.body) and _simple(ctx, owner.orelse):
            return [_edit(ctx, owner, where(owner.body, owner.orelse))]
        return []
    if not isinstance(owner, ast.If) or test is not owner.test or len(owner.body) != 1:
        return []
    then = owner.body[0]
    other = owner.orelse[0] if len(owner.orelse) == 1 else None
    if owner.orelse and other is None:
        return []
    if isinstance(then, ast.Return):
        if other is None:
            other = _next_statement(owner, function)
        if isinstance(other, ast.Return) and _simple(ctx, then.value) and _simple(ctx, other.value):
            return [_edit(ctx, owner, f"return {where(then.value, other.value)}", other)]  # type: ignore[arg-type]
        return []
    target = _assigned_name(then)
    if target is None or not _simple(ctx, then.value):  # type: ignore[attr-defined]
        return []
    if other is None:
        if not _bound_before(ctx, target, owner, function):
            return []
        keep = f"{jnp}.where({ctx.segment(test)}, {ctx.segment(then.value)}, {target})"  # type: ignore[attr-defined]
        return [_edit(ctx, owner, f"{target} = {keep}")]
    if _assigned_name(other) != target or not _simple(ctx, other.value):  # type: ignore[attr-defined]
        return []
    return [_edit(ctx, owner, f"{target} = {where(then.value, other.value)}")]  # type: ignore[attr-defined]


def _assigned_name(statement: ast.stmt) -> str | None:
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
            and isinstance(statement.targets[0], ast.Name):
        return statement.targets[0].id
    return None


def _next_statement(statement: ast.stmt, function: TracedFunction) -> ast.stmt | None:
    """The statement after `statement` in the function's own body (not in a nested block)."""
    if isinstance(function.function, ast.Lambda):
        return None
    body = function.function.body
    for position, candidate in enumerate(body[:-1]):
        if candidate is statement:
            return body[position + 1]
    return None


def _bound_before(ctx: Context, name: str, statement: ast.stmt, function: TracedFunction) -> bool:
    """Whether `name` is a parameter of the function or assigned at its top level before."""
    args = function.function.args
    if name in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}:
        return True
    if isinstance(function.function, ast.Lambda):
        return False
    for candidate in function.function.body:
        if candidate is statement:
            return False
        if _assigned_name(candidate) == name:
            return True
    return False


def _static_site(ctx: Context, test: ast.expr,
                 function: TracedFunction) -> tuple[Edit, str, int | None] | None:
    """The one jax.jit site of `function`, the parameter `n` the test depends on alone and
    its position, for the static fix."""
    if len(function.transforms) != 1 or function.elsewhere or function.partials or function.instance:
        # (through a partial, the calls bind the partial's parameters, unchecked; an
        # instance's `__call__` or a class's `__init__`: positions count without `self`)
        return None
    transform = function.transforms[0]
    if transform.qualname != "jax.jit" or not isinstance(
            transform.site, (ast.Name, ast.Attribute, ast.Call)):
        return None
    names = _dependencies(ctx, test, function)
    if not names or len(names) != 1:
        return None
    (name,) = names
    args = function.function.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    if name in (a.arg for a in args.posonlyargs) or name not in (
            *positional, *(a.arg for a in args.kwonlyargs)):
        return None
    if not hashable_wherever_passed(ctx, function, name):
        return None
    position = positional.index(name) if name in positional else None
    return _edit(ctx, transform.site, ""), name, position



# ------------------------------------------------------------------------ the rule
def _after_type_guard(test: ast.expr, function: TracedFunction) -> bool:
    """Whether a statement of the function's body before `test` returns early for some kind
    of value (`if isinstance(x, jax.core.Tracer): return x`): the rest may never run traced."""
    if isinstance(function.function, ast.Lambda):
        return False
    for statement in function.function.body:
        if statement.lineno >= test.lineno:
            return False
        if isinstance(statement, ast.If) and tests_isinstance(statement.test) \
                and statement.body and isinstance(statement.body[-1], (ast.Return, ast.Raise)):
            return True
    return False


def _related(ctx: Context, tracer: Tracer) -> tuple[Related, ...]:
    """The transformation's site and the argument a call passes that makes the test an
    array's (a Python number or bool traced as a scalar, an array)."""
    return tracer_related(ctx, tracer, site=f"`{tracer.function.name}` traced by "
                                             f"`{tracer.transform.qualname}` here")


def _describe(tracer: Tracer, function: TracedFunction) -> str:
    what = f"`{tracer.parameter}`" if tracer.parameter else "a value"
    runs = ("which constructs the dataclass whose `__post_init__` this is"
            if function.name == "__post_init__" else f"which calls `{function.name}`")
    return f"\n({what} is traced by `{tracer.transform.qualname}` in `{tracer.function.name}`" + (
        f", {runs})" if tracer.function is not function else ")")


def check(ctx: Context) -> None:
    tracing = ctx.tracing
    converted_boolops = _converted_boolops(ctx, tracing.tests)
    for test, owner, function in tracing.tests:
        if not _converted(ctx, test, owner, converted_boolops, function):
            continue
        tracer = tracing.tracer(test)
        if tracer is None or not tracer.abstract or not tracer.array \
                or _after_type_guard(test, function):
            continue
        prediction = _predict(ctx, test, function, tracer)
        where = _where_edits(ctx, test, owner, function)
        static = _static_site(ctx, test, function)
        ctx.report(
            test, message=prediction.message + _describe(tracer, function),
            predicted=prediction.predicted,
            related=_related(ctx, tracer),
            data=TracerBool(where, static[0] if static else None, static[1] if static else "",
                            static[2] if static else None, isinstance(test, ast.Name)))
    _check_max_min(ctx)
    _check_bool_calls(ctx)


ELEMENTWISE = {"builtins.max": "maximum", "builtins.min": "minimum"}


def _compared_operands(ctx: Context, call: ast.Call) -> list[ast.expr] | None:
    """What `max(a, b)` / `min(a, b)` compare, or `max([a, b])`, `min((a, b))`,
    `sorted([a, b])` (one tuple or list display of two or more, no `key`): the operands,
    in order; None for another call."""
    qualname = ctx.model.qualname(call.func)
    if qualname not in ELEMENTWISE and qualname != "builtins.sorted" or call.keywords:
        return None
    operands: list[ast.expr] = list(call.args)
    if len(operands) == 1 and isinstance(operands[0], (ast.Tuple, ast.List)):
        operands = list(operands[0].elts)  # (one sequence: its elements are compared)
    elif qualname == "builtins.sorted":
        return None
    if len(operands) < 2 or any(isinstance(a, ast.Starred) for a in operands) \
            or any(isinstance(a, (ast.Tuple, ast.List, ast.Dict, ast.Set, ast.JoinedStr))
                   or (isinstance(a, ast.Constant) and not _number_constant(a)) for a in operands):
        return None
    return operands


def _check_max_min(ctx: Context) -> None:
    """`max(a, b)` / `min(a, b)` with a traced array (or `max([a, b])`, `sorted([a, b])`):
    Python compares them with `bool()`."""
    tracing = ctx.tracing
    for call, function in tracing.calls:
        operands = _compared_operands(ctx, call)
        if operands is None:
            continue
        qualname = ctx.model.qualname(call.func)
        tracers = [tracing.tracer(a) for a in operands]
        found = [t for t in tracers[:2] if t is not None and t.abstract and t.array]
        # Arguments that may raise first (a nested call of something else) keep it silent.
        if not found or _after_type_guard(call, function) or any(
                t is None and not isinstance(a, (ast.Name, ast.Attribute, ast.Constant, ast.UnaryOp))
                for a, t in zip(operands, tracers)):
            continue
        tracer = found[0]
        compared = ast.Tuple(elts=list(operands[:2]), ctx=ast.Load())
        prediction = _predict(ctx, compared, function, tracer, compared=True)
        jnp = _numpy_name(ctx)
        elementwise = _edit(ctx, call.func, f"{jnp}.{ELEMENTWISE[qualname]}") \
            if jnp is not None and qualname in ELEMENTWISE and len(call.args) == 2 else None
        ctx.report(
            call, message=prediction.message + _describe(tracer, function),
            predicted=prediction.predicted,
            related=_related(ctx, tracer),
            data=TracerBool([], None, "", None, False, elementwise))


def _check_bool_calls(ctx: Context) -> None:
    """`bool(x)` of a traced array."""
    tracing = ctx.tracing
    for call, function in tracing.calls:
        if ctx.model.qualname(call.func) != "builtins.bool" or len(call.args) != 1 \
                or call.keywords or isinstance(call.args[0], ast.Starred):
            continue
        tracer = tracing.tracer(call.args[0])
        if tracer is None or not tracer.abstract or not tracer.array \
                or _after_type_guard(call, function):
            continue
        prediction = _predict(ctx, call.args[0], function, tracer)
        ctx.report(
            call, message=prediction.message + _describe(tracer, function),
            predicted=prediction.predicted,
            related=_related(ctx, tracer),
            data=TracerBool([], None, "", None, False))


def _number_constant(node: ast.Constant) -> bool:
    return type(node.value) in (int, float)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.static_args import static_argument_edit

    data = finding.data
    assert isinstance(data, TracerBool)

    def current(edits: list[Edit]) -> bool:
        return bool(edits) and all(lines.text(e.span) == e.old.replace("\n", lines.newline)
                                   for e in edits)

    fixes: list[Fix] = []
    if data.elementwise is not None and current([data.elementwise]):
        name = data.elementwise.new.rsplit(".", 1)[-1]
        fixes.append(Fix(
            f"Compare element by element with jnp.{name}", False,
            f"`jnp.{name}` computes on traced values without asking Python for a bool; unlike "
            "Python's, it propagates NaN and promotes both arguments to one dtype.",
            (TextEdit(data.elementwise.span, data.elementwise.new),), "use-jnp-maximum"))
    if current(data.where_edits):
        new = shorten(data.where_edits[0].new)
        fixes.append(Fix(
            f"Select with jnp.where: {new}", False,
            "Both branches are now computed for every input and combined element by element: "
            "a branch that fails or differs in shape for some inputs changes behaviour.",
            tuple(TextEdit(e.span, e.new) for e in data.where_edits), "use-jnp-where"))
    site = data.static_site
    edit = static_argument_edit(lines, site.span, data.parameter, data.position) \
        if site is not None and current([site]) else None
    if edit is not None:
        static = Fix(
            f"Mark {data.parameter} static in jax.jit", False,
            f"`{data.parameter}` becomes a Python value during tracing: JAX compiles once per "
            "value, and the value must be hashable (an array there fails).",
            (edit,), "add-static-argnames")
        fixes.insert(0 if data.static_first else len(fixes), static)
    return fixes


RULE = Rule(
    code="JXE070",
    catalog_id="tracer-bool-conversion",
    triggers=TRACING_TRIGGERS,
    check=check,
    data=TracerBool,
    fix=fix,
    fix_ids=("use-jnp-where", "add-static-argnames", "use-jnp-maximum"),
)
