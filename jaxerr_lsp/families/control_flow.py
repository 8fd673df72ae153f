"""What the `lax` control-flow rules share (JXE095 cond/switch branches, JXE096 loop carries):
the function a branch or body argument names, what it returns for given arguments, and that
output's pytree leaves with their avals, compared and worded as JAX words them.

Lookups only: the functions come through the model's bindings, the values through the one
value inference (`ctx.values.bound(...)` with the parameters standing for what JAX hands in).
Unknown means None, and the rules stay silent.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from jaxerr_lsp.analysis.avals import (EITHER_WIDTH, X64_KIND, Aval, dtypes_differ, element as row_of, exact_dtype, scalar,
                                       without_x64_dtype)
from jaxerr_lsp.analysis.followed_calls import (CallContext, FollowedCall, argument_values,
                                                call_contexts, calls_reaching, runs_with_values)
from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.analysis.pytree import (DictNode, Leaf, ListNode, NamedTupleNode, NoneNode, Structure,
                               TupleNode)
from jaxerr_lsp.engine.rule import Context, shorten
from jaxerr_lsp.families.vmap_axes import runs_whenever_traced, vmapped_nodes
from jaxerr_lsp.analysis.model import CallSite
from jaxerr_lsp.analysis.values import UNKNOWN_VALUE, JaxArray, Value, array_of, return_expression

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

FunctionNode = ast.FunctionDef | ast.Lambda

NONE = Value("NoneType", NoneNode())

# Leaves JAX accepts as values (a str or an object of another class is a different error).
_JAX_LEAVES = frozenset({"int", "float", "bool", "complex", "ArrayImpl"})
_KIND_ORDER = {"b": 0, "i": 1, "u": 1, "f": 2, "c": 3}
_DEFAULT_OF_KIND = {"i": "int32", "u": "int32", "f": "float32", "c": "complex64"}
# How JAX prints a leaf of a loop carry in a structure difference (the carry's avals).
SHAPED_ARRAY = "<class 'jax._src.core.ShapedArray'>"


@dataclass(frozen=True)
class Callee:
    """A function JAX calls: a lambda or plain def of the file, maybe through
    `functools.partial(f, *args)`."""

    function: FunctionNode
    expr: ast.expr  # the argument naming it
    name: str  # as JAX's `fun_sourceinfo` names it: the def's name or "<lambda>"
    parameters: tuple[str, ...]  # the positional parameters left for JAX's arguments
    given: dict[str, ast.expr]  # parameters the partial fills

    def source_info(self, path: str) -> str:
        """`name at path:line`, what JAX prints for the function."""
        return f"{self.name} at {path}:{self.function.lineno}"


def callee(ctx: Context, expr: ast.expr) -> Callee | None:
    """The function `expr` certainly is: a lambda, a name bound once to a plain def or a
    lambda, or `functools.partial` of one of those with positional arguments."""
    if isinstance(expr, ast.Call):
        return _partial(ctx, expr)
    function = ctx.model.function_of(expr)
    if function is None:
        return None
    parameters = _positional(function)
    if parameters is None:
        return None
    name = function.name if isinstance(function, ast.FunctionDef) else "<lambda>"
    return Callee(function, expr, name, parameters, {})


def _positional(function: FunctionNode) -> tuple[str, ...] | None:
    """The positional parameters, for a function without `*args`, `**kwargs` or keyword-only
    parameters (whose binding the code would have to show)."""
    args = function.args
    if args.vararg or args.kwarg or args.kwonlyargs:
        return None
    return tuple(a.arg for a in (*args.posonlyargs, *args.args))


def _partial(ctx: Context, call: ast.Call) -> Callee | None:
    if ctx.model.qualname(call.func) != "functools.partial" or not call.args or call.keywords \
            or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    inner = callee(ctx, call.args[0])
    if inner is None or inner.given:
        return None
    bound = call.args[1:]
    if len(bound) > len(inner.parameters):
        return None
    given = dict(zip(inner.parameters, bound))
    return Callee(inner.function, call, inner.name, inner.parameters[len(bound):], given)


# ------------------------------------------------------------------------------- outputs
@dataclass(frozen=True)
class TypedLeaf:
    path: str  # as JAX's keystr writes it: "", "[0]", "['a']", ".field"
    aval: Aval | None
    expr: ast.expr | None  # the expression that makes this leaf, where the code shows it
    python_scalar: bool = False  # a Python number, not an array


@dataclass(frozen=True)
class Typed:
    """A pytree the code shows: its structure and its leaves (with avals where known)."""

    tree: Structure
    leaves: tuple[TypedLeaf, ...] | None  # None: the leaves are not all known


def cond_predicates(ctx: Context) -> list[ast.expr]:
    """The predicate of each `lax.cond(pred, true_fun, false_fun, *operands)` whose branches
    are functions of the file and whose arguments JAX binds as written (no `*`/`**`, only an
    `operand=` keyword, never after positional operands)."""
    found = []
    for site in ctx.model.calls_to("jax.lax.cond"):
        if not site.complete or site.partial is not None or len(site.args) < 3 \
                or any(isinstance(a, ast.Starred) for a in site.args[:3]) \
                or any(k.arg is None or k.arg != "operand" for k in site.keywords):
            continue
        if site.keywords and len(site.args) > 3:
            continue  # JAX refuses `operand=` with positional operands first
        pred, true_fun, false_fun = site.args[:3]
        if ctx.model.function_of(true_fun) is None or ctx.model.function_of(false_fun) is None:
            continue
        found.append(pred)
    return found


def typed(ctx: Context, value: Value, expr: ast.expr | None) -> Typed:
    leaves = _leaves(ctx, value, expr, "")
    return Typed(value.tree, None if leaves is None else tuple(leaves))


def _leaves(ctx: Context, value: Value, expr: ast.expr | None, path: str) -> list[TypedLeaf] | None:
    tree = value.tree
    if isinstance(tree, Leaf):
        if tree.kind not in _JAX_LEAVES:
            return None
        return [TypedLeaf(path, value.aval, expr, value.python_scalar)]
    if isinstance(tree, NoneNode):
        return []
    if isinstance(tree, (TupleNode, ListNode)) and value.elements is not None \
            and len(value.elements) == len(tree.children):
        found: list[TypedLeaf] = []
        for index, element in enumerate(value.elements):
            part = _leaves(ctx, ctx.values.value(element), element, f"{path}[{index}]")
            if part is None:
                return None
            found.extend(part)
        return found
    if isinstance(tree, (TupleNode, ListNode, NamedTupleNode)) and value.parts is not None \
            and len(value.parts) == len(tree.children):
        found = []
        for index, held in enumerate(value.parts):
            step = f".{tree.fields[index]}" if isinstance(tree, NamedTupleNode) else f"[{index}]"
            part = _leaves(ctx, held, None, f"{path}{step}")
            if part is None:
                return None
            found.extend(part)
        return found
    if isinstance(tree, DictNode) and (isinstance(expr, ast.Dict) or value.entries is not None):
        by_key: dict[object, ast.expr]
        if isinstance(expr, ast.Dict):
            by_key = {k.value: v for k, v in zip(expr.keys, expr.values) if isinstance(k, ast.Constant)}
        else:  # a name bound to a display with constant keys, never changed in place
            assert value.entries is not None
            by_key = dict(value.entries)
        found = []
        for key, _ in tree.entries:
            if key not in by_key:
                return None
            part = _leaves(ctx, ctx.values.value(by_key[key]), by_key[key], f"{path}[{key!r}]")
            if part is None:
                return None
            found.extend(part)
        return found
    return _shapeless_leaves(tree, path)


def with_leaf_avals(ctx: Context, value: Value, expr: ast.expr | None,
                    avals: list[Aval | None]) -> Value | None:
    """`value` (a pytree `typed` reads, `avals` one per leaf in its order) with each leaf
    whose entry is not None made a JAX array of that aval: a loop carry after JAX promotes
    its weakly typed leaves. A tuple or list gets `parts`; None where the code does not show
    the leaf to change (a dict, a structure known without its values)."""
    if all(a is None for a in avals):
        return value
    tree = value.tree
    if isinstance(tree, Leaf):
        return array_of(avals[0]) if len(avals) == 1 else None
    if not isinstance(tree, (TupleNode, ListNode, NamedTupleNode)):
        return None
    held: list[tuple[Value, ast.expr | None]]
    if value.elements is not None and len(value.elements) == len(tree.children):
        held = [(ctx.values.value(e), e) for e in value.elements]
    elif value.parts is not None and len(value.parts) == len(tree.children):
        held = [(v, None) for v in value.parts]
    else:
        return None
    parts: list[Value] = []
    at = 0
    for element, element_expr in held:
        leaves = _leaves(ctx, element, element_expr, "")
        if leaves is None:
            return None
        part = with_leaf_avals(ctx, element, element_expr, avals[at:at + len(leaves)])
        if part is None:
            return None
        parts.append(part)
        at += len(leaves)
    if at != len(avals):
        return None
    return replace(value, elements=None, parts=tuple(parts))


def _shapeless_leaves(tree: Structure, path: str) -> list[TypedLeaf] | None:
    """The leaves of a structure known without its avals; None where a part is unknown."""
    if isinstance(tree, Leaf):
        return [TypedLeaf(path, None, None)] if tree.kind in _JAX_LEAVES else None
    if isinstance(tree, NoneNode):
        return []
    children: list[tuple[str, Structure]]
    if isinstance(tree, (TupleNode, ListNode)):
        children = [(f"{path}[{i}]", c) for i, c in enumerate(tree.children)]
    elif isinstance(tree, DictNode):
        children = [(f"{path}[{k!r}]", c) for k, c in tree.entries]
    elif isinstance(tree, NamedTupleNode):
        children = [(f"{path}.{f}", c) for f, c in zip(tree.fields, tree.children)]
    else:
        return None
    found: list[TypedLeaf] = []
    for child_path, child in children:
        part = _shapeless_leaves(child, child_path)
        if part is None:
            return None
        found.extend(part)
    return found


def returned(ctx: Context, function: Callee, arguments: list[Value]) -> tuple[Value, ast.expr] | None:
    """What `function` returns when JAX calls it with `arguments` (positionally), and the
    expression that says it; None when the code does not show it. Call it inside
    `bound_call` when the leaves are read too."""
    expr = return_expression(ctx.model, function.function)
    if expr is None or left_out(function, len(arguments)) is None:
        return None
    return ctx.values.value(expr), expr


def check_in_calls(ctx: Context, call: ast.Call, check: Callable[[], object]) -> None:
    """Run `check` on what the code shows; when it reports nothing and `call` sits in the body
    of a def of the file (where it runs whenever the def runs), again once per call of that
    def the file shows with its arguments' values (`analysis.followed_calls`), until one
    reports: `lax.cond(p, f, g, x)` in `def h(p, x)`, called as `h(True, jnp.ones(3))`. The
    finding then points at the call that gives the values."""
    before = len(ctx.findings)
    check()
    if len(ctx.findings) != before:
        return
    for context in calls_reaching(ctx.model, ctx.values, call):
        with context.bound(ctx.values):
            check()
        if len(ctx.findings) != before:
            last = ctx.findings[-1]
            given, *callers = context.calls
            ctx.findings[-1] = replace(last, related=(
                *last.related, Related(ctx.span(given), "the call that gives these values"),
                *(Related(ctx.span(c), "the call that gives its caller's values") for c in callers)))
            return


def parameters_of(ctx: Context, function: Callee, arguments: list[Value]) -> dict[str, Value]:
    """The values the parameters hold: the partial's arguments, JAX's, and the defaults of
    the parameters JAX's arguments leave out."""
    held = {name: ctx.values.value(expr) for name, expr in function.given.items()}
    held.update(zip(function.parameters, arguments))
    held.update({name: ctx.values.value(expr) for name, expr in (left_out(function, len(arguments)) or {}).items()})
    return held


