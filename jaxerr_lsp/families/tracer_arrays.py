"""Traced parameters the file shows to hold one array (for the tracer rules JXE074-JXE076).

`ctx.tracing.tracer(x)` for a bare parameter `x` says only "a pytree of tracers": `x` may be a
dict of arrays. A NumPy function, a boolean mask or a slice then fails differently (or not at
all), so the rules need `x` to be one array. The arguments the file passes show it: every call
of the transformed function this file makes (`f(jnp.ones(3))` for `@jax.jit def f(x)`,
`jax.grad(loss)(w, batch)`, `lax.scan(step, 0.0, xs)` with `xs` an array...) passes a JAX or
NumPy array, a tracer array, or a Python number where the transformation makes one a traced
scalar. At least one such call, and no call passing something else known (a dict, a tuple, a
list, None), makes the parameter one array; anything unknown leaves it unknown.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxerr_lsp.core.findings import Related, Span
from jaxerr_lsp.engine.rule import Context
from jaxerr_lsp.analysis.tracing import (TracedFunction, Tracer, Transform, constructions, dict_displays_held,
                                         mapped_xs)
from jaxerr_lsp.analysis.model import display_entry
from jaxerr_lsp.analysis.values import Signature, bind_arguments

# Transformations that hand the function the arguments of the call one for one.
SAME_SIGNATURE = frozenset({"jax.jit", "jax.vmap", "jax.pmap", "jax.checkpoint", "jax.remat",
                            "jax.ad_checkpoint.checkpoint", "jax.grad", "jax.value_and_grad",
                            "jax.jacrev", "jax.jacfwd", "jax.hessian", "jax.make_jaxpr"})
# ... of which these map over the leading axis (a Python number cannot be mapped).
MAPPING = frozenset({"jax.vmap", "jax.pmap"})
DIFFERENTIATING = frozenset({"jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.jacfwd",
                             "jax.hessian"})
ARRAY_TYPES = frozenset({"ArrayImpl", "ndarray"})
NOT_ARRAYS = frozenset({"dict", "tuple", "list", "NoneType", "str", "set", "OrderedDict",
                        "defaultdict", "function", "Ref"})
_MAX_DEPTH = 3
# The tracer class a value inside each transformation is (JAX 0.12.0.1, measured).
JAXPR_TRANSFORMS = frozenset({
    "jax.jit", "jax.checkpoint", "jax.remat", "jax.ad_checkpoint.checkpoint", "jax.eval_shape",
    "jax.make_jaxpr", "jax.lax.scan", "jax.lax.cond", "jax.lax.switch", "jax.lax.while_loop",
    "jax.lax.fori_loop", "jax.lax.map", "jax.pmap", "equinox.filter_jit"})
TRACER_CLASSES = {
    **{name: "DynamicJaxprTracer" for name in JAXPR_TRANSFORMS},
    "jax.vmap": "BatchTracer",
    "jax.grad": "LinearizeTracer", "jax.value_and_grad": "LinearizeTracer",
    "jax.jacrev": "LinearizeTracer", "jax.hessian": "LinearizeTracer",
    "jax.jacfwd": "JVPTracer",
}


def array_tracer(ctx: Context, expr: ast.expr) -> Tracer | None:
    """The tracer `expr` certainly is, when it is one array (never a pytree of them)."""
    return _array_tracer(ctx, expr, 0)


def _array_tracer(ctx: Context, expr: ast.expr, depth: int) -> Tracer | None:
    tracer = ctx.tracing.tracer(expr)
    if tracer is not None and tracer.array:
        return tracer
    if isinstance(expr, ast.BinOp) and depth < _MAX_DEPTH:
        return _arithmetic(ctx, expr, depth + 1)
    if isinstance(expr, ast.Subscript) and isinstance(expr.ctx, ast.Load) and depth < _MAX_DEPTH \
            and not (isinstance(expr.slice, ast.Constant) and isinstance(expr.slice.value, str)):
        return _array_tracer(ctx, expr.value, depth + 1)  # a part of a traced array
    if isinstance(expr, ast.Subscript) and isinstance(expr.ctx, ast.Load) and depth < _MAX_DEPTH \
            and tracer is not None and isinstance(expr.value, ast.Name) \
            and tracer.parameter == expr.value.id and isinstance(expr.slice, ast.Constant) \
            and isinstance(expr.slice.value, str) \
            and _names_the_parameter(ctx, expr.value, tracer.function) \
            and _entry_is_array(ctx, tracer.function, expr.value.id, expr.slice.value, depth):
        return tracer.as_array()  # `cfg["n"]` where every call passes a dict whose "n" is one
    if tracer is None:
        return None
    if not isinstance(expr, ast.Name) or tracer.parameter != expr.id:
        return None
    if not _names_the_parameter(ctx, expr, tracer.function):
        return None
    if _parameter_is_array(ctx, tracer.function, expr.id, depth):
        return tracer.as_array()
    return None


def _arithmetic(ctx: Context, expr: ast.BinOp, depth: int) -> Tracer | None:
    """`2 * k`, `k + 1`: arithmetic of a traced array with a number or another traced array."""
    left = _array_tracer(ctx, expr.left, depth)
    right = _array_tracer(ctx, expr.right, depth)
    if left is not None and (right is not None or _number(expr.right, integers=True)):
        return left
    if right is not None and _number(expr.left, integers=True):
        return right
    return None


# jnp functions whose result has an integer dtype whatever their operands' dtypes.
INTEGER_RESULTS = frozenset({"jax.numpy.argmax", "jax.numpy.argmin", "jax.numpy.argsort",
                             "jax.numpy.searchsorted"})
# Arithmetic that keeps two integer operands' results integers (`/` makes floats).
_INTEGER_KEEPING = (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod)


def integer_tracer(ctx: Context, expr: ast.expr) -> bool:
    """Whether `expr` is certainly one traced array of an integer dtype: a traced parameter
    every application gives an integer (a Python int, the index of `fori_loop`, an array of
    an integer dtype), an element or part of one, `jnp.argmax(...)` and the like, and
    `+ - * // %` of such with ints; a name certainly assigned one of these."""
    return _integer_tracer(ctx, expr, 0)


def _integer_tracer(ctx: Context, expr: ast.expr, depth: int) -> bool:
    if depth >= _MAX_DEPTH or _array_tracer(ctx, expr, 0) is None:
        return False
    if isinstance(expr, ast.Subscript):
        return _integer_tracer(ctx, expr.value, depth + 1)  # indexing keeps the dtype
    if isinstance(expr, ast.BinOp):
        return isinstance(expr.op, _INTEGER_KEEPING) and all(
            _integer_tracer(ctx, side, depth + 1) or isinstance(side, ast.Constant) and type(side.value) is int
            for side in (expr.left, expr.right))
    if isinstance(expr, ast.Call):
        return ctx.model.qualname(expr.func) in INTEGER_RESULTS
    if not isinstance(expr, ast.Name):
        return False
    tracer = ctx.tracing.tracer(expr)
    if tracer is not None and tracer.parameter == expr.id and _names_the_parameter(ctx, expr, tracer.function):
        given = list(_arguments(ctx, tracer.function, expr.id))
        return bool(given) and all(_integer_argument(ctx, argument) for argument, _ in given)
    value = ctx.model.assigned_value(expr)
    return value is not None and _integer_tracer(ctx, value, depth + 1)


def _integer_argument(ctx: Context, argument: ast.expr | None) -> bool:
    """An argument JAX traces as an integer array: the index of fori_loop (None), a Python
    int in int32's range, a value of an integer dtype."""
    if argument is None:
        return True
    if isinstance(argument, ast.Constant):
        return type(argument.value) is int and -2**31 <= argument.value < 2**31
    aval = ctx.values.value(argument).aval
    return aval is not None and aval.kind in ("i", "u")


