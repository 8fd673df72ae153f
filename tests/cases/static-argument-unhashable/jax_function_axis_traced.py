import jax
import jax.numpy as jnp

readings = jnp.arange(12.0).reshape(3, 4)


@jax.jit
def ranked(data, axis):
    return jnp.sort(data, axis=axis)  # expect: JXE082


print(ranked(readings, 1))
