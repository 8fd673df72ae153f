import jax
import jax.numpy as jnp


def first_feature(row):
    return row[:, 0]  # expect: JXE119


batch = jnp.ones((4, 3))
print(jax.vmap(first_feature)(batch))
