"""Pytree structures the code shows, and their comparison the way JAX makes it.

A structure is a small tree of nodes: `Leaf`, `NoneNode`, `TupleNode`, `ListNode`, `DictNode`,
or `UNKNOWN` when the code does not show it (a parameter, a call into user code, a value from
another module). Unknown means silence: two structures differ only where both are known.

`differences(primal, other)` yields what `jax.tree_util.equality_errors_pytreedef` would
yield, in the same order and with the same wording, for the known parts of the trees.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Iterator, Union

from jaxerr_lsp.model import ASSIGN, CLASS, DEF, UNPACK, ModuleModel


@dataclass(frozen=True)
class Leaf:
    kind: str = "leaf"  # "array", "ref", "DontWant", "GradValue", "number", "str", ...


@dataclass(frozen=True)
class Unknown:
    pass


@dataclass(frozen=True)
class NoneNode:
    pass


@dataclass(frozen=True)
class Opaque:
    """A tuple, list or dict whose children the code does not show (`[f(p) for p in ps]`,
    `dict(zip(k, v))`): only its type is known."""

    type_name: str  # "tuple" | "list" | "dict"


@dataclass(frozen=True)
class TupleNode:
    children: tuple[Structure, ...]


@dataclass(frozen=True)
class ListNode:
    children: tuple[Structure, ...]


@dataclass(frozen=True)
class DictNode:
    entries: tuple[tuple[object, Structure], ...]  # sorted by key, as JAX flattens dicts

    @property
    def keys(self) -> tuple[object, ...]:
        return tuple(k for k, _ in self.entries)


@dataclass(frozen=True)
class NamedTupleNode:
    """An instance of a NamedTuple class defined in this file (`class P(NamedTuple)` or
    `P = namedtuple("P", ...)`); JAX names its children `.field`."""

    name: str
    definition: int  # id of the defining node: two classes of one name are still two types
    fields: tuple[str, ...]
    children: tuple[Structure, ...]


Structure = Union[Leaf, Unknown, NoneNode, TupleNode, ListNode, DictNode, Opaque, NamedTupleNode]
UNKNOWN = Unknown()
LEAF = Leaf()

# Calls whose result is one array (a pytree leaf). Anything else in these namespaces is not
# assumed: jnp.split returns a list, jnp.shape a tuple, jnp.linalg.svd a tuple...
ARRAY_FUNCTIONS = frozenset("""
zeros ones empty full zeros_like ones_like empty_like full_like array asarray arange linspace
logspace eye identity sum mean max min prod std var abs absolute exp exp2 log log2 log10 log1p
expm1 sqrt square tanh sinh cosh sin cos tan arcsin arccos arctan arctan2 dot vdot matmul einsum
stack vstack hstack concatenate reshape ravel transpose swapaxes moveaxis where maximum minimum
clip sign power multiply add subtract divide true_divide negative reciprocal outer inner kron
tensordot expand_dims squeeze broadcast_to tile repeat real imag conj conjugate logaddexp
argmax argmin cumsum cumprod diff flip roll sort argsort floor ceil round rint trunc mod
remainder fmod isnan isinf isfinite nan_to_num tril triu diag diagonal trace take
take_along_axis dot_general exp_m1 sigmoid relu gelu softmax log_softmax silu swish softplus
tanh_shrink normal uniform bernoulli randint categorical truncated_normal permutation
logsumexp norm astype cbrt hypot atleast_1d atleast_2d atleast_3d float32 float64 int32 int64
bfloat16 float16 copy new_ref stop_gradient
""".split())
# Array methods returning one array (x.reshape(...), x.astype(...), x.at[i].set(v)).
ARRAY_METHODS = frozenset("""
reshape astype sum mean max min prod std var transpose ravel flatten squeeze clip round
cumsum cumprod dot conj conjugate copy set add multiply divide power get apply
""".split())
AT_METHODS = frozenset({"set", "add", "multiply", "divide", "power", "min", "max", "get", "apply"})
ARRAY_NAMESPACES = ("jax.numpy.", "numpy.", "jax.lax.", "jax.nn.", "jax.random.", "jax.scipy.special.",
                    "jax.numpy.linalg.")


def is_array_call(model: ModuleModel, expr: ast.expr) -> str | None:
    """'ArrayImpl' (or 'ndarray' for NumPy) when `expr` is a call known to return one array."""
    if not isinstance(expr, ast.Call):
        return None
    qualname = model.qualname(expr.func)
    if qualname is None:
        return None
    if qualname in ("jax.new_ref", "jax.ref.new_ref"):
        return "Ref"
    for namespace in ARRAY_NAMESPACES:
        if qualname.startswith(namespace) and qualname.rsplit(".", 1)[1] in ARRAY_FUNCTIONS:
            return "ndarray" if namespace == "numpy." else "ArrayImpl"
    return None


class Inference:
    """Infers structures of expressions through the module model, and through calls to the
    file's own small functions (one `return` at the end of their body), with the structures
    of the call's arguments standing for the parameters."""

    MAX_DEPTH = 60

    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self._busy: set[int] = set()
        # Parameters of the functions being followed: (id(scope), name) -> argument structure.
        self._arguments: dict[tuple[int, str], Structure] = {}

    def structure(self, expr: ast.expr, depth: int = 0) -> Structure:
        if depth > self.MAX_DEPTH:
            return UNKNOWN
        if isinstance(expr, ast.Constant):
            if expr.value is None:
                return NoneNode()
            return Leaf(type(expr.value).__name__)
        if isinstance(expr, ast.JoinedStr):
            return Leaf("str")
        if isinstance(expr, (ast.Tuple, ast.List)):
            if any(isinstance(e, ast.Starred) for e in expr.elts):
                return Opaque("tuple" if isinstance(expr, ast.Tuple) else "list")
            children = tuple(self.structure(e, depth + 1) for e in expr.elts)
            return TupleNode(children) if isinstance(expr, ast.Tuple) else ListNode(children)
        if isinstance(expr, ast.Dict):
            return self._dict(list(zip(expr.keys, expr.values)), depth)
        if isinstance(expr, ast.ListComp):
            return Opaque("list")
        if isinstance(expr, ast.DictComp):
            return Opaque("dict")
        if isinstance(expr, ast.Name):
            return self._name(expr, depth)
        if isinstance(expr, ast.Call):
            return self._call(expr, depth)
        if isinstance(expr, ast.Subscript):
            return self._subscript(expr, depth)
        if isinstance(expr, ast.BinOp):
            # Arithmetic on two leaves (arrays, numbers) gives a leaf.
            left = self.structure(expr.left, depth + 1)
            right = self.structure(expr.right, depth + 1)
            if isinstance(left, Leaf) and isinstance(right, Leaf):
                return Leaf("array") if "array" in (left.kind, right.kind) else Leaf(left.kind)
            return UNKNOWN
        if isinstance(expr, ast.UnaryOp) and not isinstance(expr.op, ast.Not):
            operand = self.structure(expr.operand, depth + 1)
            return operand if isinstance(operand, Leaf) else UNKNOWN
        if isinstance(expr, ast.Attribute) and expr.attr in ("T", "mT", "real", "imag"):
            return self._array_or_unknown(expr.value, depth)
        if isinstance(expr, ast.Attribute):
            base = self.structure(expr.value, depth + 1)
            if isinstance(base, NamedTupleNode) and expr.attr in base.fields:
                return base.children[base.fields.index(expr.attr)]
            return UNKNOWN
        return UNKNOWN

    def _array_or_unknown(self, expr: ast.expr, depth: int) -> Structure:
        inner = self.structure(expr, depth + 1)
        return Leaf("array") if isinstance(inner, Leaf) and inner.kind == "array" else UNKNOWN

    def _dict(self, items: list[tuple[ast.expr | None, ast.expr]], depth: int) -> Structure:
        entries: dict[object, Structure] = {}
        for key, value in items:
            if key is None or not isinstance(key, ast.Constant) or key.value is None:
                return Opaque("dict")  # **spread or a computed key: a dict all the same
            entries[key.value] = self.structure(value, depth + 1)
        key_types = {type(k) for k in entries}
        if len(key_types) > 1:
            return UNKNOWN  # JAX could not sort them; not our error
        try:
            ordered = tuple(sorted(entries.items(), key=lambda kv: kv[0]))  # type: ignore[arg-type, return-value]
        except TypeError:
            return UNKNOWN
        return DictNode(ordered)

    def _name(self, expr: ast.Name, depth: int) -> Structure:
        binding = self.model.binding_of(expr)
        if binding is None and self._arguments:
            return self._argument(expr)
        if binding is None or binding.kind not in (ASSIGN, UNPACK) or binding.value is None:
            return UNKNOWN
        if id(binding) in self._busy:
            return UNKNOWN
        self._busy.add(id(binding))
        try:
            structure = self.structure(binding.value, depth + 1)
            if binding.kind == UNPACK:
                structure = self._unpacked(structure, binding.index, binding.arity)
            if _has_mutable(structure) and self.model.is_mutated(binding):
                return UNKNOWN
            return structure
        finally:
            self._busy.discard(id(binding))

    def _argument(self, expr: ast.Name) -> Structure:
        """A parameter of a function being followed: the structure of the call's argument,
        when the parameter is bound once (never reassigned) and not changed in place."""
        use = self.model.use_of.get(id(expr))
        scope = self.model.resolve_scope(expr.id, use.scope) if use else None
        if scope is None:
            return UNKNOWN
        structure = self._arguments.get((id(scope), expr.id))
        if structure is None:
            return UNKNOWN
        bindings = scope.bindings.get(expr.id, [])
        if len(bindings) != 1 or not isinstance(bindings[0].node, ast.arg):
            return UNKNOWN
        if _has_mutable(structure) and self.model.is_mutated(bindings[0]):
            return UNKNOWN
        return structure

    def _namedtuple_fields(self, function: ast.expr) -> tuple[str, tuple[str, ...], int,
                                                          dict[str, ast.expr]] | None:
        """(name, fields, definition id, defaults) when `function` names a NamedTuple class of
        this file: `class P(NamedTuple): w: T` or `P = namedtuple("P", ["w", "b"])`."""
        if not isinstance(function, ast.Name):
            return None
        binding = self.model.binding_of(function)
        if binding is None:
            return None
        node = binding.node
        if binding.kind == CLASS and isinstance(node, ast.ClassDef):
            if node.decorator_list or node.keywords or len(node.bases) != 1:
                return None
            if self.model.qualname(node.bases[0]) != "typing.NamedTuple":
                return None
            fields: list[str] = []
            defaults: dict[str, ast.expr] = {}
            for statement in node.body:
                if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
                    fields.append(statement.target.id)
                    if statement.value is not None:
                        defaults[statement.target.id] = statement.value
            return node.name, tuple(fields), id(node), defaults
        value = binding.value
        if binding.kind == ASSIGN and isinstance(value, ast.Call) and not value.keywords \
                and self.model.qualname(value.func) == "collections.namedtuple" and len(value.args) == 2:
            name, spec = value.args
            if not isinstance(name, ast.Constant) or not isinstance(name.value, str):
                return None
            if isinstance(spec, ast.Constant) and isinstance(spec.value, str):
                names = spec.value.replace(",", " ").split()
            elif isinstance(spec, (ast.List, ast.Tuple)) and all(
                    isinstance(e, ast.Constant) and isinstance(e.value, str) for e in spec.elts):
                names = [e.value for e in spec.elts]  # type: ignore[attr-defined]
            else:
                return None
            if not all(n.isidentifier() for n in names):
                return None
            return name.value, tuple(names), id(value), {}
        return None

    def _namedtuple(self, expr: ast.Call, function: ast.expr, found: tuple, depth: int) -> Structure:
        name, fields, definition, defaults = found
        if any(isinstance(a, ast.Starred) for a in expr.args) or len(expr.args) > len(fields):
            return UNKNOWN
        given: dict[str, ast.expr] = dict(zip(fields, expr.args))
        for keyword in expr.keywords:
            if keyword.arg is None or keyword.arg not in fields or keyword.arg in given:
                return UNKNOWN
            given[keyword.arg] = keyword.value
        values = [given.get(field, defaults.get(field)) for field in fields]
        if any(v is None for v in values):
            return UNKNOWN  # a missing argument: a TypeError, not ours
        children = tuple(self.structure(v, depth + 1) for v in values)  # type: ignore[arg-type]
        return NamedTupleNode(name, definition, fields, children)

    def _local_call(self, expr: ast.Call, depth: int) -> Structure:
        """`helper(a, b)` for a plain def of this file whose body ends in its only `return`."""
        if not isinstance(expr.func, ast.Name):
            return UNKNOWN
        binding = self.model.binding_of(expr.func)
        function = binding.node if binding is not None and binding.kind == DEF else None
        if not isinstance(function, ast.FunctionDef) or function.decorator_list:
            return UNKNOWN
        if id(function) in self._busy or not function.body:
            return UNKNOWN
        last = function.body[-1]
        if not isinstance(last, ast.Return) or last.value is None or returns_or_yields(function) != 1:
            return UNKNOWN
        scope = self.model.scope_of_node.get(id(function))
        params = function.args
        if scope is None or params.vararg or params.kwarg or params.kwonlyargs or params.posonlyargs:
            return UNKNOWN
        names = [a.arg for a in params.args]
        if len(expr.args) > len(names) or any(isinstance(a, ast.Starred) for a in expr.args):
            return UNKNOWN
        given: dict[str, ast.expr] = dict(zip(names, expr.args))
        for keyword in expr.keywords:
            if keyword.arg is None or keyword.arg not in names or keyword.arg in given:
                return UNKNOWN
            given[keyword.arg] = keyword.value
        if len(given) != len(names):
            return UNKNOWN  # defaults are not followed
        arguments = {(id(scope), name): self.structure(value, depth + 1) for name, value in given.items()}
        saved = self._arguments
        self._arguments = {**saved, **arguments}
        self._busy.add(id(function))
        try:
            return self.structure(last.value, depth + 1)
        finally:
            self._busy.discard(id(function))
            self._arguments = saved

    @staticmethod
    def _unpacked(structure: Structure, index: tuple[int, ...], arity: tuple[int, ...]) -> Structure:
        for position, length in zip(index, arity):
            if not isinstance(structure, (TupleNode, ListNode)) or len(structure.children) != length:
                return UNKNOWN
            structure = structure.children[position]
        return structure

    def _subscript(self, expr: ast.Subscript, depth: int) -> Structure:
        base = self.structure(expr.value, depth + 1)
        key = expr.slice
        if not isinstance(key, ast.Constant):
            return UNKNOWN
        if isinstance(base, (TupleNode, ListNode, NamedTupleNode)) and isinstance(key.value, int) \
                and not isinstance(key.value, bool):
            if -len(base.children) <= key.value < len(base.children):
                return base.children[key.value]
        if isinstance(base, DictNode):
            for k, child in base.entries:
                if k == key.value and type(k) is type(key.value):
                    return child
        return UNKNOWN

    def _call(self, expr: ast.Call, depth: int) -> Structure:
        model = self.model
        function = expr.func
        if isinstance(function, ast.Attribute) and function.attr in ARRAY_METHODS:
            receiver = function.value
            # x.at[i].set(v) and friends
            if function.attr in AT_METHODS and isinstance(receiver, ast.Subscript) \
                    and isinstance(receiver.value, ast.Attribute) and receiver.value.attr == "at":
                return self._array_or_unknown(receiver.value.value, depth)
            if model.qualname(receiver) is None:  # a method of a value, not a module function
                return self._array_or_unknown(receiver, depth)
        qualname = model.qualname(function)
        if qualname is None:
            fields = self._namedtuple_fields(function)
            if fields is not None:
                return self._namedtuple(expr, function, fields, depth)
            return self._local_call(expr, depth)
        if qualname in ("jax.ad.DontWant", "jax.ad.GradValue"):
            return Leaf(qualname.rsplit(".", 1)[1])
        if is_array_call(model, expr):
            return Leaf("array")
        if qualname == "builtins.dict":
            if len(expr.args) > 1 or any(k.arg is None for k in expr.keywords):
                return Opaque("dict")
            items: list[tuple[ast.expr | None, ast.expr]] = [
                (ast.Constant(k.arg), k.value) for k in expr.keywords]
            if expr.args:
                base = expr.args[0]
                if not isinstance(base, ast.Dict):
                    return Opaque("dict")
                items = list(zip(base.keys, base.values)) + items
            return self._dict(items, depth)
        if qualname in ("builtins.tuple", "builtins.list") and len(expr.args) == 1 and not expr.keywords:
            inner = self.structure(expr.args[0], depth + 1)
            if isinstance(inner, (TupleNode, ListNode)):
                return TupleNode(inner.children) if qualname == "builtins.tuple" else ListNode(inner.children)
            return Opaque(qualname.rsplit(".", 1)[1])
        if qualname in ("jax.tree.map", "jax.tree_util.tree_map"):
            return self._tree_map(expr, depth)
        return UNKNOWN

    def _tree_map(self, expr: ast.Call, depth: int) -> Structure:
        # jax.tree.map(f, tree, *rest): tree's structure, each leaf replaced by what f returns.
        if len(expr.args) < 2 or any(isinstance(a, ast.Starred) for a in expr.args) or expr.keywords:
            return UNKNOWN  # is_leaf= changes what counts as a leaf
        tree = self.structure(expr.args[1], depth + 1)
        function = expr.args[0]
        leaf: Structure = UNKNOWN
        if isinstance(function, ast.Lambda):
            result = self.structure(function.body, depth + 1)
            if isinstance(result, Leaf):
                leaf = result
        elif isinstance(function, (ast.Name, ast.Attribute)):
            if is_array_function(self.model, function):
                leaf = Leaf("array")
        return _replace_leaves(tree, leaf)


