"""Classes registered with `jax.tree_util.register_pytree_node_class`: which attributes the
file shows are children and which aux data (`analysis.pytree_classes._registered_class`), and
the classes whose methods do more than that stay unknown."""

from __future__ import annotations

import ast

from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.analysis.pytree_classes import pytree_class

HEADER = "import jax\n\n\n@jax.tree_util.register_pytree_node_class\n"


def _fields(source: str) -> list[tuple[str, bool | None]] | None:
    tree = ast.parse(HEADER + source)
    model = ModuleModel(tree)
    cls = next(node for node in tree.body if isinstance(node, ast.ClassDef))
    found = pytree_class(model, cls)
    return None if found is None else [(f.name, f.static) for f in found.fields]


PLAIN = '''class Grid:
    def __init__(self, values, weights, spacing):
        self.values, self.weights = values, weights
        self.spacing = spacing

    def tree_flatten(self):
        return (self.values, self.weights), self.spacing

    @classmethod
    def tree_unflatten(cls, spacing, children):
        return cls(*children, spacing)
'''


def test_children_and_aux_data_are_read_from_the_methods() -> None:
    assert _fields(PLAIN) == [("values", False), ("weights", False), ("spacing", True)]


def test_all_children_without_aux_data() -> None:
    source = PLAIN.replace("self.spacing\n\n    @", "None\n\n    @").replace(
        "(self.values, self.weights), None", "(self.values, self.weights, self.spacing), None").replace(
        "cls(*children, spacing)", "cls(*children)")
    assert _fields(source) == [("values", False), ("weights", False), ("spacing", False)]


def test_methods_that_do_more_leave_the_class_unknown() -> None:
    assert _fields(PLAIN.replace("self.spacing = spacing", "self.spacing = spacing * 2")) is None
    assert _fields(PLAIN.replace("cls(*children, spacing)", "cls(*children[::-1], spacing)")) is None
    assert _fields(PLAIN.replace("(self.values, self.weights), self.spacing",
                                 "(self.weights, self.values), self.spacing")) is None
    assert _fields(PLAIN.replace("return cls(*children, spacing)",
                                 "obj = cls(*children, spacing)\n        return obj")) is None
