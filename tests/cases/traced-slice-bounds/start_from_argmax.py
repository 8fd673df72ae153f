import jax
import jax.numpy as jnp


@jax.jit
def around_peak(x):
    start = jnp.argmax(x)
    return x[start:start + 2]  # expect: JXE076


print(around_peak(jnp.array([0.0, 3.0, 1.0, 0.5])))
