import jax
import jax.numpy as jnp

names = ["step", "total"]


def accumulate(state):
    step, total = state
    # len() of the carry and the shape of an element are known while tracing.
    width = len(names[len(state) - 1])
    return step + 1, total + width * jnp.ones(total.shape)


print(jax.lax.while_loop(lambda s: s[0] < 3, accumulate, (0, jnp.zeros(2))))
