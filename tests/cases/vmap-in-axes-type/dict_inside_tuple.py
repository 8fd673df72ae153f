import jax
import jax.numpy as jnp


def predict(params, x):
    return params["w"] * x + params["b"]


params = {"w": jnp.ones((5, 3)), "b": jnp.zeros(3)}
print(jax.vmap(predict, in_axes=({"w": 0, "b": None}, None))(params, jnp.ones(3)))
print(jax.vmap(predict, in_axes=({"w": 0, "b": None}, None), out_axes=[0][0])(params, 1.0))
