import jax
import jax.numpy as jnp


def positive_part(x):
    if x > 0:  # expect: JXE070
        return x
    return 0.0


print(jax.pmap(positive_part)(jnp.ones(1)))
