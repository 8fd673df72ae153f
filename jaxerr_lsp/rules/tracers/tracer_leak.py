"""JXE077 tracer-leak.

What it does: finds a traced array (`ctx.tracing.tracer(value)`, one array) that a function
JAX traces stores where it outlives the trace, by a statement of the function's own body
(not under an `if`, a loop or a `with`):
- `global name` / `nonlocal name` then `name = value` (or `name, other = value`, unpacking
  one traced array: `key, sub = random.split(key)`), or the accumulator `name += value` /
  `name = name + value` when every other binding of the name assigns a Python number;
- `outer[key] = value`, `outer.update(key=value)` / `outer.update({key: value})` on a dict
  bound once outside the traced function;
- `outer.append(value)` / `outer.insert(i, value)` on a list bound once to `[]` outside it;
- `self.attr = value` in a method jitted with a static `self` (`static_argnums=0`) of a plain
  class hashed by identity, or in an undecorated method of a plain class that a
  transformation is given bound (`jax.jit(self.loss)(w)`, `jax.vmap(model.apply)`: `self`
  is then the receiver's own object; also stored over the method on the object and called
  through it, `obj.step = jax.jit(obj.step)` or `self.step = jax.jit(self.step)` written
  straight in `__init__`, then `obj.step()`), read from that receiver after the run (or read by
  another method of the class the receiver's next call runs, `obj.energy()`, before any
  method of `self` runs there; or, with a static `self`, read and computed with in the
  method's own code before the store, when a later run on the same object gives a static
  argument another constant: that run traces again and reads the dead tracer);
- `self.attr = value` written straight in an undecorated method of a plain class that the
  traced function calls once, where it runs whenever the function does, on one object bound
  at module level (`field.apply_phase(phase)` for `field = Field(...)`), read from that object
  by its first use after a run (`jnp.abs(field.values)`);
- `self.attr.append(value)` there, on a list the class binds only in `__init__` (to `[]`),
  read after the run by `jnp.stack(obj.attr)` / `jnp.array(obj.attr)` / `sum(obj.attr)`, or
  its first or last element computed with (`obj.attr[-1] * 2`);
and reports the store only when the file also shows the leaked tracer computed with after
the transformation ran: in the same (untraced) scope as a call that runs the trace, after it
and not in a branch the call is not in, arithmetic (`leaked + 1`, `-leaked`), a comparison
(`leaked > 0`), a reduction method (`leaked.sum()`), a `jnp` math function
(`jnp.mean(leaked)`), a draw from a leaked key (`random.normal(leaked, ())`), a traced
parameter of a `@jax.jit` def of the file (`step(leaked)`), or
for a list `jnp.stack(outer)` / `jnp.array(outer)` / `sum(outer)`. The trace must be the
function's only transformation, run by a call the file shows: the decorated def called, the
name bound to `jax.jit(f)` called (`f = jax.jit(f)` included), `jax.vmap(f)(x)`,
`lax.scan(body, ...)`, ... The store is what is flagged (the cause); the use and the
transformation are related locations.

Silent: a store whose value is never computed with afterwards (JAX raises nothing: printing
a leaked tracer or reading its `.shape` works), static values (`x.shape`, static arguments,
arguments `jax.grad` does not differentiate), local containers, containers changed or
rebound outside the trace, a global or key written again later in the same trace, stores
under a Python `if`, values stored by a helper or by a function several transformations
trace, a traced parameter stored as it is (`box["p"] = params`: a pytree of unknown
structure) unless every call that runs the trace passes an array there, `jax.debug.callback` /
`jax.debug.print` (their functions get concrete values), uses that raise another error first
or only for some shapes and dtypes (`float(leaked)`, `np.asarray(leaked)`, `leaked[0]` on a
scalar, `leaked @ w`), and files that use JAX's leak checker (`jax.checking_leaks`: it
raises at the store, with another message).

Why is this bad: the stored tracer is dead once the transformation returns; the first
computation with it raises UnexpectedTracerError (at the use, far from the store).

Fix: none. Returning the value changes the function's outputs and every caller; the catalog's
solutions say how.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.analysis.members import plain_class
from jaxerr_lsp.analysis.model import ASSIGN, CLASS, DEF, Binding, Scope, Use
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.jit_static import static_args
from jaxerr_lsp.families.tracer_arrays import TRACER_CLASSES, array_tracer
from jaxerr_lsp.analysis.tracing import Tracer, TracedFunction, Transform
from jaxerr_lsp.analysis.values import RANDOM_ONE_ARRAY, Signature, bind_arguments
from jaxerr_lsp.analysis.followed_calls import runs_whenever_called

# Transformations whose call runs the trace where it is written (the others return a function).
RUN_WHERE_CALLED = frozenset({"jax.eval_shape", "jax.lax.scan", "jax.lax.cond", "jax.lax.switch",
                              "jax.lax.while_loop", "jax.lax.fori_loop", "jax.lax.map"})
DIVIDER = "\n" + "-" * 30 + "\n"

# Uses that certainly bind a primitive on the leaked tracer (measured): reductions and math.
REDUCING_METHODS = frozenset({"sum", "mean", "max", "min", "prod", "std", "var", "cumsum",
                              "argmax", "argmin", "any", "all"})
MATH_FUNCTIONS = frozenset("""
sin cos tan tanh exp log log1p expm1 sqrt abs absolute square sum mean max min prod std var
maximum minimum relu argmax argmin angle real imag conj
""".split())  # (angle, real, imag, conj measured on leaked float, complex, int and bool arrays)
# Operators that compute with a leaked array of any shape and dtype (`@` fails on scalars,
# bit operators on floats, `-` between booleans: other errors first). Operands of shapes that
# do not broadcast fail first too: a second bug, not this one.
ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
MATH_NAMESPACES = ("jax.numpy.", "jax.nn.")  # (jax.lax's take other required arguments)
# Calls that compute with every element of a list of tracers.
LIST_CONSUMERS = frozenset({"jax.numpy.stack", "jax.numpy.array", "builtins.sum"})
MUTATING_METHODS = frozenset({"append", "extend", "insert", "update", "pop", "popitem", "clear",
                              "remove", "setdefault", "add", "discard", "sort", "reverse"})


@dataclass(frozen=True)
class TracerLeak(RuleData):
    use_span: Span  # where the leaked tracer is computed with after the trace


@dataclass(frozen=True)
class Leak:
    """A traced array stored where it outlives the trace."""

    where: ast.AST  # the store target or the append/update call
    value: ast.expr  # what is stored
    tracer: Tracer
    traced: TracedFunction
    kind: str  # "name" | "item" | "element" | "attribute" | "self element" | "object attribute"
    holder: str  # the global/nonlocal name, container name or attribute name
    key: object = None  # the dict key ("item")
    binding: Binding | None = None  # the container's binding ("item", "element")

    @property
    def on_self(self) -> bool:
        """Stored on the traced method's `self` (the caller's own object)."""
        return self.kind in ("attribute", "self element")


def check(ctx: Context) -> None:
    if ctx.mentions("checking_leaks") or ctx.mentions("check_tracer_leaks"):
        return  # JAX's leak checker raises at the store, with another message
    tracing = ctx.tracing
    leaks = [leak for target, value, traced in tracing.stores
             if (leak := _stored(ctx, target, value, traced)) is not None]
    leaks += [leak for target, value, traced in tracing.stores
              if (leak := _stored_on_object(ctx, target, value, traced)) is not None]
    leaks += [leak for call, traced in tracing.calls for leak in _added(ctx, call, traced)]
    for leak in leaks:
        transform = _only_transform(leak.traced)
        if transform is None or leak.tracer.transform is not transform:
            continue
        runs = [run for run in _runs(ctx, leak, transform) if not _in_traced_code(ctx, _call_scope(ctx, run))]
        if not leak.tracer.array and (leak.on_self or array_tracer(ctx, leak.value) is None):
            continue
        found = _first_use(ctx, leak, runs)
        if found is not None:
            _report(ctx, leak, transform, *found)


# ------------------------------------------------------------------------ the stores
def _stored(ctx: Context, target: ast.expr, value: ast.expr | None,
            traced: TracedFunction) -> Leak | None:
    statement = _top_level_store(traced, target) if value is not None else None
    if value is None or statement is None:
        return None
    if isinstance(statement, ast.AugAssign) or isinstance(target, ast.Name) \
            and ctx.tracing.tracer(value) is None:
        tracer = _accumulated(ctx, target, statement, traced)
    else:
        tracer = ctx.tracing.tracer(value)
    if tracer is None or not (tracer.array or _the_parameter(value, tracer)):
        return None
    if isinstance(target, ast.Name):
        return Leak(target, value, tracer, traced, "name", target.id)
    if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
        key = _constant_key(target.slice)
        binding = _outer_container(ctx, target.value, traced)
        if key is None or binding is None:
            return None
        return Leak(target, value, tracer, traced, "item", target.value.id, key, binding)
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
            and target.value.id == _self_name(ctx, traced):
        return Leak(target, value, tracer, traced, "attribute", target.attr)
    return None


def _stored_on_object(ctx: Context, target: ast.expr, value: ast.expr | None,
                      helper: TracedFunction) -> Leak | None:
    """`self.field = traced` written straight in an undecorated method of a plain class,
    which the file's traced code calls once, on one object bound at module level to an
    instance (`wf.apply(opd)` for `wf = Wavefront(...)`), where it runs whenever the traced
    function runs: the traced array outlives the trace on that object. The leak is the
    calling function's (`traced`; `binding`: the object's)."""
    function = helper.function
    if value is None or helper.transforms or helper.origins or len(helper.called_from) != 1 \
            or not isinstance(function, ast.FunctionDef) or function.decorator_list \
            or not isinstance(target, ast.Attribute) or not isinstance(target.value, ast.Name):
        return None
    scope = ctx.model.scope_of_node.get(id(function))
    owner = scope.parent.node if scope is not None and scope.parent is not None else None
    positional = [*function.args.posonlyargs, *function.args.args]
    if owner is None or not plain_class(owner) or not positional or target.value.id != positional[0].arg \
            or positional[0].arg in helper.tracers or _top_level_store(helper, target) is None:
        return None
    tracer = ctx.tracing.tracer(value)
    call = helper.called_from[0]
    receiver = call.func.value if isinstance(call.func, ast.Attribute) \
        and call.func.attr == function.name else None
    if tracer is None or not tracer.array or not isinstance(receiver, ast.Name):
        return None
    binding = ctx.model.binding_of(receiver)
    caller = ctx.tracing.enclosing(call)
    if binding is None or binding.kind != ASSIGN or binding.scope is not ctx.model.module_scope \
            or ctx.model.members.class_of_instance(receiver) is not owner or caller is None \
            or not isinstance(caller.function, ast.FunctionDef) or caller.function is function \
            or not runs_whenever_called(ctx.model, caller.function, call):
        return None
    return Leak(target, value, tracer, caller, "object attribute", target.attr, binding=binding)


def _added(ctx: Context, call: ast.Call, traced: TracedFunction) -> list[Leak]:
    """`outer.append(t)`, `outer.insert(i, t)`, `outer.update(k=t)`, `outer.update({k: t})`."""
    method = call.func
    if isinstance(method, ast.Attribute) and isinstance(method.value, ast.Attribute) \
            and method.attr == "append" and _top_level_expression(traced, call):
        return _appended_on_self(ctx, call, method.value, traced)
    if not isinstance(method, ast.Attribute) or not isinstance(method.value, ast.Name) \
            or method.attr not in ("append", "insert", "update") \
            or not _top_level_expression(traced, call):
        return []
    binding = _outer_container(ctx, method.value, traced)
    if binding is None:
        return []
    name = method.value.id
    if method.attr in ("append", "insert"):
        count = 1 if method.attr == "append" else 2
        if len(call.args) != count or call.keywords or not _empty_list(ctx, binding):
            return []
        tracer = ctx.tracing.tracer(call.args[-1])
        if tracer is None or not (tracer.array or _the_parameter(call.args[-1], tracer)):
            return []
        return [Leak(call, call.args[-1], tracer, traced, "element", name, None, binding)]
    pairs: list[tuple[object, ast.expr]] = []
    if not call.args:
        pairs = [(k.arg, k.value) for k in call.keywords if k.arg is not None]
    elif len(call.args) == 1 and not call.keywords and isinstance(call.args[0], ast.Dict):
        pairs = [(key, v) for k, v in zip(call.args[0].keys, call.args[0].values)
                 if k is not None and (key := _constant_key(k)) is not None]
    leaks = []
    for key, value in pairs:
        tracer = ctx.tracing.tracer(value)
        if tracer is not None and (tracer.array or _the_parameter(value, tracer)):
            leaks.append(Leak(call, value, tracer, traced, "item", name, key, binding))
    return leaks


def _appended_on_self(ctx: Context, call: ast.Call, holder: ast.Attribute,
                      traced: TracedFunction) -> list[Leak]:
    """`self.attr.append(t)`, `self` the caller's own object and `attr` a list its class binds
    only in `__init__`, to `[]` (no subclass: it could bind it otherwise)."""
    if not isinstance(holder.value, ast.Name) or holder.value.id != _self_name(ctx, traced) \
            or len(call.args) != 1 or call.keywords:
        return []
    scope = ctx.model.scope_of_node.get(id(traced.function))
    owner = scope.parent.node if scope is not None and scope.parent is not None else None
    if not isinstance(owner, ast.ClassDef) or ctx.model.members.subclasses(owner):
        return []
    stores = ctx.model.members.attribute_stores(owner, holder.attr)
    if len(stores) != 1 or getattr(stores[0].method, "name", None) != "__init__" \
            or not isinstance(stores[0].statement, ast.Assign) or stores[0].value is None \
            or not _empty_list_display(ctx, stores[0].value):
        return []
    tracer = ctx.tracing.tracer(call.args[0])
    if tracer is None or not tracer.array:
        return []
    return [Leak(call, call.args[0], tracer, traced, "self element", holder.attr)]


def _the_parameter(value: ast.expr, tracer: Tracer) -> bool:
    """`value` is the traced parameter itself (a pytree of unknown structure: an array only
    when every call that runs the trace passes one, see `tracer_arrays.array_tracer`)."""
    return isinstance(value, ast.Name) and value.id == tracer.parameter


def _top_level_store(traced: TracedFunction, target: ast.expr) -> ast.stmt | None:
    """The statement of the function's own body (it runs each time the function is traced)
    that assigns `target`: `=`, an annotated or an augmented assignment; None elsewhere."""
    body = getattr(traced.function, "body", None)
    if not isinstance(body, list):
        return None
    return next((s for s in body
                 if isinstance(s, ast.Assign) and any(t is target or _unpacked_into(t, target) for t in s.targets)
                 or isinstance(s, (ast.AnnAssign, ast.AugAssign)) and s.target is target), None)


def _unpacked_into(outer: ast.expr, target: ast.expr) -> bool:
    """`target` is one of the names `outer` unpacks into (`key, sub = ...`)."""
    return isinstance(outer, (ast.Tuple, ast.List)) and any(
        e is target or _unpacked_into(e, target) for e in outer.elts)


def _accumulated(ctx: Context, target: ast.expr, statement: ast.stmt,
                 traced: TracedFunction) -> Tracer | None:
    """`total += loss` or `total = total + loss` on a global or nonlocal `total` (the usual
    accumulator): the traced array `loss` combined by arithmetic with the name's previous
    value, when every other binding of the name assigns it a Python number (a number and a
    traced array make a traced array; the store itself keeps it one)."""
    if not isinstance(target, ast.Name):
        return None
    other: ast.expr | None = None
    if isinstance(statement, ast.AugAssign) and isinstance(statement.op, ARITHMETIC):
        other = statement.value
    elif isinstance(statement, ast.Assign) and isinstance(statement.value, ast.BinOp) \
            and isinstance(statement.value.op, ARITHMETIC):
        left, right = statement.value.left, statement.value.right
        if isinstance(left, ast.Name) and left.id == target.id:
            other = right
        elif isinstance(right, ast.Name) and right.id == target.id:
            other = left
    tracer = array_tracer(ctx, other) if other is not None else None
    own = ctx.model.scope_of_node.get(id(traced.function))
    scope = ctx.model.resolve_scope(target.id, own) if own is not None else None
    if tracer is None or scope is None or scope is own:
        return None
    for binding in ctx.model.bindings_named(target.id, scope):
        if binding.node is not target and not (
                binding.kind == ASSIGN and isinstance(binding.value, ast.Constant)
                and type(binding.value.value) in (int, float)):
            return None
    return tracer


def _top_level_expression(traced: TracedFunction, call: ast.Call) -> bool:
    body = getattr(traced.function, "body", None)
    return isinstance(body, list) and any(isinstance(s, ast.Expr) and s.value is call for s in body)


def _constant_key(node: ast.expr) -> object:
    if isinstance(node, ast.Constant) and type(node.value) in (str, int):
        return node.value
    return None


def _outer_container(ctx: Context, name: ast.Name, traced: TracedFunction) -> Binding | None:
    """The one binding of a container defined outside the traced function."""
    binding = ctx.model.binding_of(name)
    own = ctx.model.scope_of_node.get(id(traced.function))
    if binding is None or binding.kind != ASSIGN or binding.scope is own:
        return None
    if _in_traced_code(ctx, binding.scope):
        return None
    return binding


def _empty_list(ctx: Context, binding: Binding) -> bool:
    return binding.value is not None and _empty_list_display(ctx, binding.value)


def _empty_list_display(ctx: Context, value: ast.expr) -> bool:
    """`[]` or `list()`."""
    if isinstance(value, ast.List):
        return not value.elts
    return isinstance(value, ast.Call) and not value.args and not value.keywords \
        and ctx.model.qualname(value.func) == "builtins.list"


def _static_self(ctx: Context, traced: TracedFunction) -> str | None:
    """The name of `self` in a method jitted with a static self (the caller's own object)."""
    function = traced.function
    scope = ctx.model.scope_of_node.get(id(function))
    if isinstance(function, ast.Lambda) or scope is None or scope.parent is None \
            or scope.parent.kind != "class" or function.decorator_list[1:]:
        return None
    positional = [*function.args.posonlyargs, *function.args.args]
    if not positional or positional[0].arg in traced.tracers \
            or not _plain_hashable_class(scope.parent.node):
        return None
    return positional[0].arg


def _self_name(ctx: Context, traced: TracedFunction) -> str | None:
    """The name of `self` in a method traced with the caller's own object as `self`."""
    transform = _only_transform(traced)
    if transform is not None and _bound_receiver(ctx, traced, transform) is not None:
        return _bound_self(ctx, traced)
    return _static_self(ctx, traced)


def _bound_self(ctx: Context, traced: TracedFunction) -> str | None:
    """The name of `self` in an undecorated method its only transformation is given bound
    (`jax.jit(self.step)(x)`, `jax.jit(model.step)`): the receiver's own object, not a tracer,
    of a plain class (nothing between `self.attr = value` and the instance's dict)."""
    function = traced.function
    transform = _only_transform(traced)
    scope = ctx.model.scope_of_node.get(id(function))
    if transform is None or _bound_receiver(ctx, traced, transform) is None \
            or isinstance(function, ast.Lambda) or scope is None or scope.parent is None \
            or scope.parent.kind != "class" or function.decorator_list:
        return None
    positional = [*function.args.posonlyargs, *function.args.args]
    if not positional or positional[0].arg in traced.tracers or not plain_class(scope.parent.node):
        return None
    return positional[0].arg


def _bound_receiver(ctx: Context, traced: TracedFunction, transform: Transform) -> ast.Name | None:
    """`obj` when the transformation's call is given the method bound, as `obj.method`
    (the one argument naming it, which denotes this def bound to `obj`: `Members.denoted`)."""
    site = transform.site
    name = getattr(traced.function, "name", None)
    if not isinstance(site, ast.Call) or name is None:
        return None
    given = [a for a in (*site.args, *(k.value for k in site.keywords))
             if isinstance(a, ast.Attribute) and a.attr == name and isinstance(a.value, ast.Name)]
    if len(given) != 1:
        return None
    denoted = ctx.model.members.denoted(given[0])
    if denoted is None or denoted.function is not traced.function or not denoted.bound:
        return None
    return given[0].value  # type: ignore[return-value]


def _plain_hashable_class(node: ast.AST) -> bool:
    """A class of its own (no base, decorator or metaclass) hashed by identity, so that
    `jax.jit` accepts its instances as a static argument and `self` is the caller's object."""
    if not plain_class(node):
        return False
    methods = {item.name for item in node.body if isinstance(item, ast.FunctionDef)}  # type: ignore[attr-defined]
    return "__eq__" not in methods or "__hash__" in methods


# ------------------------------------------------------------------------ the trace and its runs
def _only_transform(traced: TracedFunction) -> Transform | None:
    if traced.elsewhere or len(traced.transforms) != 1:
        return None
    transform = traced.transforms[0]
    return transform if transform.qualname in TRACER_CLASSES else None


def _runs(ctx: Context, leak: Leak, transform: Transform) -> list[ast.Call]:
    """The calls that run the trace, where the file shows them."""
    site = transform.site
    function = leak.traced.function
    if site in getattr(function, "decorator_list", ()):
        if leak.on_self:
            return _method_runs(ctx, leak)
        return ctx.model.calls_of_def(function)
    if not isinstance(site, ast.Call) \
            or leak.on_self and _bound_receiver(ctx, leak.traced, transform) is None:
        return []
    if transform.qualname in RUN_WHERE_CALLED:
        return [site]
    return ctx.model.calls_of_result(site)


def _method_runs(ctx: Context, leak: Leak) -> list[ast.Call]:
    """`obj.method(...)` where `obj` is bound once to an instance of the method's class."""
    function = leak.traced.function
    name = getattr(function, "name", "")
    found = []
    for call in ctx.model.method_calls(name):
        receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
        if isinstance(receiver, ast.Name) and _instance_of(ctx, receiver, function):
            found.append(call)
    return found


def _instance_of(ctx: Context, name: ast.Name, method: ast.AST) -> bool:
    binding = ctx.model.binding_of(name)
    if binding is None or binding.kind != ASSIGN or not isinstance(binding.value, ast.Call) \
            or not isinstance(binding.value.func, ast.Name):
        return False
    cls = ctx.model.binding_of(binding.value.func)
    return cls is not None and cls.kind == CLASS and isinstance(cls.node, ast.ClassDef) \
        and any(item is method for item in cls.node.body)


def _call_scope(ctx: Context, call: ast.Call) -> Scope | None:
    return ctx.model.call_scope.get(id(call))


def _in_traced_code(ctx: Context, scope: Scope | None) -> bool:
    while scope is not None:
        if ctx.tracing.traced(scope.node) is not None:
            return True
        scope = scope.parent
    return False


# ------------------------------------------------------------------------ the later use
def _first_use(ctx: Context, leak: Leak, runs: list[ast.Call]) -> tuple[ast.expr, ast.Call | None] | None:
    """The first expression that computes with the leaked tracer after the trace ran, and,
    for one in another function, the call that runs that function."""
    if not runs:
        return None
    if leak.kind == "object attribute":
        for use, expr in _object_attribute_uses(ctx, leak, runs):
            if _computes_with(ctx, expr, use, leak):
                return expr, None
        return None
    if leak.on_self:
        for use, expr, later in _attribute_uses(ctx, leak, runs):
            if _computes_with(ctx, expr, use, leak) and (
                    _after_a_run(ctx, later, runs) if later is not None
                    else any(ctx.model.runs_before(run, use) for run in runs)):
                return expr, later
        return _read_on_retrace(ctx, leak, runs) if leak.kind == "attribute" else None
    for use, expr in _candidate_uses(ctx, leak, runs):
        if not _computes_with(ctx, expr, use, leak):
            continue
        if any(ctx.model.runs_before(run, use) for run in runs) and not _in_traced_code(ctx, use.scope):
            return expr, None
        later = _in_function_run_later(ctx, leak, use, runs) if leak.kind == "name" else None
        if later is not None:
            return expr, later
    return None


def _in_function_run_later(ctx: Context, leak: Leak, use: Use, runs: list[ast.Call]) -> ast.Call | None:
    """A use of the leaked global in another function (`jax.jit(lambda a: a + leaked)(w)`, a
    later step function) that reads it whenever it runs, every run of which comes after a
    run of the leaking trace: it then computes with the dead tracer (under a transformation
    too: JAX raises UnexpectedTracerError at the first trace; a jitted function traced before
    the leak would not be traced again, hence "every run"): the first of those runs."""
    function = use.scope.node
    if not isinstance(function, (ast.FunctionDef, ast.Lambda)) or _in_function(use.scope, leak.traced) \
            or not isinstance(use.scope.parent.node if use.scope.parent else None, ast.Module):
        return None
    if isinstance(function, ast.FunctionDef):
        if not runs_whenever_called(ctx.model, function, use.node):
            return None
    else:
        path = ctx.model.path_to(function, use.node)
        if path is None or any(isinstance(step, (ast.IfExp, ast.BoolOp, ast.comprehension, ast.Lambda))
                               for step in path[1:-1]):
            return None
    traced = ctx.tracing.traced(function)
    calls = ctx.tracing.applications.runs(traced) if traced is not None else ctx.model.calls_of_def(function)
    if not calls or not all(_after_a_run(ctx, call, runs) for call in calls):
        return None
    return min(calls, key=lambda c: (c.lineno, c.col_offset))


def _after_a_run(ctx: Context, call: ast.Call, runs: list[ast.Call]) -> bool:
    """Whether one of `runs` certainly ran whenever `call` runs (same scope, before it, in
    the branches it is in)."""
    callee: ast.AST = call.func
    while isinstance(callee, (ast.Attribute, ast.Call)):
        callee = callee.value if isinstance(callee, ast.Attribute) else callee.func
    where = ctx.model.use_of.get(id(callee)) if isinstance(callee, ast.Name) else None
    return where is not None and any(ctx.model.runs_before(run, where) for run in runs)


def _candidate_uses(ctx: Context, leak: Leak, runs: list[ast.Call]):
    """(the name's use, the expression that evaluates to the leaked tracer)."""
    model = ctx.model
    if leak.kind == "name":
        yield from _global_uses(ctx, leak, runs)
        return
    binding = leak.binding
    assert binding is not None
    uses = list(model.uses_of(binding))
    if any(_mutates(ctx, use) for use in uses if not _in_function(use.scope, leak.traced)):
        return
    if not all(_keeps_the_leak(ctx, leak, use) for use in uses
               if _in_function(use.scope, leak.traced) and _mutates(ctx, use)):
        return
    for use in uses:
        parent = use.parent
        if isinstance(parent, ast.Subscript) and parent.value is use.node \
                and isinstance(parent.ctx, ast.Load):
            key = _constant_key(parent.slice) if not isinstance(parent.slice, ast.UnaryOp) else (
                -1 if _minus_one(parent.slice) else None)
            if leak.kind == "item" and key == leak.key and key is not None:
                yield use, parent
            elif leak.kind == "element" and key in (0, -1) and type(key) is int:
                yield use, parent
        elif leak.kind == "element" and isinstance(parent, ast.Call) and parent.args \
                and parent.args[0] is use.node and len(parent.args) == 1 \
                and model.qualname(parent.func) in LIST_CONSUMERS:
            yield use, use.node


def _global_uses(ctx: Context, leak: Leak, runs: list[ast.Call]):
    model = ctx.model
    fn_scope = model.scope_of_node.get(id(leak.traced.function))
    if fn_scope is None:
        return
    holder = model.resolve_scope(leak.holder, fn_scope)
    if holder is None:
        return
    first_run = min((r.lineno for r in runs), default=0)
    for binding in model.bindings_named(leak.holder, holder):
        if binding.node is leak.where:
            continue
        if _inside(binding.node, leak.traced.function):
            if _position(binding.node) > _position(leak.where):
                return  # written again later in the same trace
            continue
        if binding.kind != ASSIGN or binding.line >= first_run:
            return  # bound again somewhere else: which value the use sees is not certain
    if _declares_global_elsewhere(ctx, leak):
        return
    for use in model.uses.get(leak.holder, []):
        if model.resolve_scope(leak.holder, use.scope) is holder:
            yield use, use.node


def _declares_global_elsewhere(ctx: Context, leak: Leak) -> bool:
    """Whether another function declares the name `global`/`nonlocal` (and may rebind it)."""
    own = ctx.model.scope_of_node.get(id(leak.traced.function))
    for scope in ctx.model.scope_of_node.values():
        if scope is own:
            continue
        if leak.holder in scope.global_names or leak.holder in scope.nonlocal_names:
            return True
    return False


def _attribute_uses(ctx: Context, leak: Leak, runs: list[ast.Call]):
    """(the use, `obj.attr` read, None) where obj is the receiver of a run (`obj.method(x)` of
    a decorated method; `jax.jit(obj.method)(x)` of a bound one) and nothing else touches obj
    between the run and the read; or (the use of `self`, `self.attr` read in another method,
    the call `obj.energy()` that runs it) when that call is the first touch of obj
    (`_method_reads`)."""
    model = ctx.model
    bound = _bound_receiver(ctx, leak.traced, leak.tracer.transform)
    for run in runs:
        through = run.func.value if isinstance(run.func, ast.Attribute) else None
        if bound is not None:  # the uses of obj inside the run's own call come before it
            # A run through the attribute the jitted method was stored on (`obj.step()` after
            # `self.step = jax.jit(self.step)` in `__init__`) runs on that object.
            receiver: ast.expr | None = through if isinstance(through, ast.Name) else bound
            start = (run.end_lineno or run.lineno, run.end_col_offset or 0)
        else:
            receiver = run.func.value if isinstance(run.func, ast.Attribute) else None
            start = (run.lineno, run.col_offset)
        if not isinstance(receiver, ast.Name):
            continue
        binding = _receiver_binding(ctx, receiver) if bound is not None else model.binding_of(receiver)
        if binding is None:
            continue
        uses = sorted(model.uses_of(binding), key=lambda u: (u.node.lineno, u.node.col_offset))
        after = [u for u in uses if (u.node.lineno, u.node.col_offset) > start]
        while len(after) > 1 and _printed_field(ctx, after[0], leak.holder):
            after = after[1:]  # (`print(obj.state)` shows the tracer and leaves it as it is)
        if after:  # the first use of obj after the run must be the read
            use = after[0]
            parent = use.parent
            if isinstance(parent, ast.Attribute) and parent.value is use.node \
                    and parent.attr == leak.holder and isinstance(parent.ctx, ast.Load):
                yield use, parent, None
            call = model.parent.get(id(parent))
            if isinstance(parent, ast.Attribute) and parent.value is use.node \
                    and isinstance(call, ast.Call) and call.func is parent:
                for read_use, read in _method_reads(ctx, leak, parent.attr):
                    yield read_use, read, call


def _printed_field(ctx: Context, use: Use, holder: str) -> bool:
    """`print(..., obj.holder, ...)`: the use reads the field and hands it to `print` itself
    (which prints the tracer's repr: nothing is computed, nothing changes)."""
    parent = use.parent
    call = ctx.model.parent.get(id(parent))
    return isinstance(parent, ast.Attribute) and parent.value is use.node and parent.attr == holder \
        and isinstance(parent.ctx, ast.Load) and isinstance(call, ast.Call) and parent in call.args \
        and ctx.model.qualname(call.func) == "builtins.print"


def _read_on_retrace(ctx: Context, leak: Leak, runs: list[ast.Call]) -> tuple[ast.expr, ast.Call] | None:
    """In a method jitted with a static `self` (`@partial(jax.jit, static_argnums=(0, 2))`),
    the read of the attribute the trace stores, computed with before the store whenever the
    method runs, when a later run on the same object certainly traces again: a static argument
    both runs give as different constants (`post.sample(k, 4)`, then `post.sample(k, 8)`), no use
    of the object between them. That trace reads the tracer the first one left: (the read, the
    later run)."""
    model = ctx.model
    function = leak.traced.function
    site = leak.tracer.transform.site
    if not isinstance(function, ast.FunctionDef) or _static_self(ctx, leak.traced) is None \
            or not isinstance(site, ast.Call) or model.qualname(site.func) != "functools.partial" \
            or not any(site is d for d in function.decorator_list):
        return None
    signature = Signature.of(function.args)
    static = static_args(tuple(site.keywords), signature)
    if static is None or 0 not in static.argnums:
        return None
    names = {signature.positional[n] for n in static.argnums if 0 < n < len(signature.positional)}
    names |= static.argnames - {signature.positional[0]}
    reads = [(use, read) for use, read in _self_reads(ctx, leak, function)
             if _position(use.node) < _position(leak.where)
             and runs_whenever_called(model, function, use.node) and _computes_with(ctx, read, use, leak)]
    ordered = sorted(runs, key=_position)
    if len({id(_call_scope(ctx, run)) for run in ordered}) != 1:
        return None  # (runs in other functions may trace it first, with any values)
    for index, (first, second) in enumerate(zip(ordered, ordered[1:])):
        receivers = [run.func.value for run in (first, second)
                     if isinstance(run.func, ast.Attribute) and isinstance(run.func.value, ast.Name)]
        if len(receivers) != 2:
            continue
        binding = model.binding_of(receivers[0])
        if binding is None or model.binding_of(receivers[1]) is not binding \
                or not _after_a_run(ctx, second, [first]) \
                or not all(_retraces(names, signature, earlier, second) for earlier in ordered[:index + 1]):
            continue
        between = [u for u in model.uses_of(binding)
                   if _position(first) < _position(u.node) < _position(second) and u.node is not receivers[1]]
        if reads and not between:
            return reads[0][1], second
    return None


def _self_reads(ctx: Context, leak: Leak, function: ast.FunctionDef) -> list[tuple[Use, ast.Attribute]]:
    """The reads `self.attr` (the attribute the leak stores) in the method's own code."""
    own = ctx.model.scope_of_node.get(id(function))
    parameters = [*function.args.posonlyargs, *function.args.args]
    binding = ctx.model.sole_binding(parameters[0].arg, own) if parameters and own is not None else None
    if binding is None:
        return []
    return [(use, use.parent) for use in ctx.model.uses_of(binding)
            if isinstance(use.parent, ast.Attribute) and use.parent.value is use.node
            and use.parent.attr == leak.holder and isinstance(use.parent.ctx, ast.Load)]


def _retraces(static: set[str], signature: Signature, first: ast.Call, second: ast.Call) -> bool:
    """Whether the two calls give a static parameter different constants (a new trace)."""
    instance = signature.bound_to_instance()
    bound = [bind_arguments(instance, call.args, call.keywords) for call in (first, second)]
    if bound[0] is None or bound[1] is None:
        return False
    for name in static:
        given = [b.given.get(name) for b in bound]  # type: ignore[union-attr]
        if all(isinstance(g, ast.Constant) for g in given):
            a, b = (g.value for g in given)  # type: ignore[union-attr]
            if type(a) is type(b) and a != b:
                return True
    return False


def _object_attribute_uses(ctx: Context, leak: Leak, runs: list[ast.Call]):
    """(the use, `obj.field` read) where the first use of the object after a run of the trace,
    in untraced code the run certainly ran before, reads the field the trace stored."""
    model = ctx.model
    assert leak.binding is not None
    uses = sorted(model.uses_of(leak.binding), key=lambda u: _position(u.node))
    for run in runs:
        end = (run.end_lineno or run.lineno, run.end_col_offset or 0)
        later = [u for u in uses if _position(u.node) > end]
        while len(later) > 1 and _printed_field(ctx, later[0], leak.holder):
            later = later[1:]  # (`print(obj.state)` shows the tracer and leaves it as it is)
        use = later[0] if later else None
        parent = use.parent if use is not None else None
        if use is not None and isinstance(parent, ast.Attribute) and parent.value is use.node \
                and parent.attr == leak.holder and isinstance(parent.ctx, ast.Load) \
                and model.runs_before(run, use) and not _in_traced_code(ctx, use.scope):
            yield use, parent


def _method_reads(ctx: Context, leak: Leak, name: str):
    """The reads of `self.attr` in the method `name` of the leaking method's class (a plain
    def, undecorated, `self` never rebound) that run whenever it is called, when every use of
    `self` before the read is the read of a data attribute (no method of `self` runs first)."""
    model = ctx.model
    scope = model.scope_of_node.get(id(leak.traced.function))
    owner = scope.parent.node if scope is not None and scope.parent is not None else None
    method = model.members.method(owner, name) if isinstance(owner, ast.ClassDef) else None
    if not isinstance(method, ast.FunctionDef) or method.decorator_list or method is leak.traced.function:
        return
    parameters = [*method.args.posonlyargs, *method.args.args]
    own = model.scope_of_node.get(id(method))
    binding = model.sole_binding(parameters[0].arg, own) if parameters and own is not None else None
    if binding is None or not isinstance(binding.node, ast.arg):
        return
    for use in sorted(model.uses_of(binding), key=lambda u: _position(u.node)):
        parent = use.parent
        if not isinstance(parent, ast.Attribute) or parent.value is not use.node \
                or not isinstance(parent.ctx, ast.Load) or use.scope.node is not method:
            return
        if parent.attr == leak.holder:
            if runs_whenever_called(model, method, use.node):
                yield use, parent
            return
        called = model.parent.get(id(parent))
        if isinstance(called, ast.Call) and called.func is parent:
            return  # (a method of self runs first: it may change the attribute)


def _receiver_binding(ctx: Context, receiver: ast.Name) -> Binding | None:
    """What `receiver` is bound to: an assignment, or the parameter (`self`) of the function
    it is read in, never rebound there."""
    binding = ctx.model.binding_of(receiver)
    if binding is not None:
        return binding
    use = ctx.model.use_of.get(id(receiver))
    only = ctx.model.sole_binding(receiver.id, use.scope) if use is not None else None
    return only if only is not None and isinstance(only.node, ast.arg) else None


def _keeps_the_leak(ctx: Context, leak: Leak, use: Use) -> bool:
    """Whether a change of the container inside the traced function leaves the leaked tracer
    where the later read finds it: for a list, every element added is a traced array; for a
    dict, no later write to the same key (nor an update, pop or clear)."""
    parent = use.parent
    method = ctx.model.parent.get(id(parent)) if isinstance(parent, ast.Attribute) else None
    if leak.kind == "element":
        if not isinstance(method, ast.Call) or not isinstance(parent, ast.Attribute) \
                or parent.attr not in ("append", "insert") or not method.args:
            return False
        tracer = ctx.tracing.tracer(method.args[-1])
        return tracer is not None and tracer.array
    if _position(use.node) <= _position(leak.where):
        return True
    if isinstance(parent, ast.Subscript) and isinstance(parent.ctx, ast.Store):
        key = _constant_key(parent.slice)
        return key is not None and key != leak.key
    return False


def _inside(node: ast.AST, function: ast.AST) -> bool:
    start, end = function.lineno, getattr(function, "end_lineno", None) or function.lineno  # type: ignore[attr-defined]
    return start <= getattr(node, "lineno", 0) <= end


def _position(node: ast.AST) -> tuple[int, int]:
    return getattr(node, "lineno", 0), getattr(node, "col_offset", 0)


def _in_function(scope: Scope, traced: TracedFunction) -> bool:
    current: Scope | None = scope
    while current is not None:
        if current.node is traced.function:
            return True
        current = current.parent
    return False


def _first_or_last(index: ast.expr) -> bool:
    """`0` or `-1`: an element a list holding one appended value certainly has."""
    return _minus_one(index) or isinstance(index, ast.Constant) and type(index.value) is int \
        and index.value == 0


def _minus_one(node: ast.expr) -> bool:
    return isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) \
        and isinstance(node.operand, ast.Constant) and node.operand.value == 1


