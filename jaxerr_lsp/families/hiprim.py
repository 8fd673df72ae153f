"""The file's `jax.experimental.hijax.HiPrim` subclasses, for the HiPrim rules (JXE060-JXE064).

A class counts only when the code shows its whole ancestry down to HiPrim: every base is HiPrim
itself (however it was imported) or a class of this file that counts, and none of them has a
decorator, a metaclass keyword, or attributes set from outside its body (`Sin.vjp_bwd = f`,
`setattr(Sin, ...)`). Anything else (a base from another module, a mixin, `Generic[T]`) may
define any method: the class is left out and the rules stay silent about it.

What a rule asks: which names the class and its ancestors bind in their bodies (methods,
class attributes, `vjp_fwd, vjp_bwd_retval = vjp_from_jvp`), the class's own method of a name,
whether the file derives another class from it, and where the file instantiates it. A HiPrim
method JAX calls is seeded in the value inference with what JAX hands it (pytrees of arrays).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.model import CLASS, Binding, ModuleModel
from jaxerr_lsp.analysis.values import FROM_JAX

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

HIPRIM_QUALNAMES = frozenset({"jax.experimental.hijax.HiPrim", "jax._src.hijax.HiPrim"})
# The methods that give a HiPrim its backward rule: HiPrim.vjp_bwd calls vjp_bwd_retval_logs,
# which calls vjp_bwd_retval; overriding any one of them is enough.
BWD_METHODS = ("vjp_bwd", "vjp_bwd_retval", "vjp_bwd_retval_logs")
FunctionDef = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(eq=False)
class HiPrimClass:
    node: ast.ClassDef
    binding: Binding  # the class statement's binding of its name
    # The class and its ancestors in this file, the class first (HiPrim itself excluded).
    lineage: tuple[ast.ClassDef, ...]
    # Every name each of them binds in its body (defs, assignments, imports...), by class,
    # with how many times the body binds it (the model's class scope).
    names: dict[int, dict[str, int]]
    subclassed: bool = False  # some class of this file derives from it
    instantiations: list[ast.Call] = field(default_factory=list)  # `Sin(...)` in this file

    @property
    def name(self) -> str:
        return self.node.name

    @property
    def single_inheritance(self) -> bool:
        """Each class of the lineage has one base (so `super()` is the next one up)."""
        return all(len(c.bases) == 1 for c in self.lineage)

    def binds(self, name: str) -> bool:
        """Whether the class or one of its ancestors binds `name` in its body."""
        return any(name in self.names[id(c)] for c in self.lineage)

    def method(self, name: str) -> FunctionDef | None:
        """The `def name` of the first class of the lineage binding `name`, when that class
        binds it only there."""
        for node in self.lineage:
            if name in self.names[id(node)]:
                found = [s for s in node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                         and s.name == name]
                if found and isinstance(found[0], ast.AsyncFunctionDef):
                    return None  # calling it gives a coroutine, not what the body returns
                if len(found) != 1 or found[0].decorator_list or self.names[id(node)][name] != 1:
                    return None
                return found[0]
        return None

    def own_method(self, name: str) -> FunctionDef | None:
        """The class's own `def name`, when its body binds the name only there and no
        decorator stands between the def and what JAX calls."""
        found = [s for s in self.node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and s.name == name]
        if found and isinstance(found[0], ast.AsyncFunctionDef):
            return None  # calling it gives a coroutine, not what the body returns
        if len(found) != 1 or found[0].decorator_list or self.names[id(self.node)].get(name) != 1:
            return None
        return found[0]


def is_stub(method: FunctionDef) -> bool:
    """A body of only a docstring, `pass` or `...`: a placeholder, not a rule."""
    for statement in method.body:
        if isinstance(statement, ast.Pass):
            continue
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) \
                and (isinstance(statement.value.value, str) or statement.value.value is Ellipsis):
            continue
        return False
    return True


def hiprim_classes(ctx: Context) -> list[HiPrimClass]:
    """The file's HiPrim subclasses whose ancestry the code shows (computed once per document)."""
    return ctx.once(_hiprim_classes)


def _hiprim_classes(ctx: Context) -> list[HiPrimClass]:
    return find_hiprim_classes(ctx.model)