def _names_the_parameter(ctx: Context, name: ast.Name, traced: TracedFunction) -> bool:
    """Whether `name` is the parameter of `traced`, never rebound."""
    use = ctx.model.use_of.get(id(name))
    scope = ctx.model.resolve_scope(name.id, use.scope) if use is not None else None
    if scope is None or scope.node is not traced.function:
        return False
    parameter = ctx.model.sole_binding(name.id, scope)
    return parameter is not None and isinstance(parameter.node, ast.arg)


def _parameter_is_array(ctx: Context, traced: TracedFunction, name: str, depth: int) -> bool:
    verdicts = ctx.once(_parameter_verdicts)
    key = (id(traced.function), name)
    if key not in verdicts:
        verdicts[key] = None  # a cycle (a helper calling itself) answers "unknown"
        found = [_argument_verdict(ctx, argument, transform, depth)
                 for argument, transform in _arguments(ctx, traced, name)]
        verdicts[key] = bool(found) and any(v is True for v in found) \
            and not any(v is False for v in found)
    return verdicts[key] is True


def _entry_is_array(ctx: Context, traced: TracedFunction, name: str, key: str, depth: int) -> bool:
    """Whether every argument the file shows for parameter `name` is a dict display (written
    at the call, or a name certainly holding one, unchanged: `Inference.entry_expression`, or
    a loop's target over dict displays: `dict_displays_held`) whose entry `key` is one array
    or a number JAX traces into one."""
    found: list[bool | None] = []
    for argument, transform in _arguments(ctx, traced, name):
        entries: list[ast.expr | None] = []
        if isinstance(argument, ast.Dict):
            entries = [display_entry(argument, key)]
        elif isinstance(argument, ast.Name):
            held = ctx.values.entry_expression(argument, key, dict_only=True)
            entries = [held[1]] if held is not None else \
                [display_entry(display, key) for display in dict_displays_held(ctx.model, argument)]
        if not entries or None in entries:
            return False
        found += [_argument_verdict(ctx, entry, transform, depth + 1) for entry in entries]
    return bool(found) and all(v is True for v in found)


