"""The tracing model: which functions of the file JAX traces, how, and which values are tracers.

A function is traced when the file shows it: decorated with a transformation (`@jax.jit`,
`@functools.partial(jax.jit, static_argnames=...)`, `@jax.jit(static_argnums=0)`, any alias),
passed to one (`jax.jit(f)`, `jax.vmap(f, in_axes=(0, None))`, `lax.scan(body, ...)`,
`lax.cond(p, t, f, x)`, `jax.jit(jax.grad(f))`, `jax.jit(model.apply)` of a flax linen Module:
its `__call__`, the variables first), or called from traced code with a tracer for an argument
(a helper of the file: its parameter then holds that tracer), or with none from code a staging
transformation traces (its JAX functions still give tracers: `jnp.log2(shape[0])`).

How it is traced matters (measured under JAX 0.12.0.1, `if x > 0` / `int(x)` / `np.sin(x)`):
- abstract: jit, vmap (mapped arguments only), pmap, checkpoint/remat, eval_shape, make_jaxpr,
  the lax control-flow bodies. A Python `if`, `int()`, `np.*` on a tracer fail.
- concrete underneath: grad, value_and_grad, jacfwd, jacrev, hessian (only the differentiated
  arguments are tracers, and only `np.*` fails on them).
- not traced: a custom_vjp/custom_jvp primal called eagerly, shard_map called eagerly, static
  arguments, a parameter with a default the call may leave out.

What the calls show refines it: a function run through grad (`@jax.grad`, `g = jax.grad(f)`,
`jax.grad(self.loss)`) and called from traced code with an abstract tracer receives it abstract
(grad inside jit); an application's argument that is certainly one array (or a Python number)
makes its parameter one array tracer, and a tuple or list display of such arguments gives the
parameter known elements (a lax carry `(0, x)`); helpers are also reached through instances
(`obj.method(x)`, `obj(x)`, `self.method(x)`, flax's `model.apply(variables, x)`), and an
instance given to a transformation runs its `__call__`. In code a staging transformation traces
(`STAGING`: jit, pmap, checkpoint, eval_shape, make_jaxpr, the lax bodies, and the helpers only
they call), every JAX function returning one array gives a tracer, on constants too.

`tracer(expr)` says when an expression certainly evaluates to a tracer: a traced parameter
(a pytree of tracers of unknown structure: it may be a dict), or an array computed from one by
arithmetic, comparison, `jnp.*`/`lax.*`, array methods or indexing, or a child field of a
traced parameter whose class the file shows is a pytree with named fields (`state.x` of a
registered dataclass, a `flax.struct` or a NamedTuple: `pytree_classes`; a static field is
none) and holds an array (the constructor the applications pass, or its annotation). `.shape`, `.ndim`,
`.dtype`, `.size`, `len()`, `isinstance()`, `is None`, constants, closure constants and static
arguments are not tracers. Unknown means None: a call into another module or an unknown helper,
a name bound in a loop or conditionally to something else.

One walk over the traced functions' bodies (not the whole tree) collects what the rules of the
family look at: tests (`if`/`while`/`assert`/ternary/`and`/`or`/`not`), calls, subscripts and
stores. Code that cannot raise at trace time is left out: inside a `try` with handlers, under
`with jax.ensure_compile_time_eval()`, under an `if` that tests `isinstance(...)`.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import overload

from jaxerr_lsp.analysis.external import Origin, Outside, OutsideApplication, OutsideRegistration
from jaxerr_lsp.analysis.fields import child_fields
from jaxerr_lsp.analysis.model import (ASSIGN, AUGMENTED, CLASS, DEF, IMPORT, OTHER, UNPACK, Binding, CallSite, ModuleModel,
                                       Scope, display_entry)
from jaxerr_lsp.analysis.pytree_classes import (PytreeClass, dataclass_init_fields, plain_dataclass,
                                                 pytree_class)
from jaxerr_lsp.analysis.values import (ARRAY_FUNCTIONS, FACTORY_NAMESPACES, FLAX_MODULES, FLAX_PASSING,
                                        RANDOM_ONE_ARRAY, Inference, Signature, Value, bind_arguments,
                                        flax_construction_binds)

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
AST = ast.AST

# ------------------------------------------------------------------------ the transformations


@dataclass(frozen=True)
class TransformKind:
    """What a transformation does to the functions it is given."""

    label: str  # what JAX names it in "The error occurred while tracing ... for {label}."
    abstract: bool  # values have no concrete value behind them
    function_positions: tuple[int, ...] = (0,)  # where the traced functions are passed
    function_keywords: tuple[str, ...] = ()  # ... or by which keyword
    # The options a call may pass positionally after the function (`jax.vmap(f, (0, None))`).
    positional_options: tuple[str, ...] = ()


# How each transformation traces. `label` is what JAX 0.12.0.1 prints after "for" (vmap,
# pmap and lax.map print something else: "" there).
TRANSFORMS: dict[str, TransformKind] = {
    "jax.jit": TransformKind("jit", True, function_keywords=("fun",)),
    "jax.vmap": TransformKind("", True, function_keywords=("fun",),
                              positional_options=("in_axes", "out_axes")),
    "jax.pmap": TransformKind("", True, function_keywords=("fun",),
                              positional_options=("axis_name",)),
    "jax.checkpoint": TransformKind("checkpoint / remat", True, function_keywords=("fun",)),
    "jax.remat": TransformKind("checkpoint / remat", True, function_keywords=("fun",)),
    "jax.ad_checkpoint.checkpoint": TransformKind("checkpoint / remat", True,
                                                  function_keywords=("fun",)),
    "jax.eval_shape": TransformKind("jit", True, function_keywords=("fun",)),
    "jax.make_jaxpr": TransformKind("jit", True, function_keywords=("fun",),
                                    positional_options=("static_argnums",)),
    # equinox's jit traces the arrays among the arguments (leaves of pytrees too) and keeps
    # everything else static: a parameter is a tracer where a call gives it an array
    # (`_filtered_arrays`). JAX's context line names the file of equinox's wrapper and its
    # flattened arguments (`dynamic_nodonate['first'][0]`): not predicted ("").
    "equinox.filter_jit": TransformKind("", True, function_keywords=("fun",)),
    # numpyro's inference runs the model (and SVI's guide) inside jit, grad and while loops
    # of its own: what its sample sites draw (and SVI's params) are tracers; the model's
    # arguments stay what `run` was given, closed over (`NUMPYRO_INFERENCE`). JAX's context
    # line names numpyro's loop body: not predicted ("").
    "numpyro.infer.NUTS": TransformKind("", True, function_keywords=("model",)),
    "numpyro.infer.HMC": TransformKind("", True, function_keywords=("model",)),
    "numpyro.infer.SVI": TransformKind("", True, (0, 1), ("model", "guide")),
    "jax.lax.scan": TransformKind("scan", True, function_keywords=("f",)),
    "jax.lax.cond": TransformKind("cond", True, (1, 2), ("true_fun", "false_fun")),
    "jax.lax.switch": TransformKind("switch", True, (1,), ("branches",)),
    "jax.lax.while_loop": TransformKind("while_body", True, (0, 1), ("cond_fun", "body_fun")),
    # (the condition function is traced "for while_cond")
    "jax.lax.fori_loop": TransformKind("fori_loop", True, (2,), ("body_fun",)),
    "jax.lax.map": TransformKind("", True, function_keywords=("f",)),
    # `jnp.apply_along_axis(func1d, axis, arr)` vmaps `func1d` over the 1-D slices of `arr`
    # (its other arguments are closed over, untraced).
    "jax.numpy.apply_along_axis": TransformKind("", True, function_keywords=("func1d",)),
    "jax.grad": TransformKind("grad", False, function_keywords=("fun",),
                              positional_options=("argnums",)),
    "jax.value_and_grad": TransformKind("grad", False, function_keywords=("fun",),
                                        positional_options=("argnums",)),
    "jax.jacrev": TransformKind("grad", False, function_keywords=("fun",),
                                positional_options=("argnums",)),
    "jax.jacfwd": TransformKind("jvp", False, function_keywords=("fun",),
                                positional_options=("argnums",)),
    "jax.hessian": TransformKind("jvp", False, function_keywords=("fun",),
                                 positional_options=("argnums",)),
}
# The words one of which a file names when it applies a staging or mapping transformation of
# `TRANSFORMS` (the trigger words of the rules that read the tracing model).
TRACING_TRIGGERS = ("jit", "vmap", "pmap", "lax", "checkpoint", "remat", "eval_shape", "make_jaxpr",
                    "numpyro", "apply_along_axis")
DIFFERENTIATING = frozenset({"jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.jacfwd",
                             "jax.hessian"})
# Module classes whose instances run a method of the file as written (`obj(x)` is `__call__`).
EQUINOX_MODULES = frozenset({"equinox.Module", "equinox._module.Module"})
# Flax linen: `model.apply(variables, *args, **kwargs)` runs `__call__(*args, **kwargs)`; these
# keywords are apply's own.
FLAX_APPLY_OPTIONS = frozenset({"rngs", "mutable", "capture_intermediates"})
# Flax linen layers whose call returns one array.
FLAX_ARRAY_LAYERS = frozenset(f"flax.linen.{name}" for name in (
    "Dense", "DenseGeneral", "Conv", "ConvTranspose", "ConvLocal", "Embed", "LayerNorm",
    "BatchNorm", "GroupNorm", "RMSNorm", "Dropout"))
# Transformations that stage out the code they trace (a jaxpr): there every JAX operation,
# on constants too, gives a tracer (measured under JAX 0.12.0.1: `jnp.ones(3)`,
# `jnp.array(1.0)`, `jax.random.split(KEY)` inside jit, checkpoint, eval_shape, make_jaxpr,
# pmap and every lax body are tracers; not under vmap or grad alone).
NUMPYRO_INFERENCE = frozenset({"numpyro.infer.NUTS", "numpyro.infer.HMC", "numpyro.infer.SVI"})
# numpyro's primitives whose value is drawn (or, for `param`, optimized) by the inference: a
# tracer where the inference runs the model, unless the site is observed (`obs=`).
NUMPYRO_SITES = frozenset({"numpyro.sample", "numpyro.primitives.sample", "numpyro.param",
                           "numpyro.primitives.param"})
STAGING = NUMPYRO_INFERENCE | frozenset({"jax.jit", "equinox.filter_jit", "jax.pmap", "jax.checkpoint", "jax.remat",
                     "jax.ad_checkpoint.checkpoint", "jax.eval_shape", "jax.make_jaxpr",
                     "jax.lax.scan", "jax.lax.cond", "jax.lax.switch", "jax.lax.while_loop",
                     "jax.lax.fori_loop", "jax.lax.map"})
PYTHON_SCALARS = (bool, int, float, complex)
# Transformations whose result takes the arguments the function does, one for one, each keeping
# its pytree structure (`jax.vmap(f)(batch)`, `jax.value_and_grad(loss)(w, batch)`).
_SIGNATURE_KEEPING = DIFFERENTIATING | {"jax.jit", "jax.vmap", "jax.checkpoint", "jax.remat",
                                        "jax.ad_checkpoint.checkpoint"}
# The transformations that hand their function one row of an argument at a time: the function's
# parameter that receives it and the position of that argument, `xs` (`lax.map(f, xs)`,
# `lax.scan(f, init, xs)`).
MAPPED_XS = {"jax.lax.map": (0, 1), "jax.lax.scan": (1, 2)}


def mapped_xs(transform: Transform) -> ast.expr | None:
    """The `xs` whose rows a `lax.map` or `lax.scan` transformation hands its function."""
    site = transform.site
    known = MAPPED_XS.get(transform.qualname)
    if known is None or not isinstance(site, ast.Call):
        return None
    if len(site.args) > known[1]:
        return site.args[known[1]]
    return next((k.value for k in site.keywords if k.arg == "xs"), None)


def traceable_scalar(value: object) -> bool:
    """Whether the constant `value` is a Python number or bool JAX can trace (an int in
    int32's range: a bigger one overflows before anything is traced)."""
    if type(value) not in PYTHON_SCALARS:
        return False
    return not (type(value) is int and not -2**31 <= value < 2**31)  # type: ignore[operator]


# Blocks inside which tracing produces concrete values.
COMPILE_TIME_EVAL = frozenset({"jax.ensure_compile_time_eval", "jax.core.eval_context"})


@dataclass(frozen=True, eq=False)
class Transform:
    """One transformation of one function, where the file shows it."""

    qualname: str  # "jax.jit"
    label: str  # "jit", "scan", "while_body"... ("" where JAX's message words it otherwise)
    site: ast.AST  # the decorator, or the call that passes the function
    abstract: bool


@dataclass(eq=False)
class TracedFunction:
    function: FunctionNode
    transforms: list[Transform] = field(default_factory=list)
    # The parameters that hold tracers, and what they hold.
    tracers: dict[str, Tracer] = field(default_factory=dict)
    # For a helper traced because traced code calls it: the calls.
    called_from: list[ast.Call] = field(default_factory=list)
    # Parameters an application passes a Python number or bool for (they hold a scalar
    # array tracer there: `jaxerr_lsp.analysis.applications`): the argument.
    scalars: dict[str, ast.expr] = field(default_factory=dict)
    # Parameters an application passes one array for (an array tracer there): the argument.
    arrays: dict[str, ast.expr] = field(default_factory=dict)
    # Parameters an application passes a tuple or list display of numbers and arrays for
    # (their elements are known: `Tracer.elements`): the argument.
    displays: dict[str, ast.expr] = field(default_factory=dict)
    # For a function another module of the project traces (`jaxerr_lsp.analysis.external`):
    # where. Its `transforms` then have the def itself for their site.
    origins: list[Origin] = field(default_factory=list)
    # Traced as the `__call__` of an instance a transformation is given (`lax.scan(cell,
    # ...)`), or as the `__init__` of a class given (`jax.jit(Curve)`): JAX knows no name or
    # place for it.
    instance: bool = False
    # The `functools.partial(f, ...)` calls a transformation was given around it: their
    # arguments fix parameters (`_branch_by_default` reads the values they fix).
    partials: list[ast.Call] = field(default_factory=list)

    @property
    def source_info(self) -> str | None:
        """What JAX prints for the function in "while tracing the function ...": None when it
        is its name and place, "<unknown>" for a callable instance."""
        return "<unknown>" if self.instance else None

    @property
    def elsewhere(self) -> bool:
        """Traced from another module, or called from traced code (not by a transformation
        this file applies to it): an edit of a transformation's site here cannot fix it."""
        return bool(self.called_from or self.origins)

    @property
    def name(self) -> str:
        return getattr(self.function, "name", "<lambda>")

    @property
    def parameters(self) -> dict[str, Transform]:
        return {name: tracer.transform for name, tracer in self.tracers.items()}

    @property
    def abstract(self) -> bool:
        return any(t.abstract for t in self.transforms) or any(
            t.abstract for t in self.tracers.values())


@dataclass(frozen=True, eq=False)
class Tracer:
    """What `Tracing.tracer(expr)` found: `expr` certainly evaluates to a tracer."""

    array: bool  # one traced array; False: a traced parameter, a pytree of unknown structure
    abstract: bool  # no concrete value behind it (jit, vmap, ...); False under grad alone
    parameter: str | None  # the parameter of the traced function it derives from
    function: TracedFunction  # the traced function whose argument it is
    transform: Transform
    # A tuple or list of tracers whose length the file shows (an application passes a
    # display of numbers and arrays: `lax.while_loop(c, b, (0, x))`): whether each element
    # is one array. None: structure unknown.
    elements: tuple[bool, ...] | None = None
    # A dict of tracers whose keys the file shows (an application passes a dict with
    # constant string keys whose every entry is a Python number or one array): its keys,
    # each entry one array tracer. None: structure unknown.
    entries: tuple[str, ...] | None = None
    # An instance of a plain class of the file made in traced code (`Cosmology(h0)`): the
    # attributes its `__init__` sets, once, to an argument that is one array tracer.
    attributes: tuple[str, ...] | None = None
    # What later code gives that makes it a tracer, beside the application (the argument a
    # call gives a parameter a gather reads: `run(..., jnp.asarray(sizes))`): a finding on it
    # names these places.
    given: tuple[ast.expr, ...] = ()

    def as_array(self) -> Tracer:
        return self if self.array else Tracer(True, self.abstract, self.parameter, self.function,
                                              self.transform)

    def element(self, index: int) -> Tracer | None:
        """The tracer at `index` of a tuple or list of tracers of known length."""
        if self.array or self.elements is None or not -len(self.elements) <= index < len(self.elements):
            return None
        return Tracer(self.elements[index], self.abstract, self.parameter, self.function,
                      self.transform)


# ------------------------------------------------------------------------ value kinds
# Attributes of an array that are concrete during tracing.
STATIC_ATTRIBUTES = frozenset({"shape", "ndim", "dtype", "size", "at", "sharding", "aval",
                               "weak_type", "itemsize", "nbytes"})
ARRAY_ATTRIBUTES = frozenset({"T", "mT", "real", "imag"})
# Methods of an array that return an array (and that no dict, list or tuple has).
ARRAY_ONLY_METHODS = frozenset("""
reshape astype sum mean max min prod std var transpose ravel flatten squeeze clip round cumsum
cumprod dot conj conjugate any all argmax argmin swapaxes take repeat argsort nonzero
""".split())
# `jnp` functions whose result is concrete (shapes, dtypes, predicates on types).
STATIC_FUNCTIONS = frozenset("""
shape ndim size result_type dtype issubdtype isdtype iscomplexobj isrealobj isscalar
promote_types can_cast iinfo finfo broadcast_shapes
""".split())
# JAX functions returning one (boolean or count) array, beyond values.ARRAY_FUNCTIONS (which
# also serves NumPy, where some of these return Python bools).
TRACER_FUNCTIONS = ARRAY_FUNCTIONS | frozenset("""
any all logical_and logical_or logical_not logical_xor equal not_equal greater greater_equal
less less_equal isclose allclose array_equal array_equiv count_nonzero isneginf isposinf signbit
dynamic_slice dynamic_slice_in_dim dynamic_index_in_dim dynamic_update_slice
dynamic_update_slice_in_dim dynamic_update_index_in_dim index_in_dim slice_in_dim
searchsorted digitize interp bincount convolve correlate polyval cross trapezoid median percentile
quantile nanmean nansum nanmax nanmin floor_divide
""".split())
# JAX functions that give one array however they are called (`Tracing._staged_array`):
# the array functions but a Ref's maker, and the keys of jax.random.
STAGED_ARRAY_FUNCTIONS = (TRACER_FUNCTIONS - {"new_ref"}) | frozenset({"split", "fold_in", "PRNGKey", "key"})
# Functions that return their argument's structure (a pytree stays a pytree).
TREE_PRESERVING = frozenset({"stop_gradient", "optimization_barrier"})
# Calls in JAX's namespaces whose result is a pytree of tracers when given one.
PYTREE_FUNCTIONS = frozenset({
    "jax.lax.scan", "jax.lax.cond", "jax.lax.switch", "jax.lax.while_loop", "jax.lax.fori_loop",
    "jax.lax.map", "jax.numpy.split", "jax.numpy.array_split", "jax.numpy.meshgrid",
    "jax.numpy.linalg.svd", "jax.numpy.linalg.eigh", "jax.numpy.linalg.qr",
    "jax.numpy.linalg.slogdet", "jax.numpy.linalg.eig"})
# What a jitted function returning it gives its caller as one array.
_ONE_LEAF_TYPES = frozenset({"ArrayImpl", "ndarray", "int", "float", "bool", "complex"})
JAX_NAMESPACES = ("jax.numpy.", "jax.lax.", "jax.nn.", "jax.random.", "jax.scipy.")
# NumPy functions that hand an array that is not a NumPy array to its own method of the same
# name (`np.sum(t)` runs `t.sum()`): given one array tracer they return one (measured under JAX
# 0.12.0.1 with NumPy 2: each returns a tracer in jitted code; `np.sqrt`, `np.ravel`,
# `np.clip`... convert their argument instead, and raise: JXE074).
NUMPY_TO_METHOD = frozenset({"sum", "mean", "max", "min", "prod", "transpose", "reshape", "squeeze",
                             "std", "var", "cumsum", "round", "argmax", "any", "all"})
# Annotations that say a parameter is one array (or a number, which jit makes one).
ARRAY_ANNOTATIONS = frozenset({"Array", "ArrayLike", "ndarray", "float", "int", "bool", "complex",
                               "Float", "Int", "Bool", "Complex", "Num", "Real", "Shaped",
                               "Inexact", "Integer", "Scalar", "Numeric"})

_ORDERING = (ast.Lt, ast.Gt, ast.LtE, ast.GtE)
_EQUALITY = (ast.Eq, ast.NotEq)
# The libraries whose imported names are numbers, arrays or functions (never an object with
# reflected operators of its own): `x * math.pi`, `x @ np.eye(3)`.
_NUMERIC_LIBRARIES = frozenset({"jax", "jaxlib", "numpy", "math", "cmath", "scipy", "builtins"})
# Arithmetic that no tuple, list or dict supports with a number on the other side (`+` and
# `*` with an int are left out: tuples concatenate and repeat).
_ARRAY_ONLY_BINOPS = (ast.Sub, ast.Div, ast.MatMult, ast.Pow, ast.FloorDiv, ast.Mod,
                      ast.BitAnd, ast.BitOr, ast.BitXor, ast.LShift, ast.RShift)


class Tracing:
    """The tracing model of one module."""

    MAX_HELPER_ROUNDS = 8

    def __init__(self, model: ModuleModel,
                 constant: Callable[[ast.expr], object] | None = None,
                 outside: Sequence[Outside] = (), jit_flag_named: bool = False,
                 value: Callable[[ast.expr], Value] | None = None) -> None:
        """`jit_flag_named`: the file names JAX's `jax_disable_jit` option (a config update,
        a test's `with_config`, an environment variable): jit may be off anywhere. `value`:
        the evaluator's (what a transformed def returns)."""
        from jaxerr_lsp.analysis.applications import Applications

        self.model = model
        self._value = value
        self._jit_flag_named = jit_flag_named
        if constant is None:
            constant = Inference(model).constant
        self._constant = constant
        # The calls of the file that run the traced functions through their transformations.
        self.applications = Applications(model, constant, self.instance_call)
        self._traced: dict[int, TracedFunction] = {}
        self.tests: list[tuple[ast.expr, ast.AST, TracedFunction]] = []
        self.calls: list[tuple[ast.Call, TracedFunction]] = []
        self.subscripts: list[tuple[ast.Subscript, TracedFunction]] = []
        self.stores: list[tuple[ast.expr, ast.expr | None, TracedFunction]] = []
        self._enclosing: dict[int, TracedFunction] = {}
        self._memo: dict[int, Tracer | None] = {}
        # An argument (or a display's element) an application traces as a Python number
        # because of code written after it (`_given_scalar`): that code (`given_by`).
        self._given_by: dict[int, tuple[ast.expr, ...]] = {}
        self._holders_busy: set[int] = set()  # the parameters `_holder_class` is deciding
        self._busy: set[int] = set()
        self._busy_bindings: set[int] = set()
        # A name read in a loop whose later binding reads it again (`key, sub = split(key)`):
        # while that binding is weighed, the read is assumed to be what the earlier ones give.
        self._assumed: dict[int, Tracer] = {}
        # The staging transformation each traced function runs under (`_staging_of`).
        self._staging: dict[int, Transform | None] = {}
        # The calls that run a function of the file through grad (`_differentiated_callee`).
        self._differentiated: dict[int, tuple[TracedFunction, bool]] | None = None
        # Functions of other modules this module's transformations are given (`jax.jit(
        # layers.dense)`): (their qualname, the transformation, its keywords).
        self.outside_applications: list[tuple[str, Transform, tuple[ast.keyword, ...]]] = []
        self._find_transformed()
        self._trace_outside(outside)
        self._traced_scalars()
        self._differentiated_scalars()
        self._vmapped_arrays()
        self._mapped_slices()
        self._filtered_arrays()
        self._collect_bodies(list(self._traced.values()))
        self._find_helpers()

    def release(self) -> None:
        """Break the cycles between traced functions and their tracers (a tracer names its
        function), and drop what the model answered: then everything is freed at once by
        reference counting, without a cyclic collection."""
        for traced in getattr(self, "_traced", {}).values():
            traced.tracers.clear()
        vars(self).clear()

    # ------------------------------------------------------------------------ queries
    @property
    def functions(self) -> list[TracedFunction]:
        return list(self._traced.values())

    def traced(self, function: ast.AST) -> TracedFunction | None:
        return self._traced.get(id(function))

    def enclosing(self, node: ast.AST) -> TracedFunction | None:
        """The traced function whose body runs `node` (for nodes of the collected lists)."""
        return self._enclosing.get(id(node))

    # ------------------------------------------------------------------------ traced functions
    def staged(self, call: ast.Call) -> Tracer | None:
        """When the code holding `call` certainly runs staged (jit, pmap, checkpoint, a lax
        body, a helper only those call: `_staging_of`): a tracer of that staging, for what a
        JAX function computes inside from its arguments, constants included (`jnp.nonzero`
        of a closed-over array stages `x != 0`)."""
        return self._staged_tracer(call)

    def jit_off_at(self, node: ast.AST) -> bool:
        """Whether jit may be off where `node` runs: jitted functions then run as plain
        Python (and hash no static argument). Everywhere when the file names the
        `jax_disable_jit` option, or calls `jax.disable_jit()` other than as the context
        manager of a `with`; else in what `with jax.disable_jit():` bodies may run: their
        code, and what the names they read are bound to (defs, classes, assigned values;
        methods by name), transitively."""
        inside = self._jit_off_inside
        if inside is None:
            return True
        if not inside:
            return False
        path = self.model.path_to(self.model.tree, node)
        return path is None or any(id(p) in inside for p in path)

    def _applied_where_jit_may_be_off(self, node: ast.AST) -> bool:
        """For a decorated def or a call applying jit (`jax.jit(f)`): whether it may run
        where jit is off (`jit_off_at`); a jitted function passed on or returned may be
        called anywhere."""
        if self.jit_off_at(node):
            return True
        if not isinstance(node, ast.Call) or not self._jit_off_inside:
            return False
        path = self.model.path_to(self.model.tree, node)
        parent = path[-2] if path is not None and len(path) >= 2 else None
        if isinstance(parent, ast.Call) and parent.func is node:
            return False  # applied at once, where it is written
        # Bound to a name: that name read where jit is off has made the value `inside`.
        return not (isinstance(parent, (ast.Assign, ast.AnnAssign)) and parent.value is node
                    and all(isinstance(t, ast.Name) for t in (
                        parent.targets if isinstance(parent, ast.Assign) else [parent.target])))

    def _find_jit_off(self) -> set[int] | None:
        """The ids of the nodes `jit_off_at` looks for on the path to a node (None: jit may be
        off everywhere; empty: nowhere)."""
        model = self.model
        sites = model.calls_to("jax.disable_jit")
        if self._jit_flag_named or any(
                site.args and isinstance(site.args[0], ast.Constant)
                and site.args[0].value == "jax_disable_jit"
                for site in model.calls_to("jax.config.update")):
            return None
        inside: set[int] = set()  # the with statements, and the code they may run
        work: list[ast.AST] = []
        for site in sites:
            path = model.path_to(model.tree, site.call)
            if path is None or len(path) < 3 or not isinstance(path[-2], ast.withitem) \
                    or path[-2].context_expr is not site.call \
                    or not isinstance(path[-3], (ast.With, ast.AsyncWith)):
                return None
            if len(site.args) == 1 and not site.keywords and isinstance(site.args[0], ast.Constant) \
                    and site.args[0].value is False:
                continue  # `jax.disable_jit(False)`: jit stays on
            inside.add(id(path[-3]))
            work += path[-3].body  # type: ignore[attr-defined]
        attributes: set[str] = set()
        while work:
            for found in _bound_to(model, work.pop(), attributes):
                if id(found) not in inside:
                    inside.add(id(found))
                    work.append(found)
        return inside

    def _find_transformed(self) -> None:
        model = self.model
        self._jit_off_inside = self._find_jit_off()
        jit_off = self._applied_where_jit_may_be_off
        for qualname, kind in TRANSFORMS.items():
            jit = qualname in ("jax.jit", "jax.pmap", "equinox.filter_jit")
            for decoration in model.decorations(qualname):
                target = decoration.target
                if isinstance(target, ast.ClassDef) or not self._decorators_below_known(
                        target, decoration.position) or jit and jit_off(target):
                    continue
                transform = Transform(qualname, kind.label, decoration.decorator, kind.abstract)
                self._trace(target, transform, decoration.keywords, ())
            for site in model.calls_to(qualname):
                if not (jit and jit_off(site.call)):
                    self._trace_site(site, kind, ())
        # `@jax.jit(static_argnames=...)`: jit called without a function returns a decorator.
        for function in model.functions:
            for position, decorator in enumerate(getattr(function, "decorator_list", ())):
                if isinstance(decorator, ast.Call) and not decorator.args \
                        and model.qualname(decorator.func) == "jax.jit" \
                        and self._decorators_below_known(function, position) \
                        and not jit_off(function):
                    transform = Transform("jax.jit", "jit", decorator, True)
                    self._trace(function, transform, tuple(decorator.keywords), ())  # type: ignore[arg-type]

    def _outside_def(self, name: str) -> ast.FunctionDef | None:
        """The module-level def `name` when it is that name's only binding (another module
        imports it by that name), undecorated or decorated only by transformations."""
        binding = self.model.sole_binding(name, self.model.module_scope)
        if binding is None or binding.kind != DEF or not isinstance(binding.node, ast.FunctionDef) \
                or not self._decorators_below_known(binding.node, -1):
            return None
        return binding.node

    def _trace_outside(self, outside: Sequence[Outside]) -> None:
        """Trace what other modules of the project trace of this module's functions."""
        for fact in outside:
            if isinstance(fact, OutsideRegistration):
                continue  # (rules registered elsewhere: no trace)
            function = self._outside_def(fact.function)
            if function is None:
                continue
            if isinstance(fact, OutsideApplication):
                kind = TRANSFORMS.get(fact.transform)
                if kind is None or fact.transform == "jax.lax.scan":
                    continue  # (what scan traces depends on its call's xs)
                try:
                    keywords = tuple(ast.keyword(arg=k, value=ast.parse(v, mode="eval").body)
                                     for k, v in fact.options)
                except (SyntaxError, ValueError, RecursionError, MemoryError):
                    continue
                transform = Transform(fact.transform, fact.label, function, kind.abstract)
                self._trace(function, transform, keywords, ())
                traced = self._traced.get(id(function))
                if traced is not None and any(t.site is function for t in traced.transforms):
                    traced.origins.append(fact.origin)
                continue
            positional: list[ast.expr] = [ast.Name(id=f"_{i}", ctx=ast.Load())
                                          for i in range(len(fact.positional))]
            keyword_nodes = [ast.keyword(arg=k, value=ast.Name(id=k, ctx=ast.Load()))
                             for k, _ in fact.keywords]
            bound = bind_arguments(Signature.of(function.args), positional, keyword_nodes)
            if bound is None:
                continue
            facts = {f"_{i}": f for i, f in enumerate(fact.positional)}
            facts.update(dict(fact.keywords))
            traced = self._traced.get(id(function))
            if traced is None:
                traced = self._traced[id(function)] = TracedFunction(function)
            for name, value in bound.given.items():
                given = facts.get(value.id) if isinstance(value, ast.Name) else None
                if given is None or name in traced.tracers:
                    continue
                # JAX names the other module's traced function in its messages: unknown here.
                transform = Transform(given.transform, "", function, given.abstract)
                if all(t.site is not function for t in traced.transforms):
                    traced.transforms.append(transform)
                traced.tracers[name] = Tracer(given.array, given.abstract, name, traced, transform)
            if traced.tracers:
                traced.origins.append(fact.origin)
            elif not traced.transforms:
                del self._traced[id(function)]

    def _traced_scalars(self) -> None:
        """A Python number or bool an application passes for a traced parameter of an
        abstract trace: the parameter holds a scalar array tracer (for that call, which
        alone raises what the body does with it). An argument that is certainly one array
        (a JAX array, or a NumPy array of numbers) makes the parameter hold an array tracer
        where it was a pytree of unknown structure. Twice: a display an application passes
        may hold a parameter the first round found an array."""
        for traced in [*self._traced.values(), *self._traced.values()]:
            for application in self.applications.of(traced):
                transform = application.transform
                if not transform.abstract or self.applications.guarded(application.call):
                    continue
                for name, argument in application.traced_arguments():
                    if name in traced.scalars:
                        continue
                    given = self._called_with(argument)
                    if given is not None:
                        argument = given  # (the outer call's constant: `forward(x, flag=False)`)
                    if self.applications.python_scalar(argument) or self._given_scalar(argument) \
                            or self._range_index(argument):
                        traced.scalars[name] = argument
                        traced.tracers[name] = Tracer(True, True, name, traced, transform)
                        continue
                    previous = traced.tracers.get(name)
                    if previous is not None and (previous.array or not previous.abstract):
                        continue
                    # (a parameter with a default is traced where an application passes it)
                    chosen = previous.transform if previous is not None else transform
                    shown = argument if self._one_array(argument) else self._given_one_array(argument)
                    if shown is not None:
                        traced.tracers[name] = Tracer(True, True, name, traced, chosen)
                        traced.arrays[name] = shown
                    elif (previous is None or previous.elements is None) \
                            and (elements := self._elements(argument)) is not None:
                        traced.tracers[name] = Tracer(False, True, name, traced, chosen, elements)
                        traced.displays[name] = argument
                    elif (previous is None or previous.entries is None) \
                            and (entries := self._entries(argument)) is not None:
                        traced.tracers[name] = Tracer(False, True, name, traced, chosen, entries=entries)
                        traced.displays[name] = argument
                    elif (previous is None or previous.entries is None) \
                            and (applied := self._applied_entries(argument)) is not None:
                        traced.tracers[name] = Tracer(False, True, name, traced, chosen, entries=applied[0])
                        traced.displays[name] = applied[1]

    def _differentiated_scalars(self) -> None:
        """A def decorated only by a staging transformation without options (`@jax.jit`)
        and differentiated where it is passed (`jax.grad(loss)(1.0)`): the differentiated
        call hands it each argument, which jit traces; a Python number or bool given there
        makes the parameter a scalar array tracer of that jit."""
        for traced in list(self._traced.values()):
            function = traced.function
            if not isinstance(function, ast.FunctionDef) or len(function.decorator_list) != 1 \
                    or isinstance(function.decorator_list[0], ast.Call):
                continue
            staged = next((t for t in traced.transforms if t.abstract and t.qualname in STAGING
                           and t.site is function.decorator_list[0]), None)
            if staged is None:
                continue
            signature = Signature.of(function.args)
            for transform in traced.transforms:
                site = transform.site
                if transform.qualname not in DIFFERENTIATING or not isinstance(site, ast.Call) \
                        or not site.args or self.model.def_of(site.args[0]) is not function:
                    continue
                for call in self.model.calls_of_result(site):
                    bound = bind_arguments(signature, call.args, call.keywords)
                    if bound is None or self.applications.guarded(call):
                        continue
                    for name, argument in bound.given.items():
                        previous = traced.tracers.get(name)
                        if (previous is None or not previous.array) and name not in traced.scalars \
                                and self.applications.python_scalar(argument):
                            traced.scalars[name] = argument
                            traced.tracers[name] = Tracer(True, True, name, traced, staged)

    def _filtered_arrays(self) -> None:
        """A parameter of a function `equinox.filter_jit` traces (decorated, or what
        `eqx.filter_jit(f)` returns) that a call of it certainly gives one array (a JAX array,
        a NumPy array of known shape) holds an array tracer: equinox traces the arrays among
        the arguments and keeps the rest static (a Python bool stays a bool)."""
        for traced in list(self._traced.values()):
            function = traced.function
            if not isinstance(function, ast.FunctionDef) or self._is_method(function):
                continue
            for transform in traced.transforms:
                if transform.qualname != "equinox.filter_jit":
                    continue
                site = transform.site
                if any(site is d for d in function.decorator_list):
                    if len(function.decorator_list) != 1:
                        continue
                    calls = self.model.calls_of_def(function)
                elif isinstance(site, ast.Call):
                    calls = self.model.calls_of_result(site)
                else:
                    continue
                signature = Signature.of(function.args)
                for call in calls:
                    bound = bind_arguments(signature, call.args, call.keywords)
                    if bound is None or bound.extra_positional or bound.extra_keywords:
                        continue
                    for name, argument in bound.given.items():
                        if name not in traced.tracers and self._one_array(argument):
                            traced.tracers[name] = Tracer(True, True, name, traced, transform)

    def _called_with(self, argument: ast.expr) -> ast.expr | None:
        """The constant every call of the enclosing def gives the parameter `argument` names
        (`Inference.called_with_constant`): where the value a transformation traces is made."""
        inference = self._inference()
        if inference is None or not isinstance(argument, ast.Name):
            return None
        return inference.called_with_constant(argument)

    def _given_arrays(self, argument: ast.expr) -> list[ast.expr] | None:
        """For a parameter of a plain def or method, read as it is, what every call gives it
        when each gives one array (`Inference.parameter_arguments`: `run(data)` calling
        `step(data)`, `run(jnp.ones(3))`); None otherwise."""
        inference = self._inference()
        if inference is None or not isinstance(argument, ast.Name):
            return None
        given = inference.parameter_arguments(argument)
        if not given or any(g is None or not self._one_array(g) for g in given):
            return None
        return [g for g in given if g is not None]

    def _given_one_array(self, argument: ast.expr) -> ast.expr | None:
        """`_given_arrays`' first call's argument (later code shows it: a finding names it)."""
        given = self._given_arrays(argument)
        return given[0] if given else None

    def _given_arrays_rank(self, argument: ast.expr) -> tuple[int, ast.expr] | None:
        """`_given_arrays`, all of one known rank: that rank and the first call's argument."""
        given = self._given_arrays(argument)
        inference = self._inference()
        if not given or inference is None:
            return None
        ranks = {aval.ndim if (aval := inference.value(g).aval) is not None else None for g in given}
        rank = ranks.pop() if len(ranks) == 1 else None
        return (rank, given[0]) if rank is not None else None

    def _vmapped_arrays(self) -> None:
        """A JAX array of known rank a call of `jax.vmap(f, ...)` (written there, or the name
        it is assigned to) maps along an axis it has: the parameter holds one array tracer
        (vmap maps only arrays; a mapped parameter given anything else stays a pytree of
        unknown structure)."""
        inference = self._inference()
        if inference is None:
            return
        for traced in list(self._traced.values()):
            if not isinstance(traced.function, (ast.FunctionDef, ast.Lambda)) \
                    or self._is_method(traced.function):
                continue
            for transform in traced.transforms:
                site = transform.site
                if transform.qualname != "jax.vmap" or not isinstance(site, ast.Call):
                    continue
                axes = self._vmap_axes(site, traced.function)
                if axes is None:
                    continue
                signature = Signature.of(traced.function.args)
                for call in self.model.calls_of_result(site):
                    bound = bind_arguments(signature, call.args, call.keywords)
                    if bound is None or bound.extra_positional or bound.extra_keywords:
                        continue
                    for name, argument in bound.given.items():
                        previous = traced.tracers.get(name)
                        axis = axes.get(name)
                        if previous is None or previous.array or axis is None:
                            continue
                        shown_by: ast.expr | None = None
                        if self._one_array(argument):
                            aval = inference.value(argument).aval
                            rank = None if aval is None else aval.ndim
                        elif (mapped := self._mapped_dict(argument, axis)) is not None:
                            traced.tracers[name] = Tracer(False, True, name, traced, previous.transform,
                                                          entries=mapped[0])
                            traced.displays[name] = mapped[1]
                            continue
                        elif (given := self._given_arrays_rank(argument)) is not None:
                            rank, shown_by = given  # (a parameter of the def: `bill_all(usage)`)
                        else:  # (an array traced around the vmap: `jax.vmap(f)(batch)` in jitted code)
                            rank, shown_by = self._traced_rank(argument)
                        if rank is not None and -rank <= axis < rank:
                            traced.tracers[name] = previous.as_array()
                            if shown_by is not None:
                                traced.arrays[name] = shown_by  # (what shows its rank: named)

    def _mapped_dict(self, argument: ast.expr, axis: int) -> tuple[tuple[str, ...], ast.expr] | None:
        """A dict vmap maps along `axis` (a display, a name holding one, or the parameter of a
        def whose every run gives one: `_applied_arguments`), the same string keys each time
        and every entry one array of known rank that has that axis: its keys (each entry
        becomes one array tracer) and the dict shown (the first run's, a finding names it)."""
        inference = self._inference()
        given = [argument] if self._entry_expressions(argument) else self._applied_arguments(argument)
        if inference is None or not given:
            return None
        keys: set[tuple[str, ...]] = set()
        for dictionary in given:
            entries = self._entry_expressions(dictionary)
            if not entries or any(type(key) is not str for key, _ in entries):
                return None
            # (what the evaluator knows of each entry where the dict is passed, else where written)
            known = dict(inference.value(dictionary).entry_values or ())
            for key, entry in entries:
                value = known.get(key) or inference.value(entry)
                aval = value.aval if self._one_array(entry) else None
                if aval is None or aval.ndim is None or not -aval.ndim <= axis < aval.ndim:
                    return None
            keys.add(tuple(str(key) for key, _ in entries))
        return (keys.pop(), given[0]) if len(keys) == 1 else None

    def _traced_rank(self, expr: ast.expr) -> tuple[int | None, ast.expr | None]:
        """The rank of the array a parameter of a traced function holds, read as it is:
        what every application passes for it agrees on (each one array of known rank); and
        the first such argument (later code may show it: a finding names it)."""
        tracer = self.tracer(expr)
        inference = self._inference()
        parameter = self.model.read_binding(expr) if isinstance(expr, ast.Name) else None
        if tracer is None or not tracer.array or inference is None or parameter is None \
                or not isinstance(parameter.node, ast.arg) or parameter.name != tracer.parameter:
            return None, None
        ranks, shown = set(), []
        for application in self.applications.of(tracer.function):
            given = dict(application.traced_arguments()).get(parameter.name)
            aval = None if given is None or not self._one_array(given) else inference.value(given).aval
            ranks.add(None if aval is None else aval.ndim)
            shown += [given] if given is not None else []
        return (ranks.pop(), shown[0]) if len(ranks) == 1 and shown else (None, None)

    def _mapped_slices(self) -> None:
        """The parameter that `lax.map(f, xs)` (or `lax.scan(f, init, xs)`, its second) hands
        a slice of `xs` holds one array tracer when `xs` is certainly one array (a JAX array,
        a NumPy array of known shape) of rank at least 1: the function sees one row of it at a
        time; a tuple or list display of such arrays gives a tuple of one row of each (another
        pytree `xs` leaves the parameter a pytree of unknown structure)."""
        inference = self._inference()
        if inference is None:
            return
        for traced in list(self._traced.values()):
            function = traced.function
            if not isinstance(function, (ast.FunctionDef, ast.Lambda)) or self._is_method(function):
                continue
            positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
            for transform in traced.transforms:
                site = self.model.call_site(transform.site) if isinstance(transform.site, ast.Call) else None
                if site is None or not site.complete or not site.args \
                        or self._function_of(site.args[0]) is not function:
                    continue
                xs = mapped_xs(transform)
                position = MAPPED_XS[site.qualname][0] if site.qualname in MAPPED_XS else len(positional)
                if xs is None or position >= len(positional):
                    continue
                name = positional[position]
                previous = traced.tracers.get(name)
                if previous is None or previous.array or previous.elements is not None:
                    continue
                if self._rows(xs):
                    traced.tracers[name] = previous.as_array()
                    traced.arrays[name] = xs
                elif isinstance(xs, (ast.Tuple, ast.List)) and xs.elts and all(self._rows(e) for e in xs.elts):
                    # `lax.scan(step, carry, (xs, ys))`: a tuple of rows, one of each
                    traced.tracers[name] = Tracer(False, True, name, traced, previous.transform,
                                                  elements=tuple(True for _ in xs.elts))
                    traced.displays[name] = xs

    def _rows(self, xs: ast.expr) -> bool:
        """Whether `xs` is certainly one array of rank at least 1 (its rows are one array)."""
        inference = self._inference()
        if inference is None or isinstance(xs, ast.Starred) or not self._one_array(xs):
            return False
        aval = inference.value(xs).aval
        return aval is not None and bool(aval.ndim)

    def _vmap_axes(self, site: ast.Call, function: ast.FunctionDef | ast.Lambda) -> dict[str, int] | None:
        """The positional parameters `jax.vmap(f, in_axes)` maps, with their axis (an int
        written out, or the default 0); None when the code does not show them."""
        call_site = self.model.call_site(site)
        if call_site is None or not call_site.complete or len(call_site.args) > 2 \
                or any(k.arg is None for k in call_site.keywords):
            return None
        options = {k.arg: k.value for k in call_site.keywords}
        if len(call_site.args) == 2:
            if "in_axes" in options:
                return None
            options["in_axes"] = call_site.args[1]
        positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        in_axes = options.get("in_axes")
        if in_axes is None:
            return dict.fromkeys(positional, 0)
        if isinstance(in_axes, ast.Constant) and type(in_axes.value) is int:
            return dict.fromkeys(positional, in_axes.value)
        if isinstance(in_axes, (ast.Tuple, ast.List)) and len(in_axes.elts) <= len(positional) \
                and not any(isinstance(e, ast.Starred) for e in in_axes.elts):
            return {positional[i]: e.value for i, e in enumerate(in_axes.elts)
                    if isinstance(e, ast.Constant) and type(e.value) is int}
        return None

    def _elements(self, expr: ast.expr) -> tuple[bool, ...] | None:
        """A tuple or list display (no starred element) of which at least one element is
        certainly a Python number or one array (it becomes one array tracer): for each
        element, True for such an element, False for any other (a pytree whose leaves are
        tracers, of unknown structure: `(32, offset)` traced by `lax.cond` makes `32` one
        scalar tracer, whatever `offset` holds); None otherwise."""
        if not isinstance(expr, (ast.Tuple, ast.List, ast.Constant)) \
                and (held := self._given_tuple(expr)) is not None:
            return held
        elements: tuple[ast.expr, ...] | list[ast.expr] | None = None
        if isinstance(expr, (ast.Tuple, ast.List)):
            elements = expr.elts
        elif isinstance(expr, ast.Name) and (inference := self._inference()) is not None:
            shown = inference.value(expr)  # (`params = (w, b)` then `loss(params, x)`)
            elements = shown.elements if shown.type in ("tuple", "list") else None
        if not elements or any(isinstance(element, ast.Starred) for element in elements):
            return None
        found = tuple(self.applications.python_scalar(element) or self._one_array(element)
                      or self._array_parameter(element) or self._given_scalar(element)
                      for element in elements)
        return found if any(found) else None

    def _given_tuple(self, expr: ast.expr) -> tuple[bool, ...] | None:
        """`self.axis` that is certainly a tuple of Python numbers once the code after it is read
        too (`_given_constant`): each element becomes one array tracer."""
        held = self._given_constant(expr, lambda v: isinstance(v, tuple) and bool(v)
                                    and all(traceable_scalar(e) for e in v))
        return tuple(True for _ in held) if isinstance(held, tuple) else None

    def _range_index(self, expr: ast.expr) -> bool:
        """Whether `expr` is a name bound only as the target of a `for` over `range(...)`
        (`for d in range(1, n + 1): step(x, d)`): a Python int, in int32's range as a loop
        index is."""
        if not isinstance(expr, ast.Name):
            return False
        reaching = self.model.reaching(expr)
        return bool(reaching) and all(
            isinstance(b.iterated, ast.Call) and self.model.qualname(b.iterated.func) == "builtins.range"
            for b in reaching)  # type: ignore[union-attr]

    def _given_scalar(self, expr: ast.expr) -> bool:
        """Whether `expr` (`self.npix`, `2 * cfg.n`, a name assigned one) is certainly a Python
        number or bool JAX can trace once the code after it is read too (`_given_constant`)."""
        return self._given_constant(expr, traceable_scalar) is not None

    def _given_constant(self, expr: ast.expr, accepts: Callable[[object], bool]) -> object:
        """The constant `expr` certainly is once the code after it is read too
        (`Inference.given_constant`: the constructions of the instance whose attribute it
        reads), when `accepts` takes it; the code after it that decides it is kept for the
        findings to name (`given_by`). None otherwise."""
        inference = self._inference()
        held = None if inference is None or isinstance(expr, ast.Constant) else inference.given_constant(expr)
        if held is None or not accepts(held[0]):
            return None
        if held[1]:
            self._given_by[id(expr)] = held[1]
        return held[0]

    def given_by(self, expr: ast.expr) -> tuple[ast.expr, ...]:
        """The code written after `expr` that makes it the Python number an application
        traces (`_given_scalar`): the construction that stores it, the reads of the method
        on that instance, the arguments that pass it on; in source order."""
        return self._given_by.get(id(expr), ())

    def _array_parameter(self, expr: ast.expr) -> bool:
        """A parameter of a traced function, read itself, already known to hold one array
        tracer (`lax.cond(p, f, g, (32, offset))` in a jitted function given a number for
        `offset`)."""
        if not isinstance(expr, ast.Name):
            return False
        binding = self.model.read_binding(expr)
        if binding is None or not isinstance(binding.node, ast.arg):
            return False
        traced = self._traced.get(id(binding.scope.node))
        held = traced.tracers.get(expr.id) if traced is not None else None
        return held is not None and held.array and held.abstract

    def _entries(self, expr: ast.expr) -> tuple[str, ...] | None:
        """The keys of a dict the evaluator knows by its display (written there, or a name
        whose one display no code changes: `config = {"lr": 0.1}`), when every key is a
        string and every entry certainly a Python number or one array (each becomes one
        array tracer); None otherwise."""
        entries = self._entry_expressions(expr)
        if not entries:
            return None
        for key, entry in entries:
            if type(key) is not str or not (
                    self.applications.python_scalar(entry) or self._one_array(entry)):
                return None
        return tuple(str(key) for key, _ in entries)

    def _entry_expressions(self, expr: ast.expr) -> list[tuple[object, ast.expr]] | None:
        """The keys and entries of a dict the evaluator knows by its display (`_entries`)."""
        inference = self._inference()
        if inference is None:
            return None
        entries: list[tuple[object, ast.expr]] = []
        if type(expr) is ast.Name:  # as the dict is where it is passed (changed later or not)
            for key in inference.dict_keys(expr) or ():
                found = inference.entry_expression(expr, key, dict_only=True)
                if found is None:
                    entries = []
                    break
                entries.append((key, found[1]))
        if not entries and (value := inference.value(expr)).type == "dict" and value.entries \
                and value.keys is not None and len(value.keys) == len(value.entries):
            entries = list(value.entries)  # (a helper's display: `batch = make_batch(key)`)
        return entries or None

    def _applied_arguments(self, argument: ast.expr) -> list[ast.expr] | None:
        """For a parameter read as it is (`batch` in `jax.vmap(encode)(batch)`) of a def the
        file only runs through transformations that hand it its arguments one for one
        (`loss` in `jax.value_and_grad(loss)(w, batch)`: no plain call), what each run gives
        it (a transformation keeps a pytree's structure); None when a run does not bind."""
        if not isinstance(argument, ast.Name):
            return None
        parameter = self.model.parameter_read(argument)
        owner = self._traced.get(id(parameter.scope.node)) if parameter is not None else None
        if parameter is None or owner is None or not isinstance(owner.function, ast.FunctionDef) \
                or self._is_method(owner.function) or self.model.calls_of_def(owner.function) \
                or not owner.transforms or any(t.qualname not in _SIGNATURE_KEEPING for t in owner.transforms):
            return None
        signature = Signature.of(owner.function.args)
        given: list[ast.expr] = []
        for run in self.applications.runs(owner):
            bound = bind_arguments(signature, run.args, run.keywords)
            if bound is None or bound.extra_positional or bound.extra_keywords \
                    or parameter.name not in bound.given:
                return None
            given.append(bound.given[parameter.name])
        return given or None

    def _applied_entries(self, argument: ast.expr) -> tuple[tuple[str, ...], ast.expr] | None:
        """The keys of the dict every run gives the parameter `argument` reads
        (`_applied_arguments`), the same each time (`_entries`), and the first run's argument
        (later code shows it: a finding names it)."""
        given = self._applied_arguments(argument)
        found = {self._entries(g) for g in given or ()}
        if not given or len(found) != 1 or None in found:
            return None
        return found.pop(), given[0]  # type: ignore[return-value]

    def _inference(self) -> Inference | None:
        """The evaluator whose `constant` the model was given (None: another function)."""
        inference = getattr(self._constant, "__self__", None)
        return inference if isinstance(inference, Inference) else None

    def _one_array(self, expr: ast.expr) -> bool:
        """Whether the evaluator says `expr` is certainly one array jit traces as one array
        tracer: a JAX array, or a NumPy array whose shape and dtype it knows (never a Ref)."""
        inference = self._inference()
        if inference is None:
            return False
        value = inference.value(expr)
        if value.ref is not None or value.type == "Ref":
            return False
        return value.jax_array is not None or (value.type in ("ArrayImpl", "ndarray") and value.aval is not None
                                               and value.aval.dtype is not None)

    def _decorators_below_known(self, function: ast.AST, position: int) -> bool:
        """Whether every decorator applied before the one at `position` is a transformation
        (an unknown one may change what the function receives)."""
        for decorator in getattr(function, "decorator_list", [])[position + 1:]:
            name = decorator.func if isinstance(decorator, ast.Call) else decorator
            if self.model.qualname(name) not in TRANSFORMS:
                site = self.model.call_site(decorator) if isinstance(decorator, ast.Call) else None
                if site is None or site.qualname not in TRANSFORMS:
                    return False
        return True

    def _trace_site(self, site: CallSite, kind: TransformKind,
                    outer: tuple[Transform, ...]) -> None:
        """`jax.jit(f, ...)`, `lax.scan(body, ...)`: trace the functions it is given."""
        for function in self.functions_passed(site, kind):
            label = kind.label
            if site.qualname == "jax.lax.while_loop" and (
                    (site.args and function is site.args[0])
                    or any(k.arg == "cond_fun" and k.value is function for k in site.keywords)):
                label = "while_cond"  # JAX names the condition apart from the body
            transform = Transform(site.qualname, label, site.call, kind.abstract)
            made = self.partial_made(function)
            bound = self._partial_binding(made) if made is not None else None
            if made is not None and bound is not None:
                options = _positional_options(site, kind)
                if options is not None:
                    self._trace(made.args[0], transform, (*options, *site.keywords), outer, site, bound,
                                partial=made)
                continue
            if isinstance(function, ast.Call):
                inner = self.model.call_site(function)
                if inner is not None and inner.qualname in TRANSFORMS and inner.complete \
                        and not _options(site, kind):
                    # jax.jit(jax.grad(f)): f is traced by both; the outer one's arguments
                    # reach f's parameters one for one (grad and vmap keep the signature).
                    self._trace_site(inner, TRANSFORMS[inner.qualname], (*outer, transform))
                    continue
                factory_made = self.model.function_of(function)  # `jax.jit(make_step(cfg))`
                options = _positional_options(site, kind)
                if factory_made is not None and options is not None:
                    self._trace(factory_made, transform, (*options, *site.keywords), outer, site)
                continue
            options = _positional_options(site, kind)
            if options is not None:
                self._trace(function, transform, (*options, *site.keywords), outer, site)

    def functions_passed(self, site: CallSite, kind: TransformKind) -> list[ast.expr]:
        """The function expressions the transformation call `site` is given (a switch's
        branches; none for a switch of one branch, which JAX calls untraced)."""
        found: list[ast.expr] = []
        for position in kind.function_positions:
            if position < len(site.args) and not any(
                    isinstance(a, ast.Starred) for a in site.args[:position + 1]):
                found.append(site.args[position])
        for keyword in site.keywords:
            if keyword.arg in kind.function_keywords:
                found.append(keyword.value)
        if site.qualname == "jax.lax.switch":
            branches = [e for f in found if isinstance(f, (ast.List, ast.Tuple)) for e in f.elts]
            # One branch: switch calls it as it is, untraced (JAX 0.12.0.1).
            return branches if len(branches) > 1 else []
        return found

    def partial_made(self, expr: ast.expr) -> ast.Call | None:
        """The call that made `expr` when it may be a `functools.partial(...)`: the call
        written in place, or the value of the one assignment a name read here reads
        (`step3 = partial(step, 3.0)` ... `jax.jit(step3)`); for a name assigned the call of a
        helper or method of the file (`ref = potential.to_reference()`), the partial its one
        `return` makes (`return functools.partial(energy, beta=self.beta)`)."""
        if isinstance(expr, ast.Call):
            return expr
        if not isinstance(expr, ast.Name):
            return None
        binding = self.model.read_binding(expr)
        if binding is None or binding.kind != ASSIGN or not isinstance(binding.node, ast.Name) \
                or not isinstance(binding.value, ast.Call):
            return None
        made = binding.value
        if self.model.qualname(made.func) == "functools.partial":
            return made
        callee = self._helper_callee(made)
        returns = self.model.returns_of(callee[0]) if callee is not None else None
        if returns is None or returns.suspends or len(returns.returns) != 1:
            return made
        returned = returns.returns[0].value
        if isinstance(returned, ast.Call) and self.model.qualname(returned.func) == "functools.partial":
            return returned
        return made

    def _partial_binding(self, expr: ast.expr) -> tuple[int, frozenset[str]] | None:
        """`functools.partial(f, a, k=v)`: how many leading parameters of `f` it binds, and
        which by name (they hold the partial's values, not tracers)."""
        if not isinstance(expr, ast.Call) or not expr.args or any(
                isinstance(a, ast.Starred) for a in expr.args) or any(k.arg is None for k in expr.keywords):
            return None
        if self.model.qualname(expr.func) != "functools.partial":
            return None
        return len(expr.args) - 1, frozenset(k.arg for k in expr.keywords if k.arg is not None)

    def _function_of(self, expr: ast.expr) -> FunctionNode | None:
        """The function `expr` is (`model.function_of`), or a def decorated only by
        transformations of this model (a def decorated by anything else names what the
        decorator made: a custom_vjp's primal is not what grad runs)."""
        function = self.model.function_of(expr)
        if function is not None:
            return function
        definition = self.model.def_of(expr)
        if definition is not None and self._decorators_below_known(definition, -1):
            return definition
        return None

    def _trace(self, function_expr: ast.AST, transform: Transform,
               keywords: tuple[ast.keyword, ...], outer: tuple[Transform, ...],
               site: CallSite | None = None,
               bound: tuple[int, frozenset[str]] = (0, frozenset()),
               partial: ast.Call | None = None) -> None:
        """Trace `function_expr` by `transform`; `bound`: the parameters a
        `functools.partial` around it binds (leading count, names). A bound method
        (`jax.jit(self.step)`, `model.members.denoted`) is its def with `self` bound."""
        function = function_expr if isinstance(function_expr, (
            ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) else self._function_of(
                function_expr)  # type: ignore[arg-type]
        receiver = instance = False
        if function is None and isinstance(function_expr, ast.Attribute) and bound == (0, frozenset()):
            denoted = self.model.members.denoted(function_expr)
            if denoted is not None and denoted.bound:
                function, bound, receiver = denoted.function, (1, frozenset()), True
        leading = 0
        if function is None and isinstance(function_expr, ast.Attribute) and bound == (0, frozenset()):
            entry = self._flax_entry(function_expr, transform)
            if entry is not None:  # (`jax.jit(model.apply)`: its first argument is the variables)
                function, bound, receiver, leading = entry, (1, frozenset()), True, 1
                # JAX traces flax's `apply` (its place, `args[0]`...): not predicted ("").
                transform = Transform(transform.qualname, "", transform.site, transform.abstract)
        if function is None and isinstance(function_expr, ast.Name) and bound == (0, frozenset()):
            called = self.instance_call(function_expr)
            if called is not None:
                function, bound, receiver, instance = called, (1, frozenset()), True, True
        if function is None and isinstance(function_expr, ast.Name) and bound == (0, frozenset()):
            constructor = self._constructor_traced(function_expr)
            if constructor is not None:  # (`jax.jit(Curve)`: its `__init__`, `self` bound;
                # JAX knows no name or place for a class: "<unknown>", as for an instance)
                function, bound, receiver, instance = constructor, (1, frozenset()), True, True
        if function is None and isinstance(function_expr, (ast.Name, ast.Attribute)) \
                and bound == (0, frozenset()) and not outer:
            qualname = self.model.qualname(function_expr)
            if qualname is not None and not qualname.startswith(("jax.", "builtins.")):
                self.outside_applications.append((qualname, transform, keywords))
        if function is None or (isinstance(function, ast.AsyncFunctionDef)):
            return
        parameters = self._traced_parameters(function, transform, keywords, site, bound, receiver,
                                             leading)
        if parameters is None:
            return
        traced = self._traced.setdefault(id(function), TracedFunction(function))
        traced.instance = traced.instance or instance
        if partial is not None and all(p is not partial for p in traced.partials):
            traced.partials.append(partial)
        if all(t.site is not transform.site for t in traced.transforms):
            traced.transforms.append(transform)
        for name, array in parameters.items():
            previous = traced.tracers.get(name)
            if previous is None or (transform.abstract and not previous.abstract):
                traced.tracers[name] = Tracer(array, transform.abstract, name, traced, transform)
        # The outer transformations trace every argument (jit of grad(f)).
        for layer in outer:
            for name, array in self._all_parameters(function, bound).items():
                if name not in traced.tracers or (layer.abstract and not traced.tracers[name].abstract):
                    traced.tracers[name] = Tracer(array, layer.abstract, name, traced, layer)
            if all(t.site is not layer.site for t in traced.transforms):
                traced.transforms.append(layer)

    def _constructor_traced(self, expr: ast.Name) -> ast.FunctionDef | None:
        """A class of the file given to a transformation (`jax.jit(CalibrationCurve)`): calling
        it runs its `__init__` (a plain def of its body) with the arguments after `self`.
        None for a class whose construction the file does not show (a decorator, keywords,
        a `__new__`, no `__init__` of its own)."""
        binding = self.model.binding_of(expr)
        if binding is None or binding.kind != CLASS or not isinstance(binding.node, ast.ClassDef):
            return None
        cls = binding.node
        if cls.decorator_list or cls.keywords:
            return None
        defs = {s.name: s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
        init = defs.get("__init__")
        if "__new__" in defs or not isinstance(init, ast.FunctionDef) or init.decorator_list \
                or not [*init.args.posonlyargs, *init.args.args]:
            return None
        return init

    # ------------------------------------------------------------------------ parameters
    def _all_parameters(self, function: FunctionNode,
                        bound: tuple[int, frozenset[str]] = (0, frozenset())) -> dict[str, bool]:
        """Parameters a call must pass (no default, not *args/**kwargs, not bound by a
        partial): name -> one array (by annotation) or a pytree."""
        args = function.args
        positional = [*args.posonlyargs, *args.args]
        required = positional[bound[0]:len(positional) - len(args.defaults)]
        required += [a for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is None]
        return {a.arg: _annotated_array(a.annotation) for a in required if a.arg not in bound[1]}

    def _is_method(self, function: FunctionNode) -> bool:
        scope = self.model.scope_of_node.get(id(function))
        if scope is None or scope.parent is None or scope.parent.kind != "class":
            return False
        return not any(self.model.qualname(d) == "builtins.staticmethod"
                       for d in getattr(function, "decorator_list", ()))

    def _traced_parameters(self, function: FunctionNode, transform: Transform,
                           keywords: tuple[ast.keyword, ...],
                           site: CallSite | None,
                           bound: tuple[int, frozenset[str]] = (0, frozenset()),
                           receiver: bool = False, leading: int = 0) -> dict[str, bool] | None:
        """The parameters `transform` makes tracers (name -> annotated as one array), or None
        when the code does not show it; `receiver`: a bound method (`self` bound, the
        transformation sees the other parameters); `leading`: arguments the transformed
        callable takes before those (flax's `apply` takes the variables first), counted by
        the options' positions but no parameter of `function`."""
        if any(k.arg is None for k in keywords):
            return None  # **options
        options = {k.arg: k.value for k in keywords if k.arg is not None}
        parameters = self._all_parameters(function, bound)
        positional = [f"<argument {i}>" for i in range(leading)] + \
            [a.arg for a in (*function.args.posonlyargs, *function.args.args)][bound[0]:]
        if any(name in bound[1] for name in positional):
            # partial(f, k=v) on a positional parameter: the positions after it can only be
            # given by keyword; keep it simple and silent.
            return None
        qualname = transform.qualname
        if self._is_method(function) and not receiver:
            if bound[0] or bound[1]:
                return None
            if qualname not in ("jax.jit", "jax.checkpoint", "jax.remat"):
                return None
            # self is an argument: traced unless static (a class that is not a pytree fails at
            # the call, before the body runs: non-array-argument's error, not ours).
            static_self = _static_parameters(options, positional)
            if static_self is None or not positional or positional[0] not in static_self:
                return None
        if qualname in ("jax.jit", "jax.checkpoint", "jax.remat", "jax.ad_checkpoint.checkpoint",
                        "jax.make_jaxpr"):
            static = _static_parameters(options, positional)
            if static is None:
                return None
            traced = {n: a for n, a in parameters.items() if n not in static}
            traced.update(_star_parameters(function, options, positional))
            return traced
        if qualname == "equinox.filter_jit":
            return {}  # (what its calls give: `_filtered_arrays`)
        if qualname in NUMPYRO_INFERENCE:
            return {}  # (the model's arguments are closed over; its sample sites are traced)
        if qualname == "jax.pmap":
            broadcast = options.get("static_broadcasted_argnums")
            static_pmap = _static_parameters({"static_argnums": broadcast} if broadcast else {},
                                             positional)
            if static_pmap is None or "in_axes" in options or "axis_size" in options:
                return None
            return {n: a for n, a in parameters.items() if n not in static_pmap}
        if qualname == "jax.vmap":
            return self._vmapped(options, positional, parameters)
        if qualname == "jax.numpy.apply_along_axis":
            return {positional[0]: True} if positional else None
        if qualname in DIFFERENTIATING:
            argnums = _int_set(options.get("argnums")) if "argnums" in options else frozenset({0})
            if argnums is None:
                return None
            chosen = {positional[i] for i in argnums if -len(positional) <= i < len(positional)}
            return {n: a for n, a in parameters.items() if n in chosen}
        if qualname == "jax.eval_shape":
            return {n: a for n, a in parameters.items() if n in positional}
        if qualname == "jax.lax.scan" and site is not None:
            xs = site.args[2] if len(site.args) > 2 else next(
                (k.value for k in site.keywords if k.arg == "xs"), None)
            carry_only = xs is None or (isinstance(xs, ast.Constant) and xs.value is None)
            names = positional[:1] if carry_only else positional[:2]
            return {n: a for n, a in parameters.items() if n in names}
        if qualname == "jax.lax.fori_loop" and positional:
            # the body's first parameter is the loop index: one integer scalar array
            return {n: a or n == positional[0] for n, a in parameters.items() if n in positional}
        if qualname.startswith("jax.lax."):
            return {n: a for n, a in parameters.items() if n in positional}
        return None

    def _vmapped(self, options: dict[str, ast.expr], positional: list[str],
                 parameters: dict[str, bool]) -> dict[str, bool] | None:
        in_axes = options.get("in_axes")
        if in_axes is None:
            mapped = set(positional)
        elif isinstance(in_axes, ast.Constant):
            if in_axes.value is None:
                return {}
            if type(in_axes.value) is not int:
                return None
            mapped = set(positional)
        elif isinstance(in_axes, (ast.Tuple, ast.List)):
            if any(isinstance(e, ast.Starred) for e in in_axes.elts) or len(in_axes.elts) > len(positional):
                return None
            mapped = {positional[i] for i, e in enumerate(in_axes.elts)
                      if isinstance(e, ast.Constant) and type(e.value) is int}
        else:
            return None
        return {n: a for n, a in parameters.items() if n in mapped}

    # ------------------------------------------------------------------------ helpers
    def _find_helpers(self) -> None:
        """Functions of the file called from traced code with a tracer for an argument."""
        pending = list(self.calls)
        for _ in range(self.MAX_HELPER_ROUNDS):
            added: list[TracedFunction] = []
            upgraded: list[TracedFunction] = []
            for call, caller in pending:
                differentiated = self._differentiated_callee(call)
                if differentiated is not None:
                    if self._pass_abstract(call, *differentiated):
                        upgraded.append(differentiated[0])
                    continue
                post_init = self._post_init_callee(call)
                initializer = self._flax_initializer(call, caller) if post_init is None else None
                if initializer is not None:  # (flax calls it, staged: its parameters hold no tracer we know)
                    function: ast.FunctionDef | ast.Lambda = initializer
                    found: dict[str, Tracer] = {}
                elif post_init is not None:
                    function, fields = post_init
                    given = (_field_argument(call, i, name) for i, name in enumerate(fields))
                    if not any(a is not None and self.tracer(a) is not None for a in given):
                        continue
                    found = {}  # (its `self.field` reads: `_post_init_field`)
                else:
                    callee = self._helper_callee(call)
                    if callee is None:
                        continue
                    function, signature, args, keywords = callee
                    bound = bind_arguments(signature, args, keywords)
                    if bound is None:
                        continue
                    found = {name: tracer for name, value in bound.given.items()
                             if (tracer := self.tracer(value)) is not None}
                    receiver = None if isinstance(function, ast.Lambda) else self._traced_receiver(call, function)
                    if receiver is not None:
                        found.setdefault(*receiver)
                    if not found and not self._may_stage(function, caller):
                        continue
                helper = self._traced.get(id(function))
                is_new = helper is None
                if helper is None:
                    helper = self._traced[id(function)] = TracedFunction(function)
                helper.called_from.append(call)
                for name, tracer in found.items():
                    helper.tracers.setdefault(name, tracer)
                if is_new:
                    added.append(helper)
            if not added and not upgraded:
                return
            self._memo.clear()
            before = len(self.calls)
            self._collect_bodies(added)
            pending = self.calls[before:]
            # The calls an upgraded function makes: what they pass may now be abstract.
            again = {id(t) for t in upgraded}
            pending += [(call, t) for call, t in self.calls[:before] if id(t) in again]

    def _flax_entry(self, expr: ast.Attribute, transform: Transform) -> ast.FunctionDef | None:
        """`model.apply` (or `model.init`) given to a transformation, `model` certainly an
        instance of a flax linen Module of the file that does not define that method: the
        `__call__` flax runs with the arguments after the first (the variables, or the PRNG
        keys of `init`), when every call of what the transformation returns that the file
        shows leaves `method=` out (another method would run)."""
        if expr.attr not in FLAX_ENTRY_POINTS or not isinstance(expr.value, ast.Name) \
                or not isinstance(expr.ctx, ast.Load):
            return None
        members = self.model.members
        owner = members.class_of_instance(expr.value)
        if owner is None or self._class_kind(owner) != "flax" or members.method(owner, expr.attr) is not None:
            return None
        site = transform.site
        if isinstance(site, ast.Call) and any(k.arg in (None, "method") for call in self.model.calls_of_result(site)
                                              for k in call.keywords):
            return None
        method = members.plain_method(owner, "__call__", FLAX_PASSING)
        return method if isinstance(method, ast.FunctionDef) and Signature.of(method.args).positional else None

    def _flax_initializer(self, call: ast.Call, caller: TracedFunction) -> ast.FunctionDef | None:
        """`self.param("w", init_fn, shape)` in a flax linen Module's `__call__` that a staging
        transformation traces through `model.init` or `model.apply` (`jax.jit(model.apply)`:
        `_flax_entry`): flax calls `init_fn(key, shape)` there staged (under `init` to make
        the parameter; under `apply`, where it exists, through `jax.eval_shape` to check its
        shape: flax 0.12's `Scope.param`); an undecorated def of the file."""
        func = call.func
        function = caller.function
        if not isinstance(func, ast.Attribute) or func.attr != "param" or not isinstance(func.value, ast.Name) \
                or len(call.args) < 2 or not isinstance(function, ast.FunctionDef):
            return None
        positional = [*function.args.posonlyargs, *function.args.args]
        if not positional or func.value.id != positional[0].arg or not any(
                t.qualname in STAGING and t.abstract and isinstance(t.site, ast.Call) and t.site.args
                and isinstance(t.site.args[0], ast.Attribute)
                and self._flax_entry(t.site.args[0], t) is function for t in caller.transforms):
            return None
        initializer = self.model.function_of(call.args[1])
        return initializer if isinstance(initializer, ast.FunctionDef) and not initializer.decorator_list \
            and initializer.body else None

    def _may_stage(self, function: ast.FunctionDef | ast.Lambda, caller: TracedFunction) -> bool:
        """Whether a helper traced code calls with no tracer may still run staged, to be
        decided once every call of it from traced code is known (`_staging_of`: when each is
        made from staged code, its JAX functions give tracers even on constants, as
        `jnp.log2(shape[0])` in a flax initializer a jitted `init` runs): a def of the file,
        not a lambda, called from code that is staged or may be."""
        if isinstance(function, ast.Lambda) or not function.body:
            return False
        return any(t.qualname in STAGING and t.abstract for t in caller.transforms) \
            or (not caller.transforms and bool(caller.called_from))

    @overload
    def callee(self, call: ast.Call) -> tuple[
            ast.FunctionDef, Signature, list[ast.expr], list[ast.keyword]] | None: ...

    @overload
    def callee(self, call: ast.Call, *, lambdas: bool) -> tuple[
            ast.FunctionDef | ast.Lambda, Signature, list[ast.expr], list[ast.keyword]] | None: ...

    def callee(self, call: ast.Call, *, lambdas: bool = False) -> tuple[
            ast.FunctionDef | ast.Lambda, Signature, list[ast.expr], list[ast.keyword]] | None:
        """The def of the file `call` certainly runs, and the arguments it binds
        (`_helper_callee`: a plain def, a method of an instance, a flax Module's `apply`;
        a lambda too, when `lambdas`: `f = lambda x: ...` then `f(y)`)."""
        found = self._helper_callee(call)
        if found is None or isinstance(found[0], ast.Lambda) and not lambdas:
            return None
        return found[0], found[1], found[2], found[3]

    def _helper_callee(self, call: ast.Call) -> tuple[
            ast.FunctionDef | ast.Lambda, Signature, list[ast.expr], list[ast.keyword]] | None:
        """The def of the file `call` certainly runs with its arguments, and how they bind:
        `f(x)` for an undecorated module or nested def; `obj.method(x)` and `obj(x)` (its
        `__call__`) for an instance of a class of the file (`Members.class_of_receiver`: also
        `self.model.apply(...)` for `self.model = Net()` stored once in `__init__`), the
        first parameter bound to it (`self.method(x)` in any class; another instance only of a
        plain class or an equinox Module: a flax module runs its methods only bound by
        `apply`); `model.apply(variables, x)` for a flax linen Module, which runs its
        `__call__` (`@nn.compact` hands the arguments on) on the arguments after the
        variables (no `method=`)."""
        func = call.func
        args, keywords = list(call.args), list(call.keywords)
        receiver: ast.Name | ast.Attribute
        if isinstance(func, (ast.Name, ast.Subscript)):  # (`settings["guess"](t)`: a dict's entry)
            function = self._function_of(func)
            if isinstance(function, ast.Lambda) or isinstance(function, ast.FunctionDef) \
                    and not function.decorator_list and not self._is_method(function):
                return function, Signature.of(function.args), args, keywords
            if function is not None or not isinstance(func, ast.Name):
                return None
            receiver, name = func, "__call__"
        elif isinstance(func, ast.Attribute) and isinstance(func.value, (ast.Name, ast.Attribute)):
            receiver, name = func.value, func.attr  # `model.apply`, `self.model.apply`
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call):
            return self._made_method_callee(func.value, func.attr, args, keywords)
        elif isinstance(func, ast.Call):  # `Block(features)(x)`: its `__call__`
            return self._made_method_callee(func, "__call__", args, keywords)
        else:
            return None
        members = self.model.members
        if isinstance(receiver, ast.Name):
            made = self.model.binding_of(receiver)
            if made is not None and made.kind == CLASS and isinstance(made.node, ast.ClassDef):
                if receiver is func:  # `Normal(loc, scale)`: the construction runs `__init__`
                    return self._constructor_callee(made.node, args, keywords)
                return self._class_method_callee(made.node, name, args, keywords)
        owner = members.class_of_receiver(receiver)
        if owner is None and isinstance(receiver, ast.Name) and receiver is not func:
            held = self._holder_class(receiver)  # a parameter holding an instance (`surface.shift()`)
            owner = held[0].node if held is not None else None
        if owner is None:
            return None
        kind = self._class_kind(owner)
        is_self = isinstance(receiver, ast.Name) and isinstance(
            getattr(self.model.binding_of(receiver), "node", None), ast.arg)
        if kind == "flax" and name == "apply" and not is_self:
            if not args or any(k.arg in (None, "method") for k in keywords):
                return None
            args = args[1:]
            keywords = [k for k in keywords if k.arg not in FLAX_APPLY_OPTIONS]
            name = "__call__"
        elif kind is None or (kind == "flax" and not is_self):
            return None
        method = members.plain_method(owner, name, FLAX_PASSING if kind == "flax" else frozenset())
        if method is None:
            return None
        signature = Signature.of(method.args)
        if not signature.positional:
            return None
        signature = signature.bound_to_instance()
        return method, signature, args, keywords

    def _made_method_callee(self, made: ast.Call, name: str, args: list[ast.expr],
                            keywords: list[ast.keyword]) -> tuple[
            ast.FunctionDef, Signature, list[ast.expr], list[ast.keyword]] | None:
        """`GP(scale).logpdf(x, y)`: a plain method of a plain class of the file called on an
        instance constructed in place, its first parameter bound to that instance; only when
        the construction's arguments bind to the class's `__init__` (or, with none of its own in
        the hierarchy, there are none): else constructing it raises first."""
        owner = _class_called(self.model, made)
        members = self.model.members
        if owner is not None and name == "__call__" and self._class_kind(owner) == "flax":
            return self._made_submodule_callee(made, owner, args, keywords)
        if owner is None or self._class_kind(owner) != "plain" or members.method(owner, "__new__") is not None:
            return None
        init = members.method(owner, "__init__")
        fields = dataclass_init_fields(self.model, owner) if owner.decorator_list else None
        if fields is not None:  # (a dataclass: its generated `__init__` takes the fields)
            if len(made.args) > len(fields) or any(k.arg not in fields for k in made.keywords):
                return None
        elif init is None:
            if made.args or made.keywords:
                return None
        else:
            constructor = _bound_callee(members.plain_method(owner, "__init__"), made.args, made.keywords)
            if constructor is None or bind_arguments(*constructor[1:]) is None:
                return None
        return _bound_callee(members.plain_method(owner, name), args, keywords)

    def _made_submodule_callee(self, made: ast.Call, owner: ast.ClassDef, args: list[ast.expr],
                               keywords: list[ast.keyword]) -> tuple[
            ast.FunctionDef, Signature, list[ast.expr], list[ast.keyword]] | None:
        """`Block(features)(x)` in a method of a flax linen Module of the file (its
        `@nn.compact` `__call__` that `apply` or `init` runs): the submodule `Block`, a flax
        Module of the file constructed in place (`flax_construction_binds`), runs its own
        `__call__` on the arguments."""
        enclosing = self.enclosing(made)
        if enclosing is None or not isinstance(enclosing.function, ast.FunctionDef) \
                or not self._is_method(enclosing.function):
            return None
        scope = self.model.scope_of_node.get(id(enclosing.function))
        caller = scope.parent.node if scope is not None and scope.parent is not None else None
        if not isinstance(caller, ast.ClassDef) or self._class_kind(caller) != "flax" \
                or not flax_construction_binds(self.model, owner, made):
            return None
        return _bound_callee(self.model.members.plain_method(owner, "__call__", FLAX_PASSING), args, keywords)

    def _traced_receiver(self, call: ast.Call, function: ast.FunctionDef) -> tuple[str, Tracer] | None:
        """For `surface.shift(x)` running an undecorated method of a pytree class of the file
        on a pytree of tracers (`_holder_class` knows the class), or of a plain class on an
        instance holding tracers (`_plain_instance`): the method's `self` and the receiver's
        tracer (its fields are the tracers the instance holds: `_field`, `_instance_attribute`)."""
        func = call.func
        positional = [*function.args.posonlyargs, *function.args.args]
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call) \
                and not function.decorator_list and positional and self._is_method(function):
            made = self.tracer(func.value)  # (`Kernel(scale).at(r)`: made in place)
            return (positional[0].arg, made) if made is not None and made.attributes is not None else None
        if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Name) \
                or function.decorator_list or not positional or not self._is_method(function):
            return None
        tracer = self.tracer(func.value)
        if tracer is not None and tracer.attributes is not None:
            return positional[0].arg, tracer  # (an instance holding tracers: `_plain_instance`)
        if tracer is None or tracer.array or self._holder_class(func.value) is None:
            return None
        return positional[0].arg, tracer

    def _holder_class(self, receiver: ast.Name, depth: int = 0) -> tuple[PytreeClass, list[ast.Call]] | None:
        """The pytree class with named fields the parameter `receiver` reads certainly holds an
        instance of, and the constructions that make it: a traced function's parameter
        (`_parameter_class`); a helper's parameter every traced call gives such an instance (a
        construction, a name assigned one, or a parameter holding one, followed the same way);
        `self` of a method every traced call runs on such an instance."""
        binding = self.model.read_binding(receiver)
        if depth > _HOLDER_DEPTH or binding is None or not isinstance(binding.node, ast.arg) \
                or id(binding) in self._holders_busy:
            return None
        self._holders_busy.add(id(binding))
        try:
            return self._find_holder_class(binding, depth)
        finally:
            self._holders_busy.discard(id(binding))

    def _find_holder_class(self, binding: Binding, depth: int) -> tuple[PytreeClass, list[ast.Call]] | None:
        assert isinstance(binding.node, ast.arg)
        function = binding.scope.node
        traced = self._traced.get(id(function))
        if traced is None or traced.origins or bool(traced.transforms) == bool(traced.called_from):
            return None
        if traced.transforms:
            return self._parameter_class(traced, binding.node)
        given = self._given_to(traced, binding.node)
        if given is None:
            return None
        found: PytreeClass | None = None
        constructors: list[ast.Call] = []
        for argument in given:
            held = self._argument_class(argument, depth)
            if held is None or found is not None and held[0].node is not found.node:
                return None
            found = held[0]
            constructors += held[1]
        return (found, constructors) if found is not None else None

    def _given_to(self, helper: TracedFunction, parameter: ast.arg) -> list[ast.expr | None] | None:
        """What each call traced code makes of the helper gives `parameter` (for a method's
        `self`, the call's receiver; None where it gives nothing); None when a call does not
        run the helper with its arguments bound."""
        function = helper.function
        positional = [*function.args.posonlyargs, *function.args.args]
        is_self = self._is_method(function) and bool(positional) and positional[0] is parameter
        given: list[ast.expr | None] = []
        for call in helper.called_from:
            callee = self._helper_callee(call)
            if callee is None or callee[0] is not function:
                return None
            if is_self:
                given.append(call.func.value if isinstance(call.func, ast.Attribute) else None)
                continue
            bound = bind_arguments(callee[1], callee[2], callee[3])
            if bound is None:
                return None
            given.append(bound.given.get(parameter.arg))
        return given

    def _argument_class(self, argument: ast.expr | None,
                        depth: int) -> tuple[PytreeClass, list[ast.Call]] | None:
        """The pytree class an argument certainly holds an instance of, and its constructions
        (`constructions`), or, for a parameter, what its own calls give it (`_holder_class`)."""
        made = constructions(self.model, argument)
        if made is None:
            return self._holder_class(argument, depth + 1) if isinstance(argument, ast.Name) else None
        pytree = pytree_class(self.model, made[0])
        return (pytree, made[1]) if pytree is not None else None

    def _post_init_callee(self, call: ast.Call) -> tuple[ast.FunctionDef, tuple[str, ...]] | None:
        """`Halo(m, r)` of a stdlib dataclass of the file (`dataclass_init_fields`) whose body
        defines `__post_init__(self)` (undecorated, `self` alone, storing none of the fields):
        the generated `__init__` stores the fields, then runs it. Its fields, in order. For an
        equinox Module of the file without an `__init__` of its own (`pytree_class`), its
        `__check_init__` (which runs after the fields are set), else its `__post_init__`."""
        if not isinstance(call.func, ast.Name):
            return None
        made = self.model.binding_of(call.func)
        if made is None or made.kind != CLASS or not isinstance(made.node, ast.ClassDef):
            return None
        hooks = {s.name: s for s in made.node.body if isinstance(s, ast.FunctionDef)}
        module = pytree_class(self.model, made.node)
        if module is not None and module.kind == "equinox":
            post_init = hooks.get("__check_init__") or hooks.get("__post_init__")
            fields: tuple[str, ...] | None = tuple(f.name for f in module.fields)
            if post_init is None or post_init.decorator_list or post_init.args.vararg \
                    or post_init.args.kwarg or post_init.args.kwonlyargs \
                    or len([*post_init.args.posonlyargs, *post_init.args.args]) != 1 \
                    or any(isinstance(b, ast.AnnAssign) and b.value is not None for b in made.node.body):
                return None  # (a field's value may be `eqx.field(converter=...)`: unread)
            return post_init, fields  # type: ignore[return-value]
        post_init = hooks.get("__post_init__")
        if post_init is None or post_init.decorator_list or post_init.args.vararg \
                or post_init.args.kwarg or post_init.args.kwonlyargs \
                or len([*post_init.args.posonlyargs, *post_init.args.args]) != 1:
            return None
        fields = dataclass_init_fields(self.model, made.node)
        if fields is None or any(isinstance(target, ast.Attribute) and target.attr in fields
                                 for target, _ in self.model.stores_in(post_init)):
            return None
        return post_init, fields

    def _post_init_field(self, expr: ast.Attribute, traced: TracedFunction) -> Tracer | None:
        """`self.mass` in a dataclass's `__post_init__` that traced code runs by constructing
        it (`_post_init_callee`): the tracer every such construction gives the field, when
        all give one (all one array, or all a pytree)."""
        arguments: list[ast.expr | None] = []
        for call in traced.called_from:
            post_init = self._post_init_callee(call)
            if post_init is None or post_init[0] is not traced.function or expr.attr not in post_init[1]:
                return None
            arguments.append(_field_argument(call, post_init[1].index(expr.attr), expr.attr))
        return self._agreeing(arguments)

    def _constructor_callee(self, owner: ast.ClassDef, args: list[ast.expr],
                            keywords: list[ast.keyword]) -> tuple[
            ast.FunctionDef, Signature, list[ast.expr], list[ast.keyword]] | None:
        """`Normal(loc, scale)` for a plain class of the file: its `__init__` (undecorated,
        found in the class or its plain bases), the new instance bound to the first
        parameter; None when no `__init__` is shown or `__new__` is defined."""
        if self._class_kind(owner) != "plain" or self.model.members.method(owner, "__new__") is not None:
            return None
        return _bound_callee(self.model.members.plain_method(owner, "__init__"), args, keywords)

    def _class_method_callee(self, owner: ast.ClassDef, name: str, args: list[ast.expr],
                             keywords: list[ast.keyword]) -> tuple[
            ast.FunctionDef, Signature, list[ast.expr], list[ast.keyword]] | None:
        """`Scale.from_factors(f)` on a plain class or an equinox Module of the file: its def
        decorated only `@classmethod` (the class bound to the first parameter) or
        `@staticmethod`."""
        if self._class_kind(owner) not in ("plain", "equinox"):
            return None
        method = self.model.members.method(owner, name)
        if not isinstance(method, ast.FunctionDef) or len(method.decorator_list) != 1:
            return None
        decorator = self.model.qualname(method.decorator_list[0])
        signature = Signature.of(method.args)
        if decorator == "builtins.staticmethod":
            return method, signature, args, keywords
        if decorator != "builtins.classmethod" or not signature.positional:
            return None
        return method, signature.bound_to_instance(), args, keywords

    def instance_call(self, expr: ast.Name) -> ast.FunctionDef | None:
        """The `__call__` an instance of a plain class or an equinox Module of the file runs
        when JAX calls it (`lax.scan(cell, ...)`, `jax.jit(model)`), its first parameter
        bound to the instance."""
        owner = self.model.members.class_of_instance(expr)
        if owner is None or self._class_kind(owner) not in ("plain", "equinox"):
            return None
        if isinstance(getattr(self.model.binding_of(expr), "node", None), ast.arg):
            return None  # `self` given as a function: leave it
        return self.model.members.plain_method(owner, "__call__")

    def _class_kind(self, owner: ast.ClassDef) -> str | None:
        """"plain" (bases: none, `object`, or plain classes of the file; a stdlib dataclass
        that is no pytree too: its decorator writes `__init__`, the methods stay as written),
        "equinox" (an `equinox.Module`), "flax" (a flax linen Module); None for anything else
        (a base this file does not show may define `__call__` or wrap the methods)."""
        seen: set[int] = set()
        current: ast.ClassDef | None = owner
        while current is not None and id(current) not in seen:
            seen.add(id(current))
            if current.keywords or len(current.bases) > 1 \
                    or current.decorator_list and not plain_dataclass(self.model, current):
                return None
            if not current.bases:
                return "plain"
            base = current.bases[0]
            qualname = self.model.qualname(base)
            if qualname == "builtins.object":
                return "plain"
            if qualname in EQUINOX_MODULES:
                return "equinox"
            if qualname in FLAX_MODULES:
                return "flax"
            binding = self.model.binding_of(base) if isinstance(base, ast.Name) else None
            current = binding.node if binding is not None and isinstance(
                binding.node, ast.ClassDef) else None
        return None

    def _differentiated_callee(self, call: ast.Call) -> tuple[TracedFunction, bool] | None:
        """The function of the file `call` runs through a transformation of the grad family
        that keeps its signature: `loss(w)` for `@jax.grad def loss(w)` (only such
        decorators), `g(x)` for `g = jax.grad(f)`, `jax.grad(f)(x)`, `jax.grad(self.loss)(x)`
        (then True: a bound method, whose first parameter the call does not give)."""
        if self._differentiated is None:
            self._differentiated = {}
            for traced in self._traced.values():
                function = traced.function
                decorators = getattr(function, "decorator_list", [])
                receiver = False
                for transform in traced.transforms:
                    if transform.qualname not in DIFFERENTIATING:
                        continue
                    if any(transform.site is d for d in decorators):
                        sites = {id(t.site) for t in traced.transforms
                                 if t.qualname in DIFFERENTIATING}
                        if all(id(d) in sites for d in decorators):
                            calls = self.model.calls_of_def(function)
                        else:
                            calls = []
                    elif isinstance(transform.site, ast.Call):
                        site = self.model.call_site(transform.site)
                        if site is None or not site.complete or not site.args:
                            continue
                        if self._function_of(site.args[0]) is not function:
                            # jax.grad(self.loss): the method bound to its instance
                            denoted = self.model.members.denoted(site.args[0])
                            if denoted is None or denoted.function is not function \
                                    or not denoted.bound:
                                continue
                            receiver = True
                        calls = self.model.calls_of_result(transform.site)
                    else:
                        continue
                    for found in calls:
                        self._differentiated[id(found)] = (traced, receiver)
                    receiver = False
        return self._differentiated.get(id(call))

    def _pass_abstract(self, call: ast.Call, traced: TracedFunction, receiver: bool = False) -> bool:
        """`call` runs `traced` through grad with arguments: an argument that is an abstract
        tracer (grad called inside jit) reaches its parameter still abstract, differentiated
        or not (measured under JAX 0.12.0.1: `if w > 0` in the differentiated function
        raises TracerBoolConversionError and names the outer jit). Whether one was upgraded."""
        function = traced.function
        if isinstance(function, ast.AsyncFunctionDef):
            return False
        signature = Signature.of(function.args)
        if receiver:
            if not signature.positional:
                return False
            signature = signature.bound_to_instance()
        bound = bind_arguments(signature, call.args, call.keywords)
        if bound is None:
            return False
        upgraded = False
        for name, value in bound.given.items():
            tracer = self.tracer(value)
            if tracer is None or not tracer.abstract:
                continue
            previous = traced.tracers.get(name)
            if previous is None or not previous.abstract:
                traced.tracers[name] = tracer
                upgraded = True
        if upgraded:
            traced.called_from.append(call)
        return upgraded

    # ------------------------------------------------------------------------ the body walk
    def _collect_bodies(self, functions: list[TracedFunction]) -> None:
        for traced in functions:
            body: list[ast.AST]
            if isinstance(traced.function, ast.Lambda):
                body = [traced.function.body]
            else:
                body = list(traced.function.body)
            self._collect(body, traced)

    def _collect(self, roots: list[ast.AST], traced: TracedFunction) -> None:
        stack: list[ast.AST] = list(reversed(roots))
        while stack:
            node = stack.pop()
            kind = type(node)
            if kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef):
                continue  # runs when called: its own traced function, if it is one
            children: list[ast.AST] = []
            if kind in (ast.Try, ast.TryStar):
                if node.handlers:  # type: ignore[attr-defined]
                    children = [*node.orelse, *node.finalbody]  # type: ignore[attr-defined]
                    stack.extend(reversed(children))
                    continue
            elif kind in (ast.With, ast.AsyncWith):
                if any(self._compile_time_eval(item.context_expr) for item in node.items):  # type: ignore[attr-defined]
                    continue
            elif kind is ast.If or kind is ast.IfExp:
                if tests_isinstance(node.test):  # type: ignore[attr-defined]
                    continue
                self._test(node.test, node, traced)  # type: ignore[attr-defined]
                taken = self._branch_by_default(node.test, traced)  # type: ignore[attr-defined]
                if taken is not None:
                    # Which branch runs depends on an argument the calls may leave out:
                    # only the one its default takes is certain to be traced (for the calls
                    # that leave it out), when the test says which.
                    taken_node: ast.If | ast.IfExp = node  # type: ignore[assignment]
                    chosen = taken_node.body if taken is True else \
                        taken_node.orelse if taken is False else []
                    branch: list[AST] = list(chosen) if isinstance(chosen, list) else [chosen]
                    stack.extend(reversed([taken_node.test, *branch]))
                    continue
            elif kind is ast.While or kind is ast.Assert:
                self._test(node.test, node, traced)  # type: ignore[attr-defined]
            elif kind is ast.BoolOp:
                for value in node.values:  # type: ignore[attr-defined]
                    self._test(value, node, traced)
            elif kind is ast.UnaryOp and isinstance(node.op, ast.Not):  # type: ignore[attr-defined]
                self._test(node.operand, node, traced)  # type: ignore[attr-defined]
            elif kind is ast.comprehension:
                for condition in node.ifs:  # type: ignore[attr-defined]
                    self._test(condition, node, traced)
            elif kind is ast.Call:
                self.calls.append((node, traced))  # type: ignore[arg-type]
                self._enclosing[id(node)] = traced
            elif kind is ast.Subscript:
                self.subscripts.append((node, traced))  # type: ignore[arg-type]
                self._enclosing[id(node)] = traced
            elif kind is ast.Assign:
                for target in node.targets:  # type: ignore[attr-defined]
                    self._store(target, node.value, traced)  # type: ignore[attr-defined]
            elif kind is ast.AnnAssign and node.value is not None:  # type: ignore[attr-defined]
                self._store(node.target, node.value, traced)  # type: ignore[attr-defined]
            elif kind is ast.AugAssign:
                self._store(node.target, node.value, traced)  # type: ignore[attr-defined]
            for name in child_fields(kind):  # (contexts, operators, names: nothing to see)
                value = getattr(node, name, None)
                if type(value) is list:
                    children += [v for v in value if isinstance(v, AST)]
                elif isinstance(value, AST):
                    children.append(value)
            stack.extend(reversed(children))

    def _branch_by_default(self, test: ast.expr, traced: TracedFunction) -> bool | str | None:
        """For a test that reads a parameter with a default that is no tracer (a flag the
        calls may leave out, or give): True/False, the branch its default takes when the test
        is that simple (`if flag`, `if not flag`, `if p is None`, `if p == "mean"`);
        "unknown" for another test; None when the test reads no such parameter."""
        function = traced.function
        signature = Signature.of(function.args)
        defaults = dict(signature.defaults)
        fixed: dict[str, ast.expr] = {}
        for partial in traced.partials:  # `partial(f, flag=False)`: what the partial fixes
            fixed.update(zip(signature.positional, partial.args[1:]))
            fixed.update((k.arg, k.value) for k in partial.keywords if k.arg is not None)
        read = {n.id for n in ast.walk(test) if isinstance(n, ast.Name)}
        flags = {name for name in read & (defaults.keys() | fixed.keys()) if name not in traced.tracers}
        if not flags:
            return None
        scope = self.model.scope_of_node.get(id(function))
        if scope is None or any(self.model.sole_binding(name, scope) is None for name in flags):
            return "unknown"  # (a flag rebound in the body: its default says nothing)
        # What the flags hold each way the function runs: its applications (the defaults, or
        # what the one partial it is given fixes), and each call from traced code (what the
        # call passes, else the default).
        runs: list[dict[str, ast.expr]] = []
        if traced.transforms or not traced.called_from:
            if flags & fixed.keys():
                if len(traced.partials) != 1 or len(traced.transforms) != 1:
                    return "unknown"  # (other runs may leave it at its default, or give another)
                runs.append({**defaults, **fixed})
            else:
                runs.append(defaults)
        for call in traced.called_from:
            callee = self.callee(call)
            bound = None if callee is None else bind_arguments(callee[1], callee[2], callee[3])
            if bound is None or bound.extra_positional or bound.extra_keywords:
                return "unknown"
            runs.append({**defaults, **bound.given})
        values = {_default_truth(test, run) for run in runs}
        if len(values) != 1 or None in values:
            return "unknown"
        return values.pop()  # type: ignore[return-value]

    def _test(self, expr: ast.expr, owner: ast.AST, traced: TracedFunction) -> None:
        self.tests.append((expr, owner, traced))
        self._enclosing[id(expr)] = traced

    def _store(self, target: ast.expr, value: ast.expr | None, traced: TracedFunction) -> None:
        if isinstance(target, (ast.Tuple, ast.List)):
            # `a, b = c, d` stores each value; `key, sub = random.split(key)` stores parts of
            # one value (an array's rows: the value's tracer, when it is one array).
            starred = any(isinstance(e, ast.Starred) for e in target.elts)
            parts = value.elts if isinstance(value, (ast.Tuple, ast.List)) \
                and len(value.elts) == len(target.elts) and not starred \
                and not any(isinstance(e, ast.Starred) for e in value.elts) else None
            for position, element in enumerate(target.elts):
                part = parts[position] if parts is not None else None if starred else value
                self._store(element, part, traced)
            return
        if isinstance(target, ast.Starred):
            self._store(target.value, None, traced)
            return
        if isinstance(target, ast.Name):
            scope = self.model.scope_of_node.get(id(traced.function))
            if scope is None or not (target.id in scope.global_names or target.id in scope.nonlocal_names):
                return
        self.stores.append((target, value, traced))
        self._enclosing[id(target)] = traced

    def _compile_time_eval(self, expr: ast.expr) -> bool:
        return isinstance(expr, ast.Call) and self.model.qualname(expr.func) in COMPILE_TIME_EVAL

    # ------------------------------------------------------------------------ tracer values
    def tracer(self, expr: ast.expr) -> Tracer | None:
        """What `expr` certainly evaluates to when its code runs traced: a tracer, or None
        (not a tracer, or not known)."""
        key = id(expr)
        if key in self._memo:
            return self._memo[key]
        if key in self._busy:
            return self._assumed.get(key)
        self._busy.add(key)
        partial = bool(self._busy_bindings) or bool(self._assumed)
        try:
            found = self._tracer(expr)
        finally:
            self._busy.discard(key)
        if not partial:  # an answer found while a binding was set aside is not final
            self._memo[key] = found
        return found

    def _tracer(self, expr: ast.expr) -> Tracer | None:
        if isinstance(expr, ast.Name):
            return self._name(expr)
        if isinstance(expr, ast.BinOp):
            return self._binop(expr)
        if isinstance(expr, ast.Compare):
            return self._compare(expr)
        if isinstance(expr, ast.UnaryOp):
            if isinstance(expr.op, ast.Not):
                return None
            operand = self.tracer(expr.operand)
            if operand is None or (not operand.array and isinstance(expr.op, ast.UAdd)):
                return None
            return operand.as_array()
        if isinstance(expr, ast.IfExp):
            body, orelse = self.tracer(expr.body), self.tracer(expr.orelse)
            if body is None or orelse is None:
                return None
            if body.array == orelse.array:
                return body
            return Tracer(False, body.abstract and orelse.abstract, body.parameter, body.function,
                          body.transform)
        if isinstance(expr, ast.NamedExpr):
            return self.tracer(expr.value)
        if isinstance(expr, ast.Dict):
            return self._dict_of_tracers(expr)
        if isinstance(expr, ast.Call):
            return self._call(expr)
        if isinstance(expr, ast.Subscript):
            return self._subscript(expr)
        if isinstance(expr, ast.Attribute):
            if expr.attr in ARRAY_ATTRIBUTES:
                base = self.tracer(expr.value)
                return base if base is not None and base.array else None
            return self._field(expr) or self._returned_field(expr) or self._constructed_field(expr) \
                or self._instance_attribute(expr)
        return None

    def _dict_of_tracers(self, expr: ast.Dict) -> Tracer | None:
        """`{"h": numpyro.sample(...), "n": x * 2}` in traced code: its keys constant strings,
        each entry one array tracer: a dict of tracers (`entries`: a helper given it reads
        them, `params[k]`)."""
        if not expr.keys or any(not isinstance(k, ast.Constant) or type(k.value) is not str for k in expr.keys):
            return None
        tracers = [self.tracer(v) for v in expr.values]
        if any(t is None or not t.array for t in tracers):
            return None
        first = next((t for t in tracers if t is not None and not t.abstract), tracers[0])
        assert first is not None
        return Tracer(False, first.abstract, first.parameter, first.function, first.transform,
                      entries=tuple(k.value for k in expr.keys))  # type: ignore[union-attr]

    def _plain_instance(self, expr: ast.Call, function: ast.Name) -> Tracer | None:
        """`Cosmology(h0)` in traced code, of a plain class of the file (no decorator, no
        base, not a pytree) whose `__init__` sets `self.x = param` in a statement of its own
        body, `x` set nowhere else, for a parameter the call gives one array tracer: an
        instance holding those tracers (`attributes`; its methods read them on `self`)."""
        binding = self.model.binding_of(function)
        owner = binding.node if binding is not None else None
        if not isinstance(owner, ast.ClassDef) or owner.bases or owner.keywords \
                or pytree_class(self.model, owner) is not None \
                or any(isinstance(a, ast.Starred) for a in expr.args):
            return None
        if owner.decorator_list:  # (a stdlib dataclass: its generated `__init__` stores each field)
            return self._dataclass_instance(expr, owner) if plain_dataclass(self.model, owner) else None
        init = next((s for s in owner.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
        if init is None or init.decorator_list or not init.args.args:
            return None
        bound = bind_arguments(Signature.of(init.args), [function, *expr.args], expr.keywords)
        if bound is None:
            return None
        receiver = init.args.args[0].arg
        held: dict[str, Tracer] = {}
        for target, value in _init_stores(init.body):
            if not isinstance(target, ast.Attribute) or not isinstance(target.value, ast.Name) \
                    or target.value.id != receiver or not isinstance(value, ast.Name) \
                    or value.id not in bound.given or value.id == receiver:
                continue
            given = self.tracer(bound.given[value.id])
            if given is not None and given.array \
                    and len(self.model.members.attribute_stores(owner, target.attr)) == 1:
                held[target.attr] = given
        return _holding(held)

    def _dataclass_instance(self, expr: ast.Call, owner: ast.ClassDef) -> Tracer | None:
        """`Kernel(scale)` of a stdlib dataclass of the file that is no pytree: the fields
        its call gives one array tracer, none stored again on an instance."""
        fields = dataclass_init_fields(self.model, owner)
        if fields is None or len(expr.args) > len(fields) \
                or any(k.arg is None or k.arg not in fields for k in expr.keywords):
            return None
        given = {**dict(zip(fields, expr.args)), **{k.arg: k.value for k in expr.keywords if k.arg}}
        held = {name: tracer for name, value in given.items()
                if (tracer := self.tracer(value)) is not None and tracer.array
                and not self.model.members.attribute_stores(owner, name)}
        return _holding(held)

    def _instance_attribute(self, expr: ast.Attribute) -> Tracer | None:
        """`self.h0` (or `cosmo.h0`) of an instance a plain class made in traced code holds
        (`_plain_instance`): one array tracer."""
        if not isinstance(expr.ctx, ast.Load):
            return None
        base = self.tracer(expr.value)
        if base is None or base.attributes is None or expr.attr not in base.attributes:
            return None
        return Tracer(True, base.abstract, base.parameter, base.function, base.transform)

    def _field(self, expr: ast.Attribute) -> Tracer | None:
        """`state.x` on a traced parameter (read itself) whose class the file shows
        (`_parameter_class`) is a pytree with named fields (`pytree_classes`), `x` one of
        its children (not static): one array tracer when every application gives that field
        a JAX or NumPy array or a Python number, or when the field is annotated as one and
        no application shows what it holds. None otherwise (a static field, a field that
        may hold None or a pytree)."""
        receiver = expr.value
        if not isinstance(receiver, ast.Name) or not isinstance(expr.ctx, ast.Load):
            return None
        base = self.tracer(receiver)
        if base is None or base.array or base.elements is not None \
                or base.transform.qualname in _PER_LEAF_AXES:
            return None  # (vmap's in_axes may leave a field unmapped: not a tracer)
        binding = self.model.read_binding(receiver) or self.model.parameter_read(receiver)
        if binding is not None and binding.kind == UNPACK:
            found = self._unpacked_class(base, binding)  # `_, state = carry`: a part of it
        elif binding is None or not isinstance(binding.node, ast.arg):
            return None
        elif base.parameter == receiver.id and binding.scope.node is base.function.function:
            found = self._parameter_class(base.function, binding.node)
        else:  # a helper's parameter (a method's `self`) that traced code gives the instance
            found = self._holder_class(receiver)
        if found is None:
            return None
        pytree, given = found
        child = pytree.field(expr.attr)
        if child is None or child.static is not False:
            return None
        if given:
            position = [f.name for f in pytree.fields].index(child.name)
            for constructor in given:
                value = _field_argument(constructor, position, child.name)
                if value is None and not any(isinstance(a, ast.Starred) for a in constructor.args) \
                        and all(k.arg is not None for k in constructor.keywords):
                    value = child.default  # (`Params()`: the class body's `max_iters: int = 8`)
                if value is None or not (self._one_array(value) or self.applications.python_scalar(value)):
                    return None
        elif not _annotated_array(child.annotation):
            return None
        return Tracer(True, base.abstract, base.parameter, base.function, base.transform)

    def _unpacked_class(self, base: Tracer, binding: Binding) -> tuple[PytreeClass, list[ast.Call]] | None:
        """`_, state = carry` in a traced function whose parameter `carry` every application
        gives a tuple display (or a name holding one unchanged) whose part at the unpacked
        position is an instance of a pytree class of the file (`constructions`): that class
        and the constructions (`lax.while_loop(cond, body, (x0, State(...)))`)."""
        source = binding.value
        traced = base.function
        if not isinstance(source, ast.Name) or source.id != base.parameter \
                or self.model.read_binding(source) is None:
            return None
        parameter = self.model.read_binding(source)
        if parameter is None or not isinstance(parameter.node, ast.arg) or parameter.scope.node is not traced.function:
            return None
        applications = self.applications.of(traced)
        if not applications or len(self.applications.runs(traced)) != len(applications):
            return None
        cls: ast.ClassDef | None = None
        constructors: list[ast.Call] = []
        for application in applications:
            part = self._display_part(application.arguments.get(source.id), binding.index, binding.arity)
            made = constructions(self.model, part)
            if made is None or cls is not None and made[0] is not cls:
                return None
            cls = made[0]
            constructors += made[1]
        pytree = pytree_class(self.model, cls) if cls is not None else None
        return (pytree, constructors) if pytree is not None else None

    def _display_part(self, given: ast.expr | None, index: tuple[int, ...],
                      arity: tuple[int, ...]) -> ast.expr | None:
        """The element at `index` of a nested tuple or list display of the lengths `arity`
        (written there, or a name holding it unchanged: `display_held`)."""
        for position, length in zip(index, arity):
            if isinstance(given, ast.Name):
                inference = self._inference()
                given = inference.display_held(given) if inference is not None else None
            if not isinstance(given, (ast.Tuple, ast.List)) or len(given.elts) != length \
                    or any(isinstance(e, ast.Starred) for e in given.elts):
                return None
            given = given.elts[position]
        return given

    def _immutable_fields(self, expr: ast.expr | None) -> tuple[ast.Call, PytreeClass] | None:
        """`C(...)` for a pytree class of the file whose fields no one can reassign (a
        NamedTuple, a `flax.struct.PyTreeNode`: frozen), written in place."""
        cls = _class_called(self.model, expr)
        pytree = pytree_class(self.model, cls) if cls is not None else None
        if pytree is None or pytree.kind not in _IMMUTABLE_PYTREES:
            return None
        return expr, pytree  # type: ignore[return-value]

    def _constructed(self, expr: ast.Call) -> Tracer | None:
        """`State(pos, vel)` of an immutable pytree class of the file (`_immutable_fields`)
        given a tracer for each of its children (as every pytree tracer, every leaf is one;
        `State(x, 3.0)` is not: unpacked, its 3.0 is a Python float): a pytree of tracers
        (its fields, read back, are what was given: `_constructed_field`); a helper it is
        passed to is traced."""
        made = self._immutable_fields(expr)
        if made is None:
            return None
        _, pytree = made
        tracers: list[Tracer] = []
        for position, child in enumerate(pytree.fields):
            if child.static is not False:
                continue
            argument = _field_argument(expr, position, child.name)
            tracer = self.tracer(argument) if argument is not None else None
            if tracer is None:
                return None
            tracers.append(tracer)
        if not tracers:
            return None
        first = next((t for t in tracers if not t.abstract), tracers[0])  # abstract when all are
        return Tracer(False, first.abstract, first.parameter, first.function, first.transform)

    def _numpyro_site(self, expr: ast.Call) -> Tracer | None:
        """`numpyro.sample("z", d)` (or `numpyro.param`) in code a staging transformation
        traces (a model numpyro's NUTS, HMC or SVI runs, a helper it calls with tracers): one
        array tracer, unless the site is given its value (`obs=`, a third argument)."""
        if len(expr.args) > 2 or any(k.arg in (None, "obs") for k in expr.keywords) \
                or any(isinstance(a, ast.Starred) for a in expr.args):
            return None
        return self._staged_tracer(expr)

    def _replaced(self, expr: ast.Call, receiver: ast.expr) -> Tracer | None:
        """`state._replace(x=v)` (a NamedTuple's copy with fields changed) on a pytree of
        tracers, each new value a tracer too: a pytree of tracers again."""
        base = self.tracer(receiver)
        if base is None or base.array or base.elements is not None or base.entries is not None \
                or expr.args or any(k.arg is None or self.tracer(k.value) is None for k in expr.keywords):
            return None
        return base

    def _annotated_field(self, expr: ast.Attribute, parameter: ast.arg) -> Tracer | None:
        """`state.lives` on a helper's parameter that holds a pytree of tracers (every leaf is
        one) annotated with an immutable pytree class of the file whose field `lives` is
        annotated as one array: one array tracer."""
        base = self.tracer(expr.value)
        annotation = parameter.annotation
        if base is None or base.array or base.elements is not None or base.entries is not None \
                or not isinstance(annotation, ast.Name):
            return None
        binding = self.model.binding_of(annotation)
        if binding is None or binding.kind != CLASS or not isinstance(binding.node, ast.ClassDef):
            return None
        pytree = pytree_class(self.model, binding.node)
        child = pytree.field(expr.attr) if pytree is not None and pytree.kind in _IMMUTABLE_PYTREES else None
        if child is None or child.static is not False or not _annotated_array(child.annotation):
            return None
        return Tracer(True, base.abstract, base.parameter, base.function, base.transform)

    def _constructed_field(self, expr: ast.Attribute) -> Tracer | None:
        """`new.pos` for a name whose one binding read here is `new = State(pos, vel)`
        (`_constructed`), or a helper's parameter every traced call gives such a
        construction (`observe(State(x, v))`, `observe(new)`): the tracer each gives that
        field, when all agree on it being one array (or all a pytree). None otherwise."""
        receiver = expr.value
        if not isinstance(receiver, ast.Name) or not isinstance(expr.ctx, ast.Load):
            return None
        binding = self.model.read_binding(receiver)
        if binding is None:
            return None
        constructors: list[ast.expr | None] = []
        if binding.kind == ASSIGN and isinstance(binding.node, ast.Name):
            constructors.append(binding.value)
        elif isinstance(binding.node, ast.arg):
            helper = self._traced.get(id(binding.scope.node))
            if helper is None or helper.transforms or helper.origins or not helper.called_from:
                return None
            function = helper.function
            if isinstance(function, ast.FunctionDef) and function.name in ("__post_init__", "__check_init__") \
                    and binding.node is [*function.args.posonlyargs, *function.args.args][0]:
                return self._post_init_field(expr, helper)
            given = self._given_to(helper, binding.node)
            if given is None:
                return None
            constructors = [self.model.assigned_value(a) if isinstance(a, ast.Name) else a for a in given]
            if any(self._immutable_fields(c) is None for c in constructors):
                return self._annotated_field(expr, binding.node)
        arguments: list[ast.expr | None] = []
        cls: ast.ClassDef | None = None
        for constructor in constructors:
            made = self._immutable_fields(constructor)
            if made is None or cls is not None and made[1].node is not cls:
                return None
            call, pytree = made
            cls = pytree.node
            child = pytree.field(expr.attr)
            if child is None or child.static is not False:
                return None
            arguments.append(_field_argument(call, [f.name for f in pytree.fields].index(child.name), child.name))
        return self._agreeing(arguments)

    def _agreeing(self, arguments: list[ast.expr | None]) -> Tracer | None:
        """The tracer every argument is, when each is one and all agree on being one array
        (or a pytree): the first that is not abstract, else the first. None otherwise."""
        found: list[Tracer] = []
        for argument in arguments:
            tracer = self.tracer(argument) if argument is not None else None
            if tracer is None or found and tracer.array != found[0].array:
                return None
            found.append(tracer)
        return next((t for t in found if not t.abstract), found[0]) if found else None

    def _parameter_class(self, traced: TracedFunction,
                         parameter: ast.arg) -> tuple[PytreeClass, list[ast.Call]] | None:
        """The pytree class with named fields a traced parameter certainly holds an instance
        of, and the constructor calls that make what the applications give it: when every
        call that runs the function through its transformations is an application (`of`),
        each giving the parameter `C(...)` (written there, or the one value of a name bound
        to it), one class of the file; else, when the parameter is annotated with such a
        class of the file and no application says otherwise, that class (no call)."""
        model = self.model
        applications = self.applications.of(traced)
        runs = self.applications.runs(traced)
        constructors: list[ast.Call] = []
        cls: ast.ClassDef | None = None
        if applications and len(runs) == len(applications):
            for application in applications:
                made = constructions(model, application.arguments.get(parameter.arg))
                if made is None or cls is not None and made[0] is not cls:
                    constructors = []
                    cls = None
                    break
                cls = made[0]
                constructors += made[1]
        if cls is None:
            annotation = parameter.annotation
            binding = model.binding_of(annotation) if isinstance(annotation, ast.Name) else None
            if binding is None or binding.kind != CLASS or not isinstance(binding.node, ast.ClassDef):
                return None
            cls = binding.node
            if any(_class_called(model, a.arguments.get(parameter.arg)) not in (None, cls)
                   for a in applications):
                return None
        pytree = pytree_class(model, cls)
        return (pytree, constructors) if pytree is not None else None

    def _name(self, expr: ast.Name) -> Tracer | None:
        model = self.model
        use = model.use_of.get(id(expr))
        if use is None:
            return None
        scope = model.resolve_scope(expr.id, use.scope)
        owner = scope
        while owner is not None and owner.kind == "comprehension":
            owner = owner.parent  # (a comprehension runs inline, in the function around it)
        if scope is None or owner is None or owner.kind not in ("function", "lambda"):
            return None
        traced = self._traced.get(id(owner.node))
        if traced is None:
            return None
        found: list[Tracer] = []
        # Bindings whose value is written before this read first: a later one (a loop's
        # `key, sub = split(key)`) may read it again, assumed then to be what they give.
        at = (expr.lineno, expr.col_offset)
        bindings = sorted(self._reaching(expr, scope), key=lambda b: not _written_before(b, at))
        try:
            return self._joined(expr, traced, bindings, found)
        finally:
            self._assumed.pop(id(expr), None)

    def _joined(self, expr: ast.Name, traced: TracedFunction, bindings: list[Binding],
                found: list[Tracer]) -> Tracer | None:
        for binding in bindings:
            if id(binding) in self._busy_bindings or id(binding.value) in self._busy:
                continue  # y = f(y), `key, sub = split(key)`: the other bindings decide
            if found and id(expr) not in self._assumed:
                self._assumed[id(expr)] = found[0]
            node = binding.node
            if isinstance(node, ast.arg):
                tracer = traced.tracers.get(expr.id)
            elif binding.kind in (ASSIGN, UNPACK) and binding.value is not None:
                self._busy_bindings.add(id(binding))
                try:
                    tracer = self.tracer(binding.value) if binding.kind == ASSIGN else \
                        self._unpacked(binding.value, binding.index, binding.arity)
                finally:
                    self._busy_bindings.discard(id(binding))
            elif binding.kind == AUGMENTED:
                continue  # x += y keeps x an array when it was one
            elif binding.iterated is not None:
                tracer = self._iterated(binding.iterated)
            elif binding.kind == OTHER and (unpacking := self.model.loop_unpacking(binding)) is not None:
                tracer = self._iterated_part(unpacking.iterated, unpacking.index, unpacking.arity)
            else:
                return None
            if tracer is None:
                return None
            found.append(tracer)
        if not found:
            return None
        first = found[0]
        array = all(t.array for t in found)
        abstract = all(t.abstract for t in found)
        if array == first.array and abstract == first.abstract:
            return first
        return Tracer(array, abstract, first.parameter, first.function, first.transform)

    def _iterated(self, iterable: ast.expr) -> Tracer | None:
        """What a loop over `iterable` binds its target to: a traced array's rows are array
        tracers (a 0-d one raises); so are the elements of a tuple of array tracers. (A
        pytree of unknown structure may be a dict: its keys are no tracers.)"""
        dictionary = self._dict_of_array_tracers(iterable, "values")
        if dictionary is not None:
            return dictionary.as_array()  # `for w in params.values()`
        tracer = self.tracer(iterable)
        if tracer is None:
            return None
        if tracer.array or tracer.elements is not None and all(tracer.elements):
            return tracer.as_array()
        return None

    def _iterated_part(self, iterable: ast.expr, index: tuple[int, ...], arity: tuple[int, ...]) -> Tracer | None:
        """What a loop's tuple target binds a name to, at `index` of each element: the value
        of `for name, w in params.items()` over a dict of array tracers, the element of
        `for i, x in enumerate(xs)` and each part of `for a, b in zip(xs, ys)` (what a loop over
        that iterable binds); the position of `enumerate` and the keys are no tracers."""
        if len(index) != 1:
            return None
        position, length = index[0], arity[0]
        dictionary = self._dict_of_array_tracers(iterable, "items")
        if dictionary is not None:
            return dictionary.as_array() if position == 1 and length == 2 else None
        if not isinstance(iterable, ast.Call) or iterable.keywords or not iterable.args \
                or any(isinstance(a, ast.Starred) for a in iterable.args):
            return None
        qualname = self.model.qualname(iterable.func)
        if qualname == "builtins.enumerate" and len(iterable.args) == 1 and length == 2:
            return self._iterated(iterable.args[0]) if position == 1 else None
        if qualname == "builtins.zip" and len(iterable.args) == length:
            return self._iterated(iterable.args[position])
        return None

    def _dict_of_array_tracers(self, iterable: ast.expr, method: str) -> Tracer | None:
        """`d.<method>()` (no argument) on a dict of tracers whose every entry is one array
        (`Tracer.entries`): that dict's tracer."""
        if not isinstance(iterable, ast.Call) or not isinstance(iterable.func, ast.Attribute) \
                or iterable.func.attr != method or iterable.args or iterable.keywords:
            return None
        tracer = self.tracer(iterable.func.value)
        return tracer if tracer is not None and tracer.entries is not None and not tracer.array else None

    def _reaching(self, expr: ast.Name, scope: Scope) -> list[Binding]:
        """The bindings whose value `expr` may read: those code flow lets reach it, where
        `x += y` stands for the bindings it updates; every binding of the scope where flow
        cannot say (a closure's read)."""
        reaching = self.model.reaching(expr)
        if reaching is None:
            return scope.bindings.get(expr.id, [])
        found: list[Binding] = []
        seen: set[int] = set()
        pending = list(reaching)
        while pending:
            binding = pending.pop(0)
            if id(binding) in seen:
                continue
            seen.add(id(binding))
            if binding.kind == AUGMENTED:
                before = self.model.reaching_augmented(binding)
                if before is None:
                    return scope.bindings.get(expr.id, [])
                pending.extend(before)
                continue
            found.append(binding)
        return found

    def _unpacked(self, value: ast.expr, index: tuple[int, ...],
                  arity: tuple[int, ...]) -> Tracer | None:
        for position, length in zip(index, arity):
            if isinstance(value, (ast.Tuple, ast.List)):
                if len(value.elts) != length or any(isinstance(e, ast.Starred) for e in value.elts):
                    return None
                value = value.elts[position]
                continue
            tracer = self.tracer(value)
            if tracer is not None and tracer.elements is not None:
                if len(tracer.elements) != length:
                    return None
                return tracer.element(position)  # (only the outer level's elements are known)
            # Unpacking an array iterates its first axis; a pytree gives its children.
            return tracer
        return self.tracer(value)

    def _binop(self, expr: ast.BinOp) -> Tracer | None:
        left, right = self.tracer(expr.left), self.tracer(expr.right)
        for this, other_expr, other in ((left, expr.right, right), (right, expr.left, left)):
            if this is None:
                continue
            if other is None and self._foreign_object(other_expr):
                return None  # (JAX defers to its reflected operator: `y**ω` is equinox's ω)
            if this.array:
                return this
            # A pytree parameter: an array when no tuple, list or dict could do this.
            if other is not None and other.array:
                return this.as_array()
            if isinstance(expr.op, _ARRAY_ONLY_BINOPS) and (other is not None or _number(other_expr)):
                return this.as_array()
            if isinstance(expr.op, ast.Add) and _number(other_expr):
                return this.as_array()
            if isinstance(expr.op, ast.Mult) and _float(other_expr):
                return this.as_array()
        return None

    def _foreign_object(self, expr: ast.expr) -> bool:
        """A name another library's import binds to something that is not a number or an
        array (`from equinox.internal import ω`): JAX's operators return NotImplemented for
        it, and its own reflected operator decides what `x ** ω` is. Also what such an
        object computes (`y**ω / n`, `ω(y).call(f)`)."""
        if isinstance(expr, ast.BinOp):
            return self._foreign_object(expr.left) or self._foreign_object(expr.right)
        if isinstance(expr, ast.Call):
            return self._foreign_object(expr.func)
        if isinstance(expr, ast.Attribute):
            return self._foreign_object(expr.value)
        if not isinstance(expr, ast.Name):
            return False
        binding = self.model.binding_of(expr)
        return binding is not None and binding.kind == IMPORT and binding.qualname is not None \
            and binding.qualname.split(".")[0] not in _NUMERIC_LIBRARIES

    def _compare(self, expr: ast.Compare) -> Tracer | None:
        operands = [expr.left, *expr.comparators]
        for op, (left, right) in zip(expr.ops, zip(operands, operands[1:])):
            if isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)):
                return None
            if _none(left) or _none(right):
                return None
            a, b = self.tracer(left), self.tracer(right)
            for this, other_expr, other in ((a, right, b), (b, left, a)):
                if this is None:
                    continue
                if this.array or (other is not None and other.array):
                    return this.as_array()
                if isinstance(op, _ORDERING) and (other is not None or _number(other_expr)):
                    return this.as_array()
                if isinstance(op, _EQUALITY) and _number(other_expr):
                    return this.as_array()
        return None

    def _call(self, expr: ast.Call) -> Tracer | None:
        function = expr.func
        if isinstance(function, ast.Call) and self.model.qualname(function.func) in FLAX_ARRAY_LAYERS:
            # nn.Dense(4)(x) in a flax module's method that staged code runs: one array
            return self._staged_array(expr, "array")
        if isinstance(function, ast.Call) and _value_and_grad(self.model.qualname(function.func), function):
            # `loss, grads = jax.value_and_grad(f)(w)` in staged code: the value is one
            # (scalar) array, the gradients a pytree
            traced = self._enclosing.get(id(expr))
            transform = self._staging_of(traced) if traced is not None else None
            if traced is None or transform is None:
                return None
            return Tracer(False, True, None, traced, transform, elements=(True, False))
        if isinstance(function, ast.Attribute):
            # x.at[i].set(v)
            receiver = function.value
            if isinstance(receiver, ast.Subscript) and isinstance(receiver.value, ast.Attribute) \
                    and receiver.value.attr == "at":
                base = self.tracer(receiver.value.value)
                return base.as_array() if base is not None else None
            if function.attr in ARRAY_ONLY_METHODS and self.model.qualname(receiver) is None:
                base = self.tracer(receiver)
                return base.as_array() if base is not None else None
            if function.attr == "get" and isinstance(receiver, ast.Name):
                return self._keyword_given(expr, receiver)
            if function.attr == "_replace":
                return self._replaced(expr, receiver)
        if isinstance(function, ast.Name):
            constructed = self._constructed(expr) or self._plain_instance(expr, function)
            if constructed is not None:
                return constructed
        qualname = self.model.qualname(function)
        if qualname in NUMPYRO_SITES:
            return self._numpyro_site(expr)
        if qualname is None and isinstance(function, ast.Name):
            transformed = self._transformed_result(expr, function)
            return transformed if transformed is not None else self._helper_result(expr)
        if qualname is None and isinstance(function, ast.Attribute):
            return self._helper_result(expr)
        if qualname is None or not qualname.startswith(JAX_NAMESPACES) or qualname.startswith(FACTORY_NAMESPACES):
            if qualname == "builtins.abs" and len(expr.args) == 1:
                inner = self.tracer(expr.args[0])
                return inner.as_array() if inner is not None else None
            if qualname is not None and qualname.startswith("numpy.") \
                    and qualname[len("numpy."):] in NUMPY_TO_METHOD and expr.args \
                    and not isinstance(expr.args[0], ast.Starred):
                inner = self.tracer(expr.args[0])  # `np.sum(t)` is `t.sum()`: a tracer
                return inner.as_array() if inner is not None and inner.array else None
            return None
        last = qualname.rsplit(".", 1)[1]
        if last in STATIC_FUNCTIONS:
            return None
        if qualname == "jax.lax.scan":
            scanned = self._scan_result(expr)
            if scanned is not None:
                return scanned
        arguments = [a.value if isinstance(a, ast.Starred) else a for a in expr.args]
        arguments += [k.value for k in expr.keywords]
        for argument in arguments:
            tracer = self.tracer(argument)
            if tracer is not None:
                if last in TREE_PRESERVING:  # stop_gradient(tree) is that tree
                    return tracer if len(expr.args) == 1 and argument is expr.args[0] else None
                if last in TRACER_FUNCTIONS and not _returns_several(last, expr):
                    return tracer.as_array()
                if qualname in PYTREE_FUNCTIONS:
                    return Tracer(False, tracer.abstract, tracer.parameter, tracer.function,
                                  tracer.transform)
                if qualname.startswith("jax.random.") and last in RANDOM_ONE_ARRAY:
                    return tracer.as_array()  # split(key), poisson(key, lam): drawn from a traced key
                break
        return self._staged_array(expr, last, qualname)

    def _scan_result(self, expr: ast.Call) -> Tracer | None:
        """`carry, ys = lax.scan(body, init, xs)` in staged code: a pair of tracers, each
        known to be one array when every `return (carry, y)` of the body (a def or lambda of
        the file) gives one there (`y` one number or array: the stacked `ys` is one array)."""
        traced = self._enclosing.get(id(expr))
        transform = self._staging_of(traced) if traced is not None else None
        site = self.model.call_site(expr)
        if traced is None or transform is None or site is None or not site.complete \
                or not site.args or isinstance(site.args[0], ast.Starred):
            return None
        body = self._function_of(site.args[0])
        if body is None:
            return None
        returned = [body.body] if isinstance(body, ast.Lambda) else [
            r.value for r in self.model.returns_of(body).returns]
        if not returned or any(not isinstance(r, ast.Tuple) or len(r.elts) != 2
                               or any(isinstance(e, ast.Starred) for e in r.elts) for r in returned):
            return None
        pairs = [r.elts for r in returned]  # type: ignore[union-attr]
        carry = all((t := self.tracer(c)) is not None and t.array for c, _ in pairs)
        stacked = all((t := self.tracer(y)) is not None and t.array or self._one_leaf(y) for _, y in pairs)
        return Tracer(False, True, None, traced, transform, elements=(carry, stacked))

    def _transformed_result(self, expr: ast.Call, function: ast.Name) -> Tracer | None:
        """A call, in staged code, of a def that a staging transformation decorates (every call
        of it is traced: `@jax.jit def bump(i)` called in another jitted function): what it
        returns is traced in the caller's trace, static arguments or not. One array when each
        of its returns is one number or array, else a pytree of tracers."""
        definition = self.model.def_of(function)
        traced = self._traced.get(id(definition)) if definition is not None else None
        if definition is None or traced is None or not self._decorators_below_known(definition, -1) \
                or not any(t.qualname in STAGING and any(t.site is d for d in definition.decorator_list)
                           for t in traced.transforms):
            return None
        caller = self._enclosing.get(id(expr))
        transform = self._staging_of(caller) if caller is not None else None
        if caller is None or transform is None:
            return None
        returns = self.model.returns_of(definition)
        array = bool(returns.returns) and not returns.suspends and all(
            r.value is not None and self._one_leaf(r.value) for r in returns.returns)
        return Tracer(array, True, None, caller, transform)

    def _helper_result(self, expr: ast.Call) -> Tracer | None:
        """A call, in traced code, of a helper of the file: one array tracer when every return
        of the helper is one and this call passes a tracer wherever the helper was followed
        with one (`_find_helpers`: the helper's body as the tracers see it is this call's;
        not a helper staged by its other calls when this call is not staged),
        or, in staged code, when every return is a JAX function returning one array, or
        arithmetic on one (`return jnp.maximum(n, 1)`), staged whatever the arguments are.
        None otherwise (a helper that may return a Python value)."""
        return self._returned_tracer(expr, lambda returned: returned) or self._returned_tuple(expr)

    def _returned_tuple(self, expr: ast.Call) -> Tracer | None:
        """A call of a helper of the file whose every `return` gives a tuple display of one
        length, each element one array tracer there (`_returned_tracer` of each position:
        `return coarse, img - up`): a tuple of array tracers of that length, so that
        `coarse, detail = split(img)` binds each name to one."""
        caller = self._enclosing.get(id(expr))
        callee = self._helper_callee(expr) if caller is not None else None
        if callee is None:
            return None
        returns = self.model.returns_of(callee[0])
        lengths = {len(r.value.elts) if isinstance(r.value, ast.Tuple)
                   and not any(isinstance(e, ast.Starred) for e in r.value.elts) else -1
                   for r in returns.returns}
        if len(lengths) != 1 or (length := lengths.pop()) < 1:
            return None
        found = []
        for position in range(length):
            tracer = self._returned_tracer(expr, functools.partial(_tuple_element, position=position))
            if tracer is None or not tracer.array:
                return None
            found.append(tracer)
        first = found[0]
        return Tracer(False, all(t.abstract for t in found), None, first.function, first.transform,
                      elements=(True,) * length)

    def _returned_tracer(self, expr: ast.Call,
                         part: Callable[[ast.expr], ast.expr | None]) -> Tracer | None:
        """`_helper_result` of `part` of what each `return` of the helper gives (the whole
        returned value, or the argument a returned constructor gives one field)."""
        caller = self._enclosing.get(id(expr))
        callee = self._helper_callee(expr) if caller is not None else None
        if caller is None or callee is None:
            return None
        transform = self._staging_of(caller)
        function, signature, args, keywords = callee
        returns = self.model.returns_of(function)
        if not returns.returns or returns.suspends or any(r.value is None for r in returns.returns):
            return None
        parts = [part(r.value) for r in returns.returns]  # type: ignore[arg-type]
        if any(p is None for p in parts):
            return None
        helper = self._traced.get(id(function))
        passed = self._passes_helper_tracers(expr, helper, signature, args, keywords)
        if passed is not None and helper is not None and transform is None \
                and self._staging_of(helper) is not None:
            passed = None  # the helper's staged values are not traced in this unstaged call
        if passed is not None and all((t := self.tracer(p)) is not None and t.array  # type: ignore[arg-type]
                                      for p in parts):
            if transform is not None:
                return Tracer(True, True, None, caller, transform)
            return Tracer(True, passed.abstract, None, caller, passed.transform)
        if transform is not None and all(self._staged_whatever(p) for p in parts):  # type: ignore[arg-type]
            return Tracer(True, True, None, caller, transform)
        return None

    def _returned_field(self, expr: ast.Attribute) -> Tracer | None:
        """`out.converged` for `out = solve(x, y)` (the read's one binding), in traced code,
        where every `return` of the helper constructs one pytree class of the file with named
        fields (`pytree_classes`: a NamedTuple, a registered dataclass) and the field is one
        of its children: one array tracer when each return gives the field one
        (`_returned_tracer`)."""
        receiver = expr.value
        if not isinstance(receiver, ast.Name) or not isinstance(expr.ctx, ast.Load):
            return None
        call = self.model.assigned_value(receiver)
        if not isinstance(call, ast.Call) or id(call) not in self._enclosing:
            return None
        classes: set[int] = set()
        position: list[int] = []

        def field(returned: ast.expr) -> ast.expr | None:
            cls = _class_called(self.model, returned)
            if cls is None or (classes and id(cls) not in classes):
                return None
            if not classes:
                pytree = pytree_class(self.model, cls)
                child = pytree.field(expr.attr) if pytree is not None else None
                if child is None or child.static is not False:
                    return None
                classes.add(id(cls))
                position.append([f.name for f in pytree.fields].index(child.name))  # type: ignore[union-attr]
            return _field_argument(returned, position[0], expr.attr)  # type: ignore[arg-type]

        return self._returned_tracer(call, field)

    def _passes_helper_tracers(self, call: ast.Call, helper: TracedFunction | None, signature: Signature,
                               args: list[ast.expr], keywords: list[ast.keyword]) -> Tracer | None:
        """A tracer `call` passes to `helper` (followed by `_find_helpers` from this call or
        another), when it passes a tracer (an array one where the helper holds one) for every
        parameter the helper holds a tracer in; None otherwise."""
        if helper is None or not helper.tracers:
            return None
        bound = bind_arguments(signature, args, keywords)
        if bound is None:
            return None
        first: Tracer | None = None
        for name, inner in helper.tracers.items():
            given = bound.given.get(name)
            passed = None if given is None else self.tracer(given)
            if passed is None or (inner.array and not passed.array):
                return None
            first = first or passed
        return first

    def _staged_whatever(self, expr: ast.expr) -> bool:
        """Whether `expr` is one array that staged code makes a tracer whatever the values it
        reads: a JAX function returning one array (`jnp.add(n, 1)`), arithmetic on one, or
        one comparison with one (`jnp.arange(n) >= k`)."""
        if isinstance(expr, ast.BinOp):
            return self._staged_whatever(expr.left) or self._staged_whatever(expr.right)
        if isinstance(expr, ast.UnaryOp):
            return not isinstance(expr.op, ast.Not) and self._staged_whatever(expr.operand)
        if isinstance(expr, ast.Compare):  # `jnp.arange(n) >= k`: one array of bools
            operands = (expr.left, expr.comparators[0])
            return len(expr.ops) == 1 and isinstance(expr.ops[0], _ELEMENTWISE_COMPARISONS) \
                and not any(isinstance(o, ast.Constant) and type(o.value) not in (int, float, bool)
                            for o in operands) \
                and any(self._staged_whatever(o) for o in operands)  # (`== None`: Python's False)
        if not isinstance(expr, ast.Call):
            return False
        qualname = self.model.qualname(expr.func)
        if qualname is None or not qualname.startswith(JAX_NAMESPACES) or qualname.startswith(FACTORY_NAMESPACES):
            return False
        last = qualname.rsplit(".", 1)[1]
        return last in STAGED_ARRAY_FUNCTIONS and last not in TREE_PRESERVING \
            and last not in STATIC_FUNCTIONS and not _returns_several(last, expr)

    def _one_leaf(self, expr: ast.expr) -> bool:
        """Whether `expr`, returned by a jitted function, is one number or array: its value
        says so, or it is arithmetic no tuple or list could be (`i + 1`, `-x`, `a / b`)."""
        if isinstance(expr, ast.BinOp):
            return not isinstance(expr.op, (ast.Add, ast.Mult)) or _number(expr.left) or _number(expr.right)
        if isinstance(expr, ast.UnaryOp):
            return not isinstance(expr.op, ast.Not)
        return self._value is not None and self._value(expr).type in _ONE_LEAF_TYPES

    def _staged_array(self, expr: ast.Call, last: str, qualname: str | None = None) -> Tracer | None:
        """A JAX function returning one array, called in code a staging transformation
        traces (`STAGING`): a tracer whatever its arguments are."""
        drawn = qualname is not None and qualname.startswith("jax.random.") and last in RANDOM_ONE_ARRAY
        if (last not in STAGED_ARRAY_FUNCTIONS and not drawn) or last in TREE_PRESERVING \
                or _returns_several(last, expr):
            return None
        return self._staged_tracer(expr)

    def _staged_tracer(self, expr: ast.Call) -> Tracer | None:
        """One array tracer, when the code `expr` is written in runs staged (`_staging_of`)."""
        traced = self._enclosing.get(id(expr))
        transform = self._staging_of(traced) if traced is not None else None
        if traced is None or transform is None:
            return None
        return Tracer(True, True, None, traced, transform)

    def _staging_of(self, traced: TracedFunction) -> Transform | None:
        """The staging transformation the body of `traced` certainly runs under: its own
        (jit, a lax body...), or, for a function the file's traced code calls, its caller's
        when every call is made from staged code."""
        key = id(traced.function)
        if key in self._staging:
            return self._staging[key]
        self._staging[key] = None  # (a cycle of calls: not shown staged)
        found: Transform | None = None
        for transform in traced.transforms:
            if transform.qualname in STAGING and transform.abstract:
                found = transform
                break
        if found is None and traced.called_from and not traced.origins:
            callers = [self._enclosing.get(id(call)) for call in traced.called_from]
            stagings = [self._staging_of(c) if c is not None else None for c in callers]
            if stagings and all(t is not None for t in stagings):
                found = stagings[0]
        self._staging[key] = found
        return found

    def _subscript(self, expr: ast.Subscript) -> Tracer | None:
        if not isinstance(expr.ctx, ast.Load):
            return None
        base = self.tracer(expr.value)
        if base is None:
            return self._indexed_constant(expr) or self._display_entry(expr)
        if base.array:
            key = expr.slice
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                return None
            return base
        key = expr.slice
        if isinstance(key, ast.Constant) and type(key.value) is int and base.elements is not None:
            return base.element(key.value)
        if isinstance(key, ast.Constant) and type(key.value) is str and base.entries is not None:
            return base.as_array() if key.value in base.entries else None
        if base.entries is not None and isinstance(key, ast.Name):  # `params[k]`, every k an entry
            keys = self._iterated_keys(key)
            if keys is not None and all(k in base.entries for k in keys):
                return base.as_array()
        if isinstance(key, ast.Constant) and type(key.value) is str and isinstance(expr.value, ast.Name):
            entry = self._keyword_entry(expr.value, key.value)
            if entry is not None:
                return entry
        if isinstance(key, ast.Constant) and type(key.value) in (int, str):
            return base  # a part of a pytree of tracers
        return None


    def _keyword_given(self, expr: ast.Call, receiver: ast.Name) -> Tracer | None:
        """`options.get("k")` (or with a default) on the `**options` parameter of a function
        jit traces: `_keyword_entry`."""
        key = expr.args[0] if expr.args else None
        if not isinstance(key, ast.Constant) or not isinstance(key.value, str) \
                or len(expr.args) > 2 or expr.keywords:
            return None
        return self._keyword_entry(receiver, key.value)

    def _keyword_entry(self, receiver: ast.Name, key: str) -> Tracer | None:
        """`options["k"]` / `options.get("k")` on the `**options` parameter (never rebound) of a
        function only jit traces (`_star_parameters`), when every call of it the file shows
        (the decorated def called by its name, or `jax.jit(f)`'s result) passes `k=` by
        keyword: the traced value given for it; one array when each call gives a Python
        number or bool (JAX traces it as a scalar). None otherwise."""
        base = self.tracer(receiver)
        if base is None or base.array or base.parameter != receiver.id:
            return None
        function = base.function.function
        if isinstance(function, ast.Lambda) or function.args.kwarg is None \
                or function.args.kwarg.arg != receiver.id:
            return None
        scope = self.model.scope_of_node.get(id(function))
        if scope is None or self.model.sole_binding(receiver.id, scope) is None:
            return None
        calls: list[ast.Call] = []
        for transform in base.function.transforms:
            if transform.qualname != "jax.jit":
                return None
            site = transform.site
            if any(site is d for d in function.decorator_list):
                calls += self.model.calls_of_def(function)
            elif isinstance(site, ast.Call):
                calls += self.model.calls_of_result(site)
            else:
                return None
        given: list[ast.expr] = []
        for call in calls:
            if any(k.arg is None for k in call.keywords):
                return None
            value = next((k.value for k in call.keywords if k.arg == key), None)
            if value is None:
                return None
            given.append(value)
        if not given:
            return None
        if all(type(self._constant(v)) in (bool, int, float) for v in given):
            return base.as_array()
        return base

    def _display_entry(self, expr: ast.Subscript) -> Tracer | None:
        """`params["h"]` of a name whose one reaching assignment is a dict display nothing
        changes before the read (`params = {"h": numpyro.sample(...), ...}`): the tracer its
        entry is; for a key the code does not write out (`params[k]`, `k` a loop's target over
        a display of constants), one array tracer when every key it takes is in the display
        and each such entry is one."""
        receiver, key = expr.value, expr.slice
        if not isinstance(receiver, ast.Name):
            return None
        found = self.model.assignment_of(receiver)
        use = self.model.use_of.get(id(receiver))
        if found is None or use is None or not isinstance(found[1], ast.Dict) \
                or not self.model.unchanged_at(found[0], use):
            return None
        display = found[1]
        if isinstance(key, ast.Constant):
            entry = display_entry(display, key.value) if type(key.value) in (str, int) else None
            return self.tracer(entry) if entry is not None else None
        keys = self._iterated_keys(key)
        entries = [display_entry(display, k) for k in keys or ()]
        if not entries or None in entries:
            return None
        tracers = [self.tracer(entry) for entry in entries if entry is not None]
        first = tracers[0]
        return first if all(t is not None and t.array for t in tracers) else None

    def _iterated_keys(self, key: ast.expr) -> list[object] | None:
        """The constants a loop's target takes (`k` of `for k in ("a", "b")`, or over a name
        holding such a display unchanged); None when the code does not show them all."""
        binding = self.model.read_binding(key) if isinstance(key, ast.Name) else None
        if binding is None or binding.iterated is None:
            return None
        elements = _elements_held(self.model, binding.iterated)
        if not elements or not all(isinstance(e, ast.Constant) and type(e.value) in (str, int)
                                   for e in elements):
            return None
        return [e.value for e in elements]  # type: ignore[attr-defined]

    def _indexed_constant(self, expr: ast.Subscript) -> Tracer | None:
        """`table[i]` with a traced array `i` (no slice, no tuple) into a name bound once to a
        JAX array made by a `jax.numpy` function (`table = jnp.array([3, 2, 1])` at module
        level, a closure's constant): a gather, so one traced array."""
        base, key = expr.value, expr.slice
        if not isinstance(base, ast.Name) or isinstance(key, (ast.Slice, ast.Tuple)):
            return None
        index = self.tracer(key)
        if index is None or not index.array:
            return None
        binding = self.model.binding_of(base)
        value = binding.value if binding is not None and binding.kind == ASSIGN else None
        if value is None and self.tracer(base) is None:
            # A parameter (a closure's too) every call of its def gives one JAX array:
            # `batch_sizes[i]` in a fori_loop body, `run(..., jnp.asarray(sizes))`.
            inference = self._inference()
            given = inference.given_value(base) if inference is not None else None
            if given is None or given[0].jax_array is None:
                return None
            return replace(index, given=(*index.given, given[1]))
        if not isinstance(value, ast.Call):
            return None
        qualname = self.model.qualname(value.func)
        if qualname is None or not qualname.startswith("jax.numpy.") \
                or qualname.rsplit(".", 1)[1] not in ARRAY_FUNCTIONS \
                or _returns_several(qualname.rsplit(".", 1)[1], value):
            return None
        return index


