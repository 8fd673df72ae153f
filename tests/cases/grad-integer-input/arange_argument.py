import jax
import jax.numpy as jnp


def loss(w):
    return jnp.sum(w ** 2)


w = jnp.arange(4)
print(jax.grad(loss)(w))  # expect: JXE090
