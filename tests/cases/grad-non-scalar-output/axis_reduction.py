import jax
import jax.numpy as jnp


def column_sums(m):
    return jnp.sum(m, axis=0)


print(jax.value_and_grad(column_sums)(jnp.ones((2, 3))))  # expect: JXE091
