"""The one value inference every rule shares: what an expression certainly evaluates to.

A `Value` says, as far as the code shows: the Python type as JAX names it (`dict`,
`tuple`, `ArrayImpl`, `Ref`, `OrderedDict`, `__main__`'s NamedTuple...), the pytree structure
(`jaxerr_lsp.analysis.pytree`), and for a tuple or list display the element expressions. Unknown
means silence: a parameter, a value from another module, a name bound twice or
conditionally, a container changed after it was built.

Names are followed through their one binding (`model.binding_of`); calls to the file's own
small functions are followed with the call's arguments standing for the parameters (bound by
`bind_arguments`, Python's rules); `seed` tells the inference what JAX hands a function it
calls (a custom_vjp bwd rule gets pytrees of arrays). One depth budget bounds all of it.
"""

from __future__ import annotations

import ast
import functools
import operator
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from jaxerr_lsp.analysis import avals
from jaxerr_lsp.analysis.avals import Aval, without_x64_dtype
from jaxerr_lsp.analysis.model import (ASSIGN, MAY_SKIP, AUGMENTED, CLASS, DEF, OTHER, UNPACK, Binding, ModuleModel,
                                       display_entry,
                                       Scope)
from jaxerr_lsp.analysis.pytree_classes import dataclass_init_fields
from jaxerr_lsp.analysis.summaries import FunctionSummary, value_of

from jaxerr_lsp.analysis.pytree import (LEAF, UNKNOWN, DictNode, Leaf, ListNode, NamedTupleNode, NoneNode,
                               Opaque, Structure, TupleNode, Unknown, joined_structure,
                               replace_leaves)

if TYPE_CHECKING:
    from jaxerr_lsp.analysis.members import AttributeStore

# Calls whose result is one array. Anything else in these namespaces is not assumed:
# jnp.split returns a list, jnp.shape a tuple, jnp.linalg.svd a tuple...
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
bfloat16 float16 int8 int16 uint8 uint16 uint32 complex64 copy new_ref stop_gradient inv pinv cholesky
det solve all any
""".split())
# Array methods returning one array (x.reshape(...), x.astype(...), x.at[i].set(v)).
ARRAY_METHODS = frozenset("""
reshape astype sum mean max min prod std var all any transpose ravel flatten squeeze clip round
cumsum cumprod dot conj conjugate copy set add multiply divide power get apply
""".split())
AT_METHODS = frozenset({"set", "add", "multiply", "divide", "power", "min", "max", "get", "apply"})
# NumPy array methods whose result is a NumPy array again (not a NumPy scalar), its aval as
# `avals.method` reads it: `rng.uniform(size=(8, 16)).astype(np.float32)`.
_NDARRAY_KEEPING = frozenset({"astype", "reshape", "ravel", "flatten", "copy", "transpose"})
# NumPy array methods whose result is a NumPy array whatever their arguments, and those that
# give one only along an axis (over the whole array: a NumPy scalar).
_NDARRAY_ARRAYS = frozenset({"squeeze", "clip", "round", "cumsum", "cumprod", "conj", "conjugate"})
_NDARRAY_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod", "std", "var"})
ARRAY_NAMESPACES = ("jax.numpy.", "numpy.", "jax.lax.", "jax.nn.", "jax.random.",
                    "jax.scipy.special.", "jax.numpy.linalg.")
# Inside the namespaces above, functions named like array functions that return something
# else: `jax.nn.initializers.normal(0.1)` makes an initializer (a function).
FACTORY_NAMESPACES = ("jax.nn.initializers.",)
REF_FUNCTIONS = frozenset({"jax.new_ref", "jax.ref.new_ref"})
ARRAY_TYPES = frozenset({"ArrayImpl", "ndarray", "Ref"})
# An array's attributes that are Python constants when its shape is known.
_STATIC_ATTRIBUTES = frozenset({"shape", "ndim", "size"})

_CONSTANT_TYPES = {str: "str", bytes: "bytes", bool: "bool", int: "int", float: "float",
                   complex: "complex", type(...): "ellipsis", type(None): "NoneType"}
# Displays whose type is known but whose pytree the inference does not build.
_DISPLAY_TYPES = {ast.Set: "set", ast.SetComp: "set", ast.GeneratorExp: "generator",
                  ast.Lambda: "function"}
# Builtins and collections whose result type is known (the tree only for dict/tuple/list).
_CALL_TYPES = {"builtins.dict": "dict", "builtins.list": "list", "builtins.tuple": "tuple",
               "builtins.set": "set", "builtins.frozenset": "frozenset", "builtins.str": "str",
               "builtins.int": "int", "builtins.float": "float", "builtins.bool": "bool",
               "collections.OrderedDict": "OrderedDict", "collections.defaultdict": "defaultdict",
               "collections.Counter": "Counter", "builtins.sorted": "list", "builtins.len": "int",
               "builtins.repr": "str", "builtins.format": "str",
               "numpy.random.default_rng": "Generator"}
# Builtins that return a Python scalar of one type (a sample of it, for its weak aval).
_SCALAR_CALLS: dict[str, object] = {"builtins.int": 0, "builtins.float": 0.0, "builtins.bool": False,
                                    "builtins.len": 0}
# A NumPy generator's samplers whose result `avals.Facts.numpy_random_call` knows.
_GENERATOR_SAMPLERS = frozenset({*avals.NUMPY_SAMPLERS, "integers"}) - {"randint", "random_sample"}
# Arithmetic that maps arrays to an array. `+` is left out for values JAX hands in: two
# tuples of cotangents concatenate.
_ARITHMETIC = (ast.Mult, ast.Div, ast.MatMult, ast.Sub, ast.Pow, ast.FloorDiv, ast.Mod)
# `x op= y` on a JAX array gives a JAX array for these, whatever `y` (`@=` needs an array).
_KEEPS_JAX_ARRAY = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
# What `jax_array <op> operand` takes and stays one JAX array (`@` needs an array both sides).
_JAX_OPERANDS = frozenset({"ArrayImpl", "ndarray", "int", "float", "complex", "bool"})
_JAX_MATMUL_OPERANDS = frozenset({"ArrayImpl", "ndarray"})
# Methods of a JAX array returning one JAX array, and its `.at[i].<method>(...)` updates.
_JAX_ARRAY_METHODS = frozenset("""
reshape astype sum mean max min prod std var transpose ravel flatten squeeze clip round cumsum
cumprod dot conj conjugate copy argmax argmin any all
""".split())
_JAX_AT_METHODS = frozenset("set add subtract multiply mul divide power min max apply get".split())
# A parameter whose def the file calls more often than this: what the calls give is not read.
_MAX_CALLS_SHOWN = 8
# A helper returning a tuple or list display longer than this: its parts are not kept.
_MAX_PARTS = 16
# A list comprehension over more elements than this: its length is not kept (each part is
# the same value: the cost is the length of the tuple, not the evaluation).
_MAX_COMPREHENSION = 4096


@dataclass(frozen=True, slots=True)
class Value:
    """What an expression certainly is. Every field may be unknown independently."""

    type: str | None = None  # the Python type name JAX prints; None when unknown
    tree: Structure = UNKNOWN  # the pytree structure
    elements: tuple[ast.expr, ...] | None = None  # a tuple/list display's elements
    from_jax: bool = False  # a pytree of arrays JAX handed in (a bwd rule's residuals, cts)
    aval: Aval | None = None  # shape and dtype of an array or Python scalar (`jaxerr_lsp.analysis.avals`)
    # Certainly one JAX array (or a tracer of one under a transformation), never a NumPy
    # array, a Ref or a pytree: what makes it one (`JaxArray`), stricter than `type`.
    jax_array: JaxArray | None = None
    # A Ref (`jax.new_ref(x)`): the aval of the array it holds (never weakly typed: measured).
    ref: Aval | None = None
    # A dict display with constant keys: each key and the expression of its entry (the last
    # for equal keys), read by `d[k]` where `d` holds it (a parameter given the display).
    entries: tuple[tuple[object, ast.expr], ...] | None = None
    # A dict display (or `dict(...)` call) whose keys are all constants: the keys, in
    # insertion order, equal keys once (Python's rule), also when JAX cannot sort them (a
    # `None` key, keys of types Python does not order: `{1: a, "b": c}`).
    keys: tuple[object, ...] | None = None
    # A tuple or list whose elements are known as values rather than expressions (no
    # `elements`): a loop carry as JAX hands it to the body after promoting weakly typed leaves.
    parts: tuple[Value, ...] | None = None
    # A dict display a helper of the file returns: each constant key and what its entry
    # holds, read with the helper's arguments (its `entries` are expressions of the helper).
    entry_values: tuple[tuple[object, Value], ...] | None = None
    # An instance of a class of the file: the construction `C(...)` it certainly comes from
    # (a method followed through `obj.m(...)` reads `self.w` as `obj`'s `__init__` stored it).
    instance: ast.Call | None = None

    @property
    def length(self) -> int | None:
        if self.elements is not None:
            return len(self.elements)
        if self.parts is not None:
            return len(self.parts)
        if isinstance(self.tree, (TupleNode, ListNode)):
            return len(self.tree.children)
        return None

    @property
    def is_array(self) -> bool:
        return self.type in ARRAY_TYPES

    @property
    def python_scalar(self) -> bool:
        """A Python int, float, bool or complex (JAX gives it a weakly typed aval; bool strong)."""
        return self.type in _PYTHON_SCALARS

    @property
    def is_mutable(self) -> bool:
        return _has_mutable(self.tree) or self.type in ("list", "dict", "set")


@dataclass(frozen=True, eq=False)
class JaxArray:
    """What makes a value certainly one JAX array, every step one JAX answers with a JAX
    array: a `jax.numpy`/`lax`/`nn`/`random`/`scipy.special` function returning one array
    (`returns_one_array`; never of a Ref), an `.at[]` update or an array method of one,
    arithmetic of one with a number, a NumPy array or another, `-x`, `x.T`, `x[i]` of one; a
    name when every assignment code flow lets reach it gives one (a loop's back-edge assumed
    to, by induction, when another path gives one)."""

    words: str  # "`jax.numpy.zeros`", "an `.at[]` update", "arithmetic on a JAX array"
    # For a name: the assignment that made it (the first of the reaching ones).
    binding: Binding | None = None


_ARITHMETIC_ON_JAX_ARRAY = JaxArray("arithmetic on a JAX array")
_AT_UPDATE = JaxArray("an `.at[]` update")


# What a computed value depends on (`Inference.value` keeps it accordingly).
_PURE, _CONTEXT, _PARTIAL = 0, 1, 2

UNKNOWN_VALUE = Value()
FROM_JAX = Value(from_jax=True)
NONE_VALUE = Value("NoneType", NoneNode())
ARRAY = Value("ArrayImpl", Leaf("ArrayImpl"))
_PYTHON_SCALARS = frozenset({"int", "float", "bool", "complex"})
_UNKNOWN_AXES = object()  # an `in_axes` the code does not show
_SCAN_PARAMETERS = frozenset({"f", "init", "xs", "length", "reverse", "unroll"})
_NO_PARTIAL: tuple[tuple[ast.expr, ...], tuple[ast.keyword, ...]] = ((), ())
_PYTHON_INT = Value("int", Leaf("int"), aval=avals.scalar("int32", True))
# Entries of a container the evaluator follows (`Inference._entry`) besides JAX arrays: what no
# one changes in place (`ArrayImpl` alone may be arithmetic on a NumPy array).
_IMMUTABLE_ENTRIES = frozenset({"str", "bytes", "NoneType", *_PYTHON_SCALARS})
# jax.random functions that return one array (samples, or keys), whatever they are given;
# tests/test_prng_calls.py checks them against the installed JAX.
RANDOM_ONE_ARRAY = frozenset("""
normal uniform bernoulli randint categorical choice permutation gamma beta dirichlet exponential
gumbel laplace logistic multivariate_normal truncated_normal poisson rademacher cauchy chisquare t
lognormal maxwell pareto weibull_min binomial geometric loggamma rayleigh wald triangular
double_sided_maxwell f split fold_in bits ball orthogonal generalized_normal key PRNGKey key_data
wrap_key_data clone
""".split())
# jax.random functions returning one key array (not in ARRAY_FUNCTIONS: jnp.split is a list).
KEY_FUNCTIONS = frozenset({"key", "PRNGKey", "split", "fold_in", "clone"})


def join(values: list[Value]) -> Value:
    """What every one of `values` certainly is (a name bound on several paths): each field
    kept where they all agree, unknown where they differ."""
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    same = {v.type for v in values}
    trees = {v.tree for v in values}
    shapes = {v.aval for v in values}
    kind = same.pop() if len(same) == 1 else None
    tree = trees.pop() if len(trees) == 1 else functools.reduce(joined_structure, [v.tree for v in values])
    jax_array = first.jax_array if all(v.jax_array is not None for v in values) else None
    if kind is None and tree is UNKNOWN:
        return Value(jax_array=jax_array) if jax_array is not None else UNKNOWN_VALUE
    refs = {v.ref for v in values}
    parts: tuple[Value, ...] | None = None
    if kind in ("tuple", "list") and all(v.parts is not None and len(v.parts) == len(first.parts)  # type: ignore[arg-type]
                                         for v in values):
        parts = tuple(join(list(column)) for column in zip(*[v.parts for v in values]))  # type: ignore[misc]
    return Value(kind, tree, None, all(v.from_jax for v in values),
                 shapes.pop() if len(shapes) == 1 else None, jax_array,
                 refs.pop() if len(refs) == 1 else None, parts=parts)


# A binding being decided, met again on a loop's back-edge: assumed one JAX array by
# induction when another reaching binding makes one (`_join_reaching`); unknown otherwise.
_ASSUMED = Value()


def _join_reaching(values: list[Value]) -> Value:
    """`join` of the values of the bindings that reach a use, `_ASSUMED` ones (a back-edge to
    a binding being decided) left to the others for `jax_array` and unknown for the rest."""
    known = [v for v in values if v is not _ASSUMED]
    if len(known) == len(values):
        return join(values)
    if known and all(v.jax_array is not None for v in known):
        return Value(jax_array=known[0].jax_array)
    return UNKNOWN_VALUE


_CONTAINER_TYPES = frozenset({"dict", "list", "tuple"})
_MAX_IMMUTABLE_DEPTH = 4  # tuples nested deeper than this are not looked into
# What an undecorated def's name holds (a lambda's value too).
_FUNCTION = Value("function")


def _plain_def(binding: Binding) -> bool:
    """A `def` with no decorator (a Python function: a decorator may make it anything)."""
    node = binding.node
    return binding.kind == DEF and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
        and not node.decorator_list


def _borne_out(assumed: Aval | Structure, value: Value) -> bool:
    """Whether a value bears out what a loop's back-edge assumed it gives: that aval, or a
    structure it keeps (it shows at least what was assumed)."""
    if isinstance(assumed, Aval):
        return assumed == value.aval
    return joined_structure(assumed, value.tree) == assumed


def _widened_assumption(assumed: list[Aval | Structure] | None, value: Value) -> Structure | None:
    """The structure to assume once more when `value` keeps only part of the one structure
    assumed for it (a leaf's type lost, a child unknown): what the two share; else None."""
    if not assumed or any(isinstance(each, Aval) for each in assumed) or all(_borne_out(each, value) for each in assumed):
        return None
    trees: list[Structure] = [each for each in assumed if not isinstance(each, Aval)]
    tree = functools.reduce(joined_structure, [*trees, value.tree])
    return None if type(tree) is Unknown else tree


def array_of(aval: Aval | None, type_name: str = "ArrayImpl") -> Value:
    """An array value, with its aval when known."""
    return Value(type_name, Leaf(type_name), aval=aval)


def of_tree(tree: Structure) -> Value:
    """A value known only by its structure (the type follows from it)."""
    if isinstance(tree, Leaf):
        return Value(None if tree.kind == "leaf" else tree.kind, tree)
    if isinstance(tree, NoneNode):
        return Value("NoneType", tree)
    if isinstance(tree, TupleNode):
        return Value("tuple", tree)
    if isinstance(tree, ListNode):
        return Value("list", tree)
    if isinstance(tree, DictNode):
        return Value("dict", tree)
    if isinstance(tree, Opaque):
        return Value(tree.type_name, tree)
    return Value(tree=tree)


@dataclass(frozen=True)
class Signature:
    """The parameters of a def, or the fields of a NamedTuple, as Python binds arguments."""

    positional: tuple[str, ...]  # positional-only and positional-or-keyword, in order
    positional_only: int  # how many of them are positional-only
    keyword_only: tuple[str, ...]
    defaults: dict[str, ast.expr]
    vararg: str | None = None
    kwarg: str | None = None

    @classmethod
    def of(cls, args: ast.arguments) -> Signature:
        positional = [*args.posonlyargs, *args.args]
        defaults = dict(zip([a.arg for a in positional[len(positional) - len(args.defaults):]],
                            args.defaults))
        defaults.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
        return cls(tuple(a.arg for a in positional), len(args.posonlyargs),
                   tuple(a.arg for a in args.kwonlyargs), defaults,
                   args.vararg.arg if args.vararg else None, args.kwarg.arg if args.kwarg else None)

    def bound_to_instance(self) -> Signature:
        """The parameters a method called on an instance takes: all but the first (`self`)."""
        return replace(self, positional=self.positional[1:], positional_only=max(0, self.positional_only - 1))


@dataclass(frozen=True)
class Bound:
    """Arguments bound to parameters: an expression each, or the extra positional and
    keyword arguments collected by `*args` / `**kwargs`."""

    given: dict[str, ast.expr]
    extra_positional: tuple[ast.expr, ...] = ()
    extra_keywords: tuple[tuple[str, ast.expr], ...] = ()


_TRACED_INDEX = object()  # a part of an index that is an integer scalar JAX array


def _is_scalar_index(key: Value) -> bool:
    """An integer scalar JAX array (a traced index: JAX clamps it, never raises)."""
    index = key.aval
    return key.type == "ArrayImpl" and index is not None and index.shape == () \
        and index.dtype is not None and index.dtype.startswith(("int", "uint"))


def _scalar_index(aval: Aval, key: Value) -> Aval | None:
    """`x[i]` for a JAX array `x` of known rank and an integer scalar JAX array `i` (a traced
    index: JAX clamps it, never raises): the first axis goes."""
    if not aval.ndim or not _is_scalar_index(key):
        return None
    return avals.element(aval)


def _integer_array_index(aval: Aval, key: list[Value]) -> Aval | None:
    """`x[idx]` or `x[rows, cols]` for a JAX array `x` of known shape and integer arrays
    (JAX's or NumPy's) of known shapes for its first axes: the indices' broadcast shape, then
    the axes left (NumPy's advanced indexing; JAX clamps out-of-range indices, never
    raises). None for anything else (a slice among them, booleans, shapes that do not
    broadcast)."""
    shape = aval.shape
    if shape is None or not key or len(key) > len(shape):
        return None
    shapes = []
    for part in key:
        held = part.aval
        if part.type not in ("ArrayImpl", "ndarray") or held is None or held.shape is None \
                or held.kind not in ("i", "u"):
            return None
        shapes.append(held.shape)
    indexed = avals.broadcast(*shapes)
    return None if indexed is None else Aval((*indexed, *shape[len(key):]), aval.dtype, aval.weak)


def _basic_index(aval: Aval, key: ast.expr,
                 scalar_index: Callable[[ast.expr], bool] | None = None,
                 newaxis: Callable[[ast.expr], bool] | None = None,
                 integer: Callable[[ast.expr], object] | None = None) -> Aval | None:
    """The aval of `x[key]` for a JAX array `x` of known shape and a key of basic indexing
    written out: a tuple (or one) of full slices `:`, `None` (a new axis of 1), one `...`
    (or what `newaxis` says is `jnp.newaxis`/`np.newaxis`, which are None)
    and integer literals in range (each takes its axis away). With `scalar_index`, also the
    parts it says are integer scalar JAX arrays (`x[:, i]` with a traced `i`): each takes its
    axis away too (NumPy's advanced indexing by 0-d arrays adds no axis; JAX clamps, never
    raises). With `integer`, also slices whose bounds and step it says are Python ints
    (`x[83:]`, `x[::2]`, `x[:, :n]`): each keeps its axis at the length Python's slicing
    gives. For `x` of known rank but unknown sizes: the rank of the result (a slice whose
    bounds the code does not show keeps its axis too). None otherwise."""
    parts = list(key.elts) if isinstance(key, ast.Tuple) else [key]
    rank = aval.ndim
    if rank is None:
        return None
    kinds: list[object] = []
    sized = aval.shape is not None
    for part in parts:
        if isinstance(part, ast.Slice):
            bounds = [None if bound is None else integer(bound) if integer is not None else ...
                      for bound in (part.lower, part.upper, part.step)]
            if bounds[2] == 0 or any(b is not None and type(b) is not int for b in bounds):
                return None
            shown = all(b is not None or bound is None
                        for b, bound in zip(bounds, (part.lower, part.upper, part.step)))
            if not shown:
                sized = False  # (`x[:n]` for an `n` the code does not show: its length is not known)
            kinds.append(slice(*bounds))
        elif isinstance(part, ast.Constant) and (part.value is None or part.value is Ellipsis):
            kinds.append(part.value)
        elif newaxis is not None and isinstance(part, ast.Attribute) and newaxis(part):
            kinds.append(None)
        elif isinstance(part, ast.Constant) and type(part.value) is int:
            kinds.append(part.value)
        elif isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.USub) \
                and isinstance(part.operand, ast.Constant) and type(part.operand.value) is int:
            kinds.append(-part.operand.value)
        elif scalar_index is not None and not isinstance(part, ast.Starred) and scalar_index(part):
            kinds.append(_TRACED_INDEX)
        else:
            return None
    if kinds.count(Ellipsis) > 1:
        return None
    consuming = sum(1 for k in kinds if k is not None and k is not Ellipsis)
    if consuming > rank:
        return None
    if not sized or aval.shape is None:  # (sizes unknown: integers may be out of range; the rank if not)
        kept = sum(1 for k in kinds if k is None or isinstance(k, slice))
        return Aval(None, aval.dtype, aval.weak, kept + rank - consuming)
    if Ellipsis in kinds:
        at = kinds.index(Ellipsis)
        kinds[at:at + 1] = [slice(None)] * (len(aval.shape) - consuming)
    else:
        kinds += [slice(None)] * (len(aval.shape) - consuming)
    shape: list[int] = []
    axis = 0
    for kind in kinds:
        if kind is None:
            shape.append(1)
            continue
        size = aval.shape[axis]
        axis += 1
        if isinstance(kind, slice):
            shape.append(len(range(size)[kind]))
        elif kind is _TRACED_INDEX:
            if size == 0:
                return None
            continue
        elif not -size <= kind < size:  # type: ignore[operator]
            return None
    return Aval(tuple(shape), aval.dtype, aval.weak)


