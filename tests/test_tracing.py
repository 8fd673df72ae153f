"""The tracing model (`jaxerr_lsp.analysis.tracing`): which functions JAX traces, and which values are
tracers. What each transformation does was measured under JAX 0.12.0.1 (see the module
docstring); the rule cases check it again under the real JAX."""

from __future__ import annotations

import ast
import textwrap

import pytest

from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.analysis.tracing import Tracer, Tracing


def tracing_of(source: str) -> Tracing:
    return Tracing(ModuleModel(ast.parse(textwrap.dedent(source))))


def found_tests(source: str) -> dict[str, Tracer | None]:
    """Each test of traced code (its source text) -> what the model says it is."""
    tracing = tracing_of(source)
    return {ast.unparse(test): tracing.tracer(test) for test, _owner, _fn in tracing.tests}


def traced_names(source: str) -> dict[str, dict[str, bool]]:
    """Each traced function's name -> {parameter: abstract}."""
    return {f.name: {n: t.abstract for n, t in f.tracers.items()}
            for f in tracing_of(source).functions}


HEADER = """
import functools
from functools import partial
import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
"""


@pytest.mark.parametrize("decorated", [
    "@jax.jit\ndef f(x, n):",
    "@partial(jax.jit, static_argnames='m')\ndef f(x, n):",
    "@functools.partial(jax.jit, static_argnums=(2,))\ndef f(x, n, m=1):",
    "@jax.jit(static_argnames=('m',))\ndef f(x, n):",
    "@jax.vmap\ndef f(x, n):",
    "@jax.checkpoint\ndef f(x, n):",
])
def test_decorated_functions_are_traced_abstractly(decorated: str) -> None:
    source = HEADER + decorated + "\n    if n > 0:\n        return x\n    return -x\n"
    found = found_tests(source)
    assert found["n > 0"] is not None
    assert found["n > 0"].array and found["n > 0"].abstract
    assert found["n > 0"].parameter == "n"


@pytest.mark.parametrize("wrapped", [
    "g = jax.jit(f)",
    "import jax as J\ng = J.jit(f)",
    "from jax import jit\ng = jit(f)",
    "g = jax.jit(f, static_argnames=('x',))",
    "g = jax.vmap(f, (None, 0))",
    "g = jax.vmap(f, in_axes=[None, 0])",
    "g = jax.jit(jax.grad(f))",
    "g = jax.pmap(f)",
    "g = jax.eval_shape(f, 1.0, 2.0)",
    "g = jax.make_jaxpr(f)(1.0, 2.0)",
    "out = lax.cond(True, f, f, 1.0, 2.0)",
    "out = lax.switch(0, [f, f], 1.0, 2.0)",
])
def test_functions_passed_to_transformations_are_traced(wrapped: str) -> None:
    source = HEADER + "def f(x, n):\n    if n > 0:\n        return x\n    return -x\n" + wrapped + "\n"
    found = found_tests(source)
    assert found["n > 0"] is not None and found["n > 0"].abstract


@pytest.mark.parametrize("wrapped", [
    "g = jax.jit(f, static_argnums=1)",
    "g = jax.jit(f, static_argnums=-1)",
    "g = jax.jit(f, static_argnames='n')",
    "g = jax.vmap(f, (0, None))",
    "g = jax.vmap(f, in_axes=(0, None))",
    "g = jax.vmap(f, in_axes=None)",
    "g = jax.jit(f, static_argnums=STATIC)",  # not written out: unknown
    "g = jax.jit(f, **options)",
    "g = jax.jit(functools.partial(f, n=3))",
    "g = other.jit(f)",
    "g = jax.custom_vjp(f)",
    "g = jax.shard_map(f, mesh=None, in_specs=None, out_specs=None)",
])
def test_static_or_unknown_arguments_are_not_tracers(wrapped: str) -> None:
    source = HEADER + "def f(x, n):\n    if n > 0:\n        return x\n    return -x\n" + wrapped + "\n"
    assert found_tests(source).get("n > 0") is None


