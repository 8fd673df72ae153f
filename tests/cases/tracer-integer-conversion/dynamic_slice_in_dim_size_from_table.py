import jax.numpy as jnp
from jax import lax

sizes = jnp.array([3, 2, 1])
packed = jnp.arange(6.0)


def body(i, total):
    chunk = lax.dynamic_slice_in_dim(packed, 0, sizes[i])  # expect: JXE073
    return total + chunk.sum()


print(lax.fori_loop(0, 3, body, 0.0))
