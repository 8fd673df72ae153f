"""JXE129 prng-key-arithmetic.

What it does: finds arithmetic, bitwise operators and comparisons (`key + 1`, `step * key`,
`key += i`, `key == 0`, `keys < x`), and `jnp.add`, `subtract`, `multiply`, `maximum`,
`minimum`, `equal` with two positional arguments, that meet a typed PRNG key (one made by
`jax.random.key`, or split, folded or cloned from one, as the value inference shows it)
with a Python number (an int within int32, a float, a bool, a complex; the counter of a
`for i in range(...)` loop) or a JAX array of a known dtype that is not a key. Two keys (`key + key`: lax's own dtype error), NumPy operands,
`**` and `@` (other errors) are left alone, as is a file that may turn 64-bit types on
(the dtype JAX names for a Python number is then described, not predicted).

Why is this bad: typed keys are opaque; `jax.numpy`'s binary functions refuse a key beside
another dtype and raise TypeError naming the operation and both dtypes, in the order JAX
receives them (`1 + key` is `add(1, key)`; `1 < key` is Python's reflected `key > 1`). The
operation meant is almost always `jax.random.fold_in(key, i)`.

Fix (unsafe: the numbers change, and `key - 1` has no counterpart): `key + i` with the key
on the left and an int on the right becomes `jax.random.fold_in(key, i)`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.avals import python_scalar
from jaxerr_lsp.analysis.model import ASSIGN, OTHER
from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# What jax.numpy calls the function behind each operator (measured under JAX 0.12.0.1).
BINARY = {ast.Add: "add", ast.Sub: "subtract", ast.Mult: "multiply", ast.Div: "true_divide",
          ast.FloorDiv: "floor_divide", ast.Mod: "remainder", ast.BitAnd: "bitwise_and",
          ast.BitOr: "bitwise_or", ast.BitXor: "bitwise_xor", ast.LShift: "left_shift",
          ast.RShift: "right_shift"}
COMPARE = {ast.Eq: "equal", ast.NotEq: "not_equal", ast.Lt: "less", ast.LtE: "less_equal",
           ast.Gt: "greater", ast.GtE: "greater_equal"}
# A comparison Python reflects to the key's own method when the left operand is a number.
REFLECTED = {ast.Eq: ast.Eq, ast.NotEq: ast.NotEq, ast.Lt: ast.Gt, ast.LtE: ast.GtE,
             ast.Gt: ast.Lt, ast.GtE: ast.LtE}
FUNCTIONS = ("add", "subtract", "multiply", "maximum", "minimum", "equal")


@dataclass(frozen=True)
class KeyArithmetic(RuleData):
    operation: str  # "add"...
    # `key + i` -> `jax.random.fold_in(key, i)`: the span of the expression and its new text
    # ("" when no fix is offered).
    span: Span
    source: str
    fold_in: str


@dataclass(frozen=True)
class _Operand:
    dtype: str | None  # as JAX prints it; None when the file may turn x64 on
    number: bool  # a Python number (weakly typed)
    integer: bool  # a Python int


def _key_dtype(ctx: Context, expr: ast.expr) -> str | None:
    value = ctx.values.value(expr)
    aval = value.aval
    return aval.dtype if value.type == "ArrayImpl" and aval is not None and aval.is_key else None


def _other(ctx: Context, expr: ast.expr, x64: bool) -> _Operand | None:
    """A Python number or a JAX array of a known dtype that is not a key."""
    value = ctx.values.value(expr)
    constant = ctx.values.constant(expr) if value.python_scalar else None
    if type(constant) in (int, float, bool, complex):
        aval = python_scalar(constant)
        if aval is None:
            return None  # an int past int32: JAX's overflow error first
        return _Operand(None if x64 and constant is not True and constant is not False else aval.dtype,
                        True, type(constant) is int)
    aval = value.aval
    if value.python_scalar and aval is not None and aval.dtype is not None:
        return _Operand(None if x64 and value.type != "bool" else aval.dtype, True, value.type == "int")
    if _range_counter(ctx, expr):
        return _Operand(None if x64 else "int32", True, True)
    if value.jax_array is not None and aval is not None and aval.dtype is not None \
            and aval.kind not in (None, "key"):
        return _Operand(None if x64 and aval.weak else aval.dtype, False, False)
    return None


def _range_counter(ctx: Context, expr: ast.expr) -> bool:
    """A name that is certainly the target of `for name in range(...)`: a Python int (within
    int32 unless the range is given past it)."""
    if not isinstance(expr, ast.Name):
        return False
    reaching = ctx.model.reaching(expr)
    binding = reaching[0] if reaching is not None and len(reaching) == 1 else None
    path = ctx.model.path_to(binding.scope.node, binding.node) if binding is not None else None
    loop = path[-2] if path is not None and len(path) >= 2 else None
    if binding is None or binding.kind != OTHER or not isinstance(loop, ast.For) \
            or loop.target is not binding.node or not isinstance(loop.iter, ast.Call) \
            or ctx.model.qualname(loop.iter.func) != "builtins.range" or loop.iter.keywords \
            or not 1 <= len(loop.iter.args) <= 3:
        return False
    for bound in loop.iter.args:
        value = ctx.values.constant(bound)
        if isinstance(bound, ast.Starred) or (value is not None and (
                type(value) is not int or not -2**31 <= value < 2**31)):
            return False
    return True


def _report(ctx: Context, node: ast.AST, name: str, first: str | None, second: str | None,
            data: KeyArithmetic) -> None:
    note = " (a typed key supports no arithmetic: derive keys with `jax.random.fold_in` or `split`)"
    dtypes = f"{first}, {second}"
    if first is None or second is None:
        ctx.report(node, values={"fun_name": name},
                   shown={"', '.join(map(str, arg_dtypes))": dtypes.replace("None", "the number's dtype")},
                   note=note, data=data)
    else:
        ctx.report(node, values={"fun_name": name, "', '.join(map(str, arg_dtypes))": dtypes},
                   note=note, data=data)


def _no_fix(ctx: Context, node: ast.AST, name: str) -> KeyArithmetic:
    return KeyArithmetic(name, ctx.span(node), "", "")


def _fold_in(ctx: Context, node: ast.BinOp, key: ast.expr, other: _Operand) -> KeyArithmetic:
    """`key + i` (an int) as `jax.random.fold_in(key, i)`, through the file's name for it."""
    if not isinstance(node.op, ast.Add) or node.left is not key or not other.integer:
        return _no_fix(ctx, node, "add")
    random = next((alias for alias in ctx.model.aliases_of("jax.random")), None)
    prefix = f"{random}.fold_in" if random else next(
        (f"{alias}.random.fold_in" for alias in ctx.model.aliases_of("jax")), "")
    if not prefix:
        return _no_fix(ctx, node, "add")
    text = f"{prefix}({ctx.segment(node.left)}, {ctx.segment(node.right)})"
    return KeyArithmetic("add", ctx.span(node), ctx.segment(node), text)


