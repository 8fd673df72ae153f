import jax
import jax.numpy as jnp


@jax.jit
def positive_sum(x):
    return jnp.where(x > 0, x, 0).sum() + jnp.where(x < 0, 0.0, x).sum()


print(positive_sum(jnp.array([-1.0, 2.0, 3.0])))
