import jax.numpy as jnp

layers = [jnp.zeros(3), jnp.ones(3)]
layers[0] = jnp.full(3, 2.0)
params = {"w": jnp.ones(2)}
params["w"] = params["w"] * 2.0
grid = [[0.0] * 2 for _ in range(2)]
grid[0][1] = 1.0
print(layers, params, grid)
