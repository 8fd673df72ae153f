import jax
import jax.numpy as jnp

def loss(p, x):
    return jnp.sum(p["w"] * x + p["b"])

def loss3(a, b, c):
    return jnp.sum(a * b * c)

w = jnp.ones(3)
b = jnp.zeros(3)
x = jnp.ones(3)
def ref():
    return jax.new_ref(jnp.zeros(3))

class Accumulator:
    def with_refs(self, *refs):
        return len(refs)
acc = Accumulator()
acc.with_refs((1, 2), {"a": 3})
