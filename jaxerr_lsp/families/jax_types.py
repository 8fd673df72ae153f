"""Arguments that are certainly not valid JAX types (for JXE081 non-array-argument).

JAX turns every traced argument into an abstract value leaf by leaf of its pytree: an array,
a NumPy array or scalar, a Python number or bool; `None` and empty containers are pytrees with
no leaves. A leaf of any other type fails: a `str` or `bytes`, a type object (`int`, a class),
a function, an instance of a class that is no pytree. Here only what the code certainly shows
(lookups, never walks):

- a `str`/`bytes` literal, an f-string;
- a builtin type (`int`, `float`, `str`, `list`...) named through Python's builtins, or a class
  of this file that is a plain class (no decorator, no keyword, no base but `object` or other
  such classes): its type is `type`, which no pytree registration covers;
- an instance made here, `Settings(...)`, of a plain class that is certainly no pytree
  (`PlainClasses`: never passed to a registration call, no `tree_flatten`/`__jax_array__`/
  `__getattr__`..., never mentioning `dtype`); its type is shown, not predicted (the module
  name JAX prints depends on how the file runs);
- one of those as an element of a tuple or list display, or as a value of a dict display with
  constant keys (the path then names it: `s[1]`, `s['k']`).

`known_valid(ctx, expr)` says when an argument certainly flattens without error (an array, a
Python number or bool, None, a tracer of the traced code): a finding predicts JAX's path and
type only when every other traced argument is such (JAX reports the first bad leaf).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.model import ASSIGN, CLASS, DEF
from jaxerr_lsp.analysis.pytree import NamedTupleNode
from jaxerr_lsp.engine.rule import Context

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


BUILTIN_TYPES = frozenset({"int", "float", "complex", "bool", "str", "bytes", "list", "dict",
                           "tuple", "set", "frozenset", "object", "type", "slice", "range"})
VALID_TYPES = frozenset({"ArrayImpl", "ndarray", "int", "float", "bool", "complex", "NoneType"})


@dataclass(frozen=True)
class InvalidLeaf:
    """A leaf JAX cannot turn into an abstract value."""

    node: ast.expr  # the leaf's expression
    type_text: str  # `type(x)` as JAX prints it: "<class 'str'>", "<class 'type'>"
    path: str  # the key path below the argument: "", "[1]", "['k']"
    value_text: str | None  # `str(x)` when the code shows it exactly (a str literal, a builtin type)
    type_known: bool = True  # False: `type_text` only describes it (an instance: its module varies)


def invalid_leaf(ctx: Context, expr: ast.expr) -> InvalidLeaf | None:
    """The one leaf of `expr` that is certainly not a valid JAX type, when there is one and
    the other leaves of `expr` are valid; None otherwise."""
    if isinstance(expr, (ast.Tuple, ast.List)):
        return _in_container(ctx, [(f"[{i}]", e) for i, e in enumerate(expr.elts)],
                             any(isinstance(e, ast.Starred) for e in expr.elts))
    if isinstance(expr, ast.Dict):
        keys = [k.value if isinstance(k, ast.Constant) else None for k in expr.keys]
        if any(not isinstance(k, (str, int)) or isinstance(k, bool) for k in keys) \
                or len(set(keys)) != len(keys) or len({type(k) for k in keys}) > 1:
            return None
        return _in_container(ctx, [(f"[{k!r}]", v) for k, v in zip(keys, expr.values)], False)
    return _leaf(ctx, expr)


def _in_container(ctx: Context, items: list[tuple[str, ast.expr]], starred: bool) -> InvalidLeaf | None:
    if starred:
        return None
    found = [(path, leaf) for path, value in items if (leaf := _leaf(ctx, value)) is not None]
    if len(found) != 1:
        return None
    path, leaf = found[0]
    if not all(known_valid(ctx, value) for p, value in items if p != path):
        return None
    return InvalidLeaf(leaf.node, leaf.type_text, path, leaf.value_text)


def _leaf(ctx: Context, expr: ast.expr) -> InvalidLeaf | None:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, (str, bytes)):
        kind = "str" if isinstance(expr.value, str) else "bytes"
        text = expr.value if isinstance(expr.value, str) else str(expr.value)
        return InvalidLeaf(expr, f"<class '{kind}'>", "", text)
    if isinstance(expr, ast.JoinedStr):
        return InvalidLeaf(expr, "<class 'str'>", "", None)
    if isinstance(expr, ast.Name):
        qualname = ctx.model.qualname(expr)
        if qualname is not None and qualname.startswith("builtins."):
            name = qualname.removeprefix("builtins.")
            if name in BUILTIN_TYPES:
                return InvalidLeaf(expr, "<class 'type'>", "", f"<class '{name}'>")
            return None
        binding = ctx.model.binding_of(expr)
        if binding is not None and binding.kind == CLASS and isinstance(binding.node, ast.ClassDef) \
                and _plain_class(ctx, binding.node, 0):
            return InvalidLeaf(expr, "<class 'type'>", "", None)
        if binding is not None and binding.kind == DEF and isinstance(binding.node, ast.FunctionDef) \
                and not binding.node.decorator_list:
            return InvalidLeaf(expr, "<class 'function'>", "", None)  # a plain def of the file
        if binding is not None and binding.kind == ASSIGN and binding.value is not None \
                and isinstance(binding.value, (ast.Call, ast.Lambda, ast.Constant, ast.JoinedStr, ast.Attribute)):
            # `cfg = Settings()` (code flow: the one binding reaching the use), `act = lambda ...`,
            # `mode = "train"`, `dtype = jnp.float32`
            made = _leaf(ctx, binding.value)
            if made is not None:
                return InvalidLeaf(expr, made.type_text, made.path, None, type_known=made.type_known)
        return None
    if isinstance(expr, ast.Lambda):
        return InvalidLeaf(expr, "<class 'function'>", "", None)
    if isinstance(expr, ast.Attribute):
        # `jnp.float32` (a scalar type), `jnp.tanh` (a function): an attribute of jax.numpy
        # that is not one of its few constants is a function, a class or a module
        qualname = ctx.model.qualname(expr)
        if qualname is not None and qualname.startswith("jax.numpy.") and qualname.count(".") == 2:
            name = qualname.removeprefix("jax.numpy.")
            if name in JNP_SCALAR_TYPES:
                return InvalidLeaf(expr, "<class 'jax._src.numpy.scalar_types._ScalarMeta'>", "", None)
            if name not in JNP_CONSTANTS and name in public_jax_names():
                return InvalidLeaf(expr, "<class '…'>", "", None, type_known=False)
        return None
    if isinstance(expr, ast.Call):
        # `Point("p", 1.0)` of a named tuple of the file: a pytree whose fields are its leaves
        tree = ctx.values.value(expr).tree
        if isinstance(tree, NamedTupleNode):
            fields = _namedtuple_fields(expr, tree)
            return _in_container(ctx, fields, False) if fields is not None else None
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name):
        # `Settings(...)`: an instance of a plain class of the file (no pytree, no dtype)
        binding = ctx.model.binding_of(expr.func)
        if binding is not None and binding.kind == CLASS and isinstance(binding.node, ast.ClassDef) \
                and PlainClasses(ctx).plain(binding.node):
            return InvalidLeaf(expr, f"<class '….{binding.node.name}'>", "", None, type_known=False)
    return None


def _namedtuple_fields(call: ast.Call, tree: NamedTupleNode) -> list[tuple[str, ast.expr]] | None:
    """Each field of the named tuple `call` makes with the expression given for it (JAX's
    path of a field: `.name`), when the call gives every field once."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    given: dict[str, ast.expr] = dict(zip(tree.fields, call.args))
    for keyword in call.keywords:
        if keyword.arg in given or keyword.arg not in tree.fields:
            return None
        given[keyword.arg] = keyword.value  # type: ignore[index]
    if len(call.args) > len(tree.fields) or set(given) != set(tree.fields):
        return None
    return [(f".{field}", given[field]) for field in tree.fields]


