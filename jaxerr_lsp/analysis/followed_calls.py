"""The calls of a function of this file that hand it arrays of unchanged shapes, with their
arguments bound to its parameters: what its body sees when that call runs it.

A call is followed when the file certainly shows it runs the function with these arguments,
each reaching its parameter as the same value or an array of the same shape and dtype:

- the def called by its name, `f(a, b)`, where the name certainly is the def (code flow), the
  def undecorated or decorated only by a transformation that keeps shapes (`@jax.jit`);
- a transformation that keeps shapes called on it, `jax.jit(f)(a, b)`, `jax.grad(f)(a, b)`
  (a JVP tracer has its primal's aval), or the name it is assigned to, `g = jax.jit(f)` ...
  `g(a, b)`;
- an undecorated method called on an instance, `model.step(a, b)` or `self.step(a, b)`, where
  the attribute certainly denotes it (`Members.denoted`), and an instance called, `head(x)`
  for `head = Readout()` (its `__call__`): the arguments bound to the parameters after
  `self`, which stays unknown.

`call_contexts` gives each followed call with what it binds to the parameters (`CallContext`:
values and Python constants), and a call made in the body of another def of the file once
more per followed call of that def (one level: `g(x, n)` in `def f(x, n=2)` called as
`f(a)`), where that call certainly runs with those values (`runs_with_values`: an `if` on the
way counts when `certain_truth` decides its test).

Never followed: `vmap`/`pmap` (they drop the mapped axis), `*args`/`**kwargs` at the
call, a transformation with more positional arguments than the function, or a def whose
parameters are rebound in its body before use (code flow answers that per read). Lookups
only: the model's `calls_of_def`, `calls_to` and `calls_of_result`.
"""

from __future__ import annotations

import ast
import operator
import weakref
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any

from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.analysis.values import Inference, Signature, Value, array_of, bind_arguments

# Transformations whose call hands the function arrays of the shapes it was given.
SHAPE_KEEPING = frozenset({
    "jax.jit", "jax.checkpoint", "jax.remat", "jax.ad_checkpoint.checkpoint",
    "jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.jacfwd", "jax.hessian"})
# A def called this many times is followed at its first calls only (the cost stays bounded).
MAX_CALLS = 8


@dataclass(frozen=True, eq=False)
class FollowedCall:
    """One call that runs `function` with `arguments` (by parameter name, defaults included)."""

    function: ast.FunctionDef | ast.Lambda  # (a lambda: vmapped, `vmap_axes.vmapped_calls`)
    call: ast.Call
    arguments: dict[str, ast.expr]
    # Through a transformation (`jax.jit(f)(x)`, `g(x)` for `g = jax.jit(f)`, a decorated def):
    # the arguments reach the body traced (a NumPy array or a Python number as a JAX array).
    traced: bool = False


def _keeps_shapes(model: ModuleModel, decorator: ast.expr) -> bool:
    return model.qualname(decorator) in SHAPE_KEEPING


_TRANSFORMED: weakref.WeakKeyDictionary[ModuleModel, dict[int, list[ast.Call]]] = \
    weakref.WeakKeyDictionary()


def _transformed_calls(model: ModuleModel) -> dict[int, list[ast.Call]]:
    """id(def) -> the calls of what a shape-keeping transformation made of it (`jax.jit(f)(x)`,
    `g = jax.jit(f)` ... `g(x)`); once per model."""
    known = _TRANSFORMED.get(model)
    if known is not None:
        return known
    known = _TRANSFORMED[model] = {}
    for qualname in SHAPE_KEEPING:
        for site in model.calls_to(qualname):
            if site.partial is not None or not site.complete or len(site.args) != 1:
                continue
            function = model.function_of(site.args[0])
            if function is not None:
                known.setdefault(id(function), []).extend(model.calls_of_result(site.call))
    return known


