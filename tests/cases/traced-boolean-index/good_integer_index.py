import jax
import jax.numpy as jnp


@jax.jit
def gather(x, idx):
    return x[idx] + x[(idx > 0).astype(jnp.int32)] + x[jnp.argmax(x > 1)]


print(gather(jnp.arange(3.0), jnp.array([0, 2])))
