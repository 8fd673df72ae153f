import jax
import jax.numpy as jnp


@jax.jitt  # expect: JXE174
def step(x):
    return x + 1.0


print(step(jnp.ones(2)))
