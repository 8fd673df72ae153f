import jax.numpy as jnp


def describe(scores):
    names = {0: "cat", 1: "dog"}
    best = jnp.argmax(jnp.asarray(scores))
    return names.get(best, "unknown")  # expect: JXE113


print(describe([0.1, 0.9]))
