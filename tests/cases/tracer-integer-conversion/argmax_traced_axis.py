import jax
import jax.numpy as jnp


@jax.jit
def best(scores, axis):
    return jnp.argmax(scores, axis=axis)  # expect: JXE073


print(best(jnp.ones((2, 3)), 1))
