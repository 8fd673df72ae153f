"""Which values certainly carry a tangent when JAX differentiates a function of the file in
reverse mode, and through which loops (JXE107's question).

JAX's JVP gives a value a tangent that is not a symbolic zero when it is computed from one that
has one by an operation that passes it on; reverse mode then transposes every linear step the
output's tangent is computed by. A `lax.while_loop` (or a `lax.fori_loop` whose bounds are
traced, which JAX builds as one) on that path cannot be transposed: JAX raises ValueError.

`Tangents(ctx, root, given, jitted).of(expr)` reads an expression of the differentiated
function (the `root` def or lambda, its differentiated parameters in `given`), following the
code as JAX runs it:
- names by code flow (`ModuleModel.reaching`; the bindings that may reach a read must all give
  a tangent, and a binding before a `for` loop that certainly runs and rebinds the name on
  every pass does not reach past it), unpacking, tuple displays and constant indexes;
  a name a nested def reads from its enclosing def (one binding there), read in that def's frame;
- arithmetic (`+ - * / @ **`, unary minus), indexing, `.at[...].set/add/...`, the array methods
  and the `jax.numpy` functions that pass a tangent on (`PASSING`: each argument that does),
  `jnp.where`'s two branches;
- calls of the file's own helpers (a plain def, a lambda, a method of an instance:
  `Tracing.callee`), and of what `jax.vmap`/`jax.jit`/`jax.checkpoint` return for one of them
  (`jax.vmap(lambda r: f(p, r))(rs)`), their parameters given the arguments' tangents, every
  `return` of the helper giving one;
- `lax.while_loop` / `lax.fori_loop`: the carry's parts that get a tangent (those that start
  with one, then, to a fixed point, those the body computes from one: a part or a value it reads
  from an enclosing def); a while loop (or a fori_loop whose bounds are traced: an argument the
  jitted differentiation gives an int, the index of an enclosing fori_loop) is a source of the
  parts it gives a tangent.

What a value holds is a `Tangent`: the set of its sources (`INPUT`, the differentiated
parameters, and the loop calls it went through), empty when it certainly has none that the
code shows (a comparison, `jnp.round`, `lax.stop_gradient`, an integer index, a call of
another module); a tuple of them for a tuple display or a loop's carry. Unknown is empty:
silence.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Union

from jaxerr_lsp.analysis.model import ASSIGN, AUGMENTED, UNPACK, Binding, Scope
from jaxerr_lsp.analysis.values import Signature, bind_arguments
from jaxerr_lsp.families.vjp_application import FunctionNode

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

INPUT = "input"  # the source of the differentiated parameters' tangents
Sources = frozenset[object]  # INPUT and loop calls (ast.Call)
Tangent = Union[Sources, tuple["Tangent", ...]]
NONE: Sources = frozenset()

# jax.numpy / jax.nn / lax functions that pass their arguments' tangents on, with the positions
# of the arguments that do (None: every positional argument). Each passes a nonzero tangent
# for an operand that has one (JAX's JVP rules: linear or differentiable elementwise).
_EVERY = None
PASSING: dict[str, tuple[int, ...] | None] = {
    **{f"jax.numpy.{name}": (0,) for name in (
        "sum", "mean", "sqrt", "exp", "log", "log1p", "expm1", "square", "tanh", "sin", "cos",
        "tan", "abs", "transpose", "reshape", "ravel", "squeeze", "expand_dims", "cumsum",
        "linalg.norm", "negative", "sinh", "cosh", "arctan", "exp2", "power", "flip", "roll",
        "asarray", "array", "atleast_1d", "atleast_2d", "diag", "trace", "prod", "var", "std",
        "linalg.det", "linalg.inv", "cbrt", "reciprocal", "broadcast_to", "tile", "repeat",
        "linalg.eigvalsh", "linalg.cholesky", "linalg.pinv", "triu", "tril", "cumprod", "log2",
        "log10", "arcsin", "arccos", "arcsinh", "arctanh")},
    **{f"jax.numpy.{name}": _EVERY for name in (
        "add", "subtract", "multiply", "divide", "true_divide", "dot", "matmul", "outer",
        "inner", "vdot", "kron", "minimum", "maximum", "logaddexp", "hypot", "linalg.solve")},
    "jax.numpy.clip": (0,),
    "jax.numpy.where": (1, 2),
    "jax.numpy.einsum": _EVERY,
    "jax.nn.logsumexp": (0,),
    "jax.scipy.special.logsumexp": (0,),
    "jax.nn.softplus": (0,),
    "jax.nn.sigmoid": (0,),
    "jax.nn.relu": (0,),
    "jax.nn.softmax": (0,),
    "jax.nn.log_softmax": (0,),
    "jax.lax.reduce_window": (0,),
    "jax.lax.dynamic_slice": (0,),
    "jax.lax.dynamic_update_slice": (0, 1),
}
# jax.numpy functions taking a sequence of arrays as their first argument.
_SEQUENCE = frozenset({"jax.numpy.stack", "jax.numpy.concatenate", "jax.numpy.hstack",
                       "jax.numpy.vstack", "jax.numpy.column_stack"})
# Array methods that pass the array's tangent on (`y.sum()`, `y.reshape(3, 2)`).
_METHODS = frozenset({"sum", "mean", "reshape", "ravel", "squeeze", "transpose", "flatten",
                      "cumsum", "prod", "var", "std", "dot", "conj", "copy", "max", "min"})
_AT_METHODS = frozenset({"set", "add", "multiply", "mul", "divide", "min", "max", "get"})
_ATTRIBUTES = frozenset({"T", "real", "imag", "mT"})
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.MatMult)
_APPLIED = frozenset({"jax.vmap", "jax.jit", "jax.checkpoint", "jax.remat"})
_MAX_STEPS = 4000
_MAX_DEPTH = 40


@dataclass(eq=False)
class Frame:
    """A function JAX runs while differentiating: what its parameters are given (their
    tangents), the frame of the def it is nested in, and its integer index parameter when it
    is a fori_loop body (a tracer: bounds made from it are traced)."""

    function: FunctionNode
    given: dict[str, Tangent] = field(default_factory=dict)
    parent: Frame | None = None
    index: str | None = None
    # Parameters the jitted differentiation gives a Python int or an integer array (traced).
    traced_ints: frozenset[str] = frozenset()
    call: ast.Call | None = None  # the call that runs it (in its caller's code)


@dataclass(frozen=True)
class Loop:
    """A loop on the output's path, and whether JAX builds it as a while loop."""

    call: ast.Call
    kind: str  # "while_loop" or "fori_loop"