def _binary(ctx: Context, node: ast.BinOp | ast.AugAssign, x64: bool) -> None:
    name = BINARY.get(type(node.op))
    if name is None:
        return
    left = node.target if isinstance(node, ast.AugAssign) else node.left
    right = node.value if isinstance(node, ast.AugAssign) else node.right
    if isinstance(node, ast.AugAssign):
        key_dtype = _augmented_key(ctx, node) if isinstance(left, ast.Name) else None
    else:
        key_dtype = _key_dtype(ctx, left)
    if key_dtype is not None:
        other = _other(ctx, right, x64)
        if other is not None:
            data = _fold_in(ctx, node, node.left, other) if isinstance(node, ast.BinOp) \
                else _no_fix(ctx, node, name)
            _report(ctx, node, name, key_dtype, other.dtype, data)
        return
    if isinstance(node, ast.AugAssign):
        return
    key_dtype = _key_dtype(ctx, right)
    other = _other(ctx, left, x64) if key_dtype is not None else None
    if other is not None:
        _report(ctx, node, name, other.dtype, key_dtype, _no_fix(ctx, node, name))


def _augmented_key(ctx: Context, node: ast.AugAssign) -> str | None:
    """The key dtype the name `key` of `key op= x` holds before the statement: every
    assignment that reaches it makes a typed key of that dtype."""
    binding = ctx.model.binding_of_definition(node.target)
    before = ctx.model.reaching_augmented(binding) if binding is not None else []
    if not before or any(b.kind != ASSIGN or b.value is None for b in before):
        return None
    found = {_key_dtype(ctx, b.value) for b in before if b.value is not None}
    return found.pop() if len(found) == 1 else None


