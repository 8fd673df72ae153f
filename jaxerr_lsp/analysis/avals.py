"""Shapes and dtypes where the code shows them: the aval part of the one value inference.

An `Aval` is what JAX calls an abstract value: a shape and a dtype, plus whether the value is
weakly typed (a Python scalar, or computed only from them). `values.Inference` gives every
`Value` its aval when the code shows it; this module holds the facts it uses: JAX's dtype
names, its promotion of weak types, broadcasting, and what the `jax.numpy` constructors, math
and reductions and the `jax.random` key functions return (measured under JAX 0.12.0.1 with
64-bit types off, the default). Unknown means None: a shape or dtype is given only when the
code certainly shows it. NumPy's own functions are left out (their float64 results change
dtype when they reach JAX).
"""

from __future__ import annotations

import ast
import functools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

# JAX's dtype names with 64-bit types off: the 64-bit names become their 32-bit kin.
_CANONICAL = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64",
              "double": "float32", "single": "float32", "half": "float16", "longlong": "int32",
              "float_": "float32", "int_": "int32", "uint": "uint32", "complex_": "complex64",
              "bool_": "bool", "cdouble": "complex64", "csingle": "complex64"}
_DTYPES = frozenset("""bool int8 int16 int32 uint8 uint16 uint32 float16 bfloat16 float32
complex64""".split())
# Python's scalar types, as JAX converts them (builtins.int -> int32...).
_PYTHON_TYPES = {"int": "int32", "float": "float32", "bool": "bool", "complex": "complex64"}
_KIND_ORDER = {"b": 0, "i": 1, "u": 1, "f": 2, "c": 3}
_DEFAULT_OF_KIND = {"b": "bool", "i": "int32", "u": "uint32", "f": "float32", "c": "complex64"}
KEY = "key<fry>"


@dataclass(frozen=True, slots=True)
class Aval:
    """A shape (None: unknown) and a dtype (None: unknown), as JAX prints them; `rank`: the
    number of axes when the shape is unknown but its rank is not (`jnp.zeros((n, 3))` for an
    `n` the code does not show; `x.ravel()`). `ndim` reads either."""

    shape: tuple[int, ...] | None
    dtype: str | None
    weak: bool = False
    rank: int | None = None

    def __post_init__(self) -> None:
        if self.shape is None and self.rank == 0:  # (rank 0: the shape is known, `()`)
            object.__setattr__(self, "shape", ())
        if self.shape is not None and self.rank is not None:
            object.__setattr__(self, "rank", None)

    def __str__(self) -> str:
        dims = "?" if self.shape is None else ",".join(str(d) for d in self.shape)
        return f"{self.dtype or '?'}[{dims}]"

    @property
    def kind(self) -> str | None:
        """'b' bool, 'i' signed, 'u' unsigned, 'f' float, 'c' complex, 'key', None unknown."""
        return kind_of(self.dtype)

    @property
    def is_integer(self) -> bool:
        return self.kind in ("i", "u")

    @property
    def is_inexact(self) -> bool:
        return self.kind in ("f", "c")

    @property
    def is_key(self) -> bool:
        """A typed key (`jax.random.key`); a raw `PRNGKey` is uint32[2]."""
        return self.dtype == KEY

    @property
    def size(self) -> int | None:
        return None if self.shape is None else math.prod(self.shape)

    @property
    def ndim(self) -> int | None:
        """The number of axes: the shape's length, or the rank known without it."""
        return len(self.shape) if self.shape is not None else self.rank


def kind_of(dtype: str | None) -> str | None:
    if dtype is None:
        return None
    if dtype.startswith("key<"):
        return "key"
    if dtype == "bool":
        return "b"
    if dtype.startswith("int"):
        return "i"
    if dtype.startswith("uint"):
        return "u"
    if dtype.startswith(("float", "bfloat")):
        return "f"
    if dtype.startswith("complex"):
        return "c"
    return None


def scalar(dtype: str | None, weak: bool = False) -> Aval:
    return Aval((), dtype, weak)


def python_scalar(value: object) -> Aval | None:
    """The aval JAX gives a Python scalar: int32/float32/complex64 weakly typed, bool strong."""
    if isinstance(value, bool):
        return scalar("bool")
    if isinstance(value, int):
        return scalar("int32", True) if -2**31 <= value < 2**31 else None
    if isinstance(value, float):
        return scalar("float32", True)
    if isinstance(value, complex):
        return scalar("complex64", True)
    return None


def element(aval: Aval | None) -> Aval | None:
    """One slice along axis 0 (what `lax.scan` gives its body, what `vmap` maps over)."""
    if aval is None:
        return None
    if aval.shape is None:
        return Aval(None, aval.dtype, aval.weak, aval.rank - 1) if aval.rank else None
    if not aval.shape:
        return None
    return Aval(aval.shape[1:], aval.dtype, aval.weak)


def of_rank(rank: int | None, dtype: str | None, weak: bool = False) -> Aval | None:
    """An array whose shape the code does not show but whose rank (or dtype) it does; None
    when it shows neither."""
    if rank is None and dtype is None:
        return None
    return Aval(None, dtype, weak, rank)


def with_dtype(aval: Aval | None, dtype: str | None) -> Aval | None:
    if aval is None:
        return None
    return Aval(aval.shape, dtype, False, aval.rank)


def broadcast_rank(a: Aval, b: Aval) -> int | None:
    """The rank of `a op b` when both ranks are known (NumPy broadcasting pads the shorter)."""
    if a.ndim is None or b.ndim is None:
        return None
    return max(a.ndim, b.ndim)


# --------------------------------------------------------------------------- dtype names
# Names whose dtype depends on `jax_enable_x64`.
_X64_NAMES = frozenset({"float64", "int64", "uint64", "complex128", "double", "longlong",
                        "float_", "int_", "uint", "complex_", "cdouble"})


def explicit_dtype(qualname_or_text: str) -> str | None:
    """`dtype_name`, when the dtype is the same whether 64-bit types are on or not
    (`jnp.float32`, 'int8', `jnp.bool_`; not `float`, `jnp.float64`, 'double')."""
    if qualname_or_text.startswith("builtins."):
        return None
    name = qualname_or_text.rsplit(".", 1)[-1]
    if name in _X64_NAMES:
        return None
    return dtype_name(qualname_or_text)


def dtype_name(qualname_or_text: str) -> str | None:
    """JAX's dtype for `jnp.float32`, `np.int64`, `float`, 'float32' (64-bit names to 32)."""
    name = qualname_or_text
    for prefix in ("jax.numpy.", "numpy.", "builtins.", "ml_dtypes."):
        if name.startswith(prefix):
            name = name[len(prefix):]
            if prefix == "builtins.":
                return _PYTHON_TYPES.get(name)
            break
    else:
        if "." in name:
            return None
    name = _CANONICAL.get(name, name)
    return name if name in _DTYPES else None


