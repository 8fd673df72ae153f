import equinox as eqx
import jax.numpy as jnp


@eqx.filter_jit
def positive_sum(x):
    return jnp.where(x > 0, x, 0.0).sum()


print(positive_sum(jnp.array([-1.0, 2.0])))
