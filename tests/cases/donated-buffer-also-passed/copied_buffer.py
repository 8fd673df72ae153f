from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, donate_argnums=(0,))
def update(x, batch):
    return x + batch


x = jnp.zeros((16,), dtype=jnp.float32)
for _ in range(3):
    batch = jnp.copy(x)
    x = update(x, batch)
print(x)
