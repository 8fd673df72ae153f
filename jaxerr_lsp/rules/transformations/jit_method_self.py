"""JXE081 jit-method-self.

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

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.families.jit_static import JittedDef, jitted_defs, static_args
from jaxerr_lsp.analysis.model import CLASS
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.analysis.values import Signature

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# Methods that make an instance a pytree or an array-like for JAX, or hide what it is.
PYTREE_METHODS = frozenset({"tree_flatten", "tree_unflatten", "tree_flatten_with_keys",
                            "__jax_array__", "__getattr__", "__getattribute__",
                            "__init_subclass__", "__new__"})
# Calls that may register a class with JAX's pytree registry (any module's).
REGISTRATIONS = ("register_pytree_node", "register_pytree_node_class", "register_pytree_with_keys",
                 "register_pytree_with_keys_class", "register_dataclass", "register_static",
                 "register", "register_node")
# Statements of a class body whose names are certain.
SIMPLE_STATEMENTS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Assign, ast.AnnAssign,
                     ast.Expr, ast.Pass)
# Dunders after which an instance may not be hashable (the fix would fail).
HASH_METHODS = frozenset({"__eq__", "__hash__"})


@dataclass(frozen=True)
class JitMethodSelf(RuleData):
    # The jit decorator, and whether instances are hashable by identity (no `__eq__` or
    # `__hash__` in the class, its bases or its subclasses): only then can `self` be static.
    decorator_span: Span
    decorator_source: str
    hashable: bool


def _class_of(ctx: Context, function: ast.AST) -> ast.ClassDef | None:
    scope = ctx.model.scope_of_node.get(id(function))
    parent = scope.parent if scope is not None else None
    if parent is None or parent.kind != "class" or not isinstance(parent.node, ast.ClassDef):
        return None
    return parent.node if function in parent.node.body else None


def _defined_names(cls: ast.ClassDef) -> set[str]:
    names: set[str] = set()
    for statement in cls.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(statement.name)
        elif isinstance(statement, ast.Assign):
            names.update(t.id for t in statement.targets if isinstance(t, ast.Name))
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            names.add(statement.target.id)
    return names


class _Plainness:
    """Whether classes of the file are certainly not pytrees (nor array-likes)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.registered = self._registered_names()
        self._known: dict[int, bool] = {}

    def _registered_names(self) -> set[str] | None:
        """The names passed to registration calls; None when one registers something else
        (`register_pytree_node_class(cls)` in `__init_subclass__`, `type(obj)`): any class."""
        model = self.ctx.model
        classes = {cls.name for cls in model.classes}
        names: set[str] = set()
        for name in REGISTRATIONS:
            for call in [*model.name_calls.get(name, ()), *model.attribute_calls.get(name, ())]:
                if not call.args or not isinstance(call.args[0], ast.Name) \
                        or call.args[0].id not in classes:
                    return None
                names.update(a.id for a in [*call.args, *(k.value for k in call.keywords)]
                             if isinstance(a, ast.Name))
        return names

    def plain(self, cls: ast.ClassDef) -> bool:
        known = self._known.get(id(cls))
        if known is None:
            self._known[id(cls)] = False  # a cycle is not plain
            known = self._known[id(cls)] = self._own_plain(cls) and all(
                self._plain_base(base) for base in cls.bases)
        return known

    def _own_plain(self, cls: ast.ClassDef) -> bool:
        if cls.decorator_list or cls.keywords or self.registered is None \
                or cls.name in self.registered:
            return False
        if not all(isinstance(statement, SIMPLE_STATEMENTS) for statement in cls.body):
            return False  # methods defined under if/try: what the class has is not certain
        if _defined_names(cls) & PYTREE_METHODS:
            return False
        return "dtype" not in self.ctx.segment(cls)

    def _plain_base(self, base: ast.expr) -> bool:
        if self.ctx.model.qualname(base) == "builtins.object":
            return True
        if not isinstance(base, ast.Name):
            return False
        binding = self.ctx.model.binding_of(base)
        if binding is None or binding.kind != CLASS or not isinstance(binding.node, ast.ClassDef):
            return False
        return self.plain(binding.node)

    def family(self, cls: ast.ClassDef) -> list[ast.ClassDef] | None:
        """`cls` and every class of the file deriving from it (at any depth); None when one
        of them may be a pytree."""
        found = [cls]
        todo = [cls]
        while todo:
            current = todo.pop()
            for other in self.ctx.model.classes:
                if other in found or not any(self._names_class(b, current) for b in other.bases):
                    continue
                if not self.plain(other):
                    return None
                found.append(other)
                todo.append(other)
        return found

    def instantiation(self, classes: list[ast.ClassDef]) -> ast.Call | None:
        """Where one of `classes` is instantiated in the file (`Name(...)`): not a mixin only
        used by classes of other modules, which may be pytrees."""
        model = self.ctx.model
        for cls in classes:
            for call in model.name_calls.get(cls.name, ()):
                binding = model.binding_of(call.func) if isinstance(call.func, ast.Name) else None
                if binding is not None and binding.node is cls:
                    return call
        return None

    @staticmethod
    def _names_class(base: ast.expr, cls: ast.ClassDef) -> bool:
        """`base` may be `cls` (the same name: counted, to be safe)."""
        return isinstance(base, ast.Name) and base.id == cls.name


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


def _check(ctx: Context, jitted: JittedDef, plainness: _Plainness) -> None:
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
    hashable = not any(_defined_names(c) & HASH_METHODS for c in [*_bases_and_self(ctx, cls), *family])
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
        data=JitMethodSelf(decorator_span, ctx.segment(jitted.decorator), hashable))


def check(ctx: Context) -> None:
    plainness: _Plainness | None = None
    for jitted in jitted_defs(ctx):
        if _class_of(ctx, jitted.function) is None:
            continue
        plainness = plainness or _Plainness(ctx)
        _check(ctx, jitted, plainness)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.static_args import static_argument_edit

    data = finding.data
    assert isinstance(data, JitMethodSelf)
    if not data.hashable \
            or lines.text(data.decorator_span) != data.decorator_source.replace("\n", lines.newline):
        return []
    edit = static_argument_edit(lines, data.decorator_span, "self", 0)
    if edit is None:
        return []
    why = ("Marks `self` static: JAX then hashes the instance (by identity, for a class without "
           "`__eq__`/`__hash__`) instead of tracing it, compiles once per instance, and bakes "
           "the attributes it reads into the compiled code, so changing them after the first "
           "call has no effect. Registering the class as a pytree, or jitting a module-level "
           "function of arrays, avoids that.")
    return [Fix("Make self static", False, why, (edit,), "static-self")]


RULE = Rule(
    code="JXE081",
    catalog_id="jit-method-self",
    triggers=("jit",),
    check=check,
    data=JitMethodSelf,
    fix=fix,
    fix_ids=("static-self",),
)