def _parameter_verdicts(ctx: Context) -> dict[tuple[int, str], bool | None]:
    """Per document: (id of a traced function, parameter) -> whether it holds one array (None
    while it is being decided: a cycle, a helper calling itself, answers "unknown")."""
    return {}


def _argument_verdict(ctx: Context, argument: ast.expr | None, transform: Transform | None,
                      depth: int) -> bool | None:
    """True: one array reaches the parameter; False: something else known; None: unknown."""
    if argument is None:  # the index of fori_loop: always a traced integer
        return True
    qualname = transform.qualname if transform is not None else ""
    integers = qualname not in DIFFERENTIATING
    value = ctx.values.value(argument)
    if _number(argument, integers=integers) \
            or value.type in (_NUMBER_TYPES if integers else _FLOAT_TYPES) and value.aval is not None:
        # (a name certainly holding a Python number: `for n, rate in settings` over numbers)
        return qualname not in MAPPING and qualname != "jax.lax.map" or None
    if value.type in ARRAY_TYPES:
        return True
    if value.type in NOT_ARRAYS or (isinstance(argument, ast.Constant)):
        return False
    if depth < _MAX_DEPTH and _array_tracer(ctx, argument, depth + 1) is not None:
        return True
    if depth < _MAX_DEPTH and isinstance(argument, ast.Name) and ctx.tracing.tracer(argument) is None:
        # A parameter of a plain def of the file, passed on: what every call gives it.
        given = ctx.values.given_arguments(argument)
        if given:
            found = [_argument_verdict(ctx, each, transform, depth + 1) for each in given]
            return False if False in found else True if all(v is True for v in found) else None
    return None


_FLOAT_TYPES = ("float", "complex")
_NUMBER_TYPES = ("int", "float", "complex")


def _number(expr: ast.expr, *, integers: bool) -> bool:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        expr = expr.operand
    if not isinstance(expr, ast.Constant):
        return False
    kinds: tuple[type, ...] = (float, complex, int) if integers else (float, complex)
    return type(expr.value) in kinds


def passed_arguments(ctx: Context, traced: TracedFunction, name: str) -> list[ast.expr | None]:
    """What the file passes for parameter `name` of a traced function, at every application
    it shows (None: the index of fori_loop)."""
    return [argument for argument, _transform in _arguments(ctx, traced, name)]


def hashable_wherever_passed(ctx: Context, traced: TracedFunction, name: str) -> bool:
    """Whether no call of the file passes parameter `name` something a static argument cannot
    be (an array, a list, a dict, a set, a tracer: JAX hashes static arguments), so that the
    "make it static" fix does not trade this error for static-argument-unhashable."""
    for argument in passed_arguments(ctx, traced, name):
        if argument is None:
            return False
        value = ctx.values.value(argument)
        if value.is_array or value.type in ("list", "dict", "set") \
                or ctx.tracing.tracer(argument) is not None \
                or isinstance(argument, ast.Name) and dict_displays_held(ctx.model, argument):
            return False
    return True


