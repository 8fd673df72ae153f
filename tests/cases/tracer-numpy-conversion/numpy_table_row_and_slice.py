import jax
import jax.numpy as jnp
import numpy as np

lookup = np.full((4, 3), 0.25)


def row(index):
    return lookup[index, :]  # expect: JXE074


def column_part(index):
    return lookup[1:3, index]  # expect: JXE074


print(jax.jit(row)(jnp.array(2)))
print(jax.jit(column_part)(jnp.array(0)))
