import jax
import jax.numpy as jnp
from jax import lax


def rotate(x):
    return lax.ppermute(x, "ring", perm=[(0, 0)])  # expect: JXE108


rotate_jit = jax.jit(rotate)
print(rotate_jit(jnp.ones(2)))
