import jax
import jax.numpy as jnp


@jax.jit
def first_positive(x):
    (idx,) = jnp.nonzero(x > 0, size=1, fill_value=0)
    return x[idx]


print(first_positive(jnp.array([-1.0, 2.0, 3.0])))
