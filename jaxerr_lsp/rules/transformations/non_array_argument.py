"""JXE081 non-array-argument: two cases of one JAX error.

At a call of a transformed function:

What it does: finds a call of the file that runs a function through `jax.jit` (decorated,
`g = jax.jit(f)`, `jax.jit(f)(...)`, `functools.partial(jax.jit, ...)`, nested around vmap or
grad), `jax.make_jaxpr` or `jax.eval_shape` (`jaxerr_lsp.analysis.applications`) and passes, for a parameter the transformation traces (not
static), a value that is certainly not a valid JAX type (`families.jax_types`): a `str` or
`bytes` literal, an f-string, a builtin type or a plain class of the file, an instance of such
a class made at the call, alone or as the one bad element of a tuple, list or dict display. A call inside `try` with handlers, a method, a
`*args`/`**kwargs` call and options not written out stay silent.

Why is this bad: JAX turns every traced argument into an abstract array before tracing, leaf by
leaf; such a leaf has no shape or dtype, so the call raises TypeError before the function runs.
jit (and make_jaxpr, eval_shape) names the function, the leaf's type and its path (checkpoint
and vmap word it otherwise: not covered by this entry). The prediction
names the type and the path when every other traced argument is known to be valid (JAX reports
the first bad leaf), else shows them.

Fix (unsafe): make the parameter static at its `jax.jit` site (`static_argnames`, and
`static_argnums` when written out): JAX then passes the value as it is and compiles once per
value; offered when no call passes the parameter an array, a list, a dict or a set (a static
argument is hashed).

For `self` of a jitted method (this rule's first case, formerly jit-method-self):

What it does: finds a method decorated with `jax.jit` (bare, `@jax.jit(...)` or
`@functools.partial(jax.jit, ...)`, its only decorator) whose first parameter `self` is not
static, in a class that is certainly not a pytree: a plain class of this file (no decorator,
no metaclass, bases only `object` or such plain classes of the file, no subclass here that
could be a pytree), never passed to a `register_*` call, without `tree_flatten`,
`tree_unflatten`, `__jax_array__`, `__getattr__` or `__getattribute__`, and never mentioning
`dtype` (an object with a `dtype` attribute is read as an array), and instantiated in the file
(it or a subclass: a mixin used only by other modules' classes may serve pytrees). An unknown
base may be a registered pytree, an `equinox.Module` or a `flax.struct.PyTreeNode`: silence.

Why is this bad: calling the method passes the instance to the jitted function as its first
argument; JAX can only trace arrays and pytrees of arrays, so it raises TypeError naming the
argument path `self`, at every call. `jax.jit(self.method)` (a bound method: `self` is not an
argument) is not concerned.

The same for a method decorated `@classmethod` over `jax.jit`, in a class of the file with no
base and no keyword: each call hands the class object (a `type`) as the first argument; reported
when the first parameter is not static and the file calls the method through the class or an
instance of it (no fix offered: `static_argnums=0` is the edit).

Fix: make `self` static (the shared edit of jaxerr_lsp.fixes.static_args: `"self"` added to
`static_argnames`, and 0 to `static_argnums` when that is written out); unsafe: the instance is
then hashed by identity, every instance compiles anew, and attributes changed after the first
call are not seen (the compiled code keeps the old values). Not offered when the class, a
base or a subclass of the file defines `__eq__` or `__hash__` (instances may be unhashable).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.applications import Application
from jaxerr_lsp.analysis.tracing import TracedFunction
from jaxerr_lsp.analysis.values import Signature
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.families.jit_static import JittedDef, jitted_defs, static_args
from jaxerr_lsp.families.jax_types import (InvalidLeaf, PlainClasses, defined_names, invalid_leaf,
                                          known_valid)
from jaxerr_lsp.families.tracer_arrays import hashable_wherever_passed

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# The transformations that abstract their arguments with jit's check (jax/_src/pjit.py).
JIT_CHECKED = frozenset({"jax.jit", "jax.make_jaxpr", "jax.eval_shape"})

# Dunders after which an instance may not be hashable (the fix would fail).
HASH_METHODS = frozenset({"__eq__", "__hash__"})


@dataclass(frozen=True)
class NonArrayArgument(RuleData):
    # The jax.jit site that can make the parameter static, with its text; None: not offered.
    site: Span | None
    site_text: str
    parameter: str
    position: int | None  # among the positional parameters; None: keyword-only
    # For `self`: whether instances are hashable by identity (no `__eq__` or `__hash__` in
    # the class, its bases or its subclasses): only then can `self` be static.
    hashable: bool = True


def _entry_message() -> str:
    from jaxerr_lsp.errors.catalog import load_catalog

    return load_catalog().get("non-array-argument").message.strip()


def _function_text(traced: TracedFunction) -> str:
    return f"<function {traced.name} at 0x…>"


def _static_site(ctx: Context, traced: TracedFunction, application: Application,
                 name: str) -> tuple[Span | None, str, int | None]:
    transform = application.transform
    args = traced.function.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    position = positional.index(name) if name in positional else None
    if transform.qualname != "jax.jit" or name in (a.arg for a in args.posonlyargs) \
            or len(traced.transforms) != 1 or traced.elsewhere \
            or not hashable_wherever_passed(ctx, traced, name):
        return None, "", position
    return ctx.span(transform.site), ctx.segment(transform.site), position


def _report(ctx: Context, traced: TracedFunction, application: Application, name: str,
            leaf: InvalidLeaf, others_valid: bool) -> None:
    qualname = application.transform.qualname
    template = _entry_message()
    values: dict[str, str] = {}
    shown: dict[str, str] = {}
    known = {"type(x)": leaf.type_text, "arg_description": f"path {name}{leaf.path}"}
    (values if others_valid else shown).update(known)
    if not leaf.type_known:
        shown["type(x)"] = values.pop("type(x)", leaf.type_text)
    shown["fun"] = _function_text(traced)
    message = fill(template, {**values, **shown})
    predicted = fill(template, values, escape=True)
    site, site_text, position = _static_site(ctx, traced, application, name)
    if not leaf.type_known or leaf.text_array or leaf.path:
        site = None  # an instance: hashable only if its class says so; a NumPy array, a container: never
    note = (f"\n(`{name}` of `{traced.name}` is traced by `{qualname}`: it must be an array, a "
            "Python number or a pytree of them, or be marked static)")
    passed = tuple(Related(ctx.span(argument), "what the argument holds comes from here")
                   for argument in leaf.passed[:3])
    ctx.report(leaf.node, message=message + note, predicted=predicted,
               related=(Related(ctx.span(application.transform.site),
                                f"`{traced.name}` is transformed by `{qualname}` here"), *passed),
               data=NonArrayArgument(site, site_text, name, position))


def _class_of(ctx: Context, function: ast.AST) -> ast.ClassDef | None:
    scope = ctx.model.scope_of_node.get(id(function))
    parent = scope.parent if scope is not None else None
    if parent is None or parent.kind != "class" or not isinstance(parent.node, ast.ClassDef):
        return None
    return parent.node if function in parent.node.body else None


def _self_static(jitted: JittedDef, signature: Signature) -> bool | None:
    """Whether the first parameter is static; None when the code does not show it."""
    static = static_args(jitted.keywords, signature)
    if static is None:
        return None
    return 0 in static.argnums


def _bases_and_self(ctx: Context, cls: ast.ClassDef) -> list[ast.ClassDef]:
    found = [cls]
    for base in cls.bases:
        if isinstance(base, ast.Name):
            binding = ctx.model.binding_of(base)
            if binding is not None and isinstance(binding.node, ast.ClassDef):
                found += _bases_and_self(ctx, binding.node)
    return found


def _check_method(ctx: Context, jitted: JittedDef, plainness: PlainClasses) -> None:
    """A jitted method of a plain class whose `self` is not static."""
    function = jitted.function
    positional = [*function.args.posonlyargs, *function.args.args]
    if not positional or positional[0].arg != "self":
        return
    cls = _class_of(ctx, function)
    if cls is None or not plainness.plain(cls):
        return
    family = plainness.family(cls)
    instance = plainness.instantiation(family) if family is not None else None
    if family is None or instance is None:
        return
    if _self_static(jitted, Signature.of(function.args)) is not False:
        return
    hashable = not any(defined_names(c) & HASH_METHODS for c in [*_bases_and_self(ctx, cls), *family])
    decorator_span = ctx.span(jitted.decorator)
    ctx.report(
        jitted.decorator,
        values={"arg_description": "path self"},
        shown={"fun": f"<function {cls.name}.{function.name} at 0x…>",
               "type(x)": f"<class '….{cls.name}'>" + (" (or a subclass)" if len(family) > 1 else "")},
        note=(f" (`{function.name}` is jitted as a plain function: each call passes the "
              f"`{cls.name}` instance as its argument `self`, which is neither an array nor a pytree)"),
        related=(Related(ctx.name_span(cls), f"class `{cls.name}`: not a pytree"),
                 Related(ctx.span(instance), "an instance is made here")),
        data=NonArrayArgument(decorator_span, ctx.segment(jitted.decorator), "self", 0, hashable))


def _jitted_classmethods(ctx: Context) -> list[tuple[JittedDef, ast.ClassDef]]:
    """Methods decorated `@classmethod` over a `jax.jit` decorator (bare, with options or
    through `functools.partial`: `jitted_defs`' forms), in a class of the file written with
    no keyword (no metaclass) and no base (its class object's type is `type`)."""
    found = []
    for function in ctx.model.functions:
        decorators = getattr(function, "decorator_list", [])
        if isinstance(function, ast.Lambda) or len(decorators) != 2 \
                or ctx.model.qualname(decorators[0]) != "builtins.classmethod":
            continue
        inner = decorators[1]
        if isinstance(inner, ast.Call):
            site = ctx.model.call_site(inner)
            if site is None or site.qualname != "jax.jit" or site.args:
                continue
            keywords = tuple(site.keywords)
        elif ctx.model.qualname(inner) == "jax.jit":
            keywords = ()
        else:
            continue
        cls = _class_of(ctx, function)
        if cls is None or cls.keywords or cls.bases:
            continue
        found.append((JittedDef(function, inner, keywords), cls))  # type: ignore[arg-type]
    return found


def _check_classmethod(ctx: Context, jitted: JittedDef, cls: ast.ClassDef) -> None:
    """A jitted class method whose first parameter (the class) is not static, called in the
    file through the class or an instance of it."""
    function = jitted.function
    positional = [*function.args.posonlyargs, *function.args.args]
    if not positional or _self_static(jitted, Signature.of(function.args)) is not False:
        return
    members = ctx.model.members
    called = None
    for call in ctx.model.attribute_calls.get(function.name, ()):
        receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
        if not isinstance(receiver, ast.Name):
            continue
        binding = ctx.model.binding_of(receiver)
        if (binding is not None and binding.node is cls) or members.class_of_instance(receiver) is cls:
            called = call
            break
    if called is None or members.subclasses(cls):
        return
    name = positional[0].arg
    ctx.report(
        jitted.decorator,
        values={"arg_description": f"path {name}", "type(x)": "<class 'type'>"},
        shown={"fun": f"<function {cls.name}.{function.name} at 0x…>"},
        note=(f" (`{function.name}` is jitted below `@classmethod`: each call passes the class "
              f"`{cls.name}` as its argument `{name}`, which is neither an array nor a pytree)"),
        related=(Related(ctx.name_span(cls), f"class `{cls.name}`"),
                 Related(ctx.span(called), "the class method is called here")),
        data=NonArrayArgument(None, "", name, 0))


def check(ctx: Context) -> None:
    for jitted, cls in _jitted_classmethods(ctx):
        _check_classmethod(ctx, jitted, cls)
    plainness: PlainClasses | None = None
    for jitted in jitted_defs(ctx):
        if _class_of(ctx, jitted.function) is None:
            continue
        plainness = plainness or PlainClasses(ctx)
        _check_method(ctx, jitted, plainness)
    tracing = ctx.tracing
    for traced in tracing.functions:
        for application in tracing.applications.of(traced):
            if application.transform.qualname not in JIT_CHECKED:
                continue
            arguments = dict(application.traced_arguments())
            bad = {name: leaf for name, argument in arguments.items()
                   if (leaf := invalid_leaf(ctx, argument)) is not None}
            if len(bad) != 1 or tracing.applications.guarded(application.call):
                continue
            (name, leaf), = bad.items()
            others_valid = all(known_valid(ctx, argument) for other, argument in arguments.items()
                               if other != name)
            _report(ctx, traced, application, name, leaf, others_valid)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.static_args import static_argument_edit

    data = finding.data
    assert isinstance(data, NonArrayArgument)
    if data.site is None or not data.hashable \
            or lines.text(data.site) != data.site_text.replace("\n", lines.newline):
        return []
    edit = static_argument_edit(lines, data.site, data.parameter, data.position)
    if edit is None:
        return []
    if data.parameter == "self":
        self_why = ("Marks `self` static: JAX then hashes the instance (by identity, for a class "
                    "without `__eq__`/`__hash__`) instead of tracing it, compiles once per instance, "
                    "and bakes the attributes it reads into the compiled code, so changing them "
                    "after the first call has no effect. Registering the class as a pytree, or "
                    "jitting a module-level function of arrays, avoids that.")
        return [Fix("Make self static", False, self_why, (edit,), "static-self")]
    why = (f"`{data.parameter}` becomes a static argument: JAX passes the value to the function "
           "as it is and compiles once for every new value; every caller must then pass a "
           "hashable value (an array there fails).")
    return [Fix(f"Make {data.parameter} static in jax.jit", False, why, (edit,),
                "add-static-argnames")]


RULE = Rule(
    code="JXE081",
    catalog_id="non-array-argument",
    triggers=("jit", "make_jaxpr", "eval_shape"),
    check=check,
    data=NonArrayArgument,
    fix=fix,
    fix_ids=("static-self", "add-static-argnames"),
)