# ------------------------------------------------------------------------ small helpers
def _written_before(binding: Binding, at: tuple[int, int]) -> bool:
    """Whether the value `binding` stores ends before `at` in the text (a parameter: yes)."""
    value = binding.value
    if value is None:
        return True
    return (value.end_lineno or value.lineno, value.end_col_offset or 0) < at


def _value_and_grad(qualname: str | None, call: ast.Call) -> bool:
    """`jax.value_and_grad(f)` or `jax.value_and_grad(f, argnums=...)`, whose result returns
    the pair `(value, grads)` (no `has_aux`: with it, the value is a pair itself)."""
    if qualname != "jax.value_and_grad" or any(isinstance(a, ast.Starred) for a in call.args) \
            or len(call.args) > 2:
        return False
    for keyword in call.keywords:
        if keyword.arg is None:
            return False
        if keyword.arg == "has_aux" and not (isinstance(keyword.value, ast.Constant)
                                             and keyword.value.value is False):
            return False
    return True


def _returns_several(name: str, call: ast.Call) -> bool:
    """Forms of one-array functions that return a tuple or list: `jnp.where(c)`,
    `jnp.atleast_1d(a, b)`, `logsumexp(..., return_sign=True)`, `lax.sort((a, b))`."""
    if name == "where" and len(call.args) == 1 and not call.keywords:
        return True
    if name.startswith("atleast_") and len(call.args) != 1:
        return True
    if name == "sort" and call.args and isinstance(call.args[0], (ast.Tuple, ast.List)):
        return True
    return any(k.arg in ("return_sign", "return_index", "return_inverse", "return_counts",
                         "full_matrices", "compute_uv") for k in call.keywords)