def test_grad_alone_traces_only_the_differentiated_arguments_and_concretely() -> None:
    source = HEADER + """
def f(x, n):
    if x > 0 and n > 0:
        return x
    return -x
g = jax.grad(f)
h = jax.value_and_grad(f, argnums=1)
"""
    found = found_tests(source)
    assert found["x > 0"] is not None and not found["x > 0"].abstract
    assert traced_names(source) == {"f": {"x": False, "n": False}}
    assert found["n > 0"] is not None and not found["n > 0"].abstract


def test_jit_over_grad_is_abstract() -> None:
    found = found_tests(HEADER + "g = jax.jit(jax.grad(lambda x: x if x > 0 else -x))\n")
    assert found["x > 0"] is not None and found["x > 0"].abstract


def test_parameters_with_defaults_are_not_tracers() -> None:
    source = HEADER + """
@jax.jit
def f(x, training=False, scale=None):
    if training:
        x = x * 2
    if scale is not None:
        x = x * scale
    return x
"""
    found = found_tests(source)
    assert found["training"] is None and found["scale is not None"] is None


def test_values_computed_from_tracers() -> None:
    source = HEADER + """
@jax.jit
def f(x, y, params):
    a = jnp.sin(x) + 1
    b = x.sum()
    c, d = y
    e = x.at[0].set(1.0)
    if a > 0: pass
    if b: pass
    if c == 0: pass
    if e[0] > 1: pass
    if x.shape[0] > 2: pass
    if len(x) > 2: pass
    if x.ndim == 2 and x.dtype == jnp.float32: pass
    if params: pass
    if params["lr"] > 0: pass
    if params.lr > 0: pass
    if x is None: pass
    if isinstance(x, jnp.ndarray) and x > 0: pass
    if np.pi > 3: pass
"""
    found = found_tests(source)
    for test in ("a > 0", "b", "c == 0", "e[0] > 1", "params['lr'] > 0"):
        assert found[test] is not None and found[test].array, test
    assert found["params"] is not None and not found["params"].array
    for test in ("x.shape[0] > 2", "len(x) > 2", "x.ndim == 2", "x.dtype == jnp.float32",
                 "params.lr > 0", "x is None", "np.pi > 3"):
        assert found[test] is None, test
    assert "x > 0" not in found  # under an isinstance test: left out


def test_a_bare_pytree_parameter_is_not_an_array() -> None:
    found = found_tests(HEADER + "@jax.jit\ndef f(x, y: jax.Array):\n    if x: pass\n    if y: pass\n")
    assert found["x"] is not None and not found["x"].array
    assert found["y"] is not None and found["y"].array


def test_names_bound_several_times_are_tracers_only_when_every_binding_is() -> None:
    source = HEADER + """
@jax.jit
def f(x, n):
    y = x * 2.0
    y = jnp.cos(y)
    y += 1
    if y > 0: pass
    z = x * 2.0
    z = 3
    if z > 0: pass
    for w in x:
        pass
    if w > 0: pass
"""
    found = found_tests(source)
    assert found["y > 0"] is not None
    assert found["z > 0"] is None and found["w > 0"] is None


def test_lax_bodies_and_closures() -> None:
    source = HEADER + """
def body(carry, x):
    i, acc = carry
    if i > 3: pass
    return carry, x

out = lax.scan(body, (0, 0.0), jnp.ones(3))
out = lax.scan(lambda c, _: (c, c if _ else c), 0.0, None, length=3)

@jax.jit
def outer(x):
    def branch(y):
        if x > 0: pass
        return y
    return lax.cond(True, branch, branch, 1.0)

def cond_fun(c):
    return c < 3 if c else False
lax.while_loop(cond_fun, lambda c: c + 1, 0)
lax.fori_loop(0, 3, lambda i, c: c if i > 0 else c, 0.0)
"""
    found = found_tests(source)
    assert found["i > 3"] is not None and found["i > 3"].parameter == "carry"
    assert found["_"] is None  # xs is None: the scanned value is None
    assert found["x > 0"] is not None and found["x > 0"].function.name == "outer"
    assert found["c"] is not None and found["i > 0"] is not None


