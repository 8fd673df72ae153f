import jax
import jax.numpy as jnp


def add(a, b):
    return a + b


batched = jax.vmap(add, in_axes=(0, (0, 0)))
print(batched(jnp.ones((4, 2)), jnp.ones((4, 2))))  # expect: JXE115
