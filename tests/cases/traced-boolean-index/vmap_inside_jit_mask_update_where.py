import jax
import jax.numpy as jnp


def clip_low(row):
    return jnp.where(row < 0.5, 0.0, row)


@jax.jit
def clip_all(rows):
    return jax.vmap(clip_low)(rows)


print(clip_all(jnp.linspace(0.0, 1.0, 12).reshape(3, 4)))
