"""JXE082 static-argument-unhashable.

What it does: finds calls of a jitted function that pass a list, dict or set (a display, or
anything the value inference knows to be one), a NumPy array made by an array constructor
(`np.array`, `np.zeros`...), a JAX array, or a value the caller's own trace certainly
makes a tracer (`ctx.tracing.tracer`: a jitted function calling another with its traced
argument in a static position) at a static position or name. The jitted
functions are `jax.jit(f, static_argnums=..., static_argnames=...)` called where it is made or
through a name bound once to it, and defs of this file decorated with `@jax.jit(...)` or
`@functools.partial(jax.jit, ...)`, called through their name, or, for a method, as
`self.method(...)` in the methods of its class or `m.method(...)` for `m = C(...)` (the
instance is the first argument). The static
positions and names are resolved as JAX resolves them (`static_argnames` alone makes those
parameters' positions static too, and `static_argnums` alone their names; negative positions
count from the end), from `f`'s signature when the file shows it, else only as given. Calls
that may run where jit is off are skipped (no hashing there: `Tracing.jit_off_at`, the code a
`with jax.disable_jit():` body may run; the whole file when it configures `jax_disable_jit`).
The jitted function given alone to `jax.make_jaxpr` or `jax.jit` (no option) and that
called (`jax.make_jaxpr(adapt)(w, x, 3)`): that trace hands it a tracer for every argument,
so a Python number or a JAX array at a static position reaches it as a tracer.
Also the public functions of JAX that are themselves jitted with static arguments
(`jaxerr_lsp/data/jitted_functions.json`, read off the installed JAX by
`scripts/gen_jitted_functions.py`: `jnp.sort`'s `axis`, `jnp.triu`'s `k`, `jnp.median`'s
`axis`, `jnp.round`'s `decimals`...): a traced value, a list or an array given there
(`jnp.sort(x, axis=a)` with `a` a parameter of a jitted function, `jnp.median(x, axis=[0, 1])`).

Why is this bad: static arguments are part of the compilation cache key; jaxlib hashes them at
every call and raises ValueError for an unhashable value, before the function runs.

Fix: a list display of literals becomes a tuple display (unsafe: the function receives a
tuple, which differs from a list if it is appended to, compared with a list or type-checked).
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.families.jit_static import StaticArgs, jit_sites, \
    jitted_defs, static_args
from jaxerr_lsp.analysis.model import ASSIGN, CLASS
from jaxerr_lsp.analysis.tracing import STAGING
from jaxerr_lsp.families.tracer_arrays import tracer_related
from jaxerr_lsp.families.jax_types import SIMPLE_STATEMENTS, defined_names
from jaxerr_lsp.engine.rule import Context, Rule, shorten
from jaxerr_lsp.analysis.values import Signature, Value, bind_arguments
from jaxerr_lsp.fixes.text import list_as_tuple

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# NumPy functions that certainly return an ndarray (never a NumPy scalar, which is hashable).
NUMPY_ARRAYS = frozenset({"array", "asarray", "zeros", "ones", "empty", "full", "arange",
                          "linspace", "eye", "identity", "zeros_like", "ones_like", "empty_like",
                          "full_like", "stack", "concatenate", "vstack", "hstack"})
CONTAINERS = ("list", "dict", "set")


@dataclass(frozen=True)
class UnhashableStatic(RuleData):
    # The list display and its text as a tuple display ("" when no fix applies).
    span: Span
    source: str
    as_tuple: str


@dataclass(frozen=True)
class _Jitted:
    """A jitted function of the file, its static arguments and where it is made."""

    static: StaticArgs
    signature: Signature | None
    site: ast.AST  # the jax.jit call or the decorator
    calls: list[ast.Call]
    made: ast.AST | None = None  # what a name denoting it is bound to: the jax.jit call, the def


@dataclass(frozen=True)
class _Unhashable:
    type_text: str  # Python's str(type(value))
    error: str | None  # Python's error from hash(value), when certain
    value: str | None  # str(value), when certain
    shown_type: str | None = None  # type(value) described, when its module is not known
    # For a tracer: where the file shows it is one (the transformation, the call that runs it).
    related: tuple[Related, ...] = ()
    shown_error: str | None = None  # the error described, when its text is not known exactly


def _jitted_jax_functions() -> dict[str, tuple[tuple[str, ...], frozenset[str]]]:
    """qualname -> (its positional parameters, its static parameters), from the generated table."""
    path = Path(__file__).resolve().parents[2] / "data" / "jitted_functions.json"
    functions = json.loads(path.read_text(encoding="utf-8"))["functions"]
    return {name: (tuple(f["positional"]), frozenset(f["static"])) for name, f in functions.items()}


JITTED_JAX_FUNCTIONS = _jitted_jax_functions()


def _jax_function_calls(ctx: Context) -> Iterator[tuple[ast.Call, StaticArgs, tuple[str, ...]]]:
    """(call, static arguments, positional parameters) for each call of a public JAX function
    jitted with static arguments (`JITTED_JAX_FUNCTIONS`)."""
    model = ctx.model
    for qualname, (positional, static) in JITTED_JAX_FUNCTIONS.items():
        name = qualname.rpartition(".")[2]
        if name not in model.name_calls and name not in model.attribute_calls:
            continue
        argnums = frozenset(i for i, parameter in enumerate(positional) if parameter in static)
        for site in model.calls_to(qualname):
            if site.complete and site.partial is None:
                yield site.call, StaticArgs(argnums, static), positional


def _jitted(ctx: Context) -> Iterator[_Jitted]:
    for site in jit_sites(ctx):
        function = ctx.model.function_of(site.args[0])
        signature = Signature.of(function.args) if function is not None else None
        static = static_args(site.keywords, signature)
        if static is not None and (static.argnums or static.argnames):
            yield _Jitted(static, signature, site.call, ctx.model.calls_of_result(site.call), site.call)
    for jitted in jitted_defs(ctx):
        scope = ctx.model.scope_of_node.get(id(jitted.function))
        if scope is None or scope.parent is None:
            continue
        signature = Signature.of(jitted.function.args)
        static = static_args(jitted.keywords, signature)
        if static is None or not (static.argnums or static.argnames):
            continue
        if scope.parent.kind != "class":
            yield _Jitted(static, signature, jitted.decorator, ctx.model.calls_of_def(jitted.function),
                          jitted.function)
        elif isinstance(scope.parent.node, ast.ClassDef):
            calls = _calls_on_self(ctx, scope.parent.node, jitted.function)
            if calls:  # `self.method(...)`: the instance is the first positional argument
                shifted = StaticArgs(frozenset(n - 1 for n in static.argnums if n > 0), static.argnames)
                yield _Jitted(shifted, _without_first(signature), jitted.decorator, calls)


def _without_first(signature: Signature) -> Signature | None:
    """The signature of the bound method (its first positional parameter bound)."""
    if not signature.positional:
        return None
    return Signature(signature.positional[1:], max(signature.positional_only - 1, 0),
                     signature.keyword_only, signature.defaults, signature.vararg, signature.kwarg)


def _calls_on_self(ctx: Context, cls: ast.ClassDef,
                   method: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.Call]:
    """`self.method(...)` in the methods of `cls`, `self` being their first parameter, or
    `m.method(...)` for `m = cls(...)`, when no other class of the file
    defines a method of that name (a subclass could override it)."""
    model = ctx.model
    if any(other is not cls and any(isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                                    and s.name == method.name for s in other.body)
           for other in model.classes):
        return []
    found = []
    for call in model.method_calls(method.name):
        receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
        if not isinstance(receiver, ast.Name):
            continue
        use = model.use_of.get(id(receiver))
        scope = model.resolve_scope(receiver.id, use.scope) if use is not None else None
        if scope is None:
            continue
        binding = model.binding_of(receiver)
        if binding is not None and binding.kind == ASSIGN:
            # `m.method(...)` where `m = C(...)` certainly is an instance of the class (and no
            # instance stores the name: the method is what runs).
            if model.members.class_of_instance(receiver) is cls \
                    and not model.members.attribute_stores(cls, method.name):
                found.append(call)
            continue
        holder = scope.node
        if not isinstance(holder, (ast.FunctionDef, ast.AsyncFunctionDef)) or holder not in cls.body \
                or holder.decorator_list:
            continue
        first = [*holder.args.posonlyargs, *holder.args.args][:1]
        if first and first[0].arg == receiver.id and model.sole_binding(receiver.id, scope) is not None:
            found.append(call)
    return found


def _numpy_array(ctx: Context, expr: ast.expr) -> bool:
    """`expr` is, or is a name bound once to, a call of a NumPy array constructor."""
    if isinstance(expr, ast.Name):
        value = ctx.model.assigned_value(expr)
        if value is None:
            return False
        expr = value
    if not isinstance(expr, ast.Call):
        return False
    qualname = ctx.model.qualname(expr.func) or ""
    module, _, name = qualname.rpartition(".")
    return module == "numpy" and name in NUMPY_ARRAYS


def _numpy_array_value(value: Value) -> bool:
    """A NumPy array of rank one or more, as the evaluator knows it (`lengths(12)` for a
    helper returning `np.full(k, n)`): a 0-d result may be a NumPy scalar, which hashes."""
    aval = value.aval
    return value.type == "ndarray" and aval is not None and aval.ndim is not None and aval.ndim >= 1


def _printed(expr: ast.expr) -> str | None:
    """str() of a list, dict or tuple display of literals, as Python prints it."""
    if not isinstance(expr, (ast.List, ast.Dict, ast.Tuple)):
        return None
    try:
        return str(ast.literal_eval(expr))
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def _unhashable(ctx: Context, expr: ast.expr) -> _Unhashable | None:
    if isinstance(expr, ast.Tuple):
        return _unhashable_in_tuple(ctx, expr)
    value = ctx.values.value(expr)
    if value.type == "tuple" and value.parts is not None:  # (`batch` a generator yields as a pair)
        return _unhashable_in_parts(value.parts)
    if value.type in CONTAINERS:
        return _Unhashable(f"<class '{value.type}'>", f"TypeError: unhashable type: '{value.type}'",
                           _printed(expr))
    given = _given_container(ctx, expr) if isinstance(expr, ast.Name) and value.type is None else None
    if given is not None:
        kind, first = given
        return _Unhashable(f"<class '{kind}'>", f"TypeError: unhashable type: '{kind}'", None,
                           related=(Related(ctx.span(first), f"`{expr.id}` is given a {kind} here"),))  # type: ignore[attr-defined]
    if _numpy_array(ctx, expr) or _numpy_array_value(value):
        return _Unhashable("<class 'numpy.ndarray'>", "TypeError: unhashable type: 'numpy.ndarray'",
                           None)
    if value.jax_array is not None:
        return _Unhashable("", None, None)  # a jax.Array, or a tracer inside traced code
    tracer = ctx.tracing.tracer(expr)
    if tracer is not None and tracer.array:  # a traced value of the caller's trace
        related = tracer_related(ctx, tracer)
        if tracer.transform.qualname in STAGING:
            return _Unhashable("<class 'jax._src.interpreters.partial_eval.DynamicJaxprTracer'>",
                               "TypeError: unhashable type: 'DynamicJaxprTracer'", None, related=related)
        return _Unhashable("", None, None, "the class of a tracer", related)
    made = _construction(ctx, expr)
    if made is None:
        return None
    cls, construction = made
    passed = _given_related(ctx, expr, cls)
    if _hash_is_none(ctx, cls):
        return _Unhashable("", f"TypeError: unhashable type: '{cls.name}'", None,
                           f"<class '….{cls.name}'>", related=passed)
    field = _unhashable_field(ctx, cls, construction)
    if field is not None and _namedtuple_fields(ctx, cls) is not None:
        # A NamedTuple hashes as a tuple, in C: the error is Python's own, whole.
        return _Unhashable("", f"TypeError: unhashable type: '{field}'", None, f"<class '….{cls.name}'>",
                           related=passed)
    if field is not None:
        # The dataclass's `__hash__` is Python code: JAX's message holds its traceback.
        return _Unhashable("", None, None, f"<class '….{cls.name}'>", related=passed,
                           shown_error=f"a traceback ending in TypeError: unhashable type: '{field}'")
    return None


def _given_container(ctx: Context, expr: ast.Name) -> tuple[str, ast.expr] | None:
    """A parameter read as it is (`jitted(x_limits)` in `def mesh(x_limits)`) that every call
    of its def gives a list, dict or set of one kind (`mesh([-2, 2])`): the kind and the first
    such argument (later code decides it: a finding names it)."""
    given = ctx.values.given_value(expr)
    if given is None or given[0].type not in CONTAINERS:
        return None
    return given[0].type, given[1]  # type: ignore[return-value]


def _construction(ctx: Context, expr: ast.expr, depth: int = 0) -> tuple[ast.ClassDef, ast.Call] | None:
    """The class of the file `expr` is an instance of, and the call that made it: `C(...)`,
    a name whose one reaching binding is `name = C(...)`, or a call of an undecorated def
    of the file whose one `return` gives `C(...)` (`state = init(x)`)."""
    if isinstance(expr, ast.Name):
        value = ctx.model.assigned_value(expr)
        if value is None:
            return _given_construction(ctx, expr, depth)
        expr = value
    if not isinstance(expr, ast.Call) or not isinstance(expr.func, ast.Name):
        return None
    binding = ctx.model.binding_of(expr.func)
    if binding is not None and binding.kind == CLASS and isinstance(binding.node, ast.ClassDef):
        return binding.node, expr
    helper = ctx.model.function_of(expr.func)
    if depth > 2 or not isinstance(helper, ast.FunctionDef):
        return None
    ends = ctx.model.returns_of(helper)
    if ends.suspends or len(ends.returns) != 1 or ends.returns[0].value is None:
        return None
    return _construction(ctx, ends.returns[0].value, depth + 1)


def _given_construction(ctx: Context, expr: ast.Name, depth: int) -> tuple[ast.ClassDef, ast.Call] | None:
    """A parameter of a plain def of the file passed on (`evaluate(batches, cfg)` calling
    `score_batch(batch, config)`): the class every call of the def gives it an instance of
    (`_construction` of each argument), and the first such construction."""
    given = ctx.values.given_arguments(expr) if depth <= 2 else None
    if not given:
        return None
    made = [_construction(ctx, argument, depth + 1) for argument in given]
    first = made[0]
    if first is None or any(m is None or m[0] is not first[0] for m in made):
        return None
    return first


def _given_related(ctx: Context, expr: ast.expr, cls: ast.ClassDef) -> tuple[Related, ...]:
    """Where a parameter passed on is given the instance (later code decides it)."""
    if not isinstance(expr, ast.Name) or ctx.model.assigned_value(expr) is not None:
        return ()
    given = ctx.values.given_arguments(expr) or []
    return tuple(Related(ctx.span(g), f"`{expr.id}` is given an instance of `{cls.name}` here") for g in given[:3])


def _unhashable_field(ctx: Context, cls: ast.ClassDef, construction: ast.Call) -> str | None:
    """The type of the field that makes `hash()` of this instance of a hashable dataclass
    (`frozen=True`, or `unsafe_hash=True`) or of a `typing.NamedTuple` class raise: its
    `__hash__` hashes the tuple of its fields in order, so the first field given a list, dict
    or set, after fields given values certainly hashable (constants, tuples of them). None
    when the file does not show it (fields made with `field(...)`, a base class, arguments
    that are not shown)."""
    fields = _plain_dataclass_fields(ctx, cls)
    if fields is None:
        fields = _namedtuple_fields(ctx, cls)
    if fields is None or any(isinstance(a, ast.Starred) for a in construction.args) \
            or any(k.arg is None for k in construction.keywords) or len(construction.args) > len(fields):
        return None
    given: dict[str, ast.expr] = dict(zip(fields, construction.args))
    given.update({k.arg: k.value for k in construction.keywords if k.arg is not None})
    for name, default in fields.items():
        value = given.get(name, default)
        if value is None:
            return None  # neither given nor defaulted: the call raises first
        kind = ctx.values.value(value).type
        if kind in CONTAINERS and not isinstance(value, ast.Starred):
            return kind
        if not _hashable_literal(value):
            return None
    return None


def _plain_dataclass_fields(ctx: Context, cls: ast.ClassDef) -> dict[str, ast.expr | None] | None:
    """The fields, in order, with their defaults (None: no default), of a class decorated
    only by `@dataclasses.dataclass(frozen=True)` (or `unsafe_hash=True`), without bases, a
    `__hash__` of its own or `field(...)` specifiers; None otherwise."""
    if cls.bases or cls.keywords or len(cls.decorator_list) != 1 \
            or not isinstance(cls.decorator_list[0], ast.Call):
        return None
    decorator = cls.decorator_list[0]
    if ctx.model.qualname(decorator.func) != "dataclasses.dataclass" or decorator.args:
        return None
    options = {k.arg: k.value for k in decorator.keywords}
    if None in options or not all(isinstance(v, ast.Constant) for v in options.values()):
        return None
    flags = {name: v.value for name, v in options.items() if isinstance(v, ast.Constant)}
    if flags.get("eq", True) is not True or not (flags.get("frozen") is True or flags.get("unsafe_hash") is True):
        return None
    fields: dict[str, ast.expr | None] = {}
    for statement in cls.body:
        if isinstance(statement, ast.FunctionDef) and statement.name == "__hash__":
            return None
        if not isinstance(statement, ast.AnnAssign):
            continue
        if not isinstance(statement.target, ast.Name) or "ClassVar" in ctx.segment(statement.annotation) \
                or "InitVar" in ctx.segment(statement.annotation):
            return None
        if statement.value is not None and not _hashable_literal(statement.value):
            return None  # field(...), or a default the file does not show
        fields[statement.target.id] = statement.value
    return fields


def _namedtuple_fields(ctx: Context, cls: ast.ClassDef) -> dict[str, ast.expr | None] | None:
    """The fields, in order, with their defaults, of a `class C(typing.NamedTuple)` with no
    decorator, keyword or `__hash__`/`__eq__` of its own and literal defaults; None
    otherwise. Its instances hash as the tuple of their fields."""
    if len(cls.bases) != 1 or cls.keywords or cls.decorator_list \
            or ctx.model.qualname(cls.bases[0]) != "typing.NamedTuple":
        return None
    fields: dict[str, ast.expr | None] = {}
    for statement in cls.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                and statement.name in ("__hash__", "__eq__", "__new__"):
            return None
        if isinstance(statement, ast.Assign):
            return None  # a class attribute that may be `__hash__ = ...`
        if not isinstance(statement, ast.AnnAssign):
            continue
        if not isinstance(statement.target, ast.Name) or "ClassVar" in ctx.segment(statement.annotation):
            return None
        if statement.value is not None and not _hashable_literal(statement.value):
            return None
        fields[statement.target.id] = statement.value
    return fields


def _hash_is_none(ctx: Context, cls: ast.ClassDef) -> bool:
    """Whether Python certainly sets `cls.__hash__` to None: the class body defines `__eq__`
    and not `__hash__` (no decorator, no metaclass), or it is a `dataclasses.dataclass` with
    `eq` (the default) and neither `frozen` nor `unsafe_hash` (no `__hash__` in the body)."""
    if cls.keywords or not all(isinstance(s, SIMPLE_STATEMENTS) for s in cls.body):
        return False
    names = defined_names(cls)
    if "__hash__" in names:
        return False
    if not cls.decorator_list:
        return "__eq__" in names
    if len(cls.decorator_list) != 1:
        return False
    decorator = cls.decorator_list[0]
    options: dict[str | None, ast.expr] = {}
    if isinstance(decorator, ast.Call):
        if decorator.args:
            return False
        options = {k.arg: k.value for k in decorator.keywords}
        decorator = decorator.func
    if ctx.model.qualname(decorator) != "dataclasses.dataclass" or None in options:
        return False
    for name, default in (("eq", True), ("frozen", False), ("unsafe_hash", False)):
        given = options.get(name)
        if given is not None and not (isinstance(given, ast.Constant) and type(given.value) is bool):
            return False
        if (given.value if given is not None else default) != (name == "eq"):  # type: ignore[union-attr]
            return False
    return True


def _unhashable_in_tuple(ctx: Context, expr: ast.Tuple) -> _Unhashable | None:
    """A tuple display hashes its elements in order: the first list, dict or set among them,
    after literals only, fails (Python's error names it)."""
    for element in expr.elts:
        if _hashable_literal(element):
            continue
        inner = ctx.values.value(element).type
        if inner not in CONTAINERS or isinstance(element, ast.Starred):
            return None
        return _Unhashable("<class 'tuple'>", f"TypeError: unhashable type: '{inner}'", _printed(expr))
    return None


def _unhashable_in_parts(parts: tuple[Value, ...]) -> _Unhashable | None:
    """A tuple whose elements are known as values: the first list, dict, set or NumPy array
    among them fails when every element before it certainly hashes (a Python scalar, a string)."""
    for part in parts:
        if part.python_scalar or part.type in ("str", "NoneType"):
            continue
        if part.type in CONTAINERS:
            return _Unhashable("<class 'tuple'>", f"TypeError: unhashable type: '{part.type}'", None)
        if _numpy_array_value(part):
            return _Unhashable("<class 'tuple'>", "TypeError: unhashable type: 'numpy.ndarray'", None)
        return None
    return None


def _hashable_literal(expr: ast.expr) -> bool:
    if isinstance(expr, ast.Constant):
        return True
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        return _hashable_literal(expr.operand)
    return isinstance(expr, ast.Tuple) and all(_hashable_literal(e) for e in expr.elts)


def _as_tuple(ctx: Context, expr: ast.expr) -> str:
    """The list display `expr` as a tuple display; "" when an element may be unhashable."""
    if not isinstance(expr, ast.List) or not all(_hashable_literal(e) for e in expr.elts):
        return ""
    return list_as_tuple(ctx.segment(expr), len(expr.elts))


def _static_arguments(jitted: _Jitted, call: ast.Call) -> Iterator[tuple[ast.expr, str]]:
    """(argument, how it is static) for each static argument of `call`."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return
    if jitted.signature is not None and bind_arguments(jitted.signature, call.args, call.keywords) is None:
        return
    names = jitted.signature.positional if jitted.signature is not None else ()
    for position, argument in enumerate(call.args):
        if position in jitted.static.argnums:
            yield argument, (f"parameter `{names[position]}` is static" if position < len(names)
                             else f"argument at position {position} is static")
    for keyword in call.keywords:
        if keyword.arg in jitted.static.argnames:
            yield keyword.value, f"parameter `{keyword.arg}` is static"


def _report(ctx: Context, jitted: _Jitted | None, argument: ast.expr, how: str, found: _Unhashable) -> None:
    values = {"static_arg.type()": found.type_text} if found.type_text else {}
    if found.error:
        values["e.what()"] = found.error
    if found.value is not None:
        values["static_arg"] = found.value
    shown = {"static_arg": f"the value of `{shorten(ctx.segment(argument))}`"} \
        if found.value is None else {}
    if found.shown_type is not None:
        shown["static_arg.type()"] = found.shown_type
    if found.shown_error is not None:
        shown["e.what()"] = found.shown_error
    elif not found.type_text and found.shown_type is not None and not found.error:
        shown["e.what()"] = f"TypeError: unhashable type: ({found.shown_type})"
    elif not found.type_text and not found.error:
        shown["static_arg.type()"] = "<class 'jaxlib._jax.ArrayImpl'>"
        shown["e.what()"] = "TypeError: unhashable type: 'jaxlib._jax.ArrayImpl'"
    as_tuple = _as_tuple(ctx, argument)
    declared = () if jitted is None else (Related(ctx.span(jitted.site), "the static arguments are declared here"),)
    ctx.report(
        argument, values=values, shown=shown,
        note=f" (the jitted function's {how}: its value must be hashable)" if jitted is not None
        else f" ({how}: its value must be hashable)",
        related=(*declared, *found.related),
        data=UnhashableStatic(ctx.span(argument), ctx.segment(argument), as_tuple))


# Transformations that, given only the function, trace every argument of their result's
# calls (keyword arguments too) as the staging trace's tracers.
TRACING_EVERY_ARGUMENT = ("jax.make_jaxpr", "jax.jit")


def _traced_calls(ctx: Context, jitted: _Jitted) -> Iterator[tuple[ast.Call, ast.Call]]:
    """(call, transformation) for each call of `jax.make_jaxpr(f)` or `jax.jit(f)` (no option)
    where `f` is the jitted function (`jax.make_jaxpr(adapt)(w, x, 3)`): that trace hands the
    jitted function a tracer for every argument, its static ones included."""
    if jitted.made is None:
        return
    for qualname in TRACING_EVERY_ARGUMENT:
        for site in ctx.model.calls_to(qualname):
            if len(site.args) != 1 or site.keywords or not _denotes(ctx, site.args[0], jitted.made):
                continue
            for call in ctx.model.calls_of_result(site.call):
                yield call, site.call


def _denotes(ctx: Context, expr: ast.expr, made: ast.AST) -> bool:
    if expr is made:
        return True
    if not isinstance(expr, ast.Name):
        return False
    if isinstance(made, ast.Call):
        return ctx.model.assigned_value(expr) is made
    binding = ctx.model.binding_of(expr)
    return binding is not None and binding.node is made


def _traced_scalar_or_array(ctx: Context, expr: ast.expr) -> bool:
    """Whether a trace makes `expr` a tracer: a Python number or bool, or a JAX array (a
    string or another object fails first, as no valid JAX type)."""
    value = ctx.values.value(expr)
    return value.python_scalar or value.jax_array is not None


def _check_jax_function(ctx: Context, call: ast.Call, static: StaticArgs, positional: tuple[str, ...]) -> None:
    if ctx.tracing.jit_off_at(call) or any(isinstance(a, ast.Starred) for a in call.args) \
            or any(k.arg is None for k in call.keywords):
        return
    given = [(argument, positional[i]) for i, argument in enumerate(call.args)
             if i in static.argnums and i < len(positional)]
    given += [(k.value, k.arg) for k in call.keywords if k.arg in static.argnames]
    written = ctx.segment(call.func)
    for argument, parameter in given:
        found = _unhashable(ctx, argument)
        if found is not None:
            _report(ctx, None, argument, f"`{written}` is jitted by JAX with `{parameter}` static", found)
            return  # (JAX hashes them together: one error)


def check(ctx: Context) -> None:
    for call, static, positional in _jax_function_calls(ctx):
        _check_jax_function(ctx, call, static, positional)
    for jitted in _jitted(ctx):
        for call in jitted.calls:
            if ctx.tracing.jit_off_at(call):  # no hashing where jit is off
                continue
            for argument, how in _static_arguments(jitted, call):
                found = _unhashable(ctx, argument)
                if found is not None:
                    _report(ctx, jitted, argument, how, found)
        for call, transformation in _traced_calls(ctx, jitted):
            if ctx.tracing.jit_off_at(call):
                continue
            for argument, how in _static_arguments(jitted, call):
                if not _traced_scalar_or_array(ctx, argument):
                    continue
                traced = Related(ctx.span(transformation),
                                 f"{ctx.model.qualname(transformation.func)} traces every argument, "
                                 "this one too")
                _report(ctx, jitted, argument, how, _Unhashable(
                    "<class 'jax._src.interpreters.partial_eval.DynamicJaxprTracer'>",
                    "TypeError: unhashable type: 'DynamicJaxprTracer'", None, related=(traced,)))


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, UnhashableStatic)
    if not data.as_tuple or lines.text(data.span) != data.source.replace("\n", lines.newline):
        return []
    why = ("Passes the same elements as a tuple, which is hashable: indexing, `len`, iteration "
           "and use as a shape behave the same, but code that appends to it, compares it with "
           "a list or checks `isinstance(..., list)` sees a tuple.")
    return [Fix("Pass a tuple instead of the list", False, why,
                (TextEdit(data.span, data.as_tuple.replace("\n", lines.newline)),), "list-to-tuple")]


RULE = Rule(
    code="JXE082",
    catalog_id="static-argument-unhashable",
    triggers=("static_argn", *sorted({name.rpartition(".")[2] for name in JITTED_JAX_FUNCTIONS})),
    check=check,
    data=UnhashableStatic,
    fix=fix,
    fix_ids=("list-to-tuple",),
)