def union(a: Tangent, b: Tangent) -> Tangent:
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        return tuple(union(x, y) for x, y in zip(a, b))
    return flat(a) | flat(b)


def meet(a: Tangent, b: Tangent) -> Tangent:
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        return tuple(meet(x, y) for x, y in zip(a, b))
    if isinstance(a, tuple) or isinstance(b, tuple):
        return NONE
    return a & b


def flat(tangent: Tangent) -> Sources:
    """Every source of a value (of each part of a tuple)."""
    if isinstance(tangent, tuple):
        found: set[object] = set()
        for part in tangent:
            found |= flat(part)
        return frozenset(found)
    return tangent


def element(tangent: Tangent, index: int) -> Tangent:
    if isinstance(tangent, tuple):
        return tangent[index] if -len(tangent) <= index < len(tangent) else NONE
    return tangent  # (an element of an array, of a pytree given whole: its leaves have it too)


class Tangents:
    def __init__(self, ctx: Context, root: FunctionNode, given: dict[str, Tangent],
                 traced_ints: frozenset[str] = frozenset()) -> None:
        self.ctx = ctx
        self.model = ctx.model
        self.root = Frame(root, dict(given), None, None, traced_ints)
        self.loops: dict[int, Loop] = {}  # the while loops met, by id(call)
        self._busy: set[tuple[int, int]] = set()
        self._steps = 0

    # ---------------------------------------------------------------- entry points
    def output(self) -> Tangent:
        """What the differentiated function returns (every `return` must give a tangent)."""
        return self._returns(self.root, 0)

    def loops_in(self, tangent: Tangent) -> list[Loop]:
        return sorted((self.loops[id(s)] for s in flat(tangent) if isinstance(s, ast.Call)),
                      key=lambda loop: (loop.call.lineno, loop.call.col_offset))

    # ---------------------------------------------------------------- expressions
    def of(self, expr: ast.expr, frame: Frame, depth: int = 0) -> Tangent:
        self._steps += 1
        if self._steps > _MAX_STEPS or depth > _MAX_DEPTH:
            return NONE
        depth += 1
        kind = type(expr)
        if kind is ast.Name:
            return self._name(expr, frame, depth)  # type: ignore[arg-type]
        if kind is ast.BinOp and isinstance(expr.op, _ARITHMETIC):  # type: ignore[attr-defined]
            return flat(self.of(expr.left, frame, depth)) | flat(self.of(expr.right, frame, depth))  # type: ignore[attr-defined]
        if kind is ast.UnaryOp and isinstance(expr.op, (ast.USub, ast.UAdd)):  # type: ignore[attr-defined]
            return self.of(expr.operand, frame, depth)  # type: ignore[attr-defined]
        if kind is ast.Tuple or kind is ast.List:
            if any(isinstance(e, ast.Starred) for e in expr.elts):  # type: ignore[attr-defined]
                return NONE
            return tuple(self.of(e, frame, depth) for e in expr.elts)  # type: ignore[attr-defined]
        if kind is ast.Subscript:
            return self._subscript(expr, frame, depth)  # type: ignore[arg-type]
        if kind is ast.Attribute and expr.attr in _ATTRIBUTES:  # type: ignore[attr-defined]
            return flat(self.of(expr.value, frame, depth))  # type: ignore[attr-defined]
        if kind is ast.IfExp:
            return meet(self.of(expr.body, frame, depth), self.of(expr.orelse, frame, depth))  # type: ignore[attr-defined]
        if kind is ast.Call:
            return self._call(expr, frame, depth)  # type: ignore[arg-type]
        return NONE

    def _subscript(self, expr: ast.Subscript, frame: Frame, depth: int) -> Tangent:
        base = self.of(expr.value, frame, depth)
        index = expr.slice
        if isinstance(base, tuple):
            if isinstance(index, ast.Constant) and type(index.value) is int:
                return element(base, index.value)
            if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub) \
                    and isinstance(index.operand, ast.Constant) and type(index.operand.value) is int:
                return element(base, -index.operand.value)
            return NONE
        return base  # (indexing an array passes its tangent on)

    # ---------------------------------------------------------------- names
    def _name(self, expr: ast.Name, frame: Frame, depth: int) -> Tangent:
        use = self.model.use_of.get(id(expr))
        if use is None:
            return NONE
        scope = self.model.resolve_scope(expr.id, use.scope)
        if scope is None:
            return NONE
        owner: Frame | None = frame
        while owner is not None and owner.function is not scope.node:
            owner = owner.parent
        if owner is None:
            return NONE  # (a module-level name, a def not being run: no tangent)
        if scope.node is use.scope.node:
            bindings = self.model.reaching(expr)
        else:  # (read from an enclosing def: what reaches the call that runs it there)
            bindings = self._closure_bindings(expr.id, scope, owner, frame)
        if not bindings:
            return NONE
        bindings = self._past_loops(expr, bindings)
        found: Tangent | None = None
        for binding in bindings:
            tangent = self._binding(binding, owner, depth)
            if tangent is None:
                continue  # (being read: a name a loop carries, met with what it starts from)
            found = tangent if found is None else meet(found, tangent)
        return NONE if found is None else found

    def _closure_bindings(self, name: str, scope: Scope, owner: Frame, frame: Frame) -> list[Binding] | None:
        """The bindings of a name a nested function reads from the def `owner` runs: those that
        reach the statement of that def where the call that runs the nested function is made
        (`jax.vmap(lambda r: f(p, r))(rs)`, `lax.while_loop(cond, body, init)`); else its one
        binding there."""
        inner = frame
        while inner.parent is not None and inner.parent is not owner:
            inner = inner.parent
        call = inner.call
        if call is not None and self.model.call_scope.get(id(call)) is scope:
            statement = self._statement_of(owner.function, call)
            if statement is not None:
                found = self.model.reaching_before(name, scope, statement)
                if found:
                    return found
        sole = self.model.sole_binding(name, scope)
        return [sole] if sole is not None else None

    def _statement_of(self, function: FunctionNode, node: ast.AST) -> ast.stmt | None:
        path = self.model.path_to(function, node)
        statements = [step for step in path or () if isinstance(step, ast.stmt)]
        return statements[-1] if statements and statements[-1] is not function else None

    def _binding(self, binding: Binding, frame: Frame, depth: int) -> Tangent | None:
        """What a binding gives the name in `frame`; None for a binding being read (its value
        depends on itself: a name a loop rebinds from its own value)."""
        if isinstance(binding.node, ast.arg):
            if binding.name == frame.index:
                return NONE
            return frame.given.get(binding.name, NONE)
        key = (id(binding), id(frame))
        if key in self._busy:
            return None
        self._busy.add(key)
        try:
            value = binding.value
            if value is None:
                return NONE
            if binding.kind in (ASSIGN, AUGMENTED):
                return self.of(value, frame, depth)  # (`x += y`: y's, at least)
            if binding.kind == UNPACK:
                tangent = self.of(value, frame, depth)
                for position in binding.index:
                    tangent = element(tangent, position)
                return tangent
            return NONE
        finally:
            self._busy.discard(key)

    def _past_loops(self, expr: ast.Name, bindings: list[Binding]) -> list[Binding]:
        """Leave out the bindings from before a `for` loop that certainly runs (`range` of
        constants, a non-empty display), holds no `break`, rebinds the name in a statement of
        its own body (not in a branch) and ends before the read: the read sees that rebinding."""
        if len(bindings) < 2:
            return bindings
        for loop in self._loops_before(expr):
            inside = [b for b in bindings if _in_body(loop, b)]
            if inside and any(self._rebinds_every_pass(loop, b) for b in inside):
                bindings = [b for b in bindings if b in inside or b.line > (loop.end_lineno or 0)]
        return bindings

    def _loops_before(self, expr: ast.Name) -> list[ast.For]:
        use = self.model.use_of.get(id(expr))
        if use is None:
            return []
        body = getattr(use.scope.node, "body", None)
        if not isinstance(body, list):
            return []
        found = []
        for statement in body:  # (the loops of the def's own statements)
            if statement.lineno >= expr.lineno:
                break
            if isinstance(statement, ast.For) and (statement.end_lineno or 0) < expr.lineno \
                    and self.ctx.values.runs_once_at_least(statement.iter) is True \
                    and not self._breaks(statement):
                found.append(statement)
        return found

    def _rebinds_every_pass(self, loop: ast.For, binding: Binding) -> bool:
        """The binding is an assignment statement of the loop's own body (not in a branch)."""
        path = self.model.path_to(loop, binding.node)
        return path is not None and len(path) > 1 and any(s is path[1] for s in loop.body) \
            and isinstance(path[1], (ast.Assign, ast.AnnAssign, ast.AugAssign))

    def _breaks(self, loop: ast.For) -> bool:
        """Whether a `break` may end the loop (one not inside an inner loop or def)."""
        for found in self.model.nodes_in(loop, ast.Break):
            path = self.model.path_to(loop, found) or []
            if not any(isinstance(step, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef,
                                         ast.AsyncFunctionDef, ast.Lambda)) for step in path[1:]):
                return True
        return False

    # ---------------------------------------------------------------- calls
    def _call(self, call: ast.Call, frame: Frame, depth: int) -> Tangent:
        func = call.func
        site = self.model.call_site(call)
        if site is not None:
            if not site.complete or site.partial is not None \
                    or any(isinstance(a, ast.Starred) for a in site.args):
                return NONE
            qualname = site.qualname
            if qualname == "jax.lax.while_loop" and len(site.args) == 3 and not site.keywords:
                return self._loop(call, site.args[1], site.args[2], frame, depth, "while_loop", None)
            if qualname == "jax.lax.fori_loop" and len(site.args) == 4 and not site.keywords:
                traced = self._traced_int(site.args[0], frame) or self._traced_int(site.args[1], frame)
                return self._loop(call, site.args[2], site.args[3], frame, depth,
                                  "fori_loop" if traced else None, "index")
            if qualname in _SEQUENCE and site.args:
                return flat(self.of(site.args[0], frame, depth))
            if qualname in PASSING:
                positions = PASSING[qualname]
                chosen = site.args if positions is None else [site.args[p] for p in positions
                                                             if p < len(site.args)]
                found: Sources = NONE
                for argument in chosen:
                    found |= flat(self.of(argument, frame, depth))
                return found
            return NONE
        if isinstance(func, ast.Attribute):
            if func.attr in _METHODS:
                return flat(self.of(func.value, frame, depth))
            at = func.value
            if func.attr in _AT_METHODS and isinstance(at, ast.Subscript) \
                    and isinstance(at.value, ast.Attribute) and at.value.attr == "at":
                found = flat(self.of(at.value.value, frame, depth))
                for argument in call.args[:1]:
                    found |= flat(self.of(argument, frame, depth))
                return found
        return self._helper(call, frame, depth)

    def _helper(self, call: ast.Call, frame: Frame, depth: int) -> Tangent:
        """A function of the file the call runs: a helper, or what a transformation that keeps
        the tangents returns for one (`jax.vmap(f)(x)`)."""
        callee = self._callee(call)
        if callee is None:
            return NONE
        function, signature, args, keywords = callee
        bound = bind_arguments(signature, args, keywords)
        if bound is None or bound.extra_positional or bound.extra_keywords:
            return NONE
        given = {name: self.of(value, frame, depth) for name, value in bound.given.items()}
        inner = Frame(function, given, self._enclosing_frame(function, frame), call=call)
        return self._returns(inner, depth)

    def _callee(self, call: ast.Call) -> tuple[
            FunctionNode, Signature, list[ast.expr], list[ast.keyword]] | None:
        func = call.func
        if isinstance(func, ast.Call):  # `jax.vmap(f, ...)(x)`
            site = self.model.call_site(func)
            if site is None or site.qualname not in _APPLIED or not site.args:
                return None
            function = self.model.function_of(site.args[0])
            if function is None or isinstance(function, ast.FunctionDef) and function.decorator_list:
                return None
            return function, Signature.of(function.args), list(call.args), list(call.keywords)
        return self.ctx.tracing.callee(call, lambdas=True)

    def _enclosing_frame(self, function: FunctionNode, frame: Frame) -> Frame | None:
        """The frame of the def `function` is nested in, when that def is being run."""
        scope = self.model.scope_of_node.get(id(function))
        outer = scope.parent if scope is not None else None
        while outer is not None and outer.kind not in ("function", "lambda"):
            outer = outer.parent
        if outer is None:
            return None
        owner: Frame | None = frame
        while owner is not None and owner.function is not outer.node:
            owner = owner.parent
        return owner

    def _returns(self, frame: Frame, depth: int) -> Tangent:
        function = frame.function
        if isinstance(function, ast.Lambda):
            return self.of(function.body, frame, depth)
        returns = self.model.returns_of(function)
        if not returns.returns or returns.suspends or any(r.value is None for r in returns.returns):
            return NONE
        found: Tangent | None = None
        for statement in returns.returns:
            tangent = self.of(statement.value, frame, depth)  # type: ignore[arg-type]
            found = tangent if found is None else meet(found, tangent)
        return NONE if found is None else found

    # ---------------------------------------------------------------- loops
    def _loop(self, call: ast.Call, body: ast.expr, init: ast.expr, frame: Frame, depth: int,
              kind: str | None, index: str | None) -> Tangent:
        """The carry's parts that get a tangent, to a fixed point over the body; each with
        the loop as a source when JAX builds it as a while loop (`kind`)."""
        function = self.model.function_of(body)
        start = self.of(init, frame, depth)
        if function is None or (isinstance(function, ast.FunctionDef) and function.decorator_list):
            return NONE
        parameters = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        if function.args.vararg is not None or len(parameters) != (2 if index else 1):
            return NONE
        parent = self._enclosing_frame(function, frame)
        carry = start
        for _ in range(8):
            inner = Frame(function, {parameters[-1]: carry}, parent,
                          parameters[0] if index else None, call=call)
            grown = union(start, _shaped_like(self._returns(inner, depth), start))
            if grown == carry:
                break
            carry = grown
        if kind is None:
            return carry
        self.loops[id(call)] = Loop(call, kind)
        return _with_source(carry, call)

    def _traced_int(self, bound: ast.expr, frame: Frame) -> bool:
        """A loop bound jit traces: the index of an enclosing fori_loop body, or a parameter
        the jitted differentiation gives an integer, or arithmetic of one with ints."""
        if isinstance(bound, ast.BinOp) and isinstance(bound.op, (ast.Add, ast.Sub, ast.Mult)):
            sides = (bound.left, bound.right)
            return any(self._traced_int(s, frame) for s in sides) and all(
                self._traced_int(s, frame) or isinstance(s, ast.Constant) and type(s.value) is int
                for s in sides)
        if not isinstance(bound, ast.Name):
            return False
        use = self.model.use_of.get(id(bound))
        scope = self.model.resolve_scope(bound.id, use.scope) if use is not None else None
        owner: Frame | None = frame
        while owner is not None and (scope is None or owner.function is not scope.node):
            owner = owner.parent
        if owner is None:
            return False
        binding = self.model.sole_binding(bound.id, scope) if scope is not None else None
        if binding is None or not isinstance(binding.node, ast.arg):
            return False
        return bound.id == owner.index or bound.id in owner.traced_ints


def _with_source(tangent: Tangent, source: ast.Call) -> Tangent:
    if isinstance(tangent, tuple):
        return tuple(_with_source(part, source) for part in tangent)
    return tangent | {source} if tangent else tangent


def _shaped_like(tangent: Tangent, like: Tangent) -> Tangent:
    """`tangent` as a carry of the structure of `like` (a body returning another structure:
    nothing is known)."""
    if isinstance(like, tuple):
        return tangent if isinstance(tangent, tuple) and len(tangent) == len(like) else \
            tuple(NONE for _ in like)
    return flat(tangent) if not isinstance(tangent, tuple) else NONE


def _in_body(loop: ast.For, binding: Binding) -> bool:
    return loop.lineno < binding.line <= (loop.end_lineno or loop.lineno)
