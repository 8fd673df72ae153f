import jax
import jax.numpy as jnp


@jax.jit
def features(x):
    parts = []
    parts.append(jnp.sin(x))
    parts.append(jnp.cos(x))
    table = {}
    table["sum"] = x.sum()
    return parts, table


parts, table = features(jnp.ones(3))
print(parts[0] + 1.0, table["sum"] * 2.0)
