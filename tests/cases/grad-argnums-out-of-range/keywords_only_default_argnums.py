import jax
import jax.numpy as jnp


def loss(w, b):
    return jnp.sum(w * 2.0 + b)


g = jax.grad(loss)
print(g(w=jnp.ones(2), b=1.0))  # expect: JXE024
