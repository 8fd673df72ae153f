import jax
import jax.numpy as jnp


@jax.jit
def count(xs):
    total = 0
    for i in range(xs.shape[0]):
        total += xs[i]
    return total


def run(data):
    return count(data)


print(run(jnp.ones(3)))