def left_out(function: Callee, count: int) -> dict[str, ast.expr] | None:
    """The parameters that `count` positional arguments from JAX leave out, with their
    defaults (`def repeated(key, n=3)` as a `lax.switch` branch given one operand); None when
    one of them has no default, or JAX gives more."""
    if count > len(function.parameters):
        return None
    args = function.function.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    defaults = dict(zip(positional[len(positional) - len(args.defaults):], args.defaults))
    rest = function.parameters[count:]
    return None if any(p not in defaults for p in rest) else {p: defaults[p] for p in rest}


# ------------------------------------------------------------------------------- the loops
@dataclass(frozen=True)
class Loop:
    """One loop call, as JAX runs it."""

    site: CallSite
    body: Callee
    init: ast.expr
    extra: list[Value]  # what JAX passes the body besides the carry, in order (i; x)
    carry_position: int  # where the carry comes among the body's parameters
    scan: bool  # the body returns (carry, y)
    name: str | None  # "scan body" / "while_loop body"; None: not known (fori bounds)
    carry_name: str  # how JAX names the carry: the body's parameter or "loop_carry"
    prefix: str  # the path of the user's carry inside JAX's carry: "", "[1]", "[2]"

    def arguments(self, carry: Value) -> list[Value]:
        """What JAX hands the body, in order, when the carry is `carry`."""
        arguments = list(self.extra)
        arguments.insert(self.carry_position, carry)
        return arguments


