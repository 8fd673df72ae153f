import jax
import jax.numpy as jnp


@jax.jit
def positive_positions(scores):
    (idx,) = jnp.nonzero(scores > 0)  # expect: JXE071
    return idx


print(positive_positions(jnp.array([0.5, -1.0, 2.0])))
