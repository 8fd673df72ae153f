import jax
import jax.numpy as jnp


def loss(w):
    return jnp.sum(jnp.tanh(w))


print(jax.grad(loss)(jnp.arange(3)))  # expect: JXE090