def followed_calls(model: ModuleModel, function: ast.FunctionDef) -> list[FollowedCall]:
    """The calls of `function` the file shows with their arguments bound, in source order."""
    if not all(_keeps_shapes(model, d) for d in function.decorator_list):
        return []
    signature = Signature.of(function.args)
    scope = model.scope_of_node.get(id(function))
    if scope is not None and scope.parent is not None and scope.parent.kind == "class":
        # a method: followed where an instance calls it, `self` left unknown
        calls = _method_calls(model, function)
        signature = signature.bound_to_instance()
    else:
        calls = [*model.calls_of_def(function), *_transformed_calls(model).get(id(function), ())]
    through = {id(call) for call in _transformed_calls(model).get(id(function), ())}
    found: list[FollowedCall] = []
    for call in sorted(calls, key=lambda c: (c.lineno, c.col_offset))[:MAX_CALLS]:
        bound = bind_arguments(signature, call.args, call.keywords)
        if bound is None or bound.extra_positional or bound.extra_keywords:
            continue
        traced = bool(function.decorator_list) or id(call) in through
        found.append(FollowedCall(function, call, bound.given, traced))
    return found


def _method_calls(model: ModuleModel, function: ast.FunctionDef) -> list[ast.Call]:
    """`obj.method(...)` / `self.method(...)` that certainly run `function` bound to an
    instance (`Members.denoted`), the def undecorated."""
    if function.decorator_list or not (function.args.posonlyargs or function.args.args):
        return []
    found = [call for call in model.method_calls(function.name)
             if (denoted := model.members.denoted(call.func)) is not None
             and denoted.function is function and denoted.bound]
    if function.name == "__call__":  # `head(x)` for `head = Readout()`: its `__call__`
        found += _instance_calls(model).get(id(function), [])
    return found


_INSTANCE_CALLS: weakref.WeakKeyDictionary[ModuleModel, dict[int, list[ast.Call]]] = \
    weakref.WeakKeyDictionary()


def _instance_calls(model: ModuleModel) -> dict[int, list[ast.Call]]:
    """id of each `__call__` def -> the calls of a name that is an instance of its class
    (`Members.class_of_instance`), found in one pass over the module's calls of names."""
    known = _INSTANCE_CALLS.get(model)
    if known is None:
        known = {}
        members = model.members
        for calls in model.name_calls.values():
            for call in calls:
                owner = members.class_of_instance(call.func) if isinstance(call.func, ast.Name) else None
                method = members.plain_method(owner, "__call__") if owner is not None else None
                if method is not None:
                    known.setdefault(id(method), []).append(call)
        _INSTANCE_CALLS[model] = known
    return known


# Between a def's first line and a node: what may keep the node from running when the def
# runs (or run it with other values each time round).
_MAY_SKIP = (ast.If, ast.IfExp, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.TryStar, ast.Match,
             ast.BoolOp, ast.comprehension, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def runs_whenever_called(model: ModuleModel, function: ast.FunctionDef | ast.Lambda, node: ast.AST) -> bool:
    """Whether `node` certainly runs, once, each time `function` runs to its end: outside
    every branch and loop of its body, before no `return`, after no `raise` or `assert` of
    the def (a check that raises its own error first), in a def that is no generator (a
    lambda: outside its conditional expressions, `and`/`or` and comprehensions)."""
    if isinstance(function, ast.FunctionDef):
        ends = model.returns_of(function)
        line = node.lineno  # type: ignore[attr-defined]
        if ends.suspends or any(r.lineno < line for r in ends.returns) or ends.raises and any(
                r.lineno <= line for r in model.nodes_in(function, (ast.Raise, ast.Assert))):
            return False
    path = model.path_to(function, node)
    return path is not None and not any(isinstance(step, _MAY_SKIP) for step in path[1:-1])


_COMPARISONS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge}


def certain_truth(values: Inference, test: ast.expr, depth: int = 0) -> bool | None:
    """Whether the condition `test` certainly holds (True) or certainly fails (False) with
    the values in force, from Python constants alone (`Inference.constant`: numbers, strings,
    tuples, the static shape facts of arrays of known shape); None when not known. `not`,
    `and`/`or` of known parts, and one comparison of two constants of the same kind (numbers,
    or strings, or tuples: nothing Python would refuse to compare)."""
    if depth > 8:
        return None
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = certain_truth(values, test.operand, depth + 1)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        parts = [certain_truth(values, part, depth + 1) for part in test.values]
        if isinstance(test.op, ast.And):
            return True if all(p is True for p in parts) else False if all(p is not None for p in parts) else None
        return False if all(p is False for p in parts) else True if all(p is not None for p in parts) else None
    if isinstance(test, ast.Compare):
        compare = _COMPARISONS.get(type(test.ops[0])) if len(test.ops) == 1 else None
        if compare is None:
            return None
        left, right = values.constant(test.left), values.constant(test.comparators[0])
        numbers = (int, float, bool)
        if type(left) in numbers and type(right) in numbers \
                or type(left) is type(right) and type(left) in (str, tuple) \
                and (compare in (operator.eq, operator.ne) or type(left) is str):
            return bool(compare(left, right))
        return None
    constant = values.constant(test)
    if type(constant) in (int, float, bool, str, tuple):
        return bool(constant)
    return None