def promote(a: Aval | None, b: Aval | None) -> tuple[str, bool] | None:
    """The dtype (and weakness) JAX's promotion gives `a op b`, where it is certain."""
    if a is None or b is None or a.dtype is None or b.dtype is None:
        return None
    ka, kb = a.kind, b.kind
    if ka is None or kb is None or "key" in (ka, kb):
        return None
    if a.dtype == b.dtype:
        return a.dtype, a.weak and b.weak
    if a.weak and b.weak:
        kind = ka if _KIND_ORDER[ka] >= _KIND_ORDER[kb] else kb
        return _DEFAULT_OF_KIND[kind], True
    if a.weak or b.weak:
        weak, strong = (a, b) if a.weak else (b, a)
        assert weak.kind is not None and strong.kind is not None
        if _KIND_ORDER[weak.kind] <= _KIND_ORDER[strong.kind]:
            return strong.dtype, False  # type: ignore[return-value]
        if strong.kind in ("b", "i", "u") and weak.kind == "f":
            return "float32", True  # int32 array + 1.5: float32, weakly typed (measured)
        if weak.kind == "c" and strong.kind in ("b", "i", "u"):
            return "complex64", True  # int32 array * 1j: complex64, weakly typed (measured)
        if weak.kind == "c" and strong.dtype in ("float32", "bfloat16", "float16"):
            return "complex64", False  # float32 array * 1j: complex64 (measured)
        if weak.kind == "c" and strong.dtype == X64_KIND["float32"]:
            return X64_KIND["complex64"], False  # (float64 * 1j: complex128)
        return None
    joined = _least_upper_bound(a.dtype, b.dtype)
    return (_CANONICAL.get(joined, joined), False) if joined is not None else None


# JAX's type promotion lattice (jax/_src/dtypes.py), for the dtypes with 64-bit types off: each
# dtype and the ones directly above it. Two strong dtypes promote to their least upper bound, a
# 64-bit one then canonicalized to its 32-bit kin ("int64" -> "int32"); `i*` and `f*` are the
# weak int and float. Checked for every pair against `jnp.promote_types` (tests/test_avals.py).
_LATTICE: dict[str, tuple[str, ...]] = {
    "bool": ("i*",), "uint8": ("int16", "uint16"), "uint16": ("int32", "uint32"),
    "uint32": ("int64", "uint64"), "uint64": ("f*",), "i*": ("uint8", "int8"), "int8": ("int16",),
    "int16": ("int32",), "int32": ("int64",), "int64": ("f*",), "f*": ("c*", "float16", "bfloat16"),
    "bfloat16": ("float32",), "float16": ("float32",), "float32": ("complex64", "float64"),
    "float64": ("complex128",), "c*": ("complex64",), "complex64": ("complex128",), "complex128": (),
}


def _above(dtype: str) -> set[str]:
    """`dtype` and every dtype above it in the lattice."""
    found, pending = set(), [dtype]
    while pending:
        current = pending.pop()
        if current not in found:
            found.add(current)
            pending.extend(_LATTICE[current])
    return found


@functools.cache
def _least_upper_bound(a: str, b: str) -> str | None:
    """The dtype JAX's promotion lattice joins two strong dtypes to ("int64" for uint32 and
    int32: `promote` canonicalizes it); None for a dtype outside the lattice (a key, an x64
    kind like "float32|float64")."""
    if a not in _LATTICE or b not in _LATTICE or a.endswith("*") or b.endswith("*"):
        return None
    common = _above(a) & _above(b)
    least = [d for d in common if _above(d) >= common]
    return least[0] if len(least) == 1 else None