def _holding(held: dict[str, Tracer]) -> Tracer | None:
    """An instance whose attributes `held` are one array tracer each (None: none is)."""
    if not held:
        return None
    first = next(iter(held.values()))
    return Tracer(False, all(t.abstract for t in held.values()), first.parameter, first.function,
                  first.transform, attributes=tuple(held))


def _init_stores(body: list[ast.stmt]) -> list[tuple[ast.expr, ast.expr]]:
    """(target, value) of the one-target assignments of a body's own statements, a tuple
    display assigned to a tuple of targets of the same length pair by pair
    (`self.a, self.b = a, b`)."""
    found: list[tuple[ast.expr, ast.expr]] = []
    for statement in body:
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            continue
        target, value = statement.targets[0], statement.value
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) \
                and len(target.elts) == len(value.elts) \
                and not any(isinstance(e, ast.Starred) for e in (*target.elts, *value.elts)):
            found.extend(zip(target.elts, value.elts))
        else:
            found.append((target, value))
    return found


def _number(expr: ast.expr) -> bool:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and type(expr.value) in (int, float, complex)


def _float(expr: ast.expr) -> bool:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and type(expr.value) in (float, complex)


def _none(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Constant) and expr.value is None


_NO_VALUE = object()


def _default_value(expr: ast.expr, defaults: dict[str, ast.expr]) -> object:
    """The value of a name (its parameter's default) or a constant; _NO_VALUE otherwise."""
    if isinstance(expr, ast.Name) and isinstance(defaults.get(expr.id), ast.Constant):
        return defaults[expr.id].value  # type: ignore[attr-defined]
    if isinstance(expr, ast.Constant):
        return expr.value
    return _NO_VALUE


