import jax
import jax.numpy as jnp

names = {0: "cat", 1: "dog"}


@jax.jit
def pick(scores):
    best = jnp.argmax(scores)
    return len(names[best])  # expect: JXE113


print(pick(jnp.array([0.1, 0.9])))