def _argument(site: CallSite, position: int, name: str) -> ast.expr | None:
    for keyword in site.keywords:
        if keyword.arg == name:
            return keyword.value
    return site.args[position] if position < len(site.args) else None


def plain_site(site: CallSite) -> bool:
    return site.complete and not any(isinstance(a, ast.Starred) for a in site.args) \
        and all(k.arg is not None for k in site.keywords)


def _scan(ctx: Context, site: CallSite) -> Loop | None:
    f, init = _argument(site, 0, "f"), _argument(site, 1, "init")
    xs, length = _argument(site, 2, "xs"), _argument(site, 3, "length")
    if f is None or init is None:
        return None
    body = callee(ctx, f)
    if body is None or len(body.parameters) != 2:
        return None
    if xs is None or isinstance(xs, ast.Constant) and xs.value is None:
        if length is None:
            return None  # "scan got no values to scan over": another error
        x = NONE
    else:
        scanned = ctx.values.value(xs)
        slice_ = row_of(scanned.aval) if scanned.type == "ArrayImpl" else None
        x = replace(array_of(slice_), jax_array=scanned.jax_array) if slice_ is not None else UNKNOWN_VALUE
    return Loop(site, body, init, [x], 0, True, "scan body", body.parameters[0], "")


def _fori_loop(ctx: Context, site: CallSite) -> Loop | None:
    lower, upper = _argument(site, 0, "lower"), _argument(site, 1, "upper")
    function, init = _argument(site, 2, "body_fun"), _argument(site, 3, "init_val")
    if lower is None or upper is None or function is None or init is None:
        return None
    body = callee(ctx, function)
    if body is None or len(body.parameters) != 2:
        return None
    # Python ints (their values need not be known: a parameter a followed call gives one)
    concrete = all(type(ctx.values.constant(b)) is int or ctx.values.value(b).type == "int"
                   for b in (lower, upper))
    traced = ctx.tracing.tracer(lower) is not None or ctx.tracing.tracer(upper) is not None
    if concrete:  # a scan over (i, val); i a weakly typed int32 (int64 with x64)
        index = without_x64_dtype(scalar("int32", True)) if ctx.values.x64 else scalar("int32", True)
        counter = replace(array_of(index), jax_array=JaxArray("the index fori_loop hands its body"))
        return Loop(site, body, init, [counter], 1, False, "scan body",
                    "loop_carry", "[1]")
    if traced:  # a while_loop over (i, upper, val)
        return Loop(site, body, init, [UNKNOWN_VALUE], 1, False, "while_loop body", "loop_carry", "[2]")
    # Bounds the code does not show: a scan if they are concrete, else a while_loop.
    return Loop(site, body, init, [UNKNOWN_VALUE], 1, False, None, "loop_carry", "[1]")