def _default_truth(test: ast.expr, defaults: dict[str, ast.expr]) -> bool | None:
    """Whether `test` holds when its parameters have their (constant) defaults; None when
    the test is not one of the simple forms."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _default_truth(test.operand, defaults)
        return None if inner is None else not inner
    if isinstance(test, ast.Name):
        value = _default_value(test, defaults)
        return None if value is _NO_VALUE else bool(value)
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left = _default_value(test.left, defaults)
        right = _default_value(test.comparators[0], defaults)
        if left is _NO_VALUE or right is _NO_VALUE:
            return None
        op = test.ops[0]
        if isinstance(op, ast.Is):
            return left is right
        if isinstance(op, ast.IsNot):
            return left is not right
        if isinstance(op, ast.Eq):
            return bool(left == right)
        if isinstance(op, ast.NotEq):
            return bool(left != right)
    return None


def tests_isinstance(test: ast.expr) -> bool:
    """An `if` that asks what a value is (`isinstance(x, Tracer)`, `hasattr`, `callable`):
    its branches are written for different kinds of values; the analysis stays out."""
    for node in ast.walk(test):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("isinstance", "hasattr", "callable", "issubclass", "type"):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and ("concrete" in node.func.attr or "tracer" in node.func.attr.lower()):
            return True
    return False


# Transformations whose axes may be given leaf by leaf (a pytree of in_axes).
_PER_LEAF_AXES = frozenset({"jax.vmap", "jax.pmap"})
# Pytree classes whose instances keep the fields they were made with (`pytree_classes` kinds).
_IMMUTABLE_PYTREES = frozenset({"namedtuple", "flax"})
_HOLDER_DEPTH = 3  # helpers followed back to the instance a parameter holds
_ELEMENTWISE_COMPARISONS = (ast.Lt, ast.Gt, ast.LtE, ast.GtE, ast.Eq, ast.NotEq)


def _bound_callee(method: ast.FunctionDef | None, args: list[ast.expr], keywords: list[ast.keyword]
                  ) -> tuple[ast.FunctionDef, Signature, list[ast.expr], list[ast.keyword]] | None:
    """A method run on an instance: the arguments bind to the parameters after the first."""
    if method is None:
        return None
    signature = Signature.of(method.args)
    if not signature.positional:
        return None
    return method, signature.bound_to_instance(), args, keywords


# The methods of a flax linen Module that run its `__call__` on the arguments after their first.
FLAX_ENTRY_POINTS = frozenset({"apply", "init"})


def constructions(model: ModuleModel, expr: ast.expr | None,
                  depth: int = 0) -> tuple[ast.ClassDef, list[ast.Call]] | None:
    """The class of the file whose instance `expr` certainly is, and the calls that construct
    what it may be: `C(...)` written there; a name whose one binding read there assigns one,
    or is a loop's target over a tuple or list display (or comprehension) of them that a name
    holds unchanged; a call of an undecorated def of the file every `return` of which gives
    one (`load(seed)` returning `State(...)`). One class for all, else None."""
    if expr is None or depth > _MAX_CONSTRUCTION_DEPTH:
        return None
    cls = _class_called(model, expr)
    if cls is not None:
        return cls, [expr]  # type: ignore[list-item]
    found: list[ast.expr] = []
    if isinstance(expr, ast.Name):
        binding = model.read_binding(expr)
        if binding is None:
            return None
        if binding.iterated is not None:
            found = _elements_held(model, binding.iterated)
        elif binding.kind == ASSIGN and isinstance(binding.node, ast.Name) and binding.value is not None:
            found = [binding.value]
    elif isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name):
        function = model.def_of(expr.func)
        if not isinstance(function, ast.FunctionDef) or function.decorator_list:
            return None
        ends = model.returns_of(function)
        if ends.suspends or not ends.returns or any(r.value is None for r in ends.returns):
            return None
        found = [r.value for r in ends.returns]  # type: ignore[misc]
    made: list[ast.Call] = []
    owner: ast.ClassDef | None = None
    for each in found:
        inner = constructions(model, each, depth + 1)
        if inner is None or owner is not None and inner[0] is not owner:
            return None
        owner = inner[0]
        made += inner[1]
    return (owner, made) if owner is not None else None


_MAX_CONSTRUCTION_DEPTH = 8


def _elements_held(model: ModuleModel, iterable: ast.expr, given: bool = True) -> list[ast.expr]:
    """What each pass of a loop over `iterable` gets, when it shows it: the elements of a
    tuple or list display, or a list comprehension's element, written there or held unchanged
    by a name (its one assignment, nothing changing it before the read), or, for a parameter
    of a def of the file that only reads it, what every call of the def gives it (`given`:
    `run_all(configs)` called as `run_all([{...}, {...}])`); [] otherwise."""
    if isinstance(iterable, ast.Name):
        found = model.assignment_of(iterable)
        use = model.use_of.get(id(iterable))
        if found is None and given:
            return [element for argument in _given_by_every_call(model, iterable)
                    for element in _elements_held(model, argument, given=False)]
        if found is None or use is None or not model.unchanged_at(found[0], use):
            return []
        iterable = found[1]
    if isinstance(iterable, (ast.Tuple, ast.List)):
        return [] if any(isinstance(e, ast.Starred) for e in iterable.elts) else list(iterable.elts)
    if isinstance(iterable, ast.ListComp):
        return [iterable.elt]
    return []


def _given_by_every_call(model: ModuleModel, name: ast.Name) -> list[ast.expr]:
    """What every call of the file gives the parameter `name` reads, when it certainly reads
    the parameter (its one binding) of an undecorated def that never changes it (`is_mutated`)
    and each of the def's calls (at least one) binds an argument to it; [] otherwise."""
    binding = model.read_binding(name)
    if binding is None or not isinstance(binding.node, ast.arg) or model.is_mutated(binding):
        return []
    function = binding.scope.node
    if not isinstance(function, ast.FunctionDef) or function.decorator_list:
        return []
    signature = Signature.of(function.args)
    given: list[ast.expr] = []
    for call in model.calls_of_def(function):
        bound = bind_arguments(signature, call.args, call.keywords)
        argument = bound.given.get(name.id) if bound is not None else None
        if argument is None:
            return []
        given.append(argument)
    return given


