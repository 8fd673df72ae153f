# case: static — equinox is not installed; what filter_jit traces is not shown by this file
import equinox as eqx
import jax.numpy as jnp


@eqx.filter_jit
def positive_sum(x):
    return x[x > 0].sum()


print(positive_sum(jnp.array([-1.0, 2.0])))
