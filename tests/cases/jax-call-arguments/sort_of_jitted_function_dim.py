import jax
import jax.numpy as jnp


@jax.jit
def ranked(scores):
    return jnp.sort(scores, dim=0)  # expect: JXE169


print(ranked(jnp.array([3.0, 1.0, 2.0])))