# jax.numpy's names that are values JAX can trace (floats, and `newaxis`, which is None).
JNP_CONSTANTS = frozenset({"pi", "e", "inf", "nan", "euler_gamma", "newaxis"})
# jax.numpy's scalar types (`jnp.float32(1.0)` makes an array; `jnp.float32` itself is a type).
JNP_SCALAR_TYPES = frozenset({
    "bool_", "int4", "int8", "int16", "int32", "int64", "uint4", "uint8", "uint16", "uint32",
    "uint64", "float16", "bfloat16", "float32", "float64", "complex64", "complex128",
    "float8_e4m3fn", "float8_e5m2", "int_", "uint", "float_", "complex_", "single", "double",
    "csingle", "cdouble"})


def public_jax_names() -> frozenset[str]:
    """The names jax.numpy exports from JAX's private modules (read from the installed JAX's
    own modules when the re-export table was built): functions and classes, no constants."""
    from jaxerr_lsp.analysis.model import jax_public_names

    return frozenset(q.removeprefix("jax.numpy.") for q in jax_public_names()
                     if q.startswith("jax.numpy.") and q.count(".") == 2)


def _plain_class(ctx: Context, cls: ast.ClassDef, depth: int) -> bool:
    """A class whose type is certainly `type`: no decorator, no metaclass or other keyword,
    its bases `object` or such classes of this file."""
    if depth > 10 or cls.decorator_list or cls.keywords:
        return False
    for base in cls.bases:
        if not isinstance(base, ast.Name):
            return False
        if ctx.model.qualname(base) == "builtins.object":
            continue
        binding = ctx.model.binding_of(base)
        if binding is None or binding.kind != CLASS or not isinstance(binding.node, ast.ClassDef) \
                or not _plain_class(ctx, binding.node, depth + 1):
            return False
    return True