def test_helpers_called_with_tracers_are_traced() -> None:
    source = HEADER + """
def helper(a, b):
    if a > 0: pass
    if b > 0: pass
    return a

def deeper(z):
    if z < 1: pass

def relay(u):
    deeper(u)

@partial(jax.jit, static_argnums=1)
def f(x, n):
    relay(x)
    return helper(x, n)

helper(1.0, 2.0)
"""
    found = found_tests(source)
    assert found["a > 0"] is not None and found["a > 0"].parameter == "x"
    assert found["a > 0"].function.name == "f"
    assert found["b > 0"] is None
    assert found["z < 1"] is not None and found["z < 1"].parameter == "x"


def test_methods_are_traced_only_with_self_static() -> None:
    source = HEADER + """
class A:
    @jax.jit
    def m(self, x):
        if x > 0: pass

    @partial(jax.jit, static_argnums=0)
    def m2(self, y):
        if y > 0: pass

    @staticmethod
    @jax.jit
    def s(z):
        if z > 0: pass
"""
    found = found_tests(source)
    assert "x > 0" not in found
    assert found["y > 0"] is not None and found["z > 0"] is not None


def test_code_that_cannot_raise_at_trace_time_is_left_out() -> None:
    source = HEADER + """
@jax.jit
def f(x):
    try:
        if x > 0: pass
    except Exception:
        if x > 1: pass
    with jax.ensure_compile_time_eval():
        if x > 2: pass
    if x > 3: pass
    g = lambda: x > 4 if x else 0
"""
    assert list(found_tests(source)) == ["x > 3"]


def test_unknown_decorators_below_a_transformation_hide_the_function() -> None:
    source = HEADER + """
@jax.jit
@some_decorator
def f(x):
    if x > 0: pass

@some_decorator
@jax.jit
def g(y):
    if y > 0: pass

@jax.jit
@jax.vmap
def h(z):
    if z > 0: pass
"""
    assert set(found_tests(source)) == {"y > 0", "z > 0"}


def test_stores_and_calls_are_collected() -> None:
    source = HEADER + """
saved = []
@jax.jit
def f(x):
    global last
    last = x
    saved.append(x)
    local = x + 1
    holder = {}
    holder["k"] = x
    return local
"""
    tracing = tracing_of(source)
    stores = [ast.unparse(target) for target, _value, _fn in tracing.stores]
    assert stores == ["last", "holder['k']"]
    calls = [ast.unparse(call) for call, _fn in tracing.calls]
    assert calls == ["saved.append(x)"]
    assert tracing.enclosing(tracing.calls[0][0]) is tracing.functions[0]


def test_a_function_rebound_to_its_jitted_self_is_traced() -> None:
    source = HEADER + """
def f(x):
    if x > 0: pass
    return x
f = jax.jit(f)

def g(y):
    if y > 0: pass
    return y
if flag:
    g = other
h = jax.jit(g)
"""
    assert set(found_tests(source)) == {"x > 0"}


def test_parameters_bound_by_a_partial_are_not_tracers() -> None:
    source = HEADER + """
def step(config, carry, x):
    if config > 0: pass
    if carry > 0: pass
    return carry, x
out = lax.scan(partial(step, 3), 0.0, jnp.ones(3))

def loss(w, *, scale):
    if scale > 1: pass
    if w > 1: pass
    return w
g = jax.jit(functools.partial(loss, scale=2.0))
"""
    assert set(found_tests(source)) == {"config > 0", "carry > 0", "scale > 1", "w > 1"}
    found = found_tests(source)
    assert found["config > 0"] is None and found["scale > 1"] is None
    assert found["carry > 0"] is not None and found["w > 1"] is not None


@pytest.mark.parametrize("switch", ['jax.config.update("jax_disable_jit", True)',
                                    "with jax.disable_jit():\n    f(1.0)",
                                    "def run(v):\n    return f(v)\nwith jax.disable_jit():\n    run(1.0)",
                                    "g = f\nwith jax.disable_jit():\n    g(1.0)",
                                    "jax.disable_jit().__enter__()"])
def test_jit_turned_off_where_the_function_may_run_traces_nothing(switch: str) -> None:
    """Jit turned off for the whole file, or by a `with jax.disable_jit():` whose body may
    run the function (named there, or named by a function named there)."""
    source = HEADER + "@jax.jit\ndef f(x):\n    if x > 0: pass\n    return x\n" + switch + "\n"
    assert found_tests(source) == {}


