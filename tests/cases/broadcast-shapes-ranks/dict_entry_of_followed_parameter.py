import jax.numpy as jnp


def affine(params, x):
    return x @ params["w"] + params["b"]  # expect: JXE102


params = {"w": jnp.ones((3, 4)), "b": jnp.zeros(5)}
print(affine(params, jnp.ones((2, 3))))