def dict_displays_held(model: ModuleModel, name: ast.Name) -> list[ast.Dict]:
    """The dict displays a loop's target certainly is one of on each pass (`for cfg in
    configs` over a list of dict displays, `_elements_held`), none changed through the target
    (`is_mutated`: a store into an entry, an alias, an unknown call); [] otherwise."""
    binding = model.read_binding(name)
    if binding is None or binding.iterated is None or model.is_mutated(binding):
        return []
    elements = _elements_held(model, binding.iterated)
    if not elements or not all(isinstance(e, ast.Dict) for e in elements):
        return []
    return elements  # type: ignore[return-value]


def _class_called(model: ModuleModel, expr: ast.expr | None) -> ast.ClassDef | None:
    """The class of the file `expr` calls, `C(...)`, with no `*`/`**` argument."""
    if not isinstance(expr, ast.Call) or not isinstance(expr.func, ast.Name) \
            or any(isinstance(a, ast.Starred) for a in expr.args) or any(k.arg is None for k in expr.keywords):
        return None
    binding = model.binding_of(expr.func)
    if binding is None or binding.kind != CLASS or not isinstance(binding.node, ast.ClassDef):
        return None
    return binding.node


def _field_argument(constructor: ast.Call, position: int, name: str) -> ast.expr | None:
    """What `C(...)` gives the field at `position` of its `__init__` (named `name`)."""
    if position < len(constructor.args):
        return constructor.args[position]
    return next((k.value for k in constructor.keywords if k.arg == name), None)


