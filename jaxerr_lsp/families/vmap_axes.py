"""The file's `jax.vmap` functions, their options as the code writes them, and their calls.

Shared by the vmap rules (JXE092-JXE094):

- `vmaps(ctx)`: every `jax.vmap(f, ...)` call (also through `functools.partial(jax.vmap,
  ...)(f)`) and every def decorated `@jax.vmap` / `@functools.partial(jax.vmap, ...)`, with its
  options by name (`in_axes`, `out_axes`, `axis_size`, ...) and the calls of the function it
  makes: `jax.vmap(f)(x)` where it is made, `g(x)` through a name bound once to it, `f(x)` for a
  decorated def bound once (outside a class; only `jax.jit` may be stacked on top of it);
- `literal(ctx, expr)`: the Python value an axes expression certainly has (ints, None,
  strings, floats, tuples, lists, dicts, sets, through a name bound once), with `UNKNOWN`
  where the code does not show it;
- `bad_leaves(value)`, `jax_str(value)`: what JAX's checks of `in_axes`/`out_axes` see;
- `vmapped_calls(ctx)`: the calls vmap certainly traces, with what each parameter holds for
  one example (a mapped array without its axis; an unmapped argument as it is passed).

Everything is looked up through the model (no walk of the tree); unknown means None.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from contextlib import nullcontext
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from jaxerr_lsp.core.findings import Related, Span
from jaxerr_lsp.analysis.avals import Aval
from jaxerr_lsp.analysis.followed_calls import SHAPE_KEEPING, CallContext, calls_reaching, runs_whenever_called
from jaxerr_lsp.analysis.tracing import DIFFERENTIATING
from jaxerr_lsp.analysis.model import MAY_SKIP, CallSite, Decoration
from jaxerr_lsp.analysis.values import Signature, Value, bind_arguments

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

FunctionNode = ast.FunctionDef | ast.Lambda

# jax.vmap(fun, in_axes, out_axes, axis_name, axis_size, spmd_axis_name, sum_match)
OPTIONS = ("in_axes", "out_axes", "axis_name", "axis_size", "spmd_axis_name", "sum_match")


class _Unknown:
    """A part of an axes expression the code does not show."""

    def __repr__(self) -> str:
        return "?"


UNKNOWN = _Unknown()


@dataclass(frozen=True, eq=False)
class Vmap:
    """One function made by `jax.vmap`, and where it is called."""

    node: ast.AST  # the jax.vmap(...) call, or the decorator expression
    options: dict[str, ast.expr]  # the options written, by name
    definition: FunctionNode | None  # the vmapped def or lambda, when the file shows it
    calls: tuple[ast.Call, ...]  # the calls of the vmapped function
    decorated: bool
    # A method bound to its instance (`jax.vmap(self.energy)`): its def, whose parameters
    # after the first JAX names and maps (`definition` stays None: the rules that read the
    # def's own signature leave it out).
    method: ast.FunctionDef | None = None
    # The def or lambda a transformation vmap is given runs with the arguments vmap hands it,
    # unchanged in shape (`jax.vmap(jax.grad(cost))`: `cost`; `through` names that
    # transformation): what its body sees per example. (`definition` stays None: grad's outputs
    # are not the def's.)
    through: FunctionNode | None = None
    through_kind: str | None = None  # "jax.grad", "jax.jit", ...

    def option(self, name: str) -> ast.expr | None:
        return self.options.get(name)

    @property
    def traced_function(self) -> FunctionNode | None:
        """The def or lambda whose body vmap traces with one example's values."""
        return self.definition or self.through


def _options(args: tuple[ast.expr, ...], keywords: tuple[ast.keyword, ...]) -> dict[str, ast.expr] | None:
    """The options after `fun`, by name; None when `*args` / `**kwargs` hide them."""
    if any(isinstance(a, ast.Starred) for a in args) or any(k.arg is None for k in keywords):
        return None
    if len(args) > len(OPTIONS):
        return None
    options = dict(zip(OPTIONS, args))
    for keyword in keywords:
        assert keyword.arg is not None
        if keyword.arg in options:
            return None  # given twice: Python's TypeError
        options[keyword.arg] = keyword.value
    return options


