import jax
import jax.numpy as jnp


def loss(p):
    return jnp.sum(p["w"]) * p["scale"]


def prepare(p):
    p["scale"] = 3.0
    return p


params = {"w": jnp.ones(2), "scale": 3}
print(jax.grad(loss)(prepare(params)))