def _annotated_array(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    if isinstance(annotation, ast.Subscript):  # jaxtyping's Float[Array, "n"]
        annotation = annotation.value
    if isinstance(annotation, ast.Attribute):
        return annotation.attr in ARRAY_ANNOTATIONS
    if isinstance(annotation, ast.Name):
        return annotation.id in ARRAY_ANNOTATIONS
    return False


def _positional_options(site: CallSite, kind: TransformKind) -> list[ast.keyword] | None:
    """The options a transformation call passes positionally after the function, as
    keywords; None when there are more than the transformation takes (or a `*args`)."""
    if site.qualname.startswith("jax.lax.") or site.qualname in ("jax.eval_shape", "jax.numpy.apply_along_axis"):
        return []  # their other positional arguments are operands
    extra = site.args[1:]
    if len(extra) > len(kind.positional_options) or any(isinstance(a, ast.Starred) for a in extra):
        return None
    return [ast.keyword(arg=name, value=value) for name, value in zip(kind.positional_options, extra)]


def _options(site: CallSite, kind: TransformKind) -> bool:
    """Whether a transformation call passes options besides the functions it traces."""
    return any(k.arg not in kind.function_keywords for k in site.keywords) or len(site.args) > max(
        kind.function_positions) + 1


def _int_set(expr: ast.expr | None) -> frozenset[int] | None:
    """An int or a tuple/list of ints written out; None when it is anything else."""
    if expr is None or (isinstance(expr, ast.Constant) and expr.value is None):
        return frozenset()
    values = expr.elts if isinstance(expr, (ast.Tuple, ast.List)) else [expr]
    out: set[int] = set()
    for value in values:
        number = value
        negative = False
        if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub):
            number, negative = value.operand, True
        if not isinstance(number, ast.Constant) or type(number.value) is not int:
            return None
        out.add(-number.value if negative else number.value)
    return frozenset(out)


