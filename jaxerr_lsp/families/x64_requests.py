"""Explicit requests for a 64-bit dtype (JXE109): the calls that ask JAX for `float64`,
`int64`, `uint64` or `complex128` by name, which JAX turns into their 32-bit counterparts
with a UserWarning while x64 mode is off.

`x64_requests(ctx)`: every call of the file that certainly names one of those dtypes for JAX,
with the function name JAX's warning prints ("requested in zeros"). Each form was measured
under JAX 0.12.0.1 (`warnings.simplefilter("error")`):
- `jnp.zeros/ones/empty/full/array/asarray/arange/zeros_like/ones_like/full_like/empty_like/
  identity/eye/linspace/logspace/geomspace/tri/sum/mean/cumsum/astype(..., dtype=D)`, the
  dtype by keyword or at its position;
- `lax.convert_element_type(x, D)`; `x.astype(D)` on a JAX array (NumPy's `astype` does not
  warn); `jnp.float64(x)` (JAX's warning names `asarray`).
`D` is `jnp.float64`, `np.float64` (also int64, uint64, complex128, `np.double`), the strings
`"float64"`, `"int64"`, `"uint64"`, `"complex128"`, `"double"`, or `jnp.dtype(...)` /
`np.dtype(...)` of one of those, or a name bound once to one of these. `dtype=float` does not
warn (JAX reads Python's `float` as its default float type) and is not a request here.

Lookups only (`calls_to`, `method_calls`, `values.constant`, `Value.jax_array`).
Whether the file may turn x64 on is `avals.x64_possible` (the rule asks it).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING


if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

# A 64-bit dtype -> the dtype JAX uses instead without x64.
TRUNCATED = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}
_DTYPE_NAMES = {**{name: name for name in TRUNCATED}, "double": "float64"}
_MODULES = ("jax.numpy", "numpy")
# jax.numpy function -> the position of its `dtype` parameter (signatures of JAX 0.12.0.1).
DTYPE_POSITIONS = {
    "zeros": 1, "ones": 1, "empty": 1, "full": 2, "array": 1, "asarray": 1, "arange": 3,
    "zeros_like": 1, "ones_like": 1, "full_like": 2, "empty_like": 1, "identity": 1, "eye": 3,
    "linspace": 5, "logspace": 5, "geomspace": 4, "tri": 3, "sum": 2, "mean": 2, "cumsum": 2,
    "astype": 1,
}
# Functions whose first argument must be an array or a scalar: given a list or a tuple, they
# raise TypeError (JXE097) before looking at the dtype.
_ARRAY_FIRST = frozenset({"sum", "mean", "cumsum", "zeros_like", "ones_like", "full_like",
                          "empty_like", "astype"})
_NOT_ARRAYS = frozenset({"list", "tuple", "dict", "str", "NoneType"})
_MAX_DEPTH = 8


@dataclass(frozen=True, eq=False)
class X64Request:
    call: ast.Call
    dtype_expr: ast.expr  # the expression that names the dtype
    dtype: str  # float64, int64, uint64, complex128
    function: str  # the name JAX's warning prints: zeros, astype, convert_element_type

    @property
    def truncated(self) -> str:
        return TRUNCATED[self.dtype]


def dtype_named(ctx: Context, expr: ast.expr, depth: int = 0) -> str | None:
    """The 64-bit dtype `expr` certainly names (float64, int64, uint64, complex128)."""
    if depth > _MAX_DEPTH:
        return None
    qualname = ctx.model.qualname(expr) if isinstance(expr, (ast.Name, ast.Attribute)) else None
    if qualname is not None:
        module, _, name = qualname.rpartition(".")
        return _DTYPE_NAMES.get(name) if module in _MODULES else None
    if isinstance(expr, ast.Constant):
        return _DTYPE_NAMES.get(expr.value) if isinstance(expr.value, str) else None
    if isinstance(expr, ast.Call):
        site = ctx.model.call_site(expr)
        if site is None or site.qualname not in ("jax.numpy.dtype", "numpy.dtype") \
                or len(site.args) != 1 or site.keywords or site.partial is not None:
            return None
        return dtype_named(ctx, site.args[0], depth + 1)
    if isinstance(expr, ast.Name):
        value = ctx.model.assigned_value(expr)
        return dtype_named(ctx, value, depth + 1) if value is not None else None
    return None


def _dtype_argument(args: tuple[ast.expr, ...], keywords: tuple[ast.keyword, ...],
                    keyword: str, position: int) -> ast.expr | None:
    """The argument given for the dtype parameter, when the call shows it."""
    for given in keywords:
        if given.arg == keyword:
            return given.value
    positional = args[:next((i for i, a in enumerate(args) if isinstance(a, ast.Starred)), len(args))]
    return positional[position] if len(positional) > position else None


def x64_requests(ctx: Context) -> list[X64Request]:
    """Every call of the file that certainly asks JAX for a 64-bit dtype."""
    return ctx.once(_x64_requests)


def _x64_requests(ctx: Context) -> list[X64Request]:
    found: list[X64Request] = []

    def add(call: ast.Call, expr: ast.expr | None, function: str) -> None:
        dtype = dtype_named(ctx, expr) if expr is not None else None
        if dtype is not None:
            found.append(X64Request(call, expr, dtype, function))  # type: ignore[arg-type]

    for name, position in DTYPE_POSITIONS.items():
        for site in ctx.model.calls_to(f"jax.numpy.{name}"):
            if name in _ARRAY_FIRST and (not site.args or isinstance(site.args[0], ast.Starred)
                                         or ctx.values.value(site.args[0]).type in _NOT_ARRAYS):
                continue
            if site.complete:
                add(site.call, _dtype_argument(site.args, site.keywords, "dtype", position), name)
    for site in ctx.model.calls_to("jax.lax.convert_element_type"):
        if site.complete:
            add(site.call, _dtype_argument(site.args, site.keywords, "new_dtype", 1),
                "convert_element_type")
    for dtype in TRUNCATED:
        for site in ctx.model.calls_to(f"jax.numpy.{dtype}"):
            if site.complete and site.args and not site.keywords:
                found.append(X64Request(site.call, site.call.func, dtype, "asarray"))
    for call in ctx.model.method_calls("astype"):
        receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
        if receiver is not None and ctx.values.value(receiver).jax_array is not None:
            add(call, _dtype_argument(tuple(call.args), tuple(call.keywords), "dtype", 0), "astype")
    found.sort(key=lambda r: (r.call.lineno, r.call.col_offset))
    return found
