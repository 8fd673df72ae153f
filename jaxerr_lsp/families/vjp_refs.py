"""What JAX checks, leaf by leaf, when a VJP function meets its gradient entries.

For every primal leaf, in flattening order, JAX 0.12 (`jax/_src/api.py` `_vjp_accum`) checks
the entry passed for it to `with_refs` (or, without `with_refs`, a `GradValue()` each):

- a `Ref`: its type must be the primal's cotangent type (same shape; same float dtype; any
  dtype of the same shape for an integer or bool primal, whose cotangent is `float0`);
- `jax.ad.DontWant()`: always accepted;
- `jax.ad.GradValue()`: accepted unless the primal is itself a `Ref`.

The first leaf that fails raises. `verdict(...)` replays this for the leaves the code shows and
stops, uncertain, at the first leaf it cannot decide: the rules report only a failure every
earlier leaf certainly lets through.

Array types are the evaluator's (`Value.aval`, and `Value.ref` for the array a Ref holds); in
a file that may turn on `jax_enable_x64`, only constructors that write out a shape and a dtype
that does not depend on it (`jnp.zeros(3, jnp.float32)`).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from jaxerr_lsp.analysis.avals import Aval, explicit_dtype
from jaxerr_lsp.analysis.pytree import (DictNode, Leaf, ListNode, NamedTupleNode, NoneNode, Structure,
                               TupleNode, differences)
from jaxerr_lsp.engine.rule import Context
from jaxerr_lsp.analysis.values import REF_FUNCTIONS

FLOAT_DTYPES = frozenset({"float16", "bfloat16", "float32", "complex64"})
# Leaf types that are certainly not a Ref.
NOT_REF_KINDS = frozenset({"ArrayImpl", "ndarray", "float", "int", "bool", "complex"})
_FILLED = ("zeros", "ones", "empty")
_LIKE = ("zeros_like", "ones_like", "empty_like")


def cotangent(aval: Aval) -> Aval:
    """The type of the gradient of a primal of type `aval`: itself for a float, `float0` of
    the same shape otherwise."""
    return aval if aval.dtype in FLOAT_DTYPES else Aval(aval.shape, "float0")


@dataclass(frozen=True)
class Typed:
    """An array (or a Ref, `ref=True`, holding one) of a known shape and dtype (not weakly
    typed: JAX's checks here compare shapes and dtypes)."""

    aval: Aval
    ref: bool = False


def makes_refs(ctx: Context) -> bool:
    """Whether the file calls `jax.new_ref` at all (the only way the inference knows a Ref),
    found once per document: the rules about Refs have nothing to find otherwise."""
    return ctx.once(_makes_refs)


def _makes_refs(ctx: Context) -> bool:
    return any(ctx.model.calls_to(name) for name in sorted(REF_FUNCTIONS))


# ------------------------------------------------------------------------------ array types
def typed(ctx: Context, expr: ast.expr, depth: int = 0) -> Typed | None:
    """The type `expr` certainly evaluates to (the evaluator's `Value.aval` / `Value.ref`),
    or None."""
    if depth > 20:
        return None
    if ctx.values.x64:
        return _typed_explicit(ctx, expr, depth)
    value = ctx.values.value(expr)
    if value.type == "Ref":
        return _complete(value.ref, True)
    if value.type == "ArrayImpl" or value.python_scalar:
        return _complete(value.aval, False)
    return None


def _complete(aval: Aval | None, ref: bool) -> Typed | None:
    if aval is None or aval.shape is None or aval.dtype is None or aval.is_key:
        return None
    return Typed(Aval(aval.shape, aval.dtype), ref)


def _typed_explicit(ctx: Context, expr: ast.expr, depth: int) -> Typed | None:
    """With 64-bit types possibly on, only what the code writes out (`jnp.zeros(3,
    jnp.float32)`): the default dtypes are unknown."""
    if isinstance(expr, ast.Name):
        value = ctx.model.assigned_value(expr)
        return _typed_explicit(ctx, value, depth + 1) if value is not None else None
    if not isinstance(expr, ast.Call) or depth > 20:
        return None
    qualname = ctx.model.qualname(expr.func) or ""
    if qualname in REF_FUNCTIONS:
        if len(expr.args) != 1 or expr.keywords:
            return None
        inner = _typed_explicit(ctx, expr.args[0], depth + 1)
        return Typed(inner.aval, True) if inner is not None and not inner.ref else None
    name = qualname.rsplit(".", 1)[-1]
    if qualname.startswith("jax.numpy.") and name in (*_FILLED, "full"):
        position = 2 if name == "full" else 1
        facts = ctx.values.facts
        shape = facts.shape(facts.argument(expr, 0, "shape"))
        dtype = facts.argument(expr, position, "dtype")
        if shape is None or dtype is None or len(expr.args) > position + 1 \
                or any(k.arg not in ("shape", "fill_value", "dtype") for k in expr.keywords):
            return None
        text = dtype.value if isinstance(dtype, ast.Constant) and isinstance(dtype.value, str) \
            else ctx.model.qualname(dtype) or ""
        explicit = explicit_dtype(text)
        return Typed(Aval(shape, explicit)) if explicit is not None else None
    return None


def same_name(ctx: Context, a: ast.expr | None, b: ast.expr | None) -> bool:
    """Whether two expressions are names bound to the very same binding."""
    if not isinstance(a, ast.Name) or not isinstance(b, ast.Name) or a.id != b.id:
        return False
    first, second = ctx.model.binding_of(a), ctx.model.binding_of(b)
    return first is not None and first is second


def ref_like(ctx: Context, entry: ast.expr, primal: ast.expr | None) -> bool:
    """`jax.new_ref(jnp.zeros_like(p))` (ones_like, empty_like; no dtype) for the primal `p`
    itself: always the right type for `p`'s gradient."""
    call = _bound_call(ctx, entry)
    if call is None or ctx.model.qualname(call.func) not in REF_FUNCTIONS or len(call.args) != 1:
        return False
    inner = _bound_call(ctx, call.args[0])
    if inner is None or inner.keywords or len(inner.args) != 1:
        return False
    qualname = ctx.model.qualname(inner.func) or ""
    return qualname in {f"jax.numpy.{n}" for n in _LIKE} and same_name(ctx, inner.args[0], primal)


def _bound_call(ctx: Context, expr: ast.expr) -> ast.Call | None:
    if isinstance(expr, ast.Name):
        value = ctx.model.assigned_value(expr)
        return value if isinstance(value, ast.Call) else None
    return expr if isinstance(expr, ast.Call) else None


def _mirrors(ctx: Context, entry: ast.expr, primal: ast.expr) -> bool:
    """`jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), primal)`: refs of the right
    type for every leaf of `primal`."""
    call = _bound_call(ctx, entry)
    if call is None or call.keywords or len(call.args) != 2 \
            or ctx.model.qualname(call.func) not in ("jax.tree.map", "jax.tree_util.tree_map"):
        return False
    function, tree = call.args
    if not same_name(ctx, tree, primal) or not isinstance(function, ast.Lambda):
        return False
    params = function.args
    if len(params.args) != 1 or params.posonlyargs or params.vararg or params.kwonlyargs:
        return False
    body = function.body
    if not isinstance(body, ast.Call) or ctx.model.qualname(body.func) not in REF_FUNCTIONS \
            or len(body.args) != 1 or not isinstance(body.args[0], ast.Call):
        return False
    inner = body.args[0]
    qualname = ctx.model.qualname(inner.func) or ""
    return qualname in {f"jax.numpy.{n}" for n in _LIKE} and not inner.keywords \
        and len(inner.args) == 1 and isinstance(inner.args[0], ast.Name) \
        and inner.args[0].id == params.args[0].arg


# ------------------------------------------------------------------------------ the leaf walk
@dataclass(frozen=True)
class Pair:
    """One primal leaf and the entry given for it (expressions when the code shows them)."""

    path: str  # as JAX's keystr prints it after `args`: "[0]", "[0]['w']"
    primal: ast.expr | None
    entry: ast.expr | None
    primal_kind: str
    entry_kind: str


OK = "ok"
UNCERTAIN = "uncertain"
WRONG_REF_TYPE = "wrong-ref-type"  # JXE010
GRAD_VALUE_FOR_REF = "grad-value-for-ref"  # JXE011


@dataclass(frozen=True)
class Verdict:
    kind: str  # WRONG_REF_TYPE | GRAD_VALUE_FOR_REF
    pair: Pair
    given: Typed | None = None  # WRONG_REF_TYPE: the ref's type
    expected: Aval | None = None  # WRONG_REF_TYPE: the cotangent type the primal needs


def leaf_verdict(ctx: Context, pair: Pair) -> str | Verdict:
    if pair.entry_kind == "DontWant":
        return OK
    if pair.entry_kind == "GradValue":
        if pair.primal_kind == "Ref":
            return Verdict(GRAD_VALUE_FOR_REF, pair)
        return OK if pair.primal_kind in NOT_REF_KINDS else UNCERTAIN
    if pair.entry_kind != "Ref" or pair.entry is None or pair.primal is None:
        return UNCERTAIN
    if ref_like(ctx, pair.entry, pair.primal):
        return OK
    primal, given = typed(ctx, pair.primal), typed(ctx, pair.entry)
    if primal is None or given is None or not given.ref:
        return UNCERTAIN
    expected = cotangent(primal.aval)
    if given.aval == expected or (expected.dtype == "float0" and given.aval.shape == expected.shape):
        return OK
    return Verdict(WRONG_REF_TYPE, pair, given, expected)


def with_refs_verdict(ctx: Context, primals: list[ast.expr], entries: list[ast.expr]) -> Verdict | None:
    """The error JAX certainly raises for these `with_refs` entries, if the code shows one."""
    if len(primals) != len(entries) or any(isinstance(e, ast.Starred) for e in entries):
        return None
    primal_trees = [ctx.values.structure(p) for p in primals]
    entry_trees = [ctx.values.structure(e) for e in entries]
    if any(differences(TupleNode(tuple(primal_trees)), TupleNode(tuple(entry_trees)))):
        return None  # a tree mismatch raises first (JXE001)
    for index, (primal, entry) in enumerate(zip(primals, entries)):
        for pair in _pairs(ctx, primal, entry, primal_trees[index], entry_trees[index], f"[{index}]"):
            if pair is None:
                return None
            if pair is OK:
                continue
            assert isinstance(pair, Pair)
            verdict = leaf_verdict(ctx, pair)
            if verdict == UNCERTAIN:
                return None
            if isinstance(verdict, Verdict):
                return verdict
    return None


def _pairs(ctx: Context, primal: ast.expr | None, entry: ast.expr | None, primal_tree: Structure,
           entry_tree: Structure, path: str) -> Iterator[Pair | str | None]:
    """The leaves under `path` in flattening order: a Pair each, OK for a subtree of refs
    certainly right, None where the code does not show the leaves."""
    if primal is not None and entry is not None and _mirrors(ctx, entry, primal):
        yield OK
        return
    if isinstance(primal_tree, Leaf) and isinstance(entry_tree, Leaf):
        yield Pair(path, primal, entry, primal_tree.kind, entry_tree.kind)
        return
    if isinstance(primal_tree, NoneNode) and isinstance(entry_tree, NoneNode):
        return
    if isinstance(primal_tree, (TupleNode, ListNode)) and type(entry_tree) is type(primal_tree) \
            and len(primal_tree.children) == len(entry_tree.children):  # type: ignore[union-attr]
        primal_elements = _elements(ctx, primal, len(primal_tree.children))
        entry_elements = _elements(ctx, entry, len(primal_tree.children))
        for i, (p, e) in enumerate(zip(primal_tree.children, entry_tree.children)):  # type: ignore[union-attr]
            yield from _pairs(ctx, primal_elements[i], entry_elements[i], p, e, f"{path}[{i}]")
        return
    if isinstance(primal_tree, DictNode) and isinstance(entry_tree, DictNode) \
            and primal_tree.keys == entry_tree.keys:
        primal_values, entry_values = _dict_values(ctx, primal), _dict_values(ctx, entry)
        for (key, p), (_, e) in zip(primal_tree.entries, entry_tree.entries):
            yield from _pairs(ctx, primal_values.get(key), entry_values.get(key), p, e,
                              f"{path}[{key!r}]")
        return
    if isinstance(primal_tree, NamedTupleNode) and isinstance(entry_tree, NamedTupleNode) \
            and primal_tree.fields == entry_tree.fields:
        for name, p, e in zip(primal_tree.fields, primal_tree.children, entry_tree.children):
            yield from _pairs(ctx, None, None, p, e, f"{path}.{name}")
        return
    yield None


def _elements(ctx: Context, expr: ast.expr | None, length: int) -> list[ast.expr | None]:
    if expr is not None:
        value = ctx.values.value(expr)
        if value.elements is not None and len(value.elements) == length \
                and not any(isinstance(e, ast.Starred) for e in value.elements):
            return list(value.elements)
    return [None] * length


def _dict_values(ctx: Context, expr: ast.expr | None) -> dict[object, ast.expr]:
    """The value expressions of a dict display (or a name bound once to one, never changed)."""
    if isinstance(expr, ast.Name):
        assigned = ctx.model.assignment_of(expr)
        if assigned is None or ctx.model.is_mutated(assigned[0]):
            return {}
        expr = assigned[1]
    if not isinstance(expr, ast.Dict):
        return {}
    found: dict[object, ast.expr] = {}
    for key, value in zip(expr.keys, expr.values):
        if not isinstance(key, ast.Constant):
            return {}
        found[key.value] = value
    return found


def first_ref_leaf(ctx: Context, primals: list[ast.expr]) -> tuple[str, ast.expr | None] | None:
    """The path of the first primal leaf that is a Ref (and its expression when shown), when
    every leaf before it is certainly not one."""
    for index, primal in enumerate(primals):
        for path, kind, expr in _leaves(ctx, primal, ctx.values.structure(primal), f"[{index}]"):
            if kind == "Ref":
                return path, expr
            if kind not in NOT_REF_KINDS:
                return None
    return None


def _leaves(ctx: Context, expr: ast.expr | None, tree: Structure,
            path: str) -> Iterator[tuple[str, str, ast.expr | None]]:
    if isinstance(tree, Leaf):
        yield path, tree.kind, expr
    elif isinstance(tree, NoneNode):
        return
    elif isinstance(tree, (TupleNode, ListNode)):
        elements = _elements(ctx, expr, len(tree.children))
        for i, child in enumerate(tree.children):
            yield from _leaves(ctx, elements[i], child, f"{path}[{i}]")
    elif isinstance(tree, DictNode):
        values = _dict_values(ctx, expr)
        for key, child in tree.entries:
            yield from _leaves(ctx, values.get(key), child, f"{path}[{key!r}]")
    elif isinstance(tree, NamedTupleNode):
        for name, child in zip(tree.fields, tree.children):
            yield from _leaves(ctx, None, child, f"{path}.{name}")
    else:
        yield path, "unknown", expr


# ------------------------------------------------------------------------------ per document
@dataclass(frozen=True)
class WithRefsCheck:
    call: ast.Call  # f_vjp.with_refs(...)
    vjp: ast.Call  # the jax.vjp call
    verdict: Verdict


def with_refs_checks(ctx: Context) -> list[WithRefsCheck]:
    """Every `with_refs(...)` call of the document whose entries certainly raise in
    `_vjp_accum`, computed once per document for the rules that report them."""
    return ctx.once(_with_refs_checks)


def _with_refs_checks(ctx: Context) -> list[WithRefsCheck]:
    from jaxerr_lsp.families.vjp_calls import plain_primals, vjp_origin

    found = []
    for call in ctx.model.method_calls("with_refs"):
        if not call.args or call.keywords:
            continue
        assert isinstance(call.func, ast.Attribute)
        vjp = vjp_origin(ctx, call.func.value)
        primals = plain_primals(vjp) if vjp is not None else None
        if vjp is None or primals is None:
            continue
        verdict = with_refs_verdict(ctx, primals, list(call.args))
        if verdict is not None:
            found.append(WithRefsCheck(call, vjp, verdict))
    return found


def within(node: ast.AST, outer: ast.AST) -> bool:
    """Whether `node` is written inside `outer` (both expressions)."""
    start = (node.lineno, node.col_offset)  # type: ignore[attr-defined]
    end = (node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
    return (outer.lineno, outer.col_offset) <= start and end <= (  # type: ignore[attr-defined]
        outer.end_lineno, outer.end_col_offset)  # type: ignore[attr-defined]


def argument_index(path: str) -> int:
    """The positional argument a leaf path starts in: "[1]['w']" -> 1."""
    return int(path[1:path.index("]")])


def arg_name(ctx: Context, vjp: ast.Call, path: str) -> str | None:
    """JAX's `_vjp_arg_name(...)`: "the argument at position args[0] of the differentiated
    function f at file.py:3", when the code shows the function as JAX names it."""
    from jaxerr_lsp.families.vjp_calls import function_known, function_text

    function = vjp.args[0]
    if not function_known(ctx, function):
        return None
    return (f"the argument at position args{path} of the differentiated function "
            f"{function_text(ctx, function)}")