def _from_call(ctx: Context, site: CallSite) -> Vmap | None:
    if not site.complete or not site.args or isinstance(site.args[0], ast.Starred):
        return None
    options = _options(site.args[1:], site.keywords)
    if options is None:
        return None
    function = site.args[0]
    definition = ctx.model.function_of(function, through_jit=True)
    calls = ctx.model.calls_of_result(site.call) or _calls_through_jit(ctx, site.call)
    method = None
    if definition is None and isinstance(function, ast.Attribute):
        denoted = ctx.model.members.denoted(function)
        if denoted is not None and denoted.bound and isinstance(denoted.function, ast.FunctionDef) \
                and not denoted.function.decorator_list:
            method = denoted.function
    through, kind = (None, None) if definition is not None or method is not None else _through(ctx, function)
    return Vmap(site.call, options, definition, tuple(calls), False, method, through, kind)


def _calls_through_jit(ctx: Context, vmap: ast.Call) -> list[ast.Call]:
    """The calls of `jax.jit(jax.vmap(f, ...))` (where it is made, or through a name bound once
    to it): each runs the vmapped function with its arguments as given (no static argument,
    which would change what the vmapped function receives)."""
    parent = ctx.model.parent.get(id(vmap))
    if type(parent) is not ast.Call or not parent.args or parent.args[0] is not vmap or len(parent.args) != 1 \
            or ctx.model.qualname(parent.func) != "jax.jit" \
            or any(k.arg is None or k.arg.startswith("static_") for k in parent.keywords):
        return []
    return ctx.model.calls_of_result(parent)


def _through(ctx: Context, function: ast.expr) -> tuple[FunctionNode | None, str | None]:
    """`jax.grad(cost)` (no option) given to vmap: the def or lambda it runs with the
    arguments of the same shapes (`SHAPE_KEEPING`: inside vmap, it sees one example), and the
    transformation."""
    if not isinstance(function, ast.Call) or len(function.args) != 1 or function.keywords:
        return None, None
    kind = ctx.model.qualname(function.func)
    if kind not in SHAPE_KEEPING:
        return None, None
    inner = ctx.model.function_of(function.args[0], through_jit=True)
    return (inner, kind) if inner is not None else (None, None)


def _only_jit_on_top(ctx: Context, decoration: Decoration) -> bool:
    """The vmap decorator is the innermost one, and every decorator above it is jax.jit."""
    target = decoration.target
    if decoration.position != len(target.decorator_list) - 1:
        return False
    jit = ctx.model.decoration(target, "jax.jit")
    others = [d for i, d in enumerate(target.decorator_list) if i != decoration.position]
    return all(jit is not None and jit.decorator is d for d in others)


def _calls_of_def(ctx: Context, target: ast.FunctionDef) -> tuple[ast.Call, ...]:
    """The calls `f(...)` of a def bound once, outside a class, through that binding."""
    own = ctx.model.scope_of_node.get(id(target))
    if own is None or own.parent is None or own.parent.kind == "class":
        return ()
    return tuple(ctx.model.calls_of_def(target))


def _from_decoration(ctx: Context, decoration: Decoration) -> Vmap | None:
    target = decoration.target
    if not isinstance(target, ast.FunctionDef):
        return None
    options = _options((), decoration.keywords)
    if options is None:
        return None
    calls = _calls_of_def(ctx, target) if _only_jit_on_top(ctx, decoration) else ()
    return Vmap(decoration.decorator, options, target, calls, True)


def vmaps(ctx: Context) -> list[Vmap]:
    """Every function the file makes with `jax.vmap`, in source order."""
    return ctx.once(_vmaps)