def _while_loop(ctx: Context, site: CallSite) -> Loop | None:
    condition = _argument(site, 0, "cond_fun")
    function, init = _argument(site, 1, "body_fun"), _argument(site, 2, "init_val")
    if condition is None or function is None or init is None:
        return None
    body = callee(ctx, function)
    if body is None or len(body.parameters) != 1 or not _condition_fits(ctx, condition, init):
        return None
    return Loop(site, body, init, [], 0, False, "while_loop body", body.parameters[0], "")


def _condition_fits(ctx: Context, condition: ast.expr, init: ast.expr) -> bool:
    """Not certainly a bad cond_fun (JAX traces it first: its own error would come first)."""
    function = callee(ctx, condition)
    if function is None or len(function.parameters) != 1:
        return True
    init_value = ctx.values.value(init)
    with ctx.values.bound(function.function, parameters_of(ctx, function, [init_value])):
        found = returned(ctx, function, [init_value])
        aval = found[0].aval if found is not None else None
    return aval is None or aval.dtype in (None, "bool") and aval.shape in (None, ())


LOOPS: dict[str, Callable[[Context, CallSite], Loop | None]] = {
    "jax.lax.scan": _scan, "jax.lax.fori_loop": _fori_loop, "jax.lax.while_loop": _while_loop}


