import jax
import jax.numpy as jnp


@jax.jit
def total(params):
    return sum(jnp.sum(v) for v in params.values())


print(total({"w": jnp.ones(2), "b": jnp.zeros(2)}))