def _vmaps(ctx: Context) -> list[Vmap]:
    made = [v for site in ctx.model.calls_to("jax.vmap") if (v := _from_call(ctx, site))]
    made += [v for d in ctx.model.decorations("jax.vmap") if (v := _from_decoration(ctx, d))]
    return made


def arguments_span(ctx: Context, call: ast.Call) -> Span:
    """From the first to the last argument of `call` (the call itself when it has none)."""
    nodes: list[ast.expr | ast.keyword] = [*call.args, *call.keywords]
    if not nodes:
        return ctx.span(call)
    return ctx.span(min(nodes, key=lambda n: (n.lineno, n.col_offset)),
                    max(nodes, key=lambda n: (n.end_lineno or 0, n.end_col_offset or 0)))


# ------------------------------------------------------------------------------ axes values
def literal(ctx: Context, expr: ast.expr, depth: int = 0) -> object:
    """The value `expr` certainly has, made of Python constants and displays (a name bound
    once followed; a list or dict only when nothing changes it); UNKNOWN for what the code
    does not show (inside a display: only that part)."""
    if depth > 8:
        return UNKNOWN
    if isinstance(expr, ast.Constant):
        return expr.value
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)) \
            and isinstance(expr.operand, ast.Constant) \
            and type(expr.operand.value) in (int, float):
        number: int | float = expr.operand.value  # type: ignore[assignment]
        return -number if isinstance(expr.op, ast.USub) else +number
    if isinstance(expr, (ast.Tuple, ast.List)):
        if any(isinstance(e, ast.Starred) for e in expr.elts):
            return UNKNOWN
        items = [literal(ctx, e, depth + 1) for e in expr.elts]
        return tuple(items) if isinstance(expr, ast.Tuple) else items
    if isinstance(expr, ast.Dict):
        keys = [literal(ctx, k, depth + 1) if k is not None else UNKNOWN for k in expr.keys]
        if any(k is UNKNOWN or isinstance(k, (list, dict)) for k in keys):
            return UNKNOWN
        return {k: literal(ctx, v, depth + 1) for k, v in zip(keys, expr.values)}
    if isinstance(expr, ast.Set):
        items = [literal(ctx, e, depth + 1) for e in expr.elts]
        if any(not isinstance(i, (int, float, str, bool, type(None))) for i in items):
            return UNKNOWN
        return set(items)
    if is_dict_call(ctx, expr):
        assert isinstance(expr, ast.Call)
        return {k.arg: literal(ctx, k.value, depth + 1) for k in expr.keywords}
    if isinstance(expr, ast.Name):
        found = ctx.model.assignment_of(expr)
        if found is None:
            return UNKNOWN
        binding, value = found
        if isinstance(value, (ast.List, ast.Dict, ast.Set)) and ctx.model.is_mutated(binding):
            return UNKNOWN
        return literal(ctx, value, depth + 1)
    return UNKNOWN


def is_dict_call(ctx: Context, expr: ast.expr) -> bool:
    """`dict(a=0, b=None)`: keywords only."""
    return isinstance(expr, ast.Call) and not expr.args and bool(expr.keywords) \
        and all(k.arg is not None for k in expr.keywords) \
        and ctx.model.qualname(expr.func) == "builtins.dict"


def has_unknown(value: object) -> bool:
    if value is UNKNOWN:
        return True
    if isinstance(value, (tuple, list)):
        return any(has_unknown(v) for v in value)
    if isinstance(value, dict):
        return any(has_unknown(v) for v in value.values())
    return False


def _leaves(value: object) -> list[object]:
    """The pytree leaves JAX's `tree_leaves` finds in an axes value (None is no leaf)."""
    if value is None:
        return []
    if isinstance(value, (tuple, list)):
        return [leaf for v in value for leaf in _leaves(v)]
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in _leaves(v)]
    return [value]


def bad_leaves(value: object) -> bool:
    """Whether a leaf is certainly not an int (exactly: a bool is refused) nor None."""
    return any(leaf is not UNKNOWN and type(leaf) is not int for leaf in _leaves(value))


