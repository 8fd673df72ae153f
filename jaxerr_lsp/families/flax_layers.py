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

from jaxerr_lsp.analysis.values import FLAX_PASSING
from jaxerr_lsp.analysis.values import Signature, bind_arguments
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
        if not isinstance(receiver, (ast.Name, ast.Attribute)) or not apply.args \
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


def _layer_alone(ctx: Context, receiver: ast.Name | ast.Attribute,
                 constructions: list[ast.Call]) -> ast.Call | None:
    """The construction `receiver` certainly holds (`layer = nn.Dropout(...)`), or None."""
    value = _instance(ctx, receiver)
    return value if value is not None and any(value is c for c in constructions) else None


def _instance(ctx: Context, receiver: ast.Name | ast.Attribute) -> ast.Call | None:
    """The call whose result `receiver` certainly holds: a name's one reaching assignment
    (`model = Net()`), or `self.model` stored once in `__init__` (`Members.stored_instance`)."""
    if isinstance(receiver, ast.Attribute):
        return ctx.model.members.stored_instance(receiver)
    found = ctx.model.assignment_of(receiver)
    return found[1] if found is not None and isinstance(found[1], ast.Call) else None


def _runs_in_module(ctx: Context, apply: ast.Call, receiver: ast.Name | ast.Attribute,
                    constructions: list[ast.Call]) -> list[LayerRun]:
    callee = ctx.tracing.callee(apply)
    if callee is None:
        return []
    method, signature, args, keywords = callee
    if not any(ctx.model.qualname(d) in FLAX_PASSING for d in method.decorator_list):
        return []  # layers built in a method that is not `@nn.compact`: AssignSubModuleError
    owner = ctx.model.members.class_of_receiver(receiver)
    scope = ctx.model.scope_of_node.get(id(method))
    bound = bind_arguments(signature, args, keywords)
    if owner is None or scope is None or bound is None or bound.extra_keywords or bound.extra_positional:
        return []
    constants = {name: held for name, value in bound.given.items()
                 if (held := ctx.values.constant(value)) is not None}
    instance = _instance(ctx, receiver)
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


# --------------------------------------------------------------------- variables an apply reads
# The variable each flax layer reads first when it runs, as flax 0.12.12's layers do
# (measured: each layer applied with no variables names it in ScopeCollectionNotFound).
_KERNEL_FIRST = frozenset({"flax.linen.Dense", "flax.linen.DenseGeneral", "flax.linen.Conv",
                           "flax.linen.ConvTranspose"})
_SCALE_FIRST = frozenset({"flax.linen.LayerNorm", "flax.linen.GroupNorm"})
LAYERS = (*sorted(_KERNEL_FIRST), *sorted(_SCALE_FIRST), "flax.linen.Embed", "flax.linen.BatchNorm",
          "flax.linen.Dropout")
# Calls that read no variable: flax's initializers and activations (lowercase), but not its
# lifted transformations, which build modules.
_FLAX_TRANSFORMS = frozenset({"jit", "scan", "vmap", "remat", "checkpoint", "remat_scan", "map_variables",
                              "while_loop", "cond", "switch", "fori_loop", "custom_vjp", "jvp", "vjp",
                              "named_call", "share_scope", "nowrap", "compact", "apply", "init",
                              "merge_param", "add_metadata_axis", "grad", "value_and_grad", "shard_map"})
_ARRAY_METHODS = frozenset({"reshape", "astype", "mean", "sum", "max", "min", "transpose", "ravel",
                            "flatten", "squeeze", "swapaxes", "clip", "std", "var"})


@dataclass(frozen=True, eq=False)
class VariableRead:
    """A layer an `apply` runs, in the order it runs them, and the variable it reads first (in
    `collection`, named `variable`; both None for a layer that reads none), Flax naming its
    module path `path` (None when it cannot be predicted)."""

    run: LayerRun
    qualname: str
    collection: str | None
    variable: str | None
    path: str | None


