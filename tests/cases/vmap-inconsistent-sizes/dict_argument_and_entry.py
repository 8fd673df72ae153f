import jax
import jax.numpy as jnp


def apply(params, x):
    return params["w"] @ x + params["b"]


params = {"w": jnp.ones((6, 2, 3)), "b": jnp.zeros((2, 4))}
xs = jnp.ones((6, 3))
print(jax.vmap(apply, in_axes=({"w": 0, "b": 1}, 0))(params, xs))  # expect: JXE094
