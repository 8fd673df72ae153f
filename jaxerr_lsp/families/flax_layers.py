"""Flax linen layers that an `apply` of the file certainly runs, with the options they run with.

Two shapes of code:
- a layer applied by itself: `layer = nn.Dropout(0.5, deterministic=False)` (its one binding)
  ... `layer.apply(variables, x)`;
- a layer built and called in the `@nn.compact` `__call__` of a flax Module of the file, on
  every run of it (straight-line code, nothing returned or raised before), for an `apply` of an
  instance of that Module (`model.apply(variables, x, train=True)`, no `method=`): the Python
  constants the `apply` passes for `__call__`'s parameters (or their defaults) are known while
  the layer's options are read (`deterministic=not train`).

An option is known when it is a Python constant the evaluator certainly gives (a literal, a
name bound once to one, `not` of one, a parameter the `apply` passes a constant for), or a
field of the Module read on `self` whose class-level default is a constant and that the
instance's construction (`Block()`) does not pass. Anything else is unknown (silence).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.values import bind_arguments
from jaxerr_lsp.engine.rule import Context
from jaxerr_lsp.families.callbacks import runs_every_time

_UNKNOWN = object()


@dataclass(frozen=True, eq=False)
class LayerRun:
    """One layer an `apply` certainly runs."""

    construction: ast.Call  # `nn.Dropout(...)`
    run: ast.Call  # the call that runs it: `nn.Dropout(...)(x)`, or the `apply` itself
    apply: ast.Call  # the `apply` that runs it
    call_keywords: tuple[ast.keyword, ...]  # the keywords the layer is called with
    method: ast.FunctionDef | None  # the Module's `__call__` it is built in (None: applied alone)
    constants: dict[str, object]  # `__call__`'s parameters the `apply` gives a constant for
    owner: ast.ClassDef | None  # the Module of the file
    instance: ast.Call | None  # the construction of the Module's instance (`Block()`)

    def option(self, ctx: Context, name: str) -> object:
        """The constant the layer's option `name` certainly is (a keyword of its construction
        or of its call; both given: unknown, flax refuses it), `None` when neither gives it
        (the layer's default applies), `_UNKNOWN` (see `known`) otherwise."""
        given = [k.value for k in (*self.construction.keywords, *self.call_keywords) if k.arg == name]
        if not given:
            return None
        if len(given) > 1:
            return _UNKNOWN
        return self.constant(ctx, given[0])

    def constant(self, ctx: Context, expr: ast.expr) -> object:
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
            inner = self.constant(ctx, expr.operand)
            return not inner if type(inner) is bool else _UNKNOWN
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) \
                and expr.value.id == "self" and self.method is not None:
            return self._field(ctx, expr.attr)
        if self.method is not None:
            with ctx.values.bound(self.method, {}, self.constants):
                held = ctx.values.constant(expr)
        else:
            held = ctx.values.constant(expr)
        return _UNKNOWN if held is None else held

    def _field(self, ctx: Context, name: str) -> object:
        """`self.rate` in the Module: the class-level default when the instance's construction
        passes nothing for it (and no code of the class stores it)."""
        if self.owner is None or self.instance is None:
            return _UNKNOWN
        if self.instance.args or any(k.arg in (None, name) for k in self.instance.keywords):
            return _UNKNOWN
        for statement in self.owner.body:
            if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name) \
                    and statement.target.id == name and statement.value is not None:
                held = ctx.values.constant(statement.value)
                return _UNKNOWN if held is None else held
        return _UNKNOWN