def runs_with_values(model: ModuleModel, values: Inference, function: ast.FunctionDef | ast.Lambda,
                     node: ast.AST) -> bool:
    """`runs_whenever_called`, but where the values in force (a followed call's, inside
    `Inference.bound`) decide an `if` on the way: its body when its test certainly holds, its
    `else` when it certainly fails (`certain_truth`); and a `for` loop that certainly runs
    at least once lets the node in its body run on the first pass (`Inference.
    runs_on_first_pass`). Every other branch or loop on the way still keeps the node from
    counting."""
    if isinstance(function, ast.FunctionDef):
        ends = model.returns_of(function)
        if ends.suspends or ends.raises or any(r.lineno < node.lineno for r in ends.returns):  # type: ignore[attr-defined]
            return False
    path = model.path_to(function, node)
    if path is None:
        return False
    for at in range(1, len(path) - 1):
        step, inner = path[at], path[at + 1]
        if isinstance(step, ast.If):
            if inner is step.test:
                continue
            truth = certain_truth(values, step.test)
            if truth is None or truth != any(inner is s for s in step.body):
                return False
        elif isinstance(step, ast.For) and any(inner is s for s in step.body) and values.runs_on_first_pass(step, node):
            continue  # (a loop that certainly runs: the node runs on its first pass)
        elif isinstance(step, _MAY_SKIP):
            return False
    return True


_GRAD_FAMILY = frozenset({"jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.jacfwd", "jax.hessian"})


def argument_constants(model: ModuleModel, values: Inference, call: FollowedCall) -> dict[str, object]:
    """The Python constants (numbers, bools, strings, tuples of them: `Inference.constant`) a
    followed call certainly gives the parameters, when it runs the def itself: a call through
    a transformation, or of a def a transformation decorates, traces them (no constant there).
    `Inference.bound(..., constants=...)` lets `constant` read them (`jnp.zeros((n, 3))` with
    `n` given 4)."""
    found: dict[str, object] = {}
    for name, expr in call.arguments.items():
        if call.traced and not _passed_as_is(model, call, expr):
            continue
        constant = values.constant(expr)
        if constant is not None:
            found[name] = constant
    return found


def argument_values(model: ModuleModel, values: Inference, call: FollowedCall) -> dict[str, Value] | None:
    """What a followed call gives the parameters that the code shows: JAX arrays of known
    aval, and Python numbers and bools (arrays of their weak aval when a transformation traces
    them); the others stay unknown. None when nothing is known, or when JAX refuses the call
    first (differentiating with respect to a non-float argument, options not written out)."""
    given = shown_arguments(model, values, call)
    return given if given and not refused(model, call, given) else None


def refused(model: ModuleModel, call: FollowedCall, given: dict[str, Value]) -> bool:
    """Whether JAX refuses a followed call before running the def: differentiating with
    respect to an argument that is not a float array (or with options not written out)."""
    transform = model.qualname(call.call.func.func) if isinstance(call.call.func, ast.Call) else None
    if transform not in _GRAD_FAMILY:
        return False
    site = call.call.func
    positional = [*call.function.args.posonlyargs, *call.function.args.args]
    first = given.get(positional[0].arg) if positional else None
    return bool(site.keywords) or first is None or first.aval is None or first.aval.kind != "f"  # type: ignore[attr-defined]


