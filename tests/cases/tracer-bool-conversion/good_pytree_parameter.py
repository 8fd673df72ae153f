import jax
import jax.numpy as jnp


@jax.jit
def total(params):
    if params:
        return sum(jnp.sum(v) for v in params.values())
    return 0.0


print(total({"w": jnp.ones(2), "b": jnp.zeros(2)}))
