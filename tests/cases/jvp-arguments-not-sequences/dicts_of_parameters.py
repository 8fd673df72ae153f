import jax
import jax.numpy as jnp


def predict(params):
    return params["w"] * 2.0 + params["b"]


params = {"w": jnp.ones(3), "b": jnp.zeros(3)}
tangents = {"w": jnp.ones(3), "b": jnp.ones(3)}
print(jax.jvp(predict, params, tangents))  # expect: JXE171
