import jax
import jax.numpy as jnp


@jax.jit
def loss(params, x):
    if params["scale"] > 1.0:  # expect: JXE070
        x = x * 2.0
    return jnp.sum(x * params["w"])


print(loss({"scale": 2.0, "w": jnp.ones(3)}, jnp.ones(3)))