def variable_reads(ctx: Context, apply: ast.Call) -> list[VariableRead]:
    """The layers `apply` certainly runs first, in the order they run: the layer applied alone,
    or the layers of `LAYERS` its Module's `@nn.compact` `__call__` runs every time, up to (not
    including) the first whose first read its options do not tell, or before which another
    call may run that could be a layer or read a variable."""
    runs = sorted(ctx.once(_runs_by_apply).get(id(apply), []), key=lambda qr: _end(qr[1].run))
    known = {id(run.run) for _, run in runs}
    reads: list[VariableRead] = []
    for qualname, run in runs:  # the first to finish runs first (`nn.Dense(2)(nn.Dense(3)(x))`)
        if run.method is not None and not _nothing_else_before(ctx, run, known):
            break
        read = _read_of(ctx, run, qualname)
        if read is _UNKNOWN:
            break
        if run.method is None:
            path: str | None = "/"
        else:
            name = layer_name(ctx, run, qualname)
            path = None if name is None else f"/{name}"
        collection, variable = read if isinstance(read, tuple) else (None, None)
        reads.append(VariableRead(run, qualname, collection, variable, path))
    return reads


def _runs_by_apply(ctx: Context) -> dict[int, list[tuple[str, LayerRun]]]:
    found: dict[int, list[tuple[str, LayerRun]]] = {}
    for qualname in LAYERS:
        for run in layer_runs(ctx, qualname):
            found.setdefault(id(run.apply), []).append((qualname, run))
    return found


def _read_of(ctx: Context, run: LayerRun, qualname: str) -> tuple[str, str] | None | object:
    """(collection, variable) the layer reads first; None: no variable; `_UNKNOWN`: not known."""
    if qualname in _KERNEL_FIRST:
        return "params", "kernel"
    if qualname == "flax.linen.Embed":
        return "params", "embedding"
    if qualname == "flax.linen.BatchNorm":
        return "batch_stats", "mean"
    if qualname in _SCALE_FIRST:
        for option, variable in (("use_scale", "scale"), ("use_bias", "bias")):
            given = run.option(ctx, option)
            if given is None or given is True:
                return "params", variable
            if given is not False:
                return _UNKNOWN
        return None
    if qualname == "flax.linen.Dropout":
        return None
    return _UNKNOWN


def _nothing_else_before(ctx: Context, run: LayerRun, known: set[int]) -> bool:
    """Whether every call of the Module's method that may run before `run` (one that ends
    before it ends: written before it, or in its arguments), other than the `known` runs of
    layers, certainly reads no variable: a construction of a layer of `LAYERS`, a function of
    JAX or NumPy, a builtin, a flax initializer or activation, an array method on a name other
    than `self`."""
    assert run.method is not None
    end = _end(run.run)
    for call in ctx.model.calls_in(run.method):
        if id(call) in known or _end(call) > end:
            continue
        qualname = ctx.model.qualname(call.func)
        if qualname is None:
            func = call.func
            if isinstance(func, ast.Attribute) and func.attr in _ARRAY_METHODS \
                    and isinstance(func.value, ast.Name) and func.value.id != "self":
                continue
            return False
        head, _, last = qualname.rpartition(".")
        if qualname in LAYERS or (qualname.startswith(("jax.", "numpy.", "builtins.", "math."))
                                  and not qualname.startswith("jax.experimental")):
            continue
        if head.startswith("flax.linen") and last[:1].islower() and last not in _FLAX_TRANSFORMS:
            continue
        return False
    return True


def _end(node: ast.expr) -> tuple[int, int]:
    return node.end_lineno or node.lineno, node.end_col_offset or 0


# What the variables given to an `apply` certainly hold.
INNER = "inner"  # the inner dict of an `init`'s variables (`variables["params"]`): no collections


def given_collections(ctx: Context, apply: ast.Call) -> frozenset[str] | str | None:
    """The collections the variables passed to `apply` certainly hold (not empty): the constant
    keys of a dict whose entry is not an empty display (`{"params": params}`), or `INNER` for
    the `"params"` entry of the variables an `init` of the same receiver returned
    (`variables["params"]`: its keys are the layers' names, no collection). None: unknown."""
    given = apply.args[0]
    keys = ctx.values.dict_keys(given)
    if keys is not None:
        if not all(type(k) is str for k in keys):
            return None
        held: set[str] = set()
        for key in keys:
            assert isinstance(key, str)
            entry = _entry(ctx, given, key)
            if not (isinstance(entry, ast.Dict) and not entry.keys):
                held.add(key)
        return frozenset(held)
    if isinstance(given, ast.Name):  # `params = variables["params"]`, where `apply` reads it
        found = ctx.model.assignment_of(given)
        if found is None:
            return None
        given = found[1]
    if isinstance(given, ast.Subscript) and isinstance(given.slice, ast.Constant) \
            and given.slice.value == "params" and _init_of_receiver(ctx, given.value, apply):
        return INNER
    return None