def broadcast(*shapes: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """NumPy broadcasting; None when a shape is unknown or they do not broadcast."""
    if any(s is None for s in shapes):
        return None
    known: list[tuple[int, ...]] = [s for s in shapes if s is not None]
    rank = max((len(s) for s in known), default=0)
    out: list[int] = []
    for axis in range(rank):
        sizes = {s[axis - rank + len(s)] for s in known if axis - rank + len(s) >= 0}
        sizes.discard(1)
        if len(sizes) > 1:
            return None
        out.append(sizes.pop() if sizes else 1)
    return tuple(out)


# --------------------------------------------------------------------------- operators
# A file that names one of these, as a whole word, may turn 64-bit types on
# (`jax.config.update("jax_enable_x64", True)`, `os.environ["JAX_ENABLE_X64"]`,
# `config.jax_enable_x64`, JAX's own `config.enable_x64(True)`, `jax_enable_x64 = true` in a
# configuration file): then default dtypes are not float32/int32, and they are unknown.
# (Not "x64" anywhere: `complex64` holds it.)
X64_WORDS = ("jax_enable_x64", "JAX_ENABLE_X64", "enable_x64")
# A dtype the avals give with 64-bit types off, and what is left of it when they may be on:
# its kind, its width unknown: either dtype, as the message shows it (`kind_of` reads the
# kind; no JAX dtype has these names; a predicted message leaves them as placeholders).
X64_KIND = {"float32": "float32|float64", "int32": "int32|int64", "uint32": "uint32|uint64",
            "complex64": "complex64|complex128"}


def x64_possible(text: str) -> bool:
    """Whether a file may turn 64-bit types on: it names x64 (`X64_WORDS`, whole words)."""
    return any(word in text and re.search(rf"(?<![\w]){word}(?![\w])", text) is not None
               for word in X64_WORDS)


EITHER_WIDTH = frozenset(X64_KIND.values())


def exact_dtype(dtype: str | None) -> bool:
    """Whether `dtype` is one JAX dtype (not unknown, not "float32|float64")."""
    return dtype is not None and dtype not in EITHER_WIDTH


def dtypes_differ(a: str | None, b: str | None) -> bool | None:
    """True: the dtypes certainly differ; False: certainly the same; None: not known (one is
    unknown, or x64 decides the width of either: "float32|float64" and "float32")."""
    if a is None or b is None:
        return None
    if a not in EITHER_WIDTH and b not in EITHER_WIDTH:
        return a != b
    return None if set(a.split("|")) & set(b.split("|")) else True


def without_x64_dtype(aval: Aval | None) -> Aval | None:
    """What stays known of `aval` when 64-bit types may be on. The shape and weak typing
    (x64 changes neither); a dtype of the widths x64 cannot change (bool, a typed key, the
    8- and 16-bit ones); for the 32-bit defaults, whose 64-bit kin x64 may give, the kind
    alone (`X64_KIND`: "float32|float64")."""
    if aval is None or aval.dtype not in X64_KIND:
        return aval
    return Aval(aval.shape, X64_KIND[aval.dtype], aval.weak, aval.rank)


def binary(op: ast.operator, a: Aval | None, b: Aval | None) -> Aval | None:
    """The aval of `a op b` for arrays or scalars (jnp's arithmetic)."""
    if a is None or b is None:
        return None
    if isinstance(op, ast.MatMult):
        return matmul(a, b)
    shape = broadcast(a.shape, b.shape)
    if shape is None and a.shape is not None and b.shape is not None:
        return None  # (they do not broadcast)
    rank = None if shape is not None else broadcast_rank(a, b)  # (sizes not shown: rank, dtype)
    if isinstance(op, (ast.BitAnd, ast.BitOr, ast.BitXor, ast.LShift, ast.RShift)):
        promoted = promote(a, b)
        if promoted is None or kind_of(promoted[0]) not in ("b", "i", "u"):
            return None
        return Aval(shape, *promoted, rank)
    promoted = promote(a, b)
    if promoted is None:
        return of_rank(rank, None) if shape is None else None
    dtype, weak = promoted
    kind = kind_of(dtype)
    if isinstance(op, ast.Div) and kind in ("b", "i", "u"):
        return Aval(shape, "float32", weak, rank)
    if kind == "b" and not isinstance(op, (ast.Add, ast.Mult)):
        return None
    return Aval(shape, dtype, weak, rank)


def kron(a: Aval | None, b: Aval | None) -> Aval | None:
    """`jnp.kron(a, b)`: the promoted dtype; each axis the product of both (the shorter shape
    padded with leading 1s), or only the larger rank when a size is not shown."""
    if a is None or b is None or a.is_key or b.is_key:
        return None
    promoted = promote(a, b)
    if promoted is None:
        return None
    if a.shape is not None and b.shape is not None:
        rank = max(len(a.shape), len(b.shape))
        left, right = (1,) * (rank - len(a.shape)) + a.shape, (1,) * (rank - len(b.shape)) + b.shape
        return Aval(tuple(x * y for x, y in zip(left, right)), *promoted)
    ranks = a.ndim, b.ndim
    return Aval(None, *promoted, None if ranks[0] is None or ranks[1] is None else max(ranks[0], ranks[1]))


def vdot(a: Aval | None, b: Aval | None) -> Aval | None:
    """`jnp.vdot(a, b)`: a scalar of the promoted dtype (both are flattened)."""
    if a is None or b is None or a.is_key or b.is_key:
        return None
    promoted = promote(a, b)
    return None if promoted is None or promoted[0] == "bool" else Aval((), *promoted)


def compare(a: Aval | None, b: Aval | None) -> Aval | None:
    """The aval of `a < b` (and ==, !=...): bool, broadcast; weakly typed when the operands
    promote to a weak type (`jnp.arange(3) * 2.5 > 0`, measured)."""
    if a is None or b is None or a.is_key or b.is_key:
        return None
    shape = broadcast(a.shape, b.shape)
    promoted = promote(a, b)
    if promoted is None and (a.weak or b.weak):
        return None
    if shape is None:  # (sizes not shown: a bool array of the rank both show)
        rank = broadcast_rank(a, b) if a.shape is None or b.shape is None else None
        return None if rank is None else Aval(None, "bool", promoted is not None and promoted[1], rank)
    return Aval(shape, "bool", promoted is not None and promoted[1])


def matmul(a: Aval, b: Aval) -> Aval | None:
    """`a @ b`: its aval when both shapes are known and fit; when a size is not shown, the
    promoted dtype with the rank both ranks give (unknown when a rank is), sizes unknown."""
    promoted = promote(a, b)
    if promoted is None or promoted[0] == "bool" or a.is_key or b.is_key:
        return None
    if a.shape is None or b.shape is None:
        left, right = a.ndim, b.ndim
        if left == 0 or right == 0:
            return None  # (a scalar operand: matmul raises)
        rank = None if left is None or right is None else 0 if (left, right) == (1, 1) else \
            right - 1 if left == 1 else left - 1 if right == 1 else max(left, right)
        return Aval(None, promoted[0], promoted[1], rank)
    if not a.shape or not b.shape:
        return None
    if len(a.shape) == 1 and len(b.shape) == 1:
        shape: tuple[int, ...] | None = () if a.shape == b.shape else None
    elif len(a.shape) == 2 and len(b.shape) == 1:
        shape = a.shape[:1] if a.shape[1] == b.shape[0] else None
    elif len(a.shape) == 1 and len(b.shape) == 2:
        shape = b.shape[1:] if a.shape[0] == b.shape[0] else None
    elif len(a.shape) == 2 and len(b.shape) == 2:
        shape = (a.shape[0], b.shape[1]) if a.shape[1] == b.shape[0] else None
    else:
        shape = None
    return None if shape is None else Aval(shape, promoted[0], promoted[1])


# --------------------------------------------------------------------------- calls
# What a function of `jax.numpy` returns, by name. `Facts` reads the call's arguments.
_FLOAT_MATH = frozenset("""sin cos tan arcsin arccos arctan sinh cosh tanh arcsinh arccosh
arctanh exp exp2 expm1 log log2 log10 log1p sqrt cbrt reciprocal""".split())
_SAME_DTYPE_MATH = frozenset("abs absolute negative positive sign square conj conjugate".split())
_FLOAT_ONLY_SAME = frozenset("floor ceil round rint trunc relu sigmoid softplus silu gelu".split())
_SUM_LIKE = frozenset("sum prod cumsum cumprod".split())
# Functions whose result has their first argument's shape, dtype and weak type (measured).
_SAME_AVAL = frozenset("roll flip flipud fliplr sort".split())
# The real dtype of a complex one's magnitude (`jnp.abs`, `jnp.var` of a complex array).
_REAL_OF_COMPLEX = {"complex64": "float32", "complex128": "float64", "complex64|complex128": "float32|float64"}
_MEAN_LIKE = frozenset("mean var std".split())
_MAX_LIKE = frozenset("max min amax amin".split())
_BINARY = {"add": ast.Add(), "subtract": ast.Sub(), "multiply": ast.Mult(), "divide": ast.Div(),
           "true_divide": ast.Div(), "power": ast.Pow(), "maximum": ast.Add(),
           "minimum": ast.Add(), "mod": ast.Mod(), "remainder": ast.Mod(),
           "floor_divide": ast.FloorDiv(), "matmul": ast.MatMult(), "dot": ast.MatMult()}
# NumPy functions that make an array from shapes and values the code writes out, with the
# shape and dtype (after JAX's conversion) of their `jax.numpy` twins.
_NUMPY_CONSTRUCTORS = frozenset("""zeros ones empty full zeros_like ones_like empty_like full_like
arange linspace eye identity array asarray""".split())
_SAMPLERS = {"normal": "float32", "uniform": "float32", "truncated_normal": "float32",
             "gumbel": "float32", "laplace": "float32", "logistic": "float32",
             "exponential": "float32", "cauchy": "float32"}

# The samplers above that take more parameters than `(key, shape, dtype)`: the position of
# `shape` (`dtype` follows it), and the others' names and positions.
_SAMPLER_PARAMETERS = {"uniform": (1, {"minval": 3, "maxval": 4}),
                       "truncated_normal": (3, {"lower": 1, "upper": 2})}


# NumPy's samplers (`np.random.<name>`, a generator's `rng.<name>`) whose result has the shape
# `size` gives: name -> (the position of `size`, the keywords of the parameters before it).
# Their floats are float64, which JAX takes as float32 (x64 off), as `normal`'s.
NUMPY_SAMPLERS: dict[str, tuple[int, tuple[str, ...]]] = {
    "standard_normal": (0, ()), "random": (0, ()), "random_sample": (0, ()),
    "standard_exponential": (0, ()), "standard_cauchy": (0, ()),
    "normal": (2, ("loc", "scale")), "uniform": (2, ("low", "high")),
    "randint": (2, ("low", "high", "endpoint")),
    "gamma": (2, ("shape", "scale")), "beta": (2, ("a", "b")),
    "lognormal": (2, ("mean", "sigma")), "laplace": (2, ("loc", "scale")),
    "logistic": (2, ("loc", "scale")), "gumbel": (2, ("loc", "scale")),
    "exponential": (1, ("scale",)), "standard_gamma": (1, ("shape",)),
    "chisquare": (1, ("df",)), "standard_t": (1, ("df",)), "rayleigh": (1, ("scale",)),
}
# The samplers that take a `dtype=` (only the float32 one keeps the shape's float32).
_DTYPED_SAMPLERS = frozenset({"standard_normal", "random", "standard_exponential", "randint",
                              "standard_gamma"})


class Facts:
    """Reads the avals, integers and shapes of a call's arguments through the inference."""

    def __init__(self, aval_of: Callable[[ast.expr], Aval | None],
                 constant_of: Callable[[ast.expr], object],
                 qualname_of: Callable[[ast.expr], str | None],
                 held_of: Callable[[ast.expr], ast.expr | None] = lambda expr: None,
                 comprehension_length: Callable[[ast.ListComp], int | None] = lambda expr: None) -> None:
        self.aval_of = aval_of
        self.constant_of = constant_of
        self.qualname_of = qualname_of
        # The expression a name or `d["key"]` certainly holds (`DTYPE = jnp.float16`,
        # `CFG["dtype"]` of a dict display): a dtype given through it is the one written there.
        self.held_of = held_of
        # The length of a list comprehension the code shows (`[f(x) for x in xs]`: that of xs).
        self.comprehension_length = comprehension_length

    # ------------------------------------------------------------------ arguments
    def argument(self, call: ast.Call, position: int, keyword: str) -> ast.expr | None:
        for kw in call.keywords:
            if kw.arg == keyword:
                return kw.value
        if position < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[:position + 1]):
            return call.args[position]
        return None

    def simple(self, call: ast.Call, positional: int, keywords: Sequence[str]) -> bool:
        """At most `positional` plain positional arguments and only these keywords."""
        return len(call.args) <= positional and not any(isinstance(a, ast.Starred) for a in call.args) \
            and all(k.arg in keywords for k in call.keywords)

    def integer(self, expr: ast.expr | None) -> int | None:
        if expr is None:
            return None
        value = self.constant_of(expr)
        return value if type(value) is int else None

    def shape(self, expr: ast.expr | None, lowest: int = 0) -> tuple[int, ...] | None:
        """A shape argument: an int or a tuple/list of ints the code shows (each >= `lowest`:
        a reshape's -1)."""
        if expr is None:
            return None
        value = self.constant_of(expr)
        if type(value) is int and value >= lowest:
            return (value,)
        if isinstance(value, (tuple, list)) and all(type(v) is int and v >= lowest for v in value):
            return tuple(value)
        return None

    def shape_rank(self, expr: ast.expr | None) -> int | None:
        """The rank of a shape argument whose sizes the code need not show: a tuple or list
        display's length (no starred part), 1 for an integer scalar."""
        if expr is None:
            return None
        if isinstance(expr, (ast.Tuple, ast.List)):
            return None if any(isinstance(e, ast.Starred) for e in expr.elts) else len(expr.elts)
        shape = self.shape(expr, -1)
        if shape is not None:
            return len(shape)
        aval = self.aval_of(expr)
        return 1 if aval is not None and aval.shape == () and aval.is_integer else None

    def dtype(self, expr: ast.expr | None) -> str | None:
        """A dtype argument: `jnp.float32`, `float`, 'int32', `jnp.dtype('int32')`."""
        if expr is None:
            return None
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return dtype_name(expr.value)
        if isinstance(expr, ast.Call) and self.qualname_of(expr.func) in ("jax.numpy.dtype", "numpy.dtype") \
                and len(expr.args) == 1 and not expr.keywords:
            return self.dtype(expr.args[0])
        qualname = self.qualname_of(expr)
        if qualname:
            return dtype_name(qualname)
        held = self.held_of(expr) if isinstance(expr, (ast.Name, ast.Subscript)) else None
        return None if held is None or isinstance(held, (ast.Name, ast.Subscript)) else self.dtype(held)

    def dtype_given(self, call: ast.Call, position: int) -> tuple[bool, str | None]:
        """(whether a dtype is passed, which): `dtype=` or the given positional slot."""
        expr = self.argument(call, position, "dtype")
        if expr is None or (isinstance(expr, ast.Constant) and expr.value is None):
            return False, None
        return True, self.dtype(expr)

    # ------------------------------------------------------------------ NumPy
    def numpy_module_call(self, name: str, call: ast.Call) -> Aval | None:
        """The aval of the NumPy array `np.<name>(...)` as JAX sees it when it gets it: NumPy's
        64-bit defaults become JAX's 32-bit ones (as `jnp.asarray` converts them), and a NumPy
        array is never weakly typed. Constructors and the `np.random` samplers given a size;
        None for anything else (NumPy's own arithmetic is left out)."""
        if name in _NUMPY_CONSTRUCTORS:
            aval = self.numpy_call(name, call)
        elif name.startswith("random."):
            aval = self.numpy_random_call(name[7:], call)
        else:
            return None
        return None if aval is None else Aval(aval.shape, aval.dtype, False, aval.rank)

    def numpy_random_call(self, name: str, call: ast.Call) -> Aval | None:
        """`np.random.randn(3, 4)`, `np.random.normal(0, 1, size=(3, 4))`, and the methods of
        a `np.random.default_rng()` generator (`rng.normal(size=...)`, `rng.integers(0, 5,
        size=3)`)... (without a size they return a Python float)."""
        if name == "integers":
            name = "randint"  # (the generator's name for it; `endpoint=` changes no shape)
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        if name in ("rand", "randn"):
            dims = [self.integer(a) for a in call.args]
            if not dims or call.keywords or any(d is None or d < 0 for d in dims):
                return None
            return Aval(tuple(d for d in dims if d is not None), "float32")
        sampler = NUMPY_SAMPLERS.get(name)
        if sampler is None:
            return None
        slot, keywords = sampler
        if not self.simple(call, slot + (2 if name == "randint" else 1), (*keywords, "size", "dtype")) \
                or name != "randint" and any(k.arg == "endpoint" for k in call.keywords) \
                or name not in _DTYPED_SAMPLERS and any(k.arg == "dtype" for k in call.keywords):
            return None
        size = self.argument(call, slot, "size")
        shape = None if size is None or isinstance(size, ast.Constant) and size.value is None \
            else self.shape(size)
        if shape is None:
            return None
        if name != "randint":  # (`dtype=np.float32` of a generator's sampler: float32 as it is)
            dtype_keyword = next((k.value for k in call.keywords if k.arg == "dtype"), None)
            return None if dtype_keyword is not None and self.dtype(dtype_keyword) != "float32" \
                else Aval(shape, "float32")
        given, dtype = self.dtype_given(call, 3)
        return Aval(shape, dtype if given else "int32")

    # ------------------------------------------------------------------ jax.numpy
    def numpy_call(self, name: str, call: ast.Call) -> Aval | None:
        """The aval of `jnp.<name>(...)`; None when the code does not show it."""
        if name in ("zeros", "ones", "empty"):
            if not self.simple(call, 2, ("shape", "dtype")):
                return None
            given, dtype = self.dtype_given(call, 1)
            shape_expr = self.argument(call, 0, "shape")
            shape = self.shape(shape_expr)
            if shape is None:
                return of_rank(self.shape_rank(shape_expr), dtype if given else "float32")
            return Aval(shape, dtype if given else "float32")
        if name == "full":
            if not self.simple(call, 3, ("shape", "fill_value", "dtype")):
                return None
            shape_expr = self.argument(call, 0, "shape")
            shape = self.shape(shape_expr)
            fill = self.aval_of_arg(call, 1, "fill_value")
            given, dtype = self.dtype_given(call, 2)
            if fill is None or fill.shape != ():
                return None
            rank = self.shape_rank(shape_expr) if shape is None else None
            return Aval(shape, dtype, False, rank) if given else Aval(shape, fill.dtype, fill.weak, rank)
        if name in ("zeros_like", "ones_like", "empty_like", "full_like"):
            dtype_slot = 2 if name == "full_like" else 1
            if not self.simple(call, dtype_slot + 1, ("a", "fill_value", "dtype")):
                return None
            like = self.aval_of_arg(call, 0, "a")
            given, dtype = self.dtype_given(call, dtype_slot)
            if like is None:
                return None
            return Aval(like.shape, dtype, False, like.rank) if given else like
        if name == "arange":
            return self.arange(call)
        if name == "linspace":
            if not self.simple(call, 3, ("start", "stop", "num", "dtype")):
                return None
            num_expr = self.argument(call, 2, "num")
            num = 50 if num_expr is None else self.integer(num_expr)
            given, dtype = self.dtype_given(call, 99)
            if num is None:  # (a length the code does not show: one axis)
                return of_rank(1, dtype if given else "float32")
            return None if num < 0 else Aval((num,), dtype if given else "float32")
        if name in ("eye", "identity"):  # `eye(N, M=None, k=0, dtype=None)`, `identity(n, dtype=None)`
            parameters = ("N", "M", "k", "dtype") if name == "eye" else ("n", "dtype")
            if not self.simple(call, len(parameters), parameters):
                return None
            size = self.integer(self.argument(call, 0, parameters[0]))
            columns_expr = self.argument(call, 1, "M") if name == "eye" else None
            columns = size if columns_expr is None or isinstance(columns_expr, ast.Constant) \
                and columns_expr.value is None else self.integer(columns_expr)
            diagonal = self.argument(call, 2, "k") if name == "eye" else None
            given, dtype = self.dtype_given(call, len(parameters) - 1)
            if size is None or columns is None or size < 0 or columns < 0 \
                    or diagonal is not None and self.integer(diagonal) is None:
                return None
            return Aval((size, columns), dtype if given else "float32")
        if name in ("array", "asarray"):
            return self.array(call)
        if name == "astype":
            if len(call.args) != 2 or call.keywords:
                return None
            return with_dtype(self.aval_of(call.args[0]), self.dtype(call.args[1]))
        dtype = dtype_name(name)
        if dtype is not None:  # jnp.float32(x)
            if len(call.args) != 1 or call.keywords:
                return None
            return with_dtype(self.aval_of(call.args[0]), dtype)
        if name == "reshape":
            if len(call.args) != 2 or call.keywords:
                return None
            return reshape(self.aval_of(call.args[0]), self.shape(call.args[1], -1), self.shape_rank(call.args[1]))
        if name == "tile":
            if len(call.args) != 2 or call.keywords:
                return None
            return tile(self.aval_of(call.args[0]), self.shape(call.args[1]))
        if name == "transpose":
            if len(call.args) != 1 or call.keywords:
                return None
            return transpose(self.aval_of(call.args[0]))
        if name == "einsum":
            return self.einsum(call)
        if name == "where":
            if len(call.args) != 3 or call.keywords:
                return None
            cond, a, b = (self.aval_of(arg) for arg in call.args)
            promoted = promote(a, b)
            if cond is None or a is None or b is None or promoted is None:
                return None
            shape = broadcast(cond.shape, a.shape, b.shape)
            return None if shape is None else Aval(shape, *promoted)
        if name == "take_along_axis":  # the array's dtype, the indices' rank (measured)
            if len(call.args) != 3 and not (len(call.args) == 2 and [k.arg for k in call.keywords] == ["axis"]):
                return None
            array, indices = self.aval_of(call.args[0]), self.aval_of(call.args[1])
            if array is None or indices is None or array.dtype is None or indices.kind not in ("i", "u"):
                return None
            return Aval(None, array.dtype, array.weak, indices.ndim)
        if name in ("kron", "vdot"):
            if len(call.args) != 2 or call.keywords:
                return None
            return (kron if name == "kron" else vdot)(self.aval_of(call.args[0]), self.aval_of(call.args[1]))
        if name in ("tril", "triu"):  # (`k=` moves the diagonal, not the shape)
            operand = self.aval_of(call.args[0]) if call.args and self.simple(call, 2, ("k",)) else None
            return operand if operand is not None and operand.ndim is not None and operand.ndim >= 2 else None
        if name in ("diagonal", "diag"):
            return self._diagonal(name, call)
        if name == "clip":  # `clip(arr, min, max)`: `minimum(maximum(arr, min), max)`
            if not call.args or not self.simple(call, 3, ("min", "max")):
                return None
            clipped = self.aval_of(call.args[0])
            for position, keyword in ((1, "min"), (2, "max")):
                bound = self.argument(call, position, keyword)
                if bound is not None and not (isinstance(bound, ast.Constant) and bound.value is None):
                    clipped = binary(ast.Add(), clipped, self.aval_of(bound))
            return clipped if clipped is None or clipped.kind != "b" else None
        if name in _SAME_AVAL:  # `jnp.roll(x, 1)`, `jnp.sort(x, axis=0)`: rearranged in place
            return self.aval_of(call.args[0]) if call.args else None
        if name in _BINARY:
            if len(call.args) != 2 or call.keywords:
                return None
            return binary(_BINARY[name], self.aval_of(call.args[0]), self.aval_of(call.args[1]))
        if len(call.args) != 1 or call.keywords and name not in _SUM_LIKE | _MEAN_LIKE | _MAX_LIKE | {"all", "any"}:
            return None
        operand = self.aval_of(call.args[0]) if call.args else None
        return unary(name, operand) if not call.keywords else self.reduction(name, call, operand)

    def _diagonal(self, name: str, call: ast.Call) -> Aval | None:
        """`jnp.diagonal(a, offset)` (its first two axes; the others first, the diagonal last)
        and `jnp.diag(v, k)`: of a vector, the square matrix it fills; of a matrix, its
        diagonal (measured)."""
        keyword = "offset" if name == "diagonal" else "k"
        if not call.args or not self.simple(call, 2, (keyword,)):
            return None
        operand = self.aval_of(call.args[0])
        offset_expr = self.argument(call, 1, keyword)
        offset = 0 if offset_expr is None else self.integer(offset_expr)
        if operand is None or operand.shape is None or offset is None:
            return None
        shape = operand.shape
        if name == "diag" and len(shape) == 1:
            size = shape[0] + abs(offset)
            return Aval((size, size), operand.dtype, operand.weak)
        if len(shape) < 2 or name == "diag" and len(shape) != 2:
            return None
        rows, columns = shape[0], shape[1]
        length = max(0, min(rows, columns - offset) if offset >= 0 else min(rows + offset, columns))
        return Aval((*shape[2:], length), operand.dtype, operand.weak)

    def aval_of_arg(self, call: ast.Call, position: int, keyword: str) -> Aval | None:
        expr = self.argument(call, position, keyword)
        return None if expr is None else self.aval_of(expr)

    def arange(self, call: ast.Call) -> Aval | None:
        if not self.simple(call, 4, ("start", "stop", "step", "dtype")) or len(call.args) == 0:
            return None
        numbers = [self.constant_of(a) for a in call.args[:3]]
        given, dtype = self.dtype_given(call, 3)
        if not all(type(n) in (int, float) for n in numbers):  # (one axis of a length not shown)
            return of_rank(1, dtype if given else self._arange_dtype(call.args[:3]))
        try:
            if all(type(n) is int for n in numbers):
                length = len(range(*numbers))  # type: ignore[call-overload]
            else:
                start, stop, step = (0, numbers[0], 1) if len(numbers) == 1 else \
                    (numbers[0], numbers[1], numbers[2] if len(numbers) == 3 else 1)
                length = max(0, math.ceil((stop - start) / step))  # type: ignore[operator]
        except (ValueError, ZeroDivisionError, TypeError, OverflowError):
            return None
        if not given:
            dtype = "int32" if all(type(n) is int for n in numbers) else "float32"
        return Aval((length,), dtype)

    def _arange_dtype(self, bounds: Sequence[ast.expr]) -> str | None:
        """arange's dtype from its bounds' types: float32 when one is a float (a Python float
        or a float array), int32 when all are ints; None when one is not known."""
        kinds = [aval.kind if (aval := self.aval_of(b)) is not None else None for b in bounds]
        if "f" in kinds:
            return "float32"
        return "int32" if all(k == "i" for k in kinds) else None

    def array(self, call: ast.Call) -> Aval | None:
        if not self.simple(call, 2, ("object", "a", "dtype")) or not call.args:
            return None
        given, dtype = self.dtype_given(call, 1)
        obj = call.args[0]
        held = self.constant_of(obj) if not isinstance(obj, (ast.List, ast.Tuple, ast.Constant)) else None
        if isinstance(held, tuple) and held and all(type(h) is int for h in held):
            return Aval((len(held),), dtype if given else "int32", False)  # `jnp.array(x.shape)`
        inner = self.nested(obj)
        if inner is None:
            return None
        shape, found = inner
        if given:
            return Aval(shape, dtype)
        if isinstance(obj, (ast.List, ast.Tuple, ast.ListComp)) or self.repeated(obj) is not None:
            return Aval(shape, found.dtype, False)
        return found  # jnp.array(1.0): a weakly typed scalar stays weak; an array keeps its aval

    def repeated(self, expr: ast.expr) -> tuple[ast.List | ast.Tuple, int] | None:
        """`[7.5] * n` (or `n * [7.5]`): the display and the count, a constant int >= 1."""
        if not isinstance(expr, ast.BinOp) or not isinstance(expr.op, ast.Mult):
            return None
        for display, count in ((expr.left, expr.right), (expr.right, expr.left)):
            if isinstance(display, (ast.List, ast.Tuple)):
                times = self.integer(count)
                return (display, times) if times is not None and times >= 1 else None
        return None

    def nested(self, expr: ast.expr) -> tuple[tuple[int, ...], Aval] | None:
        """The shape and the joined element aval of a nested list display of scalars/arrays
        (a display repeated by a constant, `[7.5] * n`, too)."""
        repeated = self.repeated(expr)
        if repeated is not None:
            inner = self.nested(repeated[0])
            if inner is None:
                return None
            return (inner[0][0] * repeated[1], *inner[0][1:]), inner[1]
        if isinstance(expr, ast.ListComp):  # `[Z[s] for s in symbols]`: n of the one element
            length = self.comprehension_length(expr)
            inner = self.nested(expr.elt) if length else None
            return ((length, *inner[0]), inner[1]) if inner is not None and length else None
        if isinstance(expr, (ast.List, ast.Tuple)):
            if not expr.elts or any(isinstance(e, ast.Starred) for e in expr.elts):
                return None
            parts = [self.nested(e) for e in expr.elts]
            if any(p is None for p in parts):
                return None
            shapes = {p[0] for p in parts if p is not None}
            if len(shapes) != 1:
                return None
            joined: Aval | None = parts[0][1] if parts[0] else None
            for part in parts[1:]:
                promoted = promote(joined, part[1] if part else None)
                if promoted is None:
                    return None
                joined = scalar(*promoted)
            if joined is None:
                return None
            return (len(expr.elts), *shapes.pop()), joined
        aval = self.aval_of(expr)
        if aval is None or aval.shape is None or aval.dtype is None or aval.is_key:
            return None
        return aval.shape, aval

    def reduction(self, name: str, call: ast.Call, operand: Aval | None) -> Aval | None:
        """`jnp.sum(x, axis=k)`: the operand's aval without axis k (with `keepdims=True`, of
        size 1 there)."""
        keywords = {k.arg: k.value for k in call.keywords}
        if "axis" not in keywords or set(keywords) - {"axis", "keepdims"}:
            return None
        keepdims = self.constant_of(keywords["keepdims"]) if "keepdims" in keywords else False
        full = unary(name, operand)
        given = self.constant_of(keywords["axis"])
        axes = (given,) if type(given) is int else given
        if full is None or operand is None or operand.ndim is None or not isinstance(axes, tuple) \
                or not axes or not all(type(a) is int for a in axes) \
                or type(keepdims) is not bool or name in ("cumsum", "cumprod") and (keepdims or len(axes) != 1):
            return None
        rank = operand.ndim
        if not all(-rank <= a < rank for a in axes) or len({a % rank for a in axes}) != len(axes):
            return None
        if operand.shape is None:  # (sizes not shown: the rank left)
            left = rank if name in ("cumsum", "cumprod") or keepdims else rank - len(axes)
            return of_rank(left, full.dtype, full.weak)
        if name in ("cumsum", "cumprod"):  # along an axis: the operand's shape
            return Aval(operand.shape, full.dtype, full.weak)
        reduced = {a % rank for a in axes}
        shape = tuple(1 if i in reduced else size for i, size in enumerate(operand.shape)) if keepdims \
            else tuple(size for i, size in enumerate(operand.shape) if i not in reduced)
        return Aval(shape, full.dtype, full.weak)

    def einsum(self, call: ast.Call) -> Aval | None:
        """`jnp.einsum("ij,jk->ik", a, b)`: subscripts written out with `->`, one letter per
        axis (no `...`), every operand an array of known shape and dtype, each letter of one
        size everywhere: the output's shape, the operands' promoted dtype (never weak)."""
        if call.keywords or len(call.args) < 2 or any(isinstance(a, ast.Starred) for a in call.args):
            return None
        spec = self.constant_of(call.args[0])
        operands = [self.aval_of(a) for a in call.args[1:]]
        if not isinstance(spec, str) or "->" not in spec or "." in spec:
            return None
        inputs, output = spec.replace(" ", "").split("->")
        terms = inputs.split(",")
        if len(terms) != len(operands) or not all(t.isalpha() for t in terms) or not (output.isalpha() or not output):
            return None
        sizes: dict[str, int] = {}
        dtype: tuple[str, bool] | None = None
        for term, operand in zip(terms, operands):
            if operand is None or operand.shape is None or operand.dtype is None or operand.is_key \
                    or len(term) != len(operand.shape) or len(set(term)) != len(term):
                return None
            for letter, size in zip(term, operand.shape):
                if sizes.setdefault(letter, size) != size:
                    return None
            dtype = (operand.dtype, operand.weak) if dtype is None \
                else promote(Aval((), *dtype), Aval((), operand.dtype, operand.weak))
            if dtype is None:
                return None
        if dtype is None or len(set(output)) != len(output) or not set(output) <= set(sizes):
            return None
        return Aval(tuple(sizes[letter] for letter in output), dtype[0], False)

    def norm(self, call: ast.Call) -> Aval | None:
        """`jnp.linalg.norm(x)`, `(x, axis=k)` or `(x, axis=(j, k))`, `keepdims=` written as a
        bool, no `ord`: the 2-norm (Frobenius for two axes) reduces those axes (every axis
        when none is given) to a real array, never weak (measured)."""
        if not self.simple(call, 1, ("x", "axis", "keepdims")):
            return None
        operand = self.aval_of_arg(call, 0, "x")
        axis_expr = self.argument(call, 99, "axis")
        keep_expr = self.argument(call, 99, "keepdims")
        keepdims = False if keep_expr is None else self.constant_of(keep_expr)
        if operand is None or operand.shape is None or operand.kind not in ("b", "i", "u", "f", "c") \
                or type(keepdims) is not bool:
            return None
        rank = len(operand.shape)
        if axis_expr is None:
            axes = tuple(range(rank))
        else:
            axis = self.constant_of(axis_expr)
            axes_given = (axis,) if type(axis) is int else axis
            if not isinstance(axes_given, tuple) or not 1 <= len(axes_given) <= 2 \
                    or not all(type(a) is int and -rank <= a < rank for a in axes_given):
                return None
            axes = tuple(a % rank for a in axes_given)
            if len(set(axes)) != len(axes):
                return None
        kind = operand.kind
        dtype = operand.dtype if kind == "f" else _REAL_OF_COMPLEX.get(operand.dtype or "") if kind == "c" \
            else "float32"
        shape = tuple(1 if i in axes else size for i, size in enumerate(operand.shape)) if keepdims \
            else tuple(size for i, size in enumerate(operand.shape) if i not in axes)
        return Aval(shape, dtype, False)

    def linalg(self, name: str, call: ast.Call) -> Aval | None:
        """`jnp.linalg.inv`, `cholesky` (a stack of square matrices, as given), `pinv` (the
        last two axes swapped), `det` (without them) of an array of known shape, and
        `solve(a, b)` of one square matrix and a vector or matrix of its rows: a float or
        complex array, never weak; an integer or bool operand gives float32 (measured; a
        half-precision one raises, left unknown)."""
        if name == "solve":
            return self._solve(call)
        if name not in ("inv", "cholesky", "pinv", "det") or not self.simple(call, 1, ("a",)) or call.keywords:
            return None
        operand = self.aval_of_arg(call, 0, "a")
        dtype = _linalg_dtype(operand)
        if operand is None or dtype is None or operand.shape is None or len(operand.shape) < 2:
            return None
        *batch, rows, columns = operand.shape
        if name == "pinv":
            return Aval((*batch, columns, rows), dtype, False)
        if rows != columns:
            return None
        return Aval(tuple(batch) if name == "det" else operand.shape, dtype, False)

    def _solve(self, call: ast.Call) -> Aval | None:
        if not self.simple(call, 2, ()) or call.keywords:
            return None
        a, b = self.aval_of_arg(call, 0, "a"), self.aval_of_arg(call, 1, "b")
        if a is None or b is None or a.shape is None or b.shape is None or len(a.shape) != 2 \
                or a.shape[0] != a.shape[1] or len(b.shape) not in (1, 2) or b.shape[0] != a.shape[0]:
            return None
        promoted = promote(a, b)
        if promoted is None and {a.kind, b.kind} <= {"b", "i", "u", "f"} \
                and X64_KIND["float32"] in (a.dtype, b.dtype):
            promoted = (X64_KIND["float32"], False)  # (a float whose width x64 decides: its kind)
        dtype = _linalg_dtype(Aval((), promoted[0])) if promoted is not None else None
        return Aval(b.shape, dtype, False) if dtype is not None else None

    # ------------------------------------------------------------------ jax.random
    def random_call(self, name: str, call: ast.Call) -> Aval | None:
        if name == "key":
            return scalar(KEY) if self.simple(call, 1, ("seed", "impl")) and not call.keywords else None
        if name == "PRNGKey":
            return Aval((2,), "uint32") if self.simple(call, 1, ("seed",)) and not call.keywords else None
        key = self.aval_of_arg(call, 0, "key")
        if key is None and name in _SAMPLERS:  # (what a sampler returns, if it returns, does
            key = scalar(KEY)                   # not depend on the key it is given)
        # (a raw key is uint32 with x64 on too; "uint32|uint64" where x64 may be on)
        if key is None or key.shape is None \
                or not (key.is_key or key.shape == (2,) and key.dtype in ("uint32", X64_KIND["uint32"])):
            return None
        if name in ("fold_in", "clone"):
            return key if not key.is_key or key.shape == () else None
        if name == "split":
            if not self.simple(call, 2, ("key", "num")) or (key.is_key and key.shape != ()):
                return None
            num_expr = self.argument(call, 1, "num")
            num = (2,) if num_expr is None else self.shape(num_expr)
            if num is None:
                return None
            return Aval(num + (() if key.is_key else (2,)), key.dtype)
        if name == "multivariate_normal":
            return self._multivariate_normal(call)
        if name in _SAMPLERS:
            # (`uniform(key, shape, dtype, minval, maxval)`: the bounds broadcast to the shape;
            # `truncated_normal(key, lower, upper, shape, dtype)`: without a shape, theirs)
            at, others = _SAMPLER_PARAMETERS.get(name, (1, {}))
            if not self.simple(call, 3 + len(others), ("key", "shape", "dtype", *others)):
                return None
            for keyword, position in others.items():  # (only scalar bounds: larger ones raise)
                bound = self.argument(call, position, keyword)
                aval = self.aval_of_arg(call, position, keyword) if bound is not None else None
                if bound is not None and (aval is None or aval.shape != ()):
                    return None
            shape_expr = self.argument(call, at, "shape")
            shape = () if shape_expr is None else self.shape(shape_expr)
            given, dtype = self.dtype_given(call, at + 1)
            if shape is None:
                return of_rank(self.shape_rank(shape_expr), dtype if given else _SAMPLERS[name])
            return Aval(shape, dtype if given else _SAMPLERS[name])
        if name == "randint":
            if not self.simple(call, 5, ("key", "shape", "minval", "maxval", "dtype")):
                return None
            shape = self.shape(self.argument(call, 1, "shape"))
            given, dtype = self.dtype_given(call, 4)
            return None if shape is None else Aval(shape, dtype if given else "int32")
        if name == "bernoulli":
            if not self.simple(call, 3, ("key", "p", "shape")):
                return None
            shape_expr = self.argument(call, 2, "shape")
            p = self.aval_of_arg(call, 1, "p") if self.argument(call, 1, "p") is not None else scalar("float32", True)
            shape = (p.shape if p is not None else None) if shape_expr is None else self.shape(shape_expr)
            return None if shape is None else Aval(shape, "bool")
        return None


    def _multivariate_normal(self, call: ast.Call) -> Aval | None:
        """`random.multivariate_normal(key, mean, cov, shape=None, dtype=None)`: the batch
        shape (the given one, else mean's and cov's broadcast) then the event size; float32
        unless a dtype is given, whatever the mean's (measured)."""
        if not self.simple(call, 6, ("key", "mean", "cov", "shape", "dtype", "method")):
            return None
        mean, cov = self.aval_of_arg(call, 1, "mean"), self.aval_of_arg(call, 2, "cov")
        if mean is None or cov is None or mean.shape is None or cov.shape is None or not mean.shape \
                or len(cov.shape) < 2 or not cov.shape[-1] == cov.shape[-2] == mean.shape[-1]:
            return None
        batch = broadcast(mean.shape[:-1], cov.shape[:-2])
        shape_expr = self.argument(call, 3, "shape")
        if shape_expr is not None and not (isinstance(shape_expr, ast.Constant) and shape_expr.value is None):
            given_shape = self.shape(shape_expr)
            batch = given_shape if given_shape is not None and batch is not None \
                and broadcast(given_shape, batch) == given_shape else None
        given, dtype = self.dtype_given(call, 4)
        return None if batch is None else Aval((*batch, mean.shape[-1]), dtype if given else "float32")


