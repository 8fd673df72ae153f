import jax
import jax.numpy as jnp


def joined(a, b, axis):
    return jnp.concatenate([a, b], axis)  # expect: JXE073


print(jax.jit(joined)(jnp.ones((2, 2)), jnp.zeros((2, 2)), 0))
