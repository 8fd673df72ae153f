"""Shape errors the value inference can show: the operations of a file whose operand shapes
the inference knows (`Value.aval`, `jaxerr_lsp.avals`), and what JAX does with them.

Lookups only, for the shape rules (JXE101-JXE106): the file's binary operators and
comparisons are found from the model's parent links (the operands of a `BinOp` or `Compare`
are names, calls, attributes or subscripts, whose parents the model records), the `jnp` calls
from `model.calls_to`. Every answer is None or empty unless the code certainly shows it:
both operands JAX arrays (`ArrayImpl`: a NumPy array raises NumPy's own error; a `jnp`
function's operands may be NumPy arrays too, which it converts), shapes and
dtypes known, no typed key, no file that changes rank promotion or turns on 64-bit types (the
inference then knows no aval).
"""

from __future__ import annotations

import ast
import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeVar

from jaxerr_lsp.analysis.avals import Aval
from jaxerr_lsp.analysis.followed_calls import (SHAPE_KEEPING, CallContext, FollowedCall, argument_constants, call_contexts,
                                                contexts_in_body, followed_calls, lambda_arguments, refused, runs_with_values, shown_arguments,
                                                transformed_lambda)
from jaxerr_lsp.analysis.values import Inference, Value
from jaxerr_lsp.core.findings import Related, RuleData
from jaxerr_lsp.engine.rule import Context
from jaxerr_lsp.families.control_flow import loop_bodies
from jaxerr_lsp.families.expected_errors import expected_at
from jaxerr_lsp.analysis.model import UNPACK, CallSite, ModuleModel
from jaxerr_lsp.families.vmap_axes import vmapped_calls

# Operator -> (lax's name in the message, the dtype kinds for which jnp ends in that primitive).
# Measured under JAX 0.12.0.1: bool `+` is `or`, `*` is `and`; `//` and `%` of floats go
# through `rem`; `**` of integers through `integer_pow`: those are left out.
_NUMBERS = frozenset("iuf")
_ORDERED = frozenset("iuf")
OPERATORS: dict[type, tuple[str, frozenset[str]]] = {
    ast.Add: ("add", frozenset("iufc")),
    ast.Sub: ("sub", frozenset("iufc")),
    ast.Mult: ("mul", frozenset("iufc")),
    ast.Div: ("div", frozenset("iufc")),
    ast.BitAnd: ("and", frozenset("biu")),
    ast.BitOr: ("or", frozenset("biu")),
    ast.BitXor: ("xor", frozenset("biu")),
    ast.Lt: ("lt", _ORDERED),
    ast.LtE: ("le", _ORDERED),
    ast.Gt: ("gt", _ORDERED),
    ast.GtE: ("ge", _ORDERED),
    ast.Eq: ("eq", frozenset("biufc")),
    ast.NotEq: ("ne", frozenset("biufc")),
}
# jax.numpy function -> the same.
FUNCTIONS: dict[str, tuple[str, frozenset[str]]] = {
    "add": ("add", frozenset("iufc")),
    "subtract": ("sub", frozenset("iufc")),
    "multiply": ("mul", frozenset("iufc")),
    "divide": ("div", frozenset("iufc")),
    "true_divide": ("div", frozenset("iufc")),
    "maximum": ("max", _NUMBERS),
    "minimum": ("min", _NUMBERS),
    "power": ("pow", frozenset("f")),
    "arctan2": ("atan2", frozenset("f")),
    "equal": ("eq", frozenset("biufc")),
    "not_equal": ("ne", frozenset("biufc")),
    "less": ("lt", _ORDERED),
    "less_equal": ("le", _ORDERED),
    "greater": ("gt", _ORDERED),
    "greater_equal": ("ge", _ORDERED),
}


@dataclass(frozen=True)
class Operands:
    """A binary operation JAX broadcasts: where it is, JAX's name for it, both avals."""

    node: ast.expr  # the BinOp, Compare or Call
    name: str  # lax's name: add, sub, lt, max...
    left: Aval
    right: Aval
    call: ast.Call | None = None  # the call whose arguments give these avals (see `followed`)
    # (a call made in another def's body: the calls of that def that give its values, outermost last)
    callers: tuple[ast.Call, ...] = ()


def shapes_known(ctx: Context) -> bool:
    """Whether shapes in this file mean what the avals say (no rank promotion setting)."""
    return not ctx.mentions("rank_promotion")


# Calls that give an array a shape the code writes out: without one, no operand of the file
# has a known shape (Python scalars aside, which broadcast with anything).
_SHAPED = {"jax.numpy": frozenset("""zeros ones empty full arange linspace eye identity array
asarray zeros_like ones_like full_like empty_like""".split()),
           "jax.random": frozenset("""normal uniform truncated_normal gumbel laplace logistic
exponential cauchy randint bernoulli PRNGKey key split""".split()),
           # (NumPy arrays a transformation converts: `jax.jit(f)(np.zeros((2, 3)))`)
           "numpy": frozenset("zeros ones empty full arange linspace eye identity array asarray".split()),
           "numpy.random": frozenset("rand randn normal uniform randint random standard_normal default_rng".split())}


def has_shaped_arrays(model: ModuleModel) -> bool:
    """Whether the file makes an array whose shape the code shows (`jnp.zeros((2, 3))`)."""
    for module, names in _SHAPED.items():
        for name in names:
            if (name in model.attribute_calls or name in model.name_calls) \
                    and model.calls_to(f"{module}.{name}"):
                return True
    return False


_OPERATOR_NODES: weakref.WeakKeyDictionary[ModuleModel, list[ast.BinOp | ast.Compare]] = \
    weakref.WeakKeyDictionary()