def _compare(ctx: Context, node: ast.Compare, x64: bool) -> None:
    if len(node.ops) != 1 or type(node.ops[0]) not in COMPARE:
        return
    op, right = node.ops[0], node.comparators[0]
    key_dtype = _key_dtype(ctx, node.left)
    if key_dtype is not None:
        other = _other(ctx, right, x64)
        if other is not None:
            name = COMPARE[type(op)]
            _report(ctx, node, name, key_dtype, other.dtype, _no_fix(ctx, node, name))
        return
    key_dtype = _key_dtype(ctx, right)
    other = _other(ctx, node.left, x64) if key_dtype is not None else None
    if other is None:
        return
    if other.number:  # Python reflects to the key's method: key first
        name = COMPARE[REFLECTED[type(op)]]
        _report(ctx, node, name, key_dtype, other.dtype, _no_fix(ctx, node, name))
    else:
        name = COMPARE[type(op)]
        _report(ctx, node, name, other.dtype, key_dtype, _no_fix(ctx, node, name))


def _function(ctx: Context, call: ast.Call, name: str, x64: bool) -> None:
    if call.keywords or len(call.args) != 2 or any(isinstance(a, ast.Starred) for a in call.args):
        return
    first, second = call.args
    key_first, key_second = _key_dtype(ctx, first), _key_dtype(ctx, second)
    if (key_first is None) == (key_second is None):
        return
    other = _other(ctx, second if key_first is not None else first, x64)
    if other is None:
        return
    dtypes = (key_first, other.dtype) if key_first is not None else (other.dtype, key_second)
    _report(ctx, call, name, *dtypes, _no_fix(ctx, call, name))


def check(ctx: Context) -> None:
    if not ctx.model.calls_to("jax.random.key"):
        return  # typed keys come from jax.random.key
    x64 = ctx.x64_possible()
    for node in ctx.model.nodes_in(ctx.model.tree, (ast.BinOp, ast.Compare, ast.AugAssign)):
        if isinstance(node, ast.Compare):
            _compare(ctx, node, x64)
        elif isinstance(node, (ast.BinOp, ast.AugAssign)):
            _binary(ctx, node, x64)
    for name in FUNCTIONS:
        for site in ctx.model.calls_to(f"jax.numpy.{name}"):
            if site.complete and site.partial is None:
                _function(ctx, site.call, name, x64)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, KeyArithmetic)
    if not data.fold_in or lines.text(data.span) != data.source.replace("\n", lines.newline):
        return []
    why = ("Derives a new key from the key and the number with `fold_in`, as `+` did for raw "
           "uint32 keys: the key is different, so the numbers drawn from it change.")
    return [Fix("Use jax.random.fold_in", False, why, (TextEdit(data.span, data.fold_in),), "fold-in")]


RULE = Rule(
    code="JXE129",
    catalog_id="prng-key-arithmetic",
    triggers=("random",),
    check=check,
    data=KeyArithmetic,
    fix=fix,
    fix_ids=("fold-in",),
)
