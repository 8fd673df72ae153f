import jax
import jax.numpy as jnp


@jax.jit
def select(values, scores):
    return values[scores > 0.5]  # expect: JXE075


print(select(jnp.arange(3.0), jnp.array([0.1, 0.9, 0.7])))