def _operator_nodes(model: ModuleModel, within: ast.FunctionDef | ast.Lambda | None = None) -> list[ast.BinOp | ast.Compare]:
    """The file's binary operations and comparisons (those of the def `within` alone, when
    given), each once, found from their operands' parent links (no walk); once per model."""
    if within is None:
        return _all_operator_nodes(model)
    nodes: list[ast.BinOp | ast.Compare] = model.nodes_in(within, (ast.BinOp, ast.Compare))
    return [node for node in nodes if _in_own_body(model, within, node)]


def _all_operator_nodes(model: ModuleModel) -> list[ast.BinOp | ast.Compare]:
    known = _OPERATOR_NODES.get(model)
    if known is not None:
        return known
    found: dict[int, ast.BinOp | ast.Compare] = {}
    binop, compare = ast.BinOp, ast.Compare
    for uses in model.uses.values():
        for use in uses:
            parent = use.parent
            kind = type(parent)
            if kind is binop or kind is compare:
                found[id(parent)] = parent  # type: ignore[assignment]
    for parent in model.parent.values():
        kind = type(parent)
        if kind is binop or kind is compare:
            found[id(parent)] = parent  # type: ignore[assignment]
    nodes = _OPERATOR_NODES[model] = list(found.values())
    return nodes


def _jax_array(values, expr: ast.expr) -> Aval | None:
    """The aval of `expr` when it is a JAX array whose shape and dtype kind are known."""
    value = values.value(expr)
    aval = value.aval
    if value.type != "ArrayImpl" or aval is None or aval.shape is None or aval.kind in (None, "key"):
        return None
    return aval


def _converted_array(values, expr: ast.expr) -> Aval | None:
    """`_jax_array`, or a NumPy array of known shape that a `jnp` function converts (its
    aval is already JAX's)."""
    value = values.value(expr)
    if value.type == "ndarray" and value.aval is not None and value.aval.shape is not None \
            and value.aval.kind not in (None, "key"):
        return value.aval
    return _jax_array(values, expr)


def _operand(values, expr: ast.expr) -> Aval | None:
    """A JAX array's aval, or a Python number's (which broadcasts with anything)."""
    if isinstance(expr, ast.Constant):
        return _scalar_aval(expr.value)
    value = values.value(expr)
    if value.python_scalar and value.aval is not None:
        return value.aval
    aval = value.aval
    if value.type != "ArrayImpl" or aval is None or aval.shape is None or aval.kind in (None, "key"):
        return None
    return aval


def _scalar_aval(constant: object) -> Aval | None:
    from jaxerr_lsp.analysis.avals import python_scalar

    return python_scalar(constant) if type(constant) in (int, float, bool, complex) else None


def broadcast_operations(ctx: Context) -> list[Operands]:
    """The operators and `jnp` binary functions of the file whose two operands' avals are
    known, with at least one a JAX array, in source order (the bodies of the file's functions
    also with the arguments of their followed calls)."""
    return followed(ctx, _broadcast_operations)


def _broadcast_operations(model: ModuleModel, values, within: ast.FunctionDef | ast.Lambda | None) -> list[Operands]:
    found: list[Operands] = []
    memo = _Memo(values)
    for node in _operator_nodes(model, within):
        if isinstance(node, ast.BinOp):
            left_expr, right_expr, op = node.left, node.right, node.op
        elif len(node.ops) == 1:
            left_expr, right_expr, op = node.left, node.comparators[0], node.ops[0]  # type: ignore[assignment]
        else:
            continue
        known = OPERATORS.get(type(op))
        if known is None:
            continue
        pair = _pair(memo, left_expr, right_expr, known[1])
        if pair is not None:
            found.append(Operands(node, known[0], *pair))
    for function, (name, kinds) in FUNCTIONS.items():
        for site in _calls_to(model, f"jax.numpy.{function}", within):
            operands = _two_positional(site)
            if operands is None:
                continue
            pair = _pair(memo, *operands, kinds)
            if pair is not None:
                found.append(Operands(site.call, name, *pair))
    return sorted(found, key=lambda o: (o.node.lineno, o.node.col_offset))


def document_broadcast_operations(ctx: Context) -> list[Operands]:
    """`broadcast_operations` of the document, computed once (JXE101 and JXE102 both read it)."""
    return ctx.once(_document_broadcast_operations)


def _document_broadcast_operations(ctx: Context) -> list[Operands]:
    return broadcast_operations(ctx)


def _two_positional(site: CallSite) -> tuple[ast.expr, ast.expr] | None:
    if not site.complete or site.partial is not None or site.keywords or len(site.args) != 2 \
            or any(isinstance(a, ast.Starred) for a in site.args):
        return None
    return site.args[0], site.args[1]


_EXPRESSIONS = (ast.Call, ast.Attribute, ast.Subscript, ast.BinOp, ast.UnaryOp, ast.Name)


def _may_be_array(model: ModuleModel, expr: ast.expr) -> bool:
    """A cheap first look: an expression that can have a known array aval at all (a name
    bound to a call or an expression, or a parameter a followed call gives; not a display or
    a loop variable)."""
    if isinstance(expr, ast.Constant):
        return True
    if isinstance(expr, ast.Name):
        binding = model.binding_of(expr)
        if binding is None:  # (several: a parameter a loop rebinds, read on its first pass too)
            reaching = model.reaching(expr) or []
            return bool(reaching) and all(isinstance(b.node, ast.arg) or isinstance(b.value, _EXPRESSIONS)
                                          for b in reaching)
        if binding.kind == UNPACK and isinstance(binding.value, (ast.Tuple, ast.List)):
            return True  # `x, y = jnp.ones(3), jnp.ones(4)`: an element of the display
        return binding.value is not None and isinstance(binding.value, _EXPRESSIONS)
    return isinstance(expr, _EXPRESSIONS)


def _knowable(values: Inference, expr: ast.expr) -> bool:
    """The cheapest look, from the expression and a name's bindings alone: an expression an
    array can come from (no display, lambda or comprehension), a name only when a binding
    can give it a value (`Inference.may_know`: not a loop variable, an import, a parameter
    no call gives a value)."""
    if type(expr) is ast.Name:
        return values.may_know(expr)
    return isinstance(expr, _EXPRESSIONS)