def bind_arguments(signature: Signature, args: tuple[ast.expr, ...] | list[ast.expr],
                   keywords: tuple[ast.keyword, ...] | list[ast.keyword]) -> Bound | None:
    """Bind a call's arguments as Python would; None when the code does not show it (a
    `*x` or `**x` argument) or when Python would raise TypeError (not our error)."""
    if any(isinstance(a, ast.Starred) for a in args) or any(k.arg is None for k in keywords):
        return None
    given: dict[str, ast.expr] = dict(zip(signature.positional, args))
    extra = tuple(args[len(signature.positional):])
    if extra and signature.vararg is None:
        return None
    extra_keywords: list[tuple[str, ast.expr]] = []
    allowed = set(signature.positional[signature.positional_only:]) | set(signature.keyword_only)
    for keyword in keywords:
        name = keyword.arg
        assert name is not None
        if name in allowed:
            if name in given:
                return None  # given twice
            given[name] = keyword.value
        elif signature.kwarg is not None:  # positional-only names too go to **kwargs
            extra_keywords.append((name, keyword.value))
        else:
            return None
    for name in (*signature.positional, *signature.keyword_only):
        if name not in given:
            if name not in signature.defaults:
                return None
            given[name] = signature.defaults[name]
    return Bound(given, extra, tuple(extra_keywords))


# A helper's result chosen among its returns once its arguments are bound (`_chosen_return`).
_CHOSEN = ast.Constant(value=None)


def _guarded_returns(model: ModuleModel, function: ast.FunctionDef) -> bool:
    """Whether every `return` of `function` (two or more, each with a value, no yield) ends its
    body or the body of an `if` statement of its body without `elif`/`else`."""
    returns = model.returns_of(function)
    if returns.suspends or any(r.value is None for r in returns.returns):
        return False
    placed = {id(function.body[-1])} | {id(s.body[-1]) for s in function.body
                                         if isinstance(s, ast.If) and not s.orelse}
    return all(id(r) in placed for r in returns.returns)


