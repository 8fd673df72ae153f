import jax
import jax.numpy as jnp

FLAGS = jnp.array([True, True, False])


def padded(x):
    width = jnp.count_nonzero(FLAGS)
    return jnp.concatenate([x, jnp.zeros(width)])  # expect: JXE072


print(jax.jit(padded)(jnp.ones(2)))
