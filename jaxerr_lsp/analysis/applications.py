"""Applications of transformed functions: the calls of the file that run a function of the
file through its transformation, with their arguments bound to its parameters.

For each function the tracing model traces (`jaxerr_lsp.analysis.tracing`), and each
transformation the file shows for it, the calls that certainly run it that way:

- a decorated def called by its name: `@jax.jit def f(x, n)` ... `f(x, 5)` (its only
  decorator; `@functools.partial(jax.jit, ...)` and `@jax.jit(static_argnames=...)` too);
- the transformation's result called where it is made, `jax.jit(f)(x, 5)`, or through the
  name it is assigned to, `g = jax.jit(f)` ... `g(x, 5)` (also `f = jax.jit(f)`), the partial
  form `functools.partial(jax.jit, static_argnums=1)(f)` included;
- one transformation inside another, `jax.jit(jax.vmap(f, in_axes=(0, None)))(x, 5)`: the
  outer one's arguments reach `f` one for one, and only the parameters the inner one hands on
  unchanged (vmap's unmapped ones, grad's undifferentiated ones) keep what the outer made;
- `jax.eval_shape(f, x, 5)`, and the operands the `lax` control-flow functions hand their
  bodies (`lax.fori_loop(0, n, body, 5)`, `lax.scan(step, 0, xs)`, `lax.while_loop(c, b, 0)`,
  `lax.cond(p, t, f, 5)`, `lax.switch(i, branches, 5)`).

A name is resolved with the model's code-flow binder (`ModuleModel.function_of`, `calls_of_def`,
`calls_of_result`: the binding a use certainly reads, or nothing). Which parameters an application traces follows the transformation: jit, checkpoint/remat,
make_jaxpr and eval_shape trace every parameter they are given but the static ones; a `lax`
body receives its operands as tracers; vmap, pmap and the grad family are not applications
here on their own (vmap maps only arrays, pmap maps along an axis, grad of an int raises
another error). Unknown means no application: a `*args`/`**kwargs` argument, options not
written out, a method called through its class or decorated, a `functools.partial` around the
function. A method bound to an instance or `self` and given to jit (`jax.jit(model.forward)(x)`)
is applied with the parameters after its first.

`python_scalar(expr)` says when an argument is certainly a Python number or bool (a literal, a
unary minus of one, a name whose one binding is one, an entry of a dict or list display that
holds one): passed for a traced parameter, JAX hands
the function a scalar array tracer in its place.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from jaxerr_lsp.analysis.model import CallSite, ModuleModel, Scope
from jaxerr_lsp.analysis.tracing import (DIFFERENTIATING, TRANSFORMS, FunctionNode, traceable_scalar,
                                         TracedFunction, Transform, _int_set, _static_parameters)
from jaxerr_lsp.analysis.values import Signature, bind_arguments

# Transformations whose call hands the function its arguments one for one, each parameter
# traced unless static (a Python number becomes a scalar array tracer).
TRACING_ALL = frozenset({"jax.jit", "jax.checkpoint", "jax.remat",
                         "jax.ad_checkpoint.checkpoint", "jax.make_jaxpr"})
# Transformations that keep the signature and may sit inside one of those.
INNER = TRACING_ALL | {"jax.vmap"} | DIFFERENTIATING
LAX = frozenset({"jax.lax.fori_loop", "jax.lax.while_loop", "jax.lax.scan", "jax.lax.cond",
                 "jax.lax.switch"})


@dataclass(frozen=True, eq=False)
class Application:
    """One call that runs `function` through `transform`."""

    call: ast.Call  # the call that runs it (for a `lax` body: the lax call)
    function: FunctionNode
    transform: Transform  # the outermost transformation (the tracing model's)
    arguments: dict[str, ast.expr]  # the parameters the call gives, by name (defaults left out)
    traced: frozenset[str]  # of those, the ones the function receives as tracers

    def traced_arguments(self) -> Iterator[tuple[str, ast.expr]]:
        for name, argument in self.arguments.items():
            if name in self.traced:
                yield name, argument


@dataclass(frozen=True, eq=False)
class ForeignApplication:
    """One call that runs a function of JAX itself (`jax.nn.one_hot`, `jnp.sum`) through a
    transformation that traces every argument it is given: `jax.jit(jnp.sum)(x, 1)`,
    `g = jax.checkpoint(jax.nn.one_hot)` ... `g(y, 5)`, `jax.eval_shape(jnp.sum, x, 1)`."""

    call: ast.Call  # the call that runs it (for eval_shape: the eval_shape call)
    qualname: str  # the JAX function: "jax.nn.one_hot"
    transform: str  # "jax.jit"
    label: str  # what JAX names the transformation in its messages: "jit", "checkpoint / remat"
    args: tuple[ast.expr, ...]  # the arguments the function receives, all traced
    keywords: tuple[ast.keyword, ...]


class Applications:
    """The applications of the traced functions of one module."""

    def __init__(self, model: ModuleModel, constant: Callable[[ast.expr], object],
                 instance_call: Callable[[ast.Name], ast.FunctionDef | None] | None = None) -> None:
        self.model = model
        self.constant = constant
        # The `__call__` an instance given to a lax function runs (`Tracing.instance_call`).
        self.instance_call = instance_call
        self._guarded_blocks: set[int] | None = None
        self._of: dict[int, tuple[TracedFunction, list[Application]]] = {}
        self._foreign: list[ForeignApplication] | None = None

    # ------------------------------------------------------------------------ queries
    def of(self, traced: TracedFunction) -> list[Application]:
        """Every application of `traced` the file shows, in no particular order."""
        known = self._of.get(id(traced))
        if known is not None and known[0] is traced:
            return list(known[1])
        found: list[Application] = []
        method = self._is_method(traced.function)
        for transform in traced.transforms:
            if method and transform.qualname not in LAX:
                found.extend(self._of_bound_method(traced, transform))
                found.extend(self._of_decorated_method(traced, transform))
            else:
                found.extend(self._of_transform(traced, transform))
        self._of[id(traced)] = (traced, found)
        return list(found)

    def runs(self, traced: TracedFunction, transform: Transform | None = None) -> list[ast.Call]:
        """The calls that run `traced` through one of its transformations (`transform`: that
        one), whatever their arguments and options (an application `of` leaves out what it
        cannot bind): the calls of a decorated def, of what a transformation's call returns; a
        lax function's call is its own site."""
        found = {id(a.call): a.call for a in self.of(traced)
                 if transform is None or a.transform is transform}
        function = traced.function
        method = self._is_method(function)
        for transform in traced.transforms if transform is None else (transform,):
            site = transform.site
            if transform.qualname in LAX:
                continue
            if any(site is d for d in getattr(function, "decorator_list", [])):
                calls = [] if method else self._calls_of_def(function)
            else:
                calls = self._calls_of_result(site) if isinstance(site, ast.Call) else []
            found.update((id(call), call) for call in calls)
        return list(found.values())

    def foreign(self) -> list[ForeignApplication]:
        """The calls that run a function of JAX given straight to jit, checkpoint/remat,
        make_jaxpr (with no option: every argument traced) or eval_shape, with arguments
        written out (no `*args`/`**kwargs`)."""
        if self._foreign is not None:
            return list(self._foreign)
        found: list[ForeignApplication] = []
        for transform in (*sorted(TRACING_ALL), "jax.eval_shape"):
            label = TRANSFORMS[transform].label
            for site in self.model.calls_to(transform):
                if not site.complete or not site.args:
                    continue
                qualname = self.model.qualname(site.args[0])
                if qualname is None or not qualname.startswith("jax."):
                    continue
                if transform == "jax.eval_shape":
                    runs = [(site.call, tuple(site.args[1:]), tuple(site.keywords))]
                elif len(site.args) != 1 or site.keywords:
                    continue
                else:
                    runs = [(call, tuple(call.args), tuple(call.keywords))
                            for call in self._calls_of_result(site.call)]
                for call, args, keywords in runs:
                    if any(isinstance(a, ast.Starred) for a in args) or any(k.arg is None for k in keywords):
                        continue
                    found.append(ForeignApplication(call, qualname, transform, label, args, keywords))
        self._foreign = found
        return list(found)

    def python_scalar(self, expr: ast.expr) -> bool:
        """Whether `expr` is certainly a Python number or bool JAX can trace (an int in
        int32's range: a bigger one overflows before anything is traced)."""
        if isinstance(expr, ast.Constant):
            value: object = expr.value
        elif isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)) \
                and isinstance(expr.operand, ast.Constant):
            value = expr.operand.value
        elif isinstance(expr, (ast.Name, ast.Subscript)):  # `d["n"]`: an entry of a display
            value = self.constant(expr)
        else:
            return False
        return traceable_scalar(value)

    # ------------------------------------------------------------------------ the forms
    def _of_transform(self, traced: TracedFunction, transform: Transform) -> list[Application]:
        function = traced.function
        site = transform.site
        decorators = getattr(function, "decorator_list", [])
        if any(site is d for d in decorators):
            return self._decorated(function, transform, decorators)
        if not isinstance(site, ast.Call):
            return []
        call_site = self.model.call_site(site)
        if call_site is None or call_site.qualname != transform.qualname:
            return []
        if transform.qualname in LAX:
            return self._lax(function, transform, call_site)
        if transform.qualname == "jax.eval_shape":
            if not call_site.args or not self._names(call_site.args[0], function):
                return []
            return self._bound(site, function, transform, call_site.args[1:], call_site.keywords,
                               None, set())
        if transform.qualname not in TRACING_ALL or not call_site.complete:
            return []
        options = self._jit_options(call_site.qualname, call_site.args[1:], call_site.keywords)
        if options is None or not call_site.args:
            return []
        passed = call_site.args[0]
        static = self._static(function, options)
        if static is None:
            return []
        if self._names(passed, function):
            handed = None
        else:
            handed = self._inner(passed, function)
            if handed is None:
                return []
        found: list[Application] = []
        for call in self._calls_of_result(site):
            found.extend(self._bound(call, function, transform, call.args, call.keywords, handed,
                                     static))
        return found

    def _of_bound_method(self, traced: TracedFunction, transform: Transform) -> list[Application]:
        """`jax.jit(model.forward)(x)`, `g = jax.jit(self.step)` ... `g(x)`: the method bound
        to its instance (`Members.denoted`), the call's arguments bound to the parameters
        after the first; static options count those parameters."""
        function = traced.function
        site = transform.site
        if not isinstance(site, ast.Call) or transform.qualname not in TRACING_ALL \
                or isinstance(function, ast.Lambda):
            return []
        call_site = self.model.call_site(site)
        if call_site is None or call_site.qualname != transform.qualname \
                or not call_site.complete or not call_site.args:
            return []
        denoted = self.model.members.denoted(call_site.args[0])
        if denoted is None or denoted.function is not function or not denoted.bound:
            return []
        options = self._jit_options(call_site.qualname, call_site.args[1:], call_site.keywords)
        signature = Signature.of(function.args)
        if options is None or not signature.positional:
            return []
        signature = signature.bound_to_instance()
        static = _static_parameters(options, list(signature.positional))
        if static is None:
            return []
        found: list[Application] = []
        for call in self._calls_of_result(site):
            found.extend(self._bound(call, function, transform, call.args, call.keywords, None,
                                     static, signature))
        return found

    def _of_decorated_method(self, traced: TracedFunction, transform: Transform) -> list[Application]:
        """`@functools.partial(jax.jit, static_argnums=0) def step(self, x, n)` called as
        `obj.step(x, 5)` or `self.step(x, 5)`, the receiver certainly an instance of the class
        (`Members.class_of_instance`) whose `step` is this def, not stored on an instance:
        Python hands the receiver to the jitted function as its first argument, so the
        call's arguments bind to the parameters after it; static options count every
        parameter (`self` is 0). The decorator is the method's only one and keeps `self`
        static (else JAX fails on the receiver before tracing: not an application)."""
        function = traced.function
        decorators = getattr(function, "decorator_list", [])
        if isinstance(function, ast.Lambda) or len(decorators) != 1 \
                or decorators[0] is not transform.site or transform.qualname not in TRACING_ALL:
            return []
        decoration = self.model.decoration(function, transform.qualname)
        if decoration is not None:
            keywords = decoration.keywords
        elif isinstance(decorators[0], ast.Call) and not decorators[0].args:
            keywords = tuple(decorators[0].keywords)
        else:
            return []
        options = self._jit_options(transform.qualname, (), keywords)
        signature = Signature.of(function.args)
        static = self._static(function, options) if options is not None else None
        if static is None or not signature.positional or signature.positional[0] not in static:
            return []
        shifted = signature.bound_to_instance()
        members = self.model.members
        found: list[Application] = []
        for call in self.model.attribute_calls.get(function.name, ()):
            callee = call.func
            if not isinstance(callee, ast.Attribute) or not isinstance(callee.value, ast.Name):
                continue
            owner = members.class_of_instance(callee.value)
            if owner is None or members.method(owner, function.name) is not function \
                    or any(members.attribute_stores(c, function.name)
                           for c in (owner, *members.subclasses(owner))):
                continue
            found.extend(self._bound(call, function, transform, call.args, call.keywords, None,
                                     static, shifted))
        return found

    def _decorated(self, function: FunctionNode, transform: Transform,
                   decorators: list[ast.expr]) -> list[Application]:
        if len(decorators) != 1 or transform.qualname not in TRACING_ALL:
            return []
        decorator = decorators[0]
        decoration = self.model.decoration(function, transform.qualname)
        if decoration is not None:
            keywords = decoration.keywords
        elif isinstance(decorator, ast.Call) and not decorator.args:
            keywords = tuple(decorator.keywords)  # @jax.jit(static_argnames=...)
        else:
            return []
        options = self._jit_options(transform.qualname, (), keywords)
        static = self._static(function, options) if options is not None else None
        if static is None:
            return []
        found: list[Application] = []
        for call in self._calls_of_def(function):
            found.extend(self._bound(call, function, transform, call.args, call.keywords, None,
                                     static))
        return found

    def _lax(self, function: FunctionNode, transform: Transform,
             site: CallSite) -> list[Application]:
        """The operands a lax control-flow function hands `function`, by parameter position."""
        args, qualname = site.args, site.qualname
        if site.keywords or any(isinstance(a, ast.Starred) for a in args):
            return []
        operands: list[ast.expr] = []
        # An instance given for the body runs its `__call__`: its parameters after the first.
        shift = 1 if any(self._calls_instance(a, function) for a in args) else 0
        if shift and qualname in ("jax.lax.fori_loop", "jax.lax.while_loop", "jax.lax.scan"):
            if qualname == "jax.lax.while_loop":
                return []  # (a callable instance for one of two functions: keep it simple)
            body = 2 if qualname == "jax.lax.fori_loop" else 0
            if len(args) <= body + 1 or not self._calls_instance(args[body], function):
                return []
            position = 1 if qualname == "jax.lax.fori_loop" else 0
            return self._positional(site.call, function, transform,
                                    {position + shift: args[body + 1]})
        if shift:
            return []
        if qualname == "jax.lax.fori_loop" and len(args) == 4 and self._names(args[2], function):
            return self._positional(site.call, function, transform, {1: args[3]})
        if qualname == "jax.lax.while_loop" and len(args) == 3 and (
                self._names(args[0], function) or self._names(args[1], function)):
            return self._positional(site.call, function, transform, {0: args[2]})
        if qualname == "jax.lax.scan" and len(args) >= 2 and self._names(args[0], function):
            return self._positional(site.call, function, transform, {0: args[1]})
        if qualname == "jax.lax.cond" and len(args) >= 3 and (
                self._names(args[1], function) or self._names(args[2], function)):
            operands = list(args[3:])
        elif qualname == "jax.lax.switch" and len(args) >= 2 and isinstance(
                args[1], (ast.List, ast.Tuple)) and any(self._names(b, function) for b in args[1].elts):
            operands = list(args[2:])
        else:
            return []
        return self._positional(site.call, function, transform, dict(enumerate(operands)),
                                exact=True)

    def _positional(self, call: ast.Call, function: FunctionNode, transform: Transform,
                    given: dict[int, ast.expr], exact: bool = False) -> list[Application]:
        args = function.args
        if args.vararg is not None or args.kwonlyargs and any(d is None for d in args.kw_defaults):
            return []
        positional = [a.arg for a in (*args.posonlyargs, *args.args)]
        if exact and len(given) > len(positional):
            return []
        arguments = {positional[i]: expr for i, expr in given.items() if i < len(positional)}
        return [Application(call, function, transform, arguments, frozenset(arguments))]

    # ------------------------------------------------------------------------ binding
    def _bound(self, call: ast.Call, function: FunctionNode, transform: Transform,
               args: tuple[ast.expr, ...] | list[ast.expr],
               keywords: tuple[ast.keyword, ...] | list[ast.keyword],
               handed: frozenset[str] | None, static: set[str],
               signature: Signature | None = None) -> list[Application]:
        """The application `call` makes, its arguments bound to `function`'s parameters;
        `handed`: the parameters an inner transformation hands on (None: every one);
        `static`: the ones the transformation keeps static; `signature`: the parameters the
        call binds (a bound method's leave its first out)."""
        signature = signature or Signature.of(function.args)
        bound = bind_arguments(signature, args, keywords)
        if bound is None or bound.extra_positional or bound.extra_keywords:
            return []
        arguments = {name: expr for name, expr in bound.given.items()
                     if signature.defaults.get(name) is not expr}
        traced = frozenset(name for name in arguments
                           if (handed is None or name in handed) and name not in static)
        return [Application(call, function, transform, arguments, traced)]

    def _jit_options(self, qualname: str, extra: tuple[ast.expr, ...] | list[ast.expr],
                     keywords: tuple[ast.keyword, ...]) -> dict[str, ast.expr] | None:
        """The options of a jit-like call (positional ones of make_jaxpr included); None when
        they are not all written out."""
        if any(k.arg is None for k in keywords) or any(isinstance(a, ast.Starred) for a in extra):
            return None
        options = {k.arg: k.value for k in keywords if k.arg is not None}
        if extra:
            if qualname != "jax.make_jaxpr" or len(extra) > 1:
                return None
            options["static_argnums"] = extra[0]
        return options

    def _static(self, function: FunctionNode, options: dict[str, ast.expr]) -> set[str] | None:
        args = function.args
        positional = [a.arg for a in (*args.posonlyargs, *args.args)]
        return _static_parameters(options, positional)

    def _inner(self, passed: ast.expr, function: FunctionNode) -> frozenset[str] | None:
        """For `jax.jit(jax.vmap(f, ...))`: the parameters of `f` the inner transformation
        hands on as it receives them; None when the code does not show it."""
        if not isinstance(passed, ast.Call):
            return None
        inner = self.model.call_site(passed)
        if inner is None or inner.qualname not in INNER or not inner.complete or not inner.args \
                or not self._names(inner.args[0], function):
            return None
        args = function.args
        positional = [a.arg for a in (*args.posonlyargs, *args.args)]
        every = frozenset(positional) | frozenset(a.arg for a in args.kwonlyargs)
        if any(k.arg is None for k in inner.keywords):
            return None
        options = {k.arg: k.value for k in inner.keywords if k.arg is not None}
        extra = inner.args[1:]
        if inner.qualname in TRACING_ALL:
            jit_options = self._jit_options(inner.qualname, extra, inner.keywords)
            static = self._static(function, jit_options) if jit_options is not None else None
            return None if static is None else every - static
        if inner.qualname == "jax.vmap":
            if extra:
                if len(extra) > 1 or "in_axes" in options:
                    return None
                options["in_axes"] = extra[0]
            in_axes = options.get("in_axes")
            if not isinstance(in_axes, (ast.Tuple, ast.List)) or len(in_axes.elts) != len(positional) \
                    or set(options) - {"in_axes", "out_axes", "axis_name"}:
                return None
            return frozenset(name for name, axis in zip(positional, in_axes.elts)
                             if isinstance(axis, ast.Constant) and axis.value is None)
        # the grad family: the parameters it does not differentiate pass as they are
        if extra:
            if len(extra) > 1 or "argnums" in options:
                return None
            options["argnums"] = extra[0]
        if set(options) - {"argnums", "has_aux", "allow_int", "reduce_axes"}:
            return None
        argnums = _int_set(options["argnums"]) if "argnums" in options else frozenset({0})
        if argnums is None:
            return None
        differentiated = {positional[i] for i in argnums if -len(positional) <= i < len(positional)}
        return every - differentiated

    # ------------------------------------------------------------------------ the calls
    def _names(self, expr: ast.expr, function: FunctionNode) -> bool:
        """Whether `expr` certainly is `function` (a lambda written there, or a name that
        certainly stands for the plain def or lambda: `ModuleModel.function_of`)."""
        return expr is function or self.model.function_of(expr) is function

    def _calls_instance(self, expr: ast.expr, function: FunctionNode) -> bool:
        """Whether `expr` is an instance whose `__call__` is `function`."""
        return isinstance(expr, ast.Name) and self.instance_call is not None \
            and self.instance_call(expr) is function

    def _calls_of_def(self, function: FunctionNode) -> list[ast.Call]:
        """`f(...)` wherever the name `f` certainly is this (decorated) def."""
        return self.model.calls_of_def(function)

    def _calls_of_result(self, site: ast.Call) -> list[ast.Call]:
        """The calls of what `site` returns (`ModuleModel.calls_of_result`: where it is made,
        through the name or the attribute of `self` it is stored to)."""
        return self.model.calls_of_result(site)

    def _is_method(self, function: FunctionNode) -> bool:
        scope = self.model.scope_of_node.get(id(function))
        return scope is not None and scope.parent is not None and scope.parent.kind == "class"

    # ------------------------------------------------------------------------ try blocks
    def guarded(self, call: ast.Call) -> bool:
        """Whether `call` sits in the body of a `try` with handlers (in its own function or
        around the definitions that hold it)."""
        name = _a_name(call)
        use = self.model.use_of.get(id(name)) if name is not None else None
        if use is None:
            return True  # unknown: as if guarded
        if self._guarded_blocks is None:
            tries: list[ast.Try | ast.TryStar] = self.model.nodes_in(
                self.model.tree, (ast.Try, ast.TryStar))
            self._guarded_blocks = {id(node) for node in tries if node.handlers}
        keys = list(use.branch)
        scope: Scope | None = use.scope
        while scope is not None:
            keys.extend(scope.branch)
            scope = scope.parent
        return any(key in self._guarded_blocks and number == 0 for key, number in keys)


def _a_name(call: ast.Call) -> ast.Name | None:
    """A Name read by the call's callee (its branch is the call's)."""
    node: ast.expr = call.func
    while True:
        if isinstance(node, ast.Name):
            return node
        if isinstance(node, ast.Attribute):
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Subscript):
            node = node.value
        else:
            return None


__all__ = ["Application", "Applications", "ForeignApplication"]
