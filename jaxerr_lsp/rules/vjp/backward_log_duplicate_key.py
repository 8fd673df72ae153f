"""JXE030 backward-log-duplicate-key.

What it does: finds a custom_vjp function registered with `defvjp_with_logs` whose bwd rule
always logs the same constant keys (every return is `(in_cts, {"key": ...})`), applied two or
more times in one differentiated computation: the body of a function of this file passed to
`jax.grad`, `jax.value_and_grad` or `jax.vjp`, where each application takes a differentiated
parameter and its result certainly reaches the function's output (`return f(x) + f(x)`, names
assigned once, a `for _ in range(3):` loop accumulating `total = total + f(x)` or chaining
`x = f(x)`).

Why is this bad: every application runs the bwd rule in the same backward pass, each logging
the same key, and JAX raises ValueError when it merges the second one, even when the logs are
never read (a plain `jax.grad`).

Deliberately silent: applications on values that are not differentiated (constants, nondiff
arguments), results that are discarded or pass through `stop_gradient` (JAX then skips the
bwd rule), applications only in the aux output of `has_aux=True`, applications under
`lax.scan`, `fori_loop`, `vmap` or `cond`, calls in branches, decorated functions, and anything
the code does not show.

Fix: log nothing from the bwd rule (unsafe: the logged values are dropped); which unique key
names to use instead is the author's choice.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from jaxerr_lsp.families.custom_vjp import CustomVjp, Registration, custom_vjp_of, registrations, returned_values
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.analysis.model import ASSIGN, DEF, Scope
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.analysis.values import Signature

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

DifferentiatedFunction = ast.FunctionDef | ast.Lambda

# jax.numpy functions whose derivative is not identically zero: a cotangent flows through.
_SMOOTH = frozenset("""
sum mean sin cos tan tanh sinh cosh exp log log1p expm1 sqrt square dot matmul multiply add
subtract divide negative power
""".split())
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.MatMult, ast.Pow)
_MAX_DEPTH = 60  # deeper expressions are left alone (silence), never a RecursionError


@dataclass(frozen=True)
class DuplicateLogKey(RuleData):
    key: str  # repr of the key logged twice
    application: Span  # the application reported (the second one, or the one in a loop)
    logs: tuple[Span, ...]  # the logs dict display of each return of the bwd rule


@dataclass(frozen=True)
class Application:
    call: ast.Call  # f(...) in the differentiated function
    times: int  # how many times it runs in one pass (a `for _ in range(N)` loop: N)


def constant_log_keys(registration: Registration) -> tuple[object, ...] | None:
    """The keys the bwd rule logs on every call, in order, when every return is a pair whose
    logs are a dict display with constant keys (the same keys on every path)."""
    bwd = registration.bwd
    if bwd is None:
        return None
    found: tuple[object, ...] | None = None
    for value, _node in returned_values(bwd):
        if not isinstance(value, ast.Tuple) or len(value.elts) != 2:
            return None
        logs = value.elts[1]
        if not isinstance(logs, ast.Dict) or not logs.keys:
            return None
        keys: list[object] = []
        for key in logs.keys:
            if not isinstance(key, ast.Constant) or not isinstance(key.value, (str, int)):
                return None
            if key.value not in keys:
                keys.append(key.value)
        if found is not None and tuple(keys) != found:
            return None
        found = tuple(keys)
    return found


@dataclass(frozen=True)
class Differentiated:
    """A function of this file passed to jax.grad / value_and_grad / vjp."""

    function: DifferentiatedFunction
    params: frozenset[str]  # its differentiated parameters
    call: ast.Call  # the jax.grad(...) call
    has_aux: bool  # it returns (output, aux); only the output is differentiated


def _differentiated_functions(ctx: Context) -> Iterator[Differentiated]:
    for qualname in ("jax.grad", "jax.value_and_grad", "jax.vjp"):
        for site in ctx.model.calls_to(qualname):
            if site.partial is not None or not site.args or any(
                    isinstance(a, ast.Starred) for a in site.args):
                continue
            function = _function(ctx, site.args[0])
            if function is None:
                continue
            signature = Signature.of(function.args)
            if signature.vararg or signature.kwarg:
                continue
            options = _options(site.keywords, allowed=("has_aux",) if qualname == "jax.vjp"
                               else ("has_aux", "argnums", "allow_int"))
            if options is None:
                continue
            argnums, has_aux = options
            if qualname == "jax.vjp":
                names = signature.positional[:len(site.args) - 1]
            elif any(n >= len(signature.positional) for n in argnums):
                continue
            else:
                names = tuple(signature.positional[n] for n in argnums)
            yield Differentiated(function, frozenset(names), site.call, has_aux)


def _function(ctx: Context, expr: ast.expr) -> DifferentiatedFunction | None:
    if isinstance(expr, ast.Lambda):
        return expr
    if not isinstance(expr, ast.Name):
        return None
    binding = ctx.model.binding_of(expr)
    if binding is not None and binding.kind == DEF and isinstance(binding.node, ast.FunctionDef) \
            and not binding.node.decorator_list:
        return binding.node
    return None


def _options(keywords: tuple[ast.keyword, ...],
             allowed: tuple[str, ...]) -> tuple[tuple[int, ...], bool] | None:
    """(argnums, has_aux) as literals (argnums 0 and has_aux False when absent); None when an
    option is not a literal or is one that changes what is differentiated."""
    argnums: tuple[int, ...] = (0,)
    has_aux = False
    for keyword in keywords:
        value = keyword.value
        if keyword.arg not in allowed:
            return None
        if keyword.arg == "argnums":
            if isinstance(value, ast.Constant) and type(value.value) is int:
                argnums = (value.value,)
            elif isinstance(value, ast.Tuple) and value.elts and all(
                    isinstance(e, ast.Constant) and type(e.value) is int for e in value.elts):
                argnums = tuple(e.value for e in value.elts)  # type: ignore[attr-defined]
            else:
                return None
        elif keyword.arg == "has_aux":
            if not (isinstance(value, ast.Constant) and type(value.value) is bool):
                return None
            has_aux = value.value
    if any(n < 0 for n in argnums):
        return None
    return argnums, has_aux


class _Flow:
    """What reaches the output of one differentiated function: applications of one
    custom_vjp function on values that depend on its differentiated parameters."""

    def __init__(self, ctx: Context, differentiated: Differentiated, custom_vjp: CustomVjp) -> None:
        self.ctx = ctx
        self.function = differentiated.function
        self.scope: Scope | None = ctx.model.scope_of_node.get(id(self.function))
        self.params = differentiated.params
        self.has_aux = differentiated.has_aux
        self.custom_vjp = custom_vjp
        self.found: list[Application] = []
        self._seen: set[int] = set()

    # -------------------------------------------------------------------- the output
    def applications(self) -> list[Application]:
        output = self._output()
        if output is None or self.scope is None:
            return []
        self._reach(output, 1)
        return self.found

    def _output(self) -> ast.expr | None:
        """The function's one differentiated result: a lambda's body, or a def's single
        `return` that ends its body (with has_aux, the first element of the pair)."""
        function = self.function
        if isinstance(function, ast.Lambda):
            output: ast.expr | None = function.body
        else:
            returns = list(returned_values(function))
            if len(returns) != 1 or returns[0][1] is not function.body[-1]:
                return None
            output = returns[0][0]
        if self.has_aux:
            if not isinstance(output, ast.Tuple) or len(output.elts) != 2 \
                    or isinstance(output.elts[0], ast.Starred):
                return None
            return output.elts[0]
        return output

    def _reach(self, expr: ast.expr, times: int, depth: int = 0) -> None:
        """Record the applications whose result certainly flows into `expr`."""
        if id(expr) in self._seen or depth > _MAX_DEPTH:
            return
        self._seen.add(id(expr))
        depth += 1
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, _ARITHMETIC):
            self._reach(expr.left, times, depth)
            self._reach(expr.right, times, depth)
        elif isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
            self._reach(expr.operand, times, depth)
        elif isinstance(expr, ast.Call):
            if self._is_application(expr):
                if self._depends(expr):
                    self.found.append(Application(expr, times))
            elif self._is_smooth(expr):
                for argument in expr.args:
                    self._reach(argument, times, depth)
        elif isinstance(expr, ast.Name):
            value = self._assigned_once(expr)
            if value is not None:
                self._reach(value, times, depth)
            else:
                self._reach_loop(expr)

    def _reach_loop(self, name: ast.Name) -> None:
        """`for _ in range(N):` at the function's top level that accumulates into `name`
        (`name = name + E`, `name += E`) or chains it (`name = f(name)` for a differentiated
        parameter `name`): the applications in E run N times."""
        function, scope = self.function, self.scope
        use = self.ctx.model.use_of.get(id(name))
        if isinstance(function, ast.Lambda) or scope is None or use is None \
                or use.scope is not scope:
            return
        for statement in function.body:
            count = _loop_count(self.ctx, statement)
            if count is None:
                continue
            assert isinstance(statement, ast.For)
            end = statement.end_lineno or statement.lineno
            if any(b.line > end for b in scope.bindings.get(name.id, [])):
                continue  # rebound after the loop: what the loop built may not be returned
            for inner in statement.body:
                self._reach_loop_statement(inner, name.id, count)

    def _reach_loop_statement(self, statement: ast.stmt, name: str, count: int) -> None:
        if isinstance(statement, ast.AugAssign) and isinstance(statement.op, ast.Add) \
                and isinstance(statement.target, ast.Name) and statement.target.id == name:
            self._reach(statement.value, count)
            return
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name) and statement.targets[0].id == name):
            return
        value = statement.value
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
            for side, other in ((value.left, value.right), (value.right, value.left)):
                if isinstance(side, ast.Name) and side.id == name:
                    self._reach(other, count)
            return
        if isinstance(value, ast.Call) and self._is_application(value) and name in self.params \
                and self._only_parameter_and_this(name, statement) \
                and any(isinstance(a, ast.Name) and a.id == name
                        for a in self._differentiable_arguments(value)):
            self.found.append(Application(value, count))

    def _only_parameter_and_this(self, name: str, statement: ast.stmt) -> bool:
        """Whether `name` is bound only as the parameter and by `statement` (so what
        `statement` applies the function to always comes from the parameter)."""
        assert self.scope is not None
        bindings = self.scope.bindings.get(name, [])
        return all(isinstance(b.node, ast.arg) or (
            isinstance(statement, ast.Assign) and b.node is statement.targets[0])
            for b in bindings)

    # -------------------------------------------------------------------- the inputs
    def _depends(self, expr: ast.expr) -> bool:
        """Whether an application takes, at a differentiable position, a value computed
        from a differentiated parameter."""
        assert isinstance(expr, ast.Call)
        return any(self._from_parameter(a) for a in self._differentiable_arguments(expr))

    def _differentiable_arguments(self, call: ast.Call) -> list[ast.expr]:
        nondiff = self.custom_vjp.nondiff_argnums
        if nondiff is None or call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
            return []
        return [a for i, a in enumerate(call.args) if i not in nondiff]

    def _from_parameter(self, expr: ast.expr, depth: int = 0) -> bool:
        if depth > _MAX_DEPTH:
            return False
        if isinstance(expr, ast.Name):
            if self._is_parameter(expr):
                return True
            value = self._assigned_once(expr)
            return value is not None and self._from_parameter(value, depth + 1)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, _ARITHMETIC):
            return self._from_parameter(expr.left, depth + 1) or \
                self._from_parameter(expr.right, depth + 1)
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
            return self._from_parameter(expr.operand, depth + 1)
        if isinstance(expr, ast.Call) and self._is_smooth(expr):
            return any(self._from_parameter(a, depth + 1) for a in expr.args)
        return False

    def _is_parameter(self, name: ast.Name) -> bool:
        """A differentiated parameter of the function, never rebound."""
        if name.id not in self.params:
            return False
        use = self.ctx.model.use_of.get(id(name))
        if use is None or self.ctx.model.resolve_scope(name.id, use.scope) is not self.scope \
                or use.scope is not self.scope:
            return False
        assert self.scope is not None
        bindings = self.scope.bindings.get(name.id, [])
        return len(bindings) == 1 and isinstance(bindings[0].node, ast.arg)

    # -------------------------------------------------------------------- helpers
    def _assigned_once(self, name: ast.Name) -> ast.expr | None:
        """The value of a name the function assigns once, outside any branch."""
        use = self.ctx.model.use_of.get(id(name))
        if use is None or use.scope is not self.scope:
            return None
        binding = self.ctx.model.binding_of(name)
        if binding is None or binding.kind != ASSIGN or binding.scope is not self.scope \
                or binding.branch != () or binding.value is None:
            return None
        return binding.value

    def _is_application(self, call: ast.Call) -> bool:
        """A call of the custom_vjp function, from this function's own body."""
        if not isinstance(call.func, ast.Name):
            return False
        use = self.ctx.model.use_of.get(id(call.func))
        if use is None or use.scope is not self.scope:
            return False
        found = custom_vjp_of(self.ctx.model, call.func)
        return found is not None and found.definition is self.custom_vjp.definition

    def _is_smooth(self, call: ast.Call) -> bool:
        qualname = self.ctx.model.qualname(call.func)
        return qualname is not None and qualname.startswith("jax.numpy.") \
            and qualname.rsplit(".", 1)[1] in _SMOOTH and not call.keywords


