import jax
import jax.numpy as jnp

ACTIVATIONS = (jnp.tanh, jnp.sin)


@jax.jit
def apply(choice, x):
    return ACTIVATIONS[choice](x)  # expect: JXE073


print(apply(1, jnp.ones(2)))