def _mutates(ctx: Context, use: Use) -> bool:
    """Whether this use of a container may change it (outside the traced function)."""
    parent = use.parent
    node = use.node
    if isinstance(parent, ast.Subscript) and parent.value is node:
        return not isinstance(parent.ctx, ast.Load)
    if isinstance(parent, ast.Attribute) and parent.value is node:
        return parent.attr in MUTATING_METHODS or not isinstance(parent.ctx, ast.Load)
    if isinstance(parent, ast.Call) and node in parent.args:
        callee = ctx.model.qualname(parent.func)
        return callee is None or not callee.startswith(("jax.", "builtins."))
    if isinstance(parent, (ast.Call, ast.keyword, ast.Assign, ast.NamedExpr)):
        return True  # passed by keyword, or aliased: may change through the other name
    return False


def _computes_with(ctx: Context, expr: ast.expr, use: Use, leak: Leak) -> bool:
    """Whether evaluating the parent of `expr` binds a JAX primitive on the leaked array,
    whatever its shape and dtype (measured: indexing a scalar raises IndexError first,
    `jnp.matmul` on scalars ValueError, `~` on floats and `-` on booleans TypeError)."""
    if leak.kind == "element" and expr is use.node:
        return True  # jnp.stack(outer), jnp.array(outer), sum(outer)
    if leak.kind == "self element":  # jnp.stack(obj.attr), jnp.array(obj.attr), sum(obj.attr)
        consumer = ctx.model.parent.get(id(expr))
        if isinstance(consumer, ast.Subscript) and consumer.value is expr \
                and isinstance(consumer.ctx, ast.Load) and _first_or_last(consumer.slice):
            # `obj.attr[0] + 1`: the element the run appended (the list holds at least it)
            return _computes_with(ctx, consumer, use, replace(leak, kind="element"))
        return isinstance(consumer, ast.Call) and consumer.args == [expr] and not consumer.keywords \
            and ctx.model.qualname(consumer.func) in LIST_CONSUMERS
    boolean = isinstance(leak.value, ast.Compare)
    parent = use.parent if expr is use.node else ctx.model.parent.get(id(expr))
    if isinstance(parent, ast.BinOp):
        return isinstance(parent.op, ARITHMETIC) and not (boolean and isinstance(parent.op, ast.Sub))
    if isinstance(parent, ast.UnaryOp):
        return isinstance(parent.op, (ast.USub, ast.UAdd)) and not boolean
    if isinstance(parent, ast.Compare):
        operands = [parent.left, *parent.comparators]
        return all(isinstance(op, (ast.Lt, ast.Gt, ast.LtE, ast.GtE, ast.Eq, ast.NotEq))
                   for op in parent.ops) and not any(
            isinstance(o, ast.Constant) and o.value is None for o in operands)
    if isinstance(parent, ast.Subscript) and parent.value is expr and isinstance(parent.ctx, ast.Load):
        return _sliced_with_rank(ctx, parent, leak)
    if isinstance(parent, ast.Attribute):
        call = ctx.model.parent.get(id(parent))
        return parent.value is expr and parent.attr in REDUCING_METHODS \
            and isinstance(call, ast.Call) and call.func is parent
    if isinstance(parent, ast.Call) and parent.args and parent.args[0] is expr:
        callee = ctx.model.qualname(parent.func) or ""
        if callee.startswith(MATH_NAMESPACES) and callee.rsplit(".", 1)[-1] in MATH_FUNCTIONS:
            return True
        if callee.startswith("jax.random.") and callee[11:] in RANDOM_ONE_ARRAY \
                and callee[11:] not in ("key", "PRNGKey", "clone"):
            return True  # a draw from a leaked key
    if isinstance(parent, ast.Call) and (expr in parent.args or any(
            k.value is expr for k in parent.keywords)):
        return _traced_argument_of_jitted_def(ctx, parent, expr)
    return False


