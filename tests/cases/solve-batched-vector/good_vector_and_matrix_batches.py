import jax
import jax.numpy as jnp

keys = jax.random.split(jax.random.key(0), 2)
factors = jax.random.normal(keys[0], (4, 3, 3))
covariances = factors @ jnp.swapaxes(factors, -1, -2) + 3.0 * jnp.eye(3)
residuals = jax.random.normal(keys[1], (4, 3))
print(jnp.linalg.solve(covariances, residuals[..., None]).squeeze(-1).shape)
print(jax.vmap(jnp.linalg.solve)(covariances, residuals).shape)
print(jnp.linalg.solve(covariances[0], residuals[0]).shape)
square = jnp.ones((4, 3, 3)) + jnp.eye(3)
print(jnp.linalg.solve(square, jnp.ones((4, 3, 3))).shape)