def shown_arguments(model: ModuleModel, values: Inference, call: FollowedCall) -> dict[str, Value]:
    """What `argument_values` reads of each argument, whether or not JAX refuses the call."""
    given: dict[str, Value] = {}
    for name, expr in call.arguments.items():
        value = values.value(expr)
        traced = call.traced and not _passed_as_is(model, call, expr)
        if value.type == "ArrayImpl" and value.aval is not None and (value.aval.shape is not None or value.aval.dtype is not None):
            given[name] = value
        elif value.type == "ndarray" and value.aval is not None and value.aval.shape is not None:
            # (a transformation converts a NumPy array; one it leaves as it is stays NumPy's)
            given[name] = array_of(value.aval) if traced else value
        elif value.python_scalar and value.aval is not None:
            given[name] = array_of(value.aval) if traced else value
        elif value.type == "dict" and value.entry_values is not None and (not traced or all(
                v.type == "ArrayImpl" and v.jax_array is not None for _, v in value.entry_values)):
            given[name] = value  # (the dict a helper made, as the def gets it: JAX arrays stay arrays)
        elif value.type == "dict" and value.entries is not None and not traced:
            given[name] = value  # (a dict display, as the def gets it: `p["rate"]` reads its entry)
    return given


def _passed_as_is(model: ModuleModel, call: FollowedCall, expr: ast.expr) -> bool:
    """Whether the transformation a followed call runs the def through leaves `expr`, bound
    to a parameter, as it is: a default (the call left it out: no argument), or an argument
    `jax.grad(f)` (and its kin, without options: the first parameter differentiated) does not
    differentiate, `f` undecorated."""
    arguments = call.function.args
    if any(expr is d for d in (*arguments.defaults, *arguments.kw_defaults)):
        return True
    if getattr(call.function, "decorator_list", None):
        return False  # (`@jax.jit` under the grad traces every argument again)
    made: ast.expr | None = call.call.func
    if isinstance(made, ast.Name):
        made = model.assigned_value(made)
    if not isinstance(made, ast.Call) or model.qualname(made.func) not in _GRAD_FAMILY \
            or made.keywords or len(made.args) != 1:
        return False
    positional = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    return bool(positional) and call.arguments.get(positional[0]) is not expr


def lambda_arguments(model: ModuleModel, values: Inference,
                     call: ast.Call) -> tuple[ast.Lambda, dict[str, Value]] | None:
    """When `call` runs whenever a lambda runs (in its expression, outside its conditional
    parts) and a transformation runs the lambda (`transformed_lambda`: `jax.grad(lambda p:
    loss(p, x))(params)`): the lambda and what its parameters hold. None otherwise."""
    scope = model.call_scope.get(id(call))
    function = scope.node if scope is not None else None
    if not isinstance(function, ast.Lambda) or not runs_whenever_called(model, function, call):
        return None
    found = transformed_lambda(model, values, function)
    return (function, found[1]) if found is not None else None


def transformed_lambda(model: ModuleModel, values: Inference,
                       function: ast.Lambda) -> tuple[ast.Call, dict[str, Value]] | None:
    """When the lambda is given, without options (`static_argnums` would keep arguments
    static), to a shape-keeping transformation whose result the file calls (`jax.jit(lambda
    a, b: a @ b)(x, w)`, or `f = jax.jit(lambda ...)` ... `f(x, w)`: `calls_of_result`): the
    first such call that gives it known arrays, and what the transformation hands the
    parameters, the JAX arrays of known aval it is given (NumPy arrays and Python numbers
    arrive as JAX arrays). None otherwise, or when JAX would refuse the call first (a
    differentiated argument that is not a float array)."""
    path = model.path_to(model.tree, function) or []
    made = path[-2] if len(path) >= 2 else None
    if not isinstance(made, ast.Call) or made.args != [function] or made.keywords \
            or model.qualname(made.func) not in SHAPE_KEEPING:
        return None
    signature = Signature.of(function.args)
    for applied in model.calls_of_result(made)[:MAX_CALLS]:
        bound = bind_arguments(signature, applied.args, applied.keywords)
        if bound is None or bound.extra_positional or bound.extra_keywords:
            continue
        held: dict[str, Value] = {}
        for name, expr in bound.given.items():
            value = values.value(expr)
            if value.type in ("ArrayImpl", "ndarray") or value.python_scalar:
                if value.aval is not None and value.aval.shape is not None:
                    held[name] = array_of(value.aval)
            elif value.type == "dict" and value.entry_values is not None and all(
                    v.type == "ArrayImpl" and v.jax_array is not None for _, v in value.entry_values):
                held[name] = value  # (the dict a helper made, its entries JAX arrays: as they are)
        if model.qualname(made.func) in _GRAD_FAMILY:
            first = held.get(signature.positional[0]) if signature.positional else None
            if first is None or first.aval is None or first.aval.kind != "f":
                return None
        if held:
            return applied, held
    return None


