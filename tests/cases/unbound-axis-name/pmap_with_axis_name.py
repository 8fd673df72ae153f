import jax
import jax.numpy as jnp

a = jnp.arange(4.0)[jnp.newaxis, :]


def total(x):
    return jax.lax.psum(x, axis_name="batch")


print(jax.pmap(total, axis_name="batch")(a))
