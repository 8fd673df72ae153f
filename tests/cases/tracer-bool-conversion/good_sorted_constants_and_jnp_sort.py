import jax
import jax.numpy as jnp

EDGES = sorted([3.0, 1.0, 2.0])


@jax.jit
def band(lower, upper, x):
    low, high = jnp.sort(jnp.stack([lower, upper]))
    return jnp.clip(x, low, high) * max([EDGES[0], 0.5])


print(band(2.0, -1.0, jnp.linspace(-3.0, 3.0, 5)))
