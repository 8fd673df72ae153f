import jax
import jax.numpy as jnp


def positive_sum(x):
    return x[x > 0].sum()


print(jax.grad(positive_sum)(jnp.array([-1.0, 2.0, 3.0])))