def calls_reaching(model: ModuleModel, values: Inference, node: ast.AST) -> list[CallContext]:
    """The followed calls of the def whose own body holds `node`, where `node` runs whenever
    the def runs, with what each gives the parameters (`argument_values`; a call made in
    another def's body also once per followed call of that def: `call_contexts`): a check of
    `node` made inside `context.bound(values)` holds when that call runs."""
    function = _own_def(model, node)
    if function is None:
        made = _own_function(model, node)
        if isinstance(made, ast.Lambda) and runs_whenever_called(model, made, node):
            # (a lambda a transformation runs: `f = jax.jit(lambda p, x: ...)` ... `f(p, x)`)
            applied = transformed_lambda(model, values, made)
            if applied is not None:
                return [CallContext(FollowedCall(made, applied[0], {}, traced=True), applied[1])]
        return []
    if not runs_whenever_called(model, function, node):
        return []
    return call_contexts(model, values, function, argument_values)


@dataclass(frozen=True, eq=False)
class CallContext:
    """One followed call of a def with what it gives the parameters (`arguments`, and the
    Python constants `constants`), and, when the call is made in the body of another def of
    the file, the followed call of that def whose values the arguments were read with
    (`outer`: one level, from code that is not in a def body, or whose values are unknown)."""

    call: FollowedCall
    arguments: dict[str, Value]
    constants: dict[str, object] = field(default_factory=dict)
    outer: CallContext | None = None

    @contextmanager
    def bound(self, values: Inference) -> Iterator[None]:
        """The parameters of the def (and of the caller's def, for a nested call) hold the
        values of this call while inside."""
        with ExitStack() as stack:
            if self.outer is not None:
                stack.enter_context(self.outer.bound(values))
            stack.enter_context(values.bound(self.call.function, self.arguments, self.constants))
            yield

    @property
    def calls(self) -> tuple[ast.Call, ...]:
        """The call of the def, then the call of its caller that gives the values (if any)."""
        return (self.call.call,) if self.outer is None else (self.call.call, *self.outer.calls)

    def key(self) -> tuple[object, ...] | None:
        """What the body's findings depend on: the def and what the parameters hold; None
        when a value refers to expressions of its caller (a display's elements, a dict's
        entries: read in the caller's context)."""
        items = tuple(sorted(self.arguments.items(), key=lambda item: item[0]))
        if any(v.elements is not None or v.entries is not None for _, v in items):
            return None
        key = (id(self.call.function), items,
               tuple(sorted(self.constants.items(), key=lambda item: item[0])))
        try:
            hash(key)
        except TypeError:
            return None
        return key


ArgumentValues = Callable[[ModuleModel, Inference, FollowedCall], "dict[str, Value] | None"]


def call_contexts(model: ModuleModel, values: Inference, function: ast.FunctionDef,
                  given: ArgumentValues, nested: bool = True) -> list[CallContext]:
    """The followed calls of `function` with what each gives its parameters (`given`: the
    values the caller wants, None when nothing is known; the Python constants as
    `argument_constants` reads them). A call made in the body of another def of the file is
    read as it is (that def's parameters unknown), and also once per followed call of that
    def (one level, `nested`) under which it certainly runs (`runs_with_values`), with the
    values that call gives (`CallContext.outer`): `g(x, n)` in `def f(x, n=2)`, called as
    `f(jnp.ones((2, 4)))`. At most `MAX_CALLS` contexts per def."""
    found: list[CallContext] = []
    for call in followed_calls(model, function):
        direct = _context(model, values, call, given, None)
        if direct is not None:
            found.append(direct)
        owner = _own_def(model, call.call) if nested else None
        if owner is None or owner is function:
            continue
        for outer in call_contexts(model, values, owner, given, nested=False):
            if len(found) >= MAX_CALLS:
                break
            context = _context_under(model, values, owner, call, given, outer)
            if context is not None:
                found.append(context)
        if len(found) >= MAX_CALLS:
            break
    return found[:MAX_CALLS]


