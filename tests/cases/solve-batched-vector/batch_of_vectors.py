import jax
import jax.numpy as jnp


def mahalanobis_steps(precisions, residuals):
    return jnp.linalg.solve(precisions, residuals)  # expect: JXE172


scales = jax.random.uniform(jax.random.key(0), (4, 1, 1), minval=1.0, maxval=2.0)
precisions = scales * jnp.eye(3)
residuals = jax.random.normal(jax.random.key(1), (4, 3))
print(mahalanobis_steps(precisions, residuals))