def read_loop(ctx: Context, site: CallSite) -> Loop | None:
    """The loop `site` calls (`lax.scan`, `fori_loop`, `while_loop`) as JAX runs it, read
    with the values in force; None when the code does not show it."""
    read = LOOPS.get(site.qualname)
    return read(ctx, site) if read is not None and plain_site(site) else None


@dataclass(frozen=True)
class LoopBody:
    """A body a lax loop of the file runs, as a followed call of it (`context`): the
    parameters whose values the code shows hold what JAX hands them when it first traces the
    body; for a loop in the body of a def, `context.outer` is the followed call of that def
    whose values the loop was read with."""

    loop: Loop
    context: CallContext

    @property
    def function(self) -> FunctionNode:
        return self.context.call.function

    def related(self, ctx: Context) -> tuple[Related, ...]:
        """The loop, then the calls that give the def it is in its values."""
        return (Related(ctx.span(self.loop.site.call), "the loop that hands its body these values"),
                *(Related(ctx.span(call), "the call that gives the loop these values")
                  for call in self.context.calls[1:]))


def loop_bodies(ctx: Context) -> list[LoopBody]:
    """Each body a `lax.scan`, `fori_loop` or `while_loop` of the file runs (`read_loop`),
    with what JAX hands its parameters when it first traces it: the initial carry, one row
    of the scanned array, fori_loop's index (a weakly typed int32); for a loop in the body
    of a def, also once per followed call of that def (`followed_calls.call_contexts`)
    under which the loop certainly runs; once per document."""
    return ctx.once(_loop_bodies)