def returns_once(model: ModuleModel, function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether `function` has one `return` statement and never yields or awaits."""
    returns = model.returns_of(function)
    return not returns.suspends and len(returns.returns) == 1


def array_type_of_call(model: ModuleModel, call: ast.expr) -> str | None:
    """'ArrayImpl' ('ndarray' for NumPy, 'Ref' for jax.new_ref) for a call known to return
    one array."""
    if not isinstance(call, ast.Call):
        return None
    return array_type_of_function(model, call.func)


def returns_one_array(model: ModuleModel, call: ast.Call, is_array: Callable[[ast.expr], bool]) -> bool:
    """Whether this call of an array function (`array_type_of_call`) certainly returns one
    array: some return a tuple for some arguments (`jnp.where(c)`, `jax.lax.sort((a, b))`,
    `jnp.atleast_1d(a, b)`, `logsumexp(..., return_sign=True)`), `jax.lax.stop_gradient`
    returns its argument's structure (`is_array` tells whether that is one array)."""
    qualname = model.qualname(call.func) or ""
    name = qualname.rsplit(".", 1)[-1]
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return False
    if qualname == "jax.numpy.where":
        return len(call.args) + sum(k.arg in ("x", "y") for k in call.keywords) == 3
    if qualname == "jax.lax.sort":
        return False
    if qualname == "jax.lax.stop_gradient":
        return len(call.args) == 1 and is_array(call.args[0])
    if name in ("atleast_1d", "atleast_2d", "atleast_3d"):
        return len(call.args) == 1
    if name == "logsumexp":
        return not any(k.arg == "return_sign" for k in call.keywords)
    return True


def array_type_of_function(model: ModuleModel, function: ast.expr) -> str | None:
    qualname = model.qualname(function)
    if qualname is None:
        return None
    if qualname in REF_FUNCTIONS:
        return "Ref"
    if qualname.startswith(FACTORY_NAMESPACES):
        return None
    for namespace in ARRAY_NAMESPACES:
        if qualname.startswith(namespace) and qualname.rsplit(".", 1)[1] in ARRAY_FUNCTIONS:
            return "ndarray" if namespace == "numpy." else "ArrayImpl"
    if qualname.startswith("jax.random.") and qualname[11:] in RANDOM_ONE_ARRAY:
        return "ArrayImpl"  # (every sampler and key function: one array)
    return None


_NEWAXIS = ("jax.numpy.newaxis", "numpy.newaxis")
_DONATE_OPTIONS = frozenset({"donate_argnums", "donate_argnames"})


def _plain_jit(model: ModuleModel, decorator: ast.expr) -> bool:
    """`@jax.jit`, or `@functools.partial(jax.jit, ...)` with no option but the donated
    arguments (which change no output)."""
    if model.qualname(decorator) == "jax.jit":
        return True
    return isinstance(decorator, ast.Call) and model.qualname(decorator.func) == "functools.partial" \
        and len(decorator.args) == 1 and model.qualname(decorator.args[0]) == "jax.jit" \
        and all(k.arg in _DONATE_OPTIONS for k in decorator.keywords)


class Inference:
    """Values of expressions, for one module model."""

    MAX_DEPTH = 60
    # Bindings whose values one question may work out (`_bound_value`), however they nest.
    # Measured over the corpus (190,843 questions): all but 25 take 200 or fewer, 10 take
    # 201-1,000 (the most 601), 13 never end (a 20-round loop rebinding four names from each
    # other: jax's threefry4x32.py) and only cost time; every case of tests/cases takes 50 or fewer.
    MAX_BINDING_STEPS = 800

    def __init__(self, model: ModuleModel, x64: bool = False,
                 imported: Mapping[str, FunctionSummary] | None = None) -> None:
        self.model = model
        self._steps = 0
        # What the functions this module imports from other modules of its project return,
        # by the dotted name the imports give them (`jaxerr_lsp.analysis.summaries`).
        self.imported = imported or {}
        # The file turns 64-bit types on: the default dtypes the avals assume do not hold.
        self.x64 = x64
        self.facts = avals.Facts(self._aval_of, self.constant, model.qualname, self._held_expression,
                                 self.comprehension_length)
        self._busy: set[int] = set()
        # The avals assumed for bindings being decided (a loop's back-edge), by id(binding):
        # each must be the aval the binding's value then has (`_assumed_aval`), or a pytree
        # structure its value's keeps (`_assumed_tree`).
        self._assumptions: dict[int, list[Aval | Structure]] = {}
        self._unassumed: set[int] = set()  # those whose assumption failed: decided without
        # A structure assumed again, widened by what the binding gave under the first one.
        self._widened: dict[int, Structure] = {}
        # Parameters whose value is known: (id(scope), name) -> value. Seeds stay; the
        # arguments of a followed call live while it is followed.
        self._parameters: dict[tuple[int, str], Value] = {}
        # Python constants some of them certainly are (a constructor call's `3`), same keys.
        self._parameter_constants: dict[tuple[int, str], object] = {}
        # Values already computed, per node: (node, value, reach), `reach` the deepest level
        # below the node's own that computing it went (reused only where the depth budget
        # still covers it, so a reused value is what computing it again would give).
        # `_memo`: values that read no parameter (they hold in any context); `_scoped`: values
        # that read parameters, for the parameters in force (`_parameters`), switched with it.
        # A value found while a binding or function was set aside against a cycle, or cut by
        # the depth budget, is not kept.
        self._memo: dict[int, tuple[ast.expr, Value, int]] = {}
        self._scoped: dict[int, tuple[ast.expr, Value, int]] = {}
        # One frame per value being computed: [deepest level reached, what it depends on].
        self._frames: list[list[int]] = []
        # Followed calls of module-level helpers, by (function, arguments' values): (the def,
        # the value, its reach, what it depends on), reused as `_memo` is.
        self._followed: dict[tuple[object, ...], tuple[ast.AST, Value, int, int]] = {}
        # Those cut short, by (the same key, the depth, what was set aside): (def, value, reach).
        self._followed_cut: dict[tuple[object, ...], tuple[ast.AST, Value, int]] = {}
        # Calls made up to follow another (`model.apply(v, x)` as `__call__(x)`), kept alive.
        self._synthetic: list[ast.Call] = []
        # The flax Module instances being followed for `apply`, by class: (class, construction).
        self._flax_made: dict[int, tuple[ast.ClassDef, ast.Call]] = {}
        # While `given_constant` asks: the code after the use a constant read so far depends on
        # (constructions, reads of a method on them, arguments passing them); None otherwise
        # (`constant` then reads the code before a use only).
        self._later: list[ast.expr] | None = None
        # The module's attribute reads, by attribute name (built when first asked).
        self._reads_by_name: dict[str, list[ast.Attribute]] | None = None

    # ------------------------------------------------------------------------- entry points
    def value(self, expr: ast.expr, depth: int = 0) -> Value:
        if self._later is not None:  # (a value is what the code before a use shows: kept)
            later, self._later = self._later, None
            try:
                return self.value(expr, depth)
            finally:
                self._later = later
        frames = self._frames
        if not frames:
            self._steps = 0  # a question asked from outside: a new budget of bindings
        if depth > self.MAX_DEPTH:
            self._depends(_PARTIAL)
            return UNKNOWN_VALUE
        handler: Callable[[Inference, Any, int], Value] | None = _HANDLERS.get(type(expr))
        if handler is None:
            return UNKNOWN_VALUE
        key = id(expr)
        kept, dependence = self._memo.get(key), _PURE
        if kept is None or kept[0] is not expr:
            kept, dependence = self._scoped.get(key), _CONTEXT
        if kept is not None and kept[0] is expr and depth + kept[2] <= self.MAX_DEPTH:
            if frames:
                caller = frames[-1]
                caller[0] = max(caller[0], depth + kept[2])
                caller[1] = max(caller[1], dependence)
            return kept[1]
        frame = [depth, _PURE]
        frames.append(frame)
        try:
            value = handler(self, expr, depth + 1)
            if self.x64 and (value.aval is not None or value.ref is not None):
                value = replace(value, aval=without_x64_dtype(value.aval),
                                ref=without_x64_dtype(value.ref))
        finally:
            frames.pop()
        if frame[1] == _PURE:
            self._memo[key] = (expr, value, frame[0] - depth)
        elif frame[1] == _CONTEXT:
            self._scoped[key] = (expr, value, frame[0] - depth)
        if frames:
            caller = frames[-1]
            caller[0] = max(caller[0], frame[0])
            caller[1] = max(caller[1], frame[1])
        return value

    def _depends(self, dependence: int) -> None:
        """The value being computed depends on the parameters in force (_CONTEXT), or on
        what is set aside or on the depth budget (_PARTIAL)."""
        if self._frames and self._frames[-1][1] < dependence:
            self._frames[-1][1] = dependence

    def aval(self, expr: ast.expr) -> Aval | None:
        """The shape and dtype `expr` certainly has (`jaxerr_lsp.analysis.avals`), or None."""
        return self.value(expr).aval

    def _aval_of(self, expr: ast.expr) -> Aval | None:
        return self.value(expr).aval

    def constant(self, expr: ast.expr, depth: int = 0) -> object:
        """The Python constant `expr` certainly is: a number, a string, a tuple of them;
        names followed through their one unchanged binding (an unpacking of a constant
        tuple too: `n, d = x.shape`), `d[k]` through the entry of the display `d` certainly
        holds (`entry_expression`), an element of a constant tuple (`x.shape[0]`), and the
        static facts of an array of known shape (`x.shape`, `x.ndim`, `x.size`, `len(x)`).
        None when unknown."""
        if depth > 20:
            return None
        if isinstance(expr, ast.Constant):
            return expr.value
        if isinstance(expr, ast.Attribute) and expr.attr in _STATIC_ATTRIBUTES:
            fact = self._static_fact(expr.attr, expr.value)
            if fact is not None:
                return fact
        if isinstance(expr, ast.Attribute):  # (`self.size` on an instance of the file's class too)
            field = self._flax_field(expr)  # `self.features` of `Net(features=4)` applied
            if field is not None:
                return self.constant(field, depth + 1)
            level = self._class_level(expr)  # `self.size` for a class-level `size = 12`
            if level is None:
                constructed = self._constructed_constant(expr, depth)
                if constructed is None:
                    constructed = self._stored_constant(expr, depth)
                if constructed is None and self._later is not None:
                    constructed = self._receiver_constant(expr, depth)
                return constructed
            return self.constant(level, depth + 1)
        if isinstance(expr, ast.Call) and (returned := self._call_constant(expr, depth)) is not None:
            return returned
        if isinstance(expr, ast.Call) and len(expr.args) == 1 and not expr.keywords \
                and self.model.qualname(expr.func) == "builtins.len":
            shape = self._static_fact("shape", expr.args[0])
            if isinstance(shape, tuple) and shape:
                return shape[0]
            inner = self.constant(expr.args[0], depth + 1)
            return len(inner) if isinstance(inner, (tuple, str)) else None
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
            inner = self.constant(expr.operand, depth + 1)
            return -inner if type(inner) in (int, float) else None  # type: ignore[operator]
        if isinstance(expr, (ast.IfExp, ast.Compare, ast.BoolOp)) \
                or isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
            return self._logic_constant(expr, depth)
        if isinstance(expr, ast.BinOp) and type(expr.op) in _INT_ARITHMETIC:
            # `784 + 1`, `2 * hidden`, `n // 2`: Python int arithmetic, folded exactly
            left, right = self.constant(expr.left, depth + 1), self.constant(expr.right, depth + 1)
            if type(left) is int and type(right) is int:
                return _int_arithmetic(expr.op, left, right)
            return None
        if isinstance(expr, (ast.Tuple, ast.List)):
            items = [self.constant(e, depth + 1) for e in expr.elts]
            return None if any(i is None for i in items) or any(
                isinstance(e, ast.Starred) for e in expr.elts) else tuple(items)
        known, index = _constant_key(expr.slice) if isinstance(expr, ast.Subscript) else (False, None)
        if known and isinstance(expr, ast.Subscript) and type(expr.value) is ast.Name \
                and isinstance(expr.ctx, ast.Load):
            found = self.entry_expression(expr.value, index)
            if found is not None:
                self._busy.add(id(found[0]))
                try:
                    return self.constant(found[1], depth + 1)
                finally:
                    self._busy.discard(id(found[0]))
            if self._parameters:  # `cfg["height"]` of the dict display a followed call gives `cfg`
                dictionary = self._parameter(expr.value)
                entry = next((e for k, e in dictionary.entries or () if k == index), None) \
                    if dictionary.type == "dict" and dictionary.keys is not None else None
                if entry is not None:
                    return self.constant(entry, depth + 1)
        if known and isinstance(expr, ast.Subscript) and self._later is not None \
                and (given := self._given_entry_expression(expr)) is not None:
            held = self.constant(given[0], depth + 1)  # (`cfg["n"]` of the dict every call gives)
            if held is not None:
                self._later.append(given[1])
            return held
        if isinstance(expr, ast.Subscript) and isinstance(expr.ctx, ast.Load) and known \
                and type(index) is int:  # `x.shape[0]`, `(3, 4)[1]`
            whole = self.constant(expr.value, depth + 1)
            return whole[index] if isinstance(whole, tuple) and -len(whole) <= index < len(whole) else None
        if isinstance(expr, ast.Subscript) and isinstance(expr.ctx, ast.Load) \
                and isinstance(expr.slice, ast.Slice):  # `x.shape[:2]`, `x.shape[1:]`
            bounds: list[int | None] = []
            for part in (expr.slice.lower, expr.slice.upper, expr.slice.step):
                bound = None if part is None else self.constant(part, depth + 1)
                if bound is not None and type(bound) is not int:
                    return None
                bounds.append(bound)  # type: ignore[arg-type]
            if bounds[2] == 0:
                return None
            whole = self.constant(expr.value, depth + 1)
            return whole[slice(*bounds)] if isinstance(whole, tuple) else None
        if isinstance(expr, ast.Name):
            if self._parameter_constants:
                held = self._parameter_constant(expr)
                if held is not None:
                    return held
            unpacked = self.model.binding_of(expr)
            if unpacked is not None and unpacked.kind == UNPACK and unpacked.value is not None \
                    and len(unpacked.index) == 1 and id(unpacked) not in self._busy:
                self._busy.add(id(unpacked))
                try:  # `n, d = x.shape`: the element of a constant tuple of that length
                    whole = self.constant(unpacked.value, depth + 1)
                finally:
                    self._busy.discard(id(unpacked))
                return whole[unpacked.index[0]] if isinstance(whole, tuple) \
                    and (len(whole),) == unpacked.arity else None
            found = self.model.assignment_of(expr)
            if found is None:
                return None
            binding, value = found
            if id(binding) in self._busy:
                self._depends(_PARTIAL)
                return None
            if isinstance(value, ast.List) and self.model.is_mutated(binding):
                return None
            self._busy.add(id(binding))
            try:
                return self.constant(value, depth + 1)
            finally:
                self._busy.discard(id(binding))
        return None

    def truth(self, expr: ast.expr, depth: int = 0) -> bool | None:
        """Whether `expr`, a test, is certainly true or false: a constant whose truth Python
        decides without running code of the file (a bool, number, string or tuple of them)."""
        held = self.constant(expr, depth)
        return bool(held) if type(held) in _TRUTH_TYPES else None

    def _logic_constant(self, expr: ast.IfExp | ast.Compare | ast.BoolOp | ast.UnaryOp,
                        depth: int) -> object:
        """`a if test else b`, `not x`, `x == "rgba"`, `n > 2`, `a and b` of constants, folded as
        Python folds them. None when a part is unknown."""
        if isinstance(expr, ast.IfExp):
            test = self.truth(expr.test, depth + 1)
            return None if test is None else self.constant(expr.body if test else expr.orelse, depth + 1)
        if isinstance(expr, ast.UnaryOp):
            test = self.truth(expr.operand, depth + 1)
            return None if test is None else not test
        if isinstance(expr, ast.BoolOp):
            held: object = None
            for operand in expr.values:
                held = self.constant(operand, depth + 1)
                if type(held) not in _TRUTH_TYPES:
                    return None
                if bool(held) is isinstance(expr.op, ast.Or):
                    return held
            return held
        compare = _COMPARISONS.get(type(expr.ops[0])) if len(expr.ops) == 1 else None
        if compare is None:
            return None
        left, right = self.constant(expr.left, depth + 1), self.constant(expr.comparators[0], depth + 1)
        if type(left) not in _TRUTH_TYPES or type(right) not in _TRUTH_TYPES:
            return None
        try:
            return compare(left, right)
        except TypeError:  # `"a" < 1`: Python's own error, not decided here
            return None

    def given_constant(self, expr: ast.expr) -> tuple[object, tuple[ast.expr, ...]] | None:
        """The Python constant `expr` certainly is once the code after it is read too (asked
        apart from `constant`, which reads only the code before a use): `constant`, and also
        `self.n` or `cfg.n` on an instance whose every construction the file shows stores the
        same constant (`_receiver_constant`: `Detector(npix=16)` for `2 * self.npix` in a
        method of `Detector`); with the code after the use that decides it, in source order
        (what a finding built on it names: the construction, the read of the method on its
        instance, the call that passes it; empty when the code before the use decides). None
        when unknown."""
        saved, self._later = self._later, []
        try:
            held = self.constant(expr)
            later = self._later
        finally:
            self._later = saved
        if held is None:
            return None
        return held, tuple(sorted({id(n): n for n in later}.values(), key=lambda n: (n.lineno, n.col_offset)))

    def _receiver_constant(self, expr: ast.Attribute, depth: int) -> object:
        """`self.n` in a method, or `cfg.n` for a parameter, of an instance whose every
        construction the file shows (`_constructions`) stores the same constant: the
        attribute's one store in the whole module is `self.n = value` (one target) straight
        in the body of the class's own undecorated `__init__`, the class has no subclasses,
        defines no `n` itself, and the module never calls `setattr`; `value` read with
        `__init__`'s parameters holding what each construction gives them. What decides it
        (`_constructions`' evidence) is recorded in `_later`. None otherwise."""
        receiver = expr.value
        if not isinstance(receiver, ast.Name) or not isinstance(expr.ctx, ast.Load) or self._later is None:
            return None
        evidence: list[ast.expr] = []
        made = self._constructions(receiver, 0, evidence)
        owner = self._class_made(made[0]) if made else None
        members = self.model.members
        if owner is None or made is None or any(self._class_made(c) is not owner for c in made[1:]) \
                or members.subclasses(owner) or self.model.calls_to("builtins.setattr"):
            return None
        if owner.decorator_list:  # a dataclass: what each construction gives the field
            fields = [self._dataclass_field(call, expr.attr) for call in made]
            return self._agreed([None if f is None else self.constant(f, depth + 1) for f in fields], evidence)
        if members.defines_in_hierarchy(owner, expr.attr):
            return None
        stores = [(target, statement) for target, statement in self.model.stores_in(self.model.tree)
                  if isinstance(target, ast.Attribute) and target.attr == expr.attr]
        init = next((s for s in owner.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
        if len(stores) != 1 or init is None or init.decorator_list or id(init) in self._busy:
            return None
        target, statement = stores[0]
        signature = Signature.of(init.args)
        alone = isinstance(statement, ast.Assign) and len(statement.targets) == 1 and statement.targets[0] is target \
            or isinstance(statement, ast.AnnAssign) and statement.target is target
        stored = statement.value if isinstance(statement, (ast.Assign, ast.AnnAssign)) else None
        if not alone or statement not in init.body or stored is None or not signature.positional \
                or not isinstance(target.value, ast.Name) or target.value.id != signature.positional[0]:
            return None
        scope = self.model.scope_of_node.get(id(init))
        if scope is None:
            return None
        found: list[object] = []
        for call in made:
            bound = bind_arguments(signature.bound_to_instance(), call.args, call.keywords)
            if bound is None or bound.extra_positional or bound.extra_keywords:
                return None
            found.append(self._constant_called(stored, init, scope, bound, depth))
        return self._agreed(found, evidence)

    def _agreed(self, found: list[object], evidence: list[ast.expr]) -> object:
        """The one constant every construction gives (the same type and value, none unknown),
        its evidence recorded in `_later`; None otherwise."""
        if not found or found[0] is None or any(type(f) is not type(found[0]) or f != found[0] for f in found[1:]):
            return None
        if self._later is not None:
            self._later += evidence
        return found[0]

    def _constructions(self, receiver: ast.Name, depth: int, evidence: list[ast.expr]) -> list[ast.Call] | None:
        """The constructions `C(...)` (a class of the file) of every instance `receiver` may
        hold: a name's one assignment of one; `self` in a plain method of `C`, every
        receiver the file reads that method on (`_method_receivers`); a parameter of a plain
        def, what every call of it gives (`ModuleModel.parameter_arguments`). None when one
        may be anything else. Adds to `evidence` the constructions, the reads of the method
        and the arguments that carry them."""
        if depth > 3:
            return None
        model = self.model
        value = model.assigned_value(receiver)
        if value is not None:
            if not isinstance(value, ast.Call) or self._class_made(value) is None:
                return None
            evidence.append(value)
            return [value]
        binding = model.read_binding(receiver)
        if binding is None or not isinstance(binding.node, ast.arg):
            return None
        owner = model.members.self_class(binding.scope, receiver.id)
        if owner is not None:
            method = binding.scope.node
            return self._method_receivers(method, depth, evidence) if isinstance(method, ast.FunctionDef) else None
        given = self.parameter_arguments(receiver)
        if not given:
            return None
        found: list[ast.Call] = []
        for argument in given:
            if isinstance(argument, ast.Call) and self._class_made(argument) is not None:
                found.append(argument)
                evidence.append(argument)
                continue
            if not isinstance(argument, ast.Name):
                return None
            inner = self._constructions(argument, depth + 1, evidence)
            if inner is None:
                return None
            evidence.append(argument)
            found += inner
        return found

    def _method_receivers(self, method: ast.FunctionDef, depth: int,
                          evidence: list[ast.expr]) -> list[ast.Call] | None:
        """The constructions of the instances a plain method runs on: the file reads the
        method's name (`det.sample`, `jax.jit(det.sample)`) only on constructions or names
        that hold them (`_constructions`), at least once, and never through `getattr`; for
        `__call__`, every construction of the class (`_every_construction`); no other dunder
        method (Python calls those itself)."""
        if self.model.calls_to("builtins.getattr"):
            return None
        if method.name == "__call__":
            return self._every_construction(method, evidence)
        if method.name.startswith("__"):
            return None
        found: list[ast.Call] = []
        for read in self._reads_of(method.name):
            receiver = read.value
            if isinstance(receiver, ast.Call) and isinstance(read.ctx, ast.Load) \
                    and self._class_made(receiver) is not None:  # `Grid(3).coords()`
                inner: list[ast.Call] | None = [receiver]
            elif isinstance(receiver, ast.Name) and isinstance(read.ctx, ast.Load):
                inner = self._constructions(receiver, depth + 1, evidence)
            else:
                inner = None
            if inner is None:
                return None
            evidence.append(read)
            found += inner
        return found or None

    def _reads_of(self, attr: str) -> list[ast.Attribute]:
        """Every `<anything>.attr` of the module (an index built on the first question)."""
        if self._reads_by_name is None:
            reads: dict[str, list[ast.Attribute]] = {}
            for node in self.model.nodes_in(self.model.tree, ast.Attribute):
                reads.setdefault(node.attr, []).append(node)
            self._reads_by_name = reads
        return self._reads_by_name.get(attr, [])

    def _every_construction(self, method: ast.FunctionDef, evidence: list[ast.expr]) -> list[ast.Call] | None:
        """For `__call__` (Python calls it on any instance called: `pipe(x)`, `Pipe()(x)`):
        every construction of its class the module makes, when the class's name is read only
        to be called, at least once (no instance made elsewhere in the file)."""
        scope = self.model.scope_of_node.get(id(method))
        owner = scope.parent.node if scope is not None and scope.parent is not None else None
        if not isinstance(owner, ast.ClassDef):
            return None
        binding = self.model.binding_at.get(id(owner))
        if binding is None or self.model.unambiguous_binding(owner) is not binding:
            return None
        found: list[ast.Call] = []
        for use in self.model.uses_of(binding):
            call = use.parent
            if not isinstance(call, ast.Call) or call.func is not use.node or self._class_made(call) is not owner:
                return None
            found.append(call)
        evidence += found
        return found or None

    def _class_made(self, call: ast.Call) -> ast.ClassDef | None:
        """The class of the file `call` constructs (`Detector(16)`), without bases (a library's
        Module may make its instances pytrees, whose fields jit traces), undecorated or a
        stdlib dataclass; None otherwise."""
        if not isinstance(call.func, ast.Name):
            return None
        made = self.model.binding_of(call.func)
        node = made.node if made is not None and made.kind == CLASS else None
        if not isinstance(node, ast.ClassDef) or node not in self.model.classes or node.bases or node.keywords:
            return None
        return node if not node.decorator_list or dataclass_init_fields(self.model, node) is not None else None

    def _dataclass_field(self, call: ast.Call, attr: str) -> ast.expr | None:
        """What the construction `call` of a stdlib dataclass of the file gives its field
        `attr` (`pytree_classes.dataclass_init_fields`): the argument bound to it, else the
        field's plain default (`capacity: int = 8`, `field(default=8)`). None when the code
        does not show it: a `default_factory`, `*args`/`**kwargs`, a class with subclasses or
        a `__post_init__` (it may set the field), a module that stores the attribute on any
        object or calls `setattr`."""
        cls = self._class_made(call)
        fields = None if cls is None or not cls.decorator_list else dataclass_init_fields(self.model, cls)
        if cls is None or fields is None or attr not in fields or len(call.args) > len(fields) \
                or any(isinstance(s, ast.FunctionDef) and s.name == "__post_init__" for s in cls.body) \
                or attr in self.model.members.stored_attributes() or self.model.members.subclasses(cls) \
                or self.model.calls_to("builtins.setattr") \
                or any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        given: dict[str, ast.expr] = dict(zip(fields, call.args))
        for keyword in call.keywords:
            if keyword.arg in given or keyword.arg not in fields:
                return None  # (Python's TypeError)
            given[keyword.arg] = keyword.value
        if attr in given:
            return given[attr]
        default = next((s.value for s in cls.body if isinstance(s, ast.AnnAssign)
                        and isinstance(s.target, ast.Name) and s.target.id == attr), None)
        if isinstance(default, ast.Call):  # `dataclasses.field(default=8)` (no default_factory)
            default = next((k.value for k in default.keywords if k.arg == "default"), None)
        return default

    def called_with_constant(self, expr: ast.Name) -> ast.expr | None:
        """For a parameter every call of its def gives one constant (or leaves at a constant
        default: `forward(params, x, deterministic=False)` the def's only call,
        `ModuleModel.parameter_arguments`), a bool, number, string or tuple of them: the
        expression of the first call that gives it (what a finding built on it names, since
        the code after the def decides it). None otherwise. Asked apart from `constant`,
        which reads only what the code before a use shows."""
        parameter = self.model.parameter_read(expr)
        if parameter is None or id(parameter) in self._busy:
            return None
        given = self.parameter_arguments(expr)
        if not given or any(g is None for g in given):
            return None
        self._busy.add(id(parameter))
        try:
            found = [self.constant(g) for g in given]  # type: ignore[arg-type]
        finally:
            self._busy.discard(id(parameter))
        first = found[0]
        if type(first) not in _TRUTH_TYPES or any(type(f) is not type(first) or f != first for f in found[1:]):
            return None
        return given[0]

    def given_value(self, expr: ast.expr) -> tuple[Value, ast.expr] | None:
        """For a parameter read as it is, of a plain def that every call gives an argument
        (`ModuleModel.parameter_arguments`): what every argument certainly is (`join`), and
        the first call's argument (the code after the def decides it: a finding names it);
        for `p["key"]`, the entry of the dict display the calls give `p`, when nothing in the
        def may change `p`. None otherwise, or when nothing is known. Asked apart from
        `value`, which reads only what the code before a use shows."""
        if isinstance(expr, ast.Subscript):
            return self._given_entry(expr)
        if not isinstance(expr, ast.Name):
            return None
        parameter = self.model.parameter_read(expr)
        if parameter is None or id(parameter) in self._busy:
            return None
        given = self.parameter_arguments(expr)
        if not given or any(g is None for g in given) or len(self._busy) > self.MAX_DEPTH:
            return None
        self._busy.add(id(parameter))
        found: list[Value] = []
        shown: list[ast.expr] = []
        try:
            for argument in given:
                assert argument is not None
                value = self.value(argument)
                outer = self.given_value(argument) if value.type is None else None
                if outer is not None:  # (the caller's own parameter: what its calls give)
                    value, argument = outer
                found.append(value)
                shown.append(argument)
        finally:
            self._busy.discard(id(parameter))
        joined = join(found)
        return None if joined == UNKNOWN_VALUE else (joined, shown[0])

    def parameter_arguments(self, expr: ast.Name) -> list[ast.expr | None] | None:
        """What each call gives the parameter `expr` reads (as it is): of a plain def
        (`ModuleModel.parameter_arguments`), or of a plain method whose every call the file
        shows, on instances it makes (`_method_receivers`: `Pipe(axis=0)(batch)` for
        `__call__`, `det.sample(x)` for `det = Det()`), each read of the method called there.
        None when the code does not show every call."""
        parameter = self.model.parameter_read(expr)
        if parameter is None:
            return None
        scope = parameter.scope
        method = scope.node
        if scope.kind != "function" or scope.parent is None or scope.parent.kind != "class" \
                or not isinstance(method, ast.FunctionDef):
            plain = self.model.parameter_arguments(expr.id, scope)
            return None if plain is None or len(plain) > _MAX_CALLS_SHOWN else plain
        if method.decorator_list or not method.args.args or method.args.args[0].arg == expr.id \
                or id(parameter.node) in self._busy:
            return None
        self._busy.add(id(parameter.node))  # (`def f(self, other): other.f(self)` asks again)
        try:
            constructions = self._method_receivers(method, 0, [])
        finally:
            self._busy.discard(id(parameter.node))
        if constructions is None:
            return None
        calls: list[ast.Call] = []
        if method.name == "__call__":
            for construction in constructions:
                call = self.model.parent.get(id(construction))
                if not isinstance(call, ast.Call) or call.func is not construction:
                    return None  # (an instance kept: it may be called anywhere)
                calls.append(call)
        else:
            for read in self._reads_of(method.name):
                call = self.model.parent.get(id(read))
                if not isinstance(call, ast.Call) or call.func is not read:
                    return None  # (the bound method escapes: `jax.jit(det.sample)`)
                calls.append(call)
        signature = Signature.of(method.args).bound_to_instance()
        if len(calls) > _MAX_CALLS_SHOWN:
            return None
        found: list[ast.expr | None] = []
        for call in calls:
            bound = bind_arguments(signature, call.args, call.keywords)
            if bound is None or bound.extra_positional or bound.extra_keywords:
                return None
            found.append(bound.given.get(expr.id, signature.defaults.get(expr.id)))
        return found or None

    def first_pass_value(self, expr: ast.Name, *, shown_before: bool = False
                         ) -> tuple[Value, Binding, ast.expr | None] | None:
        """For a read in the body of a `for` loop that certainly runs at least once (over
        `range(n)` for a constant n >= 1, or a non-empty display), outside every branch of
        the body, of a name the loop rebinds only after the read: what the name holds on the
        loop's first pass (the bindings from before the loop; `acc = []` then `for ...: acc =
        jnp.concatenate([acc, x])`), the first of them, and the argument of a later call that
        shows the loop runs (a parameter given a non-empty display; None when the code before
        shows it). `shown_before`: only when the code before the read shows it all. None
        otherwise."""
        found = self._first_pass_bindings(expr, shown_before)
        if found is None:
            return None
        before, later = found
        joined = join([self._bound_value(b, 0) for b in before])
        return None if joined == UNKNOWN_VALUE else (joined, before[0], later)

    def _first_pass_bindings(self, expr: ast.Name, shown_before: bool
                             ) -> tuple[list[Binding], ast.expr | None] | None:
        """The bindings that reach a read in a loop's body on the loop's first pass, and the
        later argument that shows the loop runs (`first_pass_value`); None when not known."""
        path = self.model.path_to(self.model.tree, expr)
        reaching = self.model.reaching(expr)
        if path is None or not reaching:
            return None
        loops = [i for i, step in enumerate(path) if isinstance(step, ast.For)]
        if not loops:
            return None
        at = loops[-1]
        loop = path[at]
        assert isinstance(loop, ast.For)
        if path[at + 1] not in loop.body or any(isinstance(step, MAY_SKIP) for step in path[at + 1:-1]):
            return None
        runs = self.runs_once_at_least(loop.iter)
        if runs is False or shown_before and runs is not True:
            return None
        inside = [b for b in reaching if loop.lineno <= b.line <= (loop.end_lineno or loop.lineno)]
        before = [b for b in reaching if b not in inside]
        if not before or any(b.end <= (expr.lineno, expr.col_offset) for b in inside):
            return None  # (a binding of the loop may reach the read on its first pass too)
        if _may_leave_before(loop.body, expr.lineno):
            return None  # (`continue`, `break`, `return` or `raise` before it: the first pass may skip it)
        return before, runs if isinstance(runs, ast.expr) else None

    def runs_on_first_pass(self, loop: ast.For, node: ast.AST) -> bool:
        """Whether `node`, in the body of `loop` (outside its branches: the caller's to say),
        certainly runs on the loop's first pass: the loop runs at least once, as the code
        before it shows (`runs_once_at_least`), and no statement before the node may end the
        pass (`continue`, `break`, `return`, `raise`)."""
        line = getattr(node, "lineno", None)
        return line is not None and self.runs_once_at_least(loop.iter) is True \
            and not _may_leave_before(loop.body, line)

    def runs_once_at_least(self, iterable: ast.expr) -> bool | ast.expr:
        """Whether a loop over `iterable` certainly runs at least once: a non-empty display
        (or a name holding one), `range` of constants; or, for a parameter every call gives
        one, the first call's argument (later code shows it)."""
        if isinstance(iterable, (ast.List, ast.Tuple)):
            return bool(iterable.elts)
        if isinstance(iterable, ast.Name):
            value = self.value(iterable)
            if value.length is None:
                return self._given_non_empty(iterable)
            return value.type in ("list", "tuple") and bool(value.length) and not (
                value.type == "list" and value.elements is None)
        if isinstance(iterable, ast.Call) and self.model.qualname(iterable.func) == "builtins.range" \
                and not iterable.keywords and 1 <= len(iterable.args) <= 2:
            bounds = [self.constant(a) for a in iterable.args]
            if all(type(b) is int for b in bounds):
                return len(range(*bounds)) >= 1  # type: ignore[arg-type, call-overload]
        return False

    def _given_non_empty(self, parameter: ast.Name) -> bool | ast.expr:
        """For a parameter (read as it is, never changed in its def) every call gives a
        non-empty tuple or list display, or a name holding one unchanged when the call reads it
        (`ModuleModel.unchanged_at`: a list changed only later still has its elements then):
        the first call's argument. False otherwise."""
        binding = self.model.read_binding(parameter)
        given = self.parameter_arguments(parameter)
        if binding is None or not given or self.model.is_mutated(binding):
            return False
        for argument in given:
            display = argument
            if isinstance(argument, ast.Name):
                found = self.model.assignment_of(argument)
                use = self.model.use_of.get(id(argument))
                display = found[1] if found is not None and use is not None \
                    and self.model.unchanged_at(found[0], use) else None
            if not isinstance(display, (ast.List, ast.Tuple)) or not display.elts \
                    or any(isinstance(e, ast.Starred) for e in display.elts):
                return False
        return given[0] if given[0] is not None else False

    def given_arguments(self, expr: ast.Name) -> list[ast.expr] | None:
        """`parameter_arguments`, when every call gives the parameter an argument or its
        default (None otherwise)."""
        found = self.parameter_arguments(expr)
        return None if found is None or any(a is None for a in found) else found  # type: ignore[return-value]

    def _given_entry(self, expr: ast.Subscript) -> tuple[Value, ast.expr] | None:
        found = self._given_entry_expression(expr)
        if found is None:
            return None
        value = self.value(found[0])
        return None if value == UNKNOWN_VALUE else (value, found[1])

    def _given_entry_expression(self, expr: ast.Subscript) -> tuple[ast.expr, ast.expr] | None:
        """For `p["key"]` of a parameter `p` that every call gives a dict display (`given_value`)
        and nothing in the def may change: the display's entry for the key, and the first
        call's argument (what shows it). None otherwise."""
        key = expr.slice
        if type(expr.value) is not ast.Name or not isinstance(key, ast.Constant) \
                or not isinstance(expr.ctx, ast.Load):
            return None
        given = self.given_value(expr.value)
        parameter = self.model.read_binding(expr.value)
        if given is None or given[0].entries is None or parameter is None or self.model.is_mutated(parameter):
            return None
        for k, held in given[0].entries:
            if k == key.value and type(k) is type(key.value):
                return held, given[1]
        return None

    def _call_constant(self, call: ast.Call, depth: int) -> object:
        """The Python constant a helper of the file returns (`n_cells(4)`, `env.obs_size()`):
        a plain def or a bound method of a plain class, undecorated, whose body ends in its
        only `return`, the return's constant with the parameters holding the constants the
        call gives them. None otherwise."""
        func = call.func
        function: ast.AST | None = None
        if isinstance(func, ast.Name):
            binding = self.model.binding_of(func)
            function = binding.node if binding is not None and binding.kind == DEF else None
        elif isinstance(func, ast.Attribute):
            function = self._bound_method(func)
        if not isinstance(function, ast.FunctionDef) or function.decorator_list or not function.body \
                or id(function) in self._busy:
            return None
        helper = self._helper_binding(call, function, isinstance(func, ast.Attribute))
        if helper is None or helper[0] is _CHOSEN or helper[3].extra_positional or helper[3].extra_keywords:
            return None  # (a return chosen by the arguments: not followed for constants)
        returned, scope, _, bound = helper
        return self._constant_called(returned, function, scope, bound, depth)

    def _constant_called(self, expr: ast.expr, function: ast.FunctionDef, scope: Scope,
                         bound: Bound, depth: int) -> object:
        """The constant `expr`, in `function`'s body, is when a call binds `bound`: its
        parameters hold the constants the call gives them (the function set aside against
        a cycle meanwhile)."""
        constants = {(id(scope), name): held for name, value in bound.given.items()
                     if (held := self.constant(value, depth + 1)) is not None}
        saved = self._parameter_constants
        self._parameter_constants = {**{k: v for k, v in saved.items() if k[0] != id(scope)}, **constants}
        self._busy.add(id(function))
        try:
            return self.constant(expr, depth + 1)
        finally:
            self._busy.discard(id(function))
            self._parameter_constants = saved

    def _static_fact(self, attr: str, array: ast.expr) -> object:
        """`shape`, `ndim` or `size` of a JAX or NumPy array whose shape the inference knows
        (static under any transformation)."""
        value = self.value(array)
        aval = value.aval
        if value.type not in ("ArrayImpl", "ndarray") or aval is None or aval.shape is None:
            return None
        if attr == "shape":
            return aval.shape
        return len(aval.shape) if attr == "ndim" else aval.size

    @contextmanager
    def bound(self, function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
              parameters: Mapping[str, Value],
              constants: Mapping[str, object] | None = None) -> Iterator[None]:
        """While inside, the parameters of `function` hold the given values (what JAX hands
        a scan body or a cond branch): the inference follows them through the body;
        `constants`: the Python constants some of them certainly are (`constant` reads them
        where the parameter is read and never rebound)."""
        scope = self.model.scope_of_node.get(id(function))
        saved, saved_scoped = self._parameters, self._scoped
        saved_constants = self._parameter_constants
        if scope is not None:
            self._parameters = {**saved, **{(id(scope), name): value for name, value in parameters.items()}}
            self._parameter_constants = {**{k: v for k, v in saved_constants.items() if k[0] != id(scope)},
                                         **{(id(scope), name): value
                                            for name, value in (constants or {}).items()
                                            if value is not None}}
            self._scoped = {}
        try:
            yield
        finally:
            self._parameters, self._scoped = saved, saved_scoped
            self._parameter_constants = saved_constants

    def structure(self, expr: ast.expr) -> Structure:
        return self.value(expr).tree

    def seed(self, function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
             value: Value) -> None:
        """Every positional parameter of `function` holds `value` whenever it runs (JAX
        calls it): e.g. FROM_JAX for a custom_vjp bwd rule."""
        scope = self.model.scope_of_node.get(id(function))
        if scope is None:
            return
        args = function.args
        for arg in (*args.posonlyargs, *args.args):
            self._seed((id(scope), arg.arg), value)

    def seed_parameter(self, function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
                       name: str, value: Value) -> None:
        """The parameter `name` of `function` holds `value` whenever it runs (JAX calls it):
        e.g. FROM_JAX for the cotangent of a HiPrim's `vjp_bwd`, but not for its `self`."""
        scope = self.model.scope_of_node.get(id(function))
        if scope is not None:
            self._seed((id(scope), name), value)

    def _seed(self, key: tuple[int, str], value: Value) -> None:
        if self._parameters.get(key) != value:
            self._parameters[key] = value
            self._scoped.clear()  # what was found with the parameters before

    # ------------------------------------------------------------------------- literals
    def _constant(self, expr: ast.Constant, depth: int) -> Value:
        name = _CONSTANT_TYPES.get(type(expr.value))
        if expr.value is None:
            return Value("NoneType", NoneNode())
        return Value(name, Leaf(name or "leaf"), aval=avals.python_scalar(expr.value))

    def _sequence(self, expr: ast.Tuple | ast.List, depth: int) -> Value:
        name = "tuple" if isinstance(expr, ast.Tuple) else "list"
        if any(isinstance(e, ast.Starred) for e in expr.elts):
            return Value(name, Opaque(name))
        children = tuple(self.value(e, depth).tree for e in expr.elts)
        tree = TupleNode(children) if name == "tuple" else ListNode(children)
        return Value(name, tree, tuple(expr.elts))

    def _dict_display(self, expr: ast.Dict, depth: int) -> Value:
        return self._dict(list(zip(expr.keys, expr.values)), depth)

    def _dict(self, items: list[tuple[ast.expr | None, ast.expr]], depth: int) -> Value:
        if any(key is None or not isinstance(key, ast.Constant) for key, _ in items):
            return Value("dict", Opaque("dict"))  # **spread or a computed key
        keys = tuple({key.value: None for key, _ in items})  # type: ignore[union-attr]
        if None in keys:
            return Value("dict", Opaque("dict"), keys=keys)
        if len({type(k) for k in keys}) > 1:
            return Value("dict", keys=keys)  # JAX may not sort the keys (`keys` tells)
        entries: dict[object, Structure] = {}
        for key, value in items:
            entries[key.value] = self.value(value, depth).tree  # type: ignore[union-attr]
        try:
            ordered = tuple(sorted(entries.items(), key=lambda kv: kv[0]))  # type: ignore[arg-type, return-value]
        except TypeError:
            return Value("dict", keys=keys)
        expressions = {key.value: value for key, value in items}  # type: ignore[union-attr]
        return Value("dict", DictNode(ordered), entries=tuple(expressions.items()), keys=keys)

    def _comprehension(self, expr: ast.ListComp | ast.DictComp, depth: int) -> Value:
        name = "list" if isinstance(expr, ast.ListComp) else "dict"
        shown = self.comprehension_length(expr) if isinstance(expr, ast.ListComp) else None
        if shown is None or not isinstance(expr, ast.ListComp):
            return Value(name, Opaque(name))
        element = self.value(expr.elt, depth)  # (what every pass gives: the target joined)
        return Value("list", ListNode((element.tree,) * shown), parts=(element,) * shown)

    def comprehension_length(self, expr: ast.ListComp) -> int | None:
        """The length of `[e for x in xs]` with one `for` and no `if`: that of `xs`, a tuple or
        list display (or a name holding one, unchanged there) or `range` of constants; at
        most `_MAX_COMPREHENSION` (longer: not kept)."""
        if len(expr.generators) != 1 or expr.generators[0].ifs or expr.generators[0].is_async:
            return None
        iterable = expr.generators[0].iter
        if isinstance(iterable, ast.Call) and self.model.qualname(iterable.func) == "builtins.range" \
                and not iterable.keywords and 1 <= len(iterable.args) <= 3:
            bounds = [self.constant(a) for a in iterable.args]
            if all(type(b) is int for b in bounds):
                length = len(range(*bounds))  # type: ignore[call-overload]
                return length if length <= _MAX_COMPREHENSION else None
            return None
        display = self.display_held(iterable)
        if display is not None and any(isinstance(e, ast.Starred) for e in display.elts):
            return None
        passes = self._iterated_length(iterable) if display is None else len(display.elts)
        return passes if passes is not None and passes <= _MAX_COMPREHENSION else None

    def _iterated_length(self, iterable: ast.expr) -> int | None:
        """How many passes a loop over `iterable` makes, from its value: a tuple of known
        length, a list of known length read through a name nothing changes (a parameter a
        followed call gives the list: `[table[s] for s in symbols]`), a JAX array of known
        shape (its rows)."""
        value = self.value(iterable)
        if value.type == "ArrayImpl" and value.jax_array is not None and value.aval is not None \
                and value.aval.shape:
            first = value.aval.shape[0]
            return first if type(first) is int else None
        length = value.length
        if length is None or value.type not in ("tuple", "list"):
            return None
        if value.type == "list":
            binding = self.model.read_binding(iterable) if isinstance(iterable, ast.Name) else None
            if binding is None or self.model.is_mutated(binding):
                return None
        return length

    def display_held(self, expr: ast.expr) -> ast.Tuple | ast.List | None:
        """The tuple or list display `expr` is, or that a name certainly holds unchanged where
        it is read (its one reaching assignment; `ModuleModel.unchanged_at`)."""
        if isinstance(expr, (ast.Tuple, ast.List)):
            return expr
        if not isinstance(expr, ast.Name):
            return None
        found = self.model.assignment_of(expr)
        use = self.model.use_of.get(id(expr))
        if found is None or use is None or not isinstance(found[1], (ast.Tuple, ast.List)) \
                or not self.model.unchanged_at(found[0], use):
            return None
        return found[1]

    def _fstring(self, expr: ast.JoinedStr, depth: int) -> Value:
        return Value("str", Leaf("str"))

    def _display(self, expr: ast.expr, depth: int) -> Value:
        return Value(_DISPLAY_TYPES[type(expr)])

    # ------------------------------------------------------------------------- names
    def may_know(self, name: ast.Name) -> bool:
        """Whether `value(name)` may be anything but unknown, from the name's bindings alone
        (no code flow, no evaluation): False when none of the bindings of the scope it reads
        gives a value (an assignment, an unpacking, an augmented assignment) and none is a
        parameter holding a value in force (a seed, a followed call's argument)."""
        read = self._bindings_read(name)
        return read is not None and self._gives_value(name, *read)

    def _bindings_read(self, name: ast.Name) -> tuple[Scope, list[Binding]] | None:
        """The scope a use of the name reads and the name's bindings there (None: no use)."""
        model = self.model
        use = model.use_of.get(id(name))
        scope = model.resolve_scope(name.id, use.scope) if use is not None else None
        return (scope, scope.bindings.get(name.id, [])) if scope is not None else None

    def _gives_value(self, name: ast.Name, scope: Scope, bindings: list[Binding]) -> bool:
        for binding in bindings:
            if binding.value is not None and binding.kind in (ASSIGN, UNPACK, AUGMENTED) \
                    or binding.iterated is not None or _plain_def(binding) \
                    or binding.kind == OTHER and self.model.loop_unpacking(binding) is not None:
                return True
            if type(binding.node) is ast.arg and (id(scope), name.id) in self._parameters:
                return True
        return False

    def _name(self, expr: ast.Name, depth: int) -> Value:
        read = self._bindings_read(expr)
        if read is None:
            return UNKNOWN_VALUE  # (no use of a scope: nothing below would find a binding)
        bindings = read[1]
        if not self._gives_value(expr, *read):
            # Unknown whichever binding code flow lets reach the use: not asked. The read of
            # the parameter itself (its one binding) makes the value being computed depend
            # on the call followed, as `_parameter` says; with other bindings beside a
            # parameter, only code flow tells whether the read is the parameter's.
            parameters = sum(type(b.node) is ast.arg for b in bindings)
            if parameters == 0:
                return UNKNOWN_VALUE
            if len(bindings) == 1:
                self._depends(_CONTEXT)
                return UNKNOWN_VALUE
        binding = self.model.binding_of(expr)
        if binding is None:
            reaching = self.model.reaching(expr)
            if reaching and not any(isinstance(b.node, ast.arg) for b in reaching):
                # Bound on several paths (branches, a loop's back-edge): what they agree on;
                # or by `x op= y`.
                values = [self._bound_value(b, depth, True) for b in reaching]
                joined = self._assumed_aval(values, reaching) or self._assumed_tree(values, reaching) \
                    or _join_reaching(values)
                if joined.aval is None and joined.elements is None and joined.parts is None \
                        and joined.entries is None and joined.entry_values is None:  # (on the loop's first pass)
                    first = self.first_pass_value(expr, shown_before=True)
                    return first[0] if first is not None else joined
                return joined
            return self._parameter(expr)
        return self._bound_value(binding, depth, read=expr)

    def _unchanged_here(self, binding: Binding, read: ast.Name | None, value: Value) -> bool:
        """Whether the container a plain assignment built (`value`) is certainly unchanged
        where `read` reads it (`ModuleModel.unchanged_at`: no use that may change it runs
        between: `validate(batch)` right after `batch = make_batch(key)`)."""
        use = self.model.use_of.get(id(read)) if read is not None else None
        return use is not None and self._immutable_slots(value) and self.model.unchanged_at(binding, use)

    def _immutable_slots(self, value: Value) -> bool:
        """Whether every slot of a container holds a JAX array or an immutable value
        (`unchanged_at` leaves what a mutable entry holds to the caller: a dict placed inside
        may change through another name)."""
        if value.entry_values is not None:
            held = [v for _, v in value.entry_values]
        elif value.entries is not None:
            held = [self.value(e) for _, e in value.entries]
        elif value.parts is not None:
            held = list(value.parts)
        elif value.elements is not None:
            held = [self.value(e) for e in value.elements]
        else:
            return False
        return all(v.jax_array is not None or v.type in _IMMUTABLE_ENTRIES for v in held)

    def _assumed_aval(self, values: list[Value], reaching: list[Binding]) -> Value | None:
        """A loop's array of unchanged aval: the values of the bindings that reach a use, one
        being decided (a back-edge), the others JAX arrays of one known aval: that array,
        the binding being decided assumed to give the same aval (checked when its value is
        found: `_bound_value`), e.g. `x = step(x)` in a loop over `x = jnp.zeros(3)`."""
        if not any(v is _ASSUMED for v in values) \
                or any(v is _ASSUMED and id(b) in self._unassumed for v, b in zip(values, reaching)):
            return None
        known = [v for v in values if v is not _ASSUMED]
        if not known or any(v.type != "ArrayImpl" or v.jax_array is None or v.aval is None
                            or v.aval.shape is None or v.aval != known[0].aval for v in known):
            return None
        aval = known[0].aval
        assert aval is not None
        for value, binding in zip(values, reaching):
            if value is _ASSUMED:
                self._assumptions.setdefault(id(binding), []).append(aval)
        return replace(array_of(aval), jax_array=known[0].jax_array)

    def _assumed_tree(self, values: list[Value], reaching: list[Binding]) -> Value | None:
        """A loop's pytree of unchanged structure: as `_assumed_aval`, for bindings giving
        dicts, lists or tuples of one type whose structures share a known part (`params =
        update(params, grads)` over `params = {"w": ..., "b": ...}`): the structure they share,
        the binding being decided assumed to keep it (checked when its value is found; when
        it keeps less, assumed once more with what it kept: `_bound_value`)."""
        if not any(v is _ASSUMED for v in values) \
                or any(v is _ASSUMED and id(b) in self._unassumed for v, b in zip(values, reaching)):
            return None
        known = [v for v in values if v is not _ASSUMED]
        if not known or any(v.type not in _CONTAINER_TYPES or v.type != known[0].type
                            or type(v.tree) is Unknown for v in known):
            return None
        trees = [v.tree for v in known]
        trees += [self._widened[id(b)] for v, b in zip(values, reaching)
                  if v is _ASSUMED and id(b) in self._widened]
        tree = functools.reduce(joined_structure, trees)
        if type(tree) is Unknown:
            return None
        for value, binding in zip(values, reaching):
            if value is _ASSUMED:
                self._assumptions.setdefault(id(binding), []).append(tree)
        return Value(known[0].type, tree)

    def _bound_value(self, binding: Binding, depth: int, joined: bool = False,
                     read: ast.Name | None = None) -> Value:
        """The value a binding gives its name (`_ASSUMED` for one being decided, when
        `joined` with the other bindings that reach a use); `read`: the use that reads it,
        where a container changed elsewhere may still certainly be as it was built."""
        if binding.iterated is not None:
            return self._iterated(binding.iterated, binding, depth)
        if _plain_def(binding):
            return _FUNCTION
        unpacking = self.model.loop_unpacking(binding) if binding.kind == OTHER else None
        if unpacking is not None:  # `for name, (a, b) in pairs`: a part of each element
            element = self._iterated(unpacking.iterated, binding, depth)
            return self._unpacked_at(element, unpacking.index, unpacking.arity, depth)
        if binding.kind not in (ASSIGN, UNPACK, AUGMENTED) or binding.value is None:
            return UNKNOWN_VALUE
        self._steps += 1
        if self._steps > self.MAX_BINDING_STEPS:
            # The bindings that reach one another (a loop's `i += 1` on every path) would be
            # joined along every order: past the budget, unknown.
            self._depends(_PARTIAL)
            return UNKNOWN_VALUE
        if id(binding) in self._busy:
            self._depends(_PARTIAL)
            return _ASSUMED if joined else UNKNOWN_VALUE
        self._busy.add(id(binding))
        self._assumptions.pop(id(binding), None)
        try:
            if binding.kind == AUGMENTED:
                return self._augmented(binding, depth)
            value = self._assigned(binding, depth)
            assumed = self._assumptions.pop(id(binding), None)
            widened = _widened_assumption(assumed, value)
            if widened is not None:
                # A structure it kept only in part: assumed once more with what it kept.
                self._widened[id(binding)] = widened
                try:
                    value = self._assigned(binding, depth)
                finally:
                    self._widened.pop(id(binding), None)
                assumed = self._assumptions.pop(id(binding), None)
            if assumed is not None and not all(_borne_out(each, value) for each in assumed):
                # Found under an assumption its own value does not bear out: again, without.
                self._unassumed.add(id(binding))
                try:
                    value = self._assigned(binding, depth)
                finally:
                    self._unassumed.discard(id(binding))
                    self._assumptions.pop(id(binding), None)
            if value.jax_array is not None:
                value = replace(value, jax_array=JaxArray(value.jax_array.words, binding))
            if value.is_mutable and self.model.is_mutated(binding) and not self._unchanged_here(binding, read, value):
                # Still the same type, but what it holds may have changed.
                keep_elements = value.type == "tuple"
                return Value(value.type, UNKNOWN, value.elements if keep_elements else None,
                             value.from_jax)
            return value
        finally:
            self._busy.discard(id(binding))

    def _iterated(self, iterable: ast.expr, binding: Binding, depth: int) -> Value:
        """What each pass of a loop over `iterable` gets (its target `binding`): a row of a
        JAX array (its aval without the first axis), a Python int of `range(...)`, what every
        element of a tuple or list display is, or a (key, value) pair, a key or a value of a
        dict whose entries are known (`.items()`, the dict itself, `.values()`)."""
        if isinstance(iterable, ast.Call) and self.model.qualname(iterable.func) == "builtins.range":
            return _PYTHON_INT
        entries = self._dict_iterated(iterable, depth)
        if entries is not None:
            return entries
        paired = self._paired_iterated(iterable, binding, depth)
        if paired is not None:
            return paired
        generator = self._generator_of(iterable)
        if generator is not None:  # (`for batch in loader(x, y)`: what its one `yield` gives)
            assert isinstance(iterable, ast.Call)
            return self._local_call_undecorated(iterable, generator[0], depth, yielded=generator[1])
        value = self.value(iterable, depth)
        if value.type == "ArrayImpl" and value.jax_array is not None:
            return Value("ArrayImpl", Leaf("ArrayImpl"), aval=avals.element(value.aval),
                         jax_array=JaxArray(value.jax_array.words, binding))
        displayed = isinstance(iterable, (ast.Tuple, ast.List))  # (written there: unchanged)
        if value.elements is not None and value.elements and (displayed or not value.is_mutable) \
                and not any(isinstance(e, ast.Starred) for e in value.elements):
            return join([self._with_parts(self.value(e, depth), depth) for e in value.elements])
        held = self.display_held(iterable)  # (a name holding a display none changes)
        if held is not None and held.elts and not any(isinstance(e, ast.Starred) for e in held.elts):
            elements = [self.value(e, depth) for e in held.elts]
            if all(self._immutable(e, depth) for e in elements):
                return join([self._with_parts(e, depth) for e in elements])
        return UNKNOWN_VALUE

    def _with_parts(self, value: Value, depth: int) -> Value:
        """A tuple display's value with its elements' values as `parts` too (so that a join
        of several such displays keeps what they agree on, element by element)."""
        if value.type != "tuple" or value.elements is None or value.parts is not None \
                or len(value.elements) > _MAX_PARTS or any(type(e) is ast.Starred for e in value.elements):
            return value
        return replace(value, parts=tuple(self._with_parts(self.value(e, depth), depth) for e in value.elements))

    def _immutable(self, value: Value, depth: int) -> bool:
        """A str, bytes, None, Python number or JAX array, or a tuple display of such
        (nothing the loop may change through its target)."""
        if value.type in _IMMUTABLE_ENTRIES or value.type == "ArrayImpl":
            return True
        return value.type == "tuple" and value.elements is not None and depth < _MAX_IMMUTABLE_DEPTH \
            and all(self._immutable(self.value(e, depth + 1), depth + 1) for e in value.elements)

    def _paired_iterated(self, iterable: ast.expr, binding: Binding, depth: int) -> Value | None:
        """Each pass of a loop over `enumerate(xs)` (an int and what a loop over `xs` gets)
        or `zip(xs, ys, ...)` (what loops over each get): a tuple of those parts; None for
        any other iterable."""
        if type(iterable) is not ast.Call or not iterable.args \
                or any(type(a) is ast.Starred for a in iterable.args):
            return None
        qualname = self.model.qualname(iterable.func)
        if qualname == "builtins.enumerate" and len(iterable.args) == 1 and not iterable.keywords:
            parts: tuple[Value, ...] = (_PYTHON_INT, self._iterated(iterable.args[0], binding, depth))
        elif qualname == "builtins.zip" and all(k.arg == "strict" for k in iterable.keywords) \
                and len(iterable.args) <= _MAX_PARTS:
            parts = tuple(self._iterated(a, binding, depth) for a in iterable.args)
        else:
            return None
        return Value("tuple", TupleNode(tuple(p.tree for p in parts)), parts=parts)

    def _dict_iterated(self, iterable: ast.expr, depth: int) -> Value | None:
        """Each pass of a loop over a dict whose entries are known (`entry_values`, or
        `entries` read as values: a display no use changes): over `d.items()` a pair of a key
        and a value, over `d.values()` a value, over `d` or `d.keys()` a key (joined over the
        entries); None when `iterable` is none of these."""
        how = "keys"
        if type(iterable) is ast.Call and type(iterable.func) is ast.Attribute and not iterable.args \
                and not iterable.keywords and iterable.func.attr in ("items", "values", "keys"):
            how, iterable = iterable.func.attr, iterable.func.value
        elif type(iterable) is not ast.Name:
            return None
        base = self.value(iterable, depth)
        if base.type != "dict":
            return None
        if base.entry_values is not None:
            pairs = list(base.entry_values)
        elif base.entries is not None:
            pairs = [(k, self.value(e, depth)) for k, e in base.entries]
        else:
            return UNKNOWN_VALUE
        if not pairs:
            return UNKNOWN_VALUE
        keys = [self._constant_value(k) for k, _ in pairs]
        pairs = [(k, self._with_parts(v, depth)) for k, v in pairs]
        if how == "values":
            return join([v for _, v in pairs])
        if how == "keys":
            return join(keys)
        return join([Value("tuple", TupleNode((k.tree, v.tree)), parts=(k, v)) for k, (_, v) in zip(keys, pairs)])

    @staticmethod
    def _constant_value(constant: object) -> Value:
        """The value of a dict's key (a str, an int...)."""
        kind = _CONSTANT_TYPES.get(type(constant))
        if kind is None or constant is None:
            return UNKNOWN_VALUE
        return Value(kind, Leaf(kind), aval=avals.python_scalar(constant))

    def _generator_of(self, iterable: ast.expr) -> tuple[ast.FunctionDef, ast.expr] | None:
        """For a call of a plain module-level def of the file that is a generator with one
        `yield <value>` (no `yield from`, no `await`, no `return` with a value): the def and the
        yielded expression, what each pass of a loop over the call gets."""
        if not isinstance(iterable, ast.Call) or not isinstance(iterable.func, ast.Name):
            return None
        function = self.model.function_of(iterable.func)
        scope = self.model.scope_of_node.get(id(function)) if isinstance(function, ast.FunctionDef) else None
        if not isinstance(function, ast.FunctionDef) or scope is None or scope.parent is not self.model.module_scope:
            return None
        ends = self.model.returns_of(function)
        if not ends.suspends or any(r.value is not None for r in ends.returns):
            return None
        inner = [n for n in self.model.nodes_in(function, (ast.Yield, ast.YieldFrom, ast.Await))
                 if not any(isinstance(step, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
                            for step in (self.model.path_to(function, n) or [function, function])[1:-1])]
        if len(inner) != 1 or not isinstance(inner[0], ast.Yield) or inner[0].value is None:
            return None
        return function, inner[0].value

    def _assigned(self, binding: Binding, depth: int) -> Value:
        assert binding.value is not None
        value = self.value(binding.value, depth)
        if binding.kind != UNPACK:
            return value
        unpacked = self._unpacked(value, binding, depth)
        if unpacked.type is None and len(binding.index) == 1 and self._shape_entry(binding.value, depth):
            return _PYTHON_INT  # `n, d = x.shape`: the sizes of an array
        return unpacked

    def _augmented(self, binding: Binding, depth: int) -> Value:
        """`x op= y` on a number or an array: a new number or array (on a list or a dict it
        changes the container in place: unknown)."""
        before = self.model.reaching_augmented(binding)
        if not before or binding.value is None or binding.operator is None:
            return UNKNOWN_VALUE
        left = _join_reaching([self._bound_value(b, depth, True) for b in before])
        right = self.value(binding.value, depth)
        if left.jax_array is not None and isinstance(binding.operator, _KEEPS_JAX_ARRAY):
            return replace(self._augmented_value(binding, left, right), jax_array=left.jax_array)
        return self._augmented_value(binding, left, right)

    def _augmented_value(self, binding: Binding, left: Value, right: Value) -> Value:
        assert binding.operator is not None
        if not (isinstance(left.tree, Leaf) and isinstance(right.tree, Leaf)):
            return UNKNOWN_VALUE
        if left.is_array or right.is_array:
            both_jax = {left.type, right.type} <= {"ArrayImpl", *_PYTHON_SCALARS}
            return array_of(avals.binary(binding.operator, left.aval, right.aval) if both_jax else None)
        if left.python_scalar and right.python_scalar:
            return _python_arithmetic(binding.operator, left, right)
        return UNKNOWN_VALUE

    def _unpacked(self, value: Value, binding: Binding, depth: int) -> Value:
        """The part of `value` that `a, (b, c) = value` binds to one name."""
        return self._unpacked_at(value, binding.index, binding.arity, depth)

    def _unpacked_at(self, value: Value, index: tuple[int, ...], arity: tuple[int, ...], depth: int) -> Value:
        """The part of `value` at `index` of an unpacking whose levels have lengths `arity`."""
        for position, length in zip(index, arity):
            if value.from_jax:
                return FROM_JAX
            if value.type == "ArrayImpl":  # unpacking an array goes along its first axis
                aval = value.aval
                if aval is None or not aval.shape or aval.shape[0] != length:
                    return UNKNOWN_VALUE
                value = array_of(avals.element(aval))
                continue
            if value.elements is not None:
                if len(value.elements) != length:
                    return UNKNOWN_VALUE
                value = self.value(value.elements[position], depth)
                continue
            if value.parts is not None:
                if len(value.parts) != length:
                    return UNKNOWN_VALUE
                value = value.parts[position]
                continue
            tree = value.tree
            if not isinstance(tree, (TupleNode, ListNode)) or len(tree.children) != length:
                return UNKNOWN_VALUE
            value = of_tree(tree.children[position])
        return value

    def _parameter_constant(self, expr: ast.Name) -> object:
        """The Python constant a parameter read certainly holds (`bound`'s `constants`), when
        the use reads the parameter itself, bound once and never reassigned."""
        use = self.model.use_of.get(id(expr))
        scope = self.model.resolve_scope(expr.id, use.scope) if use else None
        if scope is None or (id(scope), expr.id) not in self._parameter_constants:
            return None
        bindings = scope.bindings.get(expr.id, [])
        if len(bindings) != 1 or not isinstance(bindings[0].node, ast.arg):
            return None
        self._depends(_CONTEXT)  # what it holds depends on the call followed
        return self._parameter_constants[(id(scope), expr.id)]

    def _parameter(self, expr: ast.Name) -> Value:
        """A parameter whose value is known (a seed, or the argument of a followed call),
        when the use reads the parameter itself (bound once, never reassigned; or code flow
        says only the parameter's binding reaches the use: `total = total + x` reads it on
        the right) and it is not changed in place."""
        use = self.model.use_of.get(id(expr))
        scope = self.model.resolve_scope(expr.id, use.scope) if use else None
        if scope is None:
            return UNKNOWN_VALUE
        bindings = scope.bindings.get(expr.id, [])
        if len(bindings) != 1 and scope is use.scope:  # type: ignore[union-attr]
            reaching = self.model.reaching(expr)
            bindings = reaching if reaching is not None and len(reaching) == 1 else []
        if len(bindings) != 1 and scope is use.scope and bindings == []:  # type: ignore[union-attr]
            first = self._first_pass_bindings(expr, True)  # (a parameter rebound in a loop: its first pass)
            if first is not None and len(first[0]) == 1 and isinstance(first[0][0].node, ast.arg):
                bindings = first[0]
        if len(bindings) != 1 or not isinstance(bindings[0].node, ast.arg):
            return UNKNOWN_VALUE
        self._depends(_CONTEXT)  # a parameter: what it holds depends on the call followed
        value = self._parameters.get((id(scope), expr.id))
        if value is None:
            return UNKNOWN_VALUE
        if value.is_mutable and self.model.is_mutated(bindings[0]):
            return UNKNOWN_VALUE
        return value

    # ------------------------------------------------------------------------- operators
    def _binop(self, expr: ast.BinOp, depth: int) -> Value:
        left, right = self.value(expr.left, depth), self.value(expr.right, depth)
        value = self._binop_value(expr, left, right)
        operands = _JAX_MATMUL_OPERANDS if isinstance(expr.op, ast.MatMult) else _JAX_OPERANDS
        for array, other in ((left, right), (right, left)):
            if array.jax_array is not None and (other.type in operands or other.jax_array is not None):
                return replace(value, jax_array=_ARITHMETIC_ON_JAX_ARRAY)
        return value

    def _binop_value(self, expr: ast.BinOp, left: Value, right: Value) -> Value:
        if left.from_jax or right.from_jax:
            return ARRAY if self._jax_arithmetic(expr, left, right) else UNKNOWN_VALUE
        if isinstance(left.tree, Leaf) and isinstance(right.tree, Leaf):
            if left.is_array or right.is_array:
                if {left.type, right.type} <= {"ndarray", *_PYTHON_SCALARS}:  # NumPy's stays NumPy's
                    return array_of(_numpy_aval(avals.binary(expr.op, left.aval, right.aval),
                                                left.aval, right.aval), "ndarray")
                both_jax = {left.type, right.type} <= {"ArrayImpl", *_PYTHON_SCALARS}
                return array_of(avals.binary(expr.op, left.aval, right.aval) if both_jax else None)
            if left.python_scalar and right.python_scalar:
                return _python_arithmetic(expr.op, left, right)
            return Value(tree=LEAF)  # arithmetic on two leaves is a leaf of some type
        return UNKNOWN_VALUE

    def _compare(self, expr: ast.Compare, depth: int) -> Value:
        """`a < b` of arrays or Python numbers (one operator): a bool array or a Python bool."""
        if len(expr.ops) != 1 or isinstance(expr.ops[0], (ast.Is, ast.IsNot, ast.In, ast.NotIn)):
            return UNKNOWN_VALUE
        left, right = self.value(expr.left, depth), self.value(expr.comparators[0], depth)
        if left.type == "ArrayImpl" and right.type in ("ArrayImpl", *_PYTHON_SCALARS) \
                or right.type == "ArrayImpl" and left.python_scalar:
            return array_of(avals.compare(left.aval, right.aval))
        if left.python_scalar and right.python_scalar:
            return Value("bool", Leaf("bool"), aval=avals.scalar("bool"))
        return UNKNOWN_VALUE

    @staticmethod
    def _jax_arithmetic(expr: ast.BinOp, left: Value, right: Value) -> bool:
        """`g * x` where JAX handed in g: an array, when every operand is an array, a value
        JAX handed in or a number (not an int times: a tuple times an int is a tuple)."""
        if not isinstance(expr.op, _ARITHMETIC):
            return False
        for operand, value in ((expr.left, left), (expr.right, right)):
            if isinstance(operand, ast.Constant) and type(operand.value) in (int, float):
                if type(operand.value) is int and isinstance(expr.op, ast.Mult):
                    return False
                continue
            if not (value.from_jax or value.is_array):
                return False
        return True

    def _if_expression(self, expr: ast.IfExp, depth: int) -> Value:
        """`a if test else b`: the branch a constant test takes, or what both branches agree on."""
        test = self.truth(expr.test)
        if test is not None:
            return self.value(expr.body if test else expr.orelse, depth)
        return join([self.value(expr.body, depth), self.value(expr.orelse, depth)])

    def _unaryop(self, expr: ast.UnaryOp, depth: int) -> Value:
        if isinstance(expr.op, ast.Not):
            return UNKNOWN_VALUE
        operand = self.value(expr.operand, depth)
        value = self._unary_value(expr, operand)
        if operand.jax_array is not None and isinstance(expr.op, ast.USub):
            return replace(value, jax_array=JaxArray(operand.jax_array.words))
        return value

    def _unary_value(self, expr: ast.UnaryOp, operand: Value) -> Value:
        if operand.from_jax:
            return ARRAY if isinstance(expr.op, ast.USub) else UNKNOWN_VALUE
        if operand.is_array:
            keeps = isinstance(expr.op, (ast.USub, ast.UAdd)) or operand.aval is not None \
                and operand.aval.kind in ("b", "i", "u")
            return array_of(operand.aval if keeps and operand.type == "ArrayImpl" else None)
        return operand if isinstance(operand.tree, Leaf) else UNKNOWN_VALUE

    # ------------------------------------------------------------------------- attributes, subscripts
    def _attribute(self, expr: ast.Attribute, depth: int) -> Value:
        if expr.attr in _FLOAT_CONSTANTS and self.model.qualname(expr) in _FLOAT_CONSTANTS[expr.attr]:
            return self._constant(ast.Constant(1.0), depth)  # `jnp.inf`: a Python float
        base = self.value(expr.value, depth)
        if expr.attr in ("T", "mT", "real", "imag"):
            if base.type == "ArrayImpl" and expr.attr == "T":
                value = array_of(avals.transpose(base.aval))
            else:
                value = ARRAY if base.type in ("ArrayImpl", "ndarray") else UNKNOWN_VALUE
            if base.jax_array is not None:
                return replace(value, jax_array=JaxArray(base.jax_array.words))
            return value
        if expr.attr in _STATIC_ATTRIBUTES and base.type in ("ArrayImpl", "ndarray") \
                and isinstance(expr.ctx, ast.Load):
            return _static_attribute(expr.attr, base.aval)
        if isinstance(base.tree, NamedTupleNode) and expr.attr in base.tree.fields:
            index = base.tree.fields.index(expr.attr)  # (its value, when the fields' are known)
            if base.parts is not None and len(base.parts) == len(base.tree.fields):
                return base.parts[index]
            return of_tree(base.tree.children[index])
        if isinstance(expr.value, ast.Name) and isinstance(expr.ctx, ast.Load):
            return self._instance_attribute(expr, depth)
        return UNKNOWN_VALUE

    def _instance_attribute(self, expr: ast.Attribute, depth: int) -> Value:
        """`self.cells` (or `board.cells` for `board = Board(...)`) where every store of the
        attribute the file shows on the class, its bases and subclasses is a plain assignment
        of a JAX array, and no class among them defines the name: a JAX array (shape unknown
        unless every store agrees)."""
        members = self.model.members
        if expr.attr not in members.stored_attributes():
            return self._class_constant(expr, depth)
        stores = members.stores_read_by(expr)
        if not stores or any(not isinstance(s.statement, (ast.Assign, ast.AnnAssign)) or s.value is None
                             for s in stores):
            return UNKNOWN_VALUE
        if any(members.defines_in_hierarchy(s.owner, expr.attr) for s in stores):
            return UNKNOWN_VALUE
        if len(stores) == 1:
            constructed = self._constructed_attribute(expr, stores[0], depth)
            if constructed is not None:
                return constructed
        checked = self._attribute_stores(expr)
        stored = self._stored_immutable(checked, depth) if checked is not None else None
        if stored is not None:
            return stored
        # A store that reads the attribute itself (`self.x = self.x.at[i].set(v)`) would ask
        # these stores again, once per store at every depth: asked again, unknown (as the
        # depth budget would end it, at once).
        busy = id(stores[0].statement)
        if busy in self._busy:
            self._depends(_PARTIAL)
            return UNKNOWN_VALUE
        found: list[Value] = []
        self._busy.add(busy)
        try:
            for store in stores:  # (the first that is no JAX array settles it: most are not)
                value = self.value(store.value, depth)  # type: ignore[arg-type]
                if value.jax_array is None:
                    return UNKNOWN_VALUE
                found.append(value)
        finally:
            self._busy.discard(busy)
        aval = found[0].aval if all(v.aval == found[0].aval for v in found) else None
        return replace(array_of(aval), jax_array=JaxArray(found[0].jax_array.words))  # type: ignore[union-attr]

    def _attribute_stores(self, expr: ast.Attribute) -> list[AttributeStore] | None:
        """The stores `self.n` (or `obj.n`) may read, when each is a plain assignment to that
        one target (`self.n = v`, `self.n: int = v`), they are all the module's stores of an
        attribute of that name (none on an object of unknown class), the module never calls
        `setattr`, and no class of the hierarchy defines the name; None otherwise."""
        members = self.model.members
        if not isinstance(expr.value, ast.Name) or not isinstance(expr.ctx, ast.Load) \
                or expr.attr not in members.stored_attributes():
            return None
        stores = members.stores_read_by(expr)
        if not stores or self.model.calls_to("builtins.setattr"):
            return None
        for store in stores:
            statement = store.statement
            alone = isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
                and statement.targets[0] is store.target \
                or isinstance(statement, ast.AnnAssign) and statement.target is store.target
            if not alone or store.value is None or members.defines_in_hierarchy(store.owner, expr.attr):
                return None
        everywhere = sum(1 for target, _ in self.model.stores_in(self.model.tree)
                         if isinstance(target, ast.Attribute) and target.attr == expr.attr)
        return stores if everywhere == len(stores) else None

    def _stored_immutable(self, stores: list[AttributeStore], depth: int) -> Value | None:
        """The value every store gives the attribute, when each is the same immutable value
        (a number, a string, None) that reads no parameter (`self.n = 5`, `self.mode =
        "train"`, `self.scale = 1 / SIZE`), whatever instance or call runs it; None
        otherwise."""
        found: Value | None = None
        for store in stores:
            value = self.value(store.value, depth)  # type: ignore[arg-type]
            kept = self._memo.get(id(store.value))
            if kept is None or kept[0] is not store.value or value.type not in _IMMUTABLE_ENTRIES \
                    or found is not None and value != found:
                return None  # (not in the memo: it read a parameter, or was cut short)
            found = value
        return found

    def _stored_constant(self, expr: ast.Attribute, depth: int) -> object:
        """`self.n` where every store of the attribute gives the same Python constant that
        reads no parameter (`self.n = 5`, `self.shape = (N, 3)` for a module constant N)."""
        stores = self._attribute_stores(expr)
        if stores is None or any(id(s.statement) in self._busy for s in stores):
            return None
        saved = self._parameter_constants
        self._parameter_constants = {}  # (a parameter read gives no constant)
        found: list[object] = []
        try:
            for store in stores:
                self._busy.add(id(store.statement))
                try:
                    constant = self.constant(store.value, depth + 1)  # type: ignore[arg-type]
                finally:
                    self._busy.discard(id(store.statement))
                if constant is None or found and (type(constant) is not type(found[0]) or constant != found[0]):
                    return None
                found.append(constant)
        finally:
            self._parameter_constants = saved
        return found[0] if found else None

    def _class_constant(self, expr: ast.Attribute, depth: int) -> Value:
        found = self._class_level(expr)
        return UNKNOWN_VALUE if found is None else self.value(found, depth + 1)

    def _class_level(self, expr: ast.Attribute) -> ast.expr | None:
        """For `self.size` (or `env.size` for `env = Env()`): the value of the one class-level
        assignment `size = 12` of a plain class of the file (no bases, no decorator: not a
        dataclass, whose construction may set it), with no subclass, where no code stores the
        attribute on any object (`Members.stored_attributes`) and the class defines the name
        nowhere else. None otherwise."""
        receiver = expr.value
        if not isinstance(receiver, ast.Name) or not isinstance(expr.ctx, ast.Load) \
                or expr.attr in self.model.members.stored_attributes():
            return None
        owner = self.model.members.class_of_instance(receiver)
        if owner is None or owner.bases or owner.keywords or owner.decorator_list \
                or self.model.members.subclasses(owner):
            return None
        found: list[ast.expr] = []
        for statement in owner.body:
            if isinstance(statement, ast.Assign):
                if any(not isinstance(t, ast.Name) or t.id == expr.attr for t in statement.targets):
                    if len(statement.targets) != 1 or not isinstance(statement.targets[0], ast.Name):
                        return None
                    found.append(statement.value)
            elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name) \
                    and statement.target.id == expr.attr:
                if statement.value is None:
                    return None
                found.append(statement.value)
            elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                    and statement.name == expr.attr:
                return None
        return found[0] if len(found) == 1 else None

    def _constructed_attribute(self, expr: ast.Attribute, store: AttributeStore, depth: int) -> Value | None:
        """`m.w` for `m = C(a, b)` whose one store of `w` is `self.w = <JAX array>` in `C`'s
        own `__init__` (undecorated), `self` its first parameter: the stored value with
        `__init__`'s other parameters holding the constructor call's arguments (`self.w =
        jnp.ones((1, n))` and `Linear(3)`). None when the code does not show it."""
        constructed = self._constructor_binding(expr, store)
        if constructed is None:
            return None
        init, bound = constructed
        arguments = {name: self.value(argument, depth) for name, argument in bound.given.items()}
        constants = {name: self.constant(argument) for name, argument in bound.given.items()}
        with self.bound(init, arguments, constants):
            value = self.value(store.value, depth)  # type: ignore[arg-type]
        if value.jax_array is None:
            return None
        return replace(array_of(value.aval), jax_array=JaxArray(value.jax_array.words))

    def _constructor_binding(self, expr: ast.Attribute,
                             store: AttributeStore) -> tuple[ast.FunctionDef, Bound] | None:
        """For `m.w` with `m = C(a, b)` and the one store `self.w = ...` in `C`'s own
        `__init__` (undecorated, `self` its first parameter, `C` without subclasses): that
        `__init__` and its other parameters bound to the constructor call's arguments."""
        receiver = expr.value
        if not isinstance(receiver, ast.Name):
            return None
        call = self.model.assigned_value(receiver)
        if call is None:  # `self` of a method followed through `obj.m(...)`: obj's construction
            call = self._receiver_construction(receiver)
        init = store.method
        made = self.model.binding_of(call.func) if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) else None
        if made is None or made.node is not store.owner:
            return None  # (not a construction of the class that stores the attribute)
        assert isinstance(call, ast.Call)
        if not isinstance(init, ast.FunctionDef) or store.value is None \
                or init.name != "__init__" or init.decorator_list or init not in store.owner.body \
                or self.model.members.class_of_instance(receiver) is not store.owner \
                or self.model.members.subclasses(store.owner):
            return None
        signature = Signature.of(init.args)
        if not signature.positional:
            return None
        bound = bind_arguments(signature.bound_to_instance(), call.args, call.keywords)
        if bound is None or bound.extra_positional or bound.extra_keywords:
            return None
        return init, bound

    def _receiver_construction(self, receiver: ast.Name) -> ast.Call | None:
        """For `self` of a method followed through `obj.m(...)` (its first parameter, bound to
        what `obj` holds), the construction `C(...)` that made `obj` (`Value.instance`)."""
        binding = self.model.read_binding(receiver)
        if binding is None or not isinstance(binding.node, ast.arg):
            return None
        held = self._parameters.get((id(binding.scope), receiver.id))
        if held is None:
            return None
        self._depends(_CONTEXT)
        return held.instance

    def _constructed_constant(self, expr: ast.Attribute, depth: int) -> object:
        """`conf.n` for `conf = Config(5)` whose `__init__` stores `self.n = n` (the attribute's
        one store on the class, a plain assignment): the constant stored, with `__init__`'s
        parameters holding the constants the constructor call gives them; for a stdlib
        dataclass, what the construction gives the field (`_dataclass_field`)."""
        members = self.model.members
        if not isinstance(expr.value, ast.Name) or not isinstance(expr.ctx, ast.Load):
            return None
        made = self.model.assigned_value(expr.value)
        field = self._dataclass_field(made, expr.attr) if isinstance(made, ast.Call) else None
        if field is not None:
            return self.constant(field, depth + 1)
        if expr.attr not in members.stored_attributes():
            return None
        stores = members.stores_read_by(expr)
        if len(stores) != 1 or not isinstance(stores[0].statement, (ast.Assign, ast.AnnAssign)) \
                or members.defines_in_hierarchy(stores[0].owner, expr.attr):
            return None
        constructed = self._constructor_binding(expr, stores[0])
        if constructed is None or id(constructed[0]) in self._busy:
            return None
        init, bound = constructed
        scope = self.model.scope_of_node.get(id(init))
        if scope is None:
            return None
        return self._constant_called(stores[0].value, init, scope, bound, depth)  # type: ignore[arg-type]

    def _subscript(self, expr: ast.Subscript, depth: int) -> Value:
        base = self.value(expr.value, depth)
        value = self._subscript_value(expr, base, depth)
        if base.jax_array is not None and isinstance(expr.ctx, ast.Load):
            if value.type is None and base.type == "ArrayImpl":
                value = ARRAY  # (a JAX array indexed is one, whatever the shapes)
            return replace(value, jax_array=JaxArray(base.jax_array.words))
        return value

    def _subscript_value(self, expr: ast.Subscript, base: Value, depth: int) -> Value:
        if base.from_jax:
            return FROM_JAX  # a part of a pytree of arrays
        key = expr.slice
        if type(expr.value) is ast.Name:
            known, index = _constant_key(key)
            entry = self._entry(expr.value, index, depth) if known else None
            if entry is not None:
                return entry
        if not isinstance(key, ast.Constant):
            if base.type == "dict" and type(expr.value) is ast.Name and isinstance(expr.ctx, ast.Load):
                return self._any_entry(expr.value, depth)
            if base.type == "ArrayImpl" and base.aval is not None and isinstance(expr.ctx, ast.Load):
                indexed = _basic_index(base.aval, key,
                                       lambda part: _is_scalar_index(self.value(part, depth)),
                                       lambda part: self.model.qualname(part) in _NEWAXIS,
                                       self.constant)
                if indexed is None:
                    indexed = _scalar_index(base.aval, self.value(key, depth))
                if indexed is None:
                    parts = key.elts if isinstance(key, ast.Tuple) else [key]
                    indexed = _integer_array_index(base.aval, [self.value(p, depth) for p in parts])
                return array_of(indexed) if indexed is not None else UNKNOWN_VALUE
            if base.type == "ndarray" and base.aval is not None and isinstance(expr.ctx, ast.Load):
                indexed = _basic_index(base.aval, key,  # (`x[i:i + n]`: NumPy's again, a view)
                                       lambda part: _is_scalar_index(self.value(part, depth)),
                                       lambda part: self.model.qualname(part) in _NEWAXIS,
                                       self.constant)
                if indexed is not None and indexed.ndim is not None and indexed.ndim >= 1:
                    return Value("ndarray", Leaf("ndarray"), aval=indexed)
            return UNKNOWN_VALUE
        if base.entry_values is not None and isinstance(expr.ctx, ast.Load):
            # `batch["rgb"]` of the dict a helper returns: the entry as the helper made it
            for k, entry in base.entry_values:
                if k == key.value and type(k) is type(key.value) \
                        and (entry.jax_array is not None or entry.type in _IMMUTABLE_ENTRIES):
                    return entry
        if base.entries is not None and isinstance(expr.ctx, ast.Load):
            # `params["w"]` where `params` holds a dict display (a parameter given it): the
            # entry's value when it cannot have changed since (a JAX array, an immutable value)
            for k, held in base.entries:
                if k == key.value and type(k) is type(key.value):
                    value = self.value(held, depth)
                    if value.jax_array is not None or value.type in _IMMUTABLE_ENTRIES:
                        return value
        if base.type == "ArrayImpl" and base.aval is not None:
            if (key.value is None or key.value is Ellipsis) and isinstance(expr.ctx, ast.Load):
                indexed = _basic_index(base.aval, key)
                return array_of(indexed) if indexed is not None else UNKNOWN_VALUE
            indexed = avals.index(base.aval, key.value)
            return array_of(indexed) if indexed is not None else UNKNOWN_VALUE
        if type(key.value) is int:
            if base.elements is not None and base.type == "tuple":
                if -len(base.elements) <= key.value < len(base.elements):
                    return self.value(base.elements[key.value], depth)
                return UNKNOWN_VALUE
            if base.parts is not None and base.type == "tuple":
                if -len(base.parts) <= key.value < len(base.parts):
                    return base.parts[key.value]
                return UNKNOWN_VALUE
            tree = base.tree
            if isinstance(tree, (TupleNode, ListNode, NamedTupleNode)) \
                    and -len(tree.children) <= key.value < len(tree.children):
                return of_tree(tree.children[key.value])
        if isinstance(base.tree, DictNode):
            for k, child in base.tree.entries:
                if k == key.value and type(k) is type(key.value):
                    return of_tree(child)
        if type(key.value) is int and isinstance(expr.ctx, ast.Load) and self._shape_entry(expr.value, depth):
            return _PYTHON_INT
        return UNKNOWN_VALUE

    def _shape_entry(self, shape: ast.expr, depth: int) -> bool:
        """Whether `shape` is `x.shape` of an array of unknown shape, or of a value the code
        does not type (a parameter): its entries are Python ints, an array's sizes (NumPy's,
        JAX's and a tracer's alike; what else has a `.shape` indexed by position is rarer
        than the arrays JAX code passes around)."""
        if not isinstance(shape, ast.Attribute) or shape.attr != "shape":
            return False
        owner = self.value(shape.value, depth)
        return owner.type in (None, "ArrayImpl", "ndarray") and not owner.from_jax

    def _any_entry(self, name: ast.Name, depth: int) -> Value:
        """`d[k]` for a key the code does not show, where `d` certainly holds a dict display
        with constant keys, unchanged there: what every entry is (a number, a string: the
        entries of immutable types joined; `Z[s]` of `Z = {"H": 1, "C": 6}` is an int)."""
        found = self.model.assignment_of(name)
        use = self.model.use_of.get(id(name))
        if found is None or use is None or type(found[1]) is not ast.Dict or id(found[0]) in self._busy \
                or not self.model.unchanged_at(found[0], use):
            return UNKNOWN_VALUE
        display = found[1]
        if not display.values or any(k is None or type(k) is not ast.Constant for k in display.keys):
            return UNKNOWN_VALUE
        self._busy.add(id(found[0]))
        try:
            entries = [self.value(v, depth) for v in display.values]
        finally:
            self._busy.discard(id(found[0]))
        if not all(e.type in _IMMUTABLE_ENTRIES for e in entries):
            return UNKNOWN_VALUE
        return join(entries)

    def _entry(self, name: ast.Name, key: object, depth: int, dict_only: bool = False) -> Value | None:
        """`d[k]` (or `d.get(k)`), where `d = {...}` / `[...]` / `(...)` is the display the
        code flow certainly reaches `name` from and the container is certainly unchanged
        there (`entry_expression`): the value of the entry's expression, evaluated where the
        display is. None when the code does not show it, or when the entry is not certainly
        immutable (a list, a NumPy array: another name may hold it and change it; only the
        structure is known)."""
        found = self.entry_expression(name, key, dict_only)
        if found is None:
            return None
        binding, entry = found
        self._busy.add(id(binding))
        try:
            value = self.value(entry, depth)
        finally:
            self._busy.discard(id(binding))
        if value.jax_array is not None or value.type in _IMMUTABLE_ENTRIES:
            return value
        return None

    def dict_keys(self, expr: ast.expr) -> tuple[object, ...] | None:
        """The constant keys of the plain dict `expr` certainly is where it is read (`Value.keys`):
        for a name whose one reaching assignment (one target) is a dict display or `dict(...)`
        call, also when the dict may change later, provided nothing that may change it can run
        between the assignment and this read (`ModuleModel.unchanged_at`). None when unknown."""
        value = self.value(expr)
        if value.type != "dict":
            return None
        if value.keys is not None or type(expr) is not ast.Name:
            return value.keys
        found = self.model.assignment_of(expr)
        use = self.model.use_of.get(id(expr))
        if found is None or use is None or not self.model.unchanged_at(found[0], use):
            return None
        return self.value(found[1]).keys

    def _held_expression(self, expr: ast.expr) -> ast.expr | None:
        """The expression `name` (its one unchanged assignment) or `name["key"]` (the entry of
        the dict display it certainly holds) certainly is; None otherwise."""
        if isinstance(expr, ast.Name):
            return self.model.assigned_value(expr)
        if isinstance(expr, ast.Subscript) and type(expr.value) is ast.Name and isinstance(expr.ctx, ast.Load):
            known, key = _constant_key(expr.slice)
            found = self.entry_expression(expr.value, key) if known else None
            return found[1] if found is not None else None
        return None

    def entry_expression(self, name: ast.Name, key: object,
                         dict_only: bool = False) -> tuple[Binding, ast.expr] | None:
        """The expression of the entry `name[key]` reads, when `name` certainly holds the dict,
        list or tuple display of its one reaching assignment (one target) and no use that may
        change the container's slots can run in between (`ModuleModel.unchanged_at`): the
        assignment and the entry's expression (for equal keys, the last: Python's rule)."""
        found = self.model.assignment_of(name)
        if found is None or id(found[0]) in self._busy:
            return None
        binding, display = found
        entry: ast.expr | None = None
        if type(display) is ast.Dict:
            entry = display_entry(display, key) if key is not None else None  # type: ignore[arg-type]
        elif type(display) in (ast.List, ast.Tuple) and type(key) is int and not dict_only:
            elements = display.elts  # type: ignore[attr-defined]
            if any(type(e) is ast.Starred for e in elements) or not -len(elements) <= key < len(elements):
                return None
            entry = elements[key]
        if entry is None:
            return None
        use = self.model.use_of.get(id(name))
        if use is None or not self.model.unchanged_at(binding, use):
            return None
        return binding, entry

    # ------------------------------------------------------------------------- calls
    def _call(self, expr: ast.Call, depth: int) -> Value:
        put = self._device_put(expr, depth)
        if put is not None:
            return put
        value = self._call_value(expr, depth)
        made = self._call_jax_array(expr, depth)
        return replace(value, jax_array=made) if made is not None else value

    def _device_put(self, call: ast.Call, depth: int) -> Value | None:
        """`jax.device_put(x)` (or with a device): one JAX array holding `x` when `x` is one
        JAX array, a NumPy array or a Python number of known aval (converted as a
        transformation converts it: the avals here already are JAX's); else None."""
        if type(call.func) is not ast.Attribute and type(call.func) is not ast.Name \
                or not call.args or len(call.args) > 2 or type(call.args[0]) is ast.Starred \
                or any(k.arg is None for k in call.keywords) \
                or self.model.qualname(call.func) != "jax.device_put":
            return None
        inner = self.value(call.args[0], depth + 1)
        if inner.aval is None or inner.aval.shape is None \
                or not (inner.type in ("ArrayImpl", "ndarray") or inner.python_scalar):
            return None
        return replace(array_of(inner.aval), jax_array=JaxArray("`jax.device_put`"))

    def _call_jax_array(self, call: ast.Call, depth: int) -> JaxArray | None:
        """What makes the result of `call` certainly one JAX array (`JaxArray`), or None."""
        model = self.model
        function = call.func
        if isinstance(function, ast.Attribute):
            if function.attr not in _JAX_ARRAY_METHODS and function.attr not in _JAX_AT_METHODS:
                if model.qualname(function) is None:
                    return None
            elif model.qualname(function) is None:
                receiver = function.value
                if function.attr in _JAX_AT_METHODS and isinstance(receiver, ast.Subscript) \
                        and isinstance(receiver.value, ast.Attribute) and receiver.value.attr == "at":
                    return _AT_UPDATE if self.value(receiver.value.value, depth).jax_array else None
                if function.attr in _JAX_ARRAY_METHODS and self.value(receiver, depth).jax_array:
                    return JaxArray(f"`.{function.attr}()` of a JAX array")
                return None
        if array_type_of_call(model, call) != "ArrayImpl":
            return None
        if not returns_one_array(model, call, lambda e: self.value(e, depth).jax_array is not None):
            return None
        if call.args and not isinstance(call.args[0], ast.Starred) \
                and self.value(call.args[0], depth).type == "Ref":
            return None  # jnp.asarray(ref): JAX refuses the Ref first
        return JaxArray(f"`{model.qualname(function) or ''}`")

    def _call_value(self, expr: ast.Call, depth: int) -> Value:
        model = self.model
        function = expr.func
        if isinstance(function, ast.Attribute) and function.attr == "apply":
            applied = self._flax_apply(expr, function, depth)  # `model.apply(variables, x)`
            if applied is not None:
                return applied
        if isinstance(function, ast.Attribute) and function.attr == "_replace":
            replaced = self._replaced(expr, function.value, depth)  # `state._replace(x=v)`
            if replaced is not None:
                return replaced
        if isinstance(function, ast.Attribute) and function.attr in ARRAY_METHODS:
            receiver = function.value
            if function.attr == "get" and type(receiver) is ast.Name and not expr.keywords \
                    and 1 <= len(expr.args) <= 2 and type(expr.args[0]) is ast.Constant:
                entry = self._entry(receiver, expr.args[0].value, depth, dict_only=True)
                if entry is not None:
                    return entry  # `d.get(k)` of a key the dict certainly holds
            # x.at[i].set(v) and friends
            if function.attr in AT_METHODS and isinstance(receiver, ast.Subscript) \
                    and isinstance(receiver.value, ast.Attribute) and receiver.value.attr == "at":
                inner = self.value(receiver.value.value, depth)
                if inner.type == "ArrayImpl" and function.attr != "get":
                    return array_of(inner.aval)
                return ARRAY if inner.type in ("ArrayImpl", "ndarray") else UNKNOWN_VALUE
            if model.qualname(receiver) is None:  # a method of a value, not a module function
                inner = self.value(receiver, depth)
                if inner.type == "ArrayImpl":
                    return array_of(avals.method(function.attr, inner.aval, expr, self.facts))
                if inner.type == "ndarray" and function.attr in _NDARRAY_KEEPING:  # still NumPy's
                    return Value("ndarray", Leaf("ndarray"),
                                 aval=avals.method(function.attr, inner.aval, expr, self.facts))
                if inner.type == "ndarray":  # NumPy's again, or a NumPy scalar (a reduction of it all)
                    axis = expr.args[0] if expr.args else next((k.value for k in expr.keywords if k.arg == "axis"), None)
                    along = axis is not None and not (isinstance(axis, ast.Constant) and axis.value is None)
                    arrays = function.attr in _NDARRAY_ARRAYS or function.attr in _NDARRAY_REDUCTIONS and along
                    aval = _numpy_aval(avals.method(function.attr, inner.aval, expr, self.facts), inner.aval) \
                        if arrays else None  # (`x.mean(axis=0)`: as `jax.numpy`'s, by shape)
                    return Value("ndarray", Leaf("ndarray"), aval=aval) if arrays else UNKNOWN_VALUE
                return ARRAY if inner.from_jax or inner.type == "ArrayImpl" else UNKNOWN_VALUE
        qualname = model.qualname(function)
        if qualname is None and isinstance(function, ast.Attribute) and function.attr in _GENERATOR_SAMPLERS \
                and self.value(function.value, depth).type == "Generator":
            made = self.facts.numpy_random_call(function.attr, expr)  # `rng.normal(size=(3, 4))`
            return Value("ndarray", Leaf("ndarray"), aval=None if made is None else replace(made, weak=False))
        if qualname is None and isinstance(function, ast.Call):
            layer = self._flax_dense(expr, function, depth)  # `nn.Dense(16)(x)`
            if layer is not None:
                return layer
        if qualname is None and isinstance(function, ast.Attribute):
            stored = self._setup_layer(function)  # `self.out(x)` for `self.out = nn.Dense(1)`
            layer = self._flax_dense(expr, stored, depth) if stored is not None else None
            if layer is not None:
                return layer
        if qualname is None:
            namedtuple = self._namedtuple_class(function)
            if namedtuple is not None:
                return self._namedtuple(expr, namedtuple, depth)
            gradient = self._gradient(expr, depth)
            if gradient is not None:
                return gradient
            output = self._transformed_output(expr, depth)
            if output is not None:
                return output
            if isinstance(function, ast.Name) and not any(isinstance(a, ast.Starred) for a in expr.args) \
                    and all(k.arg is not None for k in expr.keywords):
                binding = model.binding_of(function)
                if binding is not None and binding.kind == CLASS and isinstance(binding.node, ast.ClassDef):
                    return Value(instance=expr)  # `Model(3, 2)`: an instance, made here
            return self._local_call(expr, depth)
        if qualname in ("jax.ad.DontWant", "jax.ad.GradValue"):
            name = qualname.rsplit(".", 1)[1]
            return Value(name, Leaf(name))
        if qualname.startswith("jax.random.") and qualname[11:] in KEY_FUNCTIONS:
            return array_of(self.facts.random_call(qualname[11:], expr))
        if qualname.startswith("numpy."):
            made = self.facts.numpy_module_call(qualname[6:], expr)
            if made is None and qualname[6:] in NUMPY_AS_JAX_NUMPY \
                    and not any(isinstance(a, ast.Starred) for a in expr.args):
                # `np.maximum(x, 1e-6)`: the shape `jnp.maximum` gives, of NumPy's arrays
                made = _numpy_aval(self._array_aval(f"jax.numpy.{qualname[6:]}", expr),
                                   *(self.value(a, depth).aval for a in expr.args))
            if made is not None:
                return Value("ndarray", Leaf("ndarray"), aval=made)
        if qualname == "jax.numpy.meshgrid":
            return self._meshgrid(expr, depth)
        if qualname == "jax.lax.scan":
            scanned = self._scan_output(expr, depth)
            if scanned is not None:
                return scanned
        array = array_type_of_call(model, expr)
        if array == "ArrayImpl":
            return array_of(self._array_aval(qualname, expr))
        if array == "Ref":
            return Value(array, Leaf(array), ref=self._held(expr, depth))
        if array is not None:
            return Value(array, Leaf(array))
        if qualname == "builtins.dict":
            return self._dict_call(expr, depth)
        if qualname in ("builtins.tuple", "builtins.list") and len(expr.args) == 1 and not expr.keywords:
            name = qualname.rsplit(".", 1)[1]
            inner = self.value(expr.args[0], depth)
            if isinstance(inner.tree, (TupleNode, ListNode)):
                children = inner.tree.children
                return Value(name, TupleNode(children) if name == "tuple" else ListNode(children))
            return Value(name, Opaque(name))
        if qualname in ("jax.tree.map", "jax.tree_util.tree_map"):
            return self._tree_map(expr, depth)
        if qualname in _SCALAR_CALLS:  # `float(n)`, `len(xs)`: a Python scalar of that type
            name = _CALL_TYPES[qualname]
            return Value(name, Leaf(name), aval=avals.python_scalar(_SCALAR_CALLS[qualname]))
        if qualname in _CALL_TYPES:
            return Value(_CALL_TYPES[qualname])
        summary = self.imported.get(qualname)
        if summary is not None and summary.returns is not None:
            return value_of(summary.returns, qualname)  # a function of another module
        return UNKNOWN_VALUE

    def _meshgrid(self, call: ast.Call, depth: int) -> Value:
        """`jnp.meshgrid(x, y, ...)` of 1-D JAX arrays of known aval (not weakly typed), with
        `indexing` "xy" (the default: the first two axes swapped) or "ij" written out: a tuple
        of one array per input, each of the grid's shape and its input's dtype (measured
        under JAX 0.12.0.1); unknown otherwise."""
        if not call.args or any(type(a) is ast.Starred for a in call.args):
            return UNKNOWN_VALUE
        indexing: object = "xy"
        for keyword in call.keywords:
            if keyword.arg != "indexing" or type(keyword.value) is not ast.Constant:
                return UNKNOWN_VALUE
            indexing = keyword.value.value
        inputs = [self.value(a, depth) for a in call.args]
        if indexing not in ("xy", "ij") or any(
                v.type != "ArrayImpl" or v.aval is None or v.aval.shape is None or len(v.aval.shape) != 1
                or v.aval.weak or v.aval.dtype is None for v in inputs):
            return UNKNOWN_VALUE
        shape = [v.aval.shape[0] for v in inputs]  # type: ignore[index, union-attr]
        if indexing == "xy" and len(shape) > 1:
            shape[0], shape[1] = shape[1], shape[0]
        parts = tuple(array_of(Aval(tuple(shape), v.aval.dtype)) for v in inputs)  # type: ignore[union-attr]
        return Value("tuple", TupleNode(tuple(p.tree for p in parts)), parts=parts)

    def _held(self, call: ast.Call, depth: int) -> Aval | None:
        """The aval of the array `jax.new_ref(x)` holds: x's, not weakly typed."""
        if len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
            return None
        inner = self.value(call.args[0], depth)
        if inner.aval is None or not (inner.type == "ArrayImpl" or inner.python_scalar):
            return None
        return replace(inner.aval, weak=False)

    def _array_aval(self, qualname: str, call: ast.Call) -> Aval | None:
        namespace, _, name = qualname.rpartition(".")
        if namespace == "jax.numpy" and name in ("concatenate", "stack"):
            return self._joined(name, call)
        if namespace == "jax.numpy":
            return self.facts.numpy_call(name, call)
        if qualname == "jax.numpy.linalg.norm":
            return self.facts.norm(call)
        if namespace == "jax.numpy.linalg":
            return self.facts.linalg(name, call)
        if namespace == "jax.random":
            return self.facts.random_call(name, call)
        if namespace == "jax.nn" and len(call.args) == 1 and not call.keywords:
            return avals.unary(name, self.value(call.args[0]).aval)
        return None

    def _joined(self, name: str, call: ast.Call) -> Aval | None:
        """`jnp.concatenate([a, b], axis)` / `jnp.stack([a, b], axis)` of a list or tuple
        display of JAX arrays of known shapes and one dtype (no promotion to work out): the
        joined aval; None when JAX would raise or the code does not show it."""
        if not call.args or any(isinstance(a, ast.Starred) for a in call.args) or len(call.args) > 2:
            return None
        keywords = {k.arg: k.value for k in call.keywords}
        if None in keywords or set(keywords) - {"axis"} or (len(call.args) == 2 and keywords):
            return None
        axis_expr = call.args[1] if len(call.args) == 2 else keywords.get("axis")
        axis = 0 if axis_expr is None else self.constant(axis_expr)
        display = call.args[0]
        if type(axis) is not int or not isinstance(display, (ast.List, ast.Tuple)) or not display.elts \
                or any(isinstance(e, ast.Starred) for e in display.elts):
            return None
        parts = [self.value(e) for e in display.elts]
        found = [v.aval for v in parts]
        if any(v.type != "ArrayImpl" for v in parts) or any(a is None or a.shape is None for a in found):
            return None
        first = found[0]
        assert first is not None and first.shape is not None
        if any(a.dtype != first.dtype or a.weak != first.weak for a in found) or first.dtype is None:  # type: ignore[union-attr]
            return None
        rank = len(first.shape)
        shapes: list[tuple[int, ...]] = [a.shape for a in found if a is not None and a.shape is not None]
        if name == "stack":
            if any(shape != first.shape for shape in shapes) or not -rank - 1 <= axis <= rank:
                return None
            axis %= rank + 1
            return Aval((*first.shape[:axis], len(shapes), *first.shape[axis:]), first.dtype, first.weak)
        if rank == 0 or any(len(shape) != rank for shape in shapes) or not -rank <= axis < rank:
            return None
        axis %= rank
        rest = first.shape[:axis] + first.shape[axis + 1:]
        if any(shape[:axis] + shape[axis + 1:] != rest for shape in shapes):
            return None
        total = sum(shape[axis] for shape in shapes)
        return Aval((*first.shape[:axis], total, *first.shape[axis + 1:]), first.dtype, first.weak)

    def _dict_call(self, expr: ast.Call, depth: int) -> Value:
        if len(expr.args) > 1 or any(k.arg is None for k in expr.keywords):
            return Value("dict", Opaque("dict"))
        items: list[tuple[ast.expr | None, ast.expr]] = [
            (ast.Constant(k.arg), k.value) for k in expr.keywords]
        if expr.args:
            base = expr.args[0]
            if not isinstance(base, ast.Dict):
                return Value("dict", Opaque("dict"))
            items = list(zip(base.keys, base.values)) + items
        return self._dict(items, depth)

    def _tree_map(self, expr: ast.Call, depth: int) -> Value:
        """jax.tree.map(f, tree, *rest): tree's structure, each leaf what f returns; for a tree
        that is one array or number (of known aval) and a one-parameter lambda, what the
        lambda returns for it (`jax.tree.map(lambda v: jax.device_put(v), 3.0)`)."""
        if len(expr.args) < 2 or any(isinstance(a, ast.Starred) for a in expr.args) or expr.keywords:
            return UNKNOWN_VALUE  # is_leaf= changes what counts as a leaf
        mapped = self.value(expr.args[1], depth)
        tree = mapped.tree
        function = expr.args[0]
        if len(expr.args) == 2 and isinstance(function, ast.Lambda) and mapped.aval is not None \
                and (mapped.type in ("ArrayImpl", "ndarray") or mapped.python_scalar):
            # one leaf: the tree is that leaf, and the result what the function returns for it
            args = function.args
            if not args.posonlyargs and len(args.args) == 1 and not args.defaults \
                    and args.vararg is None and not args.kwonlyargs and args.kwarg is None:
                with self.bound(function, {args.args[0].arg: mapped}):
                    return self.value(function.body, depth + 1)
        leaf: Structure = UNKNOWN
        if isinstance(function, ast.Lambda):
            result = self.value(function.body, depth).tree
            if isinstance(result, Leaf):
                leaf = result
        elif isinstance(function, (ast.Name, ast.Attribute)):
            array = array_type_of_function(self.model, function)
            if array is not None:
                leaf = Leaf(array)
        return of_tree(replace_leaves(tree, leaf))

    def _local_call(self, expr: ast.Call, depth: int) -> Value:
        """`helper(a, b)` for a plain def of this file whose body ends in its only `return`:
        the returned value, with the arguments standing for the parameters (their Python
        numbers as constants: `jnp.zeros((n, 2))`). A returned tuple or list display keeps
        its elements as values (`parts`): `a, b = pair(4)` reads them."""
        if isinstance(expr.func, ast.Attribute):
            return self._method_call(expr, depth)
        if not isinstance(expr.func, ast.Name):
            return UNKNOWN_VALUE
        binding = self.model.binding_of(expr.func)
        function = binding.node if binding is not None and binding.kind == DEF else None
        if not isinstance(function, ast.FunctionDef) or not function.body:
            return UNKNOWN_VALUE
        if function.decorator_list:
            return self._jitted_call(expr, function, depth)
        return self._local_call_undecorated(expr, function, depth)

    def _gradient(self, expr: ast.Call, depth: int) -> Value | None:
        """`jax.grad(f)(x)`, or `g(x)` for a name bound once to `jax.grad(f)` (an int
        `argnums` at most): the gradient has the differentiated argument's aval, when that is
        a float JAX array not weakly typed (measured: the gradient keeps shape and dtype)."""
        made = expr.func
        if isinstance(made, ast.Name):
            found = self.model.assignment_of(made)
            made = found[1] if found is not None else made
        if not isinstance(made, ast.Call) or self.model.qualname(made.func) != "jax.grad" \
                or len(made.args) != 1 or any(k.arg != "argnums" for k in made.keywords) \
                or any(isinstance(a, ast.Starred) for a in expr.args) or expr.keywords:
            return None
        argnums = self.constant(made.keywords[0].value) if made.keywords else 0
        if type(argnums) is not int or not 0 <= argnums < len(expr.args):
            return None
        given = self.value(expr.args[argnums], depth)
        aval = given.aval
        if given.type != "ArrayImpl" or aval is None or aval.kind != "f" or aval.weak:
            return None
        return array_of(aval)

    def _transformed_output(self, expr: ast.Call, depth: int) -> Value | None:
        """`jax.vmap(f, in_axes)(x, y)` or `jax.jit(f)(x)` (or `g(x)` for a name bound once to
        such a call), `f` a lambda or an undecorated def of the file that returns one
        expression, or `functools.partial(f, ...)` of one, the arguments bound to its
        parameters: one JAX array when that expression is certainly one array or Python
        number with the parameters holding what the transformation hands them (`_handed`):
        vmap stacks each output leaf into a JAX array, jit hands back JAX arrays. Its aval:
        jit's, the returned one (a Python number's weakly typed); vmap's, the returned one
        with the mapped size first when every mapped argument is an array of that size
        (`out_axes` left at 0; measured: weak types kept). None otherwise."""
        made = expr.func
        if isinstance(made, ast.Name):
            found = self.model.assignment_of(made)
            made = found[1] if found is not None else made
        if not isinstance(made, ast.Call) or not made.args or isinstance(made.args[0], ast.Starred) \
                or self.model.qualname(made.func) not in ("jax.vmap", "jax.jit"):
            return None
        wrapped, fixed = made.args[0], _NO_PARTIAL
        if isinstance(wrapped, ast.Call) and self.model.qualname(wrapped.func) == "functools.partial":
            if not wrapped.args or any(isinstance(a, ast.Starred) for a in wrapped.args) \
                    or any(k.arg is None for k in wrapped.keywords):
                return None
            partial = wrapped
            wrapped, fixed = partial.args[0], (tuple(partial.args[1:]), tuple(partial.keywords))
        function = self.model.function_of(wrapped)
        if function is None or isinstance(function, ast.FunctionDef) and function.decorator_list \
                or id(function) in self._busy:
            return None
        expression = return_expression(self.model, function)
        handed = self._handed(expr, made, function, fixed, depth) if expression is not None else None
        if expression is None or handed is None:
            return None
        self._busy.add(id(function))
        try:
            with self.bound(function, handed[0], handed[1]):
                returned = self.value(expression, depth + 1)
        finally:
            self._busy.discard(id(function))
        if not (returned.type in ("ArrayImpl", "ndarray") or returned.python_scalar):
            return None
        mapping = self.model.qualname(made.func) == "jax.vmap"
        aval = returned.aval
        if mapping:
            size = handed[2]
            aval = None if aval is None or aval.shape is None or size is None or "out_axes" in {
                k.arg for k in made.keywords} else Aval((size, *aval.shape), aval.dtype, aval.weak)
        words = "a vmapped function's output" if mapping else "a jitted function's output"
        return replace(array_of(aval), jax_array=JaxArray(words))

    def _scan_output(self, call: ast.Call, depth: int) -> Value | None:
        """`lax.scan(f, init, xs)` (or `xs=None, length=n`): the tuple (final carry, stacked
        outputs), for `f` a lambda or an undecorated def of the file of two parameters whose
        one return is a display `(carry, y)`, and an `init` whose every leaf is a JAX array of
        known aval not weakly typed (JAX hands the body that carry and requires the one it
        returns to match: the final carry holds the same avals). The stacked outputs: `y`'s
        aval (an array or a Python number; a tuple display of them: each) with the scanned
        length first (measured: weak types kept), None for None; unknown otherwise."""
        if any(isinstance(a, ast.Starred) for a in call.args) or len(call.args) > 3:
            return None
        given: dict[str | None, ast.expr] = dict(zip(("f", "init", "xs"), call.args))
        for keyword in call.keywords:
            if keyword.arg not in _SCAN_PARAMETERS or keyword.arg in given:
                return None
            given[keyword.arg] = keyword.value
        f, init, xs = given.get("f"), given.get("init"), given.get("xs")
        function = self.model.function_of(f) if f is not None else None
        if function is None or init is None or id(function) in self._busy \
                or isinstance(function, ast.FunctionDef) and function.decorator_list:
            return None
        signature = Signature.of(function.args)
        expression = return_expression(self.model, function)
        if len(signature.positional) != 2 or signature.vararg or signature.keyword_only \
                or not isinstance(expression, ast.Tuple) or len(expression.elts) != 2 \
                or any(isinstance(e, ast.Starred) for e in expression.elts):
            return None
        carry = self._carried(self.value(init, depth + 1), depth)
        if carry is None:
            return None
        length = self.constant(given["length"]) if "length" in given else None
        if xs is None or isinstance(xs, ast.Constant) and xs.value is None:
            x = NONE_VALUE
        else:
            scanned = self.value(xs, depth + 1)
            row = avals.element(scanned.aval) if scanned.type == "ArrayImpl" and scanned.aval is not None \
                and scanned.aval.shape else None
            if row is None or scanned.aval is None or scanned.aval.shape is None \
                    or length is not None and length != scanned.aval.shape[0]:
                return None
            length, x = scanned.aval.shape[0], array_of(row)
        if type(length) is not int:
            return None
        self._busy.add(id(function))
        try:
            with self.bound(function, dict(zip(signature.positional, (carry, x)))):
                output = self.value(expression.elts[1], depth + 1)
                outputs = [output] if output.elements is None else [self.value(e, depth + 1) for e in output.elements]
        finally:
            self._busy.discard(id(function))
        stacked = [_stacked(v, length) for v in outputs]
        ys = stacked[0] if output.elements is None else Value(
            output.type, TupleNode(tuple(v.tree for v in stacked)) if output.type == "tuple"
            else ListNode(tuple(v.tree for v in stacked)), parts=tuple(stacked))
        return Value("tuple", TupleNode((carry.tree, ys.tree)), parts=(carry, ys))

    def _carried(self, value: Value, depth: int) -> Value | None:
        """A loop's initial carry as JAX hands it to the body, when every leaf is a JAX array
        of known shape and dtype, not weakly typed (JAX would promote a weak one to what the
        body returns): a tuple of them, nested, as parts. None otherwise."""
        aval = value.aval
        if value.type == "ArrayImpl":
            return array_of(aval) if aval is not None and aval.shape is not None and aval.dtype is not None \
                and not aval.weak else None
        if value.type != "tuple" or depth > _MAX_IMMUTABLE_DEPTH:
            return None
        held = [self.value(e, depth + 1) for e in value.elements] if value.elements is not None else value.parts
        if held is None or len(held) > _MAX_PARTS:
            return None
        parts = []
        for element in held:
            carried = self._carried(element, depth + 1)
            if carried is None:
                return None
            parts.append(carried)
        return Value("tuple", TupleNode(tuple(p.tree for p in parts)), parts=tuple(parts))

    def _in_axes(self, expr: ast.expr) -> object:
        """vmap's `in_axes` as written: None, an int, or a tuple or list of them (a display
        whose `None` entries `constant` cannot tell from unknown ones); `_UNKNOWN_AXES`
        otherwise."""
        if isinstance(expr, ast.Constant) and expr.value is None:
            return None
        if isinstance(expr, (ast.Tuple, ast.List)):
            entries = [self._in_axes(e) for e in expr.elts]
            return _UNKNOWN_AXES if any(type(e) is not int and e is not None for e in entries) else tuple(entries)
        found = self.constant(expr)
        return found if type(found) is int or isinstance(found, tuple) else _UNKNOWN_AXES

    def _handed(self, call: ast.Call, made: ast.Call, function: ast.FunctionDef | ast.Lambda,
                fixed: tuple[tuple[ast.expr, ...], tuple[ast.keyword, ...]],
                depth: int) -> tuple[dict[str, Value], dict[str, object], int | None] | None:
        """What `jax.vmap(f, in_axes)` or `jax.jit(f)` (`made`) hands each parameter of `f`
        for `call`'s arguments (after those a `functools.partial` fixes: `fixed`, handed as
        they are): under vmap a mapped array's slice (its aval without the mapped axis), an
        unmapped (`None`) argument as it is; under jit an array as it is. Parameters given
        anything else are left out (unknown); the Python constants among those handed as they
        are (`bound`'s `constants`). With the size of the mapped axis when every
        mapped argument is an array of known shape, all of one size (None otherwise). None
        when the call's arguments or vmap's `in_axes` do not bind (a `*`/`**` argument,
        options not written out as ints and Nones)."""
        signature = Signature.of(function.args)
        bound = bind_arguments(signature, [*fixed[0], *call.args], [*fixed[1], *call.keywords])
        if bound is None or bound.extra_positional or bound.extra_keywords \
                or any(isinstance(a, ast.Starred) for a in call.args):
            return None
        mapping = self.model.qualname(made.func) == "jax.vmap"
        passed = {id(a) for a in call.args} | {id(k.value) for k in call.keywords}
        axes: dict[str, object] = {}
        if mapping:
            options = {k.arg: k.value for k in made.keywords}
            if None in options or len(made.args) > 2 or "in_axes" in options and len(made.args) == 2:
                return None
            spec = self._in_axes(made.args[1] if len(made.args) == 2 else options.get("in_axes", ast.Constant(0)))
            positional = signature.positional[len(fixed[0]):]
            if type(spec) is int or spec is None:
                axes = dict.fromkeys((*positional, *signature.keyword_only), spec)
            elif isinstance(spec, (tuple, list)) and len(spec) == len(call.args) <= len(positional) \
                    and not call.keywords and all(a is None or type(a) is int for a in spec):
                axes = dict(zip(positional, spec))
            else:
                return None
        handed: dict[str, Value] = {}
        constants: dict[str, object] = {}
        sizes: set[int | None] = set()
        for name, argument in bound.given.items():
            value = self.value(argument, depth + 1)
            array = value.type in ("ArrayImpl", "ndarray")
            if id(argument) not in passed or mapping and name in axes and axes[name] is None:
                handed[name] = value  # (a default, what the partial fixes, vmap's unmapped: as it is)
                constants[name] = self.constant(argument, depth + 1)
            elif not mapping:
                if array:
                    handed[name] = array_of(value.aval)
            else:
                shape = value.aval.shape if array and value.aval is not None else None
                sizes.add(shape[0] if shape and axes.get(name) == 0 else None)
                if array and value.aval is not None and name in axes and axes[name] == 0:
                    row = avals.element(value.aval)
                    if row is not None:
                        handed[name] = array_of(row)
        size = next(iter(sizes)) if len(sizes) == 1 else None
        return handed, constants, size

    def _flax_dense(self, expr: ast.Call, layer: ast.Call, depth: int) -> Value | None:
        """`nn.Dense(features)(x)` for an array `x` of known shape (rank one or more) and
        dtype float32, an integer or bool (the float32 kernel promotes it): a float32 JAX
        array whose last axis is `features` (no option but those that keep its shape and
        dtype: `_DENSE_KEEPING`). None otherwise."""
        if self.model.qualname(layer.func) != "flax.linen.Dense" or len(expr.args) != 1 or expr.keywords \
                or len(layer.args) > 1 or any(k.arg not in _DENSE_KEEPING for k in layer.keywords):
            return None
        given = layer.args[0] if layer.args else next(
            (k.value for k in layer.keywords if k.arg == "features"), None)
        features = self.constant(given) if given is not None else None
        if type(features) is not int or features < 1:
            return None
        inner = self.value(expr.args[0], depth).aval
        if inner is None or inner.shape is None or not inner.shape or inner.dtype is None \
                or not (inner.dtype == "float32" or inner.kind in ("i", "u", "b")):
            return None
        aval = Aval((*inner.shape[:-1], features), "float32", False)
        return replace(array_of(aval), jax_array=JaxArray("`flax.linen.Dense`"))

    def _setup_layer(self, read: ast.Attribute) -> ast.Call | None:
        """The layer `self.out` is in a method of a flax Module of the file: the call that
        makes it at the attribute's one store, `self.out = nn.Dense(1)` in `setup`."""
        if not isinstance(read.value, ast.Name) or not isinstance(read.ctx, ast.Load):
            return None
        stores = self.model.members.stores_read_by(read)
        if len(stores) != 1:
            return None
        store = stores[0]
        owner, method = store.owner, store.method
        if not isinstance(method, ast.FunctionDef) or method.name != "setup" \
                or not isinstance(store.statement, ast.Assign) or not isinstance(store.value, ast.Call) \
                or len(owner.bases) != 1 or self.model.qualname(owner.bases[0]) not in FLAX_MODULES \
                or self.model.members.class_of_instance(read.value) is not owner:
            return None
        return store.value

    def _flax_apply(self, expr: ast.Call, function: ast.Attribute, depth: int) -> Value | None:
        """`model.apply(variables, x)` for `model = Net(...)`, a flax linen Module of the file
        (its one base): its `__call__` (undecorated or `@nn.compact`) followed as a method with
        the arguments after the variables (`rngs=` left out; no `method=`, `mutable=` or
        `capture_intermediates=`, which change what runs or what it returns)."""
        receiver = function.value
        if not isinstance(receiver, ast.Name) or not expr.args \
                or any(isinstance(a, ast.Starred) for a in expr.args) \
                or any(k.arg in (None, "method", "mutable", "capture_intermediates") for k in expr.keywords):
            return None
        owner = self.model.members.class_of_instance(receiver)
        if owner is None or len(owner.bases) != 1 or owner.keywords \
                or self.model.qualname(owner.bases[0]) not in FLAX_MODULES:
            return None
        method = self.model.members.plain_method(owner, "__call__", FLAX_PASSING)
        if method is None:
            return None
        call = ast.copy_location(ast.Call(func=function, args=expr.args[1:],
                                          keywords=[k for k in expr.keywords if k.arg != "rngs"]), expr)
        self._synthetic.append(call)  # (kept alive while the memo may name it)
        made = self.model.assigned_value(receiver)
        saved, saved_scoped = self._flax_made.get(id(owner)), self._scoped
        if isinstance(made, ast.Call):
            self._flax_made[id(owner)] = (owner, made)
            self._scoped = {}  # (what was found with another instance's fields)
        try:
            return self._local_call_undecorated(call, method, depth, method=True)
        finally:
            if saved is None:
                self._flax_made.pop(id(owner), None)
            else:
                self._flax_made[id(owner)] = saved
            self._scoped = saved_scoped

    def _flax_field(self, read: ast.Attribute) -> ast.expr | None:
        """`self.features` read in a method of a flax Module being followed for
        `model.apply(...)` (`_flax_apply`), `model = Net(4)` or `Net(features=4)`: what the
        construction gives the field (a class-level annotated name, in order; the dataclass
        `__init__` flax makes), or its default. None otherwise (another class, a field no
        annotation declares, an option the construction may set: a `*`/`**` argument)."""
        if not self._flax_made or not isinstance(read.value, ast.Name) or not isinstance(read.ctx, ast.Load):
            return None
        owner = self.model.members.class_of_instance(read.value)
        held = self._flax_made.get(id(owner)) if owner is not None else None
        if held is None or held[0] is not owner or read.attr in self.model.members.stored_attributes():
            return None
        self._depends(_CONTEXT)  # (kept apart from what another instance's fields give)
        made = held[1]
        if any(isinstance(a, ast.Starred) for a in made.args) or any(k.arg is None for k in made.keywords):
            return None
        fields = flax_fields(self.model, owner)
        if fields is None:
            return None
        names = [f.target.id for f in fields]  # type: ignore[union-attr]
        if read.attr not in names or len(made.args) > len(names):
            return None
        position = names.index(read.attr)
        given = made.args[position] if position < len(made.args) else next(
            (k.value for k in made.keywords if k.arg == read.attr), None)
        return given if given is not None else fields[position].value

    def _method_call(self, expr: ast.Call, depth: int) -> Value:
        """`env.observe(x)` or `self.size()`: an undecorated method of a plain class of the
        file the attribute certainly denotes, bound (`Members.denoted`), followed as a helper
        with its parameters after `self` (`self` itself stays unknown: its attributes are read
        as `_instance_attribute` reads them)."""
        assert isinstance(expr.func, ast.Attribute)
        function = self._bound_method(expr.func)
        if function is None:
            return UNKNOWN_VALUE
        return self._local_call_undecorated(expr, function, depth, method=True)

    def _bound_method(self, func: ast.Attribute) -> ast.FunctionDef | None:
        """The undecorated method `obj.name` certainly denotes, bound, on an instance of a
        plain class of the file (no bases, no decorator)."""
        denoted = self.model.members.denoted(func)
        function = denoted.function if denoted is not None and denoted.bound else None
        if not isinstance(function, ast.FunctionDef) or function.decorator_list or not function.body \
                or denoted is None or denoted.owner is None or denoted.owner.bases or denoted.owner.decorator_list:
            return None
        return function

    def _helper_binding(self, call: ast.Call, function: ast.FunctionDef,
                        method: bool) -> tuple[ast.expr, Scope, Signature, Bound] | None:
        """How `call` runs the helper `function` (a method: its parameters after `self`): its
        one return's expression (the body's last statement), its scope, its signature and the
        arguments bound to it. None when it returns otherwise or the call does not bind."""
        last = function.body[-1]
        if isinstance(last, ast.Return) and last.value is not None and not returns_once(self.model, function) \
                and _guarded_returns(self.model, function):
            return self._bound_call(call, function, method, _CHOSEN)  # (chosen once the arguments are bound)
        if not isinstance(last, ast.Return) or last.value is None \
                or not returns_once(self.model, function):
            return None
        return self._bound_call(call, function, method, last.value)

    def _call_constants(self, scope: Scope, bound: Bound) -> dict[tuple[int, str], object]:
        """The Python numbers, bools and strings (and tuples of ints) a call certainly gives
        the parameters of the def of `scope`: a shape built from a parameter
        (`jnp.zeros((n, 2))`) and a test on one (`if mode == "rgba"`) read them."""
        return {(id(scope), name): held for name, value in bound.given.items()
                if type(held := self.constant(value)) in (int, float, bool, str)
                or type(held) is tuple and all(type(h) is int for h in held)}

    def _chosen_with_constants(self, function: ast.FunctionDef, scope: Scope, bound: Bound) -> ast.expr | None:
        """`_chosen_return` with the parameters holding the constants the call gives them."""
        constants = self._call_constants(scope, bound)
        saved = self._parameter_constants
        self._parameter_constants = {**{k: v for k, v in saved.items() if k[0] != id(scope)}, **constants}
        try:
            return self._chosen_return(function)
        finally:
            self._parameter_constants = saved

    def _chosen_return(self, function: ast.FunctionDef) -> ast.expr | None:
        """For a def whose returns end its body or the body of an `if` of its body
        (`_guarded_returns`): the return the bound arguments reach, when every `if` before it
        that returns has a test their constants decide (`if n < 20: return short`)."""
        for statement in function.body:
            if isinstance(statement, ast.Return):
                return statement.value
            if isinstance(statement, ast.If) and isinstance(statement.body[-1], ast.Return):
                truth = self.truth(statement.test)
                if truth is None:
                    return None
                if truth:
                    return statement.body[-1].value  # type: ignore[attr-defined, no-any-return]
        return None

    def _bound_call(self, call: ast.Call, function: ast.FunctionDef, method: bool,
                    result: ast.expr) -> tuple[ast.expr, Scope, Signature, Bound] | None:
        """`result` (what the call gives), the helper's scope, its signature and the call's
        arguments bound to it; None when the call does not bind."""
        scope = self.model.scope_of_node.get(id(function))
        signature = Signature.of(function.args)
        if method:
            if not signature.positional:
                return None
            signature = signature.bound_to_instance()
        bound = bind_arguments(signature, call.args, call.keywords)
        if scope is None or bound is None:
            return None
        return result, scope, signature, bound

    def _local_call_undecorated(self, expr: ast.Call, function: ast.FunctionDef, depth: int,
                                method: bool = False, yielded: ast.expr | None = None) -> Value:
        """What the call of a helper of the file returns, read with its arguments bound;
        `yielded`: for a generator, what it yields there instead (its one `yield`)."""
        if id(function) in self._busy:
            self._depends(_PARTIAL)
            return UNKNOWN_VALUE
        binding = self._helper_binding(expr, function, method) if yielded is None \
            else self._bound_call(expr, function, method, yielded)
        if binding is None:
            return UNKNOWN_VALUE
        returned, scope, signature, bound = binding
        if returned is _CHOSEN:  # (which return runs: decided by the arguments' constants alone)
            chosen = self._chosen_with_constants(function, scope, bound)
            if chosen is None:
                self._depends(_CONTEXT)  # (a followed call's constants may decide it)
                return UNKNOWN_VALUE
            returned = chosen
        arguments = {(id(scope), name): self._argument(value, function, depth)
                     for name, value in bound.given.items()}
        if signature.vararg is not None:
            arguments[(id(scope), signature.vararg)] = Value(
                "tuple", TupleNode(tuple(self.value(a, depth).tree for a in bound.extra_positional)))
        if signature.kwarg is not None:
            arguments[(id(scope), signature.kwarg)] = self._dict(
                [(ast.Constant(k), v) for k, v in bound.extra_keywords], depth)
        constants = self._call_constants(scope, bound)
        # A module-level helper's result depends on its arguments' values alone: kept by
        # them, so that helpers calling helpers (f calls g twice, g calls h twice...) are
        # followed once per distinct call, not once per path (exponential).
        key: tuple[object, ...] | None = None
        if scope.parent is self.model.module_scope:
            key = (id(function), yielded is not None, tuple(sorted(arguments.items(), key=lambda item: item[0])),
                   tuple(sorted(constants.items(), key=lambda item: item[0])))
            try:
                hash(key)
            except TypeError:
                key = None
        kept = self._followed.get(key) if key is not None else None
        frames = self._frames
        if kept is not None and kept[0] is function and depth + kept[2] <= self.MAX_DEPTH:
            if frames:
                frames[-1][0] = max(frames[-1][0], depth + kept[2])
                frames[-1][1] = max(frames[-1][1], kept[3])
            return kept[1]
        # A result cut by the depth budget or by what was set aside against a cycle is the
        # same again from the same depth with the same things set aside.
        cut_key = (key, depth, frozenset(self._busy)) if key is not None else None
        cut = self._followed_cut.get(cut_key) if cut_key is not None else None
        if cut is not None and cut[0] is function:
            if frames:
                frames[-1][0] = max(frames[-1][0], cut[2])
                frames[-1][1] = _PARTIAL
            return cut[1]
        saved, saved_scoped = self._parameters, self._scoped
        saved_constants = self._parameter_constants
        self._parameters, self._scoped = {**saved, **arguments}, {}
        self._parameter_constants = {**{k: v for k, v in saved_constants.items() if k[0] != id(scope)},
                                     **constants}
        self._busy.add(id(function))
        frame = [depth, _PURE]
        frames.append(frame)
        try:
            value = self._detached(self.value(returned, depth), depth)
        finally:
            frames.pop()
            self._busy.discard(id(function))
            self._parameters, self._scoped = saved, saved_scoped
            self._parameter_constants = saved_constants
        if key is not None and frame[1] != _PARTIAL:
            self._followed[key] = (function, value, frame[0] - depth, frame[1])
        elif cut_key is not None:
            self._followed_cut[cut_key] = (function, value, frame[0])
        if frames:
            frames[-1][0] = max(frames[-1][0], frame[0])
            frames[-1][1] = max(frames[-1][1], frame[1])
        return value

    def _jitted_call(self, expr: ast.Call, function: ast.FunctionDef, depth: int) -> Value:
        """`step(x, y)` of a def of this file whose one decorator is `jax.jit` (bare, or
        `functools.partial(jax.jit, ...)` with no option but `donate_argnums`/
        `donate_argnames`), every argument one JAX array of known shape and dtype or a Python
        number (jit traces it: a weakly typed scalar array), no `*args`/`**kwargs`: what the
        traced function returns (`_jitted_leaves`), read with the parameters holding those
        arrays (its one return expression; for a body of several returns, followed as a
        plain helper when every argument is an array: no Python constant reaches it);
        unknown otherwise."""
        if len(function.decorator_list) != 1 or not _plain_jit(self.model, function.decorator_list[0]) \
                or any(isinstance(a, ast.Starred) for a in expr.args) \
                or any(k.arg is None for k in expr.keywords) or id(function) in self._busy:
            return UNKNOWN_VALUE
        signature = Signature.of(function.args)
        bound = bind_arguments(signature, expr.args, expr.keywords)
        if bound is None or bound.extra_positional or bound.extra_keywords \
                or signature.vararg is not None or signature.kwarg is not None \
                or len(bound.given) != len(expr.args) + len(expr.keywords):
            return UNKNOWN_VALUE
        handed: dict[str, Value] = {}
        numbers = False
        for name, argument in bound.given.items():
            value = self.value(argument, depth)
            if value.aval is None or value.aval.shape is None or value.aval.dtype is None or not (
                    value.type == "ArrayImpl" and value.jax_array is not None or value.python_scalar):
                return UNKNOWN_VALUE
            numbers = numbers or value.python_scalar
            handed[name] = array_of(value.aval)
        expression = return_expression(self.model, function)
        if expression is None:
            if numbers:
                return UNKNOWN_VALUE
            returned = self._local_call_undecorated(expr, function, depth)  # (no constant binds)
            return self._jitted_leaves(returned, depth) or UNKNOWN_VALUE
        self._busy.add(id(function))
        try:
            with self.bound(function, handed):
                return self._jitted_leaves(self.value(expression, depth + 1), depth) or UNKNOWN_VALUE
        finally:
            self._busy.discard(id(function))

    def _jitted_leaves(self, value: Value, depth: int) -> Value | None:
        """What `jax.jit` hands back for a returned value: an array or a Python number, one
        JAX array of its aval (a number's weakly typed); a tuple of such (nested, as parts;
        an element the code does not show, unknown); None as None. None when it is none of
        these or its aval is not known."""
        if value.type == "NoneType":
            return value
        aval = value.aval
        if value.type == "ArrayImpl" or value.python_scalar:
            if aval is None or aval.shape is None or aval.dtype is None:
                return None
            return replace(array_of(aval), jax_array=JaxArray("a jitted function's output"))
        if value.type != "tuple" or depth > _MAX_IMMUTABLE_DEPTH:
            return None
        held = [self.value(e, depth + 1) for e in value.elements] if value.elements is not None else value.parts
        if held is None or len(held) > _MAX_PARTS:
            return None
        parts = tuple(self._jitted_leaves(v, depth + 1) or UNKNOWN_VALUE for v in held)
        return Value("tuple", TupleNode(tuple(p.tree for p in parts)), parts=parts)

    def _detached(self, value: Value, depth: int) -> Value:
        """`value` as the caller of a helper sees it: a tuple or list display's elements
        (expressions of the helper, read with its arguments) become their values (`parts`)."""
        if value.entries is not None and value.type == "dict" and len(value.entries) <= _MAX_PARTS:
            return replace(value, entry_values=tuple((k, self._detached(self.value(e, depth), depth))
                                                     for k, e in value.entries))
        if value.elements is None:
            return value
        if value.type not in ("tuple", "list") or len(value.elements) > _MAX_PARTS:
            return replace(value, elements=None)
        parts = tuple(self._detached(self.value(e, depth), depth) for e in value.elements)
        return replace(value, elements=None, parts=parts)

    def returned_value(self, function: ast.FunctionDef, expression: ast.expr) -> Value:
        """What a call of the module-level `function` returns whatever its arguments (its
        parameters unknown): `expression`, its only return (`return_expression`)."""
        self._busy.add(id(function))
        try:
            return replace(self.value(expression), elements=None)
        finally:
            self._busy.discard(id(function))

    def _argument(self, expr: ast.expr, function: ast.FunctionDef, depth: int) -> Value:
        """The value of an argument (or of a default, evaluated where the def is)."""
        return replace(self.value(expr, depth), elements=None)

    # ------------------------------------------------------------------------- NamedTuples
    def _namedtuple_class(self, function: ast.expr) -> tuple[str, Signature, int] | None:
        """(name, fields as a signature, definition id) when `function` names a NamedTuple
        class of this file: `class P(NamedTuple): w: T` or `P = namedtuple("P", [...])`."""
        if not isinstance(function, ast.Name):
            return None
        binding = self.model.binding_of(function)
        if binding is None:
            return None
        node = binding.node
        if binding.kind == CLASS and isinstance(node, ast.ClassDef):
            if node.decorator_list or node.keywords or len(node.bases) != 1 \
                    or self.model.qualname(node.bases[0]) != "typing.NamedTuple":
                return None
            fields: list[str] = []
            defaults: dict[str, ast.expr] = {}
            for statement in node.body:
                if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
                    fields.append(statement.target.id)
                    if statement.value is not None:
                        defaults[statement.target.id] = statement.value
            return node.name, Signature(tuple(fields), 0, (), defaults), id(node)
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
            return name.value, Signature(tuple(names), 0, (), {}), id(value)
        return None

    def _namedtuple(self, expr: ast.Call, found: tuple[str, Signature, int], depth: int) -> Value:
        name, signature, definition = found
        if any(type(a) is ast.Starred for a in expr.args):
            given = self._starred_fields(expr, signature, depth)
            if given is None:
                return UNKNOWN_VALUE
            fields = [self._detached(v, depth) for v in given]
        else:
            bound = bind_arguments(signature, expr.args, expr.keywords)
            if bound is None:
                return UNKNOWN_VALUE  # a missing or extra argument: a TypeError, not ours
            fields = [self._detached(self.value(bound.given[f], depth), depth) for f in signature.positional]
        children = tuple(v.tree for v in fields)
        # Its fields' values (`parts`): `a, b = P(x, y)` and a loop carry's leaves read them.
        parts = tuple(fields) if len(fields) <= _MAX_PARTS else None
        return Value(f"__main__.{name}", NamedTupleNode(name, definition, signature.positional, children),
                     parts=parts)

    def _starred_fields(self, expr: ast.Call, signature: Signature, depth: int) -> list[Value] | None:
        """The fields' values of `P(*pair)` or `P(a, *rest)` (no keywords), each starred
        argument a tuple whose elements' values are known (`parts`: `Optimizer(*sgd(0.1))`
        for a def returning `init, update`), one for every field; else None."""
        if expr.keywords:
            return None
        given: list[Value] = []
        for argument in expr.args:
            if type(argument) is not ast.Starred:
                given.append(self.value(argument, depth))
                continue
            unpacked = self.value(argument.value, depth)
            if unpacked.type != "tuple" or unpacked.parts is None:
                return None
            given += unpacked.parts
        return given if len(given) == len(signature.positional) else None

    def _replaced(self, expr: ast.Call, receiver: ast.expr, depth: int) -> Value | None:
        """`state._replace(history=buf)` on a NamedTuple of the file whose fields' values are
        known (`parts`): the same class, the named fields holding the new values."""
        base = self.value(receiver, depth)
        tree = base.tree
        if not isinstance(tree, NamedTupleNode) or base.parts is None or expr.args \
                or any(k.arg is None or k.arg not in tree.fields for k in expr.keywords):
            return None
        parts = list(base.parts)
        for keyword in expr.keywords:
            assert keyword.arg is not None
            parts[tree.fields.index(keyword.arg)] = self._detached(self.value(keyword.value, depth), depth)
        children = tuple(p.tree for p in parts)
        return Value(base.type, NamedTupleNode(tree.name, tree.definition, tree.fields, children),
                     parts=tuple(parts))


def _may_leave_before(body: list[ast.stmt], line: int) -> bool:
    """Whether a statement of a loop's body that starts before `line` may end the pass or the
    loop there: a `continue` or `break` of this loop (not of a loop inside it), a `return`
    or a `raise` (not in a def or class inside it)."""
    stack: list[tuple[ast.AST, bool]] = [(s, False) for s in body if s.lineno < line]
    while stack:
        node, nested_loop = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, (ast.Return, ast.Raise)) or not nested_loop and isinstance(node, (ast.Continue, ast.Break)):
            return True
        inner = nested_loop or isinstance(node, (ast.For, ast.AsyncFor, ast.While))
        stack.extend((child, inner) for child in ast.iter_child_nodes(node)
                     if isinstance(child, ast.match_case)
                     or isinstance(child, (ast.stmt, ast.excepthandler)) and child.lineno < line)
    return False


_INT_ARITHMETIC = frozenset({ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod})
# Flax linen: the base of a module class, and the decorators of a method that hand its
# arguments on unchanged (`model.apply(variables, x)` runs `__call__(x)`).
FLAX_MODULES = frozenset({"flax.linen.Module", "flax.linen.module.Module"})
FLAX_PASSING = frozenset({"flax.linen.compact", "flax.linen.module.compact"})
# Annotations of a dataclass's class body that declare no `__init__` parameter.
_NOT_FIELDS = frozenset({"typing.ClassVar", "dataclasses.InitVar", "dataclasses.KW_ONLY"})
# The Python floats NumPy, jax.numpy and math name (`jnp.inf`, `np.pi`): name -> qualnames.
_FLOAT_CONSTANTS = {name: frozenset(f"{module}.{name}" for module in ("jax.numpy", "numpy", "math"))
                    for name in ("inf", "nan", "pi", "e")}


def flax_fields(model: ModuleModel, owner: ast.ClassDef) -> list[ast.AnnAssign] | None:
    """The fields of a flax linen Module of the file, in the order of the `__init__` flax
    makes: its class-level annotated names. None when one is a class variable (it is no
    field: the positions would shift)."""
    fields = [s for s in owner.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
    if any(model.qualname(f.annotation.value if isinstance(f.annotation, ast.Subscript)
                          else f.annotation) in _NOT_FIELDS for f in fields):
        return None
    return fields


def flax_construction_binds(model: ModuleModel, owner: ast.ClassDef, made: ast.Call) -> bool:
    """Whether `Net(4, name="net")` certainly constructs the flax linen Module `owner` (its
    only base flax's `Module`): positions and keywords bind to its fields (or flax's `name`
    and `parent`), every field without a default given, no `*`/`**` argument."""
    if len(owner.bases) != 1 or model.qualname(owner.bases[0]) not in FLAX_MODULES or owner.keywords \
            or any(isinstance(a, ast.Starred) for a in made.args) or any(k.arg is None for k in made.keywords):
        return False
    fields = flax_fields(model, owner)
    if fields is None or len(made.args) > len(fields):
        return False
    names = [f.target.id for f in fields]  # type: ignore[union-attr]
    given = set(names[:len(made.args)]) | {k.arg for k in made.keywords if k.arg is not None}
    if len(given) != len(made.args) + len(made.keywords) or not given <= set(names) | {"name", "parent"}:
        return False
    return all(f.value is not None or name in given for f, name in zip(fields, names))


# The options of `nn.Dense` that leave its output's shape and dtype as the features and input say.
_DENSE_KEEPING = frozenset({"features", "use_bias", "name", "kernel_init", "bias_init", "precision"})
# Constants whose truth and comparisons Python decides without running code of the file.
_TRUTH_TYPES = frozenset({bool, int, float, str, tuple})
_COMPARISONS: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b if isinstance(b, (tuple, str)) else _no_comparison(),
    ast.NotIn: lambda a, b: a not in b if isinstance(b, (tuple, str)) else _no_comparison(),
}


def _static_attribute(attr: str, aval: Aval | None) -> Value:
    """`x.shape`, `x.ndim`, `x.size` of an array: Python ints (a tuple of them, one per axis
    when the rank is known), static under any transformation; JAX sees an int as int32,
    weakly typed."""
    if attr != "shape":
        return _PYTHON_INT
    rank = None if aval is None else aval.ndim
    if rank is None:
        return Value("tuple", Opaque("tuple"))
    return Value("tuple", TupleNode(tuple(Leaf("int") for _ in range(rank))), parts=(_PYTHON_INT,) * rank)


def _no_comparison() -> bool:
    raise TypeError("not decided")


def _int_arithmetic(op: ast.operator, left: int, right: int) -> int | None:
    """`left op right` on two Python ints (None: a division by zero, or a huge number)."""
    if type(op) in (ast.FloorDiv, ast.Mod) and right == 0:
        return None
    if abs(left) > 2**62 or abs(right) > 2**62:
        return None
    if type(op) is ast.Add:
        return left + right
    if type(op) is ast.Sub:
        return left - right
    if type(op) is ast.Mult:
        return left * right
    return left // right if type(op) is ast.FloorDiv else left % right


def _constant_key(key: ast.expr) -> tuple[bool, object]:
    """The key a subscript's index certainly is: a constant, or minus an int (`xs[-1]`)."""
    if type(key) is ast.Constant:
        return True, key.value
    if type(key) is ast.UnaryOp and type(key.op) is ast.USub and type(key.operand) is ast.Constant \
            and type(key.operand.value) is int:
        return True, -key.operand.value
    return False, None


# NumPy functions that give the shape `jax.numpy`'s of the same name gives (elementwise math,
# their broadcasting, reductions along an axis): `_numpy_aval` keeps it.
NUMPY_AS_JAX_NUMPY = frozenset("""exp log log1p expm1 sqrt abs absolute tanh sin cos square
negative floor ceil maximum minimum add subtract multiply divide true_divide power where clip
sum mean max min std var""".split())
# The dtypes (as JAX sees them: NumPy's 64-bit ones become 32-bit) for which NumPy's result
# dtype, so seen, is `jax.numpy`'s: floats and ints (no bool, unsigned or half: NumPy promotes
# them otherwise); where x64 may be on, either width.
_NUMPY_LIKE_JAX_DTYPES = frozenset({"float32", "int32", avals.X64_KIND["float32"], avals.X64_KIND["int32"]})


def _numpy_aval(aval: Aval | None, *operands: Aval | None) -> Aval | None:
    """The aval of a NumPy result computed by `jax.numpy`'s rules (`aval`), as JAX sees it:
    its shape, with the dtype only when every array operand is a float or an int (NumPy then
    promotes as JAX does, once its 64-bit dtypes are seen as 32-bit), never weakly typed, of
    rank one or more (a NumPy scalar is left out); None otherwise."""
    if aval is None or aval.shape is None or not aval.shape:
        return None
    known = [o for o in operands if o is not None and not o.weak]
    dtype = aval.dtype if known and all(o.dtype in _NUMPY_LIKE_JAX_DTYPES for o in known) \
        and aval.dtype in _NUMPY_LIKE_JAX_DTYPES else None
    return Aval(aval.shape, dtype, False, aval.rank)


def _python_arithmetic(op: ast.operator, left: Value, right: Value) -> Value:
    """Two Python numbers: a Python number (int, float, complex), weakly typed for JAX."""
    kinds = {left.type, right.type}
    if isinstance(op, (ast.BitAnd, ast.BitOr, ast.BitXor, ast.LShift, ast.RShift, ast.MatMult)):
        return Value(tree=LEAF)
    if "complex" in kinds:
        name = "complex"
    elif "float" in kinds or isinstance(op, ast.Div):
        name = "float"
    else:
        name = "int"
    return Value(name, Leaf(name), aval=avals.python_scalar({"int": 1, "float": 1.0, "complex": 1j}[name]))


def _stacked(output: Value, length: int) -> Value:
    """What `lax.scan` stacks from one output leaf of its body: None stays None; an array
    or Python number of known shape gains the scanned length first; unknown otherwise."""
    if output.type == "NoneType":
        return output
    aval = output.aval
    if not (output.type == "ArrayImpl" or output.python_scalar) or aval is None or aval.shape is None:
        return UNKNOWN_VALUE
    return array_of(Aval((length, *aval.shape), aval.dtype, aval.weak))


def return_expression(model: ModuleModel,
                      function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> ast.expr | None:
    """What `function` returns, when one expression says it: a lambda's body, or a def's
    only `return`, its last statement."""
    if isinstance(function, ast.Lambda):
        return function.body
    if isinstance(function, ast.AsyncFunctionDef) or not function.body:
        return None
    last = function.body[-1]
    if not isinstance(last, ast.Return) or last.value is None or not returns_once(model, function):
        return None
    return last.value


def _has_mutable(structure: Structure) -> bool:
    if isinstance(structure, (ListNode, DictNode)):
        return True
    if isinstance(structure, Opaque):
        return structure.type_name != "tuple"
    if isinstance(structure, (TupleNode, NamedTupleNode)):
        return any(_has_mutable(c) for c in structure.children)
    return False


_HANDLERS: dict[type, Callable[[Inference, Any, int], Value]] = {
    ast.Constant: Inference._constant,
    ast.Tuple: Inference._sequence,
    ast.List: Inference._sequence,
    ast.Dict: Inference._dict_display,
    ast.ListComp: Inference._comprehension,
    ast.DictComp: Inference._comprehension,
    ast.JoinedStr: Inference._fstring,
    ast.Set: Inference._display,
    ast.SetComp: Inference._display,
    ast.GeneratorExp: Inference._display,
    ast.Lambda: Inference._display,
    ast.Name: Inference._name,
    ast.BinOp: Inference._binop,
    ast.Compare: Inference._compare,
    ast.UnaryOp: Inference._unaryop,
    ast.IfExp: Inference._if_expression,
    ast.Attribute: Inference._attribute,
    ast.Subscript: Inference._subscript,
    ast.Call: Inference._call,
}

__all__ = ["Value", "JaxArray", "returns_one_array", "Inference", "Signature", "Bound", "bind_arguments", "of_tree",
           "returns_once", "return_expression", "array_of", "Aval", "array_type_of_call", "array_type_of_function", "FROM_JAX",
           "UNKNOWN_VALUE", "ARRAY_METHODS", "Scope", "Unknown"]