def _entry(ctx: Context, given: ast.expr, key: str) -> ast.expr | None:
    if isinstance(given, ast.Dict):
        found = [v for k, v in zip(given.keys, given.values) if isinstance(k, ast.Constant) and k.value == key]
        return found[-1] if found else None
    if isinstance(given, ast.Name):
        entry = ctx.values.entry_expression(given, key, dict_only=True)
        return None if entry is None else entry[1]
    return None


def _init_of_receiver(ctx: Context, expr: ast.expr, apply: ast.Call) -> bool:
    """Whether `expr` certainly is what `<receiver>.init(...)` returned, the receiver being the
    one of `apply` (the same name, bound once to the same object where both read it)."""
    if isinstance(expr, ast.Name):
        found = ctx.model.assignment_of(expr)
        if found is None:
            return False
        expr = found[1]
    if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute)
            and expr.func.attr == "init" and isinstance(expr.func.value, ast.Name)):
        return False
    receiver = apply.func.value if isinstance(apply.func, ast.Attribute) else None
    if not isinstance(receiver, ast.Name) or receiver.id != expr.func.value.id:
        return False
    first, second = ctx.model.assignment_of(receiver), ctx.model.assignment_of(expr.func.value)
    return first is not None and second is not None and first[0] is second[0]


def collection_failure(ctx: Context, apply: ast.Call) -> tuple[VariableRead, frozenset[str] | str] | None:
    """The first variable `apply` reads from a collection the variables it is given certainly
    lack (or when they are the inner dict of `init`'s variables), with what they hold, when
    every layer that runs before it certainly succeeds; None when the collection may be there,
    or `apply` makes collections mutable (`mutable=` creates them)."""
    if not apply.args or any(k.arg in ("mutable", "method", None) for k in apply.keywords) \
            or any(isinstance(a, ast.Starred) for a in apply.args):
        return None
    held = given_collections(ctx, apply)
    if held is None:
        return None
    for read in variable_reads(ctx, apply):
        if read.collection is not None and (held is INNER or read.collection not in held):
            return read, held
        if not _succeeds(ctx, read):
            return None
    return None


def _succeeds(ctx: Context, read: VariableRead) -> bool:
    """Whether a layer whose collection is there certainly runs without an error of its own
    Flax raises: a BatchNorm using its running averages, a deterministic Dropout or one given
    keys; the rest of `LAYERS` read parameters only."""
    if read.qualname == "flax.linen.BatchNorm":
        return read.run.option(ctx, "use_running_average") is True
    if read.qualname == "flax.linen.Dropout":
        return read.run.option(ctx, "deterministic") is True \
            or any(k.arg == "rngs" for k in read.run.apply.keywords)
    return True


def fails_before(ctx: Context, run: LayerRun) -> bool:
    """Whether the `apply` of `run` certainly fails on a missing collection at `run` or at a
    layer that runs before it (`collection_failure`): what `run` would do is never reached."""
    failure = collection_failure(ctx, run.apply)
    return failure is not None and _end(failure[0].run.run) <= _end(run.run)


# ------------------------------------------------------------------ parameters made for another input
@dataclass(frozen=True, eq=False)
class ShapeMismatch:
    """The first parameter an `apply` reads was made by `init` for an input of another width:
    Flax expects `expected` (what the initializer makes for this input), finds `existing`."""

    read: VariableRead
    init: ast.Call
    expected: tuple[int, ...]
    existing: tuple[int, ...]


def param_shape_mismatch(ctx: Context, apply: ast.Call) -> ShapeMismatch | None:
    """For an `apply` given the parameters an `init` of the same receiver made (the variables
    `init` returned, or a dict whose `"params"` entry is theirs), the first layer that reads a
    parameter, when it is a Dense or a Conv fed the input itself (the layer applied alone, or
    the `__call__` parameter unchanged), every layer before it certainly succeeds, and the
    input's last dimension at `init` and at `apply` are known and differ."""
    if not apply.args or len(apply.args) < 2 and not apply.keywords \
            or any(k.arg in ("mutable", "method", None) for k in apply.keywords) \
            or any(isinstance(a, ast.Starred) for a in apply.args):
        return None
    init = _params_init(ctx, apply)
    if init is None or any(isinstance(a, ast.Starred) for a in init.args) \
            or any(k.arg is None for k in init.keywords):
        return None
    for read in variable_reads(ctx, apply):
        if read.collection is None:
            if not _succeeds(ctx, read):
                return None
            continue
        if read.variable != "kernel" or read.qualname not in ("flax.linen.Dense", "flax.linen.Conv"):
            return None
        widths = [_input_width(ctx, read.run, call, skip) for call, skip in ((init, 1), (apply, 1))]
        kernel = _kernel_shape(ctx, read)
        if kernel is None or None in widths or widths[0] == widths[1]:
            return None
        made, given = widths
        assert made is not None and given is not None
        return ShapeMismatch(read, init, (*kernel[:-2], given, kernel[-1]), (*kernel[:-2], made, kernel[-1]))
    return None