def _arguments(ctx: Context, traced: TracedFunction, name: str
               ) -> Iterator[tuple[ast.expr | None, Transform | None]]:
    """What the file passes for parameter `name`, at every application it shows."""
    function = traced.function
    signature = Signature.of(function.args)
    for transform in traced.transforms:
        for argument in _transform_arguments(ctx, traced, transform, signature, name):
            yield argument, transform
    for call in traced.called_from:  # a helper called from traced code
        bound = bind_arguments(signature, call.args, call.keywords)
        if bound is not None and name in bound.given:
            yield bound.given[name], None


def _transform_arguments(ctx: Context, traced: TracedFunction, transform: Transform,
                         signature: Signature, name: str) -> Iterator[ast.expr | None]:
    function = traced.function
    site = transform.site
    decorated = any(site is d for d in getattr(function, "decorator_list", ()))
    scope = ctx.model.scope_of_node.get(id(function))
    if decorated and isinstance(function, ast.FunctionDef) and scope is not None \
            and scope.parent is not None and scope.parent.kind == "class":
        # A jitted method run as `obj.step(x)` / `self.step(x)` (`Applications.of` binds the
        # arguments after the receiver): known when every `.step(...)` of the file is one.
        applications = [a for a in ctx.tracing.applications.of(traced) if a.transform is transform]
        if len(applications) == len(ctx.model.method_calls(function.name)):
            yield from (a.arguments[name] for a in applications if name in a.arguments)
        return
    if decorated or transform.qualname in SAME_SIGNATURE:
        calls = ctx.model.calls_of_def(function) if decorated else \
            ctx.model.calls_of_result(site) if isinstance(site, ast.Call) else []
        for call in calls:
            bound = bind_arguments(signature, call.args, call.keywords)
            if bound is not None and name in bound.given:
                yield bound.given[name]
        return
    if not isinstance(site, ast.Call):
        return
    if transform.qualname == "jax.eval_shape":  # jax.eval_shape(f, *args, **kwargs)
        applied = ctx.model.call_site(site)
        bound = bind_arguments(signature, applied.args[1:], applied.keywords) \
            if applied is not None else None
        if bound is not None and name in bound.given:
            yield bound.given[name]
        return
    position = signature.positional.index(name) if name in signature.positional else -1
    yield from _lax_arguments(ctx, transform.qualname, site, position)


def _lax_arguments(ctx: Context, qualname: str, site: ast.Call,
                   position: int) -> Iterator[ast.expr | None]:
    """The operand a `lax` control-flow function hands its body at `position` (None for the
    index of fori_loop); rows of `xs` count as arrays when `xs` is one."""
    call = ctx.model.call_site(site)
    if call is None or any(isinstance(a, ast.Starred) for a in call.args) or call.keywords:
        return
    args = call.args
    if qualname == "jax.lax.fori_loop" and len(args) == 4:
        if position == 0:
            yield None
        elif position == 1:
            yield args[3]
    elif qualname == "jax.lax.while_loop" and len(args) == 3 and position == 0:
        yield args[2]
    elif qualname == "jax.lax.scan" and len(args) >= 3:
        if position == 0:
            yield args[1]
        elif position == 1 and ctx.values.value(args[2]).type in ARRAY_TYPES:
            yield args[2]
    elif qualname == "jax.lax.cond" and len(args) >= 4 and 0 <= position < len(args) - 3:
        yield args[3 + position]
    elif qualname == "jax.lax.switch" and len(args) >= 3 and 0 <= position < len(args) - 2:
        yield args[2 + position]
    elif qualname == "jax.lax.map" and len(args) == 2 and position == 0:
        yield args[1]


def module_name_for_fix(ctx: Context, module: str, default: str) -> tuple[str, str] | None:
    """How a fix names `module` ("jax.numpy"): (its alias in the file, "") or, when the file has
    none, (`default`, the import to add); None when `default` already names something here."""
    aliases = ctx.model.aliases_of(module)
    if aliases:
        return aliases[0], ""
    if ctx.mentions(default, whole_word=True):
        return None
    line = f"import {module}" if default == module else f"import {module} as {default}"
    return default, line