def _linalg_dtype(operand: Aval | None) -> str | None:
    """The dtype `jnp.linalg`'s inverses and factorizations give for an operand's: float32
    for integers and bools, the operand's for single and double precision."""
    if operand is None or operand.dtype is None or operand.is_key:
        return None
    if operand.kind in ("b", "i", "u"):
        return "float32"
    exact = operand.dtype in ("float32", "float64", "complex64", "complex128")
    return operand.dtype if exact or operand.dtype in EITHER_WIDTH else None


def tile(operand: Aval | None, reps: tuple[int, ...] | None) -> Aval | None:
    """`jnp.tile(a, reps)`: the shorter of the shape and the repetitions padded with leading
    ones, multiplied axis by axis; dtype and weak type kept (measured)."""
    if operand is None or operand.shape is None or operand.dtype is None or reps is None:
        return None
    rank = max(len(operand.shape), len(reps))
    shape = (1,) * (rank - len(operand.shape)) + operand.shape
    times = (1,) * (rank - len(reps)) + reps
    return Aval(tuple(s * t for s, t in zip(shape, times)), operand.dtype, operand.weak)


def unary(name: str, operand: Aval | None) -> Aval | None:
    """`jnp.<name>(x)` with one argument."""
    if operand is None:
        return None
    if operand.dtype is None:  # (a rank without a dtype: what keeps the shape keeps it)
        if name in ("ravel", "cumsum", "cumprod"):
            return of_rank(1, None)
        keeps = name in _FLOAT_MATH | _SAME_DTYPE_MATH | _FLOAT_ONLY_SAME or name == "transpose"
        return of_rank(operand.rank, None) if keeps and operand.shape is None else None
    if operand.is_key:
        return None
    kind = operand.kind
    if name in _FLOAT_MATH:
        if kind == "c":
            return operand
        return operand if kind == "f" else Aval(operand.shape, "float32", operand.weak, operand.rank)
    if name in _SAME_DTYPE_MATH:
        if kind == "c" and name in ("abs", "absolute"):
            return Aval(operand.shape, _REAL_OF_COMPLEX.get(operand.dtype), operand.weak, operand.rank)  # measured
        return None if kind == "b" and name != "abs" else operand
    if name in _FLOAT_ONLY_SAME:
        return operand if kind == "f" else None
    if name in ("softmax", "log_softmax"):  # (`jax.nn`: a float array's shape, never weak: measured)
        return replace(operand, weak=False) if kind == "f" else None
    # (a reduction's result is never weakly typed: measured, `jnp.full(3, 1.5).sum()` is not)
    reduced = Aval((), operand.dtype, False)  # (no axis: the whole array, whatever its rank)
    if name in ("sum", "prod"):
        return Aval((), "int32", False) if kind in ("b", "i") else reduced
    if name in ("cumsum", "cumprod"):  # without an axis: over the flattened array
        dtype = "int32" if kind in ("b", "i") else operand.dtype
        if operand.shape is None:
            return of_rank(1, dtype)
        return Aval((math.prod(operand.shape),), dtype, False)
    if name in _MEAN_LIKE:
        if kind == "c" and name in ("var", "std"):
            return Aval((), _REAL_OF_COMPLEX.get(operand.dtype), False)  # measured
        return Aval((), "float32", False) if kind in ("b", "i", "u") else reduced
    if name in _MAX_LIKE:
        return reduced
    if name in ("all", "any"):  # (a bool whatever the operand's dtype: measured)
        return Aval((), "bool", False)
    if name in ("argmax", "argmin"):
        return scalar("int32") if operand.shape else None
    if name == "ravel":
        if operand.shape is None:
            return of_rank(1, operand.dtype, operand.weak)
        return Aval((math.prod(operand.shape),), operand.dtype, operand.weak)
    if name == "transpose":
        return transpose(operand)
    return None