def _sliced_with_rank(ctx: Context, subscript: ast.Subscript, leak: Leak) -> bool:
    """`leaked[:2]`, `leaked[1:, ::2]`: plain slices (no more than the leaked array has axes,
    its rank known from the stored value: `ctx.values`) bind a JAX primitive on it, whatever
    the bounds (an integer index may be out of range, and a scalar raises IndexError first)."""
    aval = ctx.values.value(leak.value).aval if leak.value is not None else None
    rank = len(aval.shape) if aval is not None and aval.shape is not None else \
        1 if isinstance(leak.value, ast.Call) and ctx.model.qualname(leak.value.func) in AT_LEAST_1D else 0
    parts = subscript.slice.elts if isinstance(subscript.slice, ast.Tuple) else [subscript.slice]
    return 0 < len(parts) <= rank and all(isinstance(p, ast.Slice) for p in parts)


# jax.numpy functions whose result has at least one axis, whatever they are given.
AT_LEAST_1D = frozenset(f"jax.numpy.{name}" for name in (
    "concatenate", "stack", "hstack", "vstack", "column_stack", "atleast_1d"))


def _traced_argument_of_jitted_def(ctx: Context, call: ast.Call, expr: ast.expr) -> bool:
    """`step(leaked)`: a def of the file whose only transformation is a `@jax.jit`
    decorator, `leaked` landing in a parameter jit traces (a static one would be hashed)."""
    if not isinstance(call.func, ast.Name):
        return False
    binding = ctx.model.binding_of(call.func)
    function = binding.node if binding is not None and binding.kind == DEF else None
    traced = ctx.tracing.traced(function) if function is not None else None
    if traced is None or traced.elsewhere or len(traced.transforms) != 1 \
            or traced.transforms[0].qualname != "jax.jit" \
            or traced.transforms[0].site not in getattr(function, "decorator_list", ()):
        return False
    bound = bind_arguments(Signature.of(function.args), call.args, call.keywords)  # type: ignore[union-attr]
    if bound is None:
        return False
    return any(value is expr and name in traced.tracers for name, value in bound.given.items())


