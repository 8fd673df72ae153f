import equinox as eqx
import jax.numpy as jnp


@eqx.filter_jit
def positive_sum(x):
    return x[x > 0].sum()  # expect: JXE075


print(positive_sum(jnp.array([-1.0, 2.0])))
