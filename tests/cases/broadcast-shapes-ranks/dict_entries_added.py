import jax.numpy as jnp

params = {"w": jnp.ones((3, 4)), "b": jnp.ones(5)}
print(params["w"].shape)
out = params["w"] + params["b"]  # expect: JXE102
print(out)