def method(name: str, receiver: Aval | None, call: ast.Call, facts: Facts) -> Aval | None:
    """`x.<name>(...)` on an array whose aval is known (None: a JAX array whose aval is not
    known at all: what the method alone shows, e.g. `.ravel()` is of rank 1)."""
    if receiver is None:
        receiver = Aval(None, None)
    if name == "astype":
        if len(call.args) != 1 or call.keywords:
            return None
        return with_dtype(receiver, facts.dtype(call.args[0]))
    if name == "reshape":
        if call.keywords:
            return None
        shape = call.args[0] if len(call.args) == 1 else ast.Tuple(elts=list(call.args), ctx=ast.Load())
        return reshape(receiver, facts.shape(shape, -1), facts.shape_rank(shape))
    if name in ("sum", "mean", "max", "min", "prod", "std", "var", "all", "any"):
        if call.args:
            return None
        if not call.keywords:
            return unary(name, receiver)
        return facts.reduction(name, call, receiver)
    if name in ("ravel", "flatten"):
        return unary("ravel", receiver) if not call.args and not call.keywords else None
    if receiver.dtype is None and receiver.rank is None and receiver.shape is None:
        return None
    if name in ("copy", "conj", "conjugate") and not call.args and not call.keywords:
        return receiver
    if name == "transpose" and not call.args and not call.keywords:
        return transpose(receiver)
    return None