def _parameter(model: ModuleModel, name: ast.Name) -> bool:
    """Whether `name` certainly reads a parameter (a followed call may give its value)."""
    reaching = model.reaching(name)
    return reaching is not None and len(reaching) == 1 and isinstance(reaching[0].node, ast.arg)


def _number(expr: ast.expr) -> bool:
    """A number written out: `2`, `-1.0`."""
    if isinstance(expr, ast.UnaryOp):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and type(expr.value) in (int, float, complex, bool)


class _Memo:
    """Operand avals of one file: a name's once per binding (`x` read in many operations)."""

    def __init__(self, values) -> None:
        self.values = values
        self.known: dict[int, Aval | None] = {}

    def operand(self, expr: ast.expr) -> Aval | None:
        if not isinstance(expr, ast.Name):
            return _operand(self.values, expr)
        binding = self.values.model.binding_of(expr)
        if binding is None:
            return _operand(self.values, expr) if _parameter(self.values.model, expr) else None
        if id(binding) not in self.known:
            self.known[id(binding)] = _operand(self.values, expr)
        return self.known[id(binding)]


def _pair(memo: _Memo, left: ast.expr, right: ast.expr, kinds: frozenset[str]) -> tuple[Aval, Aval] | None:
    """Both avals, when one operand is a JAX array and the other a JAX array or a number.
    What the operands themselves settle is looked at before code flow or the inference is
    asked about either: a constant (a number broadcasts with any shape, a string or None has
    no aval), an operand no array comes from (`_knowable`)."""
    values = memo.values
    if type(left) is ast.Constant or type(right) is ast.Constant or _number(left) or _number(right) \
            or not _knowable(values, left) or not _knowable(values, right):
        return None
    model = values.model
    if not _may_be_array(model, left) or not _may_be_array(model, right):
        return None
    a = memo.operand(left)
    if a is None:
        return None
    b = memo.operand(right)
    if b is None or a.kind not in kinds or b.kind not in kinds or (a.shape == () and b.shape == ()):
        return None
    return a, b


