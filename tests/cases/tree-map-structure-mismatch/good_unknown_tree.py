import jax
import jax.numpy as jnp


def make_grads():
    return {"w": jnp.ones(3), "b": jnp.ones(())}


params = {"w": jnp.ones(3), "b": jnp.zeros(())}
print(jax.tree.map(lambda p, g: p - 0.1 * g, params, make_grads()))
