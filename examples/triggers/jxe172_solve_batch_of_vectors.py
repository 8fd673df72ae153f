import jax.numpy as jnp

precisions = jnp.eye(3) * jnp.arange(1.0, 5.0)[:, None, None]
residuals = jnp.ones((4, 3))
print(jnp.linalg.solve(precisions, residuals))  # expect: JXE172