def incompatible(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Shapes NumPy broadcasting refuses (ranks padded with leading ones)."""
    rank = max(len(a), len(b))
    pa, pb = (1,) * (rank - len(a)) + a, (1,) * (rank - len(b)) + b
    return any(x != y and x != 1 and y != 1 for x, y in zip(pa, pb))


# --------------------------------------------------------------------------- products
@dataclass(frozen=True)
class Product:
    node: ast.expr  # the `@` BinOp or the jnp.matmul / jnp.dot call
    left: Aval
    right: Aval
    call: ast.Call | None = None
    callers: tuple[ast.Call, ...] = ()

    @property
    def contracting(self) -> tuple[int, int] | None:
        """The two contracting sizes, for operands of rank 1 or 2 (None otherwise)."""
        a, b = self.left.shape, self.right.shape
        if a is None or b is None or not 1 <= len(a) <= 2 or not 1 <= len(b) <= 2:
            return None
        return a[-1], b[0]


def products(ctx: Context) -> list[Product]:
    """`a @ b`, `jnp.matmul(a, b)`, `jnp.dot(a, b)` with two JAX arrays of known avals."""
    return followed(ctx, _products)


def _products(model: ModuleModel, values, within: ast.FunctionDef | ast.Lambda | None) -> list[Product]:
    found: list[Product] = []
    numbers = frozenset("iufc")
    for node in _operator_nodes(model, within):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            a, b = _jax_array(values, node.left), _jax_array(values, node.right)
            if a is not None and b is not None and a.kind in numbers and b.kind in numbers:
                found.append(Product(node, a, b))
    for function in ("matmul", "dot"):
        for site in _calls_to(model, f"jax.numpy.{function}", within):
            operands = _two_positional(site)
            if operands is None:
                continue
            a, b = (_converted_array(values, e) for e in operands)
            if a is not None and b is not None and a.kind in numbers and b.kind in numbers:
                found.append(Product(site.call, a, b))
    return sorted(found, key=lambda p: (p.node.lineno, p.node.col_offset))


# --------------------------------------------------------------------------- reshape
@dataclass(frozen=True)
class Reshape:
    node: ast.Call
    operand: Aval
    written: str  # the new shape as JAX prints what it was given: (4, 2), [5], 5
    shape: tuple[int, ...]
    call: ast.Call | None = None
    callers: tuple[ast.Call, ...] = ()


def _written_shape(model: ModuleModel, values, expr: ast.expr, depth: int = 0) -> tuple[str, tuple[int, ...]] | None:
    """A shape argument as its display shows it (list, tuple or int) and its sizes."""
    if isinstance(expr, ast.Name) and depth == 0:
        found = model.assignment_of(expr)
        if found is None or isinstance(found[1], ast.List) and model.is_mutated(found[0]):
            return None
        return _written_shape(model, values, found[1], 1)
    constant = values.constant(expr)
    if type(constant) is int:
        return repr(constant), (constant,)
    if not (isinstance(expr, (ast.Tuple, ast.List)) or _shape_tuple(values, expr)) \
            or not isinstance(constant, tuple) or not all(type(c) is int for c in constant):
        return None
    return repr(list(constant) if isinstance(expr, ast.List) else constant), constant


def _shape_tuple(values, expr: ast.expr) -> bool:
    """`x.shape` of a JAX array of known shape, or a slice of one (`x.shape[:2]`): a tuple."""
    while isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Slice):
        expr = expr.value
    return isinstance(expr, ast.Attribute) and expr.attr == "shape" \
        and _jax_array(values, expr.value) is not None


def reshapes(ctx: Context) -> list[Reshape]:
    """`x.reshape(...)` and `jnp.reshape(x, shape)` of a JAX array of known shape to a shape
    the code writes out, without a -1."""
    return followed(ctx, _reshapes)


def _reshapes(model: ModuleModel, values, within: ast.FunctionDef | ast.Lambda | None) -> list[Reshape]:
    found: list[Reshape] = []
    for call in model.method_calls("reshape"):
        if within is not None and not _in_own_body(model, within, call):
            continue
        receiver = call.func.value  # type: ignore[attr-defined]
        if model.qualname(receiver) is not None or call.keywords or not call.args \
                or any(isinstance(a, ast.Starred) for a in call.args):
            continue
        operand = _jax_array(values, receiver)
        if operand is None:
            continue
        if len(call.args) == 1:
            written = _written_shape(model, values, call.args[0])
        else:
            sizes = [values.constant(a) for a in call.args]
            written = (repr(tuple(sizes)), tuple(sizes)) if all(type(s) is int for s in sizes) else None
        if written is not None:
            found.append(Reshape(call, operand, *written))
    for site in _calls_to(model, "jax.numpy.reshape", within):
        if not site.complete or site.partial is not None or any(isinstance(a, ast.Starred) for a in site.args):
            continue
        by_name = {k.arg: k.value for k in site.keywords}
        if set(by_name) - {"shape"} or len(site.args) + len(by_name) != 2 or not site.args:
            continue
        shape_expr = site.args[1] if len(site.args) == 2 else by_name.get("shape")
        operand = _jax_array(values, site.args[0])
        written = _written_shape(model, values, shape_expr) if shape_expr is not None else None
        if operand is not None and written is not None:
            found.append(Reshape(site.call, operand, *written))
    # (sizes of at least 0, and at most one -1 JAX infers: another message for two)
    return [r for r in sorted(found, key=lambda r: (r.node.lineno, r.node.col_offset))
            if all(d >= -1 for d in r.shape) and r.shape.count(-1) <= 1]


def size_of(aval: Aval) -> int | None:
    return None if aval.shape is None else math.prod(aval.shape)


# --------------------------------------------------------------------------- concatenate, stack
@dataclass(frozen=True)
class Joined:
    node: ast.Call
    function: str  # "concatenate" | "stack"
    avals: tuple[Aval, ...]
    axis: int  # as given (may be negative)
    call: ast.Call | None = None
    callers: tuple[ast.Call, ...] = ()


def joins(ctx: Context) -> list[Joined]:
    """`jnp.concatenate(seq, axis)` and `jnp.stack(seq, axis)` of a list or tuple display (or a
    name bound once to one, never changed) of JAX arrays whose avals are known."""
    return followed(ctx, _joins)


def _joins(model: ModuleModel, values, within: ast.FunctionDef | ast.Lambda | None) -> list[Joined]:
    found: list[Joined] = []
    for function in ("concatenate", "stack"):
        for site in _calls_to(model, f"jax.numpy.{function}", within):
            if not site.complete or site.partial is not None or not site.args \
                    or any(isinstance(a, ast.Starred) for a in site.args) or len(site.args) > 2:
                continue
            by_name = {k.arg: k.value for k in site.keywords}
            if set(by_name) - {"axis"} or (len(site.args) == 2 and "axis" in by_name):
                continue
            axis_expr = site.args[1] if len(site.args) == 2 else by_name.get("axis")
            axis = 0 if axis_expr is None else values.constant(axis_expr)
            if type(axis) is not int:
                continue
            sequence = values.value(site.args[0])
            if sequence.type not in ("list", "tuple") or sequence.elements is None or not sequence.elements:
                continue
            avals = [_jax_array(values, e) for e in sequence.elements]
            if any(a is None or a.kind == "key" for a in avals):
                continue
            found.append(Joined(site.call, function, tuple(a for a in avals if a is not None), axis))
    return sorted(found, key=lambda j: (j.node.lineno, j.node.col_offset))



# --------------------------------------------------------------------------- axes
# The jnp and jax.nn functions that take an axis of their first argument: where a positional
# axis goes (None: keyword only), how many dimensions more than the argument's JAX checks it
# against (`expand_dims` and `one_hot` add one), and whether JAX first reads the argument's
# shape at that axis (`jnp.mean`'s size of the reduced axes, `argmax`'s emptiness test), which
# raises IndexError "tuple index out of range" instead of canonicalize_axis's ValueError.
_AXIS_FUNCTIONS: dict[str, tuple[int | None, int, bool]] = {
    **{f"jax.numpy.{name}": (1, 0, False) for name in (
        "sum", "prod", "max", "min", "amax", "amin", "all", "any", "nansum", "nanprod", "nanmax",
        "nanmin", "nanmean", "nanvar", "nanstd", "cumsum", "cumprod", "nancumsum", "nancumprod",
        "median", "nanmedian", "ptp", "count_nonzero", "average", "flip", "sort", "argsort", "squeeze")},
    **{f"jax.numpy.{name}": (1, 0, True) for name in (
        "mean", "var", "std", "argmax", "argmin", "nanargmax", "nanargmin")},
    "jax.numpy.expand_dims": (1, 1, False),
    **{f"jax.numpy.{name}": (2, 0, False) for name in ("diff", "roll", "take_along_axis", "quantile", "percentile")},
    "jax.numpy.linalg.norm": (2, 0, False),
    "jax.nn.softmax": (1, 0, False),
    "jax.nn.log_softmax": (1, 0, False),
    "jax.nn.logsumexp": (1, 0, False),
    "jax.scipy.special.logsumexp": (1, 0, False),
    "jax.nn.standardize": (1, 0, True),
    "jax.nn.one_hot": (None, 1, False),
}
# The array methods whose first positional argument is the axis (the same checks as above).
_AXIS_METHODS: dict[str, bool] = {
    **{name: False for name in ("sum", "prod", "max", "min", "all", "any", "cumsum", "cumprod", "ptp",
                                "sort", "argsort", "squeeze")},
    **{name: True for name in ("mean", "var", "std", "argmax", "argmin")},
}
# The reductions that take a tuple of axes (each checked in turn; the first out of bounds is
# the one JAX names).
_AXES_TUPLE = frozenset({"sum", "prod", "max", "min", "all", "any", "mean", "var", "std"})
# Keywords that change neither which check runs first nor its message (`where=` does: `jnp.mean`
# then no longer reads the shape first).
_PLAIN_KEYWORDS = frozenset({"axis", "keepdims", "dtype", "ddof", "num_classes"})


@dataclass(frozen=True)
class AxisOutOfBounds:
    """An axis given to a function or method of an array whose rank is known, out of bounds."""

    node: ast.Call
    function: str  # as written: "jnp.mean", "x.sum"
    shape: tuple[int, ...]  # the array's
    axis: int  # the first axis out of bounds, as given (may be negative)
    rank: int  # the number of dimensions JAX checks it against
    indexed: bool  # JAX reads the shape there first: IndexError "tuple index out of range"
    call: ast.Call | None = None
    callers: tuple[ast.Call, ...] = ()


def axes_out_of_bounds(ctx: Context) -> list[AxisOutOfBounds]:
    """Calls that take an axis of an array whose rank the inference knows, with an axis the
    code writes (an int, or a tuple of ints for a reduction) out of that rank's bounds: also
    inside a def as each call the file shows gives it, and per example under `vmap`."""
    return followed(ctx, _axes_out_of_bounds)


def _axes_out_of_bounds(model: ModuleModel, values, within: ast.FunctionDef | ast.Lambda | None) -> list[AxisOutOfBounds]:
    found: list[AxisOutOfBounds] = []
    for qualname, (position, extra, indexed) in _AXIS_FUNCTIONS.items():
        short = qualname.rsplit(".", 1)[-1]
        for site in _calls_to(model, qualname, within):
            if not site.complete or site.partial is not None or not site.args \
                    or any(isinstance(a, ast.Starred) for a in site.args) \
                    or any(k.arg not in _PLAIN_KEYWORDS for k in site.keywords):
                continue
            by_name = {k.arg: k.value for k in site.keywords}
            given = site.args[position] if position is not None and len(site.args) > position else None
            if given is not None and "axis" in by_name:
                continue
            axis_expr = given if given is not None else by_name.get("axis")
            operand = _converted_array(values, site.args[0])
            if axis_expr is None or operand is None or operand.shape is None:
                continue
            item = _out_of_bounds(values, site.call, _written_function(site.call), operand.shape, axis_expr,
                                  len(operand.shape) + extra, indexed, short in _AXES_TUPLE)
            if item is not None:
                found.append(item)
    for method, indexed in _AXIS_METHODS.items():
        for call in model.method_calls(method):
            if within is not None and not _in_own_body(model, within, call):
                continue
            receiver = call.func.value  # type: ignore[attr-defined]
            if model.qualname(receiver) is not None or len(call.args) > 1 \
                    or any(isinstance(a, ast.Starred) for a in call.args) \
                    or any(k.arg not in _PLAIN_KEYWORDS for k in call.keywords):
                continue
            by_name = {k.arg: k.value for k in call.keywords}
            if call.args and "axis" in by_name:
                continue
            axis_expr = call.args[0] if call.args else by_name.get("axis")
            operand = _jax_array(values, receiver)
            if axis_expr is None or operand is None or operand.shape is None:
                continue
            item = _out_of_bounds(values, call, _written_function(call), operand.shape, axis_expr,
                                  len(operand.shape), indexed, method in _AXES_TUPLE)
            if item is not None:
                found.append(item)
    return sorted(found, key=lambda a: (a.node.lineno, a.node.col_offset))


def _out_of_bounds(values, call: ast.Call, function: str, shape: tuple[int, ...], axis_expr: ast.expr, rank: int,
                   indexed: bool, several: bool) -> AxisOutOfBounds | None:
    """The first axis the code gives out of `rank`'s bounds, or None (in bounds, None, unknown)."""
    axis = values.constant(axis_expr)
    axes = axis if several and type(axis) is tuple else (axis,)
    if not axes or not all(type(a) is int for a in axes):
        return None
    for each in axes:
        if not -rank <= each < rank:  # type: ignore[operator]
            return AxisOutOfBounds(call, function, shape, each, rank, indexed)  # type: ignore[arg-type]
    return None


def _written_function(call: ast.Call) -> str:
    """The callee as the code writes it (`jnp.mean`, `frame.mean`), for the message."""
    written = ast.unparse(call.func)
    return written if len(written) <= 40 else written.rsplit(".", 1)[-1]


# --------------------------------------------------------------------------- einsum
@dataclass(frozen=True)
class Einsum:
    """`jnp.einsum(subscripts, *operands)` with the subscripts written as a string constant
    (no ellipsis) and every operand's shape known."""

    node: ast.Call
    terms: tuple[str, ...]  # the input subscripts of each operand, spaces removed
    shapes: tuple[tuple[int, ...], ...]
    call: ast.Call | None = None
    callers: tuple[ast.Call, ...] = ()


def einsums(ctx: Context) -> list[Einsum]:
    """`jnp.einsum` calls whose subscripts and operands' shapes the code shows: also inside a
    def as each call the file shows gives it, and per example under `vmap`."""
    return followed(ctx, _einsums)


def _einsums(model: ModuleModel, values, within: ast.FunctionDef | ast.Lambda | None) -> list[Einsum]:
    found: list[Einsum] = []
    for site in _calls_to(model, "jax.numpy.einsum", within):
        if not site.complete or site.partial is not None or len(site.args) < 2 \
                or any(isinstance(a, ast.Starred) for a in site.args) or any(k.arg is None for k in site.keywords):
            continue
        subscripts = values.constant(site.args[0])
        if type(subscripts) is not str:
            continue
        terms = _einsum_terms(subscripts, len(site.args) - 1)
        if terms is None:
            continue
        avals = [_converted_array(values, operand) for operand in site.args[1:]]
        shapes = tuple(a.shape for a in avals if a is not None and a.shape is not None)
        if len(shapes) == len(terms):
            found.append(Einsum(site.call, terms, shapes))
    return sorted(found, key=lambda e: (e.node.lineno, e.node.col_offset))


def _einsum_terms(subscripts: str, operands: int) -> tuple[str, ...] | None:
    """The input terms of explicit subscripts opt_einsum's parser accepts as they are (letters,
    commas, one `->` with an output of input labels, each once; one term per operand); None
    otherwise (an ellipsis, or what the parser refuses first)."""
    text = subscripts.replace(" ", "")
    inputs, arrow, output = text.partition("->")
    terms = tuple(inputs.split(","))
    if len(terms) != operands or "->" in output or not all(t.isascii() and (t.isalpha() or not t) for t in terms):
        return None
    if arrow and (not (output.isascii() and (output.isalpha() or not output)) or len(set(output)) != len(output)
                  or not set(output) <= set(inputs)):
        return None
    return terms


# --------------------------------------------------------------------------- followed calls
def _in_own_body(model: ModuleModel, function: ast.FunctionDef | ast.Lambda, node: ast.AST) -> bool:
    """Whether `node` is in the body of `function` itself (not of a def or lambda inside it)."""
    path = model.path_to(function, node)
    return path is not None and not any(
        isinstance(step, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
        for step in path[1:])


def _calls_to(model: ModuleModel, qualname: str, within: ast.FunctionDef | ast.Lambda | None) -> list[CallSite]:
    sites = model.calls_to(qualname)
    return sites if within is None else [s for s in sites if _in_own_body(model, within, s.call)]


_GRAD_FAMILY = frozenset({"jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.jacfwd", "jax.hessian"})


def _argument_values(model: ModuleModel, values, call: FollowedCall) -> dict[str, Value] | None:
    """What a followed call gives the parameters (`followed_calls.shown_arguments`: JAX arrays
    of known aval, Python numbers, dicts), and also the tuple and list displays that reach
    the body as they are (`_reaching_parameters` reads their elements); None when there is
    none (nothing to learn) or when JAX would refuse the call first (`followed_calls.refused`)."""
    given = shown_arguments(model, values, call)
    for name, expr in call.arguments.items():
        if name not in given and not isinstance(expr, ast.Constant):
            value = values.value(expr)
            if value.entries is not None or value.elements is not None and _reaches_as_it_is(values, value, call.traced):
                given[name] = value
    return given if given and not refused(model, call, given) else None


def _reaches_as_it_is(values, display: Value, traced: bool) -> bool:
    """Whether the elements of a tuple or list display reach the body as the evaluator sees
    them: always without a transformation; through one only when each is a JAX array (a
    Python number or a NumPy array would be traced, or converted, there)."""
    assert display.elements is not None
    return not traced or all(values.value(e).type == "ArrayImpl" for e in display.elements)


def _reading_parameters(model: ModuleModel, named: set[str]) -> list[ast.FunctionDef]:
    """The defs named in `named` with an operation the shape rules look at whose operands (or
    shape) read a parameter of the def: directly (`x @ w`), through an entry (`params["w"]`),
    in the expression itself (`x + jnp.zeros((n, 3))`, the list `[x, pad]` of a concatenate)
    or in the value of a local name bound once (`pad = jnp.zeros((n, 3))`); found from the
    operands' use records (no walk of the bodies), in source order. An operand whose scope
    is no such def, or a def already found, is not looked into."""
    operands: list[ast.expr] = []
    for node in _all_operator_nodes(model):
        operands += [node.left, node.right] if isinstance(node, ast.BinOp) else [node.left, *node.comparators]
    for qualname in _SHAPE_CALLS:
        for site in model.calls_to(qualname):
            operands += site.args
            operands += [keyword.value for keyword in site.keywords]
    for method in _SHAPE_METHODS:
        for call in model.method_calls(method):
            operands += [call.func.value, *call.args]  # type: ignore[attr-defined]
    found: dict[int, ast.FunctionDef] = {}
    for operand in operands:
        if type(operand) is ast.Subscript:
            operand = operand.value  # `params["w"]`: an entry of a parameter
        head = model.head_use(operand)
        scope = head.scope if head is not None else None
        if scope is not None and (scope.kind != "function" or id(scope.node) in found
                                  or not isinstance(scope.node, ast.FunctionDef)
                                  or scope.node.name not in named):
            continue  # (every name it reads is read there: nothing new to find)
        if type(operand) is ast.Name:
            function = _parameter_read(model, operand, True)
        elif isinstance(operand, ast.Constant):
            continue
        else:
            function = next((f for name in model.names_in(operand)
                             if (f := _parameter_read(model, name, True)) is not None), None)
        if function is not None:
            found[id(function)] = function
    return sorted(found.values(), key=lambda f: f.lineno)


def _parameter_read(model: ModuleModel, name: ast.Name, through_local: bool) -> ast.FunctionDef | None:
    """The def whose parameter `name` reads (or, `through_local`, whose local name bound once
    to a value that reads one of its parameters)."""
    use = model.use_of.get(id(name))
    if use is None or use.scope.kind != "function" or not isinstance(use.scope.node, ast.FunctionDef):
        return None
    bindings = model.bindings_named(use.node.id, use.scope)
    if any(isinstance(b.node, ast.arg) for b in bindings):
        return use.scope.node
    if not through_local or len(bindings) != 1 or bindings[0].value is None:
        return None
    for inner in model.names_in(bindings[0].value):
        if _parameter_read(model, inner, False) is use.scope.node:
            return use.scope.node
    return None


_SHAPE_CALLS = (*(f"jax.numpy.{name}" for name in (*FUNCTIONS, "matmul", "dot", "reshape", "concatenate", "stack", "einsum")),
                *_AXIS_FUNCTIONS)
_SHAPE_METHODS = ("reshape", *_AXIS_METHODS)


R = TypeVar("R", Operands, Product, Reshape, Joined, AxisOutOfBounds, Einsum)
_FOLLOWED: weakref.WeakKeyDictionary[ModuleModel, list[tuple[FollowedCall, CallContext | None, dict[str, Value]]]] = \
    weakref.WeakKeyDictionary()


def _followed_with_values(model: ModuleModel, values) -> list[tuple[FollowedCall, CallContext | None, dict[str, Value]]]:
    """The followed calls of the file's defs that give a parameter an array of known aval or
    a Python constant (`followed_calls.call_contexts`: a call in another def's body also with
    each call of that def), with the values they give; once per model. A def is looked at only
    when its name is called, or passed to a transformation that keeps shapes, and when one of
    its operations reads a parameter (the cheap first look: `_reading_parameters`)."""
    known = _FOLLOWED.get(model)
    if known is not None:
        return known
    found: list[tuple[FollowedCall, CallContext | None, dict[str, Value]]] = []
    for function in _candidate_defs(model):
        keys: set[tuple[object, ...]] = set()
        for context in call_contexts(model, values, function, _context_arguments):
            key = context.key()
            if key is not None:
                if key in keys:
                    continue  # (the body with the same values: the same findings)
                keys.add(key)
            found.append((context.call, context, context.arguments))
    _FOLLOWED[model] = found
    return found


_CANDIDATES: weakref.WeakKeyDictionary[ModuleModel, list[ast.FunctionDef]] = weakref.WeakKeyDictionary()


def _candidate_defs(model: ModuleModel) -> list[ast.FunctionDef]:
    """The defs whose bodies are worth following (`_reading_parameters`): their name is
    called, or passed to a transformation that keeps shapes; once per model."""
    known = _CANDIDATES.get(model)
    if known is None:
        named = set(model.name_calls) | set(model.attribute_calls)  # (methods: `obj.step(...)`)
        named.add("__call__")  # (an instance called: `head(x)`)
        for qualname in SHAPE_KEEPING:
            named.update(site.args[0].id for site in model.calls_to(qualname)
                         if site.args and isinstance(site.args[0], ast.Name))
        known = _CANDIDATES[model] = _reading_parameters(model, named)
    return known


_CANDIDATE_CALLS: weakref.WeakKeyDictionary[ModuleModel, list[FollowedCall]] = weakref.WeakKeyDictionary()


def _candidate_calls(model: ModuleModel) -> list[FollowedCall]:
    """The followed calls of the candidate defs; once per model."""
    known = _CANDIDATE_CALLS.get(model)
    if known is None:
        known = _CANDIDATE_CALLS[model] = [call for function in _candidate_defs(model)
                                           for call in followed_calls(model, function)]
    return known


def _nested(model: ModuleModel, values, outer: CallContext) -> list[CallContext]:
    """The contexts of the candidate defs' calls made in the body `outer` runs
    (`followed_calls.contexts_in_body`), once per distinct values."""
    calls = _candidate_calls(model)
    if not calls:
        return []
    found: list[CallContext] = []
    keys: set[tuple[object, ...]] = set()
    for context in contexts_in_body(model, values, outer, calls, _context_arguments):
        key = context.key()
        if key is not None:
            if key in keys:
                continue
            keys.add(key)
        found.append(context)
    return found


def _context_arguments(model: ModuleModel, values, call: FollowedCall) -> dict[str, Value] | None:
    """`_argument_values`, read where a lambda a transformation runs makes the call with its
    parameters' values in force (`lambda_arguments`)."""
    outer = lambda_arguments(model, values, call.call)
    if outer is None:
        return _argument_values(model, values, call)
    with values.bound(*outer):
        return _argument_values(model, values, call)


def _transformed_lambdas(ctx: Context) -> list[tuple[FollowedCall, dict[str, Value]]]:
    """Each lambda a shape-keeping transformation runs where it is made (`jax.jit(lambda a, b:
    a @ b)(x, w)`), with what its parameters hold (`followed_calls.transformed_lambda`)."""
    found = []
    for qualname in SHAPE_KEEPING:
        for site in ctx.model.calls_to(qualname):
            function = site.args[0] if site.args else None
            if isinstance(function, ast.Lambda):
                applied = transformed_lambda(ctx.model, ctx.values, function)
                if applied is not None:
                    found.append((FollowedCall(function, applied[0], {}, traced=True), applied[1]))
    return found


def _run_bodies(ctx: Context) -> list[tuple[FollowedCall, CallContext, dict[str, Value]]]:
    """The bodies a transformation or loop runs with values the file shows: per example under
    `vmap` (`vmap_axes.vmapped_calls`), a lambda a transformation runs where it is made, the
    body of a loop primitive (`control_flow.loop_bodies`); each with its context."""
    model, values = ctx.model, ctx.values
    found: list[tuple[FollowedCall, CallContext, dict[str, Value]]] = []
    for v in vmapped_calls(ctx):
        if isinstance(v.vmap.traced_function, (ast.FunctionDef, ast.Lambda)):
            call = FollowedCall(v.vmap.traced_function, v.call, v.unmapped)
            context = CallContext(call, v.held, {}, v.outer) if v.outer is not None else \
                CallContext(call, v.held, argument_constants(model, values, call))
            found.append((call, context, v.held))
    for call, held in ctx.once(_transformed_lambdas):
        found.append((call, CallContext(call, held, argument_constants(model, values, call)), held))
    found += [(b.context.call, b.context, b.context.arguments) for b in loop_bodies(ctx)]
    return found


def followed(ctx: Context, find: Callable[[ModuleModel, object, ast.FunctionDef | ast.Lambda | None], list[R]]) -> list[R]:
    """What `find` finds over the file, then inside each def of the file once per call the
    file shows with its arguments' values (`analysis.followed_calls`): `x @ w` in
    `def loss(w, x)` called as `loss(jnp.ones((3, 4)), jnp.ones((5, 4)))`, and once per call
    vmap certainly traces with what one example holds (`vmap_axes.vmapped_calls`: `x @ w` in
    `jax.vmap(predict, in_axes=(0, None))(xs, w)`), and once for a lambda a transformation
    runs where it is made (`jax.jit(lambda a, b: a @ b)(x, w)`). A node found over the file is
    kept as it is; one found only through calls names the call (`call`, and `callers` for a
    call made in another def's body), once per distinct operands, and is kept only where it
    certainly runs with that call's values (`runs_with_values`). A call (or its caller's) where
    an error is caught or expected (`expected_errors.expected_at`) is not followed."""
    model, values = ctx.model, ctx.values
    if not has_shaped_arrays(model) and not any(
            f.returns is not None and f.returns.aval is not None for f in values.imported.values()):
        return []  # (nor a function of another module returning an array of known shape)
    found = find(model, values, None)
    seen = {id(item.node) for item in found}
    # (a node a followed call gives other shapes than an earlier one: kept once per shapes)
    shown: set[object] = set()
    calls: list[tuple[FollowedCall, CallContext, dict[str, Value]]] = \
        [(call, context, arguments) for call, context, arguments in _followed_with_values(model, values)
         if context is not None]
    # Bodies run by a transformation or a loop: also the calls of the file's defs they make
    # (`_nested`: one level, as `call_contexts` follows a def's own callers).
    for call, context, arguments in _run_bodies(ctx):
        calls.append((call, context, arguments))
        calls += [(inner.call, inner, inner.arguments) for inner in _nested(model, values, context)]
    for call, context, arguments in calls:
        function = call.function
        with context.bound(values):
            expected: bool | None = None
            for item in find(model, values, function):
                if id(item.node) in seen or item in shown:
                    continue
                if expected is None:  # (asked once something is found: a path from the module)
                    expected = expected_at(ctx, *context.calls)
                if expected:
                    break  # (the caller expects an error there: `pytest.raises`, a `try` with handlers)
                if runs_with_values(model, values, function, item.node):
                    shown.add(item)
                    found.append(replace(item, call=call.call, callers=context.calls[1:]))
    return sorted(found, key=lambda item: (item.node.lineno, item.node.col_offset))


def call_related(ctx: Context, item: Operands | Product | Reshape | Joined | AxisOutOfBounds | Einsum) -> tuple[Related, ...]:
    """A finding found through a followed call points at that call (and, for a call made in
    another def's body, at the call of that def that gives its values)."""
    if item.call is None:
        return ()
    return _calls_related(ctx, (item.call, *item.callers), "shapes")


def _calls_related(ctx: Context, calls: tuple[ast.Call, ...], given: str) -> tuple[Related, ...]:
    """The call that gives a body its `given` ("shapes", "values"), then the calls of its
    caller's def that give that caller its values."""
    return (Related(ctx.span(calls[0]), f"the call that gives these {given}"),
            *(Related(ctx.span(caller), "the call that gives its caller these values") for caller in calls[1:]))


def in_followed_calls(ctx: Context, node: ast.AST, check: Callable[[], object], shapes_only: bool = True) -> None:
    """Run `check` on what the code shows; when it reports nothing and `node` is in the
    body of a def of the file, again once per call of that def the file shows with its
    arguments' values (`followed_calls.call_contexts`: one level of callers too), where
    `node` certainly runs with those values (`runs_with_values`), until one reports. The
    finding then points at the call (and its caller's) that give the values."""
    before = len(ctx.findings)
    check()
    if len(ctx.findings) != before or shapes_only and not has_shaped_arrays(ctx.model):
        return  # (`shapes_only`: what the check needs are shapes the file writes out)
    function = _enclosing_def(ctx.model, node)
    if function is None:
        return
    for context in _contexts_of(ctx, function):
        if expected_at(ctx, *context.calls):
            continue
        with context.bound(ctx.values):
            if not runs_with_values(ctx.model, ctx.values, function, node):
                continue
            check()
        if len(ctx.findings) != before:
            last = ctx.findings[-1]
            ctx.findings[-1] = replace(last, related=(*last.related, *_calls_related(ctx, context.calls, "values")))
            return


def _enclosing_def(model: ModuleModel, node: ast.AST) -> ast.FunctionDef | None:
    """The def whose own body holds `node` (a call: the scope it is made in)."""
    scope = model.call_scope.get(id(node)) if isinstance(node, ast.Call) else None
    function = scope.node if scope is not None else None
    return function if isinstance(function, ast.FunctionDef) else None


def _contexts_of(ctx: Context, function: ast.FunctionDef) -> list[CallContext]:
    """`call_contexts` of `function`, and the lax loops that run it as their body
    (`control_flow.loop_bodies`), once per document."""
    known: dict[int, list[CallContext]] = ctx.once(_no_contexts)
    if id(function) not in known:
        known[id(function)] = call_contexts(ctx.model, ctx.values, function, _context_arguments) + [
            b.context for b in loop_bodies(ctx) if b.function is function]
    return known[id(function)]


def _no_contexts(ctx: Context) -> dict[int, list[CallContext]]:
    return {}


@dataclass(frozen=True)
class ShapeData(RuleData):
    """What a shape finding knows: the operands' avals as JAX prints them (no fix uses it)."""

    avals: tuple[str, ...]


def shape_text(shape: tuple[int, ...]) -> str:
    return str(tuple(shape))


__all__ = ["FUNCTIONS", "OPERATORS", "AxisOutOfBounds", "Einsum", "Joined", "Operands", "Product", "Reshape", "ShapeData",
           "axes_out_of_bounds", "broadcast_operations", "call_related", "einsums", "followed", "in_followed_calls", "has_shaped_arrays", "incompatible", "document_broadcast_operations", "joins", "products", "reshapes",
           "shape_text", "shapes_known", "size_of"]
