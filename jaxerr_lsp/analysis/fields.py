"""The fields of each node type that may hold nodes, for walks cheaper than `ast.iter_child_nodes`.

Contexts (`Load`), operators, identifiers and flags never hold a node worth visiting; a walk
that reads only the other fields, found once per node type, is several times faster.
"""

from __future__ import annotations


_LEAF_FIELDS = frozenset({"ctx", "op", "ops", "type_comment", "kind", "conversion", "is_async",
                          "level", "attr", "arg", "id", "module", "asname", "kwd_attrs"})
_FIELDS: dict[type, tuple[str, ...]] = {}


def child_fields(kind: type) -> tuple[str, ...]:
    """The fields of nodes of type `kind` that may hold nodes, in the order Python lists them."""
    fields = _FIELDS.get(kind)
    if fields is None:
        fields = _FIELDS[kind] = tuple(
            f for f in kind._fields if f not in _LEAF_FIELDS)  # type: ignore[attr-defined]
    return fields


__all__ = ["child_fields"]
