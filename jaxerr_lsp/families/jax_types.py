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
  constant keys, or a field of a NamedTuple instance (the path then names it: `s[1]`,
  `s['k']`, `s.name`), every other element certainly valid or such a leaf too: JAX names
  the first in its flattening order (a dict's sorted keys).

`known_valid(ctx, expr)` says when an argument certainly flattens without error (an array, a
Python number or bool, None, a tracer of the traced code): a finding predicts JAX's path and
type only when every other traced argument is such (JAX reports the first bad leaf).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, replace

# (PYTREE_METHODS, REGISTRATIONS, SIMPLE_STATEMENTS, defined_names: the rules read them here)
from jaxerr_lsp.analysis.classes import PYTREE_METHODS, REGISTRATIONS  # noqa: F401
from jaxerr_lsp.analysis.classes import SIMPLE_STATEMENTS, defined_names  # noqa: F401
from jaxerr_lsp.analysis.classes import PlainClasses as _PlainClasses
from jaxerr_lsp.analysis.model import ASSIGN, CLASS, DEF
from jaxerr_lsp.analysis.pytree import NamedTupleNode
from jaxerr_lsp.engine.rule import Context

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
    # For a helper's parameter: what the helpers' calls give it (`_passed_leaf`), outermost last.
    passed: tuple[ast.expr, ...] = ()
    # A NumPy array of text (dtype `<U`/`S`): jit words it as any other leaf, the lax loops'
    # carries by its dtype ("Dtype <U1 is not a valid JAX array type").
    text_array: bool = False
    # A function: its `__name__` as JAX prints it (the def's name, `<lambda>`), when known.
    function: str | None = None


def invalid_leaf(ctx: Context, expr: ast.expr, depth: int = 0) -> InvalidLeaf | None:
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
        # (JAX flattens a dict in the order of its sorted keys)
        items = sorted(zip(keys, expr.values), key=lambda item: item[0])  # type: ignore[arg-type, return-value]
        return _in_container(ctx, [(f"[{k!r}]", v) for k, v in items], False)
    if isinstance(expr, ast.Name):
        # `batch = {...}` ... `step(batch)`: the display, when its slots still hold what it put
        found = ctx.model.assignment_of(expr)
        use = ctx.model.use_of.get(id(expr))
        if found is not None and use is not None and isinstance(found[1], (ast.Tuple, ast.List, ast.Dict)):
            leaf = invalid_leaf(ctx, found[1]) if ctx.model.unchanged_at(found[0], use) else None
            if leaf is not None:
                return replace(leaf, node=expr, passed=(leaf.node, *leaf.passed))
            return None
        # `test_ds = make_test_ds(6)`: the display the helper returns, when nothing changes it
        returned = _returned_container(ctx, found[1]) if found is not None else None
        if returned is not None and not ctx.model.is_mutated(found[0]):  # type: ignore[index]
            leaf = invalid_leaf(ctx, returned)
            if leaf is not None:
                return replace(leaf, node=expr, passed=(found[1], *leaf.passed))  # type: ignore[index]
            return None
        if found is None and depth < MAX_HELPERS:
            passed = _passed_leaf(ctx, expr, depth + 1, invalid_leaf)
            if passed is not None:
                return passed
    return _leaf(ctx, expr)


def _returned_container(ctx: Context, call: ast.expr) -> ast.Dict | ast.Tuple | ast.List | None:
    """The dict, tuple or list display the one `return` of a plain def of the file gives, for
    a call of it (`make_test_ds(6)` with `return {"image": ..., "id": ...}`)."""
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
        return None
    function = ctx.model.def_of(call.func)
    if not isinstance(function, ast.FunctionDef) or function.decorator_list:
        return None
    ends = ctx.model.returns_of(function)
    if ends.suspends or len(ends.returns) != 1:
        return None
    value = ends.returns[0].value
    return value if isinstance(value, (ast.Dict, ast.Tuple, ast.List)) else None


def _in_container(ctx: Context, items: list[tuple[str, ast.expr]], starred: bool) -> InvalidLeaf | None:
    """The first invalid leaf among `items` (in JAX's flattening order), every item either
    certainly valid or itself such a leaf (flattening them all cannot fail first): JAX
    reports the first leaf it cannot abstract."""
    if starred:
        return None
    leaves = [(path, _leaf(ctx, value), value) for path, value in items]
    if any(leaf is None and not known_valid(ctx, value) for _, leaf, value in leaves):
        return None
    first = next(((path, leaf) for path, leaf, _ in leaves if leaf is not None), None)
    return None if first is None else replace(first[1], path=first[0])


def _leaf(ctx: Context, expr: ast.expr, depth: int = 0) -> InvalidLeaf | None:
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
                and _plain_class(ctx, binding.node, 0) or _imported_plain_class(ctx, expr, False):
            return InvalidLeaf(expr, "<class 'type'>", "", None)
        if binding is not None and binding.kind == DEF and isinstance(binding.node, ast.FunctionDef) \
                and not binding.node.decorator_list:
            # a plain def of the file
            return InvalidLeaf(expr, "<class 'function'>", "", None, function=binding.node.name)
        if binding is not None and binding.kind == ASSIGN and binding.value is not None \
                and isinstance(binding.value, (ast.Call, ast.Lambda, ast.Constant, ast.JoinedStr, ast.Attribute,
                                               ast.Subscript)):
            # `cfg = Settings()` (code flow: the one binding reaching the use), `act = lambda ...`,
            # `mode = "train"`, `dtype = jnp.float32`
            made = _leaf(ctx, binding.value, depth)
            if made is not None:
                return replace(made, node=expr, value_text=None)
        if binding is None and depth < MAX_HELPERS:
            return _passed_leaf(ctx, expr, depth + 1, _leaf)  # (a parameter: `binding_of` says None)
        return None
    if isinstance(expr, ast.Lambda):
        return InvalidLeaf(expr, "<class 'function'>", "", None, function="<lambda>")
    if isinstance(expr, ast.Attribute):
        if _imported_plain_class(ctx, expr, False):  # `model.Config`
            return InvalidLeaf(expr, "<class 'type'>", "", None)
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
    if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Call) \
            and ctx.model.qualname(expr.value.func) in DEVICE_LISTS \
            and isinstance(expr.slice, ast.Constant) and expr.slice.value in (0, -1):
        return InvalidLeaf(expr, DEVICE_TYPE, "", None)  # `jax.devices()[0]`: a Device
    if isinstance(expr, ast.Call) and ctx.model.qualname(expr.func) in NUMPY_ARRAY_MAKERS \
            and len(expr.args) == 1 and not expr.keywords and _text_elements(expr.args[0]):
        return InvalidLeaf(expr, "<class 'numpy.ndarray'>", "", None, text_array=True)  # of dtype str or bytes
    if isinstance(expr, ast.Call):
        # `Point("p", 1.0)` of a named tuple of the file: a pytree whose fields are its leaves
        tree = ctx.values.value(expr).tree
        if isinstance(tree, NamedTupleNode):
            fields = _namedtuple_fields(ctx, expr, tree)
            return _in_container(ctx, fields, False) if fields is not None else None
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name):
        # `Settings(...)`: an instance of a plain class of the file (no pytree, no dtype)
        binding = ctx.model.binding_of(expr.func)
        if binding is not None and binding.kind == CLASS and isinstance(binding.node, ast.ClassDef) \
                and PlainClasses(ctx).plain(binding.node):
            return InvalidLeaf(expr, f"<class '….{binding.node.name}'>", "", None, type_known=False)
    if isinstance(expr, ast.Call) and isinstance(expr.func, (ast.Name, ast.Attribute)):
        imported = _imported_plain_class(ctx, expr.func, True)  # `Config()`, `model.Config()`
        if imported is not None:
            return InvalidLeaf(expr, f"<class '….{imported}'>", "", None, type_known=False)
    return None


