"""Whether one pytree structure is a prefix of another, worded as JAX's `_prefix_error`.

For the rules about trees that must share a structure down to the first one's leaves:
`jax.tree.map(f, tree, *rest)` (JXE114) and vmap's `in_axes` (JXE115). JAX walks both trees
from the root (jax/_src/tree_util.py `_prefix_error`): where the prefix has a leaf, anything
goes; elsewhere the two must be of the same type, tuples and lists of the same length, dicts
of the same number of keys and the same keys; it recurses into the children in key order.

`prefix_errors(prefix, full)` gives every difference (a `Mismatch`, in JAX's order), or None
when a part of either tree the walk reaches is unknown (the code does not show it), so that
the list is complete and in order when it is given. `Mismatch.text(name)` is JAX's message
for it (the catalog entries' templates, filled), None for a kind no entry words.
"""

from __future__ import annotations

import difflib
import textwrap
from dataclasses import dataclass

from jaxerr_lsp.analysis.pytree import (DictNode, Leaf, ListNode, NamedTupleNode, NoneNode,
                                        Opaque, Structure, TupleNode, Unknown, type_text)

# The class JAX prints for a leaf of a known kind.
_LEAF_CLASSES = {"ArrayImpl": "<class 'jaxlib._jax.ArrayImpl'>", "int": "<class 'int'>",
                 "float": "<class 'float'>", "bool": "<class 'bool'>",
                 "complex": "<class 'complex'>", "str": "<class 'str'>"}


@dataclass(frozen=True)
class Mismatch:
    kind: str  # "types" | "lengths" | "metadata" | "children"
    path: str  # the key path, as `keystr` writes it: ['w'][0].field
    prefix: str  # the prefix's side: its class, its length, or its dict keys (as JAX prints them)
    full: str  # the other tree's side, the same way
    # "tuple" or "list", for lengths; for children, the symmetric difference of the key sets
    # (None when JAX's order of it, a set's, is not known: more than one key)
    sequence: str | None = ""
    counts: tuple[int, int] = (0, 0)  # for children: the numbers of keys of both

    def values(self) -> dict[str, str] | None:
        """The placeholders of the entry's template for this mismatch (None: not all known)."""
        if self.kind == "types":
            if not self.prefix or not self.full:
                return None
            return {"keystr(key_path)": self.path, "type(prefix_tree)": self.prefix,
                    "type(full_tree)": self.full}
        if self.kind == "lengths":
            return {"keystr(key_path)": self.path, "ty.__name__": self.sequence or "",
                    "len(prefix_tree)": self.prefix, "len(full_tree)": self.full}
        if self.kind == "metadata":
            diff = textwrap.indent("\n".join(difflib.ndiff(self.prefix.splitlines(),
                                                            self.full.splitlines())), prefix="    ")
            return {"keystr(key_path)": self.path, "type(prefix_tree)": "<class 'dict'>",
                    "prefix_tree_meta_str": self.prefix, "full_tree_meta_str": self.full,
                    "metadata_diff": diff}
        return None

    def text(self, name: str) -> str | None:
        """JAX's message for this mismatch, the trees named `name` ("tree_map tree")."""
        if self.kind == "children":
            if self.sequence is None:
                return None
            return ("pytree structure error: different numbers of pytree children at key path\n"
                    f"    {name}{self.path}\n"
                    f"At that key path, the prefix pytree {name} has a subtree of type\n"
                    "    <class 'dict'>\n"
                    f"with {self.counts[0]} child keys\n"
                    f"    {self.prefix}\n"
                    "but at the same key path the full pytree has a subtree of the same type but "
                    f"with {self.counts[1]} child keys\n"
                    f"    {self.full}\n"
                    "so the symmetric difference on key sets is\n"
                    f"    {self.sequence}")
        values = self.values()
        if values is None:
            return None
        path = name + values["keystr(key_path)"]
        if self.kind == "types":
            return ("pytree structure error: different types at key path\n"
                    f"    {path}\n"
                    f"At that key path, the prefix pytree {name} has a subtree of type\n"
                    f"    {self.prefix}\n"
                    "but at the same key path the full pytree has a subtree of different type\n"
                    f"    {self.full}.")
        if self.kind == "lengths":
            return (f"pytree structure error: different lengths of {self.sequence} at key path\n"
                    f"    {path}\n"
                    f"At that key path, the prefix pytree {name} has a subtree of type "
                    f"{self.sequence} of length {self.prefix}, but the full pytree has a subtree "
                    f"of the same type but of length {self.full}.")
        return ("pytree structure error: different pytree metadata at key path\n"
                f"    {path}\n"
                f"At that key path, the prefix pytree {name} has a subtree of type\n"
                "    <class 'dict'>\n"
                "with metadata\n"
                f"    {self.prefix}\n"
                "but at the same key path the full pytree has a subtree of the same type but "
                "with metadata\n"
                f"    {self.full}\n"
                "so the diff in the metadata at these pytree nodes is\n"
                f"{values['metadata_diff']}")


