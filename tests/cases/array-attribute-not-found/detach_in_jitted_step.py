import jax
import jax.numpy as jnp


@jax.jit
def target(values):
    return values.detach() * 0.99  # expect: JXE175


print(target(jnp.ones(3)))
