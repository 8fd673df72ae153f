import numpy as jnp  # (not JAX: NumPy's own names)
import jax.experimental

x = jnp.random.randn(3)
print(x.shape, jnp.asscalar if hasattr(jnp, "asscalar") else None)
print(jax.experimental is not None)
