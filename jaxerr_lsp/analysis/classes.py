"""Classes of a file that are certainly plain Python classes: no pytree, no array-like.

A class whose instances JAX cannot flatten (rule JXE081 non-array-argument, through
`jaxerr_lsp.families.jax_types`), and which a module summary shows its importers
(`jaxerr_lsp.analysis.summaries`): no decorator, no metaclass or other keyword, bases only
`object` or other such classes of the file, never passed to a pytree registration call nor
handed on to JAX otherwise, no `tree_flatten`/`__jax_array__`/`__getattr__`..., never mentioning
`dtype` (an object with a `dtype` attribute is read as an array).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.model import CLASS, ModuleModel

if TYPE_CHECKING:
    from jaxerr_lsp.analysis.summaries import FunctionSummary

# Methods that make an instance a pytree or an array-like for JAX, or hide what it is.
PYTREE_METHODS = frozenset({"tree_flatten", "tree_unflatten", "tree_flatten_with_keys",
                            "__jax_array__", "__getattr__", "__getattribute__",
                            "__init_subclass__", "__new__"})
# Calls that may register a class with JAX's pytree registry (any module's).
REGISTRATIONS = ("register_pytree_node", "register_pytree_node_class", "register_pytree_with_keys",
                 "register_pytree_with_keys_class", "register_dataclass", "register_static",
                 "register", "register_node")
# Bases whose subclasses JAX cannot flatten unless they register themselves: `object`, and a
# Flax linen Module (an instance given to jit as an argument is not a valid JAX type).
PLAIN_BASES = frozenset({"builtins.object", "flax.linen.Module", "flax.linen.module.Module"})
# Statements of a class body whose names are certain.
SIMPLE_STATEMENTS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Assign, ast.AnnAssign,
                     ast.Expr, ast.Pass)


def defined_names(cls: ast.ClassDef) -> set[str]:
    names: set[str] = set()
    for statement in cls.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(statement.name)
        elif isinstance(statement, ast.Assign):
            names.update(t.id for t in statement.targets if isinstance(t, ast.Name))
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            names.add(statement.target.id)
    return names


class PlainClasses:
    """Whether classes of the file are certainly not pytrees (nor array-likes): `model`, the
    file's model, `segment(node)` its source text; `imported`, the summaries of what the
    file imports from other modules of its project (a base that is a plain class there:
    `jaxerr_lsp.analysis.summaries`)."""

    def __init__(self, model: ModuleModel, segment: Callable[[ast.AST], str],
                 imported: Mapping[str, FunctionSummary] | None = None) -> None:
        self.model = model
        self.segment = segment
        self.imported = imported or {}
        # The classes registered (their ids), and the names of any other argument of a
        # registration call (every class of such a name counts as registered).
        self.registered_classes: set[int] = set()
        self.registered = self._registered_names()
        self._known: dict[int, bool] = {}

    def _registered_names(self) -> set[str] | None:
        """The names passed to registration calls (but the registered class itself, when code
        flow says which class statement it is: a notebook may define a class of that name
        again, and register only the new one); None when one registers something else
        (`register_pytree_node_class(cls)` in `__init_subclass__`, `type(obj)`): any class."""
        model = self.model
        classes = {cls.name for cls in model.classes}
        names: set[str] = set()
        for name in REGISTRATIONS:
            for call in [*model.name_calls.get(name, ()), *model.attribute_calls.get(name, ())]:
                first = call.args[0] if call.args else None
                if not isinstance(first, ast.Name) or first.id not in classes:
                    return None
                binding = model.binding_of(first)
                known = binding is not None and binding.kind == CLASS \
                    and isinstance(binding.node, ast.ClassDef)
                if known:
                    self.registered_classes.add(id(binding.node))  # type: ignore[union-attr]
                names.update(a.id for a in [*call.args, *(k.value for k in call.keywords)]
                             if isinstance(a, ast.Name) and not (known and a is first))
        return names

    def plain(self, cls: ast.ClassDef) -> bool:
        known = self._known.get(id(cls))
        if known is None:
            self._known[id(cls)] = False  # a cycle is not plain
            known = self._known[id(cls)] = self._own_plain(cls) and all(
                self._plain_base(base) for base in cls.bases)
        return known

    def _own_plain(self, cls: ast.ClassDef) -> bool:
        if not all(self._dataclass_decorator(d) for d in cls.decorator_list) or cls.keywords \
                or self.registered is None \
                or cls.name in self.registered or id(cls) in self.registered_classes:
            return False
        if not all(isinstance(statement, SIMPLE_STATEMENTS) for statement in cls.body):
            return False  # methods defined under if/try: what the class has is not certain
        if defined_names(cls) & PYTREE_METHODS or self._handed_on(cls):
            return False
        return "dtype" not in self.segment(cls)

    def _dataclass_decorator(self, decorator: ast.expr) -> bool:
        """`@dataclasses.dataclass` (with options or not): fields and methods, no pytree
        (`flax.struct.dataclass`, `chex.dataclass`, `jax.tree_util.register_dataclass` are
        other names)."""
        function = decorator.func if isinstance(decorator, ast.Call) else decorator
        return self.model.qualname(function) == "dataclasses.dataclass"

    def _handed_on(self, cls: ast.ClassDef) -> bool:
        return self.handed_on(cls.name, cls)

    def handed_on(self, name: str, cls: ast.AST) -> bool:
        """Whether the file hands the class object bound to `name` by `cls` (its class
        statement, or the import that binds it) somewhere (`core.pytype_aval_mappings[C] =
        ...`, `register_handler(C, ...)`, `handlers = {C: ...}`): JAX may have been taught
        the type. A call making an instance, an attribute of the class, an `isinstance` /
        `issubclass` test, a class statement's base and an annotation hand nothing on."""
        model = self.model
        for use in model.uses.get(name, ()):
            parent, node = use.parent, use.node
            if isinstance(parent, ast.Call) and parent.func is node \
                    or isinstance(parent, (ast.Attribute, ast.ClassDef, ast.arg)) \
                    or isinstance(parent, ast.AnnAssign) and parent.annotation is node \
                    or isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) and parent.returns is node:
                continue
            if isinstance(parent, ast.Call) and node in parent.args[1:2] and model.qualname(
                    parent.func) in ("builtins.isinstance", "builtins.issubclass"):
                continue
            reaching = model.reaching(node)
            if reaching and all(b.node is not cls for b in reaching):
                continue  # another binding of that name (a parameter; a class a notebook defines again)
            return True
        return False

    def _plain_base(self, base: ast.expr) -> bool:
        qualname = self.model.qualname(base)
        if qualname in PLAIN_BASES:
            return True
        summary = self.imported.get(qualname) if qualname is not None else None
        if summary is not None and summary.plain_class:
            return True  # (what a subclass inherits: no registration is, a pytree method is)
        if not isinstance(base, ast.Name):
            return False
        binding = self.model.binding_of(base)
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
            for other in self.model.classes:
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
        model = self.model
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


__all__ = ["PYTREE_METHODS", "PlainClasses", "REGISTRATIONS", "SIMPLE_STATEMENTS", "defined_names"]
