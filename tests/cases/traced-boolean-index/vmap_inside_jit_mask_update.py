import jax
import jax.numpy as jnp


def clip_low(row):
    return row.at[row < 0.5].set(0.0)  # expect: JXE075


@jax.jit
def clip_all(rows):
    return jax.vmap(clip_low)(rows)


print(clip_all(jnp.linspace(0.0, 1.0, 12).reshape(3, 4)))
