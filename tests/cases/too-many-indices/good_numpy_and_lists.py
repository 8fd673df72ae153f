import jax.numpy as jnp
import numpy as np

a = np.arange(3)
grid = [[1, 2], [3, 4]]
print(grid[0][1])
print(jnp.asarray(a)[1:])
b = jnp.ones((2, 3))
print(b[1][2])
params = {"w": jnp.ones(3)}
print(params["w"][0])
