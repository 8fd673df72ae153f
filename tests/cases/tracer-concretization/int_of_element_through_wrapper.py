import jax
import jax.numpy as jnp


@jax.jit
def count(xs):
    total = 0
    for i in range(xs.shape[0]):
        total += int(xs[i])  # expect: JXE071
    return total


def run(data):
    return count(data)


print(run(jnp.ones(3)))
