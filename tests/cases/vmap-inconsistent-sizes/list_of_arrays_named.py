import jax
import jax.numpy as jnp


def stack_sum(parts, scale):
    return sum(parts) * scale


parts = [jnp.ones(4), jnp.ones(4), jnp.ones((5, 2))]
print(jax.vmap(stack_sum, in_axes=(0, None))(parts, 2.0))  # expect: JXE094
