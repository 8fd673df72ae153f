import jax
import jax.numpy as jnp


def predict(params):
    return params["w"] * 2.0 + params["b"]


params = {"w": jnp.ones((5, 3)), "b": jnp.zeros(3)}
batched = jax.vmap(predict, in_axes={"w": 0, "b": None})  # expect: JXE093
print(batched(params))
