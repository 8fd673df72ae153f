import jax
import jax.numpy as jnp


def loss(a, b):
    return jnp.sum(a * b)


print(jax.grad(loss, argnums=(0, 1))(jnp.ones(2), 3))  # expect: JXE090
