import jax
import jax.numpy as jnp


def total(x):
    return x.sum()


x = jnp.ones(3)
print(jax.vmap(total, in_axes=-2)(x))  # expect: JXE118
