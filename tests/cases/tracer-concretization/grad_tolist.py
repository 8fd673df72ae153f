import jax
import jax.numpy as jnp


def loss(w):
    return jnp.sum(w) * len(w.tolist())  # expect: JXE071


print(jax.grad(loss)(jnp.ones(3)))
