import jax
import jax.numpy as jnp


def count_from(start):
    return jnp.array(len(range(start, 10)))  # expect: JXE073


print(jax.vmap(count_from)(jnp.arange(3)))