def _str_set(expr: ast.expr | None) -> frozenset[str] | None:
    if expr is None or (isinstance(expr, ast.Constant) and expr.value is None):
        return frozenset()
    values = expr.elts if isinstance(expr, (ast.Tuple, ast.List)) else [expr]
    out: set[str] = set()
    for value in values:
        if not isinstance(value, ast.Constant) or not isinstance(value.value, str):
            return None
        out.add(value.value)
    return frozenset(out)


def _star_parameters(function: FunctionNode, options: dict[str, ast.expr],
                     positional: list[str]) -> dict[str, bool]:
    """The `*args` and `**kwargs` parameters jit (or checkpoint, make_jaxpr) traces: every
    extra positional argument unless `static_argnums` may name one (a position past the named
    ones, or a negative one), every extra keyword argument unless `static_argnames` may name
    one (a name that is no parameter). Each holds a tuple or dict of pytrees."""
    args = function.args
    numbers = _int_set(options.get("static_argnums"))
    names = _str_set(options.get("static_argnames"))
    found: dict[str, bool] = {}
    if args.vararg is not None and numbers is not None \
            and all(0 <= n < len(positional) for n in numbers):
        found[args.vararg.arg] = False
    named = set(positional) | {a.arg for a in args.kwonlyargs}
    if args.kwarg is not None and names is not None and names <= named:
        found[args.kwarg.arg] = False
    return found