@pytest.mark.parametrize("switch", ["with jax.disable_jit():\n    print(jnp.sin(1.0))",
                                    "with jax.disable_jit(False):\n    f(1.0)",
                                    "def other(v):\n    with jax.disable_jit():\n        return v\nf(1.0)"])
def test_jit_turned_off_elsewhere_still_traces(switch: str) -> None:
    source = HEADER + "@jax.jit\ndef f(x):\n    if x > 0: pass\n    return x\n" + switch + "\n"
    assert set(found_tests(source)) == {"x > 0"}


def test_calls_that_return_several_arrays_are_not_one_array() -> None:
    source = HEADER + """
@jax.jit
def f(x: jax.Array, tree):
    a = jnp.where(x > 0)
    b = jnp.where(x > 0, x, 0)
    c = jax.lax.stop_gradient(tree)
    d = jax.lax.stop_gradient(x)
    e = jnp.atleast_1d(x, x)
    if a: pass
    if b: pass
    if c: pass
    if d: pass
    if e: pass
"""
    found = found_tests(source)
    assert found["a"] is None and found["e"] is None
    assert found["b"] is not None and found["b"].array
    assert found["c"] is not None and not found["c"].array
    assert found["d"] is not None and found["d"].array


def test_a_switch_with_one_branch_calls_it_untraced() -> None:
    source = HEADER + """
def one(x):
    if x > 0: pass
    return x
lax.switch(0, [one], 1.0)
"""
    assert found_tests(source) == {}


def test_a_def_decorated_by_anything_but_a_transformation_is_not_what_is_traced() -> None:
    source = HEADER + """
@jax.custom_vjp
def f(x):
    if x > 0: pass
    return x
g = jax.grad(f)

@jax.vmap
def h(y):
    if y > 0: pass
    return y
k = jax.jit(h)
"""
    assert set(found_tests(source)) == {"y > 0"}


def test_while_loop_labels_its_condition_and_body_apart() -> None:
    source = HEADER + """
def cond_fun(c):
    return c < 3 if c > 0 else False
def body_fun(c):
    return c + 1 if c > 1 else c
lax.while_loop(cond_fun, body_fun, 0)
"""
    found = found_tests(source)
    assert found["c > 0"].transform.label == "while_cond"
    assert found["c > 1"].transform.label == "while_body"


def test_a_bound_method_is_traced_without_its_self() -> None:
    """`jax.jit(self.step)`, `lax.scan(self.body, ...)`, `jax.grad(m.loss)`: the method
    (`model.members.denoted`) with `self` bound; options count from the bound signature."""
    source = """
        import jax
        from jax import lax
        class M:
            def step(self, x, flag):
                return x
            def body(self, carry, x):
                return carry, x
            def loss(self, w, batch):
                return w
            def run(self, xs):
                jax.jit(self.step, static_argnums=1)(xs, True)
                return lax.scan(self.body, 0.0, xs)
        m = M()
        g = jax.grad(m.loss)
    """
    assert traced_names(source) == {"step": {"x": True}, "body": {"carry": True, "x": True},
                                    "loss": {"w": False}}


def test_grad_called_from_jit_receives_abstract_tracers() -> None:
    source = HEADER + """
@jax.grad
def decorated(w):
    if w > 0:
        return w
    return -w

def plain(w, scale):
    if jnp.sum(w) > scale:
        return w
    return -w

named = jax.grad(plain)

@jax.jit
def step(w):
    return decorated(w) + named(w, 2.0) + jax.value_and_grad(plain)(w, 1.0)[1]

print(decorated(1.0))
"""
    found = found_tests(source)
    assert found["w > 0"] is not None and found["w > 0"].abstract
    assert found["jnp.sum(w) > scale"] is not None and found["jnp.sum(w) > scale"].abstract
    assert found["w > 0"].function.name == "step"  # JAX names the jitted function
    eager = HEADER + """
@jax.grad
def decorated(w):
    if w > 0:
        return w
    return -w

print(decorated(1.0))
"""
    found = found_tests(eager)
    assert found["w > 0"] is not None and not found["w > 0"].abstract  # grad alone: concrete