def _params_init(ctx: Context, apply: ast.Call) -> ast.Call | None:
    """The `init` call whose parameters the variables given to `apply` certainly are."""
    given = apply.args[0]
    if _init_of_receiver(ctx, given, apply):
        return _as_init_call(ctx, given)
    entry = _entry(ctx, given, "params")
    if entry is None and isinstance(given, ast.Name):
        found = ctx.model.assignment_of(given)
        if found is not None and isinstance(found[1], ast.Dict):
            entry = _entry(ctx, found[1], "params")
    if isinstance(entry, ast.Name):
        found = ctx.model.assignment_of(entry)
        entry = None if found is None else found[1]
    if isinstance(entry, ast.Subscript) and isinstance(entry.slice, ast.Constant) \
            and entry.slice.value == "params" and _init_of_receiver(ctx, entry.value, apply):
        return _as_init_call(ctx, entry.value)
    return None


def _as_init_call(ctx: Context, expr: ast.expr) -> ast.Call | None:
    if isinstance(expr, ast.Name):
        found = ctx.model.assignment_of(expr)
        expr = found[1] if found is not None else expr
    return expr if isinstance(expr, ast.Call) else None


def _input_width(ctx: Context, run: LayerRun, call: ast.Call, skip: int) -> int | None:
    """The last dimension of the input the layer of `run` gets when `call` (an `init` or the
    `apply`, whose first `skip` arguments are not the method's) runs it: the layer's own input
    for a layer applied alone, else the `__call__` parameter the layer is fed unchanged."""
    if run.method is None:
        if len(call.args) != skip + 1 or any(k.arg not in _APPLY_OPTIONS for k in call.keywords):
            return None
        given: ast.expr | None = call.args[skip]
    else:
        fed = run.run.args[0]
        if not isinstance(fed, ast.Name):
            return None
        reaching = ctx.model.reaching(fed)
        if reaching is None or len(reaching) != 1 or not isinstance(reaching[0].node, ast.arg) \
                or ctx.model.scope_of_node.get(id(run.method)) is not reaching[0].scope:
            return None
        signature = Signature.of(run.method.args).bound_to_instance()
        keywords = [k for k in call.keywords if k.arg not in _APPLY_OPTIONS]
        bound = bind_arguments(signature, list(call.args[skip:]), keywords)
        given = None if bound is None else bound.given.get(fed.id)
    if given is None:
        return None
    aval = ctx.values.aval(given)
    shape = None if aval is None else aval.shape
    if not shape or type(shape[-1]) is not int:
        return None
    return shape[-1]


def _kernel_shape(ctx: Context, read: VariableRead) -> tuple[int, ...] | None:
    """The kernel's shape with the input width left out as 0: `(0, features)` for a Dense,
    `(*kernel_size, 0, features)` for a Conv of one feature group; None when not constant."""
    run = read.run
    construction = run.construction
    features = construction.args[0] if construction.args else next(
        (k.value for k in construction.keywords if k.arg == "features"), None)
    held = None if features is None else run.constant(ctx, features)
    if type(held) is not int:
        return None
    if read.qualname == "flax.linen.Dense":
        return 0, held
    if len(construction.args) > 2 or run.option(ctx, "feature_group_count") not in (None, 1):
        return None
    size = construction.args[1] if len(construction.args) > 1 else next(
        (k.value for k in construction.keywords if k.arg == "kernel_size"), None)
    kernel_size = None if size is None else run.constant(ctx, size)
    if not isinstance(kernel_size, (tuple, list)) or not all(type(d) is int for d in kernel_size):
        return None
    return *kernel_size, 0, held
