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
- one of those as an element of a tuple or list display, or as a value of a dict display with
  constant keys (the path then names it: `s[1]`, `s['k']`).

`known_valid(ctx, expr)` says when an argument certainly flattens without error (an array, a
Python number or bool, None, a tracer of the traced code): a finding predicts JAX's path and
type only when every other traced argument is such (JAX reports the first bad leaf).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.model import CLASS
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
    return None


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