def known_valid(ctx: Context, expr: ast.expr) -> bool:
    """Whether `expr` certainly flattens into valid JAX leaves."""
    if isinstance(expr, ast.Constant):
        if type(expr.value) is int:
            return -2**31 <= expr.value < 2**31  # (a bigger one overflows first)
        return type(expr.value) in (float, bool, complex) or expr.value is None
    if ctx.tracing.tracer(expr) is not None:
        return True  # what JAX handed the traced code
    value = ctx.values.value(expr)
    if value.type == "int":
        number = ctx.values.constant(expr)
        return type(number) is int and -2**31 <= number < 2**31
    return value.type in VALID_TYPES


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
    """Whether classes of the file are certainly not pytrees (nor array-likes)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
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
        model = self.ctx.model
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
        if cls.decorator_list or cls.keywords or self.registered is None \
                or cls.name in self.registered or id(cls) in self.registered_classes:
            return False
        if not all(isinstance(statement, SIMPLE_STATEMENTS) for statement in cls.body):
            return False  # methods defined under if/try: what the class has is not certain
        if defined_names(cls) & PYTREE_METHODS or self._handed_on(cls):
            return False
        return "dtype" not in self.ctx.segment(cls)

    def _handed_on(self, cls: ast.ClassDef) -> bool:
        """Whether the file hands the class object itself somewhere (`core.pytype_aval_mappings
        [C] = ...`, `register_handler(C, ...)`, `handlers = {C: ...}`): JAX may have been taught
        the type. A call making an instance, an attribute of the class, an `isinstance` /
        `issubclass` test, a class statement's base and an annotation hand nothing on."""
        model = self.ctx.model
        for use in model.uses.get(cls.name, ()):
            parent, node = use.parent, use.node
            if isinstance(parent, ast.Call) and parent.func is node \
                    or isinstance(parent, (ast.Attribute, ast.ClassDef, ast.arg)) \
                    or isinstance(parent, ast.AnnAssign) and parent.annotation is node \
                    or isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) and parent.returns is node:
                continue
            if isinstance(parent, ast.Call) and node in parent.args[1:2] and model.qualname(
                    parent.func) in ("builtins.isinstance", "builtins.issubclass"):
                continue
            binding = model.binding_of(node)
            if binding is not None and binding.node is not cls:
                continue  # another class of that name (a notebook defines it again)
            return True
        return False

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
