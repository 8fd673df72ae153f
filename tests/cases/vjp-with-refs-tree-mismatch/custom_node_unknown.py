import jax
import jax.numpy as jnp

w = jnp.ones(3)
b = jnp.zeros(3)
x = jnp.ones(3)
def ref():
    return jax.new_ref(jnp.zeros(3))

from typing import NamedTuple
class P(NamedTuple):
    w: object
    b: object
params = P(w, b)
out, f_vjp = jax.vjp(lambda p, x: jnp.sum(p.w * x), params, x)
f_vjp.with_refs(P(ref(), ref()), ref())
