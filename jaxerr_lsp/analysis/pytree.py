"""Pytree structures the code shows, and their comparison the way JAX makes it.

A structure is a small tree of nodes: `Leaf`, `NoneNode`, `TupleNode`, `ListNode`, `DictNode`,
`NamedTupleNode`, `Opaque`, or `UNKNOWN` when the code does not show it (a parameter, a call
into user code, a value from another module). The value inference (`jaxerr_lsp.analysis.values`)
builds them. Unknown means silence: two structures differ only where both are known.

`differences(primal, other)` yields what `jax.tree_util.equality_errors_pytreedef` would
yield, in the same order and with the same wording, for the known parts of the trees.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterator, Union


@dataclass(frozen=True, slots=True)
class Leaf:
    kind: str = "leaf"  # the type JAX names: "ArrayImpl", "Ref", "DontWant", "int", ...; "leaf": unknown


@dataclass(frozen=True, slots=True)
class Unknown:
    pass


@dataclass(frozen=True, slots=True)
class NoneNode:
    pass


@dataclass(frozen=True, slots=True)
class Opaque:
    """A tuple, list or dict whose children the code does not show (`[f(p) for p in ps]`,
    `dict(zip(k, v))`): only its type is known."""

    type_name: str  # "tuple" | "list" | "dict"


@dataclass(frozen=True, slots=True)
class TupleNode:
    children: tuple[Structure, ...]


@dataclass(frozen=True, slots=True)
class ListNode:
    children: tuple[Structure, ...]


@dataclass(frozen=True, slots=True)
class DictNode:
    entries: tuple[tuple[object, Structure], ...]  # sorted by key, as JAX flattens dicts

    @property
    def keys(self) -> tuple[object, ...]:
        return tuple(k for k, _ in self.entries)


@dataclass(frozen=True, slots=True)
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

def joined_structure(first: Structure, second: Structure) -> Structure:
    """What two structures certainly share (a name bound on two paths): a node of one type
    and arity (a dict with the same keys, a NamedTuple of one class) keeps its children,
    joined; two leaves stay a leaf (of one type when both name it); a tuple, list or dict
    whose children differ in number or keys keeps its type (`Opaque`); anything else is
    unknown."""
    if first == second:
        return first
    if isinstance(first, Leaf) and isinstance(second, Leaf):
        return LEAF
    if type(first) is not type(second) or isinstance(first, Opaque):
        kind = _container_type(first)
        return Opaque(kind) if kind is not None and kind == _container_type(second) else UNKNOWN
    if isinstance(first, (TupleNode, ListNode)):
        assert isinstance(second, (TupleNode, ListNode))
        if len(first.children) != len(second.children):
            return Opaque("tuple" if isinstance(first, TupleNode) else "list")
        children = tuple(joined_structure(a, b) for a, b in zip(first.children, second.children))
        return TupleNode(children) if isinstance(first, TupleNode) else ListNode(children)
    if isinstance(first, DictNode):
        assert isinstance(second, DictNode)
        if first.keys != second.keys:
            return Opaque("dict")
        return DictNode(tuple((k, joined_structure(a, b))
                              for (k, a), (_, b) in zip(first.entries, second.entries)))
    if isinstance(first, NamedTupleNode):
        assert isinstance(second, NamedTupleNode)
        if first.definition != second.definition:
            return UNKNOWN
        return replace(first, children=tuple(joined_structure(a, b)
                                             for a, b in zip(first.children, second.children)))
    return UNKNOWN


def _container_type(structure: Structure) -> str | None:
    """"tuple", "list" or "dict" for a node of that type (shown or `Opaque`), else None."""
    if isinstance(structure, Opaque):
        return structure.type_name
    return {TupleNode: "tuple", ListNode: "list", DictNode: "dict"}.get(type(structure))  # type: ignore[call-overload]


def replace_leaves(structure: Structure, leaf: Structure) -> Structure:
    if isinstance(structure, Leaf):
        return leaf
    if isinstance(structure, TupleNode):
        return TupleNode(tuple(replace_leaves(c, leaf) for c in structure.children))
    if isinstance(structure, ListNode):
        return ListNode(tuple(replace_leaves(c, leaf) for c in structure.children))
    if isinstance(structure, DictNode):
        return DictNode(tuple((k, replace_leaves(c, leaf)) for k, c in structure.entries))
    if isinstance(structure, NamedTupleNode):
        return NamedTupleNode(structure.name, structure.definition, structure.fields,
                              tuple(replace_leaves(c, leaf) for c in structure.children))
    return structure  # None stays None; unknown stays unknown


# ------------------------------------------------------------------------------- comparison
def type_text(structure: Structure) -> str:
    """The type JAX prints for the root of `structure` ("pytree leaf" for a leaf)."""
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
        if type_text(primal) != type_text(other):
            yield path, type_text(primal), type_text(other), "their Python types differ"
        return
    if type(primal) is not type(other) or (
            isinstance(primal, NamedTupleNode) and isinstance(other, NamedTupleNode)
            and primal.definition != other.definition):
        yield path, type_text(primal), type_text(other), "their Python types differ"
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