def origin_line(tracer: Tracer, expr: ast.expr) -> str:
    """JAX's context line for the tracer `expr`, as far as the code shows it: none under grad
    alone; for jit and the lax bodies the function and the transformation (the file and line
    left out), and the argument when `expr` is the parameter itself; none for vmap, whose line
    names where the batched value was made."""
    transform = tracer.transform
    if not tracer.abstract or not transform.label:
        return ""
    argument = f" This concrete value was not available in Python because it depends on the " \
        f"value of the argument {tracer.parameter}." \
        if isinstance(expr, ast.Name) and expr.id == tracer.parameter else ""
    return (f"\nThe error occurred while tracing the function "
            f"{tracer.function.source_info or tracer.function.name} for "
            f"{transform.label}.{argument}")


# `.at[index].<method>(...)`: the indexed operations of JAX arrays (0.12).
AT_METHODS = frozenset({"set", "add", "subtract", "multiply", "mul", "divide", "power", "min",
                        "max", "apply", "get"})


def indexed_by(ctx: Context, subscript: ast.Subscript) -> ast.expr | None:
    """What a read subscript indexes, whatever it is: `x` of `x[i]`, or of `x.at[i].set(v)`
    (an `.at[]` update that runs); None for a store or an `.at[]` not updated."""
    if not isinstance(subscript.ctx, ast.Load):
        return None
    base = subscript.value
    if isinstance(base, ast.Attribute) and base.attr == "at":
        method = ctx.model.parent.get(id(subscript))
        call = ctx.model.parent.get(id(method)) if method is not None else None
        if not isinstance(method, ast.Attribute) or method.attr not in AT_METHODS \
                or not isinstance(call, ast.Call) or call.func is not method:
            return None
        return base.value
    return base


def indexed_array(ctx: Context, subscript: ast.Subscript) -> tuple[ast.expr, ast.Call | None] | None:
    """The JAX array `subscript` indexes and, for `x.at[i].method(...)`, the method call;
    None when it does not index a JAX array by reading it (or by an indexed update that runs)."""
    base = subscript.value
    if isinstance(base, ast.Attribute) and base.attr == "at":
        parent = ctx.model.parent.get(id(subscript))
        call = ctx.model.parent.get(id(parent)) if isinstance(parent, ast.Attribute) else None
        if not isinstance(parent, ast.Attribute) or parent.attr not in AT_METHODS \
                or not isinstance(call, ast.Call) or call.func is not parent:
            return None
        return (base.value, call) if _array_or_tracer(ctx, base.value) else None
    if not isinstance(subscript.ctx, ast.Load):
        return None
    return (base, None) if _array_or_tracer(ctx, base) else None


def _array_or_tracer(ctx: Context, expr: ast.expr) -> bool:
    """A traced array, or what the value inference knows as certainly a JAX array (not a
    NumPy array's `a.T`, which NumPy indexes)."""
    value = ctx.values.value(expr)
    return array_tracer(ctx, expr) is not None or (value.type == "ArrayImpl" and value.jax_array is not None)


def array_evidence(ctx: Context, tracer: Tracer) -> ast.expr | None:
    """Where the file shows that the tracer's parameter receives one array, when only its
    calls show it (the first argument that passes one); None when the parameter is one array
    by itself (annotated) or the tracer is not a parameter's."""
    name = tracer.parameter
    traced = tracer.function
    own = traced.tracers.get(name) if name is not None else None
    if name is not None and name in traced.scalars:
        return traced.scalars[name]  # a Python number, traced as a scalar array
    if name is not None and name in traced.arrays:
        return traced.arrays[name]  # an array an application passes
    if name is not None and name in traced.displays:
        return traced.displays[name]  # a tuple or list of arrays and numbers it passes
    if name is None or own is None or own.array:
        return None
    arguments = [a for a in _arguments(ctx, traced, name) if a[0] is not None]
    for argument, transform in arguments:
        if _argument_verdict(ctx, argument, transform, 0) is True:
            return argument
    if tracer.array and arguments:
        return arguments[0][0]  # an entry of what the calls pass (`cfg["n"]`): they show it
    return None