def is_array_function(model: ModuleModel, function: ast.expr) -> bool:
    qualname = model.qualname(function)
    if qualname is None:
        return False
    if qualname in ("jax.new_ref", "jax.ref.new_ref"):
        return True
    return any(qualname.startswith(ns) and qualname.rsplit(".", 1)[1] in ARRAY_FUNCTIONS
               for ns in ARRAY_NAMESPACES)


def _replace_leaves(structure: Structure, leaf: Structure) -> Structure:
    if isinstance(structure, Leaf):
        return leaf
    if isinstance(structure, TupleNode):
        return TupleNode(tuple(_replace_leaves(c, leaf) for c in structure.children))
    if isinstance(structure, ListNode):
        return ListNode(tuple(_replace_leaves(c, leaf) for c in structure.children))
    if isinstance(structure, DictNode):
        return DictNode(tuple((k, _replace_leaves(c, leaf)) for k, c in structure.entries))
    if isinstance(structure, NamedTupleNode):
        return NamedTupleNode(structure.name, structure.definition, structure.fields,
                              tuple(_replace_leaves(c, leaf) for c in structure.children))
    return structure  # None stays None; unknown stays unknown


def returns_or_yields(function: ast.FunctionDef) -> int:
    """How many return statements `function` has (yield and await count as many)."""
    count = 0
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom, ast.Await)):
            return 99
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return):
            count += 1
        stack.extend(ast.iter_child_nodes(node))
    return count