def as_given(value: object) -> object:
    """`in_axes` as JAX checks it: a list is made a tuple first."""
    return tuple(value) if isinstance(value, list) else value


def jax_str(value: object) -> str:
    """`str(value)`, as JAX formats it into its message."""
    return str(value)


def checked_in_axes(ctx: Context, vmap: Vmap, count: int) -> object:
    """The literal in_axes of `vmap` when JAX's earlier checks pass it for a call of `count`
    positional arguments (an int, None, or a tuple of one entry per argument); `...` when the
    code does not show it or it does not pass."""
    expr = vmap.option("in_axes")
    if expr is None:
        return 0
    value = literal(ctx, expr)
    if has_unknown(value) or bad_leaves(value):
        return ...
    if value is None or type(value) is int:
        return value
    if isinstance(value, (tuple, list)) and len(value) == count:
        return tuple(value)
    return ...


# ------------------------------------------------------------------ the body for one call
def known_jax_array(ctx: Context, expr: ast.expr) -> Aval | None:
    """The aval of a certain JAX array of known shape (never a NumPy array, never a key)."""
    value = ctx.values.value(expr)
    aval = value.aval
    if value.jax_array is None or value.type != "ArrayImpl" or aval is None or aval.shape is None \
            or aval.kind in (None, "key"):
        return None
    return aval


@dataclass(frozen=True, eq=False)
class VmappedCall:
    """A call of a vmapped def or lambda that vmap certainly traces."""

    vmap: Vmap
    call: ast.Call
    held: dict[str, Value]  # what each parameter holds for one example (`per_example`)
    unmapped: dict[str, ast.expr]  # the arguments vmap hands over as they are (in_axes None)
    # For a call in the body of a def whose arguments the code shows only through a followed
    # call of that def: that call, whose values `held` was read with (bind it first).
    outer: CallContext | None = None


def per_example(ctx: Context, vmap: Vmap, call: ast.Call) -> dict[str, Value] | None:
    """What each parameter holds for one example when `call` runs the vmapped def or lambda,
    when vmap certainly gets to trace it: a mapped argument is the array without its mapped
    axis (every mapped argument a JAX array of known shape, all of one size, and
    `axis_size`'s when given); an unmapped one (`in_axes` None) is what the call passes, as it
    is (vmap hands it over untouched). None when vmap would raise first or the code does not
    show the mapping."""
    function = vmap.traced_function
    if function is None or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    signature = Signature.of(function.args)
    bound = bind_arguments(signature, call.args, call.keywords)
    in_axes = checked_in_axes(ctx, vmap, len(call.args))
    out_axes = vmap.option("out_axes")
    if bound is None or bound.extra_positional or bound.extra_keywords or in_axes is ... \
            or out_axes is not None and bad_leaves(literal(ctx, out_axes)):
        return None
    entries = [(signature.positional[i], a, in_axes[i] if isinstance(in_axes, tuple) else in_axes)
               for i, a in enumerate(call.args)]
    entries += [(k.arg, k.value, 0) for k in call.keywords if k.arg is not None]
    sizes: set[int] = set()
    unsized: list[str] = []
    axis_size = vmap.option("axis_size")
    if axis_size is not None:
        size = literal(ctx, axis_size)
        if size is not None and type(size) is not int:
            return None
        if type(size) is int:
            sizes.add(size)
    # (`@jax.jit` stacked on `@jax.vmap`, or jit inside it: jit traces the unmapped arguments:
    # left unknown)
    jitted = isinstance(function, ast.FunctionDef) and len(function.decorator_list) > 1 \
        or vmap.through_kind is not None and vmap.through_kind not in DIFFERENTIATING
    found: dict[str, Value] = {}
    for name, argument, entry in entries:
        value = ctx.values.value(argument)
        if entry is None:
            if not jitted:
                found[name] = value
            continue
        aval = _ranked_jax_array(value)
        if type(entry) is not int or aval is None or aval.ndim is None:
            return None
        rank = aval.ndim
        if not -rank <= entry < rank:
            return None
        axis = entry % rank
        if aval.shape is None:  # (a size the code does not show)
            unsized.append(name)
            found[name] = replace(value, aval=Aval(None, aval.dtype, aval.weak, rank - 1))
            continue
        sizes.add(aval.shape[axis])
        found[name] = replace(value, aval=Aval(aval.shape[:axis] + aval.shape[axis + 1:], aval.dtype, aval.weak))
    if vmap.through_kind in DIFFERENTIATING:
        # grad refuses a first argument that is not a float array (another error first)
        first = found.get(signature.positional[0]) if signature.positional else None
        if first is None or first.aval is None or first.aval.kind != "f":
            return None
    if unsized:  # one mapped argument alone has nothing to disagree with
        return found if len(unsized) == 1 and not sizes else None
    return found if len(sizes) == 1 else None