def test_an_array_argument_makes_the_parameter_one_array() -> None:
    source = HEADER + """
def f(x, tree):
    if x:
        return x
    if tree:
        return tree
    return x

jax.jit(f)(jnp.ones(3), {"a": jnp.ones(2)})
"""
    found = found_tests(source)
    assert found["x"] is not None and found["x"].array
    assert found["tree"] is not None and not found["tree"].array  # a dict: a pytree


def test_a_display_of_numbers_and_arrays_gives_known_elements() -> None:
    source = HEADER + """
def body(state):
    step, total = state
    if step:
        return state
    if state[1]:
        return state
    if state:
        return state
    return state

lax.while_loop(lambda s: s[0] < 3, body, (0, jnp.zeros(2)))
"""
    found = found_tests(source)
    assert found["step"] is not None and found["step"].array
    assert found["state[1]"] is not None and found["state[1]"].array
    assert found["state"] is not None and not found["state"].array  # the tuple itself


@pytest.mark.parametrize("call, traced", [
    ("cut(x)", True),  # __call__ of a plain class
    ("cut.apply(x)", True),
    ("Other().apply(x)", True),  # an instance made in place
    ("Other(1).apply(x)", False),  # constructing it raises first (object() takes no argument)
])
def test_helpers_reached_through_instances(call: str, traced: bool) -> None:
    source = HEADER + f"""
class Cut:
    def __call__(self, v):
        if v > 0:
            return v
        return -v

    def apply(self, v):
        if v > 1:
            return v
        return -v

class Other(Cut):
    pass

cut = Cut()

@jax.jit
def f(x):
    return {call}

f(1.0)
"""
    found = found_tests(source)
    hits = [test for test, tracer in found.items() if tracer is not None]
    assert bool(hits) is traced


def test_flax_modules_are_followed_only_through_apply() -> None:
    source = HEADER + """
import flax.linen as nn

class Head(nn.Module):
    @nn.compact
    def __call__(self, x, flag):
        if flag:
            return nn.Dense(2)(x)
        return x

    def other(self, x):
        if x > 0:
            return x
        return x

head = Head()

@jax.jit
def f(variables, x, flag):
    return head.apply(variables, x, flag) + head.other(x)

f({}, jnp.ones(3), True)
"""
    found = found_tests(source)
    assert found["flag"] is not None and found["flag"].abstract
    assert "x > 0" not in found  # a flax module's method outside apply: not followed


def test_jax_operations_in_staged_code_are_tracers() -> None:
    source = HEADER + """
MASK = jnp.array([1, 0, 1])

@jax.jit
def staged(x):
    if jnp.sum(MASK) > 1:
        return x
    return x

@jax.vmap
def batched(x):
    if jnp.max(MASK) > 0:
        return x
    return x

def differentiated(x):
    if jnp.min(MASK) > 0:
        return x
    return x

def helper(x):
    if jnp.prod(MASK) > 0:
        return x
    return x

@jax.jit
def caller(x):
    return helper(x)

jax.grad(differentiated)(1.0)
"""
    found = found_tests(source)
    staged = found["jnp.sum(MASK) > 1"]
    assert staged is not None and staged.abstract and staged.parameter is None
    assert found["jnp.max(MASK) > 0"] is None  # vmap alone does not stage
    assert found["jnp.min(MASK) > 0"] is None  # nor grad alone
    assert found["jnp.prod(MASK) > 0"] is not None  # a helper called from jit only


def test_an_instance_given_to_scan_runs_its_call_method() -> None:
    source = HEADER + """
class Cell:
    def __call__(self, h, x):
        if h > 0:
            return h, x
        return h, x

cell = Cell()
lax.scan(cell, 0.0, jnp.ones(3))
"""
    tracing = tracing_of(source)
    (function,) = tracing.functions
    assert function.name == "__call__" and function.instance
    assert function.source_info == "<unknown>"  # what JAX prints for it
    assert set(function.tracers) == {"h", "x"}
    assert function.tracers["h"].array  # the carry is a Python number: one array