def layer_name(ctx: Context, run: LayerRun, qualname: str) -> str | None:
    """The name Flax gives the layer: its `name=` when a constant; for a layer built in a
    Module's compact method without one, `<Class>_<k>`, k the number of layers of its class
    built before it in that method (Flax numbers them per class, in the order they are made),
    when every such construction there runs once on every run; None otherwise."""
    name = run.option(ctx, "name")
    if type(name) is str:
        return name
    if name is not None or run.method is None:
        return None
    scope = ctx.model.scope_of_node.get(id(run.method))
    earlier = 0
    for site in ctx.model.calls_to(qualname):
        construction = site.call
        if ctx.model.call_scope.get(id(construction)) is not scope:
            continue
        made = ctx.model.parent.get(id(construction))
        if not isinstance(made, ast.Call) or made.func is not construction \
                or not runs_every_time(ctx, run.method, made) \
                or any(k.arg in ("name", None) for k in construction.keywords):
            return None
        if (construction.lineno, construction.col_offset) < (run.construction.lineno, run.construction.col_offset):
            earlier += 1
    return f"{qualname.rsplit('.', 1)[1]}_{earlier}"


def known(value: object) -> bool:
    return value is not _UNKNOWN


def layer_runs(ctx: Context, qualname: str) -> list[LayerRun]:
    """The runs of the flax layer `qualname` ("flax.linen.Dropout") that an `apply` of the
    file certainly makes, with no `method=`, `**kwargs` or `*args` at the `apply`."""
    constructions = [site.call for site in ctx.model.calls_to(qualname)]
    if not constructions:
        return []
    found: list[LayerRun] = []
    for apply in ctx.model.method_calls("apply"):
        receiver = apply.func.value if isinstance(apply.func, ast.Attribute) else None
        if not isinstance(receiver, ast.Name) or not apply.args \
                or any(k.arg in (None, "method") for k in apply.keywords) \
                or any(isinstance(a, ast.Starred) for a in apply.args):
            continue
        alone = _layer_alone(ctx, receiver, constructions)
        if alone is not None:
            if len(apply.args) == 2:  # the variables and the input: options by keyword only
                keywords = tuple(k for k in apply.keywords if k.arg not in _APPLY_OPTIONS)
                found.append(LayerRun(alone, apply, apply, keywords, None, {}, None, None))
            continue
        found += _runs_in_module(ctx, apply, receiver, constructions)
    return found


# `apply`'s own keywords (the rest go to the method it runs).
_APPLY_OPTIONS = frozenset({"rngs", "mutable", "capture_intermediates", "method"})


def _layer_alone(ctx: Context, receiver: ast.Name, constructions: list[ast.Call]) -> ast.Call | None:
    """The construction `receiver` certainly holds (`layer = nn.Dropout(...)`), or None."""
    found = ctx.model.assignment_of(receiver)
    if found is None:
        return None
    value = found[1]
    return value if isinstance(value, ast.Call) and any(value is c for c in constructions) else None


def _runs_in_module(ctx: Context, apply: ast.Call, receiver: ast.Name,
                    constructions: list[ast.Call]) -> list[LayerRun]:
    callee = ctx.tracing.callee(apply)
    if callee is None:
        return []
    method, signature, args, keywords = callee
    owner = ctx.model.members.class_of_instance(receiver)
    scope = ctx.model.scope_of_node.get(id(method))
    bound = bind_arguments(signature, args, keywords)
    if owner is None or scope is None or bound is None or bound.extra_keywords or bound.extra_positional:
        return []
    constants = {name: held for name, value in bound.given.items()
                 if (held := ctx.values.constant(value)) is not None}
    found = ctx.model.assignment_of(receiver)
    instance = found[1] if found is not None and isinstance(found[1], ast.Call) else None
    runs: list[LayerRun] = []
    for construction in constructions:
        run = ctx.model.parent.get(id(construction))
        if not isinstance(run, ast.Call) or run.func is not construction or len(run.args) != 1 \
                or ctx.model.call_scope.get(id(construction)) is not scope \
                or not runs_every_time(ctx, method, run):
            continue
        runs.append(LayerRun(construction, run, apply, tuple(run.keywords), method, constants,
                             owner, instance))
    return runs
