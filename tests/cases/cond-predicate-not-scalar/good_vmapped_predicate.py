import jax
import jax.numpy as jnp


def step(v):
    return jax.lax.cond(v > 1, lambda u: u * 2, lambda u: u, v)


print(jax.vmap(step)(jnp.arange(4.0)))