# ------------------------------------------------------------------------ the finding
def _report(ctx: Context, leak: Leak, transform: Transform, use: ast.expr,
            later: ast.Call | None) -> None:
    from jaxerr_lsp.errors.catalog import load_catalog
    from jaxerr_lsp.engine.rule import fill

    tracer_class = TRACER_CLASSES[transform.qualname]
    values = {"type(tracer).__name__": tracer_class}
    full = tracer_class == "DynamicJaxprTracer"
    if full:
        values["divider"] = DIVIDER
        label = _traced_for(ctx, leak, transform)
        if label:
            values["dbg.traced_for"] = label
        source_info = _function_source_info(ctx, leak, transform)
        if source_info:
            values["dbg.func_src_info"] = source_info
    entry = load_catalog().get("tracer-leak")
    template = (entry.message if full else entry.sources[1].message or entry.message).strip()
    scope = ctx.model.scope_of_node.get(id(leak.traced.function))
    variable = "the enclosing function's variable" \
        if scope is not None and leak.holder in scope.nonlocal_names else "the global"
    what = {"name": f"{variable} `{leak.holder}`", "item": f"`{leak.holder}[{leak.key!r}]`",
            "element": f"the list `{leak.holder}`", "attribute": f"`self.{leak.holder}`",
            "self element": f"the list `self.{leak.holder}`",
            "object attribute": f"`{leak.binding.name if leak.binding else 'obj'}.{leak.holder}`"}[leak.kind]
    name = leak.traced.name
    note = (f"\n`{name}` is traced by {transform.qualname}; the traced value stored in {what} "
            f"outlives the trace, and `{ctx.segment(use)}` computes with it after the "
            "transformation returned. Return it from the function instead.")
    shown = {"tracer.aval.str_short()": "‹dtype[shape]›", "num_frames": "5",
             "source_info_util.summarize(line_info)": "‹file:line:column (function)›",
             "divider + source_info_util.summarize(line_info, num_frames=num_frames) + divider":
                 f"{DIVIDER}‹the stack frames›{DIVIDER}",
             "dbg.func_src_info": f"{name} at ‹file:line›", "dbg.traced_for": "‹transformation›"}
    ctx.report(leak.where, message=fill(template, {**shown, **values}),
               predicted=fill(template, values, escape=True), note=note,
               related=(Related(ctx.span(transform.site), f"traced by {transform.qualname} here"),
                        Related(ctx.span(use), "the leaked tracer is used here"),
                        *((Related(ctx.span(later), "which runs here, after the trace"),)
                          if later is not None else ())),
               data=TracerLeak(ctx.span(use)))