def _loop_bodies(ctx: Context) -> list[LoopBody]:
    model, values = ctx.model, ctx.values
    found = []
    for qualname in LOOPS:
        for site in model.calls_to(qualname):
            scope = model.call_scope.get(id(site.call))
            owner = scope.node if scope is not None and isinstance(scope.node, ast.FunctionDef) else None
            outers: list[CallContext | None] = [None]
            if owner is not None:
                outers += call_contexts(model, values, owner, argument_values)
            for outer in outers:
                with outer.bound(values) if outer is not None else nullcontext():
                    if outer is not None and (owner is None or not runs_with_values(model, values, owner, site.call)):
                        continue
                    loop = read_loop(ctx, site)
                    if loop is None:
                        continue
                    arguments = loop.arguments(values.value(loop.init))
                    held = {name: value for name, value in parameters_of(ctx, loop.body, arguments).items()
                            if value != UNKNOWN_VALUE}
                if held:
                    call = FollowedCall(loop.body.function, site.call, {}, traced=True)
                    found.append(LoopBody(loop, CallContext(call, held, {}, outer)))
    return found


_Node = TypeVar("_Node", bound=ast.AST)


def loop_body_nodes(ctx: Context, kind: type[_Node]) -> Iterator[tuple[_Node, tuple[Related, ...]]]:
    """Each node of `kind` in a loop body (`loop_bodies`) that runs whenever JAX traces it,
    with the locations that give its values; while the caller looks at the node, the
    parameters hold what JAX hands the body (`LoopBody.context`)."""
    for body in loop_bodies(ctx):
        related = body.related(ctx)
        with body.context.bound(ctx.values):
            for node in ctx.model.nodes_in(body.function, kind):
                if runs_whenever_traced(ctx, body.function, node):
                    yield node, related


def body_nodes(ctx: Context, kind: type[_Node]) -> Iterator[tuple[_Node, tuple[Related, ...]]]:
    """`vmap_axes.vmapped_nodes` (what one example holds), then `loop_body_nodes` (what JAX
    hands a loop body): each node of `kind` with the values in force while the caller looks,
    and the locations that give them."""
    for node, call in vmapped_nodes(ctx, kind):
        yield node, (call,)
    yield from loop_body_nodes(ctx, kind)


# ------------------------------------------------------------------------------- comparisons
def mismatch(first: Aval | None, second: Aval | None) -> bool | None:
    """True: the avals certainly differ for JAX's `typematch` (dtype or shape; weak types do
    not count); False: certainly equal; None: not known."""
    if first is None or second is None:
        return None
    dtypes = dtypes_differ(first.dtype, second.dtype)
    shapes = None if first.shape is None or second.shape is None else first.shape != second.shape
    if dtypes or shapes:
        return True
    if dtypes is False and shapes is False:
        return False
    return None


def fully_known(aval: Aval | None) -> bool:
    """One dtype and a shape: what JAX's message prints of it is known."""
    return aval is not None and exact_dtype(aval.dtype) and aval.shape is not None


def mismatch_extra(first: Aval, second: Aval) -> str:
    """JAX's `aval_mismatch_extra`: ', so the dtypes do not match, and the shapes do not match'."""
    found = []
    if dtypes_differ(first.dtype, second.dtype):
        found.append("the dtypes do not match")
    if first.shape != second.shape:
        found.append("the shapes do not match")
    if not found:
        return ""
    if len(found) == 1:
        return ", so " + found[0]
    return ", so " + ", ".join(found[:-1]) + ", and " + found[-1]


def promoted_dtype(weak: Aval, other: Aval) -> str | None:
    """The dtype `dtypes.result_type(weak_value, other)` gives: what a loop makes of a weakly
    typed initial carry leaf whose body returns `other` (measured under JAX 0.12.0.1)."""
    mine, theirs = weak.kind, other.kind
    if mine not in _KIND_ORDER or theirs not in _KIND_ORDER or other.dtype is None:
        return None
    if _KIND_ORDER[theirs] >= _KIND_ORDER[mine]:
        return other.dtype
    default = _DEFAULT_OF_KIND.get(mine)
    # (a weakly typed leaf whose width x64 decides: so does its default's)
    return X64_KIND.get(default, default) if weak.dtype in EITHER_WIDTH and default else default


def capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]




# ------------------------------------------------------------------------------- the cast fix
@dataclass(frozen=True)
class CastEdit(RuleData):
    """Give one returned leaf another dtype: `.astype('int32')` on an array, `0.0` for `0`."""

    span: Span
    source: str  # the text at `span` when the finding was made
    new_text: str
    dtype: str
    safe: bool  # a literal rewritten to the same value


def cast_edit(ctx: Context, leaf: TypedLeaf, dtype: str, within: FunctionNode) -> CastEdit | None:
    """The edit giving `leaf` the dtype `dtype`, where its expression is written inside
    `within` (a branch's or body's own code, not an argument passed through it)."""
    expr = leaf.expr
    if expr is None or leaf.aval is None or not exact_dtype(dtype) or not _inside(expr, within):
        return None
    span = ctx.span(expr)
    source = ctx.segment(expr)
    if isinstance(expr, ast.Constant) and type(expr.value) is int and dtype == "float32":
        return CastEdit(span, source, f"{float(expr.value)!r}", dtype, True)
    if leaf.python_scalar:
        return None
    atomic = isinstance(expr, (ast.Name, ast.Attribute, ast.Call, ast.Subscript))
    text = source if atomic else f"({source})"
    return CastEdit(span, source, f"{text}.astype({dtype!r})", dtype, False)


def _inside(expr: ast.expr, function: FunctionNode) -> bool:
    start = (function.lineno, function.col_offset)
    end = (function.end_lineno or 0, function.end_col_offset or 0)
    return start <= (expr.lineno, expr.col_offset) and (expr.end_lineno or 0, expr.end_col_offset or 0) <= end


def cast_fixes(lines: Lines, cast: CastEdit | None, fix_id: str, what: str) -> list[Fix]:
    """The fix of a `CastEdit`, when the text it edits is still there."""
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    if cast is None or lines.text(cast.span) != cast.source.replace("\n", lines.newline):
        return []
    if cast.safe:
        why = (f"Writes the literal as {cast.new_text}: the same number, now a float like "
               f"{what}, so the types match.")
    else:
        why = (f"Converts the value to {cast.dtype}, the dtype of {what}: the types match, but "
               "the conversion may round or truncate values.")
    return [Fix(f"Cast to {cast.dtype}: {shorten(cast.new_text, 40)}", cast.safe, why,
                (TextEdit(cast.span, cast.new_text),), fix_id)]


def treedef_text(tree: Structure) -> str | None:
    """How JAX prints a `PyTreeDef` of the tree (inside `PyTreeDef(...)`); None for a part
    the code does not show, or a NamedTuple."""
    if isinstance(tree, Leaf):
        return "*"
    if isinstance(tree, NoneNode):
        return "None"
    if isinstance(tree, (TupleNode, ListNode)):
        parts = [treedef_text(c) for c in tree.children]
        if any(p is None for p in parts):
            return None
        inner = ", ".join(parts)  # type: ignore[arg-type]
        if isinstance(tree, ListNode):
            return f"[{inner}]"
        return f"({inner},)" if len(parts) == 1 else f"({inner})"
    if isinstance(tree, DictNode):
        items = [(k, treedef_text(c)) for k, c in tree.entries]
        if any(t is None for _, t in items):
            return None
        return "{" + ", ".join(f"{k!r}: {t}" for k, t in items) + "}"
    return None


def order_certain(explanation: str) -> bool:
    """Whether JAX prints this structure difference in one order: a symmetric difference of
    several dict keys comes from a Python set, whose order of strings changes between runs."""
    marker = "symmetric difference of key sets: {"
    if marker not in explanation:
        return True
    return " " not in explanation.split(marker, 1)[1]