# The calls that give a list of `jax.Device`s (an element's type is JAX's extension class).
DEVICE_LISTS = frozenset({"jax.devices", "jax.local_devices"})
DEVICE_TYPE = "<class 'jaxlib._jax.Device'>"
# NumPy's calls that make an array of what they are given (of dtype str/bytes for text).
NUMPY_ARRAY_MAKERS = frozenset({"numpy.array", "numpy.asarray"})


def _text_elements(expr: ast.expr) -> bool:
    """A str or bytes constant, or a (nested) list or tuple display of them, all of one kind
    (NumPy then makes an array of dtype `<U` or `S`, which JAX cannot abstract)."""
    kinds: set[type] = set()
    pending = [expr]
    while pending:
        current = pending.pop()
        if isinstance(current, (ast.List, ast.Tuple)):
            if not current.elts:
                return False
            pending.extend(current.elts)
        elif isinstance(current, ast.Constant) and type(current.value) in (str, bytes):
            kinds.add(type(current.value))
        else:
            return False
    return len(kinds) == 1


# How many helpers' parameters a leaf is followed through to the calls that give it.
MAX_HELPERS = 3


def _passed_leaf(ctx: Context, expr: ast.Name, depth: int,
                 find: Callable[[Context, ast.expr, int], InvalidLeaf | None]) -> InvalidLeaf | None:
    """A parameter of a helper def whose every call in the file gives it such a leaf of one
    type at one path (`find`: `_leaf` for the argument itself, `invalid_leaf` for one inside
    a container: then the helper must leave the container unchanged; via
    `Inference.parameter_arguments`): `eval_model(model)` calling `eval_step(model)` with
    `eval_model(Model())` the one call of `eval_model`; `evaluate(params, batch)` passing on a
    batch dict with a string entry."""
    arguments = ctx.values.given_arguments(expr)
    if not arguments:
        return None
    leaves: list[InvalidLeaf] = []
    for argument in arguments:
        leaf = find(ctx, argument, depth)
        if leaf is None:
            return None
        leaves.append(leaf)
    first = leaves[0]
    if any((leaf.path, leaf.type_text, leaf.type_known) != (first.path, first.type_text, first.type_known)
           for leaf in leaves):
        return None
    if first.path:  # (a leaf inside a container: the helper may not change it)
        binding = ctx.model.read_binding(expr)
        if binding is None or ctx.model.is_mutated(binding):
            return None
    value_text = first.value_text if len({leaf.value_text for leaf in leaves}) == 1 else None
    function = first.function if len({leaf.function for leaf in leaves}) == 1 else None
    passed = tuple(arguments) + tuple(a for leaf in leaves for a in leaf.passed)
    return replace(first, node=expr, value_text=value_text, passed=passed,
                   text_array=all(leaf.text_array for leaf in leaves), function=function)


