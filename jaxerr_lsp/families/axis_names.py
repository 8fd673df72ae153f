"""Collectives that certainly run with no axis bound (JXE108): `lax.psum`, `pmean`, `pmax`,
`pmin`, `all_gather`, `axis_index`, `ppermute` with a literal axis name, on a path the file
shows running outside every `pmap`, `vmap(axis_name=...)`, `shard_map` and mesh context.

Very conservative on purpose: a function with a collective is usually meant to run under one
of those, and may be called so from another module. A collective counts only when the file
shows it running, certainly, as one of:
- eager, at module level: a statement of the module (or of its `if __name__ == "__main__":`
  block), outside every `with`, `try`, loop, def, lambda, comprehension and conditional
  expression;
- eager, in a plain def called so at module level: a statement of the def's own body, after
  only simple statements (no return, raise or compound statement before it);
- under jit, in such a def decorated by `@jax.jit` alone (without options) or given to
  `jax.jit(f)` without options, called so at module level;
- in a plain def that such a def calls first in its own body, up to three calls down
  (`standardize(batch)` in a jitted `preprocess`): it runs as its caller does, the operand
  a parameter followed through each call's argument;
- mapped, in such a def given to `jax.pmap(f)` / `jax.vmap(f)` with no option but a literal
  `axis_name` that is another name (none: the map binds no name), called so at module level
  with arrays of known shapes that map (one leading size; for pmap the size 1, which every
  machine has devices for): JAX words it as under jit (vmap has no rule for `ppermute`).
Only the first collective a def runs is reported (it raises: the later ones never run).
Files that call `jax.disable_jit` or name `jax_disable_jit` leave out the jit paths; files that
set a mesh (`jax.set_mesh`, `jax.sharding.use_mesh`) are left out whole.

What JAX says (measured under JAX 0.12.0.1, jax_traceback_filtering off for the frame):
- eager `psum`/`pmean` (any operand), `all_gather` (eager or jit), a `psum`/`pmean` under jit
  of a value that is not a tracer: "unbound axis name: i" (jax/_src/core.py `axis_size`);
- `psum`/`pmean` under jit of a traced argument, `pmax`/`pmin` (eager or jit): "Found an
  unbound axis name: i. To fix this, please call psum under `jax.shard_map`."
  (jax/_src/lax/parallel.py `_check_axis_names`); `axis_index` (eager or jit) and `ppermute`
  (under jit) name themselves there. An eager `ppermute` raises NotImplementedError instead
  and is left out.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.model import DEF
from jaxerr_lsp.analysis.values import Signature, bind_arguments

if TYPE_CHECKING:
    from jaxerr_lsp.engine.rule import Context

SHORT = "unbound axis name: {axis_name}"
LONG = "Found an unbound axis name: {name}. To fix this, please call {api_name} under `jax.shard_map`."
# collective -> the position of its axis name (the operand, if any, is at position 0)
COLLECTIVES = {"psum": 1, "pmean": 1, "pmax": 1, "pmin": 1, "all_gather": 1, "axis_index": 0,
               "ppermute": 1}
_OPERAND_TYPES = frozenset({"ArrayImpl", "int", "float"})
_EXPRESSIONS = (ast.Call, ast.keyword, ast.Attribute, ast.Subscript, ast.Tuple, ast.List,
                ast.Dict, ast.BinOp, ast.UnaryOp, ast.Compare, ast.Name, ast.Constant,
                ast.JoinedStr, ast.FormattedValue, ast.Starred, ast.Slice)
_SIMPLE = (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign)
_MESH_SETTERS = ("jax.set_mesh", "jax.sharding.use_mesh", "jax.sharding.set_mesh")
_MAX_HELPER_DEPTH = 3  # calls between the module-level call and the def with the collective


@dataclass(frozen=True, eq=False)
class UnboundCollective:
    call: ast.Call  # the collective
    function: str  # psum, pmean, ...
    axis_name: str
    message: str  # JAX's template, SHORT or LONG
    api_name: str  # what LONG names: psum, axis_index, ppermute
    runner: ast.Call | None  # the module-level call that runs the def holding it
    jitted: bool
    mapped: str = ""  # "pmap"/"vmap": the runner maps the def (binding no such axis name)


def _main_guard(test: ast.expr) -> bool:
    return isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) \
        and test.left.id == "__name__" and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq) \
        and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value == "__main__"


def runs_at_module_level(ctx: Context, node: ast.AST) -> bool:
    """`node` certainly runs when the module runs: in a simple statement of the module (or of
    its main block), in expressions evaluated unconditionally."""
    path = ctx.model.path_to(ctx.model.tree, node)
    if path is None or len(path) < 2:
        return False
    position = 1
    while isinstance(path[position], ast.If):
        guard = path[position]
        assert isinstance(guard, ast.If)
        if not _main_guard(guard.test) or position + 1 >= len(path) \
                or path[position + 1] not in guard.body:
            return False
        position += 1
    return isinstance(path[position], _SIMPLE) and all(
        isinstance(inner, _EXPRESSIONS) for inner in path[position + 1:])


def _runs_first_in(ctx: Context, function: ast.FunctionDef, node: ast.AST) -> bool:
    """`node` runs whenever `function` is called: in a simple statement of its own body, after
    simple statements only, in expressions evaluated unconditionally."""
    path = ctx.model.path_to(function, node)
    if path is None or len(path) < 2 or ctx.model.returns_of(function).suspends:
        return False
    statement = path[1]
    if statement not in function.body or not isinstance(statement, (*_SIMPLE, ast.Return)):
        return False
    before = function.body[:function.body.index(statement)]  # type: ignore[arg-type]
    return all(isinstance(s, _SIMPLE) for s in before) and all(
        isinstance(inner, _EXPRESSIONS) for inner in path[2:])


def _axis_name(ctx: Context, call: ast.Call, position: int) -> str | None:
    site = ctx.model.call_site(call)
    if site is None or not site.complete or site.partial is not None \
            or any(isinstance(a, ast.Starred) for a in site.args) \
            or any(k.arg is None for k in site.keywords):
        return None
    given = [k.value for k in site.keywords if k.arg == "axis_name"]
    if len(site.args) > position:
        given.append(site.args[position])
    if len(given) != 1:
        return None
    value = given[0]
    return value.value if isinstance(value, ast.Constant) and isinstance(value.value, str) \
        and value.value else None


@dataclass(frozen=True)
class _Runner:
    call: ast.Call  # the module-level call
    jitted: bool  # traced: under jit, pmap or vmap
    mapped: str = ""  # "pmap" or "vmap" when the call maps the def
    bound: str | None = None  # the axis name that map binds
    # The calls from the def the module-level call runs down to the def asked about, each
    # made first in its caller's body (`standardize(batch)` in a jitted `preprocess`).
    through: tuple[tuple[ast.FunctionDef, ast.Call], ...] = ()


_MAPS = ("jax.pmap", "jax.vmap")


def _mapped_runner(ctx: Context, site_call: ast.Call, use: ast.Name,
                   function: ast.FunctionDef) -> list[_Runner]:
    """The module-level calls of `jax.pmap(f)` / `jax.vmap(f)` (no option but a literal
    `axis_name`) that certainly trace `f`: positional arguments that bind its parameters
    (no `*args`, none missing or extra), every one an array of known shape, of rank one or
    more, one leading size (vmap's sizes agree); for pmap that size 1, which every machine
    has devices for (a larger one may exceed them: pmap raises first)."""
    site = ctx.model.call_site(site_call)
    if site is None or site.qualname not in _MAPS or site.partial is not None \
            or site.args != (use,) or any(k.arg != "axis_name" for k in site.keywords):
        return []
    bound = None
    if site.keywords:
        given = site.keywords[0].value
        if not isinstance(given, ast.Constant) or not isinstance(given.value, str):
            return []
        bound = given.value
    found = []
    for call in ctx.model.calls_of_result(site_call):
        if call.keywords or not call.args or any(isinstance(a, ast.Starred) for a in call.args) \
                or not runs_at_module_level(ctx, call):
            continue
        bound_arguments = bind_arguments(Signature.of(function.args), call.args, [])
        if bound_arguments is None or bound_arguments.extra_positional or function.args.vararg is not None:
            continue
        avals = [ctx.values.value(a) for a in call.args]
        if any(v.type not in ("ArrayImpl", "ndarray") or v.aval is None or not v.aval.shape
               for v in avals):
            continue
        sizes = {v.aval.shape[0] for v in avals if v.aval is not None and v.aval.shape}
        if len(sizes) != 1 or (site.qualname == "jax.pmap" and sizes != {1}):
            continue
        found.append(_Runner(call, True, site.qualname[4:], bound))
    return found


def _runners(ctx: Context, function: ast.FunctionDef, jit_allowed: bool, depth: int = 0) -> list[_Runner]:
    """The module-level calls that certainly run `function`, eagerly or under jit: its own,
    and those of a module-level def that calls it first in its body (a plain def: a helper
    of a jitted function runs under that jit)."""
    found = _own_runners(ctx, function, jit_allowed)
    if function.decorator_list or depth >= _MAX_HELPER_DEPTH:
        return found
    binding = ctx.model.unambiguous_binding(function)
    if binding is None:
        return found
    for use in ctx.model.uses_of(binding):
        call = use.parent
        if not isinstance(call, ast.Call) or call.func is not use.node \
                or ctx.model.binding_of(use.node) is not binding:
            continue
        caller = _enclosing_def(ctx, call)
        if caller is None or caller is function or not _runs_first_in(ctx, caller, call):
            continue
        found.extend(replace(runner, through=(*runner.through, (caller, call)))
                     for runner in _runners(ctx, caller, jit_allowed, depth + 1))
    return found


def _own_runners(ctx: Context, function: ast.FunctionDef, jit_allowed: bool) -> list[_Runner]:
    """The module-level calls of `function` itself (or of what jit or a map makes of it)."""
    scope = ctx.model.scope_of_node.get(id(function))
    parent = scope.parent if scope is not None else None
    if parent is None or parent.kind != "module":
        return []
    binding = ctx.model.unambiguous_binding(function)
    if binding is None or binding.kind != DEF or binding.node is not function:
        return []
    decorators = function.decorator_list
    if decorators and not (jit_allowed and len(decorators) == 1
                           and ctx.model.qualname(decorators[0]) == "jax.jit"):
        return []
    found: list[_Runner] = []
    for use in ctx.model.uses_of(binding):
        if ctx.model.binding_of(use.node) is not binding:
            continue
        parent_node = use.parent
        if isinstance(parent_node, ast.Call) and parent_node.func is use.node:
            if runs_at_module_level(ctx, parent_node):
                found.append(_Runner(parent_node, bool(decorators)))
        elif isinstance(parent_node, ast.Call) and not decorators \
                and ctx.model.qualname(parent_node.func) in _MAPS:
            found.extend(_mapped_runner(ctx, parent_node, use.node, function))
        elif isinstance(parent_node, ast.Call) and jit_allowed and not decorators:
            site = ctx.model.call_site(parent_node)
            if site is None or site.qualname != "jax.jit" or site.keywords \
                    or site.partial is not None or site.args != (use.node,):
                continue
            found.extend(_Runner(call, True) for call in ctx.model.calls_of_result(parent_node)
                         if runs_at_module_level(ctx, call))
    return found


def _argument_through(ctx: Context, function: ast.FunctionDef, operand: ast.expr,
                      runner: _Runner) -> ast.expr | None:
    """The argument the module-level call gives for the parameter `operand` of `function`,
    through the calls between (each handing on a parameter of its caller); None when the
    code does not show it."""
    for caller, call in reversed(runner.through):
        operand = _argument(ctx, function, operand, call)  # type: ignore[assignment]
        if operand is None:
            return None
        function = caller
    return _argument(ctx, function, operand, runner.call)


def _argument(ctx: Context, function: ast.FunctionDef, operand: ast.expr,
              runner: ast.Call) -> ast.expr | None:
    """The argument `runner` gives for the parameter `operand` of `function` is (under jit:
    a tracer); None when `operand` is not a parameter or the call does not show it."""
    if not _is_parameter(ctx, operand):
        return None
    assert isinstance(operand, ast.Name)
    parameters = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    if function.args.vararg is not None or runner.keywords or operand.id not in parameters \
            or any(isinstance(a, ast.Starred) for a in runner.args):
        return None
    position = parameters.index(operand.id)
    return runner.args[position] if position < len(runner.args) else None


def _operand_ok(ctx: Context, call: ast.Call, function: str) -> ast.expr | None | bool:
    """The operand (an array or a number), None for axis_index; False when not certain."""
    if function == "axis_index":
        return None
    if not call.args:
        return False
    operand = call.args[0]
    value = ctx.values.value(operand)
    return operand if value.type in _OPERAND_TYPES or _is_parameter(ctx, operand) else False


def _is_parameter(ctx: Context, expr: ast.expr) -> bool:
    """`expr` is a parameter of the function it is in, never rebound before."""
    if not isinstance(expr, ast.Name):
        return False
    reaching = ctx.model.reaching(expr)
    return reaching is not None and len(reaching) == 1 and isinstance(reaching[0].node, ast.arg)


def _message(function: str, jitted: bool, traced_operand: bool) -> tuple[str, str] | None:
    """(template, api_name) JAX raises with, None where it raises something else."""
    if function in ("psum", "pmean"):
        return (LONG, "psum") if jitted and traced_operand else (SHORT, "")
    if function == "all_gather":
        return SHORT, ""
    if function in ("pmax", "pmin"):
        return LONG, "psum"
    if function == "axis_index":
        return LONG, "axis_index"
    if function == "ppermute" and jitted and traced_operand:
        return LONG, "ppermute"
    return None


def _collective_before(ctx: Context, function: ast.FunctionDef, call: ast.Call) -> bool:
    """Whether another collective call runs first in `function` before `call`."""
    at = (call.lineno, call.col_offset)
    for name in COLLECTIVES:
        for site in ctx.model.calls_to(f"jax.lax.{name}"):
            other = site.call
            if other is not call and (other.lineno, other.col_offset) < at \
                    and _enclosing_def(ctx, other) is function and _runs_first_in(ctx, function, other):
                return True
    return False


def _enclosing_def(ctx: Context, call: ast.Call) -> ast.FunctionDef | None:
    scope = ctx.model.call_scope.get(id(call))
    node = scope.node if scope is not None else None
    return node if isinstance(node, ast.FunctionDef) else None


def unbound_collectives(ctx: Context) -> list[UnboundCollective]:
    if any(ctx.model.calls_to(q) for q in _MESH_SETTERS):
        return []
    jit_allowed = not ctx.model.calls_to("jax.disable_jit") \
        and not ctx.mentions("jax_disable_jit")
    found: list[UnboundCollective] = []
    for function, position in COLLECTIVES.items():
        for site in ctx.model.calls_to(f"jax.lax.{function}"):
            call = site.call
            name = _axis_name(ctx, call, position)
            operand = _operand_ok(ctx, call, function) if name is not None else False
            if name is None or operand is False:
                continue
            scope = ctx.model.call_scope.get(id(call))
            if scope is not None and scope.kind == "module":
                if isinstance(operand, ast.expr) and _is_parameter(ctx, operand):
                    continue
                chosen = _message(function, False, False)
                if chosen is not None and runs_at_module_level(ctx, call):
                    found.append(UnboundCollective(call, function, name, *chosen, None, False))
                continue
            definition = _enclosing_def(ctx, call)
            if definition is None or not _runs_first_in(ctx, definition, call) \
                    or _collective_before(ctx, definition, call):
                continue  # (the first collective the def runs raises: the rest never run)
            for runner in _runners(ctx, definition, jit_allowed):
                if runner.bound == name or (runner.mapped == "vmap" and function == "ppermute"):
                    continue  # bound; vmap has no rule for ppermute (NotImplementedError)
                traced = False
                if isinstance(operand, ast.expr):
                    argument = _argument_through(ctx, definition, operand, runner)
                    traced = argument is not None
                    known = argument if argument is not None else operand
                    if ctx.values.value(known).type not in _OPERAND_TYPES:
                        continue  # an operand of unknown kind (or a parameter not given)
                chosen = _message(function, runner.jitted, traced)
                if chosen is not None:
                    found.append(UnboundCollective(call, function, name, *chosen, runner.call,
                                                   runner.jitted, runner.mapped))
                    break
    found.sort(key=lambda u: (u.call.lineno, u.call.col_offset))
    return found
