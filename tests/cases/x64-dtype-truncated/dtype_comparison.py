import warnings

import jax.numpy as jnp

warnings.simplefilter("error")
x = jnp.ones(3)
print(x.dtype == jnp.float64, jnp.finfo(jnp.float64).eps, jnp.issubdtype(x.dtype, jnp.float64))