def tracer_related(ctx: Context, tracer: Tracer, *also: Tracer | None,
                   site: str | None = None) -> tuple[Related, ...]:
    """The related locations of a tracer-error finding: the transformation's site (worded
    `site`, or "`x` is traced by jax.jit here") and, for `tracer` and every tracer of `also`
    the finding depends on too (the array a traced slice indexes), the argument that shows the
    parameter is an array when only the file's calls show it: the finding holds only with it."""
    transform = tracer.transform
    what = f"`{tracer.parameter}`" if tracer.parameter else "the value"
    related = [Related(ctx.span(transform.site),
                       site if site is not None else f"{what} is traced by {transform.qualname} here")]
    for each in (tracer, *also):
        if each is not None:
            _add_evidence(ctx, each, related, 0)
            for given in each.given:  # (what makes it a tracer, given by later code)
                if not any(r.span == ctx.span(given) for r in related):
                    related.append(Related(ctx.span(given), "the JAX array indexed with the traced value is given here"))
    run = _first_run(ctx, tracer)
    if run is not None and not any(_within(r.span, ctx.span(run)) for r in related):
        related.append(Related(ctx.span(run), f"`{tracer.function.name}` is traced when this call runs it"))
    helper = tracer.function  # (traced only because traced code calls it: that call)
    if not helper.transforms and helper.called_from:
        call = min(helper.called_from, key=lambda c: (c.lineno, c.col_offset))
        if not any(_within(r.span, ctx.span(call)) for r in related):
            related.append(Related(ctx.span(call), f"`{helper.name}` is called from traced code here"))
    return tuple(related)


_EVIDENCE_DEPTH = 3  # traced functions followed back through the tracers their callers pass


def parameter_tracers(ctx: Context, expr: ast.expr, depth: int = 0) -> list[Tracer]:
    """The tracers of traced parameters a value computed in traced code is made from (the
    names `expr` reads, followed through their one assignment): a finding on the value holds
    only with what shows each is an array (`tracer_related`'s `also`)."""
    found: list[Tracer] = []
    for name in ctx.model.names_in(expr):
        if not isinstance(name.ctx, ast.Load):
            continue
        tracer = ctx.tracing.tracer(name)
        if tracer is not None and tracer.parameter is not None:
            found.append(tracer)
            continue
        value = ctx.model.assigned_value(name) if depth < 3 else None
        if value is not None:
            found += parameter_tracers(ctx, value, depth + 1)
    return found