def _loop_count(ctx: Context, statement: ast.stmt) -> int | None:
    """N for `for _ in range(N):` (or `range(a, b)`, literal ints) with no `else`, `break`,
    `continue` or `return` inside."""
    if not isinstance(statement, ast.For) or statement.orelse:
        return None
    iterable = statement.iter
    if not (isinstance(iterable, ast.Call) and ctx.model.qualname(iterable.func) == "builtins.range"
            and not iterable.keywords
            and 1 <= len(iterable.args) <= 2
            and all(isinstance(a, ast.Constant) and type(a.value) is int for a in iterable.args)):
        return None
    bounds = [int(a.value) for a in iterable.args if isinstance(a, ast.Constant)
              and isinstance(a.value, int)]
    count = bounds[0] if len(bounds) == 1 else bounds[1] - bounds[0]
    for inner in statement.body:
        for node in ast.walk(inner):
            if isinstance(node, (ast.Break, ast.Continue, ast.Return)):
                return None
    return count


@dataclass(frozen=True)
class Applied:
    """A logging custom_vjp function and its applications in one differentiated function."""

    registration: Registration
    keys: tuple[object, ...]
    applications: tuple[Application, ...]

    @property
    def times(self) -> int:
        return sum(a.times for a in self.applications)


def check(ctx: Context) -> None:
    logged = []
    for registration in registrations(ctx, "defvjp_with_logs"):
        keys = constant_log_keys(registration)
        if keys is None or _registered_more_than_once(ctx, registration):
            continue
        logged.append((registration, keys))
    if not logged:
        return
    for differentiated in _differentiated_functions(ctx):
        applied = []
        for registration, keys in logged:
            applications = _Flow(ctx, differentiated, registration.custom_vjp).applications()
            if applications:
                applied.append(Applied(registration, keys, tuple(applications)))
        colliding = _colliding_keys(applied)
        if colliding:
            _report(ctx, applied, colliding, differentiated.call)