def _has_mutable(structure: Structure) -> bool:
    if isinstance(structure, (ListNode, DictNode)):
        return True
    if isinstance(structure, Opaque):
        return structure.type_name != "tuple"
    if isinstance(structure, (TupleNode, NamedTupleNode)):
        return any(_has_mutable(c) for c in structure.children)
    return False


# ------------------------------------------------------------------------------- comparison
def _type_text(structure: Structure) -> str:
    if isinstance(structure, Leaf):
        return "pytree leaf"
    if isinstance(structure, NoneNode):
        return "<class 'NoneType'>"
    if isinstance(structure, TupleNode):
        return "<class 'tuple'>"
    if isinstance(structure, ListNode):
        return "<class 'list'>"
    if isinstance(structure, Opaque):
        return f"<class '{structure.type_name}'>"
    if isinstance(structure, NamedTupleNode):
        # A class defined in the program that runs is in `__main__`.
        return f"<class '__main__.{structure.name}'>"
    return "<class 'dict'>"


def _children_text(count: int) -> str:
    return f"{count} child{'ren' if count > 1 else ''}"


def differences(primal: Structure, other: Structure, path: str = "") -> Iterator[tuple[str, str, str, str]]:
    """(path, primal thing, other thing, explanation) for each known place the trees differ,
    worded as JAX's `equality_errors` words them."""
    if isinstance(primal, Unknown) or isinstance(other, Unknown):
        return
    if isinstance(primal, Leaf) and isinstance(other, Leaf):
        return
    if isinstance(primal, Opaque) or isinstance(other, Opaque):
        # Only the container types are known: they differ, or nothing can be said.
        if _type_text(primal) != _type_text(other):
            yield path, _type_text(primal), _type_text(other), "their Python types differ"
        return
    if type(primal) is not type(other) or (
            isinstance(primal, NamedTupleNode) and isinstance(other, NamedTupleNode)
            and primal.definition != other.definition):
        yield path, _type_text(primal), _type_text(other), "their Python types differ"
        return
    if isinstance(primal, NamedTupleNode):
        assert isinstance(other, NamedTupleNode)
        for field, a, b in zip(primal.fields, primal.children, other.children):
            yield from differences(a, b, f"{path}.{field}")
        return
    if isinstance(primal, (TupleNode, ListNode)):
        assert isinstance(other, (TupleNode, ListNode))
        name = "tuple" if isinstance(primal, TupleNode) else "list"
        if len(primal.children) != len(other.children):
            yield (path, f"{name} of length {len(primal.children)}",
                   f"{name} of length {len(other.children)}", "the lengths do not match")
            return
        for index, (a, b) in enumerate(zip(primal.children, other.children)):
            yield from differences(a, b, f"{path}[{index}]")
        return
    if isinstance(primal, DictNode):
        assert isinstance(other, DictNode)
        if len(primal.entries) != len(other.entries):
            difference = set(primal.keys).symmetric_difference(other.keys)
            listed = " ".join(repr(k) for k in sorted(difference, key=repr))
            yield (path, f"<class 'dict'> with {_children_text(len(primal.entries))}",
                   f"<class 'dict'> with {_children_text(len(other.entries))}",
                   "the numbers of children do not match"
                   + (f", with the symmetric difference of key sets: {{{listed}}}" if listed else ""))
            return
        if primal.keys != other.keys:
            yield (path, f"<class 'dict'> with pytree metadata {primal.keys!r}",
                   f"<class 'dict'> with pytree metadata {other.keys!r}",
                   "the pytree node metadata does not match")
            return
        for (key, a), (_, b) in zip(primal.entries, other.entries):
            yield from differences(a, b, f"{path}[{key!r}]")


def describe(structure: Structure) -> str:
    """A short, readable rendering: {'b': *, 'w': *}, (*, None), ? for unknown parts."""
    if isinstance(structure, Leaf):
        return "*"
    if isinstance(structure, Unknown):
        return "?"
    if isinstance(structure, Opaque):
        return {"tuple": "(...)", "list": "[...]", "dict": "{...}"}[structure.type_name]
    if isinstance(structure, NamedTupleNode):
        inner = ", ".join(f"{f}={describe(c)}" for f, c in zip(structure.fields, structure.children))
        return f"{structure.name}({inner})"
    if isinstance(structure, NoneNode):
        return "None"
    if isinstance(structure, TupleNode):
        inner = ", ".join(describe(c) for c in structure.children)
        return f"({inner},)" if len(structure.children) == 1 else f"({inner})"
    if isinstance(structure, ListNode):
        return "[" + ", ".join(describe(c) for c in structure.children) + "]"
    return "{" + ", ".join(f"{k!r}: {describe(c)}" for k, c in structure.entries) + "}"