def _add_evidence(ctx: Context, each: Tracer, related: list[Related], depth: int) -> None:
    """The argument that shows `each`'s parameter is an array; when that argument is itself
    a tracer of the function that passes it (a jitted method given a loop's position by the
    scanned code that calls it), where that function is traced and what it receives too."""
    evidence = array_evidence(ctx, each)
    if evidence is None or any(r.span == ctx.span(evidence) for r in related):
        return
    made = _instance_made(ctx, evidence)
    whole = each.function.tracers.get(each.parameter) if each.parameter else None
    displays = dict_displays_held(ctx.model, evidence) if isinstance(evidence, ast.Name) else []
    passed_on = ctx.values.given_arguments(evidence) \
        if isinstance(evidence, ast.Name) and ctx.tracing.tracer(evidence) is None else None
    value = ctx.values.value(evidence)
    received = "a Python number, traced as an array," if value.python_scalar and value.aval is not None else \
        f"the parameter `{ast.unparse(evidence)}` of `{_def_name(ctx, evidence)}`, traced as an array," if passed_on else \
        "a tuple or list whose elements are traced" \
        if isinstance(evidence, (ast.Tuple, ast.List)) or whole is not None and whole.elements is not None else \
        f"an instance of `{made}` whose fields are traced" if made is not None else \
        "a dict whose entries are traced as arrays" if displays or value.type == "dict" \
        else "one row of this array at a time" if mapped_xs(each.transform) is evidence \
        else "an array"
    related.append(Related(ctx.span(evidence), scalar_note(each) or
                           f"`{each.parameter}` receives {received} here"))
    for given in (passed_on or [])[:3]:  # (a helper's parameter passed on: what its calls give it)
        if not any(r.span == ctx.span(given) for r in related):
            related.append(Related(ctx.span(given), f"`{evidence.id}` is given `{ast.unparse(given)}` here"))  # type: ignore[attr-defined]
    lines: set[int] = set()
    for display in displays:  # (`for d in configs`: the dicts it takes, where they are written)
        if display.lineno not in lines and len(lines) < 3:
            lines.add(display.lineno)
            related.append(Related(ctx.span(display), f"`{ast.unparse(evidence)}` takes this dict in its loop"))
    if depth >= _EVIDENCE_DEPTH:
        return
    parts = [evidence, *(evidence.elts if isinstance(evidence, (ast.Tuple, ast.List)) else ())]
    for part in parts:  # (a display's elements: `(32, offset)` for a traced `offset`)
        for given in ctx.tracing.given_by(part):  # (`2 * self.npix`: the construction storing it)
            if any(r.span == ctx.span(given) for r in related):
                continue
            if isinstance(given, ast.Call) and _instance_made(ctx, given) is not None:
                what = "this construction stores it"
            elif isinstance(given, ast.Attribute):
                what = f"the instance that stores it runs `{given.attr}` here"
            elif isinstance(given, ast.Dict) or ctx.values.value(given).type == "dict":
                what = "it is an entry of the dict passed here"
            else:
                what = "the instance that stores it is passed on here"
            related.append(Related(ctx.span(given), f"`{ast.unparse(part)}` holds Python numbers: {what}"))
        inner = ctx.tracing.tracer(part)
        if inner is None or inner.function is each.function:
            continue
        site = ctx.span(inner.transform.site)
        if not any(r.span == site for r in related):
            what = f"`{inner.parameter}`" if inner.parameter else "the value"
            related.append(Related(site, f"{what} is traced by {inner.transform.qualname} here"))
        _add_evidence(ctx, inner, related, depth + 1)
        run = _first_run(ctx, inner)
        if run is not None and not any(_within(r.span, ctx.span(run)) for r in related):
            related.append(Related(ctx.span(run), f"`{inner.function.name}` is traced when this call runs it"))


def _def_name(ctx: Context, parameter: ast.expr) -> str:
    """The name of the def whose parameter `parameter` reads."""
    binding = ctx.model.read_binding(parameter) if isinstance(parameter, ast.Name) else None
    return getattr(binding.scope.node, "name", "?") if binding is not None else "?"


def _instance_made(ctx: Context, expr: ast.expr) -> str | None:
    """The name of the class of the file whose instance `expr` certainly is (`Surface(...)`,
    a name assigned that, a helper's call returning one: `tracing.constructions`), or None."""
    made = constructions(ctx.model, expr)
    return made[0].name if made is not None else None


def _first_run(ctx: Context, tracer: Tracer) -> ast.Call | None:
    """The first call the file shows running the traced function through the transformation
    that makes the tracer (`grad(f)(1.0)` runs `f` too, but not under `jit`),
    when it is not where the transformation is written (a decorator, `g = jax.jit(f)`): JAX
    traces there, so the finding holds only with it."""
    site = ctx.span(tracer.transform.site)
    calls = [call for call in ctx.tracing.applications.runs(tracer.function, tracer.transform)
             if not _within(site, ctx.span(call))]
    return min(calls, key=lambda c: (c.lineno, c.col_offset), default=None)


def _within(inner: Span, outer: Span) -> bool:
    return (outer.start_line, outer.start_column) <= (inner.start_line, inner.start_column) \
        and (inner.end_line, inner.end_column) <= (outer.end_line, outer.end_column)


def scalar_note(tracer: Tracer) -> str:
    """For a parameter that receives a Python number or bool at a call of the transformed
    function: what that call does to it; "" otherwise."""
    name = tracer.parameter
    if name is None or name not in tracer.function.scalars:
        return ""
    return (f"`{name}` receives a Python number or bool here: `{tracer.transform.qualname}` "
            "traces it as a scalar array (not static)")


def tracer_source(tracer: Tracer) -> str:
    """Where a traced value comes from, for a finding's note: "the argument `x` of `f`"."""
    function = tracer.function.name
    if tracer.parameter:
        return f"the argument `{tracer.parameter}` of `{function}`"
    return f"a value computed in `{function}`"
