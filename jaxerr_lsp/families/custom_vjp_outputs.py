"""What the rules about custom_vjp rules' outputs share (JXE040, JXE042, JXE043): pytree
structures printed as JAX prints them, the names JAX gives the rules, where to point at a rule
that returns nothing, and which registrations count."""

from __future__ import annotations

import ast
from collections import Counter

from jaxerr_lsp.families.custom_vjp import FunctionNode, Registration
from jaxerr_lsp.analysis.pytree import DictNode, Leaf, ListNode, NoneNode, Structure, TupleNode


def tree_text(tree: Structure) -> str | None:
    """A structure the code fully shows as JAX prints it inside `PyTreeDef(...)`, each leaf
    as `*` (`(*, None)`, `[*]`, `{'a': *}`); None when a part is unknown."""
    if isinstance(tree, Leaf):
        return "*"
    if isinstance(tree, NoneNode):
        return "None"
    if isinstance(tree, (TupleNode, ListNode)):
        parts = [tree_text(child) for child in tree.children]
        if any(part is None for part in parts):
            return None
        text = ", ".join(parts)  # type: ignore[arg-type]
        if isinstance(tree, ListNode):
            return f"[{text}]"
        return f"({text},)" if len(parts) == 1 else f"({text})"
    if isinstance(tree, DictNode):
        items = [(key, tree_text(child)) for key, child in tree.entries]
        if any(text is None for _, text in items):
            return None
        return "{" + ", ".join(f"{key!r}: {text}" for key, text in items) + "}"
    return None


def pytreedef_text(tree: Structure) -> str | None:
    """`PyTreeDef((*, *))` for a structure the code fully shows, or None."""
    inner = tree_text(tree)
    return None if inner is None else f"PyTreeDef({inner})"


def function_name(function: FunctionNode | None) -> str | None:
    """The name JAX prints for a rule or a custom_vjp function (its `__name__`)."""
    if isinstance(function, ast.Lambda):
        return "<lambda>"
    if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return function.name
    return None


def registered_once(found: list[Registration]) -> list[Registration]:
    """The registrations of custom_vjp functions registered once: a second `defvjp` replaces
    the rules of the first, and which one runs depends on the order the code runs in."""
    counts = Counter(id(r.custom_vjp.definition) for r in found)
    return [r for r in found if counts[id(r.custom_vjp.definition)] == 1]
