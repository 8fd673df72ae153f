import jax
import jax.numpy as jnp


def loss_and_norm(w):
    return jnp.sum(w ** 2), jnp.linalg.norm(w)


print(jax.grad(loss_and_norm)(jnp.ones(3)))  # expect: JXE091
