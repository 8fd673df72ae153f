"""The HiPrim entries' claims about JAX 0.12.0.1 (JXE060-JXE064), checked by running them.

The same contract as `FACTS` in tests/test_catalog_jax.py, kept apart: one program, run under
the installed JAX by tests/jax_runner.py, each claim of the entries' prose asserted there.
"""

from __future__ import annotations

from tests.jax_runner import Program, run_programs

FACTS = r'''
import collections

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

checked = []


def raises(exc_type, fn, *args):
    try:
        fn(*args)
    except exc_type as exc:
        return str(exc)
    raise AssertionError(f"{fn} did not raise {exc_type.__name__}")


class Mul(HiPrim):
    """Two inputs; its backward rule returns whatever `self.rule` makes of (x, y, g)."""

    def __init__(self, x_aval, y_aval, rule):
        self.in_avals = (x_aval, y_aval)
        self.out_aval = x_aval
        self.params = dict(rule=rule)
        super().__init__()

    def expand(self, x, y):
        return x * y

    def vjp_fwd(self, nzs_in, x, y):
        return x * y, (x, y)

    def vjp_bwd_retval(self, res, g):
        x, y = res
        return self.rule(x, y, g)


def grad_mul(rule):
    return jax.grad(lambda x, y: jnp.sum(Mul(jax.typeof(x), jax.typeof(y), rule)(x, y)),
                    argnums=(0, 1))


# JXE061: lists are not accepted (custom_vjp accepts them); the pytree library's words.
msg = raises(ValueError, grad_mul(lambda x, y, g: [g * y, g * x]), 2.0, 3.0)
assert msg.startswith("Expected tuple, got [Array("), msg
msg = raises(ValueError, grad_mul(lambda x, y, g: (g * y,)), 2.0, 3.0)
assert msg.startswith("Tuple arity mismatch: 1 != 2; tuple: (Array("), msg
assert raises(ValueError, grad_mul(lambda x, y, g: None), 2.0, 3.0) == "Expected tuple, got None."
# None in a slot is a zero cotangent.
gx, gy = grad_mul(lambda x, y, g: (None, g * x))(2.0, 3.0)
assert float(gx) == 0.0 and float(gy) == 2.0
checked.append("retval structure")

# JXE062: only shapes are compared; another dtype passes and comes out as the gradient.
msg = raises(ValueError, grad_mul(lambda x, y, g: (jnp.sum(g * y), g * x)), jnp.ones(3), jnp.ones(3))
assert msg == "Expected cotangent type float32[3] but got float32[]", msg
gx, _ = grad_mul(lambda x, y, g: ((g * y).astype(jnp.int32), g * x))(jnp.ones(3), jnp.ones(3))
assert gx.dtype == jnp.int32
checked.append("cotangent shapes, not dtypes")


class Sin(HiPrim):
    """One input; its accumulator-style vjp_bwd returns whatever `self.logs` makes of ct."""

    def __init__(self, x_aval, logs, accumulate=True):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = dict(logs=logs, accumulate=accumulate)
        super().__init__()

    def expand(self, x):
        return jnp.sin(x)

    def vjp_fwd(self, nzs_in, x):
        return jnp.sin(x), x

    def vjp_bwd(self, x, g, x_acc):
        ct = g * jnp.cos(x)
        if self.accumulate:
            x_acc.accum(ct)
        return self.logs(ct)


def sin_fn(logs, accumulate=True):
    return lambda x: Sin(jax.typeof(x), logs, accumulate)(x)


# JXE060: type(log) is dict exactly; a returned cotangent is named by its type.
for logs, name in ((lambda ct: ct, "ArrayImpl"), (lambda ct: (ct,), "tuple"),
                   (lambda ct: [ct], "list"),
                   (lambda ct: collections.OrderedDict(ct=ct), "OrderedDict")):
    msg = raises(TypeError, jax.grad(sin_fn(logs)), 0.5)
    assert msg == ("Sin.vjp_bwd should return None or a dict of backward-pass log entries, "
                   f"got {name}"), msg
msg = raises(TypeError, jax.jit(jax.grad(sin_fn(lambda ct: ct))), 0.5)
assert msg.endswith("got DynamicJaxprTracer"), msg
# A dict is handed back by with_logs; None without accumulating is a silent zero gradient.
_, f_vjp = jax.vjp(sin_fn(lambda ct: {"ct": ct}), 0.5)
assert set(f_vjp.with_logs(1.0)[1]) == {"ct"}
assert float(jax.grad(sin_fn(lambda ct: None, accumulate=False))(0.5)) == 0.0
checked.append("vjp_bwd logs")


# JXE063: vjp_fwd alone raises in the backward pass only; vjp_bwd_retval_logs is a backward rule.
class FwdOnly(HiPrim):
    def __init__(self, x_aval):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = {}
        super().__init__()

    def expand(self, x):
        return jnp.sin(x)

    def vjp_fwd(self, nzs_in, x):
        return jnp.sin(x), x


apply = lambda x: FwdOnly(jax.typeof(x))(x)
assert float(apply(0.0)) == 0.0
msg = raises(NotImplementedError, jax.grad(apply), 0.5)
assert msg.startswith("for grad support, subclass <class '__main__.FwdOnly'> must implement"), msg


class WithRetvalLogs(FwdOnly):
    def vjp_bwd_retval_logs(self, x, g):
        return (g * jnp.cos(x),), None


assert abs(float(jax.grad(lambda x: WithRetvalLogs(jax.typeof(x))(x))(0.5)) - 0.8775826) < 1e-6
checked.append("no backward rule")


# JXE064: checked in the order in_avals, out_aval, params, at construction; a class
# attribute counts, an annotation does not.
class Init(HiPrim):
    def __init__(self, x_aval, names):
        for name in names:
            setattr(self, name, x_aval if name != "params" else {})
        super().__init__()


aval = jax.typeof(1.0)
assert raises(AttributeError, Init, aval, ()) == "subclass __init__ should set `self.in_avals`"
assert raises(AttributeError, Init, aval, ("in_avals",)) == "subclass __init__ should set `self.out_aval`"
assert raises(AttributeError, Init, aval, ("in_avals", "out_aval")) == (
    "subclass __init__ should set `self.params`")


class WithClassParams(Init):
    params = {}


class WithAnnotatedParams(Init):
    params: dict


WithClassParams((aval,), ("in_avals", "out_aval"))
assert "self.params" in raises(AttributeError, WithAnnotatedParams, aval, ("in_avals", "out_aval"))
checked.append("init attributes")

print("ALL HIPRIM FACTS OK:", checked)
'''


def test_hiprim_claims_hold_in_installed_jax() -> None:
    (run,) = run_programs([Program(FACTS, "hiprim_facts.py")])
    print(run.stdout)
    assert not run.raised and "ALL HIPRIM FACTS OK" in run.stdout, str(run)
