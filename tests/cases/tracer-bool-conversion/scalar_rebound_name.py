import jax
import jax.numpy as jnp


def clip(x, limit):
    if limit > 0:  # expect: JXE070
        return jnp.clip(x, -limit, limit)
    return x


clip = jax.jit(clip)
LIMIT = 2.5
print(clip(jnp.linspace(-4.0, 4.0, 5), LIMIT))