def _colliding_keys(applied: list[Applied]) -> list[object]:
    """The keys logged more than once in one pass by these applications."""
    counts: dict[object, int] = {}
    for one in applied:
        for key in one.keys:
            counts[key] = counts.get(key, 0) + one.times
    return [key for key, count in counts.items() if count >= 2]


def _registered_more_than_once(ctx: Context, registration: Registration) -> bool:
    everything = [r for method in ("defvjp", "defvjp_with_logs", "defvjp_with_accums")
                  for r in registrations(ctx, method)]
    return sum(r.custom_vjp.definition is registration.custom_vjp.definition
               for r in everything) != 1


def _report(ctx: Context, applied: list[Applied], colliding: list[object],
            differentiation: ast.Call) -> None:
    involved = [one for one in applied if any(key in colliding for key in one.keys)]
    key: object | None = None
    if len(involved) == 1:
        key = involved[0].keys[0]  # its second application collides on its first key
    elif len(colliding) == 1:
        key = colliding[0]
    applications = sorted((a for one in involved for a in one.applications),
                          key=lambda a: (a.call.lineno, a.call.col_offset))
    looped = [a for a in applications if a.times > 1]
    where = looped[0] if looped else applications[1]
    related = [Related(ctx.span(a.call), "also applied here, in the same backward pass")
               for a in applications if a is not where]
    for one in involved:
        logged = ", ".join(repr(k) for k in one.keys if k in colliding)
        related.append(Related(ctx.span(one.registration.call),
                               f"bwd rule logging {logged} registered with `defvjp_with_logs` here"))
    related.append(Related(ctx.span(differentiation), "differentiated here"))
    words = ", ".join(repr(k) for k in colliding)
    if len(involved) == 1 and where.times > 1:
        note = f"\n(applied {where.times} times by the loop; each bwd call logs {words})"
    elif len(involved) == 1:
        note = f"\n(applied {involved[0].times} times; each bwd call logs {words})"
    else:
        note = f"\n(bwd rules of {len(involved)} functions applied here all log {words})"
    values = {"key!r": repr(key)} if key is not None else {}
    shown = {"primitive": "custom_lin"}
    if key is None:
        shown["key!r"] = f"one of {words}"
    logs = tuple(span for one in involved for span in _logs_spans(ctx, one.registration))
    ctx.report(where.call, values=values, shown=shown, note=note, related=tuple(related),
               data=DuplicateLogKey(repr(key) if key is not None else words,
                                    ctx.span(where.call), logs))


