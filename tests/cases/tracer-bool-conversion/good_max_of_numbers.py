import jax
import jax.numpy as jnp


@jax.jit
def padded(x, pad: int = 2):
    width = max(x.shape[0], 4)
    steps = min(len(x), pad, 8)
    return jnp.pad(x, (0, width - x.shape[0] + steps))


print(padded(jnp.ones(3)), max(1.0, 2.0))
