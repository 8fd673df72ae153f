import jax
import jax.numpy as jnp

params = {"w": jnp.ones(3), "b": jnp.zeros(()), "scale": jnp.ones(())}


def predict(p, x):
    return (p["w"] * x + p["b"]) * p["scale"]


print(jax.vmap(predict, in_axes=(None, 0))(params, jnp.ones((5, 3))).shape)
