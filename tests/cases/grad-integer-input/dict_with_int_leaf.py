import jax
import jax.numpy as jnp


def loss(p):
    return jnp.sum(p["w"]) * p["scale"]


print(jax.grad(loss)({"w": jnp.ones(2), "scale": 3}))  # expect: JXE090
