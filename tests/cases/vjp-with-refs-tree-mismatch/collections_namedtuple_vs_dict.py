import jax
import jax.numpy as jnp

w = jnp.ones(3)
b = jnp.zeros(3)
x = jnp.ones(3)
def ref():
    return jax.new_ref(jnp.zeros(3))

import collections
Params = collections.namedtuple("Params", "w b")
def loss_nt(p, x):
    return jnp.sum(p.w * x + p.b)
params = Params(w=w, b=b)
out, f_vjp = jax.vjp(loss_nt, params, x)
f_vjp.with_refs({"w": ref(), "b": ref()}, ref())(1.0)  # expect: JXE001