def contexts_in_body(model: ModuleModel, values: Inference, outer: CallContext, calls: list[FollowedCall],
                     given: ArgumentValues) -> list[CallContext]:
    """Each of `calls` (followed calls of the file's defs) made in the own body of the def or
    lambda `outer` runs, with the values it gives there under `outer` (`given`), where it
    certainly runs with them: `inner(v)` in `def outer(w, v)` run per example by
    `jax.vmap(outer, in_axes=(None, 0))(w, vs)`, the level of callers `call_contexts` cannot
    see (a transformation's call, not a call of the def). At most `MAX_CALLS`."""
    owner = outer.call.function
    found: list[CallContext] = []
    for call in calls:
        if _own_function(model, call.call) is not owner:
            continue
        context = _context_under(model, values, owner, call, given, outer)
        if context is not None:
            found.append(context)
            if len(found) >= MAX_CALLS:
                break
    return found


def _context_under(model: ModuleModel, values: Inference, owner: ast.FunctionDef | ast.Lambda, call: FollowedCall,
                   given: ArgumentValues, outer: CallContext) -> CallContext | None:
    """The context of `call`, made in the body of `owner`, under the values `outer` gives that
    body; None where the call does not certainly run with them."""
    with outer.bound(values):
        if not runs_with_values(model, values, owner, call.call):
            return None
        return _context(model, values, call, given, outer)


def _context(model: ModuleModel, values: Inference, call: FollowedCall, given: ArgumentValues,
             outer: CallContext | None) -> CallContext | None:
    arguments = given(model, values, call)
    constants = argument_constants(model, values, call)
    if arguments is None and not constants:
        return None
    receiver = _receiver(model, values, call)
    if receiver is not None:  # (`self` holds the instance `obj.method(...)` is called on)
        arguments = {**(arguments or {}), **receiver}
    return CallContext(call, arguments or {}, constants, outer)


def _receiver(model: ModuleModel, values: Inference, call: FollowedCall) -> dict[str, Value] | None:
    """For a method followed through `obj.method(...)` (or `obj(...)` running `__call__`):
    its first parameter holding `obj`, when the evaluator knows the construction that made
    it (`Value.instance`: `self.w` then reads what that construction's `__init__` stored)."""
    function = call.function
    if isinstance(function, ast.Lambda):
        return None
    scope = model.scope_of_node.get(id(function))
    positional = [*function.args.posonlyargs, *function.args.args]
    if scope is None or scope.parent is None or scope.parent.kind != "class" or not positional \
            or positional[0].arg in call.arguments:
        return None
    func = call.call.func
    obj = func.value if isinstance(func, ast.Attribute) else func
    value = values.value(obj)
    return {positional[0].arg: value} if value.instance is not None else None


def _own_def(model: ModuleModel, node: ast.AST) -> ast.FunctionDef | None:
    """The def whose own body (not a def, lambda or comprehension inside it) holds the call
    `node`: the scope of the name its callee is read through."""
    function = _own_function(model, node)
    return function if isinstance(function, ast.FunctionDef) else None


def _own_function(model: ModuleModel, node: ast.AST) -> ast.AST | None:
    """The def or lambda whose own body holds the call `node` (`_own_def`)."""
    if not isinstance(node, ast.Call):
        return None
    base = node.func
    while isinstance(base, (ast.Attribute, ast.Call)):
        base = base.value if isinstance(base, ast.Attribute) else base.func
    use = model.use_of.get(id(base)) if isinstance(base, ast.Name) else None
    if use is None or use.scope.kind not in ("function", "lambda"):
        return None
    return use.scope.node


__all__ = ["CallContext", "FollowedCall", "call_contexts", "contexts_in_body", "certain_truth", "runs_with_values", "MAX_CALLS", "SHAPE_KEEPING", "argument_values", "calls_reaching", "lambda_arguments", "transformed_lambda",
           "followed_calls", "runs_whenever_called"]