def _traced_for(ctx: Context, leak: Leak, transform: Transform) -> str:
    """What JAX prints after "traced for", when this file shows it."""
    qualname = transform.qualname
    if qualname == "jax.lax.while_loop" and isinstance(transform.site, ast.Call):
        site = transform.site
        cond = site.args[0] if site.args else next(
            (k.value for k in site.keywords if k.arg == "cond_fun"), None)
        return "while_cond" if _names_function(ctx, cond, leak.traced.function) else "while_body"
    if qualname == "jax.lax.fori_loop":
        bounds = transform.site.args[:2] if isinstance(transform.site, ast.Call) else []
        concrete = len(bounds) == 2 and all(
            isinstance(b, ast.Constant) and type(b.value) is int for b in bounds)
        return "fori_loop" if concrete else ""
    if qualname == "jax.lax.map":
        return "scan"
    if qualname == "jax.pmap":
        return "shard_map"
    if qualname == "equinox.filter_jit":
        return "jit"
    return transform.label


def _names_function(ctx: Context, expr: ast.expr | None, function: ast.AST) -> bool:
    if expr is function:
        return True
    if isinstance(expr, ast.Name):
        binding = ctx.model.binding_of(expr)
        return binding is not None and binding.node is function
    return False


def _function_source_info(ctx: Context, leak: Leak, transform: Transform) -> str:
    """`name at file:line` as JAX prints the traced function (the first line of its code: the
    first decorator's)."""
    if not transform.label:
        return ""  # JAX traces its own wrapper (lax.map's, pmap's, equinox's, flax's `apply`)
    function = leak.traced.function
    lines = [function.lineno, *(d.lineno for d in getattr(function, "decorator_list", ()))]
    return f"{leak.traced.name} at {ctx.path}:{min(lines)}"


RULE = Rule(
    code="JXE077",
    catalog_id="tracer-leak",
    triggers=("jax",),
    check=check,
    data=TracerLeak,
)