def _logs_spans(ctx: Context, registration: Registration) -> tuple[Span, ...]:
    bwd = registration.bwd
    if bwd is None:
        return ()
    return tuple(ctx.span(value.elts[1]) for value, _node in returned_values(bwd)
                 if isinstance(value, ast.Tuple) and len(value.elts) == 2)


# ------------------------------------------------------------------------------------ fix
def fix(lines: Lines, finding: Finding) -> list[Fix]:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.statement import doc_for

    data = finding.data
    assert isinstance(data, DuplicateLogKey)
    edits = []
    for span in data.logs:
        doc = doc_for(lines, span)
        node = doc.expression(span) if doc is not None else None
        if doc is None or not isinstance(node, cst.Dict):
            return []
        edit = doc.edit({id(node): lambda _u: cst.Name("None")})
        if edit is None:
            return []
        edits.append(edit)
    if not edits:
        return []
    return [Fix("Log nothing from the colliding bwd rule: return (in_cts, None)", False,
                "No gradient changes and the duplicate key disappears, but the values the bwd "
                "rule logged are no longer logged; unique keys per application would keep them.",
                tuple(edits), "logs-none")]


RULE = Rule(
    code="JXE030",
    catalog_id="backward-log-duplicate-key",
    triggers=("defvjp_with_logs",),
    check=check,
    data=DuplicateLogKey,
    fix=fix,
    fix_ids=("logs-none",),
)
