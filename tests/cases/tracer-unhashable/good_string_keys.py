import jax
import jax.numpy as jnp

params = {"w": jnp.ones(3), "b": jnp.zeros(())}


@jax.jit
def predict(p, x):
    key = "w"
    return jnp.dot(p[key], x) + p["b"]


print(predict(params, jnp.ones(3)))
