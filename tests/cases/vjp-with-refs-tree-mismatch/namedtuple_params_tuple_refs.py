import jax
import jax.numpy as jnp

w = jnp.ones(3)
b = jnp.zeros(3)
x = jnp.ones(3)
def ref():
    return jax.new_ref(jnp.zeros(3))

from typing import NamedTuple
class Params(NamedTuple):
    w: jax.Array
    b: jax.Array
def loss_nt(p, x):
    return jnp.sum(p.w * x + p.b)
params = Params(w, b)
out, f_vjp = jax.vjp(loss_nt, params, x)
f_vjp.with_refs((ref(), ref()), ref())(1.0)  # expect: JXE001
