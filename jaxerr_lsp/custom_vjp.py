"""`custom_vjp` functions registered with `defvjp_with_logs`, and what their bwd rules return.

Shared by the two rules about `defvjp_with_logs` bwd rules (JXE002, JXE003).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Iterator

from jaxerr_lsp.context import Context
from jaxerr_lsp.model import ASSIGN, DEF, UNPACK, Binding, ModuleModel
from jaxerr_lsp.pytree import ARRAY_METHODS, is_array_call, returns_or_yields

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


@dataclass(frozen=True)
class Registration:
    call: ast.Call  # f.defvjp_with_logs(fwd, bwd)
    bwd: FunctionNode
    # How many cotangents bwd must return (the primal's positional parameters minus
    # nondiff_argnums); None when the code does not show it.
    arity: int | None


@dataclass(frozen=True)
class Kind:
    """What an expression certainly evaluates to, as far as the code shows."""

    type_name: str | None  # the Python type name JAX would print, or None when unknown
    pair: tuple[ast.expr, ast.expr] | None = None  # the two elements, for a 2-element tuple/list
    length: int | None = None  # for tuple/list literals


UNKNOWN_KIND = Kind(None)

_CONSTANT_TYPES = {str: "str", bytes: "bytes", bool: "bool", int: "int", float: "float",
                   complex: "complex", type(...): "ellipsis", type(None): "NoneType"}
_DISPLAY_TYPES = {ast.List: "list", ast.ListComp: "list", ast.Set: "set", ast.SetComp: "set",
                  ast.Dict: "dict", ast.DictComp: "dict", ast.GeneratorExp: "generator",
                  ast.Lambda: "function", ast.JoinedStr: "str"}
_CALL_TYPES = {"builtins.dict": "dict", "builtins.list": "list", "builtins.tuple": "tuple",
               "builtins.set": "set", "builtins.frozenset": "frozenset", "builtins.str": "str",
               "builtins.int": "int", "builtins.float": "float", "builtins.bool": "bool",
               "collections.OrderedDict": "OrderedDict", "collections.defaultdict": "defaultdict",
               "collections.Counter": "Counter", "builtins.sorted": "list", "builtins.len": "int",
               "builtins.repr": "str", "builtins.format": "str"}
_ARITHMETIC = (ast.Mult, ast.Div, ast.MatMult, ast.Sub, ast.Pow, ast.FloorDiv, ast.Mod)


def _is_custom_vjp(model: ModuleModel, expr: ast.expr) -> tuple[bool, ast.Call | None]:
    """Whether `expr` is `jax.custom_vjp` or `partial(jax.custom_vjp, ...)` (and that call)."""
    if model.qualname(expr) == "jax.custom_vjp":
        return True, None
    if isinstance(expr, ast.Call) and model.qualname(expr.func) == "functools.partial" \
            and expr.args and model.qualname(expr.args[0]) == "jax.custom_vjp":
        return True, expr
    return False, None


def _nondiff_count(options: ast.Call | None) -> int | None:
    if options is None:
        return 0
    for keyword in options.keywords:
        if keyword.arg is None:
            return None
        if keyword.arg == "nondiff_argnums":
            value = keyword.value
            if isinstance(value, (ast.Tuple, ast.List)) and all(
                    isinstance(e, ast.Constant) and isinstance(e.value, int) for e in value.elts):
                return len(value.elts)
            return None
    return 0


def _positional_count(function: FunctionNode) -> int | None:
    args = function.args
    if args.vararg or args.kwonlyargs:
        return None
    return len(args.posonlyargs) + len(args.args)


def _arity(function: FunctionNode | None, nondiff: int | None) -> int | None:
    if function is None or nondiff is None:
        return None
    count = _positional_count(function)
    return None if count is None else count - nondiff


def _custom_vjp_primal(model: ModuleModel, receiver: ast.expr) -> tuple[bool, int | None]:
    """Whether `receiver` certainly is a custom_vjp function, and its cotangent count."""
    if not isinstance(receiver, ast.Name):
        return False, None
    binding = model.binding_of(receiver)
    if binding is None:
        return False, None
    if binding.kind == DEF and isinstance(binding.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        decorators = binding.node.decorator_list
        if not decorators:
            return False, None
        is_vjp, options = _is_custom_vjp(model, decorators[0])  # the outermost decorator
        if not is_vjp:
            return False, None
        inner_decorated = len(decorators) > 1
        return True, None if inner_decorated else _arity(binding.node, _nondiff_count(options))
    if binding.kind == ASSIGN and isinstance(binding.value, ast.Call):
        call = binding.value
        if model.qualname(call.func) == "jax.custom_vjp" and call.args:
            return True, _arity(_function_of(model, call.args[0]), _nondiff_count(call))
        is_vjp, options = _is_custom_vjp(model, call.func)
        if is_vjp and options is not None and call.args:
            return True, _arity(_function_of(model, call.args[0]), _nondiff_count(options))
    return False, None


def _function_of(model: ModuleModel, expr: ast.expr) -> FunctionNode | None:
    if isinstance(expr, ast.Lambda):
        return expr
    if isinstance(expr, ast.Name):
        binding = model.binding_of(expr)
        if binding is None:
            return None
        if binding.kind == DEF and isinstance(binding.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if binding.node.decorator_list:
                return None  # a decorator may change what the function returns
            return binding.node
        if binding.kind == ASSIGN and isinstance(binding.value, ast.Lambda):
            return binding.value
    return None


def find_registrations(ctx: Context) -> list[Registration]:
    model = ctx.model
    found = []
    for call in model.attribute_calls.get("defvjp_with_logs", ()):
        assert isinstance(call.func, ast.Attribute)
        is_vjp, arity = _custom_vjp_primal(model, call.func.value)
        if not is_vjp:
            continue
        bwd_expr: ast.expr | None = call.args[1] if len(call.args) >= 2 else None
        for keyword in call.keywords:
            if keyword.arg == "bwd":
                bwd_expr = keyword.value
        if bwd_expr is None or isinstance(bwd_expr, ast.Starred):
            continue
        bwd = _function_of(model, bwd_expr)
        if bwd is None or isinstance(bwd, ast.AsyncFunctionDef):
            continue
        found.append(Registration(call, bwd, arity))
    return found


def returned_values(function: FunctionNode) -> Iterator[tuple[ast.expr | None, ast.AST]]:
    """(value, node) for each return of `function` (value None for a bare `return`). A
    generator yields nothing here: what it returns is not what JAX sees."""
    if isinstance(function, ast.Lambda):
        yield function.body, function.body
        return
    returns: list[ast.Return] = []
    may_raise = False
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom, ast.Await)):
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return):
            returns.append(node)
        if isinstance(node, (ast.Raise, ast.Assert)):
            may_raise = True
        stack.extend(ast.iter_child_nodes(node))
    if not returns and not may_raise:
        # No return and no raise anywhere: every call ends by returning None.
        yield None, function
        return
    for node in sorted(returns, key=lambda r: (r.lineno, r.col_offset)):
        yield node.value, node


class Classifier:
    """Decides what a bwd rule's returned expressions certainly are."""

    def __init__(self, ctx: Context, bwd: FunctionNode) -> None:
        self.model = ctx.model
        self.bwd = bwd
        scope = ctx.model.scope_of_node.get(id(bwd))
        self.parameters = {a.arg for a in (*bwd.args.posonlyargs, *bwd.args.args)}
        self.scope = scope

    def assignment(self, name: ast.Name) -> Binding | None:
        binding = self.model.binding_of(name)
        if binding is None or binding.kind != ASSIGN or binding.value is None:
            return None
        return binding

    def kind(self, expr: ast.expr, depth: int = 0) -> Kind:
        if depth > 20:
            return UNKNOWN_KIND
        if isinstance(expr, (ast.Tuple, ast.List)):
            if any(isinstance(e, ast.Starred) for e in expr.elts):
                return UNKNOWN_KIND
            name = "tuple" if isinstance(expr, ast.Tuple) else "list"
            pair = (expr.elts[0], expr.elts[1]) if len(expr.elts) == 2 else None
            return Kind(name, pair, len(expr.elts))
        if isinstance(expr, ast.Constant):
            return Kind(_CONSTANT_TYPES.get(type(expr.value)))
        for display, name in _DISPLAY_TYPES.items():
            if isinstance(expr, display):
                if isinstance(expr, ast.ListComp):
                    return Kind("list")  # a list of unknown length; never a known pair
                return Kind(name)
        if isinstance(expr, ast.Name):
            binding = self.assignment(expr)
            if binding is None:
                return UNKNOWN_KIND
            inner = self.kind(binding.value, depth + 1)  # type: ignore[arg-type]
            if inner.length is not None and inner.type_name == "list" and self.model.is_mutated(binding):
                return Kind("list")  # still a list, but its length may change
            return inner
        if isinstance(expr, ast.Call):
            array = is_array_call(self.model, expr)
            if array is not None:
                return Kind(array)  # ArrayImpl, ndarray or Ref: the name JAX prints
            function = expr.func
            if isinstance(function, ast.Attribute) and function.attr in ARRAY_METHODS \
                    and self._jax_value(function.value):
                return Kind("ArrayImpl")  # g.sum(), x.reshape(...) on a value JAX gave the rule
            qualname = self.model.qualname(function)
            if qualname in _CALL_TYPES:
                return Kind(_CALL_TYPES[qualname])
            if qualname is None:
                return self._helper_type(expr, depth)
            return UNKNOWN_KIND
        if self.is_array_arithmetic(expr):
            return Kind("ArrayImpl")
        return UNKNOWN_KIND

    def _helper_type(self, call: ast.Call, depth: int) -> Kind:
        """The type a call to the file's own small helper returns (a plain def whose body
        ends in its only return); only the type: its elements live in the helper."""
        if not isinstance(call.func, ast.Name):
            return UNKNOWN_KIND
        binding = self.model.binding_of(call.func)
        helper = binding.node if binding is not None and binding.kind == DEF else None
        if not isinstance(helper, ast.FunctionDef) or helper.decorator_list or not helper.body:
            return UNKNOWN_KIND
        last = helper.body[-1]
        if not isinstance(last, ast.Return) or last.value is None or returns_or_yields(helper) != 1:
            return UNKNOWN_KIND
        return Kind(self.kind(last.value, depth + 1).type_name)

    def _jax_value(self, expr: ast.expr, depth: int = 0) -> bool:
        """A value JAX hands the bwd rule (its residuals or cotangents), or one unpacked or
        indexed from them, or arithmetic on those: an array when it is not a container."""
        if depth > 20:
            return False
        if isinstance(expr, ast.Name):
            use = self.model.use_of.get(id(expr))
            if use is None:
                return False
            scope = self.model.resolve_scope(expr.id, use.scope)
            if scope is self.scope and expr.id in self.parameters:
                bindings = scope.bindings.get(expr.id, [])
                return len(bindings) == 1
            binding = self.model.binding_of(expr)
            if binding is None or binding.scope is not self.scope:
                return False
            if binding.kind == UNPACK and isinstance(binding.value, ast.Name):
                return self._jax_value(binding.value, depth + 1) and binding.value.id in self.parameters
            if binding.kind == ASSIGN and binding.value is not None:
                return self.is_array_arithmetic(binding.value, depth + 1) or \
                    is_array_call(self.model, binding.value) is not None
            return False
        return False

    def is_array_arithmetic(self, expr: ast.expr, depth: int = 0) -> bool:
        """`g * x` and the like, where every operand is a number, an array or a value JAX gave
        the bwd rule, and at least one operand is not a number."""
        if depth > 20:
            return False
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
            return self.is_array_arithmetic(expr.operand, depth + 1) or self._jax_value(expr.operand, depth + 1)
        if not isinstance(expr, ast.BinOp) or not isinstance(expr.op, _ARITHMETIC):
            return False
        operands = (expr.left, expr.right)
        seen_array = False
        for operand in operands:
            if isinstance(operand, ast.Constant) and isinstance(operand.value, (int, float)) \
                    and not isinstance(operand.value, bool):
                if isinstance(operand.value, int) and isinstance(expr.op, ast.Mult):
                    return False  # a tuple times an int is a longer tuple
                continue
            if self._jax_value(operand, depth + 1) or self.is_array_arithmetic(operand, depth + 1) \
                    or is_array_call(self.model, operand) is not None:
                seen_array = True
                continue
            return False
        return seen_array