def class_text(tree: Structure) -> str:
    """The class JAX prints for the root of `tree` ("" when the code does not show it)."""
    if isinstance(tree, Leaf):
        return _LEAF_CLASSES.get(tree.kind, "")
    if isinstance(tree, (NoneNode, TupleNode, ListNode, DictNode, Opaque, NamedTupleNode)):
        return type_text(tree)
    return ""


def _root_type(tree: Structure) -> object:
    """What identifies the root's Python type (None when unknown)."""
    if isinstance(tree, Leaf):
        return ("leaf", tree.kind) if tree.kind in _LEAF_CLASSES else None
    if isinstance(tree, Opaque):
        return tree.type_name
    if isinstance(tree, NamedTupleNode):
        return ("namedtuple", tree.definition)
    if isinstance(tree, (TupleNode, ListNode, DictNode, NoneNode)):
        return {TupleNode: "tuple", ListNode: "list", DictNode: "dict", NoneNode: "NoneType"}[type(tree)]
    return None


# vmap compares its axes with a copy of the arguments' structure whose leaves are all this.
PYTREE_LEAF = "<class 'jax._src.api_util.PytreeLeaf'>"


def prefix_errors(prefix: Structure, full: Structure, path: str = "", *,
                  none_is_leaf: bool = False, leaf_class: str | None = None) -> list[Mismatch] | None:
    """Every place `prefix` is not a prefix of `full`, in JAX's order; None when unknown.
    `none_is_leaf`: a None of the prefix counts as a leaf (vmap's axes, where it means "not
    mapped"); `leaf_class`: the class every leaf of `full` has (vmap's `PytreeLeaf`)."""
    if isinstance(prefix, Leaf) or (none_is_leaf and isinstance(prefix, NoneNode)):
        return []  # a leaf is a prefix of anything
    if isinstance(prefix, Unknown) or isinstance(full, Unknown):
        return None
    if isinstance(full, Leaf) and leaf_class is not None:
        return [Mismatch("types", path, class_text(prefix), leaf_class)]
    if isinstance(full, Leaf) and full.kind not in _LEAF_CLASSES:
        # A leaf of unknown type: certainly not the prefix's container, class unknown.
        return [Mismatch("types", path, class_text(prefix), "")]
    prefix_type, full_type = _root_type(prefix), _root_type(full)
    if prefix_type is None or full_type is None:
        return None
    if prefix_type != full_type:
        return [Mismatch("types", path, class_text(prefix), class_text(full))]
    if isinstance(prefix, NoneNode):
        return []
    if isinstance(prefix, Opaque) or isinstance(full, Opaque):
        return None  # the same container type, children unknown
    if isinstance(prefix, (TupleNode, ListNode)):
        assert isinstance(full, (TupleNode, ListNode))
        if len(prefix.children) != len(full.children):
            return [Mismatch("lengths", path, str(len(prefix.children)), str(len(full.children)),
                             "tuple" if isinstance(prefix, TupleNode) else "list")]
        pairs = [(f"{path}[{i}]", a, b) for i, (a, b) in enumerate(zip(prefix.children, full.children))]
    elif isinstance(prefix, DictNode):
        assert isinstance(full, DictNode)
        if len(prefix.entries) != len(full.entries):
            return [Mismatch("children", path, _child_keys(prefix), _child_keys(full),
                             _key_difference(prefix, full), (len(prefix.keys), len(full.keys)))]
        if prefix.keys != full.keys:
            return [Mismatch("metadata", path, str(prefix.keys), str(full.keys))]
        pairs = [(f"{path}[{k!r}]", a, b) for (k, a), (_, b) in zip(prefix.entries, full.entries)]
    elif isinstance(prefix, NamedTupleNode):
        assert isinstance(full, NamedTupleNode)
        pairs = [(f"{path}.{f}", a, b) for f, a, b in zip(prefix.fields, prefix.children, full.children)]
    else:
        return None
    found: list[Mismatch] = []
    for where, a, b in pairs:
        inner = prefix_errors(a, b, where, none_is_leaf=none_is_leaf, leaf_class=leaf_class)
        if inner is None:
            return None
        found += inner
    return found


def _child_keys(tree: DictNode) -> str:
    """A dict's keys as JAX prints them in its message: `['b'] ['w']`."""
    return " ".join(f"[{k!r}]" for k in tree.keys)


def _key_difference(prefix: DictNode, full: DictNode) -> str | None:
    difference = set(prefix.keys).symmetric_difference(full.keys)
    if len(difference) != 1:
        return None  # a set of several keys: printed in an order no file shows
    return f"[{next(iter(difference))!r}]"
