import jax
import jax.numpy as jnp


@jax.jit
def update(params, grads):
    params = params - 0.1 * grads
    return params, 1.0, {"norm": jnp.linalg.norm(grads)}


print(update(jnp.ones(3), jnp.ones(3)))
