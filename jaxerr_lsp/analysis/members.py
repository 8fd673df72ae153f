"""The classes of the file as the index sees them: the function a name or an attribute denotes
(bound methods included: `jax.jit(self.step)`, `lax.scan(self.body, ...)`, `m.apply` for
`m = Model()`), and the attributes stored on `self` or on an instance and where they are read
(how a tracer leaks: `self.cache = x` in a jitted method, read after it returns).

Asked through `ModuleModel.members` (built lazily, once per module); every answer is what
the code certainly shows, None or empty otherwise:
- `self` is the first parameter of a method (not a `staticmethod`/`classmethod`), never
  rebound in it (a method JAX transforms by its decorator is denoted by no def: it runs the
  decorator's result); `m` an instance when the one binding that reaches it is `m = C(...)` for a
  class `C` of the file;
- a method is found in the class's own body, else in its bases when each is a class of the
  file (Python's order for single inheritance; a base the file does not show stops the search);
  a class of the file that derives from it and defines the name again, or a store of the name
  on an instance, makes the answer unknown (which function runs depends on the object).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.model import ASSIGN
from jaxerr_lsp.analysis.pytree_classes import plain_dataclass

if TYPE_CHECKING:
    from jaxerr_lsp.analysis.model import ModuleModel, Scope

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
# Decorators after which a method's first parameter is not the instance.
_NOT_BOUND = frozenset({"builtins.staticmethod", "builtins.classmethod"})


@dataclass(frozen=True, eq=False)
class Denoted:
    """The function an expression denotes."""

    function: FunctionNode
    owner: ast.ClassDef | None = None  # the class whose method it is
    # A bound method: the expression bound to its first parameter (`self` in `self.step`,
    # `m` in `m.apply`); None for a plain function or a static method.
    receiver: ast.expr | None = None

    @property
    def bound(self) -> bool:
        return self.receiver is not None


@dataclass(frozen=True, eq=False)
class AttributeStore:
    """`obj.attr = value` (or `op=`, or annotated) where `obj` is `self` or an instance of
    a class of the file."""

    attr: str
    target: ast.Attribute
    value: ast.expr | None  # the right-hand side (None: a `for`/`with` target...)
    statement: ast.AST
    owner: ast.ClassDef  # the class of the object
    method: FunctionNode | None  # the method it is written in, for a store on `self`


class Members:
    """Classes, methods and instance attributes of one module model."""

    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self._stores: dict[int, list[AttributeStore]] | None = None
        self._reads: dict[int, list[ast.Attribute]] | None = None
        self._stored_names: frozenset[str] | None = None
        # id(class) -> the classes of the file it is a base of (`subclasses`), built once
        self._derived: dict[int, list[ast.ClassDef]] | None = None
        self._subclasses: dict[int, tuple[ast.ClassDef, list[ast.ClassDef]]] = {}

    # ------------------------------------------------------------------- what is denoted
    def denoted(self, expr: ast.expr) -> Denoted | None:
        """The function `expr` certainly denotes when the file runs it: a lambda, a name bound
        to an undecorated def or a lambda (`model.function_of`), `self.method` or
        `instance.method` (bound), `Class.method` or a static method (not bound)."""
        model = self.model
        plain = model.function_of(expr)
        if plain is not None:
            return Denoted(plain)
        if not isinstance(expr, ast.Attribute) or not isinstance(expr.value, ast.Name):
            return None
        receiver = expr.value
        owner = self.class_of_instance(receiver)
        if owner is not None:
            method = self.method(owner, expr.attr)
            if method is None or self._stored_on_instances(owner, expr.attr) \
                    and not self._read_before_its_store(owner, expr):
                return None
            kind = self._method_kind(method)
            if kind == "method":
                return Denoted(method, owner, receiver)
            return Denoted(method, owner) if kind == "static" else None
        binding = model.binding_of(receiver)
        if binding is not None and isinstance(binding.node, ast.ClassDef) \
                and binding.node in model.classes:
            method = self.method(binding.node, expr.attr)
            if method is not None and self._method_kind(method) in ("method", "static"):
                return Denoted(method, binding.node)
        return None

    def _read_before_its_store(self, owner: ast.ClassDef, read: ast.Attribute) -> bool:
        """`obj.step = jax.jit(obj.step)`: the one store of the attribute on the class's
        instances, run once (a statement of the module's own code, or of `__init__`'s), reads
        the attribute of the same object in its value, before it stores."""
        stores = [store for cls in (owner, *self.subclasses(owner))
                  for store in self.attribute_stores(cls, read.attr)]
        if len(stores) != 1:
            return False
        store = stores[0]
        target, value = store.target, store.value
        if value is None or not isinstance(target.value, ast.Name) or not isinstance(read.value, ast.Name) \
                or target.value.id != read.value.id \
                or not any(node is read for node in ast.walk(value)):
            return False
        method = store.method
        if method is None:
            return any(store.statement is statement for statement in self.model.tree.body)
        return isinstance(method, ast.FunctionDef) and method.name == "__init__" \
            and any(store.statement is statement for statement in method.body)

    def method(self, owner: ast.ClassDef, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """The def `name` that `owner` and its bases define (see the module's docstring)."""
        if any(self._defines(sub, name) for sub in self.subclasses(owner)):
            return None
        seen: set[int] = set()
        current: ast.ClassDef | None = owner
        while current is not None and id(current) not in seen:
            seen.add(id(current))
            scope = self.model.scope_of_node.get(id(current))
            bindings = scope.bindings.get(name, []) if scope is not None else []
            if bindings:
                node = bindings[0].node
                if len(bindings) == 1 and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    return node
                return None
            current = self._only_base(current)
        return None

    def plain_method(self, owner: ast.ClassDef, name: str,
                     decorators: frozenset[str] = frozenset()) -> ast.FunctionDef | None:
        """The def a call of `instance.name(...)` certainly runs for an instance of `owner`
        (`method`), its first parameter bound to the instance: undecorated, or decorated only
        by `decorators` (qualnames that hand the arguments on unchanged); None when an
        instance may store the name itself."""
        method = self.method(owner, name)
        if not isinstance(method, ast.FunctionDef) or self._stored_on_instances(owner, name):
            return None
        if any(self.model.qualname(d) not in decorators for d in method.decorator_list):
            return None
        return method

    def subclasses(self, owner: ast.ClassDef) -> list[ast.ClassDef]:
        """The classes of the file that derive from `owner`, directly or not (found once per
        class: many questions about a method or an attribute ask it)."""
        known = self._subclasses.get(id(owner))
        if known is None or known[0] is not owner:
            known = self._subclasses[id(owner)] = (owner, self._find_subclasses(owner))
        return list(known[1])

    def _find_subclasses(self, owner: ast.ClassDef) -> list[ast.ClassDef]:
        derived = self._derived
        if derived is None:
            derived = self._derived = {}
            for node in self.model.classes:
                for base in self._base_classes(node):
                    derived.setdefault(id(base), []).append(node)
        found: list[ast.ClassDef] = []
        pending = list(derived.get(id(owner), []))
        while pending:
            node = pending.pop()
            if node is not owner and all(node is not f for f in found):
                found.append(node)
                pending.extend(derived.get(id(node), []))
        return found

    def class_of_instance(self, name: ast.Name) -> ast.ClassDef | None:
        """The class of the file `name` is an instance of: `self` in a plain method, or a
        name whose one reaching binding is `C(...)` (an undecorated class, or a stdlib
        dataclass that is no pytree)."""
        model = self.model
        use = model.use_of.get(id(name))
        if use is None:
            return None
        scope = model.resolve_scope(name.id, use.scope)
        if scope is not None and scope.kind == "function":
            owner = self.self_class(scope, name.id)
            if owner is not None:
                return owner
        binding = model.binding_of(name)
        value = binding.value if binding is not None and binding.kind == ASSIGN else None
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
            made = model.binding_of(value.func)
            if made is not None and isinstance(made.node, ast.ClassDef) and made.node in model.classes \
                    and (not made.node.decorator_list or plain_dataclass(model, made.node)):
                return made.node
        return None

    def stored_instance(self, read: ast.Attribute) -> ast.Call | None:
        """The construction `C(...)` of a class of the file (undecorated) that `self.attr`
        certainly holds where a method other than `__init__` reads it: the attribute's one
        store on `self` or an instance (of the class, its bases or subclasses) is `self.attr =
        C(...)`, written straight in `__init__`."""
        if not isinstance(read.value, ast.Name) or not isinstance(read.ctx, ast.Load):
            return None
        stores = self.stores_read_by(read)
        if len(stores) != 1:
            return None
        store = stores[0]
        method = store.method
        value = store.value
        if not isinstance(method, ast.FunctionDef) or method.name != "__init__" \
                or not isinstance(store.statement, ast.Assign) or len(store.statement.targets) != 1 \
                or store.statement not in method.body or not isinstance(value, ast.Call) \
                or not isinstance(value.func, ast.Name):
            return None
        reader = self._method_of(read.value)
        if reader is None or reader is method:
            return None
        made = self.model.binding_of(value.func)
        if made is None or not isinstance(made.node, ast.ClassDef) or made.node.decorator_list \
                or made.node not in self.model.classes:
            return None
        return value

    def class_of_receiver(self, expr: ast.expr) -> ast.ClassDef | None:
        """`class_of_instance` for a name; for `self.attr`, the class of the construction it
        holds (`stored_instance`)."""
        if isinstance(expr, ast.Name):
            return self.class_of_instance(expr)
        made = self.stored_instance(expr) if isinstance(expr, ast.Attribute) else None
        if made is None:
            return None
        binding = self.model.binding_of(made.func)  # type: ignore[arg-type]
        return binding.node if binding is not None and isinstance(binding.node, ast.ClassDef) else None

    # ------------------------------------------------------------------- attributes
    def attribute_stores(self, owner: ast.ClassDef, attr: str | None = None) -> list[AttributeStore]:
        """The stores of attributes on `self` in the methods of `owner` and on instances of it
        (named by `class_of_instance`), in source order; only `attr` when given."""
        stores = self._all_stores().get(id(owner), [])
        return [s for s in stores if attr is None or s.attr == attr]

    def attribute_reads(self, owner: ast.ClassDef, attr: str) -> list[ast.Attribute]:
        """The reads of `self.attr` in the methods of `owner` (its subclasses' too) and of
        `instance.attr` on its instances, in source order."""
        return [a for a in self._all_reads().get(id(owner), []) if a.attr == attr]

    def stores_read_by(self, read: ast.Attribute) -> list[AttributeStore]:
        """The stores that may have set the attribute `read` reads (`self.x` or `m.x`)."""
        if not isinstance(read.value, ast.Name):
            return []
        owner = self.class_of_instance(read.value)
        if owner is None:
            return []
        related = [owner, *self.subclasses(owner)]
        base = self._only_base(owner)
        while base is not None and base not in related:
            related.append(base)
            base = self._only_base(base)
        stores = [s for cls in related for s in self.attribute_stores(cls, read.attr)]
        return sorted(stores, key=lambda s: (s.target.lineno, s.target.col_offset))

    # ------------------------------------------------------------------- helpers
    def _all_stores(self) -> dict[int, list[AttributeStore]]:
        if self._stores is None:
            self._stores = self._collect_stores()
        return self._stores

    def _all_reads(self) -> dict[int, list[ast.Attribute]]:
        if self._reads is None:
            self._reads = self._collect_reads()
        return self._reads

    def stored_attributes(self) -> frozenset[str]:
        """The names of the attributes stored on names anywhere in the module (`x.attr = ...`):
        a cheap first look before `stores_read_by`."""
        if self._stored_names is None:
            self._stored_names = frozenset(
                target.attr for target, _ in self.model.stores_in(self.model.tree)
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name))
        return self._stored_names

    def _collect_stores(self) -> dict[int, list[AttributeStore]]:
        """One pass over the module's attribute stores on names."""
        model = self.model
        stores: dict[int, list[AttributeStore]] = {}
        for target, statement in model.stores_in(model.tree):
            if not isinstance(target, ast.Attribute) or not isinstance(target.value, ast.Name):
                continue
            owner = self.class_of_instance(target.value)
            if owner is None:
                continue
            value = statement.value if isinstance(statement, (ast.Assign, ast.AugAssign,
                                                              ast.AnnAssign, ast.NamedExpr)) else None
            stores.setdefault(id(owner), []).append(AttributeStore(
                target.attr, target, value, statement, owner, self._method_of(target.value)))
        for found in stores.values():
            found.sort(key=lambda s: (s.target.lineno, s.target.col_offset))
        return stores

    def _collect_reads(self) -> dict[int, list[ast.Attribute]]:
        """One pass over the module's attribute reads on names."""
        model = self.model
        reads: dict[int, list[ast.Attribute]] = {}
        for node in model.nodes_in(model.tree, ast.Attribute):
            if isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Name):
                owner = self.class_of_instance(node.value)
                if owner is not None:
                    reads.setdefault(id(owner), []).append(node)
        for read in reads.values():
            read.sort(key=lambda a: (a.lineno, a.col_offset))
        return reads

    def _method_of(self, name: ast.Name) -> FunctionNode | None:
        use = self.model.use_of.get(id(name))
        scope = self.model.resolve_scope(name.id, use.scope) if use is not None else None
        if scope is None or self.self_class(scope, name.id) is None:
            return None
        node = scope.node
        return node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None

    def self_class(self, scope: Scope, name: str) -> ast.ClassDef | None:
        """The class whose plain method `scope` is, when `name` is its first parameter,
        never rebound."""
        function = scope.node
        parent = scope.parent
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or parent is None \
                or parent.kind != "class" or not isinstance(parent.node, ast.ClassDef):
            return None
        positional = [*function.args.posonlyargs, *function.args.args]
        if not positional or positional[0].arg != name or any(
                self.model.qualname(d) in _NOT_BOUND for d in function.decorator_list):
            return None
        if len(scope.bindings.get(name, [])) != 1:
            return None
        return parent.node

    def _method_kind(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
        """"method" (undecorated), "static" (`@staticmethod` alone), else "other"."""
        decorators = function.decorator_list
        if not decorators:
            return "method"
        if len(decorators) == 1 and self.model.qualname(decorators[0]) == "builtins.staticmethod":
            return "static"
        return "other"

    def defines_in_hierarchy(self, owner: ast.ClassDef, name: str) -> bool:
        """Whether `owner`, a base or a subclass of it defines `name` in its class body (a
        method, a property, a class attribute), or a base the file does not show may."""
        related = [owner, *self.subclasses(owner)]
        for cls in related:
            current: ast.ClassDef | None = cls
            while current is not None:
                if self._defines(current, name):
                    return True
                bases = current.bases
                current = self._only_base(current)
                if current is None and any(not (isinstance(b, ast.Name) and b.id == "object") for b in bases):
                    return True  # a base the file does not show
        return False

    def shadowable_method(self, owner: ast.ClassDef, name: str) -> bool:
        """Whether `obj.name = value` on an instance of `owner` certainly makes `obj.name` that
        value: `owner` is a plain class (`plain_class`) whose body binds `name` once, to an
        undecorated def (a function is a non-data descriptor: the instance's own attribute
        wins over it)."""
        if not plain_class(owner):
            return False
        scope = self.model.scope_of_node.get(id(owner))
        bindings = scope.bindings.get(name, []) if scope is not None else []
        return len(bindings) == 1 and isinstance(bindings[0].node, ast.FunctionDef) \
            and not bindings[0].node.decorator_list

    def _defines(self, owner: ast.ClassDef, name: str) -> bool:
        scope = self.model.scope_of_node.get(id(owner))
        return scope is not None and name in scope.bindings

    def _stored_on_instances(self, owner: ast.ClassDef, name: str) -> bool:
        return any(self.attribute_stores(cls, name) for cls in (owner, *self.subclasses(owner)))

    def _base_classes(self, owner: ast.ClassDef) -> list[ast.ClassDef]:
        """The bases of `owner` that are classes of the file (others left out)."""
        found: list[ast.ClassDef] = []
        for base in owner.bases:
            binding = self.model.binding_of(base) if isinstance(base, ast.Name) else None
            if binding is not None and isinstance(binding.node, ast.ClassDef):
                found.append(binding.node)
        return found

    def _only_base(self, owner: ast.ClassDef) -> ast.ClassDef | None:
        """The one base of `owner` when it is a class of the file (None with several bases,
        a base from elsewhere, or none but `object`)."""
        if len(owner.bases) != 1 or owner.keywords:
            return None
        found = self._base_classes(owner)
        return found[0] if found else None


_ATTRIBUTE_HOOKS = frozenset({"__setattr__", "__getattribute__", "__getattr__", "__slots__",
                              "__set_name__"})


def plain_class(node: ast.AST) -> bool:
    """A class of its own (no base, decorator or metaclass) that sets and reads attributes
    the ordinary way (no `__setattr__`, `__getattribute__`, `__getattr__`, `__slots__`)."""
    if not isinstance(node, ast.ClassDef) or node.decorator_list or node.keywords:
        return False
    if any(not (isinstance(base, ast.Name) and base.id == "object") for base in node.bases):
        return False
    for item in node.body:
        names = [item.name] if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) else [
            t.id for t in getattr(item, "targets", [getattr(item, "target", None)])
            if isinstance(t, ast.Name)]
        if _ATTRIBUTE_HOOKS.intersection(names):
            return False
    return True


__all__ = ["Members", "Denoted", "AttributeStore", "plain_class"]
