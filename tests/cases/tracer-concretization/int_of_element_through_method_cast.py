import jax
import jax.numpy as jnp


@jax.jit
def count_positive(xs):
    total = 0
    for i in range(xs.shape[0]):
        total += (xs[i] > 0).astype(jnp.int32)
    return total


class Counter:
    def count(self, data):
        return count_positive(data)


print(Counter().count(jnp.array([1.0, -2.0, 3.0])))
