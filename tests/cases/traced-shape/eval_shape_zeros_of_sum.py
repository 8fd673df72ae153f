import jax
import jax.numpy as jnp


def buffer(counts):
    return jnp.zeros(counts.sum())  # expect: JXE072


print(jax.eval_shape(buffer, jnp.array([1, 2])))
