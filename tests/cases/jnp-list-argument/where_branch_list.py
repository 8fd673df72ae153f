import jax.numpy as jnp

x = jnp.array([1.0, -2.0])
print(jnp.where(jnp.isfinite(x), x, [0.0, 0.0]))  # expect: JXE097