def reshape(aval: Aval | None, shape: tuple[int, ...] | None, rank: int | None = None) -> Aval | None:
    """`x.reshape(shape)`; one -1 in `shape` takes what is left. When the size of `x` is not
    known: `shape` itself when it has no -1 (else JAX raises), or only its `rank` (the number
    of sizes the code writes out, unknown ones included)."""
    if aval is None:
        return None
    if aval.size is None:
        if shape is not None and all(d >= 0 for d in shape):
            return Aval(shape, aval.dtype, aval.weak)
        return of_rank(rank, aval.dtype, aval.weak)
    if shape is None:
        return None
    if shape.count(-1) == 1:
        rest = math.prod(d for d in shape if d != -1)
        if rest == 0 or aval.size % rest:
            return None
        shape = tuple(aval.size // rest if d == -1 else d for d in shape)
    if any(d < 0 for d in shape) or math.prod(shape) != aval.size:
        return None
    return Aval(shape, aval.dtype, aval.weak)


def transpose(aval: Aval | None) -> Aval | None:
    if aval is not None and aval.shape is None:
        return of_rank(aval.rank, aval.dtype, aval.weak)
    if aval is None or aval.shape is None:
        return None
    return Aval(tuple(reversed(aval.shape)), aval.dtype, aval.weak)


def index(aval: Aval | None, key: object) -> Aval | None:
    """`x[i]` for an int i in range: the first axis goes (sizes unknown: the rank left)."""
    if aval is not None and aval.shape is None and type(key) is int:
        return element(aval)
    if aval is None or aval.shape is None or type(key) is not int or not aval.shape:
        return None
    if not -aval.shape[0] <= key < aval.shape[0]:
        return None
    return Aval(aval.shape[1:], aval.dtype, aval.weak)


__all__ = ["Aval", "Facts", "KEY", "binary", "broadcast", "compare", "dtype_name", "element",
           "index", "kind_of", "method", "of_rank", "promote", "python_scalar", "scalar", "unary", "with_dtype",
           "EITHER_WIDTH", "X64_KIND", "dtypes_differ", "exact_dtype", "without_x64_dtype"]
