import jax.numpy as jnp

weights, bias = jnp.ones((2, 4)), jnp.zeros((2,))
print(weights + bias)  # expect: JXE102