def _namedtuple_fields(ctx: Context, call: ast.Call, tree: NamedTupleNode) -> list[tuple[str, ast.expr]] | None:
    """Each field of the named tuple `call` makes with the expression given for it (JAX's
    path of a field: `.name`), when the call gives every field once (a starred argument
    counts when it is a call of a plain def of the file whose one `return` gives a tuple
    display: `Optimizer(*sgd(0.1))` for `return init, update`)."""
    if any(k.arg is None for k in call.keywords):
        return None
    positional: list[ast.expr] = []
    for argument in call.args:
        if not isinstance(argument, ast.Starred):
            positional.append(argument)
            continue
        returned = _returned_display(ctx, argument.value)
        if returned is None:
            return None
        positional += returned
    given: dict[str, ast.expr] = dict(zip(tree.fields, positional))
    for keyword in call.keywords:
        if keyword.arg in given or keyword.arg not in tree.fields:
            return None
        given[keyword.arg] = keyword.value  # type: ignore[index]
    if len(positional) > len(tree.fields) or set(given) != set(tree.fields):
        return None
    return [(f".{field}", given[field]) for field in tree.fields]


def _returned_display(ctx: Context, expr: ast.expr) -> list[ast.expr] | None:
    """The elements of the tuple display the one `return` of a plain (undecorated) def of
    the file gives, for a call of it (`sgd(0.1)` with `return init, update, get`)."""
    value = _returned_container(ctx, expr)
    if not isinstance(value, ast.Tuple) or any(isinstance(e, ast.Starred) for e in value.elts):
        return None
    return list(value.elts)


def _imported_plain_class(ctx: Context, expr: ast.Name | ast.Attribute, instance: bool) -> str | None:
    """The name of the class of another module of the project that `expr` certainly denotes
    through the imports, when that module's summary says it is a plain class
    (`jaxerr_lsp.analysis.summaries`: its type is `type`); for an `instance` of it, when this
    file neither registers it nor hands it on either."""
    if not ctx.imported:
        return None
    qualname = ctx.model.qualname(expr)
    summary = ctx.values.imported.get(qualname) if qualname is not None else None
    if summary is None or not summary.plain_class:
        return None
    if not instance:
        return summary.name
    plainness = PlainClasses(ctx)
    name = expr.id if isinstance(expr, ast.Name) else expr.attr
    if plainness.registered is None or name in plainness.registered:
        return None
    if isinstance(expr, ast.Name):
        binding = ctx.model.binding_of(expr)
        if binding is None or plainness.handed_on(expr.id, binding.node):
            return None
    return summary.name


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


def known_valid(ctx: Context, expr: ast.expr, depth: int = 0) -> bool:
    """Whether `expr` certainly flattens into valid JAX leaves (a helper's parameter: what
    every call of the helper gives it, `Inference.parameter_arguments`)."""
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
    if value.type in VALID_TYPES:
        return value.type != "ndarray" or _leaf(ctx, expr) is None  # (not a text array)
    if isinstance(expr, ast.Name) and depth < MAX_HELPERS and ctx.model.binding_of(expr) is None:
        arguments = ctx.values.given_arguments(expr)
        return bool(arguments) and all(known_valid(ctx, a, depth + 1) for a in arguments)  # type: ignore[union-attr]
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        return known_valid(ctx, expr.operand, depth)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, _SCALAR_ARITHMETIC):
        # `b0 + 1.0`: a valid leaf and a Python number give an array or a number (no
        # broadcasting can fail with a scalar); two arrays may not broadcast: not known
        numbers = [o for o in (expr.left, expr.right) if isinstance(o, ast.Constant)
                   and type(o.value) in (int, float)]
        return bool(numbers) and all(known_valid(ctx, o, depth) for o in (expr.left, expr.right))
    return False


# Arithmetic operators that give an array (or a number) of an array and a Python number.
_SCALAR_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Pow, ast.Mod)


class PlainClasses(_PlainClasses):
    """Whether classes of the file are certainly not pytrees (nor array-likes)
    (`jaxerr_lsp.analysis.classes`)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx.model, ctx.segment)
        self.ctx = ctx
