"""JXE166 dataclass-array-default.

What it does: finds a field of a class that becomes a dataclass (`@dataclasses.dataclass`,
`@flax.struct.dataclass`, `@chex.dataclass`, or a subclass of `flax.struct.PyTreeNode`,
`equinox.Module` or `flax.linen.Module`) whose default is an array the value inference knows:
`pk: jax.Array = jnp.array([1.0, 2.0])`, or `field(default=jnp.zeros(3))`. A JAX array (or
a NumPy one) has no hash, and Python's dataclasses refuse an unhashable default as mutable.

Never flagged: `ClassVar` annotations (not fields), `default_factory=`, a default whose
value the inference does not know as an array, a class with a base or decorator the file
does not show as one of those.

Why is this bad: `dataclasses` checks each default when the class is created (at import)
and raises ValueError, naming the default's class and the field, telling to use
`default_factory`.

No fix: `field(default_factory=lambda: jnp.array(...))` builds a new array per instance,
which is right for most code but not for all (equinox and flax fields, module constants).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.engine.rule import Context, Rule

# Decorators that make a class a dataclass, and bases whose subclasses become one.
_DECORATORS = frozenset({"dataclasses.dataclass", "flax.struct.dataclass", "chex.dataclass"})
_BASES = frozenset({"flax.struct.PyTreeNode", "equinox.Module", "flax.linen.Module"})
_FIELD_MAKERS = frozenset({"dataclasses.field", "flax.struct.field", "chex.field", "equinox.field"})
# The class of a default, as Python's `repr(type(x))` names it.
_CLASSES = {"ArrayImpl": "<class 'jaxlib._jax.ArrayImpl'>", "ndarray": "<class 'numpy.ndarray'>"}


@dataclass(frozen=True)
class ArrayDefault(RuleData):
    """The field and the class of its default."""

    field: str
    default_class: str


def _is_dataclass(model: ModuleModel, cls: ast.ClassDef) -> bool:
    for decorator in cls.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if model.qualname(target) in _DECORATORS:
            return True
    return any(model.qualname(base) in _BASES for base in cls.bases)


def _default(model: ModuleModel, value: ast.expr) -> ast.expr | None:
    """The default a field's value gives: the value, or a field maker's `default=`."""
    if isinstance(value, ast.Call) and model.qualname(value.func) in _FIELD_MAKERS:
        return next((k.value for k in value.keywords if k.arg == "default"), None)
    return value


def check(ctx: Context) -> None:
    model = ctx.model
    for cls in model.nodes_in(model.tree, (ast.ClassDef,)):
        if not _is_dataclass(model, cls):
            continue
        for statement in cls.body:
            if not isinstance(statement, ast.AnnAssign) or not isinstance(statement.target, ast.Name) \
                    or statement.value is None or "ClassVar" in ast.dump(statement.annotation):
                continue
            default = _default(model, statement.value)
            if default is None:
                continue
            kind = ctx.values.value(default).type
            if kind not in _CLASSES:
                continue
            ctx.report(default, values={"type(f.default)": _CLASSES[kind], "f.name": statement.target.id},
                       data=ArrayDefault(statement.target.id, _CLASSES[kind]))
            break  # (the class's first such field raises)


RULE = Rule(
    code="JXE166",
    catalog_id="dataclass-array-default",
    triggers=("dataclass", "Module", "PyTreeNode"),
    check=check,
    data=ArrayDefault,
)
