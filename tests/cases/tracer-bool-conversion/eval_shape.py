import jax
import jax.numpy as jnp


def normalize(x):
    if jnp.linalg.norm(x) > 0:  # expect: JXE070
        return x / jnp.linalg.norm(x)
    return x


print(jax.eval_shape(normalize, jnp.ones(3)))