def _static_parameters(options: dict[str, ast.expr], positional: list[str]) -> set[str] | None:
    """The parameter names `static_argnums`/`static_argnames` make static (JAX infers each
    from the other through the signature); None when the options are not written out."""
    numbers = _int_set(options.get("static_argnums"))
    names = _str_set(options.get("static_argnames"))
    if numbers is None or names is None:
        return None
    static = set(names)
    for number in numbers:
        if -len(positional) <= number < len(positional):
            static.add(positional[number])
    return static



__all__ = ["Tracing", "TracedFunction", "Tracer", "Transform", "constructions", "TRANSFORMS", "tests_isinstance"]



def _bound_to(model: ModuleModel, node: ast.AST, attributes: set[str]) -> list[ast.AST]:
    """What the code of `node` may run by the names it reads: the defs and classes they are
    bound to, the values assigned to them, and (for attributes, by name, `attributes` holding
    the names already followed) the methods of the file's classes and the values assigned to
    attributes of that name."""
    found: list[ast.AST] = []
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        node_body: list[ast.AST] = [*node.body]
    else:
        node_body = [node]
    for part in node_body:
        for name in model.nodes_in(part, ast.Name):
            use = model.use_of.get(id(name))
            scope = model.resolve_scope(name.id, use.scope) if use is not None else None
            for binding in model.bindings_named(name.id, scope) if scope is not None else ():
                if binding.kind in (DEF, CLASS):
                    found.append(binding.node)
                elif binding.value is not None:
                    found.append(binding.value)
        for attribute in model.nodes_in(part, ast.Attribute):
            if attribute.attr in attributes:
                continue
            attributes.add(attribute.attr)
            found += [f for f in model.functions if getattr(f, "name", None) == attribute.attr]
            found += [store.value for store in model.nodes_in(model.tree, ast.Assign)
                      if any(isinstance(t, ast.Attribute) and t.attr == attribute.attr
                             for t in store.targets)]
    return found


def _tuple_element(returned: ast.expr, position: int) -> ast.expr | None:
    """The element at `position` of a returned tuple display (None: not one)."""
    return returned.elts[position] if isinstance(returned, ast.Tuple) else None