def find_hiprim_classes(model: ModuleModel) -> list[HiPrimClass]:
    lineages: dict[int, tuple[ast.ClassDef, ...] | None] = {}
    bindings: dict[int, Binding] = {}
    for node in model.classes:
        binding = _binding_of_class(model, node)
        if binding is not None:
            bindings[id(node)] = binding
    found = []
    for node in model.classes:
        lineage = _lineage(model, node, bindings, lineages, set())
        if lineage is None:
            continue
        names = {id(c): _names_bound_in(model, c) for c in lineage}
        found.append(HiPrimClass(node, bindings[id(node)], lineage, names))
    by_node = {id(c.node): c for c in found}
    for node in model.classes:
        for base in node.bases:
            parent = _class_named(model, base)
            if parent is not None and id(parent) in by_node:
                by_node[id(parent)].subclassed = True
    for hiprim in found:
        hiprim.instantiations = [use.parent for use in model.uses_of(hiprim.binding)
                                 if isinstance(use.parent, ast.Call) and use.parent.func is use.node]
    return found


def seed_jax_arguments(ctx: Context, method: FunctionDef, count: int) -> None:
    """JAX calls `method(self, a1, ..., a<count>, ...)` with pytrees of arrays as a1..a<count>
    (a backward rule's residuals and cotangent): tell the value inference. The parameters
    after those (accumulators) and `self` are left unknown."""
    parameters = [*method.args.posonlyargs, *method.args.args][1:1 + count]
    if len(parameters) != count:
        return
    for parameter in parameters:
        ctx.values.seed_parameter(method, parameter.arg, FROM_JAX)


# ------------------------------------------------------------------------------- internals
def _binding_of_class(model: ModuleModel, node: ast.ClassDef) -> Binding | None:
    """The class statement's binding, when it is the only binding of the name in its scope
    and nothing outside the body sets the class's attributes."""
    body = model.scope_of_node.get(id(node))
    scope = body.parent if body is not None else None
    if scope is None:
        return None
    binding = model.unambiguous_binding(node)
    if binding is None or binding.kind != CLASS or binding.node is not node:
        return None
    if _patched(model, binding):
        return None
    return binding


def _patched(model: ModuleModel, binding: Binding) -> bool:
    """`Sin.vjp_bwd = f`, `del Sin.x`, `setattr(Sin, ...)`: the body no longer says it all."""
    for use in model.uses.get(binding.name, ()):  # (those of `uses_of`, tested last)
        parent = use.parent
        if isinstance(parent, ast.Attribute) and isinstance(parent.ctx, (ast.Store, ast.Del)):
            if model.may_read(use, binding):
                return True
        elif isinstance(parent, ast.Call) and use.node in parent.args and isinstance(
                parent.func, ast.Name) and parent.func.id in ("setattr", "delattr", "vars"):
            if model.may_read(use, binding):
                return True
    return False


def _class_named(model: ModuleModel, expr: ast.expr) -> ast.ClassDef | None:
    if not isinstance(expr, ast.Name):
        return None
    binding = model.binding_of(expr)
    if binding is None or binding.kind != CLASS or not isinstance(binding.node, ast.ClassDef):
        return None
    return binding.node


def _lineage(model: ModuleModel, node: ast.ClassDef, bindings: dict[int, Binding],
             memo: dict[int, tuple[ast.ClassDef, ...] | None],
             busy: set[int]) -> tuple[ast.ClassDef, ...] | None:
    """The class and its in-file ancestors when every base leads to HiPrim; else None."""
    if id(node) in memo:
        return memo[id(node)]
    if id(node) in busy or id(node) not in bindings or node.decorator_list or node.keywords \
            or not node.bases:
        return None
    busy.add(id(node))
    lineage: list[ast.ClassDef] = [node]
    result: tuple[ast.ClassDef, ...] | None = None
    for base in node.bases:
        if model.qualname(base) in HIPRIM_QUALNAMES:
            continue
        parent = _class_named(model, base)
        inherited = None if parent is None else _lineage(model, parent, bindings, memo, busy)
        if inherited is None:
            break
        lineage.extend(c for c in inherited if c not in lineage)
    else:
        result = tuple(lineage)
    busy.discard(id(node))
    memo[id(node)] = result
    return result


def _names_bound_in(model: ModuleModel, node: ast.ClassDef) -> dict[str, int]:
    """Every name the class body binds (the model's class scope: nested statements included,
    the insides of defs, classes, lambdas and comprehensions not; an annotation without a
    value binds nothing), with how many times."""
    scope = model.scope_of_node.get(id(node))
    if scope is None:
        return {}
    return {name: len(model.bindings_named(name, scope)) for name in model.bound_names(scope)}


__all__ = ["BWD_METHODS", "HIPRIM_QUALNAMES", "HiPrimClass", "find_hiprim_classes",
           "hiprim_classes", "is_stub", "seed_jax_arguments"]
