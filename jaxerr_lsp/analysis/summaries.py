"""What a module shows its importers: the values its module-level functions return.

A module is analysed alone; its project (`jaxerr_lsp.project.summaries`) gives each module the
summaries of the functions it imports from other modules of the project, keyed by the dotted
name its imports give them (`pkg.utils.make_buffer`). The evaluator (`values.Inference`) then
takes the value of a call of one of them from its summary, as it follows a helper of the file
itself: `from pkg.utils import make_buffer; w = make_buffer(); w[0] = 1.0` is flagged as when
`make_buffer` is defined in the same file.

Only what is certain, and never more than the same code in one file gives: a function's
summary is the value of its only `return` (its last statement) as the evaluator knows it with
its parameters unknown (a call in the file follows the helper with the call's arguments: the
summary knows at most as much); a decorated function's return is unknown (`wrapped` says by
what), as a decorated helper of the file is not followed. Kept: one JAX array (with its aval
when known), a NumPy array, a Python scalar or string, None, a `Ref`, a tuple of those
(its structure); anything else is unknown and left out.

Plain data, picklable and JSON-able: it crosses processes (`jaxerr check -j N`) and keys the
result cache of the modules that read it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jaxerr_lsp.analysis.avals import Aval
from jaxerr_lsp.analysis.model import ASSIGN, AUGMENTED, CLASS, DEF, UNPACK, Binding, ModuleModel
from jaxerr_lsp.analysis.pytree import UNKNOWN, Leaf, NoneNode, Structure, TupleNode

if TYPE_CHECKING:
    from jaxerr_lsp.analysis.classes import PlainClasses
    from jaxerr_lsp.analysis.values import Inference, Value

# The types a summary keeps for a returned leaf (what no caller can change in place).
LEAF_TYPES = frozenset({"ArrayImpl", "ndarray", "Ref", "int", "float", "bool", "complex", "str"})


@dataclass(frozen=True)
class Returned:
    """What a call of the function certainly returns: the evaluator's `Value`, as far as it
    crosses modules. `type` None: a value known only as one JAX array (`jax_array`)."""

    type: str | None
    tree: Structure = UNKNOWN
    aval: Aval | None = None
    jax_array: str | None = None  # what makes it one JAX array, in words (`JaxArray.words`)
    ref: Aval | None = None  # a Ref: the aval of the array it holds


@dataclass(frozen=True)
class FunctionSummary:
    """A module-level def: what a call of it returns (None: unknown), and the decorator that
    wraps it (`jax.jit`...; then what a call returns is unknown). Or a module-level class
    that is certainly a plain Python class (`plain_class`: `jaxerr_lsp.analysis.classes`;
    its instances are no pytree, its type is `type`): what a call returns is unknown to the
    evaluator, but JAX cannot trace it."""

    name: str
    returns: Returned | None
    wrapped: str | None = None
    plain_class: bool = False
    # A `@jax.custom_vjp` def whose module never registers its rules nor lets the function
    # out (each use a call, or a JAX transformation's argument): the name JAX gives it.
    custom_vjp_without_rules: str | None = None


@dataclass(frozen=True)
class ModuleSummary:
    """What a module shows its importers: its module-level functions whose return is known
    or that a decorator wraps, and its plain classes (the others are left out: unknown)."""

    functions: tuple[FunctionSummary, ...] = ()

    def function(self, name: str) -> FunctionSummary | None:
        for function in self.functions:
            if function.name == name:
                return function
        return None


# What a module reads of the others: the dotted name its imports give a function -> its summary.
Imported = tuple[tuple[str, FunctionSummary], ...]


def summarize(model: ModuleModel, values: Inference | None, names: frozenset[str] | None = None,
              classes: PlainClasses | None = None) -> ModuleSummary:
    """The summary of the module `model` is, from an evaluator of its own (no rule seeds it:
    the parameters are unknown); with `names`, of those functions only (those some module
    may import: the project knows); with `classes`, its plain classes too (without
    `values`, those alone)."""
    from jaxerr_lsp.analysis.values import return_expression

    found: list[FunctionSummary] = []
    scope = model.module_scope.bindings
    for name in sorted(scope if names is None else names & scope.keys()):
        bindings = scope[name]
        if len(bindings) == 1 and bindings[0].kind == CLASS and classes is not None \
                and isinstance(bindings[0].node, ast.ClassDef) and classes.plain(bindings[0].node):
            found.append(FunctionSummary(name, None, plain_class=True))
            continue
        if len(bindings) == 1 and bindings[0].kind == ASSIGN and values is not None:
            unregistered = _custom_vjp_made_without_rules(model, bindings[0])
            if unregistered is not None:
                found.append(FunctionSummary(name, None, "jax.custom_vjp",
                                             custom_vjp_without_rules=unregistered))
            continue
        if len(bindings) != 1 or bindings[0].kind != DEF or values is None:
            continue  # rebound (`f = jax.jit(f)`, a second def): not certainly this def
        function = bindings[0].node
        if not isinstance(function, ast.FunctionDef):
            continue
        if function.decorator_list:
            wrapper = model.qualname(_decorator_callee(function.decorator_list[0]))
            unregistered = function.name if wrapper == "jax.custom_vjp" \
                and len(function.decorator_list) == 1 and _only_called(model, bindings[0]) else None
            found.append(FunctionSummary(name, None, wrapper or "?",
                                         custom_vjp_without_rules=unregistered))
            continue
        last = function.body[-1] if function.body else None
        if not isinstance(last, ast.Return) or last.value is None \
                or not _may_be_known(model, last.value, function):
            continue
        expression = return_expression(model, function)
        if expression is None:
            continue
        returned = returned_of(values.returned_value(function, expression))
        if returned is not None:
            found.append(FunctionSummary(name, returned))
    return ModuleSummary(tuple(found))


# Methods whose call the evaluator may know the value of (`values.ARRAY_METHODS`, the `.at[]`
# updates, the methods of a JAX array); a call of any other method of a value it does not.
_KNOWN_METHODS = frozenset("""
reshape astype sum mean max min prod std var transpose ravel flatten squeeze clip round cumsum
cumprod dot conj conjugate copy set add subtract multiply mul divide power get apply argmax
argmin any all
""".split())


def _may_be_known(model: ModuleModel, expr: ast.expr,
                  function: ast.FunctionDef | None = None) -> bool:
    """Whether the evaluator may know anything a summary keeps of `expr`: a cheap look at its
    form, so that the returns it cannot know are not evaluated (it would follow their names
    through the function's code flow for nothing). A name of `function`: when each of its
    bindings there assigns such an expression (a parameter, a loop target... never is)."""
    if isinstance(expr, ast.Name):
        scope = model.scope_of_node.get(id(function)) if function is not None else None
        bindings = scope.bindings.get(expr.id, ()) if scope is not None else ()
        return all(b.kind in (ASSIGN, UNPACK, AUGMENTED) and b.value is not None
                   and not isinstance(b.value, ast.Name) and _may_be_known(model, b.value)
                   for b in bindings)
    if isinstance(expr, (ast.Constant, ast.JoinedStr)):
        return True
    if isinstance(expr, ast.Call):
        callee = expr.func
        if isinstance(callee, ast.Attribute) and callee.attr not in _KNOWN_METHODS:
            return model.qualname(callee) is not None
        return True
    if isinstance(expr, ast.Tuple):
        return any(_may_be_known(model, e, function) for e in expr.elts)
    if isinstance(expr, ast.BinOp):
        return _may_be_known(model, expr.left, function) or _may_be_known(model, expr.right, function)
    if isinstance(expr, ast.UnaryOp):
        return _may_be_known(model, expr.operand, function)
    if isinstance(expr, ast.Compare):
        return len(expr.ops) == 1
    if isinstance(expr, ast.Subscript):
        return _may_be_known(model, expr.value, function)
    if isinstance(expr, ast.Attribute):
        return expr.attr in ("T", "mT", "real", "imag") and _may_be_known(model, expr.value, function)
    return False


# JAX functions that call the function they are given (or return a function that does):
# handing a custom_vjp function to one registers nothing.
_CALLING_TRANSFORMS = frozenset({
    "jax.grad", "jax.value_and_grad", "jax.jit", "jax.vmap", "jax.vjp", "jax.jvp", "jax.jacrev",
    "jax.jacfwd", "jax.hessian", "jax.checkpoint", "jax.remat", "jax.linearize",
})


def _only_called(model: ModuleModel, binding: Binding) -> bool:
    """Whether every use of the module-level `binding` in its module calls the function or
    hands it to a JAX transformation: nothing there registers rules for it (`f.defvjp`) or
    lets it out to code that may."""
    for use in model.uses_of(binding):
        parent = use.parent
        if isinstance(parent, ast.Call) and (parent.func is use.node or parent.args
                                             and parent.args[0] is use.node
                                             and model.qualname(parent.func) in _CALLING_TRANSFORMS):
            continue
        return False
    return True


def _custom_vjp_made_without_rules(model: ModuleModel, binding: Binding) -> str | None:
    """For `f = jax.custom_vjp(g)` (the module's one binding of `f`, `g` a plain def of the
    module) when nothing in the module registers rules for `f` nor lets it out
    (`_only_called`): the name JAX gives the function, `g`'s."""
    call = binding.value
    if not isinstance(call, ast.Call) or model.qualname(call.func) != "jax.custom_vjp" \
            or len(call.args) != 1 or call.keywords or not isinstance(call.args[0], ast.Name):
        return None
    wrapped = model.binding_of(call.args[0])
    if wrapped is None or wrapped.kind != DEF or not isinstance(wrapped.node, ast.FunctionDef) \
            or wrapped.node.decorator_list or not _only_called(model, binding):
        return None
    return wrapped.node.name


def _decorator_callee(decorator: ast.expr) -> ast.expr:
    return decorator.func if isinstance(decorator, ast.Call) else decorator


def returned_of(value: Value) -> Returned | None:
    """The part of `value` a summary keeps; None when nothing is."""
    if value.from_jax:
        return None
    words = value.jax_array.words if value.jax_array is not None else None
    if value.type in LEAF_TYPES and isinstance(value.tree, Leaf) and value.tree.kind == value.type:
        return Returned(value.type, value.tree, value.aval, words,
                        value.ref if value.type == "Ref" else None)
    if value.type == "NoneType":
        return Returned("NoneType", NoneNode())
    if value.type == "tuple" and isinstance(value.tree, TupleNode):
        tree = _kept_tree(value.tree)
        if isinstance(tree, TupleNode) and any(c is not UNKNOWN for c in tree.children):
            return Returned("tuple", tree)
        return None
    if words is not None:
        return Returned(None, jax_array=words)
    return None


def _kept_tree(tree: Structure) -> Structure:
    """The structure with only the nodes a summary keeps (the others unknown)."""
    if isinstance(tree, Leaf):
        return tree if tree.kind in LEAF_TYPES else UNKNOWN
    if isinstance(tree, NoneNode):
        return tree
    if isinstance(tree, TupleNode):
        return TupleNode(tuple(_kept_tree(c) for c in tree.children))
    return UNKNOWN


def value_of(returned: Returned, qualname: str) -> Value:
    """The evaluator's value of a call of the function `qualname` whose summary returns
    `returned`."""
    from jaxerr_lsp.analysis.values import JaxArray, Value

    made = JaxArray(f"{returned.jax_array}, returned by `{qualname}`") \
        if returned.jax_array is not None else None
    return Value(returned.type, returned.tree, None, False, returned.aval, made, returned.ref)


# ------------------------------------------------------------------------------ JSON
def summary_to_json(summary: ModuleSummary) -> list[Any]:
    return [_function_to_json(f) for f in summary.functions]


def summary_from_json(value: Any) -> ModuleSummary:
    """The summary back from `summary_to_json`; raises ValueError (or TypeError, KeyError)
    when `value` is not one."""
    if not isinstance(value, list):
        raise ValueError(f"not a module summary: {value!r}")
    return ModuleSummary(tuple(_function_from_json(f) for f in value))


def imported_to_json(imported: Imported) -> list[Any]:
    return [[qualname, _function_to_json(f)] for qualname, f in imported]


def _function_to_json(function: FunctionSummary) -> dict[str, Any]:
    returns = function.returns
    return {"name": function.name, "wrapped": function.wrapped, "plain_class": function.plain_class,
            "custom_vjp_without_rules": function.custom_vjp_without_rules,
            "returns": None if returns is None else {
                "type": returns.type, "tree": _tree_to_json(returns.tree),
                "aval": _aval_to_json(returns.aval), "jax_array": returns.jax_array,
                "ref": _aval_to_json(returns.ref)}}


def _function_from_json(value: Any) -> FunctionSummary:
    raw = value["returns"]
    returns = None if raw is None else Returned(
        _optional_text(raw["type"]), _tree_from_json(raw["tree"]), _aval_from_json(raw["aval"]),
        _optional_text(raw["jax_array"]), _aval_from_json(raw["ref"]))
    name = value["name"]
    if not isinstance(name, str):
        raise ValueError(f"not a name: {name!r}")
    plain_class = value["plain_class"]
    if type(plain_class) is not bool:
        raise ValueError(f"not a flag: {plain_class!r}")
    return FunctionSummary(name, returns, _optional_text(value["wrapped"]), plain_class,
                           _optional_text(value["custom_vjp_without_rules"]))


def _tree_to_json(tree: Structure) -> Any:
    if isinstance(tree, Leaf):
        return ["leaf", tree.kind]
    if isinstance(tree, NoneNode):
        return ["none"]
    if isinstance(tree, TupleNode):
        return ["tuple", [_tree_to_json(c) for c in tree.children]]
    return None


def _tree_from_json(value: Any) -> Structure:
    if value is None:
        return UNKNOWN
    if value[0] == "leaf":
        kind = _optional_text(value[1])
        if kind is None:
            raise ValueError(f"not a leaf: {value!r}")
        return Leaf(kind)
    if value[0] == "none":
        return NoneNode()
    if value[0] == "tuple":
        return TupleNode(tuple(_tree_from_json(c) for c in value[1]))
    raise ValueError(f"not a structure: {value!r}")


def _aval_to_json(aval: Aval | None) -> Any:
    if aval is None:
        return None
    return [None if aval.shape is None else list(aval.shape), aval.dtype, aval.weak]


def _aval_from_json(value: Any) -> Aval | None:
    if value is None:
        return None
    shape, dtype, weak = value
    if shape is not None and not all(type(d) is int for d in shape) or type(weak) is not bool:
        raise ValueError(f"not an aval: {value!r}")
    return Aval(None if shape is None else tuple(shape), _optional_text(dtype), weak)


def _optional_text(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ValueError(f"not a string: {value!r}")
    return value


__all__ = ["FunctionSummary", "Imported", "ModuleSummary", "Returned", "imported_to_json",
           "returned_of", "summarize", "summary_from_json", "summary_to_json", "value_of"]