def _ranked_jax_array(value: Value) -> Aval | None:
    """The aval of a certain JAX array whose rank is known (its sizes need not be), never a
    key."""
    aval = value.aval
    if value.jax_array is None or value.type != "ArrayImpl" or aval is None or aval.ndim is None \
            or aval.kind == "key":
        return None
    return aval


def vmapped_calls(ctx: Context) -> list[VmappedCall]:
    """Each call of a vmapped def or lambda of the file that vmap certainly traces, with what
    its parameters hold for one example (`per_example`); once per document."""
    return ctx.once(_vmapped_calls)


_Node = TypeVar("_Node", bound=ast.AST)


def vmapped_nodes(ctx: Context, kind: type[_Node]) -> Iterator[tuple[_Node, Related]]:
    """Each node of `kind` in the body of a vmapped def or lambda that runs whenever vmap
    traces it, once per call vmap certainly traces (`vmapped_calls`), with the location of
    that call; while the caller looks at the node, the parameters hold what the call gives
    one example (`Inference.bound`)."""
    for vmapped in vmapped_calls(ctx):
        function = vmapped.vmap.traced_function
        assert function is not None
        related = Related(ctx.span(vmapped.call), "the call vmap traces, whose arguments give what each example holds")
        with vmapped.outer.bound(ctx.values) if vmapped.outer is not None else nullcontext(), \
                ctx.values.bound(function, vmapped.held):
            for node in ctx.model.nodes_in(function, kind):
                if runs_whenever_traced(ctx, function, node):  # type: ignore[arg-type]
                    yield node, related


def runs_whenever_traced(ctx: Context, function: ast.FunctionDef | ast.Lambda, node: ast.AST) -> bool:
    """Whether `node` runs every time `function` runs: no branch, loop, `with` or nested
    scope between them, and no `return` or `raise` before it."""
    path = ctx.model.path_to(function, node)
    if path is None or any(isinstance(step, MAY_SKIP) for step in path[1:-1]):
        return False
    return isinstance(function, ast.Lambda) or runs_whenever_called(ctx.model, function, node)


def _vmapped_calls(ctx: Context) -> list[VmappedCall]:
    found = []
    for vmap in vmaps(ctx):
        function = vmap.traced_function
        if not isinstance(function, (ast.FunctionDef, ast.Lambda)):
            continue
        for call in vmap.calls:
            held = per_example(ctx, vmap, call)
            outers: list[CallContext | None] = [None]
            if not held:  # (in a def's body: once per followed call of the def that shows them)
                outers = list(calls_reaching(ctx.model, ctx.values, call))
            for outer in outers:
                if outer is not None:
                    with outer.bound(ctx.values):
                        held = per_example(ctx, vmap, call)
                if not held:
                    continue
                in_axes = checked_in_axes(ctx, vmap, len(call.args))
                positional = Signature.of(function.args).positional
                unmapped = {positional[i]: a for i, a in enumerate(call.args)
                            if (in_axes[i] if isinstance(in_axes, tuple) else in_axes) is None
                            and positional[i] in held}
                found.append(VmappedCall(vmap, call, held, unmapped, outer))
    return found
