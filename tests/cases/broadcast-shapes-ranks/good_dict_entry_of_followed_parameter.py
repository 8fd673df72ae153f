import jax.numpy as jnp


def affine(params, x):
    return x @ params["w"] + params["b"]


params = {"w": jnp.ones((3, 4)), "b": jnp.zeros(4)}
print(affine(params, jnp.ones((2, 3))))
